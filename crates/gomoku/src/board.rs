//! The Gomoku board: stones on a padded grid, the rules of five, coordinates, Zobrist hashing.
//!
//! Cells live in a fixed 32 x 32 grid with the playing area in the middle and a wall of
//! sentinel cells around it, so a scan along a line never needs a bounds check: it stops at a
//! wall. A cell index is `(y + PAD) * STRIDE + (x + PAD)`.

use std::fmt;

use thiserror::Error;

use crate::combos::{cell_combo, combo_lanes, tally_has_four, tally_has_open_four, TALLIES};
use crate::counts::Counts;
use crate::patterns::{self, Pattern, Tables, CODES};

/// The smallest and largest board sizes.
pub const MIN_SIZE: u8 = 5;
/// See [`MIN_SIZE`].
pub const MAX_SIZE: u8 = 22;
/// Width of the padded grid.
pub const STRIDE: usize = 32;
/// Sentinel cells on each side of the playing area.
pub const PAD: usize = 5;
/// Cells in the padded grid.
pub const GRID: usize = STRIDE * STRIDE;
/// Index steps of the four line directions: horizontal, vertical, and the two diagonals.
pub const DIRECTIONS: [isize; 4] = [1, STRIDE as isize, STRIDE as isize + 1, STRIDE as isize - 1];

/// The eight cells up to four steps from `cell` both ways along the direction step `d`: the
/// cells a five through `cell` on that line may use (on the padded grid, so never out of it).
#[inline]
pub(crate) fn line_cells(cell: u16, d: isize) -> impl Iterator<Item = u16> {
    (-4isize..=4)
        .filter(|&k| k != 0)
        .map(move |k| (cell as isize + k * d) as u16)
}

/// A stone colour. Black moves first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// The first player.
    Black,
    /// The second player.
    White,
}

impl Color {
    /// The other colour.
    pub fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `black` or `white`, as the page, the API and the reports name it.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// 0 for Black, 1 for White.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// What a grid cell holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Nothing: a legal move.
    Empty,
    /// A stone.
    Stone(Color),
    /// Outside the board.
    Wall,
}

/// Which lines win.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Five or more in a row wins.
    #[default]
    Freestyle,
    /// Exactly five wins; six or more does not.
    Standard,
    /// Renju: Black wins with exactly five and may not play a forbidden move (an overline,
    /// two fours, or two open threes at once; see [`Board::foul`]); White wins with five or
    /// more. No opening rule (the Gomocup gives an opening and plays on from it).
    Renju,
    /// Caro (the Gomocup protocol's rule 8): five or more in a row wins, but not a line of
    /// exactly five with the opponent's stones at both ends (a board edge does not block).
    Caro,
    /// Caro with exactly five (rule 9): six or more does not win either.
    StandardCaro,
}

impl Rule {
    /// `freestyle`, `standard`, `renju`, `caro` or `standard-caro`, as the command line and
    /// the API name it.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
            Rule::Caro => "caro",
            Rule::StandardCaro => "standard-caro",
        }
    }

    /// Every rule.
    pub const ALL: [Rule; 5] = [
        Rule::Freestyle,
        Rule::Standard,
        Rule::Renju,
        Rule::Caro,
        Rule::StandardCaro,
    ];

    /// The rule of this [`name`](Self::name).
    pub fn from_name(name: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|r| r.name() == name)
    }

    /// The rule for the Gomocup protocol's `INFO rule` bit mask: 4 renju (Black's exactly
    /// five, so 1 may come with it), 8 caro, 1 exactly five; 2 (a continuous game) does not
    /// change what wins.
    pub fn from_mask(mask: u64) -> Rule {
        match (mask & 4 != 0, mask & 8 != 0, mask & 1 != 0) {
            (true, ..) => Rule::Renju,
            (false, true, false) => Rule::Caro,
            (false, true, true) => Rule::StandardCaro,
            (false, false, true) => Rule::Standard,
            (false, false, false) => Rule::Freestyle,
        }
    }

    /// The rule's number in that bit mask.
    pub fn mask(self) -> u8 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
            Rule::Caro => 8,
            Rule::StandardCaro => 9,
        }
    }

    /// Does a line of exactly five with the opponent's stones at both ends not win?
    pub fn caro(self) -> bool {
        matches!(self, Rule::Caro | Rule::StandardCaro)
    }

    /// Does only exactly five win for `color` (six or more in a row does not)?
    pub fn exact_five(self, color: Color) -> bool {
        match self {
            Rule::Freestyle | Rule::Caro => false,
            Rule::Standard | Rule::StandardCaro => true,
            Rule::Renju => color == Color::Black,
        }
    }

    /// Do the line codes read five cells each way (an overline spoils a five for some
    /// colour, or, under caro, the stones at a five's ends), not four?
    fn reads_outer(self) -> bool {
        self != Rule::Freestyle
    }
}

/// A move or position that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BoardError {
    /// A size out of range.
    #[error("the board size must be {MIN_SIZE} to {MAX_SIZE}, not {0}")]
    Size(u32),
    /// Text that is not a move.
    #[error("'{0}' is not a move: write a column letter and a row number (h8), or x,y")]
    Syntax(String),
    /// Off the board.
    #[error("{0} is off the {1}x{1} board")]
    OffBoard(String, u8),
    /// The cell is taken.
    #[error("{0} is already taken")]
    Taken(String),
    /// The game is over.
    #[error("the game is already over")]
    GameOver,
    /// A move renju forbids Black.
    #[error("{0} is forbidden to Black under renju: it makes {1}")]
    Forbidden(String, crate::Foul),
}

/// Per pattern-table entry (Black's pattern in the low bits, White's in the high), the
/// one-lane increments of `update_codes`' tallies: `[1 << 8 * Black's, 1 << 8 * White's]`
/// (a 4 KB lookup is cheaper than the four shifts).
const LANES: [[u64; 2]; 256] = {
    let mut t = [[0u64; 2]; 256];
    let mut e = 0;
    while e < 256 {
        t[e] = [1 << (8 * (e & 7)), 1 << (8 * (e >> 4 & 7))];
        e += 1;
    }
    t
};

