//! `alphabeta gomoku match`: two Gomocup brains play each other over the protocol, as a match
//! manager (piskvork, c-gomoku-cli) runs them, judged by the rule itself: every reply is
//! checked (a cell off the board or taken, under renju Black's fouls, a line that is no move:
//! the game is lost), the five found by the board, the clocks kept by the manager.
//!
//! Each game starts both brains afresh (a brain that crashed or hung spoils no other game):
//! `START`, the `INFO` lines, then for each brain's first move the position so far (`BEGIN`
//! on an empty board, else `BOARD` ... `DONE`), then `TURN` with the other's last move.

use std::collections::BTreeMap;
use std::fs::OpenOptions;
use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use alphabeta_cli::lines::read_line;
use alphabeta_cli::pbrain::{parse_xy, shorten};
use alphabeta_gomoku::{write_psq, Board, Color, Rule, SgfGame};
use anyhow::{Context, Result};
use clap::Args;
use serde::Serialize;

use crate::gomoku_cmd::{opening, rule_of, RuleArg};
use crate::sprt::{Scores, Sprt, Verdict};

#[derive(Args, Debug)]
pub struct MatchArgs {
    /// A brain's command: the program and its arguments, split as a shell splits them
    /// (quotes keep spaces: `"my brains/pbrain-x" -v`); given twice. A program named with a
    /// `/` runs in its own folder (where brains keep their files).
    #[arg(long = "engine", value_name = "COMMAND", required = true)]
    engines: Vec<String>,
    /// The brains' names in the reports and records, in the order of `--engine`: given
    /// twice or not at all (then their programs' file names, `#1` and `#2` added when the
    /// same).
    #[arg(long = "name", value_name = "NAME")]
    names: Vec<String>,
    /// Games to play (2 when left out); with `--openings`, each opening twice, the colours
    /// swapped. With `--sprt`, the most to play (100,000 when left out).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    games: Option<u32>,
    /// End the match when a sequential probability ratio test decides between H0 "the first
    /// engine is ELO0 stronger" and H1 "ELO1 stronger" (logistic Elo; negative is weaker),
    /// with error rates ALPHA and BETA (0.05 when left out), as c-gomoku-cli's `-sprt`. With
    /// openings it counts opening pairs whose two games have ended.
    #[arg(long, value_name = "ELO0,ELO1[,ALPHA,BETA]", value_parser = crate::sprt::parse)]
    sprt: Option<Sprt>,
    /// Openings, one a line, Black first, taken in order: in the `offset` form of
    /// c-gomoku-cli and the Gomocup (`0,0, 1,-1, 3,2`: x,y from the centre) or in its `pos`
    /// form (`h8i9k6`: a column letter and a row from 1 at the top, as Yixin-Board's
    /// `getpos` writes it).
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Each pass over the openings after the first plays them under the next of the
    /// square's 8 symmetries (turned, mirrored), as c-gomoku-cli's `-transform`: a match
    /// longer than its openings does not play the same games again.
    #[arg(long, requires = "openings")]
    transform: bool,
    /// Board size (5 to 22).
    #[arg(long, default_value_t = 15)]
    size: u32,
    /// Which lines win (and under renju, Black's fouls lose).
    #[arg(long, value_enum, default_value_t = RuleArg::Freestyle)]
    rule: RuleArg,
    /// Time control MATCH/TURN in seconds: each brain's clock for the game, and the most
    /// one move may take (`24/4`, TURN above 0); a MATCH of 0 is no clock; `5` alone is a
    /// clock of 5 s with moves up to 5 s.
    #[arg(long, default_value = "0/1", value_parser = time_control)]
    tc: TimeControl,
    /// Seconds a brain may run over its time before it loses on time.
    #[arg(long, default_value_t = 1.0, value_parser = crate::seconds)]
    tolerance: f64,
    /// A node cap on every move (`INFO max_node`, the Yixin-Board extension): with brains
    /// that honour it, a game repeats on any machine.
    #[arg(long)]
    nodes: Option<u64>,
    /// A depth cap on every move (`INFO max_depth`).
    #[arg(long)]
    depth: Option<u32>,
    /// Threads each brain may use (`INFO thread_num`; none sent when left out).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
    /// Memory each brain may use, in MiB (`INFO max_memory`; the Gomocup allows 350).
    #[arg(long, default_value_t = 350, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    memory: u64,
    /// A game with this many stones and no five is a draw (0: when the board is full).
    #[arg(long, default_value_t = 0)]
    draw_after: usize,
    /// Games played at once (each game runs its two brains as two processes).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    concurrency: u32,
    /// Append each game to FILE as SGF when it ends (the opening's moves marked, the brains'
    /// names, the result: `B+1` a five, `B+T` on time, `B+F` by forfeit).
    #[arg(long, value_name = "FILE")]
    sgf: Option<PathBuf>,
    /// Append the brains' `MESSAGE` lines to FILE, each as `game G, move M, NAME: TEXT` (their
    /// depths and scores, to study).
    #[arg(long, value_name = "FILE")]
    msg: Option<PathBuf>,
    /// Write each game to DIR as a Piskvork record, `game1.psq` ... (the form the Gomocup
    /// publishes its games in, with each move's milliseconds and Piskvork's end code: 0
    /// played out, 15 on time, -2 another error).
    #[arg(long, value_name = "DIR")]
    psq: Option<PathBuf>,
    /// The games and the score as JSON at the end, instead of the text summary.
    #[arg(long)]
    json: bool,
}

