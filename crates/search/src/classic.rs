//! The textbook algorithms at a fixed depth, without a transposition table or move reordering:
//! plain [`minimax`] (the reference every other algorithm must agree with), [`alphabeta`] in the
//! max/min form, [`negamax`] with alpha-beta, and principal variation search ([`pvs`]).
//!
//! They search children in the order the game generates them, so on an explicit tree they open
//! exactly the leaves a textbook or an exam would. All of them report events to an
//! [`Observer`](crate::Observer) and return a [`SearchReport`].

use std::time::Instant;

use crate::observer::{root_bound, root_view, root_window};
use crate::{Bound, Evaluator, Game, Observer, Outcome, Score, SearchReport, Stats};

/// When a node stops searching its children.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum CutRule {
    /// The textbook rule: a Max node stops when its value `>= beta`, a Min node when `<= alpha`.
    #[default]
    Inclusive,
    /// Stop only on strict inequality: `> beta` at Max, `< alpha` at Min. Prunes less.
    Strict,
}

/// What a node returns when its value falls outside the window.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum FailMode {
    /// Clamp to the window: return `beta` on a cutoff and `alpha` when no child reached it.
    Hard,
    /// Return the best value found, which may lie beyond the window: a tighter bound.
    #[default]
    Soft,
}

/// The pruning settings of [`alphabeta`] and [`negamax`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pruning {
    /// When to cut.
    pub cut: CutRule,
    /// What to return outside the window.
    pub fail: FailMode,
}

/// A search window `(alpha, beta)`: the values the caller still cares about, from the point of
/// view of the side to move at the root.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Window {
    /// The value the side to move is already sure of.
    pub alpha: Score,
    /// The value the opponent is already sure of holding it to.
    pub beta: Score,
}

impl Window {
    /// `(-inf, +inf)`: the exact value is wanted.
    pub const FULL: Window = Window {
        alpha: Score(-Score::INFINITY.0),
        beta: Score::INFINITY,
    };

    /// A window from two scores.
    pub fn new(alpha: Score, beta: Score) -> Window {
        Window { alpha, beta }
    }
}

/// Plain minimax: every node searched, no pruning. The reference for every other algorithm.
pub fn minimax<G, E, O>(game: &mut G, eval: &E, depth: u32, obs: &mut O) -> SearchReport<G::Move>
where
    G: Game + ?Sized,
    E: Evaluator<G> + ?Sized,
    O: Observer<G> + ?Sized,
{
    let mut ctx = Classic::new(eval, obs);
    let value = ctx.minimax(game, depth, 0);
    ctx.report(value, depth)
}

/// Alpha-beta in the textbook max/min form: the root is a Max node, levels alternate, Max
/// raises alpha and Min lowers beta, and a node stops when its window is empty (see
/// [`CutRule`]). The returned score is the root value from the root player's view, exact when
/// it lies strictly inside `window`, otherwise a bound (see [`FailMode`]).
pub fn alphabeta<G, E, O>(
    game: &mut G,
    eval: &E,
    depth: u32,
    window: Window,
    pruning: Pruning,
    obs: &mut O,
) -> SearchReport<G::Move>
where
    G: Game + ?Sized,
    E: Evaluator<G> + ?Sized,
    O: Observer<G> + ?Sized,
{
    let mut ctx = Classic::new(eval, obs);
    let (value, _) = ctx.maxmin(game, depth, 0, window.alpha, window.beta, pruning);
    ctx.report(value, depth)
}

/// Alpha-beta in the negamax form: every node maximises its own side's value, the negation of
/// its children's. Opens exactly the leaves [`alphabeta`] opens with the same [`Pruning`], and
/// returns the same value.
pub fn negamax<G, E, O>(
    game: &mut G,
    eval: &E,
    depth: u32,
    window: Window,
    pruning: Pruning,
    obs: &mut O,
) -> SearchReport<G::Move>
where
    G: Game + ?Sized,
    E: Evaluator<G> + ?Sized,
    O: Observer<G> + ?Sized,
{
    let mut ctx = Classic::new(eval, obs);
    let (value, _) = ctx.negamax(game, depth, 0, window.alpha, window.beta, pruning);
    ctx.report(value, depth)
}

