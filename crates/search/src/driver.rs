//! The iterative-deepening driver: principal variation search one ply deeper each iteration,
//! with aspiration windows, the transposition table, killer moves and the history heuristic,
//! limits by depth, nodes and time, a stop flag, a report after every iteration, and Lazy SMP
//! threads sharing the table.

use std::any::Any;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::classic::{outcome_score, PvTable};
use crate::correction::Corrections;
use crate::tt::TranspositionTable;
use crate::{
    Bound, Evaluator, Game, NoObserver, Observer, RootLine, Score, SearchOptions, SearchReport,
    Stats, MAX_PLY,
};

mod node;
mod ordering;
mod pruning;
mod solve;

/// What the driver reports after each completed iteration.
#[derive(Clone, Debug)]
pub struct Iteration<'a, M> {
    /// The depth just completed.
    pub depth: u32,
    /// The deepest ply reached so far.
    pub seldepth: u32,
    /// The root value at this depth.
    pub score: Score,
    /// The principal variation at this depth.
    pub pv: &'a [M],
    /// Every line found at this depth, best first (the first is `score` and `pv`): one
    /// unless [`SearchOptions::multi_pv`] asks for more.
    pub lines: &'a [RootLine<M>],
    /// Nodes searched so far, every thread's (each helper's to within a thousand).
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
}

/// A handle that stops a running search from another thread (or a callback).
#[derive(Clone, Debug, Default)]
pub struct StopHandle(Arc<AtomicBool>);

impl StopHandle {
    /// Asks the search to stop as soon as possible; it returns its best result so far. The
    /// request stays until [`reset`](Self::reset): a search that starts with it set returns at
    /// once (the first legal move, depth 0), so a stop asked for just before a search begins
    /// is not lost.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Has a stop been asked for?
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Withdraws a stop request. The search never does: whoever hands it a new task clears
    /// the flag first, at the moment the task's stop requests begin to count.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }
}

/// An iterative-deepening search engine with a transposition table that lives across
/// searches (so a game's later moves reuse what earlier searches learned).
pub struct Search {
    /// The settings of the next [`run`](Search::run); may be changed between runs.
    pub options: SearchOptions,
    tt: Option<TranspositionTable>,
    /// The size `tt` was made with, to remake it when the options change.
    tt_megabytes: usize,
    stop: StopHandle,
    /// The main worker's buffers from the last search, kept for the next (a `Scratch` of the
    /// last game's move type): a solver that answers many small positions would otherwise
    /// spend a tenth of its time allocating them.
    scratch: Option<Box<dyn Any + Send>>,
}

/// State every thread of one run shares.
struct Shared<'a> {
    tt: Option<&'a TranspositionTable>,
    /// Set by the main thread to end the helpers, or when a limit is reached.
    abort: AtomicBool,
    /// The helpers' nodes so far, each added in steps of [`HELPER_NODES_STEP`]: what the main
    /// thread's reports count beside its own.
    helper_nodes: AtomicU64,
    user_stop: &'a StopHandle,
    start: Instant,
    options: &'a SearchOptions,
}

impl Search {
    /// A search with these options and a fresh table.
    pub fn new(options: SearchOptions) -> Search {
        let tt = (options.tt_megabytes > 0).then(|| TranspositionTable::new(options.tt_megabytes));
        Search {
            tt_megabytes: options.tt_megabytes,
            options,
            tt,
            stop: StopHandle::default(),
            scratch: None,
        }
    }

