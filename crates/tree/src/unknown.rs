//! An unknown leaf that the search needs: how the search goes for each of its values, which
//! answers the exam question "for which values of x is this branch cut?".
//!
//! The search decides only by comparing values, so its course changes only where the
//! unknown meets a value of the tree: between two neighbouring values it is the same
//! throughout, and there the root's value is either a constant or the unknown itself
//! (minimax clamps each leaf between two bounds). So a few searches cover every value: one
//! at each value of the tree and two in each gap between, at its ends.

use crate::explain::{run, ExplainError, RootKind, Settings, View};
use crate::model::{NodeId, Tree, MAX_VALUE};
#[cfg(doc)]
use crate::unknown_pair::MAX_PAIR_VALUES;
use crate::unknown_pair::{split, End, InnerCase};

/// The root's value in one case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RootValue {
    /// This value, whatever the unknown holds within the case.
    Is(i32),
    /// The unknown's own value: it reaches the root.
    Unknown,
    /// The second unknown's value, in the cases of a second unknown leaf ([`InnerCase`]).
    Other,
}

/// How one search went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Course {
    /// The search ended: the root's value and best move, the leaves opened (reading-order
    /// numbers, in the order opened) and the roots of the subtrees cut.
    Searched {
        /// The root's value.
        value: RootValue,
        /// The best move: the root's child, by index (`None` when the root is a leaf).
        best_move: Option<u32>,
        /// Leaves opened.
        opened: Vec<u32>,
        /// Maximal subtrees never entered.
        pruned: Vec<NodeId>,
    },
    /// The search needs this other unknown leaf too, and it is not followed (a third, or
    /// a second in a tree of more than [`MAX_PAIR_VALUES`] values).
    Needs(NodeId),
    /// The search needs this second unknown leaf too: how it goes for each of its values,
    /// given the first's.
    Also {
        /// The second unknown leaf.
        leaf: NodeId,
        /// Its values in increasing order, together covering `-MAX_VALUE..=MAX_VALUE`.
        cases: Vec<InnerCase>,
    },
}

/// The values `low..=high` of the unknown, and how the search goes for each of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The lowest value of the case (`-MAX_VALUE` at the lower end).
    pub low: i32,
    /// The highest (`MAX_VALUE` at the upper end).
    pub high: i32,
    /// The search's course.
    pub course: Course,
}

impl Case {
    /// A value of the case to show it with: its bounded end (`1` for `E <= 1`, `11` for
    /// `E >= 11`), the lower end of a closed range, or 0 when any value is.
    pub fn example(&self) -> i32 {
        match (self.low == -MAX_VALUE, self.high == MAX_VALUE) {
            (true, true) => 0,
            (true, false) => self.high,
            _ => self.low,
        }
    }
}

/// How the search with `settings` goes for every finite value of the leaf `leaf` (the other
/// leaves as they are): the cases in increasing order of its value, neighbours merged where
/// the search goes alike, together covering `-MAX_VALUE..=MAX_VALUE`. Where the search needs
/// a second unknown leaf as well, the cases say how it goes for each of its values too
/// ([`Course::Also`]). Errors that do not come from an unknown leaf (an unsupported setting,
/// a `leaf` that is not one) are returned.
pub fn cases(tree: &Tree, settings: Settings, leaf: NodeId) -> Result<Vec<Case>, ExplainError> {
    let mut out = Vec::new();
    for case in cases_of_one(tree, settings, leaf)? {
        let split = match case.course {
            Course::Needs(other) => split(tree, settings, (leaf, other), (case.low, case.high))?,
            _ => None,
        };
        match split {
            Some(groups) => groups.into_iter().for_each(|g| push(&mut out, g)),
            None => push(&mut out, case),
        }
    }
    Ok(out)
}

