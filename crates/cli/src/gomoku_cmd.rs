//! `alphabeta gomoku`: analyse a position, look for a VCF, play in the terminal, benchmark
//! (review, match and compare in their own modules).

use std::time::Duration;

use alphabeta::Score;
use alphabeta_gomoku::{
    black_chance_at, Board, Caps, Engine, IterationReport, Level, Limit, LineReport, Rule, Source,
    Spoken, VcfSearch, VctSearch,
};
use anyhow::{Context, Result};
use clap::{Args, Subcommand, ValueEnum};
use serde::Serialize;

use crate::gomoku_review::ReviewArgs;

#[derive(Subcommand, Debug)]
pub enum GomokuCommand {
    /// Search a position and report every completed iteration, then the best move.
    Analyze(AnalyzeArgs),
    /// Does the side to move win by continuous fours (VCF)? Prints the winning sequence.
    Vcf(VcfArgs),
    /// Does the side to move win by continuous threats (VCT: fours and open threes)? Prints
    /// a winning sequence (the defender's first defence where it has several).
    Vct(VcfArgs),
    /// A puzzle to solve: a position from a game where the side to move wins by fours (or by
    /// threats: fours and open threes); type its moves, each a four (or a three), and the
    /// engine answers, until your five.
    Puzzle(crate::gomoku_puzzle::PuzzleArgs),
    /// Review a game move by move: each position searched, each move's value against the
    /// best, and the moves that lose much marked (?!, ?, ??).
    Review(ReviewArgs),
    /// The engine's look-ahead as an explicit tree for `alphabeta tree`: a few plies of its
    /// most urgent moves, its evaluation at the leaves and as static values.
    Tree(crate::gomoku_tree::TreeArgs),
    /// Play against the engine in the terminal.
    Play(PlayArgs),
    /// Search fixed positions to a fixed depth: nodes, speed, and a signature of the counts.
    Bench(BenchArgs),
    /// Play Gomocup brains against each other over the protocol (two, or a round robin or
    /// gauntlet of more), judged by the rule: openings, clocks, the score and its Elo.
    Match(Box<crate::gomoku_match::MatchArgs>),
    /// One brain's games in two match reports (`match --json`), paired by opponent and
    /// opening: how many points a change gained, with its standard error.
    Compare(crate::gomoku_match::compare::CompareArgs),
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Board size (5 to 22).
    #[arg(long, default_value_t = 15, allow_negative_numbers = true)]
    size: u32,
    /// Which lines win.
    #[arg(long, value_enum, default_value_t = RuleArg::Freestyle)]
    rule: RuleArg,
    /// Who moves first (and plays Black, X).
    #[arg(long, value_enum, default_value_t = First::Human)]
    first: First,
    /// Seconds the engine thinks per move.
    #[arg(long, default_value_t = 2.0, value_parser = crate::seconds, allow_negative_numbers = true)]
    time: f64,
    /// Play against a weaker engine: level 1 (a beginner's opponent) to 5, each searching
    /// four times the nodes of the one below and choosing among its best few moves by
    /// chance; full strength when left out. `hint` is at full strength all the same.
    #[arg(long, allow_negative_numbers = true)]
    level: Option<Level>,
    /// Start from these moves (an opening to practise, or a game left off), e.g. h8i9h9;
    /// `--first` still says who plays Black. `undo` takes back no move of them.
    #[arg(long, value_name = "MOVES")]
    from: Option<String>,
    #[command(flatten)]
    threads: Threads,
}

/// How many threads search, for the commands that play or analyse.
#[derive(Args, Debug)]
pub struct Threads {
    /// Search threads (Lazy SMP: they share the table; one thread repeats its search exactly).
    #[arg(long = "threads", value_name = "THREADS", default_value_t = 1, value_parser = thread_count(), allow_negative_numbers = true)]
    pub(crate) n: u16,
}

