//! # alphabeta-gomoku: five in a row on the alphabeta engine
//!
//! The board and its rules (freestyle: five or more wins; standard: exactly five), coordinates
//! (`h8`, or `x,y` as the Gomocup protocol writes them), and the game as the engine sees it:
//! candidate moves near the stones, forced replies to a threat of five, a first evaluation.
//!
//! Work in progress (issue #5): incremental pattern evaluation, threat-space search (VCF/VCT),
//! time management and the Gomocup brain come next.

mod board;
mod game;

pub use board::{
    Board, BoardError, Cell, Color, Rule, DIRECTIONS, GRID, MAX_SIZE, MIN_SIZE, PAD, STRIDE,
};
pub use game::Windows;
