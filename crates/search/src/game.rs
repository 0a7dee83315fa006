//! The two traits a game implements to be searched: [`Game`] (the rules) and [`Evaluator`]
//! (a static judgement of a position), kept apart so one game can be searched with several
//! evaluations.

use std::fmt::Debug;

use crate::Score;

/// How a finished game ended, seen from the side to move.
///
/// Most games end right after the winning move, so the side to move has usually lost.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move has won.
    Win,
    /// The side to move has lost.
    Loss,
    /// Neither side won.
    Draw,
}

/// What a game sees cheaply of how soon it can end, in plies from the position, for the side to
/// move (see [`Game::earliest_end`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ends {
    /// Bounds: the side to move cannot win in fewer than `win` plies, and can avoid losing in
    /// fewer than `loss` plies.
    NotBefore {
        /// The fewest plies to a win.
        win: u32,
        /// The fewest plies to a loss the side to move cannot avoid.
        loss: u32,
    },
    /// Exact: whatever the side to move does, it has lost after this many plies (every move
    /// lets the opponent win at once, say).
    LostIn(u32),
    /// Exact: the side to move wins after this many plies whatever the opponent does (an
    /// open four to make in Gomoku, with no four of the opponent's to answer it: 3 plies).
    WonIn(u32),
}

/// The largest key [`Game::generate_keyed`] may give (the driver ranks killers and the
/// table's move above it).
pub const MAX_MOVE_KEY: i32 = 1 << 30;

/// Appends to `keys` the [`Game::generate_keyed`] keys of a list of `len` moves that is
/// already in order, best first: falling keys, so the order stays as it is.
pub fn list_order_keys(len: usize, keys: &mut Vec<i32>) {
    keys.extend((0..len as i32).map(|i| -i));
}

/// A two-player, zero-sum, perfect-information game with alternating turns, seen from the side
/// to move.
///
/// The search walks the tree by *make/unmake*: it calls [`play`](Game::play) to go down and
/// [`undo`](Game::undo) with the same move to come back, so a position is never cloned in the
/// hot path (only [`Clone`] once per helper thread, for parallel search).
///
/// A node is a **leaf** when [`outcome`](Game::outcome) says the game is over (it is scored as a
/// win, loss or draw at its distance from the root), or when the depth runs out, or when
/// [`generate_moves`](Game::generate_moves) produces nothing; the last two are scored by the
/// [`Evaluator`]. A game where having no move loses (or draws) must say so in `outcome`.
///
/// # Writing your own game
///
/// A complete game in a few lines: a pile of stones, each player takes 1, 2 or 3, and whoever
/// takes the last stone wins. Piles that are multiples of 4 are lost for the side to move.
///
/// ```
/// use alphabeta::{Evaluator, Game, Outcome, Score, Search, SearchOptions};
///
/// #[derive(Clone)]
/// struct Pile { stones: u32 }
///
/// impl Game for Pile {
///     type Move = u32; // how many stones to take
///
///     fn generate_moves(&self, moves: &mut Vec<u32>) {
///         // Taking more first is a good guess; the search reorders with what it learns.
///         moves.extend((1..=3).rev().filter(|&n| n <= self.stones));
///     }
///     fn play(&mut self, n: u32) { self.stones -= n; }
///     fn undo(&mut self, n: u32) { self.stones += n; }
///     fn outcome(&self) -> Option<Outcome> {
///         // The previous player took the last stone: the side to move has lost.
///         (self.stones == 0).then_some(Outcome::Loss)
///     }
///     fn move_id(&self, n: u32) -> usize { n as usize }
///     fn move_id_limit(&self) -> usize { 4 }
///     fn hash(&self) -> Option<u64> { Some(self.stones as u64) }
/// }
///
/// /// Nothing to judge short of the end: every unfinished pile looks even.
/// struct Even;
/// impl Evaluator<Pile> for Even {
///     fn evaluate(&self, _: &Pile) -> Score { Score::DRAW }
/// }
///
/// let mut game = Pile { stones: 10 };
/// let report = Search::new(SearchOptions::depth(20)).run(&mut game, &Even);
/// assert_eq!(report.best_move, Some(2)); // leave 8, a multiple of 4
/// assert!(report.score.is_win());
/// assert_eq!(report.score.plies_to_end(), Some(5)); // 10 -> 8 -> ... the fifth move takes the last
/// ```
///
/// The example `crates/search/examples/nim.rs` is a longer version with several piles and a
/// real evaluation.
pub trait Game {
    /// A move. Small and `Copy`: the search keeps many of them (and its lists of them from
    /// one search to the next, hence `Send + 'static`).
    type Move: Copy + Eq + Debug + Send + 'static;

