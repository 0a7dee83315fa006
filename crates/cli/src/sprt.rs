//! The sequential probability ratio test that ends a match once its result is clear, as
//! engine authors test a change (c-gomoku-cli's and cutechess's `-sprt`): H0 "the first
//! engine is ELO0 stronger" against H1 "it is ELO1 stronger" (logistic Elo), the test over
//! when the log-likelihood ratio of the results so far leaves the bounds that the error
//! rates alpha (H1 taken though H0 holds) and beta (H0 taken though H1 holds) set.
//!
//! The results are counted in units: games (0, 1/2 or 1 point), or with openings each
//! opening's pair of games (their mean: 0, 1/4 ... 1, the pentanomial model), which leaves
//! out what an opening gives either colour. The ratio is the generalised SPRT's own (M. Van
//! den Bergh): each hypothesis's most likely distribution of the units' results among
//! those with its mean, not the normal approximation to it that c-gomoku-cli takes. In
//! simulated matches at 5% and 5% (`sprt_error_table` below) the approximation took the
//! wrong hypothesis 8.4% and 11.5% of the time where opening pairs are mostly split (Black
//! winning 80% and 90% between equal engines; tests of 45 to 90 pairs) and 6.3% to 6.7%
//! for hypotheses 40 Elo apart (some 350 games); this ratio 4.3% to 5.8% in every case.

use serde::Serialize;

/// The hypotheses' Elo differences and the error rates.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// The hypothesis a test accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Verdict {
    H0,
    H1,
}

/// Parses `ELO0,ELO1` or `ELO0,ELO1,ALPHA,BETA` (alpha and beta 0.05 when left out).
pub fn parse(s: &str) -> Result<Sprt, String> {
    let numbers = s
        .split(',')
        .map(|t| {
            t.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(|| format!("'{}' is not a number", t.trim()))
        })
        .collect::<Result<Vec<f64>, String>>()?;
    let (elo0, elo1, alpha, beta) = match numbers[..] {
        [e0, e1] => (e0, e1, 0.05, 0.05),
        [e0, e1, a, b] => (e0, e1, a, b),
        _ => return Err(format!("'{s}' is not ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA")),
    };
    if elo0 >= elo1 {
        return Err(format!("ELO0 ({elo0}) must be below ELO1 ({elo1})"));
    }
    if ![elo0, elo1].iter().all(|e| e.abs() < 1000.0) {
        return Err("the Elo differences must be within ±1000".into());
    }
    if !(0.0 < alpha && alpha < 0.5 && 0.0 < beta && beta < 0.5) {
        return Err(format!(
            "alpha and beta must be above 0 and below 0.5, not {alpha} and {beta}"
        ));
    }
    Ok(Sprt {
        elo0,
        elo1,
        alpha,
        beta,
    })
}

/// How many units had each result: 0, 1/4, 1/2, 3/4, 1 (a game's points are 0, 1/2, 1).
#[derive(Clone, Copy, Debug, Default)]
pub struct Scores {
    counts: [f64; 5],
}

impl Scores {
    pub fn of(units: &[f64]) -> Scores {
        let mut s = Scores::default();
        for &u in units {
            s.push(u);
        }
        s
    }

    /// Counts a unit's result (rounded to a quarter).
    pub fn push(&mut self, unit: f64) {
        self.counts[(unit.clamp(0.0, 1.0) * 4.0).round() as usize] += 1.0;
    }

    /// How many units had each result, 0 to 1 by quarters.
    pub fn counts(&self) -> [usize; 5] {
        self.counts.map(|c| c as usize)
    }
}

