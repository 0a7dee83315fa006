//! The explicit tree: an arena of nodes in reading order, with labels, known and unknown leaves.

use std::fmt::Write;

/// Index of a node in [`Tree::nodes`]; the root is 0.
pub type NodeId = u32;

/// `+inf` as a leaf value (the engine's infinity, so it stays above every real value).
pub const INF: i32 = alphabeta::Score::INFINITY.0;
/// The largest finite leaf value accepted.
pub const MAX_VALUE: i32 = 100_000_000;

/// A leaf's value: a number (possibly `±`[`INF`]) or unknown (`?`).
pub type LeafValue = Option<i32>;

/// One node of a tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// Its label, in labelled trees.
    pub label: Option<String>,
    /// The parent (`None` at the root).
    pub parent: Option<NodeId>,
    /// Distance from the root.
    pub depth: u32,
    /// Its children, as a range of [`Tree::children`]; empty for a leaf.
    pub first_child: u32,
    /// Number of children (0 for a leaf).
    pub child_count: u32,
    /// For a leaf: its value. Unused for inner nodes.
    pub value: LeafValue,
    /// For an inner node: the static value written with it (`B=4(...)`, `4[...]`), an
    /// evaluation a search can order siblings by ([`crate::Order::Static`]) and a depth limit
    /// values it by; unknown when written `B=?(...)` (a depth limit makes it an unknown leaf).
    /// For a leaf, only where a depth limit made it one ([`crate::limit_depth`]): its value,
    /// its subtree's static value. Else `None`.
    pub static_value: Option<LeafValue>,
    /// For a leaf: its index in reading order (left to right), else `u32::MAX`.
    pub leaf_index: u32,
    /// Which child of its parent it is (0 at the root).
    pub index_in_parent: u32,
}

impl Node {
    /// Is this a leaf?
    pub fn is_leaf(&self) -> bool {
        self.child_count == 0
    }
}

/// An explicit game tree. Nodes are numbered in preorder (reading order), so a subtree is a
/// contiguous range and leaves come in left-to-right order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tree {
    /// All nodes, the root first, in preorder.
    pub nodes: Vec<Node>,
    /// Child lists, referenced by [`Node::first_child`].
    pub children: Vec<NodeId>,
    /// The leaves, in reading order.
    pub leaves: Vec<NodeId>,
    /// Does any node have a label?
    pub labelled: bool,
    /// The largest number of children of a node.
    pub max_branching: u32,
}

impl Tree {
    /// The node with this id.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id as usize]
    }

    /// The children of a node, in reading order.
    pub fn children_of(&self, id: NodeId) -> &[NodeId] {
        let n = self.node(id);
        &self.children[n.first_child as usize..(n.first_child + n.child_count) as usize]
    }

    /// The path from the root: the child index at each level.
    pub fn path(&self, mut id: NodeId) -> Vec<u32> {
        let mut path = Vec::with_capacity(self.node(id).depth as usize);
        while let Some(p) = self.node(id).parent {
            path.push(self.node(id).index_in_parent);
            id = p;
        }
        path.reverse();
        path
    }

    /// The node at a path, if it exists.
    pub fn at_path(&self, path: &[u32]) -> Option<NodeId> {
        let mut id = 0;
        for &i in path {
            id = *self.children_of(id).get(i as usize)?;
        }
        Some(id)
    }

    /// A name for the leaf numbered `leaf` in reading order: its label, else `#leaf`.
    pub fn leaf_name(&self, leaf: u32) -> String {
        let n = self.node(self.leaves[leaf as usize]);
        n.label.clone().unwrap_or_else(|| format!("#{leaf}"))
    }

    /// What an unknown leaf is, as a sentence names it, given its `name`: `leaf N`, or
    /// `B's static value` where a depth limit made the leaf of a node written `B=?(...)`.
    pub fn unknown_noun(&self, id: NodeId, name: &str) -> String {
        if self.node(id).static_value.is_some() {
            format!("{name}'s static value")
        } else {
            format!("leaf {name}")
        }
    }

    /// A name for a node: its label, else its path like `[0,2]` (`root` for the root).
    pub fn name(&self, id: NodeId) -> String {
        match &self.node(id).label {
            Some(l) => l.clone(),
            None if id == 0 => "root".into(),
            None => format_path(&self.path(id)),
        }
    }

    /// The tree written back in the input syntax, with the children of every node in the order
    /// `order(node)` gives (a permutation of its child indices).
    pub fn to_text_with_order(&self, order: &dyn Fn(NodeId) -> Vec<u32>) -> String {
        let mut out = String::new();
        self.write_node(0, order, &mut out);
        out
    }

    /// The tree written back in the input syntax.
    pub fn to_text(&self) -> String {
        self.to_text_with_order(&|id| (0..self.node(id).child_count).collect())
    }

    fn write_node(&self, id: NodeId, order: &dyn Fn(NodeId) -> Vec<u32>, out: &mut String) {
        // Iterative, so that deep trees do not overflow the stack.
        enum Item {
            Open(NodeId),
            Text(&'static str),
        }
        let mut stack = vec![Item::Open(id)];
        while let Some(item) = stack.pop() {
            let id = match item {
                Item::Text(t) => {
                    out.push_str(t);
                    continue;
                }
                Item::Open(id) => id,
            };
            let n = self.node(id);
            if let Some(l) = &n.label {
                out.push_str(l);
            }
            if n.is_leaf() {
                if n.label.is_some() {
                    out.push('=');
                }
                out.push_str(&format_leaf(n.value));
                continue;
            }
            if let Some(v) = n.static_value {
                if n.label.is_some() {
                    out.push('=');
                }
                out.push_str(&format_leaf(v));
            }
            let (open, close) = if self.labelled {
                ("(", ")")
            } else {
                ("[", "]")
            };
            out.push_str(open);
            stack.push(Item::Text(close));
            let kids = self.children_of(id);
            let ord = order(id);
            for (k, &i) in ord.iter().enumerate().rev() {
                stack.push(Item::Open(kids[i as usize]));
                if k > 0 {
                    stack.push(Item::Text(","));
                }
            }
        }
    }
}

/// A leaf value as written: `3`, `inf`, `-inf`, `?`.
pub fn format_leaf(v: LeafValue) -> String {
    match v {
        None => "?".into(),
        Some(v) => format_value(v),
    }
}

/// A window as written: `(3, inf)`.
pub(crate) fn format_window(alpha: i32, beta: i32) -> String {
    format!("({}, {})", format_value(alpha), format_value(beta))
}

/// A value as written: `3`, `inf`, `-inf`.
pub fn format_value(v: i32) -> String {
    if v >= INF {
        "inf".into()
    } else if v <= -INF {
        "-inf".into()
    } else {
        v.to_string()
    }
}

/// A path as written: `[0,2,1]`.
pub fn format_path(path: &[u32]) -> String {
    let mut s = String::from("[");
    for (i, p) in path.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        let _ = write!(s, "{p}");
    }
    s.push(']');
    s
}
