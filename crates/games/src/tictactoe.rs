//! Tic-tac-toe, the game of the source material: its static evaluation
//! `f(p) = f_max(p) - f_min(p)` (open lines), its 8 symmetries merged in the hash, and perfect
//! play by the engine's solver.
//!
//! Cells are numbered 0 to 8 in reading order (top row first). People type 1-9 in the same
//! order, or `a1`-`c3`: a column letter and a row number from the bottom, as in chess.

use std::fmt;

use alphabeta::{
    minimax, Evaluator, Game, NoObserver, Outcome, Score, Search, SearchOptions, SearchReport,
    Stats,
};
use thiserror::Error;

/// The 8 lines, as masks of cells.
pub const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

const FULL: u16 = 0b111_111_111;

/// The 8 symmetries of the square, as maps from a cell to its image.
const SYMMETRIES: [[u8; 9]; 8] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8], // identity
    [2, 5, 8, 1, 4, 7, 0, 3, 6], // rotate a quarter turn
    [8, 7, 6, 5, 4, 3, 2, 1, 0], // half turn
    [6, 3, 0, 7, 4, 1, 8, 5, 2], // three quarters
    [2, 1, 0, 5, 4, 3, 8, 7, 6], // mirror left-right
    [6, 7, 8, 3, 4, 5, 0, 1, 2], // mirror top-bottom
    [0, 3, 6, 1, 4, 7, 2, 5, 8], // main diagonal
    [8, 5, 2, 7, 4, 1, 6, 3, 0], // other diagonal
];

/// Centre, corners, then edges: the material's heuristic order, which the search keeps
/// among moves it knows nothing else about.
const MOVE_ORDER: [u8; 9] = [4, 0, 2, 6, 8, 1, 3, 5, 7];

/// A player.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// Moves first in a normal game.
    X,
    /// Moves second.
    O,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::X => "X",
            Player::O => "O",
        })
    }
}

/// A bad board or move.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BoardError {
    /// Not 9 cells.
    #[error("a board has 9 cells, this one has {0} (write rows top to bottom, like X.O.X....)")]
    Length(usize),
    /// A character that is not X, O or empty.
    #[error("cell {cell}: '{found}' is not X, O or an empty mark (. _ -)")]
    Cell {
        /// 1-based cell.
        cell: usize,
        /// What was there.
        found: char,
    },
    /// The counts cannot arise in a game.
    #[error("{x} X and {o} O cannot happen in a game (X moves first, so X has as many marks as O or one more)")]
    Counts {
        /// Marks of X.
        x: u32,
        /// Marks of O.
        o: u32,
    },
    /// The side to move given does not fit the counts, or has already won.
    #[error(
        "{0} cannot be to move: the counts of X and O, or {0}'s three in a row, say otherwise"
    )]
    Turn(Player),
    /// Both have three in a row.
    #[error("both X and O have three in a row")]
    BothWon,
    /// Not a move.
    #[error("'{0}' is not a move: type 1-9 (top-left to bottom-right) or a1-c3 (column, row from the bottom)")]
    Move(String),
    /// The cell is taken.
    #[error("cell {0} is taken")]
    Taken(String),
}

/// A tic-tac-toe position.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    x: u16,
    o: u16,
    turn: Player,
    /// Merge symmetric positions (the default); off, the game is the plain textbook tree:
    /// every legal move in reading order, and no shared hash.
    symmetry: bool,
}

impl Default for TicTacToe {
    fn default() -> Self {
        TicTacToe::new()
    }
}

fn has_line(marks: u16) -> bool {
    LINES.iter().any(|&l| l & !marks == 0)
}

/// The image of a set of cells under a symmetry.
fn transform(marks: u16, sym: &[u8; 9]) -> u16 {
    let mut out = 0;
    for (cell, &image) in sym.iter().enumerate() {
        if marks & (1 << cell) != 0 {
            out |= 1 << image;
        }
    }
    out
}

impl TicTacToe {
    /// The empty board, X to move.
    pub fn new() -> TicTacToe {
        TicTacToe {
            x: 0,
            o: 0,
            turn: Player::X,
            symmetry: true,
        }
    }

