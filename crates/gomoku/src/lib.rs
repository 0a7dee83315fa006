//! # alphabeta-gomoku: five in a row on the alphabeta engine
//!
//! The board and its rules (freestyle: five or more wins; standard: exactly five; renju:
//! exactly five for Black, who may not play the [`Foul`]s, five or more for White; caro: not
//! five with the opponent's stones at both ends), coordinates
//! (`h8`, or `x,y` as the Gomocup protocol writes them), and the game as the engine sees it:
//!
//! - [`patterns`](Pattern): every empty cell knows, per direction, what a stone of either
//!   colour would make there (five, open four, four, open three, ...), from a code of its
//!   line (16 bits under freestyle, 20 under the rules where an overline or a blocked end
//!   counts) kept up to date on every move and one table lookup; the board counts them.
//! - Move generation from the patterns: a win alone, the blocks of a five, against an open
//!   three only its defences and our fours, else the best [`MAX_MOVES`] by urgency.
//! - [`Threats`]: the evaluation from the pattern counts, the mean of two plies, plus a table
//!   of values fitted to game results for the position's threat facts.
//! - The quiescence's moves (a win, the blocks of a four, our fours through our last stone):
//!   the search follows fours past its horizon.
//! - [`VcfSearch`]: victory by continuous fours, on its own and at the engine's root.
//! - [`VctSearch`]: victory by continuous threats (fours and open threes), on its own.
//! - [`Puzzle`]s by fours or by threats ([`Kind`]): positions from low-level self-play where
//!   the side to move wins in a given number of moves and no fewer, and [`judge`] for a move
//!   played in one.
//! - [`lookahead_tree`]: the engine's look-ahead, a few plies of its first few moves, as an
//!   explicit tree for the tree explainer.
//! - [`Engine`]: a forced move at once, a proven VCF at once, else iterative-deepening PVS with
//!   late-move reductions, null moves and the quiescence of fours, and a [`TimePlan`] that
//!   spends more on an unstable best move.
//!
//! Under renju the move generator, the quiescence and both solvers leave out the moves forbidden
//! to Black ([`Board::forbids`]), and a Black open three counts as a threat only if Black may
//! make its open four; the evaluation's pattern counts do not know the fouls yet.

mod board;
mod budget;
mod combos;
mod counts;
mod engine;
mod evaluation;
mod game;
mod level;
mod lookahead;
mod patterns;
mod psq;
mod puzzle;
mod renju;
mod review;
mod sgf;
mod threat_table;
mod vcf;
mod vct;

#[cfg(test)]
mod test_util;

pub use board::{
    Board, BoardError, Cell, Color, Rule, DIRECTIONS, GRID, MAX_SIZE, MIN_SIZE, PAD, STRIDE,
};
pub use combos::{Combo, COMBO_KINDS};
pub use counts::Counts;
pub use engine::{
    search_options, Caps, Engine, IterationReport, Limit, LineReport, Source, Thought, TimePlan,
};
pub use evaluation::{
    black_chance, black_chance_at, units_per_logit, winning_chance, Spoken, Threats,
};
pub use game::MAX_MOVES;
pub use level::{Level, NoSuchLevel};
pub use lookahead::{lookahead_tree, MAX_LOOKAHEAD_PLIES, MAX_LOOKAHEAD_WIDTH};
pub use patterns::{Pattern, PATTERNS};
pub use psq::{read_psq, write_psq, PsqError};
pub use puzzle::{
    judge, lengths, shortest_win, Judgement, Kind, Puzzle, PuzzleError, MAX_PUZZLE_MOVES,
    MAX_THREAT_MOVES,
};
pub use renju::Foul;
pub use review::{review, review_sgf, whole_points, MoveReport, MoveReview, Summary, Verdict};
pub use sgf::{read_sgf, SgfError, SgfGame, SgfNote};
pub use vcf::VcfSearch;
pub use vct::{Threat, VctSearch};
