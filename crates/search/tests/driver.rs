//! The driver and the algorithms on hand-built games: the fastest win and the slowest loss,
//! determinism, limits, the stop flag, and per-iteration reports.

use std::time::Duration;

use alphabeta::testing::{RandomEval, RandomGame};
use alphabeta::{
    alphabeta, minimax, negamax, pvs, Evaluator, Game, NoObserver, Outcome, Pruning, Score, Search,
    SearchOptions, SearchReport, Window, MAX_PLY,
};

/// A game given as a tree whose leaves are finished games or static values.
#[derive(Clone, Debug)]
enum Node {
    /// The game is over; the outcome is for the side to move at this node.
    End(Outcome),
    /// A static value for the side to move at this node.
    Eval(i32),
    Moves(Vec<Node>),
}

#[derive(Clone)]
struct Walk<'a> {
    path: Vec<&'a Node>,
}

impl Walk<'_> {
    fn here(&self) -> &Node {
        self.path.last().unwrap()
    }
}

impl Game for Walk<'_> {
    type Move = usize;
    fn generate_moves(&self, moves: &mut Vec<usize>) {
        if let Node::Moves(c) = self.here() {
            moves.extend(0..c.len());
        }
    }
    fn play(&mut self, mv: usize) {
        let next = match self.path.last().unwrap() {
            Node::Moves(c) => &c[mv],
            _ => unreachable!("play on a leaf"),
        };
        self.path.push(next);
    }
    fn undo(&mut self, _: usize) {
        self.path.pop();
    }
    fn outcome(&self) -> Option<Outcome> {
        match self.here() {
            Node::End(o) => Some(*o),
            _ => None,
        }
    }
    fn move_id(&self, mv: usize) -> usize {
        mv
    }
    fn move_id_limit(&self) -> usize {
        8
    }
}

struct Static;
impl Evaluator<Walk<'_>> for Static {
    fn evaluate(&self, g: &Walk<'_>) -> Score {
        match g.here() {
            Node::Eval(v) => Score(*v),
            _ => Score(0),
        }
    }
}

use Node::*;

/// Every algorithm's choice of move and score on `root`, to `depth`.
fn all_choices(root: &Node, depth: u32) -> Vec<(&'static str, Option<usize>, Score)> {
    let mut g = Walk { path: vec![root] };
    let o = &mut NoObserver;
    let p = Pruning::default();
    let w = Window::FULL;
    let mut out = vec![];
    let r = minimax(&mut g, &Static, depth, o);
    out.push(("minimax", r.best_move, r.score));
    let r = alphabeta(&mut g, &Static, depth, w, p, o);
    out.push(("alphabeta", r.best_move, r.score));
    let r = negamax(&mut g, &Static, depth, w, p, o);
    out.push(("negamax", r.best_move, r.score));
    let r = pvs(&mut g, &Static, depth, w, o);
    out.push(("pvs", r.best_move, r.score));
    let r = Search::new(SearchOptions::depth(depth)).run(&mut g, &Static);
    out.push(("search", r.best_move, r.score));
    out
}

#[test]
fn the_win_in_one_is_preferred_to_the_win_in_three() {
    // Move 0 wins in 3 (whatever the opponent does, our next move wins); move 1 wins at once
    // (the opponent is to move and has lost); move 2 is only a good position.
    let win_in_3 = Moves(vec![
        Moves(vec![End(Outcome::Loss)]),
        Moves(vec![Eval(0), End(Outcome::Loss)]),
    ]);
    let root = Moves(vec![win_in_3, End(Outcome::Loss), Eval(-50)]);
    for (name, mv, score) in all_choices(&root, 5) {
        assert_eq!(mv, Some(1), "{name}");
        assert_eq!(score, Score::win_in(1), "{name}");
    }
}

#[test]
fn when_every_move_loses_the_slowest_loss_is_chosen() {
    // Plies alternate: the root (us), the opponent, us, ... `End(Loss)` at an even ply is our loss.
    // Move 0: the opponent wins at once (we have lost at ply 2).
    let lose_in_2 = Moves(vec![End(Outcome::Loss)]);
    // Move 1: we hold out until ply 4.
    let lose_in_4 = Moves(vec![Moves(vec![Moves(vec![End(Outcome::Loss)])])]);
    // Move 2: the opponent may win at ply 4 or at ply 2; it takes the faster.
    let opponent_choice = Moves(vec![
        Moves(vec![Moves(vec![End(Outcome::Loss)])]),
        End(Outcome::Loss),
    ]);
    let root = Moves(vec![lose_in_2, lose_in_4, opponent_choice]);
    for (name, mv, score) in all_choices(&root, 6) {
        assert_eq!(mv, Some(1), "{name}");
        assert_eq!(score, Score::loss_in(4), "{name}");
    }
}

#[test]
fn one_thread_is_deterministic() {
    let mut g = RandomGame::new(14, 7);
    let runs: Vec<_> = (0..3)
        .map(|_| Search::new(SearchOptions::depth(5)).run(&mut g, &RandomEval))
        .collect();
    for r in &runs[1..] {
        assert_eq!(r.best_move, runs[0].best_move);
        assert_eq!(r.score, runs[0].score);
        assert_eq!(r.pv, runs[0].pv);
        assert_eq!(r.stats.nodes, runs[0].stats.nodes);
    }
}

/// A search object keeps its buffers from one search to the next, but nothing it learnt
/// there but the table: after a search of another position and a cleared table, it searches
/// exactly as a fresh one (same move, score, line and node count), killers and history on.
#[test]
fn a_reused_search_searches_as_a_fresh_one() {
    let mut reused = Search::new(SearchOptions::depth(6));
    let mut other = RandomGame::new(12, 99);
    reused.run(&mut other, &RandomEval);
    // A solve too: it shares the buffers with the driver.
    reused.solve(&mut other, &RandomEval, 4, Score::LOSS, Score::WIN);
    for seed in [7, 8, 9] {
        let mut g = RandomGame::new(14, seed);
        reused.clear();
        let a = reused.run(&mut g, &RandomEval);
        let b = Search::new(SearchOptions::depth(6)).run(&mut g, &RandomEval);
        assert_eq!((a.best_move, a.score, &a.pv), (b.best_move, b.score, &b.pv));
        assert_eq!(a.stats.nodes, b.stats.nodes, "seed {seed}");
    }
}

