//! The engine's look-ahead as an explicit tree for the tree explainer: the material's Gomoku
//! AI (candidates scored and sorted, only the best few searched, a static evaluation at the
//! horizon) drawn small enough to follow alpha-beta through it by hand.

use alphabeta::{Evaluator, Game};

use crate::{Board, Threats};

/// The deepest look-ahead [`lookahead_tree`] writes.
pub const MAX_LOOKAHEAD_PLIES: u32 = 6;
/// The most moves [`lookahead_tree`] keeps at a node.
pub const MAX_LOOKAHEAD_WIDTH: usize = 6;

/// The look-ahead from `board` as an explicit tree in the tree explainer's labelled syntax
/// (`alphabeta tree` reads it). The root is the position, Max the side to move. A node's
/// children are the first `width` moves of the engine's generator, most urgent first (only
/// the forced replies where a five or an open three must be answered; the five alone where
/// one can be made), so left to right is the engine's own order. Each node is labelled by
/// the moves that lead to it from the root (`h7i9`: h7, then i9). A position `plies` ahead
/// is a leaf holding the engine's evaluation ([`Threats`]) for Max; a five made before is
/// `inf` or `-inf`, a full board 0; each inner node below the root carries its evaluation as
/// a static value, to order the children by or to stop at. `plies` is taken within 1 to
/// [`MAX_LOOKAHEAD_PLIES`], `width` within 1 to [`MAX_LOOKAHEAD_WIDTH`]. `None` when the game
/// is over.
pub fn lookahead_tree(board: &Board, plies: u32, width: usize) -> Option<String> {
    if board.winner().is_some() || board.is_full() {
        return None;
    }
    let mut b = board.clone();
    let mut out = String::new();
    let mut writer = Writer {
        max: board.to_move(),
        width: width.clamp(1, MAX_LOOKAHEAD_WIDTH),
        moves: Vec::new(),
        out: &mut out,
    };
    writer.node(&mut b, plies.clamp(1, MAX_LOOKAHEAD_PLIES), "");
    Some(out)
}

/// What every node of one tree shares.
struct Writer<'a> {
    max: crate::Color,
    width: usize,
    /// The generator's list, reused from node to node.
    moves: Vec<u16>,
    out: &'a mut String,
}

