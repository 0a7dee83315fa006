//! Connect Four on 7 columns and 6 rows, as bitboards, and its solver.
//!
//! A position is two 64-bit masks: the stones of the side to move, and all stones. Column `c`
//! uses bits `7c .. 7c+5`, bottom to top, and bit `7c+6` stays empty as a separator, so a line
//! of four is four bits at a fixed stride: 1 (vertical), 7 (horizontal), 6 and 8 (diagonals).
//! Scores follow the benchmark sets (`../shared/data/connect4/README.md`): 0 for a draw; a win
//! whose last stone is played when `n` stones are already down scores `(43 - n) / 2`; a loss is
//! the negation.

use std::cell::Cell;
use std::fmt;
use std::hash::{Hash, Hasher};

use alphabeta::{Ends, Evaluator, Game, Outcome, Score, Search, SearchOptions, SearchReport};
use thiserror::Error;

/// Columns.
pub const WIDTH: u32 = 7;
/// Rows.
pub const HEIGHT: u32 = 6;
/// From this many stones on, the solver gives a position's exact value in a moment (the
/// benchmark's middle-game sets, 14 to 27 stones, take milliseconds a position): players
/// and pages always solve from here.
pub const SOLVE_FROM: u32 = 14;
/// From this many stones on (and before [`SOLVE_FROM`]) the solver is tried within
/// [`EARLY_SOLVE_NODES`]: most such positions are solved in a second or two, a few take
/// minutes, so players and pages use the answer when it comes and search when it does not.
pub const EARLY_SOLVE_FROM: u32 = 8;
/// The nodes an early solve may take (a second or so; a node count, unlike a time, gives
/// the same answer on every machine).
pub const EARLY_SOLVE_NODES: u64 = 8_000_000;
const STRIDE: u32 = HEIGHT + 1;
const CELLS: u32 = WIDTH * HEIGHT;

const fn bottom_mask() -> u64 {
    let mut m = 0;
    let mut c = 0;
    while c < WIDTH {
        m |= 1 << (c * STRIDE);
        c += 1;
    }
    m
}
const BOTTOM: u64 = bottom_mask();
const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);

const fn column_mask(col: u32) -> u64 {
    ((1 << HEIGHT) - 1) << (col * STRIDE)
}

/// Columns from the centre outwards: the usual first guess of the best move.
const CENTRE_FIRST: [u8; 7] = [3, 2, 4, 1, 5, 0, 6];

/// A bad move sequence.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// Not a column digit 1-7.
    #[error("move {index}: '{found}' is not a column (1 to 7)")]
    NotAColumn {
        /// 1-based position in the sequence.
        index: usize,
        /// What was there.
        found: char,
    },
    /// The column is full.
    #[error("move {index}: column {column} is full")]
    ColumnFull {
        /// 1-based position in the sequence.
        index: usize,
        /// The column, 1 to 7.
        column: u32,
    },
    /// The game was already over.
    #[error("move {index}: the game is already over")]
    GameOver {
        /// 1-based position in the sequence.
        index: usize,
    },
}

/// A Connect Four position.
#[derive(Clone)]
pub struct Connect4 {
    /// Stones of the side to move.
    current: u64,
    /// All stones.
    mask: u64,
    /// Stones played.
    moves: u32,
    /// The last stone completed four: the side to move has lost.
    lost: bool,
    /// The winning cells of both sides, by the number of stones, for the positions of the
    /// line being played: the search asks for them several times at each node (a win now?
    /// threats to block? which moves are safe?), and `play` derives a child's from its
    /// parent's with one computation instead of two, which `undo` leaves in place.
    wins: [Cell<WinCells>; CELLS as usize + 1],
}

impl Default for Connect4 {
    fn default() -> Self {
        Connect4 {
            current: 0,
            mask: 0,
            moves: 0,
            lost: false,
            wins: std::array::from_fn(|_| Cell::new(WinCells::default())),
        }
    }
}

