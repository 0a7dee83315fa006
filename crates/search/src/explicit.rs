//! A game's look-ahead written out as an explicit tree, in the syntax of the tree explainer
//! (`alphabeta tree`, the page's Tree explainer): any game's alpha-beta, followed by hand.

use std::fmt::Write;

use crate::{Evaluator, Game, Outcome};

/// The look-ahead from `game` as an explicit tree in the tree explainer's labelled syntax
/// (`A(B=3(BD=1,BE=4),...)`), for `alphabeta tree` or the page to explain step by step.
///
/// The root is the position, Max the side to move. A node's children are the first `width`
/// moves of [`Game::generate_moves`], in its order (so left to right is the game's own). Each
/// node below the root is labelled by the names of the moves that lead to it, joined
/// (`name(game, mv)` names a move in the position it is played from: letters and digits,
/// starting with a letter, so that the joined names read back as one label; moves of one
/// position must have different names). A position `plies` moves ahead is a leaf holding the
/// evaluator's value for Max; a finished game is a leaf at any depth: `inf` won for Max,
/// `-inf` lost, `0` drawn. Each inner node below the root carries its static value for Max,
/// to order the children by or to stop at. `plies` is at least 1. `None` when the game is over
/// at the root. The game is left as it was.
///
/// ```
/// use alphabeta::explicit_tree;
/// use alphabeta::testing::{LeafValue, Tree, TreeGame};
/// // The material's tree, each move named by a letter.
/// let t = Tree::Node(vec![
///     Tree::Node(vec![Tree::Leaf(3), Tree::Leaf(12), Tree::Leaf(8)]),
///     Tree::Node(vec![Tree::Leaf(2), Tree::Leaf(4), Tree::Leaf(6)]),
///     Tree::Node(vec![Tree::Leaf(14), Tree::Leaf(5), Tree::Leaf(2)]),
/// ]);
/// let name = |_: &TreeGame<'_>, mv: usize| ["a", "b", "c"][mv].to_string();
/// let text = explicit_tree(&mut TreeGame::new(&t), &LeafValue, 2, 3, name).unwrap();
/// assert_eq!(
///     text,
///     "(a=0(aa=3,ab=12,ac=8),b=0(ba=2,bb=4,bc=6),c=0(ca=14,cb=5,cc=2))"
/// );
/// ```
pub fn explicit_tree<G, E>(
    game: &mut G,
    evaluator: &E,
    plies: u32,
    width: usize,
    mut name: impl FnMut(&G, G::Move) -> String,
) -> Option<String>
where
    G: Game,
    E: Evaluator<G> + ?Sized,
{
    if game.outcome().is_some() {
        return None;
    }
    let mut out = String::new();
    let mut writer = Writer {
        evaluator,
        width,
        name: &mut name,
        out: &mut out,
    };
    writer.node(game, plies.max(1), "", true);
    Some(out)
}

/// What every node of one tree shares.
struct Writer<'a, E: ?Sized, N> {
    evaluator: &'a E,
    width: usize,
    name: &'a mut N,
    out: &'a mut String,
}

impl<E: ?Sized, N> Writer<'_, E, N> {
    /// One node after its label: `=value` for a leaf, `=value(...)` for an inner node
    /// (`(...)` alone at the root, whose `path` is empty). `max` says whether Max is to move.
    fn node<G>(&mut self, game: &mut G, plies: u32, path: &str, max: bool)
    where
        G: Game,
        E: Evaluator<G>,
        N: FnMut(&G, G::Move) -> String,
    {
        // Values for the side to move, turned to Max's.
        let for_max = |v: i32| if max { v } else { -v };
        match game.outcome() {
            Some(Outcome::Draw) => return self.out.push_str("=0"),
            Some(won) => {
                let max_won = (won == Outcome::Win) == max;
                return self.out.push_str(if max_won { "=inf" } else { "=-inf" });
            }
            None => {}
        }
        let value = for_max(self.evaluator.evaluate(game).0);
        if !path.is_empty() {
            let _ = write!(self.out, "={value}");
        }
        if plies == 0 {
            return;
        }
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        moves.truncate(self.width);
        self.out.push('(');
        for (i, &mv) in moves.iter().enumerate() {
            if i > 0 {
                self.out.push(',');
            }
            let label = format!("{path}{}", (self.name)(game, mv));
            self.out.push_str(&label);
            game.play(mv);
            self.node(game, plies - 1, &label, !max);
            game.undo(mv);
        }
        self.out.push(')');
    }
}
