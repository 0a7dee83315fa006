//! A match's score: each game's report, the first engine's tally, the Elo it means with a
//! margin from the games or the opening pairs, and the SPRT's state at the end; in a
//! tournament, each pairing's score and the standings; in a gauntlet with openings, each
//! challenger's score set beside the first challenger's, opening by opening.

use std::collections::BTreeMap;

use serde::Serialize;

use super::rating::ratings;
use crate::sprt::{Scores, Sprt, Verdict};

/// One game's result.
#[derive(Serialize)]
pub(super) struct GameReport {
    /// From 1, in the order the games were set.
    pub(super) game: usize,
    /// The opening's number in the file (counting the lines that are not blank), from 1.
    pub(super) opening: Option<usize>,
    /// With `--transform`, the symmetry the opening was played under (0 as written; 1-3
    /// turned, 4-7 mirrored, as `Board::transformed` numbers them).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) symmetry: Option<usize>,
    pub(super) black: String,
    pub(super) white: String,
    /// `black`, `white` or `draw`.
    pub(super) result: &'static str,
    /// How it ended: `five`, why it was drawn (the board full, the stones counted), or what
    /// the loser did.
    pub(super) reason: String,
    pub(super) moves: String,
    /// The first engine's points: 1, 0.5 or 0.
    #[serde(skip)]
    pub(super) first_points: f64,
    /// The pairing that played it (0 in a match of two brains), and its number among that
    /// pairing's games from 0 (rounds 2n and 2n+1 play one opening, the colours swapped).
    #[serde(skip)]
    pub(super) pairing: usize,
    #[serde(skip)]
    pub(super) round: usize,
}

#[derive(Serialize)]
pub(super) struct MatchReport {
    pub(super) engines: [String; 2],
    /// The first engine's wins, losses and draws.
    pub(super) wins: usize,
    pub(super) losses: usize,
    pub(super) draws: usize,
    /// The first engine's share of the points.
    pub(super) score: f64,
    /// The Elo difference that score means, and its 95% margin (none at 0% or 100%).
    pub(super) elo: Option<f64>,
    pub(super) elo_margin: Option<f64>,
    /// With openings, how many opening pairs (both games ended) gave the first engine 0,
    /// 1/2, 1, 3/2 and 2 points: the pentanomial counts its Elo margin and SPRT weigh.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) pairs: Option<[usize; 5]>,
    /// The test's state at the end, with `--sprt`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) sprt: Option<SprtReport>,
    /// (Left out of a tournament's pairings: the tournament lists all its games.)
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) games: Vec<GameReport>,
}

/// A tournament: the standings, each pairing's score from its first engine's side, and
/// every game.
#[derive(Serialize)]
pub(super) struct TournamentReport {
    /// `round-robin` or `gauntlet`.
    pub(super) tournament: &'static str,
    pub(super) engines: Vec<String>,
    /// Best first.
    pub(super) standings: Vec<Standing>,
    pub(super) pairings: Vec<MatchReport>,
    /// In a gauntlet with openings and two challengers or more: each later challenger's
    /// score against the first engine less the first challenger's, paired by opening.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) paired: Vec<PairedDifference>,
    pub(super) games: Vec<GameReport>,
}

/// An engine's results over the tournament.
#[derive(Serialize)]
pub(super) struct Standing {
    pub(super) name: String,
    pub(super) games: usize,
    pub(super) wins: usize,
    pub(super) losses: usize,
    pub(super) draws: usize,
    pub(super) points: f64,
    /// Its share of the points.
    pub(super) score: f64,
    /// Its rating in Elo on one scale with the others', the first engine at 0: the most
    /// likely given every game of the tournament (see `rating.rs`).
    pub(super) rating: Option<f64>,
}

/// How much more (or less) one challenger of a gauntlet scored against the first engine
/// than another did, on the same openings with the same colours: each opening's two games
/// of one set against the other's two, so that what an opening gives (a sure win for one
/// colour, a trap) cancels out: finer than the two scores' margins taken apart when the
/// challengers are alike; the comparison an engine author screens a change with.
#[derive(Serialize)]
pub(super) struct PairedDifference {
    pub(super) engine: String,
    pub(super) against: String,
    /// The openings whose two games both challengers finished.
    pub(super) openings: usize,
    /// The mean over those openings of `engine`'s share of their two games less
    /// `against`'s (0.085: 8.5 points ahead).
    pub(super) difference: f64,
    /// The standard error of that mean, from the spread of the openings' differences
    /// (none with fewer than two openings).
    pub(super) standard_error: Option<f64>,
}