/// A memo of [`winning_cells`] for both sides of one position.
#[derive(Clone, Copy, Default)]
struct WinCells {
    /// The position's key; the memo is stale when it differs.
    key: u64,
    /// Where the side to move would complete four.
    mine: u64,
    /// Where the opponent would.
    theirs: u64,
}

impl PartialEq for Connect4 {
    fn eq(&self, other: &Self) -> bool {
        (self.current, self.mask) == (other.current, other.mask)
    }
}

impl Eq for Connect4 {}

impl Hash for Connect4 {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.current, self.mask).hash(state);
    }
}

/// The cells where `stones` would complete a line of four, among empty cells.
fn winning_cells(stones: u64, mask: u64) -> u64 {
    // Vertical: three stones below.
    let mut r = (stones << 1) & (stones << 2) & (stones << 3);
    for shift in [STRIDE, HEIGHT, STRIDE + 1] {
        // Two in a row on one side, and the third on either side of the gap.
        let p = (stones << shift) & (stones << (2 * shift));
        r |= p & (stones << (3 * shift));
        r |= p & (stones >> shift);
        let p = (stones >> shift) & (stones >> (2 * shift));
        r |= p & (stones << shift);
        r |= p & (stones >> (3 * shift));
    }
    r & (BOARD ^ mask)
}