    /// The buffers of the last search, if it searched the same kind of game.
    fn take_scratch<M: Copy + 'static>(&mut self) -> Scratch<M> {
        self.scratch
            .take()
            .and_then(|b| b.downcast::<Scratch<M>>().ok())
            .map_or_else(Scratch::default, |b| *b)
    }

    /// A handle to stop the search from elsewhere (see [`StopHandle::stop`]).
    pub fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }

    /// Gives the search a new, clear stop flag and returns its handle: stops through the
    /// handles given out before no longer reach it. A server whose searches serve one
    /// request after another takes one per request, so that a late stop meant for the last
    /// request cannot end the next.
    pub fn new_stop_handle(&mut self) -> StopHandle {
        self.stop = StopHandle::default();
        self.stop.clone()
    }

    /// Forgets everything the table learned (for a new game, or a reproducible measurement).
    pub fn clear(&mut self) {
        if let Some(tt) = &self.tt {
            tt.clear();
        }
    }

    /// The transposition table, if any.
    pub fn table(&self) -> Option<&TranspositionTable> {
        self.tt.as_ref()
    }

    /// Searches `game` (which is left as it was) and returns the best move found.
    pub fn run<G, E>(&mut self, game: &mut G, eval: &E) -> SearchReport<G::Move>
    where
        G: Game + Clone + Send,
        E: Evaluator<G> + Sync + ?Sized,
    {
        self.run_with(game, eval, &mut NoObserver, |_| true)
    }

    /// Like [`run`](Search::run), with an observer of the main thread's search and a callback
    /// after every completed iteration, which returns whether to go on deepening (`false`
    /// ends the search with that iteration's result: a caller's own time management).
    pub fn run_with<G, E, O, F>(
        &mut self,
        game: &mut G,
        eval: &E,
        obs: &mut O,
        on_iteration: F,
    ) -> SearchReport<G::Move>
    where
        G: Game + Clone + Send,
        E: Evaluator<G> + Sync + ?Sized,
        O: Observer<G> + ?Sized,
        F: FnMut(&Iteration<G::Move>) -> bool,
    {
        self.run_among(game, eval, obs, &[], on_iteration)
    }

    /// Like [`run_with`](Search::run_with), searching only the root moves in `root_moves`
    /// (the UCI engines' "searchmoves": a caller that knows some moves lose, say). Moves the
    /// game does not generate are ignored; when none is left, or `root_moves` is empty, every
    /// move is searched.
    pub fn run_among<G, E, O, F>(
        &mut self,
        game: &mut G,
        eval: &E,
        obs: &mut O,
        root_moves: &[G::Move],
        mut on_iteration: F,
    ) -> SearchReport<G::Move>
    where
        G: Game + Clone + Send,
        E: Evaluator<G> + Sync + ?Sized,
        O: Observer<G> + ?Sized,
        F: FnMut(&Iteration<G::Move>) -> bool,
    {
        self.prepare();
        let scratch = self.take_scratch();
        let shared = self.shared();
        let helpers = self.options.threads.max(1) - 1;
        let (mut report, scratch) = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..helpers)
                .map(|i| {
                    let mut g = game.clone();
                    let root = root_moves.to_vec();
                    let shared = &shared;
                    scope.spawn(move || {
                        let mut quiet = NoObserver;
                        let mut w =
                            Worker::new(&g, eval, &mut quiet, shared, false, Scratch::default());
                        w.root_moves = root;
                        // Half the helpers start one ply deeper, so threads spread over depths.
                        w.iterate(&mut g, 1 + (i as u32 + 1) % 2, &mut |_| true);
                        w.share_nodes();
                        w.stats
                    })
                })
                .collect();
            let mut main = Worker::new(game, eval, obs, &shared, true, scratch);
            main.root_moves = root_moves.to_vec();
            let mut report = main.iterate(game, 1, &mut on_iteration);
            shared.abort.store(true, Ordering::Relaxed);
            for h in handles {
                if let Ok(stats) = h.join() {
                    report.stats.add_counts(&stats);
                }
            }
            (report, main.buf)
        });
        report.stats.time = shared.start.elapsed();
        self.scratch = Some(Box::new(scratch));
        report
    }
}

impl Search {
    /// Makes the table the size `options.tt_megabytes` says now (a search does it when it
    /// starts, but then the allocation falls inside the search's time, before its clock).
    pub fn resize_table(&mut self) {
        let needed = self.options.tt_megabytes;
        if needed != self.tt_megabytes {
            // The old table goes first, so the two are never held at once.
            self.tt = None;
            self.tt = (needed > 0).then(|| TranspositionTable::new(needed));
            self.tt_megabytes = needed;
        }
    }

