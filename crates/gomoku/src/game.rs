//! Gomoku as a game for the engine: candidate moves near the stones, scored by the patterns
//! they make for either side and searched best first (only the best few); forced replies (a
//! five to take, a five to block, an open three to stop); the sure ends (a five to complete,
//! two to block, an open four to make); and the moves past the horizon (fours and their
//! blocks). The evaluation is in `evaluation.rs`.

use std::cell::RefCell;
use std::ops::Range;

use alphabeta::{Ends, Game, Outcome};

use crate::board::{line_cells, Board, Cell, Color, Rule, DIRECTIONS, GRID};
use crate::patterns::Pattern;

/// At most this many moves are searched in a quiet position (the best by their patterns),
/// unless all of them lose ([`Game::generate_rest`] gives the others); forced positions
/// search all their replies.
pub const MAX_MOVES: usize = 24;

/// Worth of a pattern made for the side to move (attack) and taken from the opponent
/// (defence), by pattern. Two to four are fitted (times 100) by softmax to the moves a
/// 15,000-node search played in self-play (`docs/BENCHMARKS.md`, session 83); the open four
/// and the five stay far above any quiet cell.
const ATTACK: [i32; 8] = [0, 31, 146, 166, 367, 383, 4_000, 100_000];
const DEFENCE: [i32; 8] = [0, 10, 58, 100, 262, 332, 3_000, 80_000];

/// Bonus for a decisive threat (five, open four, two fours, a four and an open three) made
/// for the side to move, then taken from the opponent.
const DECISIVE: [i32; 2] = [50_000, 25_000];

/// Bonus for two open threes, ours then the opponent's: the fit made it a small penalty (two
/// open threes are worth a little less than the two threes apart).
const DOUBLE_THREE: [i32; 2] = [-18, -71];

/// A bound on a cell's urgency: a five for each side on all four lines, and both decisive
/// bonuses.
const MAX_URGENCY: i32 = {
    let five = Pattern::Five as usize;
    4 * (ATTACK[five] + DEFENCE[five]) + DECISIVE[0] + DECISIVE[1]
};

// Below 2^20, each side's worth over four directions fits the packed tally's 20 bits, and the
// urgency leaves 10 bits for the cell in the driver's `i32` move key (see `move_key`).
const _: () = assert!(MAX_URGENCY < 1 << 20);

/// A pattern's contribution to a cell's tally, packed so that the four directions add up in
/// one integer: worth in bits 0-19, then 3-bit counts of fours or better (20), open fours or
/// better (24) and open threes (28). Four directions never overflow a field.
const fn packed(worth: &[i32; 8]) -> [u32; 8] {
    let mut out = [0u32; 8];
    let mut p = 0;
    while p < 8 {
        out[p] = worth[p] as u32
            | ((p >= Pattern::Four as usize) as u32) << 20
            | ((p >= Pattern::OpenFour as usize) as u32) << 24
            | ((p == Pattern::OpenThree as usize) as u32) << 28;
        p += 1;
    }
    out
}

/// Per side to move and pattern-table entry (both sides' patterns on one line), the packed
/// worth for the side to move in the low 32 bits and for the opponent in the high 32: a
/// cell's four directions add up in one integer (the fields never carry into each other).
const URGENCY: [[u64; 256]; 2] = {
    let (attack, defence) = (packed(&ATTACK), packed(&DEFENCE));
    let mut t = [[0u64; 256]; 2];
    let mut e = 0;
    while e < 256 {
        let (black, white) = (e & 7, e >> 4 & 7);
        t[0][e] = attack[black] as u64 | (defence[white] as u64) << 32;
        t[1][e] = attack[white] as u64 | (defence[black] as u64) << 32;
        e += 1;
    }
    t
};

/// Worth of a packed tally, and a bonus for a decisive threat (five, open four, two fours,
/// a four and an open three: `decisive`) or two open threes (`double`). The rule is
/// `combos::classify`'s, read here from the counts packed beside the worth: reading the
/// cell's combination from its tally instead costs 1.4% more instructions (session 28).
#[inline]
fn tally_worth(t: u32, decisive: i32, double: i32) -> i32 {
    let worth = (t & 0xF_FFFF) as i32;
    if t >> 20 == 0 {
        // No four and no open three (most cells): nothing more to look at.
        return worth;
    }
    let fours = (t >> 20) & 7;
    let open_fours = (t >> 24) & 7;
    let threes = (t >> 28) & 7;
    if open_fours > 0 || fours >= 2 || (fours == 1 && threes >= 1) {
        worth + decisive
    } else if threes >= 2 {
        worth + double
    } else {
        worth
    }
}

/// How good `cell` looks for the side to move `me`: its own patterns, the opponent's it
/// spoils, and the winning combinations (one table lookup per direction).
#[inline]
fn urgency(b: &Board, cell: u16, me: Color) -> i32 {
    let table = &URGENCY[me.index()];
    let both = (0..4).fold(0u64, |sum, di| {
        sum + table[b.patterns_both(cell, di) as usize]
    });
    tally_worth(both as u32, DECISIVE[0], DOUBLE_THREE[0])
        + tally_worth((both >> 32) as u32, DECISIVE[1], DOUBLE_THREE[1])
}

/// A candidate's sort key: ascending keys put the most urgent first, ties in reading order
/// (one integer comparison instead of two; the cell is the low 16 bits).
#[inline]
fn rank_key(urgency: i32, cell: u16) -> u64 {
    ((i32::MAX as i64 - urgency as i64) as u64) << 16 | cell as u64
}

/// The driver's move key ([`Game::generate_keyed`]) for a candidate's `rank_key`: the same
/// order, the higher key first. Urgency stays below 2^20 ([`MAX_URGENCY`], checked where it is
/// defined) and a cell below 2^10 (the largest board has 484).
#[inline]
fn move_key(rank_key: u64) -> i32 {
    let urgency = i32::MAX as i64 - (rank_key >> 16) as i64;
    let cell = rank_key as u16 as i64;
    (urgency << 10 | (1023 - cell)) as i32
}

