//! `alphabeta gomoku compare BEFORE AFTER`: one brain's games in two matches' reports
//! (`gomoku match --json`), paired by opponent and opening. A node-capped match repeats
//! move for move, so a baseline's games played once pair with any later build's games
//! against the same opponents on the same openings: a screen of a change plays only the
//! new build's half.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use clap::Args;
use serde::Serialize;
use serde_json::Value;

use super::score::{mean_and_error, pair_up, ByOpening};

#[derive(Args, Debug)]
pub struct CompareArgs {
    /// The report of the match before the change (`gomoku match ... --json > FILE`).
    before: PathBuf,
    /// The report of the match after it, against the same opponents on the same openings.
    after: PathBuf,
    /// The brain to compare, by its name in the reports: once if both name it alike, once
    /// for each (BEFORE's first). Left out, the one brain of each report that the other
    /// report does not name.
    #[arg(long, value_name = "NAME")]
    brain: Vec<String>,
    /// The comparison as JSON.
    #[arg(long)]
    json: bool,
}

/// One game as a report gives it.
struct Game {
    black: String,
    white: String,
    /// `black`, `white` or `draw`.
    result: String,
    opening: u64,
    symmetry: u64,
}

/// A report's brains and games.
struct Report {
    engines: Vec<String>,
    games: Vec<Game>,
}

/// What a pair of games on one opening is known by across two reports: the opponent, the
/// opening's number and the symmetry it was played under.
type Key = (String, u64, u64);

/// One side of the comparison.
#[derive(Serialize)]
struct Side {
    file: String,
    brain: String,
    /// Its points and games on the openings paired.
    points: f64,
    games: usize,
}

#[derive(Serialize)]
struct Comparison {
    before: Side,
    after: Side,
    /// The openings (each played twice, the colours swapped) both reports finished.
    openings: usize,
    /// The mean over those openings of the brain's share of their two games after, less
    /// before (0.045: 4.5 points ahead).
    difference: f64,
    /// Its standard error (none with fewer than two openings).
    standard_error: Option<f64>,
    /// The openings left out: played in one report only, or not twice against one
    /// opponent (a game of the pair unfinished, or the opening played again under the same
    /// symmetry).
    unpaired: usize,
}

pub fn run(a: &CompareArgs) -> Result<()> {
    let before = read(&a.before)?;
    let after = read(&a.after)?;
    let (brain_before, brain_after) = match a.brain.as_slice() {
        [] => (
            only_in(&before, &after, &a.before)?,
            only_in(&after, &before, &a.after)?,
        ),
        [one] => (one.clone(), one.clone()),
        [b, c] => (b.clone(), c.clone()),
        more => anyhow::bail!(
            "{} --brain: give one for both reports or one for each",
            more.len()
        ),
    };
    for (report, brain, path) in [
        (&before, &brain_before, &a.before),
        (&after, &brain_after, &a.after),
    ] {
        anyhow::ensure!(
            report.engines.contains(brain),
            "{} has no brain named '{brain}' (its brains: {})",
            path.display(),
            report.engines.join(", ")
        );
    }
    let b = by_opening(&before, &brain_before);
    let c = by_opening(&after, &brain_after);
    let paired = pair_up(&b, &c);
    anyhow::ensure!(
        !paired.is_empty(),
        "no opening has both its games in both reports against the same opponent: \
         nothing to pair"
    );
    let shares: Vec<f64> = paired
        .iter()
        .map(|&(_, before, after)| (after - before) / 2.0)
        .collect();
    let (difference, standard_error) = mean_and_error(&shares);
    let side = |path: &Path, brain: String, points: f64| Side {
        file: path.display().to_string(),
        brain,
        points,
        games: 2 * paired.len(),
    };
    let result = Comparison {
        before: side(&a.before, brain_before, paired.iter().map(|p| p.1).sum()),
        after: side(&a.after, brain_after, paired.iter().map(|p| p.2).sum()),
        openings: paired.len(),
        difference,
        standard_error,
        unpaired: b.keys().chain(c.keys()).collect::<BTreeSet<_>>().len() - paired.len(),
    };
    if a.json {
        println!("{}", serde_json::to_string_pretty(&result)?);
        return Ok(());
    }
    let error = standard_error.map_or(String::new(), |e| format!(" ± {:.1}", 100.0 * e));
    let (x, y) = (&result.after, &result.before);
    println!(
        "{} ({}) - {} ({}): {:+.1}{error} points over {} openings, paired by opponent and \
         opening",
        x.brain,
        x.file,
        y.brain,
        y.file,
        100.0 * difference,
        result.openings
    );
    println!(
        "  {} of {} points after, {} of {} before",
        x.points, x.games, y.points, y.games
    );
    if result.unpaired > 0 {
        println!(
            "  {} openings left out: played in one report only, or not twice against one \
             opponent",
            result.unpaired
        );
    }
    Ok(())
}

/// The one brain of `report` that `other` does not name.
fn only_in(report: &Report, other: &Report, path: &Path) -> Result<String> {
    let theirs: BTreeSet<&String> = other.engines.iter().collect();
    let mine: Vec<&String> = report
        .engines
        .iter()
        .filter(|e| !theirs.contains(e))
        .collect();
    match mine.as_slice() {
        [one] => Ok((*one).clone()),
        _ => anyhow::bail!(
            "{}: name the brain to compare with --brain (its brains: {})",
            path.display(),
            report.engines.join(", ")
        ),
    }
}

/// `brain`'s games and points in each opening of `report`, by opponent and symmetry.
fn by_opening(report: &Report, brain: &str) -> ByOpening<Key> {
    let mut pairs = ByOpening::new();
    for g in &report.games {
        let (opponent, black) = if g.black == brain {
            (&g.white, true)
        } else if g.white == brain {
            (&g.black, false)
        } else {
            continue;
        };
        let points = match (g.result.as_str(), black) {
            ("draw", _) => 0.5,
            ("black", true) | ("white", false) => 1.0,
            _ => 0.0,
        };
        let pair = pairs
            .entry((opponent.clone(), g.opening, g.symmetry))
            .or_default();
        pair.0 += 1;
        pair.1 += points;
    }
    pairs
}

/// A `gomoku match --json` report (a match of two brains or a tournament), read for its
/// brains and games; what it lacks is named with the file and the game.
fn read(path: &Path) -> Result<Report> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let json: Value = serde_json::from_str(&text).with_context(|| {
        format!(
            "{} is not JSON (a `gomoku match --json` report)",
            path.display()
        )
    })?;
    let not_a_report = || {
        anyhow::anyhow!(
            "{} is not a `gomoku match --json` report: no engines and games",
            path.display()
        )
    };
    let engines = json["engines"]
        .as_array()
        .ok_or_else(not_a_report)?
        .iter()
        .map(|e| e.as_str().map(String::from).ok_or_else(not_a_report))
        .collect::<Result<Vec<_>>>()?;
    let games = json["games"].as_array().ok_or_else(not_a_report)?;
    let games = games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let text = |field: &str| {
                g[field]
                    .as_str()
                    .map(String::from)
                    .with_context(|| format!("{}, game {}: no '{field}'", path.display(), i + 1))
            };
            Ok(Game {
                black: text("black")?,
                white: text("white")?,
                result: text("result")?,
                opening: g["opening"].as_u64().with_context(|| {
                    format!(
                        "{}, game {}: no opening (a match with --openings pairs by them)",
                        path.display(),
                        i + 1
                    )
                })?,
                symmetry: g["symmetry"].as_u64().unwrap_or(0),
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Report { engines, games })
}
