//! `pbrain-alphabeta`: the Gomoku brain for the Gomocup (piskvork) protocol, on stdin/stdout.

use alphabeta_gomoku::Level;
use clap::Parser;

/// The Gomoku brain for the Gomocup (piskvork) protocol: a manager or a GUI starts it and
/// talks to it on standard input and output (`START 15`, `BEGIN`, `TURN 7,7`, ..., `END`).
#[derive(Parser)]
#[command(name = "pbrain-alphabeta", version)]
struct Args {
    /// Play weaker, for games against people: level 1 (a beginner's opponent) to 5, each
    /// searching four times the nodes of the one below and choosing among its best few
    /// moves by chance; full strength when left out.
    #[arg(long, allow_negative_numbers = true)]
    level: Option<Level>,
}

fn main() {
    let args = Args::parse();
    let input = std::io::BufReader::new(std::io::stdin());
    alphabeta_cli::pbrain::run(input, std::io::stdout().lock(), args.level);
}
