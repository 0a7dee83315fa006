//! The picture as TikZ, for a LaTeX document: the SVG's drawing with the same geometry, in the
//! document's own fonts, to `\input` into a handout, an exam or slides.

use std::fmt::Write;

use super::{LinkKind, Scene, Shape, MARGIN, R, SLIDE_DY};
use crate::report::{settings_line, Explanation};

/// The picture as TikZ: a `tikzpicture` environment, which needs `\usepackage{tikz}`.
pub fn tikz(e: &Explanation<'_>) -> String {
    picture(e, &Scene::of(e, true))
}

/// The question as TikZ (a worksheet's): the tree and its leaves' values only.
pub fn tikz_question(e: &Explanation<'_>) -> String {
    picture(e, &Scene::of(e, false))
}

/// The most nodes slides are drawn for: a slide a step, each the whole picture, so the slides
/// grow with the square of the tree (121 nodes: 4.8 MB of LaTeX).
pub const MAX_SLIDE_NODES: usize = 127;

/// A tree too big to step through on slides.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the tree has {nodes} nodes; slides are drawn for at most {MAX_SLIDE_NODES} (a slide a step, each the whole tree)")]
pub struct TooBigForSlides {
    /// The tree's nodes.
    pub nodes: usize,
}

/// The search step by step, for lecture slides: a beamer frame with a slide a line of the
/// trace (as `--trace` words it), the picture as it stands after that step (as the page
/// shows it when stepping) above the step's words, the final picture last. Needs
/// `\usepackage{tikz}` in a beamer document, and an explanation with its trace.
pub fn beamer(e: &Explanation<'_>) -> Result<String, TooBigForSlides> {
    let nodes = e.tree.nodes.len();
    if nodes > MAX_SLIDE_NODES {
        return Err(TooBigForSlides { nodes });
    }
    let lines = e.trace_lines();
    let last = e.run.trace.len();
    // Slide 1: before the search; then one after each line's step; the last is the final
    // picture.
    let mut slides = vec![(0, String::from("Before the search: nothing is known yet."))];
    for (k, (step, text)) in lines.iter().enumerate() {
        // The last line's step may be followed by steps no line words (a leaf's exit).
        let done = if k + 1 == lines.len() { last } else { step + 1 };
        slides.push((
            done,
            format!("Step {} of {}: {}.", k + 1, lines.len(), prose(text)),
        ));
    }
    let final_scene = Scene::spaced(e, true, SLIDE_DY);
    // Every slide shares one bounding box, so the picture stays put.
    let shown = &final_scene.nodes;
    let (x0, x1) = shown.iter().fold((f64::MAX, f64::MIN), |(a, b), n| {
        (a.min(n.x - n.half - 4.0), b.max(n.x + n.half + 60.0))
    });
    let (y0, y1) = shown.iter().fold((f64::MAX, f64::MIN), |(a, b), n| {
        (a.min(n.y - R - 14.0), b.max(n.y + R + 14.0))
    });
    let mut o = String::new();
    let _ = writeln!(
        o,
        "% alpha-beta on a tree, step by step, drawn by alphabeta: {}",
        final_scene.title
    );
    let _ = writeln!(o, "% {}", settings_line(&e.run.settings, e.run.view));
    let _ = writeln!(
        o,
        "% A beamer frame, a slide a step: \\input it where a frame goes, with \\usepackage{{tikz}}\n\
         % in the preamble. The title is the frame's first line; the styles are the picture's.\n\
         % The picture fits the frame's width (4:3 or 16:9) and 6.2 cm of its height: \\abunit."
    );
    let _ = writeln!(
        o,
        "\\begin{{frame}}{{{}, step by step}}\n\\centering",
        e.run.settings.algorithm.title()
    );
    // The unit is worked out by TeX, from the frame's width: wider frames draw wide trees
    // larger. Text shrinks with it below the picture's own.
    let _ = writeln!(
        o,
        "\\pgfmathsetlengthmacro{{\\abunit}}{{min({UNIT}cm, 0.97\\linewidth/{:.1}, 6.2cm/{:.1})}}\n\
         \\pgfmathsetmacro{{\\abscale}}{{\\abunit/{UNIT}cm}}",
        x1 - x0,
        y1 - y0
    );
    begin(&mut o, "\\abunit", Some("\\abscale"));
    let _ = writeln!(
        o,
        "\\useasboundingbox {} rectangle {};",
        point((x0, y0)),
        point((x1, y1))
    );
    for (k, (done, _)) in slides.iter().enumerate() {
        let _ = writeln!(o, "\\only<{}>{{", k + 1);
        if *done >= last {
            shapes(&mut o, &final_scene);
        } else {
            shapes(&mut o, &Scene::after(e, *done, SLIDE_DY));
        }
        let _ = writeln!(o, "}}");
    }
    let _ = writeln!(o, "\\end{{tikzpicture}}\n");
    // The words in a box of fixed height, so that a long line does not move the picture.
    let _ = writeln!(o, "\\parbox[t][2.5\\baselineskip]{{\\linewidth}}{{\\small");
    for (k, (_, words)) in slides.iter().enumerate() {
        let _ = writeln!(o, "\\only<{}>{{{words}}}", k + 1);
    }
    let _ = writeln!(o, "}}\n\\end{{frame}}");
    Ok(o)
}

