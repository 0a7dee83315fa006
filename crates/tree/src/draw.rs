//! Pictures of an explained tree, as the textbooks draw them: Max nodes as squares, Min nodes as
//! circles with an arc under them, values inside, the final (alpha, beta) under each node,
//! opened leaves emphasised, pruned edges cut and greyed, the principal variation in blue.
//!
//! What a picture shows is decided once, in a `Scene`; SVG (for people and the page) and
//! TikZ (for LaTeX documents) draw the same scene, beamer slides the scenes part way
//! through the search, and a worksheet sets questions and answers around them; DOT hands the
//! tree to Graphviz's layout.

mod dot;
mod svg;
mod tikz;
mod worksheet;

pub use dot::dot;
pub use svg::{svg, svg_question};
pub use tikz::{beamer, tikz, tikz_question, TooBigForSlides, MAX_SLIDE_NODES};
pub use worksheet::{worksheet, Exercise, ExerciseError};

use std::collections::HashSet;

use crate::explain::{Step, View};
use crate::model::{format_value, format_window, NodeId};
use crate::report::{settings_line, step_node, Explanation};

const DX: f64 = 46.0; // horizontal room per leaf
const DY: f64 = 84.0; // vertical room per level
/// Slides' vertical room per level: a slide is wide rather than tall, and a deep tree drawn
/// with the page's room shrinks to fit its height (the windows stand beside the nodes).
const SLIDE_DY: f64 = 60.0;
const R: f64 = 15.0; // half the size of a node
/// The width of a character of a label (11 px) and of a value (12 px, bold), roughly: enough
/// to keep long labels and values clear of their neighbours'.
const LABEL_CHAR: f64 = 6.5;
const VALUE_CHAR: f64 = 7.5;
const MARGIN: f64 = 30.0;

/// A picture's content in the SVG's coordinates (pixels, y downwards), whatever draws it.
struct Scene {
    width: f64,
    height: f64,
    /// What the picture is of: the root's value, or what the question asks.
    title: String,
    /// Every node, in the tree's order.
    nodes: Vec<Shown>,
    /// Every edge, in the order of the nodes they lead to.
    edges: Vec<Link>,
    /// Lines under the picture: their baselines and texts.
    legend: Vec<(f64, String)>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// A square.
    Max,
    /// A circle with an arc under it.
    Min,
    /// A rounded box with the leaf's value.
    Leaf,
}

/// One node as drawn.
struct Shown {
    id: NodeId,
    x: f64,
    y: f64,
    shape: Shape,
    /// Never entered: drawn faint.
    ghost: bool,
    /// An inner node on the principal variation.
    pv: bool,
    /// A leaf the search opened.
    opened: bool,
    /// A leaf among the fewest that fix the root's value.
    witness: bool,
    /// The node the search is at, part way through it.
    current: bool,
    /// The text inside: a leaf's value, an inner node's value or bound (`≥3`), or nothing.
    value: String,
    /// Half the width of a leaf's box, wider than a node for a long value (`-50000`); `R`
    /// for inner nodes.
    half: f64,
    /// `leaf D`, `Max node B`: what the node is, for a tooltip.
    title: String,
    /// The node's label, beside it.
    label: Option<String>,
    /// Its static value beside the label (`static 5`), part of the question too.
    static_value: Option<String>,
    /// A word under a leaf: `static` under one a depth limit made of a subtree (beside the
    /// label, it would run into the next leaf's).
    below: Option<String>,
    /// An inner node's window, `(3, inf)`: its last (or, part way through the search, as it
    /// stands); empty when it was never entered.
    window: Option<String>,
}

