//! Property tests: every algorithm against an independent minimax written here, on random
//! explicit trees (small value ranges, so ties are frequent) and on a random game with
//! transpositions and forced wins.

use alphabeta::testing::{LeafValue, RandomEval, RandomGame, Tree, TreeGame};
use alphabeta::{
    alphabeta, minimax, negamax, pvs, Bound, CutRule, Evaluator, FailMode, Game, Observer, Outcome,
    Pruning, Score, Search, SearchOptions, Window,
};
use proptest::prelude::*;

const DEEP: u32 = 64;

/// The value of a tree for Max, by the definition: max over children at even levels, min at odd.
fn tree_value(t: &Tree, max: bool) -> i32 {
    match t {
        Tree::Leaf(v) => *v,
        Tree::Node(c) => {
            let vals = c.iter().map(|c| tree_value(c, !max));
            if max {
                vals.max().unwrap()
            } else {
                vals.min().unwrap()
            }
        }
    }
}

/// Random trees: depth up to 7, 1 to 6 children, leaves in -4..=4.
fn trees() -> impl Strategy<Value = Tree> {
    let leaf = (-4i32..=4).prop_map(Tree::Leaf);
    leaf.prop_recursive(7, 400, 6, |inner| {
        prop::collection::vec(inner, 1..=6).prop_map(Tree::Node)
    })
}

fn prunings() -> [Pruning; 4] {
    let mut out = [Pruning::default(); 4];
    let mut i = 0;
    for cut in [CutRule::Inclusive, CutRule::Strict] {
        for fail in [FailMode::Hard, FailMode::Soft] {
            out[i] = Pruning { cut, fail };
            i += 1;
        }
    }
    out
}

/// Records the leaves opened, by node address, in order.
#[derive(Default)]
struct LeafLog(Vec<(usize, i32)>);

impl<'a> Observer<TreeGame<'a>> for LeafLog {
    fn leaf(&mut self, game: &TreeGame<'a>, _ply: u32, value: Score) {
        self.0
            .push((game.current() as *const Tree as usize, value.0));
    }
}

/// Checks every exit the search reports against the node's value by definition: an exact
/// value must be it, a lower bound at most it, an upper bound at least it.
#[derive(Default)]
struct ExitCheck(Vec<String>);

