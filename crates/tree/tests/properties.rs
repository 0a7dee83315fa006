//! Property tests on random trees, each checked against a computation written here: the
//! definition of minimax, a brute-force search for the fewest fixing leaves, and re-running the
//! search on the order the report proposes.

use alphabeta::Bound;
use alphabeta::CutRule;
use alphabeta_tree::{
    beamer, cases, cases_json, deepening, explain, given, limit_depth, minimum, parse, run,
    Algorithm, Course, ExplainError, Order, RootKind, RootValue, Settings, Step, Tree, Uniform,
    View, INF, MAX_VALUE,
};
use proptest::prelude::*;

/// A random tree as text, with leaves in -3..=3 (ties are frequent), and `?` leaves when
/// `unknown` is set.
#[derive(Clone, Debug)]
enum T {
    Leaf(Option<i32>),
    Node(Vec<T>),
}

fn text(t: &T) -> String {
    match t {
        T::Leaf(Some(v)) => v.to_string(),
        T::Leaf(None) => "?".into(),
        T::Node(c) => format!("[{}]", c.iter().map(text).collect::<Vec<_>>().join(",")),
    }
}

fn trees(unknown: bool) -> impl Strategy<Value = T> {
    sized_trees(unknown, 6, 400, 5)
}

fn small_trees() -> impl Strategy<Value = T> {
    sized_trees(false, 4, 30, 3)
}

fn sized_trees(unknown: bool, depth: u32, size: u32, branching: usize) -> impl Strategy<Value = T> {
    let leaf = if unknown {
        prop_oneof![4 => (-3i32..=3).prop_map(Some), 1 => Just(None)]
            .prop_map(T::Leaf)
            .boxed()
    } else {
        (-3i32..=3).prop_map(|v| T::Leaf(Some(v))).boxed()
    };
    leaf.prop_recursive(depth, size, branching as u32, move |inner| {
        prop::collection::vec(inner, 1..=branching).prop_map(T::Node)
    })
}

/// A tree whose inner nodes may carry static values (`4[...]`).
#[derive(Clone, Debug)]
enum S {
    Leaf(i32),
    Node(Option<i32>, Vec<S>),
}

fn static_trees() -> impl Strategy<Value = S> {
    (-3i32..=3)
        .prop_map(S::Leaf)
        .prop_recursive(4, 30, 3, |inner| {
            (
                prop_oneof![3 => (-3i32..=3).prop_map(Some), 1 => Just(None)],
                prop::collection::vec(inner, 1..=3),
            )
                .prop_map(|(v, kids)| S::Node(v, kids))
        })
}

fn static_text(t: &S) -> String {
    match t {
        S::Leaf(v) => v.to_string(),
        S::Node(v, kids) => format!(
            "{}[{}]",
            v.map(|v| v.to_string()).unwrap_or_default(),
            kids.iter().map(static_text).collect::<Vec<_>>().join(",")
        ),
    }
}

/// The tree with every node's children in the static order: valued ones first, highest
/// first where Max moves and lowest first where Min does, ties and the unvalued in reading
/// order.
fn sorted_by_static(t: &S, max: bool) -> S {
    match t {
        S::Leaf(v) => S::Leaf(*v),
        S::Node(v, kids) => {
            let mut valued: Vec<&S> = kids
                .iter()
                .filter(|k| matches!(k, S::Node(Some(_), _)))
                .collect();
            let worth = |k: &&S| match k {
                S::Node(Some(v), _) => *v,
                _ => unreachable!(),
            };
            // Insertion by worth keeps ties in reading order.
            let mut ordered: Vec<&S> = Vec::new();
            for k in valued.drain(..) {
                let at = ordered
                    .iter()
                    .position(|o| {
                        if max {
                            worth(o) < worth(&k)
                        } else {
                            worth(o) > worth(&k)
                        }
                    })
                    .unwrap_or(ordered.len());
                ordered.insert(at, k);
            }
            ordered.extend(kids.iter().filter(|k| !matches!(k, S::Node(Some(_), _))));
            S::Node(
                *v,
                ordered
                    .into_iter()
                    .map(|k| sorted_by_static(k, !max))
                    .collect(),
            )
        }
    }
}

/// Minimax stopped at `limit`, where a node with children counts as its static value; with
/// the cut tree's text. `None` when a node at the limit has children but no static value.
fn limited(t: &S, depth: u32, limit: u32, max: bool) -> Option<(i32, String)> {
    match t {
        S::Leaf(v) => Some((*v, v.to_string())),
        S::Node(v, _) if depth == limit => v.map(|v| (v, v.to_string())),
        S::Node(v, kids) => {
            let mut vals = Vec::new();
            let mut texts = Vec::new();
            for k in kids {
                let (kv, kt) = limited(k, depth + 1, limit, !max)?;
                vals.push(kv);
                texts.push(kt);
            }
            let best = if max {
                vals.iter().max()
            } else {
                vals.iter().min()
            };
            let head = v.map(|v| v.to_string()).unwrap_or_default();
            Some((*best.unwrap(), format!("{head}[{}]", texts.join(","))))
        }
    }
}