/// A match clock (zero: none) and a turn limit.
#[derive(Clone, Copy, Debug)]
pub struct TimeControl {
    game: Duration,
    turn: Duration,
}

fn time_control(s: &str) -> Result<TimeControl, String> {
    let secs = |t: &str| -> Result<Duration, String> {
        let v: f64 = t
            .trim()
            .parse()
            .map_err(|_| format!("'{t}' is not a number of seconds"))?;
        if v.is_finite() && (0.0..=86_400.0).contains(&v) {
            Ok(Duration::from_secs_f64(v))
        } else {
            Err(format!("seconds must be 0 to 86400, not {t}"))
        }
    };
    let (game, turn) = match s.split_once('/') {
        Some((g, t)) => (secs(g)?, secs(t)?),
        None => (secs(s)?, secs(s)?),
    };
    // (The protocol's timeout_turn 0 means "play as fast as you can", not "no limit".)
    if turn.is_zero() {
        return Err("the turn time must be above 0 (a MATCH of 0 is no clock)".into());
    }
    Ok(TimeControl { game, turn })
}

/// One game's result.
#[derive(Serialize)]
struct GameReport {
    /// From 1, in the order the games were set.
    game: usize,
    /// The opening's number in the file (counting the lines that are not blank), from 1.
    opening: Option<usize>,
    /// With `--transform`, the symmetry the opening was played under (0 as written; 1-3
    /// turned, 4-7 mirrored, as `Board::transformed` numbers them).
    #[serde(skip_serializing_if = "Option::is_none")]
    symmetry: Option<usize>,
    black: String,
    white: String,
    /// `black`, `white` or `draw`.
    result: &'static str,
    /// How it ended: `five`, why it was drawn (the board full, the stones counted), or what
    /// the loser did.
    reason: String,
    moves: String,
    /// The first engine's points: 1, 0.5 or 0.
    #[serde(skip)]
    first_points: f64,
}

#[derive(Serialize)]
struct MatchReport {
    engines: [String; 2],
    /// The first engine's wins, losses and draws.
    wins: usize,
    losses: usize,
    draws: usize,
    /// The first engine's share of the points.
    score: f64,
    /// The Elo difference that score means, and its 95% margin (none at 0% or 100%).
    elo: Option<f64>,
    elo_margin: Option<f64>,
    /// The test's state at the end, with `--sprt`.
    #[serde(skip_serializing_if = "Option::is_none")]
    sprt: Option<SprtReport>,
    games: Vec<GameReport>,
}

#[derive(Serialize)]
struct SprtReport {
    #[serde(flatten)]
    test: Sprt,
    /// The log-likelihood ratio over every game played, and the bounds it is held to.
    llr: f64,
    lower: f64,
    upper: f64,
    /// The hypothesis accepted, and after how many games: the games still being played
    /// then were played out and counted in the score and `llr`, not in the verdict.
    verdict: Option<Verdict>,
    decided_after: Option<usize>,
}

/// What a game needs from the command line.
struct Setup {
    commands: [String; 2],
    names: [String; 2],
    size: u32,
    rule: Rule,
    tc: TimeControl,
    tolerance: Duration,
    /// INFO lines of the command line's caps and settings, sent after the game's own.
    extra_info: Vec<String>,
    memory_bytes: u64,
    draw_after: usize,
    /// Keep the brains' `MESSAGE` lines (for `--msg`).
    keep_messages: bool,
}

