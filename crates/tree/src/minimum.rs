//! The fewest leaves whose values alone fix the root's value, whatever the other leaves hold.
//!
//! Once the root value `V` is known this is one pass up the tree. Fixing `V` means proving
//! both "the root is at least V" and "at most V". For a node `n`, let
//! - `lo(n)`: the fewest leaves proving `value(n) >= V`,
//! - `hi(n)`: the fewest leaves proving `value(n) <= V`,
//! - `both(n)`: the fewest proving both at once.
//!
//! At a Max node one child `>= V` suffices for `lo`, but `hi` needs every child `<= V`; `both`
//! needs one child fixed at exactly `V` and every other child `<= V`. A Min node is the mirror
//! image. A known leaf costs 1 where its value satisfies the claim; an unknown leaf (`?`) can
//! prove nothing. The minimum is `both(root)`; following the choices gives a witness set, and
//! putting each chosen child first gives an order in which alpha-beta (cutting at `>=`/`<=`)
//! opens exactly the witness.

use crate::explain::RootKind;
use crate::model::{NodeId, Tree};

const NEVER: u64 = u64::MAX / 4;

/// The answer: the count, one witness set, and an order that makes alpha-beta open only it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Minimum {
    /// The root value the witness fixes.
    pub value: i32,
    /// How many leaves.
    pub leaves: u64,
    /// The witness: leaf indices in reading order.
    pub witness: Vec<u32>,
    /// For every node, its children in the order to search them (child indices).
    pub order: Vec<Vec<u32>>,
}

impl Minimum {
    /// The tree written back with every node's children in [`order`](Self::order): the tree
    /// in which alpha-beta opens only the witness.
    pub fn ordered_tree(&self, tree: &Tree) -> String {
        tree.to_text_with_order(&|id| self.order[id as usize].clone())
    }
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Claim {
    AtLeast,
    AtMost,
    Exactly,
}

/// Per node: the three costs, and the child each "one child suffices" choice picks.
#[derive(Clone, Copy)]
struct Costs {
    lo: u64,
    hi: u64,
    both: u64,
    /// The child chosen for `lo` at a Max node or for `hi` at a Min node.
    pick_one: u32,
    /// The child fixed exactly for `both`.
    pick_exact: u32,
}

/// The value of the tree with every unknown leaf set to `fill`; with `chosen`, the leaves
/// outside it count as unknown too.
fn value_with(tree: &Tree, root: RootKind, fill: i32, chosen: Option<&[bool]>) -> i32 {
    node_values(tree, root, fill, chosen)[0]
}

/// Every node's minimax value, as [`value_with`] reads the leaves.
pub(crate) fn node_values(
    tree: &Tree,
    root: RootKind,
    fill: i32,
    chosen: Option<&[bool]>,
) -> Vec<i32> {
    // Preorder: every child comes after its parent, so backwards the children are done first.
    let mut v = vec![0i32; tree.nodes.len()];
    for id in (0..tree.nodes.len()).rev() {
        let n = &tree.nodes[id];
        v[id] = if n.is_leaf() {
            match chosen {
                Some(c) if !c[n.leaf_index as usize] => fill,
                _ => n.value.unwrap_or(fill),
            }
        } else {
            let kids = tree
                .children_of(id as NodeId)
                .iter()
                .map(|&c| v[c as usize]);
            if root.is_max_at(n.depth) {
                kids.max().unwrap_or(0)
            } else {
                kids.min().unwrap_or(0)
            }
        };
    }
    v
}

/// The minimum, or `None` when the known leaves do not fix the root value (it depends on `?`).
pub fn minimum(tree: &Tree, root: RootKind) -> Option<Minimum> {
    let inf = crate::model::INF;
    let value = value_with(tree, root, -inf, None);
    if value != value_with(tree, root, inf, None) {
        return None;
    }
    let mut costs = vec![
        Costs {
            lo: NEVER,
            hi: NEVER,
            both: NEVER,
            pick_one: 0,
            pick_exact: 0,
        };
        tree.nodes.len()
    ];
    // Preorder ids: children come after their parent, so a reverse sweep sees them first.
    for id in (0..tree.nodes.len()).rev() {
        let n = &tree.nodes[id];
        if n.is_leaf() {
            let c = &mut costs[id];
            if let Some(v) = n.value {
                c.lo = if v >= value { 1 } else { NEVER };
                c.hi = if v <= value { 1 } else { NEVER };
                c.both = if v == value { 1 } else { NEVER };
            }
            continue;
        }
        let kids = tree.children_of(id as NodeId);
        let max = root.is_max_at(n.depth);
        // At a Max node "every child" is the `hi` claim and "one child" the `lo` claim;
        // at a Min node the other way round.
        let every = |c: &Costs| if max { c.hi } else { c.lo };
        let one = |c: &Costs| if max { c.lo } else { c.hi };
        // The sum of the "every" costs, kept as a finite part and a count of impossible ones,
        // so that "all but child i" is one subtraction.
        let (mut finite, mut impossible) = (0u64, 0usize);
        for &k in kids {
            match every(&costs[k as usize]) {
                e if e >= NEVER => impossible += 1,
                e => finite += e,
            }
        }
        let total = if impossible > 0 {
            NEVER
        } else {
            finite.min(NEVER)
        };
        let (mut best_one, mut pick_one) = (NEVER, 0);
        let (mut best_both, mut pick_exact) = (NEVER, 0);
        for (i, &k) in kids.iter().enumerate() {
            let c = &costs[k as usize];
            if one(c) < best_one {
                best_one = one(c);
                pick_one = i as u32;
            }
            // Every other child's "every" cost, plus this child fixed exactly.
            let e = every(c);
            let others = match (e >= NEVER, impossible) {
                (true, 1) => finite,
                (false, 0) => finite - e,
                _ => NEVER,
            };
            let b = (c.both + others).min(NEVER);
            if b < best_both {
                best_both = b;
                pick_exact = i as u32;
            }
        }
        let c = &mut costs[id];
        if max {
            c.lo = best_one;
            c.hi = total;
        } else {
            c.lo = total;
            c.hi = best_one;
        }
        c.both = best_both;
        c.pick_one = pick_one;
        c.pick_exact = pick_exact;
    }
    if costs[0].both >= NEVER {
        return None;
    }

    // Follow the choices down from the root.
    let mut witness = Vec::new();
    let mut order: Vec<Vec<u32>> = tree
        .nodes
        .iter()
        .map(|n| (0..n.child_count).collect())
        .collect();
    let mut stack = vec![(0 as NodeId, Claim::Exactly)];
    while let Some((id, claim)) = stack.pop() {
        let n = tree.node(id);
        if n.is_leaf() {
            witness.push(n.leaf_index);
            continue;
        }
        let kids = tree.children_of(id);
        let max = root.is_max_at(n.depth);
        let c = costs[id as usize];
        let every_claim = if max { Claim::AtMost } else { Claim::AtLeast };
        let first = match (claim, max) {
            (Claim::Exactly, _) => Some(c.pick_exact),
            (Claim::AtLeast, true) | (Claim::AtMost, false) => Some(c.pick_one),
            _ => None,
        };
        match (claim, first) {
            (Claim::Exactly, Some(f)) => {
                for (i, &k) in kids.iter().enumerate() {
                    let cl = if i as u32 == f {
                        Claim::Exactly
                    } else {
                        every_claim
                    };
                    stack.push((k, cl));
                }
            }
            (_, Some(f)) => stack.push((kids[f as usize], claim)),
            (_, None) => stack.extend(kids.iter().map(|&k| (k, claim))),
        }
        if let Some(f) = first {
            let o = &mut order[id as usize];
            o.retain(|&i| i != f);
            o.insert(0, f);
        }
    }
    witness.sort_unstable();
    Some(Minimum {
        value,
        leaves: costs[0].both,
        witness,
        order,
    })
}

/// A uniform tree's shape: every leaf at `depth`, every other node with `children` children.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Uniform {
    /// The leaves' depth (at least 1).
    pub depth: u32,
    /// Children of every inner node.
    pub children: u32,
}

