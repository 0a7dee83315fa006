//! The reference answers of the source material (`../shared/DESIGN.md`), and right-to-left
//! answers worked out by hand (the working is in the comments).

use alphabeta::CutRule;
use alphabeta_tree::{explain, parse, Algorithm, Explanation, Order, RootKind, Settings, Tree};

fn settings(order: Order) -> Settings {
    Settings {
        order,
        ..Settings::default()
    }
}

fn paths(e: &Explanation<'_>, ids: &[u32]) -> Vec<Vec<u32>> {
    ids.iter().map(|&id| e.tree.path(id)).collect()
}

fn labels(e: &Explanation<'_>, ids: &[u32]) -> Vec<String> {
    ids.iter().map(|&id| e.tree.name(id)).collect()
}

fn all_algorithms_agree(tree: &Tree, value: i32) {
    for algorithm in Algorithm::ALL {
        for order in [Order::LeftToRight, Order::RightToLeft] {
            let s = Settings {
                algorithm,
                order,
                ..Settings::default()
            };
            let e = explain(tree, s, false).unwrap();
            assert_eq!(e.run.value, value, "{s:?}");
        }
    }
}

#[test]
fn three_by_three() {
    let t = parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
    let e = explain(&t, Settings::default(), false).unwrap();
    assert_eq!(e.run.value, 3);
    assert_eq!(e.run.best_move, Some(0));
    assert_eq!(paths(&e, &e.pv_nodes()), [vec![0], vec![0, 0]]);
    // The leaves 4 and 6 under the second node are never opened: 7 of 9.
    assert_eq!(e.run.opened, [0, 1, 2, 3, 6, 7, 8]);
    assert_eq!(paths(&e, &e.run.pruned), [vec![1, 1], vec![1, 2]]);
    all_algorithms_agree(&t, 3);

    // Right to left, by hand: the third node gives 2, 5, 14 -> 2, so alpha = 2. The second
    // node sees 6, 4, 2 and only the last, 2 <= alpha, would cut, with nothing left to cut.
    // The first sees 8, 12, 3 -> 3 > 2. All 9 leaves are opened, in reverse reading order.
    let e = explain(&t, settings(Order::RightToLeft), false).unwrap();
    assert_eq!(e.run.value, 3);
    assert_eq!(e.run.opened, [8, 7, 6, 5, 4, 3, 2, 1, 0]);
    assert!(e.run.pruned.is_empty());

    // The fewest leaves that fix 3: 3, 12, 8 fix the first node at 3, and one 2 under each
    // other node caps it at 2: 5 leaves (searching 2 first under the third node opens just those).
    let m = e.minimum.unwrap();
    assert_eq!(m.leaves, 5);
    assert_eq!(m.witness, [0, 1, 2, 3, 8]);
}

#[test]
fn max_of_four_and_a_min() {
    // max{4, min{3, 1}}: after 4 and 3, the Min node is worth at most 3 < 4: 1 is not needed.
    let t = parse("[4,[3,1]]").unwrap();
    let e = explain(&t, Settings::default(), false).unwrap();
    assert_eq!(e.run.value, 4);
    assert_eq!(e.run.opened, [0, 1]);
    assert_eq!(paths(&e, &e.run.pruned), [vec![1, 1]]);
    assert_eq!(e.minimum.unwrap().leaves, 2);
    // Right to left the Min node comes first, with an open window: 1, then 3, then 4.
    let e = explain(&t, settings(Order::RightToLeft), false).unwrap();
    assert_eq!(e.run.value, 4);
    assert_eq!(e.run.opened, [2, 1, 0]);
}

const EXAM: &str = "[[[[4,8,6],[1,9]],[[5,8],[-1,2]]],[[[0,3],[-6,6]],[[1],[0,9,-7]]]]";

#[test]
fn the_exam_tree() {
    let t = parse(EXAM).unwrap();
    let e = explain(&t, Settings::default(), false).unwrap();
    assert_eq!(e.run.value, 4);
    // The exam's answer "V, D, Omega, Sigma, M".
    assert_eq!(
        paths(&e, &e.run.pruned),
        [
            vec![0, 0, 1, 1],
            vec![0, 1, 1],
            vec![1, 0, 0, 1],
            vec![1, 0, 1, 1],
            vec![1, 1]
        ]
    );
    all_algorithms_agree(&t, 4);

    // Right to left, by hand (Max, Min, Max, Min levels, then leaves):
    // [1,1,1] sees -7, 9, 0 -> -7; [1,1,0] sees 1 -> [1,1] = 1, so [1] has beta 1.
    // [1,0,1] (window (-inf,1)) sees 6, -6 -> -6; [1,0,0] (window (-6,1)) sees 3, 0 -> 0:
    // no cut anywhere, [1,0] = 0, [1] = 0, root alpha 0.
    // [0,1,1] (window (0,inf)) sees 2, then -1 <= 0 cuts with nothing left; [0,1,0] sees 8, 5
    // -> [0,1] = 5, [0] has beta 5. [0,0,1] (window (0,5)) sees 9, 1 -> 1; [0,0,0] (window
    // (1,5)) sees 6, 8, 4 -> 4. [0] = 4, root = 4. Every one of the 17 leaves was opened.
    let e = explain(&t, settings(Order::RightToLeft), false).unwrap();
    assert_eq!(e.run.value, 4);
    assert_eq!(e.run.opened.len(), 17);
    assert!(e.run.pruned.is_empty());
}

