//! End-to-end tests of `alphabeta tree`: every format, every input path, every error.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::{json, Value};

mod common;
use common::{shape_of, textbook, value_given};

fn run(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
        .arg("tree")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.unwrap_or("").as_bytes()).unwrap();
    drop(input);
    child.wait_with_output().unwrap()
}

fn ok(args: &[&str]) -> String {
    let o = run(args, None);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

/// Runs a failing command; returns its error message.
fn fails(args: &[&str], stdin: Option<&str>) -> String {
    let o = run(args, stdin);
    assert!(!o.status.success(), "{args:?} should fail");
    assert_eq!(o.status.code(), Some(1), "{args:?}");
    assert!(o.stdout.is_empty(), "nothing on stdout");
    String::from_utf8(o.stderr).unwrap()
}

const THREE: &str = "[[3,12,8],[2,4,6],[14,5,2]]";
const LABELLED: &str = "A(B(D=3,E=6),C(F(I(M=1,N=?),J=5),G(K=6,L=?),H=4))";

#[test]
fn json_follows_the_contract() {
    let j: Value = serde_json::from_str(&ok(&["--format", "json", THREE])).unwrap();
    assert_eq!(j["value"], 3);
    assert_eq!(j["root"], "max");
    assert_eq!(j["order"], "ltr");
    assert_eq!(j["algorithm"], "alphabeta");
    assert_eq!(j["cut"], "inclusive");
    assert_eq!(j["best_move"], 0);
    assert_eq!(j["pv"], json!([[0], [0, 0]]));
    assert_eq!(j["leaves_total"], 9);
    assert_eq!(j["leaves_opened"], 7);
    assert_eq!(j["opened"], json!([0, 1, 2, 3, 6, 7, 8]));
    assert_eq!(j["pruned"], json!([[1, 1], [1, 2]]));
    assert_eq!(j["pruned_labels"], Value::Null);
    assert_eq!(j["minimum"]["leaves"], 5);
    assert_eq!(j["minimum"]["witness"], json!([0, 1, 2, 3, 8]));
    let root = &j["nodes"][0];
    assert_eq!(
        (&root["path"], &root["label"], &root["kind"], &root["value"]),
        (&json!([]), &Value::Null, &json!("max"), &json!(3))
    );
    assert_eq!(
        (&root["exact"], &root["alpha"], &root["beta"]),
        (&json!(true), &json!(3), &Value::Null)
    );
    assert_eq!(root["visited"], true);
    assert_eq!(j["nodes"].as_array().unwrap().len(), 13);
    assert!(j.get("trace").is_none());
}

#[test]
fn json_of_a_labelled_tree_with_trace_and_compare() {
    let out = ok(&[
        "--format",
        "json",
        "--trace",
        "--compare",
        "--order",
        "ltr",
        LABELLED,
    ]);
    let j: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["value"], 4);
    assert_eq!(j["pruned_labels"], json!(["N", "L"]));
    assert_eq!(j["best_move_label"], "C");
    let trace = j["trace"].as_array().unwrap();
    assert_eq!(trace[0]["step"], "enter");
    assert_eq!(trace.iter().filter(|s| s["step"] == "cut").count(), 2);
    // Right to left needs L: the comparison says so instead of failing.
    let rows = j["compare"].as_array().unwrap();
    let rtl = rows
        .iter()
        .find(|r| r["algorithm"] == "alphabeta" && r["order"] == "rtl")
        .unwrap();
    assert_eq!(rtl["leaves_opened"], Value::Null);
    assert!(rtl["error"].as_str().unwrap().contains("leaf L"));
}

#[test]
fn text_report_and_trace() {
    let out = ok(&["--trace", THREE]);
    assert!(out.starts_with("value: 3"), "{out}");
    assert!(out.contains("leaves opened: 7 of 9"), "{out}");
    assert!(out.contains("pruned: [1,1] [1,2]"), "{out}");
    assert!(out.contains("minimum: 5 leaves"), "{out}");
    assert!(out.contains("cut at [1]: 2 <= alpha 3"), "{out}");
    let out = ok(&["--root", "min", "--algorithm", "minimax", THREE]);
    assert!(out.starts_with("value: 6"), "{out}");
    assert!(out.contains("leaves opened: 9 of 9"), "{out}");
}

#[test]
fn compare_table() {
    let out = ok(&[
        "--compare",
        "[[[[4,8,6],[1,9]],[[5,8],[-1,2]]],[[[0,3],[-6,6]],[[1],[0,9,-7]]]]",
    ]);
    let line = |name: &str| -> Vec<String> {
        out.lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("{name} in {out}"))
            .split_whitespace()
            .map(String::from)
            .collect()
    };
    assert_eq!(line("minimax")[1..], ["17", "17"]);
    assert_eq!(line("alphabeta ")[1..], ["8", "17"]);
    assert_eq!(line("minimum")[1], "8");
}

#[test]
fn dot_and_svg_pictures() {
    let dot = ok(&["--format", "dot", THREE]);
    assert!(dot.starts_with("digraph"), "{dot}");
    assert!(dot.trim_end().ends_with('}'));
    assert_eq!(dot.matches("shape=box").count(), 1, "one Max node");
    assert_eq!(dot.matches("shape=circle").count(), 3, "three Min nodes");
    assert_eq!(dot.matches("label=\"cut\"").count(), 2, "two cut edges");

    let svg = ok(&["--format", "svg", LABELLED]);
    assert!(svg.starts_with("<svg"), "{svg}");
    assert!(svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("class=\"cutmark\"").count(), 2, "N and L cut");
    assert_eq!(
        svg.matches("<circle").count(),
        3,
        "Min nodes B, C, I as circles"
    );
    assert_eq!(
        svg.matches("<rect").count(),
        3 + 8,
        "Max nodes A, F, G as squares, 8 leaves"
    );
    assert_eq!(svg.matches("class=\"opened").count(), 6, "6 leaves opened");
    assert_eq!(svg.matches("<g").count(), 14, "one group per node");
}

/// The TikZ picture of the exam tree shows the reference answer: N and L cut (the edges into
/// them struck, the subtrees faint), 6 of the 8 leaves opened, Min nodes as circles.
#[test]
fn tikz_picture_shows_the_answer() {
    let tikz = ok(&["--format", "tikz", LABELLED]);
    assert!(tikz.starts_with('%'), "{tikz}");
    assert!(tikz.contains("\\begin{tikzpicture}"));
    assert!(tikz.trim_end().ends_with("\\end{tikzpicture}"));
    assert_eq!(tikz.matches("\\draw[cut mark]").count(), 2, "N and L cut");
    assert_eq!(tikz.matches("\\begin{scope}[never entered]").count(), 2);
    assert_eq!(tikz.matches(" circle [radius=").count(), 3, "B, C, I");
    assert_eq!(
        tikz.matches("opened leaf").count(),
        6 + 1,
        "6 leaves opened, and the style"
    );
    // The root's value and window as the textbook writes them.
    assert!(
        tikz.contains("{$4$};") && tikz.contains("{$(4, \\infty)$};"),
        "{tikz}"
    );
    // The question: the tree and its leaves, nothing found.
    let question = ok(&["--quiz", "--format", "tikz", THREE]);
    for found in [
        "\\draw[cut mark]",
        "[never entered]",
        "[pv edge]",
        "\\node[window]",
    ] {
        assert!(!question.contains(found), "{found} in {question}");
    }
    assert_eq!(
        question.matches("\\node[value]").count(),
        9,
        "the leaves' values only"
    );
}

/// Every kind of TikZ picture compiles with pdflatex, one page each: the textbook tree, the
/// exam tree, the negamax view with infinities and negative values, static values, a depth
/// limit, a random tree, the questions, an unknown leaf's question and Greek labels; and the
/// beamer slides, a page each. Needs `pdflatex` with TikZ and beamer (`.ci/run` installs
/// Debian's texlive-latex-base, texlive-latex-recommended and texlive-pictures);
/// `ALPHABETA_SKIP_LATEX=1` skips it on a machine that cannot have them.
#[test]
fn tikz_pictures_and_slides_compile_with_latex() {
    let have = Command::new("pdflatex")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !have {
        if std::env::var_os("ALPHABETA_SKIP_LATEX").is_some() {
            eprintln!("skipped: no pdflatex and ALPHABETA_SKIP_LATEX is set");
            return;
        }
        panic!(
            "this test needs pdflatex with TikZ and beamer: apt-get install -y \
             --no-install-recommends texlive-latex-base texlive-latex-recommended \
             texlive-pictures (or set ALPHABETA_SKIP_LATEX=1 to skip it)"
        );
    }
    let pictures: &[&[&str]] = &[
        &[THREE],
        &["--trace", LABELLED],
        &[
            "--view",
            "mover",
            "--root",
            "min",
            "[[[4,8,6],[1,9]],[[5,8],[-1,2]],[[0,3],[-6,inf]]]",
        ],
        &["--order", "static", "A=3(B=1(D=3,E=6),C=5(F=2,G=-inf))"],
        &["--depth", "2", "A(B=4(D=5(H=1,I=2),E=6),C=?(F=2,G=4))"],
        &[
            "--random",
            "3x3",
            "--seed",
            "7",
            "--statics",
            "2",
            "--algorithm",
            "negamax",
        ],
        &["--quiz", LABELLED],
        &["--quiz", "A(B(D=10,E=?),C(F=2,G=4))"],
        // The page's example with Greek labels, which pdflatex sets as math.
        &["--root", "min", "α(β(δ=3,ε=5),γ(ζ=2,η=9),Ω=4)"],
    ];
    let dir = tempfile::Builder::new()
        .prefix("alphabeta-tikz-")
        .tempdir()
        .unwrap();
    let files: Vec<String> = pictures
        .iter()
        .map(|args| ok(&[&["--format", "tikz"], *args].concat()))
        .collect();
    let pages = compile(dir.path(), "{article}", &files);
    assert_eq!(pages, pictures.len());
    // The slides, a page each: the exam tree's in the negamax view, with Greek labels and an
    // infinite leaf (a compile takes a few seconds: one frame).
    let frames = [ok(&[
        "--format",
        "beamer",
        "--algorithm",
        "negamax",
        "--view",
        "mover",
        "α(β(δ=3,ε=6),γ(ζ(ι(μ=1,ν=5),κ=5),η(λ=6,ξ=2),θ=-inf))",
    ])];
    let slides: usize = frames
        .iter()
        .map(|f| f.matches("\\only<").count() / 2)
        .sum();
    assert_eq!(compile(dir.path(), "{beamer}", &frames), slides);
    // The same frame on 16:9 slides, where the picture takes the wider frame's width.
    assert_eq!(
        compile(dir.path(), "[aspectratio=169]{beamer}", &frames),
        slides
    );
    // Worksheets are whole documents: a page of questions and one of answers for a small
    // tree, each exercise of a wide tree on a page of its own (turned), the cases of two
    // unknown leaves (in lists within lists) and of an unknown static value at a depth limit.
    let sheets: [(&[&str], usize); 4] = [
        (&[THREE], 2),
        (&["--random", "3x3", "--seed", "7", "--count", "2"], 4),
        (
            &[
                "--view",
                "mover",
                "--root",
                "min",
                "α(β(δ=3,ε=?),γ(ζ=?,η=5))",
            ],
            2,
        ),
        (
            &[
                "--depth",
                "2",
                "A(B(D=3(M=1,N=3),E=?(O=6,P=0)),C(F=2(Q=2,R=1),G=5(S=5,T=4)))",
            ],
            2,
        ),
    ];
    for (k, (args, pages)) in sheets.iter().enumerate() {
        let doc = ok(&[&["--format", "worksheet"], *args].concat());
        let name = format!("sheet{k}");
        assert_eq!(pdflatex(dir.path(), &name, &doc), *pages, "{args:?}");
    }
}