impl Setup {
    /// Black's name and White's, the first engine Black when `first_black`.
    fn players(&self, first_black: bool) -> (&String, &String) {
        let [a, b] = &self.names;
        if first_black {
            (a, b)
        } else {
            (b, a)
        }
    }
}

pub fn run(a: &MatchArgs) -> Result<()> {
    anyhow::ensure!(
        a.engines.len() == 2,
        "a match needs two --engine commands, not {}",
        a.engines.len()
    );
    let rule = rule_of(a.rule);
    Board::new(a.size, rule)?;
    let openings = match &a.openings {
        Some(path) => read_openings(path, a.size, rule)?,
        None => vec![],
    };
    let names = match &a.names[..] {
        [] => program_names(&a.engines)?,
        [x, y] if x != y && !x.trim().is_empty() && !y.trim().is_empty() => [x.clone(), y.clone()],
        [_, _] => anyhow::bail!("the two --name must differ and not be blank"),
        some => anyhow::bail!("--name is given twice or not at all, not {}", some.len()),
    };
    let mut extra_info = vec![];
    if let Some(n) = a.nodes {
        extra_info.push(format!("INFO max_node {n}"));
    }
    if let Some(d) = a.depth {
        extra_info.push(format!("INFO max_depth {d}"));
    }
    if let Some(t) = a.threads {
        extra_info.push(format!("INFO thread_num {t}"));
    }
    let setup = Setup {
        commands: [a.engines[0].clone(), a.engines[1].clone()],
        names: names.clone(),
        size: a.size,
        rule,
        tc: a.tc,
        tolerance: Duration::from_secs_f64(a.tolerance),
        extra_info,
        memory_bytes: a.memory << 20,
        draw_after: a.draw_after,
        keep_messages: a.msg.is_some(),
    };
    // Both brains must start before a match is worth running: a wrong path is a usage error.
    for (command, name) in setup.commands.iter().zip(&names) {
        Process::spawn(command).with_context(|| format!("cannot start {name}"))?;
    }
    for path in [&a.sgf, &a.msg].into_iter().flatten() {
        OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    if let Some(dir) = &a.psq {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot make the folder {}", dir.display()))?;
    }
    let games = a
        .games
        .unwrap_or(if a.sprt.is_some() { 100_000 } else { 2 }) as usize;
    let paired = !openings.is_empty();
    let mut decided: Option<(Verdict, usize)> = None;
    // The games to play, handed to the workers one as each game ends (so that none starts
    // after the test has decided); closed when there are no more.
    let (jobs, next_job) = mpsc::channel::<usize>();
    let next_job = Mutex::new(next_job);
    let workers = (a.concurrency as usize).min(games);
    for k in 0..workers {
        jobs.send(k).expect("the receiver is alive");
    }
    let mut jobs = (workers < games).then_some(jobs);
    let mut handed = workers;
    let (tx, rx) = mpsc::channel::<GameReport>();
    // One game's records written at a time.
    let files_lock = Mutex::new(());
    let mut reports = Vec::with_capacity(games);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let tx = tx.clone();
            let (setup, openings, next_job, files_lock) =
                (&setup, &openings, &next_job, &files_lock);
            scope.spawn(move || loop {
                let next = next_job.lock().unwrap_or_else(|e| e.into_inner()).recv();
                let Ok(k) = next else {
                    break;
                };
                let report = play_and_save(a, setup, openings, k, files_lock);
                if tx.send(report).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        // A line per game as it ends, with the first engine's running tally (on standard
        // error under --json, whose output is the whole at the end).
        for r in rx {
            reports.push(r);
            let r = reports.last().expect("just pushed");
            let (wins, losses, draws) = tally(&reports);
            let outcome = match r.result {
                "draw" => "draw".to_string(),
                side => format!("{side} wins"),
            };
            let mut line = format!(
                "game {}: {} (black) - {} (white): {outcome}, {}; {wins} - {losses} - {draws}",
                r.game, r.black, r.white, r.reason
            );
            if let Some(test) = &a.sprt {
                let llr = test.llr(&Scores::of(&units(&reports, paired)));
                let (lower, upper) = test.bounds();
                line += &format!("; LLR {llr:.2} ({lower:.2}, {upper:.2})");
                if let (None, Some(verdict)) = (decided, test.verdict(llr)) {
                    decided = Some((verdict, reports.len()));
                    line += &format!(", {verdict:?} accepted");
                }
            }
            match &jobs {
                Some(next) if decided.is_none() && handed < games => {
                    next.send(handed).expect("the workers wait for it");
                    handed += 1;
                }
                _ => jobs = None,
            }
            if a.json {
                eprintln!("{line}");
            } else {
                println!("{line}");
            }
        }
    });
    reports.sort_by_key(|r| r.game);
    let mut summary = summarise(names, reports, paired);
    summary.sprt = a.sprt.map(|test| {
        let (lower, upper) = test.bounds();
        SprtReport {
            test,
            llr: test.llr(&Scores::of(&units(&summary.games, paired))),
            lower,
            upper,
            verdict: decided.map(|(v, _)| v),
            decided_after: decided.map(|(_, n)| n),
        }
    });
    if a.json {
        println!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        let elo = match (summary.elo, summary.elo_margin) {
            (Some(e), Some(m)) => format!(", Elo {e:+.0} ± {m:.0}"),
            (Some(e), None) => format!(", Elo {e:+.0}"),
            _ => String::new(),
        };
        println!(
            "{} - {}: {} - {} - {} ({:.1}%){elo}",
            summary.engines[0],
            summary.engines[1],
            summary.wins,
            summary.losses,
            summary.draws,
            100.0 * summary.score
        );
        if let Some(t) = &summary.sprt {
            let verdict = match (t.verdict, t.decided_after) {
                (Some(v), Some(n)) => format!("{v:?} accepted after {n} games"),
                _ => "no verdict".to_string(),
            };
            println!(
                "SPRT ELO0 {} ELO1 {} (alpha {}, beta {}): LLR {:.2} ({:.2}, {:.2}), {verdict}",
                t.test.elo0, t.test.elo1, t.test.alpha, t.test.beta, t.llr, t.lower, t.upper
            );
        }
    }
    Ok(())
}

/// Plays game `k` (from 0: opening k/2, the first engine Black in even games), writes its
/// records, and reports it.
fn play_and_save(
    a: &MatchArgs,
    setup: &Setup,
    openings: &[Board],
    k: usize,
    files_lock: &Mutex<()>,
) -> GameReport {
    let opening = (!openings.is_empty()).then(|| (k / 2) % openings.len());
    let symmetry = a.transform.then(|| (k / 2 / openings.len()) % 8);
    let start = opening
        .map(|i| {
            let board = openings[i].transformed(symmetry.unwrap_or(0));
            board.history().to_vec()
        })
        .unwrap_or_default();
    let first_black = k.is_multiple_of(2);
    let played = play(setup, &start, first_black);
    let game = record(setup, first_black, &played, start.len());
    let _one = files_lock.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(path) = &a.sgf {
        append(path, &(game.to_sgf("", &[]) + "\n"));
    }
    if let Some(path) = &a.msg {
        // Both brains' lines in the order of the moves they came with.
        let names = [&game.black, &game.white].map(|n| n.clone().unwrap_or_default());
        let mut lines: Vec<(usize, &String, &String)> = played
            .messages
            .iter()
            .zip(&names)
            .flat_map(|(said, name)| said.iter().map(move |(m, line)| (*m, name, line)))
            .collect();
        lines.sort_by_key(|&(m, _, _)| m);
        let text: String = lines
            .iter()
            .map(|(m, name, line)| format!("game {}, move {m}, {name}: {line}\n", k + 1))
            .collect();
        append(path, &text);
    }
    if let Some(dir) = &a.psq {
        let path = dir.join(format!("game{}.psq", k + 1));
        let text = write_psq(&game, &played.milliseconds, played.ending.psq_code());
        said_if_failed(&path, std::fs::write(&path, text));
    }
    let mut report = report(setup, k, opening, first_black, &played);
    report.symmetry = symmetry;
    report
}

/// A command's program and arguments, split as a shell splits them.
fn words(command: &str) -> Result<Vec<String>> {
    let words = shlex::split(command)
        .with_context(|| format!("unbalanced quotes or a lone \\ in the command {command}"))?;
    anyhow::ensure!(!words.is_empty(), "an empty command");
    Ok(words)
}

/// The brains' names: their programs' file names, told apart when the same.
fn program_names(commands: &[String]) -> Result<[String; 2]> {
    let name = |c: &String| -> Result<String> {
        let program = words(c)?.swap_remove(0);
        Ok(Path::new(&program)
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or(program))
    };
    let (a, b) = (name(&commands[0])?, name(&commands[1])?);
    Ok(if a == b {
        [format!("{a}#1"), format!("{b}#2")]
    } else {
        [a, b]
    })
}

/// The openings of a file (`offset` or `pos` lines), each checked on a board.
fn read_openings(path: &Path, size: u32, rule: Rule) -> Result<Vec<Board>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut out = vec![];
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let board = opening(line, size, rule)
            .with_context(|| format!("{}, line {}", path.display(), i + 1))?;
        out.push(board);
    }
    anyhow::ensure!(!out.is_empty(), "{} holds no opening", path.display());
    Ok(out)
}