    /// The same position without symmetry merging: every legal move in reading order, the
    /// plain game tree of the textbooks (for comparisons).
    pub fn plain(self) -> TicTacToe {
        TicTacToe {
            symmetry: false,
            ..self
        }
    }

    /// A board from 9 cells, rows top to bottom (`X.O.X....`); `X`, `O` and `.`, `_`, `-`
    /// for empty; spaces and `/` between rows are ignored. The side to move is inferred from
    /// the counts (X when equal) unless given.
    pub fn parse(s: &str, to_move: Option<Player>) -> Result<TicTacToe, BoardError> {
        let cells: Vec<char> = s
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '/')
            .collect();
        if cells.len() != 9 {
            return Err(BoardError::Length(cells.len()));
        }
        let (mut x, mut o) = (0u16, 0u16);
        for (i, c) in cells.iter().enumerate() {
            match c.to_ascii_uppercase() {
                'X' => x |= 1 << i,
                'O' | '0' => o |= 1 << i,
                '.' | '_' | '-' => {}
                found => return Err(BoardError::Cell { cell: i + 1, found }),
            }
        }
        let (nx, no) = (x.count_ones(), o.count_ones());
        if !(nx == no || nx == no + 1 || no == nx + 1) {
            return Err(BoardError::Counts { x: nx, o: no });
        }
        // The side with fewer marks moves; X when the counts are equal.
        let inferred = if nx > no { Player::O } else { Player::X };
        let turn = match to_move {
            Some(t) if nx == no || t == inferred => t,
            Some(t) => return Err(BoardError::Turn(t)),
            None if no > nx => return Err(BoardError::Counts { x: nx, o: no }),
            None => inferred,
        };
        if has_line(x) && has_line(o) {
            return Err(BoardError::BothWon);
        }
        let p = TicTacToe {
            x,
            o,
            turn,
            symmetry: true,
        };
        if has_line(p.marks(turn)) {
            return Err(BoardError::Turn(turn));
        }
        Ok(p)
    }

    /// A move as people type it: `1`-`9` (reading order) or `a1`-`c3`; a legal one.
    pub fn parse_move(&self, s: &str) -> Result<u8, BoardError> {
        let t = s.trim().to_ascii_lowercase();
        let cell = match t.as_bytes() {
            [d @ b'1'..=b'9'] => d - b'1',
            [c @ b'a'..=b'c', r @ b'1'..=b'3'] => (b'3' - r) * 3 + (c - b'a'),
            _ => return Err(BoardError::Move(s.trim().to_string())),
        };
        if (self.x | self.o) & (1 << cell) != 0 {
            return Err(BoardError::Taken(s.trim().to_string()));
        }
        Ok(cell)
    }

    /// The player to move.
    pub fn to_move(&self) -> Player {
        self.turn
    }

    /// The mark in a cell.
    pub fn at(&self, cell: u8) -> Option<Player> {
        if self.x & (1 << cell) != 0 {
            Some(Player::X)
        } else if self.o & (1 << cell) != 0 {
            Some(Player::O)
        } else {
            None
        }
    }

    /// The winner, if someone has three in a row.
    pub fn winner(&self) -> Option<Player> {
        if has_line(self.x) {
            Some(Player::X)
        } else if has_line(self.o) {
            Some(Player::O)
        } else {
            None
        }
    }

    /// The cells of every completed line, in reading order: the winner's three, or five
    /// when the last mark closed two lines at once; empty while no one has won.
    pub fn winning_cells(&self) -> Vec<u8> {
        let won = LINES
            .iter()
            .filter(|&&l| l & !self.x == 0 || l & !self.o == 0)
            .fold(0u16, |cells, &l| cells | l);
        (0..9).filter(|&c| won & (1 << c) != 0).collect()
    }

    fn marks(&self, p: Player) -> u16 {
        match p {
            Player::X => self.x,
            Player::O => self.o,
        }
    }

    /// The lines still open for `p` (no mark of the other player on them): `f_max` or
    /// `f_min` of the material, for the player concerned.
    pub fn open_lines(&self, p: Player) -> i32 {
        let theirs = self.marks(p.other());
        LINES.iter().filter(|&&l| l & theirs == 0).count() as i32
    }

    /// The position up to symmetry: the smallest code among its 8 images.
    pub fn canonical(&self) -> u32 {
        SYMMETRIES
            .iter()
            .map(|s| transform(self.x, s) as u32 | (transform(self.o, s) as u32) << 9)
            .min()
            .expect("8 symmetries")
            | (matches!(self.turn, Player::O) as u32) << 18
    }

    /// Every legal move, centre first, then corners, then edges.
    pub fn legal_moves(&self) -> impl Iterator<Item = u8> + '_ {
        let taken = self.x | self.o;
        MOVE_ORDER
            .iter()
            .copied()
            .filter(move |&c| taken & (1 << c) == 0)
    }

    /// The move's name as people type it: `1`-`9`.
    pub fn move_name(cell: u8) -> String {
        (cell + 1).to_string()
    }
}

