//! An explanation of one search of a tree, and its text and JSON forms.

use std::fmt::Write;

use alphabeta::{Bound, CutRule};
use serde::Serialize;
use serde_json::{json, Value};

use crate::explain::{run, Algorithm, ExplainError, Order, RootKind, Run, Settings, Step, View};
use crate::minimum::{minimum, Given, Minimum, Uniform};
use crate::model::{format_leaf, format_value, format_window, LeafValue, NodeId, Tree, INF};

/// A search of a tree with everything needed to show it.
#[derive(Clone, Debug)]
pub struct Explanation<'t> {
    /// The tree.
    pub tree: &'t Tree,
    /// What the search did.
    pub run: Run,
    /// The fewest leaves that fix the value (`None` when `?` leaves leave it open).
    pub minimum: Option<Minimum>,
}

/// Searches `tree` and computes the minimum.
pub fn explain(
    tree: &Tree,
    settings: Settings,
    trace: bool,
) -> Result<Explanation<'_>, ExplainError> {
    let run = run(tree, settings, trace)?;
    let minimum = minimum(tree, settings.root);
    Ok(Explanation { tree, run, minimum })
}

/// The tree with its settings and minimum but nothing a search found, for what needs none of
/// it (a question, the check of some given leaves) when the search needs a `?` leaf: the run
/// held is a search of the tree with every `?` at 0, and must not be shown.
pub fn unsearched(tree: &Tree, settings: Settings) -> Result<Explanation<'_>, ExplainError> {
    let mut filled = tree.clone();
    for &l in &tree.leaves {
        filled.nodes[l as usize].value.get_or_insert(0);
    }
    Ok(Explanation {
        tree,
        run: run(&filled, settings, false)?,
        minimum: minimum(tree, settings.root),
    })
}

impl<'t> Explanation<'t> {
    /// The same explanation with values and windows in `view` (see [`View`]).
    pub fn in_view(self, view: View) -> Explanation<'t> {
        Explanation {
            run: self.run.in_view(self.tree, view),
            ..self
        }
    }
}

/// `max`, `min` or `leaf`.
pub fn kind_name(tree: &Tree, root: RootKind, id: NodeId) -> &'static str {
    let n = tree.node(id);
    if n.is_leaf() {
        "leaf"
    } else if root.is_max_at(n.depth) {
        "max"
    } else {
        "min"
    }
}

/// A value for JSON: a number, or `"inf"`/`"-inf"`.
pub(crate) fn json_value(v: i32) -> Value {
    if v.abs() >= INF {
        Value::String(format_value(v))
    } else {
        json!(v)
    }
}

/// A leaf value for JSON: a number, `"inf"`/`"-inf"`, or `"?"` when unknown.
pub(crate) fn json_leaf(v: LeafValue) -> Value {
    v.map_or(Value::String("?".into()), json_value)
}

/// Serde's form of [`json_value`], for fields that hold a value.
pub(crate) fn serialize_value<S: serde::Serializer>(v: &i32, s: S) -> Result<S::Ok, S::Error> {
    json_value(*v).serialize(s)
}

/// [`serialize_value`] for a value that may be missing (`null`).
pub(crate) fn serialize_maybe_value<S: serde::Serializer>(
    v: &Option<i32>,
    s: S,
) -> Result<S::Ok, S::Error> {
    v.map(json_value).serialize(s)
}

/// A window bound for JSON: a number, or `null` when infinite.
fn json_bound(v: i32) -> Value {
    if v.abs() >= INF {
        Value::Null
    } else {
        json!(v)
    }
}

/// `"ltr"`, `"rtl"`, `"static"`.
pub fn order_name(o: Order) -> &'static str {
    match o {
        Order::LeftToRight => "ltr",
        Order::RightToLeft => "rtl",
        Order::Static => "static",
    }
}

/// `left to right`, `right to left`, `by static value`.
fn order_words(o: Order) -> &'static str {
    match o {
        Order::LeftToRight => "left to right",
        Order::RightToLeft => "right to left",
        Order::Static => "by static value",
    }
}