/// The results a unit can have, in the order of `Scores::counts`.
const RESULTS: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// The score expected of a side `elo` stronger.
fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The chances of the results that make the counts most likely among those with mean `s`
/// (0 < s < 1; every count above 0): by a Lagrange multiplier l, f / (1 + l (x - s)) with f
/// the results' shares, l the root of the sum of f (x - s) / (1 + l (x - s)), which falls
/// as l grows on the interval where every denominator is positive: found by bisection.
fn most_likely(counts: &[f64; 5], s: f64) -> [f64; 5] {
    let total: f64 = counts.iter().sum();
    let share = counts.map(|c| c / total);
    let d = RESULTS.map(|x| x - s);
    let g = |l: f64| {
        (0..5)
            .map(|i| share[i] * d[i] / (1.0 + l * d[i]))
            .sum::<f64>()
    };
    let (mut lo, mut hi) = (-1.0 / (1.0 - s), 1.0 / s);
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        if g(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let l = 0.5 * (lo + hi);
    std::array::from_fn(|i| share[i] / (1.0 + l * d[i]))
}

impl Sprt {
    /// (lower, upper): H0 is accepted below `lower`, H1 above `upper`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 to H0 given the results: the sum over the results
    /// of count x ln(p1 / p0), where p0 and p1 are the most likely chances of the results
    /// under each hypothesis's mean. Every result is given a thousandth of a count first,
    /// so that none is impossible: the ratio is then finite from the first game, also when
    /// every game so far had one result (c-gomoku-cli's test waits for another result then,
    /// which against a far weaker engine never comes).
    pub fn llr(&self, scores: &Scores) -> f64 {
        if scores.counts.iter().sum::<f64>() < 1.0 {
            return 0.0;
        }
        let counts = scores.counts.map(|c| c.max(1e-3));
        let p0 = most_likely(&counts, expected_score(self.elo0));
        let p1 = most_likely(&counts, expected_score(self.elo1));
        (0..5).map(|i| counts[i] * (p1[i] / p0[i]).ln()).sum()
    }

    /// The hypothesis the ratio accepts, if it has left the bounds.
    pub fn verdict(&self, llr: f64) -> Option<Verdict> {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Verdict::H1)
        } else if llr <= lower {
            Some(Verdict::H0)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SplitMix64, for simulated matches that repeat.
    struct Random(u64);

    impl Random {
        fn unit(&mut self) -> f64 {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
        }
    }

    /// Runs `runs` simulated tests whose units come from `unit` until a verdict (or 100,000
    /// units): the share that accepted H1, and the mean number of units.
    fn simulate(sprt: &Sprt, runs: usize, unit: impl FnMut() -> f64) -> (f64, f64) {
        simulate_by(sprt, Sprt::llr, runs, unit)
    }

    /// `simulate` with the ratio `llr`.
    fn simulate_by(
        sprt: &Sprt,
        llr: impl Fn(&Sprt, &Scores) -> f64,
        runs: usize,
        mut unit: impl FnMut() -> f64,
    ) -> (f64, f64) {
        let (mut h1, mut units) = (0, 0);
        for _ in 0..runs {
            let mut scores = Scores::default();
            for _ in 0..100_000 {
                scores.push(unit());
                units += 1;
                match sprt.verdict(llr(sprt, &scores)) {
                    Some(Verdict::H1) => {
                        h1 += 1;
                        break;
                    }
                    Some(Verdict::H0) => break,
                    None => {}
                }
            }
        }
        (h1 as f64 / runs as f64, units as f64 / runs as f64)
    }

    /// A game between engines `elo` apart, 10% of games drawn: the first engine's points.
    fn game(random: &mut Random, elo: f64) -> f64 {
        let win = expected_score(elo) - 0.05;
        let r = random.unit();
        if r < win {
            1.0
        } else if r < win + 0.1 {
            0.5
        } else {
            0.0
        }
    }

    /// The test keeps its promise: simulated matches between engines exactly ELO0 apart
    /// accept H1 about alpha of the time (less by the ratio's overshoot of its bound), and
    /// matches ELO1 apart accept H0 about beta of the time; a far stronger engine is found so
    /// nearly always. Fails with the bounds swapped, the ratio's sign wrong, the hypotheses'
    /// scores wrong, and with the normal approximation (6.3% and 7% here).
    #[test]
    fn the_error_rates_are_the_ones_asked_for() {
        let sprt = parse("0,40").unwrap();
        assert_eq!((sprt.alpha, sprt.beta), (0.05, 0.05));
        let runs = 2000;
        // The share's standard error over 2000 runs is about 0.005.
        let mut random = Random(1);
        let (at_elo0, _) = simulate(&sprt, runs, || game(&mut random, 0.0));
        assert!(
            (0.035..=0.06).contains(&at_elo0),
            "H1 taken at ELO0: {at_elo0}"
        );
        let (at_elo1, _) = simulate(&sprt, runs, || game(&mut random, 40.0));
        assert!(
            (0.94..=0.965).contains(&at_elo1),
            "H1 taken at ELO1: {at_elo1}"
        );
        let (far, _) = simulate(&sprt, 200, || game(&mut random, 150.0));
        assert!(far >= 0.99, "H1 taken at +150: {far}");
    }

    /// An opening pair's mean for the first engine, `elo` stronger, on openings Black wins
    /// `black` of the time between equal engines: its share of the odds moved by `elo`.
    fn pair(random: &mut Random, elo: f64, black: f64) -> f64 {
        let shift = expected_score(elo) - 0.5;
        let as_black = f64::from(random.unit() < black + shift);
        let as_white = f64::from(random.unit() < 1.0 - black + shift);
        (as_black + as_white) / 2.0
    }

    /// The normal approximation to the ratio that c-gomoku-cli takes, for comparison: N (s1
    /// - s0) (2 mean - s0 - s1) / (2 variance); 0 while the units have no spread.
    fn approximate_llr(sprt: &Sprt, scores: &Scores) -> f64 {
        let n: f64 = scores.counts.iter().sum();
        let moment = |k: i32| {
            (0..5)
                .map(|i| scores.counts[i] * RESULTS[i].powi(k))
                .sum::<f64>()
                / n
        };
        let (mean, variance) = (moment(1), moment(2) - moment(1).powi(2));
        if n < 1.0 || variance < 1e-9 {
            return 0.0;
        }
        let (s0, s1) = (expected_score(sprt.elo0), expected_score(sprt.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    /// The figures of `docs/BENCHMARKS.md` (session 64): `cargo test --release -p
    /// alphabeta-cli --bin alphabeta sprt_error_table -- --ignored --nocapture`. For each
    /// model and hypotheses, simulated engines exactly ELO0 and exactly ELO1 apart: the
    /// share of tests that took the wrong hypothesis and the mean length in units, by this
    /// ratio and by the normal approximation, 2000 tests each.
    #[test]
    #[ignore]
    fn sprt_error_table() {
        let mut random = Random(2026);
        println!("model | ELO0,ELO1 | ratio | H1 at ELO0 | units | H0 at ELO1 | units");
        for (model, test, black) in [
            ("games, 10% drawn", "0,10", None),
            ("games, 10% drawn", "0,40", None),
            ("pairs, Black wins 70%", "0,50", Some(0.7)),
            ("pairs, Black wins 80%", "0,50", Some(0.8)),
            ("pairs, Black wins 90%", "0,50", Some(0.9)),
        ] {
            let sprt = parse(test).unwrap();
            for (ratio, llr) in [
                ("exact", Sprt::llr as fn(&Sprt, &Scores) -> f64),
                ("approximation", approximate_llr),
            ] {
                let mut run = |elo: f64| {
                    simulate_by(&sprt, llr, 2000, || match black {
                        Some(b) => pair(&mut random, elo, b),
                        None => game(&mut random, elo),
                    })
                };
                let (h1_at_0, n0) = run(sprt.elo0);
                let (h1_at_1, n1) = run(sprt.elo1);
                println!(
                    "{model} | {test} | {ratio} | {:.1}% | {n0:.0} | {:.1}% | {n1:.0}",
                    100.0 * h1_at_0,
                    100.0 * (1.0 - h1_at_1)
                );
            }
        }
    }

    /// Pairs of games on openings that favour one colour (Black wins 80% between equal
    /// engines), counted as pairs: the error rates hold (the normal approximation took H0
    /// at ELO1 9% of the time here, its variance from a few mostly split pairs), and
    /// the test ends sooner than when the same games are counted one by one, whose spread
    /// is mostly the openings'.
    #[test]
    fn pairs_leave_the_openings_bias_out() {
        let sprt = parse("0,50,0.05,0.05").unwrap();
        let mut random = Random(7);
        let runs = 2000;
        let (at_elo0, pairs) = simulate(&sprt, runs, || pair(&mut random, 0.0, 0.8));
        assert!((0.03..=0.065).contains(&at_elo0), "H1 at ELO0: {at_elo0}");
        let (at_elo1, _) = simulate(&sprt, runs, || pair(&mut random, 50.0, 0.8));
        assert!((0.935..=0.97).contains(&at_elo1), "H1 at ELO1: {at_elo1}");
        // The same games one by one: Black's, then White's.
        let mut pending = None;
        let (_, games) = simulate(&sprt, runs, || match pending.take() {
            Some(w) => w,
            None => {
                let black = f64::from(random.unit() < 0.8);
                pending = Some(f64::from(random.unit() < 0.2));
                black
            }
        });
        assert!(
            2.0 * pairs < 0.8 * games,
            "{pairs} pairs against {games} games"
        );
    }

    /// The log-likelihood of `wins`, `draws` and `losses` under the most likely chances with
    /// mean `s`, by a plain search over the chance of a win (the draws' then fixed by the
    /// mean, the losses' by the sum): a computation of its own for three results.
    fn best_log_likelihood(wins: f64, draws: f64, losses: f64, s: f64) -> f64 {
        let (from, to) = ((2.0 * s - 1.0).max(0.0), s);
        let steps = 1_000_000;
        (1..steps)
            .map(|k| {
                let win = from + (to - from) * k as f64 / steps as f64;
                let draw = 2.0 * (s - win);
                wins * win.ln() + draws * draw.ln() + losses * (1.0 - win - draw).ln()
            })
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// The ratio against a search of its own: 60 wins, 30 losses and 10 draws, H0 0 against
    /// H1 10 (s1 = 1 / (1 + 10^(-1/40)) = 0.514387), within the thousandths of a count the
    /// code adds (the normal approximation says 1.0146). The bounds at 5% and 5% are ±ln
    /// 19 = ±2.9444. Every game won: each a factor of about s1 / 0.5 = 1.028774 (ln
    /// 0.028368): H1 after 104 games (2.950), not 103 (2.922); every game lost: a factor of
    /// about (1 - s1) / 0.5.
    #[test]
    fn the_ratio_and_the_bounds_by_hand() {
        let sprt = parse(" 0 , 10 ").unwrap();
        let mut units = vec![1.0; 60];
        units.extend([0.0; 30]);
        units.extend([0.5; 10]);
        let llr = sprt.llr(&Scores::of(&units));
        let s1 = 1.0 / (1.0 + 10f64.powf(-1.0 / 40.0));
        let searched =
            best_log_likelihood(60.0, 10.0, 30.0, s1) - best_log_likelihood(60.0, 10.0, 30.0, 0.5);
        assert!((llr - searched).abs() < 0.003, "{llr} against {searched}");
        assert!((llr - 1.0146).abs() > 0.05, "{llr}");
        assert_eq!(sprt.verdict(llr), None);
        let (lower, upper) = sprt.bounds();
        assert!((upper - 2.9444).abs() < 0.0001 && (lower + 2.9444).abs() < 0.0001);
        assert_eq!(sprt.verdict(2.95), Some(Verdict::H1));
        assert_eq!(sprt.verdict(-2.95), Some(Verdict::H0));
        let won = |n| sprt.verdict(sprt.llr(&Scores::of(&vec![1.0; n])));
        assert_eq!((won(103), won(104)), (None, Some(Verdict::H1)));
        let lost = sprt.llr(&Scores::of(&[0.0; 10]));
        let expected = 10.0 * ((1.0 - s1) / 0.5).ln();
        assert!((lost - expected).abs() < 1e-3, "{lost} against {expected}");
    }

    /// The chances found are the most likely with the mean asked for: they sum to 1, have
    /// that mean, and no small step that keeps both makes the counts likelier.
    #[test]
    fn the_most_likely_chances_are_the_most_likely() {
        let mut random = Random(3);
        for _ in 0..200 {
            let counts: [f64; 5] = std::array::from_fn(|_| 0.001 + 20.0 * random.unit());
            let s = 0.05 + 0.9 * random.unit();
            let p = most_likely(&counts, s);
            let mean: f64 = (0..5).map(|i| p[i] * RESULTS[i]).sum();
            assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9 && (mean - s).abs() < 1e-9);
            let log_likelihood = |q: &[f64; 5]| (0..5).map(|i| counts[i] * q[i].ln()).sum::<f64>();
            for _ in 0..50 {
                // A random step, its parts along 1 and along the results taken out.
                let mut v: [f64; 5] = std::array::from_fn(|_| random.unit() - 0.5);
                let ones = [1.0; 5];
                let centred = RESULTS.map(|x| x - 0.5);
                for base in [ones, centred] {
                    let along = (0..5).map(|i| v[i] * base[i]).sum::<f64>()
                        / base.iter().map(|b| b * b).sum::<f64>();
                    v = std::array::from_fn(|i| v[i] - along * base[i]);
                }
                let t = 1e-4 * p.iter().cloned().fold(1.0, f64::min);
                let q: [f64; 5] = std::array::from_fn(|i| p[i] + t * v[i]);
                assert!(log_likelihood(&q) <= log_likelihood(&p) + 1e-12);
            }
        }
    }

    #[test]
    fn bad_parameters_are_refused_with_what_is_wrong() {
        for (bad, says) in [
            ("10,0", "below"),
            ("0", "ELO0,ELO1"),
            ("0,5,0.05", "ELO0,ELO1"),
            ("0,x", "'x' is not a number"),
            ("0,5,0,0.05", "alpha and beta"),
            ("0,5,0.05,0.7", "alpha and beta"),
            ("0,inf", "not a number"),
            ("0,5000", "±1000"),
        ] {
            let e = parse(bad).unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }
}