/// A position key spread over 64 bits (Fibonacci hashing).
#[inline]
fn spread(key: u64) -> u64 {
    key.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The cells of `stones` that lie on a line of four of them.
fn fours(stones: u64) -> u64 {
    let mut cells = 0;
    for s in [1, STRIDE, HEIGHT, STRIDE + 1] {
        // The lowest cell of each four, then the four cells from it.
        let m = stones & (stones >> s);
        let starts = m & (m >> (2 * s));
        cells |= starts | starts << s | starts << (2 * s) | starts << (3 * s);
    }
    cells
}

/// Has `stones` a line of four? (The position keeps a flag instead; tests check it.)
#[cfg(test)]
fn has_four(stones: u64) -> bool {
    fours(stones) != 0
}

impl Connect4 {
    /// The empty board.
    pub fn new() -> Connect4 {
        Connect4::default()
    }

    /// A position from the columns played, `1` to `7`, first player first (`"4453"`).
    pub fn from_moves(seq: &str) -> Result<Connect4, MoveError> {
        let mut p = Connect4::new();
        for (i, ch) in seq.trim().chars().enumerate() {
            let index = i + 1;
            let col = match ch.to_digit(10) {
                Some(d) if (1..=WIDTH).contains(&d) => d - 1,
                _ => return Err(MoveError::NotAColumn { index, found: ch }),
            };
            if p.outcome().is_some() {
                return Err(MoveError::GameOver { index });
            }
            if !p.can_play(col) {
                return Err(MoveError::ColumnFull {
                    index,
                    column: col + 1,
                });
            }
            p.play(col as u8);
        }
        Ok(p)
    }

    /// Stones on the board.
    pub fn moves_played(&self) -> u32 {
        self.moves
    }

    /// Is there room in this column (0 to 6)?
    pub fn can_play(&self, col: u32) -> bool {
        col < WIDTH && self.mask & (1 << (col * STRIDE + HEIGHT - 1)) == 0
    }

    /// Would playing this column win at once?
    pub fn is_winning_move(&self, col: u32) -> bool {
        self.can_play(col) && self.win_cells().mine & self.possible() & column_mask(col) != 0
    }

    /// The winning cells of both sides, from the memo when it is this position's.
    #[inline]
    fn win_cells(&self) -> WinCells {
        let key = self.key();
        let slot = &self.wins[self.moves as usize];
        let memo = slot.get();
        if memo.key == key {
            return memo;
        }
        let w = WinCells {
            key,
            mine: winning_cells(self.current, self.mask),
            theirs: winning_cells(self.current ^ self.mask, self.mask),
        };
        slot.set(w);
        w
    }

    /// The cells where a stone can go now (one per open column).
    fn possible(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    /// The stone a move in `col` would place.
    fn landing(&self, col: u32) -> u64 {
        self.possible() & column_mask(col)
    }

    /// A unique key of the position (the side to move is implied by the count).
    pub fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// The benchmark score of a search score: the number of stones the winner has left.
    pub fn table_score(&self, s: Score) -> i32 {
        match s.plies_to_end() {
            // The winning stone is the k-th move from here, placed onto moves + k - 1 stones.
            Some(k) if s.is_win() => (CELLS as i32 + 2 - self.moves as i32 - k as i32) / 2,
            Some(k) => -(CELLS as i32 + 2 - self.moves as i32 - k as i32) / 2,
            None => 0,
        }
    }

    /// The plies to the end of the game under perfect play that a benchmark score stands
    /// for, the winning stone included (`table_score` backwards); `None` for a draw.
    pub fn plies_to_end(&self, score: i32) -> Option<u32> {
        if score == 0 {
            return None;
        }
        // k plies to a win of the side to move is odd, to its loss even; of the two k that
        // give the score, the one of the right parity.
        let k = CELLS as i32 + 2 - self.moves as i32 - 2 * score.abs();
        let want_odd = score > 0;
        Some((if (k % 2 == 1) == want_odd { k } else { k - 1 }) as u32)
    }

    /// A benchmark score in words, for people: `"win in 11"`, `"draw"`, `"loss in 8"`
    /// (plies to the end under perfect play, the winning disc included).
    pub fn score_in_plies(&self, score: i32) -> String {
        match self.plies_to_end(score) {
            Some(k) if score > 0 => format!("win in {k}"),
            Some(k) => format!("loss in {k}"),
            None => "draw".into(),
        }
    }

    /// Who is to move: `'X'` (first player) or `'O'`.
    pub fn to_move(&self) -> char {
        if self.moves.is_multiple_of(2) {
            'X'
        } else {
            'O'
        }
    }

    /// The cells, as (column, row from 0 at the bottom), of every line of four on the board:
    /// the winner's four, or more when the last disc closed several lines (or made five);
    /// empty while no one has won.
    pub fn four_cells(&self) -> Vec<(u32, u32)> {
        let fours = fours(self.current) | fours(self.current ^ self.mask);
        (0..WIDTH)
            .flat_map(|col| (0..HEIGHT).map(move |row| (col, row)))
            .filter(|&(col, row)| fours & (1 << (col * STRIDE + row)) != 0)
            .collect()
    }

    /// The stone at a column and row (0 = bottom): `Some('X')`, `Some('O')` or `None`.
    pub fn at(&self, col: u32, row: u32) -> Option<char> {
        let bit = 1u64 << (col * STRIDE + row);
        if self.mask & bit == 0 {
            return None;
        }
        let mine = self.current & bit != 0;
        Some(if mine == self.moves.is_multiple_of(2) {
            'X'
        } else {
            'O'
        })
    }
}

/// What the side to move may do against the opponent's threats (see [`Connect4::defence`]).
struct Defence {
    /// The cells it may play: the block when there is one threat, else every open cell.
    allowed: u64,
    /// Of those, the ones not right under a cell where the opponent would win.
    safe: u64,
    /// Cells where the opponent would win with its next disc.
    threats: u32,
}

impl Connect4 {
    /// The moves that do not lose at once: a threat must be blocked, and a disc right under
    /// an opponent's winning cell hands it the win. One test for the move generator and for
    /// `earliest_end`.
    fn defence(&self) -> Defence {
        let possible = self.possible();
        let opponent_wins = self.win_cells().theirs;
        let forced = possible & opponent_wins;
        let allowed = if forced == 0 { possible } else { forced };
        Defence {
            allowed,
            safe: allowed & !(opponent_wins >> 1),
            threats: forced.count_ones(),
        }
    }
}

impl fmt::Debug for Connect4 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl fmt::Display for Connect4 {
    /// The board, top row first, with column numbers under it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..HEIGHT).rev() {
            write!(f, "|")?;
            for col in 0..WIDTH {
                write!(f, "{}", self.at(col, row).unwrap_or('.'))?;
            }
            writeln!(f, "|")?;
        }
        writeln!(f, " 1234567")
    }
}

