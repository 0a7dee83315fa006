//! Combinations: what a stone on an empty cell would make across its four lines together
//! (two open threes, a four and an open three, ...), read from a tally of the patterns it
//! would make on each line. The board keeps each cell's tallies up to date with its line
//! codes and counts the cells by [`Combo`] for the evaluation.

use crate::patterns::Pattern;
#[cfg(doc)]
use crate::Counts;

/// What a stone on an empty cell would make across its four lines together, strongest
/// first (a cell counts in its strongest combo only).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Combo {
    /// Nothing of two lines together.
    None = 0,
    /// A win in one: an open four, two fours, or a four and an open three.
    Decisive = 1,
    /// Two open threes.
    DoubleThree = 2,
    /// A four and, on another line, a three or an open two.
    FourPlus = 3,
    /// An open three and, on another line, a three or an open two.
    ThreePlus = 4,
    /// Two lines of a three or an open two each.
    DoubleTwo = 5,
}

/// How many combos there are (lanes of the combo counts).
pub const COMBO_KINDS: usize = 6;

// The base-5 digits of a cell's tally: per colour, how many of its four lines would make a
// three or open two (`BUILDER`), an open three, a four, an open four or five. Four lines
// never carry a digit over, so a colour's tally stays below `TALLY_LIMIT`.
const BUILDER: u32 = 1;
const OPEN_THREE: u32 = 5;
const FOUR: u32 = 25;
const OPEN_FOUR: u32 = 125;
const TALLY_LIMIT: usize = 625;

/// A pattern's digit in a cell's tally of its four lines.
const fn tally_of(p: usize) -> u32 {
    if p >= Pattern::OpenFour as usize {
        OPEN_FOUR
    } else if p == Pattern::Four as usize {
        FOUR
    } else if p == Pattern::OpenThree as usize {
        OPEN_THREE
    } else if p == Pattern::Three as usize || p == Pattern::OpenTwo as usize {
        BUILDER
    } else {
        0
    }
}

/// Per pattern-table entry (both colours' patterns), the two tallies: Black's in the low
/// 16 bits, White's in the high 16.
pub(crate) const TALLIES: [u32; 256] = {
    let mut t = [0u32; 256];
    let mut e = 0;
    while e < 256 {
        t[e] = tally_of(e & 7) | tally_of(e >> 4 & 7) << 16;
        e += 1;
    }
    t
};

/// Might a black stone with this tally be forbidden under renju: an open four or five on a
/// line (a line's two fours count as an open four), fours on two lines, or open threes on
/// two? (Every renju four and three is one of ours; overlines are not in the tally.)
#[inline]
pub(crate) fn may_be_foul(tally: u32) -> bool {
    let digit = |unit: u32| tally / unit % 5;
    digit(OPEN_FOUR) > 0 || digit(FOUR) >= 2 || digit(OPEN_THREE) >= 2
}

/// The combo of a cell whose four lines make `fours` fours or better, `open_fours` open
/// fours or better, `open_threes` open threes and `builders` threes or open twos.
const fn classify(fours: usize, open_fours: usize, open_threes: usize, builders: usize) -> Combo {
    if open_fours > 0 || fours >= 2 || (fours == 1 && open_threes >= 1) {
        Combo::Decisive
    } else if open_threes >= 2 {
        Combo::DoubleThree
    } else if fours == 1 && builders >= 1 {
        Combo::FourPlus
    } else if open_threes == 1 && builders >= 1 {
        Combo::ThreePlus
    } else if builders >= 2 {
        Combo::DoubleTwo
    } else {
        Combo::None
    }
}

/// The digit of weight `d` in the tally `tally`.
const fn digit(tally: usize, d: u32) -> usize {
    tally / d as usize % 5
}

/// How many entries the per-colour tables have: a power of two above every tally
/// (`TALLY_LIMIT`), so that a masked index needs no bounds check.
const TALLY_SPAN: usize = 1024;