/// A position: the stones, the side to move, the moves played.
#[derive(Clone)]
pub struct Board {
    size: u8,
    rule: Rule,
    cells: Box<[Cell; GRID]>,
    history: Vec<u16>,
    to_move: Color,
    hash: u64,
    keys: std::sync::Arc<[[u64; 2]; GRID]>,
    /// Per cell and direction under freestyle: the code of the 8 cells around it on that
    /// line (see [`patterns`](crate::patterns)). Kept up to date by `place` and
    /// `remove_last`; zero under the other rules.
    codes: Box<CodeGrid<u16>>,
    /// The same under the other rules, where the line codes read the 10 cells around it
    /// (an overline spoils a five, or under caro the stones at its ends count); zero under
    /// freestyle. (One array per width: 16-bit codes keep freestyle's moves cheaper.)
    wide_codes: Box<CodeGrid<u32>>,
    /// Per colour and pattern: how many (empty cell, direction) pairs would make it.
    counts: Counts,
    /// Per cell, the tallies of the patterns a stone would make on its four lines (see
    /// [`combos`](crate::combos)), Black's in the low 16 bits and White's in the high 16:
    /// what decides the cell's [`Combo`](crate::Combo). Kept for the empty cells: a
    /// stone's cell keeps the tallies it had when the stone came, right again when it
    /// leaves.
    cell_tallies: Box<[u32; GRID]>,
    /// Per colour and [`Combo`](crate::Combo): how many empty cells a stone would make it on.
    combos: Counts,
    tables: &'static Tables,
    /// Per grid row, a bit per grid column (`STRIDE` is 32) for each stone.
    stone_rows: [u32; STRIDE],
    /// Per grid row, a bit per grid column for each cell within two steps of a stone (the
    /// stones' own cells too): the move generator's candidates, a row at a time. A stone
    /// sets the bits of the 5x5 square around it; its [`MoveRecord`] keeps the five rows as
    /// they were, for the undo.
    near_rows: [u32; STRIDE],
    /// The pattern and combo counts as they were before each move or pass: the threats of
    /// the positions on the way here (the evaluation looks at the last one), and what an
    /// undo restores.
    counts_before: Vec<(Counts, Counts)>,
    /// Per move, what its undo restores.
    records: Vec<MoveRecord>,
}

/// What a move changes that its undo restores rather than recomputes.
#[derive(Clone, Debug)]
struct MoveRecord {
    /// The box around the stones after the move, `[min x, max x, min y, max y]`: the
    /// candidates lie within two steps of it.
    bounds: [u8; 4],
    /// The five rows of `near_rows` around the move's stone as they were before it.
    near_before: [u32; 5],
    /// The tallies of the 40 cells on the stone's four lines (five steps each way, in
    /// [`line_slot`]'s order; the fifth steps only where the rule reads outer cells) as they were
    /// before it.
    tallies_before: [u32; LINE_CELLS],
}

/// The cells whose line codes a stone changes: five steps each way on four lines (the
/// fifth only where the codes read it).
const LINE_CELLS: usize = 40;

/// Where the cell `k` steps (1 to `C::REACH`) from a stone along direction `di`, on side
/// `side` (0 back, 1 forward), keeps its tally in the move's record.
#[inline(always)]
const fn line_slot<C: LineCode>(di: usize, side: usize, k: isize) -> usize {
    (2 * di + side) * C::REACH as usize + k as usize - 1
}

/// Per colour (its [`Color::index`]) and side (0: the cells behind the stone, 1: those ahead
/// of it), the bits a stone sets in the line code of the cell `k` steps away (`[k - 1]`):
/// seen from there, the stone is `k` steps the other way. (A table: the shifts are the same
/// at every move.)
const STONE_FLIPS: [[[u32; 5]; 2]; 2] = {
    let mut t = [[[0u32; 5]; 2]; 2];
    let stones = [patterns::BLACK, patterns::WHITE];
    let mut c = 0;
    while c < 2 {
        let mut k = 1;
        while k <= 5 {
            t[c][0][k - 1] = stones[c] << patterns::shift(k as isize);
            t[c][1][k - 1] = stones[c] << patterns::shift(-(k as isize));
            k += 1;
        }
        c += 1;
    }
    t
};

/// [`Board::update_codes`] for one cell `p` on the stone's line `di`: its code flips the
/// stone's bits (`flip`), its tally goes to the move's record (`slot`), and if it is empty its
/// tally and the pattern and combo count changes (`delta`, `combo_delta`) follow the new code.
/// A stone's tally stays as it was when the stone came: when it leaves, every later move has
/// been taken back, and its lines are as they were.
#[inline(always)]
fn touch<C: LineCode>(
    p: usize,
    di: usize,
    flip: C,
    slot: &mut u32,
    (cells, codes, cell_tallies): (&[Cell; GRID], &mut CodeGrid<C>, &mut [u32; GRID]),
    table: &[u8; CODES],
    (delta, combo_delta): (&mut [u64; 2], &mut [u64; 2]),
) {
    let old = codes[p][di & 3];
    let new = old ^ flip;
    codes[p][di & 3] = new;
    let tally = cell_tallies[p];
    *slot = tally;
    if cells[p] == Cell::Empty {
        let (raw_old, raw_new) = (table[old.index()], table[new.index()]);
        let now = tally
            .wrapping_add(TALLIES[raw_new as usize])
            .wrapping_sub(TALLIES[raw_old as usize]);
        cell_tallies[p] = now;
        let lanes_old = LANES[raw_old as usize];
        let lanes_new = LANES[raw_new as usize];
        let (was, is) = (combo_lanes(tally), combo_lanes(now));
        for c in 0..2 {
            delta[c] = delta[c]
                .wrapping_add(lanes_new[c])
                .wrapping_sub(lanes_old[c]);
            combo_delta[c] = combo_delta[c].wrapping_add(is[c]).wrapping_sub(was[c]);
        }
    }
}

/// Per cell and direction, a line code.
type CodeGrid<C> = [[C; 4]; GRID];

/// A line code as the board keeps it: `u16` under freestyle (the 8 cells within four steps),
/// `u32` under the rules that read the fifth step each way too.
trait LineCode: Copy + std::ops::BitXor<Output = Self> {
    /// How many cells each side of a cell its code sees.
    const REACH: isize;
    /// A code from its bits (the low 16 only, for `u16`).
    fn from_bits(bits: u32) -> Self;
    /// Where the pattern table keeps this code (the mask lets the compiler see the index is
    /// in the table).
    fn index(self) -> usize;
    /// The board's codes of this width.
    fn grid<'a>(
        narrow: &'a mut CodeGrid<u16>,
        wide: &'a mut CodeGrid<u32>,
    ) -> &'a mut CodeGrid<Self>;
}

impl LineCode for u16 {
    const REACH: isize = 4;
    #[inline(always)]
    fn from_bits(bits: u32) -> u16 {
        bits as u16
    }
    #[inline(always)]
    fn index(self) -> usize {
        self as usize
    }
    #[inline(always)]
    fn grid<'a>(narrow: &'a mut CodeGrid<u16>, _: &'a mut CodeGrid<u32>) -> &'a mut CodeGrid<u16> {
        narrow
    }
}

impl LineCode for u32 {
    const REACH: isize = 5;
    #[inline(always)]
    fn from_bits(bits: u32) -> u32 {
        bits
    }
    #[inline(always)]
    fn index(self) -> usize {
        self as usize & (CODES - 1)
    }
    #[inline(always)]
    fn grid<'a>(_: &'a mut CodeGrid<u16>, wide: &'a mut CodeGrid<u32>) -> &'a mut CodeGrid<u32> {
        wide
    }
}