/// How a game ended.
enum Ending {
    /// The winner made five.
    Five(Color),
    /// The loser broke the rules or its time: the winner, and what the loser did.
    Forfeit(Color, String),
    /// Why it was drawn.
    Draw(String),
}

/// The reason of a brain that gave no move in its time.
const OUT_OF_TIME: &str = "ran out of time";

impl Ending {
    /// The SGF result: `B+1` a five, `B+T` on time, `B+F` by forfeit, `0` a draw.
    fn sgf_result(&self) -> String {
        match self {
            Ending::Draw(_) => "0".into(),
            Ending::Five(color) | Ending::Forfeit(color, _) => {
                let side = if *color == Color::Black { 'B' } else { 'W' };
                let how = match self.psq_code() {
                    0 => "1",
                    15 => "T",
                    _ => "F",
                };
                format!("{side}+{how}")
            }
        }
    }

    /// Piskvork's code for the record: 0 played out, 15 on time, -2 another error.
    fn psq_code(&self) -> i32 {
        match self {
            Ending::Forfeit(_, why) if why.starts_with(OUT_OF_TIME) => 15,
            Ending::Forfeit(..) => -2,
            Ending::Five(_) | Ending::Draw(_) => 0,
        }
    }
}

/// A game as played: the board at the end, how it ended, the milliseconds each move took
/// (0 for the opening's).
struct Played {
    board: Board,
    ending: Ending,
    milliseconds: Vec<u64>,
    /// Black's and White's `MESSAGE` lines with their move numbers (with `--msg`).
    messages: Vec<Vec<(usize, String)>>,
}

