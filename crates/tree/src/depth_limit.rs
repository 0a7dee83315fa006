//! A depth-limited search, as the textbook runs one: below a depth the tree is not searched,
//! and a node there is valued by its static evaluation (`B=4(...)`) instead of its subtree.
//!
//! The limit is a rewrite of the tree: every node at the limit depth that has children becomes
//! a leaf holding its static value (as its value, and as its static value, which marks it).
//! Everything else (the search, the minimum, the unknown leaves, the pictures) then works on
//! the cut tree unchanged.

use serde::Serialize;
use serde_json::{json, Value};
use thiserror::Error;

use crate::explain::{run, RootKind, Settings, View};
use crate::model::{format_leaf, format_value, Node, NodeId, Tree};
use crate::report::{json_leaf, json_value};

/// A tree cut at a depth.
#[derive(Clone, Debug)]
pub struct DepthLimit {
    /// The cut tree: the nodes down to the limit, the frontier ones as leaves.
    pub tree: Tree,
    /// The limit: the depth of the deepest nodes kept.
    pub depth: u32,
    /// The nodes of the cut tree that stand in for a subtree (leaves holding a static value),
    /// in reading order.
    pub frontier: Vec<NodeId>,
    /// How many leaves of the whole tree lie below the frontier, never searched.
    pub hidden_leaves: usize,
    /// The whole tree's minimax value (Max's view), to set against the cut tree's; `None` when
    /// it has unknown leaves.
    pub full_value: Option<i32>,
}

/// Why a tree cannot be cut at a depth.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DepthError {
    /// A node at the limit has children but no static value to stand in for them.
    #[error(
        "the search stops at depth {depth}, but {name} there has no static value to stand in \
         for its subtree: write one before its children, like {example}"
    )]
    NoStatic {
        /// The node's name (label or path).
        name: String,
        /// The limit.
        depth: u32,
        /// How to write a static value for it.
        example: String,
    },
    /// A limit of 0 leaves nothing to search.
    #[error("the depth limit must be at least 1 (depth 0 is the root alone)")]
    Zero,
}

/// Cuts `tree` at `depth`: the nodes deeper are dropped, and those at `depth` with children
/// become leaves valued by their static values.
pub fn limit_depth(tree: &Tree, depth: u32, root: RootKind) -> Result<DepthLimit, DepthError> {
    if depth == 0 {
        return Err(DepthError::Zero);
    }
    // A node at the limit with children and nothing to stand in for them: said before any
    // work (the deepening tries every depth, of trees that may have no static values).
    let unvalued = |n: &Node| n.depth == depth && !n.is_leaf() && n.static_value.is_none();
    if let Some(at) = tree.nodes.iter().position(unvalued) {
        let n = &tree.nodes[at];
        return Err(DepthError::NoStatic {
            name: tree.name(at as NodeId),
            depth,
            example: match &n.label {
                Some(l) => format!("{l}=4(...)"),
                None => "4[...]".into(),
            },
        });
    }
    // Preorder with depths growing along every path: the kept nodes are exactly those at
    // `depth` or above, and filtering keeps them in preorder.
    let mut new_id = vec![NodeId::MAX; tree.nodes.len()];
    let mut out = Tree {
        labelled: tree.labelled,
        ..Tree::default()
    };
    let mut frontier = Vec::new();
    let mut hidden_leaves = 0;
    let mut old_of = Vec::new();
    for (old, n) in tree.nodes.iter().enumerate() {
        if n.depth > depth {
            hidden_leaves += usize::from(n.is_leaf());
            continue;
        }
        let id = out.nodes.len() as NodeId;
        new_id[old] = id;
        old_of.push(old);
        let mut node = n.clone();
        node.parent = n.parent.map(|p| new_id[p as usize]);
        if n.depth == depth && !n.is_leaf() {
            // The static value stays, to mark the leaf as one standing in for a subtree (an
            // unknown one makes an unknown leaf).
            node.value = n.static_value.expect("checked above");
            node.child_count = 0;
            frontier.push(id);
        }
        if node.is_leaf() {
            node.leaf_index = out.leaves.len() as u32;
            out.leaves.push(id);
        }
        out.nodes.push(node);
    }
    // The child lists: each node's children in one run of `children`, in reading order.
    for (id, &old) in old_of.iter().enumerate() {
        let node = &mut out.nodes[id];
        if node.is_leaf() {
            node.first_child = 0;
            continue;
        }
        node.first_child = out.children.len() as u32;
        out.max_branching = out.max_branching.max(node.child_count);
        let kids = tree.children_of(old as NodeId).iter();
        out.children.extend(kids.map(|&k| new_id[k as usize]));
    }
    let full_value = tree
        .leaves
        .iter()
        .all(|&l| tree.node(l).value.is_some())
        .then(|| crate::minimum::node_values(tree, root, 0, None)[0]);
    Ok(DepthLimit {
        tree: out,
        depth,
        frontier,
        hidden_leaves,
        full_value,
    })
}