/// A tree's nodes with their child lists, leaving out where in the arena those lists lie.
type Layout = (Vec<(alphabeta_tree::Node, Vec<u32>)>, Vec<u32>, u32, bool);

fn layout_free(tree: &Tree) -> Layout {
    let ids = 0..tree.nodes.len() as u32;
    let nodes = ids.map(|id| {
        let node = alphabeta_tree::Node {
            first_child: 0,
            ..tree.node(id).clone()
        };
        (node, tree.children_of(id).to_vec())
    });
    (
        nodes.collect(),
        tree.leaves.clone(),
        tree.max_branching,
        tree.labelled,
    )
}

/// The tree with the static value of the node at `path` (child indices from the root) set.
fn with_static(t: &S, path: &[u32], value: i32) -> S {
    match (t, path.split_first()) {
        (S::Node(_, kids), None) => S::Node(Some(value), kids.clone()),
        (S::Node(v, kids), Some((&i, rest))) => {
            let mut kids = kids.clone();
            kids[i as usize] = with_static(&kids[i as usize], rest, value);
            S::Node(*v, kids)
        }
        (S::Leaf(_), _) => panic!("no node with children at that path"),
    }
}

/// The nodes with children at `limit`.
fn cut_subtrees(t: &S, depth: u32, limit: u32) -> usize {
    match t {
        S::Leaf(_) => 0,
        S::Node(..) if depth == limit => 1,
        S::Node(_, kids) => kids.iter().map(|k| cut_subtrees(k, depth + 1, limit)).sum(),
    }
}

/// The leaves deeper than `limit`.
fn leaves_below(t: &S, depth: u32, limit: u32) -> usize {
    match t {
        S::Leaf(_) => usize::from(depth > limit),
        S::Node(_, kids) => kids.iter().map(|k| leaves_below(k, depth + 1, limit)).sum(),
    }
}

/// The value by definition, leaves read through `leaf(index, value)`.
fn value_of(tree: &Tree, max_root: bool, leaf: &dyn Fn(u32, Option<i32>) -> i32) -> i32 {
    fn go(tree: &Tree, id: u32, max: bool, leaf: &dyn Fn(u32, Option<i32>) -> i32) -> i32 {
        let n = tree.node(id);
        if n.is_leaf() {
            return leaf(n.leaf_index, n.value);
        }
        let vals = tree
            .children_of(id)
            .iter()
            .map(|&c| go(tree, c, !max, leaf));
        if max {
            vals.max().unwrap()
        } else {
            vals.min().unwrap()
        }
    }
    go(tree, 0, max_root, leaf)
}

/// Negamax by definition at a node: the value for the player to move there, each node the
/// best of its children's values negated, a leaf as given for Max and negated for Min.
fn negamax_value(tree: &Tree, id: u32, max_root: bool) -> i32 {
    let n = tree.node(id);
    if n.is_leaf() {
        let max_moves = n.depth.is_multiple_of(2) == max_root;
        let v = n.value.unwrap();
        return if max_moves { v } else { -v };
    }
    tree.children_of(id)
        .iter()
        .map(|&c| -negamax_value(tree, c, max_root))
        .max()
        .unwrap()
}

fn all_settings() -> Vec<Settings> {
    let mut out = vec![];
    for algorithm in Algorithm::ALL {
        for order in [Order::LeftToRight, Order::RightToLeft] {
            for cut in [CutRule::Inclusive, CutRule::Strict] {
                if algorithm == Algorithm::Pvs && cut == CutRule::Strict {
                    continue;
                }
                for root in [RootKind::Max, RootKind::Min] {
                    out.push(Settings {
                        root,
                        order,
                        algorithm,
                        cut,
                    });
                }
            }
        }
    }
    out
}

