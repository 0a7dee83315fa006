//! `alphabeta gomoku review`: a game reviewed move by move.

use std::io::{IsTerminal, Write};
use std::time::Duration;

use alphabeta_gomoku::{
    read_psq, read_sgf, review, review_sgf, whole_points, Board, Color, Engine, Limit, MoveReport,
    SgfGame, Summary, Verdict,
};
use anyhow::{Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::gomoku_cmd::{rule_of, RuleArg, Threads};

#[derive(Args, Debug)]
pub struct ReviewArgs {
    /// The game's moves, e.g. h8i9h9 (column letter, row from the bottom) or "7,7 8,8".
    #[arg(value_name = "GAME", required_unless_present_any = ["sgf", "psq"])]
    moves: Option<String>,
    /// Instead: a game from this SGF file (as c-gomoku-cli writes its matches with `-sgf`);
    /// its size and rule are the file's.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["moves", "psq"])]
    sgf: Option<std::path::PathBuf>,
    /// Instead: a game from this Piskvork record (`.psq`, as the Gomocup publishes its
    /// games); its size is the file's, its rule `--rule`.
    #[arg(long, value_name = "FILE", conflicts_with = "moves")]
    psq: Option<std::path::PathBuf>,
    /// Which game of the SGF file, from 1 (default 1).
    #[arg(long, requires = "sgf", conflicts_with = "moves", value_parser = clap::value_parser!(u32).range(1..), allow_negative_numbers = true)]
    game: Option<u32>,
    /// Board size (5 to 22).
    #[arg(long, default_value_t = 15, allow_negative_numbers = true)]
    size: u32,
    /// Which lines win.
    #[arg(long, value_enum, default_value_t = RuleArg::Freestyle)]
    rule: RuleArg,
    /// Seconds of search for each position (default 0.5 when no depth is given).
    #[arg(long, value_parser = crate::seconds, allow_negative_numbers = true, conflicts_with = "depth")]
    time: Option<f64>,
    /// Search each position this many plies instead (the same review on any machine).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64), allow_negative_numbers = true)]
    depth: Option<u32>,
    #[command(flatten)]
    threads: Threads,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Also write the reviewed game to this SGF file: each move's value and mark in its
    /// comment, the engine's line beside each marked move, for any SGF viewer.
    #[arg(long, value_name = "FILE")]
    sgf_out: Option<std::path::PathBuf>,
}

#[derive(Serialize)]
struct ReviewJson {
    game: String,
    moves: Vec<MoveReport>,
    black: Summary,
    white: Summary,
}

/// Who played whom and the moves of a game read from a file, after `label`.
fn say_game(g: &SgfGame, label: &str) {
    let name = |n: &Option<String>| n.clone().unwrap_or_else(|| "?".into());
    println!(
        "{label}: {} (black) - {} (white), {}; {}",
        name(&g.black),
        name(&g.white),
        g.result.as_deref().unwrap_or("no result"),
        g.board.move_string()
    );
    if g.opening > 0 {
        println!("moves 1 to {}: the opening, not reviewed", g.opening);
    }
}

pub fn run(a: &ReviewArgs) -> Result<()> {
    // The moves to review from: an opening the players did not choose is left out.
    // Names in other encodings than UTF-8 do not stop the moves from being read.
    let read = |path: &std::path::Path| -> Result<String> {
        let bytes =
            std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    };
    let sgf = match (&a.moves, &a.sgf, &a.psq) {
        (Some(moves), ..) => {
            let mut game = Board::new(a.size, rule_of(a.rule))?;
            game.play_sequence(moves).context("in the game")?;
            SgfGame::of(game)
        }
        (None, None, Some(path)) => {
            let g = read_psq(&read(path)?, rule_of(a.rule))
                .with_context(|| format!("in {}", path.display()))?;
            if !a.json {
                say_game(&g, &path.display().to_string());
            }
            g
        }
        (None, Some(path), _) => {
            let text = read(path)?;
            let number = a.game.unwrap_or(1);
            let mut games = read_sgf(&text, rule_of(a.rule))
                .with_context(|| format!("in {}", path.display()))?;
            let count = games.len();
            anyhow::ensure!(
                number as usize <= count,
                "{} has {count} game{}, not {}",
                path.display(),
                crate::plural(count as u64),
                number
            );
            let g = games.swap_remove(number as usize - 1);
            if !a.json {
                say_game(&g, &format!("game {number} of {count}"));
            }
            g
        }
        (None, None, None) => unreachable!("clap requires one"),
    };
    let (game, first) = (&sgf.board, sgf.opening);
    anyhow::ensure!(
        game.history().len() > first,
        "the game has no moves to review{}",
        if first > 0 {
            format!(" after its opening of {first}")
        } else {
            String::new()
        }
    );
    let limit = match a.depth {
        Some(d) => Limit::Depth(d),
        None => Limit::Exactly(Duration::from_secs_f64(a.time.unwrap_or(0.5))),
    };
    // A file that cannot be written is found out before the review, not after it.
    let out = (a.sgf_out.as_ref())
        .map(|p| std::fs::File::create(p).with_context(|| format!("cannot write {}", p.display())))
        .transpose()?;
    let mut engine = Engine::default();
    engine.set_threads(a.threads.n.into());
    let bar = if std::io::stderr().is_terminal() {
        ProgressBar::new((game.history().len() - first) as u64 + 1)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(ProgressStyle::with_template(
        "{bar:40} {pos}/{len} positions searched {elapsed}",
    )?);
    let reviews = review(&mut engine, game, first, limit, |done, _| {
        bar.set_position(done as u64)
    });
    bar.finish_and_clear();
    let moves: Vec<MoveReport> = reviews
        .iter()
        .enumerate()
        .map(|(i, r)| MoveReport::new(game, first + i + 1, r))
        .collect();
    let (black, white) = (
        Summary::of(&reviews, Color::Black),
        Summary::of(&reviews, Color::White),
    );
    if let (Some(path), Some(mut file)) = (&a.sgf_out, out) {
        writeln!(file, "{}", review_sgf(&sgf, first, &reviews))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    if a.json {
        let j = ReviewJson {
            game: game.move_string(),
            moves,
            black,
            white,
        };
        println!("{}", serde_json::to_string_pretty(&j)?);
        return Ok(());
    }
    println!("  #  player  move        value    engine     its value   loss  chance lost");
    for m in &moves {
        let best = match &m.best {
            Some(b) if *b == m.cell => "=",
            Some(b) => b.as_str(),
            None => "-",
        };
        println!(
            "{:>3}  {:<6}  {:<4} {:<2} {:>10}    {:<4}  {:>12}   {:>4}  {:>11}",
            m.number,
            m.player,
            m.cell,
            m.verdict.mark(),
            m.value,
            best,
            m.best_value,
            m.loss,
            percent(m.chance_lost)
        );
        // Why a marked move is marked: what the engine had in mind, and the answer.
        if m.verdict != Verdict::Good {
            println!(
                "       the engine: {}; after {}: {}",
                m.best_line.join(" "),
                m.cell,
                m.reply_line.join(" ")
            );
        }
    }
    for (name, s) in [("black", black), ("white", white)] {
        println!(
            "{name}: {} moves, average loss {:.0}, {} inaccuracies (?!), {} mistakes (?), {} blunders (??)",
            s.moves, s.average_loss, s.inaccuracies, s.mistakes, s.blunders
        );
    }
    Ok(())
}

/// A fall of the winning chance as the review's column shows it (`12%`, see
/// [`whole_points`]), or nothing below one point.
fn percent(chance: f64) -> String {
    match whole_points(chance) {
        0 => String::new(),
        p => format!("{p}%"),
    }
}