/// The orders worth comparing on `tree`: both directions, and by static value when some node
/// has a known one.
fn orders_of(tree: &Tree) -> &'static [Order] {
    if tree
        .nodes
        .iter()
        .any(|n| n.static_value.flatten().is_some())
    {
        &Order::ALL
    } else {
        &Order::ALL[..2]
    }
}

/// `"inclusive"`, `"strict"`.
pub fn cut_name(c: CutRule) -> &'static str {
    match c {
        CutRule::Inclusive => "inclusive",
        CutRule::Strict => "strict",
    }
}

/// Draws the tree with indentation and box-drawing branches, a node a line (`line`), and
/// the children of the nodes `descend` allows.
fn draw_tree(
    t: &Tree,
    o: &mut String,
    line: impl Fn(NodeId) -> String,
    descend: impl Fn(NodeId) -> bool,
) {
    // (node, prefix for its children, its own connector)
    let mut stack: Vec<(NodeId, String, String)> = vec![(0, String::new(), String::new())];
    while let Some((id, prefix, connector)) = stack.pop() {
        let _ = writeln!(o, "{connector}{}", line(id));
        if !descend(id) {
            continue;
        }
        let kids = t.children_of(id);
        for (i, &k) in kids.iter().enumerate().rev() {
            let last = i + 1 == kids.len();
            let conn = format!("{prefix}{}", if last { "└── " } else { "├── " });
            let next = format!("{prefix}{}", if last { "    " } else { "│   " });
            stack.push((k, next, conn));
        }
    }
}

/// The settings in words: "Max at the root, left to right, alphabeta, cut at >= beta / <= alpha";
/// in the player to move's view every node maximises, so every cut is at beta.
pub fn settings_line(s: &Settings, view: View) -> String {
    let cut = match (s.cut, view) {
        (CutRule::Inclusive, View::Max) => "cut at >= beta / <= alpha",
        (CutRule::Strict, View::Max) => "cut at > beta / < alpha",
        (CutRule::Inclusive, View::Mover) => "cut at >= beta",
        (CutRule::Strict, View::Mover) => "cut at > beta",
    };
    format!(
        "{} at the root, {}, {}, {cut}{}",
        if s.root == RootKind::Max {
            "Max"
        } else {
            "Min"
        },
        order_words(s.order),
        s.algorithm.name(),
        if view == View::Mover {
            ", values as the player to move sees them"
        } else {
            ""
        }
    )
}

/// The command that explains `tree` with `settings` step by step, in `view`:
/// `alphabeta tree --trace --order rtl '[[3,12,8],[2,4,6]]'`.
pub fn trace_command(tree: &Tree, s: &Settings, view: View) -> String {
    let mut words = vec!["alphabeta tree --trace".to_string()];
    if s.root == RootKind::Min {
        words.push("--root min".into());
    }
    if s.order != Order::LeftToRight {
        words.push(format!("--order {}", order_name(s.order)));
    }
    if s.algorithm != Algorithm::AlphaBeta {
        words.push(format!("--algorithm {}", s.algorithm.name()));
    }
    if s.cut == CutRule::Strict {
        words.push("--cut strict".into());
    }
    if view == View::Mover {
        words.push("--view mover".into());
    }
    words.push(shell_quote(&tree.to_text()));
    words.join(" ")
}

/// A word as a POSIX shell reads it back: as it is, or in single quotes.
pub fn shell_quote(s: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_.,/=:+@%".contains(c);
    if !s.is_empty() && s.chars().all(plain) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

fn bound_name(b: Bound) -> &'static str {
    match b {
        Bound::Exact => "exact",
        Bound::Lower => "lower",
        Bound::Upper => "upper",
    }
}

/// The JSON report: the summary fields, then every node, then the trace.
#[derive(Serialize)]
pub struct JsonReport {
    #[serde(flatten)]
    summary: Value,
    nodes: Vec<JsonNode>,
    #[serde(skip_serializing_if = "Option::is_none")]
    trace: Option<Vec<Value>>,
}

