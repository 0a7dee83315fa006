//! `alphabeta gomoku tree`: the engine's look-ahead from a position as an explicit tree, for
//! `alphabeta tree` to explain.

use alphabeta_gomoku::{lookahead_tree, Board, MAX_LOOKAHEAD_PLIES, MAX_LOOKAHEAD_WIDTH};
use anyhow::{Context, Result};
use clap::Args;

use crate::gomoku_cmd::{rule_of, RuleArg};

#[derive(Args, Debug)]
pub struct TreeArgs {
    /// The moves played, e.g. h8i9h9 (column letter, row from the bottom) or "7,7 8,8".
    #[arg(default_value = "")]
    position: String,
    /// Board size (5 to 22).
    #[arg(long, default_value_t = 15, allow_negative_numbers = true)]
    size: u32,
    /// Which lines win.
    #[arg(long, value_enum, default_value_t = RuleArg::Freestyle)]
    rule: RuleArg,
    /// How many moves ahead the leaves are.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=MAX_LOOKAHEAD_PLIES as i64), allow_negative_numbers = true)]
    plies: u32,
    /// How many of the engine's most urgent moves each node keeps.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=MAX_LOOKAHEAD_WIDTH as i64), allow_negative_numbers = true)]
    width: u32,
}

pub fn run(a: &TreeArgs) -> Result<()> {
    let mut board = Board::new(a.size, rule_of(a.rule))?;
    board
        .play_sequence(&a.position)
        .context("in the position")?;
    match lookahead_tree(&board, a.plies, a.width as usize) {
        Some(tree) => println!("{tree}"),
        None => anyhow::bail!("the game is over: there are no moves to look ahead at"),
    }
    Ok(())
}
