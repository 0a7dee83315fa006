//! Who plays whom in a tournament, and in which order.

use clap::ValueEnum;

#[derive(Clone, Copy, Debug, PartialEq, ValueEnum)]
pub(super) enum Tournament {
    RoundRobin,
    Gauntlet,
}

impl Tournament {
    /// The pairings of `n` engines, each as the engine whose side its score is told from
    /// and its opponent.
    pub(super) fn pairings(self, n: usize) -> Vec<[usize; 2]> {
        match self {
            Tournament::RoundRobin => (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| [a, b]))
                .collect(),
            Tournament::Gauntlet => (1..n).map(|b| [0, b]).collect(),
        }
    }

    pub(super) fn name(self) -> &'static str {
        match self {
            Tournament::RoundRobin => "round-robin",
            Tournament::Gauntlet => "gauntlet",
        }
    }
}

/// Game `k`'s pairing and its round (its number among that pairing's games, from 0) when
/// each of `pairings` plays `per` games: the pairings take turns, two games each (an
/// opening and its colours swapped), so that each pairing's games spread over the whole
/// tournament (and a machine's slow hour falls on all of them).
pub(super) fn schedule(k: usize, pairings: usize, per: usize) -> (usize, usize) {
    let in_pairs = per / 2 * 2 * pairings;
    if k < in_pairs {
        ((k / 2) % pairings, k / (2 * pairings) * 2 + k % 2)
    } else {
        (k - in_pairs, per - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pairing plays each of its rounds exactly once, in order; the two games of an
    /// opening (rounds 2n and 2n+1) come one after the other, so that a pair ends early
    /// and the SPRT and the margins can count it.
    #[test]
    fn the_schedule_plays_every_round_once_and_pairs_together() {
        for pairings in 1..=6 {
            for per in 1..=7 {
                let mut seen = vec![vec![]; pairings];
                for k in 0..pairings * per {
                    let (p, round) = schedule(k, pairings, per);
                    assert!(p < pairings && round < per, "{k}: {p} {round}");
                    seen[p].push((round, k));
                }
                for rounds in &seen {
                    let order: Vec<usize> = rounds.iter().map(|&(r, _)| r).collect();
                    assert_eq!(order, (0..per).collect::<Vec<_>>(), "{pairings} {per}");
                    for pair in rounds.chunks(2).filter(|c| c.len() == 2) {
                        assert_eq!(pair[1].1, pair[0].1 + 1, "{pairings} {per}");
                    }
                }
            }
        }
    }

    /// A round robin meets every two engines once, a gauntlet the first with each other.
    #[test]
    fn pairings_of_a_round_robin_and_a_gauntlet() {
        for n in 2..=7 {
            let rr = Tournament::RoundRobin.pairings(n);
            let mut met = std::collections::HashSet::new();
            for [a, b] in &rr {
                assert!(a < b && *b < n);
                assert!(met.insert((*a, *b)), "{a} {b} twice");
            }
            assert_eq!(met.len(), n * (n - 1) / 2);
            // Each other engine meets the first once, and no two others meet.
            let g = Tournament::Gauntlet.pairings(n);
            assert_eq!(g.len(), n - 1);
            for b in 1..n {
                assert_eq!(g.iter().filter(|p| p.contains(&b)).count(), 1, "{b}: {g:?}");
            }
            assert!(g.iter().all(|p| p.contains(&0)), "{g:?}");
        }
        assert_eq!(Tournament::RoundRobin.pairings(2), [[0, 1]]);
    }
}