/// Compiles these pictures or frames with pdflatex in a document of this class (`{article}`,
/// `[aspectratio=169]{beamer}`), each in its own file; the number of pages.
fn compile(dir: &std::path::Path, class: &str, files: &[String]) -> usize {
    let mut doc = format!("\\documentclass{class}\n\\usepackage{{tikz}}\n\\begin{{document}}\n");
    for (i, text) in files.iter().enumerate() {
        std::fs::write(dir.join(format!("p{i}.tex")), text).unwrap();
        doc.push_str(&format!("\\input{{p{i}.tex}}\n\\newpage\n"));
    }
    doc.push_str("\\end{document}\n");
    pdflatex(dir, "doc", &doc)
}

/// Compiles a whole document with pdflatex, as `NAME.tex`; the number of pages.
fn pdflatex(dir: &std::path::Path, name: &str, doc: &str) -> usize {
    std::fs::write(dir.join(format!("{name}.tex")), doc).unwrap();
    let o = Command::new("pdflatex")
        .args(["-interaction=nonstopmode", "-halt-on-error"])
        .arg(format!("{name}.tex"))
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let log = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "pdflatex failed:\n{log}");
    let pages = log
        .split(&format!("Output written on {name}.pdf ("))
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok());
    pages.unwrap_or_else(|| panic!("no page count in\n{log}"))
}

/// The slides step through the textbook tree as the material does: a slide before the search
/// and one for each line of `--trace`, the last with the 7 leaves the material opens, the cuts
/// at 4 and 6 from the slide that cuts at [1] on, the principal variation on the last only.
/// (The tree crate's property test checks the slides step by step on random trees.)
#[test]
fn beamer_slides_step_through_the_search() {
    let frame = ok(&["--format", "beamer", THREE]);
    assert!(frame.contains("\\begin{frame}{Alpha-beta (fail-hard), step by step}"));
    let trace = ok(&["--trace", THREE]);
    let steps = trace.split("trace:\n").nth(1).unwrap().lines().count();
    // After each \only<k>{: a slide's picture (its shapes), or its words.
    let (pictures, words): (Vec<&str>, Vec<&str>) = frame
        .split("\\only<")
        .skip(1)
        .partition(|p| p.contains("\\draw"));
    assert_eq!(words.len(), steps + 1, "{frame}");
    assert_eq!(pictures.len(), words.len());
    let last = pictures.len() - 1;
    assert_eq!(
        pictures[last].matches("opened leaf").count(),
        7,
        "the material's 7 leaves"
    );
    let cut_at = words
        .iter()
        .position(|w| w.contains("cut at [1]"))
        .expect("a cut at [1]");
    for (k, p) in pictures.iter().enumerate() {
        let cuts = if k < cut_at { 0 } else { 2 };
        assert_eq!(
            p.matches("\\draw[cut mark]").count(),
            cuts,
            "slide {}",
            k + 1
        );
        assert_eq!(p.contains("[pv edge]"), k == last, "slide {}", k + 1);
    }
    // The picture's unit is TeX's least of the full size, the frame's width and 6.2 cm of
    // its height, over the picture's extent. A slide is wide rather than tall: a tree of depth
    // 3 and 8 leaves has its levels closer than the page's, and the height does not shrink it.
    let narrow = ok(&["--format", "beamer", "[[[1,2],[3,4]],[[5,6],[7,8]]]"]);
    let unit = narrow
        .split("\\pgfmathsetlengthmacro{\\abunit}{min(0.025cm, 0.97\\linewidth/")
        .nth(1)
        .unwrap_or_else(|| panic!("no unit in {narrow}"));
    let height: f64 = unit
        .split("6.2cm/")
        .nth(1)
        .and_then(|h| h.split(')').next())
        .and_then(|h| h.parse().ok())
        .unwrap();
    assert!(6.2 / height >= 0.025, "{height}");
    let e = fails(&["--quiz", "--format", "beamer", THREE], None);
    assert!(e.contains("not as JSON, DOT or beamer slides"), "{e}");
    // A slide a step, each the whole tree: a tree of 156 nodes is too big, and says so.
    let e = fails(
        &["--format", "beamer", "--random", "3x5", "--seed", "1"],
        None,
    );
    assert!(
        e.contains("--format beamer: the tree has 156 nodes; slides are drawn for at most 127"),
        "{e}"
    );
}

/// A worksheet's exercises and answers (after `\section*{Answers}`), one piece each.
fn worksheet_parts(doc: &str) -> (Vec<&str>, Vec<&str>) {
    assert!(doc.contains("\\documentclass"), "a whole document");
    assert!(doc.trim_end().ends_with("\\end{document}"), "{doc}");
    let (questions, answers) = doc.split_once("\\section*{Answers}").unwrap();
    fn pieces(text: &str) -> Vec<&str> {
        text.split("\\subsection*{Exercise ").skip(1).collect()
    }
    (pieces(questions), pieces(answers))
}

/// The command in a worksheet's answer, as LaTeX sets it in typewriter type, back in plain
/// words.
fn worksheet_command(answer: &str) -> Vec<String> {
    let tt = answer.split("\\texttt{").nth(1).unwrap();
    let plain = tt
        .replace("\\allowbreak{}", "")
        .replace("-{}-", "--")
        .replace("{\\char13}", "'");
    let line = plain.rsplit_once("}}").unwrap().0;
    command_words(line)
}

/// The textbook tree's worksheet: the question draws the leaves' values and nothing the
/// search finds; the answer has the material's value, its 7 opened leaves and 2 cuts, and
/// Knuth and Moore's 5 leaves; its command explains the same tree.
#[test]
fn a_worksheet_asks_then_answers() {
    let doc = ok(&["--format", "worksheet", THREE]);
    let (questions, answers) = worksheet_parts(&doc);
    assert_eq!((questions.len(), answers.len()), (1, 1), "{doc}");
    let (q, a) = (questions[0], answers[0]);
    assert_eq!(
        q.matches("\\node[value]").count(),
        9,
        "the leaves' values only"
    );
    assert_eq!(q.matches("tree node, opened leaf").count(), 0);
    assert_eq!(q.matches("\\draw[cut mark]").count(), 0);
    assert_eq!(q.matches("\\item ").count(), 3, "{q}");
    assert!(!q.contains("value: "), "{q}");
    // The leaves' numbers under them, as the answers name the leaves (`#3=2`).
    for leaf in 0..9 {
        assert!(
            q.contains(&format!("align=center] at ({}", 30 + 23 + 46 * leaf)),
            "{q}"
        );
        assert_eq!(q.matches(&format!("{{\\#{leaf}}};")).count(), 1, "{q}");
    }
    assert_eq!(a.matches("tree node, opened leaf").count(), 7, "{a}");
    assert_eq!(a.matches("\\draw[cut mark]").count(), 2, "{a}");
    assert!(a.contains("\\item value: 3\\\\"), "{a}");
    assert!(a.contains("leaves opened: 7 of 9"), "{a}");
    assert!(a.contains("minimum: 5 leaves fix the value"), "{a}");
    // With --quiz, the students' copy: the same exercises, no answers.
    let copy = ok(&["--quiz", "--format", "worksheet", THREE]);
    assert!(!copy.contains("\\section*{Answers}"), "{copy}");
    let (exercises, _) = doc.split_once("\\section*{Answers}").unwrap();
    let body = |doc: &str| doc.split_once("\\documentclass").unwrap().1.to_string();
    assert_eq!(
        body(&copy)
            .trim_end()
            .trim_end_matches("\\end{document}")
            .trim_end(),
        body(exercises)
            .trim_end()
            .trim_end_matches("\\clearpage")
            .trim_end()
    );
    let words = worksheet_command(a);
    assert_eq!(&words[..1], ["--trace"]);
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    assert!(ok(&words).starts_with("value: 3   "), "{words:?}");
    // A worksheet asks the quiz's questions: no --given or --compare; --count is for one.
    for args in [
        &["--format", "worksheet", "--given", "0,1", THREE][..],
        &["--format", "worksheet", "--compare", THREE],
    ] {
        let e = fails(args, None);
        assert!(e.contains("leave out --given and --compare"), "{e}");
    }
    for args in [
        &["--format", "worksheet", "--count", "2", THREE][..],
        &["--random", "2x2", "--count", "2"],
    ] {
        let e = fails(args, None);
        assert!(
            e.contains("add --random SHAPE and --format worksheet"),
            "{e}"
        );
    }
    let o = run(
        &["--format", "worksheet", "--random", "2x2", "--count", "0"],
        None,
    );
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && e.contains("--count <N>"), "{e}");
}

