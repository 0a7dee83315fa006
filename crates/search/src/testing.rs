//! Synthetic games for tests, benchmarks and experiments: an explicit tree of numbers, and a
//! pseudo-random game with transpositions and forced wins. They are not "real" games, which
//! live in other crates; they exercise every path of the search.

use crate::{mix64, Evaluator, Game, Outcome, Score};

/// An explicit game tree whose leaves hold values from the root player's (Max's) point of view,
/// as in a textbook: `Node(vec![Leaf(3), Leaf(12)])` is `[3,12]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tree {
    /// A leaf and its value for Max.
    Leaf(i32),
    /// An inner node and its children, in reading order.
    Node(Vec<Tree>),
}

impl Tree {
    /// The largest number of children of any node.
    pub fn max_branching(&self) -> usize {
        match self {
            Tree::Leaf(_) => 0,
            Tree::Node(c) => c
                .iter()
                .map(Tree::max_branching)
                .max()
                .unwrap_or(0)
                .max(c.len()),
        }
    }

    /// The number of leaves.
    pub fn leaf_count(&self) -> usize {
        match self {
            Tree::Leaf(_) => 1,
            Tree::Node(c) => c.iter().map(Tree::leaf_count).sum(),
        }
    }
}

/// A walk through a [`Tree`]: the game whose moves are child indices.
#[derive(Clone, Debug)]
pub struct TreeGame<'a> {
    path: Vec<&'a Tree>,
    branching: usize,
}

impl<'a> TreeGame<'a> {
    /// The game at the root of `tree`.
    pub fn new(tree: &'a Tree) -> TreeGame<'a> {
        TreeGame {
            path: vec![tree],
            branching: tree.max_branching(),
        }
    }

    /// The node the walk is at.
    pub fn current(&self) -> &'a Tree {
        self.path[self.path.len() - 1]
    }

    /// The number of moves played from the root.
    pub fn ply(&self) -> usize {
        self.path.len() - 1
    }
}

impl Game for TreeGame<'_> {
    type Move = usize;

    fn generate_moves(&self, moves: &mut Vec<usize>) {
        if let Tree::Node(c) = self.current() {
            moves.extend(0..c.len());
        }
    }

    fn play(&mut self, mv: usize) {
        if let Tree::Node(c) = self.current() {
            self.path.push(&c[mv]);
        }
    }

    fn undo(&mut self, _: usize) {
        self.path.pop();
    }

    fn outcome(&self) -> Option<Outcome> {
        None
    }

    fn move_id(&self, mv: usize) -> usize {
        mv
    }

    fn move_id_limit(&self) -> usize {
        self.branching
    }
}

/// Reads a [`Tree`]'s leaf values, turned to the side to move's point of view.
#[derive(Copy, Clone, Debug, Default)]
pub struct LeafValue;

impl Evaluator<TreeGame<'_>> for LeafValue {
    fn evaluate(&self, game: &TreeGame<'_>) -> Score {
        let v = match game.current() {
            Tree::Leaf(v) => *v,
            Tree::Node(_) => 0,
        };
        if game.ply().is_multiple_of(2) {
            Score(v)
        } else {
            Score(-v)
        }
    }
}

/// A pseudo-random game on a few cells: the players take turns marking one empty cell, or two
/// neighbouring empty cells at once, or passing. A position is a pair of sets and the side to move, so
/// different move orders reach the same position, even at different distances from the root
/// (transpositions of every kind). About one position in `loss_rate` is lost for the side to
/// move (forced wins of every length). The static value is a hash of the position in
/// `-spread..=spread`, so ties are frequent. Everything is a function of the seed.
#[derive(Clone, Debug)]
pub struct RandomGame {
    cells: u32,
    seed: u64,
    loss_rate: u64,
    restless_rate: u64,
    tactical: bool,
    spread: i32,
    /// The cells of the side to move, and of the other side.
    mine: u32,
    theirs: u32,
    /// Is the side to move the one that moved first?
    first_to_move: bool,
}

impl RandomGame {
    /// A game on `cells` cells (1 to 31).
    pub fn new(cells: u32, seed: u64) -> RandomGame {
        RandomGame {
            cells: cells.clamp(1, 31),
            seed,
            loss_rate: 50,
            restless_rate: 0,
            tactical: false,
            spread: 8,
            mine: 0,
            theirs: 0,
            first_to_move: true,
        }
    }