#[test]
fn iterations_are_reported_in_order_and_match_the_result() {
    let mut g = RandomGame::new(12, 3).with_loss_rate(0);
    let mut seen = vec![];
    let r =
        Search::new(SearchOptions::depth(5)).run_with(&mut g, &RandomEval, &mut NoObserver, |it| {
            seen.push((it.depth, it.score, it.pv.to_vec(), it.nodes));
            true
        });
    assert_eq!(
        seen.iter().map(|s| s.0).collect::<Vec<_>>(),
        vec![1, 2, 3, 4, 5]
    );
    assert!(
        seen.windows(2).all(|w| w[0].3 <= w[1].3),
        "node counts grow"
    );
    let last = seen.last().unwrap();
    assert_eq!((last.1, &last.2), (r.score, &r.pv));
    assert_eq!(r.depth, 5);
    // Each iteration's score is the fixed-depth minimax value.
    for (depth, score, _, _) in &seen {
        assert_eq!(
            *score,
            minimax(&mut g, &RandomEval, *depth, &mut NoObserver).score
        );
    }
}

#[test]
fn a_node_limit_stops_the_search_with_a_legal_move() {
    let mut g = RandomGame::new(24, 11).with_loss_rate(0);
    let r = Search::new(SearchOptions::nodes(5_000)).run(&mut g, &RandomEval);
    assert!(r.stats.nodes <= 5_000, "{} nodes", r.stats.nodes);
    let mut legal = vec![];
    g.generate_moves(&mut legal);
    assert!(legal.contains(&r.best_move.unwrap()));
    assert!(r.depth >= 1 && r.depth < 10);
    assert_eq!(r.pv.first(), r.best_move.as_ref());
    assert_legal_line(&mut g, &r.pv);
    // The same limit twice gives the same answer.
    let again = Search::new(SearchOptions::nodes(5_000)).run(&mut g, &RandomEval);
    assert_eq!(
        (again.best_move, again.stats.nodes),
        (r.best_move, r.stats.nodes)
    );
    // The limit is never exceeded, whichever node reaches it (a root starting an iteration,
    // a quiescence node), and the search uses what it is given.
    for seed in 0..20 {
        for cap in [1, 2, 37, 400, 2_999] {
            let mut g = RandomGame::new(24, seed).with_loss_rate(0);
            let options = SearchOptions {
                quiescence_plies: 2,
                ..SearchOptions::nodes(cap)
            };
            let r = Search::new(options).run(&mut g, &RandomEval);
            assert!(
                r.stats.nodes <= cap,
                "seed {seed}: {} nodes of {cap}",
                r.stats.nodes
            );
            assert!(
                r.stats.nodes >= cap.min(1_000) * 9 / 10,
                "seed {seed}: {} of {cap}",
                r.stats.nodes
            );
            assert!(r.best_move.is_some());
        }
    }
}

#[test]
fn a_stop_from_another_thread_ends_an_unlimited_search() {
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    use std::sync::Arc;
    // Counts the positions evaluated after the stop was asked for: every thread checks the
    // flag at every node, so only the nodes already under way may still be evaluated, not a
    // search run on to its depth of 200.
    struct Counting {
        stopped: Arc<AtomicBool>,
        after: Arc<AtomicU64>,
    }
    impl Evaluator<RandomGame> for Counting {
        fn evaluate(&self, g: &RandomGame) -> Score {
            if self.stopped.load(Ordering::SeqCst) {
                self.after.fetch_add(1, Ordering::Relaxed);
            }
            RandomEval.evaluate(g)
        }
    }
    let mut g = RandomGame::new(30, 5).with_loss_rate(0);
    let mut search = Search::new(SearchOptions::depth(200).with_threads(2));
    let stop = search.stop_handle();
    let eval = Counting {
        stopped: Arc::new(AtomicBool::new(false)),
        after: Arc::new(AtomicU64::new(0)),
    };
    let stopped = eval.stopped.clone();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        stop.stop();
        stopped.store(true, Ordering::SeqCst);
    });
    let r = search.run(&mut g, &eval);
    stopper.join().unwrap();
    assert!(r.best_move.is_some());
    let after = eval.after.load(Ordering::Relaxed);
    assert!(after < 100, "{after} evaluations after the stop");
}

/// A stop asked for before the search starts is not lost (the search does not clear the flag
/// itself): it ends the search at once, until the owner resets the flag. A new handle leaves
/// the old handles' stops behind.
#[test]
fn a_stop_stays_until_reset_and_a_new_handle_leaves_old_stops_behind() {
    let mut g = RandomGame::new(30, 3).with_loss_rate(0);
    let mut search = Search::new(SearchOptions::depth(5));
    let full = search.run(&mut g, &RandomEval).depth;
    assert_eq!(full, 5);
    let stop = search.stop_handle();
    stop.stop();
    for _ in 0..2 {
        let r = search.run(&mut g, &RandomEval);
        assert_eq!(r.depth, 0, "a stopped search gives the first legal move");
        assert!(r.best_move.is_some());
    }
    stop.reset();
    assert_eq!(search.run(&mut g, &RandomEval).depth, full);
    // The old handle's stop, asked for again, no longer reaches the search.
    let fresh = search.new_stop_handle();
    stop.stop();
    assert!(!fresh.is_stopped());
    assert_eq!(search.run(&mut g, &RandomEval).depth, full);
    fresh.stop();
    assert_eq!(search.run(&mut g, &RandomEval).depth, 0);
}

#[test]
fn a_time_limit_ends_the_search_with_the_last_iteration_or_better() {
    let mut g = RandomGame::new(30, 9).with_loss_rate(0);
    let mut completed = vec![];
    let r = Search::new(SearchOptions::time(Duration::from_millis(100))).run_with(
        &mut g,
        &RandomEval,
        &mut NoObserver,
        |it| {
            completed.push((it.depth, it.pv.to_vec()));
            true
        },
    );
    let (depth, pv) = completed.last().expect("depth 1 completes");
    // Either the last completed iteration's move, or a move proven better in the next one.
    assert!(r.depth == *depth);
    if r.best_move == pv.first().copied() {
        assert_eq!(&r.pv, pv);
    }
    assert_legal_line(&mut g, &r.pv);
}