impl Writer<'_> {
    /// One node after its label: `=value` for a leaf, `=value(...)` for an inner node
    /// (`(...)` alone at the root, whose `path` is empty).
    fn node(&mut self, b: &mut Board, plies: u32, path: &str) {
        if let Some(winner) = b.winner() {
            self.out
                .push_str(if winner == self.max { "=inf" } else { "=-inf" });
            return;
        }
        if b.is_full() {
            self.out.push_str("=0");
            return;
        }
        let value = Threats.evaluate(b).0;
        let value = if b.to_move() == self.max {
            value
        } else {
            -value
        };
        if plies == 0 {
            self.out.push_str(&format!("={value}"));
            return;
        }
        if !path.is_empty() {
            self.out.push_str(&format!("={value}"));
        }
        self.moves.clear();
        b.generate_moves(&mut self.moves);
        let children: Vec<u16> = self.moves.iter().copied().take(self.width).collect();
        self.out.push('(');
        for (i, &cell) in children.iter().enumerate() {
            if i > 0 {
                self.out.push(',');
            }
            let label = format!("{path}{}", b.name(cell));
            self.out.push_str(&label);
            b.place(cell);
            self.node(b, plies - 1, &label);
            b.remove_last();
        }
        self.out.push(')');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::board;

    /// The nodes of a written tree: (label, value), the root's children first in order,
    /// each inner node's own value its static one; parsed here by hand, not by the
    /// explainer.
    fn nodes(tree: &str) -> Vec<(String, String)> {
        let mut out = Vec::new();
        let mut chars = tree.chars().peekable();
        while let Some(c) = chars.next() {
            if c.is_ascii_lowercase() {
                let mut label = c.to_string();
                while let Some(&d) = chars.peek() {
                    if d.is_ascii_alphanumeric() {
                        label.push(d);
                        chars.next();
                    } else {
                        break;
                    }
                }
                assert_eq!(chars.next(), Some('='), "{label} has no value in {tree}");
                let mut value = String::new();
                while let Some(&d) = chars.peek() {
                    if d == '-' || d.is_ascii_alphanumeric() {
                        value.push(d);
                        chars.next();
                    } else {
                        break;
                    }
                }
                out.push((label, value));
            }
        }
        out
    }

    /// The moves of a label (`h7i10`: h7, then i10).
    fn moves_of(label: &str) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for c in label.chars() {
            if c.is_ascii_lowercase() {
                out.push(c.to_string());
            } else {
                out.last_mut().unwrap().push(c);
            }
        }
        out
    }

    /// Every node's value is the evaluation of the position its label names, for the side
    /// to move at the root, as a fresh board played from the start computes it (not the
    /// writer's place and undo); leaves at the horizon, inner nodes as static values.
    #[test]
    fn each_value_is_the_evaluation_of_the_position_its_label_names() {
        let start = "h8i9h9i8g10";
        let root = board(start);
        let tree = lookahead_tree(&root, 3, 3).unwrap();
        let nodes = nodes(&tree);
        // Three plies of three moves: 3 + 9 + 27 nodes, fewer where a reply is forced.
        assert!(nodes.len() > 12, "{tree}");
        for (label, value) in &nodes {
            let moves = moves_of(label);
            assert!((1..=3).contains(&moves.len()), "{label}");
            let fresh = board(&format!("{start}{}", moves.concat()));
            let expected = match fresh.winner() {
                Some(w) if w == root.to_move() => "inf".to_string(),
                Some(_) => "-inf".to_string(),
                None => {
                    let v = Threats.evaluate(&fresh).0;
                    let v = if fresh.to_move() == root.to_move() {
                        v
                    } else {
                        -v
                    };
                    v.to_string()
                }
            };
            assert_eq!(value, &expected, "{label} in {tree}");
        }
    }

    /// A node's children are the generator's first moves, most urgent first: with a
    /// quiet position, as many as asked.
    #[test]
    fn children_are_the_generators_first_moves() {
        let root = board("h8i9h9");
        let tree = lookahead_tree(&root, 1, 4).unwrap();
        let mut moves = Vec::new();
        root.generate_moves(&mut moves);
        let expected: Vec<String> = moves.iter().take(4).map(|&c| root.name(c)).collect();
        let labels: Vec<String> = nodes(&tree).into_iter().map(|(l, _)| l).collect();
        assert_eq!(labels, expected, "{tree}");
    }

    /// A four to block is the only move, and a five to make ends the game at once: the
    /// tree's shape follows the rules, not only the width asked. Black's four h8-k8 (g8
    /// taken by White) leaves White the block at l8 alone; if White played elsewhere, Black
    /// would make five (inf for Black).
    #[test]
    fn forced_replies_alone_and_fives_are_infinite() {
        // White to move: Black h8 i8 j8 k8, White g8 and three stones away.
        let root = board("h8g8i8a1j8a3k8");
        let tree = lookahead_tree(&root, 2, 5).unwrap();
        let labels: Vec<String> = nodes(&tree).into_iter().map(|(l, _)| l).collect();
        assert_eq!(labels.first().map(String::as_str), Some("l8"), "{tree}");
        assert!(
            tree.starts_with("(l8="),
            "only the block at the root: {tree}"
        );
        // Black to move with its four: the five alone, a win for Max.
        let win = board("h8g8i8a1j8a3k8a5");
        assert_eq!(lookahead_tree(&win, 3, 5).unwrap(), "(l8=inf)");
        // A finished game has no tree.
        let over = board("h8a1i8a2j8a3k8a4l8");
        assert!(lookahead_tree(&over, 2, 3).is_none());
    }

    /// Labels follow the board's names on every size, and the limits hold.
    #[test]
    fn limits_are_kept() {
        let root = board("h8");
        let deep = lookahead_tree(&root, 99, 99).unwrap();
        let longest = nodes(&deep)
            .iter()
            .map(|(l, _)| moves_of(l).len())
            .max()
            .unwrap();
        assert_eq!(longest as u32, MAX_LOOKAHEAD_PLIES);
        let narrow = lookahead_tree(&root, 0, 0).unwrap();
        assert_eq!(nodes(&narrow).len(), 1, "{narrow}");
    }
}
