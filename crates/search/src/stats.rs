//! What every search reports: the move, the score, the principal variation and the counters.

use std::time::Duration;

use crate::Score;

/// Counters gathered during a search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes entered, the root and leaves included.
    pub nodes: u64,
    /// Leaves scored: finished games and static evaluations.
    pub leaves: u64,
    /// Nodes whose remaining moves were skipped because the value left the window.
    pub cutoffs: u64,
    /// Transposition-table lookups.
    pub tt_probes: u64,
    /// Lookups that found the position.
    pub tt_hits: u64,
    /// Wall-clock time of the search.
    pub time: Duration,
}

impl Stats {
    /// Nodes per second (0 when no time was measured).
    pub fn nodes_per_second(&self) -> u64 {
        let secs = self.time.as_secs_f64();
        if secs > 0.0 {
            (self.nodes as f64 / secs) as u64
        } else {
            0
        }
    }

    /// The effective branching factor of a search `depth` plies deep: the `b` for which a
    /// uniform tree of that depth has as many nodes as were searched (`nodes^(1/depth)`).
    pub fn effective_branching_factor(&self, depth: u32) -> f64 {
        if depth == 0 || self.nodes == 0 {
            0.0
        } else {
            (self.nodes as f64).powf(1.0 / depth as f64)
        }
    }

    /// Adds another search's counters (time is not added: searches may overlap).
    pub fn add_counts(&mut self, other: &Stats) {
        self.nodes += other.nodes;
        self.leaves += other.leaves;
        self.cutoffs += other.cutoffs;
        self.tt_probes += other.tt_probes;
        self.tt_hits += other.tt_hits;
    }
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReport<M> {
    /// The move to play; `None` when the root is a leaf (game over, or no legal move).
    pub best_move: Option<M>,
    /// The root value for the side to move.
    pub score: Score,
    /// The principal variation: the expected line of play, starting with `best_move`. Always a
    /// legal sequence from the root.
    pub pv: Vec<M>,
    /// The depth of the last completed iteration (the requested depth for fixed-depth
    /// algorithms).
    pub depth: u32,
    /// The deepest ply any node reached.
    pub seldepth: u32,
    /// Counters and time.
    pub stats: Stats,
    /// The best root moves, each with its own score and line, best first: the one above
    /// unless [`SearchOptions::multi_pv`](crate::SearchOptions::multi_pv) asks for more
    /// (fewer when the root has fewer moves); empty when the root is a leaf.
    pub lines: Vec<RootLine<M>>,
}

/// One root move's result in a search of several lines
/// ([`SearchOptions::multi_pv`](crate::SearchOptions::multi_pv)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootLine<M> {
    /// Its value for the side to move.
    pub score: Score,
    /// The expected line, starting with the move.
    pub pv: Vec<M>,
    /// The depth it was searched to.
    pub depth: u32,
}

impl<M: Copy> SearchReport<M> {
    /// The report of a search with one line: `pv` (empty when the root is a leaf) and its
    /// `score`.
    pub fn single(score: Score, pv: Vec<M>, depth: u32, seldepth: u32, stats: Stats) -> Self {
        let lines = if pv.is_empty() {
            Vec::new()
        } else {
            vec![RootLine {
                score,
                pv: pv.clone(),
                depth,
            }]
        };
        SearchReport {
            best_move: pv.first().copied(),
            score,
            pv,
            depth,
            seldepth,
            stats,
            lines,
        }
    }
}

impl<M> SearchReport<M> {
    /// The effective branching factor at the reported depth.
    pub fn effective_branching_factor(&self) -> f64 {
        self.stats.effective_branching_factor(self.depth)
    }
}