/// The thread counts the engine takes (it clamps to the same range).
pub(crate) fn thread_count() -> clap::builder::RangedI64ValueParser<u16> {
    clap::value_parser!(u16).range(1..=256)
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum First {
    Human,
    Engine,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Depth of every search, 1 to 12.
    #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u32).range(1..=12), allow_negative_numbers = true)]
    depth: u32,
    /// Instead: search each opening of this file (c-gomoku-cli's `offset` form, one a line:
    /// x,y pairs from the centre, or its `pos` form: `h8i9`, rows from 1 at the top) for
    /// `--time` seconds as the engine plays, and report the depth of the last completed
    /// iteration.
    #[arg(long)]
    openings: Option<std::path::PathBuf>,
    /// Seconds per opening with `--openings`.
    #[arg(long, default_value_t = 5.0, value_parser = crate::seconds, allow_negative_numbers = true)]
    time: f64,
    /// Board size for `--openings`.
    #[arg(long, default_value_t = 15, allow_negative_numbers = true)]
    size: u32,
    /// Search threads for `--openings` (the depth benchmark itself is one thread).
    #[arg(long, default_value_t = 1, requires = "openings", value_parser = thread_count(), allow_negative_numbers = true)]
    threads: u16,
}

/// The benchmark positions: (size, moves). Openings, middle games, endgames; 15x15 and 20x20.
const BENCH: [(u32, &str); 6] = [
    (15, "h8"),
    (15, "h8i9h9"),
    (15, "h8i9j8g7h10h9j10"),
    (15, "l5h11d11j6j8g9h5l11f4h7e11k11d7f6i4d5i10d9g7d10e4"),
    (20, "j10k11k10"),
    (20, "j10k11k10i10l12m13j12"),
];

#[derive(Args, Debug)]
pub struct VcfArgs {
    /// The moves played, e.g. h8i9h9 (column letter, row from the bottom) or "7,7 8,8".
    position: String,
    /// Board size (5 to 22).
    #[arg(long, default_value_t = 15, allow_negative_numbers = true)]
    size: u32,
    /// Which lines win.
    #[arg(long, value_enum, default_value_t = RuleArg::Freestyle)]
    rule: RuleArg,
    /// The longest sequence to look for, in the attacker's threats (fours, and for `vct`
    /// open threes too; the five after them is not counted); `vct` defaults to 8.
    #[arg(long, allow_negative_numbers = true)]
    max_moves: Option<u32>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct ThreatJson {
    position: String,
    /// `null` once the game is over.
    to_move: Option<String>,
    /// `black`, `white`, `draw` or `null` while the game goes on.
    result: Option<&'static str>,
    wins: bool,
    sequence: Vec<String>,
    attacker_moves: usize,
    nodes: u64,
    /// The search stopped at its node limit: "no win" is not proven.
    gave_up: bool,
    /// Under renju, the blocks the line leaves out because Black may not play them.
    forbidden_blocks: Vec<String>,
}

/// The defender's blocks that `line` (from `board`) passes over because renju forbids them
/// to Black, each with why.
fn forbidden_blocks(board: &Board, line: &[u16]) -> Vec<String> {
    let mut g = board.clone();
    let attacker = g.to_move();
    let mut notes = Vec::new();
    for &m in line {
        if g.to_move() != attacker {
            for c in g.five_cells(attacker) {
                if let Some(foul) = g.forbidden(c) {
                    notes.push(format!(
                        "black may not block {}: it makes {foul}",
                        g.name(c)
                    ));
                }
            }
        }
        g.place(m);
    }
    notes
}

/// `gomoku vcf` (`threes` false) and `gomoku vct` (`threes` true).
fn threat_search(a: &VcfArgs, threes: bool) -> Result<()> {
    let mut board = Board::new(a.size, rule_of(a.rule))?;
    board
        .play_sequence(&a.position)
        .context("in the position")?;
    let (kind, what) = if threes {
        ("VCT", "continuous threats")
    } else {
        ("VCF", "continuous fours")
    };
    let max = a.max_moves.unwrap_or(if threes { 8 } else { 30 }).min(200);
    let (line, nodes, gave_up) = if threes {
        let mut search = VctSearch::new(max, 20_000_000);
        let line = search.find(&mut board);
        (line, search.nodes, search.gave_up())
    } else {
        let mut search = VcfSearch::new(max, 5_000_000);
        let line = search.find(&mut board);
        (line, search.nodes, search.gave_up())
    };
    let names = board.names(line.as_deref().unwrap_or_default());
    let side = board.to_move().name();
    // The attacker's moves are every other one, the five included.
    let attacker_moves = names.len().div_ceil(2);
    let fouls = forbidden_blocks(&board, line.as_deref().unwrap_or_default());
    if a.json {
        let j = ThreatJson {
            position: board.move_string(),
            to_move: board.result().is_none().then(|| side.into()),
            result: board.result(),
            wins: line.is_some(),
            attacker_moves,
            sequence: names,
            nodes,
            gave_up,
            forbidden_blocks: fouls,
        };
        println!("{}", serde_json::to_string_pretty(&j)?);
        return Ok(());
    }
    print!("{board}");
    if let Some(end) = game_end(&board) {
        println!("{end}: the game is over");
        return Ok(());
    }
    match line {
        Some(_) => println!(
            "{side} wins by {what} ({attacker_moves} move{}): {}",
            crate::plural(attacker_moves as u64),
            names.join(" ")
        ),
        None if gave_up => println!("{side}: no {kind} found before the node limit"),
        None => println!("{side} has no {kind} within {max} moves"),
    }
    for note in fouls {
        println!("{note}");
    }
    println!("{nodes} node{}", crate::plural(nodes));
    Ok(())
}

/// How the game on `board` has ended (`X wins with h8 h9 h10 h11 h12`, or a full board's
/// draw), or `None` while it goes on.
fn game_end(board: &Board) -> Option<String> {
    if let Some(line) = board.winning_line() {
        let winner = if board.history().len() % 2 == 1 {
            "X"
        } else {
            "O"
        };
        return Some(format!(
            "{winner} wins with {}",
            board.names(&line).join(" ")
        ));
    }
    board
        .is_full()
        .then(|| "a draw: the board is full".to_string())
}

/// The line under a printed position: who is to move, or how the game ended.
fn to_move_line(board: &Board) -> String {
    game_end(board).unwrap_or_else(|| format!("{} to move", board.to_move().name()))
}

pub(crate) fn rule_of(r: RuleArg) -> Rule {
    match r {
        RuleArg::Freestyle => Rule::Freestyle,
        RuleArg::Standard => Rule::Standard,
        RuleArg::Renju => Rule::Renju,
        RuleArg::Caro => Rule::Caro,
        RuleArg::StandardCaro => Rule::StandardCaro,
    }
}

/// A position to look at: its moves (the empty board when left out), size and rule.
#[derive(Args, Debug)]
pub struct PositionArgs {
    /// The moves played, e.g. h8i9h9 (column letter, row from the bottom) or "7,7 8,8".
    #[arg(default_value = "")]
    position: String,
    /// Board size (5 to 22).
    #[arg(long, default_value_t = 15, allow_negative_numbers = true)]
    size: u32,
    /// Which lines win.
    #[arg(long, value_enum, default_value_t = RuleArg::Freestyle)]
    rule: RuleArg,
}

impl PositionArgs {
    /// The board with the moves played.
    pub(crate) fn board(&self) -> Result<Board> {
        let mut board = Board::new(self.size, rule_of(self.rule))?;
        board
            .play_sequence(&self.position)
            .context("in the position")?;
        Ok(board)
    }
}

#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Search this many plies.
    #[arg(long, conflicts_with = "time", allow_negative_numbers = true)]
    depth: Option<u32>,
    /// Search this many seconds (default 2 when neither depth nor nodes is given).
    #[arg(long, value_parser = crate::seconds, allow_negative_numbers = true)]
    time: Option<f64>,
    /// Stop after this many nodes (the proof search's included), on top of any depth or
    /// time: with one thread the same answer on any machine, however loaded.
    #[arg(long, allow_negative_numbers = true)]
    nodes: Option<u64>,
    #[command(flatten)]
    threads: Threads,
    /// Report the best N moves, each with its score and line, from one search under the
    /// limit: each depth searches the position N times, each without the moves found before.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=50), allow_negative_numbers = true)]
    multipv: u16,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
pub(crate) enum RuleArg {
    /// Five or more in a row wins.
    Freestyle,
    /// Exactly five wins.
    Standard,
    /// Renju: Black wins with exactly five and may not make a double three, a double four
    /// or an overline; White wins with five or more.
    Renju,
    /// Caro: five or more wins, but not five with the opponent's stones at both ends.
    Caro,
    /// Caro with exactly five: neither six nor five closed at both ends wins.
    StandardCaro,
}

/// A value for the side to move in `board`, as people read it, with Black's chance of winning
/// beside it, as the page shows it: `-343, Black 82%` (only a proven result reads 0% or 100%).
fn with_chance(board: &Board, value: Score) -> String {
    let chance = black_chance_at(board, value);
    let percent = if chance == 0.0 || chance == 1.0 {
        100.0 * chance
    } else {
        (100.0 * chance).round().clamp(1.0, 99.0)
    };
    format!("{}, Black {percent}%", Spoken(value))
}

#[derive(Serialize)]
struct AnalyzeJson {
    position: String,
    /// `null` once the game is over.
    to_move: Option<String>,
    /// `black`, `white`, `draw` or `null` while the game goes on.
    result: Option<&'static str>,
    iterations: Vec<IterationReport>,
    best_move: Option<String>,
    score: String,
    /// Black's chance of winning as the score has it, 0 to 1.
    black_chance: f64,
    pv: Vec<String>,
    source: String,
    nodes: u64,
    /// The best moves, best first (one unless `--multipv`).
    lines: Vec<LineReport>,
}

pub fn run(cmd: &GomokuCommand) -> Result<()> {
    match cmd {
        GomokuCommand::Analyze(a) => analyze(a),
        GomokuCommand::Vcf(a) => threat_search(a, false),
        GomokuCommand::Vct(a) => threat_search(a, true),
        GomokuCommand::Puzzle(a) => crate::gomoku_puzzle::run(a),
        GomokuCommand::Review(a) => crate::gomoku_review::run(a),
        GomokuCommand::Tree(a) => crate::gomoku_tree::run(a),
        GomokuCommand::Play(a) => play(a),
        GomokuCommand::Bench(a) => bench(a),
        GomokuCommand::Match(a) => crate::gomoku_match::run(a),
        GomokuCommand::Compare(a) => crate::gomoku_match::compare::run(a),
    }
}

fn analyze(a: &AnalyzeArgs) -> Result<()> {
    let mut board = a.position.board()?;
    // A node cap alone searches as long as it takes (an hour at most).
    let default_time = if a.nodes.is_some() { 3600.0 } else { 2.0 };
    let limit = match a.depth {
        Some(d) => Limit::Depth(d.clamp(1, 64)),
        None => Limit::Exactly(Duration::from_secs_f64(
            a.time.unwrap_or(default_time).clamp(0.01, 3600.0),
        )),
    };
    let side = board.to_move().name();
    if !a.json {
        print!("{board}");
        println!("{}", to_move_line(&board));
    }
    let shown = board.clone();
    let mut iterations = Vec::new();
    let mut engine = Engine::default();
    engine.set_threads(a.threads.n.into());
    engine.set_caps(Caps {
        nodes: a.nodes.map(|n| n.max(1)),
        depth: None,
    });
    let lines = engine.think_lines(&mut board, limit, a.multipv.into(), |it| {
        let row = IterationReport::new(&shown, it);
        if !a.json {
            println!(
                "depth {:>2}/{:<2} score {:>10}  nodes {:>9}  {:>8} n/s  pv {}",
                row.depth,
                row.seldepth,
                row.score,
                row.nodes,
                row.nodes_per_second,
                row.pv.join(" ")
            );
            // The other lines of this depth, under the first.
            for (i, l) in it.lines.iter().enumerate().skip(1) {
                println!(
                    "   line {:>2}  score {:>10}{:>33}pv {}",
                    i + 1,
                    Spoken(l.score).to_string(),
                    "",
                    shown.names(&l.pv).join(" ")
                );
            }
        }
        iterations.push(row);
    });
    let t = &lines[0];
    let best = t.best.map(|c| shown.name(c));
    let how = t.source.name();
    if a.json {
        let j = AnalyzeJson {
            position: shown.move_string(),
            to_move: shown.result().is_none().then(|| side.into()),
            result: shown.result(),
            iterations,
            best_move: best,
            score: Spoken(t.score).to_string(),
            black_chance: black_chance_at(&shown, t.score),
            pv: shown.names(&t.pv),
            source: how.into(),
            nodes: t.nodes,
            lines: lines
                .iter()
                .filter_map(|l| LineReport::of(&shown, l))
                .collect(),
        };
        println!("{}", serde_json::to_string_pretty(&j)?);
    } else {
        match best {
            // A forced move is played without a search: no value unless it wins at once.
            Some(m) if t.source == Source::Forced && !t.score.is_win() => {
                println!("best move: {m} (forced: the only candidate, not searched)")
            }
            Some(m) => println!(
                "best move: {m} ({}, {how}; line {})",
                with_chance(&shown, t.score),
                shown.names(&t.pv).join(" ")
            ),
            None => println!("the game is over"),
        }
        if a.multipv > 1 && t.best.is_some() {
            println!("best moves:");
            for (i, l) in lines.iter().enumerate() {
                let Some(j) = LineReport::of(&shown, l) else {
                    continue;
                };
                let how = match l.source {
                    Source::Search => format!("search, depth {}", j.depth),
                    _ => j.source.to_string(),
                };
                println!(
                    "{:>3}. {:<4} {:>10}  ({how})  line {}",
                    i + 1,
                    j.cell,
                    j.score,
                    j.pv.join(" ")
                );
            }
        }
    }
    Ok(())
}

/// An opening on a board of `size` under `rule` (whose fouls it may not hold), in either
/// form c-gomoku-cli reads: `offset` (`4,6, 1,5, 0,3`: x,y from the centre) or `pos`
/// (`h8i7j9`: a column letter and a row from 1 at the top, as Yixin-Board's `getpos` gives
/// it), told apart by the first character.
pub(crate) fn opening(line: &str, size: u32, rule: Rule) -> Result<Board> {
    if line
        .trim_start()
        .starts_with(|c: char| c.is_ascii_alphabetic())
    {
        return pos_opening(line.trim(), size, rule);
    }
    let numbers: Vec<i64> = line
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().with_context(|| format!("'{t}' is not a number")))
        .collect::<Result<_>>()?;
    anyhow::ensure!(numbers.len().is_multiple_of(2), "an odd count of numbers");
    let mut board = Board::new(size, rule)?;
    let centre = size as i64 / 2;
    for pair in numbers.chunks(2) {
        let (x, y) = (pair[0] + centre, pair[1] + centre);
        anyhow::ensure!(
            (0..size as i64).contains(&x) && (0..size as i64).contains(&y),
            "{},{} is off the board",
            pair[0],
            pair[1]
        );
        board.try_play(board.index(x as u32, y as u32).expect("checked"))?;
    }
    Ok(board)
}

/// An opening in the `pos` form: moves like `h8`, each a column letter and a row from 1
/// at the top, nothing (or spaces) between them.
fn pos_opening(line: &str, size: u32, rule: Rule) -> Result<Board> {
    let mut board = Board::new(size, rule)?;
    let mut rest = line.trim_start();
    while !rest.is_empty() {
        let not_a_move = || {
            format!(
                "'{}' is not a move (a column letter, a row from 1)",
                alphabeta_cli::pbrain::shorten(rest)
            )
        };
        anyhow::ensure!(
            rest.starts_with(|c: char| c.is_ascii_alphabetic()),
            not_a_move()
        );
        let end = rest[1..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(rest.len(), |e| e + 1);
        let (name, tail) = rest.split_at(end);
        let row = name[1..]
            .parse::<u32>()
            .ok()
            .filter(|&r| r >= 1)
            .with_context(not_a_move)?;
        let x = name.as_bytes()[0].to_ascii_lowercase() - b'a';
        let cell = board
            .index(x.into(), row - 1)
            .with_context(|| format!("{name} is off the board"))?;
        board.try_play(cell)?;
        rest = tail.trim_start();
    }
    Ok(board)
}

/// `gomoku bench --openings FILE`: the depth the engine reaches on each opening in the time.
fn bench_openings(path: &std::path::Path, a: &BenchArgs) -> Result<()> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let budget = Duration::from_secs_f64(a.time.clamp(0.05, 600.0));
    println!(
        "{:<4} {:<7} {:>6} {:>11} {:>10}  {:<6} line",
        "#", "stones", "depth", "nodes", "nodes/s", "move"
    );
    let mut depths = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let mut board =
            opening(line, a.size, Rule::Freestyle).with_context(|| format!("line {}", i + 1))?;
        let mut engine = Engine::new(64);
        engine.set_threads(a.threads.into());
        let mut last = None;
        let t = engine.think(&mut board, Limit::Exactly(budget), |it| {
            last = Some((it.depth, it.nodes, it.time));
        });
        let (depth, nodes, time) = last.unwrap_or((0, t.nodes, Duration::ZERO));
        let shown = match t.source {
            Source::Search => {
                depths.push(depth);
                depth.to_string()
            }
            Source::Vcf => "VCF".into(),
            Source::Forced => "forced".into(),
        };
        let pv = board.names(&t.pv[..t.pv.len().min(8)]);
        println!(
            "{:<4} {:<7} {:>6} {:>11} {:>10.0}  {:<6} {}",
            i + 1,
            board.history().len(),
            shown,
            nodes,
            nodes as f64 / time.as_secs_f64().max(1e-9),
            t.best.map(|c| board.name(c)).unwrap_or_default(),
            pv.join(" ")
        );
    }
    depths.sort_unstable();
    if let (Some(min), Some(max)) = (depths.first(), depths.last()) {
        println!(
            "searched {} openings for {:.1} s each with {} thread{}: depth min {min}, median {}, max {max}",
            depths.len(),
            budget.as_secs_f64(),
            a.threads,
            crate::plural(a.threads.into()),
            depths[depths.len() / 2]
        );
    }
    Ok(())
}