impl Game for Connect4 {
    type Move = u8;

    /// Only the moves that matter, best guess first: a winning move if there is one; else, if
    /// the opponent threatens to win, the block (or any move, when there are two threats:
    /// all lose); else the moves that do not let the opponent win at once, ordered by how many
    /// winning cells they make, centre columns first among equals.
    fn generate_moves(&self, moves: &mut Vec<u8>) {
        let possible = self.possible();
        let wins = possible & self.win_cells().mine;
        if wins != 0 {
            moves.push((wins.trailing_zeros() / STRIDE) as u8);
            return;
        }
        let d = self.defence();
        if d.safe == 0 || d.threats > 1 {
            // Every move lets the opponent win (or two threats cannot both be blocked): one
            // move is enough to show it.
            moves.push((d.allowed.trailing_zeros() / STRIDE) as u8);
            return;
        }
        let safe = d.safe;
        // Insertion by score, stable: centre-first order breaks ties.
        let mut scores = [0u32; 7];
        for &col in &CENTRE_FIRST {
            let stone = safe & column_mask(col as u32);
            if stone == 0 {
                continue;
            }
            let score = winning_cells(self.current | stone, self.mask).count_ones();
            let mut i = moves.len();
            moves.push(col);
            while i > 0 && scores[i - 1] < score {
                moves[i] = moves[i - 1];
                scores[i] = scores[i - 1];
                i -= 1;
            }
            moves[i] = col;
            scores[i] = score;
        }
    }

    fn play(&mut self, col: u8) {
        let stone = self.landing(col as u32);
        let w = self.win_cells();
        self.lost = stone & w.mine != 0;
        self.current ^= self.mask;
        self.mask |= stone;
        self.moves += 1;
        // The side now to move keeps its winning cells but the one just filled; only the
        // mover's are new.
        if let Some(slot) = self.wins.get(self.moves as usize) {
            slot.set(WinCells {
                key: self.key(),
                mine: w.theirs & !stone,
                theirs: winning_cells(self.current ^ self.mask, self.mask),
            });
        }
    }

    fn undo(&mut self, col: u8) {
        let column = self.mask & column_mask(col as u32);
        let top = 1u64 << (63 - column.leading_zeros());
        self.mask ^= top;
        self.current ^= self.mask;
        self.moves -= 1;
        // A move was played from here, so the game was not over.
        self.lost = false;
    }

    /// A column whose next cell completes four.
    fn winning_move(&self) -> Option<u8> {
        let wins = self.possible() & self.win_cells().mine;
        (wins != 0).then(|| (wins.trailing_zeros() / STRIDE) as u8)
    }