impl<'a> Observer<TreeGame<'a>> for ExitCheck {
    fn exit(&mut self, game: &TreeGame<'a>, ply: u32, value: Score, bound: Bound) {
        // Values come in the root player's view, and the root maximises.
        let truth = tree_value(game.current(), ply.is_multiple_of(2));
        let right = match bound {
            Bound::Exact => truth == value.0,
            Bound::Lower => truth >= value.0,
            Bound::Upper => truth <= value.0,
        };
        if !right {
            self.0
                .push(format!("ply {ply}: {value:?} {bound:?}, truly {truth}"));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn every_algorithm_finds_the_minimax_value(tree in trees()) {
        let truth = Score(tree_value(&tree, true));
        let mut g = TreeGame::new(&tree);
        let o = &mut alphabeta::NoObserver;
        prop_assert_eq!(minimax(&mut g, &LeafValue, DEEP, o).score, truth);
        for p in prunings() {
            prop_assert_eq!(alphabeta(&mut g, &LeafValue, DEEP, Window::FULL, p, o).score, truth);
            prop_assert_eq!(negamax(&mut g, &LeafValue, DEEP, Window::FULL, p, o).score, truth);
        }
        prop_assert_eq!(pvs(&mut g, &LeafValue, DEEP, Window::FULL, o).score, truth);
        for threads in [1, 2] {
            let opts = SearchOptions { aspiration: Some(1), ..SearchOptions::depth(DEEP) };
            let r = Search::new(opts.with_threads(threads)).run(&mut g, &LeafValue);
            prop_assert_eq!(r.score, truth);
        }
        prop_assert_eq!(g.ply(), 0, "the game is left at the root");
    }

    #[test]
    fn the_best_move_and_the_pv_attain_the_value(tree in trees()) {
        let truth = tree_value(&tree, true);
        let mut g = TreeGame::new(&tree);
        let o = &mut alphabeta::NoObserver;
        let reports = [
            minimax(&mut g, &LeafValue, DEEP, o),
            alphabeta(&mut g, &LeafValue, DEEP, Window::FULL, Pruning::default(), o),
            negamax(&mut g, &LeafValue, DEEP, Window::FULL, Pruning::default(), o),
            pvs(&mut g, &LeafValue, DEEP, Window::FULL, o),
            Search::new(SearchOptions::depth(DEEP)).run(&mut g, &LeafValue),
        ];
        for (i, r) in reports.into_iter().enumerate() {
            // Following the PV from the root reaches a leaf whose value is the root value.
            let mut node = &tree;
            for &mv in &r.pv {
                match node {
                    Tree::Node(c) => node = &c[mv],
                    Tree::Leaf(_) => prop_assert!(false, "PV goes past a leaf"),
                }
            }
            prop_assert_eq!(node, &Tree::Leaf(truth), "PV {:?} ends elsewhere", r.pv);
            prop_assert_eq!(r.best_move, r.pv.first().copied());
            if let Tree::Node(c) = &tree {
                // The fixed-order algorithms pick the first child that attains the value; the
                // driver reorders moves, so it may pick another that attains it.
                let first = c.iter().position(|c| tree_value(c, false) == truth);
                if i < 4 {
                    prop_assert_eq!(r.best_move, first);
                } else {
                    prop_assert_eq!(tree_value(&c[r.best_move.unwrap()], false), truth);
                }
            }
        }
    }

    #[test]
    fn maxmin_and_negamax_open_the_same_leaves_in_the_same_order(tree in trees()) {
        let mut g = TreeGame::new(&tree);
        for p in prunings() {
            let (mut a, mut b) = (LeafLog::default(), LeafLog::default());
            let ra = alphabeta(&mut g, &LeafValue, DEEP, Window::FULL, p, &mut a);
            let rb = negamax(&mut g, &LeafValue, DEEP, Window::FULL, p, &mut b);
            prop_assert_eq!(&a.0, &b.0, "{:?}", p);
            prop_assert_eq!(&ra.stats, &rb.stats.clone().with_time(ra.stats.time), "{:?}", p);
            prop_assert_eq!(ra.stats.leaves as usize, a.0.len());
        }
        // The strict rule never prunes more than the inclusive one, and pruning never opens
        // more leaves than minimax.
        let mut count = |p: Pruning| {
            let mut log = LeafLog::default();
            alphabeta(&mut g, &LeafValue, DEEP, Window::FULL, p, &mut log);
            log.0.len()
        };
        let strict = count(Pruning { cut: CutRule::Strict, fail: FailMode::Soft });
        let inclusive = count(Pruning::default());
        prop_assert!(inclusive <= strict && strict <= tree.leaf_count());
    }

    #[test]
    fn every_node_returns_its_value_or_a_correct_bound(
        tree in trees(), a in -6i32..=6, width in 1i32..=6, full in any::<bool>(),
    ) {
        let w = if full { Window::FULL } else { Window::new(Score(a), Score(a + width)) };
        let mut g = TreeGame::new(&tree);
        for p in prunings() {
            let mut check = ExitCheck::default();
            alphabeta(&mut g, &LeafValue, DEEP, w, p, &mut check);
            negamax(&mut g, &LeafValue, DEEP, w, p, &mut check);
            if p.cut == CutRule::Inclusive {
                pvs(&mut g, &LeafValue, DEEP, w, &mut check);
            }
            prop_assert!(check.0.is_empty(), "{:?}: {:?}", p, check.0);
        }
    }

    #[test]
    fn results_outside_the_window_are_correct_bounds(
        tree in trees(), a in -6i32..=6, width in 1i32..=6,
    ) {
        let truth = Score(tree_value(&tree, true));
        let (alpha, beta) = (Score(a), Score(a + width));
        let w = Window::new(alpha, beta);
        let mut g = TreeGame::new(&tree);
        let o = &mut alphabeta::NoObserver;
        for cut in [CutRule::Inclusive, CutRule::Strict] {
            let soft = Pruning { cut, fail: FailMode::Soft };
            let hard = Pruning { cut, fail: FailMode::Hard };
            let mut soft_results = vec![
                alphabeta(&mut g, &LeafValue, DEEP, w, soft, o).score,
                negamax(&mut g, &LeafValue, DEEP, w, soft, o).score,
            ];
            if cut == CutRule::Inclusive {
                soft_results.push(pvs(&mut g, &LeafValue, DEEP, w, o).score);
            }
            for v in soft_results {
                if v <= alpha {
                    prop_assert!(truth <= v, "fail-low {:?} but true {:?}", v, truth);
                } else if v >= beta {
                    prop_assert!(truth >= v, "fail-high {:?} but true {:?}", v, truth);
                } else {
                    prop_assert_eq!(v, truth);
                }
            }
            for v in [
                alphabeta(&mut g, &LeafValue, DEEP, w, hard, o).score,
                negamax(&mut g, &LeafValue, DEEP, w, hard, o).score,
            ] {
                if matches!(tree, Tree::Leaf(_)) {
                    // A leaf is its own value; fail-hard clamps only what nodes return.
                    prop_assert_eq!(v, truth);
                    continue;
                }
                prop_assert!(alpha <= v && v <= beta, "fail-hard result leaves the window");
                if v == alpha {
                    prop_assert!(truth <= alpha);
                } else if v == beta {
                    prop_assert!(truth >= beta);
                } else {
                    prop_assert_eq!(v, truth);
                }
            }
        }
    }
}

/// Plain negamax to a fixed depth, written independently of the library's algorithms.
fn reference(g: &mut RandomGame, depth: u32, ply: u32) -> Score {
    match g.outcome() {
        Some(Outcome::Loss) => return Score::loss_in(ply),
        Some(Outcome::Win) => return Score::win_in(ply),
        Some(Outcome::Draw) => return Score::DRAW,
        None => {}
    }
    let mut moves = Vec::new();
    g.generate_moves(&mut moves);
    if depth == 0 || moves.is_empty() {
        return RandomEval.evaluate(g);
    }
    let mut best = -Score::INFINITY;
    for mv in moves {
        g.play(mv);
        best = best.max(-reference(g, depth - 1, ply + 1));
        g.undo(mv);
    }
    best
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn iterative_deepening_with_the_table_finds_minimax_at_every_depth(
        seed in any::<u64>(), cells in 5u32..=10, aspiration in prop::option::of(1i32..=3),
        killers in any::<bool>(), history in any::<bool>(), tt_megabytes in 0usize..=1,
        loss_rate in prop::sample::select(vec![6u64, 12, 50]),
    ) {
        let mut g = RandomGame::new(cells, seed).with_loss_rate(loss_rate);
        // One search object across depths: the table keeps entries from shallower searches.
        let mut search = Search::new(SearchOptions {
            aspiration, killers, history, tt_megabytes, ..SearchOptions::depth(1)
        });
        for depth in 1..=cells.min(6) {
            let truth = reference(&mut g, depth, 0);
            search.options.max_depth = depth;
            let r = search.run(&mut g, &RandomEval);
            prop_assert_eq!(r.score, truth, "depth {}", depth);
            prop_assert_eq!(minimax(&mut g, &RandomEval, depth, &mut alphabeta::NoObserver).score, truth);
            prop_assert_eq!(pvs(&mut g, &RandomEval, depth, Window::FULL, &mut alphabeta::NoObserver).score, truth);
            // The PV is legal, and the position at its end has the root value.
            let mut sign = 1;
            for (i, &mv) in r.pv.iter().enumerate() {
                let mut legal = Vec::new();
                g.generate_moves(&mut legal);
                prop_assert!(legal.contains(&mv) && g.outcome().is_none(), "PV move {} illegal", i);
                g.play(mv);
                sign = -sign;
            }
            let end = match g.outcome() {
                Some(Outcome::Loss) => Score::loss_in(r.pv.len() as u32),
                Some(Outcome::Draw) => Score::DRAW,
                _ => RandomEval.evaluate(&g),
            };
            for &mv in r.pv.iter().rev() {
                g.undo(mv);
            }
            prop_assert!(r.pv.len() as u32 == depth || g_outcome_after(&mut g, &r.pv), "PV {:?} is cut short", r.pv);
            prop_assert_eq!(Score(sign * end.0), truth, "PV {:?} does not reach the value", r.pv);
        }
    }

    #[test]
    fn solving_by_null_window_bisection_finds_minimax(
        seed in any::<u64>(), cells in 5u32..=10, depth in 1u32..=6,
        loss_rate in prop::sample::select(vec![6u64, 12, 50]),
    ) {
        let mut g = RandomGame::new(cells, seed).with_loss_rate(loss_rate);
        let truth = reference(&mut g, depth, 0);
        let mut search = Search::new(SearchOptions::depth(depth));
        let r = search.solve(&mut g, &RandomEval, depth, Score::LOSS, Score::WIN);
        prop_assert_eq!(r.score, truth);
        if let Some(mv) = r.best_move {
            g.play(mv);
            let child = -reference(&mut g, depth - 1, 1);
            g.undo(mv);
            prop_assert_eq!(child, truth, "the best move attains the value");
        }
    }

    #[test]
    fn several_lines_are_the_root_moves_best_first_by_their_minimax_values(
        seed in any::<u64>(), cells in 5u32..=10, depth in 1u32..=5, lines in 1usize..=6,
        aspiration in prop::option::of(1i32..=3), threads in 1usize..=2,
        loss_rate in prop::sample::select(vec![6u64, 12, 50]),
    ) {
        let mut g = RandomGame::new(cells, seed).with_loss_rate(loss_rate);
        // Every root move's own value, by the reference minimax, best first.
        let mut moves = Vec::new();
        if g.outcome().is_none() {
            g.generate_moves(&mut moves);
        }
        let value_of = |g: &mut RandomGame, mv: u8| {
            g.play(mv);
            let v = -reference(g, depth - 1, 1);
            g.undo(mv);
            v
        };
        let mut values: Vec<Score> = moves.iter().map(|&m| value_of(&mut g, m)).collect();
        values.sort_by(|a, b| b.cmp(a));
        let opts = SearchOptions { multi_pv: lines, aspiration, ..SearchOptions::depth(depth) };
        let r = Search::new(opts.with_threads(threads)).run(&mut g, &RandomEval);
        prop_assert_eq!(r.lines.len(), lines.min(moves.len()));
        let mut seen = Vec::new();
        for (k, l) in r.lines.iter().enumerate() {
            prop_assert_eq!(l.score, values[k], "line {}: {:?}", k, l.pv);
            // Deepening ends early once every line is proven.
            prop_assert!(l.depth == depth || l.score.plies_to_end().is_some(), "line {} at depth {}", k, l.depth);
            let mv = l.pv[0];
            prop_assert!(!seen.contains(&mv), "move {} in two lines", mv);
            seen.push(mv);
            prop_assert_eq!(value_of(&mut g, mv), l.score, "line {}'s move has its score", k);
            prop_assert!(l.pv.len() as u32 == depth || g_outcome_after(&mut g, &l.pv), "line {} cut short", k);
        }
        if let Some(first) = r.lines.first() {
            prop_assert_eq!(r.best_move, Some(first.pv[0]));
            prop_assert_eq!(r.score, first.score);
            prop_assert_eq!(&r.pv, &first.pv);
        }
    }

    #[test]
    fn lazy_smp_returns_the_one_thread_value(seed in any::<u64>(), threads in 2usize..=4) {
        let mut g = RandomGame::new(10, seed);
        let depth = 5;
        let one = Search::new(SearchOptions::depth(depth)).run(&mut g, &RandomEval);
        let many = Search::new(SearchOptions::depth(depth).with_threads(threads)).run(&mut g, &RandomEval);
        prop_assert_eq!(one.score, reference(&mut g, depth, 0));
        prop_assert_eq!(many.score, one.score);
    }
}

/// Does the line end in a finished game?
fn g_outcome_after(g: &mut RandomGame, line: &[u8]) -> bool {
    for &mv in line {
        g.play(mv);
    }
    let over = g.outcome().is_some();
    for &mv in line.iter().rev() {
        g.undo(mv);
    }
    over
}

trait WithTime {
    fn with_time(self, t: std::time::Duration) -> Self;
}

impl WithTime for alphabeta::Stats {
    fn with_time(mut self, t: std::time::Duration) -> Self {
        self.time = t;
        self
    }
}
