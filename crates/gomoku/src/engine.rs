//! Choosing a move: a forced move at once, a proven win by continuous fours at once, else the
//! engine's iterative-deepening search. One place for the analysis command, the terminal game
//! and the Gomocup brain.

use std::time::{Duration, Instant};

use alphabeta::{
    mix64, Game, Iteration, NoObserver, Observer, RootLine, Score, Search, SearchOptions,
};

use crate::{black_chance_at, Board, Cell, Level, Spoken, Threats, VcfSearch};

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

impl Source {
    /// `forced`, `vcf` or `search`.
    pub fn name(self) -> &'static str {
        match self {
            Source::Forced => "forced",
            Source::Vcf => "vcf",
            Source::Search => "search",
        }
    }
}

/// One completed iteration in people's terms (moves as `h8`), to print or to serialise.
#[derive(Clone, Debug, serde::Serialize)]
pub struct IterationReport {
    /// The depth completed.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// The score for the side to move, as people read it ([`Spoken`]: `"win in 3"` when
    /// proven, `"sure win"` when the evaluation is sure).
    pub score: String,
    /// Black's chance of winning as the score has it, 0 to 1 ([`black_chance_at`]).
    pub black_chance: f64,
    /// The principal variation.
    pub pv: Vec<String>,
    /// Nodes so far.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nodes_per_second: u64,
    /// Time so far.
    pub milliseconds: u64,
}

impl IterationReport {
    /// The report of `it`, a search of `board` (the position searched, not a later one).
    pub fn new(board: &Board, it: &Iteration<u16>) -> IterationReport {
        let secs = it.time.as_secs_f64().max(1e-6);
        IterationReport {
            depth: it.depth,
            seldepth: it.seldepth,
            score: Spoken(it.score).to_string(),
            black_chance: black_chance_at(board, it.score),
            pv: board.names(it.pv),
            nodes: it.nodes,
            nodes_per_second: (it.nodes as f64 / secs) as u64,
            milliseconds: it.time.as_millis() as u64,
        }
    }
}

/// One of the engine's best moves in people's terms (moves as `h8`), to print or to
/// serialise: `gomoku analyze --multipv` and the web page's hint report them alike.
#[derive(Clone, Debug, serde::Serialize)]
pub struct LineReport {
    /// The move.
    #[serde(rename = "move")]
    pub cell: String,
    /// Its value for the side to move, as people read it ([`Spoken`]: `"win in 3"` when
    /// proven, `"sure win"` when the evaluation is sure).
    pub score: String,
    /// Black's chance of winning after it, as its score has it, 0 to 1 ([`black_chance_at`]).
    pub black_chance: f64,
    /// The expected line, the move first.
    pub pv: Vec<String>,
    /// How it was found: `forced`, `vcf` or `search`.
    pub source: &'static str,
    /// The depth it was searched to (0 for a forced move or a proof by fours): the lines of
    /// a search stopped part-way through a depth come from two depths.
    pub depth: u32,
}

impl LineReport {
    /// The report of the engine's line `t` in `board`, the position searched (none without
    /// a move: the game was over).
    pub fn of(board: &Board, t: &Thought) -> Option<LineReport> {
        Some(LineReport {
            cell: board.name(t.best?),
            score: Spoken(t.score).to_string(),
            black_chance: black_chance_at(board, t.score),
            pv: board.names(&t.pv),
            source: t.source.name(),
            depth: t.depth,
        })
    }

    /// The report of a line of a completed depth (see [`Iteration::lines`]), a search's.
    pub fn of_root(board: &Board, l: &RootLine<u16>) -> Option<LineReport> {
        Some(LineReport {
            cell: board.name(*l.pv.first()?),
            score: Spoken(l.score).to_string(),
            black_chance: black_chance_at(board, l.score),
            pv: board.names(&l.pv),
            source: Source::Search.name(),
            depth: l.depth,
        })
    }
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
    /// Nodes searched for the decision (search and VCF; every line of
    /// [`Engine::think_lines`] has the total).
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
    /// A move in a game with this much time: stop starting iterations early when the best
    /// move is stable, later when it is not ([`TimePlan`]); never run over.
    Time(Duration),
    /// Analysis: keep deepening until this much time has passed.
    Exactly(Duration),
}

