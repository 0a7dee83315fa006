//! `alphabeta`: the command-line face of the alphabeta game-tree search engine.

mod bench;
mod connect4_cmd;
mod gomoku_cmd;
mod gomoku_match;
mod gomoku_puzzle;
mod gomoku_review;
mod gomoku_tree;
mod refinements;
mod serve_cmd;
mod sprt;
mod terminal;
mod tictactoe_cmd;
mod tree_cmd;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Game-tree search: minimax and alpha-beta pruning, shown clearly and done right.
#[derive(Parser, Debug)]
#[command(name = "alphabeta", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Serve the web page: Gomoku against the engine, the tree explainer, tic-tac-toe and
    /// Connect Four.
    Serve(serve_cmd::ServeArgs),
    /// Explain minimax and alpha-beta on an explicit tree: value, leaves opened, cuts, windows,
    /// the fewest leaves that fix the value; as text, JSON, DOT or SVG.
    Tree(tree_cmd::TreeArgs),
    /// Tic-tac-toe: play against perfect play or the material's look-ahead, analyse a
    /// position, solve the game, write the look-ahead as a tree to explain.
    #[command(subcommand)]
    Tictactoe(tictactoe_cmd::TicTacToeCommand),
    /// Connect Four: solve positions exactly, run the benchmark sets, play the solver.
    #[command(subcommand)]
    Connect4(connect4_cmd::Connect4Command),
    /// Gomoku (five in a row): analyse, find a VCF, review, play in the terminal, benchmark,
    /// run matches between brains.
    #[command(subcommand)]
    Gomoku(gomoku_cmd::GomokuCommand),
    /// Run the engine benchmark suite: every algorithm, the refinements one at a time on Connect Four, the explainer on a large tree.
    Bench(bench::BenchArgs),
}

/// The plural ending of a noun counted `n` times: "1 node", "2 nodes".
fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// Parses a number of seconds (`--time`, `--max-think`): finite, above 0 and at most a day,
/// so that it always makes a `Duration` and a typo cannot ask for a search of centuries.
fn seconds(s: &str) -> Result<f64, String> {
    let v: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("'{s}' is not a number of seconds"))?;
    if v.is_finite() && v > 0.0 && v <= 86_400.0 {
        Ok(v)
    } else {
        Err(format!(
            "seconds must be above 0 and at most 86400, not {s}"
        ))
    }
}

fn main() -> ExitCode {
    end_quietly_on_a_closed_pipe();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Serve(args) => serve_cmd::run(&args),
        Command::Tree(args) => tree_cmd::run(&args),
        Command::Tictactoe(cmd) => tictactoe_cmd::run(&cmd),
        Command::Connect4(cmd) => connect4_cmd::run(&cmd),
        Command::Gomoku(cmd) => gomoku_cmd::run(&cmd),
        Command::Bench(args) => bench::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_closed_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// A reader that stops early (`alphabeta tree ... | head`) closes the pipe, and the next
/// `println!` panics ("failed printing to stdout: Broken pipe"). The output was not wanted
/// any more: end at once and quietly, as Unix tools do, instead of printing a panic.
fn end_quietly_on_a_closed_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or_default();
        if message.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}

/// Did the command fail only because its reader closed the pipe?
fn is_closed_pipe(e: &anyhow::Error) -> bool {
    let broken = Some(std::io::ErrorKind::BrokenPipe);
    e.chain().any(|cause| {
        cause.downcast_ref::<std::io::Error>().map(|io| io.kind()) == broken
            || cause
                .downcast_ref::<serde_json::Error>()
                .and_then(|j| j.io_error_kind())
                == broken
    })
}