/// The Zobrist keys, fixed so that hashes are reproducible.
fn zobrist_keys() -> std::sync::Arc<[[u64; 2]; GRID]> {
    let mut keys = [[0u64; 2]; GRID];
    for (i, k) in keys.iter_mut().enumerate() {
        k[0] = alphabeta::mix64(2 * i as u64 + 1);
        k[1] = alphabeta::mix64(2 * i as u64 + 2);
    }
    std::sync::Arc::new(keys)
}

impl Board {
    /// An empty board of `size` x `size` with this rule; Black to move.
    pub fn new(size: u32, rule: Rule) -> Result<Board, BoardError> {
        if !(MIN_SIZE as u32..=MAX_SIZE as u32).contains(&size) {
            return Err(BoardError::Size(size));
        }
        let mut cells = Box::new([Cell::Wall; GRID]);
        for y in 0..size as usize {
            for x in 0..size as usize {
                cells[(y + PAD) * STRIDE + x + PAD] = Cell::Empty;
            }
        }
        Ok(Board {
            size: size as u8,
            rule,
            cells,
            history: Vec::new(),
            to_move: Color::Black,
            hash: 0,
            keys: zobrist_keys(),
            codes: Box::new([[0; 4]; GRID]),
            wide_codes: Box::new([[0; 4]; GRID]),
            counts: Counts::default(),
            cell_tallies: Box::new([0; GRID]),
            combos: Counts::default(),
            tables: patterns::tables(rule),
            stone_rows: [0; STRIDE],
            near_rows: [0; STRIDE],
            counts_before: Vec::new(),
            records: Vec::new(),
        }
        .with_codes())
    }

    /// Computes every line code from the cells, and the pattern counts from the codes.
    fn with_codes(mut self) -> Board {
        let codes = self.codes_from_scratch();
        for (cell, full) in codes.iter().enumerate() {
            if self.rule.reads_outer() {
                self.wide_codes[cell] = *full;
            } else {
                self.codes[cell] = full.map(|c| c as u16);
            }
            self.cell_tallies[cell] = self.cell_tallies_of(full);
        }
        (self.counts, self.combos) = self.counts_from_scratch();
        self
    }

    /// The tallies of a cell with these line codes, as
    /// [`cell_tallies`](Self::cell_tallies) keeps them.
    fn cell_tallies_of(&self, codes: &[u32; 4]) -> u32 {
        codes
            .iter()
            .map(|&code| TALLIES[self.tables.raw(code) as usize])
            .sum()
    }

    /// Per colour and [`Combo`](crate::Combo), how many empty cells a stone would make it on.
    pub fn combo_counts(&self) -> &Counts {
        &self.combos
    }

    /// The combo counts of the position before the last move (or pass), if there was one.
    pub fn parent_combo_counts(&self) -> Option<&Counts> {
        self.counts_before.last().map(|(_, combos)| combos)
    }

    /// The combo counts recomputed from the stones (to check the incremental ones).
    pub fn combo_counts_from_scratch(&self) -> Counts {
        self.counts_from_scratch().1
    }

    /// The pattern and combo counts recomputed from the stones.
    fn counts_from_scratch(&self) -> (Counts, Counts) {
        let codes = self.codes_from_scratch();
        let (mut patterns, mut combos) = (Counts::default(), Counts::default());
        for cell in self.cells() {
            if self.cells[cell as usize] != Cell::Empty {
                continue;
            }
            for code in codes[cell as usize] {
                for c in 0..2 {
                    patterns.add_one(c, self.tables.get(c, code) as usize);
                }
            }
            let tallies = self.cell_tallies_of(&codes[cell as usize]);
            for (c, t) in [tallies, tallies >> 16].into_iter().enumerate() {
                combos.add_one(c, cell_combo(t) as usize);
            }
        }
        (patterns, combos)
    }

    /// The line codes as the cells say they should be (to build them, and to check them).
    pub fn codes_from_scratch(&self) -> Vec<[u32; 4]> {
        let mut codes = vec![[0u32; 4]; GRID];
        let reach = if self.rule.reads_outer() {
            u32::REACH
        } else {
            u16::REACH
        };
        for cell in self.cells() {
            for (di, &d) in DIRECTIONS.iter().enumerate() {
                let mut code = 0;
                for k in (-reach..=reach).filter(|&k| k != 0) {
                    let v = match self.cells[(cell as isize + k * d) as usize] {
                        Cell::Empty => patterns::EMPTY,
                        Cell::Stone(Color::Black) => patterns::BLACK,
                        Cell::Stone(Color::White) => patterns::WHITE,
                        Cell::Wall => patterns::WALL,
                    };
                    code |= v << patterns::shift(k);
                }
                codes[cell as usize][di] = code;
            }
        }
        codes
    }

    /// The line codes of every cell of the grid (outside the board: meaningless, the updates
    /// write there rather than test for the edge).
    pub fn codes(&self) -> Vec<[u32; 4]> {
        (0..GRID as u16)
            .map(|cell| std::array::from_fn(|di| self.code(cell, di)))
            .collect()
    }

    /// The line code of `cell` along `di`.
    #[inline]
    fn code(&self, cell: u16, di: usize) -> u32 {
        let (cell, di) = (cell as usize & (GRID - 1), di & 3);
        if self.rule.reads_outer() {
            self.wide_codes[cell][di]
        } else {
            self.codes[cell][di] as u32
        }
    }

    /// The pattern a stone of `color` on the empty `cell` would make along direction `di`.
    #[inline]
    pub fn pattern(&self, cell: u16, color: Color, di: usize) -> Pattern {
        self.tables.get(color.index(), self.code(cell, di))
    }

    /// Would a stone of `color` on the empty `cell` make a four or better on some line? (From
    /// the cell's tally: one read instead of four.)
    #[inline]
    pub(crate) fn makes_four(&self, cell: u16, color: Color) -> bool {
        tally_has_four(self.tally(cell, color))
    }

    /// Would a stone of `color` on the empty `cell` make an open four or a five on some line?
    /// (From the cell's tally, as [`makes_four`](Self::makes_four).)
    #[inline]
    pub(crate) fn makes_open_four(&self, cell: u16, color: Color) -> bool {
        tally_has_open_four(self.tally(cell, color))
    }

    /// Does a stone of `color` on the empty `cell` make a threat no block stops: an open four,
    /// two fours, or a four and an open three (its [`Combo`](crate::Combo) is decisive)?
    #[inline]
    pub(crate) fn makes_decisive(&self, cell: u16, color: Color) -> bool {
        cell_combo(self.tally(cell, color)) == crate::Combo::Decisive as u8
    }