fn assert_legal_line<G: Game>(g: &mut G, line: &[G::Move]) {
    for (i, &mv) in line.iter().enumerate() {
        let mut legal = vec![];
        g.generate_moves(&mut legal);
        assert!(legal.contains(&mv), "move {i} of {line:?} is illegal");
        g.play(mv);
    }
    for &mv in line.iter().rev() {
        g.undo(mv);
    }
}

/// Every win or loss the search reports with `options` in random games is real: its principal
/// variation plays out to the end of the game at the distance claimed.
fn assert_decisive_scores_are_proven(options: SearchOptions) {
    let mut decisive = 0;
    for seed in 0..40 {
        let mut g = RandomGame::new(12, seed);
        let r = Search::new(options.clone()).run(&mut g, &RandomEval);
        let Some(n) = r.score.plies_to_end() else {
            continue;
        };
        decisive += 1;
        assert_legal_line(&mut g, &r.pv);
        assert_eq!(r.pv.len() as u32, n, "seed {seed}: {:?} {}", r.pv, r.score);
        for &mv in &r.pv {
            g.play(mv);
        }
        let loser_to_move = r.score.is_win() == (n % 2 == 1);
        let want = if loser_to_move {
            Outcome::Loss
        } else {
            Outcome::Win
        };
        assert_eq!(g.outcome(), Some(want), "seed {seed}");
    }
    assert!(decisive >= 5, "only {decisive} decisive positions");
}

#[test]
fn futility_pruning_trusts_the_static_value_only_in_quiet_positions() {
    let options = |margin| SearchOptions {
        futility_margin: margin,
        ..SearchOptions::depth(6)
    };
    // The score and the node count of a search with this margin.
    let searched = |g: &mut RandomGame, margin| {
        let r = Search::new(options(margin)).run(g, &RandomEval);
        (r.score, r.stats.nodes)
    };
    let mut fewer = 0;
    for seed in 0..6 {
        let mut g = RandomGame::new(10, seed).with_loss_rate(0);
        let plain = searched(&mut g, None);
        // A margin no static value clears (they lie in -8..=8): the same search, node for node.
        assert_eq!(searched(&mut g, Some(1000)), plain, "seed {seed}");
        // A small one prunes.
        let pruned = Search::new(options(Some(1))).run(&mut g, &RandomEval);
        assert_legal_line(&mut g, &pruned.pv);
        fewer += usize::from(pruned.stats.nodes < plain.1);
        // Where no position is quiet, nothing is pruned.
        let mut restless = RandomGame::new(10, seed)
            .with_loss_rate(0)
            .with_restless_rate(1);
        assert_eq!(
            searched(&mut restless, None),
            searched(&mut restless, Some(1)),
            "seed {seed}"
        );
    }
    assert!(
        fewer >= 5,
        "futility saved nodes in only {fewer} of 6 games"
    );
    // It returns static values, never a win or a loss: those stay proven.
    assert_decisive_scores_are_proven(SearchOptions {
        futility_margin: Some(1),
        ..SearchOptions::depth(8)
    });
}

/// Counts, per node, the different children the search enters, and notes every node past
/// the root's replies that entered more than late-move pruning allows. Iterations are
/// counted by the root's entries (no aspiration, so one per iteration): at ply `p` of the
/// `d`-th iteration, `d - p` plies are left.
#[derive(Default)]
struct ChildCount {
    iteration: u32,
    children: Vec<Vec<u64>>,
    quiet: Vec<bool>,
    too_many: Vec<String>,
}

impl alphabeta::Observer<RandomGame> for ChildCount {
    fn enter(&mut self, game: &RandomGame, ply: u32, _: Score, _: Score) {
        let p = ply as usize;
        if p == 0 {
            self.iteration += 1;
        }
        if p > 0 {
            let h = game.hash().unwrap();
            let parent = &mut self.children[p - 1];
            if !parent.contains(&h) {
                parent.push(h);
            }
            let depth = self.iteration - (ply - 1);
            let most = alphabeta::late_move_count(depth, self.quiet[p - 1]);
            if p > 2 && parent.len() > most {
                self.too_many.push(format!(
                    "ply {} depth {depth}: {} children, {most} allowed",
                    p - 1,
                    parent.len()
                ));
            }
        }
        self.children.truncate(p);
        self.children.push(Vec::new());
        self.quiet.truncate(p);
        self.quiet.push(game.is_quiet());
    }
}

/// The correction history moves only the static values the pruning reads: without pruning
/// the search is the same node for node; with futility pruning it changes what is pruned in
/// most games; and the wins and losses reported stay proven.
#[test]
fn correction_history_changes_only_what_the_pruning_reads() {
    let options = |futility_margin, correction_history| SearchOptions {
        futility_margin,
        correction_history,
        ..SearchOptions::depth(9)
    };
    let searched = |g: &mut RandomGame, o: SearchOptions| {
        let r = Search::new(o).run(g, &RandomEval);
        assert_legal_line(g, &r.pv);
        (r.score, r.stats.nodes)
    };
    let mut changed = 0;
    for seed in 0..8 {
        let mut g = RandomGame::new(10, seed).with_loss_rate(0);
        assert_eq!(
            searched(&mut g, options(None, true)),
            searched(&mut g, options(None, false)),
            "seed {seed}"
        );
        let corrected = searched(&mut g, options(Some(1), true));
        changed += usize::from(corrected != searched(&mut g, options(Some(1), false)));
    }
    assert!(
        changed >= 4,
        "the corrections changed only {changed} of 8 searches"
    );
    assert_decisive_scores_are_proven(SearchOptions {
        futility_margin: Some(1),
        correction_history: true,
        ..SearchOptions::depth(8)
    });
}