    /// Appends the legal moves of the side to move to `moves` (which arrives empty). The order
    /// is the game's first guess of which moves are best; the search keeps it among moves it
    /// knows nothing else about, so good heuristic ordering here speeds up every algorithm.
    fn generate_moves(&self, moves: &mut Vec<Self::Move>);

    /// The moves of [`generate_moves`](Game::generate_moves) in any order, each with its key
    /// at the same index of `keys` (both arrive empty): the higher key first, equal keys in
    /// list order, so the keys must order the moves as `generate_moves` would. Keys are at
    /// most [`MAX_MOVE_KEY`]. The driver asks for this where it orders moves by killers
    /// without history, and picks the moves best first as it searches them: a node cut off
    /// by its first move or two does not pay for sorting the rest. The default keys
    /// `generate_moves`' order ([`list_order_keys`]).
    fn generate_keyed(&self, moves: &mut Vec<Self::Move>, keys: &mut Vec<i32>) {
        self.generate_moves(moves);
        list_order_keys(moves.len(), keys);
    }

    /// Plays a legal move of the side to move; the other side is then to move.
    fn play(&mut self, mv: Self::Move);

    /// Takes back `mv`, which must be the last move played.
    fn undo(&mut self, mv: Self::Move);

    /// `Some` when the game is over, seen from the side to move.
    fn outcome(&self) -> Option<Outcome>;

    /// A small dense number for a move, below [`move_id_limit`](Game::move_id_limit), the same
    /// for the same move wherever it is played (a board cell, a column, a from/to pair). The
    /// history heuristic is indexed by it and the transposition table stores it.
    fn move_id(&self, mv: Self::Move) -> usize;

    /// One more than the largest [`move_id`](Game::move_id); at most 65,535.
    fn move_id_limit(&self) -> usize;

    /// A move that wins at once, if the game sees one cheaply (a fourth disc to drop, a five
    /// to complete). The driver then scores the node as a win with the next move without
    /// searching its children. The default sees nothing.
    fn winning_move(&self) -> Option<Self::Move> {
        None
    }

    /// How soon the game can end from here, as far as the game knows cheaply. Called only on
    /// unfinished positions where [`winning_move`](Game::winning_move) found nothing. The
    /// default, `Ends::NotBefore { win: 1, loss: 2 }`, knows nothing (a win needs a move, a loss
    /// an opponent's move). A game that sees "no winning move now" or "a move that stops every
    /// immediate threat" says `win: 3, loss: 4`, and the driver then cuts every line that could
    /// not beat its window (mate-distance pruning); one that sees "every move lets the
    /// opponent win at once" says `Ends::LostIn(2)`, and one that sees a sure win (an open
    /// four to make, nothing of the opponent's in the way) `Ends::WonIn(3)`: the node is then
    /// scored without a search. Asked below the root, at the horizon too, so it must be cheap
    /// and sound (as must [`winning_move`](Game::winning_move)).
    fn earliest_end(&self) -> Ends {
        Ends::NotBefore { win: 1, loss: 2 }
    }

    /// A hash of the position and the side to move (Zobrist hashing is the usual way, updated
    /// in `play`/`undo`). `None`, the default, means no transposition table.
    fn hash(&self) -> Option<u64> {
        None
    }

    /// The [`hash`](Game::hash) the position would have after `mv`, if the game can tell
    /// without playing it (a Zobrist key is one XOR away). The driver then asks memory for
    /// the children's table entries all at once, before searching the first: a large table's
    /// entries are rarely in the cache, and loads started together wait together. The
    /// default, `None`, skips that.
    fn hash_after(&self, mv: Self::Move) -> Option<u64> {
        let _ = mv;
        None
    }