/// `--count` random trees: exercise k is the tree of seed + k, answered as the textbook's
/// alpha-beta (written in the test) answers it.
#[test]
fn a_worksheet_of_random_trees_answers_each_as_the_textbook_does() {
    let shape = ["--random", "3x2-3", "--values", "-9..9"];
    let doc = ok(&[
        &shape[..],
        &["--format", "worksheet", "--count", "4", "--seed", "20"],
    ]
    .concat());
    let (questions, answers) = worksheet_parts(&doc);
    assert_eq!((questions.len(), answers.len()), (4, 4), "{doc}");
    for (k, (q, a)) in questions.iter().zip(&answers).enumerate() {
        let seed = (20 + k).to_string();
        let about = format!("random tree 3x2-3, values $-9$ to 9, seed {seed}");
        let plain = |text: &str| text.replace("\\allowbreak{}", "");
        assert!(
            plain(q).contains(&about) && plain(a).contains(&about),
            "{q}"
        );
        let json: Value =
            serde_json::from_str(&ok(
                &[&shape[..], &["--seed", &seed, "--format", "json"]].concat()
            ))
            .unwrap();
        let tree: Value = serde_json::from_str(json["random"]["tree"].as_str().unwrap()).unwrap();
        let mut opened = Vec::new();
        let value = textbook(&tree, true, (i64::MIN, i64::MAX), &mut 0, &mut opened);
        let value = if value < 0 {
            format!("${value}$")
        } else {
            value.to_string()
        };
        assert!(a.contains(&format!("\\item value: {value}\\\\")), "{a}");
        let leaves = common::leaves(&tree);
        assert!(
            a.contains(&format!("leaves opened: {} of {leaves}", opened.len())),
            "{a}"
        );
    }
}

/// An unknown leaf's worksheet asks for which values of E the search cuts, and answers with
/// its cases, which agree with the textbook's alpha-beta at a value in each.
#[test]
fn a_worksheet_on_an_unknown_leaf_answers_with_its_cases() {
    let doc = ok(&["--format", "worksheet", "A(B(D=10,E=?),C(F=2,G=4))"]);
    let (questions, answers) = worksheet_parts(&doc);
    assert!(questions[0].contains("For which values of E"), "{doc}");
    assert!(
        !questions[0].contains("\\#"),
        "a labelled tree's leaves go by their labels"
    );
    let a = answers[0];
    let cases: Vec<&str> = a.lines().filter(|l| l.starts_with("\\item ")).collect();
    let value_at = |e: i64| {
        textbook(
            &json!([[10, e], [2, 4]]),
            true,
            (i64::MIN, i64::MAX),
            &mut 0,
            &mut Vec::new(),
        )
    };
    assert_eq!(cases.len(), 3, "{a}");
    assert!(
        cases[0].starts_with("\\item \\textbf{E $\\leq$ 1}: value 2,"),
        "{a}"
    );
    assert_eq!(value_at(1), 2);
    assert!(
        cases[1].starts_with("\\item \\textbf{2 $\\leq$ E $\\leq$ 10}: value E,"),
        "{a}"
    );
    assert_eq!((value_at(2), value_at(7), value_at(10)), (2, 7, 10));
    assert!(
        cases[2].starts_with("\\item \\textbf{E $\\geq$ 11}: value 10,"),
        "{a}"
    );
    assert_eq!(value_at(11), 10);
    let words = worksheet_command(a);
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    assert!(ok(&words).contains("2 <= E <= 10  value E"), "{words:?}");
}

/// Under `--view mover` an unknown leaf's question draws the leaves as the player to move
/// sees them: the leaf under Min negated, the one under Max not, as the settings line says.
#[test]
fn an_unknown_leafs_question_is_drawn_in_the_view_asked() {
    for (view, shown, not) in [("max", "{$5$}", "{$-5$}"), ("mover", "{$-5$}", "{$5$}")] {
        let doc = ok(&["--format", "worksheet", "--view", view, "[5,[7,?]]"]);
        let (questions, _) = worksheet_parts(&doc);
        let q = questions[0];
        assert!(q.contains("For which values of x"), "{q}");
        assert!(q.contains(shown) && !q.contains(not), "{view}: {q}");
        assert!(q.contains("{$7$}"), "{view}: {q}");
        let legend = q.lines().filter(|l| l.starts_with("\\node[legend]"));
        let words = legend.collect::<Vec<_>>().join("\n");
        assert_eq!(words.contains("player to move"), view == "mover", "{words}");
    }
}

#[test]
fn input_from_a_file_and_from_stdin() {
    let dir = tempfile::Builder::new()
        .prefix("alphabeta-tree-")
        .tempdir()
        .unwrap();
    let file = dir.path().join("tree.txt");
    std::fs::write(&file, "[\n  [3, 12, 8],\n  [2, 4, 6],\n  [14, 5, 2]\n]\n").unwrap();
    let out = ok(&["-f", file.to_str().unwrap()]);
    assert!(out.starts_with("value: 3"), "{out}");
    let o = run(&[], Some("[4,[3,1]]"));
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("value: 4"));
    let o = run(&["-"], Some("A(B=1,C=2)"));
    assert!(String::from_utf8_lossy(&o.stdout).contains("best move: child 1 (C)"));
}

#[test]
fn every_error_is_clear() {
    let e = fails(&[""], None);
    assert!(e.contains("line 1, column 1: the tree is empty"), "{e}");
    let e = fails(&[], Some("   \n"));
    assert!(e.contains("the tree is empty"), "{e}");
    let e = fails(&["[[3,12],[]]"], None);
    assert!(e.contains("column 9: a node with no children"), "{e}");
    assert!(
        e.contains("  [[3,12],[]]\n          ^"),
        "caret under the fault: {e}"
    );
    let e = fails(&["[1,123456789012]"], None);
    assert!(e.contains("out of range"), "{e}");
    let e = fails(&["A(B=1,B=2)"], None);
    assert!(e.contains("duplicate label B"), "{e}");
    let e = fails(&[], Some("[1,\n2 3]"));
    assert!(e.contains("line 2, column 3"), "{e}");
    // A picture needs every value the search opens (the text answers case by case).
    let e = fails(&["--order", "rtl", "--format", "svg", LABELLED], None);
    assert!(e.contains("leaf L") && e.contains("unknown"), "{e}");
    let e = fails(&["--algorithm", "pvs", "--cut", "strict", THREE], None);
    assert!(e.contains("inclusive"), "{e}");
    let e = fails(&["-f", "/no/such/file.txt"], None);
    assert!(e.contains("/no/such/file.txt"), "{e}");
    let o = run(&["--format", "png", THREE], None);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("png"));
}

#[test]
fn help_states_the_conventions() {
    let out = ok(&["--help"]);
    for needle in [
        "Max node unless --root min",
        "left to right",
        ">= beta",
        "reading order",
        "pruned",
        "--random 3x3 --quiz",
    ] {
        assert!(out.contains(needle), "--help lacks {needle:?}");
    }
}

/// A reader that stops after a few bytes (like `| head`) ends the program quietly: no panic,
/// no error message, success; in the text and the JSON report alike.
#[test]
fn a_closed_pipe_ends_the_program_quietly() {
    use std::io::Read;
    // 6^6 leaves: megabytes of output, far more than a pipe holds.
    fn tree(d: u32, n: &mut i32) -> String {
        if d == 0 {
            *n = (*n * 7 + 3) % 19;
            return (*n - 9).to_string();
        }
        let kids: Vec<String> = (0..6).map(|_| tree(d - 1, n)).collect();
        format!("[{}]", kids.join(","))
    }
    let dir = tempfile::Builder::new()
        .prefix("alphabeta-pipe-")
        .tempdir()
        .unwrap();
    let file = dir.path().join("big.txt");
    std::fs::write(&file, tree(6, &mut 1)).unwrap();
    for format in ["text", "json"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
            .args(["tree", "-f", file.to_str().unwrap(), "--format", format])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 16];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
        // The read end is dropped here: the rest of the output meets a closed pipe.
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{format}: {:?} {err}", out.status);
        assert!(err.is_empty(), "{format}: {err}");
    }
}

/// The random tree a report names on its first line, as JSON.
fn random_tree_of(report: &str) -> Value {
    let first = report.lines().next().unwrap();
    let (_, tree) = first.split_once(": ").unwrap();
    serde_json::from_str(tree).unwrap()
}

#[test]
fn a_random_tree_has_its_shape_and_the_textbook_answer() {
    for seed in 0..12 {
        let seed = seed.to_string();
        let out = ok(&["--random", "3x2-4", "--values", "-9..9", "--seed", &seed]);
        assert!(
            out.starts_with(&format!(
                "random tree 3x2-4, values -9 to 9, seed {seed}: ["
            )),
            "{out}"
        );
        let tree = random_tree_of(&out);
        let (mut leaves, mut inner) = (Vec::new(), Vec::new());
        shape_of(&tree, 0, &mut leaves, &mut inner);
        assert!(leaves.iter().all(|&d| d == 3), "{tree}");
        assert!(inner.iter().all(|c| (2..=4).contains(c)), "{tree}");
        let mut opened = Vec::new();
        let value = textbook(&tree, true, (i64::MIN, i64::MAX), &mut 0, &mut opened);
        assert!(
            out.contains(&format!("\nvalue: {value}   (Max at the root")),
            "{out}"
        );
        let line = out
            .lines()
            .find(|l| l.starts_with("leaves opened:"))
            .unwrap();
        let listed: Vec<usize> = line
            .split(": ")
            .nth(2)
            .unwrap()
            .split(' ')
            .map(|l| l[1..l.find('=').unwrap()].parse().unwrap())
            .collect();
        assert_eq!(listed, opened, "{line}");
        // The same seed draws the same tree; the JSON carries it.
        let again = ok(&["--random", "3x2-4", "--values=-9..9", "--seed", &seed]);
        assert_eq!(again, out);
        let json: Value = serde_json::from_str(&ok(&[
            "--random", "3x2-4", "--values", "-9..9", "--seed", &seed, "--format", "json",
        ]))
        .unwrap();
        assert_eq!(json["value"], json!(value));
        assert_eq!(json["random"]["seed"], json!(seed.parse::<u64>().unwrap()));
        assert_eq!(
            serde_json::from_str::<Value>(json["random"]["tree"].as_str().unwrap()).unwrap(),
            tree
        );
    }
    // Without a seed one is chosen, and printed, so that the tree can be drawn again.
    let out = ok(&["--random", "2x3"]);
    let seed = out
        .split("seed ")
        .nth(1)
        .unwrap()
        .split(':')
        .next()
        .unwrap();
    assert_eq!(ok(&["--random", "2x3", "--seed", seed]), out);
}

