//! `alphabeta tree`: explain minimax and alpha-beta on an explicit tree.

use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;

use alphabeta::CutRule;
use alphabeta_tree::{
    beamer, cases, cases_json, cases_text, compare, compare_text, deepening_text, dot, explain,
    fresh_seed, given, limit_depth, parse, parse_values, shell_quote, svg, svg_question, tikz,
    tikz_question, unknown_question, unsearched, worksheet, Algorithm, CompareRow, DeepeningRow,
    DepthLimit, Exercise, ExerciseError, ExplainError, JsonReport, Order, ParseError, RandomTree,
    RootKind, Settings, Shape, Tree, View, DEFAULT_VALUES,
};
use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use serde::Serialize;

const CONVENTIONS: &str = "\
Input: nested lists of leaf values, like [[3,12,8],[2,4,6],[14,5,2]], or a labelled tree, like
A(B(D=3,E=6),C(F=?,G=4)). Leaf values are integers, inf, -inf, or ? (unknown: when the
search needs one, the answer is how the search goes for each of its values, an exam's \"for
which values of x is G cut?\", and of a second ? where it needs that too; a picture needs
every value opened). An inner node may carry a static value before its children, B=4(...)
or 4[...], for --order static to search them by, or for --depth to stop at (B=?(...): an
unknown one, which --depth asks about as about a ? leaf). Labels are
Unicode letters and digits, starting with a letter. The tree comes from the argument, from a
file (-f), or from standard input.

Conventions (the textbook ones):
  - the root is a Max node unless --root min; levels alternate Max / Min;
  - children are searched left to right unless --order rtl (right to left) or --order
    static (by their static values, best first for the player to move);
  - a Max node stops when its value >= beta, a Min node when its value <= alpha
    (--cut strict: only when > beta / < alpha);
  - leaves are numbered 0.. in reading order (left to right) whatever the search order;
    a node's path is the list of child indices from the root;
  - \"pruned\" lists the maximal subtrees never entered (a cut at D lists D, not its leaves);
  - the minimum is the fewest leaves whose values alone fix the root value, whatever the other
    leaves hold, with an order of the children under which alpha-beta opens only those.

Examples:
  alphabeta tree '[[3,12,8],[2,4,6],[14,5,2]]'
  alphabeta tree --trace 'A(B(D=3,E=6),C(F(I(M=1,N=?),J=5),G(K=6,L=?),H=4))'
  alphabeta tree --format svg -f exam.txt > exam.svg
  alphabeta tree --format tikz -f exam.txt > exam.tex   (for LaTeX: \\input{exam.tex})
  alphabeta tree --compare '[[[[4,8,6],[1,9]],[[5,8],[-1,2]]],[[[0,3],[-6,6]],[[1],[0,9,-7]]]]'
  alphabeta tree --random 3x3 --quiz   (a tree to practise on; the answer: the command it ends with)
  alphabeta tree --random 3x3 --count 4 --format worksheet > sheet.tex   (then: pdflatex sheet.tex)
  alphabeta tree --given 0,1,2,3,8 '[[3,12,8],[2,4,6],[14,5,2]]'   (do these leaves fix the value?)
  alphabeta tree 'A(B(D=10,E=?),C(F=2,G=4))'   (for which values of E is G cut?)
  alphabeta tree --order static --compare 'A(B=1(D=2,E=4,F=6),C=2(G=14,H=5,I=2),J=3(K=3,L=12,M=8))'
  alphabeta tree --depth 1 'A(B=5(D=2,E=4,F=6),C=2(G=14,H=5,I=2),J=3(K=3,L=12,M=8))'   (searched to depth 1)";