    /// What the threads of a search starting now share.
    fn shared(&self) -> Shared<'_> {
        Shared {
            tt: self.tt.as_ref(),
            abort: AtomicBool::new(false),
            helper_nodes: AtomicU64::new(0),
            user_stop: &self.stop,
            start: Instant::now(),
            options: &self.options,
        }
    }

    /// Makes the table match the options and starts a new search generation.
    fn prepare(&mut self) {
        self.resize_table();
        if let Some(tt) = &self.tt {
            tt.new_search();
        }
    }
}

/// What a node knows of its value before it searches: its static value, computed at most
/// once by whichever pruning asks first, and the table's bound from an earlier search of the
/// position (at any depth).
#[derive(Default)]
struct Estimate {
    stand: Option<Score>,
    table: Option<(Score, Bound)>,
    /// The correction history's slot and its correction (see
    /// [`SearchOptions::correction_history`]), added to the static value.
    slot: Option<usize>,
    correction: i32,
}

impl Estimate {
    /// The static value, from `evaluate` the first time, as the correction history corrects
    /// it (a decisive one is left alone).
    fn stand(&mut self, evaluate: impl FnOnce() -> Score) -> Score {
        let correction = self.correction;
        *self.stand.get_or_insert_with(|| {
            let s = evaluate();
            if s.is_decisive() {
                s
            } else {
                Score(s.0 + correction)
            }
        })
    }

    /// The static value, from `evaluate` the first time, as the table corrects it.
    fn corrected_stand(&mut self, evaluate: impl FnOnce() -> Score) -> Score {
        let stand = self.stand(evaluate);
        self.corrected(stand)
    }

    /// The static value `stand` as the table corrects it: an earlier search found the value
    /// above it (a lower bound) or below it (an upper bound), or exactly; a search, even a
    /// shallow one, knows more than the static value. A decisive score on either side is
    /// left alone (a static value never claims a win; a proof is the search's business).
    fn corrected(&self, stand: Score) -> Score {
        match self.table {
            Some((s, bound)) if !s.is_decisive() && !stand.is_decisive() => match bound {
                Bound::Exact => s,
                Bound::Lower => s.max(stand),
                Bound::Upper => s.min(stand),
            },
            _ => stand,
        }
    }
}

/// The best root move of an unfinished iteration, proven by a completed search of that move.
struct RootResult<M> {
    score: Score,
    pv: Vec<M>,
}

/// A worker's buffers, which a later search reuses.
struct Scratch<M> {
    /// Per ply: the moves and their ordering keys (no allocation once warm).
    moves: Vec<Vec<M>>,
    keys: Vec<Vec<i32>>,
    pv: PvTable<M>,
    killers: Vec<[Option<M>; 2]>,
    /// Indexed by `(ply % 2) * move_id_limit + move_id`.
    history: Vec<i32>,
    /// Per ply: the id of the move played there (`NO_MOVE` for a pass).
    path: Vec<usize>,
    corrections: Corrections,
}

impl<M: Copy> Default for Scratch<M> {
    fn default() -> Self {
        Scratch {
            moves: Vec::new(),
            keys: Vec::new(),
            pv: PvTable::new(),
            killers: Vec::new(),
            history: Vec::new(),
            path: Vec::new(),
            corrections: Corrections::default(),
        }
    }
}

impl<M: Copy> Scratch<M> {
    /// Makes room for ply `p`'s lists.
    fn reach(&mut self, p: usize) {
        if self.moves.len() <= p {
            self.moves.resize_with(p + 1, Vec::new);
            self.keys.resize_with(p + 1, Vec::new);
            self.killers.resize(p + 1, [None, None]);
            self.path.resize(p + 1, NO_MOVE);
        }
    }
}

