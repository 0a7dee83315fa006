//! A hook that sees every step of a search: the explainer of explicit trees and the web page are
//! built on it. All its methods do nothing by default and are inlined, so a search run with
//! [`NoObserver`] compiles to the same code as one without the hook.

use crate::{Bound, Game, Score};

/// Receives the events of a search, in the order they happen.
///
/// Every score and window an observer sees is from the point of view of the side to move at
/// the root (the *Max* player of the textbooks), whatever the algorithm: the negamax forms
/// convert before calling. `ply` is the distance from the root (0 at the root), and `game`
/// is the position of the node concerned.
#[allow(unused_variables)]
pub trait Observer<G: Game + ?Sized> {
    /// The search enters a node with the window `(alpha, beta)`.
    #[inline(always)]
    fn enter(&mut self, game: &G, ply: u32, alpha: Score, beta: Score) {}

    /// A leaf is opened: the game is over at this node or it is evaluated statically.
    #[inline(always)]
    fn leaf(&mut self, game: &G, ply: u32, value: Score) {}

    /// After a child's value, the node's window narrowed to `(alpha, beta)`.
    #[inline(always)]
    fn narrow(&mut self, game: &G, ply: u32, alpha: Score, beta: Score) {}

    /// The node's value so far left the window: its remaining children are not searched.
    #[inline(always)]
    fn cutoff(&mut self, game: &G, ply: u32, value: Score) {}

    /// The search leaves a node with `value`; `bound` says whether it is exact or only a bound.
    #[inline(always)]
    fn exit(&mut self, game: &G, ply: u32, value: Score, bound: Bound) {}
}

/// The observer that watches nothing: the default, free.
#[derive(Copy, Clone, Debug, Default)]
pub struct NoObserver;

impl<G: Game + ?Sized> Observer<G> for NoObserver {}

/// Converts a side-to-move score at `ply` to the root player's view.
#[inline(always)]
pub(crate) fn root_view(ply: u32, s: Score) -> Score {
    if ply.is_multiple_of(2) {
        s
    } else {
        -s
    }
}

/// Converts a side-to-move window at `ply` to the root player's view.
#[inline(always)]
pub(crate) fn root_window(ply: u32, alpha: Score, beta: Score) -> (Score, Score) {
    if ply.is_multiple_of(2) {
        (alpha, beta)
    } else {
        (-beta, -alpha)
    }
}

/// Converts a side-to-move bound at `ply` to the root player's view.
#[inline(always)]
pub(crate) fn root_bound(ply: u32, b: Bound) -> Bound {
    if ply % 2 == 1 {
        b.negated()
    } else {
        b
    }
}