/// Each challenger after the first of a gauntlet (`pairings[p]` is the first engine
/// against challenger p + 1) set beside the first challenger, opening by opening (a
/// pairing's rounds 2n and 2n + 1 play the n-th opening of the match, in every pairing);
/// none for a challenger with no opening to pair (a match cut short).
pub(super) fn paired_differences(
    names: &[String],
    pairings: &[[usize; 2]],
    games: &[GameReport],
) -> Vec<PairedDifference> {
    // For each pairing, each opening's games ended and the challenger's points in them.
    let mut by_opening: Vec<ByOpening<usize>> = vec![BTreeMap::new(); pairings.len()];
    for g in games {
        let entry = by_opening[g.pairing].entry(g.round / 2).or_default();
        entry.0 += 1;
        entry.1 += 1.0 - g.first_points;
    }
    let Some(first) = by_opening.first() else {
        return vec![];
    };
    (1..pairings.len())
        .filter_map(|p| {
            let shares: Vec<f64> = pair_up(first, &by_opening[p])
                .iter()
                .map(|&(_, before, after)| (after - before) / 2.0)
                .collect();
            let (difference, standard_error) = mean_and_error(&shares);
            (!shares.is_empty()).then(|| PairedDifference {
                engine: names[pairings[p][1]].clone(),
                against: names[pairings[0][1]].clone(),
                openings: shares.len(),
                difference,
                standard_error,
            })
        })
        .collect()
}

/// A brain's games ended and its points in each opening, by what tells the openings apart.
pub(crate) type ByOpening<K> = BTreeMap<K, (usize, f64)>;

/// The openings both sides finished (two games each), with the points before and after.
pub(crate) fn pair_up<'a, K: Ord>(
    before: &'a ByOpening<K>,
    after: &ByOpening<K>,
) -> Vec<(&'a K, f64, f64)> {
    before
        .iter()
        .filter_map(|(k, &(games, points))| match after.get(k) {
            Some(&(2, later)) if games == 2 => Some((k, points, later)),
            _ => None,
        })
        .collect()
}

/// The mean of paired differences and its standard error, from their sample deviation
/// (none for fewer than two; the mean of none is 0).
pub(crate) fn mean_and_error(differences: &[f64]) -> (f64, Option<f64>) {
    let n = differences.len() as f64;
    let mean = differences.iter().sum::<f64>() / n.max(1.0);
    let error = (differences.len() >= 2).then(|| {
        let variance = differences.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0);
        (variance / n).sqrt()
    });
    (mean, error)
}

#[derive(Serialize)]
pub(super) struct SprtReport {
    #[serde(flatten)]
    pub(super) test: Sprt,
    /// The log-likelihood ratio over every game played, and the bounds it is held to.
    pub(super) llr: f64,
    pub(super) lower: f64,
    pub(super) upper: f64,
    /// The hypothesis accepted, and after how many games: the games still being played
    /// then were played out and counted in the score and `llr`, not in the verdict.
    pub(super) verdict: Option<Verdict>,
    pub(super) decided_after: Option<usize>,
}

impl SprtReport {
    /// The test's state after `games`, with the verdict it came to (and when), if any.
    pub(super) fn of(
        test: Sprt,
        games: &[GameReport],
        paired: bool,
        decided: Option<(Verdict, usize)>,
    ) -> SprtReport {
        let (lower, upper) = test.bounds();
        SprtReport {
            test,
            llr: llr_of(&test, games, paired),
            lower,
            upper,
            verdict: decided.map(|(v, _)| v),
            decided_after: decided.map(|(_, n)| n),
        }
    }
}

/// The test's log-likelihood ratio after `games` (in any order; see `units`).
pub(super) fn llr_of(test: &Sprt, games: &[GameReport], paired: bool) -> f64 {
    test.llr(&Scores::of(&units(games, paired)))
}

/// The first engine's wins, losses and draws.
pub(super) fn tally<'a>(games: impl IntoIterator<Item = &'a GameReport>) -> (usize, usize, usize) {
    let mut counts = (0, 0, 0);
    for g in games {
        *result_count(&mut counts, g.first_points) += 1;
    }
    counts
}

/// Which of the counts of wins, losses and draws a game of `points` adds to.
fn result_count(counts: &mut (usize, usize, usize), points: f64) -> &mut usize {
    if points == 1.0 {
        &mut counts.0
    } else if points == 0.0 {
        &mut counts.1
    } else {
        &mut counts.2
    }
}