/// One thread's search.
struct Worker<'a, G: Game, E: ?Sized, O: ?Sized> {
    eval: &'a E,
    obs: &'a mut O,
    shared: &'a Shared<'a>,
    main: bool,
    /// Move lists, PV lines, killers and history: reused from node to node and, through
    /// [`Search`], from one search to the next.
    buf: Scratch<G::Move>,
    id_limit: usize,
    stats: Stats,
    /// The nodes of this helper already added to [`Shared::helper_nodes`].
    shared_nodes: u64,
    seldepth: u32,
    stopped: bool,
    partial: Option<RootResult<G::Move>>,
    /// The only root moves to search (all when empty).
    root_moves: Vec<G::Move>,
    /// Root moves not to search: those of the lines already found in this iteration
    /// ([`SearchOptions::multi_pv`]).
    excluded: Vec<G::Move>,
    /// The ply whose node was entered by a pass (no second pass there).
    null_ply: Option<u32>,
}

/// How many nodes a helper thread searches between two additions to the count the main
/// thread reports: the shared write is rare, and the count is close enough to show.
const HELPER_NODES_STEP: u64 = 1024;

const TT_MOVE_KEY: i32 = i32::MAX;
/// The path's entry for a pass.
const NO_MOVE: usize = usize::MAX;
const KILLER_KEY: i32 = i32::MAX - 2;
const HISTORY_MAX: i32 = 1 << 28;

