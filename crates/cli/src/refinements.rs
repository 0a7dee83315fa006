//! What each refinement of alpha-beta buys, added one at a time, on a real game: Connect Four
//! searched to a fixed depth from a few positions, with the same move set and the same static
//! value in every step, so every step finds the same values and only the work differs.
//!
//! The game is wrapped ([`Textbook`]) so that it offers only what the textbook's game does:
//! moves, play and undo, the end, a hash for the table and move numbers for killers and
//! history. Connect Four's own shortcuts (a win seen one move ahead, a loss two moves ahead)
//! would change the values at the horizon and blur what the refinements alone do.

use std::time::Duration;

use alphabeta::{
    alphabeta, pvs, CutRule, Evaluator, FailMode, Game, NoObserver, Outcome, Pruning, Score,
    Search, SearchOptions, SearchReport, Window,
};
use alphabeta_games::connect4::{Connect4, Threats};
use serde::Serialize;

/// The positions (columns played, 1-7): middle games of 8 to 14 discs from random play, none
/// won or lost within 12 plies.
pub const POSITIONS: [&str; 8] = [
    "32523464",
    "24665732",
    "433454367",
    "1165715453",
    "45244763424",
    "664564444425",
    "7654544625144",
    "65463534566443",
];

/// The order a [`Textbook`] game hands its moves over in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Order {
    /// Columns left to right: no knowledge at all.
    LeftToRight,
    /// Centre columns first: a fixed guess, the same in every position.
    CentreFirst,
    /// The game's own order: the moves that make the most new winning cells first.
    Game,
}

/// Connect Four with only the textbook's interface, its moves in the chosen order. The move
/// set is the game's own (a winning move alone; the block of a threat alone; no move that
/// lets the opponent complete four at once, unless every move does), in every order.
#[derive(Clone)]
pub struct Textbook {
    position: Connect4,
    order: Order,
}

impl Textbook {
    pub fn new(position: Connect4, order: Order) -> Textbook {
        Textbook { position, order }
    }
}

impl Game for Textbook {
    type Move = u8;

    fn generate_moves(&self, moves: &mut Vec<u8>) {
        self.position.generate_moves(moves);
        match self.order {
            Order::LeftToRight => moves.sort_unstable(),
            Order::CentreFirst => moves.sort_by_key(|&c| (c as i32 - 3).abs() * 2 + (c > 3) as i32),
            Order::Game => {}
        }
    }

    fn play(&mut self, mv: u8) {
        self.position.play(mv);
    }

    fn undo(&mut self, mv: u8) {
        self.position.undo(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    fn move_id(&self, mv: u8) -> usize {
        self.position.move_id(mv)
    }

    fn move_id_limit(&self) -> usize {
        self.position.move_id_limit()
    }

    fn hash(&self) -> Option<u64> {
        self.position.hash()
    }
}

/// Connect Four's static value (winning cells: the side to move's minus the opponent's).
pub struct TextbookThreats;

impl Evaluator<Textbook> for TextbookThreats {
    fn evaluate(&self, game: &Textbook) -> Score {
        Threats.evaluate(&game.position)
    }
}

/// One step of the ladder: the refinement it adds, and how it went in each order.
#[derive(Serialize, Debug)]
pub struct Step {
    pub refinement: &'static str,
    /// One run over every position per order, in [`ORDERS`]' order.
    pub runs: Vec<Run>,
}

/// One search of every position, in one order.
#[derive(Serialize, Debug)]
pub struct Run {
    pub order: &'static str,
    /// Each position's value, from the side to move's view (the same in every run).
    pub values: Vec<i32>,
    /// Nodes over all positions.
    pub nodes: u64,
    /// The searches' own time (the table's allocation excluded).
    pub millis: f64,
}

/// The orders compared, with the names the table shows.
pub const ORDERS: [(&str, Order); 3] = [
    ("left to right", Order::LeftToRight),
    ("centre first", Order::CentreFirst),
    ("the game's order", Order::Game),
];

type Searcher = fn(&mut Textbook, u32) -> SearchReport<u8>;

const FAIL_HARD: Pruning = Pruning {
    cut: CutRule::Inclusive,
    fail: FailMode::Hard,
};

fn textbook(game: &mut Textbook, depth: u32) -> SearchReport<u8> {
    alphabeta(
        game,
        &TextbookThreats,
        depth,
        Window::FULL,
        FAIL_HARD,
        &mut NoObserver,
    )
}

fn principal_variation(game: &mut Textbook, depth: u32) -> SearchReport<u8> {
    pvs(game, &TextbookThreats, depth, Window::FULL, &mut NoObserver)
}

/// The driver (principal variation search inside) with the refinements up to `step`
/// switched on: 0 the table alone, 1 killers, 2 history, 3 aspiration windows. The selective
/// refinements (late-move reductions, pruning by the static value) stay off: they change
/// values.
fn driver(game: &mut Textbook, depth: u32, step: u32) -> SearchReport<u8> {
    let options = SearchOptions {
        killers: step >= 1,
        history: step >= 2,
        // One unit: a winning cell.
        aspiration: (step >= 3).then_some(1),
        ..SearchOptions::depth(depth)
    };
    Search::new(options).run(game, &TextbookThreats)
}

/// The steps, each adding one refinement to the one before.
pub const STEPS: [(&str, Searcher); 6] = [
    ("alpha-beta (fail-hard)", textbook),
    ("principal variation search", principal_variation),
    ("+ iterative deepening, table", |g, d| driver(g, d, 0)),
    ("+ killer moves", |g, d| driver(g, d, 1)),
    ("+ history heuristic", |g, d| driver(g, d, 2)),
    ("+ aspiration windows", |g, d| driver(g, d, 3)),
];

/// Runs every step in every order on every position to `depth` plies.
pub fn ladder(depth: u32) -> Vec<Step> {
    STEPS
        .iter()
        .map(|&(refinement, search)| Step {
            refinement,
            runs: ORDERS
                .iter()
                .map(|&(name, order)| run(name, order, search, depth))
                .collect(),
        })
        .collect()
}

fn run(name: &'static str, order: Order, search: Searcher, depth: u32) -> Run {
    let mut values = Vec::new();
    let mut nodes = 0;
    let mut time = Duration::ZERO;
    for moves in POSITIONS {
        let position = Connect4::from_moves(moves).expect("a legal position");
        let report = search(&mut Textbook::new(position, order), depth);
        values.push(report.score.0);
        nodes += report.stats.nodes;
        time += report.stats.time;
    }
    Run {
        order: name,
        values,
        nodes,
        millis: time.as_secs_f64() * 1000.0,
    }
}