fn bench(a: &BenchArgs) -> Result<()> {
    if let Some(path) = &a.openings {
        return bench_openings(path, a);
    }
    let depth = a.depth;
    println!(
        "{:<4} {:<48} {:>10} {:>8} {:>10}",
        "size", "position", "nodes", "ms", "nodes/s"
    );
    let (mut total_nodes, mut total_secs) = (0u64, 0.0f64);
    let mut signature = 0xcbf2_9ce4_8422_2325u64;
    for (size, moves) in BENCH {
        let mut board = Board::new(size, Rule::Freestyle)?;
        board.play_sequence(moves)?;
        // A fresh search each time, so the counts do not depend on the order.
        let mut search = alphabeta::Search::new(alphabeta::SearchOptions {
            max_depth: depth,
            ..alphabeta_gomoku::search_options(16)
        });
        let r = search.run(&mut board, &alphabeta_gomoku::Threats);
        let secs = r.stats.time.as_secs_f64();
        total_nodes += r.stats.nodes;
        total_secs += secs;
        // FNV-1a over the node counts: any change in the search's behaviour shows here.
        for byte in r.stats.nodes.to_le_bytes() {
            signature = (signature ^ byte as u64).wrapping_mul(0x100_0000_01b3);
        }
        println!(
            "{:<4} {:<48} {:>10} {:>8.1} {:>10.0}",
            size,
            moves,
            r.stats.nodes,
            secs * 1000.0,
            r.stats.nodes as f64 / secs.max(1e-9)
        );
    }
    println!(
        "total: {total_nodes} nodes in {:.2} s, {:.0} nodes/s, depth {depth}, signature {signature:016x}",
        total_secs,
        total_nodes as f64 / total_secs.max(1e-9)
    );
    Ok(())
}