/// Plays one game from `start` (cells, Black first); the first engine is Black when
/// `first_black`. The board as it ended, and how.
fn play(setup: &Setup, start: &[u16], first_black: bool) -> Played {
    let mut board = Board::new(setup.size, setup.rule).expect("checked before the match");
    for &c in start {
        board.place(c);
    }
    let mut milliseconds = vec![0; start.len()];
    // brains[0] plays Black.
    let order = if first_black { [0, 1] } else { [1, 0] };
    let mut brains: Vec<Result<Brain, String>> = order
        .iter()
        .map(|&e| Brain::start(setup, &setup.commands[e]))
        .collect();
    let ending = loop {
        if board.is_full() {
            break Ending::Draw("the board is full".into());
        }
        let stones = board.history().len();
        if setup.draw_after > 0 && stones >= setup.draw_after {
            break Ending::Draw(format!("{stones} stones without a five"));
        }
        let color = board.to_move();
        let brain = match &mut brains[color.index()] {
            Ok(b) => b,
            Err(why) => break Ending::Forfeit(color.other(), why.clone()),
        };
        let asked = Instant::now();
        if let Err(why) = brain
            .turn(setup, &board)
            .and_then(|reply| play_reply(&mut board, &reply))
        {
            break Ending::Forfeit(color.other(), why);
        }
        milliseconds.push(asked.elapsed().as_millis() as u64);
        if board.winner() == Some(color) {
            break Ending::Five(color);
        }
    };
    let messages = brains
        .iter_mut()
        .map(|b| b.as_mut().ok().and_then(|b| b.process.messages.take()))
        .map(Option::unwrap_or_default)
        .collect();
    Played {
        board,
        ending,
        milliseconds,
        messages,
    }
}

/// Plays a brain's reply `x,y` if it is a legal move; else why not.
fn play_reply(board: &mut Board, reply: &str) -> Result<(), String> {
    let shown = shorten(reply);
    let (x, y) = parse_xy(reply).ok_or_else(|| format!("answered '{shown}', not a move"))?;
    let cell = board
        .index(x, y)
        .ok_or_else(|| format!("played {x},{y}, off the board"))?;
    board
        .try_play(cell)
        .map_err(|e| format!("played {x},{y}, an illegal move: {e}"))
}

/// A brain in a game: its process, its clock, whether it has seen the position yet.
struct Brain {
    process: Process,
    clock: Duration,
    informed: bool,
}