/// Principal variation search (NegaScout), fail-soft with the inclusive cut rule: the first
/// child gets the full window, the others a null window `(alpha, alpha + 1)` that only asks
/// "is it better?", and a child that says yes is searched again with the full window.
pub fn pvs<G, E, O>(
    game: &mut G,
    eval: &E,
    depth: u32,
    window: Window,
    obs: &mut O,
) -> SearchReport<G::Move>
where
    G: Game + ?Sized,
    E: Evaluator<G> + ?Sized,
    O: Observer<G> + ?Sized,
{
    let mut ctx = Classic::new(eval, obs);
    let value = ctx.pvs(game, depth, 0, window.alpha, window.beta);
    ctx.report(value, depth)
}

/// The score of a finished game at `ply`, for the side to move.
pub(crate) fn outcome_score(outcome: Outcome, ply: u32) -> Score {
    match outcome {
        Outcome::Win => Score::win_in(ply),
        Outcome::Loss => Score::loss_in(ply),
        Outcome::Draw => Score::DRAW,
    }
}

/// The principal variation, kept on the stack of plies: `lines[p]` is the best line found from
/// the node at ply `p`, rebuilt from `lines[p + 1]` whenever the node finds a better move.
pub(crate) struct PvTable<M> {
    lines: Vec<Vec<M>>,
}

impl<M: Copy> PvTable<M> {
    pub(crate) fn new() -> Self {
        PvTable { lines: Vec::new() }
    }

    /// Empties the line at `ply` (on entering a node).
    #[inline]
    pub(crate) fn clear(&mut self, ply: u32) {
        let p = ply as usize;
        if self.lines.len() <= p + 1 {
            self.lines.resize_with(p + 2, Vec::new);
        }
        self.lines[p].clear();
    }

    /// Sets the line at `ply` to `mv` followed by the child's line.
    #[inline]
    pub(crate) fn update(&mut self, ply: u32, mv: M) {
        let p = ply as usize;
        let (head, tail) = self.lines.split_at_mut(p + 1);
        let line = &mut head[p];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// Empties the child line at `ply + 1` (before searching a child, so that a leaf child
    /// leaves nothing stale behind).
    #[inline]
    pub(crate) fn clear_child(&mut self, ply: u32) {
        self.clear(ply + 1);
    }

    pub(crate) fn root(&self) -> &[M] {
        self.lines.first().map(Vec::as_slice).unwrap_or(&[])
    }
}

/// Shared state of one fixed-depth search.
struct Classic<'a, G: Game + ?Sized, E: ?Sized, O: ?Sized> {
    eval: &'a E,
    obs: &'a mut O,
    /// One move list per ply, reused so that the search allocates nothing once warm.
    moves: Vec<Vec<G::Move>>,
    pv: PvTable<G::Move>,
    stats: Stats,
    seldepth: u32,
    start: Instant,
}

