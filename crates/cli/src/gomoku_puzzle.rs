//! `alphabeta gomoku puzzle`: a position where the side to move wins by fours (or by threats),
//! solved in the terminal a move at a time (each a four or a three, the other side's answer
//! played for it), or printed with a solution.

use alphabeta_gomoku::{judge, lengths, Board, Color, Judgement, Kind, Puzzle};
use anyhow::Result;
use clap::Args;
use serde::Serialize;

use crate::gomoku_cmd::{rule_of, RuleArg};

#[derive(Args, Debug)]
pub struct PuzzleArgs {
    /// Board size (5 to 22).
    #[arg(long, default_value_t = 15, allow_negative_numbers = true)]
    size: u32,
    /// Which lines win (puzzles come in freestyle, standard and renju).
    #[arg(long, value_enum, default_value_t = RuleArg::Freestyle)]
    rule: RuleArg,
    /// What the moves may be: fours only (each block forced), or threats (fours and open
    /// threes, which the other side may answer in several ways).
    #[arg(long, value_enum, default_value_t = By::Fours)]
    by: By,
    /// How many moves the win takes at the fewest, the five included: N, or a range N-M
    /// (by fours 2 to 15, by default 4-6; by threats 3 to 7, by default 3-5).
    #[arg(long)]
    moves: Option<String>,
    /// The side that wins, and that you play; either if left out (Black's wins arise more
    /// often: it moves first).
    #[arg(long, value_enum)]
    side: Option<Side>,
    /// The seed the puzzle is drawn from (the same seed, the same puzzle); a fresh one if
    /// left out.
    #[arg(long)]
    seed: Option<u64>,
    /// Print the puzzle and one shortest solution, and ask nothing.
    #[arg(long)]
    solution: bool,
    /// Print the puzzle and a shortest solution as JSON.
    #[arg(long)]
    json: bool,
    /// A sheet of N puzzles (1 to 50), from the seed and the seeds after it: the puzzles
    /// first, then their solutions; with `--json` an array. Asks nothing.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=50))]
    count: u32,
}

#[derive(Copy, Clone, Debug, clap::ValueEnum)]
enum By {
    Fours,
    Threats,
}

#[derive(Copy, Clone, Debug, clap::ValueEnum)]
enum Side {
    Black,
    White,
}

#[derive(Serialize)]
struct PuzzleJson {
    seed: u64,
    /// `fours` or `threats`.
    by: &'static str,
    size: u32,
    rule: &'static str,
    /// The position, as `gomoku play --from` and the page take it.
    position: String,
    to_move: &'static str,
    /// The winner's moves at the fewest, the five included.
    moves_to_win: u32,
    /// One shortest win, the defender's answers between.
    solution: Vec<String>,
}

pub fn run(a: &PuzzleArgs) -> Result<()> {
    let rule = rule_of(a.rule);
    let kind = match a.by {
        By::Fours => Kind::Fours,
        By::Threats => Kind::Threats,
    };
    let default = if kind == Kind::Fours { "4-6" } else { "3-5" };
    let moves = lengths(a.moves.as_deref().unwrap_or(default), kind.lengths())
        .map_err(|e| anyhow::anyhow!("--moves: {e}"))?;
    let first = a.seed.unwrap_or_else(Puzzle::fresh_seed);
    let mut drawn = Vec::new();
    for k in 0..u64::from(a.count) {
        let seed = first.wrapping_add(k);
        let winner = a.side.map(|s| match s {
            Side::Black => Color::Black,
            Side::White => Color::White,
        });
        let puzzle = Puzzle::generate_by(a.size, rule, kind, seed, moves.clone(), winner, None)?;
        let mut board = Board::new(a.size, rule)?;
        for &m in &puzzle.moves {
            board.place(m);
        }
        drawn.push((puzzle, board));
    }
    let title = |p: &Puzzle| {
        format!(
            "Puzzle (seed {}, {}x{}, {}): {}",
            p.seed,
            a.size,
            a.size,
            rule.name(),
            p.task()
        )
    };
    if a.json {
        let sheet: Vec<PuzzleJson> = drawn
            .iter()
            .map(|(p, board)| PuzzleJson {
                seed: p.seed,
                by: kind.name(),
                size: a.size,
                rule: rule.name(),
                position: board.move_string(),
                to_move: p.to_move.name(),
                moves_to_win: p.length,
                solution: board.names(&p.solution),
            })
            .collect();
        let text = match &sheet[..] {
            [one] if a.count == 1 => serde_json::to_string_pretty(one)?,
            all => serde_json::to_string_pretty(all)?,
        };
        println!("{text}");
        return Ok(());
    }
    if a.count > 1 {
        // A sheet: the puzzles, then their solutions, to print apart.
        for (k, (p, board)) in drawn.iter().enumerate() {
            println!("{}. {}", k + 1, title(p));
            print!("{board}");
            println!("position: {}\n", board.move_string());
        }
        println!("Solutions");
        for (k, (p, board)) in drawn.iter().enumerate() {
            println!("{}. {}", k + 1, board.names(&p.solution).join(" "));
        }
        return Ok(());
    }
    let (puzzle, mut board) = drawn.swap_remove(0);
    println!("{}", title(&puzzle));
    if a.solution {
        print!("{board}");
        println!("position: {}", board.move_string());
        println!("solution: {}", board.names(&puzzle.solution).join(" "));
        return Ok(());
    }
    println!("Type a move (h8), 'solution' to see one, or 'quit'.");
    solve(&mut board, kind, puzzle.length)
}

/// Asks for the solver's moves until the five, judging each: a four (or a three) that keeps
/// the win is played with the other side's answer, anything else is explained and asked
/// again. By threats a block of the other side's four is not counted, as the puzzle's
/// length does not.
fn solve(board: &mut Board, kind: Kind, fewest: u32) -> Result<()> {
    let mut prompt = crate::terminal::Prompt::new();
    let me = board.to_move();
    let mut played = 0;
    loop {
        print!("\n{board}");
        let Some(answer) = prompt.ask(&format!("your move ({}): ", me.name()))? else {
            return Ok(());
        };
        if answer == "solution" {
            match kind.shortest_win(board, *kind.lengths().end()) {
                Some((n, line)) => println!(
                    "a win in {n} move{}: {}",
                    crate::plural(n.into()),
                    board.names(&line).join(" ")
                ),
                // Every move played kept the win: none found means the search ran out.
                None => println!(
                    "the engine finds no win by {} in time from here: try a move",
                    kind.name()
                ),
            }
            continue;
        }
        let cell = match board.parse_cell(&answer) {
            Ok(c) => c,
            Err(e) => {
                println!("{e}");
                continue;
            }
        };
        let counts = u64::from(kind.counts(board));
        match judge(board, cell, kind) {
            Err(e) => println!("{e}"),
            Ok(Judgement::Five) => {
                board.place(cell);
                played += counts;
                print!("\n{board}");
                println!(
                    "Five: solved in {played} move{} (the fewest: {fewest}).",
                    crate::plural(played)
                );
                return Ok(());
            }
            Ok(j) => {
                println!("{}", j.words(board, cell));
                let reply = match j {
                    Judgement::Four { block, .. } => Some(block),
                    Judgement::Unblockable { reply, .. } => Some(reply),
                    Judgement::Threat { reply, .. } => Some(reply),
                    _ => None,
                };
                if let Some(reply) = reply {
                    board.place(cell);
                    board.place(reply);
                    played += counts;
                }
            }
        }
    }
}