    /// Black's tally of the empty `cell` (see [`combos`](crate::combos)).
    #[inline]
    pub(crate) fn black_tally(&self, cell: u16) -> u32 {
        self.tally(cell, Color::Black) & 0xffff
    }

    /// The cells of the padded grid.
    pub(crate) fn grid(&self) -> &[Cell; GRID] {
        &self.cells
    }

    /// `color`'s tally of the empty `cell` (in the low 16 bits).
    #[inline]
    fn tally(&self, cell: u16, color: Color) -> u32 {
        self.cell_tallies[cell as usize & (GRID - 1)] >> (16 * color.index())
    }

    /// Black's and White's patterns on the empty `cell` along `di` in one byte, as the
    /// table stores them: Black's in the low 4 bits, White's in the high 4.
    #[inline]
    pub fn patterns_both(&self, cell: u16, di: usize) -> u8 {
        self.tables.raw(self.code(cell, di))
    }

    /// Per colour and pattern, how many (empty cell, direction) pairs would make it: the
    /// threats on the board at a glance.
    pub fn pattern_counts(&self) -> &Counts {
        &self.counts
    }

    /// One of those counts: how many (empty cell, direction) pairs would make `p` for `color`.
    #[inline]
    pub fn pattern_count(&self, color: Color, p: Pattern) -> u32 {
        self.counts.get(color, p)
    }

    /// The counts of the position before the last move (or pass), if there was one.
    pub fn parent_pattern_counts(&self) -> Option<&Counts> {
        self.counts_before.last().map(|(patterns, _)| patterns)
    }

    /// The same counts, recomputed from the stones (to check the incremental ones).
    pub fn pattern_counts_from_scratch(&self) -> Counts {
        self.counts_from_scratch().0
    }

    /// Updates the line codes (and the counts of the empty cells among them) of the cells
    /// within `C::REACH` steps of `cell`, where a stone of `color` came: its two bits in
    /// their codes flip. The cell's own patterns leave the counts. The cells' tallies as they
    /// were go to the move's record (which [`mark`](Self::mark) pushed), for
    /// [`restore_codes`](Self::restore_codes). The walls' codes are written too
    /// (`PAD` keeps them on the grid): this runs at every node. (Indices are masked with
    /// `GRID - 1`, a no-op on real cells, so no bounds checks; the fields are borrowed apart
    /// so that their addresses stay in registers.)
    fn update_codes<C: LineCode>(&mut self, cell: u16, color: Color) {
        let Board {
            cells,
            codes,
            wide_codes,
            cell_tallies,
            tables,
            counts,
            combos,
            records,
            ..
        } = self;
        let before = &mut records
            .last_mut()
            .expect("the move's record comes first")
            .tallies_before;
        let table = tables.entries();
        let codes = C::grid(codes, wide_codes);
        // Per colour, eight 8-bit lanes (one per pattern) biased by 0x80: a move changes a
        // count by at most 44, so lanes never borrow from each other.
        let mut delta = [0x8080_8080_8080_8080u64; 2];
        let mut combo_delta = [0x8080_8080_8080_8080u64; 2];
        let here = cell as usize & (GRID - 1);
        let own = combo_lanes(cell_tallies[here]);
        for c in 0..2 {
            combo_delta[c] = combo_delta[c].wrapping_sub(own[c]);
        }
        for di in 0..4 {
            let own = LANES[table[codes[here][di].index()] as usize];
            for c in 0..2 {
                delta[c] = delta[c].wrapping_sub(own[c]);
            }
        }
        let cells = &**cells;
        let cell_tallies = &mut **cell_tallies;
        let flips = &STONE_FLIPS[color.index()];
        for (di, &d) in DIRECTIONS.iter().enumerate() {
            for (side, sign) in [-1isize, 1].into_iter().enumerate() {
                for (k, &flip) in (1..=C::REACH).zip(&flips[side]) {
                    let p = (cell as isize + sign * k * d) as usize & (GRID - 1);
                    let slot = &mut before[line_slot::<C>(di, side, k)];
                    let grids = (cells, &mut *codes, &mut *cell_tallies);
                    let deltas = (&mut delta, &mut combo_delta);
                    touch(p, di, C::from_bits(flip), slot, grids, table, deltas);
                }
            }
        }
        for (c, tally) in delta.into_iter().enumerate() {
            counts.add_tally(c, tally);
        }
        for (c, tally) in combo_delta.into_iter().enumerate() {
            combos.add_tally(c, tally);
        }
    }

    /// Takes back [`update_codes`](Self::update_codes) for the stone of `color` leaving
    /// `cell`: its bits flip back in the codes, and the tallies it changed return to those
    /// its record kept. No table is read: the undo costs a fraction of the move (the counts
    /// come back from `counts_before`).
    fn restore_codes<C: LineCode>(&mut self, cell: u16, color: Color) {
        let Board {
            codes,
            wide_codes,
            cell_tallies,
            records,
            ..
        } = self;
        let Some(record) = records.last() else {
            return;
        };
        let codes = C::grid(codes, wide_codes);
        let flips = &STONE_FLIPS[color.index()];
        for (di, &d) in DIRECTIONS.iter().enumerate() {
            for (side, sign) in [-1isize, 1].into_iter().enumerate() {
                for (k, &flip) in (1..=C::REACH).zip(&flips[side]) {
                    let p = (cell as isize + sign * k * d) as usize & (GRID - 1);
                    codes[p][di] = codes[p][di] ^ C::from_bits(flip);
                    cell_tallies[p] = record.tallies_before[line_slot::<C>(di, side, k)];
                }
            }
        }
    }

    /// Flips the bit of `cell` in [`stone_rows`](Self::stone_rows) (a stone comes or goes).
    #[inline]
    fn flip_stone_bit(&mut self, cell: u16) {
        let i = cell as usize;
        self.stone_rows[(i / STRIDE) & (STRIDE - 1)] ^= 1 << (i % STRIDE);
    }

    /// Marks the 5x5 square around a new stone on `cell` in `near_rows` and grows the box
    /// around the stones; the record of the move keeps what [`unmark`](Self::unmark)
    /// restores ([`update_codes`](Self::update_codes) writes the tallies into it).
    #[inline]
    fn mark(&mut self, cell: u16) {
        let (row, column) = (cell as usize / STRIDE, cell as usize % STRIDE);
        let square = 0b11111u32 << column >> 2;
        let rows = |k: usize| (row + STRIDE - 2 + k) & (STRIDE - 1);
        let near_before = std::array::from_fn(|k| self.near_rows[rows(k)]);
        for k in 0..5 {
            self.near_rows[rows(k)] |= square;
        }
        let (x, y) = self.xy(cell);
        let (x, y) = (x as u8, y as u8);
        let bounds = match self.records.last() {
            Some(r) => {
                let [x0, x1, y0, y1] = r.bounds;
                [x0.min(x), x1.max(x), y0.min(y), y1.max(y)]
            }
            None => [x, x, y, y],
        };
        self.records.push(MoveRecord {
            bounds,
            near_before,
            tallies_before: [0; LINE_CELLS],
        });
    }