#[test]
fn a_quiz_hides_the_answer_and_says_how_to_get_it() {
    let out = ok(&["--random", "3x3", "--quiz", "--order", "rtl"]);
    assert!(
        !out.contains("value:") && !out.contains("leaves opened:") && !out.contains("pruned:"),
        "{out}"
    );
    assert!(
        out.contains("the tree (Max at the root, right to left, alphabeta"),
        "{out}"
    );
    // Every leaf numbered, in reading order.
    for i in 0..27 {
        assert!(out.contains(&format!("  #{i}\n")), "{out}");
    }
    assert!(out.contains("1. What is the root's value"), "{out}");
    let answer = out
        .lines()
        .find(|l| l.starts_with("the answer: "))
        .unwrap_or_else(|| panic!("{out}"));
    assert_eq!(
        out.lines().last().unwrap(),
        format!(
            "to check your leaves for 3: {} --given LEAVES (their numbers, like 0,3,8)",
            &answer[12..]
        )
    );
    let words: Vec<&str> = answer
        .strip_prefix("the answer: alphabeta tree ")
        .unwrap_or_else(|| panic!("{out}"))
        .split(' ')
        .collect();
    assert!(!words.contains(&"--quiz"), "{answer}");
    // The answer is the same tree, explained with the same settings.
    let tree_line = out.lines().nth(2).unwrap();
    let full = ok(&words);
    assert!(full.starts_with("random tree 3x3"), "{full}");
    assert!(full.contains(tree_line), "{tree_line} not in {full}");
    assert!(
        full.contains("(Max at the root, right to left, alphabeta"),
        "{full}"
    );
    // Any tree can be a quiz; as SVG it is the picture bare: no value, no cut, no leaf opened.
    let svg = ok(&["--quiz", "--format", "svg", THREE]);
    let full = ok(&["--format", "svg", THREE]);
    assert!(full.contains("class=\"cutmark\"") && full.contains("class=\"opened"));
    for drawn in [
        "class=\"cutmark\"",
        "class=\"opened",
        "class=\"ghost\"",
        "node pvnode",
        "edge pv",
    ] {
        assert!(!svg.contains(drawn), "{drawn} in {svg}");
    }
    assert_eq!(svg.matches("<g data-node=").count(), 13, "{svg}");
    for leaf in ["3", "12", "8", "2", "4", "6", "14", "5"] {
        assert!(svg.contains(&format!("\">{leaf}</text>")), "{leaf}");
    }
    // Each inner node's value and window are there to fill in, empty.
    assert_eq!(svg.matches("<text class=\"win\"").count(), 4, "{svg}");
    assert_eq!(svg.matches("\"></text>").count(), 8, "{svg}");
}

#[test]
fn random_trees_refuse_bad_shapes_clearly() {
    let e = fails(&["--random", "9x9"], None);
    assert!(
        e.contains("--random: the depth must be 1 to 8, not 9"),
        "{e}"
    );
    let e = fails(&["--random", "three"], None);
    assert!(e.contains("like 3x3 or 3x2-4"), "{e}");
    let e = fails(&["--random", "6x8"], None);
    assert!(e.contains("allows 262144 leaves; at most 100000"), "{e}");
    let e = fails(&["--random", "3x3", "--values", "9..1"], None);
    assert!(e.contains("--values: a value range is LOW..HIGH"), "{e}");
    let e = fails(&["--seed", "4", THREE], None);
    assert!(e.contains("add --random SHAPE"), "{e}");
    let e = fails(&["--random", "3x3", "--quiz", "--format", "json"], None);
    assert!(e.contains("not as JSON, DOT or beamer slides"), "{e}");
    let o = run(&["--random", "3x3", THREE], None);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot be used with"));
}

#[test]
fn given_leaves_are_checked_against_the_definition() {
    // The textbook tree: 3, 12, 8 fix the first Min node at 3; a 2 under each of the others
    // caps it at 2, so five leaves fix the root and no four do.
    let right = ok(&["--given", "0,1,2,3,8", THREE]);
    assert_eq!(
        right,
        "given only these 5 of 9 leaves: #0=3 #1=12 #2=8 #3=2 #8=2\n\
         they fix the root's value at 3, and no fewer leaves do: right\n"
    );
    let more = ok(&["--given", "#0 #1 #2 #3 #4 #8", THREE]);
    assert!(
        more.contains("at 3, but fewer leaves do\nthe fewest that fix it: 5 leaves, like"),
        "{more}"
    );
    let short = ok(&["--given", "0,3,8", THREE]);
    assert!(
        short.contains(
            "they do not fix the root's value: whatever the others hold, it lies from -inf to 3"
        ),
        "{short}"
    );
    // Labels work as well as numbers; an unknown leaf stays unknown.
    let labelled = ok(&["--given", "D,J,K,H", LABELLED]);
    assert!(
        labelled.contains("at 4, and no fewer leaves do: right"),
        "{labelled}"
    );
    let unknown = ok(&["--given", "D,J,K,N", LABELLED]);
    assert!(unknown.contains("do not fix"), "{unknown}");
    // A tree whose search needs a `?` leaf is checked too (by hand: with D = 10 and F = 2
    // alone, B = min(10, E) is at most 10 and C = min(2, G) at most 2, so the root lies from
    // -inf to 10; with every leaf but E, C = 2 and B from -inf to 10: 2 to 10).
    let exam = "A(B(D=10,E=?),C(F=2,G=4))";
    let some = ok(&["--given", "D,F", exam]);
    assert!(some.contains("it lies from -inf to 10\n"), "{some}");
    assert!(
        some.contains("the value depends on unknown leaves"),
        "{some}"
    );
    let all = ok(&["--given", "D,E,F,G", exam, "--format", "json"]);
    let all: Value = serde_json::from_str(&all).unwrap();
    assert_eq!(
        (
            &all["given"]["low"],
            &all["given"]["high"],
            &all["given"]["fixes"]
        ),
        (&json!(2), &json!(10), &json!(false))
    );
    // Random trees and random sets, as JSON, against minimax with the others at either extreme.
    for seed in 0..6u64 {
        let seed_text = seed.to_string();
        let base = [
            "--random", "3x2-3", "--seed", &seed_text, "--format", "json",
        ];
        let report: Value = serde_json::from_str(&ok(&base)).unwrap();
        let tree: Value = serde_json::from_str(report["random"]["tree"].as_str().unwrap()).unwrap();
        let count = common::leaves(&tree);
        for pick in 0..8u64 {
            // A set from the seed and the pick, and once the set the product calls fewest.
            let chosen: Vec<usize> = if pick == 0 {
                serde_json::from_value(report["minimum"]["witness"].clone()).unwrap()
            } else {
                (0..count)
                    .filter(|i| (seed * 31 + pick * 7 + *i as u64 * 13) % 5 < 3)
                    .collect()
            };
            let list = chosen
                .iter()
                .map(|i| i.to_string())
                .collect::<Vec<_>>()
                .join(",");
            let mut args = base.to_vec();
            args.extend(["--given", &list]);
            let json: Value = serde_json::from_str(&ok(&args)).unwrap();
            let g = &json["given"];
            let low = value_given(&tree, true, &chosen, -1000, &mut 0);
            let high = value_given(&tree, true, &chosen, 1000, &mut 0);
            let shown = |v: i64| {
                if v.abs() == 1000 {
                    json!(if v < 0 { "-inf" } else { "inf" })
                } else {
                    json!(v)
                }
            };
            assert_eq!(g["leaves"], json!(chosen), "{list}");
            assert_eq!(
                (&g["low"], &g["high"]),
                (&shown(low), &shown(high)),
                "seed {seed}: {list}"
            );
            assert_eq!(g["fixes"], json!(low == high), "seed {seed}: {list}");
            if pick == 0 {
                assert_eq!(g["fixes"], json!(true), "the fewest fix the value");
            }
        }
    }
    // A random tree's line comes first, so the check says which tree it is about.
    let out = ok(&["--random", "2x2", "--seed", "3", "--given", "0,3"]);
    assert!(
        out.starts_with("random tree 2x2, values 0 to 20, seed 3: ["),
        "{out}"
    );
    assert!(
        out.lines()
            .nth(1)
            .unwrap()
            .starts_with("given only these 2 of 4 leaves"),
        "{out}"
    );
    let table = ok(&["--random", "2x2", "--seed", "3", "--compare"]);
    assert!(
        table.starts_with("random tree 2x2, values 0 to 20, seed 3: ["),
        "{table}"
    );
    let e = fails(&["--given", "#", THREE], None);
    assert!(e.contains("--given: '#' names no leaf"), "{e}");
    let e = fails(&["--given", "9", THREE], None);
    assert!(
        e.contains("--given: there is no leaf #9: the leaves are #0 to #8"),
        "{e}"
    );
    let e = fails(&["--given", "C", LABELLED], None);
    assert!(e.contains("--given: C is not a leaf"), "{e}");
    let e = fails(&["--given", "Q", LABELLED], None);
    assert!(e.contains("--given: no node is labelled 'Q'"), "{e}");
    let e = fails(&["--given", "0", "--format", "svg", THREE], None);
    assert!(e.contains("--given answers as text or JSON"), "{e}");
}

#[test]
fn the_negamax_view_worked_by_hand() {
    // max{4, min{3, 1}} in the negamax form: the leaf 4 is -4 to Min, who moves there; the
    // root takes -(-4) = 4 and gives the Min node the window (-inf, -4); its first leaf, 3
    // for Max who moves there, makes -3 >= -4: a cut at beta, and the Min node's -3 is a
    // lower bound.
    let out = ok(&[
        "--algorithm",
        "negamax",
        "--view",
        "mover",
        "--trace",
        "[4,[3,1]]",
    ]);
    assert!(
        out.starts_with("value: 4   (Max at the root, left to right, negamax, cut at >= beta, values as the player to move sees them)\n"),
        "{out}"
    );
    let trace: Vec<&str> = out.split("trace:\n").nth(1).unwrap().lines().collect();
    assert_eq!(
        trace,
        [
            "   1. enter root (Max) with (-inf, inf)",
            "   2.   open leaf [0] = -4 (Min's view of 4)   (window (-inf, inf))",
            "   3. root: alpha = 4, window (4, inf)",
            "   4.   enter [1] (Min) with (-inf, -4)",
            "   5.     open leaf [1,0] = 3   (window (4, inf))",
            "   6.   cut at [1]: -3 >= beta -4, the other children are pruned",
            "   7.   leave [1] with -3 (a lower bound)",
            "   8. leave root with 4",
        ]
    );
    assert!(
        out.contains("\n└── min -3 (at least)  (-inf, -4)\n"),
        "{out}"
    );
    // Min at the root: the root's value is Min's, negated; the JSON says whose view it is.
    let json: Value = serde_json::from_str(&ok(&[
        "--root", "min", "--view", "mover", "--format", "json", THREE,
    ]))
    .unwrap();
    let max_view: Value =
        serde_json::from_str(&ok(&["--root", "min", "--format", "json", THREE])).unwrap();
    assert_eq!(
        (&json["view"], &max_view["view"]),
        (&json!("mover"), &json!("max"))
    );
    assert_eq!(json["value"], json!(-max_view["value"].as_i64().unwrap()));
    let o = run(&["--view", "min", THREE], None);
    assert!(!o.status.success());
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(e.contains("invalid value 'min' for '--view"), "{e}");
}

