//! Renju's forbidden moves: Black may not make an overline (six or more in a row), two fours
//! at once, or two open threes at once, unless the same stone makes exactly five. An open
//! three counts only if it can become a straight four (`.xxxx.`, two cells to make five) by
//! a move that is not itself forbidden, so the test recurses.
//!
//! The check works on a copy of the cells (a stone placed and taken back as it goes), not on
//! the board's incremental state: it runs only for Black's few candidate cells that the
//! pattern tallies say might be forbidden ([`Board::forbids`]), so it need not be fast.

use std::fmt;

use crate::board::{Board, Cell, Color, Rule, DIRECTIONS, GRID};
use crate::combos::may_be_foul;
use crate::patterns::Pattern;

/// Why a move is forbidden to Black under renju.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Foul {
    /// Six or more in a row.
    Overline,
    /// Two fours at once (on two lines, or two on one line: `x.xxx.x` filled in the middle).
    DoubleFour,
    /// Two open threes at once, each able to become a straight four.
    DoubleThree,
}

impl fmt::Display for Foul {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Foul::Overline => "an overline",
            Foul::DoubleFour => "a double four",
            Foul::DoubleThree => "a double three",
        })
    }
}

/// How deep the test of a three's straight four may recurse. Real positions end after two or
/// three levels; the cap only bounds made-up ones, where a deeper three is taken as real.
const MAX_NESTING: u32 = 8;

type Grid = [Cell; GRID];

const BLACK: Cell = Cell::Stone(Color::Black);

impl Board {
    /// Why a black stone on the empty `cell` would be forbidden under renju, if it would be.
    /// `None` under the other rules, and for a cell that is not empty.
    pub fn foul(&self, cell: u16) -> Option<Foul> {
        if self.rule() != Rule::Renju || self.at(cell) != Cell::Empty {
            return None;
        }
        // The lines worth testing, from the pattern table: a renju four is one of our fours
        // or open fours, a renju three one of our open threes (or better, to be safe).
        let mut lines = Lines {
            fours: 0,
            threes: 0,
        };
        for di in 0..4 {
            let p = self.pattern(cell, Color::Black, di);
            lines.fours |= ((p >= Pattern::Four) as u8) << di;
            lines.threes |= ((p >= Pattern::OpenThree) as u8) << di;
        }
        let mut grid = *self.grid();
        foul_at(&mut grid, cell as usize, lines)
    }

    /// Why the side to move may not play the empty `cell`, if it may not: only Black under
    /// renju ever has a foul.
    #[inline]
    pub fn forbidden(&self, cell: u16) -> Option<Foul> {
        self.foul_for(self.to_move(), cell)
    }

    /// Would the side to move break the rule by playing the empty `cell`?
    #[inline]
    pub fn forbids(&self, cell: u16) -> bool {
        self.forbidden(cell).is_some()
    }

    /// Why `color` may not play the empty `cell`, if it may not. The cell's pattern tally
    /// rules out almost every cell without the full test.
    #[inline]
    pub(crate) fn foul_for(&self, color: Color, cell: u16) -> Option<Foul> {
        if self.rule() != Rule::Renju
            || color != Color::Black
            || !(may_be_foul(self.black_tally(cell)) || self.may_overline(cell))
        {
            return None;
        }
        self.foul(cell)
    }

    /// Could a black stone on `cell` make six or more in a row (the tallies do not see it:
    /// the exact five's table calls such a line nothing)?
    fn may_overline(&self, cell: u16) -> bool {
        DIRECTIONS
            .iter()
            .any(|&d| self.run_length(cell, d, Color::Black) >= 6)
    }
}

/// Which of a cell's lines (bit `i` for `DIRECTIONS[i]`) may hold a four, and which a three:
/// the test skips the others, and the threes altogether when fewer than two lines may hold
/// one. Known from the board's patterns for the cell asked about; every line deeper down.
#[derive(Copy, Clone)]
struct Lines {
    fours: u8,
    threes: u8,
}

const EVERY_LINE: Lines = Lines {
    fours: 15,
    threes: 15,
};