#[test]
fn late_move_pruning_searches_only_the_first_moves_and_more_with_depth() {
    let counts: Vec<_> = (1..=5)
        .map(|d| alphabeta::late_move_count(d, true))
        .collect();
    assert_eq!(counts, [3, 9, 14, 18, 22]);
    let counts: Vec<_> = (1..=5)
        .map(|d| alphabeta::late_move_count(d, false))
        .collect();
    assert_eq!(counts, [3, 5, 7, 8, 8]);
    let options = |pruning| SearchOptions {
        late_move_pruning: pruning,
        aspiration: None,
        tt_megabytes: 0,
        ..SearchOptions::depth(5)
    };
    for seed in 0..4 {
        // 24 cells: about 70 moves a node, far more than the counts.
        let mut g = RandomGame::new(24, seed)
            .with_loss_rate(0)
            .with_restless_rate(3);
        let mut seen = ChildCount::default();
        let pruned = Search::new(options(true)).run_with(&mut g, &RandomEval, &mut seen, |_| true);
        assert!(seen.too_many.is_empty(), "seed {seed}: {:?}", seen.too_many);
        assert_legal_line(&mut g, &pruned.pv);
        // The observer does see crowded nodes without the pruning.
        let mut seen = ChildCount::default();
        Search::new(options(false)).run_with(&mut g, &RandomEval, &mut seen, |_| true);
        assert!(!seen.too_many.is_empty(), "seed {seed}");
    }
}

/// The value of a quiescence search written plainly (every tactical move, no pruning): the
/// static value where the side to move may stand and prefers it, else the best tactical move.
fn quiescence_minimax<G: Game, E: Evaluator<G>>(g: &mut G, e: &E, ply: u32, left: u32) -> Score {
    if let Some(outcome) = g.outcome() {
        return match outcome {
            Outcome::Win => Score::win_in(ply),
            Outcome::Loss => Score::loss_in(ply),
            Outcome::Draw => Score::DRAW,
        };
    }
    let mut moves = vec![];
    let may_stand = g.generate_tactical(&mut moves);
    if moves.is_empty() || left == 0 {
        return e.evaluate(g);
    }
    let mut best = if may_stand {
        e.evaluate(g)
    } else {
        -Score::INFINITY
    };
    for mv in moves {
        g.play(mv);
        best = best.max(-quiescence_minimax(g, e, ply + 1, left - 1));
        g.undo(mv);
    }
    best
}

/// Plain minimax to `depth`, then [`quiescence_minimax`] for `q` plies.
fn minimax_then_quiescence<G: Game, E: Evaluator<G>>(
    g: &mut G,
    e: &E,
    ply: u32,
    depth: u32,
    q: u32,
) -> Score {
    if depth == 0 || g.outcome().is_some() {
        return quiescence_minimax(g, e, ply, q);
    }
    let mut moves = vec![];
    g.generate_moves(&mut moves);
    if moves.is_empty() {
        return e.evaluate(g);
    }
    let mut best = -Score::INFINITY;
    for mv in moves {
        g.play(mv);
        best = best.max(-minimax_then_quiescence(g, e, ply + 1, depth - 1, q));
        g.undo(mv);
    }
    best
}

#[test]
fn quiescence_search_equals_a_plain_quiescence_minimax() {
    let mut searched_more = 0;
    for seed in 0..12 {
        let mut g = RandomGame::new(8, seed)
            .with_loss_rate(9)
            .with_restless_rate(4)
            .with_tactics();
        for (depth, q) in [(1, 3), (3, 2), (3, 4)] {
            let want = minimax_then_quiescence(&mut g, &RandomEval, 0, depth, q);
            let options = |q| SearchOptions {
                quiescence_plies: q,
                ..SearchOptions::depth(depth)
            };
            let r = Search::new(options(q)).run(&mut g, &RandomEval);
            assert_eq!(r.score, want, "seed {seed}, depth {depth}, {q} plies more");
            assert_legal_line(&mut g, &r.pv);
            let without = Search::new(options(0)).run(&mut g, &RandomEval);
            searched_more += usize::from(r.stats.nodes > without.stats.nodes);
        }
    }
    assert!(
        searched_more >= 30,
        "only {searched_more} of 36 searches looked further"
    );
}

#[test]
fn a_finished_game_has_no_move() {
    let root = End(Outcome::Loss);
    for (name, mv, score) in all_choices(&root, 3) {
        assert_eq!(mv, None, "{name}");
        assert_eq!(score, Score::loss_in(0), "{name}");
    }
}

#[test]
fn late_move_reductions_search_fewer_nodes_and_keep_forced_results() {
    // Ordinary positions: fewer nodes at the same depth, a legal principal variation.
    let mut fewer = 0;
    for seed in 0..6 {
        let mut g = RandomGame::new(10, seed).with_loss_rate(0);
        let plain = Search::new(SearchOptions::depth(7)).run(&mut g, &RandomEval);
        let reduced = Search::new(SearchOptions {
            late_move_reductions: true,
            ..SearchOptions::depth(7)
        })
        .run(&mut g, &RandomEval);
        assert_legal_line(&mut g, &reduced.pv);
        fewer += usize::from(reduced.stats.nodes < plain.stats.nodes);
    }
    assert!(
        fewer >= 5,
        "reductions saved nodes in only {fewer} of 6 games"
    );
    // Reductions cut depth, never moves: a win or loss they report is still proven.
    assert_decisive_scores_are_proven(SearchOptions {
        late_move_reductions: true,
        ..SearchOptions::depth(8)
    });
}

#[test]
fn the_horizon_is_scored_by_evaluate_leaf() {
    // An evaluator whose static view says 0 everywhere but whose look at the horizon tells
    // the moves apart (and restores the position it was given): the driver must use the
    // latter at depth 0.
    struct Looking;
    impl Evaluator<Walk<'_>> for Looking {
        fn evaluate(&self, _: &Walk<'_>) -> Score {
            Score(0)
        }
        fn evaluate_leaf(&self, g: &mut Walk<'_>) -> Score {
            Static.evaluate(g)
        }
    }
    let root = Moves(vec![Eval(-5), Eval(-9), Eval(3)]);
    let mut g = Walk { path: vec![&root] };
    let r = Search::new(SearchOptions::depth(1)).run(&mut g, &Looking);
    assert_eq!((r.best_move, r.score), (Some(1), Score(9)));
}

