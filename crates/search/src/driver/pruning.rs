//! What lets a node search less: futility pruning and razoring, null moves, late-move
//! reductions and pruning, and the correction history that corrects the static value they
//! read.

use super::{Estimate, Worker, NO_MOVE};
use crate::correction::Corrections;
use crate::{
    late_move_count, late_move_reduction, Bound, Evaluator, Game, Observer, Score, FUTILITY_DEPTH,
    RAZOR_DEPTH,
};

impl<G, E, O> Worker<'_, G, E, O>
where
    G: Game,
    E: Evaluator<G> + ?Sized,
    O: Observer<G> + ?Sized,
{
    /// Futility pruning and razoring (see [`SearchOptions::futility_margin`]): the static
    /// value (as the table corrects it: [`Estimate`]), if it is so far above beta or below
    /// alpha that searching looks pointless.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn futility_cut(
        &mut self,
        game: &mut G,
        depth: u32,
        ply: u32,
        pv_node: bool,
        quiet: bool,
        alpha: Score,
        beta: Score,
        estimate: &mut Estimate,
    ) -> Option<Score> {
        let margin = self.shared.options.futility_margin?;
        if pv_node || ply == 0 || !quiet || depth > FUTILITY_DEPTH {
            return None;
        }
        // Also where the window is a proven win or loss: a static value only ever says
        // "not decided here", which never makes a claim, and the proof of a win elsewhere
        // then costs a tenth of the nodes.
        let stand = estimate.stand(|| self.eval.evaluate(game));
        if stand.is_decisive() {
            return None;
        }
        let v = estimate.corrected(stand);
        let m = margin.saturating_mul(depth as i32);
        if v.0.saturating_sub(m) >= beta.0 {
            return Some(v);
        }
        if depth <= RAZOR_DEPTH && v.0.saturating_add(m) <= alpha.0 {
            // Razoring: confirmed by the horizon's value (the threats the static value
            // cannot see, a win by them above all), with a null window at alpha.
            let h = self.horizon(game, ply, alpha, alpha + 1, Some(stand));
            if h <= alpha {
                return Some(h);
            }
        }
        None
    }

    /// Null-move pruning (see [`SearchOptions::null_move`]): the value to cut with, if the
    /// node is so good that passing keeps it at least `beta`. Never twice in a row, never
    /// at the root or at principal-variation nodes; a proven result of the reduced search
    /// is not trusted beyond `beta`. Only where the static value (as the table corrects it:
    /// [`Estimate`]) is at least `beta`.
    pub(super) fn null_move_cut(
        &mut self,
        game: &mut G,
        depth: u32,
        ply: u32,
        pv_node: bool,
        beta: Score,
        estimate: &mut Estimate,
    ) -> Option<Score> {
        if !self.shared.options.null_move
            || pv_node
            || ply == 0
            || depth < 3
            || beta.is_decisive()
            || self.null_ply == Some(ply)
            || estimate.corrected_stand(|| self.eval.evaluate(game)) < beta
            || !game.play_null()
        {
            return None;
        }
        let r = 3 + u32::from(depth >= 7);
        self.buf.path[ply as usize] = NO_MOVE;
        let outer = self.null_ply.replace(ply + 1);
        let v = -self.node(game, depth.saturating_sub(1 + r), ply + 1, -beta, -beta + 1);
        self.null_ply = outer;
        game.undo_null();
        (v >= beta && !self.stopped).then(|| if v.is_decisive() { beta } else { v })
    }

    /// The correction history's slot of the node at `ply` (see
    /// [`SearchOptions::correction_history`]): none when off, near the root, or after a
    /// pass.
    pub(super) fn correction_slot(&self, ply: u32) -> Option<usize> {
        let p = ply as usize;
        if !self.buf.corrections.is_on() || p < 2 {
            return None;
        }
        let (last, before) = (self.buf.path[p - 1], self.buf.path[p - 2]);
        (last != NO_MOVE && before != NO_MOVE).then(|| Corrections::slot(last, before, p % 2))
    }

    /// A node was searched to `best` (of `bound`): if its static value was read, the
    /// correction history learns how far off it was, where the bound says so (a value at
    /// least `best` above the static value, at most `best` below it, or exactly `best`).
    pub(super) fn learn(&mut self, estimate: &Estimate, depth: u32, best: Score, bound: Bound) {
        let (Some(slot), Some(stand)) = (estimate.slot, estimate.stand) else {
            return;
        };
        if stand.is_decisive() || best.is_decisive() {
            return;
        }
        let informative = match bound {
            Bound::Exact => true,
            Bound::Lower => best > stand,
            Bound::Upper => best < stand,
        };
        if informative {
            let raw = stand.0 - estimate.correction;
            self.buf.corrections.learn(slot, depth, best.0 - raw);
        }
    }

    /// How many plies shallower to search the `i`-th move (from 0) first: see
    /// [`late_move_reduction`].
    #[inline]
    pub(super) fn reduction(&self, pv_node: bool, depth: u32, i: usize) -> u32 {
        if self.shared.options.late_move_reductions {
            late_move_reduction(pv_node, depth, i)
        } else {
            0
        }
    }

    /// How many of a node's `len` moves are searched before late-move pruning stops.
    pub(super) fn searched_count(&self, depth: u32, ply: u32, quiet: bool, len: usize) -> usize {
        if self.shared.options.late_move_pruning && ply >= 2 {
            len.min(late_move_count(depth, quiet))
        } else {
            len
        }
    }
}