/// The cases of `leaf` alone: a second unknown leaf the search needs is named, not followed.
fn cases_of_one(tree: &Tree, settings: Settings, leaf: NodeId) -> Result<Vec<Case>, ExplainError> {
    must_be_leaf(tree, leaf)?;
    let mut t = tree.clone();
    let mut course_at = |x: i32| -> Result<Course, ExplainError> {
        t.nodes[leaf as usize].value = Some(x);
        match run(&t, settings, false) {
            Ok(r) => Ok(Course::Searched {
                value: RootValue::Is(r.value),
                best_move: r.best_move,
                opened: r.opened,
                pruned: r.pruned,
            }),
            Err(ExplainError::UnknownLeaf { node, .. }) => Ok(Course::Needs(node)),
            Err(e) => Err(e),
        }
    };
    let marks = known_values(tree, leaf);
    let mut cases: Vec<Case> = Vec::new();
    for (i, &m) in marks.iter().enumerate() {
        if i > 0 && m - marks[i - 1] >= 2 {
            let (low, high) = (marks[i - 1] + 1, m - 1);
            let (at_low, at_high) = (course_at(low)?, course_at(high)?);
            let course = match (at_low, at_high) {
                // The root's value changed across the gap: it is the unknown's own.
                (
                    Course::Searched {
                        value: RootValue::Is(a),
                        best_move,
                        opened,
                        pruned,
                    },
                    Course::Searched {
                        value: RootValue::Is(b),
                        ..
                    },
                ) if a != b => Course::Searched {
                    value: RootValue::Unknown,
                    best_move,
                    opened,
                    pruned,
                },
                (course, _) => course,
            };
            push(&mut cases, Case { low, high, course });
        }
        let course = course_at(m)?;
        push(
            &mut cases,
            Case {
                low: m,
                high: m,
                course,
            },
        );
    }
    Ok(cases)
}

/// The distinct finite values of the leaves other than `except`, in increasing order, with
/// both ends of the range an unknown takes: where the search's course can change.
pub(crate) fn known_values(tree: &Tree, except: NodeId) -> Vec<i32> {
    let mut values: Vec<i32> = tree
        .leaves
        .iter()
        .filter(|&&l| l != except)
        .filter_map(|&l| tree.node(l).value)
        .filter(|v| v.abs() <= MAX_VALUE)
        .chain([-MAX_VALUE, MAX_VALUE])
        .collect();
    values.sort_unstable();
    values.dedup();
    values
}

/// Appends a case, merged with the last one when the search goes the same way in both.
fn push(cases: &mut Vec<Case>, case: Case) {
    if let Some(last) = cases.last_mut() {
        if let Some(course) = same_course(last, &case) {
            last.high = case.high;
            last.course = course;
            return;
        }
    }
    cases.push(case);
}

/// The course of two neighbouring cases taken as one, if they are alike: the same leaves
/// opened, the same best move and the same root value, where a single value `x` whose root
/// value is `x` counts as one whose root value is the unknown's.
fn same_course(a: &Case, b: &Case) -> Option<Course> {
    use Course::Searched;
    match (&a.course, &b.course) {
        (Course::Needs(x), Course::Needs(y)) if x == y => Some(a.course.clone()),
        (Course::Also { .. }, Course::Also { .. }) if a.course == b.course => {
            Some(a.course.clone())
        }
        (
            Searched {
                value: va,
                best_move: ma,
                opened: oa,
                pruned,
            },
            Searched {
                value: vb,
                best_move: mb,
                opened: ob,
                ..
            },
        ) if oa == ob && ma == mb => {
            // Is the root's value the unknown's own throughout the case?
            let follows = |c: &Case, v: RootValue| {
                v == RootValue::Unknown || (c.low == c.high && v == RootValue::Is(c.low))
            };
            let value = if va == vb {
                *va
            } else if follows(a, *va) && follows(b, *vb) {
                RootValue::Unknown
            } else {
                return None;
            };
            Some(Searched {
                value,
                best_move: *ma,
                opened: oa.clone(),
                pruned: pruned.clone(),
            })
        }
        _ => None,
    }
}

/// `leaf` is a leaf of `tree`, or the error that says it is not.
fn must_be_leaf(tree: &Tree, leaf: NodeId) -> Result<(), ExplainError> {
    if tree.nodes.get(leaf as usize).is_some_and(|n| n.is_leaf()) {
        Ok(())
    } else {
        Err(ExplainError::Unsupported(format!(
            "node {leaf} is not a leaf of the tree"
        )))
    }
}

