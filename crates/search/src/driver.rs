//! The iterative-deepening driver: principal variation search one ply deeper each iteration,
//! with aspiration windows, the transposition table, killer moves and the history heuristic,
//! limits by depth, nodes and time, a stop flag, a report after every iteration, and Lazy SMP
//! threads sharing the table.

use std::any::Any;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::classic::{outcome_score, PvTable};
use crate::correction::Corrections;
use crate::observer::{root_bound, root_view, root_window};
use crate::tt::{TranspositionTable, TtEntry};
use crate::{
    late_move_count, late_move_reduction, Bound, Ends, Evaluator, Game, NoObserver, Observer,
    RootLine, Score, SearchOptions, SearchReport, Stats, FUTILITY_DEPTH, MAX_MOVE_KEY, MAX_PLY,
    RAZOR_DEPTH,
};

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
    /// Nodes the main thread searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
}

/// A handle that stops a running search from another thread (or a callback).
#[derive(Clone, Debug, Default)]
pub struct StopHandle(Arc<AtomicBool>);

impl StopHandle {
    /// Asks the search to stop as soon as possible; it returns its best result so far.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Has a stop been asked for?
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Withdraws a stop request. A search does this itself when it starts; a caller that does
    /// work of its own before the search (and honours the flag there) clears it first.
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