    /// Asked when there is no winning move: so no win before our next-but-one move. No loss
    /// before the opponent's second move when some move both blocks every threat and does not
    /// play under an opponent's winning cell (the same test as the move generator's); when
    /// none does, the opponent wins with its next disc.
    fn earliest_end(&self) -> Ends {
        let d = self.defence();
        if d.safe != 0 && d.threats <= 1 {
            Ends::NotBefore { win: 3, loss: 4 }
        } else {
            // Every move lets the opponent complete four.
            Ends::LostIn(2)
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.lost {
            Some(Outcome::Loss)
        } else if self.moves == CELLS {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn move_id(&self, col: u8) -> usize {
        col as usize
    }

    fn move_id_limit(&self) -> usize {
        WIDTH as usize
    }

    /// The key times a large odd number: one multiplication, and a bijection, so two
    /// positions never share a hash; the table indexes by the high bits, which depend on
    /// every bit of the key.
    fn hash(&self) -> Option<u64> {
        Some(spread(self.key()))
    }

    fn hash_after(&self, col: u8) -> Option<u64> {
        let mask = self.mask | self.landing(col as u32);
        Some(spread((self.current ^ self.mask) + mask))
    }
}

/// A static guess for depth-limited searches: winning cells of the side to move minus the
/// opponent's. (The solver searches to the end and never calls it.)
#[derive(Copy, Clone, Debug, Default)]
pub struct Threats;

impl Evaluator<Connect4> for Threats {
    fn evaluate(&self, p: &Connect4) -> Score {
        let w = p.win_cells();
        let (mine, theirs) = (w.mine.count_ones() as i32, w.theirs.count_ones() as i32);
        Score(mine - theirs)
    }
}

/// The deepest look-ahead [`lookahead_tree`] writes.
pub const MAX_LOOKAHEAD_PLIES: u32 = 6;

/// The look-ahead from `p` as an explicit tree for the tree explainer, as
/// [`alphabeta::explicit_tree`] writes any game's: the root is the position, Max the side to
/// move; at each node the first `width` (1 to 7) moves of the engine's generator (a winning
/// move alone; else never a move under the opponent's winning cell, the block alone where
/// there is a threat, one move where every move loses; the others by the winning cells they
/// make, centre first), `plies`
/// deep (1 to [`MAX_LOOKAHEAD_PLIES`]); each node labelled by the columns that lead to it,
/// `c4c3` (column 4, then 3); [`Threats`] for Max at the leaves and as static values
/// (winning cells, Max's less Min's); a four made `inf` or `-inf`, a full board 0. `None`
/// when the game is over.
pub fn lookahead_tree(p: &Connect4, plies: u32, width: usize) -> Option<String> {
    let plies = plies.clamp(1, MAX_LOOKAHEAD_PLIES);
    alphabeta::explicit_tree(
        &mut p.clone(),
        &Threats,
        plies,
        width.clamp(1, 7),
        |_, col| format!("c{}", col + 1),
    )
}

/// The answer of the solver.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The benchmark score (see the module documentation); in weak mode -1, 0 or 1.
    pub score: i32,
    /// A best move (column 0 to 6), if the game is not over.
    pub best_move: Option<u8>,
    /// The engine's report.
    pub report: SearchReport<u8>,
}

/// A Connect Four solver: the engine's search with settings that suit the game, and a
/// transposition table kept from one position to the next.
pub struct Solver {
    search: Search,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new(64)
    }
}

impl Solver {
    /// A solver with a table of `megabytes` MiB.
    pub fn new(megabytes: usize) -> Solver {
        let options = SearchOptions {
            tt_megabytes: megabytes,
            // The game's own ordering (threats made) is better than what killers and history
            // learn in Connect Four; the table's move still comes first.
            killers: false,
            history: false,
            ..SearchOptions::depth(CELLS)
        };
        Solver {
            search: Search::new(options),
        }
    }

    /// Forgets the table.
    pub fn clear(&mut self) {
        self.search.clear();
    }

    /// The exact score (strong) or only its sign (weak: win 1, draw 0, loss -1), and a best
    /// move.
    pub fn solve(&mut self, position: &Connect4, weak: bool) -> Solution {
        self.run(position, weak, true, |_, _| {})
    }

    /// [`solve`](Self::solve), telling `progress(min, max)` the range the score is known to
    /// lie in before each null-window search narrows it: a long solve (the empty board
    /// takes minutes) can show that it moves.
    pub fn solve_with_progress(
        &mut self,
        position: &Connect4,
        weak: bool,
        progress: impl FnMut(i32, i32),
    ) -> Solution {
        self.run(position, weak, true, progress)
    }

    /// [`solve`](Self::solve) within `max_nodes` (none: no limit); `None` when they ran out
    /// first. The table keeps what the search found, so a later try goes further.
    pub fn try_solve(
        &mut self,
        position: &Connect4,
        weak: bool,
        max_nodes: Option<u64>,
    ) -> Option<Solution> {
        let unlimited = self.search.options.max_nodes;
        self.search.options.max_nodes = max_nodes;
        let s = self.run(position, weak, true, |_, _| {});
        self.search.options.max_nodes = unlimited;
        // A search stopped by the node limit reports no completed depth.
        (s.report.depth > 0).then_some(s)
    }

