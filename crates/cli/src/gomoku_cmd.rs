//! `alphabeta gomoku`: analyse a position, look for a VCF (the engine is a work in progress).

use std::time::Duration;

use alphabeta::{NoObserver, Search, SearchOptions};
use alphabeta_gomoku::{Board, Rule, VcfSearch, Windows};
use anyhow::{Context, Result};
use clap::{Args, Subcommand, ValueEnum};
use serde::Serialize;

#[derive(Subcommand, Debug)]
pub enum GomokuCommand {
    /// Search a position and report every completed iteration, then the best move.
    Analyze(AnalyzeArgs),
    /// Does the side to move win by continuous fours (VCF)? Prints the winning sequence.
    Vcf(VcfArgs),
}

#[derive(Args, Debug)]
pub struct VcfArgs {
    /// The moves played, e.g. h8i9h9 (column letter, row from the bottom) or "7,7 8,8".
    position: String,
    /// Board size (5 to 22).
    #[arg(long, default_value_t = 15)]
    size: u32,
    /// Which lines win.
    #[arg(long, value_enum, default_value_t = RuleArg::Freestyle)]
    rule: RuleArg,
    /// The longest sequence to look for, in fours.
    #[arg(long, default_value_t = 30)]
    max_fours: u32,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct VcfJson {
    position: String,
    to_move: String,
    vcf: bool,
    sequence: Vec<String>,
    fours: usize,
    nodes: u64,
}

fn vcf(a: &VcfArgs) -> Result<()> {
    let mut board = Board::new(a.size, rule_of(a.rule))?;
    board
        .play_sequence(&a.position)
        .context("in the position")?;
    let mut search = VcfSearch::new(a.max_fours.min(200), 5_000_000);
    let line = search.find(&mut board);
    let names: Vec<String> = line.iter().flatten().map(|&c| board.name(c)).collect();
    let side = if board.history().len() % 2 == 0 {
        "black"
    } else {
        "white"
    };
    if a.json {
        let j = VcfJson {
            position: board.move_string(),
            to_move: side.into(),
            vcf: line.is_some(),
            fours: names.len() / 2,
            sequence: names,
            nodes: search.nodes,
        };
        println!("{}", serde_json::to_string_pretty(&j)?);
        return Ok(());
    }
    print!("{board}");
    match line {
        Some(_) => println!(
            "{side} wins by continuous fours ({} fours): {}",
            names.len() / 2,
            names.join(" ")
        ),
        None => println!("{side} has no VCF within {} fours", a.max_fours),
    }
    println!("{} nodes", search.nodes);
    Ok(())
}

fn rule_of(r: RuleArg) -> Rule {
    match r {
        RuleArg::Freestyle => Rule::Freestyle,
        RuleArg::Standard => Rule::Standard,
    }
}

#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// The moves played, e.g. h8i9h9 (column letter, row from the bottom) or "7,7 8,8".
    #[arg(default_value = "")]
    position: String,
    /// Board size (5 to 22).
    #[arg(long, default_value_t = 15)]
    size: u32,
    /// Which lines win.
    #[arg(long, value_enum, default_value_t = RuleArg::Freestyle)]
    rule: RuleArg,
    /// Search this many plies.
    #[arg(long, conflicts_with = "time")]
    depth: Option<u32>,
    /// Search this many seconds (default 2 when no depth is given).
    #[arg(long)]
    time: Option<f64>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum RuleArg {
    /// Five or more in a row wins.
    Freestyle,
    /// Exactly five wins.
    Standard,
}

#[derive(Serialize)]
struct IterationJson {
    depth: u32,
    seldepth: u32,
    score: String,
    pv: Vec<String>,
    nodes: u64,
    nodes_per_second: u64,
}

#[derive(Serialize)]
struct AnalyzeJson {
    position: String,
    to_move: String,
    iterations: Vec<IterationJson>,
    best_move: Option<String>,
    score: String,
    nodes: u64,
}

pub fn run(cmd: &GomokuCommand) -> Result<()> {
    match cmd {
        GomokuCommand::Analyze(a) => analyze(a),
        GomokuCommand::Vcf(a) => vcf(a),
    }
}

fn analyze(a: &AnalyzeArgs) -> Result<()> {
    let mut board = Board::new(a.size, rule_of(a.rule))?;
    board
        .play_sequence(&a.position)
        .context("in the position")?;
    let mut options = match a.depth {
        Some(d) => SearchOptions::depth(d.clamp(1, 64)),
        None => SearchOptions::time(Duration::from_secs_f64(
            a.time.unwrap_or(2.0).clamp(0.01, 3600.0),
        )),
    };
    options.tt_megabytes = 64;
    let names = |b: &Board, pv: &[u16]| pv.iter().map(|&c| b.name(c)).collect::<Vec<_>>();
    let mut iterations = Vec::new();
    if !a.json {
        print!("{board}");
        println!(
            "{} to move",
            if board.history().len() % 2 == 0 {
                "Black (X)"
            } else {
                "White (O)"
            }
        );
    }
    let shown = board.clone();
    let report = Search::new(options).run_with(&mut board, &Windows, &mut NoObserver, |it| {
        let secs = it.time.as_secs_f64().max(1e-9);
        let row = IterationJson {
            depth: it.depth,
            seldepth: it.seldepth,
            score: it.score.to_string(),
            pv: names(&shown, it.pv),
            nodes: it.nodes,
            nodes_per_second: (it.nodes as f64 / secs) as u64,
        };
        if !a.json {
            println!(
                "depth {:>2}/{:<2} score {:>10}  nodes {:>9}  {:>8} n/s  pv {}",
                row.depth,
                row.seldepth,
                row.score,
                row.nodes,
                row.nodes_per_second,
                row.pv.join(" ")
            );
        }
        iterations.push(row);
    });
    let best = report.best_move.map(|c| shown.name(c));
    if a.json {
        let j = AnalyzeJson {
            position: shown.move_string(),
            to_move: if shown.history().len() % 2 == 0 {
                "black"
            } else {
                "white"
            }
            .into(),
            iterations,
            best_move: best,
            score: report.score.to_string(),
            nodes: report.stats.nodes,
        };
        println!("{}", serde_json::to_string_pretty(&j)?);
    } else {
        match best {
            Some(m) => println!("best move: {m} ({})", report.score),
            None => println!("the game is over"),
        }
    }
    Ok(())
}