    /// A handle to stop the search from elsewhere. The flag is cleared when a search starts.
    pub fn stop_handle(&self) -> StopHandle {
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
        let shared = Shared {
            tt: self.tt.as_ref(),
            abort: AtomicBool::new(false),
            user_stop: &self.stop,
            start: Instant::now(),
            options: &self.options,
        };
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
    /// The exact value of `game` searched `depth` plies deep, known to lie in `lo..=hi`: a
    /// first search with a narrow window around a draw (exact at once if the game is drawn),
    /// then null-window bisection (the "iterative narrowing" of game solvers): each search only asks
    /// "is the value above v?", which prunes far more than a full window, and the
    /// transposition table carries what one probe learned to the next. A final narrow search
    /// around the value gives the best move and the principal variation. Meant for solving
    /// games to the end (`depth` at least the moves left), where bounds like "a win in at most
    /// n moves" are known; one thread, whatever `options.threads` says; limits apply.
    pub fn solve<G, E>(
        &mut self,
        game: &mut G,
        eval: &E,
        depth: u32,
        lo: Score,
        hi: Score,
    ) -> SearchReport<G::Move>
    where
        G: Game,
        E: Evaluator<G> + ?Sized,
    {
        let middle = |lo: Score, hi: Score| Some(Score(lo.0 + (hi.0 - lo.0) / 2));
        self.bisect(game, eval, depth, lo, hi, middle, true, Some(Score::DRAW))
    }

    /// [`solve`](Search::solve) with the probes chosen by `probe(lo, hi)`, which returns a
    /// `v` in `lo..hi`: the next search asks "is the value above v?". Probing near the bounds
    /// first is often cheaper than the middle, as a game's solver may know. `None` means the
    /// value is known well enough (all of `lo..=hi` means the same to the caller): the search
    /// stops there and reports `lo`.
    pub fn solve_by<G, E, P>(
        &mut self,
        game: &mut G,
        eval: &E,
        depth: u32,
        lo: Score,
        hi: Score,
        probe: P,
    ) -> SearchReport<G::Move>
    where
        G: Game,
        E: Evaluator<G> + ?Sized,
        P: FnMut(Score, Score) -> Option<Score>,
    {
        self.bisect(game, eval, depth, lo, hi, probe, true, None)
    }

    /// [`solve_by`](Search::solve_by) without the final search for the best move and the
    /// principal variation: only the value (`best_move` is `None`, `pv` empty).
    pub fn value_by<G, E, P>(
        &mut self,
        game: &mut G,
        eval: &E,
        depth: u32,
        lo: Score,
        hi: Score,
        probe: P,
    ) -> SearchReport<G::Move>
    where
        G: Game,
        E: Evaluator<G> + ?Sized,
        P: FnMut(Score, Score) -> Option<Score>,
    {
        self.bisect(game, eval, depth, lo, hi, probe, false, None)
    }

    #[allow(clippy::too_many_arguments)]
    fn bisect<G, E, P>(
        &mut self,
        game: &mut G,
        eval: &E,
        depth: u32,
        lo: Score,
        hi: Score,
        mut probe: P,
        with_move: bool,
        guess: Option<Score>,
    ) -> SearchReport<G::Move>
    where
        G: Game,
        E: Evaluator<G> + ?Sized,
        P: FnMut(Score, Score) -> Option<Score>,
    {
        let depth = depth.clamp(1, MAX_PLY - 1);
        self.prepare();
        let scratch = self.take_scratch();
        let shared = Shared {
            tt: self.tt.as_ref(),
            abort: AtomicBool::new(false),
            user_stop: &self.stop,
            start: Instant::now(),
            options: &self.options,
        };
        let mut quiet = NoObserver;
        let mut w = Worker::new(game, eval, &mut quiet, &shared, true, scratch);
        let (mut lo, mut hi) = (lo.min(hi), hi.max(lo));
        let mut pv = Vec::new();
        let mut exact = false;
        if let Some(g) = guess.filter(|&g| lo < g && g < hi) {
            // A first search just around the likely value: inside, it is exact, with its line.
            let v = w.node(game, depth, 0, g - 1, g + 1);
            if v < g {
                hi = v.max(lo);
            } else if v > g {
                lo = v.min(hi);
            } else {
                (lo, hi, exact) = (v, v, true);
                pv = w.buf.pv.root().to_vec();
            }
        }
        while lo < hi && !w.stopped {
            // A fail-soft answer may move a bound further than asked.
            let Some(mid) = probe(lo, hi) else {
                break;
            };
            let mid = mid.clamp(lo, hi - 1);
            let v = w.node(game, depth, 0, mid, mid + 1);
            if w.stopped {
                break;
            }
            if v <= mid {
                hi = v.clamp(lo, mid);
            } else {
                lo = v.clamp(mid + 1, hi);
            }
        }
        let mut score = lo;
        if with_move && !exact && !w.stopped {
            // The value is known: a window just around it returns it exactly, with its line.
            let v = w.node(game, depth, 0, score - 1, score + 1);
            if !w.stopped {
                score = v;
                pv = w.buf.pv.root().to_vec();
            }
        }
        let mut stats = w.stats.clone();
        stats.time = shared.start.elapsed();
        let (stopped, seldepth) = (w.stopped, w.seldepth);
        self.scratch = Some(Box::new(w.buf));
        SearchReport::single(score, pv, if stopped { 0 } else { depth }, seldepth, stats)
    }

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

    /// Makes the table match the options and starts a new search generation.
    fn prepare(&mut self) {
        self.resize_table();
        if let Some(tt) = &self.tt {
            tt.new_search();
        }
        self.stop.0.store(false, Ordering::Relaxed);
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
                    nodes: self.stats.nodes,
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
        }
        self.stopped
    }

    #[inline]
    fn leaf(&mut self, game: &G, ply: u32, v: Score) -> Score {
        self.stats.leaves += 1;
        self.obs.leaf(game, ply, root_view(ply, v));
        self.obs.exit(game, ply, root_view(ply, v), Bound::Exact);
        v
    }