impl<'a, G, E, O> Worker<'a, G, E, O>
where
    G: Game,
    E: Evaluator<G> + ?Sized,
    O: Observer<G> + ?Sized,
{
    fn new(
        game: &G,
        eval: &'a E,
        obs: &'a mut O,
        shared: &'a Shared<'a>,
        main: bool,
        mut scratch: Scratch<G::Move>,
    ) -> Self {
        let id_limit = game.move_id_limit().max(1);
        // Killers and history start empty in every search (the per-ply vectors keep their
        // length: they grow together); the lists are overwritten anyway.
        scratch.killers.fill([None, None]);
        scratch.history.clear();
        scratch.history.resize(2 * id_limit, 0);
        scratch.corrections.reset(shared.options.correction_history);
        Worker {
            eval,
            obs,
            shared,
            main,
            buf: scratch,
            id_limit,
            stats: Stats::default(),
            shared_nodes: 0,
            seldepth: 0,
            stopped: false,
            partial: None,
            root_moves: Vec::new(),
            excluded: Vec::new(),
            null_ply: None,
        }
    }

    /// Iterative deepening from `first_depth`; returns the last completed iteration's result,
    /// or a better root move proven in the unfinished one. With several lines to find
    /// ([`SearchOptions::multi_pv`]; the main thread only), each iteration searches the root
    /// once per line, each search without the moves of the lines before it.
    fn iterate(
        &mut self,
        game: &mut G,
        first_depth: u32,
        on_iteration: &mut dyn FnMut(&Iteration<G::Move>) -> bool,
    ) -> SearchReport<G::Move> {
        let opts = self.shared.options;
        let wanted = if self.main { opts.multi_pv.max(1) } else { 1 };
        // The last completed iteration's lines, best first.
        let mut lines: Vec<RootLine<G::Move>> = Vec::new();
        let max_depth = opts.max_depth.clamp(1, MAX_PLY - 1);
        let mut depth = first_depth.min(max_depth);
        while depth <= max_depth {
            let current = self.lines_at(game, depth, wanted, &lines);
            if self.stopped {
                lines = merge_unfinished(current, lines, wanted);
                if let Some(p) = self.partial.take() {
                    // A move proven better than the last best in the unfinished first search.
                    if !p.pv.is_empty()
                        && lines.first().is_none_or(|l| l.pv.first() != p.pv.first())
                    {
                        lines.retain(|l| l.pv.first() != p.pv.first());
                        lines.insert(
                            0,
                            RootLine {
                                score: p.score,
                                pv: p.pv,
                                depth: depth - 1,
                            },
                        );
                        lines.truncate(wanted);
                    }
                }
                break;
            }
            let go_on = !self.main
                || on_iteration(&Iteration {
                    depth,
                    seldepth: self.seldepth,
                    score: current[0].score,
                    pv: &current[0].pv,
                    lines: &current,
                    nodes: self.stats.nodes + self.shared.helper_nodes.load(Ordering::Relaxed),
                    time: self.shared.start.elapsed(),
                });
            let proven = current
                .iter()
                .all(|l| l.score.plies_to_end().is_some_and(|n| n <= depth));
            lines = current;
            let soft = opts.soft_time.or(opts.max_time);
            let late = soft.is_some_and(|t| self.shared.start.elapsed() >= t);
            // The next iteration's root would count past a node cap reached here.
            let spent = self.main && self.nodes_spent();
            if !go_on || proven || late || spent || self.shared.abort.load(Ordering::Relaxed) {
                break;
            }
            depth += 1;
        }
        if lines.is_empty() {
            let (score, pv, depth) = self.fallback(game);
            return SearchReport::single(score, pv, depth, self.seldepth, self.stats.clone());
        }
        let first = &lines[0];
        SearchReport {
            best_move: first.pv.first().copied(),
            score: first.score,
            pv: first.pv.clone(),
            depth: first.depth,
            seldepth: self.seldepth,
            stats: self.stats.clone(),
            lines: lines.into_iter().filter(|l| !l.pv.is_empty()).collect(),
        }
    }

    /// One iteration's lines, best first: up to `wanted` searches of the root, each without
    /// the moves found before it, until the root has no move left. `previous`: the last
    /// iteration's lines, whose scores centre the aspiration windows. When the search stops,
    /// the lines finished so far (none if the first did not finish; `partial` may then hold
    /// a better move).
    fn lines_at(
        &mut self,
        game: &mut G,
        depth: u32,
        wanted: usize,
        previous: &[RootLine<G::Move>],
    ) -> Vec<RootLine<G::Move>> {
        let mut current = Vec::with_capacity(wanted);
        self.excluded.clear();
        for k in 0..wanted {
            self.partial = None;
            let score = self.aspiration(game, depth, previous.get(k).map(|l| l.score));
            if self.stopped {
                if k > 0 {
                    // Only the first search's unfinished best move is reported.
                    self.partial = None;
                }
                break;
            }
            let pv = self.buf.pv.root().to_vec();
            let first = pv.first().copied();
            // The root as a leaf has a score and no move: reported as one line.
            if first.is_some() || k == 0 {
                current.push(RootLine { score, pv, depth });
            }
            match first {
                Some(m) => self.excluded.push(m),
                None => break,
            }
        }
        self.excluded.clear();
        // Stable: of equal scores, the line found first stays first.
        current.sort_by_key(|l: &RootLine<G::Move>| std::cmp::Reverse(l.score));
        current
    }

    /// When not even depth 1 finished: the first legal move, so the caller still has a move.
    fn fallback(&mut self, game: &G) -> (Score, Vec<G::Move>, u32) {
        let mut moves = Vec::new();
        if game.outcome().is_none() {
            game.generate_moves(&mut moves);
            self.keep_root_moves(&mut moves, &mut Vec::new());
        }
        let score = match game.outcome() {
            Some(o) => outcome_score(o, 0),
            None => self.eval.evaluate(game),
        };
        (score, moves.into_iter().take(1).collect(), 0)
    }

    /// One iteration: a narrow window around the previous score, widened on failure.
    fn aspiration(&mut self, game: &mut G, depth: u32, previous: Option<Score>) -> Score {
        let full = (-Score::INFINITY, Score::INFINITY);
        let (mut alpha, mut beta, mut delta) = match (self.shared.options.aspiration, previous) {
            (Some(w), Some(p)) if w > 0 && depth > 1 && !p.is_decisive() => (p - w, p + w, w),
            _ => (full.0, full.1, 0),
        };
        loop {
            let score = self.node(game, depth, 0, alpha, beta);
            if self.stopped {
                return score;
            }
            if score <= alpha && alpha > full.0 {
                alpha = widen(score, -delta);
            } else if score >= beta && beta < full.1 {
                beta = widen(score, delta);
            } else {
                return score;
            }
            delta = delta.saturating_mul(4);
        }
    }

    /// Has this worker counted as many nodes as [`SearchOptions::max_nodes`] allows?
    #[inline]
    fn nodes_spent(&self) -> bool {
        self.shared
            .options
            .max_nodes
            .is_some_and(|n| self.stats.nodes >= n)
    }

    /// Checks the limits; called at every node.
    #[inline]
    fn should_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        let s = self.shared;
        if self.main {
            // The stop flag is one load: every node. The clock is dearer: every 256 nodes.
            if self.nodes_spent() || s.user_stop.is_stopped() {
                self.stopped = true;
            } else if self.stats.nodes & 255 == 0 {
                self.stopped = s.options.max_time.is_some_and(|t| s.start.elapsed() >= t);
            }
            if self.stopped {
                s.abort.store(true, Ordering::Relaxed);
            }
        } else {
            self.stopped = s.abort.load(Ordering::Relaxed) || s.user_stop.is_stopped();
            if self.stats.nodes - self.shared_nodes >= HELPER_NODES_STEP {
                self.share_nodes();
            }
        }
        self.stopped
    }

    /// Adds this helper's nodes not yet counted to [`Shared::helper_nodes`].
    fn share_nodes(&mut self) {
        let new = self.stats.nodes - self.shared_nodes;
        self.shared.helper_nodes.fetch_add(new, Ordering::Relaxed);
        self.shared_nodes = self.stats.nodes;
    }
}