impl Board {
    /// The empty cells within two steps of a stone (the centre on an empty board), in
    /// reading order.
    pub fn candidates(&self) -> Vec<u16> {
        if self.history().is_empty() {
            let c = self.size() as u32 / 2;
            return self.index(c, c).into_iter().collect();
        }
        let mut out = Vec::new();
        self.for_each_candidate(|c| out.push(c));
        out
    }

    /// Calls `f` on the empty cells where `color` would make five (its fours' completions),
    /// in reading order, while `f` returns true; nothing to scan when the counts say none.
    fn each_five_cell(&self, color: Color, mut f: impl FnMut(u16) -> bool) {
        // The (cell, direction) pairs making five not met yet.
        let mut left = self.pattern_count(color, Pattern::Five);
        if left == 0 {
            return;
        }
        // How many lines a stone on the empty `c` would make five on (the cell's tally
        // first: one read rules out almost every cell).
        let fives_at = |c: u16| {
            if !self.makes_open_four(c, color) {
                return 0;
            }
            (0..4)
                .filter(|&di| self.pattern(c, color, di) == Pattern::Five)
                .count() as u32
        };
        // Most fours were made by the last move: when the lines where it made one hold
        // every five, they are all, and the board need not be scanned.
        if let Some(&last) = self.history().last() {
            let (mut found, mut n, mut met) = ([0u16; 32], 0, 0);
            for (di, &d) in DIRECTIONS.iter().enumerate() {
                if self.pattern(last, color, di) < Pattern::Four {
                    continue;
                }
                for c in line_cells(last, d) {
                    if self.at(c) == Cell::Empty {
                        let fives = fives_at(c);
                        if fives > 0 {
                            found[n] = c;
                            n += 1;
                            met += fives;
                        }
                    }
                }
            }
            if met == left {
                // In reading order, as the scan would meet them.
                found[..n].sort_unstable();
                for &c in &found[..n] {
                    if self.wins_with(c, color) && !f(c) {
                        return;
                    }
                }
                return;
            }
        }
        // Every such cell is a candidate (a stone of the line touches it), so the scan ends
        // when none is left.
        self.candidates_while(|c| {
            let fives = fives_at(c);
            if fives == 0 {
                return true;
            }
            left = left.saturating_sub(fives);
            (!self.wins_with(c, color) || f(c)) && left > 0
        });
    }

    /// The first empty cell (in reading order) where `color` would make five.
    pub fn first_five_cell(&self, color: Color) -> Option<u16> {
        let mut found = None;
        self.each_five_cell(color, |c| {
            found = Some(c);
            false
        });
        found
    }

    /// Under caro, the empty cell where the opponent of `color` would close the five
    /// `color` would make on the empty `c`: that five's line has the opponent's stone just
    /// beyond one end and this cell beyond the other. `None` under the other rules, or where
    /// no one stone closes it (both ends open, a longer line, fives on two lines).
    pub(crate) fn closing_cell(&self, c: u16, color: Color) -> Option<u16> {
        if !self.rule().caro() {
            return None;
        }
        let mut lines = (0..4).filter(|&di| self.pattern(c, color, di) == Pattern::Five);
        let (Some(di), None) = (lines.next(), lines.next()) else {
            return None;
        };
        let d = DIRECTIONS[di];
        let end = |sign: isize| {
            let mut i = c as isize + sign * d;
            while self.at(i as u16) == Cell::Stone(color) {
                i += sign * d;
            }
            i as u16
        };
        let (e1, e2) = (end(-1), end(1));
        let run = (e2 as isize - e1 as isize) / d - 1;
        let theirs = Cell::Stone(color.other());
        match (self.at(e1), self.at(e2)) {
            _ if run != 5 => None,
            (a, Cell::Empty) if a == theirs => Some(e2),
            (Cell::Empty, b) if b == theirs => Some(e1),
            _ => None,
        }
    }

    /// Under caro, adds to `out` the cells where the opponent of `color` stops every five
    /// `color` has to make: a five's cell, the cell that closes it, or one that blocks a
    /// five and closes the other. None when no one stone stops them all (the game is lost).
    /// (Under the other rules a five is stopped on its cell alone.)
    pub(crate) fn five_stoppers(&self, color: Color, out: &mut Vec<u16>) {
        debug_assert!(self.rule().caro());
        let all = self.five_cells(color);
        let closers: Vec<Option<u16>> = all.iter().map(|&c| self.closing_cell(c, color)).collect();
        let stops = |x: u16| {
            all.iter()
                .zip(&closers)
                .all(|(&c, &closer)| x == c || closer == Some(x))
        };
        let before = out.len();
        for x in all.iter().copied().chain(closers.iter().flatten().copied()) {
            if stops(x) && !out[before..].contains(&x) {
                out.push(x);
            }
        }
    }

    /// The first two cells where `color` would make five and how many there are (counting
    /// stops at 2).
    pub(crate) fn five_cells_upto2(&self, color: Color) -> ([u16; 2], usize) {
        let (mut cells, mut n) = ([0; 2], 0);
        self.each_five_cell(color, |c| {
            cells[n] = c;
            n += 1;
            n < 2
        });
        (cells, n)
    }

    /// Does `color` threaten five where its opponent cannot block: on two cells (two fours),
    /// or under renju (White's four) on a cell Black may not play? The counts are of cells
    /// and directions, so a count of one is one cell and needs no scan; two lines crossing
    /// at one empty cell count twice, so two need one.
    pub(crate) fn five_unstoppable(&self, color: Color) -> bool {
        let count = self.pattern_count(color, Pattern::Five);
        if self.rule().caro() && count > 0 {
            let mut stoppers = Vec::new();
            self.five_stoppers(color, &mut stoppers);
            return stoppers.is_empty();
        }
        if count == 0 || (count == 1 && !self.fouls_bind(color.other())) {
            return false;
        }
        let (cells, n) = self.five_cells_upto2(color);
        n >= 2 || self.foul_for(color.other(), cells[0]).is_some()
    }

