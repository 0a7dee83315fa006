//! Helpers for the crate's unit tests.

use crate::{Board, Cell, Rule};

/// A 15x15 freestyle board after `moves`.
pub(crate) fn board(moves: &str) -> Board {
    let mut b = Board::new(15, Rule::Freestyle).unwrap();
    b.play_sequence(moves).unwrap();
    b
}

/// Plays `line` on a copy of `b` and checks that it is legal and ends in a five for the
/// side to move in `b`.
pub(crate) fn check_line(b: &Board, line: &[u16]) {
    let mut g = b.clone();
    let attacker = g.to_move();
    for &c in line {
        assert_eq!(g.at(c), Cell::Empty, "{} is taken in {line:?}", g.name(c));
        g.place(c);
    }
    assert_eq!(g.winner(), Some(attacker), "the line ends in a five\n{g}");
}

/// A small fixed pseudo-random sequence (xorshift64) from `seed` (not 0), for random games.
pub(crate) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}
