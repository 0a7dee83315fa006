//! The picture as TikZ, for a LaTeX document: the SVG's drawing with the same geometry, in the
//! document's own fonts, to `\input` into a handout, an exam or slides.

use std::fmt::Write;

use super::{LinkKind, Scene, Shape, MARGIN, R};
use crate::report::{settings_line, Explanation};

/// The picture as TikZ: a `tikzpicture` environment, which needs `\usepackage{tikz}`.
pub fn tikz(e: &Explanation<'_>) -> String {
    draw(
        &Scene::of(e, true),
        &settings_line(&e.run.settings, e.run.view),
    )
}

/// The question as TikZ (a worksheet's): the tree and its leaves' values only.
pub fn tikz_question(e: &Explanation<'_>) -> String {
    draw(
        &Scene::of(e, false),
        &settings_line(&e.run.settings, e.run.view),
    )
}

/// The colours, as the SVG's (HTML notation).
const COLOURS: [(&str, &str); 5] = [
    ("abpv", "1565C0"),
    ("abcut", "C62828"),
    ("abopened", "FFF3B0"),
    ("abwitness", "2E7D32"),
    ("abgrey", "BBBBBB"),
];

fn draw(s: &Scene, settings: &str) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "% alpha-beta on a tree, drawn by alphabeta: {}", s.title);
    let _ = writeln!(o, "% {settings}");
    let _ = writeln!(
        o,
        "% Needs \\usepackage{{tikz}}. To fit a width: \\resizebox{{\\linewidth}}{{!}}{{\\input{{...}}}}\n\
         % (graphicx); x and y below set the room the layout takes, the styles how each part looks;\n\
         % the legend is the \\node[legend] lines at the end."
    );
    let _ = writeln!(
        o,
        "\\begin{{tikzpicture}}[x=0.025cm, y=-0.025cm, line cap=round,\n  \
         edge/.style={{draw=black!75, line width=0.5pt}},\n  \
         pv edge/.style={{draw=abpv, line width=1.4pt}},\n  \
         pruned edge/.style={{draw=abgrey, line width=0.5pt, dash pattern=on 2pt off 1.5pt}},\n  \
         cut mark/.style={{draw=abcut, line width=0.9pt}},\n  \
         tree node/.style={{draw=black!87, fill=white, line width=0.6pt}},\n  \
         pv node/.style={{draw=abpv, line width=1pt}},\n  \
         opened leaf/.style={{fill=abopened, line width=0.8pt}},\n  \
         fewest leaf/.style={{draw=abwitness, line width=1.2pt}},\n  \
         never entered/.style={{opacity=0.35}},\n  \
         value/.style={{font=\\small}},\n  \
         node label/.style={{font=\\scriptsize, anchor=base west, inner sep=0pt}},\n  \
         window/.style={{font=\\scriptsize, text=black!67, fill=white, anchor=base west, inner sep=0.5pt}},\n  \
         legend/.style={{font=\\scriptsize, text=black!73, anchor=base west, inner sep=0pt}}]"
    );
    for (name, html) in COLOURS {
        let _ = writeln!(o, "\\definecolor{{{name}}}{{HTML}}{{{html}}}");
    }
    // Edges first, under the nodes.
    for l in &s.edges {
        let style = match l.kind {
            LinkKind::Pv => "pv edge",
            LinkKind::Searched => "edge",
            LinkKind::Pruned => "pruned edge",
        };
        let _ = writeln!(o, "\\draw[{style}] {} -- {};", point(l.from), point(l.to));
        if let Some(c) = &l.cut {
            let _ = writeln!(o, "\\draw[cut mark] {} -- {};", point(c.from), point(c.to));
        }
    }
    for n in &s.nodes {
        let (x, y) = (n.x, n.y);
        let _ = writeln!(o, "% {}", escape(&n.title));
        if n.ghost {
            let _ = writeln!(o, "\\begin{{scope}}[never entered]");
        }
        let pv = if n.pv { ", pv node" } else { "" };
        match n.shape {
            Shape::Leaf => {
                let mut style = String::from("tree node");
                if n.opened {
                    style.push_str(", opened leaf");
                }
                if n.witness {
                    style.push_str(", fewest leaf");
                }
                let _ = writeln!(
                    o,
                    "\\draw[{style}, rounded corners=1.5pt] {} rectangle {};",
                    point((x - R, y - R * 0.8)),
                    point((x + R, y + R * 0.8))
                );
            }
            Shape::Max => {
                let _ = writeln!(
                    o,
                    "\\draw[tree node{pv}] {} rectangle {};",
                    point((x - R, y - R)),
                    point((x + R, y + R))
                );
            }
            Shape::Min => {
                // The arc under the circle: the SVG's quadratic curve as TikZ's cubic one.
                let (y0, yc) = (y + R + 3.0, y + R + 7.0);
                let _ = writeln!(
                    o,
                    "\\draw[tree node{pv}] {} circle [radius={R:.1}];\n\\draw[tree node{pv}, fill=none] {} .. controls {} and {} .. {};",
                    point((x, y)),
                    point((x - R * 0.8, y0)),
                    point((x - R * 0.8 / 3.0, yc)),
                    point((x + R * 0.8 / 3.0, yc)),
                    point((x + R * 0.8, y0))
                );
            }
        }
        if !n.value.is_empty() {
            let _ = writeln!(
                o,
                "\\node[value] at {} {{{}}};",
                point((x, y)),
                math(&n.value)
            );
        }
        if n.label.is_some() || n.static_value.is_some() {
            let label = [
                n.label.as_deref().map(escape),
                n.static_value.as_deref().map(static_text),
            ]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ");
            let _ = writeln!(
                o,
                "\\node[node label] at {} {{{label}}};",
                point((x + R + 3.0, y - R + 2.0))
            );
        }
        if let Some(w) = n.window.as_deref().filter(|w| !w.is_empty()) {
            let _ = writeln!(
                o,
                "\\node[window] at {} {{{}}};",
                point((x + R + 3.0, y + R - 1.0)),
                math(w)
            );
        }
        if n.ghost {
            let _ = writeln!(o, "\\end{{scope}}");
        }
    }
    for (y, text) in &s.legend {
        let _ = writeln!(
            o,
            "\\node[legend] at {} {{{}}};",
            point((MARGIN, *y)),
            prose(text)
        );
    }
    let _ = writeln!(o, "\\end{{tikzpicture}}");
    o
}