    /// Does `color` threaten to win: a four (a cell where it would make five) or an open
    /// three (a cell where it would make an open four)? Under renju Black's open three
    /// threatens only if one of those cells is not forbidden to it (a five never is).
    #[inline]
    fn threatens(&self, color: Color) -> bool {
        self.pattern_count(color, Pattern::Five) > 0 || self.can_make_open_four(color)
    }

    /// Has `color` a cell where it would make an open four (two cells to make five) and may
    /// play? (Under renju Black's may all be forbidden: a double four on one line, two
    /// fours, an overline.)
    #[inline]
    pub(crate) fn can_make_open_four(&self, color: Color) -> bool {
        self.pattern_count(color, Pattern::OpenFour) > 0
            && (!self.fouls_bind(color)
                || self
                    .first_allowed(color, |c| self.makes_open_four(c, color))
                    .is_some())
    }

    /// Does renju forbid `color` some moves (Black under renju)?
    #[inline]
    fn fouls_bind(&self, color: Color) -> bool {
        self.rule() == Rule::Renju && color == Color::Black
    }

    /// The first candidate where `wanted` holds and `color` may play (every one but Black's
    /// fouls under renju).
    #[inline(never)]
    fn first_allowed(&self, color: Color, wanted: impl Fn(u16) -> bool) -> Option<u16> {
        let mut found = None;
        self.candidates_while(|c| {
            if wanted(c) && self.foul_for(color, c).is_none() {
                found = Some(c);
            }
            found.is_none()
        });
        found
    }

    /// The threat the side to move must answer: the opponent's open three (or four, see
    /// [`threatens`](Self::threatens)); else its cell making two fours or a four and an
    /// open three (the idea of Rapfi's four-three defence), unless some cell where it would
    /// make a four makes one for us too (a block that is also a four keeps every move
    /// alive); else none.
    fn must_answer(&self) -> Option<Threat> {
        let me = self.to_move();
        let op = me.other();
        if self.threatens(op) {
            return Some(Threat::OpenThree);
        }
        if self
            .combo_counts()
            .lane(op, crate::Combo::Decisive as usize)
            == 0
            || (self.fouls_bind(op)
                && self
                    .first_allowed(op, |c| self.makes_decisive(c, op))
                    .is_none())
        {
            return None;
        }
        if self.pattern_count(me, Pattern::Four) == 0
            && self.pattern_count(me, Pattern::OpenFour) == 0
        {
            return Some(Threat::FourThree);
        }
        let mut counter = false;
        self.candidates_while(|c| {
            counter = self.makes_four(c, op) && self.makes_four(c, me);
            !counter
        });
        (!counter).then_some(Threat::FourThree)
    }

    /// The cells (a bit each) that spoil the opponent's threats no block stops (two fours or
    /// a four and an open three on one cell): each such cell, and on each of its lines where
    /// it makes a three or better the cells within four steps where the opponent would make
    /// one too on that line; and where that is a four (a cell we may have to block), our
    /// cells within four steps of it on any line where we would make a three or better (the
    /// block would then be a four of ours).
    fn combo_spoilers(&self) -> [u64; GRID / 64] {
        let me = self.to_move();
        let op = me.other();
        let mut bits = [0u64; GRID / 64];
        let mut mark = |c: u16| bits[c as usize >> 6] |= 1 << (c & 63);
        // An empty cell where `color` would make a three or better on line `di`.
        let makes_three = |c: u16, color, di| {
            self.at(c) == Cell::Empty && self.pattern(c, color, di) >= Pattern::Three
        };
        self.candidates_while(|x| {
            if !self.makes_decisive(x, op) {
                return true;
            }
            mark(x);
            for (di, &d) in DIRECTIONS.iter().enumerate() {
                if self.pattern(x, op, di) < Pattern::Three {
                    continue;
                }
                for e in line_cells(x, d).filter(|&e| makes_three(e, op, di)) {
                    mark(e);
                    if self.pattern(e, op, di) >= Pattern::Four {
                        for (dj, &d2) in DIRECTIONS.iter().enumerate() {
                            line_cells(e, d2)
                                .filter(|&f| makes_three(f, me, dj))
                                .for_each(&mut mark);
                        }
                    }
                }
            }
            true
        });
        bits
    }

    /// Appends the candidates ranked `ranks` by urgency (most urgent first, ties in reading
    /// order). Under a threat (`threatened`, see [`must_answer`](Self::must_answer)) only
    /// the cells that spoil it (see [`Threat`]) and our own fours are candidates. With
    /// `keys`, the best `ranks.end` in any order, each with its move key (see
    /// [`move_key`]), and `ranks` must start at 0.
    fn ranked_candidates(
        &self,
        threatened: Option<Threat>,
        ranks: Range<usize>,
        moves: &mut Vec<u16>,
        keys: Option<&mut Vec<i32>>,
    ) {
        let me = self.to_move();
        let op = me.other();
        SCORED.with(|scored| {
            let mut scored = scored.borrow_mut();
            scored.clear();
            let spoilers = match threatened {
                Some(Threat::FourThree) => self.combo_spoilers(),
                _ => [0; GRID / 64],
            };
            self.for_each_candidate(|c| {
                let answers = match threatened {
                    None => true,
                    Some(Threat::OpenThree) => self.makes_four(c, op),
                    Some(Threat::FourThree) => spoilers[c as usize >> 6] >> (c & 63) & 1 != 0,
                };
                if answers || self.makes_four(c, me) {
                    scored.push(rank_key(urgency(self, c, me), c));
                }
            });
            if self.fouls_bind(me) {
                scored.retain(|&k| !self.forbids(k as u16));
            }
            let end = ranks.end.min(scored.len());
            if ranks.start >= end {
                return;
            }
            if end < scored.len() {
                // Only the best `end` are wanted: find them, then sort only them.
                scored.select_nth_unstable(end);
            }
            match keys {
                Some(keys) => {
                    debug_assert_eq!(ranks.start, 0);
                    moves.extend(scored[..end].iter().map(|&k| k as u16));
                    keys.extend(scored[..end].iter().map(|&k| move_key(k)));
                }
                None => {
                    scored[..end].sort_unstable();
                    moves.extend(scored[ranks.start..end].iter().map(|&k| k as u16));
                }
            }
        });
    }