#[test]
fn a_uniform_tree_names_knuth_and_moores_minimum() {
    // Depth 2, 3 children: 3^1 + 3^1 - 1 = 5, the material's tree's minimum.
    let out = ok(&[THREE]);
    assert!(
        out.contains("minimum: 5 leaves fix the value: #0 #1 #2 #3 #8\n  as in every uniform tree of depth 2 with 3 children a node: 3^1 + 3^1 - 1 (Knuth and Moore's minimal tree)\n"),
        "{out}"
    );
    let json: Value = serde_json::from_str(&ok(&["--format", "json", THREE])).unwrap();
    assert_eq!(
        json["minimum"]["uniform"],
        json!({"depth": 2, "children": 3})
    );
    // The comparison says so too, and gives an order in which the textbook's alpha-beta
    // opens only those 5.
    let table = ok(&["--compare", THREE]);
    assert!(
        table.contains(
            "\nas in every uniform tree of depth 2 with 3 children a node: 3^1 + 3^1 - 1"
        ),
        "{table}"
    );
    let order = table
        .lines()
        .find_map(|l| l.strip_prefix("alpha-beta opens only those in this order: "))
        .unwrap_or_else(|| panic!("{table}"));
    let order: Value = serde_json::from_str(order).unwrap();
    let mut opened = Vec::new();
    textbook(&order, true, (i64::MIN, i64::MAX), &mut 0, &mut opened);
    assert_eq!(opened.len(), 5, "{order}");
    // The exam tree is not uniform.
    let exam = "[[[[4,8,6],[1,9]],[[5,8],[-1,2]]],[[[0,3],[-6,6]],[[1],[0,9,-7]]]]";
    assert!(!ok(&[exam]).contains("uniform"));
    let json: Value = serde_json::from_str(&ok(&["--format", "json", exam])).unwrap();
    assert_eq!(json["minimum"]["uniform"], Value::Null);
}

/// The exam question "for which values of E is G cut?", worked by hand. B = min(10, E), and
/// C's first leaf F = 2 ends C when F <= alpha = B, so G is cut exactly when E >= 2. The
/// root is max(B, C): 2 while E <= 1 (then C = min(2, 4) = 2), E up to 10, then 10.
#[test]
fn an_unknown_leaf_the_search_needs_is_answered_for_each_of_its_values() {
    let exam = "A(B(D=10,E=?),C(F=2,G=4))";
    let text = ok(&[exam]);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains("needs leaf E"), "{text}");
    let row = |range: &str| {
        lines
            .iter()
            .find(|l| l.trim_start().starts_with(range))
            .unwrap_or_else(|| panic!("no case {range}:\n{text}"))
            .to_string()
    };
    assert!(row("E <= 1 ").contains("value 2, best move C; opens 4 of 4: D E F G; pruned: nothing"));
    assert!(row("2 <= E <= 10 ").contains("value E, best move B; opens 3 of 4: D E F; pruned: G"));
    assert!(row("E >= 11 ").contains("value 10, best move B; opens 3 of 4: D E F; pruned: G"));
    assert_eq!(
        lines.iter().filter(|l| l.contains("; opens")).count(),
        3,
        "{text}"
    );

    let j: Value = serde_json::from_str(&ok(&["--format", "json", exam])).unwrap();
    let u = &j["unknown"];
    assert_eq!(u["leaf"], 1);
    assert_eq!(u["label"], "E");
    let rows = u["cases"].as_array().unwrap();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0]["high"], 1);
    assert_eq!(rows[1]["low"], 2);
    assert_eq!(rows[1]["high"], 10);
    assert_eq!(rows[1]["value"], "unknown");
    assert_eq!(rows[1]["opened"], json!([0, 1, 2]));
    assert_eq!(rows[1]["pruned"], json!([[1, 1]]));
    assert_eq!(rows[2]["value"], 10);
    // Each case names a value of it, and the tree with that value explains as the case says.
    for row in rows {
        let example = row["example"].as_i64().unwrap();
        assert!(
            row["low"].as_i64().unwrap() <= example && example <= row["high"].as_i64().unwrap()
        );
        let tree = row["tree"].as_str().unwrap();
        assert_eq!(tree, exam.replace("E=?", &format!("E={example}")));
        let j: Value = serde_json::from_str(&ok(&["--format", "json", tree])).unwrap();
        assert_eq!(j["opened"], row["opened"]);
        assert_eq!(j["best_move"], row["best_move"]);
        let value = if row["value"] == "unknown" {
            json!(example)
        } else {
            row["value"].clone()
        };
        assert_eq!(j["value"], value);
    }

    // (A quiz asks the question instead: a_quiz_on_an_unknown_leaf_asks_for_its_cases.)
}

