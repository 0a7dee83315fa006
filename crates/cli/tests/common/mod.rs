//! Helpers shared by the end-to-end tests.
// Each test binary that includes this module uses a part of it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use serde_json::Value;

/// Kills a child process when the test ends, however it ends.
pub struct Reaper(pub Child);

impl Drop for Reaper {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `alphabeta serve` on a free port with `args` besides; returns the process and the
/// first line it printed (the address and the threads).
pub fn serve(args: &[&str]) -> (Reaper, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
        .args(["serve", "--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .spawn()
        .expect("alphabeta serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    (Reaper(child), line)
}

/// The textbook's alpha-beta on a tree of nested JSON lists (fail-hard, max/min form, left to
/// right, cut at >= beta and <= alpha), written here from the definition, apart from the
/// product's search: the value; the reading-order index of each leaf it opens goes to `opened`.
/// `next` is the index of the subtree's first leaf.
pub fn textbook(
    node: &Value,
    max: bool,
    (mut alpha, mut beta): (i64, i64),
    next: &mut usize,
    opened: &mut Vec<usize>,
) -> i64 {
    let Some(children) = node.as_array() else {
        opened.push(*next);
        *next += 1;
        return node.as_i64().expect("an integer leaf");
    };
    let mut rest = children.iter();
    for child in rest.by_ref() {
        let v = textbook(child, !max, (alpha, beta), next, opened);
        if max {
            alpha = alpha.max(v);
        } else {
            beta = beta.min(v);
        }
        if alpha >= beta {
            break;
        }
    }
    // The leaves of the children cut off keep their numbers.
    *next += rest.map(leaves).sum::<usize>();
    if max {
        alpha
    } else {
        beta
    }
}

/// How many leaves a subtree has.
pub fn leaves(node: &Value) -> usize {
    node.as_array()
        .map_or(1, |kids| kids.iter().map(leaves).sum())
}

/// The depth of every leaf, and the number of children of every inner node.
pub fn shape_of(node: &Value, depth: u32, leaves: &mut Vec<u32>, inner: &mut Vec<usize>) {
    match node.as_array() {
        None => leaves.push(depth),
        Some(kids) => {
            inner.push(kids.len());
            for k in kids {
                shape_of(k, depth + 1, leaves, inner);
            }
        }
    }
}

/// Minimax on a tree of nested JSON lists, from the definition, with every leaf outside
/// `chosen` (reading-order numbers) replaced by `fill`. `next` numbers the leaves.
pub fn value_given(node: &Value, max: bool, chosen: &[usize], fill: i64, next: &mut usize) -> i64 {
    let Some(children) = node.as_array() else {
        *next += 1;
        return if chosen.contains(&(*next - 1)) {
            node.as_i64().expect("an integer leaf")
        } else {
            fill
        };
    };
    let values = children
        .iter()
        .map(|c| value_given(c, !max, chosen, fill, next));
    if max {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

/// The fewest leaves that fix the root's value (Max at the root) by brute force: the smallest
/// set, first in counting order, with the root the same whether the others are all -1000 or
/// all +1000 (minimax is monotone in each leaf). For small trees only.
pub fn fewest_by_brute_force(tree: &Value) -> Vec<usize> {
    let n = leaves(tree);
    assert!(n <= 18, "too many leaves to try every set");
    (0u32..1 << n)
        .map(|mask| (0..n).filter(|i| mask & (1 << i) != 0).collect::<Vec<_>>())
        .filter(|set| {
            value_given(tree, true, set, -1000, &mut 0)
                == value_given(tree, true, set, 1000, &mut 0)
        })
        .min_by_key(|set| set.len())
        .unwrap()
}