impl<'a, G, E, O> Classic<'a, G, E, O>
where
    G: Game + ?Sized,
    E: Evaluator<G> + ?Sized,
    O: Observer<G> + ?Sized,
{
    fn new(eval: &'a E, obs: &'a mut O) -> Self {
        Classic {
            eval,
            obs,
            moves: Vec::new(),
            pv: PvTable::new(),
            stats: Stats::default(),
            seldepth: 0,
            start: Instant::now(),
        }
    }

    fn report(mut self, value: Score, depth: u32) -> SearchReport<G::Move> {
        self.stats.time = self.start.elapsed();
        let pv = self.pv.root().to_vec();
        SearchReport::single(value, pv, depth, self.seldepth, self.stats)
    }

    /// Counts the node, and if it is a leaf returns its value for the side to move; otherwise
    /// leaves its moves in `self.moves[ply]`.
    #[inline]
    fn visit(&mut self, game: &G, depth: u32, ply: u32) -> Option<Score> {
        self.stats.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.pv.clear(ply);
        if let Some(outcome) = game.outcome() {
            self.stats.leaves += 1;
            return Some(outcome_score(outcome, ply));
        }
        let p = ply as usize;
        if self.moves.len() <= p {
            self.moves.resize_with(p + 1, Vec::new);
        }
        self.moves[p].clear();
        if depth > 0 {
            game.generate_moves(&mut self.moves[p]);
        }
        if self.moves[p].is_empty() {
            self.stats.leaves += 1;
            return Some(self.eval.evaluate(game));
        }
        None
    }

    fn minimax(&mut self, game: &mut G, depth: u32, ply: u32) -> Score {
        let inf = Score::INFINITY;
        self.obs.enter(game, ply, -inf, inf);
        if let Some(v) = self.visit(game, depth, ply) {
            self.obs.leaf(game, ply, root_view(ply, v));
            self.obs.exit(game, ply, root_view(ply, v), Bound::Exact);
            return v;
        }
        let moves = std::mem::take(&mut self.moves[ply as usize]);
        let mut best = -inf;
        for &mv in &moves {
            self.pv.clear_child(ply);
            game.play(mv);
            let v = -self.minimax(game, depth - 1, ply + 1);
            game.undo(mv);
            if v > best {
                best = v;
                self.pv.update(ply, mv);
            }
        }
        self.moves[ply as usize] = moves;
        self.obs.exit(game, ply, root_view(ply, best), Bound::Exact);
        best
    }

    /// The max/min form: `alpha`, `beta` and the returned value are all from the root
    /// player's (Max's) point of view; even plies are Max nodes.
    fn maxmin(
        &mut self,
        game: &mut G,
        depth: u32,
        ply: u32,
        mut alpha: Score,
        mut beta: Score,
        pruning: Pruning,
    ) -> (Score, Bound) {
        let maximizing = ply.is_multiple_of(2);
        self.obs.enter(game, ply, alpha, beta);
        if let Some(v) = self.visit(game, depth, ply) {
            let v = root_view(ply, v);
            self.obs.leaf(game, ply, v);
            self.obs.exit(game, ply, v, Bound::Exact);
            return (v, Bound::Exact);
        }
        let moves = std::mem::take(&mut self.moves[ply as usize]);
        let mut best = if maximizing {
            -Score::INFINITY
        } else {
            Score::INFINITY
        };
        let mut known = Known::new(maximizing);
        let mut result = None;
        for &mv in &moves {
            self.pv.clear_child(ply);
            game.play(mv);
            let (v, b) = self.maxmin(game, depth - 1, ply + 1, alpha, beta, pruning);
            game.undo(mv);
            known.add(v, b);
            let improved = if maximizing { v > best } else { v < best };
            if improved {
                best = v;
                self.pv.update(ply, mv);
            }
            let cut = match (maximizing, pruning.cut) {
                (true, CutRule::Inclusive) => best >= beta,
                (true, CutRule::Strict) => best > beta,
                (false, CutRule::Inclusive) => best <= alpha,
                (false, CutRule::Strict) => best < alpha,
            };
            if cut {
                self.stats.cutoffs += 1;
                self.obs.cutoff(game, ply, best);
                let (value, bound) = match (maximizing, pruning.fail) {
                    (true, FailMode::Hard) => (beta, Bound::Lower),
                    (true, FailMode::Soft) => (best, Bound::Lower),
                    (false, FailMode::Hard) => (alpha, Bound::Upper),
                    (false, FailMode::Soft) => (best, Bound::Upper),
                };
                result = Some((value, bound));
                break;
            }
            if maximizing && best > alpha {
                alpha = best;
                self.obs.narrow(game, ply, alpha, beta);
            } else if !maximizing && best < beta {
                beta = best;
                self.obs.narrow(game, ply, alpha, beta);
            }
        }
        self.moves[ply as usize] = moves;
        let (value, bound) = result.unwrap_or_else(|| {
            // No cutoff: what the children said decides whether the value is exact.
            let value = match (pruning.fail, maximizing) {
                (FailMode::Hard, true) => alpha,
                (FailMode::Hard, false) => beta,
                (FailMode::Soft, _) => best,
            };
            (value, known.bound_of(value))
        });
        self.obs.exit(game, ply, value, bound);
        (value, bound)
    }

    /// The negamax form: `alpha`, `beta` and the value are for the side to move.
    fn negamax(
        &mut self,
        game: &mut G,
        depth: u32,
        ply: u32,
        mut alpha: Score,
        beta: Score,
        pruning: Pruning,
    ) -> (Score, Bound) {
        let (ra, rb) = root_window(ply, alpha, beta);
        self.obs.enter(game, ply, ra, rb);
        if let Some(v) = self.visit(game, depth, ply) {
            self.obs.leaf(game, ply, root_view(ply, v));
            self.obs.exit(game, ply, root_view(ply, v), Bound::Exact);
            return (v, Bound::Exact);
        }
        let moves = std::mem::take(&mut self.moves[ply as usize]);
        let mut best = -Score::INFINITY;
        let mut known = Known::new(true);
        let mut result = None;
        for &mv in &moves {
            self.pv.clear_child(ply);
            game.play(mv);
            let (v, b) = self.negamax(game, depth - 1, ply + 1, -beta, -alpha, pruning);
            let v = -v;
            game.undo(mv);
            known.add(v, b.negated());
            if v > best {
                best = v;
                self.pv.update(ply, mv);
            }
            let cut = match pruning.cut {
                CutRule::Inclusive => best >= beta,
                CutRule::Strict => best > beta,
            };
            if cut {
                self.stats.cutoffs += 1;
                self.obs.cutoff(game, ply, root_view(ply, best));
                let value = match pruning.fail {
                    FailMode::Hard => beta,
                    FailMode::Soft => best,
                };
                result = Some((value, Bound::Lower));
                break;
            }
            if best > alpha {
                alpha = best;
                let (ra, rb) = root_window(ply, alpha, beta);
                self.obs.narrow(game, ply, ra, rb);
            }
        }
        self.moves[ply as usize] = moves;
        let (value, bound) = result.unwrap_or_else(|| {
            let value = match pruning.fail {
                FailMode::Hard => alpha,
                FailMode::Soft => best,
            };
            (value, known.bound_of(value))
        });
        self.obs
            .exit(game, ply, root_view(ply, value), root_bound(ply, bound));
        (value, bound)
    }

    /// Principal variation search: fail-soft negamax with null-window probes.
    fn pvs(&mut self, game: &mut G, depth: u32, ply: u32, mut alpha: Score, beta: Score) -> Score {
        let (ra, rb) = root_window(ply, alpha, beta);
        self.obs.enter(game, ply, ra, rb);
        if let Some(v) = self.visit(game, depth, ply) {
            self.obs.leaf(game, ply, root_view(ply, v));
            self.obs.exit(game, ply, root_view(ply, v), Bound::Exact);
            return v;
        }
        let moves = std::mem::take(&mut self.moves[ply as usize]);
        let mut best = -Score::INFINITY;
        let mut bound = Bound::Upper;
        for (i, &mv) in moves.iter().enumerate() {
            self.pv.clear_child(ply);
            game.play(mv);
            let mut v;
            if i == 0 {
                v = -self.pvs(game, depth - 1, ply + 1, -beta, -alpha);
            } else {
                v = -self.pvs(game, depth - 1, ply + 1, -alpha - 1, -alpha);
                if v > alpha && v < beta {
                    self.pv.clear_child(ply);
                    v = -self.pvs(game, depth - 1, ply + 1, -beta, -alpha);
                }
            }
            game.undo(mv);
            if v > best {
                best = v;
                self.pv.update(ply, mv);
            }
            if best >= beta {
                self.stats.cutoffs += 1;
                self.obs.cutoff(game, ply, root_view(ply, best));
                bound = Bound::Lower;
                break;
            }
            if best > alpha {
                alpha = best;
                bound = Bound::Exact;
                let (ra, rb) = root_window(ply, alpha, beta);
                self.obs.narrow(game, ply, ra, rb);
            }
        }
        self.moves[ply as usize] = moves;
        self.obs
            .exit(game, ply, root_view(ply, best), root_bound(ply, bound));
        best
    }
}

