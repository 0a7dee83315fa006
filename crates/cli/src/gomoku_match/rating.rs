//! A tournament's ratings on one scale: the logistic (Elo) model's most likely ratings given
//! every game at once, as Ordo and BayesElo rate a tournament, where each brain's share of
//! the points alone would mean little when the brains met different opponents.

/// One virtual draw added to every pairing that played, as BayesElo's prior: it keeps the
/// ratings finite when a brain won or lost every game, and weighs nothing beside a real
/// match of tens of games.
const VIRTUAL_DRAWS: f64 = 1.0;

/// The ratings of `n` brains, in Elo, the first at 0, from `results`: for each game the two
/// brains that played it and the first one's points (1, 0.5 or 0). They satisfy, for each
/// brain, the likelihood's equations: its points (and half of its virtual draws) equal the
/// sum of its expected scores 1 / (1 + 10^((r_opponent - r) / 400)) over its games (and its
/// virtual draws). Brains that met no one, directly or through others, have no rating.
pub(super) fn ratings(n: usize, results: &[(usize, usize, f64)]) -> Vec<Option<f64>> {
    // games[i][j]: games between i and j with the virtual draw; points[i]: i's points.
    let mut games = vec![vec![0.0; n]; n];
    let mut points = vec![0.0; n];
    for &(a, b, first_points) in results {
        games[a][b] += 1.0;
        games[b][a] += 1.0;
        points[a] += first_points;
        points[b] += 1.0 - first_points;
    }
    for (i, row) in games.iter_mut().enumerate() {
        for (j, count) in row.iter_mut().enumerate() {
            if i != j && *count > 0.0 {
                *count += VIRTUAL_DRAWS;
                points[i] += VIRTUAL_DRAWS / 2.0;
            }
        }
    }
    let linked = linked_to_first(&games);
    // Strengths gamma = 10^(r / 400), found by the minorise-maximise iteration (Zermelo's,
    // as Hunter 2004 gives it for the Bradley-Terry model): each step raises the likelihood,
    // and it converges to the only maximum when the virtual draws link every brain.
    let mut gamma = vec![1.0f64; n];
    for _ in 0..100_000 {
        let mut change = 0.0f64;
        for i in (0..n).filter(|&i| linked[i]) {
            let expected: f64 = (0..n)
                .filter(|&j| games[i][j] > 0.0)
                .map(|j| games[i][j] / (gamma[i] + gamma[j]))
                .sum();
            let next = points[i] / expected;
            change = change.max((next / gamma[i]).ln().abs());
            gamma[i] = next;
        }
        // The scale is free: hold the first brain at 1 (rating 0).
        let first = gamma[0];
        gamma.iter_mut().for_each(|g| *g /= first);
        if change < 1e-12 {
            break;
        }
    }
    (0..n)
        .map(|i| linked[i].then(|| 400.0 * gamma[i].log10() + 0.0))
        .collect()
}