/// [`Board::foul`] on a grid of cells, the lines to look at known.
fn foul_at(g: &mut Grid, cell: usize, lines: Lines) -> Option<Foul> {
    g[cell] = BLACK;
    let foul = foul_of_placed(g, cell, 0, lines);
    g[cell] = Cell::Empty;
    foul
}

/// The foul of the black stone just placed on `cell`, if any, `nesting` levels deep in the
/// test of threes.
fn foul_of_placed(g: &mut Grid, cell: usize, nesting: u32, lines: Lines) -> Option<Foul> {
    let runs = DIRECTIONS.map(|d| run(g, cell, d));
    if runs.contains(&5) {
        return None;
    }
    if runs.iter().any(|&n| n > 5) {
        return Some(Foul::Overline);
    }
    let on = |mask: u8| {
        (0..4)
            .filter(move |&i| mask >> i & 1 != 0)
            .map(|i| DIRECTIONS[i])
    };
    let fours: usize = on(lines.fours).map(|d| fours_on_line(g, cell, d)).sum();
    if fours >= 2 {
        return Some(Foul::DoubleFour);
    }
    if lines.threes.count_ones() < 2 {
        return None;
    }
    let mut threes = 0;
    for d in on(lines.threes) {
        if is_real_three(g, cell, d, nesting) {
            threes += 1;
            if threes == 2 {
                return Some(Foul::DoubleThree);
            }
        }
    }
    None
}

/// Black stones in a row through `cell` along `d`, the cell counted (it must hold one).
fn run(g: &Grid, cell: usize, d: isize) -> usize {
    let mut n = 1;
    for sign in [-1, 1] {
        let mut i = cell as isize + sign * d;
        while g[i as usize] == BLACK {
            n += 1;
            i += sign * d;
        }
    }
    n
}

/// The empty cells on `cell`'s line `d` (within four steps) where Black would make exactly
/// five with the stone on `cell` in it, in line order; at most 3 kept.
fn five_cells(g: &mut Grid, cell: usize, d: isize) -> ([usize; 3], usize) {
    let (mut out, mut n) = ([0; 3], 0);
    for k in -4..=4isize {
        let e = (cell as isize + k * d) as usize;
        if k == 0 || g[e] != Cell::Empty {
            continue;
        }
        g[e] = BLACK;
        // Exactly five through `e`; it holds `cell` when every cell between them is black.
        let five = run(g, e, d) == 5 && holds(g, e, d, cell);
        g[e] = Cell::Empty;
        if five && n < 3 {
            out[n] = e;
            n += 1;
        }
    }
    (out, n)
}

/// Is the line through `cell` a straight four (see [`straight`])?
fn is_straight_four(g: &mut Grid, cell: usize, d: isize) -> bool {
    let (cells, n) = five_cells(g, cell, d);
    straight(&cells, n, d)
}

/// Do these cells making five (`n` of them, from [`five_cells`]) make a straight four: two,
/// five steps apart, so the four stones between them are one unbroken row? (The directions
/// are positive steps, so the cells come in increasing order.)
fn straight(cells: &[usize; 3], n: usize, d: isize) -> bool {
    n == 2 && (cells[1] - cells[0]) as isize == 5 * d
}

/// How many fours the stone on `cell` makes on its line `d`: a straight four is one, two
/// separate cells making five (`x.xxx.x` filled in the middle) are two.
fn fours_on_line(g: &mut Grid, cell: usize, d: isize) -> usize {
    let (cells, n) = five_cells(g, cell, d);
    match n {
        0 => 0,
        2 if straight(&cells, n, d) => 1,
        1 => 1,
        _ => 2,
    }
}