/// What the children searched so far say about a node's value: it lies in `lo..=hi`. Each
/// child's answer (a value and its bound) narrows the range, so a value is called exact only
/// when the children pin it, whatever the window (under the strict cut rule a value on the
/// window's edge is no cutoff, yet may be a child's clamped bound).
struct Known {
    maximizing: bool,
    lo: Score,
    hi: Score,
}

impl Known {
    /// Nothing searched yet, at a node that takes its children's greatest value
    /// (`maximizing`) or least.
    fn new(maximizing: bool) -> Known {
        let start = if maximizing {
            -Score::INFINITY
        } else {
            Score::INFINITY
        };
        Known {
            maximizing,
            lo: start,
            hi: start,
        }
    }

    /// A child's answer, in this node's view.
    fn add(&mut self, v: Score, bound: Bound) {
        let (lo, hi) = match bound {
            Bound::Exact => (v, v),
            Bound::Lower => (v, Score::INFINITY),
            Bound::Upper => (-Score::INFINITY, v),
        };
        if self.maximizing {
            self.lo = self.lo.max(lo);
            self.hi = self.hi.max(hi);
        } else {
            self.lo = self.lo.min(lo);
            self.hi = self.hi.min(hi);
        }
    }

    /// What `value`, returned after every child was searched, says of the node.
    fn bound_of(&self, value: Score) -> Bound {
        if self.lo == self.hi && value == self.lo {
            Bound::Exact
        } else if value >= self.hi {
            Bound::Upper
        } else {
            Bound::Lower
        }
    }
}