/// An unknown leaf as the text names it ([`Tree::unknown_noun`]): by its label, else by its
/// number and the name its value goes by (`leaf #2 (call its value y)`).
fn who(tree: &Tree, leaf: NodeId, variable: &str) -> String {
    let n = tree.node(leaf);
    match &n.label {
        Some(l) => tree.unknown_noun(leaf, l),
        None => format!(
            "{} (call {} {variable})",
            tree.unknown_noun(leaf, &format!("#{}", n.leaf_index)),
            if n.static_value.is_some() {
                "it"
            } else {
                "its value"
            }
        ),
    }
}

/// `text` with its first letter a capital, to begin a sentence.
pub(crate) fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// The name the cases give the unknown: its label, else `x`.
fn variable(tree: &Tree, leaf: NodeId) -> String {
    tree.node(leaf).label.clone().unwrap_or_else(|| "x".into())
}

/// The names of a first and a second unknown: their labels, else `x` and `y` (`z` when the
/// first is called `y`).
fn variables(tree: &Tree, first: NodeId, second: NodeId) -> (String, String) {
    let x = variable(tree, first);
    let y = tree
        .node(second)
        .label
        .clone()
        .unwrap_or_else(|| if x == "y" { "z" } else { "y" }.to_string());
    (x, y)
}

/// The values of one case: `E <= 2`, `3 <= E <= 5`, `E = 7`, `E >= 6`, `any E`.
fn range_text(x: &str, c: &Case) -> String {
    bounds_text(x, End::Value(c.low), End::Value(c.high), "")
}

/// A range of `x` from `low` to `high` as text; a bound on the first unknown `first` reads
/// `F < E` rather than `F <= E-1`.
fn bounds_text(x: &str, low: End, high: End, first: &str) -> String {
    let lower = match low {
        End::Value(v) if v == -MAX_VALUE => None,
        End::Value(v) => Some(format!("{v} <= ")),
        End::First(0) => Some(format!("{first} <= ")),
        End::First(d) if d > 0 => Some(format!("{first} < ")),
        End::First(d) => Some(format!("{first}{d} <= ")),
    };
    let upper = match high {
        End::Value(v) if v == MAX_VALUE => None,
        End::Value(v) => Some(format!(" <= {v}")),
        End::First(0) => Some(format!(" <= {first}")),
        End::First(d) if d < 0 => Some(format!(" < {first}")),
        End::First(d) => Some(format!(" <= {first}+{d}")),
    };
    if let (true, Some(_), Some(at)) = (low == high, &lower, &upper) {
        return format!("{x} = {}", at.trim_start_matches(" <= "));
    }
    match (lower, upper) {
        (None, None) => format!("any {x}"),
        (Some(l), None) => format!("{x} {}", flip(&l)),
        (None, Some(u)) => format!("{x}{u}"),
        (Some(l), Some(u)) => format!("{l}{x}{u}"),
    }
}

/// `3 <= ` as a bound after the variable: `>= 3`; `E < ` as `> E`.
fn flip(lower: &str) -> String {
    let lower = lower.trim_end();
    match lower.rsplit_once(' ') {
        Some((v, "<=")) => format!(">= {v}"),
        Some((v, _)) => format!("> {v}"),
        None => lower.to_string(),
    }
}

/// A bound for JSON: a number, or the first unknown's name with its offset (`"E+1"`).
fn bound_json(b: End, first: &str) -> serde_json::Value {
    match b {
        End::Value(v) => serde_json::json!(v),
        End::First(0) => serde_json::json!(first),
        End::First(d) => serde_json::json!(format!("{first}{d:+}")),
    }
}

/// The root's value in a case as text, in `view` (`sign` -1: Min's at the root): a number,
/// an unknown's name (`x` the first's, `y` the second's), or its negation.
fn value_text((x, y): (&str, &str), value: RootValue, sign: i32) -> String {
    let name = match value {
        RootValue::Is(v) => return crate::model::format_value(sign * v),
        RootValue::Unknown => x,
        RootValue::Other => y,
    };
    if sign < 0 {
        format!("-{name}")
    } else {
        name.to_string()
    }
}

/// The root's value for JSON: a number, `"unknown"` (the first unknown's), `"other"` (the
/// second's), or either negated (`"-unknown"`).
fn value_json(value: RootValue, sign: i32) -> serde_json::Value {
    let name = match value {
        RootValue::Is(v) => return crate::report::json_value(sign * v),
        RootValue::Unknown => "unknown",
        RootValue::Other => "other",
    };
    serde_json::json!(if sign < 0 {
        format!("-{name}")
    } else {
        name.to_string()
    })
}

