//! The engine's look-ahead as an explicit tree for the tree explainer: the material's Gomoku
//! AI (candidates scored and sorted, only the best few searched, a static evaluation at the
//! horizon) drawn small enough to follow alpha-beta through it by hand.

use alphabeta::explicit_tree;

use crate::{Board, Threats};

/// The deepest look-ahead [`lookahead_tree`] writes.
pub const MAX_LOOKAHEAD_PLIES: u32 = 6;
/// The most moves [`lookahead_tree`] keeps at a node.
pub const MAX_LOOKAHEAD_WIDTH: usize = 6;

/// The look-ahead from `board` as an explicit tree in the tree explainer's labelled syntax
/// (`alphabeta tree` reads it), as [`explicit_tree`] writes any game's. The root is the
/// position, Max the side to move. A node's children are the first `width` moves of the
/// engine's generator, most urgent first (only the forced replies where a five or an open
/// three must be answered; the five alone where one can be made), so left to right is the
/// engine's own order. Each node is labelled by
/// the moves that lead to it from the root (`h7i9`: h7, then i9). A position `plies` ahead
/// is a leaf holding the engine's evaluation ([`Threats`]) for Max; a five made before is
/// `inf` or `-inf`, a full board 0; each inner node below the root carries its evaluation as
/// a static value, to order the children by or to stop at. `plies` is taken within 1 to
/// [`MAX_LOOKAHEAD_PLIES`], `width` within 1 to [`MAX_LOOKAHEAD_WIDTH`]. `None` when the game
/// is over.
pub fn lookahead_tree(board: &Board, plies: u32, width: usize) -> Option<String> {
    let plies = plies.clamp(1, MAX_LOOKAHEAD_PLIES);
    let width = width.clamp(1, MAX_LOOKAHEAD_WIDTH);
    explicit_tree(&mut board.clone(), &Threats, plies, width, |b, cell| {
        b.name(cell)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::board;
    use alphabeta::{Evaluator, Game};

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
