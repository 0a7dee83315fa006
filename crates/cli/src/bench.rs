//! `alphabeta bench`: every algorithm of the engine on the same pseudo-random game, with the
//! node counts, the speed and the effective branching factor side by side; then the
//! refinements added one at a time on Connect Four ([`refinements`]); then the explainer on a
//! large tree.

use std::io::IsTerminal;

use alphabeta::testing::{RandomEval, RandomGame};
use alphabeta::{
    alphabeta, minimax, negamax, pvs, CutRule, FailMode, NoObserver, Pruning, Search,
    SearchOptions, SearchReport, Window,
};
use std::time::Instant;

use crate::refinements::{self, Step, ORDERS};

use anyhow::{ensure, Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Depth of the alpha-beta searches (minimax goes two plies less, the driver also two more).
    #[arg(long, default_value_t = 7, allow_negative_numbers = true)]
    depth: u32,
    /// Cells of the benchmark game (its branching factor is about twice this).
    #[arg(long, default_value_t = 14, allow_negative_numbers = true)]
    cells: u32,
    /// Seed of the benchmark game.
    #[arg(long, default_value_t = 2024, allow_negative_numbers = true)]
    seed: u64,
    /// Depth of the Connect Four searches that add the refinements one at a time.
    #[arg(long, default_value_t = 12, allow_negative_numbers = true)]
    connect4_depth: u32,
    /// Leaves of the explicit tree for the explainer benchmark.
    #[arg(long, default_value_t = 1_000_000, allow_negative_numbers = true)]
    tree_leaves: usize,
    /// Also write the benchmark tree to this file (to time `alphabeta tree -f FILE`).
    #[arg(long)]
    save_tree: Option<std::path::PathBuf>,
    /// Print the results as JSON.
    #[arg(long)]
    json: bool,
}

/// The explainer benchmark's tree: branching 10 (the last level takes what is left), leaf
/// values from a fixed pseudo-random sequence in -99..=99.
pub fn benchmark_tree(leaves: usize, seed: u64) -> String {
    fn build(out: &mut String, leaves: usize, state: &mut u64) {
        if leaves <= 1 {
            *state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let v = ((*state >> 33) % 199) as i64 - 99;
            out.push_str(&v.to_string());
            return;
        }
        let kids = leaves.min(10);
        out.push('[');
        for i in 0..kids {
            if i > 0 {
                out.push(',');
            }
            let share = leaves / kids + usize::from(i < leaves % kids);
            build(out, share, state);
        }
        out.push(']');
    }
    let mut out = String::with_capacity(leaves * 4);
    let mut state = seed;
    build(&mut out, leaves.max(1), &mut state);
    out
}

#[derive(Serialize)]
struct TreeRow {
    leaves: usize,
    nodes: usize,
    bytes: usize,
    parse_ms: f64,
    explain_ms: f64,
    json_ms: f64,
    leaves_opened: usize,
    minimum: Option<u64>,
}

fn tree_bench(args: &BenchArgs) -> Result<TreeRow> {
    let text = benchmark_tree(args.tree_leaves, args.seed);
    if let Some(path) = &args.save_tree {
        std::fs::write(path, &text)
            .with_context(|| format!("cannot write the tree to {}", path.display()))?;
    }
    let start = Instant::now();
    let tree = alphabeta_tree::parse(&text)?;
    let parse_ms = start.elapsed().as_secs_f64() * 1000.0;
    let start = Instant::now();
    let e = alphabeta_tree::explain(&tree, alphabeta_tree::Settings::default(), false)?;
    let explain_ms = start.elapsed().as_secs_f64() * 1000.0;
    let start = Instant::now();
    let json = serde_json::to_string(&e.json_report())?;
    let json_ms = start.elapsed().as_secs_f64() * 1000.0;
    std::hint::black_box(json);
    Ok(TreeRow {
        leaves: tree.leaves.len(),
        nodes: tree.nodes.len(),
        bytes: text.len(),
        parse_ms,
        explain_ms,
        json_ms,
        leaves_opened: e.run.opened.len(),
        minimum: e.minimum.map(|m| m.leaves),
    })
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
    ensure!(
        (1..=14).contains(&args.connect4_depth),
        "--connect4-depth must be between 1 and 14, not {}",
        args.connect4_depth
    );
    // The explainer holds the whole tree (about 400 bytes a leaf with its report): past this
    // it would run out of memory rather than measure anything.
    ensure!(
        (1..=10_000_000).contains(&args.tree_leaves),
        "--tree-leaves must be between 1 and 10000000, not {}",
        args.tree_leaves
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
        (
            "search, 1 thread, 2 plies deeper",
            Box::new(driver(d + 2, 1)),
        ),
        (
            "search, 2 threads, 2 plies deeper",
            Box::new(driver(d + 2, 2)),
        ),
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
    bar.set_message("the refinements on Connect Four");
    let ladder = refinements::ladder(args.connect4_depth);
    let values = &ladder[0].runs[0].values;
    ensure!(
        ladder
            .iter()
            .flat_map(|step| &step.runs)
            .all(|run| &run.values == values),
        "the refinements disagree on a value (a bug): {ladder:?}"
    );
    bar.set_message("tree explainer");
    let tree = tree_bench(args)?;
    bar.finish_and_clear();

    if args.json {
        let out = serde_json::json!({
            "engine": rows,
            "refinements": {
                "game": "connect4",
                "depth": args.connect4_depth,
                "positions": refinements::POSITIONS,
                "steps": ladder,
            },
            "tree": tree,
        });
        println!("{}", serde_json::to_string_pretty(&out)?);
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
    println!();
    print_ladder(&ladder, args.connect4_depth);
    println!();
    println!(
        "tree explainer: {} leaves, {} nodes, {} bytes of text",
        tree.leaves, tree.nodes, tree.bytes
    );
    println!(
        "  parse {:.1} ms, explain (alpha-beta and minimum) {:.1} ms, JSON {:.1} ms; {} leaves opened, minimum {}",
        tree.parse_ms,
        tree.explain_ms,
        tree.json_ms,
        tree.leaves_opened,
        tree.minimum.map_or("none".into(), |m| m.to_string())
    );
    Ok(())
}

/// The refinements table: a row a refinement, a column an order of the moves.
fn print_ladder(ladder: &[Step], depth: u32) {
    let discs = refinements::POSITIONS.map(str::len);
    println!(
        "the refinements one at a time: Connect Four, {} positions of {} to {} discs, {depth} plies",
        discs.len(),
        discs.iter().min().unwrap_or(&0),
        discs.iter().max().unwrap_or(&0),
    );
    let values: Vec<String> = ladder[0].runs[0]
        .values
        .iter()
        .map(i32::to_string)
        .collect();
    println!(
        "(every search finds the same values, {}: winning cells, the side to move's minus the opponent's)",
        values.join(" ")
    );
    print!("{:<30}", "nodes (ms) with the moves tried");
    for (name, _) in ORDERS {
        print!(" {name:>22}");
    }
    println!();
    for step in ladder {
        print!("{:<30}", step.refinement);
        for run in &step.runs {
            print!(" {:>22}", format!("{} ({:.1})", run.nodes, run.millis));
        }
        println!();
    }
}