/// Two unknown leaves, worked by hand: `[[3,x],[y,4]]`. The first Min node is min(3, x); the
/// second stops at y when y <= alpha = min(3, x), else it is min(y, 4). So for x <= 3: y <= x
/// cuts 4 and the root is x; x < y <= 4 gives y; y >= 5 gives 4. For x >= 4 the first is 3:
/// y <= 3 cuts, 3; y >= 4 gives 4.
#[test]
fn two_unknown_leaves_are_answered_for_each_pair_of_values() {
    let exam = "[[3,?],[?,4]]";
    let text = ok(&[exam]);
    for line in [
        "  x <= 3  the search needs leaf #2 (call its value y) too, which is unknown; for each value of y:",
        "            y <= x      value x, best move [0]; opens 3 of 4: #0 #1 #2; pruned: [1,1]",
        "            x < y <= 4  value y, best move [1]; opens 4 of 4: #0 #1 #2 #3; pruned: nothing",
        "            y >= 5      value 4, best move [1]; opens 4 of 4: #0 #1 #2 #3; pruned: nothing",
        "  x >= 4  the search needs leaf #2 (call its value y) too,",
        "            y <= 3  value 3, best move [0]; opens 3 of 4: #0 #1 #2; pruned: [1,1]",
        "            y >= 4  value 4, best move [1]; opens 4 of 4: #0 #1 #2 #3; pruned: nothing",
        "(x and y taken as whole numbers",
    ] {
        assert!(text.contains(line), "no {line:?} in:\n{text}");
    }
    // The JSON's inner cases: ends that name the first unknown, and examples whose trees
    // explain as the case says.
    let j: Value = serde_json::from_str(&ok(&["--format", "json", exam])).unwrap();
    let rows = j["unknown"]["cases"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(
        (&rows[0]["high"], &rows[0]["needs"]),
        (&json!(3), &json!(2))
    );
    let inner = rows[0]["cases"].as_array().unwrap();
    assert_eq!(inner[0]["high"], "x");
    assert_eq!(inner[1]["low"], "x+1");
    assert_eq!(inner[1]["value"], "other");
    for row in rows {
        for case in row["cases"].as_array().unwrap() {
            let [e, f] = [0, 1].map(|i| case["example"][i].as_i64().unwrap());
            let tree = case["tree"].as_str().unwrap();
            assert_eq!(tree, format!("[[3,{e}],[{f},4]]"));
            let got: Value = serde_json::from_str(&ok(&["--format", "json", tree])).unwrap();
            assert_eq!(got["opened"], case["opened"], "{tree}");
            let value = match case["value"].as_str() {
                Some("unknown") => json!(e),
                Some("other") => json!(f),
                _ => case["value"].clone(),
            };
            assert_eq!(got["value"], value, "{tree}");
        }
    }
    // The quiz asks about both.
    let quiz = ok(&[exam, "--quiz"]);
    assert!(
        quiz.contains(
            "Leaves #1 and #2 (call their values x and y) are unknown. For which values of x and y"
        ),
        "{quiz}"
    );
    // A third unknown leaf is named, not followed.
    let three = ok(&["[[3,?],[?,?]]"]);
    assert!(three.contains("needs leaf #3 too"), "{three}");
}

/// Values of the first unknown on the tree's values are taken together where the same words
/// hold for each, in its terms. `[[x,4],[[2,6],[y,1]]]`, by hand: the first Min node is
/// min(x, 4); the second opens 2 and 6 (6, above any alpha here), then y and, unless y >= 6
/// cuts it, 1: it is min(6, max(y, 1)); ties keep the first child. For 1 <= x <= 4 that is
/// "y <= x: x by [0]; x < y <= 5: y; y >= 6: 6", the same words for x = 1, 2, 3 and 4 (one
/// case, not four); for x <= 0 the second child wins even at y <= 1 (value 1); for x >= 5 the
/// first is 4.
#[test]
fn values_of_the_first_unknown_are_taken_together_in_its_terms() {
    let text = ok(&["[[?,4],[[2,6],[?,1]]]"]);
    for line in [
        "  x <= 0       the search needs leaf #4 (call its value y) too,",
        "                 y <= 1       value 1, best move [1]; opens 6 of 6: #0 #1 #2 #3 #4 #5; pruned: nothing",
        "                 2 <= y <= 5  value y, best move [1]; opens 6 of 6: #0 #1 #2 #3 #4 #5; pruned: nothing",
        "                 y >= 6       value 6, best move [1]; opens 5 of 6: #0 #1 #2 #3 #4; pruned: [1,1,1]",
        "  1 <= x <= 4  the search needs leaf #4 (call its value y) too,",
        "                 y <= x      value x, best move [0]; opens 6 of 6: #0 #1 #2 #3 #4 #5; pruned: nothing",
        "                 x < y <= 5  value y, best move [1]; opens 6 of 6: #0 #1 #2 #3 #4 #5; pruned: nothing",
        "                 y >= 6      value 6, best move [1]; opens 5 of 6: #0 #1 #2 #3 #4; pruned: [1,1,1]",
        "  x >= 5       the search needs leaf #4 (call its value y) too,",
        "                 y <= 4  value 4, best move [0]; opens 6 of 6: #0 #1 #2 #3 #4 #5; pruned: nothing",
        "                 y = 5   value y, best move [1]; opens 6 of 6: #0 #1 #2 #3 #4 #5; pruned: nothing",
        "                 y >= 6  value 6, best move [1]; opens 5 of 6: #0 #1 #2 #3 #4; pruned: [1,1,1]",
    ] {
        assert!(text.contains(line), "no {line:?} in:\n{text}");
    }
    let cases = text
        .lines()
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "));
    assert_eq!(cases.count(), 3, "three cases of x:\n{text}");
}

/// The same question with Min at the root, in the player to move's view, worked by hand.
/// A = min(B, C) with B = max(10, E); C's first leaf F = 12 ends C when F >= beta = B, so G
/// is cut exactly when E <= 12. The root is 10 while E <= 10, E up to 12, then 12; Min sees
/// each negated, and E stays as the tree gives it.
#[test]
fn the_cases_of_an_unknown_leaf_are_in_the_view_asked_for() {
    let exam = "A(B(D=10,E=?),C(F=12,G=4))";
    let text = ok(&[exam, "--root", "min", "--view", "mover"]);
    for line in [
        "E <= 10        value -10, best move B; opens 3 of 4: D E F; pruned: G",
        "11 <= E <= 12  value -E, best move B; opens 3 of 4: D E F; pruned: G",
        "E >= 13        value -12, best move C; opens 4 of 4: D E F G; pruned: nothing",
        "the negation of Max's",
    ] {
        assert!(text.contains(line), "no {line:?} in:\n{text}");
    }
    // In Max's view the same cases hold the values themselves, and say nothing of Min.
    let max = ok(&[exam, "--root", "min"]);
    assert!(
        max.contains("11 <= E <= 12  value E, best move B;"),
        "{max}"
    );
    assert!(!max.contains("negation"), "{max}");
    let j: Value = serde_json::from_str(&ok(&[
        exam, "--root", "min", "--view", "mover", "--format", "json",
    ]))
    .unwrap();
    assert_eq!(j["unknown"]["view"], "mover");
    let rows = j["unknown"]["cases"].as_array().unwrap();
    let values: Vec<&Value> = rows.iter().map(|r| &r["value"]).collect();
    assert_eq!(values, [&json!(-10), &json!("-unknown"), &json!(-12)]);
    // Each example tree, explained in Max's view, holds the negation.
    for row in rows {
        let tree = row["tree"].as_str().unwrap();
        let e: Value =
            serde_json::from_str(&ok(&[tree, "--root", "min", "--format", "json"])).unwrap();
        let max_value = e["value"].as_i64().unwrap();
        let seen = match row["value"].as_str() {
            Some("-unknown") => -row["example"].as_i64().unwrap(),
            _ => row["value"].as_i64().unwrap(),
        };
        assert_eq!(seen, -max_value, "{row}");
    }
}

/// The words of a command line the program printed (`alphabeta tree ...`), the tree's
/// quotes taken off, to run it again.
fn command_words(line: &str) -> Vec<String> {
    let rest = line
        .split_once("alphabeta tree ")
        .unwrap_or_else(|| panic!("no command in {line}"))
        .1;
    let mut words = Vec::new();
    let mut quoted = false;
    let mut word = String::new();
    for ch in rest.chars() {
        match ch {
            '\'' => quoted = !quoted,
            ' ' if !quoted => words.push(std::mem::take(&mut word)),
            _ => word.push(ch),
        }
    }
    words.push(word);
    words.retain(|w| !w.is_empty());
    words
}

/// The README's examples of the games' look-ahead trees (`alphabeta tictactoe tree`,
/// `alphabeta gomoku tree`) print the tree the README shows on the next line.
#[test]
fn the_readme_lookahead_trees_are_what_the_commands_print() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md");
    let readme = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = readme.lines().map(str::trim).collect();
    let mut checked = 0;
    for (i, line) in lines.iter().enumerate() {
        let Some(command) = line.strip_prefix("$ alphabeta ") else {
            continue;
        };
        if !(command.starts_with("tictactoe tree") || command.starts_with("gomoku tree")) {
            continue;
        }
        let o = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
            .args(command.split_whitespace())
            .output()
            .unwrap();
        assert!(o.status.success(), "README line {}: {line}", i + 1);
        let printed = String::from_utf8(o.stdout).unwrap();
        assert_eq!(
            printed.trim(),
            lines[i + 1],
            "README line {}: {line}",
            i + 1
        );
        checked += 1;
    }
    assert_eq!(
        checked, 2,
        "the README's two look-ahead examples were found"
    );
}

#[test]
fn the_commands_a_picture_quiz_prints_run() {
    let o = run(&["--quiz", "--format", "svg", THREE], None);
    assert!(o.status.success());
    let err = String::from_utf8(o.stderr).unwrap();
    let answer = err.lines().find(|l| l.starts_with("the answer:")).unwrap();
    let words = command_words(answer);
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    assert!(ok(&words).starts_with("<svg"), "{answer}");
    let check = err.lines().find(|l| l.starts_with("to check")).unwrap();
    let mut words = command_words(check.trim_end_matches(" --given LEAVES"));
    words.extend(["--given".into(), "0,1,2,3,8".into()]);
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    assert!(ok(&words).contains("no fewer leaves do: right"), "{check}");
}

#[test]
fn a_quiz_on_an_unknown_leaf_asks_for_its_cases() {
    let exam = "A(B(D=10,E=?),C(F=2,G=4))";
    let out = ok(&["--quiz", exam]);
    assert!(
        out.contains("1. Leaf E is unknown. For which values of E"),
        "{out}"
    );
    assert!(out.contains("E ?  #1"), "{out}");
    assert!(
        !out.contains("value 2;") && !out.contains("pruned"),
        "{out}"
    );
    let answer = out.lines().find(|l| l.starts_with("the answer:")).unwrap();
    let words = command_words(answer);
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    assert!(ok(&words).contains("2 <= E <= 10  value E"), "{answer}");
    // As a picture: the bare tree, E drawn as '?', and the answer as text.
    let o = run(&["--quiz", "--format", "svg", exam], None);
    assert!(o.status.success());
    let svg = String::from_utf8(o.stdout).unwrap();
    assert!(
        svg.contains("\">?</text>") && !svg.contains("class=\"cutmark\""),
        "{svg}"
    );
    let err = String::from_utf8(o.stderr).unwrap();
    let answer = err.lines().find(|l| l.starts_with("the answer:")).unwrap();
    assert!(!answer.contains("--format"), "{answer}");
}

/// The README's examples of `alphabeta tree` print what the README shows (a line starting
/// `...` there stands for the rest), so the documentation cannot drift from the program.
#[test]
fn the_readme_examples_print_what_the_readme_shows() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md");
    let readme = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = readme.lines().collect();
    let mut checked = 0;
    for (i, line) in lines.iter().enumerate() {
        // Examples may sit indented in a list item: the lines shown carry the same indent.
        let indent = &line[..line.len() - line.trim_start().len()];
        let Some(command) = line.trim_start().strip_prefix("$ alphabeta tree ") else {
            continue;
        };
        // A command that takes another's output shows no output of its own to check (the
        // tic-tac-toe tree's, `$(alphabeta tictactoe tree)`, is checked by its own test).
        if command.contains("$(") {
            continue;
        }
        let words = command_words(&format!("alphabeta tree {command}"));
        let args: Vec<&str> = words.iter().map(String::as_str).collect();
        let o = run(&args, None);
        let printed = format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
        let shown = lines[i + 1..]
            .iter()
            .map(|l| l.strip_prefix(indent).unwrap_or(l))
            .take_while(|l| !l.starts_with("```") && !l.starts_with("$ "));
        let mut printed_lines = printed.lines();
        let mut whole = true;
        for want in shown {
            if want.starts_with("...") {
                whole = false;
                break;
            }
            assert_eq!(
                printed_lines.next(),
                Some(want),
                "README line {}: {line}\n{printed}",
                i + 1
            );
        }
        if whole {
            assert_eq!(
                printed_lines.next(),
                None,
                "README line {}: more printed",
                i + 1
            );
        }
        checked += 1;
    }
    assert!(checked >= 6, "the README's examples were found");
}