impl Uniform {
    /// The shape, if the tree is uniform and not a lone leaf.
    pub fn of(tree: &Tree) -> Option<Uniform> {
        let depth = tree.node(*tree.leaves.first()?).depth;
        let children = tree.node(0).child_count;
        let uniform = depth > 0
            && tree.nodes.iter().all(|n| {
                if n.is_leaf() {
                    n.depth == depth
                } else {
                    n.child_count == children
                }
            });
        uniform.then_some(Uniform { depth, children })
    }

    /// The fewest leaves that fix the value of any tree of this shape, whatever its values:
    /// `b^ceil(d/2) + b^floor(d/2) - 1` (Knuth and Moore's minimal tree, 1975). Proving
    /// "at least V" takes one child of each Max node and every child of each Min node,
    /// proving "at most V" the other way round, and the two proofs share one line.
    pub fn minimal_leaves(self) -> u64 {
        let b = self.children as u64;
        let (up, down) = (self.depth.div_ceil(2), self.depth / 2);
        b.saturating_pow(up)
            .saturating_add(b.saturating_pow(down))
            .saturating_sub(1)
    }
}

/// What opening only some leaves tells about the root: the range its value can still take,
/// whatever the other leaves hold. The leaves fix the value when the range is one number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Given {
    /// The leaves opened, in reading order, each once.
    pub leaves: Vec<u32>,
    /// The root's value with every other leaf at -inf: the least it can be.
    pub low: i32,
    /// The root's value with every other leaf at +inf: the most it can be.
    pub high: i32,
}

impl Given {
    /// Whether these leaves alone fix the root's value.
    pub fn fixes(&self) -> bool {
        self.low == self.high
    }
}

/// A leaf number the tree does not have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("there is no leaf #{leaf}: the leaves are #0 to #{last}")]
pub struct NoSuchLeaf {
    /// The number asked for.
    pub leaf: u32,
    /// The last leaf's number.
    pub last: u32,
}

/// The range the root's value can take when only `leaves` (numbers in reading order) are
/// opened. Minimax is monotone in every leaf, so the extremes are all others at -inf and all
/// at +inf. An unknown leaf (`?`) among them stays unknown.
pub fn given(tree: &Tree, root: RootKind, leaves: &[u32]) -> Result<Given, NoSuchLeaf> {
    let count = tree.leaves.len();
    let mut chosen = vec![false; count];
    for &l in leaves {
        *chosen.get_mut(l as usize).ok_or(NoSuchLeaf {
            leaf: l,
            last: count as u32 - 1,
        })? = true;
    }
    let inf = crate::model::INF;
    Ok(Given {
        leaves: (0..count as u32).filter(|&l| chosen[l as usize]).collect(),
        low: value_with(tree, root, -inf, Some(&chosen)),
        high: value_with(tree, root, inf, Some(&chosen)),
    })
}