/// The search settings the engine plays with (`gomoku bench` measures with them too): a
/// table of `megabytes` MiB, late-move reductions, forced replies (the block of a four)
/// searched without using up depth, fours followed past the horizon (a quiescence search of
/// 8 plies: four moves and their blocks), a quick victory by fours looked for at the
/// horizon, null moves (a pass, refused under a threat), up to 64 plies; and the pruning
/// that trusts the horizon: late-move pruning (in the generator's order: the history
/// heuristic is off, its order hid the attacker's threats from it), futility pruning, and
/// razoring confirmed by the horizon's value. Together as strong as without them in fewer
/// nodes, and ahead in direct games (docs/BENCHMARKS.md, session 8). The futility and
/// razoring margin is 45 a ply (about 0.3 logit, PentaZen's own margin): against 25 it
/// searches twice the nodes for a depth and a ply less in the games, yet scores more
/// against PentaZen (session 23). The static value this pruning reads is corrected by the
/// correction history (how far the search found it off after the same last two moves):
/// +5.1 ± 2.1 points against PentaZen over three runs (sessions 29 and 30). Futility cuts
/// only in quiet positions: cutting also where an open three threatens (as Rapfi does) lost
/// 14 points against Rapfi (three standard errors). And only within the library's
/// `FUTILITY_DEPTH` of the horizon, 6 plies (razoring within `RAZOR_DEPTH`, 4): to 8 plies
/// it lost about 9, and 4 plies, or razoring within 2 or 6, were level or a little behind
/// (session 81).
pub fn search_options(megabytes: usize) -> SearchOptions {
    SearchOptions {
        tt_megabytes: megabytes,
        late_move_reductions: true,
        single_reply_extension: true,
        quiescence_plies: 8,
        null_move: true,
        horizon_wins: true,
        late_move_pruning: true,
        history: false,
        futility_margin: Some(45),
        correction_history: true,
        ..SearchOptions::depth(64)
    }
}

/// A Gomoku engine: the search with its table kept across moves.
pub struct Engine {
    search: Search,
    caps: Caps,
    blocked: Vec<u16>,
    /// The level it plays at (none: full strength), and the counter its chances are drawn
    /// from.
    level: Option<(Level, u64)>,
}

