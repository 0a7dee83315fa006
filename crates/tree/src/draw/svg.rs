//! The picture as SVG: for people, and for the page, which animates its steps through the
//! `data-node`, `data-edge` and `data-cut` attributes.

use std::fmt::Write;

use super::{LinkKind, Scene, Shape, R};
use crate::report::Explanation;

/// Escapes text for XML.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The picture as SVG.
pub fn svg(e: &Explanation<'_>) -> String {
    draw(&Scene::of(e, true))
}

/// The picture as a question (a worksheet's): the tree and its leaves' values only, with no
/// value, window, opened leaf, cut or principal variation drawn.
pub fn svg_question(e: &Explanation<'_>) -> String {
    draw(&Scene::of(e, false))
}

fn draw(s: &Scene) -> String {
    let (width, height) = (s.width, s.height);
    let mut o = String::new();
    let _ = writeln!(
        o,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(o, "<title>{}</title>", esc(&s.title));
    let _ = writeln!(
        o,
        r##"<style>.edge{{stroke:#444;stroke-width:1.2}} .pv{{stroke:#1565c0;stroke-width:3.5}} .pruned{{stroke:#bbb;stroke-dasharray:4 3}} .cutmark{{stroke:#c62828;stroke-width:2}} .node{{fill:#fff;stroke:#222;stroke-width:1.5}} .node.pvnode{{stroke:#1565c0;stroke-width:2.5}} .ghost{{opacity:.35}} .opened{{fill:#fff3b0;stroke:#222;stroke-width:2}} .witness{{stroke:#2e7d32;stroke-width:3}} .val{{font-weight:bold;text-anchor:middle;dominant-baseline:central}} .win{{fill:#555;font-size:10px;paint-order:stroke;stroke:#fff;stroke-width:3px}} .legend{{fill:#444;font-size:11px}} .lab{{fill:#333;font-size:11px}}</style>"##
    );
    // Edges first, under the nodes.
    for l in &s.edges {
        let class = match l.kind {
            LinkKind::Pv => "edge pv",
            LinkKind::Searched | LinkKind::Ahead => "edge",
            LinkKind::Pruned => "edge pruned",
        };
        let _ = writeln!(
            o,
            r#"<line class="{class}" data-edge="{}" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}"/>"#,
            l.child, l.from.0, l.from.1, l.to.0, l.to.1
        );
        if let Some(c) = &l.cut {
            let _ = writeln!(
                o,
                r#"<line class="cutmark" data-cut="{}" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}"><title>cut</title></line>"#,
                l.child, c.from.0, c.from.1, c.to.0, c.to.1
            );
        }
    }
    for n in &s.nodes {
        let (x, y) = (n.x, n.y);
        let ghost = if n.ghost { r#" class="ghost""# } else { "" };
        let _ = write!(o, r#"<g{ghost} data-node="{}">"#, n.id);
        let title = esc(&n.title);
        let pvc = if n.pv { " pvnode" } else { "" };
        match n.shape {
            Shape::Leaf => {
                let mut class = if n.opened { "opened" } else { "node" }.to_string();
                if n.witness {
                    class.push_str(" witness");
                }
                let _ = write!(
                    o,
                    r#"<rect class="{class}" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="3"><title>{title}</title></rect>"#,
                    x - n.half,
                    y - R * 0.8,
                    2.0 * n.half,
                    1.6 * R,
                );
            }
            Shape::Max => {
                let _ = write!(
                    o,
                    r#"<rect class="node{pvc}" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}"><title>{title}</title></rect>"#,
                    x - R,
                    y - R,
                    2.0 * R,
                    2.0 * R
                );
            }
            Shape::Min => {
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
        }
        let _ = write!(
            o,
            r#"<text class="val" x="{x:.1}" y="{y:.1}">{}</text>"#,
            esc(&n.value)
        );
        // The label, and a static value to order by (part of the question: always shown).
        let label = match (&n.label, &n.static_value) {
            (Some(l), Some(s)) => Some(format!("{l} {s}")),
            (l, s) => l.clone().or(s.clone()),
        };
        if let Some(l) = &label {
            let _ = write!(
                o,
                r#"<text class="lab" x="{:.1}" y="{:.1}">{}</text>"#,
                x + n.half + 3.0,
                y - R + 2.0,
                esc(l)
            );
        }
        if let Some(b) = &n.below {
            let _ = write!(
                o,
                r#"<text class="lab" x="{x:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
                y + R * 0.8 + 11.0,
                esc(b)
            );
        }
        // Always present for an inner node (empty when never entered) so a page can animate
        // the window.
        if let Some(w) = &n.window {
            let _ = write!(
                o,
                r#"<text class="win" x="{:.1}" y="{:.1}">{}</text>"#,
                x + R + 3.0,
                y + R - 1.0,
                esc(w)
            );
        }
        let _ = writeln!(o, "</g>");
    }
    for (y, text) in &s.legend {
        let _ = writeln!(
            o,
            r#"<text class="legend" x="{:.0}" y="{y:.0}">{}</text>"#,
            super::MARGIN,
            esc(text)
        );
    }
    let _ = writeln!(o, "</svg>");
    o
}