/// The Elo difference a share of the points means (none at 0 or 1, where it is infinite);
/// an even score is 0, not -0.
fn elo(score: f64) -> Option<f64> {
    (score > 0.0 && score < 1.0).then(|| -400.0 * (1.0 / score - 1.0).log10() + 0.0)
}

/// The units the statistics count, in any order: the first engine's points in each game,
/// or with openings (`paired`) each opening pair's mean (a pairing's rounds 0 and 1, 2 and
/// 3, ...: one opening, the colours swapped), a pair whose other game has not ended left
/// out. An opening that favours one colour gives each engine a win, which is no noise in
/// the difference between them.
fn units(games: &[GameReport], paired: bool) -> Vec<f64> {
    if !paired {
        return games.iter().map(|g| g.first_points).collect();
    }
    let mut pairs: BTreeMap<(usize, usize), Vec<f64>> = BTreeMap::new();
    for g in games {
        pairs
            .entry((g.pairing, g.round / 2))
            .or_default()
            .push(g.first_points);
    }
    pairs
        .into_values()
        .filter(|p| p.len() == 2)
        .map(|p| (p[0] + p[1]) / 2.0)
        .collect()
}

/// The score and its Elo meaning, from the first engine's side, the margin from the
/// spread of the units' scores (see `units`).
pub(super) fn summarise(engines: [String; 2], games: Vec<GameReport>, paired: bool) -> MatchReport {
    let (wins, losses, draws) = tally(&games);
    let score = (wins as f64 + draws as f64 / 2.0) / games.len() as f64;
    // 1.96 standard errors of the mean score of a unit.
    let units = units(&games, paired);
    let n = units.len() as f64;
    let variance = units.iter().map(|u| (u - score).powi(2)).sum::<f64>() / n;
    let margin = 1.96 * (variance / n).sqrt();
    // No margin where the interval reaches 0% or 100% (a few games): it would be infinite.
    let m = match (elo(score - margin), elo(score + margin)) {
        (Some(lo), Some(hi)) => Some((hi - lo) / 2.0),
        _ => None,
    };
    let pairs = paired.then(|| Scores::of(&units).counts());
    MatchReport {
        engines,
        wins,
        losses,
        draws,
        score,
        elo: elo(score),
        elo_margin: m,
        pairs,
        sprt: None,
        games,
    }
}

