//! Random trees for practice: a student solves one by hand, then checks the answer with the
//! explainer; a teacher gives a worksheet its seed, so that the answer sheet is the same tree.

use std::fmt::Write;
use std::ops::RangeInclusive;
use std::str::FromStr;

use rand::{RngExt, SeedableRng};
use rand_xorshift::XorShiftRng;
use serde::Serialize;
use thiserror::Error;

use crate::explain::RootKind;
use crate::model::MAX_VALUE;

/// The deepest random tree.
pub const MAX_RANDOM_DEPTH: u32 = 8;
/// The most children a node of a random tree may have.
pub const MAX_RANDOM_CHILDREN: u32 = 8;
/// The most leaves a random tree's shape may allow (enough for any exercise; the explainer
/// itself takes far more).
pub const MAX_RANDOM_LEAVES: u64 = 100_000;

/// The shape of a random tree: every leaf `depth` moves below the root, every inner node with
/// `min_children` to `max_children` children. Written `3x3` or `3x2-4` (depth, then children).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    pub depth: u32,
    pub min_children: u32,
    pub max_children: u32,
}

/// A shape or a value range that cannot be used, and why.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum RandomError {
    #[error("a shape is DEPTHxCHILDREN, like 3x3 or 3x2-4 (2 to 4 children), not '{0}'")]
    Syntax(String),
    #[error("the depth must be 1 to {MAX_RANDOM_DEPTH}, not {0}")]
    Depth(u32),
    #[error("a node must have 1 to {MAX_RANDOM_CHILDREN} children, not {0}")]
    Children(u32),
    #[error("the fewest children ({0}) must not exceed the most ({1})")]
    ChildrenOrder(u32, u32),
    #[error("the shape {0} allows {1} leaves; at most {MAX_RANDOM_LEAVES}")]
    TooBig(String, u64),
    #[error("a value range is LOW..HIGH with LOW <= HIGH, like 0..20 or -9..9, not '{0}'")]
    Values(String),
    #[error("leaf values must be at most {MAX_VALUE} in size, not {0}")]
    ValueSize(i64),
}

impl Shape {
    /// The shape, checked against the limits.
    pub fn new(depth: u32, min_children: u32, max_children: u32) -> Result<Shape, RandomError> {
        if !(1..=MAX_RANDOM_DEPTH).contains(&depth) {
            return Err(RandomError::Depth(depth));
        }
        for c in [min_children, max_children] {
            if !(1..=MAX_RANDOM_CHILDREN).contains(&c) {
                return Err(RandomError::Children(c));
            }
        }
        if min_children > max_children {
            return Err(RandomError::ChildrenOrder(min_children, max_children));
        }
        let shape = Shape {
            depth,
            min_children,
            max_children,
        };
        let leaves = u64::from(max_children).pow(depth);
        if leaves > MAX_RANDOM_LEAVES {
            return Err(RandomError::TooBig(shape.to_string(), leaves));
        }
        Ok(shape)
    }

    /// The most nodes a tree of this shape can have, the root included.
    pub fn max_nodes(&self) -> u64 {
        (0..=self.depth)
            .map(|d| u64::from(self.max_children).pow(d))
            .sum()
    }
}

impl FromStr for Shape {
    type Err = RandomError;

    fn from_str(s: &str) -> Result<Shape, RandomError> {
        let syntax = || RandomError::Syntax(s.to_string());
        let number = |t: &str| t.trim().parse::<u32>().map_err(|_| syntax());
        let (depth, children) = s.split_once(['x', 'X']).ok_or_else(syntax)?;
        let (lo, hi) = match children.split_once('-') {
            Some((lo, hi)) => (number(lo)?, number(hi)?),
            None => (number(children)?, number(children)?),
        };
        Shape::new(number(depth)?, lo, hi)
    }
}

impl std::fmt::Display for Shape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}x{}", self.depth, self.min_children)?;
        if self.max_children != self.min_children {
            write!(f, "-{}", self.max_children)?;
        }
        Ok(())
    }
}

/// The leaf values a random tree draws from, both ends included: `0..20`, `-9..9`.
pub fn parse_values(s: &str) -> Result<RangeInclusive<i32>, RandomError> {
    let bad = || RandomError::Values(s.to_string());
    let (lo, hi) = s.split_once("..").ok_or_else(bad)?;
    let number = |t: &str| -> Result<i32, RandomError> {
        let n = t.trim().parse::<i64>().map_err(|_| bad())?;
        if n.abs() > i64::from(MAX_VALUE) {
            return Err(RandomError::ValueSize(n));
        }
        Ok(n as i32)
    };
    let (lo, hi) = (number(lo)?, number(hi)?);
    if lo > hi {
        return Err(bad());
    }
    Ok(lo..=hi)
}

/// A seed from the clock, short enough to say aloud or write on a worksheet (below a million).
pub fn fresh_seed() -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    u64::from(now.subsec_nanos() ^ now.as_secs() as u32) % 1_000_000
}

/// The values exercises use unless told otherwise: small numbers, quick to compare by hand.
pub const DEFAULT_VALUES: RangeInclusive<i32> = 0..=20;

