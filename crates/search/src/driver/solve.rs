//! Exact values by null-window bisection: `Search::solve` and its variants, for games
//! searched to the end.

use super::{Search, Worker};
use crate::{Evaluator, Game, NoObserver, Score, SearchReport, MAX_PLY};

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
        let shared = self.shared();
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
}