/// Limits that hold on every move on top of its [`Limit`]: the Yixin-Board extension's
/// `max_node` and `max_depth`, which match managers use for games of fixed size. With one
/// thread and the node cap reached before the time, a move depends on nothing but the game
/// (see [`Engine::set_caps`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Caps {
    /// The most nodes a move may search, the proof search's included.
    pub nodes: Option<u64>,
    /// The deepest iteration.
    pub depth: Option<u32>,
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
            caps: Caps::default(),
            blocked: Vec::new(),
            level: None,
        }
    }

    /// Caps every later move's search at these nodes and depth as well as its time: a
    /// match manager's fixed-node games repeat exactly (one thread, the cap reached first).
    pub fn set_caps(&mut self, caps: Caps) {
        self.caps = caps;
    }

    /// The caps in force ([`set_caps`](Self::set_caps)).
    pub fn caps(&self) -> Caps {
        self.caps
    }

    /// Cells the engine must not play, on every later move until changed (the Yixin-Board
    /// extension's `YXBLOCK`: a person studying a position asks what else there is). A proof
    /// by fours that starts on one is set aside and the search leaves them out; where every
    /// candidate is blocked (a five to make, say), the engine plays without a search: another
    /// five, else the block of the opponent's five, else the free cell nearest the last stone.
    pub fn set_blocked(&mut self, cells: Vec<u16>) {
        self.blocked = cells;
    }

    /// The cells the engine must not play ([`set_blocked`](Self::set_blocked)).
    pub fn blocked(&self) -> &[u16] {
        &self.blocked
    }

    /// Plays every later move at `level` below full strength (none: at full strength): a
    /// search of the level's few nodes (fewer if the caps or the move's limit say so) for
    /// its best few moves, one of which it [chooses](Level::choose) by chance. The chances
    /// follow from `seed`: the same seed, the same choices in the same games. Only a single
    /// move is played weaker: [`think_lines`](Self::think_lines) asked for several is
    /// analysis, at full strength.
    pub fn set_level(&mut self, level: Option<Level>, seed: u64) {
        self.level = level.map(|l| (l, seed));
    }

    /// The level in force ([`set_level`](Self::set_level)).
    pub fn level(&self) -> Option<Level> {
        self.level.map(|(l, _)| l)
    }

    /// Resizes the table now, so the allocation is not paid inside the next move's time.
    pub fn set_table_megabytes(&mut self, mb: usize) {
        self.search.options.tt_megabytes = mb;
        self.search.resize_table();
    }

    /// Searches with `n` threads (Lazy SMP; 1 is deterministic). A move at a
    /// [level](Self::set_level) is searched on one.
    pub fn set_threads(&mut self, n: usize) {
        self.search.options.threads = n.clamp(1, 256);
    }

    /// The threads a move searches with: [`set_threads`](Self::set_threads)'s, 1 at a level.
    pub fn threads(&self) -> usize {
        if self.level.is_some() {
            1
        } else {
            self.search.options.threads
        }
    }

    /// Forgets what earlier searches learned (a new game).
    pub fn clear(&mut self) {
        self.search.clear();
    }

    /// A handle to stop the running search from another thread.
    pub fn stop_handle(&self) -> alphabeta::StopHandle {
        self.search.stop_handle()
    }

    /// A new, clear stop flag for the engine's next task, and its handle: stops through
    /// earlier handles no longer reach the engine ([`alphabeta::Search::new_stop_handle`]).
    pub fn new_stop_handle(&mut self) -> alphabeta::StopHandle {
        self.search.new_stop_handle()
    }

    /// Chooses a move for the side to move (at the [level](Self::set_level) set, if any);
    /// `on_iteration` sees each completed depth.
    /// A stop requested through [`stop_handle`](Self::stop_handle) ends it soon with the
    /// best move known, also one requested before it began: the flag stays set until the
    /// caller [`reset`](alphabeta::StopHandle::reset)s it before handing the engine a new move.
    pub fn think(
        &mut self,
        board: &mut Board,
        limit: Limit,
        on_iteration: impl FnMut(&Iteration<u16>),
    ) -> Thought {
        let mut lines = self.think_lines(board, limit, 1, on_iteration);
        lines.swap_remove(0)
    }

    /// The best `n` moves, each with its own score and line, best first (the first is the
    /// move to play), from one search under `limit` that looks for `n` lines
    /// ([`SearchOptions::multi_pv`]): each iteration searches the position once per line,
    /// without the moves already found, and sorts the lines by score. A proven win by fours
    /// is the first line, the search's lines for the other moves follow. Fewer come back
    /// when fewer moves are candidates (the generator leaves out moves that lose at once,
    /// and keeps a winning move or the only block of a five alone); one with no move when
    /// the game is over. `on_iteration` sees each completed depth with all its lines.
    pub fn think_lines(
        &mut self,
        board: &mut Board,
        limit: Limit,
        n: usize,
        on_iteration: impl FnMut(&Iteration<u16>),
    ) -> Vec<Thought> {
        self.think_lines_watched(board, limit, n, &mut NoObserver, on_iteration)
    }

    /// [`Engine::think_lines`] with an [`Observer`] on the main search (not the proofs by
    /// fours, not the helper threads): a GUI's live view of the root moves. An observer
    /// that watches costs its calls at every node; [`NoObserver`] costs nothing.
    pub fn think_lines_watched<O: Observer<Board>>(
        &mut self,
        board: &mut Board,
        limit: Limit,
        n: usize,
        observer: &mut O,
        mut on_iteration: impl FnMut(&Iteration<u16>),
    ) -> Vec<Thought> {
        if let (1, Some((level, state))) = (n, self.level) {
            // A weaker move: the level's best few under its node cap, one chosen by chance.
            // The search itself at full strength (no level), under the level's node cap, on
            // one thread: the cap counts the main thread's nodes, so helpers would make the
            // level stronger than measured, and its moves would no longer follow the seed.
            let (caps, threads) = (self.caps, self.search.options.threads);
            let nodes = caps.nodes.map_or(level.nodes(), |c| c.min(level.nodes()));
            self.caps.nodes = Some(nodes);
            self.level = None;
            self.set_threads(1);
            let mut lines =
                self.think_lines_watched(board, limit, level.lines(), observer, on_iteration);
            self.caps = caps;
            self.set_threads(threads);
            // SplitMix64: a counter, mixed.
            self.level = Some((level, state.wrapping_add(1)));
            let chosen = level.choose(&lines, mix64(state));
            return vec![lines.swap_remove(chosen)];
        }
        let started = Instant::now();
        let stop = self.search.stop_handle();
        let mut moves = Vec::new();
        if board.outcome().is_none() {
            board.generate_moves(&mut moves);
            if !self.blocked.is_empty() {
                moves.retain(|m| !self.blocked.contains(m));
                if moves.is_empty() {
                    moves.extend(self.fallback(board));
                }
            }
        }
        let Some(&first) = moves.first() else {
            return vec![Thought {
                best: None,
                score: Score::DRAW,
                pv: vec![],
                nodes: 0,
                depth: 0,
                source: Source::Forced,
            }];
        };
        if moves.len() == 1 {
            // The move generator puts a winning move alone; does this one win?
            board.place(first);
            let win = board.winner().is_some();
            board.remove_last();
            return vec![Thought {
                best: Some(first),
                score: if win { Score::win_in(1) } else { Score::DRAW },
                pv: moves,
                nodes: 0,
                depth: 0,
                source: Source::Forced,
            }];
        }
        // The proof of a win gets at most a quarter of a node cap, as of the time below.
        let vcf_nodes = self.caps.nodes.map_or(200_000, |n| (n / 4).min(200_000));
        let mut vcf = VcfSearch::new(40, vcf_nodes).with_stop(stop.clone());
        if let Limit::Time(t) | Limit::Exactly(t) = limit {
            // A quarter of the time at most for the proof of a win; the rest for the search.
            vcf = vcf.with_deadline(started + t / 4);
        }
        let mut lines = Vec::with_capacity(n);
        if let Some(line) = vcf.find(board).filter(|l| !self.blocked.contains(&l[0])) {
            lines.push(Thought {
                best: line.first().copied(),
                score: Score::win_in(line.len() as u32),
                pv: line,
                nodes: vcf.nodes,
                depth: 0,
                source: Source::Vcf,
            });
            // The other lines are the search's, without the proven move.
            moves.retain(|&m| Some(m) != lines[0].best);
            if n <= 1 {
                return lines;
            }
        }
        if stop.is_stopped() {
            // Told to stop before the search began: the move generator's first choice.
            if lines.is_empty() {
                lines.push(Thought {
                    best: Some(first),
                    score: Score::DRAW,
                    pv: vec![first],
                    nodes: vcf.nodes,
                    depth: 0,
                    source: Source::Search,
                });
            }
            return lines;
        }
        let caps = self.caps;
        let o = &mut self.search.options;
        o.multi_pv = n.max(1) - lines.len();
        // The proof search's nodes count against the cap.
        o.max_nodes = caps.nodes.map(|n| n.saturating_sub(vcf.nodes).max(1));
        let mut plan = None;
        match limit {
            Limit::Depth(d) => {
                o.max_depth = d.clamp(1, 64);
                o.max_time = None;
                o.soft_time = None;
            }
            Limit::Time(t) | Limit::Exactly(t) => {
                // The proof search's time counts against the budget.
                let left = t
                    .saturating_sub(started.elapsed())
                    .max(Duration::from_millis(1));
                o.max_depth = 64;
                o.max_time = Some(left);
                o.soft_time = None;
                if let Limit::Time(_) = limit {
                    plan = Some(TimePlan::new(left));
                }
            }
        }
        if let Some(d) = caps.depth {
            o.max_depth = o.max_depth.min(d.clamp(1, 64));
        }
        // After a proof, or with cells blocked, the search is of the moves left alone.
        let root_moves = if lines.is_empty() && self.blocked.is_empty() {
            &[][..]
        } else {
            &moves[..]
        };
        let r = self
            .search
            .run_among(board, &Threats, observer, root_moves, |it| {
                on_iteration(it);
                // The plan ends the deepening itself: the shared stop flag is the caller's.
                !plan
                    .as_mut()
                    .is_some_and(|p| p.enough(it.pv.first().copied(), it.score, it.time))
            });
        let nodes = r.stats.nodes + vcf.nodes;
        if r.lines.is_empty() {
            // Not even the first iteration finished: the move generator's first choice.
            lines.push(Thought {
                best: r.best_move.or(Some(moves[0])),
                score: r.score,
                pv: r.pv,
                nodes,
                depth: r.depth,
                source: Source::Search,
            });
        }
        for l in r.lines {
            lines.push(Thought {
                best: l.pv.first().copied(),
                score: l.score,
                pv: l.pv,
                nodes,
                depth: l.depth,
                source: Source::Search,
            });
        }
        for l in &mut lines {
            l.nodes = nodes;
        }
        // Stable: a proof by fours stays ahead of the search's lines that score the same.
        lines.sort_by_key(|t| std::cmp::Reverse(t.score));
        lines
    }

    /// The move when every candidate is blocked (the generator lists one five alone, or only
    /// the answers to a threat): another five if one is free, else the block of the
    /// opponent's five, else the free cell nearest the last stone (the centre on an empty
    /// board), neither blocked nor forbidden.
    fn fallback(&self, board: &Board) -> Option<u16> {
        let free = |c: &u16| !self.blocked.contains(c) && !board.forbids(*c);
        let me = board.to_move();
        for color in [me, me.other()] {
            if let Some(c) = board.five_cells(color).into_iter().find(free) {
                return Some(c);
            }
        }
        let n = board.size() as i32;
        let (cx, cy) = board.history().last().map_or((n / 2, n / 2), |&c| {
            let (x, y) = board.xy(c);
            (x as i32, y as i32)
        });
        board
            .cells()
            .filter(|c| board.at(*c) == Cell::Empty && free(c))
            .min_by_key(|&c| {
                let (x, y) = board.xy(c);
                (x as i32 - cx).abs().max((y as i32 - cy).abs())
            })
    }
}

