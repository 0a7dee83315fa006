//! `alphabeta connect4`: solve positions, run the benchmark sets, play against the solver.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Instant;

use std::time::Duration;

use alphabeta::Game;
use alphabeta_games::connect4::{
    lookahead_tree, Connect4, Opponent, Solver, EARLY_SOLVE_FROM, MAX_LOOKAHEAD_PLIES, SOLVE_FROM,
    WIDTH,
};
use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

#[derive(Subcommand, Debug)]
pub enum Connect4Command {
    /// The exact score and a best move of a position given by the columns played (1-7).
    Solve(SolveArgs),
    /// Solve every line of benchmark files ("MOVES SCORE") and check the scores.
    Bench(BenchArgs),
    /// Play against the solver in the terminal.
    Play(PlayArgs),
    /// The engine's look-ahead as an explicit tree for `alphabeta tree`: its moves a few
    /// plies deep, winning cells (Max's less Min's) at the leaves and as static values.
    Tree(TreeArgs),
}

#[derive(Args, Debug)]
pub struct TreeArgs {
    /// The columns played so far, first player first, e.g. 4453 (empty: the start).
    #[arg(default_value = "")]
    moves: String,
    /// How many moves ahead the leaves are.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=MAX_LOOKAHEAD_PLIES as i64), allow_negative_numbers = true)]
    plies: u32,
    /// How many of the engine's moves each node keeps, best guess first.
    #[arg(long, default_value_t = 7, value_parser = clap::value_parser!(u32).range(1..=7), allow_negative_numbers = true)]
    width: u32,
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The columns played so far, first player first, e.g. 4453 (empty: the start).
    #[arg(default_value = "")]
    moves: String,
    /// Only win, draw or loss (faster).
    #[arg(long)]
    weak: bool,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Benchmark files, e.g. ../shared/data/connect4/Test_L3_R1.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Only the first N lines of each file.
    #[arg(long, allow_negative_numbers = true)]
    limit: Option<usize>,
    /// Only win, draw or loss (the expected score's sign is checked).
    #[arg(long)]
    weak: bool,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64, allow_negative_numbers = true)]
    tt_mb: usize,
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Who moves first (and plays X).
    #[arg(long, value_enum, default_value_t = First::Human)]
    first: First,
    /// Start from these columns played (a position to study, e.g. a benchmark line's
    /// moves); `--first` still says who plays X.
    #[arg(long, value_name = "MOVES")]
    from: Option<String>,
    /// Seconds the engine may think in the opening, before the board is small enough to
    /// solve exactly (from 14 stones on; from 8 where the solver finishes in a moment).
    #[arg(long, default_value_t = 1.0, value_parser = crate::seconds, allow_negative_numbers = true)]
    time: f64,
}

#[derive(Copy, Clone, Debug, clap::ValueEnum)]
enum First {
    Human,
    Engine,
}

pub fn run(cmd: &Connect4Command) -> Result<()> {
    match cmd {
        Connect4Command::Solve(a) => solve(a),
        Connect4Command::Bench(a) => bench(a),
        Connect4Command::Play(a) => play(a),
        Connect4Command::Tree(a) => tree(a),
    }
}

fn tree(a: &TreeArgs) -> Result<()> {
    let p = Connect4::from_moves(&a.moves).context("in the moves")?;
    match lookahead_tree(&p, a.plies, a.width as usize) {
        Some(tree) => println!("{tree}"),
        None => bail!("the game is over: there are no moves to look ahead at"),
    }
    Ok(())
}

#[derive(Serialize)]
struct SolveJson {
    moves: String,
    score: i32,
    weak: bool,
    best_move: Option<u8>,
    nodes: u64,
    micros: u128,
}

fn solve(a: &SolveArgs) -> Result<()> {
    let p = Connect4::from_moves(&a.moves).context("in the moves")?;
    let mut solver = Solver::default();
    // A solve near the start takes minutes: at a terminal, a spinner with the range the score
    // is known to lie in, which each null-window search narrows.
    let bar = if std::io::stderr().is_terminal() {
        ProgressBar::new_spinner()
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(ProgressStyle::with_template("{spinner} {elapsed} {msg}")?);
    bar.set_message("solving");
    bar.enable_steady_tick(Duration::from_millis(200));
    let sol = solver.solve_with_progress(&p, a.weak, |min, max| {
        bar.set_message(format!("solving: the score is between {min} and {max}"));
    });
    bar.finish_and_clear();
    let best = sol.best_move.map(|c| c + 1);
    if a.json {
        let j = SolveJson {
            moves: a.moves.clone(),
            score: sol.score,
            weak: a.weak,
            best_move: best,
            nodes: sol.report.stats.nodes,
            micros: sol.report.stats.time.as_micros(),
        };
        println!("{}", serde_json::to_string_pretty(&j)?);
        return Ok(());
    }
    print!("{p}");
    let verdict = match sol.score {
        0 => "a draw".to_string(),
        s if a.weak && s > 0 => format!("{} wins", p.to_move()),
        _ if a.weak => format!("{} loses", p.to_move()),
        s if s > 0 => format!("{} wins (score {s})", p.to_move()),
        s => format!("{} loses (score {s})", p.to_move()),
    };
    println!("{verdict}");
    match best {
        Some(c) => println!("best move: column {c}"),
        None => println!("the game is over"),
    }
    println!(
        "{} nodes in {:.3} ms",
        sol.report.stats.nodes,
        sol.report.stats.time.as_secs_f64() * 1000.0
    );
    Ok(())
}

/// One parsed benchmark line.
struct Case {
    line: usize,
    position: Connect4,
    expected: i32,
}

fn read_cases(path: &PathBuf, limit: Option<usize>) -> Result<Vec<Case>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if limit.is_some_and(|n| cases.len() >= n) {
            break;
        }
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let mut parts = line.split_whitespace();
        let (Some(moves), Some(score), None) = (parts.next(), parts.next(), parts.next()) else {
            bail!(
                "{}:{}: expected \"MOVES SCORE\", found {line:?}",
                path.display(),
                i + 1
            );
        };
        let position =
            Connect4::from_moves(moves).with_context(|| format!("{}:{}", path.display(), i + 1))?;
        let expected = score
            .parse()
            .with_context(|| format!("{}:{}: bad score {score:?}", path.display(), i + 1))?;
        cases.push(Case {
            line: i + 1,
            position,
            expected,
        });
    }
    Ok(cases)
}