    /// Principal variation search of one node, fail-soft, for the side to move.
    fn node(&mut self, game: &mut G, depth: u32, ply: u32, mut alpha: Score, beta: Score) -> Score {
        let (ra, rb) = root_window(ply, alpha, beta);
        self.obs.enter(game, ply, ra, rb);
        // Only nodes with an open window (and the root) keep a principal variation: a
        // null-window node's line is never read (its parent clears the child line before each
        // move).
        let pv_node = beta.0 - alpha.0 > 1;
        let keep_pv = pv_node || ply == 0;
        if keep_pv {
            self.buf.pv.clear(ply);
        }
        // The root never stops by itself: its children do, and it sees `stopped` after them.
        // A node that stops is not counted: it searched nothing (and a node cap is then
        // never exceeded).
        if ply > 0 && self.should_stop() {
            return Score::DRAW;
        }
        self.stats.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if let Some(outcome) = game.outcome() {
            return self.leaf(game, ply, outcome_score(outcome, ply));
        }
        // At the deepest ply there is no room even for a winning move's line.
        if ply >= MAX_PLY - 1 {
            let v = self.horizon(game, ply, alpha, beta, None);
            return self.leaf(game, ply, v);
        }
        // What the game knows for sure comes before the horizon: a proven end is worth more
        // than any static value.
        // (At a root whose moves are limited, the winning move may be one not to search.)
        let free = ply > 0 || (self.root_moves.is_empty() && self.excluded.is_empty());
        if let Some(mv) = game.winning_move().filter(|_| free) {
            // Nothing beats a win with the next move: no need to search it.
            if keep_pv {
                self.buf.pv.clear_child(ply);
                self.buf.pv.update(ply, mv);
            }
            return self.leaf(game, ply, Score::win_in(ply + 1));
        }
        let ends = if ply > 0 {
            match game.earliest_end() {
                Ends::NotBefore { win, loss } => Some((win, loss)),
                Ends::LostIn(n) => return self.leaf(game, ply, Score::loss_in(ply + n)),
                Ends::WonIn(n) => return self.leaf(game, ply, Score::win_in(ply + n)),
            }
        } else {
            None
        };
        if depth == 0 {
            let v = self.horizon(game, ply, alpha, beta, None);
            return self.leaf(game, ply, v);
        }
        // Mate-distance pruning: from here no line ends better than the earliest win, nor worse
        // than the earliest loss (`Game::earliest_end`). A window beyond those is decided.
        let mut beta = beta;
        if let Some((win, loss)) = ends {
            let (worst, best) = (Score::loss_in(ply + loss), Score::win_in(ply + win));
            if worst >= beta {
                self.obs.exit(
                    game,
                    ply,
                    root_view(ply, worst),
                    root_bound(ply, Bound::Lower),
                );
                return worst;
            }
            if best <= alpha {
                self.obs.exit(
                    game,
                    ply,
                    root_view(ply, best),
                    root_bound(ply, Bound::Upper),
                );
                return best;
            }
            alpha = alpha.max(worst);
            beta = beta.min(best);
        }
        let alpha0 = alpha;

        // The transposition table: a cutoff away from the principal variation (so the PV stays
        // complete), and the stored best move to try first in any case.
        let hash = self.shared.tt.and_then(|tt| game.hash().map(|h| (tt, h)));
        let mut tt_move = None;
        let mut estimate = Estimate::default();
        if let Some((tt, h)) = hash {
            self.stats.tt_probes += 1;
            if let Some(e) = tt.probe(h) {
                self.stats.tt_hits += 1;
                tt_move = e.move_id;
                estimate.table = Some((e.score.from_table(ply), e.bound));
                let deep_enough = if self.shared.options.deeper_tt_cutoffs {
                    e.depth >= depth
                } else {
                    e.depth == depth
                };
                if !pv_node && ply > 0 && deep_enough {
                    let s = e.score.from_table(ply);
                    let usable = match e.bound {
                        Bound::Exact => true,
                        Bound::Lower => s >= beta,
                        Bound::Upper => s <= alpha,
                    };
                    if usable {
                        self.obs
                            .exit(game, ply, root_view(ply, s), root_bound(ply, e.bound));
                        return s;
                    }
                }
            }
        }

        let opts = self.shared.options;
        let p = ply as usize;
        self.buf.reach(p);
        estimate.slot = self.correction_slot(ply);
        estimate.correction = estimate
            .slot
            .map_or(0, |slot| self.buf.corrections.get(slot));
        let quiet = (opts.futility_margin.is_some() || opts.late_move_pruning) && game.is_quiet();
        if let Some(v) =
            self.futility_cut(game, depth, ply, pv_node, quiet, alpha, beta, &mut estimate)
        {
            let bound = if v >= beta {
                Bound::Lower
            } else {
                Bound::Upper
            };
            self.obs
                .exit(game, ply, root_view(ply, v), root_bound(ply, bound));
            return v;
        }
        if let Some(v) = self.null_move_cut(game, depth, ply, pv_node, beta, &mut estimate) {
            self.obs
                .exit(game, ply, root_view(ply, v), root_bound(ply, Bound::Lower));
            return v;
        }

        let mut moves = std::mem::take(&mut self.buf.moves[p]);
        let mut keys = std::mem::take(&mut self.buf.keys[p]);
        moves.clear();
        let keyed = self.keyed();
        // The table's move alone first, where the game allows: if it cuts off, nothing is
        // generated. The others follow it in the order they would have had anyway.
        let staged = match tt_move {
            Some(t) if keyed && ply > 0 => game.table_move(t as usize),
            _ => None,
        };
        // The depth each child gets: a forced reply keeps the node's whole depth (a staged
        // move is never the only one).
        let mut child_depth = depth - 1;
        let mut end = 1;
        match staged {
            Some(mv) => {
                moves.push(mv);
                keys.clear();
                keys.push(TT_MOVE_KEY);
            }
            None => {
                self.generate(game, ply, tt_move, &mut moves, &mut keys);
                if moves.is_empty() {
                    self.buf.moves[p] = moves;
                    self.buf.keys[p] = keys;
                    let v = estimate.stand(|| self.eval.evaluate(game));
                    return self.leaf(game, ply, v);
                }
                if moves.len() == 1 && opts.single_reply_extension {
                    child_depth = depth;
                }
                end = self.searched_count(depth, ply, quiet, moves.len());
            }
        }
        self.prefetch_children(hash, game, &moves);

        let mut best = -Score::INFINITY;
        let mut best_id = None;
        let mut bound = Bound::Upper;
        let mut generated = staged.is_none();
        let mut widened = false;
        // The keys from `i` on are in order: no more picking (until new moves come).
        let mut in_order = false;
        let mut i = 0;
        loop {
            if i == end && !generated {
                // The staged move did not cut off: now the rest, ordered as if generated
                // with it (it keeps its place in front).
                generated = true;
                let first = moves[0];
                let first_id = game.move_id(first);
                moves.clear();
                self.generate(game, ply, tt_move, &mut moves, &mut keys);
                match moves.iter().position(|&m| game.move_id(m) == first_id) {
                    Some(j) => {
                        moves[..=j].rotate_right(1);
                        keys[..=j].rotate_right(1);
                    }
                    None => {
                        moves.insert(0, first);
                        keys.insert(0, TT_MOVE_KEY);
                    }
                }
                self.prefetch_children(hash, game, &moves[1..]);
                end = self.searched_count(depth, ply, quiet, moves.len());
                in_order = false;
            }
            if i == end {
                // Every move searched loses by force: the moves left out (by late-move
                // pruning, or by the game's narrow list) may hold a defence; search them
                // before claiming the loss.
                if widened || self.stopped || !best.is_loss() {
                    break;
                }
                widened = true;
                if ply > 0 || self.root_moves.is_empty() {
                    let before = moves.len();
                    game.generate_rest(&mut moves);
                    if ply == 0 {
                        self.drop_excluded(&mut moves, before);
                    }
                }
                if keyed {
                    keys.resize(moves.len(), i32::MIN);
                }
                end = moves.len();
                if i == end {
                    break;
                }
            }
            if keyed && !in_order {
                in_order = pick_next(&mut moves, &mut keys, i);
            }
            let mv = moves[i];
            if keep_pv {
                self.buf.pv.clear_child(ply);
            }
            self.buf.path[p] = game.move_id(mv);
            game.play(mv);
            let mut v;
            if i == 0 {
                v = -self.node(game, child_depth, ply + 1, -beta, -alpha);
            } else {
                let r = self.reduction(pv_node, depth, i);
                v = -self.node(game, child_depth - r, ply + 1, -alpha - 1, -alpha);
                if r > 0 && v > alpha && !self.stopped {
                    v = -self.node(game, child_depth, ply + 1, -alpha - 1, -alpha);
                }
                if v > alpha && v < beta && !self.stopped {
                    // Only at an open window: a null window has no score strictly inside.
                    v = -self.node(game, child_depth, ply + 1, -beta, -alpha);
                }
            }
            game.undo(mv);
            if self.stopped {
                break;
            }
            if v > best {
                best = v;
                best_id = Some(game.move_id(mv));
                if keep_pv {
                    self.buf.pv.update(ply, mv);
                }
                if ply == 0 && v > alpha {
                    self.partial = Some(RootResult {
                        score: v,
                        pv: self.buf.pv.root().to_vec(),
                    });
                }
            }
            if best >= beta {
                bound = Bound::Lower;
                self.stats.cutoffs += 1;
                self.obs.cutoff(game, ply, root_view(ply, best));
                if keyed {
                    self.reward(game, ply, depth, mv);
                }
                break;
            }
            if best > alpha {
                alpha = best;
                bound = Bound::Exact;
                let (ra, rb) = root_window(ply, alpha, beta);
                self.obs.narrow(game, ply, ra, rb);
            }
            i += 1;
        }
        self.buf.moves[p] = moves;
        self.buf.keys[p] = keys;
        if self.stopped {
            return Score::DRAW;
        }
        self.learn(&estimate, depth, best, bound);
        // A root searched without some of its moves has no value of its own to keep.
        if let Some((tt, h)) = hash.filter(|_| ply > 0 || self.excluded.is_empty()) {
            let exact_or_cut = best > alpha0;
            tt.store(
                h,
                TtEntry {
                    score: best.to_table(ply),
                    depth,
                    bound,
                    move_id: best_id.filter(|_| exact_or_cut).map(|id| id as u16),
                },
            );
        }
        self.obs
            .exit(game, ply, root_view(ply, best), root_bound(ply, bound));
        best
    }