/// One edge as drawn: from the bottom of the parent to the top of the child.
struct Link {
    child: NodeId,
    from: (f64, f64),
    to: (f64, f64),
    kind: LinkKind,
    /// Where the search cut: the edge into a subtree never entered from a node that was.
    cut: Option<CutMark>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum LinkKind {
    Pv,
    Searched,
    Pruned,
    /// Not walked yet, part way through the search.
    Ahead,
}

/// The cut's mark: a short stroke across the middle of the edge.
struct CutMark {
    from: (f64, f64),
    to: (f64, f64),
}

/// Half the width of a leaf's box holding `value`.
fn leaf_half(value: &str) -> f64 {
    (value.chars().count() as f64 * VALUE_CHAR / 2.0 + 4.0).max(R)
}

/// The room for each leaf: [`DX`], or more where a leaf's label (drawn to the right of its
/// box) or its value is too wide for it, as in a game's look-ahead (`h10j8i8`, `-50000`), so
/// that a label ends before the next leaf and reads as its own leaf's: every leaf gets the
/// room the widest needs, so the picture stays regular.
fn leaf_room(e: &Explanation<'_>) -> f64 {
    // The farthest a label reaches right of its leaf's centre, and the widest half box.
    let (reach, half) = e.tree.leaves.iter().fold((R, R), |(reach, widest), &id| {
        let half = leaf_half(&e.leaf_text(id));
        let label = e
            .tree
            .node(id)
            .label
            .as_ref()
            .map_or(0.0, |l| 3.0 + l.chars().count() as f64 * LABEL_CHAR);
        (reach.max(half + label), widest.max(half))
    });
    DX.max(reach + half + 4.0).max(2.0 * half + 12.0)
}

/// Node positions: leaves `dx` apart in reading order, parents centred over their children.
fn layout(e: &Explanation<'_>, dx: f64, dy: f64) -> Vec<(f64, f64)> {
    let t = e.tree;
    let mut pos = vec![(0.0, 0.0); t.nodes.len()];
    for id in (0..t.nodes.len()).rev() {
        let n = &t.nodes[id];
        let y = MARGIN + R + n.depth as f64 * dy;
        let x = if n.is_leaf() {
            MARGIN + dx / 2.0 + n.leaf_index as f64 * dx
        } else {
            let kids = t.children_of(id as NodeId);
            let first = pos[kids[0] as usize].0;
            let last = pos[kids[kids.len() - 1] as usize].0;
            (first + last) / 2.0
        };
        pos[id] = (x, y);
    }
    pos
}

impl Scene {
    /// The picture of an explanation: with its answers, or bare, as a question.
    fn of(e: &Explanation<'_>, answers: bool) -> Scene {
        Scene::spaced(e, answers, DY)
    }

