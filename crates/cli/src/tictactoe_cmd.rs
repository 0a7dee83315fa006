//! `alphabeta tictactoe`: play, analyse a position, solve the game, the look-ahead as a tree.

use alphabeta::{alphabeta, minimax, Game, NoObserver, Outcome, Pruning, Score, Window};
use alphabeta_games::tictactoe::{
    analyze, lookahead, lookahead_tree, perfect_search, solve, OpenLines, Player, TicTacToe,
};
use anyhow::{Context, Result};
use clap::{Args, Subcommand, ValueEnum};
use serde::Serialize;

#[derive(Subcommand, Debug)]
pub enum TicTacToeCommand {
    /// Play against perfect play in the terminal (or against the material's look-ahead).
    Play(PlayArgs),
    /// The value of every legal move of a position, e.g. X.O.X.... (rows top to bottom).
    Analyze(AnalyzeArgs),
    /// The value of the empty board, and how many nodes each way of searching needs.
    Solve(SolveArgs),
    /// The material's look-ahead from a position as an explicit tree, for `alphabeta tree`:
    /// nodes labelled by their moves (X5O1), f(p) at the leaves and as static values above.
    Tree(TreeArgs),
}

#[derive(Args, Debug)]
pub struct TreeArgs {
    /// 9 cells, rows top to bottom: X, O, and . _ - for empty (spaces and / ignored); the
    /// empty board when left out.
    #[arg(default_value = ".........")]
    board: String,
    /// The side to move (inferred from the counts when not given).
    #[arg(long, value_enum)]
    to_move: Option<Side>,
    /// How many plies ahead the leaves are (1 to 4: a tree the explainer draws).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=4))]
    plies: u32,
    /// Every legal move, not one of each class of symmetric positions.
    #[arg(long)]
    no_symmetry: bool,
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Who moves first (and plays X).
    #[arg(long, value_enum, default_value_t = First::Human)]
    first: First,
    /// The engine plays by the material's look-ahead of this many plies (1 to 9: f(p) =
    /// open lines, backed up by minimax) instead of perfect play. At 1 to 3 plies it can be
    /// beaten: you are told when you can force a win.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=9), allow_negative_numbers = true)]
    plies: Option<u32>,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum First {
    Human,
    Engine,
}

#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// 9 cells, rows top to bottom: X, O, and . _ - for empty (spaces and / ignored).
    board: String,
    /// The side to move (inferred from the counts when not given).
    #[arg(long, value_enum)]
    to_move: Option<Side>,
    /// Also every move's value by the material's look-ahead: the positions this many plies
    /// ahead (1 to 9) scored by f(p) = open lines for the side to move - for the other,
    /// backed up by minimax.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=9), allow_negative_numbers = true)]
    plies: Option<u32>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum Side {
    X,
    O,
}

pub fn run(cmd: &TicTacToeCommand) -> Result<()> {
    match cmd {
        TicTacToeCommand::Play(a) => play(a),
        TicTacToeCommand::Analyze(a) => analyze_cmd(a),
        TicTacToeCommand::Solve(a) => solve_cmd(a),
        TicTacToeCommand::Tree(a) => tree_cmd(a),
    }
}

fn tree_cmd(a: &TreeArgs) -> Result<()> {
    let p = TicTacToe::parse(&a.board, side(a.to_move)).context("in the board")?;
    match lookahead_tree(&p, a.plies, !a.no_symmetry) {
        Some(tree) => println!("{tree}"),
        None => anyhow::bail!("the game is over: there are no moves to look ahead at"),
    }
    Ok(())
}

fn side(s: Option<Side>) -> Option<Player> {
    s.map(|s| match s {
        Side::X => Player::X,
        Side::O => Player::O,
    })
}

/// "win in 3", "draw", "loss in 2".
fn verdict(s: Score) -> String {
    match s.plies_to_end() {
        Some(n) if s.is_win() => format!("win in {n}"),
        Some(n) => format!("loss in {n}"),
        None => "draw".into(),
    }
}

#[derive(Serialize)]
struct MoveJson {
    cell: u8,
    name: String,
    value: String,
    score: i32,
}

#[derive(Serialize)]
struct AnalyzeJson {
    board: String,
    to_move: String,
    game_over: Option<String>,
    value: Option<String>,
    best_move: Option<u8>,
    moves: Vec<MoveJson>,
    nodes: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    lookahead: Option<LookaheadJson>,
}

/// The material's look-ahead (`--plies`).
#[derive(Serialize)]
struct LookaheadJson {
    plies: u32,
    value: Option<String>,
    best_move: Option<u8>,
    moves: Vec<MoveJson>,
    nodes: u64,
}

/// "1 ply", "2 plies".
fn plies_name(n: u32) -> String {
    format!("{n} {}", if n == 1 { "ply" } else { "plies" })
}

/// Each move for the JSON, its value named by `show`.
fn moves_json(moves: &[(u8, Score)], show: fn(Score) -> String) -> Vec<MoveJson> {
    moves
        .iter()
        .map(|&(c, v)| MoveJson {
            cell: c + 1,
            name: TicTacToe::move_name(c),
            value: show(v),
            score: v.0,
        })
        .collect()
}

fn analyze_cmd(a: &AnalyzeArgs) -> Result<()> {
    let p = TicTacToe::parse(&a.board, side(a.to_move)).context("in the board")?;
    let result = analyze(&mut perfect_search(), &p);
    let ahead = a.plies.map(|n| (n, lookahead(&p, n)));
    let over = match p.outcome() {
        Some(Outcome::Draw) => Some("a draw".to_string()),
        Some(_) => Some(format!("{} has won", p.to_move().other())),
        None => None,
    };
    if a.json {
        let j = AnalyzeJson {
            board: format!("{p:?}"),
            to_move: p.to_move().to_string(),
            game_over: over,
            value: result.value.map(verdict),
            best_move: result.best.map(|c| c + 1),
            moves: moves_json(&result.moves, verdict),
            nodes: result.stats.nodes,
            lookahead: ahead.map(|(plies, l)| LookaheadJson {
                plies,
                value: l.value.map(|v| v.to_string()),
                best_move: l.best.map(|c| c + 1),
                moves: moves_json(&l.moves, |v| v.to_string()),
                nodes: l.stats.nodes,
            }),
        };
        println!("{}", serde_json::to_string_pretty(&j)?);
        return Ok(());
    }
    print!("{p}");
    if let Some(o) = over {
        println!("the game is over: {o}");
        return Ok(());
    }
    println!("{} to move", p.to_move());
    let mut moves = result.moves.clone();
    moves.sort_by_key(|m| m.0);
    let mark = |cell, best, text| if Some(cell) == best { text } else { "" };
    if let Some((plies, l)) = &ahead {
        println!(
            "  move  perfect play      look-ahead {}, f(p) = open lines",
            plies_name(*plies)
        );
        for (cell, v) in moves {
            let f = l.moves.iter().find(|m| m.0 == cell);
            let f = f.map_or(String::new(), |m| m.1.to_string());
            let best = format!("{}{}", verdict(v), mark(cell, result.best, " <-"));
            println!(
                "  {:>4}  {best:<16}  {f}{}",
                cell + 1,
                mark(cell, l.best, " <-")
            );
        }
    } else {
        for (cell, v) in moves {
            let best = mark(cell, result.best, "  <- best");
            println!("  {}: {}{best}", cell + 1, verdict(v));
        }
    }
    if let (Some(b), Some(v)) = (result.best, result.value) {
        println!("best move: {} ({})", b + 1, verdict(v));
    }
    if let Some((plies, l)) = &ahead {
        if let (Some(b), Some(v)) = (l.best, l.value) {
            println!(
                "the look-ahead of {} plays {} (worth {}; {} nodes of minimax)",
                plies_name(*plies),
                b + 1,
                v,
                l.stats.nodes
            );
        }
    }
    println!("{} nodes searched", result.stats.nodes);
    Ok(())
}

#[derive(Serialize)]
struct SolveJson {
    value: String,
    best_move: Option<u8>,
    nodes_minimax: u64,
    nodes_alphabeta: u64,
    nodes_alphabeta_symmetry: u64,
    nodes_table_and_symmetry: u64,
}

fn solve_cmd(a: &SolveArgs) -> Result<()> {
    let mut p = TicTacToe::new().plain();
    let plain = minimax(&mut p, &OpenLines, 9, &mut NoObserver);
    let ab = alphabeta(
        &mut p,
        &OpenLines,
        9,
        Window::FULL,
        Pruning::default(),
        &mut NoObserver,
    );
    let mut p = TicTacToe::new();
    let ab_sym = alphabeta(
        &mut p,
        &OpenLines,
        9,
        Window::FULL,
        Pruning::default(),
        &mut NoObserver,
    );
    let best = solve(&mut perfect_search(), &p);
    if a.json {
        let j = SolveJson {
            value: verdict(best.score),
            best_move: best.best_move.map(|c| c + 1),
            nodes_minimax: plain.stats.nodes,
            nodes_alphabeta: ab.stats.nodes,
            nodes_alphabeta_symmetry: ab_sym.stats.nodes,
            nodes_table_and_symmetry: best.stats.nodes,
        };
        println!("{}", serde_json::to_string_pretty(&j)?);
        return Ok(());
    }
    println!("the empty board: {} with perfect play", verdict(best.score));
    println!("nodes searched:");
    let rows = [
        ("minimax, every move in reading order", plain.stats.nodes),
        ("alpha-beta, every move in reading order", ab.stats.nodes),
        (
            "alpha-beta, one move per symmetry class",
            ab_sym.stats.nodes,
        ),
        ("solver: table, symmetry, centre first", best.stats.nodes),
    ];
    for (name, nodes) in rows {
        println!("  {name:<42} {nodes:>8}");
    }
    Ok(())
}

fn play(a: &PlayArgs) -> Result<()> {
    let mut p = TicTacToe::new();
    let mut search = perfect_search();
    let human = match a.first {
        First::Human => Player::X,
        First::Engine => Player::O,
    };
    let mut prompt = crate::terminal::Prompt::new();
    let opponent = match a.plies {
        Some(1) => "the material's look-ahead of 1 ply".to_string(),
        Some(n) => format!("the material's look-ahead of {n} plies"),
        None => "perfect play".to_string(),
    };
    println!("Tic-tac-toe against {opponent}. You are {human}. Type 1-9 or a1-c3, or 'quit'.");
    loop {
        print!("\n{p}");
        match p.outcome() {
            Some(Outcome::Draw) => {
                println!("a draw");
                return Ok(());
            }
            Some(_) => {
                let line: Vec<String> = p
                    .winning_cells()
                    .into_iter()
                    .map(TicTacToe::move_name)
                    .collect();
                println!("{} wins: {}", p.to_move().other(), line.join(" "));
                return Ok(());
            }
            None => {}
        }
        if p.to_move() == human {
            let Some(line) = prompt.ask("your move: ")? else {
                return Ok(());
            };
            match p.parse_move(&line) {
                Ok(cell) => p.play(cell),
                Err(e) => println!("{e}"),
            }
        } else if let Some(plies) = a.plies {
            let l = lookahead(&p, plies);
            let cell = l.best.context("no move in an unfinished game")?;
            let f = l.value.map_or(String::new(), |v| v.to_string());
            println!("engine plays {} (f backed up: {f})", cell + 1);
            p.play(cell);
            // The lesson of a short look-ahead: say when its move lets the player force a win.
            if p.outcome().is_none() {
                let value = analyze(&mut search, &p).value;
                if let Some(v) = value.filter(|v| v.is_win()) {
                    println!("perfect play from here: {} for you", verdict(v));
                }
            }
        } else {
            let r = solve(&mut search, &p);
            let cell = r.best_move.context("no move in an unfinished game")?;
            println!("engine plays {} ({})", cell + 1, verdict(r.score));
            p.play(cell);
        }
    }
}