const LABELLED: &str = "A(B(D=3,E=6),C(F(I(M=1,N=?),J=5),G(K=6,L=?),H=4))";

#[test]
fn the_labelled_tree_with_unknown_leaves() {
    let t = parse(LABELLED).unwrap();
    let e = explain(&t, Settings::default(), false).unwrap();
    assert_eq!(e.run.value, 4);
    assert_eq!(labels(&e, &e.run.pruned), ["N", "L"]);
    // Right to left, G's first leaf is L, which is unknown: the search cannot go on.
    let err = explain(&t, settings(Order::RightToLeft), false).unwrap_err();
    assert!(err.to_string().contains("leaf L"), "{err}");
}

#[test]
fn the_labelled_tree_with_every_value_known() {
    let t = parse("A(B(D=3,E=6),C(F(I(M=1,N=2),J=5),G(K=6,L=9),H=4))").unwrap();
    let e = explain(&t, Settings::default(), false).unwrap();
    assert_eq!(e.run.value, 4);
    assert_eq!(labels(&e, &e.run.pruned), ["N", "L"]);
    // Right to left, by hand: C first; H = 4 gives C beta 4. G (window (-inf,4)) opens L = 9
    // >= 4: K is cut. F (window (-inf,4)) opens J = 5 >= 4: I is cut. C = 4, so A's alpha is 4.
    // B (window (4,inf)) opens E = 6, then D = 3 <= 4 (its last child). A = 4.
    let e = explain(&t, settings(Order::RightToLeft), false).unwrap();
    assert_eq!(e.run.value, 4);
    let opened: Vec<String> = e
        .run
        .opened
        .iter()
        .map(|&l| t.name(t.leaves[l as usize]))
        .collect();
    assert_eq!(opened, ["H", "L", "J", "E", "D"]);
    assert_eq!(labels(&e, &e.run.pruned), ["I", "K"]);
}

#[test]
fn a_min_root_mirrors_a_max_root() {
    // With Min at the root, [[3,12,8],[2,4,6],[14,5,2]] is min of maxes: 12, 6, 14 -> 6.
    let t = parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
    let s = Settings {
        root: RootKind::Min,
        ..Settings::default()
    };
    let e = explain(&t, s, false).unwrap();
    assert_eq!(e.run.value, 6);
    // First node: 3, 12, 8 -> 12, beta 12. Second: 2, 4, 6 -> 6 (no value >= 12). Third
    // (window (-inf, 6)): 14 >= 6 cuts 5 and 2.
    assert_eq!(e.run.opened, [0, 1, 2, 3, 4, 5, 6]);
    assert_eq!(paths(&e, &e.run.pruned), [vec![2, 1], vec![2, 2]]);
}

#[test]
fn the_strict_rule_prunes_only_on_strict_inequality() {
    // [[5,7],[5,9]]: the first Min node is 5, so alpha = 5; the second sees 5 = alpha.
    // The inclusive rule cuts 9 there; the strict rule does not.
    let t = parse("[[5,7],[5,9]]").unwrap();
    let e = explain(&t, Settings::default(), false).unwrap();
    assert_eq!(e.run.opened, [0, 1, 2]);
    let s = Settings {
        cut: CutRule::Strict,
        ..Settings::default()
    };
    let e = explain(&t, s, false).unwrap();
    assert_eq!(e.run.opened, [0, 1, 2, 3]);
    assert_eq!(e.run.value, 5);
}

#[test]
fn windows_and_bounds_per_node() {
    let t = parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
    let e = explain(&t, Settings::default(), false).unwrap();
    let j = e.to_json();
    let root = &j["nodes"][0];
    assert_eq!(root["kind"], "max");
    assert_eq!(root["value"], 3);
    assert_eq!(root["alpha"], 3);
    assert_eq!(root["beta"], serde_json::Value::Null);
    assert_eq!(root["exact"], true);
    // The second Min node: entered with (3, inf), cut at 2 <= 3: fail-hard returns alpha = 3,
    // an upper bound.
    let second = j["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["path"] == serde_json::json!([1]))
        .unwrap();
    assert_eq!(second["kind"], "min");
    assert_eq!(second["exact"], false);
    assert_eq!(second["bound"], "upper");
    assert_eq!(second["alpha"], 3);
}