/// A random tree drawn, with what draws it again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RandomTree {
    /// The tree, as nested lists.
    pub tree: String,
    /// Its shape, as written (`3x2-4`).
    pub shape: String,
    /// The smallest and largest leaf values it could have.
    pub low: i32,
    pub high: i32,
    pub seed: u64,
    /// With static values: each inner node below the root holds its true value (minimax,
    /// with the root player the tree was drawn for) give or take at most this much.
    pub static_noise: Option<u32>,
}

/// The most a random tree's static values may be off.
pub const MAX_STATIC_NOISE: u32 = 1000;

impl RandomTree {
    /// Draws a tree (see [`random_tree`]).
    pub fn draw(shape: Shape, values: RangeInclusive<i32>, seed: u64) -> RandomTree {
        RandomTree {
            tree: random_tree(shape, values.clone(), seed),
            shape: shape.to_string(),
            low: *values.start(),
            high: *values.end(),
            seed,
            static_noise: None,
        }
    }

    /// The same tree with static values on its inner nodes below the root: each node's
    /// minimax value with `root` at the root, plus a whole number drawn evenly from `-noise`
    /// to `noise` (from the seed: the same again each time). With `noise` 0 they put every
    /// inner node's best child first ([`crate::Order::Static`]; leaves keep their order, as
    /// a leaf has no value but its own); more noise, a worse heuristic.
    pub fn with_statics(mut self, root: RootKind, noise: u32) -> RandomTree {
        let noise = noise.min(MAX_STATIC_NOISE) as i32;
        let mut tree = crate::parse(&self.tree).expect("a random tree parses");
        let values = crate::minimum::node_values(&tree, root, 0, None);
        let mut rng = XorShiftRng::seed_from_u64(self.seed ^ 0x5741_7449_4353);
        for (id, node) in tree.nodes.iter_mut().enumerate().skip(1) {
            if !node.is_leaf() {
                node.static_value = Some(Some(values[id] + rng.random_range(-noise..=noise)));
            }
        }
        self.tree = tree.to_text();
        self.static_noise = Some(noise as u32);
        self
    }

    /// What it is, in words: "random tree 3x3, values 0 to 20, seed 7" (", static values
    /// within 2 of the true ones").
    pub fn about(&self) -> String {
        let statics = match self.static_noise {
            Some(0) => ", static values the true ones".to_string(),
            Some(n) => format!(", static values within {n} of the true ones"),
            None => String::new(),
        };
        format!(
            "random tree {}, values {} to {}, seed {}{statics}",
            self.shape, self.low, self.high, self.seed
        )
    }
}

/// A random tree of this shape, as nested lists (`[[3,12,8],[2,4,6],[14,5,2]]`), with leaf
/// values drawn evenly from `values`. The same shape, values and seed give the same tree.
pub fn random_tree(shape: Shape, values: RangeInclusive<i32>, seed: u64) -> String {
    let mut rng = XorShiftRng::seed_from_u64(seed);
    let mut out = String::new();
    grow(&mut out, &mut rng, shape, &values, shape.depth);
    out
}

