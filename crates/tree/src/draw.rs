//! Pictures of an explained tree, as the textbooks draw them: Max nodes as squares, Min nodes as
//! circles with an arc under them, values inside, the final (alpha, beta) under each node,
//! opened leaves emphasised, pruned edges cut and greyed, the principal variation in blue.
//! SVG for people, DOT for Graphviz.

use std::fmt::Write;

use crate::explain::View;
use crate::model::{format_value, NodeId};
use crate::report::{settings_line, Explanation};

const DX: f64 = 46.0; // horizontal room per leaf
const DY: f64 = 84.0; // vertical room per level
const R: f64 = 15.0; // half the size of a node
const MARGIN: f64 = 30.0;

/// Escapes text for XML and DOT strings.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Node positions: leaves evenly spaced in reading order, parents centred over their children.
fn layout(e: &Explanation<'_>) -> Vec<(f64, f64)> {
    let t = e.tree;
    let mut pos = vec![(0.0, 0.0); t.nodes.len()];
    for id in (0..t.nodes.len()).rev() {
        let n = &t.nodes[id];
        let y = MARGIN + R + n.depth as f64 * DY;
        let x = if n.is_leaf() {
            MARGIN + DX / 2.0 + n.leaf_index as f64 * DX
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

/// The picture as SVG.
pub fn svg(e: &Explanation<'_>) -> String {
    picture(e, true)
}

/// The picture as a question (a worksheet's): the tree and its leaves' values only, with no
/// value, window, opened leaf, cut or principal variation drawn.
pub fn svg_question(e: &Explanation<'_>) -> String {
    picture(e, false)
}

fn picture(e: &Explanation<'_>, answers: bool) -> String {
    let t = e.tree;
    let run = &e.run;
    // The question draws every node as if visited and nothing as found.
    let visited = |id: NodeId| !answers || run.nodes[id as usize].visited;
    let pos = layout(e);
    let depth = t.nodes.iter().map(|n| n.depth).max().unwrap_or(0);
    let width = (2.0 * MARGIN + t.leaves.len() as f64 * DX).max(620.0);
    let legend = if answers && run.view == View::Mover {
        62.0
    } else {
        46.0
    };
    let height = 2.0 * MARGIN + 2.0 * R + depth as f64 * DY + legend;
    let mut on_pv = vec![false; t.nodes.len()];
    if answers {
        on_pv[0] = true;
        for id in e.pv_nodes() {
            on_pv[id as usize] = true;
        }
    }
    let witness: std::collections::HashSet<u32> = e
        .minimum
        .as_ref()
        .filter(|_| answers)
        .map(|m| m.witness.iter().copied().collect())
        .unwrap_or_default();

    let mut o = String::new();
    let _ = writeln!(
        o,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(
        o,
        "<title>{}</title>",
        if answers {
            esc(&format!("value {}", format_value(run.value)))
        } else {
            "the question: the value, the leaves opened, the cuts".to_string()
        }
    );
    let _ = writeln!(
        o,
        r##"<style>.edge{{stroke:#444;stroke-width:1.2}} .pv{{stroke:#1565c0;stroke-width:3.5}} .pruned{{stroke:#bbb;stroke-dasharray:4 3}} .cutmark{{stroke:#c62828;stroke-width:2}} .node{{fill:#fff;stroke:#222;stroke-width:1.5}} .node.pvnode{{stroke:#1565c0;stroke-width:2.5}} .ghost{{opacity:.35}} .opened{{fill:#fff3b0;stroke:#222;stroke-width:2}} .witness{{stroke:#2e7d32;stroke-width:3}} .val{{font-weight:bold;text-anchor:middle;dominant-baseline:central}} .win{{fill:#555;font-size:10px;paint-order:stroke;stroke:#fff;stroke-width:3px}} .legend{{fill:#444;font-size:11px}} .lab{{fill:#333;font-size:11px}}</style>"##
    );
    // Edges first, under the nodes.
    for id in 1..t.nodes.len() as NodeId {
        let n = t.node(id);
        let p = n.parent.expect("not the root");
        let (x1, y1) = pos[p as usize];
        let (x2, y2) = pos[id as usize];
        let (visited, parent_visited) = (visited(id), visited(p));
        let class = if on_pv[id as usize] {
            "edge pv"
        } else if visited {
            "edge"
        } else {
            "edge pruned"
        };
        let _ = writeln!(
            o,
            r#"<line class="{class}" data-edge="{id}" x1="{x1:.1}" y1="{:.1}" x2="{x2:.1}" y2="{:.1}"/>"#,
            y1 + R,
            y2 - R
        );
        if !visited && parent_visited {
            // The cut: a short red stroke across the middle of the edge.
            let (mx, my) = ((x1 + x2) / 2.0, (y1 + R + y2 - R) / 2.0);
            let _ = writeln!(
                o,
                r#"<line class="cutmark" data-cut="{id}" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}"><title>cut</title></line>"#,
                mx - 7.0,
                my - 5.0,
                mx + 7.0,
                my + 5.0
            );
        }
    }
    for id in 0..t.nodes.len() as NodeId {
        let n = t.node(id);
        let rec = &run.nodes[id as usize];
        let (x, y) = pos[id as usize];
        let ghost = if visited(id) { "" } else { r#" class="ghost""# };
        let _ = write!(o, r#"<g{ghost} data-node="{id}">"#);
        let name = t.name(id);
        if n.is_leaf() {
            let opened = answers && rec.visited;
            let mut class = if opened { "opened" } else { "node" }.to_string();
            if witness.contains(&n.leaf_index) {
                class.push_str(" witness");
            }
            let _ = write!(
                o,
                r#"<rect class="{class}" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="3"><title>{}</title></rect>"#,
                x - R,
                y - R * 0.8,
                2.0 * R,
                1.6 * R,
                esc(&format!("leaf {name}"))
            );
            let _ = write!(
                o,
                r#"<text class="val" x="{x:.1}" y="{y:.1}">{}</text>"#,
                esc(&e.leaf_text(id))
            );
        } else {
            let pvc = if on_pv[id as usize] { " pvnode" } else { "" };
            let title = esc(&format!(
                "{} node {name}",
                if run.settings.root.is_max_at(n.depth) {
                    "Max"
                } else {
                    "Min"
                }
            ));
            if run.settings.root.is_max_at(n.depth) {
                let _ = write!(
                    o,
                    r#"<rect class="node{pvc}" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}"><title>{title}</title></rect>"#,
                    x - R,
                    y - R,
                    2.0 * R,
                    2.0 * R
                );
            } else {
                let _ = write!(
                    o,
                    r#"<circle class="node{pvc}" cx="{x:.1}" cy="{y:.1}" r="{R:.1}"><title>{title}</title></circle><path class="node{pvc}" fill="none" d="M {:.1} {:.1} Q {x:.1} {:.1} {:.1} {:.1}"/>"#,
                    x - R * 0.8,
                    y + R + 3.0,
                    y + R + 9.0,
                    x + R * 0.8,
                    y + R + 3.0
                );
            }
            // A bound is shown as such: "≤3" (at most), "≥5" (at least).
            let value = rec
                .value
                .filter(|_| answers)
                .map(|(v, b)| {
                    let mark = match b {
                        alphabeta::Bound::Exact => "",
                        alphabeta::Bound::Lower => "≥",
                        alphabeta::Bound::Upper => "≤",
                    };
                    format!("{mark}{}", format_value(v))
                })
                .unwrap_or_default();
            let _ = write!(
                o,
                r#"<text class="val" x="{x:.1}" y="{y:.1}">{}</text>"#,
                esc(&value)
            );
        }
        // The label, and a static value to order by (part of the question: always shown).
        let lab = match (&n.label, e.static_text(id)) {
            (Some(l), Some(s)) => Some(format!("{l} {s}")),
            (l, s) => l.clone().or(s),
        };
        if let Some(l) = lab {
            let _ = write!(
                o,
                r#"<text class="lab" x="{:.1}" y="{:.1}">{}</text>"#,
                x + R + 3.0,
                y - R + 2.0,
                esc(&l)
            );
        }
        if !n.is_leaf() {
            // Always present (empty when never entered) so a page can animate the window.
            let window = if answers && rec.visited {
                format!("({}, {})", format_value(rec.alpha), format_value(rec.beta))
            } else {
                String::new()
            };
            let _ = write!(
                o,
                r#"<text class="win" x="{:.1}" y="{:.1}">{}</text>"#,
                x + R + 3.0,
                y + R - 1.0,
                esc(&window)
            );
        }
        let _ = writeln!(o, "</g>");
    }
    if answers {
        let _ = writeln!(
            o,
            r#"<text class="legend" x="{MARGIN:.0}" y="{:.0}">square: Max · circle: Min · (alpha, beta): final window · ≤ ≥: a bound, not exact</text>"#,
            height - 26.0
        );
        if run.view == View::Mover {
            let _ = writeln!(
                o,
                r#"<text class="legend" x="{MARGIN:.0}" y="{:.0}">values and windows as the player to move sees them (negamax): Min's negated</text>"#,
                height - 42.0
            );
        }
        let _ = writeln!(
            o,
            r#"<text class="legend" x="{MARGIN:.0}" y="{:.0}">yellow: leaf opened · green: fewest leaves fixing the value · blue: principal variation · red stroke: cut</text>"#,
            height - 10.0
        );
    } else {
        let _ = writeln!(
            o,
            r#"<text class="legend" x="{MARGIN:.0}" y="{:.0}">square: Max · circle: Min · {}</text>"#,
            height - 10.0,
            esc(&settings_line(&run.settings, run.view))
        );
    }
    let _ = writeln!(o, "</svg>");
    o
}

/// The picture as Graphviz DOT.
pub fn dot(e: &Explanation<'_>) -> String {
    let t = e.tree;
    let run = &e.run;
    let mut on_pv = vec![false; t.nodes.len()];
    on_pv[0] = true;
    for id in e.pv_nodes() {
        on_pv[id as usize] = true;
    }
    let mut o = String::new();
    let _ = writeln!(o, "digraph alphabeta {{");
    let _ = writeln!(o, "  node [fontname=\"Helvetica\"];");
    let _ = writeln!(o, "  edge [arrowhead=none];");
    for id in 0..t.nodes.len() as NodeId {
        let n = t.node(id);
        let rec = &run.nodes[id as usize];
        let mut label = String::new();
        if let Some(l) = &n.label {
            let _ = write!(label, "{l}\\n");
        }
        let mut attrs = Vec::new();
        if n.is_leaf() {
            label.push_str(&e.leaf_text(id));
            attrs.push("shape=plaintext".to_string());
            if rec.visited {
                attrs.push("style=filled fillcolor=\"#fff3b0\"".into());
            }
        } else {
            if let Some((v, _)) = rec.value {
                label.push_str(&format_value(v));
            }
            if rec.visited {
                let _ = write!(
                    label,
                    "\\n({}, {})",
                    format_value(rec.alpha),
                    format_value(rec.beta)
                );
            }
            attrs.push(if run.settings.root.is_max_at(n.depth) {
                "shape=box".into()
            } else {
                "shape=circle".into()
            });
        }
        if !rec.visited {
            attrs.push("color=gray fontcolor=gray".into());
        }
        if on_pv[id as usize] && !n.is_leaf() {
            attrs.push("penwidth=2.5 color=\"#1565c0\"".into());
        }
        let _ = writeln!(o, "  n{id} [label=\"{label}\" {}];", attrs.join(" "));
    }
    for id in 1..t.nodes.len() as NodeId {
        let p = t.node(id).parent.expect("not the root");
        let style = if on_pv[id as usize] {
            " [penwidth=3 color=\"#1565c0\"]"
        } else if !run.nodes[id as usize].visited {
            " [style=dashed color=gray label=\"cut\" fontcolor=\"#c62828\"]"
        } else {
            ""
        };
        let style = if !run.nodes[id as usize].visited && !run.nodes[p as usize].visited {
            " [style=dashed color=gray]"
        } else {
            style
        };
        let _ = writeln!(o, "  n{p} -> n{id}{style};");
    }
    let _ = writeln!(o, "}}");
    o
}