/// A point in the picture's coordinates.
fn point((x, y): (f64, f64)) -> String {
    format!("({x:.1},{y:.1})")
}

/// Text with LaTeX's special characters escaped.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '%' | '_' => {
                out.push('\\');
                out.push(c);
            }
            '^' => out.push_str("\\textasciicircum{}"),
            '~' => out.push_str("\\textasciitilde{}"),
            '<' => out.push_str("$<$"),
            '>' => out.push_str("$>$"),
            _ => match greek(c) {
                // As math, so that pdflatex sets them in any document (the page's
                // example labels are Greek); \ensuremath also between two of them.
                Some(name) if name.len() > 1 => {
                    out.push_str("\\ensuremath{\\");
                    out.push_str(name);
                    out.push('}');
                }
                Some(latin) => out.push_str(latin),
                None => out.push(c),
            },
        }
    }
    out
}

/// A Greek letter's name in LaTeX's math (`alpha`), or the Latin letter it looks like (`A`).
fn greek(c: char) -> Option<&'static str> {
    const LOWER: [&str; 25] = [
        "alpha",
        "beta",
        "gamma",
        "delta",
        "varepsilon",
        "zeta",
        "eta",
        "theta",
        "iota",
        "kappa",
        "lambda",
        "mu",
        "nu",
        "xi",
        "o",
        "pi",
        "rho",
        "varsigma",
        "sigma",
        "tau",
        "upsilon",
        "varphi",
        "chi",
        "psi",
        "omega",
    ];
    const UPPER: [&str; 25] = [
        "A", "B", "Gamma", "Delta", "E", "Z", "H", "Theta", "I", "K", "Lambda", "M", "N", "Xi",
        "O", "Pi", "P", "", "Sigma", "T", "Upsilon", "Phi", "X", "Psi", "Omega",
    ];
    match c {
        'α'..='ω' => Some(LOWER[c as usize - 'α' as usize]),
        'Α'..='Ω' => Some(UPPER[c as usize - 'Α' as usize]).filter(|s| !s.is_empty()),
        _ => None,
    }
}

