//! `pbrain-alphabeta`: the Gomoku brain for the Gomocup (piskvork) protocol, on stdin/stdout.

fn main() {
    let input = std::io::BufReader::new(std::io::stdin());
    alphabeta_cli::pbrain::run(input, std::io::stdout().lock());
}
