//! Correction history: how far searches found the static value off, remembered by the last
//! two moves that led to the position (see
//! [`SearchOptions::correction_history`](crate::SearchOptions::correction_history)).
//!
//! A static evaluation misjudges some kinds of position the same way again and again (a
//! threat it overrates, a defence it does not see); positions reached by the same two moves
//! share much of that. Each worker keeps, per pair of moves and side to move, a running mean
//! of (searched value - static value) over the nodes it searched, and adds it to the static
//! value of the next node reached by the same pair, where the pruning reads it.

/// Slots in the table (a power of two; pairs share a slot only by chance): 512 KiB of `i16`,
/// cleared at each search. On `gomoku bench` it searches the same trees as a table with a
/// slot for every pair (the same signatures at depth 9 and 12).
const SLOTS: usize = 1 << 18;
/// The most a correction moves a static value, in the evaluator's units.
const CLAMP: i32 = 128;
/// Corrections are kept in sixteenths of a unit, so that small steps add up.
const UNIT: i32 = 16;

/// The per-worker table of corrections (empty when the option is off).
#[derive(Default)]
pub(crate) struct Corrections {
    slots: Vec<i16>,
}

impl Corrections {
    /// A new search: every correction back to zero (on) or no table at all (off).
    pub(crate) fn reset(&mut self, on: bool) {
        self.slots.clear();
        if on {
            self.slots.resize(SLOTS, 0);
        }
    }

    /// Whether the table is in use.
    pub(crate) fn is_on(&self) -> bool {
        !self.slots.is_empty()
    }

    /// The slot of a position reached by the move `before`, then the move `last` (move ids),
    /// with `parity` the ply's parity (which side is to move).
    pub(crate) fn slot(last: usize, before: usize, parity: usize) -> usize {
        let key = ((last as u64) << 33) ^ ((before as u64) << 1) ^ parity as u64;
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOTS.trailing_zeros())) as usize
    }

    /// The correction to add to the static value of a position in `slot`.
    pub(crate) fn get(&self, slot: usize) -> i32 {
        self.slots.get(slot).map_or(0, |&c| c as i32 / UNIT)
    }

    /// A search `depth` plies deep found the position in `slot` worth `error` more than its
    /// static value: the slot's mean moves towards it, further the deeper the search (a
    /// quarter of the way from 4 plies on, a sixteenth at 1 ply), never beyond [`CLAMP`].
    pub(crate) fn learn(&mut self, slot: usize, depth: u32, error: i32) {
        let Some(c) = self.slots.get_mut(slot) else {
            return;
        };
        let target = error.clamp(-CLAMP, CLAMP) * UNIT;
        let weight = (4 * depth as i32).min(16);
        let now = *c as i32;
        *c = (now + (target - now) * weight / 64) as i16;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrections_follow_what_searches_found() {
        let mut t = Corrections::default();
        let s = Corrections::slot(40, 72, 0);
        // Off: no table, no correction, learning does nothing.
        t.reset(false);
        t.learn(s, 4, 50);
        assert_eq!(t.get(s), 0);
        t.reset(true);
        assert_eq!(t.get(s), 0);
        // One node searched 4 plies deep moves the correction a quarter of the way: 50 / 4, truncated.
        t.learn(s, 4, 50);
        assert_eq!(t.get(s), 12);
        // Many bring it to the error they keep finding (within the last sixteenth's rounding).
        for _ in 0..100 {
            t.learn(s, 6, 50);
        }
        assert!((48..=50).contains(&t.get(s)), "{}", t.get(s));
        // A shallow search moves it a sixteenth of the way back towards -50.
        let before = t.get(s);
        t.learn(s, 1, -50);
        let step = before - t.get(s);
        assert!((5..=7).contains(&step), "{before} -> {}", t.get(s));
        // Never beyond the clamp, however large the error.
        for _ in 0..100 {
            t.learn(s, 8, -10_000);
        }
        assert!((-CLAMP..=-CLAMP + 2).contains(&t.get(s)), "{}", t.get(s));
        // Other pairs, the other side to move and the pair in the other order are apart.
        for other in [
            Corrections::slot(72, 40, 0),
            Corrections::slot(40, 72, 1),
            Corrections::slot(41, 72, 0),
        ] {
            assert_ne!(other, s);
            assert_eq!(t.get(other), 0);
        }
        // A new search starts from nothing.
        t.reset(true);
        assert_eq!(t.get(s), 0);
    }
}