/// Is the stone on `cell` part of a real three on line `d`: is there an empty cell on the
/// line that makes a straight four holding `cell`, and is that move itself allowed?
fn is_real_three(g: &mut Grid, cell: usize, d: isize, nesting: u32) -> bool {
    for k in -4..=4isize {
        let e = (cell as isize + k * d) as usize;
        if k == 0 || g[e] != Cell::Empty {
            continue;
        }
        g[e] = BLACK;
        let straight = is_straight_four(g, e, d) && holds(g, e, d, cell);
        let real = straight
            && (nesting >= MAX_NESTING || foul_of_placed(g, e, nesting + 1, EVERY_LINE).is_none());
        g[e] = Cell::Empty;
        if real {
            return true;
        }
    }
    false
}

/// Does the unbroken black row through `from` along `d` hold `cell`?
fn holds(g: &Grid, from: usize, d: isize, cell: usize) -> bool {
    [-d, d].iter().any(|&step| {
        let mut i = from as isize;
        while g[i as usize] == BLACK {
            if i as usize == cell {
                return true;
            }
            i += step;
        }
        false
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::{check_line, xorshift};
    use crate::{Engine, Limit, Threats, VcfSearch};
    use alphabeta::{Ends, Evaluator, Game, Score};

    /// A 15x15 renju board, Black to move, from a picture of a 7x7 square in its middle:
    /// seven rows, top to bottom, apart by white space; `x` Black, `o` White, `.` empty, `*`
    /// the cell asked about (left empty). Stones are added in turn, the side short of stones
    /// filling in on the top rows (White) or the bottom ones (Black), two columns apart:
    /// nothing they make reaches the square.
    fn picture(rows: &str) -> (Board, u16) {
        let mut b = Board::new(15, Rule::Renju).unwrap();
        let (mut black, mut white, mut star) = (Vec::new(), Vec::new(), None);
        let rows: Vec<&str> = rows.split_whitespace().collect();
        assert_eq!(rows.len(), 7, "seven rows");
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                let cell = b.index(4 + c as u32, 4 + r as u32).unwrap();
                match ch {
                    'x' => black.push(cell),
                    'o' => white.push(cell),
                    '*' => star = Some(cell),
                    _ => {}
                }
            }
        }
        let mut pad = 0;
        while black.len() != white.len() {
            let (short, y) = if black.len() < white.len() {
                (&mut black, 14 - pad / 8)
            } else {
                (&mut white, pad / 8)
            };
            short.push(b.index(2 * (pad % 8), y).unwrap());
            pad += 1;
        }
        for (&x, &o) in black.iter().zip(&white) {
            b.place(x);
            b.place(o);
        }
        (b, star.expect("a * in the picture"))
    }

    /// The board `b` turned by one of the 8 symmetries, and where `cell` goes.
    fn oriented(b: &Board, cell: u16, symmetry: usize) -> (Board, u16) {
        let mut with = b.clone();
        with.place(cell);
        let mut t = with.transformed(symmetry);
        let star = t.remove_last().expect("the cell's stone");
        (t, star)
    }

    /// Hand-worked cases of the renju rules, each with the answer the rules give, in all 8
    /// orientations.
    #[test]
    fn the_forbidden_shapes_by_hand() {
        let cases: [(&str, Option<Foul>, &str); 10] = [
            (
                "
                    .......
                    .......
                    ...x...
                    ...x...
                    .xx*...
                    .......
                    .......",
                Some(Foul::DoubleThree),
                "two open threes",
            ),
            (
                "
                    .......
                    ...x...
                    ...x...
                    ...x...
                    xxx*...
                    .......
                    .......",
                Some(Foul::DoubleFour),
                "two straight fours",
            ),
            (
                "
                    .......
                    .......
                    .......
                    x.x*x.x
                    .......
                    .......
                    .......",
                Some(Foul::DoubleFour),
                "two fours on one line",
            ),
            (
                "
                    .......
                    .......
                    .......
                    xxx*xx.
                    .......
                    .......
                    .......",
                Some(Foul::Overline),
                "six in a row",
            ),
            (
                "
                    ....x..
                    ....x..
                    ....x..
                    xxxx*..
                    .......
                    .......
                    .......",
                None,
                "five with a four: the five wins",
            ),
            (
                "
                    .......
                    .......
                    ....x..
                    ....x..
                    .xxx*..
                    .......
                    .......",
                None,
                "a four and a three are allowed",
            ),
            (
                "
                    .......
                    .......
                    ...x...
                    ...x...
                    oxx*...
                    .......
                    .......",
                None,
                "a three closed at one end is no three",
            ),
            (
                "
                    .......
                    .x...x.
                    .x...x.
                    .x...x.
                    ..xx*..
                    ....x..
                    ....x..",
                None,
                "a three whose straight fours would both be double fours is no three",
            ),
            (
                "
                    .......
                    .......
                    .......
                    .......
                    ..xx*..
                    ....x..
                    ....x..",
                Some(Foul::DoubleThree),
                "the same without the double fours",
            ),
            (
                "
                    .......
                    .......
                    .......
                    xxxx*x.
                    .......
                    .......
                    .......",
                Some(Foul::Overline),
                "six with a gap filled",
            ),
        ];
        for (rows, want, what) in cases {
            let (b, cell) = picture(rows);
            for s in 0..8 {
                let (t, star) = oriented(&b, cell, s);
                assert_eq!(t.foul(star), want, "{what}, orientation {s}\n{t}");
            }
            assert_eq!(b.foul(cell), want, "{what}\n{b}");
            assert_eq!(b.forbids(cell), want.is_some(), "{what}: forbids\n{b}");
            // White is never forbidden anything, and the other rules forbid nothing.
            let mut w = b.clone();
            w.place(w.index(14, 7).unwrap());
            assert!(!w.forbids(cell), "{what}: White");
            let mut s = Board::new(15, Rule::Standard).unwrap();
            for &m in b.history() {
                s.place(m);
            }
            assert_eq!(s.foul(cell), None, "{what}: standard rule");
        }
    }

    /// The rules written out again, on a plain 2D array and by 5- and 6-cell windows rather
    /// than runs and cells making five, to check [`Board::foul`] against.
    mod plain {
        use super::Foul;

        pub type Grid = Vec<Vec<u8>>; // 0 empty, 1 black, 2 white
        const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

        fn get(g: &Grid, x: i32, y: i32) -> u8 {
            let n = g.len() as i32;
            if x < 0 || y < 0 || x >= n || y >= n {
                3
            } else {
                g[y as usize][x as usize]
            }
        }

        /// The cells of the line through (x, y) along (dx, dy), offsets -6..=6.
        fn line(g: &Grid, x: i32, y: i32, (dx, dy): (i32, i32)) -> Vec<u8> {
            (-6..=6).map(|k| get(g, x + k * dx, y + k * dy)).collect()
        }

        /// Offsets (on `line`'s index, the stone at 6) of empty cells that make exactly five
        /// in a window holding the stone.
        fn completions(l: &[u8]) -> Vec<usize> {
            let mut out = Vec::new();
            for start in 2..=6 {
                let w = &l[start..start + 5];
                let blacks = w.iter().filter(|&&v| v == 1).count();
                let empties: Vec<usize> = (0..5).filter(|&i| w[i] == 0).collect();
                if blacks == 4 && empties.len() == 1 && l[start - 1] != 1 && l[start + 5] != 1 {
                    let e = start + empties[0];
                    if !out.contains(&e) {
                        out.push(e);
                    }
                }
            }
            out
        }

        /// `.xxxx.` holding the stone (index 6), both ends making exactly five.
        fn straight(l: &[u8]) -> bool {
            (1..=6).any(|s| {
                s + 5 < l.len()
                    && (s + 1..=s + 4).contains(&6)
                    && l[s] == 0
                    && l[s + 5] == 0
                    && l[s + 1..s + 5].iter().all(|&v| v == 1)
                    && (s == 0 || l[s - 1] != 1)
                    && (s + 6 >= l.len() || l[s + 6] != 1)
            })
        }

        pub fn foul(g: &mut Grid, x: i32, y: i32) -> Option<Foul> {
            g[y as usize][x as usize] = 1;
            let mut longest = Vec::new();
            for d in DIRS {
                let l = line(g, x, y, d);
                let left = (0..6).rev().take_while(|&i| l[i] == 1).count();
                let right = (7..13).take_while(|&i| l[i] == 1).count();
                longest.push(left + right + 1);
            }
            let answer = if longest.contains(&5) {
                None
            } else if longest.iter().any(|&n| n > 5) {
                Some(Foul::Overline)
            } else {
                let fours: usize = DIRS
                    .iter()
                    .map(|&d| {
                        let l = line(g, x, y, d);
                        match completions(&l).len() {
                            0 => 0,
                            2 if straight(&l) => 1,
                            n => n.min(2),
                        }
                    })
                    .sum();
                let threes = DIRS
                    .iter()
                    .filter(|&&(dx, dy)| {
                        (-4..=4).any(|k| {
                            let (ex, ey) = (x + k * dx, y + k * dy);
                            if k == 0 || get(g, ex, ey) != 0 {
                                return false;
                            }
                            g[ey as usize][ex as usize] = 1;
                            // The stone at (x, y) and the one at e in the same straight four.
                            let ok = straight(&line(g, x, y, (dx, dy)))
                                && straight(&line(g, ex, ey, (dx, dy)))
                                && k.abs() <= 3;
                            g[ey as usize][ex as usize] = 0;
                            ok && foul(g, ex, ey).is_none()
                        })
                    })
                    .count();
                if fours >= 2 {
                    Some(Foul::DoubleFour)
                } else if threes >= 2 {
                    Some(Foul::DoubleThree)
                } else {
                    None
                }
            };
            g[y as usize][x as usize] = 0;
            answer
        }
    }

    /// Random crowded positions (stones in a 7x7 or 6x6 square, some with a crowded row
    /// through it, more Black than White so that fouls are common): every empty cell's foul
    /// equals the plain version's, and [`Board::forbids`]' quick filter lets every foul
    /// through.
    #[test]
    fn fouls_equal_a_plain_reading_of_the_rules() {
        let mut rand = xorshift(0x5EED_0F4E_4E4E);
        let mut seen = [0usize; 4];
        for round in 0..1200 {
            // Every other position in a 6x6 square, more crowded still.
            let side = 7 - round % 2;
            let mut b = Board::new(15, Rule::Renju).unwrap();
            let mut g: plain::Grid = vec![vec![0; 15]; 15];
            let stones = 10 + rand() % 24;
            for i in 0..stones {
                let (mut x, mut y) = (4 + (rand() % side) as u32, 4 + (rand() % side) as u32);
                if round % 4 == 0 && i < 8 {
                    // A crowded middle row first: overlines come up.
                    (x, y) = (2 + (rand() % 11) as u32, 7);
                }
                let cell = b.index(x, y).unwrap();
                if b.at(cell) != Cell::Empty {
                    continue;
                }
                // Black on three turns of four: White's others go to the top row.
                if b.to_move() == Color::White && i % 4 != 0 {
                    let spare = b.index((i as u32 * 3) % 15, 0).unwrap();
                    if b.at(spare) == Cell::Empty {
                        b.place(spare);
                        g[0][((i as u32 * 3) % 15) as usize] = 2;
                    } else {
                        continue;
                    }
                }
                g[y as usize][x as usize] = if b.to_move() == Color::Black { 1 } else { 2 };
                b.place(cell);
            }
            if b.to_move() == Color::White {
                let spare = b.index(14, 14).unwrap();
                b.place(spare);
                g[14][14] = 2;
            }
            let near = |c: u16| {
                let (x, y) = b.xy(c);
                (1..=13).contains(&x) && (1..=13).contains(&y)
            };
            for cell in b.cells().filter(|&c| b.at(c) == Cell::Empty && near(c)) {
                let (x, y) = b.xy(cell);
                let want = plain::foul(&mut g, x as i32, y as i32);
                assert_eq!(
                    b.foul(cell),
                    want,
                    "{} at {}\n{b}",
                    b.move_string(),
                    b.name(cell)
                );
                assert_eq!(
                    b.forbids(cell),
                    want.is_some(),
                    "filter at {}\n{b}",
                    b.name(cell)
                );
                seen[match want {
                    None => 0,
                    Some(Foul::Overline) => 1,
                    Some(Foul::DoubleFour) => 2,
                    Some(Foul::DoubleThree) => 3,
                }] += 1;
            }
        }
        assert!(
            seen[1..].iter().all(|&n| n >= 30),
            "too few fouls of some kind: {seen:?}"
        );
    }

    /// White's f5 with g6 i8 j9 (k10 is Black's) makes a four whose one completion is h7 (the
    /// `*`), where Black would make two open threes (with f7 g7, and with h8 h9): under renju
    /// White wins by that one four, under the standard rule the block holds (and h7 first
    /// is only a four, blocked on f5).
    #[test]
    fn white_wins_through_a_block_forbidden_to_black() {
        let rows = "
            .......
            ......x
            ...x.o.
            ...xo..
            .xx*...
            ..o....
            .......";
        let (b, block) = picture(rows);
        assert_eq!(b.foul(block), Some(Foul::DoubleThree));
        // Every orientation: a win by one four onto the block.
        for s in 1..8 {
            let (mut t, star) = oriented(&b, block, s);
            t.place(t.index(14, 7).unwrap());
            let line = VcfSearch::new(10, 100_000).find(&mut t);
            let line = line.unwrap_or_else(|| panic!("orientation {s}: no win\n{t}"));
            check_line(&t, &line);
            assert_eq!((line.len(), line[2]), (3, star), "orientation {s}");
        }
        let mut b = b;
        b.place(b.index(14, 7).unwrap());
        let line = VcfSearch::new(10, 100_000).find(&mut b).expect("a win");
        check_line(&b, &line);
        assert_eq!(
            line.len(),
            3,
            "four, a Black move elsewhere, five: {line:?}"
        );
        assert_eq!(line[2], block);
        let mut g = b.clone();
        g.place(line[0]);
        assert_eq!(g.foul(line[1]), None, "Black's move in the line is allowed");
        let t = Engine::new(4).think(&mut b, Limit::Depth(6), |_| {});
        assert!(t.score.is_win(), "the engine sees the win: {t:?}");
        let mut after = b.clone();
        after.place(t.best.unwrap());
        assert_eq!(
            after.five_cells(Color::White),
            vec![block],
            "a four onto the block"
        );
        // Black to move after the four has lost, and the static value and the sure ends
        // say so without a search.
        assert_eq!(after.earliest_end(), Ends::LostIn(2));
        assert_eq!(Threats.evaluate(&after), Score(-100_000));

        // The same stones under the standard rule: Black blocks, no win by fours.
        let mut s = Board::new(15, Rule::Standard).unwrap();
        for &m in b.history() {
            s.place(m);
        }
        assert_eq!(VcfSearch::new(10, 100_000).find(&mut s), None);
        s.place(t.best.unwrap());
        assert_ne!(s.earliest_end(), Ends::LostIn(2));
        assert!(Threats.evaluate(&s).0 > -100_000);
    }

    /// Black to move where a double four would win at once under the standard rule: the
    /// renju engine plays something else, allowed; the board refuses the cell with the reason.
    #[test]
    fn the_engine_never_plays_a_forbidden_move() {
        let rows = "
            .......
            ...x...
            ...x...
            ...x...
            xxx*...
            .......
            .......";
        let (mut b, four_four) = picture(rows);
        let t = Engine::new(4).think(&mut b, Limit::Depth(4), |_| {});
        let best = t.best.expect("a move");
        assert_ne!(best, four_four);
        assert_eq!(b.foul(best), None);
        let err = b.clone().try_play(four_four).unwrap_err();
        assert!(err.to_string().contains("double four"), "{err}");

        // Whole games, both sides the engine at a few plies from varied starts: no Black
        // move is forbidden, and a game ends only in a five the rule counts.
        let mut rand = xorshift(0xBAD_F001);
        let mut engine = Engine::new(4);
        let mut black_moves = 0;
        for game in 0..6 {
            let mut b = Board::new(15, Rule::Renju).unwrap();
            b.place(b.index(7, 7).unwrap());
            for _ in 0..2 {
                let near = b.candidates();
                b.place(near[rand() as usize % near.len()]);
            }
            while b.winner().is_none() && b.history().len() < 80 {
                let t = engine.think(&mut b, Limit::Depth(3 + game % 2), |_| {});
                let m = t.best.expect("a move");
                if b.to_move() == Color::Black {
                    assert_eq!(b.foul(m), None, "game {game}: {}\n{b}", b.move_string());
                    black_moves += 1;
                }
                b.place(m);
            }
            if let Some(w) = b.winning_line() {
                let n = w.len();
                assert!(
                    n == 5 || b.winner() == Some(Color::White),
                    "{}",
                    b.move_string()
                );
            }
        }
        assert!(black_moves > 60, "only {black_moves} Black moves checked");
    }

    /// Black's open three g7 h7 i7 can become a straight four only on f7 or j7, and each of
    /// those would also make a four on its column (f8 f9 f10 and j8 j9 j10, capped by White
    /// on f11 and j11): a double four. Under renju the three is no threat: White's moves are
    /// not narrowed to the cells where Black would make a four, and Black's static value
    /// does not count an open four to make. Under the standard rule they are.
    #[test]
    fn a_three_whose_straight_fours_are_forbidden_is_no_threat() {
        use alphabeta::{Evaluator, Game};
        let rows = "
            .o...o.
            .x...x.
            .x...x.
            .x...x.
            ..xx*..
            .......
            .......";
        let (b, three) = picture(rows);
        let mut renju = b.clone();
        renju.place(three);
        let mut standard = Board::new(15, Rule::Standard).unwrap();
        for &m in renju.history() {
            standard.place(m);
        }
        let (mut narrow, mut wide) = (Vec::new(), Vec::new());
        standard.generate_moves(&mut narrow);
        renju.generate_moves(&mut wide);
        // Under the standard rule: the cells where Black would make a four, and White's
        // fours (its stones filling in on the top row make some); under renju more.
        let fours = |b: &Board, c| b.makes_four(c, Color::Black) || b.makes_four(c, Color::White);
        assert!(narrow.iter().all(|&c| fours(&standard, c)), "{narrow:?}");
        assert!(wide.len() > narrow.len(), "{wide:?}");
        assert!(wide.iter().any(|&c| !fours(&renju, c)), "{wide:?}");
        // Black to move (a White move far away): an open four to make is a sure win only
        // where it may be made.
        renju.place(renju.index(14, 7).unwrap());
        standard.place(standard.index(14, 7).unwrap());
        let sure = |b: &Board| crate::Threats.evaluate(b).0 >= 50_000;
        assert!(sure(&standard));
        assert!(!sure(&renju));
    }

    /// Two crossing twos (g8 h8, i6 i7): i8 makes two open threes, a win by threats under
    /// freestyle, a foul under renju. The renju VCT finds another way, every Black move of
    /// it allowed, ending in Black's five.
    #[test]
    fn a_vct_under_renju_plays_no_foul() {
        use crate::VctSearch;
        let moves = "g8a1h8a3i6o1i7o3";
        let mut free = Board::new(15, Rule::Freestyle).unwrap();
        free.play_sequence(moves).unwrap();
        let i8 = free.parse_cell("i8").unwrap();
        let line = VctSearch::new(8, 2_000_000).find(&mut free).expect("a VCT");
        assert_eq!(line[0], i8);

        let mut b = Board::new(15, Rule::Renju).unwrap();
        b.play_sequence(moves).unwrap();
        assert_eq!(b.foul(i8), Some(Foul::DoubleThree));
        let line = VctSearch::new(8, 2_000_000).find(&mut b).expect("a VCT");
        assert_ne!(line[0], i8);
        let mut g = b.clone();
        for &m in &line {
            assert!(!g.forbids(m), "{} is a foul in {line:?}\n{g}", g.name(m));
            g.place(m);
        }
        assert_eq!(g.winner(), Some(Color::Black), "{g}");
    }
}
