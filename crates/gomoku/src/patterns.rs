//! Line patterns: what a stone on an empty cell would make along one direction.
//!
//! The board keeps, for every cell and each of the 4 directions, a code of the 10 cells
//! around it on that line (5 each side, 2 bits each: empty, black, white, wall). A table built
//! once maps a code to the [`Pattern`] a stone of each colour would make there: five, open
//! four, four, open three, three, open two, two or nothing. So a move's threats are 8 table
//! lookups, and the board updates the codes of the cells a move touches.
//!
//! A five through the cell lies within 4 cells of it; that is all freestyle needs, so its
//! table reads only the inner 8 cells (the low 16 bits) and the board keeps 16-bit codes.
//! Under the standard rule a sixth stone just beyond such a five spoils it, so the 5th cell
//! each side counts: its table reads all 20 bits and is exact (session 44 found
//! the engine playing into overlines it took for fives when it saw 4 cells each side). So
//! does caro's, where a five's end may be 5 cells away: exactly five with the opponent's
//! stones just beyond both ends is no five.

use std::sync::OnceLock;

use crate::board::{Color, Rule};

/// What a stone would make on one line, weakest first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Pattern {
    /// Nothing that can grow into a five soon.
    None = 0,
    /// A two that one more stone turns into a (closed) three.
    Two = 1,
    /// A two that one more stone turns into an open three.
    OpenTwo = 2,
    /// A three that one more stone turns into a four.
    Three = 3,
    /// A three that one more stone turns into an open four.
    OpenThree = 4,
    /// A four: one cell makes five.
    Four = 5,
    /// An open four (or two fours on one line): two cells make five, it cannot be stopped.
    OpenFour = 6,
    /// Five in a row (for the rule).
    Five = 7,
}

/// How many patterns there are.
pub const PATTERNS: usize = 8;

impl Pattern {
    const ALL: [Pattern; PATTERNS] = [
        Pattern::None,
        Pattern::Two,
        Pattern::OpenTwo,
        Pattern::Three,
        Pattern::OpenThree,
        Pattern::Four,
        Pattern::OpenFour,
        Pattern::Five,
    ];

    /// The pattern numbered `v` (`v < PATTERNS`).
    pub fn from_u8(v: u8) -> Pattern {
        Pattern::ALL[v as usize & 7]
    }
}

/// Codes of one neighbour cell.
pub const EMPTY: u32 = 0;
/// A black stone.
pub const BLACK: u32 = 1;
/// A white stone.
pub const WHITE: u32 = 2;
/// Off the board.
pub const WALL: u32 = 3;

/// The bit position of the neighbour at `offset` (-5..=5, not 0) in a line code: the inner
/// cells -4..-1 and 1..4 in the low 16 bits, then -5 and 5.
pub const fn shift(offset: isize) -> u32 {
    (match offset {
        -5 => 8,
        5 => 9,
        o if o < 0 => o + 4,
        o => o + 3,
    }) as u32
        * 2
}

/// How many codes there are (10 cells of 2 bits).
pub(crate) const CODES: usize = 1 << 20;

/// The inner codes (8 cells), all freestyle needs.
const INNER_CODES: usize = 1 << 16;

/// The pattern table for one rule: per code, Black's pattern in the low 4 bits and White's
/// in the high 4 (one lookup answers for both sides).
pub struct Tables {
    table: Box<[u8; CODES]>,
}

impl Tables {
    /// The pattern a stone of `color` (0 black, 1 white) on a cell with this line code makes.
    #[inline]
    pub fn get(&self, color: usize, code: u32) -> Pattern {
        Pattern::from_u8((self.table[code as usize & (CODES - 1)] >> (4 * color)) & 15)
    }

    /// Both patterns as stored: Black's in the low 4 bits, White's in the high 4.
    #[inline]
    pub fn raw(&self, code: u32) -> u8 {
        self.table[code as usize & (CODES - 1)]
    }

    /// The whole table, raw entries by code (for a loop that reads many).
    #[inline]
    pub(crate) fn entries(&self) -> &[u8; CODES] {
        &self.table
    }
}

/// The tables for a rule, built on first use.
pub fn tables(rule: Rule) -> &'static Tables {
    static FREESTYLE: OnceLock<Tables> = OnceLock::new();
    static STANDARD: OnceLock<Tables> = OnceLock::new();
    static RENJU: OnceLock<Tables> = OnceLock::new();
    static CARO: OnceLock<Tables> = OnceLock::new();
    static STANDARD_CARO: OnceLock<Tables> = OnceLock::new();
    let cell = match rule {
        Rule::Freestyle => &FREESTYLE,
        Rule::Standard => &STANDARD,
        Rule::Renju => &RENJU,
        Rule::Caro => &CARO,
        Rule::StandardCaro => &STANDARD_CARO,
    };
    cell.get_or_init(|| build(rule))
}