impl Brain {
    /// Starts the brain for a game: `START`, its `OK`, then the game's `INFO` lines.
    fn start(setup: &Setup, command: &str) -> Result<Brain, String> {
        let mut process = Process::spawn(command).map_err(|e| format!("did not start: {e:#}"))?;
        process.messages = setup.keep_messages.then(Vec::new);
        // A brain may load its files first: some seconds more than a move.
        let wait = setup.tc.turn.max(setup.tc.game) + setup.tolerance + Duration::from_secs(10);
        process.send(&format!("START {}", setup.size))?;
        let reply = process.answer(Instant::now() + wait, false)?;
        if reply.trim() != "OK" {
            return Err(format!("answered START with '{}'", shorten(&reply)));
        }
        let ms = |d: Duration| d.as_millis();
        let mut info = vec![
            format!("INFO timeout_turn {}", ms(setup.tc.turn)),
            format!("INFO timeout_match {}", ms(setup.tc.game)),
            format!("INFO max_memory {}", setup.memory_bytes),
            format!("INFO rule {}", setup.rule.mask()),
        ];
        if !setup.tc.game.is_zero() {
            info.push(format!("INFO time_left {}", ms(setup.tc.game)));
        }
        info.extend(setup.extra_info.iter().cloned());
        for line in info {
            process.send(&line)?;
        }
        Ok(Brain {
            process,
            clock: setup.tc.game,
            informed: false,
        })
    }

    /// Asks for a move in `board` and waits for it within the brain's time (its turn limit
    /// or what its clock has left, the smaller, and the tolerance); the reply line.
    fn turn(&mut self, setup: &Setup, board: &Board) -> Result<String, String> {
        let p = &mut self.process;
        p.move_number = board.history().len() + 1;
        let clocked = !setup.tc.game.is_zero();
        // Before every request, as c-gomoku-cli sends it (2147483647, the protocol's
        // "unlimited", without a clock). A brain still busy ending its last move may drop
        // the first word it reads (Rapfi 0.43 does, when a forced reply comes back within
        // a millisecond): better this line's than the request's.
        let left = if clocked {
            self.clock.as_millis()
        } else {
            i32::MAX as u128
        };
        p.send(&format!("INFO time_left {left}"))?;
        if self.informed {
            let last = *board.history().last().expect("the other brain moved");
            let (x, y) = board.xy(last);
            p.send(&format!("TURN {x},{y}"))?;
        } else if board.history().is_empty() {
            p.send("BEGIN")?;
        } else {
            // The position so far, the stones in the order played: 1 the brain's own, 2 the
            // other's.
            let me = board.to_move();
            let mut lines = vec!["BOARD".to_string()];
            for (k, &c) in board.history().iter().enumerate() {
                let (x, y) = board.xy(c);
                let own = (k % 2 == 0) == (me == Color::Black);
                lines.push(format!("{x},{y},{}", if own { 1 } else { 2 }));
            }
            lines.push("DONE".into());
            for line in lines {
                p.send(&line)?;
            }
        }
        self.informed = true;
        let allowed = if clocked {
            setup.tc.turn.min(self.clock)
        } else {
            setup.tc.turn
        };
        let asked = Instant::now();
        let reply = p.answer(asked + allowed.saturating_add(setup.tolerance), true)?;
        if clocked {
            // An overrun within the tolerance empties the clock: the next move has only
            // the tolerance.
            self.clock = self.clock.saturating_sub(asked.elapsed());
        }
        Ok(reply)
    }
}

/// A brain's process: its input, and its output lines as a thread reads them.
struct Process {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    /// The `MESSAGE` lines read, each with the move it came with (kept with `--msg`).
    messages: Option<Vec<(usize, String)>>,
    /// The move the brain is thinking about (from 1), for its messages.
    move_number: usize,
}

impl Process {
    fn spawn(command: &str) -> Result<Process> {
        let words = words(command)?;
        let program = &words[0];
        // A program named by a path runs in its folder, as c-gomoku-cli runs brains.
        let mut cmd = if program.contains('/') {
            let path = std::fs::canonicalize(program)
                .with_context(|| format!("no program at {program}"))?;
            let mut cmd = Command::new(&path);
            if let Some(dir) = path.parent() {
                cmd.current_dir(dir);
            }
            cmd
        } else {
            Command::new(program)
        };
        cmd.args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        let mut child = cmd
            .spawn()
            .with_context(|| format!("cannot run {program}"))?;
        let input = child.stdin.take().expect("piped");
        let output = child.stdout.take().expect("piped");
        let (tx, lines) = mpsc::channel();
        // Lines as the brain's own reader takes them: cut at 64 KiB, and not UTF-8 is no
        // end (a brain may write its messages in its system's code page).
        std::thread::spawn(move || {
            let mut output = BufReader::new(output);
            let mut bytes = Vec::new();
            while let Ok(true) = read_line(&mut output, &mut bytes) {
                let line = String::from_utf8_lossy(&bytes);
                if tx.send(line.trim_end().to_string()).is_err() {
                    break;
                }
            }
        });
        Ok(Process {
            child,
            input,
            lines,
            messages: None,
            move_number: 0,
        })
    }