#[test]
fn resize_table_allocates_at_once_and_a_search_keeps_it() {
    let mut search = Search::new(SearchOptions::depth(3));
    let before = search.table().map(|t| t.capacity());
    search.options.tt_megabytes = 1;
    search.resize_table();
    // 1 MiB of 16-byte entries, allocated before any search runs.
    assert_eq!(search.table().map(|t| t.capacity()), Some((1 << 20) / 16));
    assert_ne!(before, Some((1 << 20) / 16));
    let mut g = RandomGame::new(12, 7);
    search.run(&mut g, &RandomEval);
    assert_eq!(search.table().map(|t| t.capacity()), Some((1 << 20) / 16));
    search.options.tt_megabytes = 0;
    search.resize_table();
    assert!(search.table().is_none());
}

/// Take 1, 2 or 3 stones; whoever takes the last wins. With `hint`, a pile of 4 says
/// `Ends::LostIn(2)`: every move leaves the opponent a pile it empties at once; a pile that
/// is not a multiple of 4 says `Ends::WonIn` with the plies of its fastest win. With
/// `wins`, [`Game::forced_win`] knows the theory: a pile that is not a multiple of 4 wins.
/// With `narrow`, the game offers only the move "take 1" and keeps the others for
/// [`Game::generate_rest`].
#[derive(Clone)]
struct Pile {
    stones: u32,
    hint: bool,
    wins: bool,
    narrow: bool,
}

impl Pile {
    /// A pile of `stones`, every move offered, no hint, no theory.
    fn new(stones: u32) -> Pile {
        Pile {
            stones,
            hint: false,
            wins: false,
            narrow: false,
        }
    }

    /// A pile of `stones` whose game tells its sure ends (`hint`) or not.
    fn hinted(stones: u32, hint: bool) -> Pile {
        Pile {
            hint,
            ..Pile::new(stones)
        }
    }

    /// A pile of `stones` whose game knows its forced wins (`Game::forced_win`).
    fn with_wins(stones: u32) -> Pile {
        Pile {
            wins: true,
            ..Pile::new(stones)
        }
    }
}

impl Game for Pile {
    type Move = u32;
    fn generate_moves(&self, moves: &mut Vec<u32>) {
        let most = if self.narrow { 1 } else { 3 };
        moves.extend((1..=most).filter(|&n| n <= self.stones));
    }
    fn generate_rest(&self, moves: &mut Vec<u32>) {
        if self.narrow {
            moves.extend((2..=3).filter(|&n| n <= self.stones));
        }
    }
    fn play(&mut self, n: u32) {
        self.stones -= n;
    }
    fn undo(&mut self, n: u32) {
        self.stones += n;
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.stones == 0).then_some(Outcome::Loss)
    }
    fn move_id(&self, n: u32) -> usize {
        n as usize
    }
    fn move_id_limit(&self) -> usize {
        4
    }
    fn forced_win(&mut self, max_plies: u32) -> Option<u32> {
        let plies = 2 * (self.stones / 4) + 1;
        (self.wins && !self.stones.is_multiple_of(4) && plies <= max_plies).then_some(plies)
    }
    fn earliest_end(&self) -> alphabeta::Ends {
        if self.hint && self.stones == 4 {
            alphabeta::Ends::LostIn(2)
        } else if self.hint && !self.stones.is_multiple_of(4) {
            alphabeta::Ends::WonIn(2 * (self.stones / 4) + 1)
        } else {
            alphabeta::Ends::NotBefore { win: 1, loss: 2 }
        }
    }
}

/// A search of `pile` with `options`.
fn search_pile(
    mut pile: Pile,
    options: SearchOptions,
    eval: &(impl Evaluator<Pile> + Sync),
) -> SearchReport<u32> {
    Search::new(options).run(&mut pile, eval)
}

/// The game's sure ends are asked at the horizon too: a one-ply search of a pile of 5 to 7
/// sees the pile of 4 it leaves as lost for the opponent (a proven win for the root), where
/// without the hint it sees only the static value.
#[test]
fn sure_ends_count_at_the_horizon() {
    let even = |_: &Pile| Score::DRAW;
    for stones in 5..=7 {
        let run = |hint| search_pile(Pile::hinted(stones, hint), SearchOptions::depth(1), &even);
        assert_eq!(run(false).score, Score::DRAW, "{stones} stones");
        let hinted = run(true);
        assert_eq!(hinted.score, Score::win_in(3), "{stones} stones");
        assert_eq!(hinted.best_move, Some(stones - 4), "{stones} stones");
    }
}

#[test]
fn a_node_the_game_calls_lost_or_won_is_scored_without_a_search() {
    let even = |_: &Pile| Score::DRAW;
    for stones in 5..=13 {
        let run = |hint| search_pile(Pile::hinted(stones, hint), SearchOptions::depth(20), &even);
        let (plain, hinted) = (run(false), run(true));
        // Theory: a multiple of 4 loses, anything else wins; the fastest win takes every
        // pile down to a multiple of 4, so it ends with the side's (stones / 4 + 1)-th move.
        let moves_to_end = 2 * (stones / 4) + 1;
        if stones % 4 == 0 {
            assert_eq!(plain.score, Score::loss_in(moves_to_end - 1), "{stones}");
        } else {
            assert_eq!(plain.score, Score::win_in(moves_to_end), "{stones}");
        }
        assert_eq!(hinted.score, plain.score, "{stones} stones");
        assert!(
            hinted.stats.nodes < plain.stats.nodes,
            "{stones} stones: {} nodes with the hint, {} without",
            hinted.stats.nodes,
            plain.stats.nodes
        );
    }
}