/// The lines to report when an iteration stopped: those it finished (`finished`, best
/// first), then the last iteration's for the other moves, `wanted` at most.
fn merge_unfinished<M: Copy + PartialEq>(
    mut finished: Vec<RootLine<M>>,
    previous: Vec<RootLine<M>>,
    wanted: usize,
) -> Vec<RootLine<M>> {
    for line in previous {
        if finished.len() >= wanted {
            break;
        }
        if finished.iter().all(|f| f.pv.first() != line.pv.first()) {
            finished.push(line);
        }
    }
    finished
}

/// An aspiration bound moved `delta` past a failed score, or open when that reaches a win.
fn widen(score: Score, delta: i32) -> Score {
    let s = score.0.saturating_add(delta);
    if s.abs() > Score::MAX_EVAL.0 {
        if delta < 0 {
            -Score::INFINITY
        } else {
            Score::INFINITY
        }
    } else {
        Score(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The correction history's correction is added to the static value, once; a decisive
    /// one is left alone.
    #[test]
    fn the_correction_is_added_to_the_static_value_but_not_to_a_proof() {
        let corrected = |s: Score| {
            let mut e = Estimate {
                correction: -12,
                ..Estimate::default()
            };
            (e.stand(|| s), e.stand(|| Score(0)))
        };
        assert_eq!(corrected(Score(30)), (Score(18), Score(18)));
        let win = Score::win_in(5);
        assert_eq!(corrected(win), (win, win));
    }

    /// The table's bound replaces the static value only where it says more: a lower bound
    /// above it, an upper bound below it, an exact value always; decisive scores never.
    #[test]
    fn the_table_corrects_the_static_value_where_it_knows_more() {
        let with = |s: i32, bound| Estimate {
            table: Some((Score(s), bound)),
            ..Estimate::default()
        };
        let stand = Score(10);
        assert_eq!(Estimate::default().corrected(stand), stand);
        assert_eq!(with(30, Bound::Lower).corrected(stand), Score(30));
        assert_eq!(with(-5, Bound::Lower).corrected(stand), stand);
        assert_eq!(with(-5, Bound::Upper).corrected(stand), Score(-5));
        assert_eq!(with(30, Bound::Upper).corrected(stand), stand);
        assert_eq!(with(-40, Bound::Exact).corrected(stand), Score(-40));
        let win = Score::win_in(7);
        assert_eq!(with(win.0, Bound::Exact).corrected(stand), stand);
        assert_eq!(with(30, Bound::Exact).corrected(-win), -win);
        // The static value is computed once, then kept.
        let mut e = with(30, Bound::Lower);
        assert_eq!(e.corrected_stand(|| stand), Score(30));
        assert_eq!(e.stand(|| unreachable!()), stand);
    }
}