/// Is this leaf inside the subtree of `top`?
fn under(tree: &Tree, mut id: u32, top: u32) -> bool {
    loop {
        if id == top {
            return true;
        }
        match tree.node(id).parent {
            Some(p) => id = p,
            None => return false,
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_search_is_right_and_accounts_for_every_leaf(t in trees(false)) {
        let tree = parse(&text(&t)).unwrap();
        for s in all_settings() {
            let e = explain(&tree, s, false).unwrap();
            let truth = value_of(&tree, s.root == RootKind::Max, &|_, v| v.unwrap());
            prop_assert_eq!(e.run.value, truth, "{:?}", s);
            // Opened leaves and leaves under pruned subtrees partition the leaves.
            for (i, &leaf) in tree.leaves.iter().enumerate() {
                let opened = e.run.opened.contains(&(i as u32));
                let pruned_by = e.run.pruned.iter().filter(|&&p| under(&tree, leaf, p)).count();
                prop_assert!(opened as usize + pruned_by == 1, "leaf {} {:?}", i, s);
            }
            let mut sorted = e.run.opened.clone();
            sorted.sort_unstable();
            sorted.dedup();
            prop_assert_eq!(sorted.len(), e.run.opened.len(), "a leaf listed twice");
            // The minimum is never more than what any search opened.
            let m = e.minimum.as_ref().unwrap();
            prop_assert!(m.leaves as usize <= e.run.opened.len(), "{:?}", s);
            if s.algorithm == Algorithm::Minimax {
                prop_assert_eq!(e.run.opened.len(), tree.leaves.len());
            }
        }
    }

    #[test]
    fn the_witness_fixes_the_value_and_the_order_achieves_it(t in trees(false), min_root in any::<bool>()) {
        let tree = parse(&text(&t)).unwrap();
        let root = if min_root { RootKind::Min } else { RootKind::Max };
        let s = Settings { root, ..Settings::default() };
        let e = explain(&tree, s, false).unwrap();
        let m = e.minimum.unwrap();
        prop_assert_eq!(m.leaves as usize, m.witness.len());
        let max = !min_root;
        for fill in [-INF, INF] {
            let v = value_of(&tree, max, &|i, v| if m.witness.contains(&i) { v.unwrap() } else { fill });
            prop_assert_eq!(v, e.run.value, "others at {}", fill);
        }
        // Alpha-beta on the proposed order opens exactly the minimum.
        let reordered = parse(&tree.to_text_with_order(&|id| m.order[id as usize].clone())).unwrap();
        let again = explain(&reordered, s, false).unwrap();
        prop_assert_eq!(again.run.opened.len() as u64, m.leaves);
        prop_assert_eq!(again.run.value, e.run.value);
    }

    #[test]
    fn no_smaller_set_fixes_the_value(t in small_trees()) {
        let tree = parse(&text(&t)).unwrap();
        let n = tree.leaves.len();
        prop_assume!(n <= 12);
        let e = explain(&tree, Settings::default(), false).unwrap();
        let m = e.minimum.unwrap();
        // Brute force: every set of fewer leaves fails to fix the value.
        for mask in 0u32..(1 << n) {
            if (mask.count_ones() as u64) >= m.leaves {
                continue;
            }
            let fixed = [-INF, INF].iter().all(|&fill| {
                value_of(&tree, true, &|i, v| if mask & (1 << i) != 0 { v.unwrap() } else { fill }) == e.run.value
            });
            prop_assert!(!fixed, "{} leaves {:b} also fix the value", mask.count_ones(), mask);
        }
    }

    #[test]
    fn given_leaves_bound_the_value_as_every_filling_does(t in small_trees(), pick in any::<u32>(), min_root in any::<bool>()) {
        let tree = parse(&text(&t)).unwrap();
        let n = tree.leaves.len();
        let chosen: Vec<u32> = (0..n as u32).filter(|i| pick & (1 << (i % 32)) != 0).collect();
        let others: Vec<u32> = (0..n as u32).filter(|i| !chosen.contains(i)).collect();
        prop_assume!(others.len() <= 7);
        let root = if min_root { RootKind::Min } else { RootKind::Max };
        let g = given(&tree, root, &chosen).unwrap();
        prop_assert_eq!(&g.leaves, &chosen);
        // Brute force: every other leaf at -inf, 0 or +inf, independently.
        let (mut low, mut high) = (INF, -INF);
        for code in 0..3usize.pow(others.len() as u32) {
            let fill = |i: u32| {
                let k = others.iter().position(|&o| o == i).unwrap();
                [-INF, 0, INF][code / 3usize.pow(k as u32) % 3]
            };
            let v = value_of(&tree, !min_root, &|i, v| if chosen.contains(&i) { v.unwrap() } else { fill(i) });
            low = low.min(v);
            high = high.max(v);
        }
        prop_assert_eq!((g.low, g.high), (low, high));
        prop_assert_eq!(g.fixes(), low == high);
        let m = explain(&tree, Settings { root, ..Settings::default() }, false).unwrap().minimum.unwrap();
        prop_assert!(given(&tree, root, &m.witness).unwrap().fixes());
        if g.fixes() {
            prop_assert!(chosen.len() as u64 >= m.leaves);
        }
        prop_assert!(given(&tree, root, &[n as u32]).is_err());
    }

    #[test]
    fn the_movers_view_is_negamax_and_every_cut_is_at_beta(t in trees(false)) {
        let tree = parse(&text(&t)).unwrap();
        for s in all_settings() {
            let max_view = explain(&tree, s, true).unwrap();
            let mover = max_view.clone().in_view(View::Mover);
            // Negamax by definition: a node's value is the best of its children's, negated.
            let max_root = s.root == RootKind::Max;
            for id in 0..tree.nodes.len() as u32 {
                let Some((v, Bound::Exact)) = mover.run.nodes[id as usize].value else { continue };
                prop_assert_eq!(v, negamax_value(&tree, id, max_root), "node {} {:?}", id, s);
            }
            let root_sign = if max_root { 1 } else { -1 };
            prop_assert_eq!(mover.run.value, root_sign * max_view.run.value);
            // Every node maximises: it only raises alpha, and cuts when its value reaches beta.
            let mut window = vec![(0, 0); tree.nodes.len()];
            for step in &mover.run.trace {
                match *step {
                    Step::Enter { node, alpha, beta } => window[node as usize] = (alpha, beta),
                    Step::Narrow { node, alpha, beta } => {
                        let (a, b) = window[node as usize];
                        prop_assert!(alpha > a && beta == b, "{:?} after {:?} {:?}", step, (a, b), s);
                        window[node as usize] = (alpha, beta);
                    }
                    Step::Cut { node, value } => {
                        let beta = window[node as usize].1;
                        match s.cut {
                            CutRule::Inclusive => prop_assert!(value >= beta, "{:?} {:?}", step, s),
                            CutRule::Strict => prop_assert!(value > beta, "{:?} {:?}", step, s),
                        }
                    }
                    _ => {}
                }
            }
            // Back to Max's view, it is the run it was.
            let back = mover.run.in_view(&tree, View::Max);
            prop_assert_eq!(&back.nodes, &max_view.run.nodes);
            prop_assert_eq!(back.value, max_view.run.value);
        }
    }

    #[test]
    fn a_uniform_trees_minimum_is_knuth_and_moores(
        depth in 1u32..=5, children in 1usize..=4, seed in any::<u64>(), min_root in any::<bool>(),
    ) {
        // A uniform tree of leaves -2..=2 (many ties) from a simple generator.
        fn build(depth: u32, children: usize, state: &mut u64) -> String {
            if depth == 0 {
                *state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                return (((*state >> 33) % 5) as i64 - 2).to_string();
            }
            let kids: Vec<String> = (0..children).map(|_| build(depth - 1, children, state)).collect();
            format!("[{}]", kids.join(","))
        }
        let tree = parse(&build(depth, children, &mut seed.clone())).unwrap();
        let root = if min_root { RootKind::Min } else { RootKind::Max };
        let e = explain(&tree, Settings { root, ..Settings::default() }, false).unwrap();
        // Knuth and Moore (1975): b^ceil(d/2) + b^floor(d/2) - 1, whatever the values.
        let b = children as u64;
        let want = b.pow(depth.div_ceil(2)) + b.pow(depth / 2) - 1;
        prop_assert_eq!(e.minimum.as_ref().unwrap().leaves, want);
        prop_assert_eq!(e.uniform(), Some(Uniform { depth, children: children as u32 }));
    }

    #[test]
    fn with_unknown_leaves_a_uniform_trees_minimum_is_knuth_and_moores_or_none(
        depth in 1u32..=4, children in 1usize..=4, seed in any::<u64>(),
    ) {
        // Leaves -2..=2 or `?` (one in six).
        fn build(depth: u32, children: usize, state: &mut u64) -> String {
            if depth == 0 {
                *state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                return match (*state >> 33) % 6 {
                    5 => "?".into(),
                    k => (k as i64 - 2).to_string(),
                };
            }
            let kids: Vec<String> = (0..children).map(|_| build(depth - 1, children, state)).collect();
            format!("[{}]", kids.join(","))
        }
        let tree = parse(&build(depth, children, &mut seed.clone())).unwrap();
        let b = children as u64;
        let want = b.pow(depth.div_ceil(2)) + b.pow(depth / 2) - 1;
        if let Some(m) = minimum(&tree, RootKind::Max) {
            prop_assert_eq!(m.leaves, want);
        }
    }

    #[test]
    fn only_uniform_trees_are_called_uniform(t in trees(false)) {
        let tree = parse(&text(&t)).unwrap();
        let depths: std::collections::HashSet<u32> = tree.leaves.iter().map(|&l| tree.node(l).depth).collect();
        let widths: std::collections::HashSet<u32> =
            tree.nodes.iter().filter(|n| !n.is_leaf()).map(|n| n.child_count).collect();
        let uniform = depths.len() == 1 && widths.len() == 1;
        prop_assert_eq!(Uniform::of(&tree).is_some(), uniform, "{}", text(&t));
    }

    #[test]
    fn unknown_leaves_are_never_needed_silently(t in trees(true)) {
        let tree = parse(&text(&t)).unwrap();
        for s in all_settings() {
            match explain(&tree, s, false) {
                Ok(e) => {
                    // Whatever the unknown leaves hold, the value found is right.
                    for fill in [-INF, INF, 0] {
                        let v = value_of(&tree, s.root == RootKind::Max, &|_, v| v.unwrap_or(fill));
                        prop_assert_eq!(v, e.run.value, "{:?} with ? = {}", s, fill);
                    }
                    for &l in &e.run.opened {
                        prop_assert!(tree.node(tree.leaves[l as usize]).value.is_some());
                    }
                    if let Some(m) = &e.minimum {
                        for &l in &m.witness {
                            prop_assert!(tree.node(tree.leaves[l as usize]).value.is_some());
                        }
                    }
                }
                Err(err) => {
                    let msg = err.to_string();
                    prop_assert!(msg.contains("unknown"), "{}", msg);
                }
            }
        }
    }

    /// The cases of one unknown leaf cover every finite value, and for each value tried the
    /// case that holds it says what a search with that value does: the value by definition,
    /// the best move, the leaves opened and the subtrees cut.
    #[test]
    fn the_cases_of_an_unknown_leaf_agree_with_a_search_at_each_value(t in small_trees(), pick in any::<u32>()) {
        let known = parse(&text(&t)).unwrap();
        let leaf = known.leaves[pick as usize % known.leaves.len()];
        let mut tree = known.clone();
        tree.nodes[leaf as usize].value = None;
        let tries = (-5..=5).chain([-MAX_VALUE, -MAX_VALUE + 1, MAX_VALUE - 1, MAX_VALUE]);
        if !tree.node(0).is_leaf() {
            prop_assert!(cases(&tree, Settings::default(), 0).is_err(), "the root is no leaf");
        }
        for s in all_settings() {
            let all = cases(&tree, s, leaf).unwrap();
            prop_assert_eq!(all[0].low, -MAX_VALUE);
            prop_assert_eq!(all[all.len() - 1].high, MAX_VALUE);
            for w in all.windows(2) {
                prop_assert_eq!(w[0].high + 1, w[1].low, "{:?}", s);
            }
            for x in tries.clone() {
                let case = all.iter().find(|c| c.low <= x && x <= c.high).unwrap();
                let mut with_x = known.clone();
                with_x.nodes[leaf as usize].value = Some(x);
                let direct = run(&with_x, s, false).unwrap();
                let by_definition = value_of(&with_x, s.root == RootKind::Max, &|_, v| v.unwrap());
                let Course::Searched { value, best_move, opened, pruned } = &case.course else {
                    return Err(TestCaseError::fail("only one leaf is unknown"));
                };
                let value = match value {
                    RootValue::Is(v) => *v,
                    RootValue::Unknown => x,
                    RootValue::Other => return Err(TestCaseError::fail("no second unknown")),
                };
                prop_assert_eq!(value, by_definition, "{:?} at {} in {}", s, x, text(&t));
                prop_assert_eq!(opened, &direct.opened, "{:?} at {}", s, x);
                prop_assert_eq!(*best_move, direct.best_move, "{:?} at {}", s, x);
                prop_assert_eq!(pruned, &direct.pruned, "{:?} at {}", s, x);
            }
        }
    }

    /// Two unknown leaves: the cases of the first and, where the search needs the second,
    /// its cases within, cover every pair of values once, and for each pair tried the case
    /// that holds it says what a search with both values does.
    #[test]
    fn the_cases_of_two_unknown_leaves_agree_with_a_search_at_each_pair(
        t in small_trees(),
        picks in (any::<u32>(), any::<u32>()),
    ) {
        let known = parse(&text(&t)).unwrap();
        let n = known.leaves.len();
        prop_assume!(n >= 2);
        let (a, b) = (picks.0 as usize % n, picks.1 as usize % n);
        prop_assume!(a != b);
        let (a, b) = (known.leaves[a], known.leaves[b]);
        let mut tree = known.clone();
        tree.nodes[a as usize].value = None;
        tree.nodes[b as usize].value = None;
        let tries: Vec<i32> = (-5..=5).chain([-MAX_VALUE, MAX_VALUE - 1, MAX_VALUE]).collect();
        for s in all_settings() {
            let first = match run(&tree, s, false) {
                Err(ExplainError::UnknownLeaf { node, .. }) => node,
                Ok(_) => continue, // neither is needed
                Err(e) => return Err(TestCaseError::fail(e.to_string())),
            };
            let second = if first == a { b } else { a };
            let all = cases(&tree, s, first).unwrap();
            prop_assert_eq!(all[0].low, -MAX_VALUE);
            prop_assert_eq!(all[all.len() - 1].high, MAX_VALUE);
            for w in all.windows(2) {
                prop_assert_eq!(w[0].high + 1, w[1].low, "{:?}", s);
            }
            for &e in &tries {
                let case = all.iter().find(|c| c.low <= e && e <= c.high).unwrap();
                for &f in &tries {
                    let mut both = known.clone();
                    both.nodes[first as usize].value = Some(e);
                    both.nodes[second as usize].value = Some(f);
                    let direct = run(&both, s, false).unwrap();
                    let by_definition = value_of(&both, s.root == RootKind::Max, &|_, v| v.unwrap());
                    let course = match &case.course {
                        Course::Also { leaf, cases } => {
                            prop_assert_eq!(*leaf, second);
                            let holding: Vec<_> = cases
                                .iter()
                                .filter(|c| c.low.at(e) <= f && f <= c.high.at(e))
                                .collect();
                            prop_assert_eq!(holding.len(), 1, "{:?} at {}, {} in {}", s, e, f, text(&t));
                            holding[0].course.clone()
                        }
                        other => other.clone(),
                    };
                    let Course::Searched { value, best_move, opened, pruned } = course else {
                        return Err(TestCaseError::fail("only two leaves are unknown"));
                    };
                    let value = match value {
                        RootValue::Is(v) => v,
                        RootValue::Unknown => e,
                        RootValue::Other => f,
                    };
                    prop_assert_eq!(value, by_definition, "{:?} at {}, {} in {}", s, e, f, text(&t));
                    prop_assert_eq!(&opened, &direct.opened, "{:?} at {}, {} in {}", s, e, f, text(&t));
                    prop_assert_eq!(best_move, direct.best_move, "{:?} at {}, {} in {}", s, e, f, text(&t));
                    prop_assert_eq!(&pruned, &direct.pruned, "{:?} at {}, {}", s, e, f);
                }
            }
        }
    }

    /// Searching by static value is searching, left to right, the tree whose children are
    /// sorted by static value (best first for the player to move, the unvalued after them in
    /// their order): the same root value, and the same leaves opened in the same order.
    #[test]
    fn the_static_order_is_left_to_right_on_the_sorted_tree(t in static_trees()) {
        let tree = parse(&static_text(&t)).unwrap();
        prop_assert_eq!(tree.to_text(), static_text(&t), "round trip");
        for s in all_settings().into_iter().filter(|s| s.order == Order::LeftToRight) {
            let max = s.root == RootKind::Max;
            let sorted = parse(&static_text(&sorted_by_static(&t, max))).unwrap();
            let by_static = run(&tree, Settings { order: Order::Static, ..s }, false).unwrap();
            let plain = run(&sorted, s, false).unwrap();
            prop_assert_eq!(by_static.value, plain.value, "{:?}", s);
            let values = |tree: &Tree, opened: &[u32]| -> Vec<i32> {
                opened.iter().map(|&l| tree.node(tree.leaves[l as usize]).value.unwrap()).collect()
            };
            prop_assert_eq!(
                values(&tree, &by_static.opened),
                values(&sorted, &plain.opened),
                "{:?} on {}", s, static_text(&t)
            );
        }
    }

    /// Cutting at a depth is searching the tree whose nodes at that depth are leaves holding
    /// their static values: the cut tree is that tree (its text, written here), its value is
    /// the depth-limited minimax computed here, and the leaves below the cut are counted.
    /// A node at the cut with children and no static value is an error.
    #[test]
    fn a_depth_limit_puts_static_values_in_place_of_subtrees(t in static_trees(), min_root in any::<bool>()) {
        let tree = parse(&static_text(&t)).unwrap();
        let root = if min_root { RootKind::Min } else { RootKind::Max };
        for depth in 1..=5 {
            let expected = limited(&t, 0, depth, !min_root);
            match limit_depth(&tree, depth, root) {
                Err(_) => prop_assert!(expected.is_none(), "depth {} refused", depth),
                Ok(cut) => {
                    let (value, text) = expected.expect("a node at the cut has no static value");
                    // The leaves made of subtrees are marked with their static value.
                    let mut unmarked = cut.tree.clone();
                    let mut marked = 0;
                    for n in unmarked.nodes.iter_mut().filter(|n| n.is_leaf()) {
                        if let Some(v) = n.static_value.take() {
                            prop_assert_eq!(v, n.value);
                            marked += 1;
                        }
                    }
                    prop_assert_eq!(marked, cut_subtrees(&t, 0, depth));
                    prop_assert_eq!(marked, cut.frontier.len());
                    prop_assert_eq!(layout_free(&unmarked), layout_free(&parse(&text).unwrap()));
                    let e = explain(&cut.tree, Settings { root, ..Settings::default() }, false).unwrap();
                    prop_assert_eq!(e.run.value, value);
                    prop_assert_eq!(cut.hidden_leaves, leaves_below(&t, 0, depth));
                    prop_assert_eq!(cut.full_value, Some(limited(&t, 0, u32::MAX, !min_root).unwrap().0));
                }
            }
        }
        // Iterative deepening: a row for each depth that cuts something, then the whole tree.
        let rows = deepening(&tree, root, CutRule::Inclusive);
        let cuts: Vec<u32> = (1..6)
            .filter(|&d| limited(&t, 0, d, !min_root).is_some() && cut_subtrees(&t, 0, d) > 0)
            .collect();
        let depths: Vec<Option<u32>> = rows.iter().map(|r| r.depth).collect();
        let mut expected: Vec<Option<u32>> = cuts.iter().map(|&d| Some(d)).collect();
        if !expected.is_empty() {
            expected.push(None);
        }
        prop_assert_eq!(depths, expected);
        for r in &rows {
            let d = r.depth.unwrap_or(u32::MAX);
            prop_assert_eq!(r.value, limited(&t, 0, d, !min_root).unwrap().0, "depth {:?}", r.depth);
        }
    }

    /// A static value written `?` at the cut stands in for its subtree as an unknown leaf: the
    /// cases of that leaf cover every value, and at each value tried the case that holds it
    /// gives the depth-limited minimax (computed here) of the tree with that static value, and
    /// the best move, leaves opened and subtrees cut by the search of that tree cut there.
    #[test]
    fn an_unknown_static_value_at_the_cut_is_an_unknown_leaf(
        t in static_trees(),
        pick in any::<u32>(),
        min_root in any::<bool>(),
    ) {
        let known = parse(&static_text(&t)).unwrap();
        let root = if min_root { RootKind::Min } else { RootKind::Max };
        let s = Settings { root, ..Settings::default() };
        for depth in 1..=4 {
            let Ok(cut) = limit_depth(&known, depth, root) else { continue };
            if cut.frontier.is_empty() {
                continue;
            }
            let at = cut.frontier[pick as usize % cut.frontier.len()];
            let path = cut.tree.path(at);
            let node = known.at_path(&path).unwrap();
            let mut unknown = known.clone();
            unknown.nodes[node as usize].static_value = Some(None);
            // Written `?[...]`, and read back so.
            let unknown = parse(&unknown.to_text()).unwrap();
            prop_assert_eq!(unknown.node(node).static_value, Some(None));
            let cut_unknown = limit_depth(&unknown, depth, root).unwrap();
            prop_assert_eq!(cut_unknown.frontier.clone(), cut.frontier.clone());
            prop_assert_eq!(cut_unknown.tree.node(at).value, None);
            let all = cases(&cut_unknown.tree, s, at).unwrap();
            prop_assert_eq!(all[0].low, -MAX_VALUE);
            prop_assert_eq!(all[all.len() - 1].high, MAX_VALUE);
            // Each case's tree to explain is the whole tree with its example as the static value.
            let json = cases_json(&cut_unknown.tree, at, &all, root, View::Max, Some(&unknown));
            for (case, row) in all.iter().zip(json["cases"].as_array().unwrap()) {
                let expected = static_text(&with_static(&t, &path, case.example()));
                prop_assert_eq!(row["tree"].as_str(), Some(expected.as_str()));
            }
            for x in -5..=5 {
                let case = all.iter().find(|c| c.low <= x && x <= c.high).unwrap();
                let set = with_static(&t, &path, x);
                let (by_definition, _) = limited(&set, 0, depth, !min_root).unwrap();
                let set = parse(&static_text(&set)).unwrap();
                let direct = run(&limit_depth(&set, depth, root).unwrap().tree, s, false).unwrap();
                let Course::Searched { value, best_move, opened, pruned } = &case.course else {
                    return Err(TestCaseError::fail("only one static value is unknown"));
                };
                let value = match value {
                    RootValue::Is(v) => *v,
                    RootValue::Unknown => x,
                    RootValue::Other => return Err(TestCaseError::fail("no second unknown")),
                };
                let at_x = format!("depth {depth}, {x} at {path:?} of {}", static_text(&t));
                prop_assert_eq!(value, by_definition, "{}", at_x);
                prop_assert_eq!(opened, &direct.opened, "{}", at_x);
                prop_assert_eq!(*best_move, direct.best_move, "{}", at_x);
                prop_assert_eq!(pruned, &direct.pruned, "{}", at_x);
            }
        }
    }

    #[test]
    fn text_round_trips(t in trees(true)) {
        let s = text(&t);
        let tree = parse(&s).unwrap();
        prop_assert_eq!(tree.to_text(), s);
    }
}

proptest! {
    // Each case draws every slide of 36 searches: fewer cases.
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// The slides replay the search, whatever the algorithm, order, cut rule and view: a leaf
    /// turns yellow on the slide that opens it (a leaf opened again adds none), a cut once
    /// made stays, the last slide holds every leaf opened and a cut for every pruned subtree,
    /// and the node at work is outlined on every slide but the first and the last.
    #[test]
    fn the_slides_replay_the_search(t in small_trees()) {
        let tree = parse(&text(&t)).unwrap();
        for s in all_settings() {
            for view in [View::Max, View::Mover] {
                let e = explain(&tree, s, true).unwrap().in_view(view);
                let frame = beamer(&e).unwrap();
                // After each \only<k>{: a picture (its shapes) or a slide's words.
                let parts: Vec<&str> = frame.split("\\only<").skip(1).collect();
                let (pictures, words): (Vec<&str>, Vec<&str>) =
                    parts.iter().partition(|p| p.contains("\\draw"));
                prop_assert_eq!(pictures.len(), words.len());
                let count = |p: &str, what: &str| p.matches(what).count();
                let mut opened = std::collections::HashSet::new();
                let mut cuts = 0;
                for (k, (p, w)) in pictures.iter().zip(&words).enumerate() {
                    // "Step 3 of 9: open leaf [0,1] = 3 ...": the leaf's name after the verb.
                    if let Some(rest) = w.split(": open leaf ").nth(1).or(w.split(": evaluate ").nth(1)) {
                        opened.insert(rest.split(' ').next().unwrap().to_string());
                    }
                    prop_assert_eq!(count(p, "opened leaf"), opened.len(), "slide {} {:?}", k + 1, s);
                    let now = count(p, "\\draw[cut mark]");
                    prop_assert!(now >= cuts, "a cut undone on slide {} {:?}", k + 1, s);
                    cuts = now;
                    let outlined = p
                        .lines()
                        .filter(|l| l.contains("current node") && !l.contains("fill=none"))
                        .count();
                    let inside = k > 0 && k + 1 < pictures.len();
                    prop_assert_eq!(outlined, usize::from(inside), "slide {} {:?}", k + 1, s);
                }
                prop_assert_eq!(opened.len(), e.run.opened.len(), "{:?}", s);
                prop_assert_eq!(cuts, e.run.pruned.len(), "{:?}", s);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Garbage never panics: it parses into a tree that explains, or gives a positioned error.
    #[test]
    fn any_text_parses_or_fails_cleanly(s in "[\\[\\](),=?0-9a-zA-Zα-ω \\-+\n]{0,40}") {
        match parse(&s) {
            Ok(tree) => {
                let _ = explain(&tree, Settings::default(), true);
            }
            Err(e) => {
                prop_assert!(e.line >= 1 && e.column >= 1);
                prop_assert!(e.line <= s.lines().count().max(1) + 1);
                prop_assert!(!e.message.is_empty());
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// A game's look-ahead written out by `alphabeta::explicit_tree` and read back by the
    /// explainer has the value the search crate's own minimax finds on the game (wins and
    /// losses as `inf` and `-inf`); limited to the first moves, the value a negamax written
    /// here finds over those moves; alpha-beta agrees with minimax on it.
    #[test]
    fn a_games_explicit_tree_has_the_games_minimax_value(
        cells in 3u32..6,
        seed in any::<u64>(),
        loss_rate in prop_oneof![Just(0u64), 3u64..9],
        plies in 1u32..4,
        width in 1usize..5,
    ) {
        use alphabeta::testing::{RandomEval, RandomGame};
        use alphabeta::{explicit_tree, minimax, Evaluator, Game, NoObserver, Outcome};
        let mut game = RandomGame::new(cells, seed).with_loss_rate(loss_rate);
        let name = |_: &RandomGame, mv: u8| format!("m{mv}");
        let Some(text) = explicit_tree(&mut game, &RandomEval, plies, usize::MAX, name) else {
            prop_assert!(game.outcome().is_some());
            return Ok(());
        };
        let tree = parse(&text).unwrap();
        let value = |algorithm| {
            let settings = Settings { algorithm, ..Settings::default() };
            explain(&tree, settings, false).unwrap().run.value
        };
        let want = minimax(&mut game, &RandomEval, plies, &mut NoObserver).score;
        let want = if want.is_win() {
            INF
        } else if want.is_loss() {
            -INF
        } else {
            want.0
        };
        prop_assert_eq!(value(Algorithm::Minimax), want, "{}", text);
        prop_assert_eq!(value(Algorithm::AlphaBeta), want, "{}", text);

        /// Plain negamax over the first `width` moves, for the side to move.
        fn negamax(g: &mut RandomGame, plies: u32, width: usize) -> i32 {
            match g.outcome() {
                Some(Outcome::Win) => return INF,
                Some(Outcome::Loss) => return -INF,
                Some(Outcome::Draw) => return 0,
                None => {}
            }
            if plies == 0 {
                return RandomEval.evaluate(g).0;
            }
            let mut moves = Vec::new();
            g.generate_moves(&mut moves);
            moves.truncate(width);
            let mut best = -INF;
            for m in moves {
                g.play(m);
                best = best.max(-negamax(g, plies - 1, width));
                g.undo(m);
            }
            best
        }
        let narrow = explicit_tree(&mut game, &RandomEval, plies, width, name).unwrap();
        let narrow_tree = parse(&narrow).unwrap();
        let e = explain(&narrow_tree, Settings::default(), false).unwrap();
        prop_assert_eq!(e.run.value, negamax(&mut game, plies, width), "{}", narrow);
    }
}
