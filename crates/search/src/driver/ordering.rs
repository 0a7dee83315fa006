//! Which moves a node searches, and in what order: the root's restrictions, generation,
//! the table's move, killers and history, and the lazy pick of the next best.

use super::{Worker, HISTORY_MAX, KILLER_KEY, TT_MOVE_KEY};
use crate::tt::TranspositionTable;
use crate::{Evaluator, Game, Observer, MAX_MOVE_KEY};

impl<G, E, O> Worker<'_, G, E, O>
where
    G: Game,
    E: Evaluator<G> + ?Sized,
    O: Observer<G> + ?Sized,
{
    /// Keeps only the caller's root moves (see [`Search::run_among`]), unless none of them is
    /// among `moves`, less those of lines already found ([`SearchOptions::multi_pv`]); and
    /// their keys, if `keys` has them (else it is empty).
    pub(super) fn keep_root_moves(&self, moves: &mut Vec<G::Move>, keys: &mut Vec<i32>) {
        let limited = moves.iter().any(|m| self.root_moves.contains(m));
        if !limited && self.excluded.is_empty() {
            return;
        }
        let keyed = keys.len() == moves.len();
        let mut kept = 0;
        for i in 0..moves.len() {
            let m = moves[i];
            if (!limited || self.root_moves.contains(&m)) && !self.excluded.contains(&m) {
                moves[kept] = moves[i];
                if keyed {
                    keys[kept] = keys[i];
                }
                kept += 1;
            }
        }
        moves.truncate(kept);
        keys.truncate(kept);
    }

    /// Drops the moves from `from` on that lines already found hold.
    pub(super) fn drop_excluded(&self, moves: &mut Vec<G::Move>, from: usize) {
        let mut kept = from;
        for i in from..moves.len() {
            if !self.excluded.contains(&moves[i]) {
                moves[kept] = moves[i];
                kept += 1;
            }
        }
        moves.truncate(kept);
    }

    /// With killers or history every move gets an ordering key and the best is picked
    /// lazily; without, the game's order stands.
    pub(super) fn keyed(&self) -> bool {
        self.shared.options.killers || self.shared.options.history
    }

    /// Appends the node's moves to the empty `moves`, ordered: by their keys (left in
    /// `keys`, the game's own where killers alone order) with killers or history, else in the
    /// game's order with the table's move first.
    pub(super) fn generate(
        &self,
        game: &G,
        ply: u32,
        tt_move: Option<u16>,
        moves: &mut Vec<G::Move>,
        keys: &mut Vec<i32>,
    ) {
        let opts = self.shared.options;
        keys.clear();
        if opts.killers && !opts.history {
            game.generate_keyed(moves, keys);
            debug_assert!(keys.len() == moves.len() && keys.iter().all(|&k| k <= MAX_MOVE_KEY));
        } else {
            game.generate_moves(moves);
        }
        if ply == 0 {
            self.keep_root_moves(moves, keys);
        }
        if self.keyed() {
            self.order(game, ply, tt_move, moves, keys);
        } else if let Some(t) = tt_move {
            if let Some(j) = moves.iter().position(|&m| game.move_id(m) == t as usize) {
                moves[..=j].rotate_right(1);
            }
        }
    }

    /// Asks memory for the children's table entries all at once: they are likely far
    /// apart, and loads started together wait together.
    pub(super) fn prefetch_children(
        &self,
        hash: Option<(&TranspositionTable, u64)>,
        game: &G,
        moves: &[G::Move],
    ) {
        if let Some((tt, _)) = hash {
            for &mv in moves {
                match game.hash_after(mv) {
                    Some(h) => tt.prefetch(h),
                    None => break,
                }
            }
        }
    }

    /// Gives every move an ordering key: the table's move, then the killers, then the
    /// history's count or (without history) the game's own key. Equal keys keep the list's
    /// order.
    pub(super) fn order(
        &self,
        game: &G,
        ply: u32,
        tt_move: Option<u16>,
        moves: &[G::Move],
        keys: &mut Vec<i32>,
    ) {
        let opts = self.shared.options;
        let killers = self.buf.killers[ply as usize];
        let side = (ply as usize % 2) * self.id_limit;
        if opts.history {
            // The history orders (the game's order breaks ties); without it the game's own
            // keys are already in `keys`.
            keys.clear();
            keys.extend(moves.iter().map(|&mv| {
                let id = side + game.move_id(mv);
                self.buf.history.get(id).copied().unwrap_or(0)
            }));
        }
        for (key, &mv) in keys.iter_mut().zip(moves) {
            if tt_move.is_some_and(|t| t as usize == game.move_id(mv)) {
                *key = TT_MOVE_KEY;
            } else if opts.killers && killers[0] == Some(mv) {
                *key = KILLER_KEY + 1;
            } else if opts.killers && killers[1] == Some(mv) {
                *key = KILLER_KEY;
            }
        }
    }

    /// A move caused a cutoff: remember it as a killer and in the history.
    pub(super) fn reward(&mut self, game: &G, ply: u32, depth: u32, mv: G::Move) {
        let k = &mut self.buf.killers[ply as usize];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let i = (ply as usize % 2) * self.id_limit + game.move_id(mv);
        if let Some(h) = self.buf.history.get_mut(i) {
            *h += (depth * depth) as i32;
            if *h > HISTORY_MAX {
                self.buf.history.iter_mut().for_each(|h| *h /= 2);
            }
        }
    }
}

/// Moves the move with the highest key among `i..` to position `i`, keeping the order of the
/// others (a stable, lazy selection sort: a cutoff often comes before the list is sorted).
/// True when the keys after `i` are then in order already (later picks would move nothing:
/// most keys are equal when only the table's move and the killers have one).
#[inline]
pub(super) fn pick_next<M>(moves: &mut [M], keys: &mut [i32], i: usize) -> bool {
    let mut best = i;
    let mut in_order = true;
    for j in i + 1..keys.len() {
        if keys[j] > keys[best] {
            best = j;
        }
        if j > i + 1 && keys[j] > keys[j - 1] {
            in_order = false;
        }
    }
    if best != i {
        moves[i..=best].rotate_right(1);
        keys[i..=best].rotate_right(1);
        return false;
    }
    in_order
}