impl fmt::Debug for TicTacToe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for cell in 0..9 {
            let c = match self.at(cell) {
                Some(Player::X) => 'X',
                Some(Player::O) => 'O',
                None => '.',
            };
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Display for TicTacToe {
    /// The board with row numbers and column letters, and the numbers of empty cells.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..3u8 {
            write!(f, "{} ", 3 - row)?;
            for col in 0..3u8 {
                let cell = row * 3 + col;
                let c = match self.at(cell) {
                    Some(Player::X) => "X".to_string(),
                    Some(Player::O) => "O".to_string(),
                    None => (cell + 1).to_string(),
                };
                write!(f, " {c}")?;
                if col < 2 {
                    write!(f, " |")?;
                }
            }
            writeln!(f)?;
            if row < 2 {
                writeln!(f, "  ---+---+---")?;
            }
        }
        writeln!(f, "   a   b   c")
    }
}

impl Game for TicTacToe {
    type Move = u8;

    /// One move per class of symmetric results: on the empty board only the centre, a
    /// corner and an edge, as the material merges symmetric positions. (Analysis of every
    /// legal move uses [`TicTacToe::legal_moves`].)
    fn generate_moves(&self, moves: &mut Vec<u8>) {
        if !self.symmetry {
            let taken = self.x | self.o;
            moves.extend((0..9).filter(|&c| taken & (1 << c) == 0));
            return;
        }
        let mut seen = [0u32; 9];
        let mut n = 0;
        let mut child = *self;
        for cell in self.legal_moves() {
            child.play(cell);
            let code = child.canonical();
            child.undo(cell);
            if !seen[..n].contains(&code) {
                seen[n] = code;
                n += 1;
                moves.push(cell);
            }
        }
    }

    fn play(&mut self, cell: u8) {
        match self.turn {
            Player::X => self.x |= 1 << cell,
            Player::O => self.o |= 1 << cell,
        }
        self.turn = self.turn.other();
    }