/// The root's child `m` as a case names it: its label, else its path (`[2]`).
fn move_name(tree: &Tree, m: u32) -> String {
    tree.name(tree.children_of(0)[m as usize])
}

/// What the search does in a searched course, or which further unknown leaf it needs.
fn course_text(tree: &Tree, names: (&str, &str), course: &Course, sign: i32) -> String {
    match course {
        Course::Searched {
            value,
            best_move,
            opened,
            pruned,
        } => {
            let opened: Vec<String> = opened.iter().map(|&l| tree.leaf_name(l)).collect();
            let pruned: Vec<String> = pruned.iter().map(|&id| tree.name(id)).collect();
            let best = best_move
                .map(|m| format!(", best move {}", move_name(tree, m)))
                .unwrap_or_default();
            format!(
                "value {}{best}; opens {} of {}: {}; pruned: {}",
                value_text(names, *value, sign),
                opened.len(),
                tree.leaves.len(),
                opened.join(" "),
                if pruned.is_empty() {
                    "nothing".into()
                } else {
                    pruned.join(" ")
                }
            )
        }
        Course::Needs(other) | Course::Also { leaf: other, .. } => format!(
            "the search needs {} too, which is unknown",
            tree.unknown_noun(*other, &tree.leaf_name(tree.node(*other).leaf_index))
        ),
    }
}

/// The cases as text: a line a case, after a line that says which leaf they are about; where
/// the search needs a second unknown leaf too, its cases below, indented. The root's values
/// are in `view` (the unknowns' values stay as the tree gives its leaves).
pub fn cases_text(tree: &Tree, leaf: NodeId, cases: &[Case], root: RootKind, view: View) -> String {
    let words = case_words(tree, leaf, cases, root, view);
    let mut o = format!("{}\n", words.head);
    let width = words.rows.iter().map(|r| r.range.chars().count()).max();
    let width = width.unwrap_or(0);
    for row in &words.rows {
        o.push_str(&format!("  {:<width$}  {}\n", row.range, row.what));
        let w = row.inner.iter().map(|r| r.range.chars().count()).max();
        let w = w.unwrap_or(0);
        for inner in &row.inner {
            o.push_str(&format!(
                "  {:width$}    {:<w$}  {}\n",
                "", inner.range, inner.what
            ));
        }
    }
    for line in &words.notes {
        o.push_str(&format!("({line})\n"));
    }
    o
}

/// The cases in words, for the text and for a worksheet.
pub(crate) struct CaseWords {
    /// Which leaf the cases are about: "the search needs leaf E, which is unknown ...".
    pub head: String,
    /// A row a case.
    pub rows: Vec<CaseRow>,
    /// What the ranges and values mean.
    pub notes: Vec<String>,
}

/// One case in words: its range (`2 <= E <= 10`), what the search does, and the cases of a
/// second unknown leaf the search needs too.
pub(crate) struct CaseRow {
    pub range: String,
    pub what: String,
    pub inner: Vec<CaseRow>,
}

/// The cases as [`cases_text`] words them.
pub(crate) fn case_words(
    tree: &Tree,
    leaf: NodeId,
    cases: &[Case],
    root: RootKind,
    view: View,
) -> CaseWords {
    let x = variable(tree, leaf);
    let first = who(tree, leaf, &x);
    let sign = view.sign(root, 0);
    let head = format!(
        "the search needs {first}, which is unknown ('?'); how it goes for each value of {x}:"
    );
    let mut rows = Vec::new();
    let mut second = None;
    for c in cases {
        let range = range_text(&x, c);
        let Course::Also { leaf: other, cases } = &c.course else {
            let what = course_text(tree, (&x, ""), &c.course, sign);
            rows.push(CaseRow {
                range,
                what,
                inner: Vec::new(),
            });
            continue;
        };
        let (_, y) = variables(tree, leaf, *other);
        let name = who(tree, *other, &y);
        let inner = cases
            .iter()
            .map(|i| CaseRow {
                range: bounds_text(&y, i.low, i.high, &x),
                what: course_text(tree, (&x, &y), &i.course, sign),
                inner: Vec::new(),
            })
            .collect();
        rows.push(CaseRow {
            range,
            what: format!("the search needs {name} too, which is unknown; for each value of {y}:"),
            inner,
        });
        second.get_or_insert(y);
    }
    let mut notes = Vec::new();
    let taken = match &second {
        Some(y) => format!("{x} and {y} taken as whole numbers"),
        None => format!("{x} taken as a whole number"),
    };
    let give = match &second {
        Some(_) => "give them values",
        None => "give it a value",
    };
    notes.push(format!(
        "{taken} from -{MAX_VALUE} to {MAX_VALUE}; {give} to follow the search step by step"
    ));
    if sign < 0 {
        let given = match &second {
            Some(y) => format!("{x} and {y} as the tree gives them"),
            None => format!("{x} as the tree gives it"),
        };
        notes.push(format!(
            "the root's values as Min, to move there, sees them: the negation of Max's; {given}"
        ));
    }
    CaseWords { head, rows, notes }
}