/// The neighbour at `offset` (-5..=5, not 0) in a code.
fn at(code: u32, offset: isize) -> u32 {
    (code >> shift(offset)) & 3
}

/// The offsets where a stone may be added: a five through the centre lies within 4 cells.
const INNER: [isize; 8] = [-4, -3, -2, -1, 1, 2, 3, 4];

/// Does the centre stone (own) with these neighbours (own = `BLACK`) make five? Only
/// exactly five if `exact`; under `caro`, not exactly five with the opponent's stones just
/// beyond both ends (within the 5 cells read each way: each end of a five is at most 4 away).
fn five(code: u32, exact: bool, caro: bool) -> bool {
    let run = |sign: isize| (1..=5).take_while(|&k| at(code, sign * k) == BLACK).count();
    let (left, right) = (run(-1), run(1));
    let n = left + right + 1;
    let closed =
        || at(code, -(left as isize) - 1) == WHITE && at(code, right as isize + 1) == WHITE;
    match n {
        5 => !(caro && closed()),
        n => n > 5 && !exact,
    }
}

/// The code with Black and White swapped: each 2-bit cell's low and high bits trade places
/// (01 and 10 swap, 00 and 11 stay).
fn swap_colours(code: u32) -> u32 {
    const LOW: u32 = 0x5_5555;
    let (low, high) = (code & LOW, (code >> 1) & LOW);
    (low << 1) | high
}

/// Builds a rule's table: Black's patterns by dynamic programming ([`black_patterns`]), then
/// White's by swapping colours in the code. Renju mixes the two: exactly five for Black,
/// five or more for White. Freestyle's is worked out over the inner codes only and copied
/// to every outer pair.
fn build(rule: Rule) -> Tables {
    let (black_exact, white_exact) = (rule.exact_five(Color::Black), rule.exact_five(Color::White));
    let black = black_patterns(black_exact, rule.caro());
    let white_own;
    let white = if white_exact == black_exact {
        &black
    } else {
        white_own = black_patterns(white_exact, rule.caro());
        &white_own
    };
    // Worked out over the codes either table reads, then copied to every outer pair.
    let codes = black.len().max(white.len());
    let mut both: Box<[u8; CODES]> = vec![0u8; CODES].into_boxed_slice().try_into().unwrap();
    for (code, entry) in both[..codes].iter_mut().enumerate() {
        let own = code & (black.len() - 1);
        let swapped = swap_colours(code as u32) as usize & (white.len() - 1);
        *entry = black[own] | (white[swapped] << 4);
    }
    for start in (codes..CODES).step_by(codes) {
        both.copy_within(0..codes, start);
    }
    Tables { table: both }
}

/// Under caro: does the centre stone leave a five to make whatever one opponent stone on
/// the line does? (Two cells that each make five are not enough: `.xx*x.o` blocked at
/// the left end leaves `oxx*x.o`, whose five would be closed at both ends.)
fn unstoppable(code: u32, exact: bool) -> bool {
    const WINDOW: [isize; 10] = [-5, -4, -3, -2, -1, 1, 2, 3, 4, 5];
    WINDOW
        .into_iter()
        .filter(|&j| at(code, j) == EMPTY)
        .all(|j| {
            let blocked = code | WHITE << shift(j);
            INNER
                .into_iter()
                .any(|k| at(blocked, k) == EMPTY && five(blocked | BLACK << shift(k), exact, true))
        })
}

