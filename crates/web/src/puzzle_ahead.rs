//! Puzzles drawn ahead. Most puzzles take well under a second to draw, but a rare kind takes
//! many (White's wins by fours in 8 or 9 moves up to 14 s, near the server's bound: see
//! docs/BENCHMARKS.md). So after a request without a seed, the server draws one more puzzle
//! of the same settings in the background and keeps it; the next such request gets it at
//! once. A request with a seed always draws that seed's puzzle: a link must open the
//! same one.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Mutex;
use std::time::Instant;

use alphabeta_gomoku::{Color, Kind, Puzzle, PuzzleError, Rule};

/// Settings kept at once, a puzzle each: the page offers a few dozen, few are asked for.
const KEPT: usize = 16;

/// What a request without a seed asks for: the puzzles it would take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Wish {
    pub size: u32,
    pub rule: Rule,
    pub kind: Kind,
    /// The fewest moves the win may take, and the most.
    pub lengths: (u32, u32),
    pub winner: Option<Color>,
}

impl Wish {
    /// The puzzle `seed` draws for these settings, given up at `deadline`.
    pub fn draw(self, seed: u64, deadline: Instant) -> Result<Puzzle, PuzzleError> {
        let (lo, hi) = self.lengths;
        let (size, rule, kind, winner) = (self.size, self.rule, self.kind, self.winner);
        Puzzle::generate_by(size, rule, kind, seed, lo..=hi, winner, Some(deadline))
    }
}

/// The puzzles kept, one for each of the last [`KEPT`] settings drawn ahead, and the settings
/// being drawn now (one drawing each at most).
#[derive(Default)]
pub(crate) struct Ahead {
    inner: Mutex<Kept>,
}

#[derive(Default)]
struct Kept {
    puzzles: HashMap<Wish, Puzzle>,
    /// The settings of the kept puzzles, the oldest first.
    order: VecDeque<Wish>,
    drawing: HashSet<Wish>,
}

impl Ahead {
    /// The puzzle kept for `wish`, if any (it is then no longer kept).
    pub fn take(&self, wish: &Wish) -> Option<Puzzle> {
        let mut k = self.lock();
        let p = k.puzzles.remove(wish)?;
        k.order.retain(|w| w != wish);
        Some(p)
    }

    /// Whether a puzzle for `wish` should be drawn now: none is kept or being drawn. If so,
    /// it counts as being drawn until [`finish`](Self::finish).
    pub fn start(&self, wish: Wish) -> bool {
        let mut k = self.lock();
        !k.puzzles.contains_key(&wish) && k.drawing.insert(wish)
    }

    /// The end of a drawing for `wish`: its puzzle kept, if one came (the oldest kept
    /// settings' puzzle given up beyond [`KEPT`]).
    pub fn finish(&self, wish: Wish, drawn: Option<Puzzle>) {
        let mut k = self.lock();
        k.drawing.remove(&wish);
        let Some(p) = drawn else { return };
        if k.order.len() >= KEPT {
            if let Some(old) = k.order.pop_front() {
                k.puzzles.remove(&old);
            }
        }
        k.order.push_back(wish);
        k.puzzles.insert(wish, p);
    }

    /// The lock; a panic while it was held (none is expected: the calls above cannot panic)
    /// leaves nothing half done, so its data stay usable.
    fn lock(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wish(size: u32) -> Wish {
        Wish {
            size,
            rule: Rule::Freestyle,
            kind: Kind::Fours,
            lengths: (4, 5),
            winner: None,
        }
    }

    fn puzzle(seed: u64) -> Puzzle {
        Puzzle {
            seed,
            kind: Kind::Fours,
            moves: vec![],
            to_move: Color::Black,
            length: 4,
            solution: vec![],
        }
    }

    #[test]
    fn a_kept_puzzle_is_taken_once_and_one_drawing_runs_for_each_wish() {
        let a = Ahead::default();
        assert_eq!(a.take(&wish(15)), None);
        assert!(a.start(wish(15)));
        assert!(!a.start(wish(15)), "already being drawn");
        assert!(a.start(wish(20)), "other settings are drawn on their own");
        a.finish(wish(15), Some(puzzle(7)));
        assert!(!a.start(wish(15)), "one is kept");
        assert_eq!(a.take(&wish(15)).map(|p| p.seed), Some(7));
        assert_eq!(a.take(&wish(15)), None, "taken once");
        a.finish(wish(20), None);
        assert!(
            a.start(wish(20)),
            "a drawing that failed may be tried again"
        );
        a.finish(wish(20), Some(puzzle(9)));
        assert_eq!(a.take(&wish(15)), None, "not another setting's puzzle");
        assert_eq!(a.take(&wish(20)).map(|p| p.seed), Some(9));
    }

    #[test]
    fn the_oldest_settings_are_given_up_beyond_the_limit() {
        let a = Ahead::default();
        for size in 0..KEPT as u32 + 2 {
            assert!(a.start(wish(size)));
            a.finish(wish(size), Some(puzzle(u64::from(size))));
        }
        assert_eq!(a.take(&wish(0)), None);
        assert_eq!(a.take(&wish(1)), None);
        for size in 2..KEPT as u32 + 2 {
            assert_eq!(a.take(&wish(size)).map(|p| p.seed), Some(u64::from(size)));
        }
    }
}