    /// Takes back [`mark`](Self::mark) for the stone on `cell`, dropping its record.
    #[inline]
    fn unmark(&mut self, cell: u16) {
        let row = cell as usize / STRIDE;
        if let Some(r) = self.records.pop() {
            for (k, bits) in r.near_before.into_iter().enumerate() {
                self.near_rows[(row + STRIDE - 2 + k) & (STRIDE - 1)] = bits;
            }
        }
    }

    /// The cells of grid row `row` with a stone within two steps (on it too), as bits by
    /// grid column.
    #[inline]
    fn near_bits(&self, row: usize) -> u32 {
        self.near_rows[row & (STRIDE - 1)]
    }

    /// The candidates of grid row `row`: empty cells of the board within two steps of a stone.
    #[inline]
    fn candidate_bits(&self, row: usize) -> u32 {
        let columns = ((1u32 << self.size) - 1) << PAD;
        self.near_bits(row) & !self.stone_rows[row & (STRIDE - 1)] & columns
    }

    /// Calls `f` on every empty cell within two steps of a stone, in reading order.
    #[inline]
    pub(crate) fn for_each_candidate(&self, mut f: impl FnMut(u16)) {
        self.candidates_while(|c| {
            f(c);
            true
        });
    }

    /// The same while `f` returns true.
    #[inline]
    pub(crate) fn candidates_while(&self, mut f: impl FnMut(u16) -> bool) {
        let (_, ys) = self.candidate_area();
        for y in ys {
            let row = y as usize + PAD;
            let mut bits = self.candidate_bits(row);
            while bits != 0 {
                if !f((row * STRIDE + bits.trailing_zeros() as usize) as u16) {
                    return;
                }
                bits &= bits - 1;
            }
        }
    }

    /// The rows and columns where a cell can be within two steps of a stone:
    /// `(x range, y range)`, empty ranges on an empty board.
    pub fn candidate_area(&self) -> (std::ops::Range<u32>, std::ops::Range<u32>) {
        let Some(&MoveRecord {
            bounds: [x0, x1, y0, y1],
            ..
        }) = self.records.last()
        else {
            return (0..0, 0..0);
        };
        let n = self.size as u32;
        let grow = |lo: u8, hi: u8| (lo as u32).saturating_sub(2)..(hi as u32 + 3).min(n);
        (grow(x0, x1), grow(y0, y1))
    }

    /// Is there a stone within two steps of `cell`?
    pub fn is_near_stones(&self, cell: u16) -> bool {
        let (row, column) = (cell as usize / STRIDE, cell as usize % STRIDE);
        self.near_bits(row) >> column & 1 == 1
    }

    /// The board size.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The moves played, in order.
    pub fn history(&self) -> &[u16] {
        &self.history
    }

    /// The Zobrist hash of the stones and the side to move.
    pub fn hash(&self) -> u64 {
        self.hash ^ (self.to_move == Color::White) as u64
    }

    /// The hash after the side to move plays `cell` (one XOR away: the table's prefetch).
    pub fn hash_after(&self, cell: u16) -> u64 {
        self.hash() ^ self.keys[cell as usize][self.to_move.index()] ^ 1
    }

    /// The cell index of `(x, y)`, x the column and y the row from the top, both from 0.
    pub fn index(&self, x: u32, y: u32) -> Option<u16> {
        (x < self.size as u32 && y < self.size as u32)
            .then(|| ((y as usize + PAD) * STRIDE + x as usize + PAD) as u16)
    }

    /// The `(x, y)` of a cell index.
    pub fn xy(&self, cell: u16) -> (u32, u32) {
        let c = cell as usize;
        ((c % STRIDE - PAD) as u32, (c / STRIDE - PAD) as u32)
    }

    /// What a cell holds.
    pub fn at(&self, cell: u16) -> Cell {
        self.cells[cell as usize & (GRID - 1)]
    }

    /// The human name of a cell: column letter and row from the bottom (`h8`).
    pub fn name(&self, cell: u16) -> String {
        let (x, y) = self.xy(cell);
        format!("{}{}", (b'a' + x as u8) as char, self.size as u32 - y)
    }

    /// Reads one move: `h8` (column letter, row from the bottom) or `7,7` (x,y from the top
    /// left, as the protocol writes it). Checks only that it is on the board.
    pub fn parse_cell(&self, s: &str) -> Result<u16, BoardError> {
        let t = s.trim();
        let (x, y) = if let Some((a, b)) = t.split_once(',') {
            let x: u32 = a.trim().parse().map_err(|_| BoardError::Syntax(t.into()))?;
            let y: u32 = b.trim().parse().map_err(|_| BoardError::Syntax(t.into()))?;
            (x, y)
        } else {
            let mut chars = t.chars();
            let col = chars.next().filter(|c| c.is_ascii_alphabetic());
            let row: Option<u32> = chars.as_str().parse().ok();
            match (col, row) {
                (Some(c), Some(r)) if r >= 1 && r <= self.size as u32 => {
                    let x = c.to_ascii_lowercase() as u32 - 'a' as u32;
                    (x, self.size as u32 - r)
                }
                (Some(_), Some(_)) => {
                    return Err(BoardError::OffBoard(t.into(), self.size));
                }
                _ => return Err(BoardError::Syntax(t.into())),
            }
        };
        self.index(x, y)
            .ok_or_else(|| BoardError::OffBoard(t.into(), self.size))
    }

    /// Plays a move after checking it: on the board, empty, game not over, not forbidden
    /// (renju).
    pub fn try_play(&mut self, cell: u16) -> Result<(), BoardError> {
        if self.winner().is_some() {
            return Err(BoardError::GameOver);
        }
        match self.cells.get(cell as usize) {
            Some(Cell::Empty) => {
                if let Some(foul) = self.forbidden(cell) {
                    return Err(BoardError::Forbidden(self.name(cell), foul));
                }
                self.place(cell);
                Ok(())
            }
            Some(Cell::Stone(_)) => Err(BoardError::Taken(self.name(cell))),
            _ => Err(BoardError::OffBoard(format!("cell {cell}"), self.size)),
        }
    }

    /// Plays a sequence like `h8i9h9` or `7,7 8,8` from the current position.
    pub fn play_sequence(&mut self, s: &str) -> Result<(), BoardError> {
        for token in tokens(s) {
            let cell = self.parse_cell(&token)?;
            self.try_play(cell)?;
        }
        Ok(())
    }