impl DepthLimit {
    /// What the limit did, for the head of a report: the nodes whose static values stand in
    /// for their subtrees.
    pub fn about(&self) -> String {
        let d = self.depth;
        if self.frontier.is_empty() {
            return format!("depth limit {d}: the tree is no deeper, so nothing is cut");
        }
        const SHOWN: usize = 12;
        let mut names: Vec<String> = self
            .frontier
            .iter()
            .take(SHOWN)
            .map(|&id| format!("{}={}", self.tree.name(id), self.static_of(id)))
            .collect();
        if self.frontier.len() > SHOWN {
            names.push(format!("and {} more", self.frontier.len() - SHOWN));
        }
        let hidden = match self.hidden_leaves {
            1 => "1 leaf".to_string(),
            n => format!("{n} leaves"),
        };
        format!(
            "depth limit {d}: static values stand in for the subtrees below {} ({hidden} not searched)",
            names.join(" ")
        )
    }

    /// What the limit did ([`DepthLimit::about`]), then with `whole` (and something cut) the
    /// whole tree's value.
    pub fn lines(&self, root: RootKind, view: View, whole: bool) -> Vec<String> {
        let mut out = vec![self.about()];
        if whole && !self.frontier.is_empty() {
            out.push(self.full_value_text(root, view));
        }
        out
    }

    /// The whole tree's value (in `view`), to set the depth-limited one against.
    fn full_value_text(&self, root: RootKind, view: View) -> String {
        match self.full_value {
            Some(v) => format!(
                "the whole tree's value, searched to the end: {}",
                format_value(v * view.sign(root, 0))
            ),
            None => "the whole tree's value depends on its unknown leaves".into(),
        }
    }

    /// The JSON of the limit: `depth`, the `frontier` nodes (path, label, static value),
    /// `hidden_leaves`, `full_value` (in `view`; `null` when unknown leaves decide it) and
    /// all that in words, `text`.
    pub fn to_json(&self, root: RootKind, view: View) -> Value {
        let frontier: Vec<Value> = self
            .frontier
            .iter()
            .map(|&id| {
                json!({"path": self.tree.path(id), "label": self.tree.node(id).label,
                       "static_value": json_leaf(self.tree.node(id).value)})
            })
            .collect();
        json!({
            "text": self.lines(root, view, true).join("; "),
            "depth": self.depth,
            "frontier": frontier,
            "hidden_leaves": self.hidden_leaves,
            "full_value": self.full_value.map(|v| json_value(v * view.sign(root, 0))),
        })
    }

    fn static_of(&self, id: NodeId) -> String {
        format_leaf(self.tree.node(id).value)
    }
}

/// One depth of [`deepening`]: what alpha-beta finds searching to that depth.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DeepeningRow {
    /// The depth limit, or `None` for the whole tree searched to the end.
    pub depth: Option<u32>,
    /// The root value, in Max's view (`"inf"`, `"-inf"` when infinite).
    #[serde(serialize_with = "crate::report::serialize_value")]
    pub value: i32,
    /// The best move's child index, and its label (or path).
    pub best_move: Option<u32>,
    pub best_move_name: Option<String>,
    /// Leaves opened (nodes valued, at the limit) of those there are.
    pub leaves_opened: usize,
    pub leaves_total: usize,
}