/// A value, a bound or a window (`3`, `-inf`, `≥5`, `(3, inf)`, `?`) in math mode, a bound's
/// value in a group of its own so that its minus sign stays a sign (`{\geq}{-4}`).
fn math(s: &str) -> String {
    let (mark, value) = match s.chars().next() {
        Some('≥') => ("{\\geq}", &s['≥'.len_utf8()..]),
        Some('≤') => ("{\\leq}", &s['≤'.len_utf8()..]),
        _ => ("", s),
    };
    let value = value.replace("inf", "\\infty");
    if mark.is_empty() {
        format!("${value}$")
    } else {
        format!("${mark}{{{value}}}$")
    }
}

/// A static value as the pictures write it beside a node: `static 5`, or `static` alone.
fn static_text(s: &str) -> String {
    match s.strip_prefix("static ") {
        Some(v) => format!("static {}", math(v)),
        None => escape(s),
    }
}

/// A legend's words with their symbols as LaTeX sets them: `·`, `≥`, `>=`, and the words
/// alpha and beta as the letters.
fn prose(s: &str) -> String {
    let mut out = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        match word.as_str() {
            "alpha" => out.push_str("$\\alpha$"),
            "beta" => out.push_str("$\\beta$"),
            w => out.push_str(&escape(w)),
        }
        word.clear();
    };
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_alphanumeric() {
            word.push(c);
            continue;
        }
        flush(&mut word, &mut out);
        match c {
            '>' | '<' if chars.peek() == Some(&'=') => {
                chars.next();
                out.push_str(if c == '>' { "$\\geq$" } else { "$\\leq$" });
            }
            '≥' => out.push_str("$\\geq$"),
            '≤' => out.push_str("$\\leq$"),
            '·' => out.push_str("$\\cdot$"),
            _ => out.push_str(&escape(&c.to_string())),
        }
    }
    flush(&mut word, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_bounds_and_windows_in_math_mode() {
        assert_eq!(math("3"), "$3$");
        assert_eq!(math("-inf"), "$-\\infty$");
        assert_eq!(math("?"), "$?$");
        assert_eq!(math("≥-4"), "${\\geq}{-4}$", "a sign, not a minus");
        assert_eq!(math("≤inf"), "${\\leq}{\\infty}$");
        assert_eq!(math("(-inf, 3)"), "$(-\\infty, 3)$");
        assert_eq!(static_text("static -2"), "static $-2$");
        assert_eq!(static_text("static"), "static");
    }

    #[test]
    fn legends_and_labels_in_latex() {
        assert_eq!(
            prose("(alpha, beta): final window · ≤ ≥"),
            "($\\alpha$, $\\beta$): final window $\\cdot$ $\\leq$ $\\geq$"
        );
        // The algorithm's name keeps its letters; comparisons become symbols.
        assert_eq!(
            prose("alphabeta, cut at >= beta / <= alpha"),
            "alphabeta, cut at $\\geq$ $\\beta$ / $\\leq$ $\\alpha$"
        );
        assert_eq!(prose("a > b"), "a $>$ b");
        assert_eq!(escape("50% of a_b & {c}"), "50\\% of a\\_b \\& \\{c\\}");
        assert_eq!(
            escape("αβΔΑ1"),
            "\\ensuremath{\\alpha}\\ensuremath{\\beta}\\ensuremath{\\Delta}A1"
        );
        assert_eq!(escape("ωΩ"), "\\ensuremath{\\omega}\\ensuremath{\\Omega}");
    }
}