    /// Quiescence search (see [`SearchOptions::quiescence_plies`]) of a node the caller
    /// has counted and found unfinished, fail-soft. `stand`: the node's static value, if
    /// the caller has it.
    fn quiesce(
        &mut self,
        game: &mut G,
        ply: u32,
        plies_left: u32,
        mut alpha: Score,
        beta: Score,
        stand: Option<Score>,
    ) -> Score {
        let p = ply as usize;
        self.buf.reach(p);
        let mut moves = std::mem::take(&mut self.buf.moves[p]);
        moves.clear();
        let may_stand = game.generate_tactical(&mut moves);
        let frontier = moves.is_empty() || plies_left == 0 || ply >= MAX_PLY - 1;
        let mut best = -Score::INFINITY;
        if may_stand || frontier {
            best = stand.unwrap_or_else(|| self.eval.evaluate(game));
            if frontier || best >= beta {
                self.buf.moves[p] = moves;
                return best;
            }
            alpha = alpha.max(best);
        }
        for &mv in moves.iter() {
            game.play(mv);
            // Counted only if searched, as in `node`.
            let v = if self.should_stop() {
                Score::DRAW
            } else {
                self.stats.nodes += 1;
                self.seldepth = self.seldepth.max(ply + 1);
                match game.outcome() {
                    Some(outcome) => -outcome_score(outcome, ply + 1),
                    None => -self.quiesce(game, ply + 1, plies_left - 1, -beta, -alpha, None),
                }
            };
            game.undo(mv);
            if self.stopped {
                break;
            }
            if v > best {
                best = v;
                if v >= beta {
                    break;
                }
                alpha = alpha.max(v);
            }
        }
        self.buf.moves[p] = moves;
        best
    }