    /// Sends a line in one write: a brain that peeks at its input while it thinks (for a
    /// stop) must not find half a command.
    fn send(&mut self, line: &str) -> Result<(), String> {
        self.input
            .write_all(format!("{line}\n").as_bytes())
            .and_then(|_| self.input.flush())
            .map_err(|_| "quit (its input closed)".to_string())
    }

    /// The next line before `deadline` that is not a message for people (`MESSAGE`,
    /// `DEBUG`); for a move (`move`), not an `ERROR` or `UNKNOWN` either: those may answer an
    /// `INFO` line sent before, as c-gomoku-cli also reads them (a brain that answers the
    /// request for a move with one then runs out of time, and the reason quotes it).
    fn answer(&mut self, deadline: Instant, move_: bool) -> Result<String, String> {
        let mut complaint = None;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let word = line.split_whitespace().next().unwrap_or("");
                    match word.to_ascii_uppercase().as_str() {
                        "MESSAGE" => {
                            if let Some(kept) = &mut self.messages {
                                let text = line.trim_start()["MESSAGE".len()..].trim();
                                kept.push((self.move_number, text.to_string()));
                            }
                        }
                        "DEBUG" => {}
                        "ERROR" | "UNKNOWN" if move_ => complaint = Some(line),
                        _ => return Ok(line.trim().to_string()),
                    }
                }
                Err(e) => {
                    let what = match e {
                        RecvTimeoutError::Timeout => OUT_OF_TIME,
                        RecvTimeoutError::Disconnected => "quit",
                    };
                    return Err(match complaint {
                        Some(c) => format!("{what} (after '{}')", shorten(&c)),
                        None => what.to_string(),
                    });
                }
            }
        }
    }
}