/// A game that offers only its first few moves: where they all lose, the search asks for the
/// rest before it claims the loss. Offered "take 1" alone, a pile of 6 would look lost (the
/// piles alternate odd and even down to the last stone); with the rest asked for where
/// every move lost, every pile's value is the theory's: a multiple of 4 loses, anything else
/// wins, at the distance of the best play.
#[test]
fn where_every_offered_move_loses_the_others_are_searched() {
    let even = |_: &Pile| Score::DRAW;
    for stones in 1..=14 {
        let narrow = Pile {
            narrow: true,
            ..Pile::new(stones)
        };
        let r = search_pile(narrow, SearchOptions::depth(20), &even);
        let full = search_pile(Pile::new(stones), SearchOptions::depth(20), &even);
        assert_eq!(r.score.is_win(), stones % 4 != 0, "{stones} stones");
        assert_eq!(r.score.is_loss(), stones % 4 == 0, "{stones} stones");
        // A loss is searched in full, so its distance is the best defence's; a win's line
        // may be slower than the fastest (only "take 1" is tried while it wins).
        if stones % 4 == 0 {
            assert_eq!(r.score, full.score, "{stones} stones");
        }
    }
}

/// At the horizon the game's forced wins count as proven wins: a depth-2 search sees the
/// wins a full search finds, when they fit in twice the horizon's ply (4 plies); the same
/// search without the option, or a longer win, sees only the static value.
#[test]
fn horizon_wins_are_scored_as_proven_wins() {
    let even = |_: &Pile| Score::DRAW;
    for stones in (5..=14).filter(|s| s % 4 != 0) {
        let full = search_pile(Pile::new(stones), SearchOptions::depth(20), &even);
        let run = |horizon_wins| {
            let options = SearchOptions {
                horizon_wins,
                ..SearchOptions::depth(2)
            };
            search_pile(Pile::with_wins(stones), options, &even)
        };
        assert_eq!(run(false).score, Score::DRAW, "{stones} stones");
        // After two plies the pile is `stones - 4` at best, won in 2 (pile / 4) + 1 plies.
        let plies = 2 * ((stones - 4) / 4) + 1;
        let fits = plies <= 4;
        let want = if fits { full.score } else { Score::DRAW };
        assert_eq!(run(true).score, want, "{stones} stones");
    }
}

/// A line longer than the deepest ply the search goes: the win check at the horizon is asked
/// there too, with no room left, and the search ends normally.
#[test]
fn horizon_wins_at_the_deepest_ply() {
    let mut line = Eval(7);
    for _ in 0..MAX_PLY + 8 {
        line = Moves(vec![line]);
    }
    let mut g = Walk { path: vec![&line] };
    let r = Search::new(SearchOptions {
        horizon_wins: true,
        ..SearchOptions::depth(MAX_PLY - 1)
    })
    .run(&mut g, &Static);
    assert_eq!(r.depth, MAX_PLY - 1);
    assert_eq!(
        r.score,
        Score(0),
        "the line's end lies beyond the deepest ply"
    );
}

/// Razoring asks the horizon before it cuts: a static value far below alpha everywhere
/// (every pile looks lost) does not hide the wins the game sees there, so the search with
/// razoring and horizon wins proves what the search without pruning proves (where razoring
/// on the static value alone loses some).
#[test]
fn razoring_is_confirmed_at_the_horizon() {
    let gloomy = |_: &Pile| Score(-100);
    let mut hidden = 0;
    for stones in (5..=11).filter(|s| s % 4 != 0) {
        let run = |futility_margin, horizon_wins| {
            let options = SearchOptions {
                futility_margin,
                horizon_wins,
                ..SearchOptions::depth(6)
            };
            search_pile(Pile::with_wins(stones), options, &gloomy)
        };
        let plain = run(None, false);
        assert!(plain.score.is_win(), "{stones} stones: {}", plain.score);
        assert_eq!(run(Some(1), true).score, plain.score, "{stones} stones");
        // Razoring on the static value alone hides some of the wins.
        hidden += usize::from(run(Some(1), false).score != plain.score);
    }
    assert!(
        hidden > 0,
        "static razoring hid no win: the test shows nothing"
    );
}

/// Move 0 starts a forcing line: every node after it has a single move, and the opponent is
/// lost at its end, 7 plies down; move 1 is a quiet +10 (the opponent's -10). At depth 2 the plain search stops
/// the line at the horizon (a 0) and prefers move 1; with single-reply extensions the forced
/// plies cost nothing, and it sees the win (what minimax sees at full depth).
#[test]
fn single_reply_extensions_see_a_forcing_line_to_its_end() {
    let mut line = End(Outcome::Loss);
    for _ in 0..6 {
        line = Moves(vec![line]);
    }
    let root = Moves(vec![line, Eval(-10)]);
    let mut g = Walk { path: vec![&root] };
    let truth = minimax(&mut g, &Static, 10, &mut NoObserver);
    assert_eq!((truth.best_move, truth.score), (Some(0), Score::win_in(7)));

    let plain = Search::new(SearchOptions::depth(2)).run(&mut g, &Static);
    assert_eq!((plain.best_move, plain.score), (Some(1), Score(10)));
    let extended = Search::new(SearchOptions {
        single_reply_extension: true,
        ..SearchOptions::depth(2)
    })
    .run(&mut g, &Static);
    assert_eq!(
        (extended.best_move, extended.score),
        (truth.best_move, truth.score)
    );
    assert_eq!(extended.pv.len(), 7, "the whole line: {:?}", extended.pv);
}

/// `run_among` searches only the root moves it is given: the best of those (checked against
/// minimax of each child), never another; moves the game does not have are ignored.
#[test]
fn run_among_searches_only_the_given_root_moves() {
    let mut g = RandomGame::new(10, 42);
    let mut moves = Vec::new();
    g.generate_moves(&mut moves);
    assert!(moves.len() >= 3);
    let depth = 4;
    // Each root move's value by minimax, from the root's side.
    let values: Vec<Score> = moves
        .iter()
        .map(|&m| {
            g.play(m);
            let v = -minimax(&mut g, &RandomEval, depth - 1, &mut NoObserver).score;
            g.undo(m);
            v
        })
        .collect();
    let allowed = [moves[1], moves[2]];
    let best_allowed = values[1].max(values[2]);
    let mut search = Search::new(SearchOptions::depth(depth));
    let r = search.run_among(&mut g, &RandomEval, &mut NoObserver, &allowed, |_| true);
    assert!(allowed.contains(&r.best_move.unwrap()));
    assert_eq!(r.score, best_allowed);
    // Moves the game does not generate: ignored, every move searched.
    let all = search.run_among(&mut g, &RandomEval, &mut NoObserver, &[u8::MAX], |_| true);
    let truth = minimax(&mut g, &RandomEval, depth, &mut NoObserver);
    assert_eq!(all.score, truth.score);
}