    /// The value of an unfinished node at the horizon: a win the game sees there
    /// ([`SearchOptions::horizon_wins`]), else the quiescence search's value, else the
    /// evaluator's look at the leaf. `known`: the node's static value, if the caller has it
    /// (it is not computed twice).
    fn horizon(
        &mut self,
        game: &mut G,
        ply: u32,
        alpha: Score,
        beta: Score,
        known: Option<Score>,
    ) -> Score {
        let mut stand = known;
        if self.shared.options.horizon_wins {
            let s = *stand.get_or_insert_with(|| self.eval.evaluate(game));
            // Not `clamp`: near MAX_PLY the room left is below 3 (and a win must fit in it).
            let limit = (2 * ply).max(3).min(MAX_PLY - 1 - ply);
            if s < beta {
                if let Some(n) = game.forced_win(limit).filter(|&n| n <= limit) {
                    return Score::win_in(ply + n);
                }
            }
        }
        let q = self.shared.options.quiescence_plies;
        if q > 0 {
            self.quiesce(game, ply, q, alpha, beta, stand)
        } else {
            self.eval.evaluate_leaf(game)
        }
    }

    /// Keeps only the caller's root moves (see [`Search::run_among`]), unless none of them is
    /// among `moves`, less those of lines already found ([`SearchOptions::multi_pv`]); and
    /// their keys, if `keys` has them (else it is empty).
    fn keep_root_moves(&self, moves: &mut Vec<G::Move>, keys: &mut Vec<i32>) {
        let limited = moves.iter().any(|m| self.root_moves.contains(m));
        if !limited && self.excluded.is_empty() {
            return;
        }
        let keyed = keys.len() == moves.len();
        let mut kept = 0;
        for i in 0..moves.len() {
            let m = moves[i];
            if (!limited || self.root_moves.contains(&m)) && !self.excluded.contains(&m) {
                moves[kept] = moves[i];
                if keyed {
                    keys[kept] = keys[i];
                }
                kept += 1;
            }
        }
        moves.truncate(kept);
        keys.truncate(kept);
    }