fn grow(
    out: &mut String,
    rng: &mut XorShiftRng,
    shape: Shape,
    values: &RangeInclusive<i32>,
    depth: u32,
) {
    if depth == 0 {
        let _ = write!(out, "{}", rng.random_range(values.clone()));
        return;
    }
    out.push('[');
    let children = rng.random_range(shape.min_children..=shape.max_children);
    for i in 0..children {
        if i > 0 {
            out.push(',');
        }
        grow(out, rng, shape, values, depth - 1);
    }
    out.push(']');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse, NodeId, Tree};

    fn shape(s: &str) -> Shape {
        s.parse().unwrap()
    }

    /// Every leaf's depth, and every inner node's number of children.
    fn measure(tree: &Tree) -> (Vec<u32>, Vec<u32>) {
        let (mut depths, mut children) = (Vec::new(), Vec::new());
        for (id, n) in tree.nodes.iter().enumerate() {
            if n.is_leaf() {
                depths.push(n.depth);
            } else {
                children.push(tree.children_of(id as NodeId).len() as u32);
            }
        }
        (depths, children)
    }

    #[test]
    fn shapes_are_read_as_written() {
        assert_eq!(shape("3x3"), Shape::new(3, 3, 3).unwrap());
        assert_eq!(shape("4x2-3"), Shape::new(4, 2, 3).unwrap());
        assert_eq!(shape(" 2 X 1 - 5 "), Shape::new(2, 1, 5).unwrap());
        assert_eq!(shape("4x2-3").to_string(), "4x2-3");
        assert_eq!(shape("3x3").to_string(), "3x3");
        assert_eq!(shape("3x3").max_nodes(), 1 + 3 + 9 + 27);
        assert_eq!(shape("2x1-4").max_nodes(), 1 + 4 + 16);
    }

    #[test]
    fn bad_shapes_say_why() {
        let err = |s: &str| s.parse::<Shape>().unwrap_err().to_string();
        assert!(err("3").contains("like 3x3"), "{}", err("3"));
        assert!(err("ax3").contains("not 'ax3'"));
        assert!(err("3x").contains("DEPTHxCHILDREN"));
        assert!(err("0x3").contains("depth must be 1 to 8, not 0"));
        assert!(err("9x2").contains("not 9"));
        assert!(err("2x0").contains("1 to 8 children, not 0"));
        assert!(err("2x4-2").contains("(4) must not exceed the most (2)"));
        assert!(
            err("7x8").contains("allows 2097152 leaves"),
            "{}",
            err("7x8")
        );
        assert!(err("3x-2").contains("not '3x-2'"));
    }

    #[test]
    fn value_ranges_include_both_ends() {
        assert_eq!(parse_values("0..20"), Ok(0..=20));
        assert_eq!(parse_values("-9..-9"), Ok(-9..=-9));
        assert!(parse_values("5..1").is_err());
        assert!(parse_values("1-5").is_err());
        assert_eq!(
            parse_values("0..200000000"),
            Err(RandomError::ValueSize(200_000_000))
        );
    }

    #[test]
    fn trees_have_the_shape_and_values_asked_for() {
        for (s, values) in [
            ("1x1", 0..=0),
            ("3x3", 0..=20),
            ("4x1-4", -5..=5),
            ("2x8", 7..=9),
        ] {
            let sh = shape(s);
            for seed in 0..50 {
                let text = random_tree(sh, values.clone(), seed);
                let tree = parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
                let (depths, children) = measure(&tree);
                assert!(depths.iter().all(|&d| d == sh.depth), "{s} {text}");
                assert!(
                    children
                        .iter()
                        .all(|c| (sh.min_children..=sh.max_children).contains(c)),
                    "{s} {text}"
                );
                for &leaf in &tree.leaves {
                    let v = tree.node(leaf).value.unwrap();
                    assert!(values.contains(&v), "{s} {text}");
                }
            }
        }
    }

    /// Minimax by definition, recursively, at every node of `id`'s subtree.
    fn true_values(tree: &Tree, id: NodeId, max: bool, out: &mut Vec<(NodeId, i32)>) -> i32 {
        let n = tree.node(id);
        let v = if n.is_leaf() {
            n.value.unwrap()
        } else {
            let kids: Vec<i32> = tree
                .children_of(id)
                .iter()
                .map(|&c| true_values(tree, c, !max, out))
                .collect();
            if max {
                *kids.iter().max().unwrap()
            } else {
                *kids.iter().min().unwrap()
            }
        };
        out.push((id, v));
        v
    }

    #[test]
    fn static_values_are_the_true_ones_give_or_take_the_noise() {
        for (noise, root) in [(0, RootKind::Max), (3, RootKind::Max), (3, RootKind::Min)] {
            let mut most_off = 0;
            for seed in 0..20 {
                let plain = RandomTree::draw(shape("3x2-3"), 0..=20, seed);
                let drawn = plain.clone().with_statics(root, noise);
                assert_eq!(drawn.static_noise, Some(noise));
                let t = parse(&drawn.tree).unwrap();
                let mut truth = Vec::new();
                true_values(&t, 0, root == RootKind::Max, &mut truth);
                let mut off = 0;
                for (id, v) in truth {
                    let n = t.node(id);
                    match n.static_value {
                        _ if id == 0 || n.is_leaf() => assert_eq!(n.static_value, None),
                        Some(Some(s)) => off = off.max((s - v).abs()),
                        _ => panic!("node {id} has no known static value: {}", drawn.tree),
                    }
                }
                assert!(off <= noise as i32, "{}", drawn.tree);
                most_off = most_off.max(off);
                // The leaves are the plain tree's, and the seed draws the same values again.
                let leaves =
                    |t: &Tree| -> Vec<_> { t.leaves.iter().map(|&l| t.node(l).value).collect() };
                assert_eq!(leaves(&t), leaves(&parse(&plain.tree).unwrap()));
                assert_eq!(drawn, plain.with_statics(root, noise));
            }
            assert_eq!(
                most_off, noise as i32,
                "the noise reaches its bound in 20 trees"
            );
        }
    }

    #[test]
    fn a_seed_gives_one_tree_and_seeds_differ() {
        let sh = shape("3x2-4");
        assert_eq!(random_tree(sh, 0..=20, 7), random_tree(sh, 0..=20, 7));
        let distinct: std::collections::HashSet<String> =
            (0..20).map(|seed| random_tree(sh, 0..=20, seed)).collect();
        assert_eq!(distinct.len(), 20);
        // Every child count and every value of a small range turns up.
        let text: String = (0..20).map(|seed| random_tree(sh, 0..=3, seed)).collect();
        for v in ["0", "1", "2", "3"] {
            assert!(text.contains(v));
        }
        let counts: std::collections::HashSet<u32> = (0..20)
            .flat_map(|seed| measure(&parse(&random_tree(sh, 0..=3, seed)).unwrap()).1)
            .collect();
        assert_eq!(counts, [2, 3, 4].into_iter().collect());
    }
}
