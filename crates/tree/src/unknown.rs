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

/// The root's value in one case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RootValue {
    /// This value, whatever the unknown holds within the case.
    Is(i32),
    /// The unknown's own value: it reaches the root.
    Unknown,
}

/// How one search went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Course {
    /// The search ended: the root's value, the leaves opened (reading-order numbers, in the
    /// order opened) and the roots of the subtrees cut.
    Searched {
        /// The root's value.
        value: RootValue,
        /// Leaves opened.
        opened: Vec<u32>,
        /// Maximal subtrees never entered.
        pruned: Vec<NodeId>,
    },
    /// The search needs this other unknown leaf too.
    Needs(NodeId),
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
/// the search goes alike, together covering `-MAX_VALUE..=MAX_VALUE`. Errors that do not
/// come from an unknown leaf (an unsupported setting, a `leaf` that is not one) are returned.
pub fn cases(tree: &Tree, settings: Settings, leaf: NodeId) -> Result<Vec<Case>, ExplainError> {
    must_be_leaf(tree, leaf)?;
    let mut t = tree.clone();
    let mut course_at = |x: i32| -> Result<Course, ExplainError> {
        t.nodes[leaf as usize].value = Some(x);
        match run(&t, settings, false) {
            Ok(r) => Ok(Course::Searched {
                value: RootValue::Is(r.value),
                opened: r.opened,
                pruned: r.pruned,
            }),
            Err(ExplainError::UnknownLeaf { node, .. }) => Ok(Course::Needs(node)),
            Err(e) => Err(e),
        }
    };
    let mut marks: Vec<i32> = tree
        .leaves
        .iter()
        .filter(|&&l| l != leaf)
        .filter_map(|&l| tree.node(l).value)
        .filter(|v| v.abs() <= MAX_VALUE)
        .chain([-MAX_VALUE, MAX_VALUE])
        .collect();
    marks.sort_unstable();
    marks.dedup();
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
                        opened,
                        pruned,
                    },
                    Course::Searched {
                        value: RootValue::Is(b),
                        ..
                    },
                ) if a != b => Course::Searched {
                    value: RootValue::Unknown,
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
/// opened and the same root value, where a single value `x` whose root value is `x` counts as
/// one whose root value is the unknown's.
fn same_course(a: &Case, b: &Case) -> Option<Course> {
    use Course::Searched;
    match (&a.course, &b.course) {
        (Course::Needs(x), Course::Needs(y)) if x == y => Some(a.course.clone()),
        (
            Searched {
                value: va,
                opened: oa,
                pruned,
            },
            Searched {
                value: vb,
                opened: ob,
                ..
            },
        ) if oa == ob => {
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

/// The unknown leaf as the text names it: its label, else its number and its value's name.
fn who(tree: &Tree, leaf: NodeId) -> String {
    match &tree.node(leaf).label {
        Some(l) => l.clone(),
        None => format!("#{} (call its value x)", tree.node(leaf).leaf_index),
    }
}

/// The name the cases give the unknown: its label, else `x`.
fn variable(tree: &Tree, leaf: NodeId) -> String {
    tree.node(leaf).label.clone().unwrap_or_else(|| "x".into())
}

/// The values of one case: `E <= 2`, `3 <= E <= 5`, `E = 7`, `E >= 6`, `any E`.
fn range_text(x: &str, c: &Case) -> String {
    match (c.low == -MAX_VALUE, c.high == MAX_VALUE) {
        (true, true) => format!("any {x}"),
        (true, false) => format!("{x} <= {}", c.high),
        (false, true) => format!("{x} >= {}", c.low),
        _ if c.low == c.high => format!("{x} = {}", c.low),
        _ => format!("{} <= {x} <= {}", c.low, c.high),
    }
}

/// The root's value in a case as text, in `view` (`sign` -1: Min's at the root): a number,
/// the unknown's name, or its negation.
fn value_text(x: &str, value: RootValue, sign: i32) -> String {
    match (value, sign) {
        (RootValue::Is(v), _) => crate::model::format_value(sign * v),
        (RootValue::Unknown, 1) => x.to_string(),
        (RootValue::Unknown, _) => format!("-{x}"),
    }
}

/// The cases as text: a line a case, after a line that says which leaf they are about. The
/// root's values are in `view` (the unknown's values stay as the tree gives its leaves).
pub fn cases_text(tree: &Tree, leaf: NodeId, cases: &[Case], root: RootKind, view: View) -> String {
    let x = variable(tree, leaf);
    let who = who(tree, leaf);
    let sign = view.sign(root, 0);
    let mut o = format!(
        "the search needs leaf {who}, which is unknown ('?'); how it goes for each value of {x}:\n"
    );
    let ranges: Vec<String> = cases.iter().map(|c| range_text(&x, c)).collect();
    let width = ranges.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    for (c, range) in cases.iter().zip(&ranges) {
        let what = match &c.course {
            Course::Searched {
                value,
                opened,
                pruned,
            } => {
                let value = value_text(&x, *value, sign);
                let opened: Vec<String> = opened.iter().map(|&l| tree.leaf_name(l)).collect();
                let pruned: Vec<String> = pruned.iter().map(|&id| tree.name(id)).collect();
                format!(
                    "value {value}; opens {} of {}: {}; pruned: {}",
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
            Course::Needs(other) => format!(
                "the search needs leaf {} too, which is unknown",
                tree.leaf_name(tree.node(*other).leaf_index)
            ),
        };
        o.push_str(&format!("  {range:<width$}  {what}\n"));
    }
    o.push_str(&format!(
        "({x} taken as a whole number from -{MAX_VALUE} to {MAX_VALUE}; give it a value to follow the search step by step)\n"
    ));
    if sign < 0 {
        o.push_str(&format!(
            "(the root's values as Min, to move there, sees them: the negation of Max's; {x} as the tree gives it)\n"
        ));
    }
    o
}

/// The tree's text with `leaf` holding `value`.
fn with_value(tree: &Tree, leaf: NodeId, value: i32) -> String {
    let mut t = tree.clone();
    t.nodes[leaf as usize].value = Some(value);
    t.to_text()
}

/// The cases as JSON: `{"leaf", "label", "view", "cases": [{"low", "high", "value",
/// "opened", "pruned", "needs", "example", "tree"}]}`, with `value` the root's in `view`: a
/// number, `"inf"`/`"-inf"`, `"unknown"` (the unknown's own value) or `"-unknown"` (its
/// negation, Min's view at the root); leaves by reading-order number, subtrees by path, and
/// `tree` the tree's text with the leaf at the case's `example` value, to explain step by
/// step (both `null` where another unknown leaf is needed).
pub fn cases_json(
    tree: &Tree,
    leaf: NodeId,
    cases: &[Case],
    root: RootKind,
    view: View,
) -> serde_json::Value {
    use serde_json::json;
    let sign = view.sign(root, 0);
    let rows: Vec<serde_json::Value> = cases
        .iter()
        .map(|c| match &c.course {
            Course::Searched {
                value,
                opened,
                pruned,
            } => json!({
                "low": c.low,
                "high": c.high,
                "value": match (value, sign) {
                    (RootValue::Is(v), _) => crate::report::json_value(sign * v),
                    (RootValue::Unknown, 1) => json!("unknown"),
                    (RootValue::Unknown, _) => json!("-unknown"),
                },
                "opened": opened,
                "pruned": pruned.iter().map(|&id| tree.path(id)).collect::<Vec<_>>(),
                "needs": null,
                "example": c.example(),
                "tree": with_value(tree, leaf, c.example()),
            }),
            Course::Needs(other) => json!({
                "low": c.low,
                "high": c.high,
                "value": null,
                "opened": null,
                "pruned": null,
                "needs": tree.node(*other).leaf_index,
                "example": null,
                "tree": null,
            }),
        })
        .collect();
    json!({
        "leaf": tree.node(leaf).leaf_index,
        "label": tree.node(leaf).label,
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
}

/// The question the cases answer: "for which values of the unknown leaf is each subtree cut,
/// and what is the root's value?", with the tree drawn bare. Errors as [`cases`] does.
pub fn unknown_question(
    tree: &Tree,
    settings: Settings,
    leaf: NodeId,
) -> Result<UnknownQuestion, ExplainError> {
    must_be_leaf(tree, leaf)?;
    // The question shows the settings and the tree, never the search: any value of the leaf
    // gives a run to hold them (another unknown leaf it needs as well is then no matter).
    let mut t = tree.clone();
    for l in &t.leaves.clone() {
        t.nodes[*l as usize].value.get_or_insert(0);
    }
    let e = crate::report::Explanation {
        tree,
        run: run(&t, settings, false)?,
        minimum: None,
    };
    let x = variable(tree, leaf);
    let who = who(tree, leaf);
    let algorithm = settings.algorithm.name();
    let questions = vec![
        format!(
            "Leaf {who} is unknown. For which values of {x} does {algorithm} prune which subtrees?"
        ),
        format!("What is the root's value as {x} varies?"),
    ];
    Ok(UnknownQuestion {
        text: e.question_with(&questions),
        svg: crate::draw::svg_question(&e),
        questions,
    })
}
