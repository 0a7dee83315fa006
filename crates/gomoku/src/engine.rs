//! Choosing a move: a forced move at once, a proven win by continuous fours at once, else the
//! engine's iterative-deepening search. One place for the analysis command, the terminal game
//! and the Gomocup brain.

use std::time::Duration;

use alphabeta::{Game, Iteration, NoObserver, Score, Search, SearchOptions};

use crate::{Board, Threats, VcfSearch};

/// How the move was found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// The only sensible move (a win in one, or the only block of a five).
    Forced,
    /// A victory by continuous fours.
    Vcf,
    /// The alpha-beta search.
    Search,
}

/// The engine's choice.
#[derive(Clone, Debug)]
pub struct Thought {
    /// The move, if the game is not over.
    pub best: Option<u16>,
    /// Its value for the side to move.
    pub score: Score,
    /// The expected line.
    pub pv: Vec<u16>,
    /// Nodes searched (search and VCF).
    pub nodes: u64,
    /// The last completed depth (0 when no search ran).
    pub depth: u32,
    /// How it was found.
    pub source: Source,
}

/// Limits for one move.
#[derive(Copy, Clone, Debug)]
pub enum Limit {
    /// Search this many plies.
    Depth(u32),
    /// Search this long (and do not start an iteration after half of it).
    Time(Duration),
}

/// The search settings the engine plays with (`gomoku bench` measures with them too): a
/// table of `megabytes` MiB, late-move reductions, up to 64 plies.
pub fn search_options(megabytes: usize) -> SearchOptions {
    SearchOptions {
        tt_megabytes: megabytes,
        late_move_reductions: true,
        ..SearchOptions::depth(64)
    }
}

/// A Gomoku engine: the search with its table kept across moves.
pub struct Engine {
    search: Search,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(64)
    }
}

impl Engine {
    /// An engine with a table of `megabytes` MiB.
    pub fn new(megabytes: usize) -> Engine {
        Engine {
            search: Search::new(search_options(megabytes)),
        }
    }

    /// Resizes the table (takes effect at the next search).
    pub fn set_table_megabytes(&mut self, mb: usize) {
        self.search.options.tt_megabytes = mb;
    }

    /// Forgets what earlier searches learned (a new game).
    pub fn clear(&mut self) {
        self.search.clear();
    }

    /// A handle to stop the running search from another thread.
    pub fn stop_handle(&self) -> alphabeta::StopHandle {
        self.search.stop_handle()
    }

    /// Chooses a move for the side to move; `on_iteration` sees each completed depth.
    /// A stop requested through [`stop_handle`](Self::stop_handle) once this has begun ends
    /// it soon with the best move known (any earlier request is forgotten).
    pub fn think(
        &mut self,
        board: &mut Board,
        limit: Limit,
        mut on_iteration: impl FnMut(&Iteration<u16>),
    ) -> Thought {
        let stop = self.search.stop_handle();
        stop.reset();
        let mut moves = Vec::new();
        if board.outcome().is_none() {
            board.generate_moves(&mut moves);
        }
        if moves.is_empty() {
            return Thought {
                best: None,
                score: Score::DRAW,
                pv: vec![],
                nodes: 0,
                depth: 0,
                source: Source::Forced,
            };
        }
        if moves.len() == 1 {
            // The move generator puts a winning move alone; does this one win?
            board.place(moves[0]);
            let win = board.winner().is_some();
            board.remove_last();
            return Thought {
                best: Some(moves[0]),
                score: if win { Score::win_in(1) } else { Score::DRAW },
                pv: moves.clone(),
                nodes: 0,
                depth: 0,
                source: Source::Forced,
            };
        }
        let mut vcf = VcfSearch::new(40, 200_000).with_stop(stop.clone());
        if let Limit::Time(t) = limit {
            // A quarter of the time at most for the proof of a win; the rest for the search.
            vcf = vcf.with_deadline(std::time::Instant::now() + t / 4);
        }
        if let Some(line) = vcf.find(board) {
            return Thought {
                best: line.first().copied(),
                score: Score::win_in(line.len() as u32),
                pv: line,
                nodes: vcf.nodes,
                depth: 0,
                source: Source::Vcf,
            };
        }
        if stop.is_stopped() {
            // Told to stop before the search began: the move generator's first choice.
            return Thought {
                best: Some(moves[0]),
                score: Score::DRAW,
                pv: vec![moves[0]],
                nodes: vcf.nodes,
                depth: 0,
                source: Source::Search,
            };
        }
        let o = &mut self.search.options;
        match limit {
            Limit::Depth(d) => {
                o.max_depth = d.clamp(1, 64);
                o.max_time = None;
                o.soft_time = None;
            }
            Limit::Time(t) => {
                o.max_depth = 64;
                o.max_time = Some(t);
                o.soft_time = Some(t / 2);
            }
        }
        let r = self
            .search
            .run_with(board, &Threats, &mut NoObserver, |it| on_iteration(it));
        Thought {
            best: r.best_move.or(Some(moves[0])),
            score: r.score,
            pv: r.pv,
            nodes: r.stats.nodes + vcf.nodes,
            depth: r.depth,
            source: Source::Search,
        }
    }
}