fn bench(a: &BenchArgs) -> Result<()> {
    let mut wrong_total = 0;
    let mut solver = Solver::new(a.tt_mb);
    println!(
        "{:<28} {:>9} {:>6} {:>12} {:>14} {:>12}",
        "file", "positions", "wrong", "mean time", "mean nodes", "nodes/s"
    );
    for path in &a.files {
        let cases = read_cases(path, a.limit)?;
        let bar = if std::io::stderr().is_terminal() {
            ProgressBar::new(cases.len() as u64)
        } else {
            ProgressBar::hidden()
        };
        bar.set_style(ProgressStyle::with_template("{bar:40} {pos}/{len} {msg}")?);
        let (mut nodes, mut wrong) = (0u64, 0usize);
        let start = Instant::now();
        for c in &cases {
            let sol = solver.score(&c.position, a.weak);
            nodes += sol.report.stats.nodes;
            let expected = if a.weak {
                c.expected.signum()
            } else {
                c.expected
            };
            if sol.score != expected {
                wrong += 1;
                bar.suspend(|| {
                    eprintln!(
                        "{}:{}: expected {expected}, got {}",
                        path.display(),
                        c.line,
                        sol.score
                    )
                });
            }
            bar.inc(1);
        }
        let secs = start.elapsed().as_secs_f64();
        bar.finish_and_clear();
        let n = cases.len().max(1) as f64;
        let name = path
            .file_name()
            .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
        println!(
            "{:<28} {:>9} {:>6} {:>12} {:>14.0} {:>12.0}",
            name,
            cases.len(),
            wrong,
            format_time(secs / n),
            nodes as f64 / n,
            nodes as f64 / secs.max(1e-9)
        );
        wrong_total += wrong;
    }
    if wrong_total > 0 {
        bail!("{wrong_total} wrong answers");
    }
    Ok(())
}

fn format_time(secs: f64) -> String {
    if secs < 1e-3 {
        format!("{:.1} us", secs * 1e6)
    } else if secs < 1.0 {
        format!("{:.2} ms", secs * 1e3)
    } else {
        format!("{secs:.2} s")
    }
}

fn play(a: &PlayArgs) -> Result<()> {
    let mut p = match &a.from {
        Some(moves) => Connect4::from_moves(moves).context("in --from")?,
        None => Connect4::new(),
    };
    let mut engine = Opponent::new(64);
    let human_first = matches!(a.first, First::Human);
    let mut prompt = crate::terminal::Prompt::new();
    println!(
        "Connect Four against a perfect solver (from {SOLVE_FROM} stones on, from \
         {EARLY_SOLVE_FROM} where it finishes in a moment). Type a column \
         1-7, or 'quit'."
    );
    loop {
        print!("\n{p}");
        if let Some(o) = p.outcome() {
            match o {
                alphabeta::Outcome::Draw => println!("a draw"),
                _ => {
                    let winner = if p.to_move() == 'X' { 'O' } else { 'X' };
                    let four: Vec<String> = p
                        .four_cells()
                        .iter()
                        .map(|(col, row)| format!("({},{})", col + 1, row + 1))
                        .collect();
                    println!(
                        "{winner} wins with the discs at {} (column, row from the bottom)",
                        four.join(" ")
                    );
                }
            }
            return Ok(());
        }
        let human_turn = p.moves_played().is_multiple_of(2) == human_first;
        if human_turn {
            // Solved in a moment from SOLVE_FROM stones (often from EARLY_SOLVE_FROM): what
            // each column is worth to the player.
            if let Some(values) = engine.column_values(&p) {
                let values: Vec<String> = values
                    .into_iter()
                    .map(|(c, value)| format!("{} {value}", c + 1))
                    .collect();
                println!("perfect play, column by column: {}", values.join(", "));
            }
            let Some(t) = prompt.ask(&format!("your move ({}): ", p.to_move()))? else {
                return Ok(());
            };
            match t.parse::<u32>() {
                Ok(c) if (1..=WIDTH).contains(&c) && p.can_play(c - 1) => p.play((c - 1) as u8),
                Ok(c) if (1..=WIDTH).contains(&c) => println!("column {c} is full"),
                _ => println!("'{t}' is not a column: type 1 to 7"),
            }
        } else {
            let Some(c) = engine.choose(&p, a.time.clamp(0.05, 600.0)) else {
                bail!("the engine found no move");
            };
            if c.exact {
                println!(
                    "engine plays column {} (solved: {} for it, {} nodes)",
                    c.column + 1,
                    c.value,
                    c.nodes
                );
            } else {
                // Too early to solve in a moment: a timed search with the threat count.
                println!(
                    "engine plays column {} (depth {}, score {}, {} nodes)",
                    c.column + 1,
                    c.depth,
                    c.value,
                    c.nodes
                );
            }
            p.play(c.column);
        }
    }
}