/// A [`RandomGame`] that counts the move lists it generates, and offers the table's move
/// before them ([`Game::table_move`]) or not.
#[derive(Clone)]
struct Counted {
    game: RandomGame,
    staged: bool,
    lists: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

impl Game for Counted {
    type Move = u8;
    fn generate_moves(&self, moves: &mut Vec<u8>) {
        self.lists
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.game.generate_moves(moves);
    }
    fn play(&mut self, mv: u8) {
        self.game.play(mv);
    }
    fn undo(&mut self, mv: u8) {
        self.game.undo(mv);
    }
    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }
    fn move_id(&self, mv: u8) -> usize {
        self.game.move_id(mv)
    }
    fn move_id_limit(&self) -> usize {
        self.game.move_id_limit()
    }
    fn hash(&self) -> Option<u64> {
        self.game.hash()
    }
    fn table_move(&self, id: usize) -> Option<u8> {
        if self.staged {
            self.game.table_move(id)
        } else {
            None
        }
    }
}

/// The table's move searched before the list is generated: the same tree (move, score,
/// line and node count, with killers and late-move pruning), fewer lists. (With the
/// history heuristic the moves after it are ordered by what its search taught the
/// history, so the tree may differ; the values do not: `tests/properties.rs`.)
#[test]
fn the_table_move_first_saves_move_lists_and_changes_nothing_else() {
    // (Seed 5's root has a win at once: one list either way.)
    for seed in [3, 4, 6, 7] {
        let options = SearchOptions {
            late_move_pruning: true,
            history: false,
            ..SearchOptions::depth(7)
        };
        let run = |staged: bool| {
            let mut g = Counted {
                game: RandomGame::new(14, seed),
                staged,
                lists: Default::default(),
            };
            let eval = |c: &Counted| RandomEval.evaluate(&c.game);
            let r = Search::new(options.clone()).run(&mut g, &eval);
            let lists = g.lists.load(std::sync::atomic::Ordering::Relaxed);
            (r, lists)
        };
        let (plain, plain_lists) = run(false);
        let (staged, staged_lists) = run(true);
        assert_eq!(
            (staged.best_move, staged.score, &staged.pv),
            (plain.best_move, plain.score, &plain.pv),
            "seed {seed}"
        );
        assert_eq!(staged.stats.nodes, plain.stats.nodes, "seed {seed}");
        assert!(
            staged_lists < plain_lists,
            "seed {seed}: {staged_lists} lists staged, {plain_lists} not"
        );
    }
}

/// A [`RandomGame`] that hands its moves over in reverse, each keyed with its place in the
/// game's order ([`Game::generate_keyed`]).
#[derive(Clone)]
struct Reversed(RandomGame);

impl Game for Reversed {
    type Move = u8;
    fn generate_moves(&self, moves: &mut Vec<u8>) {
        self.0.generate_moves(moves);
    }
    fn generate_keyed(&self, moves: &mut Vec<u8>, keys: &mut Vec<i32>) {
        self.0.generate_moves(moves);
        moves.reverse();
        // The first of the game's order gets the highest key.
        keys.extend((0..moves.len() as i32).map(|i| i * 3));
    }
    fn play(&mut self, mv: u8) {
        self.0.play(mv);
    }
    fn undo(&mut self, mv: u8) {
        self.0.undo(mv);
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn move_id(&self, mv: u8) -> usize {
        self.0.move_id(mv)
    }
    fn move_id_limit(&self) -> usize {
        self.0.move_id_limit()
    }
    fn hash(&self) -> Option<u64> {
        self.0.hash()
    }
    fn table_move(&self, id: usize) -> Option<u8> {
        self.0.table_move(id)
    }
}

/// Moves handed over unsorted with keys are searched in the keys' order: the same tree as
/// the game's own order (move, score, line, nodes), at the root too when the caller keeps
/// only some root moves.
#[test]
fn keyed_moves_search_the_same_tree_as_ordered_ones() {
    let options = SearchOptions {
        late_move_pruning: true,
        history: false,
        ..SearchOptions::depth(7)
    };
    // What tells two searches' trees apart: move, score, line and node count.
    let tree = |r: &SearchReport<u8>| (r.best_move, r.score, r.pv.clone(), r.stats.nodes);
    for seed in [3, 4, 5, 6, 7] {
        let game = RandomGame::new(14, seed);
        let ordered = Search::new(options.clone()).run(&mut game.clone(), &RandomEval);
        let eval = |r: &Reversed| RandomEval.evaluate(&r.0);
        let keyed = Search::new(options.clone()).run(&mut Reversed(game.clone()), &eval);
        assert_eq!(tree(&keyed), tree(&ordered), "seed {seed}");
        let mut roots = Vec::new();
        game.generate_moves(&mut roots);
        let some: Vec<u8> = roots.iter().copied().skip(1).step_by(2).collect();
        let ordered = Search::new(options.clone()).run_among(
            &mut game.clone(),
            &RandomEval,
            &mut NoObserver,
            &some,
            |_| true,
        );
        let keyed = Search::new(options.clone()).run_among(
            &mut Reversed(game.clone()),
            &eval,
            &mut NoObserver,
            &some,
            |_| true,
        );
        assert_eq!(tree(&keyed), tree(&ordered), "seed {seed}, among {some:?}");
    }
}

#[test]
fn late_moves_are_reduced_by_the_logarithmic_rule() {
    // ln(d) ln(i + 1) / 2, by hand: d 10, i 1: 2.303 * 0.693 / 2 = 0.80 -> 1;
    // i 3: 2.303 * 1.386 / 2 = 1.60 -> 2; i 8: 2.303 * 2.197 / 2 = 2.53 -> 3;
    // d 4, i 1: 1.386 * 0.693 / 2 = 0.48 -> 0; i 2: 1.386 * 1.099 / 2 = 0.76 -> 1.
    let r = alphabeta::late_move_reduction;
    assert_eq!(
        [r(false, 10, 1), r(false, 10, 3), r(false, 10, 8)],
        [1, 2, 3]
    );
    assert_eq!([r(true, 10, 1), r(true, 10, 3), r(true, 10, 8)], [0, 1, 2]);
    assert_eq!([r(false, 4, 1), r(false, 4, 2)], [0, 1]);
    // Never the first move, never below 3 plies to go, always a ply left.
    assert_eq!(
        [r(false, 10, 0), r(false, 2, 30), r(false, 3, 60)],
        [0, 0, 1]
    );
    assert_eq!(r(false, 64, 63), r(false, 200, 500));
}

/// A [`Walk`] that names a winning move as a game may ([`Game::winning_move`]): the first
/// child where the opponent has lost.
#[derive(Clone)]
struct Sighted<'a>(Walk<'a>);