/// Heuristic ordering by static values, worked by hand: the three Min nodes of the material
/// with static values 3, 5 and 6. By static value Max searches J (6) first: 14, 5, 2 make it
/// 2; then C (5): G = 2 <= alpha = 2 cuts H and I; then B (3): 3, 12, 8, so B = 3 = the root.
#[test]
fn children_ordered_by_their_static_values() {
    let tree = "A(B=3(D=3,E=12,F=8),C=5(G=2,H=4,I=6),J=6(K=14,L=5,M=2))";
    let out = ok(&[tree, "--order", "static"]);
    for line in [
        "value: 3   (Max at the root, by static value, alphabeta,",
        "leaves opened: 7 of 9: K=14 L=5 M=2 G=2 D=3 E=12 F=8\n",
        "pruned: H I\n",
        "├── C min 2 (at most)  static 5  (2, inf)",
    ] {
        assert!(out.contains(line), "no {line:?} in:\n{out}");
    }
    // Min orders the lowest first: with Min at the root B (3) comes first.
    let min = ok(&[tree, "--order", "static", "--root", "min", "--trace"]);
    let at = |name: &str| min.find(&format!("enter {name} (Max)")).unwrap();
    assert!(at("B") < at("C") && at("C") < at("J"), "{min}");
    // The comparison gains a column, and the JSON carries the static values.
    let table = ok(&[tree, "--compare"]);
    assert!(
        table.lines().next().unwrap().ends_with("by static value"),
        "{table}"
    );
    let j: Value = serde_json::from_str(&ok(&[tree, "--format", "json", "--compare"])).unwrap();
    assert_eq!(j["nodes"][1]["static_value"], 3);
    assert_eq!(j["nodes"][2]["static_value"], Value::Null);
    let row = j["compare"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["algorithm"] == "alphabeta" && r["order"] == "static")
        .unwrap();
    assert_eq!(row["leaves_opened"], 7);
    // The README's example, by hand: left to right B (2), C (14 5 2) and J (3 12 8) each
    // open every leaf, 9; by static value J (3) first: 3 12 8, then C: 14 5 2 (2 <= 3 only
    // at its last), then B: D = 2 <= 3 cuts E and F: 7.
    let good = "A(B=1(D=2,E=4,F=6),C=2(G=14,H=5,I=2),J=3(K=3,L=12,M=8))";
    let j: Value = serde_json::from_str(&ok(&[good, "--format", "json", "--compare"])).unwrap();
    let opened = |order: &str| {
        j["compare"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["algorithm"] == "alphabeta" && r["order"] == order)
            .map(|r| r["leaves_opened"].clone())
    };
    assert_eq!(
        (opened("ltr"), opened("static")),
        (Some(json!(9)), Some(json!(7)))
    );
    // The static values are part of the question: the quiz draws them.
    let quiz = ok(&[good, "--order", "static", "--quiz"]);
    assert!(quiz.contains("├── B min  static 1\n"), "{quiz}");
    // A random tree with exact static values: each inner node's below the root is its
    // minimax value (checked here against the textbook search of each subtree).
    let out = ok(&[
        "--random",
        "2x3",
        "--seed",
        "5",
        "--statics",
        "0",
        "--format",
        "json",
    ]);
    let j: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["random"]["static_noise"], 0);
    let nodes = j["nodes"].as_array().unwrap();
    for n in nodes
        .iter()
        .filter(|n| n["path"].as_array().unwrap().len() == 1)
    {
        let path = n["path"].clone();
        let leaves: Vec<i64> = nodes
            .iter()
            .filter(|m| m["leaf"].is_u64() && m["path"][0] == path[0])
            .map(|m| m["leaf_value"].as_i64().unwrap())
            .collect();
        assert_eq!(n["static_value"], json!(leaves.iter().min()), "{out}");
    }
    let e = fails(&["--statics", "2", THREE], None);
    assert!(e.contains("--statics are for a random tree"), "{e}");
    // A tree without static values compares the two directions only.
    let plain: Value =
        serde_json::from_str(&ok(&[THREE, "--format", "json", "--compare"])).unwrap();
    assert!(plain["compare"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["order"] != "static"));
}

/// An unknown static value (`E=?(...)`), worked by hand: cut at depth 2, B is the lower of D's
/// static 3 and E's, and C's first child F holds 2, so G is cut once B >= 2, that is once
/// E >= 2; the root is the larger of B and C (2 when G is searched).
#[test]
fn an_unknown_static_value_at_the_cut_is_asked_about() {
    let t = "A(B(D=3(M=1,N=3),E=?(O=6,P=0)),C(F=2(Q=2,R=1),G=5(S=5,T=4)))";
    let out = ok(&["--depth", "2", t]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[2..6],
        [
            "the search needs E's static value, which is unknown ('?'); how it goes for each value of E:",
            "  E <= 1       value 2, best move C; opens 4 of 4: D E F G; pruned: nothing",
            "  2 <= E <= 3  value E, best move B; opens 3 of 4: D E F; pruned: G",
            "  E >= 4       value 3, best move B; opens 3 of 4: D E F; pruned: G",
        ],
        "{out}"
    );
    let quiz = ok(&["--depth", "2", "--quiz", t]);
    assert!(
        quiz.contains("1. E's static value is unknown. For which values of E does alphabeta prune"),
        "{quiz}"
    );
    // Searched to the end, no static value is needed: B holds 3 (min of 3 and 6), C 2.
    assert!(ok(&[t]).starts_with("value: 3 "));
    // Each case's tree to follow step by step is the whole tree with E's static value set.
    let j: Value = serde_json::from_str(&ok(&["--depth", "2", "--format", "json", t])).unwrap();
    for case in j["unknown"]["cases"].as_array().unwrap() {
        let set = t.replace("E=?", &format!("E={}", case["example"]));
        assert_eq!(case["tree"], json!(set), "{case}");
    }
    // Unlabelled, the leaf the static value became is named by its number.
    let lists = ok(&["--depth", "2", "[[3[1,3],?[6,0]],[2[2,1],5[5,4]]]"]);
    assert!(
        lists.contains("the search needs #1's static value (call it x), which is unknown"),
        "{lists}"
    );
}

/// A depth-limited search, worked by hand: cut at depth 1, B, C and J count as their static
/// values 5, 2 and 3, so Max takes B at 5, while searched to the end the tree is worth 3
/// (the Min nodes hold 2, 2 and 3): the static value of B misled the search.
#[test]
fn a_depth_limit_values_the_frontier_by_static_values() {
    let misled = "A(B=5(D=2,E=4,F=6),C=2(G=14,H=5,I=2),J=3(K=3,L=12,M=8))";
    let out = ok(&["--depth", "1", misled]);
    let head: Vec<&str> = out.lines().take(4).collect();
    assert_eq!(
        head,
        [
            "depth limit 1: static values stand in for the subtrees below B=5 C=2 J=3 (9 leaves not searched)",
            "the whole tree's value, searched to the end: 3",
            "value: 5   (Max at the root, left to right, alphabeta, cut at >= beta / <= alpha)",
            "best move: child 0 (B)",
        ]
    );
    assert!(out.contains("leaves opened: 3 of 3: B=5 C=2 J=3"), "{out}");
    // Step by step they are evaluated, not opened (as Min sees them, in the mover's view).
    let trace = ok(&["--depth", "1", "--trace", "--view", "mover", misled]);
    assert!(
        trace.contains(
            "  evaluate B = -5 (Min's view of 5, its static value)   (window (-inf, inf))"
        ),
        "{trace}"
    );
    // Under Min at the root the Min nodes become Max nodes: 6, 14, 12, and Min takes 6; cut at
    // depth 1 Min takes the lowest static value, C's 2.
    let j: Value = serde_json::from_str(&ok(&[
        "--depth", "1", "--root", "min", "--format", "json", misled,
    ]))
    .unwrap();
    assert_eq!(
        (&j["value"], &j["depth_limit"]["full_value"]),
        (&json!(2), &json!(6))
    );
    // The comparison searches to each depth the tree can be cut at, then to the end: J, whose
    // Min node holds 3 (min of 3, 12, 8), is the move that a full search picks.
    let table = ok(&["--compare", misled]);
    let deepening: Vec<&str> = table.lines().rev().take(2).collect();
    assert_eq!(
        deepening,
        [
            "to the end     3  J                9 of 9",
            "1              5  B                3 of 3",
        ],
        "{table}"
    );
    // The quiz asks about the cut tree and keeps the whole tree's value to itself.
    let quiz = ok(&["--depth", "1", "--quiz", misled]);
    assert!(quiz.contains("A(B=5,C=2,J=3)"), "{quiz}");
    assert!(!quiz.contains("searched to the end"), "{quiz}");
    // With exact static values a search cut at any depth finds the whole tree's value.
    for depth in ["1", "2"] {
        let args = [
            "--random",
            "3x3",
            "--statics",
            "0",
            "--seed",
            "5",
            "--depth",
            depth,
        ];
        let j: Value =
            serde_json::from_str(&ok(&[&args[..], &["--format", "json"]].concat())).unwrap();
        assert_eq!(j["value"], j["depth_limit"]["full_value"], "{j}");
        let whole: Value = serde_json::from_str(&ok(&[
            "--format",
            "json",
            j["random"]["tree"].as_str().unwrap(),
        ]))
        .unwrap();
        assert_eq!(j["value"], whole["value"], "{j}");
    }
    // The leaves a limit makes of subtrees are marked, and searched by their static values:
    // at depth 2 C (Min) takes G (1) first, and 1 <= alpha 3 cuts F; left to right F is opened.
    let ordered = "A(B(D=3(P=0),E=7(Q=0)),C(F=6(R=0),G=1(S=0)))";
    let out = ok(&["--depth", "2", "--order", "static", ordered]);
    assert!(
        out.contains("leaves opened: 3 of 4: D=3 E=7 G=1\npruned: F\n"),
        "{out}"
    );
    assert!(out.contains("    ├── F 6  static  -- pruned\n"), "{out}");
    let out = ok(&["--depth", "2", ordered]);
    assert!(
        out.contains("leaves opened: 4 of 4: D=3 E=7 F=6 G=1\n"),
        "{out}"
    );
    // The picture marks them too, under each leaf, where the word has room.
    let svg = ok(&["--depth", "2", "--format", "svg", ordered]);
    assert!(svg.contains(">G</text>"), "{svg}");
    assert_eq!(
        svg.matches("text-anchor=\"middle\">static</text>").count(),
        4,
        "{svg}"
    );
    // Infinite values are written "inf" in the comparison's and the deepening's rows too.
    let j: Value = serde_json::from_str(&ok(&[
        "--compare",
        "--format",
        "json",
        "A(B=inf(D=1),C=2(E=1))",
    ]))
    .unwrap();
    assert_eq!(
        (&j["deepening"][0]["value"], &j["deepening"][1]["value"]),
        (&json!("inf"), &json!(1))
    );
    let j: Value =
        serde_json::from_str(&ok(&["--compare", "--format", "json", "[inf,[1,2]]"])).unwrap();
    assert_eq!(j["compare"][0]["value"], "inf", "{j}");
    // An unknown leaf's cases carry the limit when there is one, and only then.
    let cases = |args: &[&str]| -> Value { serde_json::from_str(&ok(args)).unwrap() };
    let unknown = "A(B=?,C=2(E=1))";
    let with = cases(&["--depth", "1", "--format", "json", unknown]);
    assert_eq!(with["depth_limit"]["depth"], 1, "{with}");
    let without = cases(&["--format", "json", "A(B=?,C=2)"]);
    assert_eq!(without.get("depth_limit"), None, "{without}");
    let e = fails(&["--depth", "1", "--given", "D", misled], None);
    assert!(e.contains("D lies below the depth limit"), "{e}");
    let checked = ok(&["--depth", "1", "--given", "B,C", misled]);
    assert!(checked.contains("it lies from 5 to inf"), "{checked}");
    let e = fails(&["--depth", "1", "A(B(D=2),C=1(E=3))"], None);
    assert!(
        e.contains("--depth: the search stops at depth 1, but B there has no static value"),
        "{e}"
    );
    // A worksheet says so in the same words, once.
    let sheet = fails(
        &[
            "--depth",
            "1",
            "--format",
            "worksheet",
            "A(B(D=2),C=1(E=3))",
        ],
        None,
    );
    assert_eq!(sheet, e);
    assert_eq!(sheet.matches("the search stops").count(), 1, "{sheet}");
    let zero = run(&["--depth", "0", THREE], None);
    assert!(String::from_utf8_lossy(&zero.stderr).contains("0 is not in 1..=400"));
}

