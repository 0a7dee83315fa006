//! Scores: integers seen from one side, with reserved win and loss values that carry the
//! distance to the end of the game.

use std::fmt;
use std::ops::{Add, Neg, Sub};

/// The longest line (in plies from the root) a search may reach. Win and loss scores use the
/// band `WIN - MAX_PLY ..= WIN`, so this also bounds how far a win can be from the root.
pub const MAX_PLY: u32 = 512;

/// A search score from one side's point of view (usually the side to move).
///
/// Plain values are small integers from the evaluator. A win `n` plies from the root is
/// [`Score::WIN`]` - n`, a loss is its negation: so a faster win and a slower loss both compare
/// greater, and the search prefers them without any special case. [`Score::INFINITY`] is
/// above every real score and is used for open search windows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Score(pub i32);

impl Score {
    /// Above every score a search can return: the bound of an open window.
    pub const INFINITY: Score = Score(1_000_000_000);
    /// The score of a win at the root itself (`win_in(0)`).
    pub const WIN: Score = Score(999_000_000);
    /// The score of a loss at the root itself (`loss_in(0)`).
    pub const LOSS: Score = Score(-999_000_000);
    /// A drawn game.
    pub const DRAW: Score = Score(0);
    /// The largest magnitude an evaluator may return; larger values would be read as wins.
    pub const MAX_EVAL: Score = Score(Self::WIN.0 - MAX_PLY as i32 - 1);

    /// A win for the side concerned, `ply` plies from the root.
    pub const fn win_in(ply: u32) -> Score {
        Score(Self::WIN.0 - ply as i32)
    }

    /// A loss for the side concerned, `ply` plies from the root.
    pub const fn loss_in(ply: u32) -> Score {
        Score(-Self::WIN.0 + ply as i32)
    }

    /// Is this a win (of any distance)? `INFINITY` is not a win: it is a window bound.
    pub const fn is_win(self) -> bool {
        self.0 > Self::MAX_EVAL.0 && self.0 <= Self::WIN.0
    }

    /// Is this a loss (of any distance)?
    pub const fn is_loss(self) -> bool {
        self.0 < -Self::MAX_EVAL.0 && self.0 >= Self::LOSS.0
    }

    /// Is this a win or a loss?
    pub const fn is_decisive(self) -> bool {
        self.is_win() || self.is_loss()
    }

    /// Plies from the root to the end of the game, for a win or a loss.
    pub const fn plies_to_end(self) -> Option<u32> {
        if self.is_win() {
            Some((Self::WIN.0 - self.0) as u32)
        } else if self.is_loss() {
            Some((self.0 - Self::LOSS.0) as u32)
        } else {
            None
        }
    }

    /// Converts a score seen from the root into one seen from a node `ply` plies deep, for
    /// storing in a transposition table: a win at root distance `d` is at node distance `d - ply`.
    pub const fn to_table(self, ply: u32) -> Score {
        if self.is_win() {
            Score(self.0 + ply as i32)
        } else if self.is_loss() {
            Score(self.0 - ply as i32)
        } else {
            self
        }
    }

    /// The inverse of [`Score::to_table`]: a stored score read back at a node `ply` plies deep.
    pub const fn from_table(self, ply: u32) -> Score {
        if self.is_win() {
            Score(self.0 - ply as i32)
        } else if self.is_loss() {
            Score(self.0 + ply as i32)
        } else {
            self
        }
    }
}

impl Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl Add<i32> for Score {
    type Output = Score;
    fn add(self, rhs: i32) -> Score {
        Score(self.0 + rhs)
    }
}

impl Sub<i32> for Score {
    type Output = Score;
    fn sub(self, rhs: i32) -> Score {
        Score(self.0 - rhs)
    }
}

impl From<i32> for Score {
    fn from(v: i32) -> Score {
        Score(v)
    }
}

impl fmt::Display for Score {
    /// `12`, `win in 3`, `loss in 4`, `inf`, `-inf`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self >= Score::INFINITY {
            write!(f, "inf")
        } else if *self <= -Score::INFINITY {
            write!(f, "-inf")
        } else if self.is_win() {
            write!(f, "win in {}", Score::WIN.0 - self.0)
        } else if self.is_loss() {
            write!(f, "loss in {}", self.0 - Score::LOSS.0)
        } else {
            write!(f, "{}", self.0)
        }
    }
}

/// What a stored or returned score says about the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The true value equals the score.
    Exact,
    /// The true value is at least the score (the search failed high: a cutoff).
    Lower,
    /// The true value is at most the score (the search failed low: no move reached alpha).
    Upper,
}

impl Bound {
    /// What the bound says of the negated score (the other side's view): a lower bound
    /// becomes an upper one and the other way round.
    pub fn negated(self) -> Bound {
        match self {
            Bound::Exact => Bound::Exact,
            Bound::Lower => Bound::Upper,
            Bound::Upper => Bound::Lower,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faster_wins_and_slower_losses_compare_greater() {
        assert!(Score::win_in(1) > Score::win_in(3));
        assert!(Score::loss_in(9) > Score::loss_in(5));
        assert!(Score::MAX_EVAL < Score::win_in(MAX_PLY));
        assert!(Score::WIN < Score::INFINITY);
        assert_eq!(-Score::win_in(4), Score::loss_in(4));
    }

    #[test]
    fn classification() {
        assert!(Score::win_in(7).is_win());
        assert!(!Score::win_in(7).is_loss());
        assert!(Score::loss_in(2).is_loss());
        assert!(!Score::INFINITY.is_win());
        assert!(!Score::MAX_EVAL.is_decisive());
        assert_eq!(Score::win_in(7).plies_to_end(), Some(7));
        assert_eq!(Score::loss_in(2).plies_to_end(), Some(2));
        assert_eq!(Score(5).plies_to_end(), None);
    }

    #[test]
    fn table_round_trip_moves_the_origin() {
        // A win 9 plies from the root, stored at ply 4, is a win in 5 from that node.
        let s = Score::win_in(9);
        assert_eq!(s.to_table(4), Score::win_in(5));
        assert_eq!(s.to_table(4).from_table(4), s);
        // Read back at ply 6 (a transposition two plies deeper), it is a win in 11.
        assert_eq!(s.to_table(4).from_table(6), Score::win_in(11));
        assert_eq!(Score::loss_in(8).to_table(3), Score::loss_in(5));
        assert_eq!(Score(42).to_table(3), Score(42));
    }

    #[test]
    fn display() {
        assert_eq!(Score(-7).to_string(), "-7");
        assert_eq!(Score::win_in(3).to_string(), "win in 3");
        assert_eq!(Score::loss_in(4).to_string(), "loss in 4");
        assert_eq!(Score::INFINITY.to_string(), "inf");
        assert_eq!((-Score::INFINITY).to_string(), "-inf");
    }
}