/// The tree's text with each of `leaves` holding its value; with `whole` (the tree a depth
/// limit cut to `tree`), `whole`'s text, where a leaf the cut made of a subtree gives that
/// subtree's static value.
fn with_values(tree: &Tree, whole: Option<&Tree>, leaves: &[(NodeId, i32)]) -> String {
    let mut t = whole.unwrap_or(tree).clone();
    for &(leaf, value) in leaves {
        let id = match whole {
            Some(w) => w
                .at_path(&tree.path(leaf))
                .expect("the cut tree's nodes are the whole tree's"),
            None => leaf,
        };
        let n = &mut t.nodes[id as usize];
        if n.is_leaf() {
            n.value = Some(value);
        } else {
            n.static_value = Some(Some(value));
        }
    }
    t.to_text()
}

/// The cases as JSON: `{"leaf", "label", "variable", "view", "cases": [{"low", "high", "value",
/// "opened", "pruned", "needs", "example", "tree"}]}`, with `value` the root's in `view`: a
/// number, `"inf"`/`"-inf"`, `"unknown"` (the unknown's own value) or `"-unknown"` (its
/// negation, Min's view at the root); leaves by reading-order number, subtrees by path, and
/// `tree` the tree's text with the leaf at the case's `example` value, to explain step by
/// step (both `null` where another unknown leaf is needed; with `whole`, the tree a depth
/// limit cut to `tree`, that tree's text, with the value as the static value of a node the
/// cut made a leaf); `variable` is the name the text
/// gives the unknown (its label, else `x`). Where the search needs a second unknown leaf,
/// `needs` is its number, `needs_variable` its name (its label, else `y`), and `cases` its
/// own cases alike, whose `low` and `high` may be the first's name with an offset (`"E"`, `"E+1"`),
/// whose `value` may be `"other"` (the second's value), and whose `example` holds both
/// values, the first's then the second's.
pub fn cases_json(
    tree: &Tree,
    leaf: NodeId,
    cases: &[Case],
    root: RootKind,
    view: View,
    whole: Option<&Tree>,
) -> serde_json::Value {
    use serde_json::json;
    let sign = view.sign(root, 0);
    let x = variable(tree, leaf);
    // A course's own fields: what the search did, or which further unknown it needs.
    let course = |course: &Course| match course {
        Course::Searched {
            value,
            best_move,
            opened,
            pruned,
        } => json!({
            "value": value_json(*value, sign),
            "best_move": best_move,
            "best_move_name": best_move.map(|m| move_name(tree, m)),
            "opened": opened,
            "pruned": pruned.iter().map(|&id| tree.path(id)).collect::<Vec<_>>(),
            "needs": null,
        }),
        Course::Needs(n) | Course::Also { leaf: n, .. } => json!({
            "value": null,
            "best_move": null,
            "best_move_name": null,
            "opened": null,
            "pruned": null,
            "needs": tree.node(*n).leaf_index,
        }),
    };
    let rows: Vec<serde_json::Value> = cases
        .iter()
        .map(|c| {
            let mut row = course(&c.course);
            row["low"] = json!(c.low);
            row["high"] = json!(c.high);
            let searched = matches!(c.course, Course::Searched { .. });
            row["example"] = json!(searched.then(|| c.example()));
            row["tree"] = json!(searched.then(|| with_values(tree, whole, &[(leaf, c.example())])));
            if let Course::Also { leaf: other, cases } = &c.course {
                let firsts = [c.example(), c.low, c.high];
                let inner: Vec<serde_json::Value> = cases
                    .iter()
                    .map(|i| {
                        let mut row = course(&i.course);
                        row["low"] = bound_json(i.low, &x);
                        row["high"] = bound_json(i.high, &x);
                        let example = i
                            .example(&firsts)
                            .filter(|_| matches!(i.course, Course::Searched { .. }));
                        row["example"] = json!(example.map(|(e, f)| [e, f]));
                        row["tree"] = json!(example.map(|(e, f)| with_values(
                            tree,
                            whole,
                            &[(leaf, e), (*other, f)]
                        )));
                        row
                    })
                    .collect();
                row["needs_variable"] = json!(variables(tree, leaf, *other).1);
                row["cases"] = json!(inner);
            }
            row
        })
        .collect();
    json!({
        "leaf": tree.node(leaf).leaf_index,
        "label": tree.node(leaf).label,
        "variable": x,
        "view": view.name(),
        "cases": rows,
    })
}