/// Which brains met the first one, directly or through others.
fn linked_to_first(games: &[Vec<f64>]) -> Vec<bool> {
    let n = games.len();
    let mut linked = vec![false; n];
    let mut todo = vec![0];
    while let Some(i) = todo.pop() {
        if !std::mem::replace(&mut linked[i], true) {
            todo.extend((0..n).filter(|&j| games[i][j] > 0.0 && !linked[j]));
        }
    }
    linked
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The expected score of a brain rated `r` against one rated `s`.
    fn expected(r: f64, s: f64) -> f64 {
        1.0 / (1.0 + 10f64.powf((s - r) / 400.0))
    }

    /// The log-likelihood of `ratings` given the results and the virtual draws.
    fn log_likelihood(ratings: &[f64], results: &[(usize, usize, f64)]) -> f64 {
        let mut pairs = std::collections::BTreeSet::new();
        let mut sum = 0.0;
        for &(a, b, s) in results {
            let p = expected(ratings[a], ratings[b]);
            sum += s * p.ln() + (1.0 - s) * (1.0 - p).ln();
            pairs.insert((a.min(b), a.max(b)));
        }
        for (a, b) in pairs {
            let p = expected(ratings[a], ratings[b]);
            sum += VIRTUAL_DRAWS * 0.5 * (p.ln() + (1.0 - p).ln());
        }
        sum
    }

    /// A small generator of the tests' own, so that the cases repeat.
    fn lcg(state: &mut u64) -> f64 {
        *state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*state >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Two brains: the rating is the Elo of the share of the points with the virtual draw,
    /// in closed form.
    #[test]
    fn two_brains_are_rated_by_their_share() {
        let results: Vec<(usize, usize, f64)> = [1.0, 1.0, 0.5, 0.0, 1.0, 1.0, 1.0, 0.0]
            .iter()
            .enumerate()
            .map(|(k, &p)| {
                if k % 2 == 0 {
                    (0, 1, p)
                } else {
                    (1, 0, 1.0 - p)
                }
            })
            .collect();
        let first_points: f64 = 5.5 + 0.5;
        let share = first_points / 9.0;
        let want = 400.0 * (share / (1.0 - share)).log10();
        let r = ratings(2, &results);
        assert_eq!(r[0], Some(0.0));
        assert!((r[1].unwrap() + want).abs() < 1e-6, "{r:?} against -{want}");
    }

    /// Random tournaments of 3 to 6 brains, each pairing 0 to 12 games of random results
    /// (some brains winning or losing every game): the ratings are the likelihood's maximum:
    /// its equations hold, and no step of a rating either way raises it.
    #[test]
    fn the_ratings_are_the_most_likely() {
        let mut state = 7;
        for case in 0..200 {
            let n = 3 + case % 4;
            let mut results = vec![];
            let strength: Vec<f64> = (0..n).map(|_| lcg(&mut state) * 6.0 - 3.0).collect();
            for a in 0..n {
                for b in a + 1..n {
                    // Some pairings play none (the first always plays the second).
                    let games = if b == 1 {
                        1 + (lcg(&mut state) * 12.0) as usize
                    } else {
                        (lcg(&mut state) * 13.0) as usize
                    };
                    let p = 1.0 / (1.0 + (strength[b] - strength[a]).exp());
                    for _ in 0..games {
                        let u = lcg(&mut state);
                        let s = if u < 0.1 {
                            0.5
                        } else if u < 0.1 + 0.9 * p {
                            1.0
                        } else {
                            0.0
                        };
                        results.push((a, b, s));
                    }
                }
            }
            let got = ratings(n, &results);
            // Every brain met the first, directly or not, unless it played no one at all.
            let played = |i: usize| results.iter().any(|&(a, b, _)| a == i || b == i);
            let rated: Vec<f64> = got.iter().map(|r| r.unwrap_or(0.0)).collect();
            for i in 0..n {
                if got[i].is_none() {
                    assert!(i > 0, "case {case}");
                    continue;
                }
                assert!(played(i) || i == 0, "case {case}: {got:?}");
                let mut points = 0.0;
                let mut want = 0.0;
                let mut opponents = std::collections::BTreeSet::new();
                for &(a, b, s) in &results {
                    if a == i || b == i {
                        let (me, them, mine) = if a == i { (a, b, s) } else { (b, a, 1.0 - s) };
                        points += mine;
                        want += expected(rated[me], rated[them]);
                        opponents.insert(them);
                    }
                }
                for &j in &opponents {
                    points += VIRTUAL_DRAWS / 2.0;
                    want += VIRTUAL_DRAWS * expected(rated[i], rated[j]);
                }
                assert!(
                    (points - want).abs() < 1e-6,
                    "case {case}, brain {i}: {points} points, {want} expected"
                );
            }
            let best = log_likelihood(&rated, &results);
            for i in (1..n).filter(|&i| got[i].is_some()) {
                for step in [-1.0, 1.0] {
                    let mut moved = rated.clone();
                    moved[i] += step;
                    assert!(log_likelihood(&moved, &results) <= best, "case {case}");
                }
            }
        }
    }

    /// A brain that met no one linked to the first has no rating; the rest do.
    #[test]
    fn a_brain_apart_is_not_rated() {
        let r = ratings(4, &[(0, 1, 1.0), (2, 3, 0.5)]);
        assert_eq!(r[0], Some(0.0));
        assert!(r[1].unwrap() < 0.0);
        assert_eq!((r[2], r[3]), (None, None));
    }
}
