//! The settings of the iterative-deepening [`Search`]: limits, threads, the table's size, and
//! the refinements one by one, with the rules some of them follow (how many moves late-move
//! pruning keeps, how much late-move reductions take).

use std::time::Duration;

use crate::MAX_PLY;
#[cfg(doc)]
use crate::{Game, Search};

/// Settings of an iterative-deepening [`Search`]. Start from [`SearchOptions::depth`],
/// [`SearchOptions::time`] or [`SearchOptions::nodes`] and adjust the fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// The deepest iteration (at most [`MAX_PLY`]).
    pub max_depth: u32,
    /// Stop after this many nodes at most (checked at every node of the main thread; the
    /// helper threads of a parallel search are not counted).
    pub max_nodes: Option<u64>,
    /// Stop after this much time, whatever is unfinished.
    pub max_time: Option<Duration>,
    /// Do not start a new iteration after this much time: it would rarely finish.
    pub soft_time: Option<Duration>,
    /// Threads (Lazy SMP); 1 is deterministic.
    pub threads: usize,
    /// Transposition-table size in MiB (0: no table).
    pub tt_megabytes: usize,
    /// Half-width of the first aspiration window around the previous iteration's score;
    /// `None` searches every iteration with the full window.
    pub aspiration: Option<i32>,
    /// Try the two moves that last caused a cutoff at the same ply early. They guess the
    /// order from sibling positions: a help where the game's own order is poor, a cost where
    /// it is good (Connect Four's order by threats: `alphabeta bench` measures both), so a
    /// game that orders its moves well may be better off without them.
    pub killers: bool,
    /// Order the remaining moves by how often they caused cutoffs (history heuristic). Like
    /// [`killers`](Self::killers), for games whose own order is not better.
    pub history: bool,
    /// Cut on table entries searched deeper than needed, not only as deep. Stronger, but the
    /// score then depends on what the table holds and may differ from a fixed-depth minimax.
    pub deeper_tt_cutoffs: bool,
    /// Late-move reductions: moves late in the order are searched shallower first (more
    /// plies the later the move and the deeper the node, fewer on the principal variation:
    /// [`late_move_reduction`]), and again at full depth only if they beat alpha. Much
    /// deeper in the same time when the game orders its moves well; values are no longer
    /// exact minimax.
    pub late_move_reductions: bool,
    /// A node with a single legal move (the game generated only one: a forced reply) passes
    /// its whole depth to that move instead of one ply less, so forcing lines (a four and its
    /// block, a check and its answer) cost no depth and are seen to their end. The extension
    /// ends where the game's forcing does, and at [`MAX_PLY`].
    pub single_reply_extension: bool,
    /// Null-move pruning: away from the principal variation, with 3 plies or more to go
    /// and a static value at least beta, the side to move first passes
    /// ([`Game::play_null`]) and the opponent gets a search 3 or 4 plies shallower; if even
    /// then the value stays at least beta, the node is cut. Only for games where a move
    /// is never worse than none (no zugzwang), and only where the game allows a pass.
    pub null_move: bool,
    /// Futility pruning and razoring, with this margin per ply of depth left (in the
    /// evaluator's units): away from the principal variation, in a quiet position
    /// ([`Game::is_quiet`]) with at most [`FUTILITY_DEPTH`] plies to go, a static value at
    /// least `margin * depth` above beta is returned as the node's value (the opponent is
    /// not expected to recover that much in so few moves), and, with at most
    /// [`RAZOR_DEPTH`] plies to go, one as far below alpha cuts too (the side to move is not
    /// expected to catch up) if the horizon's value (the quiescence search, the horizon
    /// wins) at a null window confirms it. Also at a window of proven wins or losses (a
    /// static value is never a proof, so a cut only says "not decided here"); a decisive
    /// static value never cuts. The static value here (and for [`null_move`](Self::null_move))
    /// is corrected by the table: where an earlier search of the position, at any depth,
    /// bounds the value beyond it, that bound stands in for it. `None`: off.
    pub futility_margin: Option<i32>,
    /// Late-move pruning: away from the root and its replies, only the first
    /// [`late_move_count`] moves are searched (more with more depth to go, fewer in a
    /// position that is not [`Game::is_quiet`], where the game's first moves are the ones
    /// that answer the threat). For games that order their moves well. Moves are skipped,
    /// not searched shallower, so values are no longer minimax values; but a loss is never
    /// claimed on the first moves alone: where all of them lose by force, the skipped ones
    /// are searched too (and the game's [`Game::generate_rest`]), so a win or loss the
    /// search reports holds against every move. The first moves are the history
    /// heuristic's when [`history`](Self::history) is on; a game whose own order is the
    /// better guess turns it off.
    pub late_move_pruning: bool,
    /// Quiescence search: at the horizon, instead of the static value, a search of the
    /// game's tactical moves only ([`Game::generate_tactical`]) for up to this many more
    /// plies, where the side to move may stand on the static value unless it must answer a
    /// threat. Its nodes count in the statistics; the observer sees the horizon node as one
    /// leaf with the quiescence value. 0: off.
    pub quiescence_plies: u32,
    /// Wins at the horizon: where the static value is below beta, ask the game for a win
    /// it can force by a narrow sequence of threats ([`Game::forced_win`]), of up to twice
    /// the node's distance from the root in plies, and score a win found as a proven one.
    /// Sees the victories by threats that start at the horizon, which a static value
    /// cannot.
    pub horizon_wins: bool,
    /// Correction history: the static value, where the pruning reads it (futility pruning,
    /// razoring, null moves), is corrected by what the search found so far at positions
    /// reached by the same last two moves: a running mean, per pair of moves
    /// and side to move, of the searched value minus the static value (from nodes whose
    /// static value was read, where the search's bound says which way it was off), at most
    /// 128 units either way. An evaluation that misjudges a kind of position the same way
    /// again and again is then trusted less there. Leaf values stay the evaluator's own;
    /// decisive scores are never corrected. Needs [`Game::move_id`]; from the root's
    /// grandchildren on.
    pub correction_history: bool,
    /// Lines to find: the best this many root moves, each with its own score and line
    /// ([`SearchReport::lines`](crate::SearchReport::lines)), as analysis shows them. Each
    /// iteration searches the root once per line, the later searches without the moves
    /// already found, and sorts the lines by score; the move to play is the first. The
    /// helper threads of a parallel search look for one. 1: the best move alone.
    pub multi_pv: usize,
}