    /// Drops the moves from `from` on that lines already found hold.
    fn drop_excluded(&self, moves: &mut Vec<G::Move>, from: usize) {
        let mut kept = from;
        for i in from..moves.len() {
            if !self.excluded.contains(&moves[i]) {
                moves[kept] = moves[i];
                kept += 1;
            }
        }
        moves.truncate(kept);
    }

    /// Futility pruning and razoring (see [`SearchOptions::futility_margin`]): the static
    /// value (as the table corrects it: [`Estimate`]), if it is so far above beta or below
    /// alpha that searching looks pointless.
    #[allow(clippy::too_many_arguments)]
    fn futility_cut(
        &mut self,
        game: &mut G,
        depth: u32,
        ply: u32,
        pv_node: bool,
        quiet: bool,
        alpha: Score,
        beta: Score,
        estimate: &mut Estimate,
    ) -> Option<Score> {
        let margin = self.shared.options.futility_margin?;
        if pv_node || ply == 0 || !quiet || depth > FUTILITY_DEPTH {
            return None;
        }
        // Also where the window is a proven win or loss: a static value only ever says
        // "not decided here", which never makes a claim, and the proof of a win elsewhere
        // then costs a tenth of the nodes.
        let stand = estimate.stand(|| self.eval.evaluate(game));
        if stand.is_decisive() {
            return None;
        }
        let v = estimate.corrected(stand);
        let m = margin.saturating_mul(depth as i32);
        if v.0.saturating_sub(m) >= beta.0 {
            return Some(v);
        }
        if depth <= RAZOR_DEPTH && v.0.saturating_add(m) <= alpha.0 {
            // Razoring: confirmed by the horizon's value (the threats the static value
            // cannot see, a win by them above all), with a null window at alpha.
            let h = self.horizon(game, ply, alpha, alpha + 1, Some(stand));
            if h <= alpha {
                return Some(h);
            }
        }
        None
    }

