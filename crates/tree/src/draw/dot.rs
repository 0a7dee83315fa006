//! The tree for Graphviz, which lays it out itself.

use std::fmt::Write;

use crate::model::{format_value, NodeId};
use crate::report::Explanation;

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
