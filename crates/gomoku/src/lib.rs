//! # alphabeta-gomoku: five in a row on the alphabeta engine
//!
//! The board and its rules (freestyle: five or more wins; standard: exactly five), coordinates
//! (`h8`, or `x,y` as the Gomocup protocol writes them), and the game as the engine sees it:
//! candidate moves near the stones, forced replies to a threat of five, a first evaluation.
//!
//! A VCF solver (victory by continuous fours) works on its own ([`VcfSearch`]).
//!
//! Work in progress (issue #5): pattern evaluation, threat-aware move generation, VCF inside
//! the search, VCT.

mod board;
mod engine;
mod game;
mod patterns;
mod vcf;

pub use board::{
    Board, BoardError, Cell, Color, Rule, DIRECTIONS, GRID, MAX_SIZE, MIN_SIZE, PAD, STRIDE,
};
pub use engine::{search_options, Engine, Limit, Source, Thought};
pub use game::{Threats, MAX_MOVES};
pub use patterns::{Pattern, PATTERNS};
pub use vcf::{five_cells, VcfSearch};