/// The question the cases answer, for a worksheet or a quiz.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownQuestion {
    /// What to find, a sentence each.
    pub questions: Vec<String>,
    /// The settings, the tree as text and drawn bare with its leaves numbered, then the
    /// questions numbered.
    pub text: String,
    /// The bare picture ([`crate::svg_question`]'s), the leaf drawn `?`.
    pub svg: String,
    /// The same picture as TikZ ([`crate::tikz_question`]'s).
    pub tikz: String,
}

/// The question the cases answer: "for which values of the unknown leaf is each subtree cut,
/// and what is the root's value?", with the tree drawn bare. Errors as [`cases`] does.
pub fn unknown_question(
    tree: &Tree,
    settings: Settings,
    leaf: NodeId,
) -> Result<UnknownQuestion, ExplainError> {
    must_be_leaf(tree, leaf)?;
    // The question shows the settings and the tree, never the search.
    let e = crate::report::unsearched(tree, settings)?;
    let x = variable(tree, leaf);
    let who = who(tree, leaf, &x);
    let algorithm = settings.algorithm.name();
    // A second unknown leaf the search needs for some values of the first is asked about
    // too (the first's own cases say so; its cases need not be worked out for a question).
    let second = cases_of_one(tree, settings, leaf)?
        .into_iter()
        .find_map(|c| match c.course {
            Course::Needs(leaf) => Some(leaf),
            _ => None,
        });
    let questions = match second {
        None => vec![
            format!(
                "{} is unknown. For which values of {x} does {algorithm} prune which subtrees?",
                capitalised(&who)
            ),
            format!("What is the root's value as {x} varies?"),
        ],
        Some(other) => {
            let (_, y) = variables(tree, leaf, other);
            let name = |l: NodeId| tree.leaf_name(tree.node(l).leaf_index);
            let statics = [leaf, other]
                .iter()
                .any(|&l| tree.node(l).static_value.is_some());
            let labelled = tree.node(leaf).label.is_some() && tree.node(other).label.is_some();
            let whom = match (statics, labelled) {
                (false, true) => format!("Leaves {} and {} are", name(leaf), name(other)),
                (false, false) => format!(
                    "Leaves {} and {} (call their values {x} and {y}) are",
                    name(leaf),
                    name(other)
                ),
                (true, _) => format!(
                    "{} and {}{} are",
                    capitalised(&tree.unknown_noun(leaf, &name(leaf))),
                    tree.unknown_noun(other, &name(other)),
                    if labelled {
                        String::new()
                    } else {
                        format!(" (call them {x} and {y})")
                    }
                ),
            };
            vec![
                format!(
                    "{whom} unknown. For which values of {x} and {y} does {algorithm} prune which subtrees?"
                ),
                format!("What is the root's value as {x} and {y} vary?"),
            ]
        }
    };
    Ok(UnknownQuestion {
        text: e.question_with(&questions),
        svg: crate::draw::svg_question(&e),
        tikz: crate::draw::tikz_question(&e),
        questions,
    })
}