#[derive(Serialize)]
struct JsonNode {
    path: Vec<u32>,
    label: Option<String>,
    kind: &'static str,
    value: Value,
    exact: bool,
    bound: Option<&'static str>,
    alpha: Value,
    beta: Value,
    visited: bool,
    leaf: Option<u32>,
    leaf_value: Option<Value>,
    /// An inner node's static value as given (`B=4(...)`), or a leaf's that a depth limit
    /// made of a subtree; else `null`.
    static_value: Option<Value>,
    opened: bool,
    pv: bool,
}

impl Explanation<'_> {
    /// The labels of these nodes, or `None` for an unlabelled tree.
    fn labels(&self, ids: impl Iterator<Item = NodeId>) -> Value {
        if !self.tree.labelled {
            return Value::Null;
        }
        ids.map(|id| match &self.tree.node(id).label {
            Some(l) => Value::String(l.clone()),
            None => Value::Null,
        })
        .collect()
    }

    /// The nodes along the principal variation, the root excluded.
    pub fn pv_nodes(&self) -> Vec<NodeId> {
        let mut id = 0;
        self.run
            .pv
            .iter()
            .map(|&m| {
                id = self.tree.children_of(id)[m as usize];
                id
            })
            .collect()
    }

    /// The JSON contract (see the README): value, settings, best move, PV, leaves opened,
    /// pruned subtrees, the minimum, every node, and the trace when recorded.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self.json_report()).expect("plain data serialises")
    }

    /// The same as [`to_json`](Self::to_json), as a value to serialise directly (much faster
    /// for big trees: the per-node records are not turned into JSON maps first).
    pub fn json_report(&self) -> JsonReport {
        let t = self.tree;
        let r = &self.run;
        let s = r.settings;
        let pv_nodes = self.pv_nodes();
        let mut on_pv = vec![false; t.nodes.len()];
        on_pv[0] = true;
        for &id in &pv_nodes {
            on_pv[id as usize] = true;
        }
        let mut opened = vec![false; t.nodes.len()];
        for &l in &r.opened {
            opened[t.leaves[l as usize] as usize] = true;
        }
        let nodes: Vec<JsonNode> = (0..t.nodes.len() as NodeId)
            .map(|id| {
                let n = t.node(id);
                let rec = &r.nodes[id as usize];
                JsonNode {
                    path: t.path(id),
                    label: n.label.clone(),
                    kind: kind_name(t, s.root, id),
                    value: rec.value.map_or(Value::Null, |(v, _)| json_value(v)),
                    exact: rec.value.is_some_and(|(_, b)| b == Bound::Exact),
                    bound: rec.value.map(|(_, b)| bound_name(b)),
                    alpha: if rec.visited {
                        json_bound(rec.alpha)
                    } else {
                        Value::Null
                    },
                    beta: if rec.visited {
                        json_bound(rec.beta)
                    } else {
                        Value::Null
                    },
                    visited: rec.visited,
                    leaf: n.is_leaf().then_some(n.leaf_index),
                    leaf_value: n.is_leaf().then(|| json_leaf(n.value)),
                    static_value: n.static_value.map(json_leaf),
                    opened: opened[id as usize],
                    pv: on_pv[id as usize],
                }
            })
            .collect();
        let opened_ids = r.opened.iter().map(|&l| t.leaves[l as usize]);
        let summary = json!({
            "value": json_value(r.value),
            "root": if s.root == RootKind::Max { "max" } else { "min" },
            "order": order_name(s.order),
            "algorithm": s.algorithm.name(),
            "cut": cut_name(s.cut),
            "view": r.view.name(),
            "best_move": r.best_move,
            "best_move_label": r.best_move.and_then(|m| t.node(t.children_of(0)[m as usize]).label.clone()),
            "pv": pv_nodes.iter().map(|&id| t.path(id)).collect::<Vec<_>>(),
            "pv_labels": self.labels(pv_nodes.iter().copied()),
            "leaves_total": t.leaves.len(),
            "leaves_opened": r.opened.len(),
            "opened": r.opened,
            "opened_labels": self.labels(opened_ids),
            "pruned": r.pruned.iter().map(|&id| t.path(id)).collect::<Vec<_>>(),
            "pruned_labels": self.labels(r.pruned.iter().copied()),
            "minimum": self.minimum.as_ref().map(|m| json!({
                "leaves": m.leaves,
                "witness": m.witness,
                "witness_labels": self.labels(m.witness.iter().map(|&l| t.leaves[l as usize])),
                "order": m.ordered_tree(t),
                "uniform": self.uniform().map(|u| json!({"depth": u.depth, "children": u.children})),
            })),
        });
        JsonReport {
            summary,
            nodes,
            trace: (!r.trace.is_empty())
                .then(|| r.trace.iter().map(|s| self.step_json(s)).collect()),
        }
    }

    fn step_json(&self, s: &Step) -> Value {
        let t = self.tree;
        let node = |id: NodeId| (t.path(id), t.node(id).label.clone());
        match *s {
            Step::Enter {
                node: id,
                alpha,
                beta,
            } => {
                let (path, label) = node(id);
                json!({"step": "enter", "path": path, "label": label, "alpha": json_bound(alpha), "beta": json_bound(beta)})
            }
            Step::Leaf { node: id, value } => {
                let (path, label) = node(id);
                json!({"step": "leaf", "path": path, "label": label, "value": json_value(value),
                       "leaf": t.node(id).leaf_index})
            }
            Step::Narrow {
                node: id,
                alpha,
                beta,
            } => {
                let (path, label) = node(id);
                json!({"step": "narrow", "path": path, "label": label, "alpha": json_bound(alpha), "beta": json_bound(beta)})
            }
            Step::Cut { node: id, value } => {
                let (path, label) = node(id);
                json!({"step": "cut", "path": path, "label": label, "value": json_value(value)})
            }
            Step::Exit {
                node: id,
                value,
                bound,
            } => {
                let (path, label) = node(id);
                json!({"step": "exit", "path": path, "label": label, "value": json_value(value),
                       "bound": bound_name(bound)})
            }
        }
    }

    /// A short name for a node: `B`, or `[1,0]` in unlabelled trees.
    fn name(&self, id: NodeId) -> String {
        self.tree.name(id)
    }

    /// The human-readable report: the answers, then the tree drawn with indentation.
    pub fn to_text(&self) -> String {
        let r = &self.run;
        let s = r.settings;
        let mut o = String::new();
        let [value, search, fewest] = self.answer_lines();
        let _ = writeln!(o, "{}   ({})", value[0], settings_line(&s, r.view));
        for line in &value[1..] {
            let _ = writeln!(o, "{line}");
        }
        for line in search {
            let _ = writeln!(o, "{line}");
        }
        for (k, line) in fewest.iter().enumerate() {
            let indent = if k == 0 { "" } else { "  " };
            let _ = writeln!(o, "{indent}{line}");
        }
        let _ = writeln!(o);
        let _ = writeln!(o, "the tree (value, then the final window (alpha, beta)):");
        self.write_tree(&mut o);
        if !r.trace.is_empty() {
            let _ = writeln!(o);
            let _ = writeln!(o, "trace:");
            self.write_trace(&mut o);
        }
        o
    }

    /// The answers to [`questions`](Self::questions), a group of lines each: the root's
    /// value, best move and principal variation; the leaves opened and the subtrees pruned;
    /// the fewest leaves that fix the value.
    pub(crate) fn answer_lines(&self) -> [Vec<String>; 3] {
        let t = self.tree;
        let r = &self.run;
        let mut value = vec![format!("value: {}", format_value(r.value))];
        if let Some(m) = r.best_move {
            let child = t.children_of(0)[m as usize];
            value.push(match &t.node(child).label {
                Some(l) => format!("best move: child {m} ({l})"),
                None => format!("best move: child {m}"),
            });
            let pv: Vec<String> = self.pv_nodes().iter().map(|&id| self.name(id)).collect();
            value.push(format!("principal variation: {}", pv.join(" ")));
        }
        let opened: Vec<String> = r.opened.iter().map(|&l| self.leaf_name(l, true)).collect();
        let pruned: Vec<String> = r.pruned.iter().map(|&id| self.name(id)).collect();
        let search = vec![
            format!(
                "leaves opened: {} of {}: {}",
                r.opened.len(),
                t.leaves.len(),
                opened.join(" ")
            ),
            format!(
                "pruned: {}",
                if pruned.is_empty() {
                    "nothing".into()
                } else {
                    pruned.join(" ")
                }
            ),
        ];
        let fewest = match &self.minimum {
            Some(m) => {
                let mut lines = vec![format!(
                    "minimum: {} leaves fix the value: {}",
                    m.leaves,
                    self.witness_names(m)
                )];
                lines.extend(self.uniform().map(uniform_line));
                lines.push(format!(
                    "alpha-beta opens only those in this order: {}",
                    m.ordered_tree(t)
                ));
                lines
            }
            None => vec!["minimum: none: the value depends on unknown leaves".into()],
        };
        [value, search, fewest]
    }

    /// A leaf by its label, else its number (`D`, `#3`), with its value on request (`D=3`).
    fn leaf_name(&self, leaf: u32, with_value: bool) -> String {
        let name = self.tree.leaf_name(leaf);
        if with_value {
            let n = self.tree.node(self.tree.leaves[leaf as usize]);
            format!("{name}={}", format_leaf(n.value))
        } else {
            name
        }
    }

    /// The tree's uniform shape, when it has one and a minimum (which is then always
    /// [`Uniform::minimal_leaves`]: every finite cost at a level of a uniform tree is the same).
    pub fn uniform(&self) -> Option<Uniform> {
        self.minimum.as_ref().and(Uniform::of(self.tree))
    }

    /// The minimum's leaves by name: `#0 #1 #2` or `D J K`.
    fn witness_names(&self, m: &Minimum) -> String {
        let names: Vec<String> = m
            .witness
            .iter()
            .map(|&l| self.leaf_name(l, false))
            .collect();
        names.join(" ")
    }

    /// A leaf's value in the run's view: as given, or negated where Min moves in the player
    /// to move's view.
    pub(crate) fn leaf_text(&self, id: NodeId) -> String {
        let n = self.tree.node(id);
        let sign = self.run.view.sign(self.run.settings.root, n.depth);
        format_leaf(n.value.map(|v| v * sign))
    }

    /// An inner node's static value as drawn, `static 5`, in the run's view (negated where
    /// Min moves in the player to move's view, as its values are); `static` beside a leaf
    /// that a depth limit made of a subtree (its value is the static value).
    pub(crate) fn static_text(&self, id: NodeId) -> Option<String> {
        let n = self.tree.node(id);
        if n.is_leaf() {
            return n.static_value.map(|_| "static".to_string());
        }
        let sign = self.run.view.sign(self.run.settings.root, n.depth);
        n.static_value
            .map(|v| format!("static {}", format_leaf(v.map(|v| sign * v))))
    }

    /// The root's range in the run's view (the player to move's, at the root, may be Min's).
    fn root_range(&self, g: &Given) -> (i32, i32) {
        match self.run.view.sign(self.run.settings.root, 0) {
            1 => (g.low, g.high),
            _ => (-g.high, -g.low),
        }
    }

    /// The answer to "how few leaves fix the root's value" checked for one set of leaves:
    /// whether they fix it, the range it can still take if not, and the fewest that do.
    pub fn given_text(&self, g: &Given) -> String {
        let t = self.tree;
        let mut o = String::new();
        let names: Vec<String> = g.leaves.iter().map(|&l| self.leaf_name(l, true)).collect();
        if names.is_empty() {
            let _ = writeln!(o, "given none of the {} leaves", t.leaves.len());
        } else {
            let _ = writeln!(
                o,
                "given only these {} of {} leaves: {}",
                g.leaves.len(),
                t.leaves.len(),
                names.join(" ")
            );
        }
        let fewest = |o: &mut String| match &self.minimum {
            Some(m) => {
                let _ = writeln!(
                    o,
                    "the fewest that fix it: {} leaves, like {}",
                    m.leaves,
                    self.witness_names(m)
                );
            }
            None => {
                let _ = writeln!(o, "no leaves fix it: the value depends on unknown leaves");
            }
        };
        let (low, high) = self.root_range(g);
        if !g.fixes() {
            let _ = writeln!(
                o,
                "they do not fix the root's value: whatever the others hold, it lies from {} to {}",
                format_value(low),
                format_value(high)
            );
            fewest(&mut o);
            return o;
        }
        let _ = write!(o, "they fix the root's value at {}", format_value(low));
        match &self.minimum {
            Some(m) if m.leaves as usize == g.leaves.len() => {
                let _ = writeln!(o, ", and no fewer leaves do: right");
            }
            _ => {
                let _ = writeln!(o, ", but fewer leaves do");
                fewest(&mut o);
            }
        }
        o
    }

    /// [`given_text`](Self::given_text) for a program: the leaves (and their labels), the
    /// range of the root's value, and whether they fix it.
    pub fn given_json(&self, g: &Given) -> Value {
        let t = self.tree;
        let (low, high) = self.root_range(g);
        json!({
            "leaves": g.leaves,
            "labels": self.labels(g.leaves.iter().map(|&l| t.leaves[l as usize])),
            "low": json_value(low),
            "high": json_value(high),
            "fixes": g.fixes(),
        })
    }

    /// The question the explanation answers, for a worksheet: the settings, the tree as text
    /// and drawn with its leaves numbered (no value, window or cut), and what to find.
    pub fn question_text(&self) -> String {
        self.question_with(&self.questions())
    }

    /// What to find, a sentence each; [`answer_lines`](Self::answer_lines) answers them.
    pub(crate) fn questions(&self) -> [String; 3] {
        let algorithm = self.run.settings.algorithm.name();
        [
            "What is the root's value, and which child is the best move?".into(),
            format!("Which leaves does {algorithm} open, and which subtrees does it prune?"),
            "How few leaves, opened, fix the root's value whatever the others hold?".into(),
        ]
    }

    /// The tree as [`question_text`](Self::question_text) shows it, then `questions`
    /// numbered.
    pub(crate) fn question_with(&self, questions: &[String]) -> String {
        let t = self.tree;
        let mut o = String::new();
        let _ = writeln!(
            o,
            "the tree ({}):",
            settings_line(&self.run.settings, self.run.view)
        );
        let _ = writeln!(o, "{}", t.to_text());
        let _ = writeln!(o);
        let root = self.run.settings.root;
        let line = |id: NodeId| {
            let n = t.node(id);
            let label = n
                .label
                .as_deref()
                .map(|l| format!("{l} "))
                .unwrap_or_default();
            let statics = self.static_text(id).map(|s| format!("  {s}"));
            let statics = statics.unwrap_or_default();
            if n.is_leaf() {
                format!("{label}{}{statics}  #{}", self.leaf_text(id), n.leaf_index)
            } else {
                format!("{label}{}{statics}", kind_name(t, root, id))
            }
        };
        draw_tree(t, &mut o, line, |_| true);
        let _ = writeln!(o);
        for (i, q) in questions.iter().enumerate() {
            let _ = writeln!(o, "{}. {q}", i + 1);
        }
        o
    }

    fn node_line(&self, id: NodeId) -> String {
        let t = self.tree;
        let n = t.node(id);
        let rec = &self.run.nodes[id as usize];
        let mut line = String::new();
        if let Some(l) = &n.label {
            let _ = write!(line, "{l} ");
        }
        let kind = kind_name(t, self.run.settings.root, id);
        if n.is_leaf() {
            let _ = write!(line, "{}", self.leaf_text(id));
        } else {
            let _ = write!(line, "{kind}");
            if let Some((v, b)) = rec.value {
                let b = match b {
                    Bound::Exact => "",
                    Bound::Lower => " (at least)",
                    Bound::Upper => " (at most)",
                };
                let _ = write!(line, " {}{b}", format_value(v));
            }
        }
        if let Some(s) = self.static_text(id) {
            let _ = write!(line, "  {s}");
        }
        if rec.visited && n.is_leaf() {
            let _ = write!(line, "  opened");
        } else if rec.visited {
            let _ = write!(
                line,
                "  ({}, {})",
                format_value(rec.alpha),
                format_value(rec.beta)
            );
        }
        if !rec.visited {
            let _ = write!(line, "  -- pruned");
        }
        line
    }

    /// The tree drawn with each node's findings; a subtree never entered is one line.
    fn write_tree(&self, o: &mut String) {
        let visited = |id: NodeId| self.run.nodes[id as usize].visited;
        draw_tree(self.tree, o, |id| self.node_line(id), visited);
    }

    fn write_trace(&self, o: &mut String) {
        let t = self.tree;
        for (line, (step, text)) in self.trace_lines().iter().enumerate() {
            let indent = "  ".repeat(t.node(step_node(&self.run.trace[*step])).depth as usize);
            let _ = writeln!(o, "{:>4}. {indent}{text}", line + 1);
        }
    }

    /// The trace in words, a line a step (a leaf's entry and exit are said with its
    /// opening), each with the index of its step in `run.trace`.
    pub fn trace_lines(&self) -> Vec<(usize, String)> {
        let t = self.tree;
        let root = self.run.settings.root;
        let mut lines = Vec::new();
        for (step, s) in self.run.trace.iter().enumerate() {
            let id = step_node(s);
            let name = self.name(id);
            let max = root.is_max_at(t.node(id).depth);
            // In the player to move's view every node maximises: it narrows alpha, cuts at beta.
            let maximises = max || self.run.view == View::Mover;
            let w = format_window;
            let text = match *s {
                Step::Enter { alpha, beta, .. } => {
                    if t.node(id).is_leaf() {
                        // Shown with the leaf's opening.
                        continue;
                    }
                    let kind = if max { "Max" } else { "Min" };
                    format!("enter {name} ({kind}) with {}", w(alpha, beta))
                }
                Step::Leaf { .. } => {
                    let rec = &self.run.nodes[id as usize];
                    let given = format_leaf(t.node(id).value);
                    let seen = self.leaf_text(id);
                    // A leaf a depth limit made of a subtree is evaluated, not opened.
                    let evaluated = t.node(id).static_value.is_some();
                    let open = if evaluated { "evaluate" } else { "open leaf" };
                    let mut notes = Vec::new();
                    if seen != given {
                        notes.push(format!("Min's view of {given}"));
                    }
                    if evaluated {
                        notes.push("its static value".to_string());
                    }
                    let notes = if notes.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", notes.join(", "))
                    };
                    format!("{open} {name} = {seen}{notes}")
                        + &if self.run.settings.algorithm == crate::Algorithm::Minimax {
                            String::new()
                        } else {
                            format!("   (window {})", w(rec.alpha, rec.beta))
                        }
                }
                Step::Narrow { alpha, beta, .. } => {
                    if maximises {
                        format!(
                            "{name}: alpha = {}, window {}",
                            format_value(alpha),
                            w(alpha, beta)
                        )
                    } else {
                        format!(
                            "{name}: beta = {}, window {}",
                            format_value(beta),
                            w(alpha, beta)
                        )
                    }
                }
                Step::Cut { value, .. } => {
                    let rec = &self.run.nodes[id as usize];
                    if maximises {
                        format!(
                            "cut at {name}: {} >= beta {}, the other children are pruned",
                            format_value(value),
                            format_value(rec.beta)
                        )
                    } else {
                        format!(
                            "cut at {name}: {} <= alpha {}, the other children are pruned",
                            format_value(value),
                            format_value(rec.alpha)
                        )
                    }
                }
                Step::Exit { value, bound, .. } => {
                    if t.node(id).is_leaf() {
                        continue;
                    }
                    let b = match bound {
                        Bound::Exact => "",
                        Bound::Lower => " (a lower bound)",
                        Bound::Upper => " (an upper bound)",
                    };
                    format!("leave {name} with {}{b}", format_value(value))
                }
            };
            lines.push((step, text));
        }
        lines
    }
}