impl Drop for Process {
    /// `END`, a moment to leave, then the process is killed.
    fn drop(&mut self) {
        let _ = self.send("END");
        let until = Instant::now() + Duration::from_millis(500);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The game's report line and JSON entry.
fn report(
    setup: &Setup,
    k: usize,
    opening: Option<usize>,
    first_black: bool,
    played: &Played,
) -> GameReport {
    let (black, white) = setup.players(first_black);
    let first_points = |color: &Color| {
        if (*color == Color::Black) == first_black {
            1.0
        } else {
            0.0
        }
    };
    let (result, reason, first_points) = match &played.ending {
        Ending::Draw(why) => ("draw", why.clone(), 0.5),
        Ending::Five(color) => (color.name(), "five".to_string(), first_points(color)),
        Ending::Forfeit(color, why) => {
            let loser = if *color == Color::Black { white } else { black };
            (color.name(), format!("{loser} {why}"), first_points(color))
        }
    };
    GameReport {
        game: k + 1,
        opening: opening.map(|i| i + 1),
        symmetry: None,
        black: black.clone(),
        white: white.clone(),
        result,
        reason,
        moves: played.board.move_string(),
        first_points,
    }
}

/// The game as a record: its moves, the brains' names, the result, the opening's length.
fn record(setup: &Setup, first_black: bool, played: &Played, opening: usize) -> SgfGame {
    let (black, white) = setup.players(first_black);
    let mut game = SgfGame::of(played.board.clone());
    game.black = Some(black.clone());
    game.white = Some(white.clone());
    game.result = Some(played.ending.sgf_result());
    game.opening = opening;
    game
}

/// Appends `text` to the file at `path`.
fn append(path: &Path, text: &str) {
    let written = OpenOptions::new()
        .append(true)
        .open(path)
        .and_then(|mut f| f.write_all(text.as_bytes()));
    said_if_failed(path, written);
}

/// Says a file that could not be written (the match goes on).
fn said_if_failed(path: &Path, written: std::io::Result<()>) {
    if let Err(e) = written {
        eprintln!("cannot write {}: {e}", path.display());
    }
}

/// The first engine's wins, losses and draws.
fn tally(games: &[GameReport]) -> (usize, usize, usize) {
    let count = |points: f64| games.iter().filter(|g| g.first_points == points).count();
    (count(1.0), count(0.0), count(0.5))
}

/// The units the statistics count, in any order: the first engine's points in each game,
/// or with openings (`paired`) each opening pair's mean (games 1 and 2, 3 and 4, ...: one
/// opening, the colours swapped), a pair whose other game has not ended left out. An
/// opening that favours one colour gives each engine a win, which is no noise in the
/// difference between them.
fn units(games: &[GameReport], paired: bool) -> Vec<f64> {
    if !paired {
        return games.iter().map(|g| g.first_points).collect();
    }
    let mut pairs: BTreeMap<usize, Vec<f64>> = BTreeMap::new();
    for g in games {
        pairs
            .entry((g.game - 1) / 2)
            .or_default()
            .push(g.first_points);
    }
    pairs
        .into_values()
        .filter(|p| p.len() == 2)
        .map(|p| (p[0] + p[1]) / 2.0)
        .collect()
}

/// The score and its Elo meaning, from the first engine's side, the margin from the
/// spread of the units' scores (see `units`).
fn summarise(engines: [String; 2], games: Vec<GameReport>, paired: bool) -> MatchReport {
    let (wins, losses, draws) = tally(&games);
    let score = (wins as f64 + draws as f64 / 2.0) / games.len() as f64;
    let elo = |s: f64| -400.0 * (1.0 / s - 1.0).log10();
    // 1.96 standard errors of the mean score of a unit.
    let units = units(&games, paired);
    let n = units.len() as f64;
    let variance = units.iter().map(|u| (u - score).powi(2)).sum::<f64>() / n;
    let margin = 1.96 * (variance / n).sqrt();
    let inside = |s: f64| s > 0.0 && s < 1.0;
    // (+ 0.0: an even score is Elo 0, not -0.) No margin where the interval reaches 0% or
    // 100% (a few games): it would be infinite.
    let e = inside(score).then(|| elo(score) + 0.0);
    let (lo, hi) = (score - margin, score + margin);
    let m = (inside(lo) && inside(hi)).then(|| (elo(hi) - elo(lo)) / 2.0);
    MatchReport {
        engines,
        wins,
        losses,
        draws,
        score,
        elo: e,
        elo_margin: m,
        sprt: None,
        games,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(points: &[f64]) -> Vec<GameReport> {
        points
            .iter()
            .enumerate()
            .map(|(k, &p)| GameReport {
                game: k + 1,
                opening: None,
                symmetry: None,
                black: String::new(),
                white: String::new(),
                result: "draw",
                reason: String::new(),
                moves: String::new(),
                first_points: p,
            })
            .collect()
    }

    /// 75% is 400 log10(3) = 190.85 Elo; every pair split one-one is no noise at all when
    /// paired, and much when the games count alone; 0% has no Elo.
    #[test]
    fn the_score_and_its_elo() {
        let names = || [String::from("a"), String::from("b")];
        let r = summarise(
            names(),
            games(&[1.0, 1.0, 1.0, 0.0, 1.0, 0.5, 0.5, 1.0]),
            false,
        );
        assert_eq!((r.wins, r.losses, r.draws), (5, 1, 2));
        assert_eq!(r.score, 0.75);
        assert!((r.elo.unwrap() - 190.85).abs() < 0.01, "{:?}", r.elo);
        let split = games(&[1.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]);
        let paired = summarise(names(), split, true);
        assert_eq!((paired.elo, paired.elo_margin), (Some(0.0), Some(0.0)));
        let split = games(&[1.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]);
        let single = summarise(names(), split, false);
        assert!(
            single.elo_margin.unwrap() > 200.0,
            "{:?}",
            single.elo_margin
        );
        let lost = summarise(names(), games(&[0.0, 0.0]), false);
        assert_eq!((lost.elo, lost.elo_margin), (None, None));
    }

    /// Games end out of order when several are played at once: a pair is counted once both
    /// its games have ended, whatever their order.
    #[test]
    fn opening_pairs_are_counted_when_complete() {
        let mut ended = games(&[1.0, 0.5, 0.0, 0.0, 1.0]);
        ended.swap(0, 4);
        ended.swap(1, 2);
        let mut pairs = units(&ended, true);
        pairs.sort_by(f64::total_cmp);
        assert_eq!(pairs, [0.0, 0.75]);
        assert_eq!(units(&ended, false).len(), 5);
    }
}