    /// Places a stone of the side to move (unchecked: the search's make).
    pub fn place(&mut self, cell: u16) {
        let c = self.to_move;
        self.counts_before.push((self.counts, self.combos));
        self.cells[cell as usize] = Cell::Stone(c);
        self.hash ^= self.keys[cell as usize][c.index()];
        self.history.push(cell);
        self.to_move = c.other();
        self.mark(cell);
        if self.rule.reads_outer() {
            self.update_codes::<u32>(cell, c);
        } else {
            self.update_codes::<u16>(cell, c);
        }
        self.flip_stone_bit(cell);
    }

    /// Gives the move to the other side without a stone (a null move: "what if I passed?").
    /// Undone by [`unpass`](Self::unpass); never part of a game.
    pub(crate) fn pass(&mut self) {
        self.counts_before.push((self.counts, self.combos));
        self.to_move = self.to_move.other();
    }

    /// Takes back a [`pass`](Self::pass).
    pub(crate) fn unpass(&mut self) {
        self.counts_before.pop();
        self.to_move = self.to_move.other();
    }

    /// Takes back the last stone (the search's unmake).
    pub fn remove_last(&mut self) -> Option<u16> {
        let cell = self.history.pop()?;
        self.to_move = self.to_move.other();
        self.cells[cell as usize] = Cell::Empty;
        self.hash ^= self.keys[cell as usize][self.to_move.index()];
        if self.rule.reads_outer() {
            self.restore_codes::<u32>(cell, self.to_move);
        } else {
            self.restore_codes::<u16>(cell, self.to_move);
        }
        self.unmark(cell);
        if let Some((counts, combos)) = self.counts_before.pop() {
            self.counts = counts;
            self.combos = combos;
        }
        self.flip_stone_bit(cell);
        Some(cell)
    }

    /// Stones of `color` in a row through `cell` along direction `d`, the cell counted.
    pub fn run_length(&self, cell: u16, d: isize, color: Color) -> u32 {
        let stone = Cell::Stone(color);
        let mut n = 1;
        for sign in [-1isize, 1] {
            let mut i = cell as isize + sign * d;
            while self.cells[i as usize] == stone {
                n += 1;
                i += sign * d;
            }
        }
        n
    }

    /// Does the stone on `cell` make a winning line under the rule?
    pub fn makes_five(&self, cell: u16) -> bool {
        match self.cells[cell as usize & (GRID - 1)] {
            Cell::Stone(color) => self.wins_with(cell, color),
            _ => false,
        }
    }

    /// Does a stone of `color` on `cell` (empty, or holding that stone) make a winning
    /// line? The pattern table's answer (a line's code does not include its own cell).
    pub fn wins_with(&self, cell: u16, color: Color) -> bool {
        (0..4).any(|di| self.pattern(cell, color, di) == Pattern::Five)
    }

    /// The winner: the player of the last move, if it made five.
    pub fn winner(&self) -> Option<Color> {
        let &last = self.history.last()?;
        self.makes_five(last).then(|| self.to_move.other())
    }

    /// The winning line through the last move, if any: its cells.
    pub fn winning_line(&self) -> Option<Vec<u16>> {
        let &last = self.history.last()?;
        let Cell::Stone(color) = self.cells[last as usize] else {
            return None;
        };
        for d in DIRECTIONS {
            let n = self.run_length(last, d, color);
            if n < 5 || (n > 5 && self.rule.exact_five(color)) {
                continue;
            }
            let mut start = last as isize;
            while self.cells[(start - d) as usize] == Cell::Stone(color) {
                start -= d;
            }
            let theirs = |at: isize| self.cells[at as usize] == Cell::Stone(color.other());
            if n == 5 && self.rule.caro() && theirs(start - d) && theirs(start + 5 * d) {
                continue;
            }
            return Some((0..n as isize).map(|k| (start + k * d) as u16).collect());
        }
        None
    }

    /// Is every cell taken?
    pub fn is_full(&self) -> bool {
        self.history.len() == self.size as usize * self.size as usize
    }

    /// How the game has ended, as reports name it: `black` or `white` (the winner), `draw`
    /// (a full board), or `None` while it goes on.
    pub fn result(&self) -> Option<&'static str> {
        match self.winner() {
            Some(c) => Some(c.name()),
            None if self.is_full() => Some("draw"),
            None => None,
        }
    }

    /// Every cell of the playing area.
    pub fn cells(&self) -> impl Iterator<Item = u16> + '_ {
        let n = self.size as u32;
        (0..n).flat_map(move |y| (0..n).map(move |x| self.index(x, y).expect("on the board")))
    }

    /// The same game under one of the 8 symmetries of the square (0 is the identity; 1-3
    /// rotate, 4-7 mirror), every move mapped, in the same order.
    pub fn transformed(&self, symmetry: usize) -> Board {
        let n = self.size as u32 - 1;
        let mut out = Board::new(self.size as u32, self.rule).expect("same size");
        for &c in &self.history {
            let (x, y) = self.xy(c);
            let (x, y) = match symmetry % 8 {
                0 => (x, y),
                1 => (n - y, x),
                2 => (n - x, n - y),
                3 => (y, n - x),
                4 => (n - x, y),
                5 => (x, n - y),
                6 => (y, x),
                _ => (n - y, n - x),
            };
            out.place(out.index(x, y).expect("on the board"));
        }
        out
    }

    /// The move sequence in human notation (`h8i9h9`).
    pub fn move_string(&self) -> String {
        self.names(&self.history).concat()
    }

    /// The human names of some cells (`["h8", "i9"]`): a line of play, say.
    pub fn names(&self, cells: &[u16]) -> Vec<String> {
        cells.iter().map(|&c| self.name(c)).collect()
    }
}

/// Splits a move list: `h8i9h9`, `h8 i9 h9`, `7,7 8,8`, `7,7;8,8`.
fn tokens(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    for part in s.split(|c: char| c.is_whitespace() || c == ';') {
        if part.is_empty() {
            continue;
        }
        if part.contains(',') {
            out.push(part.to_string());
            continue;
        }
        // Letter-number pairs run together: split before each letter.
        let mut cur = String::new();
        for ch in part.chars() {
            if ch.is_ascii_alphabetic() && !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            cur.push(ch);
        }
        if !cur.is_empty() {
            out.push(cur);
        }
    }
    out
}