/// The coordinates' unit: the SVG's pixel, a fortieth of a centimetre.
pub(super) const UNIT: f64 = 0.025;

/// The colours, as the SVG's (HTML notation).
const COLOURS: [(&str, &str); 6] = [
    ("abpv", "1565C0"),
    ("abcut", "C62828"),
    ("abopened", "FFF3B0"),
    ("abwitness", "2E7D32"),
    ("abgrey", "BBBBBB"),
    ("abcurrent", "F57C00"),
];

/// A whole picture: what it is, the environment, its shapes and its legend.
pub(super) fn picture(e: &Explanation<'_>, s: &Scene) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "% alpha-beta on a tree, drawn by alphabeta: {}", s.title);
    let _ = writeln!(o, "% {}", settings_line(&e.run.settings, e.run.view));
    let _ = writeln!(
        o,
        "% Needs \\usepackage{{tikz}}. To fit a width: \\resizebox{{\\linewidth}}{{!}}{{\\input{{...}}}}\n\
         % (graphicx); x and y below set the room the layout takes, the styles how each part looks;\n\
         % the legend is the \\node[legend] lines at the end."
    );
    begin(&mut o, &format!("{UNIT:.4}cm"), None);
    shapes(&mut o, s);
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

/// Opens the `tikzpicture`: the unit (a length), the text's scale if it shrinks with the unit
/// (a number or a macro), the styles and the colours.
fn begin(o: &mut String, unit: &str, scale: Option<&str>) {
    let shrink = scale.map_or_else(String::new, |s| {
        format!(",\n  every node/.append style={{scale={s}}}")
    });
    let _ = writeln!(
        o,
        "\\begin{{tikzpicture}}[x={unit}, y=-{unit}, line cap=round,\n  \
         edge/.style={{draw=black!75, line width=0.5pt}},\n  \
         pv edge/.style={{draw=abpv, line width=1.4pt}},\n  \
         pruned edge/.style={{draw=abgrey, line width=0.5pt, dash pattern=on 2pt off 1.5pt}},\n  \
         ahead edge/.style={{draw=black!20, line width=0.5pt}},\n  \
         cut mark/.style={{draw=abcut, line width=0.9pt}},\n  \
         tree node/.style={{draw=black!87, fill=white, line width=0.6pt}},\n  \
         pv node/.style={{draw=abpv, line width=1pt}},\n  \
         current node/.style={{draw=abcurrent, line width=1.6pt}},\n  \
         opened leaf/.style={{fill=abopened, line width=0.8pt}},\n  \
         fewest leaf/.style={{draw=abwitness, line width=1.2pt}},\n  \
         never entered/.style={{opacity=0.35}},\n  \
         value/.style={{font=\\small}},\n  \
         node label/.style={{font=\\scriptsize, anchor=base west, inner sep=0pt}},\n  \
         window/.style={{font=\\scriptsize, text=black!67, fill=white, anchor=base west, inner sep=0.5pt}},\n  \
         legend/.style={{font=\\scriptsize, text=black!73, anchor=base west, inner sep=0pt}}{shrink}]"
    );
    for (name, html) in COLOURS {
        let _ = writeln!(o, "\\definecolor{{{name}}}{{HTML}}{{{html}}}");
    }
}

/// The edges, then the nodes over them.
fn shapes(o: &mut String, s: &Scene) {
    for l in &s.edges {
        let style = match l.kind {
            LinkKind::Pv => "pv edge",
            LinkKind::Searched => "edge",
            LinkKind::Pruned => "pruned edge",
            LinkKind::Ahead => "ahead edge",
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
        let mut style = String::from("tree node");
        for (on, name) in [
            (n.pv, ", pv node"),
            (n.opened, ", opened leaf"),
            (n.witness, ", fewest leaf"),
            (n.current, ", current node"),
        ] {
            if on {
                style.push_str(name);
            }
        }
        match n.shape {
            Shape::Leaf => {
                let _ = writeln!(
                    o,
                    "\\draw[{style}, rounded corners=1.5pt] {} rectangle {};",
                    point((x - n.half, y - R * 0.8)),
                    point((x + n.half, y + R * 0.8))
                );
            }
            Shape::Max => {
                let _ = writeln!(
                    o,
                    "\\draw[{style}] {} rectangle {};",
                    point((x - R, y - R)),
                    point((x + R, y + R))
                );
            }
            Shape::Min => {
                // The arc under the circle: the SVG's quadratic curve as TikZ's cubic one.
                let (y0, yc) = (y + R + 3.0, y + R + 7.0);
                let _ = writeln!(
                    o,
                    "\\draw[{style}] {} circle [radius={R:.1}];\n\\draw[{style}, fill=none] {} .. controls {} and {} .. {};",
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
                point((x + n.half + 3.0, y - R + 2.0))
            );
        }
        if let Some(b) = &n.below {
            // Words on lines of their own, centred under the leaf, the first at the SVG's.
            let lines: Vec<String> = b.lines().map(escape).collect();
            let _ = writeln!(
                o,
                "\\node[node label, anchor=north, align=center] at {} {{{}}};",
                point((x, y + R * 0.8 + 4.0)),
                lines.join("\\\\")
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
}

/// A point in the picture's coordinates.
fn point((x, y): (f64, f64)) -> String {
    format!("({x:.1},{y:.1})")
}

/// Text with LaTeX's special characters escaped.
pub(super) fn escape(s: &str) -> String {
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
pub(super) fn prose(s: &str) -> String {
    let mut out = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        match word.as_str() {
            "alpha" => out.push_str("$\\alpha$"),
            "beta" => out.push_str("$\\beta$"),
            w @ ("inf" | "-inf") => out.push_str(&math(w)),
            w if w.starts_with('-') && w[1..].bytes().all(|b| b.is_ascii_digit()) => {
                out.push_str(&format!("${w}$"));
            }
            // A negated name, -E.
            w if w.starts_with('-') => out.push_str(&format!("$-${}", escape(&w[1..]))),
            w => out.push_str(&escape(w)),
        }
        word.clear();
    };
    let mut chars = s.chars().peekable();
    let mut before = ' ';
    while let Some(c) = chars.next() {
        // A minus sign starts a word ("-3", "-inf"); a hyphen inside one ends it.
        let sign = c == '-' && word.is_empty() && chars.peek().is_some_and(|n| n.is_alphanumeric());
        let last = std::mem::replace(&mut before, c);
        if c.is_alphanumeric() || sign {
            word.push(c);
            continue;
        }
        flush(&mut word, &mut out);
        match c {
            // A power, 3^2, and a minus between spaces, "b^2 - 1".
            '^' if chars.peek().is_some_and(|n| n.is_ascii_digit()) => {
                let mut power = String::new();
                while let Some(d) = chars.next_if(|n| n.is_ascii_digit()) {
                    power.push(d);
                }
                out.push_str(&format!("\\textsuperscript{{{power}}}"));
            }
            '-' if last == ' ' && chars.peek() == Some(&' ') => out.push_str("$-$"),
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
        // A trace's words: infinities and minus signs as signs, hyphens as hyphens.
        assert_eq!(
            prose("enter B (Min) with (-inf, inf), fail-hard, -3"),
            "enter B (Min) with ($-\\infty$, $\\infty$), fail-hard, $-3$"
        );
        assert_eq!(
            prose("3^1 + 3^12 - 1, a - b, fail-soft, x^y"),
            "3\\textsuperscript{1} + 3\\textsuperscript{12} $-$ 1, a $-$ b, fail-soft, x\\textasciicircum{}y"
        );
        assert_eq!(
            prose("value -E, -α"),
            "value $-$E, $-$\\ensuremath{\\alpha}"
        );
        assert_eq!(escape("50% of a_b & {c}"), "50\\% of a\\_b \\& \\{c\\}");
        assert_eq!(
            escape("αβΔΑ1"),
            "\\ensuremath{\\alpha}\\ensuremath{\\beta}\\ensuremath{\\Delta}A1"
        );
        assert_eq!(escape("ωΩ"), "\\ensuremath{\\omega}\\ensuremath{\\Omega}");
    }
}