/// Iterative deepening on an explicit tree: alpha-beta (left to right, fail-hard) to each
/// depth from 1 where the tree can be cut there (every node there with children has a static
/// value), then to the end: how the value and the move change as the search sees deeper.
/// Depths and runs that need an unknown leaf are left out. Empty unless some depth cuts.
pub fn deepening(tree: &Tree, root: RootKind, cut: alphabeta::CutRule) -> Vec<DeepeningRow> {
    let settings = Settings {
        root,
        cut,
        ..Settings::default()
    };
    let row = |t: &Tree, depth: Option<u32>| {
        let r = run(t, settings, false).ok()?;
        Some(DeepeningRow {
            depth,
            value: r.value,
            best_move: r.best_move,
            best_move_name: r.best_move.map(|m| t.name(t.children_of(0)[m as usize])),
            leaves_opened: r.opened.len(),
            leaves_total: t.leaves.len(),
        })
    };
    let height = tree.nodes.iter().map(|n| n.depth).max().unwrap_or(0);
    let mut rows: Vec<DeepeningRow> = (1..height)
        .filter_map(|d| limit_depth(tree, d, root).ok())
        .filter(|l| !l.frontier.is_empty())
        .filter_map(|l| row(&l.tree, Some(l.depth)))
        .collect();
    if rows.is_empty() {
        return rows;
    }
    rows.extend(row(tree, None));
    rows
}

/// [`deepening`] as a text table.
pub fn deepening_text(rows: &[DeepeningRow]) -> String {
    let mut o = String::from(
        "by depth limit (alpha-beta left to right, static values at the limit, values for Max):\n\
         depth      value  best move        leaves opened\n",
    );
    for r in rows {
        let depth = r.depth.map_or("to the end".into(), |d| d.to_string());
        let best = r.best_move_name.as_deref().unwrap_or("-");
        let opened = format!("{} of {}", r.leaves_opened, r.leaves_total);
        o += &format!(
            "{depth:<10} {:>5}  {best:<16} {opened}\n",
            format_value(r.value)
        );
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;

    const EXAM: &str = "A(B=5(D=2,E=4,F=6),C=2(G=14,H=5,I=2),J=3(K=3,L=12,M=8))";

    #[test]
    fn the_nodes_at_the_limit_become_leaves_holding_their_static_values() {
        let cut = limit_depth(&parse(EXAM).unwrap(), 1, RootKind::Max).unwrap();
        assert_eq!(cut.tree.to_text(), "A(B=5,C=2,J=3)");
        assert_eq!(cut.hidden_leaves, 9);
        // By hand: B = min(2,4,6) = 2, C = 2, J = 3; the root 3.
        assert_eq!(cut.full_value, Some(3));
        assert_eq!(
            cut.about(),
            "depth limit 1: static values stand in for the subtrees below B=5 C=2 J=3 \
             (9 leaves not searched)"
        );
        assert_eq!(
            cut.full_value_text(RootKind::Max, View::Max),
            "the whole tree's value, searched to the end: 3"
        );
        // Under Min at the root, in the mover's view: B = max(2,4,6) = 6, C = 14, J = 12;
        // the root min 6, which Min sees as -6.
        let cut = limit_depth(&parse(EXAM).unwrap(), 1, RootKind::Min).unwrap();
        assert_eq!(cut.to_json(RootKind::Min, View::Mover)["full_value"], -6);
    }

    #[test]
    fn a_limit_below_the_tree_cuts_nothing() {
        let tree = parse(EXAM).unwrap();
        let cut = limit_depth(&tree, 2, RootKind::Max).unwrap();
        assert_eq!(cut.tree.to_text(), EXAM);
        assert!(cut.frontier.is_empty());
        assert_eq!(
            cut.about(),
            "depth limit 2: the tree is no deeper, so nothing is cut"
        );
    }

    #[test]
    fn a_node_at_the_limit_without_a_static_value_is_named() {
        let tree = parse("A(B=1(D=2),C(E=3))").unwrap();
        let e = limit_depth(&tree, 1, RootKind::Max).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the search stops at depth 1, but C there has no static value to stand in for \
             its subtree: write one before its children, like C=4(...)"
        );
        let tree = parse("[1[2],[3]]").unwrap();
        let e = limit_depth(&tree, 1, RootKind::Max).unwrap_err();
        assert!(e.to_string().contains("but [1] there"), "{e}");
        assert!(e.to_string().ends_with("like 4[...]"), "{e}");
        assert_eq!(
            limit_depth(&tree, 0, RootKind::Max).unwrap_err(),
            DepthError::Zero
        );
        // A leaf at the limit needs no static value: it is valued already.
        let tree = parse("A(B=1,C=2(D=3))").unwrap();
        assert_eq!(
            limit_depth(&tree, 1, RootKind::Max).unwrap().tree.to_text(),
            "A(B=1,C=2)"
        );
    }
}
