//! `alphabeta`: the command-line face of the alphabeta game-tree search engine.

mod bench;
mod connect4_cmd;
mod gomoku_cmd;
mod serve_cmd;
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
    /// Serve the web page: play Gomoku against the engine, watch alpha-beta explain a tree.
    Serve(serve_cmd::ServeArgs),
    /// Explain minimax and alpha-beta on an explicit tree: value, leaves opened, cuts, windows,
    /// the fewest leaves that fix the value; as text, JSON, DOT or SVG.
    Tree(tree_cmd::TreeArgs),
    /// Tic-tac-toe: play against perfect play, analyse a position, solve the game.
    #[command(subcommand)]
    Tictactoe(tictactoe_cmd::TicTacToeCommand),
    /// Connect Four: solve positions exactly, run the benchmark sets, play the solver.
    #[command(subcommand)]
    Connect4(connect4_cmd::Connect4Command),
    /// Gomoku (five in a row): analyse, find a VCF, play in the terminal, benchmark.
    #[command(subcommand)]
    Gomoku(gomoku_cmd::GomokuCommand),
    /// Run the engine benchmark suite and print its figures.
    Bench(bench::BenchArgs),
}

fn main() -> ExitCode {
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
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