    /// The moves that leave no choice, added to `moves`: a win in one alone, else the
    /// blocks of the opponent's fives. Under renju a block may be forbidden to Black: with
    /// no block left, any one allowed move stands for them all (each loses to the five).
    fn forced_moves(&self, moves: &mut Vec<u16>) -> Forced {
        let me = self.to_move();
        if let Some(w) = self.first_five_cell(me) {
            moves.push(w);
            return Forced::Win;
        }
        let before = moves.len();
        if self.rule().caro() && self.pattern_count(me.other(), Pattern::Five) > 0 {
            // A five may also be stopped by closing it; where nothing stops them all, the
            // blocks stand for every move (each loses).
            self.five_stoppers(me.other(), moves);
            if moves.len() == before {
                self.each_five_cell(me.other(), |c| {
                    moves.push(c);
                    true
                });
            }
            return Forced::Blocks;
        }
        let mut fives = false;
        self.each_five_cell(me.other(), |c| {
            fives = true;
            if !self.forbids(c) {
                moves.push(c);
            }
            true
        });
        if fives && moves.len() == before {
            moves.extend(self.any_allowed_move());
        }
        if fives {
            Forced::Blocks
        } else {
            Forced::No
        }
    }

    /// The first candidate the side to move may play (every one but Black's forbidden
    /// cells under renju).
    pub(crate) fn any_allowed_move(&self) -> Option<u16> {
        self.first_allowed(self.to_move(), |_| true)
    }

    /// [`Game::generate_moves`], and with `keys` [`Game::generate_keyed`].
    fn generate(&self, moves: &mut Vec<u16>, keys: Option<&mut Vec<i32>>) {
        if self.history().is_empty() {
            moves.extend(self.candidates());
        } else if self.forced_moves(moves) == Forced::No {
            // The opponent threatens an open four (it has an open three; no four, or we
            // would be blocking it) or a four-three: only the cells that spoil it, and our
            // own fours, are worth searching; all of them (a test checks that every move
            // left out loses to fours).
            let threatened = self.must_answer();
            let ranks = if threatened.is_some() {
                usize::MAX
            } else {
                MAX_MOVES
            };
            // Under caro a threat may have answers these lists do not know (a stone that
            // closes the five to come): every candidate is searched.
            let answers = threatened.filter(|_| !self.rule().caro());
            let before = moves.len();
            let mut keys = keys;
            self.ranked_candidates(answers, 0..ranks, moves, keys.as_deref_mut());
            if moves.len() == before && threatened.is_some() {
                // Under renju every answer may be forbidden to Black: then it loses
                // whatever it does; the quiet moves stand for the rest.
                self.ranked_candidates(None, 0..MAX_MOVES, moves, keys);
            }
            return;
        }
        if let Some(keys) = keys {
            alphabeta::list_order_keys(moves.len(), keys);
        }
    }

    /// The empty cells where `color` would make five: its fours' completions.
    pub fn five_cells(&self, color: Color) -> Vec<u16> {
        let mut out = Vec::new();
        self.each_five_cell(color, |c| {
            out.push(c);
            true
        });
        out
    }
}

/// A threat the side to move must answer ([`Board::must_answer`]), and its answers besides
/// our own fours.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Threat {
    /// An open three (or a four): the cells where the opponent would make a four.
    OpenThree,
    /// A cell making two fours or a four and an open three: the cells of
    /// [`Board::combo_spoilers`].
    FourThree,
}

/// What [`Board::forced_moves`] found.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Forced {
    /// A win in one.
    Win,
    /// The blocks of the opponent's fives.
    Blocks,
    /// Nothing forced.
    No,
}

thread_local! {
    /// Scored candidates, reused from node to node (no allocation in the search).
    static SCORED: RefCell<Vec<u64>> = const { RefCell::new(Vec::new()) };
}

impl Game for Board {
    type Move = u16;

    /// A winning move alone; else the blocks of the opponent's fives; else, against an open
    /// three, the cells that stop it and our own fours; else the best [`MAX_MOVES`]
    /// candidates. Always most urgent first.
    fn generate_moves(&self, moves: &mut Vec<u16>) {
        self.generate(moves, None);
    }

    /// The same moves, unsorted where they are ranked (the driver picks them as it goes).
    fn generate_keyed(&self, moves: &mut Vec<u16>, keys: &mut Vec<i32>) {
        self.generate(moves, Some(keys));
    }

    /// The candidates beyond the best [`MAX_MOVES`] of a quiet position, most urgent first
    /// (a forced position's list is complete, and so is an empty board's: the centre alone).
    fn generate_rest(&self, moves: &mut Vec<u16>) {
        if self.first_five_cell(self.to_move()).is_some() || self.must_answer().is_some() {
            return;
        }
        self.ranked_candidates(None, MAX_MOVES..usize::MAX, moves, None);
    }

    fn play(&mut self, cell: u16) {
        self.place(cell);
    }

    fn undo(&mut self, _: u16) {
        self.remove_last();
    }

    /// A five to complete (exact under either rule).
    fn winning_move(&self) -> Option<u16> {
        self.first_five_cell(self.to_move())
    }