    /// The move whose [`move_id`](Game::move_id) is `id`, if the driver may search it before
    /// generating the others: it must be legal here, and the position must have other
    /// moves too (the driver extends a single reply, which it cannot know before
    /// generating). The driver asks for the transposition table's move at nodes with move
    /// ordering ([`killers`](crate::SearchOptions::killers) or
    /// [`history`](crate::SearchOptions::history)) below the root: where that move cuts
    /// off, which is often, no move is generated at all. The default, `None`, generates
    /// first.
    fn table_move(&self, id: usize) -> Option<Self::Move> {
        let _ = id;
        None
    }

    /// Passes: the other side is to move, nothing else changes (the hash must change with
    /// the side to move). Returns `false`, having done nothing, where a pass makes no sense
    /// (the default); only searched with [`null_move`](crate::SearchOptions::null_move).
    fn play_null(&mut self) -> bool {
        false
    }

    /// Takes back [`play_null`](Game::play_null).
    fn undo_null(&mut self) {}

    /// Is the position calm: no threat on the board that the next moves must settle (a
    /// check, a four, an open three)? Only the pruning that trusts the static value
    /// ([`futility_margin`](crate::SearchOptions::futility_margin),
    /// [`late_move_pruning`](crate::SearchOptions::late_move_pruning)) asks; the
    /// default, `true`, suits games without such threats.
    fn is_quiet(&self) -> bool {
        true
    }

    /// A win the side to move can force by a narrow sequence of threats the game searches
    /// cheaply (a victory by fours in Gomoku), within `max_plies` plies: the plies to it
    /// (the winning move included), or `None`. Must be sound: a win reported is a win
    /// against every defence. Asked at the horizon with
    /// [`horizon_wins`](crate::SearchOptions::horizon_wins); the position must be left as
    /// it was. The default sees none.
    fn forced_win(&mut self, max_plies: u32) -> Option<u32> {
        let _ = max_plies;
        None
    }

    /// The legal moves [`generate_moves`](Game::generate_moves) left out to keep the search
    /// narrow (a game that searches only its best few candidates), appended to `moves`. The
    /// search asks for them only where every generated move loses by force: a defence the
    /// narrow list missed is then still found, and a loss is not claimed that is none. The
    /// default leaves nothing out.
    fn generate_rest(&self, moves: &mut Vec<Self::Move>) {
        let _ = moves;
    }

    /// The moves worth searching past the horizon (captures in chess, fours in Gomoku), in
    /// the order to try them, and whether the side to move may instead stop and take the
    /// static value (not when it must answer a threat: then `moves` holds the answers).
    /// Only searched with [`quiescence_plies`](crate::SearchOptions::quiescence_plies);
    /// the default adds nothing and may stop.
    fn generate_tactical(&self, moves: &mut Vec<Self::Move>) -> bool {
        let _ = moves;
        true
    }
}

/// A static evaluation: how good a position looks for the side to move, without searching.
///
/// It must return a value within `±`[`Score::MAX_EVAL`]; wins and losses come from
/// [`Game::outcome`]. `&self`, not `&mut self`, so parallel search can share one evaluator;
/// an evaluation that needs incremental state keeps it in the game, updated by `play`/`undo`.
pub trait Evaluator<G: Game + ?Sized> {
    /// The value of `game` for its side to move.
    fn evaluate(&self, game: &G) -> Score;

    /// The value at the search's horizon (depth 0). By default [`evaluate`](Self::evaluate);
    /// an evaluator may look further here, with a small tactical search of its own, say, as
    /// long as it leaves the position as it found it.
    fn evaluate_leaf(&self, game: &mut G) -> Score {
        self.evaluate(game)
    }
}

/// Any `Fn(&G) -> Score` closure is an evaluator.
impl<G: Game + ?Sized, F: Fn(&G) -> Score> Evaluator<G> for F {
    fn evaluate(&self, game: &G) -> Score {
        self(game)
    }
}

/// Spreads the bits of a number over all 64 (SplitMix64's finaliser): a good hash of a small
/// position key, and a source of fixed pseudo-random Zobrist keys (`mix64(i)` for each i).
pub fn mix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
