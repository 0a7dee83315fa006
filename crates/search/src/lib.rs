//! # alphabeta: game-tree search
//!
//! Minimax and alpha-beta pruning, shown clearly and done right, for any two-player, zero-sum,
//! perfect-information game that implements [`Game`] (the rules) and [`Evaluator`] (a static
//! judgement of a position).
//!
//! - The textbook algorithms at a fixed depth, children in the game's order: [`minimax`] (the
//!   reference), [`alphabeta`] in the max/min form, [`negamax`], [`pvs`]; fail-hard or
//!   fail-soft, with the inclusive or the strict cut rule ([`Pruning`]).
//! - [`Search`], the iterative-deepening driver for playing: principal variation search with a
//!   [`TranspositionTable`], aspiration windows, killer moves and the history heuristic, limits
//!   by depth, nodes and time, a [`StopHandle`], a report after each iteration, the best
//!   several root moves each with its line ([`SearchOptions::multi_pv`]), and Lazy SMP
//!   threads.
//! - [`explicit_tree`]: a game's look-ahead a few plies deep, written out as an explicit tree
//!   for the tree explainer to take through alpha-beta step by step.
//! - Every search returns a [`SearchReport`]: best move, [`Score`], principal variation and
//!   [`Stats`]. An [`Observer`] sees each step (enter, leaf, narrow, cutoff, exit) and costs
//!   nothing when not used.
//!
//! Scores are from the side to move's point of view; wins and losses carry their distance from
//! the root, so the search prefers the fastest win and the slowest loss.
//!
//! Start with the [`Game`] trait: its documentation is a complete worked example.

mod classic;
mod correction;
mod driver;
mod explicit;
mod game;
mod observer;
mod options;
mod score;
mod stats;
pub mod testing;
mod tt;

pub use classic::{alphabeta, minimax, negamax, pvs, CutRule, FailMode, Pruning, Window};
pub use driver::{Iteration, Search, StopHandle};
pub use explicit::explicit_tree;
pub use game::{list_order_keys, mix64, Ends, Evaluator, Game, Outcome, MAX_MOVE_KEY};
pub use observer::{NoObserver, Observer};
pub use options::{
    late_move_count, late_move_reduction, SearchOptions, FUTILITY_DEPTH, RAZOR_DEPTH,
};
pub use score::{Bound, Score, MAX_PLY};
pub use stats::{RootLine, SearchReport, Stats};
pub use tt::{TranspositionTable, TtEntry};