    /// The same game where one position in `n` is not quiet ([`Game::is_quiet`]; 0: none,
    /// the default; 1: every position).
    pub fn with_restless_rate(self, n: u64) -> RandomGame {
        RandomGame {
            restless_rate: n,
            ..self
        }
    }

    /// The same game with tactical moves ([`Game::generate_tactical`]): the double moves
    /// in a quiet position (which may stand still), every move in one that is not (which
    /// may not).
    pub fn with_tactics(self) -> RandomGame {
        RandomGame {
            tactical: true,
            ..self
        }
    }

    /// The same game where one position in `n` is lost (0: none).
    pub fn with_loss_rate(self, n: u64) -> RandomGame {
        RandomGame {
            loss_rate: n,
            ..self
        }
    }

    /// A hash of the position from the first player's side, independent of who is to move.
    fn position_key(&self) -> u64 {
        let (a, b) = if self.first_to_move {
            (self.mine, self.theirs)
        } else {
            (self.theirs, self.mine)
        };
        mix64(self.seed ^ mix64((a as u64) | ((b as u64) << 32)))
    }

    /// The moves that mark two cells.
    fn double_moves(&self, moves: &mut Vec<u8>) {
        let empty = !(self.mine | self.theirs);
        let n = self.cells as u8;
        moves.extend(
            (0..n - 1)
                .filter(|&c| empty & (3 << c) == 3 << c)
                .map(|c| n + c),
        );
    }

    /// The cells a move marks: `c` marks cell `c`; `cells + c` marks `c` and `c + 1`;
    /// `2 * cells - 1` is a pass.
    fn mask(&self, mv: u8) -> u32 {
        let c = mv as u32;
        if c < self.cells {
            1 << c
        } else if c < 2 * self.cells - 1 {
            3 << (c - self.cells)
        } else {
            0
        }
    }
}

impl Game for RandomGame {
    type Move = u8;

    fn generate_moves(&self, moves: &mut Vec<u8>) {
        // Double moves first and passes last: the same position is then often met first near
        // the root and later deeper down, which tests a table's handling of depth and distance.
        self.double_moves(moves);
        let empty = !(self.mine | self.theirs);
        let n = self.cells as u8;
        moves.extend((0..n).filter(|&c| empty & (1 << c) != 0));
        moves.push(2 * n - 1);
    }

    fn generate_tactical(&self, moves: &mut Vec<u8>) -> bool {
        if !self.tactical {
            true
        } else if self.is_quiet() {
            self.double_moves(moves);
            true
        } else {
            self.generate_moves(moves);
            false
        }
    }

    fn play(&mut self, mv: u8) {
        self.mine |= self.mask(mv);
        std::mem::swap(&mut self.mine, &mut self.theirs);
        self.first_to_move = !self.first_to_move;
    }

    fn undo(&mut self, mv: u8) {
        self.first_to_move = !self.first_to_move;
        std::mem::swap(&mut self.mine, &mut self.theirs);
        self.mine &= !self.mask(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        let stones = self.mine | self.theirs;
        if stones != 0
            && self.loss_rate > 0
            && (self.position_key() >> 8).is_multiple_of(self.loss_rate)
        {
            Some(Outcome::Loss)
        } else if stones.count_ones() == self.cells {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn move_id(&self, mv: u8) -> usize {
        mv as usize
    }

    fn move_id_limit(&self) -> usize {
        2 * self.cells as usize
    }

    fn hash(&self) -> Option<u64> {
        Some(mix64(self.position_key() ^ self.first_to_move as u64))
    }

    /// Any legal move (the pass is always one more).
    fn table_move(&self, id: usize) -> Option<u8> {
        let mv = u8::try_from(id).ok()?;
        let pass = 2 * self.cells as u8 - 1;
        let empty = !(self.mine | self.theirs);
        (mv == pass || (mv < pass && empty & self.mask(mv) == self.mask(mv))).then_some(mv)
    }

    fn is_quiet(&self) -> bool {
        self.restless_rate == 0 || !(self.position_key() >> 40).is_multiple_of(self.restless_rate)
    }
}

/// The static value of a [`RandomGame`] position: a hash, from the side to move's view.
#[derive(Copy, Clone, Debug, Default)]
pub struct RandomEval;

impl Evaluator<RandomGame> for RandomEval {
    fn evaluate(&self, game: &RandomGame) -> Score {
        let width = 2 * game.spread as u64 + 1;
        let v = (game.position_key() >> 20) % width;
        let for_first = v as i32 - game.spread;
        Score(if game.first_to_move {
            for_first
        } else {
            -for_first
        })
    }
}
