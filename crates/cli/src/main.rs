//! `alphabeta`: the command-line face of the alphabeta game-tree search engine.

mod bench;

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
    /// Run the engine benchmark suite and print its figures.
    Bench(bench::BenchArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Bench(args) => bench::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