    /// Each playable column (0 to 6) with its exact benchmark score for the side to move if
    /// it plays there: the position after it solved, negated (a winning disc scores as a win
    /// at once, the disc that fills the board as a draw).
    pub fn column_scores(&mut self, position: &Connect4) -> Vec<(u32, i32)> {
        self.try_column_scores(position, None)
            .expect("a solve without a node limit always ends")
    }

    /// [`column_scores`](Self::column_scores) within `max_nodes` for all the columns
    /// together (none: no limit); `None` when they ran out first.
    pub fn try_column_scores(
        &mut self,
        position: &Connect4,
        max_nodes: Option<u64>,
    ) -> Option<Vec<(u32, i32)>> {
        let mut left = max_nodes;
        (0..WIDTH)
            .filter(|&c| position.can_play(c))
            .map(|c| {
                let mut child = position.clone();
                child.play(c as u8);
                let score = match child.outcome() {
                    Some(Outcome::Loss) => position.table_score(Score::win_in(1)),
                    Some(_) => 0,
                    None => {
                        let s = self.try_solve(&child, false, left)?;
                        left = left.map(|n| n.saturating_sub(s.report.stats.nodes));
                        -s.score
                    }
                };
                Some((c, score))
            })
            .collect()
    }

    /// The score alone, without looking for a best move (a little faster: the benchmarks).
    pub fn score(&mut self, position: &Connect4, weak: bool) -> Solution {
        self.run(position, weak, false, |_, _| {})
    }

    fn run(
        &mut self,
        position: &Connect4,
        weak: bool,
        with_move: bool,
        mut progress: impl FnMut(i32, i32),
    ) -> Solution {
        let mut p = position.clone();
        if p.outcome().is_some() {
            let report = self
                .search
                .solve(&mut p, &Threats, 1, Score::LOSS, Score::WIN);
            return Solution {
                score: if weak {
                    report.score.0.signum()
                } else {
                    p.table_score(report.score)
                },
                best_move: None,
                report,
            };
        }
        if let Some(col) = p.winning_move() {
            // A win with this disc: nothing to search.
            let score = Score::win_in(1);
            return Solution {
                score: if weak { 1 } else { position.table_score(score) },
                best_move: Some(col),
                report: SearchReport::single(score, vec![col], 1, 0, Default::default()),
            };
        }
        let depth = CELLS - p.moves;
        let (lo, hi) = if weak {
            (Score(-1), Score(1))
        } else {
            (Score::loss_in(2), Score::win_in(1))
        };
        // Probe in the benchmark's score space: away from zero first, where the answer "no"
        // comes fast (the solver of the tutorial these sets come from does the same).
        let probe = |lo: Score, hi: Score| {
            let (min, max) = (position.table_score(lo), position.table_score(hi));
            if min == max {
                // Every value left has the same benchmark score: done.
                return None;
            }
            progress(min, max);
            let mut med = min + (max - min) / 2;
            if med <= 0 && min / 2 < med {
                med = min / 2;
            } else if med >= 0 && max / 2 > med {
                med = max / 2;
            }
            Some(position.threshold(med))
        };
        let report = if with_move {
            self.search.solve_by(&mut p, &Threats, depth, lo, hi, probe)
        } else {
            self.search.value_by(&mut p, &Threats, depth, lo, hi, probe)
        };
        let score = if weak {
            report.score.0.signum()
        } else {
            position.table_score(report.score)
        };
        Solution {
            score,
            best_move: report.best_move,
            report,
        }
    }
}

/// The engine a person plays against: the solver from [`SOLVE_FROM`] stones on, and from
/// [`EARLY_SOLVE_FROM`] where it answers within [`EARLY_SOLVE_NODES`]; else a timed search by
/// the threat count. It keeps its tables from one move to the next.
pub struct Opponent {
    solver: Solver,
    search: Search,
}

/// The move an [`Opponent`] chose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The column, 0 to 6.
    pub column: u8,
    /// Exact from the solver (`"win in 5"`, `"draw"`, `"loss in 8"`), else the search's
    /// score by the threat count, or a win or loss it saw.
    pub value: String,
    /// Whether the solver found it.
    pub exact: bool,
    /// The search's completed depth (the solver's: every empty cell).
    pub depth: u32,
    pub nodes: u64,
}

