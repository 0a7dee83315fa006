//! `alphabeta gomoku review`: a game reviewed move by move.

use std::io::IsTerminal;
use std::time::Duration;

use alphabeta_gomoku::{review, Board, Color, Engine, Limit, MoveReview, Verdict};
use anyhow::{Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::gomoku_cmd::{rule_of, RuleArg, Threads};

#[derive(Args, Debug)]
pub struct ReviewArgs {
    /// The game's moves, e.g. h8i9h9 (column letter, row from the bottom) or "7,7 8,8".
    game: String,
    /// Board size (5 to 22).
    #[arg(long, default_value_t = 15)]
    size: u32,
    /// Which lines win.
    #[arg(long, value_enum, default_value_t = RuleArg::Freestyle)]
    rule: RuleArg,
    /// Seconds of search for each position (default 0.5 when no depth is given).
    #[arg(long, value_parser = crate::seconds, conflicts_with = "depth")]
    time: Option<f64>,
    /// Search each position this many plies instead (the same review on any machine).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: Option<u32>,
    #[command(flatten)]
    threads: Threads,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct ReviewJson {
    game: String,
    moves: Vec<MoveJson>,
    black: Summary,
    white: Summary,
}

#[derive(Serialize)]
struct MoveJson {
    number: usize,
    player: &'static str,
    #[serde(rename = "move")]
    cell: String,
    /// The value of the position after the move, for its player.
    value: String,
    /// The engine's move in the position before, and that position's value.
    best: Option<String>,
    best_value: String,
    loss: i32,
    verdict: Verdict,
}

/// One player's moves in sum.
#[derive(Serialize, Default)]
struct Summary {
    moves: usize,
    /// The mean loss of the moves whose values were not proven wins or losses.
    average_loss: f64,
    inaccuracies: usize,
    mistakes: usize,
    blunders: usize,
}

fn summary(reviews: &[MoveReview], player: Color) -> Summary {
    let mine: Vec<&MoveReview> = reviews.iter().filter(|r| r.player == player).collect();
    let undecided: Vec<i32> = mine
        .iter()
        .filter(|r| !r.best_score.is_decisive() && !r.played_score.is_decisive())
        .map(|r| r.loss)
        .collect();
    let count = |v: Verdict| mine.iter().filter(|r| r.verdict == v).count();
    Summary {
        moves: mine.len(),
        average_loss: if undecided.is_empty() {
            0.0
        } else {
            undecided.iter().map(|&l| f64::from(l)).sum::<f64>() / undecided.len() as f64
        },
        inaccuracies: count(Verdict::Inaccuracy),
        mistakes: count(Verdict::Mistake),
        blunders: count(Verdict::Blunder),
    }
}

pub fn run(a: &ReviewArgs) -> Result<()> {
    let mut game = Board::new(a.size, rule_of(a.rule))?;
    game.play_sequence(&a.game).context("in the game")?;
    anyhow::ensure!(
        !game.history().is_empty(),
        "the game has no moves to review"
    );
    let limit = match a.depth {
        Some(d) => Limit::Depth(d),
        None => Limit::Exactly(Duration::from_secs_f64(a.time.unwrap_or(0.5))),
    };
    let mut engine = Engine::default();
    engine.set_threads(a.threads.n.into());
    let bar = if std::io::stderr().is_terminal() {
        ProgressBar::new(game.history().len() as u64 + 1)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(ProgressStyle::with_template(
        "{bar:40} {pos}/{len} positions searched {elapsed}",
    )?);
    let reviews = review(&mut engine, &game, limit, |done, _| {
        bar.set_position(done as u64)
    });
    bar.finish_and_clear();
    let empty = Board::new(a.size, rule_of(a.rule))?;
    let name = |c: u16| empty.name(c);
    let player = |c: Color| match c {
        Color::Black => "black",
        Color::White => "white",
    };
    if a.json {
        let j = ReviewJson {
            game: game.move_string(),
            moves: reviews
                .iter()
                .enumerate()
                .map(|(i, r)| MoveJson {
                    number: i + 1,
                    player: player(r.player),
                    cell: name(r.cell),
                    value: r.played_score.to_string(),
                    best: r.best.map(name),
                    best_value: r.best_score.to_string(),
                    loss: r.loss,
                    verdict: r.verdict,
                })
                .collect(),
            black: summary(&reviews, Color::Black),
            white: summary(&reviews, Color::White),
        };
        println!("{}", serde_json::to_string_pretty(&j)?);
        return Ok(());
    }
    println!("  #  player  move        value    engine     its value   loss");
    for (i, r) in reviews.iter().enumerate() {
        let best = match r.best {
            Some(b) if b == r.cell => "=".to_string(),
            Some(b) => name(b),
            None => "-".to_string(),
        };
        println!(
            "{:>3}  {:<6}  {:<4} {:<2} {:>10}    {:<4}  {:>12}   {:>4}",
            i + 1,
            player(r.player),
            name(r.cell),
            r.verdict.mark(),
            r.played_score.to_string(),
            best,
            r.best_score.to_string(),
            r.loss
        );
    }
    for c in [Color::Black, Color::White] {
        let s = summary(&reviews, c);
        println!(
            "{}: {} moves, average loss {:.0}, {} inaccuracies (?!), {} mistakes (?), {} blunders (??)",
            player(c),
            s.moves,
            s.average_loss,
            s.inaccuracies,
            s.mistakes,
            s.blunders
        );
    }
    Ok(())
}