/// The tic-tac-toe look-ahead as an explicit tree (`alphabeta tictactoe tree`), explained:
/// its value, and with every move each move's value, are those of the games crate's
/// look-ahead (f(p) backed up by plain minimax), at 1 to 3 plies, with and without symmetry.
#[test]
fn the_tictactoe_lookahead_tree_explains_the_lookahead() {
    use alphabeta_games::tictactoe::{lookahead, TicTacToe};
    use alphabeta_tree::{explain, parse, Algorithm, Settings, INF};
    let tictactoe = |args: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
            .arg("tictactoe")
            .args(args)
            .output()
            .unwrap();
        assert!(o.status.success(), "{args:?}");
        String::from_utf8(o.stdout).unwrap()
    };
    let as_value = |s: alphabeta::Score| match s.plies_to_end() {
        Some(_) if s.is_win() => INF,
        Some(_) => -INF,
        None => s.0,
    };
    let minimax = Settings {
        algorithm: Algorithm::Minimax,
        ..Settings::default()
    };
    for board in [
        ".........",
        "X........",
        "....X....",
        "X...O....",
        "XO..X....",
        "XOX.O....",
    ] {
        let p = TicTacToe::parse(board, None).unwrap();
        for plies in ["1", "2", "3"] {
            let want = lookahead(&p, plies.parse().unwrap());
            for symmetry in [true, false] {
                let mut args = vec!["tree", board, "--plies", plies];
                if !symmetry {
                    args.push("--no-symmetry");
                }
                let text = tictactoe(&args);
                let tree = parse(&text).unwrap();
                let e = explain(&tree, minimax, false).unwrap();
                let at = format!("{board} at {plies} plies: {text}");
                assert_eq!(Some(e.run.value), want.value.map(as_value), "{at}");
                if symmetry {
                    continue;
                }
                // Each move, by the cell its label ends with (X5: cell 4).
                let mut seen: Vec<(u8, i32)> = tree
                    .children_of(0)
                    .iter()
                    .map(|&c| {
                        let label = tree.node(c).label.clone().unwrap();
                        let cell = label[label.len() - 1..].parse::<u8>().unwrap() - 1;
                        (cell, e.run.nodes[c as usize].value.unwrap().0)
                    })
                    .collect();
                let mut expected: Vec<(u8, i32)> =
                    want.moves.iter().map(|&(c, s)| (c, as_value(s))).collect();
                seen.sort();
                expected.sort();
                assert_eq!(seen, expected, "{at}");
            }
        }
    }
    // From the empty board, two plies: the material's centre 1, corner -1, edge -2, and
    // three first moves up to symmetry.
    let tree = tictactoe(&["tree"]);
    assert!(tree.starts_with("(X1=3(X1O2=1,"), "{tree}");
    let out = ok(&[tree.trim()]);
    assert!(out.contains("best move: child 2 (X5)"), "{out}");
    assert!(out.contains("├── X1 min -1"), "{out}");
    let e = String::from_utf8(
        Command::new(env!("CARGO_BIN_EXE_alphabeta"))
            .args(["tictactoe", "tree", "XXX.OO..."])
            .output()
            .unwrap()
            .stderr,
    )
    .unwrap();
    assert!(e.contains("the game is over"), "{e}");
}

/// A game's look-ahead tree as `alphabeta GAME tree ARGS...` prints it: the root's value by
/// the explainer's minimax and by its alpha-beta, and each root move's label and minimax
/// value (minimax, for exact values: alpha-beta leaves bounds where it cuts).
struct Explained {
    text: String,
    value: i32,
    pruned_value: i32,
    root_moves: Vec<(String, i32)>,
}

fn explained(game: &str, args: &[&str]) -> Explained {
    use alphabeta_tree::{explain, parse, Algorithm, Settings};
    let o = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
        .args([game, "tree"])
        .args(args)
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let text = String::from_utf8(o.stdout).unwrap().trim().to_string();
    let tree = parse(&text).unwrap();
    let settings = |algorithm| Settings {
        algorithm,
        ..Settings::default()
    };
    let minimax = explain(&tree, settings(Algorithm::Minimax), false).unwrap();
    let pruned = explain(&tree, settings(Algorithm::AlphaBeta), false).unwrap();
    let root_moves = tree
        .children_of(0)
        .iter()
        .map(|&c| {
            let label = tree.node(c).label.clone().unwrap();
            (label, minimax.run.nodes[c as usize].value.unwrap().0)
        })
        .collect();
    Explained {
        value: minimax.run.value,
        pruned_value: pruned.run.value,
        root_moves,
        text,
    }
}

/// The engine's Gomoku look-ahead as an explicit tree (`alphabeta gomoku tree`), explained:
/// the root's value and each root move's value are those of a plain negamax written here over
/// the same moves (the generator's first `width`) with the engine's evaluation at the
/// horizon, and alpha-beta in the explainer finds the same value as its minimax.
#[test]
fn the_gomoku_lookahead_tree_explains_the_engines_minimax() {
    use alphabeta::{Evaluator, Game};
    use alphabeta_gomoku::{Board, Rule, Threats};
    use alphabeta_tree::INF;
    fn negamax(b: &mut Board, plies: u32, width: usize) -> i32 {
        if b.winner().is_some() {
            // The side that just moved made five.
            return -INF;
        }
        if plies == 0 {
            return Threats.evaluate(b).0;
        }
        let mut moves = Vec::new();
        b.generate_moves(&mut moves);
        moves.truncate(width);
        let mut best = -INF;
        for m in moves {
            b.place(m);
            best = best.max(-negamax(b, plies - 1, width));
            b.remove_last();
        }
        best
    }
    // Openings, a position with an open three to answer, one with a four to block and one
    // with a five to make (won at once: inf).
    for (moves, plies, width) in [
        ("h8", 2, 3),
        ("h8i9h9", 3, 3),
        ("h8i9h9i8g10", 2, 4),
        ("h8h9i8g8j8", 3, 2),
        ("h8g8i8a1j8a3k8", 2, 3),
        ("h8g8i8a1j8a3k8a5", 2, 3),
    ] {
        let (p, w) = (plies.to_string(), width.to_string());
        let e = explained("gomoku", &[moves, "--plies", &p, "--width", &w]);
        let mut board = Board::new(15, Rule::Freestyle).unwrap();
        board.play_sequence(moves).unwrap();
        let at = format!("{moves} at {plies}x{width}: {}", e.text);
        assert_eq!(e.value, negamax(&mut board, plies, width), "{at}");
        assert_eq!(e.pruned_value, e.value, "{at}");
        // Each root move by its label, valued for the side to move at the root.
        let mut expected = Vec::new();
        let mut list = Vec::new();
        board.generate_moves(&mut list);
        for &m in list.iter().take(width) {
            board.place(m);
            let name = board.name(m);
            expected.push((name, -negamax(&mut board, plies - 1, width)));
            board.remove_last();
        }
        assert_eq!(e.root_moves, expected, "{at}");
    }
    // The explainer reads it as printed: with a five to make, the five alone, worth inf.
    let out = ok(&[explained("gomoku", &["h8g8i8a1j8a3k8a5"]).text.as_str()]);
    assert!(out.starts_with("value: inf"), "{out}");
    assert!(out.contains("best move: child 0 (l8)"), "{out}");
    let e = String::from_utf8(
        Command::new(env!("CARGO_BIN_EXE_alphabeta"))
            .args(["gomoku", "tree", "h8a1i8a2j8a3k8a4l8"])
            .output()
            .unwrap()
            .stderr,
    )
    .unwrap();
    assert!(e.contains("the game is over"), "{e}");
}

/// The Connect Four look-ahead (`alphabeta connect4 tree`), explained: the root's value and
/// each root move's are those of a plain negamax written here over the same moves (the
/// generator's first `width`), the game's end read from its fours on the board, winning
/// cells at the horizon.
#[test]
fn the_connect4_lookahead_tree_explains_the_engines_minimax() {
    use alphabeta::{Evaluator, Game};
    use alphabeta_games::connect4::{Connect4, Threats};
    use alphabeta_tree::INF;
    fn negamax(p: &mut Connect4, plies: u32, width: usize) -> i32 {
        if !p.four_cells().is_empty() {
            // The side that just moved made four.
            return -INF;
        }
        if p.moves_played() == 42 {
            return 0;
        }
        if plies == 0 {
            return Threats.evaluate(p).0;
        }
        let mut moves = Vec::new();
        p.generate_moves(&mut moves);
        moves.truncate(width);
        let mut best = -INF;
        for m in moves {
            p.play(m);
            best = best.max(-negamax(p, plies - 1, width));
            p.undo(m);
        }
        best
    }
    // The start, middle games with threats on the board, and one with a four to make.
    for (moves, plies, width) in [
        ("", 2, 7),
        ("4453", 3, 4),
        ("44455554221", 3, 7),
        ("4444333", 2, 7),
        ("445566", 2, 7),
    ] {
        let (pl, w) = (plies.to_string(), width.to_string());
        let e = explained("connect4", &[moves, "--plies", &pl, "--width", &w]);
        let mut p = Connect4::from_moves(moves).unwrap();
        let at = format!("{moves} at {plies}x{width}: {}", e.text);
        assert_eq!(e.value, negamax(&mut p, plies, width), "{at}");
        assert_eq!(e.pruned_value, e.value, "{at}");
        let mut list = Vec::new();
        p.generate_moves(&mut list);
        let expected: Vec<(String, i32)> = list
            .iter()
            .take(width)
            .map(|&m| {
                p.play(m);
                let v = -negamax(&mut p, plies - 1, width);
                p.undo(m);
                (format!("c{}", m + 1), v)
            })
            .collect();
        assert_eq!(e.root_moves, expected, "{at}");
    }
    // X makes four in column 3: the win alone, inf.
    assert_eq!(explained("connect4", &["445566"]).text, "(c3=inf)");
}