impl Opponent {
    /// An opponent whose solver and search have tables of `megabytes` MiB each.
    pub fn new(megabytes: usize) -> Opponent {
        Opponent {
            solver: Solver::new(megabytes),
            // As in the solver: the game's order is better than killers' and history's
            // (`alphabeta bench` measures it); without them a second reaches 2 or 3 plies
            // deeper in the opening.
            search: Search::new(SearchOptions {
                tt_megabytes: megabytes,
                killers: false,
                history: false,
                ..SearchOptions::time(std::time::Duration::from_secs(1))
            }),
        }
    }

    /// Whether the solver is tried on `position` (from [`EARLY_SOLVE_FROM`] stones, unless
    /// the game is over): where it is not, there is nothing to ask but the search.
    pub fn tries_solver(position: &Connect4) -> bool {
        Self::solve_budget(position).is_some()
    }

    /// Whether to try the solver on `position`, and with how many nodes (none: no limit).
    fn solve_budget(position: &Connect4) -> Option<Option<u64>> {
        match position.moves_played() {
            _ if position.outcome().is_some() => None,
            n if n >= SOLVE_FROM => Some(None),
            n if n >= EARLY_SOLVE_FROM => Some(Some(EARLY_SOLVE_NODES)),
            _ => None,
        }
    }

    /// Its move in an unfinished game (`None` when it is over): the solver's when it answers
    /// in a moment, else the best a search of `seconds` finds.
    pub fn choose(&mut self, position: &Connect4, seconds: f64) -> Option<Choice> {
        if position.outcome().is_some() {
            return None;
        }
        let budget = Self::solve_budget(position);
        if let Some(s) = budget.and_then(|b| self.solver.try_solve(position, false, b)) {
            return Some(Choice {
                column: s.best_move?,
                value: position.score_in_plies(s.score),
                exact: true,
                depth: CELLS - position.moves_played(),
                nodes: s.report.stats.nodes,
            });
        }
        let time = std::time::Duration::from_secs_f64(seconds.clamp(0.01, 3600.0));
        self.search.options.max_time = Some(time);
        let r = self.search.run(&mut position.clone(), &Threats);
        Some(Choice {
            column: r.best_move?,
            value: r.score.to_string(),
            exact: false,
            depth: r.depth,
            nodes: r.stats.nodes,
        })
    }

    /// Each playable column (0 to 6) with its exact value for the side to move (`"win in
    /// 5"`, `"draw"`, `"loss in 8"`) when the solver answers in a moment: always from
    /// [`SOLVE_FROM`] stones, from [`EARLY_SOLVE_FROM`] within [`EARLY_SOLVE_NODES`]; else
    /// `None`.
    pub fn column_values(&mut self, position: &Connect4) -> Option<Vec<(u32, String)>> {
        let budget = Self::solve_budget(position)?;
        let scores = self.solver.try_column_scores(position, budget)?.into_iter();
        Some(
            scores
                .map(|(c, s)| (c, position.score_in_plies(s)))
                .collect(),
        )
    }
}