#[derive(Args, Debug)]
#[command(after_long_help = CONVENTIONS)]
pub struct TreeArgs {
    /// The tree, e.g. '[[3,12,8],[2,4,6],[14,5,2]]' ('-' or nothing: standard input).
    tree: Option<String>,
    /// Read the tree from this file.
    #[arg(short, long, conflicts_with = "tree")]
    file: Option<PathBuf>,
    /// A random tree to practise on, of this shape: depth x children, like 3x3 or 3x2-4
    /// (2 to 4 children a node).
    #[arg(long, value_name = "SHAPE", conflicts_with_all = ["tree", "file"])]
    random: Option<String>,
    /// The random tree's seed: the same seed, shape and values give the same tree (by
    /// default one is chosen and printed).
    #[arg(long, allow_negative_numbers = true)]
    seed: Option<u64>,
    /// The random tree's leaf values, both ends included [default: 0..20].
    #[arg(long, value_name = "LOW..HIGH", allow_hyphen_values = true)]
    values: Option<String>,
    /// Give the random tree's inner nodes static values to order by (--order static): each
    /// node's true value (with the --root player at the root), give or take at most NOISE.
    /// 0: every node's best child first (leaves keep their order); more: a worse heuristic.
    #[arg(long, value_name = "NOISE", value_parser = clap::value_parser!(u32).range(..=1000))]
    statics: Option<u32>,
    /// With --format worksheet: this many random trees, an exercise each (their seeds the
    /// first's, then one more each).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100))]
    count: Option<u32>,
    /// Search only this deep: a node at this depth with children is valued by its static
    /// value (`B=4(...)`) instead of its subtree, as a depth-limited search evaluates its
    /// frontier; the whole tree's value is shown beside. An unknown one (`B=?(...)`) is
    /// answered as a `?` leaf is: for each of its values.
    #[arg(long, value_name = "PLIES", value_parser = clap::value_parser!(u32).range(1..=400))]
    depth: Option<u32>,
    /// Print the question, not the answer: the tree with its leaves numbered and what to
    /// find (as text, or with --format svg or tikz the picture bare, for a worksheet); then the
    /// command that prints the answer. With --format worksheet: the students' copy, without
    /// the answers.
    #[arg(long, conflicts_with = "compare")]
    quiz: bool,
    /// Check an answer to "how few leaves fix the root's value": do these leaves alone fix it
    /// (leaf numbers as --quiz shows them, or labels: 0,3,8 or D,J,K)? Prints the range the
    /// value can still take and the fewest leaves that fix it.
    #[arg(long, value_name = "LEAVES", conflicts_with_all = ["quiz", "compare"])]
    given: Option<String>,
    /// The player at the root.
    #[arg(long, value_enum, default_value_t = RootArg::Max)]
    root: RootArg,
    /// The order children are searched in.
    #[arg(long, value_enum, default_value_t = OrderArg::Ltr)]
    order: OrderArg,
    /// The algorithm.
    #[arg(long, value_enum, default_value_t = AlgorithmArg::Alphabeta)]
    algorithm: AlgorithmArg,
    /// The cut rule: inclusive (>= beta, <= alpha) or strict (> beta, < alpha).
    #[arg(long, value_enum, default_value_t = CutArg::Inclusive)]
    cut: CutArg,
    /// Whose view values and windows are shown in.
    #[arg(long, value_enum, default_value_t = ViewArg::Max)]
    view: ViewArg,
    /// The output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Text)]
    format: FormatArg,
    /// Show every step: entering a node with its window, opening a leaf, narrowing, cutting.
    #[arg(long)]
    trace: bool,
    /// Compare the leaves opened by every algorithm in both orders with the minimum; and
    /// where static values allow, the value and move searched to each depth, then to the end.
    #[arg(long)]
    compare: bool,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum RootArg {
    Max,
    Min,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum OrderArg {
    /// Left to right.
    Ltr,
    /// Right to left.
    Rtl,
    /// By the children's static values (`B=4(...)`), best first for the player to move
    /// (highest for Max, lowest for Min); children without one after them, left to right.
    Static,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum AlgorithmArg {
    /// Plain minimax: opens every leaf.
    Minimax,
    /// Alpha-beta, max/min form, fail-hard (the textbook's).
    Alphabeta,
    /// Alpha-beta, max/min form, fail-soft.
    AlphabetaSoft,
    /// Alpha-beta, negamax form, fail-soft.
    Negamax,
    /// Principal variation search (inclusive cut only).
    Pvs,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum CutArg {
    Inclusive,
    Strict,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum ViewArg {
    /// Max's at every node (the max/min form: Min nodes minimise).
    Max,
    /// The player's to move at each node (the negamax form: every node maximises; Min's
    /// values negated, its window (a, b) shown as (-b, -a)).
    Mover,
}

#[derive(Copy, Clone, Debug, ValueEnum, PartialEq, Eq)]
enum FormatArg {
    /// In words, the tree drawn with its windows, the leaves opened and the cuts.
    Text,
    /// Everything, for programs.
    Json,
    /// Graphviz's input (it lays the tree out: `dot -Tpdf`).
    Dot,
    /// The textbook picture, as the page draws it.
    Svg,
    /// The same picture for a LaTeX document: a tikzpicture (needs \usepackage{tikz}).
    Tikz,
    /// The search step by step for lecture slides: a beamer frame, a slide a step of the
    /// trace, the picture as it stands above the step's words (needs \usepackage{tikz}).
    Beamer,
    /// A worksheet: a whole LaTeX document (pdflatex sheet.tex) with the question, the bare
    /// picture and what to find, then on a page of its own the answer (with --random and
    /// --count, several trees).
    Worksheet,
}

impl FormatArg {
    /// A picture: it has no room for the tree's text, which goes to standard error.
    fn is_picture(self) -> bool {
        matches!(
            self,
            FormatArg::Dot | FormatArg::Svg | FormatArg::Tikz | FormatArg::Beamer
        )
    }
}

#[derive(Serialize)]
struct WithCompare {
    #[serde(flatten)]
    report: JsonReport,
    #[serde(skip_serializing_if = "Option::is_none")]
    compare: Option<Vec<CompareRow>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    random: Option<RandomTree>,
    #[serde(skip_serializing_if = "Option::is_none")]
    given: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    depth_limit: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    deepening: Option<Vec<DeepeningRow>>,
}

/// What `--depth` did, as lines for the head of a text answer (empty without it): the nodes
/// valued statically, and with `whole` the whole tree's value to set against the limited one.
fn depth_lines(limit: Option<&DepthLimit>, whole: bool, root: RootKind, view: View) -> String {
    let lines = limit.map_or_else(Vec::new, |l| l.lines(root, view, whole));
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// The JSON with `depth_limit` beside the rest, when `--depth` gave one (left out otherwise,
/// as in the full report).
fn with_limit(mut json: serde_json::Value, limit: Option<serde_json::Value>) -> serde_json::Value {
    if let Some(l) = limit {
        json["depth_limit"] = l;
    }
    json
}

/// The leaves `--given` names: numbers (`3` or `#3`) or labels, separated by commas or spaces.
/// With a depth limit, `tree` is the cut tree and `whole` the tree before the cut.
fn leaf_numbers(tree: &Tree, whole: Option<&Tree>, text: &str) -> Result<Vec<u32>> {
    let words = text.split(|c: char| c == ',' || c.is_whitespace());
    let mut out = Vec::new();
    for word in words.filter(|w| !w.is_empty()) {
        let digits = word.strip_prefix('#').unwrap_or(word);
        if digits.is_empty() {
            bail!("--given: '{word}' names no leaf: give leaf numbers, like 0,3,8, or labels");
        }
        if digits.chars().all(|c| c.is_ascii_digit()) {
            let last = tree.leaves.len() - 1;
            match digits.parse::<u32>() {
                Ok(n) if n as usize <= last => out.push(n),
                _ => bail!("--given: there is no leaf #{digits}: the leaves are #0 to #{last}"),
            }
            continue;
        }
        let labelled = |t: &Tree| {
            t.nodes
                .iter()
                .position(|n| n.label.as_deref() == Some(word))
        };
        let Some(at) = labelled(tree) else {
            if whole.and_then(labelled).is_some() {
                bail!("--given: {word} lies below the depth limit, where the search never goes");
            }
            bail!("--given: no node is labelled '{word}'");
        };
        let node = &tree.nodes[at];
        if !node.is_leaf() {
            bail!("--given: {word} is not a leaf");
        }
        out.push(node.leaf_index);
    }
    Ok(out)
}

/// Reads the tree's text from the argument, the file or standard input.
fn read_input(args: &TreeArgs) -> Result<String> {
    if let Some(path) = &args.file {
        return std::fs::read_to_string(path)
            .with_context(|| format!("cannot read the tree file {}", path.display()));
    }
    match args.tree.as_deref() {
        Some("-") | None => {
            let mut s = String::new();
            std::io::stdin()
                .read_to_string(&mut s)
                .context("cannot read the tree from standard input")?;
            Ok(s)
        }
        Some(t) => Ok(t.to_string()),
    }
}

/// A parse error with the faulty line and a caret under the column.
fn show_parse_error(input: &str, e: &ParseError) -> String {
    let line = input.lines().nth(e.line - 1).unwrap_or("");
    if line.chars().count() > 200 {
        return format!("in the tree, {e}");
    }
    format!(
        "in the tree, {e}\n  {line}\n  {}^",
        " ".repeat(e.column.saturating_sub(1))
    )
}

/// The random tree `--random` asks for, if it does, drawn with `seed`.
fn random_input(args: &TreeArgs, seed: u64) -> Result<Option<RandomTree>> {
    let Some(shape) = &args.random else {
        return Ok(None);
    };
    let shape: Shape = shape.parse().context("--random")?;
    let values = match &args.values {
        Some(v) => parse_values(v).context("--values")?,
        None => DEFAULT_VALUES,
    };
    let drawn = RandomTree::draw(shape, values, seed);
    Ok(Some(match args.statics {
        Some(noise) => drawn.with_statics(root_kind(args.root), noise),
        None => drawn,
    }))
}

/// The search's settings the arguments ask for.
fn settings_of(args: &TreeArgs) -> Settings {
    Settings {
        root: root_kind(args.root),
        order: match args.order {
            OrderArg::Ltr => Order::LeftToRight,
            OrderArg::Rtl => Order::RightToLeft,
            OrderArg::Static => Order::Static,
        },
        algorithm: match args.algorithm {
            AlgorithmArg::Minimax => Algorithm::Minimax,
            AlgorithmArg::Alphabeta => Algorithm::AlphaBeta,
            AlgorithmArg::AlphabetaSoft => Algorithm::AlphaBetaSoft,
            AlgorithmArg::Negamax => Algorithm::Negamax,
            AlgorithmArg::Pvs => Algorithm::Pvs,
        },
        cut: cut_rule(args.cut),
    }
}

fn view_of(args: &TreeArgs) -> View {
    match args.view {
        ViewArg::Max => View::Max,
        ViewArg::Mover => View::Mover,
    }
}

fn cut_rule(cut: CutArg) -> CutRule {
    match cut {
        CutArg::Inclusive => CutRule::Inclusive,
        CutArg::Strict => CutRule::Strict,
    }
}

fn root_kind(root: RootArg) -> RootKind {
    match root {
        RootArg::Max => RootKind::Max,
        RootArg::Min => RootKind::Min,
    }
}

/// The command that prints the answer to this quiz: this one without `--quiz` (and without
/// `--format` unless `keep_format`), with the seed a random tree was given.
fn answer_command(args: &TreeArgs, random_seed: Option<u64>, keep_format: bool) -> String {
    let mut words: Vec<String> = vec!["alphabeta".into()];
    let mut skip_next = false;
    for a in std::env::args_os().skip(1) {
        let a = a.to_string_lossy();
        if std::mem::take(&mut skip_next) || a == "--quiz" {
            continue;
        }
        if !keep_format && a.starts_with("--format") {
            skip_next = a == "--format";
            continue;
        }
        words.push(shell_quote(&a));
    }
    if let (None, Some(seed)) = (args.seed, random_seed) {
        words.push(format!("--seed {seed}"));
    }
    words.join(" ")
}

/// JSON on standard output: pretty for a person at a terminal, compact for a program (and for
/// big trees).
fn print_json(value: &impl Serialize) -> Result<()> {
    let stdout = std::io::stdout();
    let mut w = std::io::BufWriter::new(stdout.lock());
    if std::io::stdout().is_terminal() {
        serde_json::to_writer_pretty(&mut w, value)?;
    } else {
        serde_json::to_writer(&mut w, value)?;
    }
    writeln!(w)?;
    w.flush()?;
    Ok(())
}

pub fn run(args: &TreeArgs) -> Result<()> {
    // (Checked here: clap waives `requires` when the required argument conflicts with one
    // given, as --random does with a tree.)
    if args.random.is_none()
        && (args.seed.is_some() || args.values.is_some() || args.statics.is_some())
    {
        bail!(
            "--seed, --values and --statics are for a random tree: add --random SHAPE, like --random 3x3"
        );
    }
    if args.count.is_some() && (args.random.is_none() || args.format != FormatArg::Worksheet) {
        bail!("--count makes a worksheet of several random trees: add --random SHAPE and --format worksheet");
    }
    if args.format == FormatArg::Worksheet {
        return run_worksheet(args);
    }
    let random = random_input(args, args.seed.unwrap_or_else(fresh_seed))?;
    let input = match &random {
        Some(r) => r.tree.clone(),
        None => read_input(args)?,
    };
    // How to draw a random tree again: its shape, values and seed, then the tree itself.
    let random_line = random
        .as_ref()
        .map(|r| format!("{}: {}", r.about(), r.tree));
    if args.quiz
        && matches!(
            args.format,
            FormatArg::Json | FormatArg::Dot | FormatArg::Beamer
        )
    {
        bail!("--quiz prints the question as text or as a picture (SVG or TikZ), not as JSON, DOT or beamer slides");
    }
    if args.given.is_some() && args.format.is_picture() {
        bail!("--given answers as text or JSON, not as a picture");
    }
    let tree = match parse(&input) {
        Ok(t) => t,
        Err(e) => bail!(show_parse_error(&input, &e)),
    };
    let root = root_kind(args.root);
    let limit = match args.depth {
        Some(d) => Some(limit_depth(&tree, d, root).context("--depth")?),
        None => None,
    };
    // Iterative deepening in the comparison: the whole tree, before any cut.
    let deepening = args
        .compare
        .then(|| alphabeta_tree::deepening(&tree, root, cut_rule(args.cut)));
    let (tree, whole) = match &limit {
        Some(l) => (l.tree.clone(), Some(tree)),
        None => (tree, None),
    };
    let whole = whole.as_ref();
    let view = view_of(args);
    let head = |whole: bool| depth_lines(limit.as_ref(), whole, root, view);
    let limit_json = limit.as_ref().map(|l| l.to_json(root, view));
    let settings = settings_of(args);
    if args.compare && args.format != FormatArg::Json {
        if let Some(line) = &random_line {
            println!("{line}");
        }
        let rows = compare(&tree, settings.root, settings.cut);
        let min = alphabeta_tree::minimum(&tree, settings.root);
        print!("{}", head(true));
        print!("{}", compare_text(&tree, &rows, min.as_ref()));
        if let Some(rows) = deepening.as_ref().filter(|r| !r.is_empty()) {
            print!("\n{}", deepening_text(rows));
        }
        return Ok(());
    }
    // The slides step through the trace.
    let trace = args.trace || args.format == FormatArg::Beamer;
    let e = match explain(&tree, settings, trace) {
        Ok(e) => e.in_view(view),
        // The question of an exam's "x" (its answer: this command without --quiz).
        Err(ExplainError::UnknownLeaf { node, .. }) if args.quiz => {
            let question = unknown_question(&tree, settings, node)?;
            let answer = answer_command(args, None, false);
            if args.format.is_picture() {
                if args.format == FormatArg::Tikz {
                    print!("{}", question.tikz);
                } else {
                    print!("{}", question.svg);
                }
                eprint!("{}", head(false));
                eprintln!("the answer: {answer}");
            } else {
                print!("{}{}", head(false), question.text);
                println!("\nthe answer: {answer}");
            }
            return Ok(());
        }
        // Some given leaves checked: that needs no search, only the tree.
        Err(ExplainError::UnknownLeaf { name, .. })
            if args.given.is_some() && matches!(args.format, FormatArg::Text | FormatArg::Json) =>
        {
            let e = unsearched(&tree, settings)?.in_view(view);
            let text = args.given.as_deref().unwrap_or_default();
            let g = given(&tree, settings.root, &leaf_numbers(&tree, whole, text)?)?;
            if args.format == FormatArg::Json {
                print_json(&with_limit(
                    serde_json::json!({ "given": e.given_json(&g) }),
                    limit_json,
                ))?;
            } else {
                print!("{}{}", head(true), e.given_text(&g));
                println!("(the search needs {name}, which is unknown: without --given, how it goes for each of its values)");
            }
            return Ok(());
        }
        // An exam's "x": how the search goes for each of its values.
        Err(ExplainError::UnknownLeaf { node, .. })
            if matches!(args.format, FormatArg::Text | FormatArg::Json) =>
        {
            let all = cases(&tree, settings, node)?;
            if args.format == FormatArg::Json {
                print_json(&with_limit(
                    serde_json::json!({ "unknown": cases_json(&tree, node, &all, settings.root, view, whole) }),
                    limit_json,
                ))?;
            } else {
                print!("{}", head(true));
                print!("{}", cases_text(&tree, node, &all, settings.root, view));
            }
            return Ok(());
        }
        Err(e) => return Err(e.into()),
    };
    let checked = match &args.given {
        Some(text) => Some(given(
            &tree,
            settings.root,
            &leaf_numbers(&tree, whole, text)?,
        )?),
        None => None,
    };
    if let (Some(line), true) = (&random_line, args.format.is_picture()) {
        eprintln!("{line}");
    }
    if args.format.is_picture() {
        eprint!("{}", head(!args.quiz));
    }
    if args.quiz {
        let seed = random.as_ref().map(|r| r.seed);
        let answer = answer_command(args, seed, true);
        if args.format.is_picture() {
            if args.format == FormatArg::Tikz {
                print!("{}", tikz_question(&e));
            } else {
                print!("{}", svg_question(&e));
            }
            eprintln!("the answer: {answer}");
            // --given answers in text: the check drops the picture's --format.
            let check = answer_command(args, seed, false);
            eprintln!("to check your leaves for 3: {check} --given LEAVES");
        } else {
            if let Some(r) = &random {
                println!("{}", r.about());
            }
            print!("{}", head(false));
            print!("{}", e.question_text());
            println!("\nthe answer: {answer}");
            println!(
                "to check your leaves for 3: {answer} --given LEAVES (their numbers, like 0,3,8)"
            );
        }
        return Ok(());
    }
    match args.format {
        FormatArg::Text => {
            if let Some(line) = &random_line {
                println!("{line}");
            }
            print!("{}", head(true));
            match &checked {
                Some(g) => print!("{}", e.given_text(g)),
                None => print!("{}", e.to_text()),
            }
        }
        FormatArg::Json => {
            let report = e.json_report();
            let rows = args
                .compare
                .then(|| compare(&tree, settings.root, settings.cut));
            let out = WithCompare {
                report,
                compare: rows,
                random,
                given: checked.as_ref().map(|g| e.given_json(g)),
                depth_limit: limit_json,
                deepening,
            };
            print_json(&out)?;
        }
        FormatArg::Dot => print!("{}", dot(&e)),
        FormatArg::Svg => print!("{}", svg(&e)),
        FormatArg::Tikz => print!("{}", tikz(&e)),
        FormatArg::Beamer => print!("{}", beamer(&e).context("--format beamer")?),
        FormatArg::Worksheet => unreachable!("run_worksheet answers it"),
    }
    Ok(())
}

/// `--format worksheet`: the tree, or `--count` random trees, as exercises with their answers
/// in one LaTeX document.
fn run_worksheet(args: &TreeArgs) -> Result<()> {
    if args.given.is_some() || args.compare {
        bail!("--format worksheet asks the quiz's questions: leave out --given and --compare");
    }
    let mut exercises = Vec::new();
    let seed = args.seed.unwrap_or_else(fresh_seed);
    for k in 0..args.count.unwrap_or(1) {
        match random_input(args, seed.wrapping_add(u64::from(k)))? {
            Some(r) => exercises.push(exercise(args, &r.tree, Some(&r))?),
            None => exercises.push(exercise(args, &read_input(args)?, None)?),
        }
    }
    // With --quiz, the students' copy: the questions without the answers.
    print!("{}", worksheet(&exercises, !args.quiz));
    Ok(())
}

/// One exercise of a worksheet: the tree `input` (drawn at random as `random` says) under
/// the arguments' settings and depth limit.
fn exercise(args: &TreeArgs, input: &str, random: Option<&RandomTree>) -> Result<Exercise> {
    let tree = match parse(input) {
        Ok(t) => t,
        Err(e) => bail!(show_parse_error(input, &e)),
    };
    let about = random.map(RandomTree::about);
    let settings = settings_of(args);
    Exercise::new(&tree, settings, view_of(args), args.depth, about).map_err(|e| match e {
        ExerciseError::Depth(e) => anyhow::Error::new(e).context("--depth"),
        e => e.into(),
    })
}