/// The end of a game in the terminal: its moves, to keep, and how to review them.
/// The game's moves and the commands that review it and, if it is not over, go on with it
/// (`human_black`: who played Black).
fn farewell(board: &Board, human_black: bool) {
    if board.history().is_empty() {
        return;
    }
    let mut options = String::new();
    if board.size() != 15 {
        options += &format!(" --size {}", board.size());
    }
    if board.rule() != Rule::Freestyle {
        options += &format!(" --rule {}", board.rule().name());
    }
    let moves = board.move_string();
    println!("the game: {moves}\nto review it: alphabeta gomoku review {moves}{options}");
    if board.winner().is_none() && !board.is_full() {
        let first = if human_black { "" } else { " --first engine" };
        println!("to go on with it: alphabeta gomoku play --from {moves}{options}{first}");
    }
}

fn play(a: &PlayArgs) -> Result<()> {
    let mut board = Board::new(a.size, rule_of(a.rule))?;
    if let Some(moves) = &a.from {
        board.play_sequence(moves).context("in --from")?;
    }
    let mut engine = Engine::default();
    engine.set_threads(a.threads.n.into());
    engine.set_level(a.level, Level::fresh_seed());
    let human_black = matches!(a.first, First::Human);
    // The first move `undo` may take back: the human's first after the given moves.
    let start = board.history().len();
    let yours_from = start + usize::from((start % 2 == 0) != human_black);
    let budget = Duration::from_secs_f64(a.time.clamp(0.05, 600.0));
    let mut prompt = crate::terminal::Prompt::new();
    let rules = match board.rule() {
        Rule::Freestyle => "Gomoku: five or more in a row wins.",
        Rule::Standard => "Gomoku: exactly five in a row wins; six or more does not.",
        Rule::Renju => {
            "Renju: X (Black) wins with exactly five and may not make a double three, a double \
             four or an overline; O (White) wins with five or more."
        }
        Rule::Caro => {
            "Caro: five or more in a row wins, but not five with the other side's stones at \
             both ends."
        }
        Rule::StandardCaro => {
            "Caro: exactly five in a row wins, and not with the other side's stones at both \
             ends; six or more does not."
        }
    };
    println!(
        "{rules} You are {}. Type a move like h8, 'hint', 'undo' or 'quit'.",
        if human_black {
            "X (Black)"
        } else {
            "O (White)"
        }
    );
    loop {
        print!("\n{board}");
        if let Some(end) = game_end(&board) {
            println!("{end}");
            farewell(&board, human_black);
            return Ok(());
        }
        let black_to_move = board.history().len() % 2 == 0;
        if black_to_move == human_black {
            let Some(t) = prompt.ask("your move: ")? else {
                farewell(&board, human_black);
                return Ok(());
            };
            if t == "undo" {
                // Take back the engine's reply and your move (the moves given to start
                // from, and the engine's first stone when it began, stay).
                if board.history().len() < yours_from + 2 {
                    println!("nothing to take back");
                } else {
                    board.remove_last();
                    board.remove_last();
                }
                continue;
            }
            if t == "hint" {
                // The engine's three best moves for you, in the engine's time.
                let lines = engine.think_lines(&mut board, Limit::Exactly(budget), 3, |_| {});
                let named: Vec<String> = lines
                    .iter()
                    .filter_map(|l| {
                        let value = if l.source == Source::Forced && !l.score.is_win() {
                            "forced".to_string()
                        } else {
                            with_chance(&board, l.score)
                        };
                        Some(format!("{} ({value})", board.name(l.best?)))
                    })
                    .collect();
                println!("hint: {}", named.join(", "));
                continue;
            }
            if let Err(e) = board.parse_cell(&t).and_then(|c| board.try_play(c)) {
                println!("{e}");
            }
        } else {
            let shown = board.clone();
            let t = engine.think(&mut board, Limit::Time(budget), |it| {
                let pv = shown.names(it.pv);
                println!(
                    "  thinking: depth {} score {} pv {}",
                    it.depth,
                    Spoken(it.score),
                    pv.join(" ")
                );
            });
            let cell = t.best.context("the engine found no move")?;
            // A forced move is played without a search: no value unless it wins at once.
            if t.source == Source::Forced && !t.score.is_win() {
                println!("engine plays {} (forced)", board.name(cell));
            } else {
                let level = a.level.map(|l| format!("level {l}: ")).unwrap_or_default();
                println!(
                    "engine plays {} ({level}{}, {})",
                    board.name(cell),
                    t.source.name(),
                    with_chance(&board, t.score)
                );
            }
            board.place(cell);
        }
    }
}