/// The node a step is at.
pub(crate) fn step_node(s: &Step) -> NodeId {
    match *s {
        Step::Enter { node, .. }
        | Step::Leaf { node, .. }
        | Step::Narrow { node, .. }
        | Step::Cut { node, .. }
        | Step::Exit { node, .. } => node,
    }
}

/// One row of the comparison: leaves opened by an algorithm in an order, or why it failed.
#[derive(Clone, Debug, Serialize)]
pub struct CompareRow {
    /// The algorithm's name.
    pub algorithm: &'static str,
    /// `ltr` or `rtl`.
    pub order: &'static str,
    /// Leaves opened, or `None` when the search needed an unknown leaf.
    pub leaves_opened: Option<usize>,
    /// The root value found (`"inf"`, `"-inf"` when infinite).
    #[serde(serialize_with = "serialize_maybe_value")]
    pub value: Option<i32>,
    /// Why it failed.
    pub error: Option<String>,
}

/// Every algorithm in both orders (and by static value, when the tree has static values),
/// with the given root and cut rule: the rows of one algorithm together.
pub fn compare(tree: &Tree, root: RootKind, cut: CutRule) -> Vec<CompareRow> {
    let mut rows = Vec::new();
    for algorithm in Algorithm::ALL {
        for &order in orders_of(tree) {
            let settings = Settings {
                root,
                order,
                algorithm,
                cut: if algorithm == Algorithm::Pvs {
                    CutRule::Inclusive
                } else {
                    cut
                },
            };
            let r = run(tree, settings, false);
            rows.push(CompareRow {
                algorithm: algorithm.name(),
                order: order_name(order),
                leaves_opened: r.as_ref().ok().map(|r| r.opened.len()),
                value: r.as_ref().ok().map(|r| r.value),
                error: r.err().map(|e| e.to_string()),
            });
        }
    }
    rows
}

