//! Weaker play, for people: levels 1 (a beginner's opponent) to 5 below the full engine.
//!
//! A level searches few nodes and weighs several of its best moves instead of one, choosing
//! among them by chance, the better a move the likelier: it plays a different game each time
//! and its mistakes are those of a shallow look, not random stones. What it never does at
//! any level is what the move generator rules out: a five is always taken, a four always
//! blocked, an open three always answered; and a move its search proves lost is never
//! chosen while another is not.

use std::fmt;

use alphabeta::Score;

use crate::engine::Thought;
use crate::evaluation::UNITS_PER_LOGIT;

/// A playing strength below the engine's full strength, from [`Level::WEAKEST`] to
/// [`Level::STRONGEST`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// A level out of range, or not a number: what was given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the level must be 1 to 5, not '{0}'")]
pub struct NoSuchLevel(pub String);

impl Level {
    /// The weakest level, 1.
    pub const WEAKEST: Level = Level(1);
    /// The strongest level below full strength, 5.
    pub const STRONGEST: Level = Level(5);

    /// The level numbered `n`.
    pub fn new(n: i64) -> Result<Level, NoSuchLevel> {
        match u8::try_from(n) {
            Ok(k) if (Self::WEAKEST.0..=Self::STRONGEST.0).contains(&k) => Ok(Level(k)),
            _ => Err(NoSuchLevel(n.to_string())),
        }
    }

    /// Its number.
    pub fn number(self) -> u8 {
        self.0
    }

    /// The most nodes a move may search: four times more a level up.
    pub fn nodes(self) -> u64 {
        1_000 << (2 * (self.0 as u32 - 1))
    }

    /// How many of its best moves it weighs.
    pub fn lines(self) -> usize {
        [8, 6, 5, 4, 3][self.0 as usize - 1]
    }

    /// How far below the best a move may be and still be chosen often: a move this many
    /// units worse is chosen e (2.718) times less often than the best.
    pub fn spread(self) -> i32 {
        // A logit of the evaluation's scale, two thirds, two fifths, a fifth, a tenth.
        UNITS_PER_LOGIT * [30, 20, 12, 6, 3][self.0 as usize - 1] / 30
    }

    /// A seed for [`Engine::set_level`](crate::Engine::set_level) that no two calls share:
    /// std's hasher keys, which it draws from the system's randomness.
    pub fn fresh_seed() -> u64 {
        use std::hash::{BuildHasher, Hasher};
        std::hash::RandomState::new().build_hasher().finish()
    }

    /// Which of `lines` (best first, as [`Engine::think_lines`](crate::Engine::think_lines)
    /// returns them) to play, by `chance`, a number drawn evenly from all `u64`s. A proven
    /// win is always taken; a proven loss is never chosen while a move is not proven lost;
    /// among the rest a move `d` units below the best has weight `exp(-d / spread)`.
    pub fn choose(self, lines: &[Thought], chance: u64) -> usize {
        let Some(best) = lines.first().map(|t| t.score) else {
            return 0;
        };
        if best.is_win() || best.is_loss() {
            return 0;
        }
        let weight = |s: Score| {
            if s.is_loss() {
                0.0
            } else {
                (-(f64::from(best.0) - f64::from(s.0)).max(0.0) / f64::from(self.spread())).exp()
            }
        };
        let total: f64 = lines.iter().map(|t| weight(t.score)).sum();
        // A number from 0 to total, from the top 53 bits of the chance.
        let mut point = (chance >> 11) as f64 / (1u64 << 53) as f64 * total;
        for (i, t) in lines.iter().enumerate() {
            let w = weight(t.score);
            if point < w {
                return i;
            }
            point -= w;
        }
        0
    }
}

impl std::str::FromStr for Level {
    type Err = NoSuchLevel;

    /// `1` to `5`.
    fn from_str(s: &str) -> Result<Level, NoSuchLevel> {
        s.trim()
            .parse::<i64>()
            .map_err(|_| NoSuchLevel(s.to_string()))
            .and_then(Level::new)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Source;

    fn line(score: i32) -> Thought {
        Thought {
            best: Some(0),
            score: Score(score),
            pv: vec![0],
            nodes: 0,
            depth: 1,
            source: Source::Search,
        }
    }

    /// Chances spread evenly over the `u64`s.
    fn chances(n: u64) -> impl Iterator<Item = u64> {
        (0..n).map(move |i| (i * (u64::MAX / n)).wrapping_add(u64::MAX / n / 2))
    }

    #[test]
    fn levels_are_numbered_one_to_five() {
        for bad in [0, 6, -1, 300] {
            assert_eq!(Level::new(bad), Err(NoSuchLevel(bad.to_string())));
        }
        assert_eq!(Level::new(3).unwrap().number(), 3);
        assert_eq!("5".parse(), Ok(Level::STRONGEST));
        assert_eq!(" 1 ".parse(), Ok(Level::WEAKEST));
        assert_eq!(
            "x".parse::<Level>().unwrap_err().to_string(),
            "the level must be 1 to 5, not 'x'"
        );
        let nodes: Vec<u64> = (1..=5).map(|n| Level::new(n).unwrap().nodes()).collect();
        assert_eq!(nodes, [1_000, 4_000, 16_000, 64_000, 256_000]);
    }

    #[test]
    fn a_choice_follows_the_weights() {
        // Two moves a spread apart: the second is chosen 1 / (1 + e) of the time.
        let level = Level::new(2).unwrap();
        let lines = [line(100), line(100 - level.spread())];
        let n = 100_000;
        let second = chances(n).filter(|&c| level.choose(&lines, c) == 1).count();
        let expected = 1.0 / (1.0 + std::f64::consts::E);
        let share = second as f64 / n as f64;
        assert!(
            (share - expected).abs() < 0.001,
            "{share} against {expected}"
        );
    }

    #[test]
    fn a_proven_win_is_taken_and_a_proven_loss_avoided() {
        let level = Level::WEAKEST;
        let win = [line(Score::win_in(5).0), line(0), line(-10)];
        assert!(chances(1000).all(|c| level.choose(&win, c) == 0));
        let loss = [line(-50), line(Score::loss_in(4).0), line(-60)];
        assert!(chances(1000).all(|c| level.choose(&loss, c) != 1));
        // Every line lost: the first (the slowest loss).
        let lost = [line(Score::loss_in(8).0), line(Score::loss_in(2).0)];
        assert!(chances(1000).all(|c| level.choose(&lost, c) == 0));
        assert_eq!(level.choose(&[], 7), 0);
    }

    #[test]
    fn the_extremes_of_chance_stay_in_range() {
        let lines = [line(0), line(-1000), line(-2000)];
        for level in (1..=5).map(|n| Level::new(n).unwrap()) {
            assert_eq!(level.choose(&lines, 0), 0);
            assert!(level.choose(&lines, u64::MAX) < 3);
        }
        // Equal moves at the top of the range: the last.
        assert_eq!(Level::WEAKEST.choose(&[line(5), line(5)], u64::MAX), 1);
    }
}