/// The most plies to go at which [`SearchOptions::futility_margin`] cuts above beta.
pub const FUTILITY_DEPTH: u32 = 6;
/// The most plies to go at which [`SearchOptions::futility_margin`] cuts below alpha.
pub const RAZOR_DEPTH: u32 = 4;

/// How many moves [`SearchOptions::late_move_pruning`] searches at a node with `depth` plies
/// to go: in a quiet position 3, 9, 14, 18, ... up to 32; else 3, 5, 7, then 8.
pub fn late_move_count(depth: u32, quiet: bool) -> usize {
    let root = (depth as f64).sqrt();
    if quiet {
        ((15.0 * root - 12.0).round() as usize).clamp(3, 32)
    } else {
        ((5.0 * root - 2.0).round() as usize).clamp(3, 8)
    }
}

/// How many plies shallower [`SearchOptions::late_move_reductions`] searches the `i`-th move
/// (from 0) of a node with `depth` plies to go first: `ln(depth) * ln(i + 1) / 2` rounded,
/// one less at a principal-variation node, from the second move on and 3 plies to go, and
/// always leaving a ply. (Depth 4: the 3rd to 8th move by one, then two; depth 10: the
/// 2nd by one, the 4th by two, the 9th by three.)
pub fn late_move_reduction(pv_node: bool, depth: u32, i: usize) -> u32 {
    static TABLE: std::sync::LazyLock<[[u8; 64]; 64]> = std::sync::LazyLock::new(|| {
        std::array::from_fn(|d| {
            std::array::from_fn(|i| ((d as f64).ln() * ((i + 1) as f64).ln() / 2.0).round() as u8)
        })
    });
    if depth < 3 || i == 0 {
        return 0;
    }
    let r = TABLE[depth.min(63) as usize][i.min(63)] as u32;
    let r = if pv_node { r.saturating_sub(1) } else { r };
    r.min(depth - 2)
}

impl SearchOptions {
    /// Search to `depth` plies, one thread, default refinements.
    pub fn depth(depth: u32) -> SearchOptions {
        SearchOptions {
            max_depth: depth.min(MAX_PLY - 1),
            max_nodes: None,
            max_time: None,
            soft_time: None,
            threads: 1,
            tt_megabytes: 16,
            aspiration: Some(50),
            killers: true,
            history: true,
            deeper_tt_cutoffs: false,
            late_move_reductions: false,
            single_reply_extension: false,
            null_move: false,
            futility_margin: None,
            late_move_pruning: false,
            quiescence_plies: 0,
            horizon_wins: false,
            correction_history: false,
            multi_pv: 1,
        }
    }

    /// Search as deep as `time` allows.
    pub fn time(time: Duration) -> SearchOptions {
        SearchOptions {
            max_time: Some(time),
            ..Self::depth(MAX_PLY - 1)
        }
    }

    /// Search until about `nodes` nodes have been searched.
    pub fn nodes(nodes: u64) -> SearchOptions {
        SearchOptions {
            max_nodes: Some(nodes),
            ..Self::depth(MAX_PLY - 1)
        }
    }

    /// The same options with `n` threads.
    pub fn with_threads(self, n: usize) -> SearchOptions {
        SearchOptions {
            threads: n.max(1),
            ..self
        }
    }
}