/// "as in every uniform tree of depth 2 with 3 children a node: 3^1 + 3^1 - 1 (...)".
fn uniform_line(u: Uniform) -> String {
    format!(
        "as in every uniform tree of depth {} with {} children a node: {b}^{} + {b}^{} - 1 \
         (Knuth and Moore's minimal tree)",
        u.depth,
        u.children,
        u.depth.div_ceil(2),
        u.depth / 2,
        b = u.children
    )
}

/// The comparison as a text table, with the minimum under it (and the order in which
/// alpha-beta opens only the minimum).
pub fn compare_text(tree: &Tree, rows: &[CompareRow], min: Option<&Minimum>) -> String {
    let mut o = String::new();
    let orders = orders_of(tree);
    let _ = write!(o, "{:<16}", "algorithm");
    for &order in orders {
        let _ = write!(o, " {:>16}", order_words(order));
    }
    o.push('\n');
    for group in rows.chunks(orders.len()) {
        let _ = write!(o, "{:<16}", group[0].algorithm);
        for r in group {
            let cell = match r.leaves_opened {
                Some(n) => n.to_string(),
                None => "needs a ?".into(),
            };
            let _ = write!(o, " {cell:>16}");
        }
        o.push('\n');
    }
    match min {
        Some(m) => {
            let _ = writeln!(
                o,
                "{:<16} {:>16}   (of {} leaves)",
                "minimum",
                m.leaves,
                tree.leaves.len()
            );
            if let Some(u) = Uniform::of(tree) {
                let _ = writeln!(o, "{}", uniform_line(u));
            }
            let _ = writeln!(
                o,
                "alpha-beta opens only those in this order: {}",
                m.ordered_tree(tree)
            );
        }
        None => {
            let _ = writeln!(o, "minimum: none (the value depends on unknown leaves)");
        }
    }
    o
}
