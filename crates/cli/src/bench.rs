//! `alphabeta bench`: every algorithm of the engine on the same pseudo-random game, with the
//! node counts, the speed and the effective branching factor side by side.

use std::io::IsTerminal;

use alphabeta::testing::{RandomEval, RandomGame};
use alphabeta::{
    alphabeta, minimax, negamax, pvs, CutRule, FailMode, NoObserver, Pruning, Search,
    SearchOptions, SearchReport, Window,
};
use anyhow::{ensure, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Depth of the alpha-beta searches (minimax goes two plies less, the driver also two more).
    #[arg(long, default_value_t = 7)]
    depth: u32,
    /// Cells of the benchmark game (its branching factor is about twice this).
    #[arg(long, default_value_t = 14)]
    cells: u32,
    /// Seed of the benchmark game.
    #[arg(long, default_value_t = 2024)]
    seed: u64,
    /// Print the results as JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Row {
    algorithm: String,
    depth: u32,
    score: i32,
    nodes: u64,
    leaves: u64,
    cutoffs: u64,
    tt_hits: u64,
    millis: f64,
    nodes_per_second: u64,
    effective_branching_factor: f64,
}

impl Row {
    fn new(algorithm: &str, r: &SearchReport<u8>, millis: f64) -> Row {
        Row {
            algorithm: algorithm.to_string(),
            depth: r.depth,
            score: r.score.0,
            nodes: r.stats.nodes,
            leaves: r.stats.leaves,
            cutoffs: r.stats.cutoffs,
            tt_hits: r.stats.tt_hits,
            millis,
            nodes_per_second: (r.stats.nodes as f64 / (millis / 1000.0).max(1e-9)) as u64,
            effective_branching_factor: r.effective_branching_factor(),
        }
    }
}

type Task = (
    &'static str,
    Box<dyn Fn(&mut RandomGame) -> SearchReport<u8>>,
);

pub fn run(args: &BenchArgs) -> Result<()> {
    ensure!(
        (2..=30).contains(&args.cells),
        "--cells must be between 2 and 30, not {}",
        args.cells
    );
    ensure!(
        (2..=20).contains(&args.depth),
        "--depth must be between 2 and 20, not {}",
        args.depth
    );
    let d = args.depth;
    let soft = Pruning::default();
    let hard = Pruning {
        cut: CutRule::Inclusive,
        fail: FailMode::Hard,
    };
    let driver = move |depth: u32, threads: usize| {
        move |g: &mut RandomGame| {
            let opts = SearchOptions {
                tt_megabytes: 64,
                ..SearchOptions::depth(depth).with_threads(threads)
            };
            Search::new(opts).run(g, &RandomEval)
        }
    };
    let tasks: Vec<Task> = vec![
        (
            "minimax",
            Box::new(move |g| minimax(g, &RandomEval, d - 2, &mut NoObserver)),
        ),
        (
            "alphabeta (max/min, fail-hard)",
            Box::new(move |g| alphabeta(g, &RandomEval, d, Window::FULL, hard, &mut NoObserver)),
        ),
        (
            "alphabeta (max/min, fail-soft)",
            Box::new(move |g| alphabeta(g, &RandomEval, d, Window::FULL, soft, &mut NoObserver)),
        ),
        (
            "negamax (fail-soft)",
            Box::new(move |g| negamax(g, &RandomEval, d, Window::FULL, soft, &mut NoObserver)),
        ),
        (
            "pvs",
            Box::new(move |g| pvs(g, &RandomEval, d, Window::FULL, &mut NoObserver)),
        ),
        ("search (ID, TT, killers), 1 thread", Box::new(driver(d, 1))),
        ("search, 1 thread, 2 plies deeper", Box::new(driver(d + 2, 1))),
        ("search, 2 threads, 2 plies deeper", Box::new(driver(d + 2, 2))),
    ];

    let bar = if std::io::stderr().is_terminal() && !args.json {
        ProgressBar::new(tasks.len() as u64)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(ProgressStyle::with_template("{bar:30} {pos}/{len} {msg}")?);
    let mut rows = Vec::new();
    for (name, task) in &tasks {
        bar.set_message(*name);
        let mut game = RandomGame::new(args.cells, args.seed).with_loss_rate(0);
        // The search's own clock: setting up (allocating the table) is not searching.
        let report = task(&mut game);
        let millis = report.stats.time.as_secs_f64() * 1000.0;
        rows.push(Row::new(name, &report, millis));
        bar.inc(1);
    }
    bar.finish_and_clear();

    if args.json {
        println!("{}", serde_json::to_string_pretty(&rows)?);
        return Ok(());
    }
    println!(
        "game: RandomGame, {} cells, seed {} (about {} moves a node)",
        args.cells,
        args.seed,
        2 * args.cells
    );
    println!(
        "{:<36} {:>5} {:>6} {:>12} {:>12} {:>10} {:>10} {:>9} {:>6}",
        "algorithm", "depth", "score", "nodes", "leaves", "tt hits", "ms", "Mnodes/s", "EBF"
    );
    for r in &rows {
        println!(
            "{:<36} {:>5} {:>6} {:>12} {:>12} {:>10} {:>10.1} {:>9.2} {:>6.2}",
            r.algorithm,
            r.depth,
            r.score,
            r.nodes,
            r.leaves,
            r.tt_hits,
            r.millis,
            r.nodes_per_second as f64 / 1e6,
            r.effective_branching_factor
        );
    }
    Ok(())
}
