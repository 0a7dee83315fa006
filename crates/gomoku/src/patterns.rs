//! Line patterns: what a stone on an empty cell would make along one direction.
//!
//! The board keeps, for every cell and each of the 4 directions, a 16-bit code of the 8 cells
//! around it on that line (4 each side, 2 bits each: empty, black, white, wall). A table built
//! once maps a code to the [`Pattern`] a stone of each colour would make there: five, open
//! four, four, open three, three, open two, two or nothing. So a move's threats are 8 table
//! lookups, and the board updates the codes of the 32 cells a move touches.
//!
//! The table sees 4 cells each side, which is all a five through the cell can use. Under the
//! standard rule an overline that reaches a fifth cell away is not seen (the pattern says five
//! where the real line is six); the board's own win test is exact, so this only blurs move
//! ordering and evaluation in that rare case.

use std::sync::OnceLock;

use crate::board::Rule;

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
pub const EMPTY: u16 = 0;
/// A black stone.
pub const BLACK: u16 = 1;
/// A white stone.
pub const WHITE: u16 = 2;
/// Off the board.
pub const WALL: u16 = 3;

/// The bit position of the neighbour at `offset` (-4..=4, not 0) in a line code.
pub const fn shift(offset: isize) -> u32 {
    (if offset < 0 { offset + 4 } else { offset + 3 }) as u32 * 2
}

/// The pattern table for one rule: per code, Black's pattern in the low 4 bits and White's
/// in the high 4 (one lookup answers for both sides).
pub struct Tables {
    table: Box<[u8; 1 << 16]>,
}

impl Tables {
    /// The pattern a stone of `color` (0 black, 1 white) on a cell with this line code makes.
    #[inline]
    pub fn get(&self, color: usize, code: u16) -> Pattern {
        Pattern::from_u8((self.table[code as usize] >> (4 * color)) & 15)
    }

    /// Both patterns as stored: Black's in the low 4 bits, White's in the high 4.
    #[inline]
    pub fn raw(&self, code: u16) -> u8 {
        self.table[code as usize]
    }

    /// The whole table, raw entries by code (for a loop that reads many).
    #[inline]
    pub(crate) fn entries(&self) -> &[u8; 1 << 16] {
        &self.table
    }
}

/// The tables for a rule, built on first use.
pub fn tables(rule: Rule) -> &'static Tables {
    static FREESTYLE: OnceLock<Tables> = OnceLock::new();
    static STANDARD: OnceLock<Tables> = OnceLock::new();
    match rule {
        Rule::Freestyle => FREESTYLE.get_or_init(|| build(false)),
        Rule::Standard => STANDARD.get_or_init(|| build(true)),
    }
}

/// The 8 neighbours of a code, offsets -4..-1 then 1..4.
fn cells(code: u16) -> [u16; 8] {
    std::array::from_fn(|j| (code >> (2 * j)) & 3)
}

/// Does the centre stone (own) with these neighbours (own = 1) make five?
fn five(n: &[u16; 8], exact: bool) -> bool {
    let left = (0..4).rev().take_while(|&j| n[j] == BLACK).count();
    let right = (4..8).take_while(|&j| n[j] == BLACK).count();
    let run = left + right + 1;
    if exact {
        run == 5
    } else {
        run >= 5
    }
}

/// Builds Black's table by dynamic programming over codes with more own stones first (a
/// code's pattern depends on the codes with one more own stone), then White's by swapping
/// colours in the code.
fn build(exact: bool) -> Tables {
    let mut black = Box::new([0u8; 1 << 16]);
    let mut order: Vec<u16> = (0..=u16::MAX).collect();
    let own = |c: u16| cells(c).iter().filter(|&&v| v == BLACK).count();
    order.sort_by_key(|&c| std::cmp::Reverse(own(c)));
    for code in order {
        let n = cells(code);
        let p = if five(&n, exact) {
            Pattern::Five
        } else {
            let mut completions = 0;
            let mut best_next = Pattern::None;
            for (j, &v) in n.iter().enumerate() {
                if v != EMPTY {
                    continue;
                }
                let next = code | (BLACK << (2 * j));
                let q = Pattern::from_u8(black[next as usize]);
                if q == Pattern::Five {
                    completions += 1;
                }
                best_next = best_next.max(q);
            }
            match (completions, best_next) {
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
    let mut both = Box::new([0u8; 1 << 16]);
    for code in 0..=u16::MAX {
        let swapped = (0..8).fold(0u16, |acc, j| {
            let v = match (code >> (2 * j)) & 3 {
                BLACK => WHITE,
                WHITE => BLACK,
                v => v,
            };
            acc | (v << (2 * j))
        });
        both[code as usize] = black[code as usize] | (black[swapped as usize] << 4);
    }
    Tables { table: both }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A code from a picture of the line: 9 characters, the centre (the stone to place) is
    /// the 5th and must be `*`; `x` own (black), `o` opponent, `#` wall, `.` empty.
    fn code(s: &str) -> u16 {
        let chars: Vec<char> = s.chars().collect();
        assert_eq!(chars.len(), 9);
        assert_eq!(chars[4], '*');
        let mut c = 0;
        for (i, offset) in (-4isize..=4).enumerate() {
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
    }
}
