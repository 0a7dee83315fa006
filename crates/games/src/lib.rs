//! # alphabeta-games: small games on the alphabeta engine
//!
//! - [`tictactoe`]: the game of the source material, its open-lines evaluation
//!   `f(p) = f_max(p) - f_min(p)`, the 8 symmetries merged in the hash, perfect play.
//! - [`connect4`]: a bitboard Connect Four and a solver built on the engine's
//!   [`Search::solve`](alphabeta::Search::solve), giving the exact score of the benchmark sets.
//!
//! Both use only the engine's public API: they are what any user's game looks like.

pub mod connect4;
pub mod tictactoe;