    /// [`Scene::of`] with `dy` of room between levels.
    fn spaced(e: &Explanation<'_>, answers: bool, dy: f64) -> Scene {
        let t = e.tree;
        let run = &e.run;
        // The question draws every node as if visited and nothing as found.
        let visited = |id: NodeId| !answers || run.nodes[id as usize].visited;
        let dx = leaf_room(e);
        let pos = layout(e, dx, dy);
        let depth = t.nodes.iter().map(|n| n.depth).max().unwrap_or(0);
        let width = (2.0 * MARGIN + t.leaves.len() as f64 * dx).max(620.0);
        let mover_line = answers && run.view == View::Mover;
        let height =
            2.0 * MARGIN + 2.0 * R + depth as f64 * dy + if mover_line { 62.0 } else { 46.0 };
        let mut on_pv = vec![false; t.nodes.len()];
        if answers {
            on_pv[0] = true;
            for id in e.pv_nodes() {
                on_pv[id as usize] = true;
            }
        }
        let witness: HashSet<u32> = e
            .minimum
            .as_ref()
            .filter(|_| answers)
            .map(|m| m.witness.iter().copied().collect())
            .unwrap_or_default();

        let edges = (1..t.nodes.len() as NodeId)
            .map(|id| {
                let p = t.node(id).parent.expect("not the root");
                let (x1, y1) = pos[p as usize];
                let (x2, y2) = pos[id as usize];
                let (from, to) = ((x1, y1 + R), (x2, y2 - R));
                let kind = if on_pv[id as usize] {
                    LinkKind::Pv
                } else if visited(id) {
                    LinkKind::Searched
                } else {
                    LinkKind::Pruned
                };
                let cut = (!visited(id) && visited(p)).then(|| {
                    let (mx, my) = ((from.0 + to.0) / 2.0, (from.1 + to.1) / 2.0);
                    CutMark {
                        from: (mx - 7.0, my - 5.0),
                        to: (mx + 7.0, my + 5.0),
                    }
                });
                Link {
                    child: id,
                    from,
                    to,
                    kind,
                    cut,
                }
            })
            .collect();

        let nodes = (0..t.nodes.len() as NodeId)
            .map(|id| {
                let n = t.node(id);
                let rec = &run.nodes[id as usize];
                let (x, y) = pos[id as usize];
                let name = t.name(id);
                let max = run.settings.root.is_max_at(n.depth);
                let shape = match (n.is_leaf(), max) {
                    (true, _) => Shape::Leaf,
                    (false, true) => Shape::Max,
                    (false, false) => Shape::Min,
                };
                let value = if n.is_leaf() {
                    e.leaf_text(id)
                } else {
                    rec.value
                        .filter(|_| answers)
                        .map(|(v, b)| value_text(v, b))
                        .unwrap_or_default()
                };
                let title = if n.is_leaf() {
                    format!("leaf {name}")
                } else {
                    format!("{} node {name}", if max { "Max" } else { "Min" })
                };
                let window = (!n.is_leaf()).then(|| {
                    if answers && rec.visited {
                        format_window(rec.alpha, rec.beta)
                    } else {
                        String::new()
                    }
                });
                let half = if n.is_leaf() { leaf_half(&value) } else { R };
                Shown {
                    id,
                    x,
                    y,
                    shape,
                    half,
                    ghost: !visited(id),
                    pv: on_pv[id as usize] && !n.is_leaf(),
                    opened: n.is_leaf() && answers && rec.visited,
                    witness: n.is_leaf() && witness.contains(&n.leaf_index),
                    current: false,
                    value,
                    title,
                    label: n.label.clone(),
                    static_value: e.static_text(id).filter(|_| !n.is_leaf()),
                    below: e.static_text(id).filter(|_| n.is_leaf()),
                    window,
                }
            })
            .collect();

        let legend = if answers {
            let mut lines = vec![(
                height - 26.0,
                "square: Max · circle: Min · (alpha, beta): final window · ≤ ≥: a bound, not exact"
                    .to_string(),
            )];
            if mover_line {
                lines.push((
                    height - 42.0,
                    "values and windows as the player to move sees them (negamax): Min's negated"
                        .to_string(),
                ));
            }
            lines.push((height - 10.0, "yellow: leaf opened · green: fewest leaves fixing the value · blue: principal variation · red stroke: cut".to_string()));
            lines
        } else {
            vec![(
                height - 10.0,
                format!(
                    "square: Max · circle: Min · {}",
                    settings_line(&run.settings, run.view)
                ),
            )]
        };
        let title = if answers {
            format!("value {}", format_value(run.value))
        } else {
            "the question: the value, the leaves opened, the cuts".to_string()
        };
        Scene {
            width,
            height,
            title,
            nodes,
            edges,
            legend,
        }
    }
}

/// How a value is shown: a bound as such, "≤3" (at most), "≥5" (at least).
fn value_text(v: i32, b: alphabeta::Bound) -> String {
    let mark = match b {
        alphabeta::Bound::Exact => "",
        alphabeta::Bound::Lower => "≥",
        alphabeta::Bound::Upper => "≤",
    };
    format!("{mark}{}", format_value(v))
}

impl Scene {
    /// The picture part way through the search, after its first `done` steps, as the page
    /// shows it when stepping: nodes faint until entered, edges light until walked, leaves
    /// yellow once opened, inner nodes' values blank until they return, windows as they
    /// stand, cuts as they happen, the node at work outlined; no principal variation yet.
    /// Levels `dy` apart.
    fn after(e: &Explanation<'_>, done: usize, dy: f64) -> Scene {
        let t = e.tree;
        let len = t.nodes.len();
        let (mut seen, mut opened, mut cut) =
            (vec![false; len], vec![false; len], vec![false; len]);
        let mut window = vec![String::new(); len];
        let mut value = vec![String::new(); len];
        let mut current = None;
        for step in &e.run.trace[..done.min(e.run.trace.len())] {
            let id = step_node(step);
            let i = id as usize;
            current = Some(id);
            match *step {
                Step::Enter { alpha, beta, .. } => {
                    seen[i] = true;
                    window[i] = format_window(alpha, beta);
                }
                Step::Leaf { .. } => {
                    seen[i] = true;
                    opened[i] = true;
                }
                Step::Narrow { alpha, beta, .. } => window[i] = format_window(alpha, beta),
                Step::Cut { .. } => cut[i] = true,
                Step::Exit {
                    value: v, bound, ..
                } => {
                    value[i] = value_text(v, bound);
                    current = t.node(id).parent;
                }
            }
        }
        let mut s = Scene::spaced(e, true, dy);
        for n in &mut s.nodes {
            let i = n.id as usize;
            n.ghost = !seen[i];
            n.pv = false;
            n.witness = false;
            n.opened = opened[i];
            n.current = current == Some(n.id);
            if !t.node(n.id).is_leaf() {
                n.value = std::mem::take(&mut value[i]);
                n.window = Some(std::mem::take(&mut window[i]));
            }
        }
        for l in &mut s.edges {
            let parent = t.node(l.child).parent.expect("not the root") as usize;
            l.kind = if seen[l.child as usize] {
                LinkKind::Searched
            } else {
                LinkKind::Ahead
            };
            if !cut[parent] {
                l.cut = None;
            }
        }
        s.legend.clear();
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{explain, parse, Settings};

    /// The leaves as drawn, left to right.
    fn leaves(tree: &str) -> Vec<(f64, f64, String, String)> {
        let t = parse(tree).unwrap();
        let e = explain(&t, Settings::default(), false).unwrap();
        let s = Scene::of(&e, true);
        s.nodes
            .into_iter()
            .filter(|n| n.shape == Shape::Leaf)
            .map(|n| (n.x, n.half, n.label.unwrap_or_default(), n.value))
            .collect()
    }

    /// The material's trees keep their spacing; a game's look-ahead, with labels of three
    /// moves and values of five digits, gets the room to keep each label between its leaf's
    /// box and the next leaf's, and each value inside its box.
    #[test]
    fn long_labels_and_values_get_room() {
        let textbook = leaves("A(B(D=3,E=12,F=8),C(G=2,H=4,I=6),J(K=14,L=5,M=2))");
        for pair in textbook.windows(2) {
            assert_eq!(pair[1].0 - pair[0].0, DX);
        }
        let lookahead = leaves(
            "(h10=-224(h10j8=-298(h10j8i8=-25,h10j8i10=-50000),h10i8=-272(h10i8j8=-60,h10i8g10=-154)),i8=-220(i8h10=-228(i8h10h12=-50000,i8h10h6=-50000)))",
        );
        assert_eq!(lookahead.len(), 6);
        for (x, half, _, value) in &lookahead {
            let width = value.chars().count() as f64 * VALUE_CHAR;
            assert!(
                2.0 * half >= width,
                "{value} in a box of {} at {x}",
                2.0 * half
            );
        }
        for pair in lookahead.windows(2) {
            let (x, half, label, _) = &pair[0];
            let label_end = x + half + 3.0 + label.chars().count() as f64 * LABEL_CHAR;
            let next_box = pair[1].0 - pair[1].1;
            assert!(
                label_end < next_box,
                "{label} ends at {label_end}, the next box begins at {next_box}"
            );
        }
    }
}