impl Game for Sighted<'_> {
    type Move = usize;
    fn generate_moves(&self, moves: &mut Vec<usize>) {
        self.0.generate_moves(moves)
    }
    fn play(&mut self, mv: usize) {
        self.0.play(mv)
    }
    fn undo(&mut self, mv: usize) {
        self.0.undo(mv)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn move_id(&self, mv: usize) -> usize {
        mv
    }
    fn move_id_limit(&self) -> usize {
        8
    }
    fn winning_move(&self) -> Option<usize> {
        match self.0.here() {
            Moves(c) => c.iter().position(|n| matches!(n, End(Outcome::Loss))),
            _ => None,
        }
    }
}

impl Evaluator<Sighted<'_>> for Static {
    fn evaluate(&self, g: &Sighted<'_>) -> Score {
        self.evaluate(&g.0)
    }
}

/// The lines of a search for several are the root moves by value, a winning move the game
/// names among them once; a root limited to other moves does not take it.
#[test]
fn several_lines_hold_each_root_move_once_and_by_value() {
    // Root moves: 0 is worth -7 (the reply picks the worse for the root), 1 wins at once,
    // 2 is worth 3, 3 is worth 1. Values two plies down are the root player's.
    let root = Moves(vec![
        Moves(vec![Eval(-5), Eval(-7)]),
        End(Outcome::Loss),
        Moves(vec![Eval(3), Eval(4)]),
        Moves(vec![Eval(1)]),
    ]);
    let mut g = Sighted(Walk { path: vec![&root] });
    let options = SearchOptions {
        multi_pv: 3,
        ..SearchOptions::depth(2)
    };
    let r = Search::new(options.clone()).run(&mut g, &Static);
    let lines: Vec<(usize, Score)> = r.lines.iter().map(|l| (l.pv[0], l.score)).collect();
    assert_eq!(
        lines,
        vec![(1, Score::win_in(1)), (2, Score(3)), (3, Score(1))]
    );
    assert_eq!((r.best_move, r.score), (Some(1), Score::win_in(1)));
    // More lines than moves: every move once.
    let all = Search::new(SearchOptions {
        multi_pv: 9,
        ..options
    })
    .run(&mut g, &Static);
    assert_eq!(all.lines.len(), 4);
    assert_eq!(all.lines[3].pv[0], 0);
    // Limited to moves 2 and 3, the search does not play the winning move.
    let limited = Search::new(SearchOptions::depth(2)).run_among(
        &mut g,
        &Static,
        &mut NoObserver,
        &[2, 3],
        |_| true,
    );
    assert_eq!((limited.best_move, limited.score), (Some(2), Score(3)));
}

/// A node cap that stops a search of several lines part-way still reports distinct legal
/// lines, the move to play first; and every iteration reports its lines.
#[test]
fn a_node_limit_in_a_search_of_several_lines_keeps_them_distinct_and_legal() {
    // Runs stopped after some of an iteration's lines: their lines come from two depths.
    let mut mixed = 0;
    for seed in 0..10 {
        for cap in [50, 700, 3_000, 20_000] {
            let mut g = RandomGame::new(20, seed).with_loss_rate(0);
            let options = SearchOptions {
                multi_pv: 4,
                ..SearchOptions::nodes(cap)
            };
            let mut per_iteration = vec![];
            let r = Search::new(options).run_with(&mut g, &RandomEval, &mut NoObserver, |it| {
                assert_eq!((it.score, it.pv), (it.lines[0].score, &it.lines[0].pv[..]));
                per_iteration.push(it.lines.len());
                true
            });
            assert!(r.stats.nodes <= cap);
            assert!(!r.lines.is_empty() && r.lines.len() <= 4, "{:?}", r.lines);
            assert!(per_iteration.iter().all(|&n| n == 4), "{per_iteration:?}");
            assert_eq!(r.best_move, Some(r.lines[0].pv[0]));
            assert_eq!((r.score, &r.pv), (r.lines[0].score, &r.lines[0].pv));
            let mut firsts: Vec<u8> = r.lines.iter().map(|l| l.pv[0]).collect();
            firsts.sort();
            firsts.dedup();
            assert_eq!(
                firsts.len(),
                r.lines.len(),
                "seed {seed} cap {cap}: a move twice"
            );
            for l in &r.lines {
                assert_legal_line(&mut g, &l.pv);
            }
            if r.lines.iter().any(|l| l.depth != r.lines[0].depth) {
                mixed += 1;
            }
        }
    }
    assert!(mixed > 0, "no run stopped between lines");
}

/// The nodes each iteration reports count every thread's, the helpers' too: with one thread
/// the last iteration's count is the search's total; with four it is nearly all of it, where
/// the main thread alone searches about a quarter.
#[test]
fn iteration_reports_count_the_helpers_nodes() {
    let last_and_total = |threads: usize| {
        let mut g = RandomGame::new(20, 5).with_loss_rate(0);
        let mut search = Search::new(SearchOptions::depth(6).with_threads(threads));
        let mut last = 0;
        let r = search.run_with(&mut g, &RandomEval, &mut NoObserver, |it| {
            last = it.nodes;
            true
        });
        (last, r.stats.nodes)
    };
    let (last, total) = last_and_total(1);
    assert_eq!(last, total);
    let (last, total) = last_and_total(4);
    assert!(total >= 200_000, "{total} nodes: too few to tell");
    assert!(
        last <= total && 4 * last >= 3 * total,
        "the last iteration reports {last} of {total} nodes"
    );
}