    /// Null-move pruning (see [`SearchOptions::null_move`]): the value to cut with, if the
    /// node is so good that passing keeps it at least `beta`. Never twice in a row, never
    /// at the root or at principal-variation nodes; a proven result of the reduced search
    /// is not trusted beyond `beta`. Only where the static value (as the table corrects it:
    /// [`Estimate`]) is at least `beta`.
    fn null_move_cut(
        &mut self,
        game: &mut G,
        depth: u32,
        ply: u32,
        pv_node: bool,
        beta: Score,
        estimate: &mut Estimate,
    ) -> Option<Score> {
        if !self.shared.options.null_move
            || pv_node
            || ply == 0
            || depth < 3
            || beta.is_decisive()
            || self.null_ply == Some(ply)
            || estimate.corrected_stand(|| self.eval.evaluate(game)) < beta
            || !game.play_null()
        {
            return None;
        }
        let r = 3 + u32::from(depth >= 7);
        self.buf.path[ply as usize] = NO_MOVE;
        let outer = self.null_ply.replace(ply + 1);
        let v = -self.node(game, depth.saturating_sub(1 + r), ply + 1, -beta, -beta + 1);
        self.null_ply = outer;
        game.undo_null();
        (v >= beta && !self.stopped).then(|| if v.is_decisive() { beta } else { v })
    }

    /// The correction history's slot of the node at `ply` (see
    /// [`SearchOptions::correction_history`]): none when off, near the root, or after a
    /// pass.
    fn correction_slot(&self, ply: u32) -> Option<usize> {
        let p = ply as usize;
        if !self.buf.corrections.is_on() || p < 2 {
            return None;
        }
        let (last, before) = (self.buf.path[p - 1], self.buf.path[p - 2]);
        (last != NO_MOVE && before != NO_MOVE).then(|| Corrections::slot(last, before, p % 2))
    }

    /// A node was searched to `best` (of `bound`): if its static value was read, the
    /// correction history learns how far off it was, where the bound says so (a value at
    /// least `best` above the static value, at most `best` below it, or exactly `best`).
    fn learn(&mut self, estimate: &Estimate, depth: u32, best: Score, bound: Bound) {
        let (Some(slot), Some(stand)) = (estimate.slot, estimate.stand) else {
            return;
        };
        if stand.is_decisive() || best.is_decisive() {
            return;
        }
        let informative = match bound {
            Bound::Exact => true,
            Bound::Lower => best > stand,
            Bound::Upper => best < stand,
        };
        if informative {
            let raw = stand.0 - estimate.correction;
            self.buf.corrections.learn(slot, depth, best.0 - raw);
        }
    }

    /// How many plies shallower to search the `i`-th move (from 0) first: see
    /// [`late_move_reduction`].
    #[inline]
    fn reduction(&self, pv_node: bool, depth: u32, i: usize) -> u32 {
        if self.shared.options.late_move_reductions {
            late_move_reduction(pv_node, depth, i)
        } else {
            0
        }
    }

    /// With killers or history every move gets an ordering key and the best is picked
    /// lazily; without, the game's order stands.
    fn keyed(&self) -> bool {
        self.shared.options.killers || self.shared.options.history
    }

