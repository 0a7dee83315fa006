//! The search of one node: principal variation search with the table, the pruning and the
//! reductions; the quiescence search and the horizon's value.

use super::ordering::pick_next;
use super::{Estimate, RootResult, Worker, TT_MOVE_KEY};
use crate::classic::outcome_score;
use crate::observer::{root_bound, root_view, root_window};
use crate::tt::TtEntry;
use crate::{Bound, Ends, Evaluator, Game, Observer, Score, MAX_PLY};

impl<G, E, O> Worker<'_, G, E, O>
where
    G: Game,
    E: Evaluator<G> + ?Sized,
    O: Observer<G> + ?Sized,
{
    #[inline]
    pub(super) fn leaf(&mut self, game: &G, ply: u32, v: Score) -> Score {
        self.stats.leaves += 1;
        self.obs.leaf(game, ply, root_view(ply, v));
        self.exit(game, ply, v, Bound::Exact)
    }

    /// Tells the observer the node returns `v` with `bound` (both the side to move's), and
    /// returns `v`.
    #[inline]
    fn exit(&mut self, game: &G, ply: u32, v: Score, bound: Bound) -> Score {
        self.obs
            .exit(game, ply, root_view(ply, v), root_bound(ply, bound));
        v
    }

    /// Principal variation search of one node, fail-soft, for the side to move.
    pub(super) fn node(
        &mut self,
        game: &mut G,
        depth: u32,
        ply: u32,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        let (ra, rb) = root_window(ply, alpha, beta);
        self.obs.enter(game, ply, ra, rb);
        // Only nodes with an open window (and the root) keep a principal variation: a
        // null-window node's line is never read (its parent clears the child line before each
        // move).
        let pv_node = beta.0 - alpha.0 > 1;
        let keep_pv = pv_node || ply == 0;
        if keep_pv {
            self.buf.pv.clear(ply);
        }
        // The root never stops by itself: its children do, and it sees `stopped` after them.
        // A node that stops is not counted: it searched nothing (and a node cap is then
        // never exceeded).
        if ply > 0 && self.should_stop() {
            return Score::DRAW;
        }
        self.stats.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if let Some(outcome) = game.outcome() {
            return self.leaf(game, ply, outcome_score(outcome, ply));
        }
        // At the deepest ply there is no room even for a winning move's line.
        if ply >= MAX_PLY - 1 {
            let v = self.horizon(game, ply, alpha, beta, None);
            return self.leaf(game, ply, v);
        }
        // What the game knows for sure comes before the horizon: a proven end is worth more
        // than any static value.
        // (At a root whose moves are limited, the winning move may be one not to search.)
        let free = ply > 0 || (self.root_moves.is_empty() && self.excluded.is_empty());
        if let Some(mv) = game.winning_move().filter(|_| free) {
            // Nothing beats a win with the next move: no need to search it.
            if keep_pv {
                self.buf.pv.clear_child(ply);
                self.buf.pv.update(ply, mv);
            }
            return self.leaf(game, ply, Score::win_in(ply + 1));
        }
        let ends = if ply > 0 {
            match game.earliest_end() {
                Ends::NotBefore { win, loss } => Some((win, loss)),
                Ends::LostIn(n) => return self.leaf(game, ply, Score::loss_in(ply + n)),
                Ends::WonIn(n) => return self.leaf(game, ply, Score::win_in(ply + n)),
            }
        } else {
            None
        };
        if depth == 0 {
            let v = self.horizon(game, ply, alpha, beta, None);
            return self.leaf(game, ply, v);
        }
        // Mate-distance pruning: from here no line ends better than the earliest win, nor worse
        // than the earliest loss (`Game::earliest_end`). A window beyond those is decided.
        let mut beta = beta;
        if let Some((win, loss)) = ends {
            let (worst, best) = (Score::loss_in(ply + loss), Score::win_in(ply + win));
            if worst >= beta {
                return self.exit(game, ply, worst, Bound::Lower);
            }
            if best <= alpha {
                return self.exit(game, ply, best, Bound::Upper);
            }
            alpha = alpha.max(worst);
            beta = beta.min(best);
        }
        let alpha0 = alpha;

        // The transposition table: a cutoff away from the principal variation (so the PV stays
        // complete), and the stored best move to try first in any case.
        let hash = self.shared.tt.and_then(|tt| game.hash().map(|h| (tt, h)));
        let mut tt_move = None;
        let mut estimate = Estimate::default();
        if let Some((tt, h)) = hash {
            self.stats.tt_probes += 1;
            if let Some(e) = tt.probe(h) {
                self.stats.tt_hits += 1;
                tt_move = e.move_id;
                estimate.table = Some((e.score.from_table(ply), e.bound));
                let deep_enough = if self.shared.options.deeper_tt_cutoffs {
                    e.depth >= depth
                } else {
                    e.depth == depth
                };
                if !pv_node && ply > 0 && deep_enough {
                    let s = e.score.from_table(ply);
                    let usable = match e.bound {
                        Bound::Exact => true,
                        Bound::Lower => s >= beta,
                        Bound::Upper => s <= alpha,
                    };
                    if usable {
                        return self.exit(game, ply, s, e.bound);
                    }
                }
            }
        }

        let opts = self.shared.options;
        let p = ply as usize;
        self.buf.reach(p);
        estimate.slot = self.correction_slot(ply);
        estimate.correction = estimate
            .slot
            .map_or(0, |slot| self.buf.corrections.get(slot));
        let quiet = (opts.futility_margin.is_some() || opts.late_move_pruning) && game.is_quiet();
        if let Some(v) =
            self.futility_cut(game, depth, ply, pv_node, quiet, alpha, beta, &mut estimate)
        {
            let bound = if v >= beta {
                Bound::Lower
            } else {
                Bound::Upper
            };
            return self.exit(game, ply, v, bound);
        }
        if let Some(v) = self.null_move_cut(game, depth, ply, pv_node, beta, &mut estimate) {
            return self.exit(game, ply, v, Bound::Lower);
        }

        let mut moves = std::mem::take(&mut self.buf.moves[p]);
        let mut keys = std::mem::take(&mut self.buf.keys[p]);
        moves.clear();
        let keyed = self.keyed();
        // The table's move alone first, where the game allows: if it cuts off, nothing is
        // generated. The others follow it in the order they would have had anyway.
        let staged = match tt_move {
            Some(t) if keyed && ply > 0 => game.table_move(t as usize),
            _ => None,
        };
        // The depth each child gets: a forced reply keeps the node's whole depth (a staged
        // move is never the only one).
        let mut child_depth = depth - 1;
        let mut end = 1;
        match staged {
            Some(mv) => {
                moves.push(mv);
                keys.clear();
                keys.push(TT_MOVE_KEY);
            }
            None => {
                self.generate(game, ply, tt_move, &mut moves, &mut keys);
                if moves.is_empty() {
                    self.buf.moves[p] = moves;
                    self.buf.keys[p] = keys;
                    let v = estimate.stand(|| self.eval.evaluate(game));
                    return self.leaf(game, ply, v);
                }
                if moves.len() == 1 && opts.single_reply_extension {
                    child_depth = depth;
                }
                end = self.searched_count(depth, ply, quiet, moves.len());
            }
        }
        self.prefetch_children(hash, game, &moves);

        let mut best = -Score::INFINITY;
        let mut best_id = None;
        let mut bound = Bound::Upper;
        let mut generated = staged.is_none();
        let mut widened = false;
        // The keys from `i` on are in order: no more picking (until new moves come).
        let mut in_order = false;
        let mut i = 0;
        loop {
            if i == end && !generated {
                // The staged move did not cut off: now the rest, ordered as if generated
                // with it (it keeps its place in front).
                generated = true;
                let first = moves[0];
                let first_id = game.move_id(first);
                moves.clear();
                self.generate(game, ply, tt_move, &mut moves, &mut keys);
                match moves.iter().position(|&m| game.move_id(m) == first_id) {
                    Some(j) => {
                        moves[..=j].rotate_right(1);
                        keys[..=j].rotate_right(1);
                    }
                    None => {
                        moves.insert(0, first);
                        keys.insert(0, TT_MOVE_KEY);
                    }
                }
                self.prefetch_children(hash, game, &moves[1..]);
                end = self.searched_count(depth, ply, quiet, moves.len());
                in_order = false;
            }
            if i == end {
                // Every move searched loses by force: the moves left out (by late-move
                // pruning, or by the game's narrow list) may hold a defence; search them
                // before claiming the loss.
                if widened || self.stopped || !best.is_loss() {
                    break;
                }
                widened = true;
                if ply > 0 || self.root_moves.is_empty() {
                    let before = moves.len();
                    game.generate_rest(&mut moves);
                    if ply == 0 {
                        self.drop_excluded(&mut moves, before);
                    }
                }
                if keyed {
                    keys.resize(moves.len(), i32::MIN);
                }
                end = moves.len();
                if i == end {
                    break;
                }
            }
            if keyed && !in_order {
                in_order = pick_next(&mut moves, &mut keys, i);
            }
            let mv = moves[i];
            if keep_pv {
                self.buf.pv.clear_child(ply);
            }
            self.buf.path[p] = game.move_id(mv);
            game.play(mv);
            let mut v;
            if i == 0 {
                v = -self.node(game, child_depth, ply + 1, -beta, -alpha);
            } else {
                let r = self.reduction(pv_node, depth, i);
                v = -self.node(game, child_depth - r, ply + 1, -alpha - 1, -alpha);
                if r > 0 && v > alpha && !self.stopped {
                    v = -self.node(game, child_depth, ply + 1, -alpha - 1, -alpha);
                }
                if v > alpha && v < beta && !self.stopped {
                    // Only at an open window: a null window has no score strictly inside.
                    v = -self.node(game, child_depth, ply + 1, -beta, -alpha);
                }
            }
            game.undo(mv);
            if self.stopped {
                break;
            }
            if v > best {
                best = v;
                best_id = Some(game.move_id(mv));
                if keep_pv {
                    self.buf.pv.update(ply, mv);
                }
                if ply == 0 && v > alpha {
                    self.partial = Some(RootResult {
                        score: v,
                        pv: self.buf.pv.root().to_vec(),
                    });
                }
            }
            if best >= beta {
                bound = Bound::Lower;
                self.stats.cutoffs += 1;
                self.obs.cutoff(game, ply, root_view(ply, best));
                if keyed {
                    self.reward(game, ply, depth, mv);
                }
                break;
            }
            if best > alpha {
                alpha = best;
                bound = Bound::Exact;
                let (ra, rb) = root_window(ply, alpha, beta);
                self.obs.narrow(game, ply, ra, rb);
            }
            i += 1;
        }
        self.buf.moves[p] = moves;
        self.buf.keys[p] = keys;
        if self.stopped {
            return Score::DRAW;
        }
        self.learn(&estimate, depth, best, bound);
        // A root searched without some of its moves has no value of its own to keep.
        if let Some((tt, h)) = hash.filter(|_| ply > 0 || self.excluded.is_empty()) {
            let exact_or_cut = best > alpha0;
            tt.store(
                h,
                TtEntry {
                    score: best.to_table(ply),
                    depth,
                    bound,
                    move_id: best_id.filter(|_| exact_or_cut).map(|id| id as u16),
                },
            );
        }
        self.exit(game, ply, best, bound)
    }

    /// Quiescence search (see [`SearchOptions::quiescence_plies`]) of a node the caller
    /// has counted and found unfinished, fail-soft. `stand`: the node's static value, if
    /// the caller has it.
    pub(super) fn quiesce(
        &mut self,
        game: &mut G,
        ply: u32,
        plies_left: u32,
        mut alpha: Score,
        beta: Score,
        stand: Option<Score>,
    ) -> Score {
        let p = ply as usize;
        self.buf.reach(p);
        let mut moves = std::mem::take(&mut self.buf.moves[p]);
        moves.clear();
        let may_stand = game.generate_tactical(&mut moves);
        let frontier = moves.is_empty() || plies_left == 0 || ply >= MAX_PLY - 1;
        let mut best = -Score::INFINITY;
        if may_stand || frontier {
            best = stand.unwrap_or_else(|| self.eval.evaluate(game));
            if frontier || best >= beta {
                self.buf.moves[p] = moves;
                return best;
            }
            alpha = alpha.max(best);
        }
        for &mv in moves.iter() {
            game.play(mv);
            // Counted only if searched, as in `node`.
            let v = if self.should_stop() {
                Score::DRAW
            } else {
                self.stats.nodes += 1;
                self.seldepth = self.seldepth.max(ply + 1);
                match game.outcome() {
                    Some(outcome) => -outcome_score(outcome, ply + 1),
                    None => -self.quiesce(game, ply + 1, plies_left - 1, -beta, -alpha, None),
                }
            };
            game.undo(mv);
            if self.stopped {
                break;
            }
            if v > best {
                best = v;
                if v >= beta {
                    break;
                }
                alpha = alpha.max(v);
            }
        }
        self.buf.moves[p] = moves;
        best
    }

    /// The value of an unfinished node at the horizon: a win the game sees there
    /// ([`SearchOptions::horizon_wins`]), else the quiescence search's value, else the
    /// evaluator's look at the leaf. `known`: the node's static value, if the caller has it
    /// (it is not computed twice).
    pub(super) fn horizon(
        &mut self,
        game: &mut G,
        ply: u32,
        alpha: Score,
        beta: Score,
        known: Option<Score>,
    ) -> Score {
        let mut stand = known;
        if self.shared.options.horizon_wins {
            let s = *stand.get_or_insert_with(|| self.eval.evaluate(game));
            // Not `clamp`: near MAX_PLY the room left is below 3 (and a win must fit in it).
            let limit = (2 * ply).max(3).min(MAX_PLY - 1 - ply);
            if s < beta {
                if let Some(n) = game.forced_win(limit).filter(|&n| n <= limit) {
                    return Score::win_in(ply + n);
                }
            }
        }
        let q = self.shared.options.quiescence_plies;
        if q > 0 {
            self.quiesce(game, ply, q, alpha, beta, stand)
        } else {
            self.eval.evaluate_leaf(game)
        }
    }
}