    fn undo(&mut self, cell: u8) {
        self.turn = self.turn.other();
        match self.turn {
            Player::X => self.x &= !(1 << cell),
            Player::O => self.o &= !(1 << cell),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if has_line(self.marks(self.turn.other())) {
            Some(Outcome::Loss)
        } else if self.x | self.o == FULL {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn move_id(&self, cell: u8) -> usize {
        cell as usize
    }

    fn move_id_limit(&self) -> usize {
        9
    }

    /// The same hash for the 8 symmetric images, so the table shares them.
    fn hash(&self) -> Option<u64> {
        let code = if self.symmetry {
            self.canonical()
        } else {
            self.x as u32 | (self.o as u32) << 9 | (matches!(self.turn, Player::O) as u32) << 18
        };
        Some(alphabeta::mix64(code as u64))
    }
}

/// The material's static evaluation: `f(p) = f_max(p) - f_min(p)`, the lines still open for
/// the side to move minus those open for the other side. (A won position is scored by the
/// engine as a win, not by this function.)
#[derive(Copy, Clone, Debug, Default)]
pub struct OpenLines;

impl Evaluator<TicTacToe> for OpenLines {
    fn evaluate(&self, p: &TicTacToe) -> Score {
        Score(p.open_lines(p.turn) - p.open_lines(p.turn.other()))
    }
}

/// A search set up for perfect play: to the end, with the table.
pub fn perfect_search() -> Search {
    Search::new(SearchOptions {
        tt_megabytes: 1,
        ..SearchOptions::depth(9)
    })
}

/// The perfect-play value of a position for the side to move, and its best move.
pub fn solve(search: &mut Search, p: &TicTacToe) -> SearchReport<u8> {
    let mut g = *p;
    search.solve(&mut g, &OpenLines, 9, Score::LOSS, Score::WIN)
}

/// The value of every legal move, for the side to move ([`analyze`]: under perfect play;
/// [`lookahead`]: as the material's look-ahead sees it).
#[derive(Clone, Debug)]
pub struct Analysis {
    /// Each legal move (cell 0-8) and its value for the side to move.
    pub moves: Vec<(u8, Score)>,
    /// The best move (the first of the best, in centre-corner-edge order).
    pub best: Option<u8>,
    /// The position's value.
    pub value: Option<Score>,
    /// Nodes searched in all.
    pub stats: Stats,
}

/// Every legal move's value under perfect play.
pub fn analyze(search: &mut Search, p: &TicTacToe) -> Analysis {
    Analysis::of_each_move(*p, |g| {
        search.solve(g, &OpenLines, 9, Score::LOSS, Score::WIN)
    })
}

/// The material's look-ahead: every legal move's value for the side to move when the
/// positions `plies` moves ahead (1 to 9) are scored by [`OpenLines`] and the values are
/// backed up by plain minimax; a game won or drawn before the horizon is scored as such.
/// From the empty board two plies ahead it plays the centre (worth 1; a corner -1, an edge
/// -2), as the material shows.
pub fn lookahead(p: &TicTacToe, plies: u32) -> Analysis {
    Analysis::of_each_move(p.plain(), |g| {
        minimax(g, &OpenLines, plies.clamp(1, 9) - 1, &mut NoObserver)
    })
}

/// The material's look-ahead as an explicit tree, in the tree explainer's labelled syntax
/// (`alphabeta tree` reads it): the root is `p`, Max the side to move; each node below is
/// labelled by the moves that lead to it (`X5O1`: X in the centre, then O in the top-left
/// corner); a position `plies` ahead is a leaf holding f(p) = open lines for Max - for Min;
/// a game won before is `inf` or `-inf`, a full board 0; each inner node below the root
/// carries its own f(p) as a static value, to order by or to stop at. With `symmetry` only
/// the first move (in reading order) of each class of symmetric positions is kept, as the
/// material draws it. `None` when the game is over.
pub fn lookahead_tree(p: &TicTacToe, plies: u32, symmetry: bool) -> Option<String> {
    if p.outcome().is_some() {
        return None;
    }
    let mut g = p.plain();
    let mut out = String::new();
    write_lookahead(&mut g, p.turn, plies.clamp(1, 9), symmetry, "", &mut out);
    Some(out)
}

/// One node of [`lookahead_tree`] after its label: `=value` for a leaf, `=f(...)` for an
/// inner node (`(...)` alone at the root).
fn write_lookahead(
    g: &mut TicTacToe,
    max: Player,
    plies: u32,
    symmetry: bool,
    path: &str,
    out: &mut String,
) {
    let f = g.open_lines(max) - g.open_lines(max.other());
    match g.winner() {
        Some(w) => out.push_str(if w == max { "=inf" } else { "=-inf" }),
        None if g.outcome().is_some() => out.push_str("=0"),
        None if plies == 0 => out.push_str(&format!("={f}")),
        None => {
            if !path.is_empty() {
                out.push_str(&format!("={f}"));
            }
            out.push('(');
            let mut seen = Vec::new();
            let empty = (0..9u8).filter(|&c| g.at(c).is_none());
            for cell in empty.collect::<Vec<_>>() {
                g.play(cell);
                let class = g.canonical();
                if !symmetry || !seen.contains(&class) {
                    seen.push(class);
                    if !out.ends_with('(') {
                        out.push(',');
                    }
                    let mover = if g.turn == Player::X { 'O' } else { 'X' };
                    let label = format!("{path}{mover}{}", cell + 1);
                    out.push_str(&label);
                    write_lookahead(g, max, plies - 1, symmetry, &label, out);
                }
                g.undo(cell);
            }
            out.push(')');
        }
    }
}

impl Analysis {
    /// Every legal move of `g`, valued by `search_child`'s report on the position after it
    /// (for the opponent, one ply deeper); the best is the first of the highest.
    fn of_each_move(
        mut g: TicTacToe,
        mut search_child: impl FnMut(&mut TicTacToe) -> SearchReport<u8>,
    ) -> Analysis {
        let mut moves = Vec::new();
        let mut stats = Stats::default();
        if g.outcome().is_none() {
            let list: Vec<u8> = g.legal_moves().collect();
            for cell in list {
                g.play(cell);
                let r = search_child(&mut g);
                g.undo(cell);
                stats.add_counts(&r.stats);
                stats.time += r.stats.time;
                moves.push((cell, seen_from_parent(r.score)));
            }
        }
        let value = moves.iter().map(|m| m.1).max();
        let best = moves.iter().find(|m| Some(m.1) == value).map(|m| m.0);
        Analysis {
            moves,
            best,
            value,
            stats,
        }
    }
}

/// A child's value (for the opponent, one ply deeper) seen from its parent: negated, and a
/// win in n there is a loss in n + 1 here.
fn seen_from_parent(child: Score) -> Score {
    match child.plies_to_end() {
        Some(n) if child.is_win() => Score::loss_in(n + 1),
        Some(n) => Score::win_in(n + 1),
        None => -child,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parsing_and_errors() {
        let p = TicTacToe::parse("X.O/.X./...", None).unwrap();
        assert_eq!(p.to_move(), Player::O);
        assert_eq!(format!("{p:?}"), "X.O.X....");
        assert_eq!(TicTacToe::parse("X.O", None), Err(BoardError::Length(3)));
        assert!(matches!(
            TicTacToe::parse("X.O.Y....", None),
            Err(BoardError::Cell {
                cell: 5,
                found: 'Y'
            })
        ));
        assert!(matches!(
            TicTacToe::parse("XXX......", None),
            Err(BoardError::Counts { .. })
        ));
        assert_eq!(
            TicTacToe::parse("XXXOOO...", None),
            Err(BoardError::BothWon)
        );
        assert_eq!(
            TicTacToe::parse("X........", Some(Player::X)),
            Err(BoardError::Turn(Player::X))
        );
        assert_eq!(
            TicTacToe::parse(".........", Some(Player::O))
                .unwrap()
                .to_move(),
            Player::O
        );
    }

    #[test]
    fn moves_as_people_type_them() {
        let p = TicTacToe::new();
        assert_eq!(p.parse_move("1"), Ok(0));
        assert_eq!(p.parse_move("9"), Ok(8));
        assert_eq!(p.parse_move("a1"), Ok(6));
        assert_eq!(p.parse_move("C3"), Ok(2));
        assert_eq!(p.parse_move("b2"), Ok(4));
        assert!(p.parse_move("0").is_err() && p.parse_move("d1").is_err());
        let q = TicTacToe::parse("....X....", None).unwrap();
        assert_eq!(q.parse_move("5"), Err(BoardError::Taken("5".into())));
    }

    #[test]
    fn symmetric_positions_share_a_hash() {
        let corners = ["X........", "..X......", "......X..", "........X"];
        let hashes: Vec<_> = corners
            .iter()
            .map(|s| TicTacToe::parse(s, None).unwrap().hash())
            .collect();
        assert!(hashes.windows(2).all(|w| w[0] == w[1]));
        let edge = TicTacToe::parse(".X.......", None).unwrap();
        assert_ne!(edge.hash(), hashes[0]);
    }
}