impl fmt::Display for Board {
    /// The board with coordinates; the last move in brackets.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size as u32;
        let last = self.history.last().copied();
        for y in 0..n {
            write!(f, "{:>2} ", n - y)?;
            for x in 0..n {
                let cell = self.index(x, y).expect("on the board");
                let c = match self.cells[cell as usize] {
                    Cell::Stone(Color::Black) => 'X',
                    Cell::Stone(Color::White) => 'O',
                    _ => '.',
                };
                if Some(cell) == last {
                    write!(f, "[{c}")?;
                } else if x > 0 && self.index(x - 1, y) == last {
                    write!(f, "]{c}")?;
                } else {
                    write!(f, " {c}")?;
                }
            }
            if self.index(n - 1, y) == last {
                write!(f, "]")?;
            }
            writeln!(f)?;
        }
        write!(f, "   ")?;
        for x in 0..n {
            write!(f, " {}", (b'a' + x as u8) as char)?;
        }
        writeln!(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(size: u32, rule: Rule, moves: &str) -> Board {
        let mut b = Board::new(size, rule).unwrap();
        b.play_sequence(moves).unwrap();
        b
    }

    #[test]
    fn coordinates() {
        let b = Board::new(15, Rule::Freestyle).unwrap();
        let h8 = b.parse_cell("h8").unwrap();
        assert_eq!(b.xy(h8), (7, 7));
        assert_eq!(b.parse_cell("7,7").unwrap(), h8);
        assert_eq!(b.name(h8), "h8");
        assert_eq!(b.xy(b.parse_cell("a1").unwrap()), (0, 14));
        assert_eq!(b.xy(b.parse_cell("o15").unwrap()), (14, 0));
        assert!(matches!(b.parse_cell("p1"), Err(BoardError::OffBoard(..))));
        assert!(matches!(b.parse_cell("a16"), Err(BoardError::OffBoard(..))));
        assert!(matches!(
            b.parse_cell("15,0"),
            Err(BoardError::OffBoard(..))
        ));
        assert!(matches!(b.parse_cell("hh"), Err(BoardError::Syntax(_))));
        assert_eq!(tokens("h8i9h10"), ["h8", "i9", "h10"]);
        assert_eq!(tokens("7,7 8,8;9,9"), ["7,7", "8,8", "9,9"]);
    }

    /// Plays Black's stones on `cells` with White's on far-away cells in between.
    fn line(size: u32, rule: Rule, cells: &[(u32, u32)]) -> Board {
        let mut b = Board::new(size, rule).unwrap();
        // White's stones go on a sparse grid, so that White never makes a line of its own.
        let mut spare = (0..size)
            .step_by(3)
            .flat_map(|y| (0..size).step_by(3).map(move |x| (x, y)));
        for &(x, y) in cells {
            let cell = b.index(x, y).unwrap();
            b.try_play(cell).unwrap();
            if b.winner().is_some() {
                break;
            }
            // A white stone that touches nothing of Black's line.
            loop {
                let (wx, wy) = spare.next().unwrap();
                let far = cells
                    .iter()
                    .all(|&(cx, cy)| cx.abs_diff(wx) > 1 || cy.abs_diff(wy) > 1);
                let w = b.index(wx, wy).unwrap();
                if far && b.at(w) == Cell::Empty {
                    b.try_play(w).unwrap();
                    break;
                }
            }
        }
        b
    }

    #[test]
    fn five_in_every_direction_and_at_every_edge() {
        let n = 15;
        let lines: Vec<Vec<(u32, u32)>> = vec![
            (0..5).map(|i| (i, 14)).collect(),      // bottom edge, left corner
            (10..15).map(|i| (i, 0)).collect(),     // top edge, right corner
            (0..5).map(|i| (0, i + 5)).collect(),   // left edge, vertical
            (0..5).map(|i| (14, i + 10)).collect(), // right edge, vertical
            (0..5).map(|i| (i, i)).collect(),       // diagonal from the top-left corner
            (0..5).map(|i| (14 - i, 14 - i)).collect(), // diagonal into the bottom-right corner
            (0..5).map(|i| (14 - i, i)).collect(),  // anti-diagonal from the top-right corner
            (0..5).map(|i| (i + 3, 11 - i)).collect(), // anti-diagonal in the middle
        ];
        for cells in &lines {
            // In any order of play, the fifth stone wins, whichever it is.
            for rotate in 0..5 {
                let mut order = cells.clone();
                order.rotate_left(rotate);
                let b = line(n, Rule::Freestyle, &order);
                assert_eq!(b.winner(), Some(Color::Black), "{order:?}\n{b}");
                let mut win = b.winning_line().unwrap();
                win.sort();
                let mut want: Vec<u16> =
                    cells.iter().map(|&(x, y)| b.index(x, y).unwrap()).collect();
                want.sort();
                assert_eq!(win, want);
                let four = line(n, Rule::Freestyle, &order[..4]);
                assert_eq!(four.winner(), None);
            }
        }
    }

    #[test]
    fn six_wins_in_freestyle_not_in_standard() {
        // Black: a5 b5 c5 e5 f5 then d5 joins them into six.
        let cells = [(0, 10), (1, 10), (2, 10), (4, 10), (5, 10), (3, 10)];
        assert_eq!(
            line(15, Rule::Freestyle, &cells).winner(),
            Some(Color::Black)
        );
        let b = line(15, Rule::Standard, &cells);
        assert_eq!(b.winner(), None, "an overline does not win\n{b}");
        // Exactly five wins in standard.
        assert_eq!(
            line(15, Rule::Standard, &cells[1..]).winner(),
            Some(Color::Black)
        );
    }

    /// Caro: five between two of the opponent's stones does not win (nor does the winning
    /// line show), five against the board's edge does, and so does six between two under
    /// the rule with overlines.
    #[test]
    fn caro_fives_closed_at_both_ends_do_not_win() {
        // White: b5 and h5; Black fills c5 to g5 between them.
        let closed = |rule: Rule, black: &[&str]| {
            let mut b = Board::new(15, rule).unwrap();
            let whites = ["b5", "h5", "a15", "c15", "e15", "g15", "i15"];
            for (i, m) in black.iter().enumerate() {
                b.try_play(b.parse_cell(m).unwrap()).unwrap();
                if i + 1 < black.len() {
                    b.try_play(b.parse_cell(whites[i]).unwrap()).unwrap();
                }
            }
            b
        };
        let five = ["c5", "d5", "e5", "f5", "g5"];
        for rule in [Rule::Caro, Rule::StandardCaro] {
            let b = closed(rule, &five);
            assert_eq!(
                (b.winner(), b.winning_line()),
                (None, None),
                "{rule:?}\n{b}"
            );
        }
        let b = closed(Rule::Freestyle, &five);
        assert_eq!(b.winner(), Some(Color::Black));
        // Against the board's edge (a5 to e5): a five.
        let edge = line(
            15,
            Rule::Caro,
            &[(0, 10), (1, 10), (2, 10), (3, 10), (4, 10)],
        );
        assert_eq!(edge.winner(), Some(Color::Black), "{edge}");
        // Six between two of White's (b5 and i5), f5 joining c5-e5 and g5-h5.
        let mut b = Board::new(15, Rule::Caro).unwrap();
        let mut sb = Board::new(15, Rule::StandardCaro).unwrap();
        let black = ["c5", "d5", "e5", "g5", "h5", "f5"];
        let whites = ["b5", "i5", "a15", "c15", "e15"];
        for board in [&mut b, &mut sb] {
            for (i, m) in black.iter().enumerate() {
                board.try_play(board.parse_cell(m).unwrap()).unwrap();
                if i + 1 < black.len() {
                    board
                        .try_play(board.parse_cell(whites[i]).unwrap())
                        .unwrap();
                }
            }
        }
        assert_eq!(b.winner(), Some(Color::Black), "six wins under caro\n{b}");
        assert_eq!(b.winning_line().map(|l| l.len()), Some(6));
        assert_eq!(sb.winner(), None, "not with exactly five\n{sb}");
    }

    #[test]
    fn play_and_undo_restore_everything() {
        let mut b = board(15, Rule::Freestyle, "h8i9h9g7");
        let (hash, s) = (b.hash(), b.to_string());
        let cell = b.parse_cell("j10").unwrap();
        let expected = b.hash_after(cell);
        b.place(cell);
        assert_ne!(b.hash(), hash);
        assert_eq!(
            b.hash(),
            expected,
            "hash_after tells the hash before the move"
        );
        b.remove_last();
        assert_eq!((b.hash(), b.to_string()), (hash, s));
        assert_eq!(b.move_string(), "h8i9h9g7");
    }

    #[test]
    fn bad_moves_are_refused() {
        let mut b = board(15, Rule::Freestyle, "h8");
        assert!(matches!(b.play_sequence("h8"), Err(BoardError::Taken(_))));
        assert_eq!(
            Board::new(4, Rule::Freestyle).err(),
            Some(BoardError::Size(4))
        );
        assert_eq!(
            Board::new(23, Rule::Freestyle).err(),
            Some(BoardError::Size(23))
        );
        let mut won = line(
            15,
            Rule::Freestyle,
            &[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
        );
        assert_eq!(
            won.try_play(won.index(7, 7).unwrap()),
            Err(BoardError::GameOver)
        );
    }

    /// The pattern table against the rule worked out on the real line, past the codes'
    /// window: a stone of `color` on `cell` makes five if its run along the line is five
    /// (freestyle: five or more; caro: not five between two of the opponent's stones); a
    /// four if exactly one more stone within five cells makes
    /// such a five through `cell`, an open four if two or more do; an open three if one more
    /// stone makes an open four, a three if one makes a four. Random crowded boards under
    /// every rule, small and large, so that runs reach past four cells and the walls.
    #[test]
    fn patterns_match_the_rule_on_the_real_line() {
        /// Line values around the centre (index 10): 0 empty, 1 own, 2 the opponent's, 3 off
        /// the board.
        type Line = [u8; 21];
        fn wins(line: &Line, rule: Rule, color: Color) -> bool {
            let side = |step: isize| {
                (1..=10)
                    .take_while(|&k| line[(10 + step * k) as usize] == 1)
                    .count()
            };
            let (left, right) = (side(-1), side(1));
            let run = left + right + 1;
            // Caro: exactly five between two of the opponent's stones does not win.
            let closed = || line[9 - left] == 2 && line[11 + right] == 2;
            if run == 5 {
                !(rule.caro() && closed())
            } else {
                run > 5 && !rule.exact_five(color)
            }
        }
        /// Five, open four, four, open three, three, or `None` for anything less.
        fn class(line: &mut Line, rule: Rule, color: Color, stones_left: u32) -> Pattern {
            if wins(line, rule, color) {
                return Pattern::Five;
            }
            if stones_left == 0 {
                return Pattern::None;
            }
            let (mut fives, mut best) = (0, Pattern::None);
            for j in 5..=15 {
                if j == 10 || line[j] != 0 {
                    continue;
                }
                line[j] = 1;
                let q = class(line, rule, color, stones_left - 1);
                line[j] = 0;
                fives += (q == Pattern::Five) as u32;
                best = best.max(q);
            }
            // Under caro two fives may both fall to one stone (beside one, it closes the
            // other): open only if every opponent stone within reach leaves a five.
            let open = |line: &mut Line| {
                (5..=15).filter(|&j| j != 10).all(|j| {
                    if line[j] != 0 {
                        return true;
                    }
                    line[j] = 2;
                    let left = (6..=14).any(|k| {
                        if line[k] != 0 {
                            return false;
                        }
                        line[k] = 1;
                        let w = wins(line, rule, color);
                        line[k] = 0;
                        w
                    });
                    line[j] = 0;
                    left
                })
            };
            match (fives, best) {
                (f, _) if f >= 2 && rule.caro() && !open(line) => Pattern::Four,
                (f, _) if f >= 2 => Pattern::OpenFour,
                (1, _) => Pattern::Four,
                (_, Pattern::OpenFour) => Pattern::OpenThree,
                (_, Pattern::Four) => Pattern::Three,
                _ => Pattern::None,
            }
        }
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut rand = move |n: u32| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as u32
        };
        let mut checked = [0usize; 2];
        for round in 0..60 {
            let rule = Rule::ALL[round % 5];
            let size = [15, 9, 22][round / 5 % 3];
            let mut b = Board::new(size, rule).unwrap();
            // Stones in a box of 7 by 7 (on 9x9 the whole board) so that lines are crowded.
            let (lo, span) = if size == 9 { (0, 9) } else { (size / 2 - 3, 7) };
            for _ in 0..10 + rand(25) {
                let cell = b.index(lo + rand(span), lo + rand(span)).unwrap();
                if b.at(cell) == Cell::Empty {
                    b.place(cell);
                }
            }
            for cell in b.cells().filter(|&c| b.at(c) == Cell::Empty) {
                for (di, &d) in DIRECTIONS.iter().enumerate() {
                    for color in [Color::Black, Color::White] {
                        let mut line = [3u8; 21];
                        for sign in [-1isize, 1] {
                            for k in 1..=10isize {
                                let i = (10 + sign * k) as usize;
                                line[i] = match b.cells[(cell as isize + sign * k * d) as usize] {
                                    Cell::Empty => 0,
                                    Cell::Stone(c) if c == color => 1,
                                    Cell::Stone(_) => 2,
                                    Cell::Wall => break,
                                };
                            }
                        }
                        let want = class(&mut line, rule, color, 2);
                        let got = b.pattern(cell, color, di);
                        let got = if got >= Pattern::Three {
                            got
                        } else {
                            Pattern::None
                        };
                        assert_eq!(
                            got,
                            want,
                            "{rule:?} {} dir {di} {color:?}: {b}",
                            b.name(cell)
                        );
                        checked[(want != Pattern::None) as usize] += 1;
                    }
                }
            }
        }
        // Most pairs make nothing; enough make a three or better to mean something.
        assert!(checked[1] > 2_000, "{checked:?}");
    }
}