/// Per tally (see [`tally_of`]), the cell's [`Combo`] as a number.
const COMBOS: [u8; TALLY_SPAN] = {
    let mut t = [0u8; TALLY_SPAN];
    let mut i = 0;
    while i < TALLY_LIMIT {
        let (builders, open_threes) = (digit(i, BUILDER), digit(i, OPEN_THREE));
        let (fours, open_fours) = (digit(i, FOUR), digit(i, OPEN_FOUR));
        t[i] = classify(fours + open_fours, open_fours, open_threes, builders) as u8;
        i += 1;
    }
    t
};

/// Per tally, the cell's lane increment in the combo [`Counts`] (one in the lane of its
/// combo): the evaluation's bookkeeping reads it for 33 cells a move, both colours.
const COMBO_LANES: [u64; TALLY_SPAN] = {
    let mut t = [0u64; TALLY_SPAN];
    let mut i = 0;
    while i < TALLY_SPAN {
        t[i] = 1 << (8 * COMBOS[i] as u32);
        i += 1;
    }
    t
};

/// Whether one colour's tally of a cell (the low 16 bits count) has a four or better on some
/// line: the lesser digits of four lines sum to less than `FOUR`.
#[inline]
pub(crate) fn tally_has_four(tally: u32) -> bool {
    tally & 0xFFFF >= FOUR
}

/// Whether one colour's tally of a cell (the low 16 bits count) has an open four or a five
/// on some line: the lesser digits of four lines sum to less than `OPEN_FOUR`.
#[inline]
pub(crate) fn tally_has_open_four(tally: u32) -> bool {
    tally & 0xFFFF >= OPEN_FOUR
}

/// The combo of one colour's tally of a cell (the low 16 bits count).
#[inline]
pub(crate) fn cell_combo(tally: u32) -> u8 {
    COMBOS[tally as usize & (TALLY_SPAN - 1)]
}

/// The lane increments of a cell's combos for both colours (in the combo [`Counts`]), from
/// its tallies as the board keeps them: Black's in the low 16 bits, White's in the high 16.
#[inline]
pub(crate) fn combo_lanes(tallies: u32) -> [u64; 2] {
    [
        COMBO_LANES[tallies as usize & (TALLY_SPAN - 1)],
        COMBO_LANES[(tallies >> 16) as usize & (TALLY_SPAN - 1)],
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patterns::PATTERNS;

    /// The combo of four lines' patterns, counted plainly from the list.
    fn plain_combo(lines: [usize; 4]) -> Combo {
        let count = |f: fn(Pattern) -> bool| {
            lines
                .iter()
                .filter(|&&p| f(Pattern::from_u8(p as u8)))
                .count()
        };
        classify(
            count(|p| p >= Pattern::Four),
            count(|p| p >= Pattern::OpenFour),
            count(|p| p == Pattern::OpenThree),
            count(|p| p == Pattern::Three || p == Pattern::OpenTwo),
        )
    }

    /// Every choice of four lines' patterns for each colour (8^4 each, the other colour's
    /// lines taken in reverse), summed as the board sums its tallies, reads back as the
    /// combo of those lines counted plainly: no digit carries into another, and neither
    /// colour's tally disturbs the other's. (The rule itself, `classify`, is checked on
    /// hand-built boards in the game's tests.)
    #[test]
    fn a_cells_tally_reads_as_the_combo_of_its_lines() {
        for i in 0..PATTERNS.pow(4) {
            let black: [usize; 4] = std::array::from_fn(|d| i / PATTERNS.pow(d as u32) % PATTERNS);
            let white: [usize; 4] = std::array::from_fn(|d| black[3 - d] ^ 5);
            let tallies: u32 = (0..4).map(|d| TALLIES[black[d] | white[d] << 4]).sum();
            assert_eq!(
                cell_combo(tallies) as usize,
                plain_combo(black) as usize,
                "{black:?}"
            );
            assert_eq!(
                cell_combo(tallies >> 16) as usize,
                plain_combo(white) as usize,
                "{white:?}"
            );
        }
    }
}
