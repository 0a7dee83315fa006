//! The board's counts, per colour, packed in eight 16-bit lanes so that a move's whole change
//! is a few integer additions: per pattern, how many (empty cell, direction) pairs would make
//! it; and per [`Combo`](crate::Combo), how many empty cells would make it.

use crate::board::Color;
use crate::patterns::{Pattern, PATTERNS};

/// Per colour, two words of four 16-bit lanes: the even lanes (for patterns: none, open two,
/// open three, open four) in the first, the odd ones (two, three, four, five) in the second.
/// A count never exceeds 4 x 22 x 22, so lanes never carry into each other, and a wrapping
/// addition of signed per-lane changes is exact.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts([[u64; 2]; 2]);

/// The low byte of every 16-bit lane.
const BYTES: u64 = 0x00FF_00FF_00FF_00FF;
/// The bias of [`Counts::add_tally`]'s 8-bit lanes, spread to the 16-bit ones.
const BIAS: u64 = 0x0080_0080_0080_0080;

impl Counts {
    /// The count of pattern `p` for `color`.
    #[inline]
    pub fn get(&self, color: Color, p: Pattern) -> u32 {
        self.lane(color, p as usize)
    }

    /// The count in lane `lane` (0 to 7) for `color`: for counts of other things than
    /// patterns (the board's combination counts).
    #[inline]
    pub fn lane(&self, color: Color, lane: usize) -> u32 {
        (self.0[color.index()][lane & 1] >> (16 * (lane >> 1 & 3))) as u16 as u32
    }

    /// All of `color`'s counts, by pattern (`Pattern as usize`).
    pub fn side(&self, color: Color) -> [u32; PATTERNS] {
        std::array::from_fn(|p| self.get(color, Pattern::from_u8(p as u8)))
    }

    /// Adds one to pattern `p` of colour index `c` (a count from scratch).
    pub(crate) fn add_one(&mut self, c: usize, p: usize) {
        self.0[c & 1][p & 1] += 1 << (16 * (p >> 1 & 3));
    }

    /// Adds a move's changes for colour index `c`, tallied in eight 8-bit lanes (lane `p`
    /// for pattern `p`), each biased by 0x80: a move changes a pattern count by at most 36
    /// (4 directions x 8 cells, and the 4 lines of its own cell) and a combo count by at
    /// most 33 (32 cells and its own), either way.
    #[inline]
    pub(crate) fn add_tally(&mut self, c: usize, tally: u64) {
        let [even, odd] = &mut self.0[c & 1];
        *even = even.wrapping_add(tally & BYTES).wrapping_sub(BIAS);
        *odd = odd.wrapping_add(tally >> 8 & BYTES).wrapping_sub(BIAS);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Single additions and tallies against plain per-pattern integers.
    #[test]
    fn lanes_add_up_like_plain_counts() {
        let mut counts = Counts::default();
        let mut plain = [[0i64; PATTERNS]; 2];
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..5000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let c = (state & 1) as usize;
            if state >> 1 & 1 == 0 {
                let p = (state >> 2 & 7) as usize;
                counts.add_one(c, p);
                plain[c][p] += 1;
            } else {
                // A tally of changes within -32..=32 per pattern, never below zero.
                let mut tally = 0u64;
                for (p, n) in plain[c].iter_mut().enumerate() {
                    let d = ((state >> (8 + 6 * p)) & 63) as i64 - 32;
                    let d = d.max(-*n);
                    *n += d;
                    tally |= ((0x80 + d) as u64) << (8 * p);
                }
                counts.add_tally(c, tally);
            }
            for (ci, color) in [Color::Black, Color::White].into_iter().enumerate() {
                let side = counts.side(color);
                for p in 0..PATTERNS {
                    assert_eq!(side[p] as i64, plain[ci][p]);
                }
            }
        }
    }
}