/// Black's pattern per code: over all codes when only exactly five wins or under caro, over
/// the inner codes (the outer cells cannot matter) when five or more does. A code's pattern
/// depends on the codes with one more own stone on an empty inner cell, which are larger
/// numbers (an empty cell's 00 becomes 01): so the codes are worked out from the largest down.
fn black_patterns(exact: bool, caro: bool) -> Vec<u8> {
    let codes = if exact || caro { CODES } else { INNER_CODES };
    let mut black = vec![0u8; codes];
    for code in (0..codes as u32).rev() {
        let p = if five(code, exact, caro) {
            Pattern::Five
        } else {
            let mut completions = 0;
            let mut best_next = Pattern::None;
            for k in INNER {
                if at(code, k) != EMPTY {
                    continue;
                }
                let q = Pattern::from_u8(black[(code | BLACK << shift(k)) as usize]);
                if q == Pattern::Five {
                    completions += 1;
                }
                best_next = best_next.max(q);
            }
            match (completions, best_next) {
                // Under caro one stone may spoil two fives: beside one, it closes the other.
                (c, _) if c >= 2 && caro && !unstoppable(code, exact) => Pattern::Four,
                (c, _) if c >= 2 => Pattern::OpenFour,
                (1, _) => Pattern::Four,
                (_, Pattern::OpenFour) => Pattern::OpenThree,
                (_, Pattern::Four) => Pattern::Three,
                (_, Pattern::OpenThree) => Pattern::OpenTwo,
                (_, Pattern::Three) => Pattern::Two,
                _ => Pattern::None,
            }
        };
        black[code as usize] = p as u8;
    }
    black
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A code from a picture of the line: 9 or 11 characters (4 or 5 each side), the centre
    /// (the stone to place) must be `*`; `x` own (black), `o` opponent, `#` wall, `.` empty.
    fn code(s: &str) -> u32 {
        let chars: Vec<char> = s.chars().collect();
        let reach = (chars.len() / 2) as isize;
        assert!(chars.len() == 9 || chars.len() == 11);
        assert_eq!(chars[reach as usize], '*');
        let mut c = 0;
        for (i, offset) in (-reach..=reach).enumerate() {
            if offset == 0 {
                continue;
            }
            let v = match chars[i] {
                'x' => BLACK,
                'o' => WHITE,
                '#' => WALL,
                _ => EMPTY,
            };
            c |= v << shift(offset);
        }
        c
    }

    #[test]
    fn the_textbook_shapes() {
        let t = tables(Rule::Freestyle);
        let cases = [
            ("..xx*xx..", Pattern::Five),      // xx*xx
            ("..x.*xx..", Pattern::Four),      // x.*xx: only the gap makes five
            ("...x*xx..", Pattern::OpenFour),  // .x*xx.: two cells make five
            ("..ox*xx..", Pattern::Four),      // ox*xx.
            ("#xxx*....", Pattern::Four),      // the wall closes one end
            ("oxxx*o...", Pattern::None),      // a dead four
            ("...x*x...", Pattern::OpenThree), // .x*x. with room
            ("..ox*x...", Pattern::Three),     // ox*x..
            ("....*x...", Pattern::OpenTwo),   // .*x.
            ("...o*x...", Pattern::Two),       // o*x...
            ("....*....", Pattern::None),      // a lone stone
        ];
        for (s, want) in cases {
            assert_eq!(t.get(0, code(s)), want, "{s}");
        }
        // Colours swap for White.
        assert_eq!(t.get(1, code("...o*o...")), Pattern::OpenThree);
        assert_eq!(t.get(1, code("...x*x...")), Pattern::None);
    }

    #[test]
    fn overlines_under_the_standard_rule() {
        let free = tables(Rule::Freestyle);
        let standard = tables(Rule::Standard);
        // xxx*xx: six in a row.
        assert_eq!(free.get(0, code(".xxx*xx..")), Pattern::Five);
        assert_eq!(standard.get(0, code(".xxx*xx..")), Pattern::None);
        // x.xx*x: the gap would make six; not a four under the standard rule.
        assert_eq!(free.get(0, code("x.xx*x...")), Pattern::OpenFour);
        assert_eq!(standard.get(0, code("x.xx*x...")), Pattern::Four);
        // A sixth stone five cells away: xxxx* is a five under freestyle only, and
        // .xxx*. an open four only where neither end reaches a stone beyond.
        assert_eq!(free.get(0, code("xxxxx*.....")), Pattern::Five);
        assert_eq!(standard.get(0, code("xxxxx*.....")), Pattern::None);
        assert_eq!(standard.get(0, code("oxxxx*.....")), Pattern::Five);
        assert_eq!(standard.get(0, code("x.xxx*..x..")), Pattern::Four);
        // Both ends make six here: no five is left on the line.
        assert_eq!(standard.get(0, code("x.xxx*.x...")), Pattern::None);
        assert_eq!(standard.get(0, code("o.xxx*.o...")), Pattern::OpenFour);
        assert_eq!(free.get(0, code("x.xxx*.x...")), Pattern::OpenFour);
        // Colours swap for White here too.
        assert_eq!(standard.get(1, code("ooooo*.....")), Pattern::None);
        assert_eq!(standard.get(1, code("xoooo*.....")), Pattern::Five);
    }
}
