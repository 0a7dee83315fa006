//! `alphabeta gomoku tree`: the engine's look-ahead from a position as an explicit tree, for
//! `alphabeta tree` to explain.

use alphabeta_gomoku::{lookahead_tree, MAX_LOOKAHEAD_PLIES, MAX_LOOKAHEAD_WIDTH};
use anyhow::Result;
use clap::Args;

use crate::gomoku_cmd::PositionArgs;

#[derive(Args, Debug)]
pub struct TreeArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// How many moves ahead the leaves are.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=MAX_LOOKAHEAD_PLIES as i64), allow_negative_numbers = true)]
    plies: u32,
    /// How many of the engine's most urgent moves each node keeps.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=MAX_LOOKAHEAD_WIDTH as i64), allow_negative_numbers = true)]
    width: u32,
}

pub fn run(a: &TreeArgs) -> Result<()> {
    let board = a.position.board()?;
    match lookahead_tree(&board, a.plies, a.width as usize) {
        Some(tree) => println!("{tree}"),
        None => anyhow::bail!("the game is over: there are no moves to look ahead at"),
    }
    Ok(())
}