    /// Appends the node's moves to the empty `moves`, ordered: by their keys (left in
    /// `keys`, the game's own where killers alone order) with killers or history, else in the
    /// game's order with the table's move first.
    fn generate(
        &self,
        game: &G,
        ply: u32,
        tt_move: Option<u16>,
        moves: &mut Vec<G::Move>,
        keys: &mut Vec<i32>,
    ) {
        let opts = self.shared.options;
        keys.clear();
        if opts.killers && !opts.history {
            game.generate_keyed(moves, keys);
            debug_assert!(keys.len() == moves.len() && keys.iter().all(|&k| k <= MAX_MOVE_KEY));
        } else {
            game.generate_moves(moves);
        }
        if ply == 0 {
            self.keep_root_moves(moves, keys);
        }
        if self.keyed() {
            self.order(game, ply, tt_move, moves, keys);
        } else if let Some(t) = tt_move {
            if let Some(j) = moves.iter().position(|&m| game.move_id(m) == t as usize) {
                moves[..=j].rotate_right(1);
            }
        }
    }

    /// Asks memory for the children's table entries all at once: they are likely far
    /// apart, and loads started together wait together.
    fn prefetch_children(
        &self,
        hash: Option<(&TranspositionTable, u64)>,
        game: &G,
        moves: &[G::Move],
    ) {
        if let Some((tt, _)) = hash {
            for &mv in moves {
                match game.hash_after(mv) {
                    Some(h) => tt.prefetch(h),
                    None => break,
                }
            }
        }
    }

    /// How many of a node's `len` moves are searched before late-move pruning stops.
    fn searched_count(&self, depth: u32, ply: u32, quiet: bool, len: usize) -> usize {
        if self.shared.options.late_move_pruning && ply >= 2 {
            len.min(late_move_count(depth, quiet))
        } else {
            len
        }
    }

    /// Gives every move an ordering key: the table's move, then the killers, then the
    /// history's count or (without history) the game's own key. Equal keys keep the list's
    /// order.
    fn order(
        &self,
        game: &G,
        ply: u32,
        tt_move: Option<u16>,
        moves: &[G::Move],
        keys: &mut Vec<i32>,
    ) {
        let opts = self.shared.options;
        let killers = self.buf.killers[ply as usize];
        let side = (ply as usize % 2) * self.id_limit;
        if opts.history {
            // The history orders (the game's order breaks ties); without it the game's own
            // keys are already in `keys`.
            keys.clear();
            keys.extend(moves.iter().map(|&mv| {
                let id = side + game.move_id(mv);
                self.buf.history.get(id).copied().unwrap_or(0)
            }));
        }
        for (key, &mv) in keys.iter_mut().zip(moves) {
            if tt_move.is_some_and(|t| t as usize == game.move_id(mv)) {
                *key = TT_MOVE_KEY;
            } else if opts.killers && killers[0] == Some(mv) {
                *key = KILLER_KEY + 1;
            } else if opts.killers && killers[1] == Some(mv) {
                *key = KILLER_KEY;
            }
        }
    }

    /// A move caused a cutoff: remember it as a killer and in the history.
    fn reward(&mut self, game: &G, ply: u32, depth: u32, mv: G::Move) {
        let k = &mut self.buf.killers[ply as usize];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let i = (ply as usize % 2) * self.id_limit + game.move_id(mv);
        if let Some(h) = self.buf.history.get_mut(i) {
            *h += (depth * depth) as i32;
            if *h > HISTORY_MAX {
                self.buf.history.iter_mut().for_each(|h| *h /= 2);
            }
        }
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

/// Moves the move with the highest key among `i..` to position `i`, keeping the order of the
/// others (a stable, lazy selection sort: a cutoff often comes before the list is sorted).
/// True when the keys after `i` are then in order already (later picks would move nothing:
/// most keys are equal when only the table's move and the killers have one).
#[inline]
fn pick_next<M>(moves: &mut [M], keys: &mut [i32], i: usize) -> bool {
    let mut best = i;
    let mut in_order = true;
    for j in i + 1..keys.len() {
        if keys[j] > keys[best] {
            best = j;
        }
        if j > i + 1 && keys[j] > keys[j - 1] {
            in_order = false;
        }
    }
    if best != i {
        moves[i..=best].rotate_right(1);
        keys[i..=best].rotate_right(1);
        return false;
    }
    in_order
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