impl Connect4 {
    /// The largest search score whose benchmark score is at most `t`: so "benchmark score
    /// above t" is "search score above `threshold(t)`".
    fn threshold(&self, t: i32) -> Score {
        let left = CELLS - self.moves;
        // The scores a game can end with from here: wins and losses within the cells left.
        let candidates = (0..=left)
            .map(Score::loss_in)
            .filter(|&s| self.table_score(s) < 0)
            .chain(std::iter::once(Score::DRAW))
            .chain(
                (0..=left)
                    .rev()
                    .map(Score::win_in)
                    .filter(|&s| self.table_score(s) > 0),
            );
        candidates
            .filter(|&s| self.table_score(s) <= t)
            .max()
            .unwrap_or(Score::LOSS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_of_four_in_every_direction() {
        // Vertical: X plays 1 four times (O plays 2 in between).
        let p = Connect4::from_moves("1212121").unwrap();
        assert_eq!(p.outcome(), Some(Outcome::Loss));
        // Horizontal along the bottom.
        assert_eq!(
            Connect4::from_moves("1122334").unwrap().outcome(),
            Some(Outcome::Loss)
        );
        // Diagonals both ways.
        assert_eq!(
            Connect4::from_moves("12237334444").unwrap().outcome(),
            Some(Outcome::Loss)
        );
        assert_eq!(
            Connect4::from_moves("76651554444").unwrap().outcome(),
            Some(Outcome::Loss)
        );
        assert_eq!(Connect4::from_moves("121212").unwrap().outcome(), None);
    }

    #[test]
    fn a_score_tells_the_plies_to_the_end() {
        // The benchmark's definition: the winning stone, k plies from a position of m stones,
        // is placed onto m + k - 1 stones and scores (43 - that) / 2, rounded down; a win of
        // the side to move is an odd k, a loss an even one.
        for moves in ["", "4", "4453", "44444432", "1212343456565677"] {
            let p = Connect4::from_moves(moves).unwrap();
            let m = p.moves_played() as i32;
            for k in 1..=(CELLS as i32 - m) {
                let magnitude = (43 - (m + k - 1)) / 2;
                let score = if k % 2 == 1 { magnitude } else { -magnitude };
                assert_eq!(p.plies_to_end(score), Some(k as u32), "{moves} k={k}");
            }
            assert_eq!(p.plies_to_end(0), None);
        }
    }

    #[test]
    fn bad_sequences_are_refused_with_the_place() {
        assert_eq!(
            Connect4::from_moves("12a").unwrap_err(),
            MoveError::NotAColumn {
                index: 3,
                found: 'a'
            }
        );
        assert_eq!(
            Connect4::from_moves("1111111").unwrap_err(),
            MoveError::ColumnFull {
                index: 7,
                column: 1
            }
        );
        assert_eq!(
            Connect4::from_moves("12121212").unwrap_err(),
            MoveError::GameOver { index: 8 }
        );
    }

    #[test]
    fn play_and_undo_restore_the_position() {
        let mut p = Connect4::from_moves("4453").unwrap();
        let before = p.clone();
        for col in 0..7u8 {
            p.play(col);
            p.undo(col);
            assert_eq!(p, before);
        }
    }

    /// The memo of winning cells and the "lost" flag, after random play and undo, against a
    /// recomputation from the stones alone; and `hash_after` against the hash after playing.
    #[test]
    fn memo_and_flag_match_a_recomputation() {
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        for _ in 0..300 {
            let mut p = Connect4::new();
            let mut played = Vec::new();
            loop {
                let fresh_mine = winning_cells(p.current, p.mask) & p.possible();
                assert_eq!(p.winning_move().is_some(), fresh_mine != 0, "{p}");
                assert_eq!(
                    p.outcome() == Some(Outcome::Loss),
                    has_four(p.current ^ p.mask),
                    "{p}"
                );
                if p.outcome().is_some() {
                    break;
                }
                // Now and then take a move back, so the memo meets positions it has seen.
                if !played.is_empty() && next() % 4 == 0 {
                    let col = played.pop().unwrap();
                    p.undo(col);
                    continue;
                }
                let open: Vec<u8> = (0..7u8).filter(|&c| p.can_play(c as u32)).collect();
                // The hash each move would give, known before it is played (for the table's
                // prefetch), is the hash it gives.
                for &c in &open {
                    let expected = p.hash_after(c);
                    p.play(c);
                    assert_eq!(expected, Game::hash(&p), "{p}");
                    p.undo(c);
                }
                let col = open[(next() % open.len() as u64) as usize];
                p.play(col);
                played.push(col);
            }
        }
    }

    #[test]
    fn the_display_shows_the_stones() {
        let p = Connect4::from_moves("44").unwrap();
        let s = p.to_string();
        assert!(s.contains("|...O...|\n|...X...|\n 1234567"), "{s}");
    }
}