/// Each engine's results over `games`, where pairing p set `pairings[p]` against each
/// other: the best rated first (the order of `names` among equals).
pub(super) fn standings(
    names: &[String],
    pairings: &[[usize; 2]],
    games: &[GameReport],
) -> Vec<Standing> {
    // Each game as (first engine, second engine, the first's points).
    let results: Vec<(usize, usize, f64)> = games
        .iter()
        .map(|g| {
            let [a, b] = pairings[g.pairing];
            (a, b, g.first_points)
        })
        .collect();
    let mut counts = vec![(0, 0, 0); names.len()];
    let mut points = vec![0.0; names.len()];
    for &(a, b, first_points) in &results {
        for (engine, p) in [(a, first_points), (b, 1.0 - first_points)] {
            *result_count(&mut counts[engine], p) += 1;
            points[engine] += p;
        }
    }
    let mut table: Vec<Standing> = names
        .iter()
        .zip(counts)
        .zip(points)
        .zip(ratings(names.len(), &results))
        .map(|(((name, (wins, losses, draws)), points), rating)| {
            let games = wins + losses + draws;
            Standing {
                name: name.clone(),
                games,
                wins,
                losses,
                draws,
                points,
                score: if games > 0 {
                    points / games as f64
                } else {
                    0.0
                },
                rating,
            }
        })
        .collect();
    let key = |s: &Standing| s.rating.unwrap_or(f64::NEG_INFINITY);
    table.sort_by(|a, b| key(b).total_cmp(&key(a)));
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(points: &[f64]) -> Vec<GameReport> {
        points
            .iter()
            .enumerate()
            .map(|(k, &p)| GameReport {
                game: k + 1,
                opening: None,
                symmetry: None,
                black: String::new(),
                white: String::new(),
                result: "draw",
                reason: String::new(),
                moves: String::new(),
                first_points: p,
                pairing: 0,
                round: k,
            })
            .collect()
    }

    /// 75% is 400 log10(3) = 190.85 Elo; every pair split one-one is no noise at all when
    /// paired, and much when the games count alone; 0% has no Elo.
    #[test]
    fn the_score_and_its_elo() {
        let names = || [String::from("a"), String::from("b")];
        let r = summarise(
            names(),
            games(&[1.0, 1.0, 1.0, 0.0, 1.0, 0.5, 0.5, 1.0]),
            false,
        );
        assert_eq!((r.wins, r.losses, r.draws), (5, 1, 2));
        assert_eq!(r.score, 0.75);
        assert!((r.elo.unwrap() - 190.85).abs() < 0.01, "{:?}", r.elo);
        let split = games(&[1.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]);
        let paired = summarise(names(), split, true);
        assert_eq!((paired.elo, paired.elo_margin), (Some(0.0), Some(0.0)));
        assert_eq!(paired.pairs, Some([0, 0, 4, 0, 0]));
        let mixed = summarise(names(), games(&[1.0, 1.0, 0.5, 0.0, 0.0, 0.0, 1.0]), true);
        assert_eq!(
            mixed.pairs,
            Some([1, 1, 0, 0, 1]),
            "the lone seventh game left out"
        );
        let split = games(&[1.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]);
        let single = summarise(names(), split, false);
        assert!(
            single.elo_margin.unwrap() > 200.0,
            "{:?}",
            single.elo_margin
        );
        let lost = summarise(names(), games(&[0.0, 0.0]), false);
        assert_eq!((lost.elo, lost.elo_margin), (None, None));
    }

    /// Games end out of order when several are played at once: a pair is counted once both
    /// its games have ended, whatever their order.
    #[test]
    fn opening_pairs_are_counted_when_complete() {
        let mut ended = games(&[1.0, 0.5, 0.0, 0.0, 1.0]);
        ended.swap(0, 4);
        ended.swap(1, 2);
        let mut pairs = units(&ended, true);
        pairs.sort_by(f64::total_cmp);
        assert_eq!(pairs, [0.0, 0.75]);
        assert_eq!(units(&ended, false).len(), 5);
    }

    /// Two challengers' points against the first engine, opening by opening: the first
    /// 1, 2, 0 and a lone game of the fourth opening, the second 2, 2, 1, a lone game of
    /// the fourth and both of a fifth the first never played. The differences 1, 0, 1 of
    /// 2 points: a mean of a third, their sample deviation sqrt(1/3) over sqrt(3)
    /// openings, halved for a share: 1/6.
    #[test]
    fn challengers_are_paired_by_opening() {
        // (pairing, round, the first engine's points).
        let played = [
            (0, 0, 0.0),
            (0, 1, 1.0),
            (0, 2, 0.0),
            (0, 3, 0.0),
            (0, 4, 1.0),
            (0, 5, 1.0),
            (0, 6, 0.0),
            (1, 0, 0.0),
            (1, 1, 0.0),
            (1, 3, 0.0),
            (1, 2, 0.0),
            (1, 4, 0.5),
            (1, 5, 0.5),
            (1, 6, 1.0),
            (1, 8, 0.0),
            (1, 9, 0.0),
        ];
        let reports: Vec<GameReport> = played
            .iter()
            .enumerate()
            .map(|(k, &(pairing, round, first_points))| {
                let mut g = games(&[first_points]).pop().unwrap();
                (g.game, g.pairing, g.round) = (k + 1, pairing, round);
                g
            })
            .collect();
        let names = ["anchor", "one", "two"].map(String::from);
        let paired = paired_differences(&names, &[[0, 1], [0, 2]], &reports);
        assert_eq!(paired.len(), 1);
        let d = &paired[0];
        assert_eq!((d.engine.as_str(), d.against.as_str()), ("two", "one"));
        assert_eq!(d.openings, 3);
        assert!((d.difference - 1.0 / 3.0).abs() < 1e-12, "{}", d.difference);
        let se = d.standard_error.unwrap();
        assert!((se - 1.0 / 6.0).abs() < 1e-12, "{se}");
        // One challenger: nothing to pair; one opening: no error to give.
        assert!(paired_differences(&names[..2], &[[0, 1]], &reports[..7]).is_empty());
        let one: Vec<GameReport> = reports.into_iter().filter(|g| g.round < 2).collect();
        let d = &paired_differences(&names, &[[0, 1], [0, 2]], &one)[0];
        assert_eq!((d.openings, d.difference, d.standard_error), (1, 0.5, None));
        // No opening both finished: nothing to say.
        let apart: Vec<GameReport> = one.into_iter().filter(|g| g.pairing == 1).collect();
        assert!(paired_differences(&names, &[[0, 1], [0, 2]], &apart).is_empty());
    }
}