/// When to stop starting iterations: after a share of the time that grows while the best move
/// keeps changing (or the score falls) and shrinks back as it settles. The search's own hard
/// limit still ends an iteration that runs over the whole budget.
#[derive(Clone, Debug)]
pub struct TimePlan {
    budget: Duration,
    last: Option<(u16, Score)>,
    instability: f64,
}

impl TimePlan {
    /// Share of the budget after which no iteration starts when the move is stable. At 24 s
    /// a game 0.45 and 0.2 each scored about 4 points under it, within noise; at 6 s a game
    /// 0.45 was level (docs/BENCHMARKS.md, sessions 40 and 57).
    pub const BASE: f64 = 0.3;
    /// The most of the budget any plan waits for before it stops starting iterations.
    pub const MOST: f64 = 0.8;

    /// A plan for `budget`.
    pub fn new(budget: Duration) -> TimePlan {
        TimePlan {
            budget,
            last: None,
            instability: 0.0,
        }
    }

    /// The time after which no new iteration starts, as things stand.
    pub fn target(&self) -> Duration {
        self.budget
            .mul_f64((Self::BASE * (1.0 + self.instability)).min(Self::MOST))
    }

    /// Called after each iteration with its best move, score and the time so far: is it time
    /// to stop?
    pub fn enough(&mut self, best: Option<u16>, score: Score, elapsed: Duration) -> bool {
        self.instability *= 0.5;
        if let (Some((move_before, score_before)), Some(best)) = (self.last, best) {
            if best != move_before {
                self.instability += 1.0;
            }
            if score.0 < score_before.0 - 30 && !score.is_decisive() {
                self.instability += 0.5;
            }
        }
        self.last = best.map(|b| (b, score));
        elapsed >= self.target()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocked_cells_are_never_played() {
        let mut e = Engine::new(1);
        // Black to move has a five at g8 or l8, and must otherwise block White's four on
        // column h at h5 (h1 is the edge).
        let mut b = crate::test_util::board("h8h1i8h2j8h3k8h4");
        let cells = |names: &[&str]| -> Vec<u16> {
            names.iter().map(|n| b.parse_cell(n).unwrap()).collect()
        };
        let (wins, block) = (cells(&["g8", "l8"]), cells(&["h5"])[0]);
        let play = |e: &mut Engine, b: &mut Board| {
            let t = e.think(b, Limit::Depth(4), |_| {});
            let m = t.best.expect("a move");
            assert_eq!(b.at(m), Cell::Empty);
            assert!(
                !e.blocked().contains(&m),
                "played the blocked {}",
                b.name(m)
            );
            m
        };
        assert!(wins.contains(&play(&mut e, &mut b)));
        e.set_blocked(wins.clone());
        assert_eq!(play(&mut e, &mut b), block, "the block of the four");
        // Every candidate blocked: a free cell nearest the last stone (h4) all the same.
        e.set_blocked(vec![wins[0], wins[1], block]);
        let m = play(&mut e, &mut b);
        let (x, y) = b.xy(m);
        assert!(x.abs_diff(7) <= 1 && y.abs_diff(11) <= 1, "{}", b.name(m));
        e.set_blocked(vec![]);
        assert!(wins.contains(&play(&mut e, &mut b)));

        // A win by fours whose first four is blocked is set aside: the engine plays another
        // move (not the proof's first), with or without a proof of its own.
        let mut b = crate::test_util::board("h8a1i8a3j8a5h10a7h11a9");
        let first = VcfSearch::new(10, 100_000).find(&mut b).unwrap()[0];
        e.set_blocked(vec![first]);
        for _ in 0..3 {
            let m = play(&mut e, &mut b);
            e.set_blocked([e.blocked(), &[m]].concat());
        }
    }

    #[test]
    fn a_level_takes_a_five_blocks_a_four_and_varies_its_quiet_moves() {
        let mut e = Engine::new(1);
        e.set_caps(Caps {
            nodes: Some(2_000_000),
            depth: None,
        });
        let levels = (1..=5).map(|n| Level::new(n).unwrap());
        let moves_of = |e: &mut Engine, b: &mut Board, level: Level, tries: usize| {
            e.set_level(Some(level), 7);
            let mut seen = std::collections::BTreeSet::new();
            for _ in 0..tries {
                let t = e.think(b, Limit::Depth(64), |_| {});
                assert!(
                    t.nodes <= level.nodes(),
                    "{} nodes at level {level}",
                    t.nodes
                );
                seen.insert(b.name(t.best.expect("a move")));
            }
            seen.into_iter().collect::<Vec<_>>()
        };
        // Black to move: a five at g8 or l8, whatever the level and the chance.
        let mut b = crate::test_util::board("h8h1i8h2j8h3k8h4");
        for level in levels.clone() {
            for m in moves_of(&mut e, &mut b, level, 8) {
                assert!(m == "g8" || m == "l8", "level {level} played {m}");
            }
        }
        // White to move, against Black's open four: an end of it (g8, l8) or a four of its
        // own first (h4), never a quiet move.
        let mut b = crate::test_util::board("h8h1i8h2j8h3k8");
        for level in levels.clone() {
            for m in moves_of(&mut e, &mut b, level, 8) {
                assert!(
                    m == "g8" || m == "l8" || m == "h4",
                    "level {level} played {m}"
                );
            }
        }
        // A quiet opening: the weakest level plays more than one move over a few games, and
        // the caps it ran under are the engine's own again afterwards.
        let mut b = crate::test_util::board("h8i9");
        assert!(moves_of(&mut e, &mut b, Level::WEAKEST, 12).len() >= 2);
        assert_eq!(e.caps().nodes, Some(2_000_000));
    }

    #[test]
    fn a_level_searches_on_one_thread_whatever_the_engines_threads() {
        // Its node cap counts the main thread's nodes, and the seed alone must choose its
        // moves: four threads at a level play what one thread does, to the node.
        let level = Level::new(4).unwrap();
        let (mut one, mut four) = (Engine::new(4), Engine::new(4));
        four.set_threads(4);
        one.set_level(Some(level), 11);
        four.set_level(Some(level), 11);
        assert_eq!(four.threads(), 1);
        let mut b = crate::test_util::board("h8i9");
        for _ in 0..6 {
            let t1 = one.think(&mut b, Limit::Depth(64), |_| {});
            let t4 = four.think(&mut b, Limit::Depth(64), |_| {});
            assert_eq!((t4.best, t4.nodes, &t4.pv), (t1.best, t1.nodes, &t1.pv));
            b.place(t1.best.unwrap());
        }
        // At full strength again, the engine's own threads.
        four.set_level(None, 0);
        assert_eq!(four.threads(), 4);
    }

    #[test]
    fn the_time_plan_stopping_one_move_does_not_stop_the_next() {
        // Every move of the engine under test is searched (or proven by fours), none is
        // the generator's unsearched first choice; the opponent is a quick shallow engine.
        let mut engine = Engine::new(4);
        let mut opponent = Engine::new(1);
        let mut board = Board::new(15, crate::Rule::Freestyle).unwrap();
        board.play_sequence("h8i9").unwrap();
        for _ in 0..3 {
            let t = engine.think(&mut board, Limit::Time(Duration::from_millis(1000)), |_| {});
            let searched = t.source == Source::Vcf || (t.source == Source::Search && t.depth >= 2);
            assert!(searched, "after {}: {t:?}", board.move_string());
            board.place(t.best.unwrap());
            if board.winner().is_some() {
                break;
            }
            let reply = opponent.think(&mut board, Limit::Depth(2), |_| {});
            board.place(reply.best.unwrap());
            if board.winner().is_some() {
                break;
            }
        }
    }

    #[test]
    fn an_unstable_move_gets_more_time_and_a_stable_one_less() {
        let budget = Duration::from_secs(10);
        let ms = Duration::from_millis;
        // Stable: the same move at every depth; stops once 3 s (30%) have passed.
        let mut stable = TimePlan::new(budget);
        assert!(!stable.enough(Some(1), Score(10), ms(100)));
        assert!(!stable.enough(Some(1), Score(12), ms(2900)));
        assert!(stable.enough(Some(1), Score(11), ms(3000)));
        // The move changes at every iteration: the target grows, but never past 80%.
        let mut unstable = TimePlan::new(budget);
        assert!(!unstable.enough(Some(1), Score(10), ms(100)));
        assert!(
            !unstable.enough(Some(2), Score(10), ms(3000)),
            "changed: go on"
        );
        assert!(
            !unstable.enough(Some(3), Score(10), ms(4000)),
            "changed again"
        );
        assert!(unstable.target() > stable.target());
        for m in 4..20 {
            unstable.enough(Some(m), Score(10), ms(100));
        }
        assert!(unstable.target() <= budget.mul_f64(TimePlan::MOST));
        // Then it settles: the extra time decays.
        let peak = unstable.target();
        for _ in 0..6 {
            unstable.enough(Some(19), Score(10), ms(100));
        }
        assert!(unstable.target() < peak);
        // A falling score extends the time too.
        let mut falling = TimePlan::new(budget);
        falling.enough(Some(1), Score(100), ms(100));
        assert!(!falling.enough(Some(1), Score(0), ms(3000)));
    }
}