    /// Asked where the side to move has no five to complete. Two cells where the opponent
    /// would make five cannot both be blocked: lost in 2. An open four to make while the
    /// opponent has no four wins in 3. Else no win before 3 plies, and no loss before 4 when
    /// the opponent has no four.
    fn earliest_end(&self) -> Ends {
        let me = self.to_move();
        let op = me.other();
        if self.pattern_count(op, Pattern::Five) > 0 {
            if self.five_unstoppable(op) {
                return Ends::LostIn(2);
            }
            return Ends::NotBefore { win: 3, loss: 2 };
        }
        // (Under renju only an open four Black may make.)
        if self.can_make_open_four(me) {
            return Ends::WonIn(3);
        }
        Ends::NotBefore { win: 3, loss: 4 }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.winner().is_some() {
            Some(Outcome::Loss)
        } else if self.is_full() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn move_id(&self, cell: u16) -> usize {
        cell as usize
    }

    fn move_id_limit(&self) -> usize {
        GRID
    }

    fn hash(&self) -> Option<u64> {
        Some(Board::hash(self))
    }

    /// An empty cell, where the list to come is the best candidates of a position with
    /// no five to make or block and no threat to answer (those lists may leave it out),
    /// and there are two candidates at least.
    fn table_move(&self, id: usize) -> Option<u16> {
        let cell = u16::try_from(id).ok()?;
        let me = self.to_move();
        if self.at(cell) != Cell::Empty
            || self.forbids(cell)
            || self.pattern_count(me, Pattern::Five) > 0
            || self.must_answer().is_some()
        {
            return None;
        }
        let mut seen = 0;
        self.candidates_while(|_| {
            seen += 1;
            seen < 2
        });
        (seen >= 2).then_some(cell)
    }

    fn hash_after(&self, cell: u16) -> Option<u64> {
        Some(Board::hash_after(self, cell))
    }

    /// A pass, except under a threat to answer (`must_answer`: a four,
    /// an open three, a cell making a four-three or two fours), where passing loses at once
    /// and tells the search nothing.
    fn play_null(&mut self) -> bool {
        if self.must_answer().is_some() {
            return false;
        }
        self.pass();
        true
    }

    fn undo_null(&mut self) {
        self.unpass();
    }

    /// A win in one; else the blocks of the opponent's fives (no standing still); else our
    /// fours on the lines through our last stone (a continuation: a victory by fours goes on
    /// where the last four was).
    fn generate_tactical(&self, moves: &mut Vec<u16>) -> bool {
        match self.forced_moves(moves) {
            Forced::Win => return true,
            Forced::Blocks => return false,
            Forced::No => {}
        }
        let me = self.to_move();
        let h = self.history();
        let fours =
            self.pattern_count(me, Pattern::Four) + self.pattern_count(me, Pattern::OpenFour);
        if fours == 0 || h.len() < 2 {
            return true;
        }
        let last = h[h.len() - 2];
        for d in DIRECTIONS {
            for cell in line_cells(last, d) {
                if self.at(cell) == Cell::Empty && self.makes_four(cell, me) && !self.forbids(cell)
                {
                    moves.push(cell);
                }
            }
        }
        true
    }

    /// A victory by fours that starts with a four combining with another threat, narrow
    /// below (see `quick_vcf`).
    fn forced_win(&mut self, max_plies: u32) -> Option<u32> {
        crate::vcf::quick_vcf(self, max_plies)
    }

    /// No four (a cell where a stone makes five) and no open three (a cell where a stone
    /// makes an open four) on the board, for either side.
    fn is_quiet(&self) -> bool {
        !self.threatens(Color::Black) && !self.threatens(Color::White)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::board;
    use crate::{Rule, Threats};
    use alphabeta::{Score, Search, SearchOptions};

    /// The combination counts on hand-built shapes: Black's two open twos meeting on j8 make
    /// one double three (the only cell on both lines); closing the row's gap instead makes
    /// j8 an open four with a three on the column: decisive. White's lone corner stones make
    /// none.
    #[test]
    fn combinations_are_counted_where_two_lines_meet() {
        let lane = |b: &Board, c: Color, k: crate::Combo| b.combo_counts().lane(c, k as usize);
        let b = board("h8a1i8o1j9a15j10o15");
        assert_eq!(lane(&b, Color::Black, crate::Combo::DoubleThree), 1);
        assert_eq!(lane(&b, Color::Black, crate::Combo::Decisive), 0);
        let b = board("h8a1i8o1k8a15j9o15j10");
        assert!(lane(&b, Color::Black, crate::Combo::Decisive) >= 1);
        for k in 1..crate::COMBO_KINDS {
            assert_eq!(b.combo_counts().lane(Color::White, k), 0, "combo {k}");
        }
    }

    /// A pass gives the move to the other side and changes the hash; it is refused while the
    /// opponent has an open three, a four or a four-three to make (passing would lose to it).
    #[test]
    fn a_pass_is_refused_under_a_threat() {
        let mut b = board("h8a1i8a3");
        let (hash, side) = (Board::hash(&b), b.to_move());
        let (counts, parent) = (*b.pattern_counts(), b.parent_pattern_counts().copied());
        assert!(b.play_null());
        assert_ne!(Board::hash(&b), hash);
        assert_eq!(b.to_move(), side.other());
        // The position before the pass is the evaluation's parent.
        assert_eq!(b.parent_pattern_counts(), Some(&counts));
        b.undo_null();
        assert_eq!((Board::hash(&b), b.to_move()), (hash, side));
        assert_eq!(b.parent_pattern_counts().copied(), parent);
        // Black's open three h8 i8 j8: White, to move, may not pass.
        let mut b = board("h8a1i8a3j8");
        assert!(!b.play_null());
        // Black's four h8-k8 blocked at g8: not either.
        let mut b = board("h8g8i8a3j8a5k8");
        assert!(!b.play_null());
        // Black's k8 would make a four (h8-k8, blocked at g8) and an open three (k8-k10):
        // not either, and passing would indeed lose to fours.
        let mut b = board("h8g8i8a1j8a3k9a5k10");
        assert!(!b.play_null());
        b.pass();
        assert!(crate::vcf::VcfSearch::new(20, 100_000)
            .find(&mut b)
            .is_some());
    }

    /// Null moves prune: fewer nodes for the same depth in a quiet opening; and in a
    /// position where one careless move lets White win by fours, the search with them still
    /// finds a move after which White has no VCF.
    #[test]
    fn null_moves_search_less_and_still_defend() {
        let options = |null_move| SearchOptions {
            null_move,
            late_move_reductions: true,
            ..SearchOptions::depth(8)
        };
        let mut quiet = board("h8i9h9j8");
        let without = Search::new(options(false)).run(&mut quiet, &Threats);
        let with = Search::new(options(true)).run(&mut quiet, &Threats);
        assert!(
            with.stats.nodes < without.stats.nodes,
            "{} against {}",
            with.stats.nodes,
            without.stats.nodes
        );
        let mut b = board("e8f8a15g8o1h8o15i10a1i11");
        let r = Search::new(options(true)).run(&mut b, &Threats);
        b.place(r.best_move.unwrap());
        assert_eq!(
            crate::VcfSearch::new(20, 100_000).find(&mut b),
            None,
            "\n{b}"
        );
    }

    /// The table's move is searched before the list is generated only where that list
    /// holds more than one move: a quiet position, not a five to make or block, not an
    /// open three to answer, not the empty board (the centre alone).
    #[test]
    fn the_table_move_goes_first_only_in_positions_with_a_choice() {
        let cell = |b: &Board, name: &str| b.parse_cell(name).unwrap();
        let quiet = board("h8i9");
        assert_eq!(
            quiet.table_move(cell(&quiet, "g7") as usize),
            Some(cell(&quiet, "g7"))
        );
        assert_eq!(quiet.table_move(cell(&quiet, "h8") as usize), None, "taken");
        assert_eq!(quiet.table_move(usize::MAX), None, "no cell");
        let empty = Board::new(15, Rule::Freestyle).unwrap();
        assert_eq!(empty.table_move(cell(&empty, "h8") as usize), None);
        for (moves, why) in [
            ("h8a1i8a3j8a5k8", "White must block a four"),
            ("h8a1i8a3j8a5k8a7", "Black has a five to make"),
            ("h8a1i8a3j8", "White must answer an open three"),
        ] {
            let b = board(moves);
            assert_eq!(b.table_move(cell(&b, "f12") as usize), None, "{why}");
        }
    }

    /// The moves past the horizon: a win alone; the blocks of a four, with no standing
    /// still; else our fours, only on the lines through our last stone.
    #[test]
    fn tactical_moves_are_wins_blocks_and_fours_by_the_last_stone() {
        // Black: h8 i8 j8 (row 8) and c12 c13 c14 (column c, c14 last); White scattered on
        // column a. Black to move: its fours by c14 only (c10, c11, c15), not g8 or k8.
        let b = board("h8a1i8a3j8a5c12a7c13a9c14a11");
        let mut moves = vec![];
        assert!(b.generate_tactical(&mut moves));
        let mut names = b.names(&moves);
        names.sort();
        assert_eq!(names, ["c10", "c11", "c15"]);
        // White to move after c11 (a four: c15 or c10 wins): only the blocks, no standing.
        let mut b = board("h8a1i8a3j8a5c12a7c13a9c14a11c11");
        let mut moves = vec![];
        assert!(!b.generate_tactical(&mut moves));
        let mut names = b.names(&moves);
        names.sort();
        assert_eq!(names, ["c10", "c15"]);
        // Black to move with c15 free after a block elsewhere: the win alone.
        b.place(b.parse_cell("o15").unwrap());
        let mut moves = vec![];
        assert!(b.generate_tactical(&mut moves));
        assert_eq!(b.names(&moves).len(), 1);
        b.place(moves[0]);
        assert_eq!(b.winner(), Some(Color::Black));
    }

    /// Past the horizon the search follows fours: at depth 1 it proves the win of a
    /// four-three (the four, its block, an open four, a block, five) where depth 1 alone
    /// only scores it.
    #[test]
    fn quiescence_follows_fours_past_the_horizon() {
        let options = |q| SearchOptions {
            quiescence_plies: q,
            ..SearchOptions::depth(1)
        };
        for s in 0..8 {
            // Black: h8 i8 j8 against g8 (k8 makes a four) and k9 k10 (k8 makes an open
            // three of them).
            let mut b = board("h8g8i8a1j8a3k9a5k10a7").transformed(s);
            let plain = Search::new(options(0)).run(&mut b, &Threats);
            assert!(!plain.score.is_win(), "orientation {s}: {}", plain.score);
            let deeper = Search::new(options(8)).run(&mut b, &Threats);
            assert_eq!(deeper.score, Score::win_in(5), "orientation {s}");
        }
    }

    fn best(b: &mut Board, depth: u32) -> String {
        let r = Search::new(SearchOptions::depth(depth)).run(b, &Threats);
        b.name(r.best_move.unwrap())
    }

    #[test]
    fn incremental_codes_and_counts_equal_a_recount_after_random_play_and_undo() {
        let mut b = Board::new(15, Rule::Freestyle).unwrap();
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for step in 0..2000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let undo = !b.history().is_empty() && (state.is_multiple_of(3) || b.winner().is_some());
            if undo {
                b.remove_last();
            } else {
                let empty: Vec<u16> = b.cells().filter(|&c| b.at(c) == Cell::Empty).collect();
                b.place(empty[(state >> 8) as usize % empty.len()]);
            }
            let (codes, kept) = (b.codes_from_scratch(), b.codes());
            for c in b.cells() {
                assert_eq!(kept[c as usize], codes[c as usize], "step {step}");
            }
            assert_eq!(
                b.pattern_counts(),
                &b.pattern_counts_from_scratch(),
                "step {step}"
            );
            // The evaluation's parent: the counts of the position before the last move.
            let mut before = b.clone();
            let parent = before.remove_last().map(|_| {
                (
                    before.pattern_counts_from_scratch(),
                    before.combo_counts_from_scratch(),
                )
            });
            assert_eq!(
                b.parent_pattern_counts(),
                parent.as_ref().map(|p| &p.0),
                "step {step}"
            );
            assert_eq!(
                b.combo_counts(),
                &b.combo_counts_from_scratch(),
                "step {step}"
            );
            assert_eq!(
                b.parent_combo_counts(),
                parent.as_ref().map(|p| &p.1),
                "step {step}"
            );
            // The cells' tallies, kept on make and unmake, against their four patterns.
            for c in b.cells().filter(|&c| b.at(c) == Cell::Empty) {
                for color in [Color::Black, Color::White] {
                    let four = (0..4).any(|di| b.pattern(c, color, di) >= Pattern::Four);
                    assert_eq!(b.makes_four(c, color), four, "step {step}");
                    let open_four = (0..4).any(|di| b.pattern(c, color, di) >= Pattern::OpenFour);
                    assert_eq!(b.makes_open_four(c, color), open_four, "step {step}");
                }
            }
            // The cells completing a five, against runs counted along the lines.
            for color in [Color::Black, Color::White] {
                let five = |c: u16| DIRECTIONS.iter().any(|&d| b.run_length(c, d, color) >= 5);
                let mut expected: Vec<u16> = b
                    .cells()
                    .filter(|&c| b.at(c) == Cell::Empty && five(c))
                    .collect();
                expected.sort_by_key(|&c| (b.xy(c).1, b.xy(c).0));
                assert_eq!(b.five_cells(color), expected, "step {step}");
            }
            for c in b.cells() {
                let near = b.history().iter().any(|&s| {
                    let ((x, y), (sx, sy)) = (b.xy(c), b.xy(s));
                    x.abs_diff(sx) <= 2 && y.abs_diff(sy) <= 2
                });
                assert_eq!(b.is_near_stones(c), near, "step {step}");
            }
            // The candidates: every empty cell near a stone, in reading order (rows from
            // the bottom, each from the left).
            if !b.history().is_empty() {
                let mut expected: Vec<u16> = b
                    .cells()
                    .filter(|&c| b.at(c) == Cell::Empty && b.is_near_stones(c))
                    .collect();
                expected.sort_by_key(|&c| (b.xy(c).1, b.xy(c).0));
                assert_eq!(b.candidates(), expected, "step {step}");
            }
        }
    }

    /// In a quiet position the generated moves and the rest are every candidate, each once,
    /// the generated ones the most urgent; where a reply is forced the list is complete and
    /// there is no rest. Random games, both colours to move.
    #[test]
    fn the_rest_completes_the_candidates_where_nothing_is_forced() {
        let mut rand = crate::test_util::xorshift(0x2545_F491_4F6C_DD1D);
        let (mut quiet, mut forced) = (0, 0);
        for _ in 0..20 {
            let mut b = Board::new(15, Rule::Freestyle).unwrap();
            while b.winner().is_none() && b.history().len() < 50 {
                let (mut moves, mut rest) = (Vec::new(), Vec::new());
                b.generate_moves(&mut moves);
                b.generate_rest(&mut rest);
                let mut both: Vec<u16> = moves.iter().chain(&rest).copied().collect();
                both.sort_unstable();
                let mut all = b.candidates();
                all.sort_unstable();
                let me = b.to_move();
                if b.history().is_empty() {
                    assert!(rest.is_empty());
                } else if b.first_five_cell(me).is_some() || b.must_answer().is_some() {
                    assert!(rest.is_empty(), "nothing is left out of a forced list\n{b}");
                    forced += 1;
                } else {
                    assert_eq!(both, all, "\n{b}");
                    assert_eq!(moves.len(), all.len().min(MAX_MOVES));
                    let worst = moves.iter().map(|&c| urgency(&b, c, me)).min().unwrap();
                    assert!(rest.iter().all(|&c| urgency(&b, c, me) <= worst), "\n{b}");
                    quiet += 1;
                }
                let pick = all[(rand() % all.len() as u64) as usize];
                b.place(pick);
            }
        }
        assert!(quiet > 200 && forced > 20, "{quiet} quiet, {forced} forced");
    }

    /// The keyed moves are the generated ones, and their keys (the higher first, ties in
    /// list order) put them in the generated order.
    #[test]
    fn keyed_moves_sort_into_the_generated_order() {
        let mut rand = crate::test_util::xorshift(0x9E37_79B9_7F4A_7C15);
        let mut unsorted = 0;
        for _ in 0..20 {
            let mut b = Board::new(15, Rule::Freestyle).unwrap();
            while b.winner().is_none() && b.history().len() < 50 {
                let (mut moves, mut keyed, mut keys) = (Vec::new(), Vec::new(), Vec::new());
                b.generate_moves(&mut moves);
                b.generate_keyed(&mut keyed, &mut keys);
                assert_eq!(keys.len(), keyed.len());
                assert!(keys.iter().all(|&k| k <= alphabeta::MAX_MOVE_KEY));
                let mut order: Vec<usize> = (0..keyed.len()).collect();
                order.sort_by_key(|&i| std::cmp::Reverse(keys[i]));
                let sorted: Vec<u16> = order.iter().map(|&i| keyed[i]).collect();
                assert_eq!(sorted, moves, "\n{b}");
                unsorted += (keyed != moves) as u32;
                let all = b.candidates();
                b.place(all[(rand() % all.len() as u64) as usize]);
            }
        }
        assert!(unsorted > 100, "only {unsorted} lists came unsorted");
    }

    #[test]
    fn answers_an_open_three_in_every_orientation() {
        // White has an open three f8 g8 h8 (e8, i8 empty, d8 and j8 empty too); Black's stones
        // are scattered and make no threat. Black must stop the three.
        let base = "b2f8n2g8b14h8";
        for s in 0..8 {
            let mut b = board(base).transformed(s);
            let mut moves = Vec::new();
            b.generate_moves(&mut moves);
            let names = b.names(&moves);
            // The defences of .XXX. are its four neighbours on the line: d8 e8 i8 j8 (in this
            // orientation's coordinates): exactly four candidates.
            assert_eq!(moves.len(), 4, "orientation {s}: {names:?}");
            let best = best(&mut b, 3);
            let cell = b.parse_cell(&best).unwrap();
            assert!(moves.contains(&cell), "orientation {s}: {best}");
        }
    }

    /// The empty cells within 4 steps of a stone: every cell that can take part in a five
    /// that uses a stone on the board, or stop one (a five of only new stones needs more
    /// than the three plies checked here).
    fn cells_in_reach(b: &Board) -> Vec<u16> {
        b.cells()
            .filter(|&c| b.at(c) == Cell::Empty)
            .filter(|&c| {
                b.history().iter().any(|&s| {
                    let ((x, y), (sx, sy)) = (b.xy(c), b.xy(s));
                    x.abs_diff(sx) <= 4 && y.abs_diff(sy) <= 4
                })
            })
            .collect()
    }

    /// Calls `f` after each stone on an empty cell of `reach` (taken back after); true if
    /// `f` is true for any.
    fn any_move(b: &mut Board, reach: &[u16], mut f: impl FnMut(&mut Board) -> bool) -> bool {
        reach.iter().any(|&c| {
            if b.at(c) != Cell::Empty {
                return false;
            }
            b.place(c);
            let yes = f(b);
            b.remove_last();
            yes
        })
    }

    /// Can the side to move make five at once (tried on every cell within reach)?
    fn wins_at_once(b: &mut Board, reach: &[u16]) -> bool {
        let me = b.to_move();
        any_move(b, reach, |b| b.winner() == Some(me))
    }

    #[test]
    fn sure_ends_hold_against_every_reply() {
        let mut rand = crate::test_util::xorshift(0x9E37_79B9_7F4A_7C15);
        let (mut won, mut lost, mut bounds) = ([0; 3], 0, 0);
        for (r, rule) in [Rule::Freestyle, Rule::Standard, Rule::Caro]
            .into_iter()
            .enumerate()
        {
            for _ in 0..25 {
                let mut b = Board::new(15, rule).unwrap();
                while b.winner().is_none() && b.history().len() < 60 {
                    if let Some(w) = b.winning_move() {
                        b.place(w);
                        assert!(b.winner().is_some(), "{w} wins\n{b}");
                        break;
                    }
                    let reach = cells_in_reach(&b);
                    let reach = &reach[..];
                    match b.earliest_end() {
                        // The dearest check (three plies of every cell): the first 20 a rule.
                        Ends::WonIn(n) if won[r] < 20 => {
                            assert_eq!(n, 3);
                            // Some move, after which every reply leaves a five to make.
                            let ok = any_move(&mut b, reach, |b| {
                                !any_move(b, reach, |b| {
                                    b.winner().is_some() || !wins_at_once(b, reach)
                                })
                            });
                            assert!(ok, "wins in 3\n{b}");
                            won[r] += 1;
                        }
                        Ends::WonIn(_) => {}
                        Ends::LostIn(n) => {
                            assert_eq!(n, 2);
                            // No move after which the opponent has no five to make.
                            let saved = any_move(&mut b, reach, |b| !wins_at_once(b, reach));
                            assert!(!saved, "lost in 2\n{b}");
                            lost += 1;
                        }
                        Ends::NotBefore { win, loss } => {
                            assert_eq!(win, 3);
                            assert!(!wins_at_once(&mut b, reach), "no win in 1\n{b}");
                            if loss >= 4 && bounds < 300 {
                                assert_eq!(loss, 4);
                                // No move of ours leaves the opponent a five to make.
                                let lost = any_move(&mut b, reach, |b| wins_at_once(b, reach));
                                assert!(!lost, "no loss in 2\n{b}");
                            }
                            bounds += 1;
                        }
                    }
                    let moves = b.candidates();
                    b.place(moves[rand() as usize % moves.len()]);
                }
            }
        }
        assert!(
            won == [20, 20, 20] && lost >= 10 && bounds >= 300,
            "{won:?} {lost} {bounds}"
        );
    }

    /// Where the opponent has a cell making two fours or a four and an open three, every
    /// candidate the search leaves out (neither generated nor in the rest) loses to a
    /// victory by fours: the VCF solver, a separate search, proves the opponent's win after
    /// it. Random games under the standard and freestyle rules; under caro, where an answer
    /// may also close a five to come, nothing is left out.
    #[test]
    fn moves_left_out_under_a_four_three_lose_to_fours() {
        let mut rand = crate::test_util::xorshift(0x1234_5678_9ABC_DEF1);
        let (mut threats, mut left_out) = (0, 0);
        for g in 0..800 {
            let rule = [Rule::Freestyle, Rule::Standard, Rule::Caro][g % 3];
            let mut b = Board::new(15, rule).unwrap();
            while b.winner().is_none() && b.history().len() < 60 {
                let me = b.to_move();
                // (An opponent's four is a threat too, answered as an open three.)
                let combo_threat = !b.history().is_empty()
                    && b.first_five_cell(me).is_none()
                    && b.must_answer() == Some(Threat::FourThree);
                let all = b.candidates();
                if combo_threat {
                    threats += 1;
                    let mut searched = Vec::new();
                    b.generate_moves(&mut searched);
                    b.generate_rest(&mut searched);
                    let mut out = all.iter().filter(|c| !searched.contains(c)).peekable();
                    assert!(
                        rule != Rule::Caro || out.peek().is_none(),
                        "caro leaves out a candidate under a threat\n{b}"
                    );
                    for &c in out {
                        left_out += 1;
                        b.place(c);
                        let lost = crate::vcf::VcfSearch::new(20, 100_000)
                            .find(&mut b)
                            .is_some();
                        b.remove_last();
                        assert!(lost, "{} is left out and does not lose\n{b}", b.name(c));
                    }
                }
                b.place(all[(rand() % all.len() as u64) as usize]);
            }
        }
        assert!(
            threats > 500 && left_out > 50_000,
            "{threats} threats, {left_out} left out"
        );
    }
}
