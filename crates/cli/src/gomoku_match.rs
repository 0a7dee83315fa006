//! `alphabeta gomoku match`: two Gomocup brains play each other over the protocol, as a match
//! manager (piskvork, c-gomoku-cli) runs them, judged by the rule itself: every reply is
//! checked (a cell off the board or taken, under renju Black's fouls, a line that is no move:
//! the game is lost), the five found by the board, the clocks kept by the manager. With more
//! brains, a tournament: every pair of them (round robin) or the first against each other
//! (gauntlet) plays such a match, the pairings taking turns.
//!
//! Each game starts both brains afresh (a brain that crashed or hung spoils no other game):
//! `START`, the `INFO` lines, then for each brain's first move the position so far (`BEGIN`
//! on an empty board, else `BOARD` ... `DONE`), then `TURN` with the other's last move.

mod brain;
pub mod compare;
mod rating;
mod score;
mod tournament;

use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use alphabeta_cli::pbrain::{parse_xy, shorten};
use alphabeta_gomoku::{write_psq, Board, Color, Rule, SgfGame};
use anyhow::{Context, Result};
use clap::Args;

use crate::gomoku_cmd::{opening, rule_of, RuleArg};
use crate::sprt::{Sprt, Verdict};
use brain::{end_brains_when_interrupted, interrupted, words, Brain, Process, OUT_OF_TIME};
use score::{
    llr_of, paired_differences, standings, summarise, tally, GameReport, SprtReport,
    TournamentReport,
};
use tournament::{schedule, Tournament};

#[derive(Args, Debug)]
pub struct MatchArgs {
    /// A brain's command: the program and its arguments, split as a shell splits them
    /// (quotes keep spaces: `"my brains/pbrain-x" -v`); given twice, or more times for a
    /// tournament. A program named with a `/` runs in its own folder (where brains keep
    /// their files).
    #[arg(long = "engine", value_name = "COMMAND", required = true)]
    engines: Vec<String>,
    /// The brains' names in the reports and records, in the order of `--engine`: one for
    /// each or none (then their programs' file names, `#1`, `#2` ... added to names that
    /// are the same).
    #[arg(long = "name", value_name = "NAME")]
    names: Vec<String>,
    /// With more than two engines, who plays whom: every pair (`round-robin`) or the first
    /// engine against each other (`gauntlet`), each pairing a match of `--games` games.
    #[arg(long, value_enum, default_value_t = Tournament::RoundRobin)]
    tournament: Tournament,
    /// Games to play (2 when left out), in a tournament for each pairing; with
    /// `--openings`, each opening twice, the colours swapped. With `--sprt`, the most to
    /// play (100,000 when left out).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100_000), allow_negative_numbers = true)]
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
    /// Take the openings in an order shuffled by SEED (the same seed, the same order on any
    /// machine), as c-gomoku-cli's `order=random srand=SEED`: a match shorter than its file
    /// samples all of it, not its first lines.
    #[arg(
        long,
        value_name = "SEED",
        requires = "openings",
        allow_negative_numbers = true
    )]
    shuffle: Option<u64>,
    /// Open each game by swap2 (the protocol's `SWAP2BOARD`) instead of from an opening: the
    /// engine that would play Black in the round (the pairing's first in even rounds) places
    /// three stones (Black, White, Black), and the other plays White's move, takes Black
    /// (`SWAP`), or places two more stones (White, Black), after which the first plays
    /// White's move or takes Black. Each answer takes a move's time on its brain's clock.
    #[arg(long, conflicts_with = "openings")]
    swap2: bool,
    /// Board size (5 to 22).
    #[arg(long, default_value_t = 15, allow_negative_numbers = true)]
    size: u32,
    /// Which lines win (and under renju, Black's fouls lose).
    #[arg(long, value_enum, default_value_t = RuleArg::Freestyle)]
    rule: RuleArg,
    /// Time control MATCH/TURN in seconds: each brain's clock for the game, and the most
    /// one move may take (`24/4`, TURN above 0); a MATCH of 0 is no clock; `5` alone is a
    /// clock of 5 s with moves up to 5 s. Given once for every brain, or once for each in
    /// the order of `--engine` (time odds), as `--nodes`, `--depth`, `--threads` and
    /// `--memory` are.
    #[arg(long, default_value = "0/1", value_parser = time_control)]
    tc: Vec<TimeControl>,
    /// Seconds a brain may run over its time before it loses on time.
    #[arg(long, default_value_t = 1.0, value_parser = crate::seconds, allow_negative_numbers = true)]
    tolerance: f64,
    /// A node cap on every move (`INFO max_node`, the Yixin-Board extension): with brains
    /// that honour it, a game repeats on any machine.
    #[arg(long)]
    nodes: Vec<u64>,
    /// A depth cap on every move (`INFO max_depth`).
    #[arg(long)]
    depth: Vec<u32>,
    /// Threads each brain may use (`INFO thread_num`; none sent when left out).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Vec<u32>,
    /// Memory each brain may use, in MiB (`INFO max_memory`; the Gomocup allows 350).
    #[arg(long, default_value = "350", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    memory: Vec<u64>,
    /// A game with this many stones and no five is a draw (0: when the board is full).
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    draw_after: usize,
    /// Keep each brain running from one game to the next (per game played at once) and
    /// start each new game with `RESTART` (the protocol's optional command for a new game)
    /// instead of a new process a game: no start-up a game (a brain with big files to load
    /// saves the most). A brain that does not answer `OK` within two seconds, or whose game
    /// ended by a fault, is started anew. A brain may then keep what it learnt (its table)
    /// between games, so that node-capped games need not repeat (this project's brain
    /// forgets it).
    #[arg(long)]
    reuse: bool,
    /// Games played at once (each game runs its two brains as two processes).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64), allow_negative_numbers = true)]
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

/// What a game needs from the command line.
struct Setup {
    commands: Vec<String>,
    names: Vec<String>,
    /// Each brain's terms, in the order of `commands`.
    terms: Vec<Terms>,
    /// Who plays whom (one pairing in a match of two).
    pairings: Vec<[usize; 2]>,
    /// The games each pairing plays.
    per_pairing: usize,
    size: u32,
    rule: Rule,
    tolerance: Duration,
    draw_after: usize,
    /// Keep the brains' `MESSAGE` lines (for `--msg`).
    keep_messages: bool,
    /// Keep the brains running between games (`--reuse`).
    reuse: bool,
    /// Open each game by swap2 (`--swap2`).
    swap2: bool,
}

/// A brain's terms: its clock, its memory, and the `INFO` lines of its caps and settings
/// (sent after the game's own).
struct Terms {
    tc: TimeControl,
    memory_bytes: u64,
    extra_info: Vec<String>,
}

impl Terms {
    /// Each of `n` brains' terms from the command line, where every setting is given once
    /// for all or once for each.
    fn of(a: &MatchArgs, n: usize) -> Result<Vec<Terms>> {
        fn each<T: Copy>(values: &[T], option: &str, n: usize) -> Result<Vec<Option<T>>> {
            match values.len() {
                0 => Ok(vec![None; n]),
                1 => Ok(vec![Some(values[0]); n]),
                k if k == n => Ok(values.iter().copied().map(Some).collect()),
                k => anyhow::bail!(
                    "{k} --{option} for {n} --engine: give one for all or one for each"
                ),
            }
        }
        let tc = each(&a.tc, "tc", n)?;
        let memory = each(&a.memory, "memory", n)?;
        let nodes = each(&a.nodes, "nodes", n)?;
        let depth = each(&a.depth, "depth", n)?;
        let threads = each(&a.threads, "threads", n)?;
        Ok((0..n)
            .map(|e| {
                let mut extra_info = vec![];
                if let Some(n) = nodes[e] {
                    extra_info.push(format!("INFO max_node {n}"));
                }
                if let Some(d) = depth[e] {
                    extra_info.push(format!("INFO max_depth {d}"));
                }
                if let Some(t) = threads[e] {
                    extra_info.push(format!("INFO thread_num {t}"));
                }
                Terms {
                    tc: tc[e].expect("a default"),
                    memory_bytes: memory[e].expect("a default") << 20,
                    extra_info,
                }
            })
            .collect())
    }
}

/// Who plays a game: the engines playing Black and White, and whether the pairing's first
/// engine is Black.
#[derive(Clone, Copy)]
struct Sides {
    black: usize,
    white: usize,
    first_black: bool,
}

impl Sides {
    /// The same engines, colours exchanged.
    fn swapped(self) -> Sides {
        Sides {
            black: self.white,
            white: self.black,
            first_black: !self.first_black,
        }
    }

    /// Round `round` of `pairing`: its first engine Black in even rounds.
    fn of(pairing: [usize; 2], round: usize) -> Sides {
        let first_black = round.is_multiple_of(2);
        let [a, b] = pairing;
        let (black, white) = if first_black { (a, b) } else { (b, a) };
        Sides {
            black,
            white,
            first_black,
        }
    }
}

pub fn run(a: &MatchArgs) -> Result<()> {
    let n = a.engines.len();
    anyhow::ensure!(
        n >= 2,
        "a match needs two --engine commands (or more), not {n}"
    );
    anyhow::ensure!(
        a.sprt.is_none() || n == 2,
        "--sprt tests one engine against another: it needs two --engine, not {n}"
    );
    let rule = rule_of(a.rule);
    Board::new(a.size, rule)?;
    let mut openings = match &a.openings {
        Some(path) => read_openings(path, a.size, rule)?,
        None => vec![],
    };
    if let Some(seed) = a.shuffle {
        use rand::{seq::SliceRandom, SeedableRng};
        openings.shuffle(&mut rand_xorshift::XorShiftRng::seed_from_u64(seed));
    }
    let names = match a.names.len() {
        0 => program_names(&a.engines)?,
        k if k != n => anyhow::bail!("{k} --name for {n} --engine: give one for each or none"),
        _ => {
            let distinct: std::collections::HashSet<&str> =
                a.names.iter().map(|x| x.trim()).collect();
            anyhow::ensure!(
                distinct.len() == n && !distinct.contains(""),
                "the --name must differ and not be blank"
            );
            a.names.clone()
        }
    };
    let terms = Terms::of(a, n)?;
    if a.reuse && !a.nodes.is_empty() {
        // Said before the games, where it can still change the user's mind.
        eprintln!(
            "note: with --reuse, a brain that keeps its table over RESTART (Rapfi does) plays \
             each game after its first with what it learnt, so node-capped games need not \
             repeat, and an engine paired after another on an opening meets a brain that has \
             searched it already"
        );
    }
    let pairings = a.tournament.pairings(n);
    let per_pairing = a
        .games
        .unwrap_or(if a.sprt.is_some() { 100_000 } else { 2 }) as usize;
    let setup = Setup {
        commands: a.engines.clone(),
        names: names.clone(),
        terms,
        pairings: pairings.clone(),
        per_pairing,
        size: a.size,
        rule,
        tolerance: Duration::from_secs_f64(a.tolerance),
        draw_after: a.draw_after,
        keep_messages: a.msg.is_some(),
        reuse: a.reuse,
        swap2: a.swap2,
    };
    end_brains_when_interrupted();
    // Every brain must start before a match is worth running: a wrong path is a usage error.
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
    let games = per_pairing * pairings.len();
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
            scope.spawn(move || {
                // With --reuse, this worker's brains between games, by engine.
                let mut idle: Vec<Option<Process>> = setup.commands.iter().map(|_| None).collect();
                loop {
                    let next = next_job.lock().unwrap_or_else(|e| e.into_inner()).recv();
                    let Ok(k) = next else {
                        break;
                    };
                    // (None: the match was interrupted, the game cut short.)
                    let Some(report) = play_and_save(a, setup, openings, k, files_lock, &mut idle)
                    else {
                        break;
                    };
                    if tx.send(report).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // A line per game as it ends, with the running tally of its pairing's first engine
        // (on standard error under --json, whose output is the whole at the end).
        for r in rx {
            reports.push(r);
            let r = reports.last().expect("just pushed");
            let (wins, losses, draws) = tally(reports.iter().filter(|g| g.pairing == r.pairing));
            let outcome = match r.result {
                "draw" => "draw".to_string(),
                side => format!("{side} wins"),
            };
            let mut line = format!(
                "game {}: {} (black) - {} (white): {outcome}, {}; ",
                r.game, r.black, r.white, r.reason
            );
            if pairings.len() > 1 {
                let [x, y] = pairings[r.pairing];
                line += &format!("{} - {} ", names[x], names[y]);
            }
            line += &format!("{wins} - {losses} - {draws}");
            if let Some(test) = &a.sprt {
                let llr = llr_of(test, &reports, paired);
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
    // Interrupted (Ctrl-C): the score of the games that ended, then the signal's exit code.
    let stopped = interrupted();
    if stopped && reports.is_empty() {
        eprintln!("interrupted before any game ended");
        std::process::exit(130);
    }
    let ended = reports.len();
    if pairings.len() > 1 {
        report_tournament(a.tournament, names, &pairings, reports, paired, a.json)?;
    } else {
        report_match(a, names, reports, paired, decided)?;
    }
    if stopped {
        eprintln!("interrupted: the score counts the {ended} games that ended");
        std::process::exit(130);
    }
    Ok(())
}

/// A match of two brains' end: the score, and the SPRT's verdict (as JSON with `--json`).
fn report_match(
    a: &MatchArgs,
    names: Vec<String>,
    reports: Vec<GameReport>,
    paired: bool,
    decided: Option<(Verdict, usize)>,
) -> Result<()> {
    let mut summary = summarise([names[0].clone(), names[1].clone()], reports, paired);
    summary.sprt = a
        .sprt
        .map(|test| SprtReport::of(test, &summary.games, paired, decided));
    if a.json {
        println!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        print_score(&summary);
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

/// A pairing's score from its first engine's side: wins, losses, draws, the Elo, and with
/// openings the opening pairs by its points.
fn print_score(summary: &score::MatchReport) {
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
    if let Some([p0, p1, p2, p3, p4]) = summary.pairs {
        println!("opening pairs by the first engine's points, 0 to 2: {p0} {p1} {p2} {p3} {p4}");
    }
}

/// A tournament's end: each pairing's score, in a gauntlet with `openings` the later
/// challengers set beside the first opening by opening, then the standings (as JSON with
/// `json`).
fn report_tournament(
    tournament: Tournament,
    names: Vec<String>,
    pairings: &[[usize; 2]],
    reports: Vec<GameReport>,
    openings: bool,
    json: bool,
) -> Result<()> {
    let table = standings(&names, pairings, &reports);
    let paired = if openings && tournament == Tournament::Gauntlet {
        paired_differences(&names, pairings, &reports)
    } else {
        vec![]
    };
    let mut by_pairing: Vec<Vec<GameReport>> = pairings.iter().map(|_| vec![]).collect();
    for r in reports {
        by_pairing[r.pairing].push(r);
    }
    let mut summaries: Vec<score::MatchReport> = pairings
        .iter()
        .zip(by_pairing)
        .filter(|(_, games)| !games.is_empty())
        .map(|(&[x, y], games)| summarise([names[x].clone(), names[y].clone()], games, openings))
        .collect();
    if json {
        // The games in the order they were set, out of their pairings.
        let mut games: Vec<GameReport> = summaries
            .iter_mut()
            .flat_map(|s| std::mem::take(&mut s.games))
            .collect();
        games.sort_by_key(|g| g.game);
        let report = TournamentReport {
            tournament: tournament.name(),
            engines: names,
            standings: table,
            pairings: summaries,
            paired,
            games,
        };
        println!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(());
    }
    for summary in &summaries {
        print_score(summary);
    }
    if let Some(first) = paired.first() {
        println!(
            "paired by opening with {} (each one's score against {} on the same openings):",
            first.against, names[0]
        );
        for d in &paired {
            let error = d
                .standard_error
                .map_or(String::new(), |e| format!(" ± {:.1}", 100.0 * e));
            println!(
                "  {} - {}: {:+.1}{error} points over {} openings",
                d.engine,
                d.against,
                100.0 * d.difference,
                d.openings
            );
        }
    }
    println!(
        "standings ({}; Elo on one scale, {} at 0):",
        tournament.name(),
        names[0]
    );
    let width = names.iter().map(|x| x.chars().count()).max().unwrap_or(0);
    for (rank, s) in table.iter().enumerate() {
        let rating = s.rating.map_or("-".into(), |e| format!("{e:+.0}"));
        println!(
            "{:>3}. {:<width$}  {rating:>5}  {} - {} - {}, {} of {} points ({:.1}%)",
            rank + 1,
            s.name,
            s.wins,
            s.losses,
            s.draws,
            s.points,
            s.games,
            100.0 * s.score
        );
    }
    Ok(())
}

/// Plays game `k` (from 0: a pairing and round as `schedule` sets them, the opening
/// round/2, the pairing's first engine Black in even rounds), writes its records, and
/// reports it; none when the match is interrupted (the game cut short counts for nothing).
fn play_and_save(
    a: &MatchArgs,
    setup: &Setup,
    openings: &[(usize, Board)],
    k: usize,
    files_lock: &Mutex<()>,
    idle: &mut [Option<Process>],
) -> Option<GameReport> {
    if interrupted() {
        return None;
    }
    let (pairing, round) = schedule(k, setup.pairings.len(), setup.per_pairing);
    let opening = (!openings.is_empty()).then(|| &openings[(round / 2) % openings.len()]);
    let symmetry = a.transform.then(|| (round / 2 / openings.len()) % 8);
    let start = opening
        .map(|(_, board)| board.transformed(symmetry.unwrap_or(0)).history().to_vec())
        .unwrap_or_default();
    let sides = Sides::of(setup.pairings[pairing], round);
    let played = play(setup, &start, sides, idle);
    if interrupted() {
        return None;
    }
    let sides = played.sides;
    let game = record(setup, sides, &played, start.len());
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
    let number = opening.map(|&(number, _)| number);
    let mut report = report(setup, k, (pairing, round), number, sides, &played);
    report.symmetry = symmetry;
    Some(report)
}

/// The brains' names: their programs' file names, those that are the same told apart by
/// their places in the command line (`#1`, `#2` ...).
fn program_names(commands: &[String]) -> Result<Vec<String>> {
    let names = commands
        .iter()
        .map(|c| -> Result<String> {
            let program = words(c)?.swap_remove(0);
            Ok(Path::new(&program)
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or(program))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(names
        .iter()
        .enumerate()
        .map(|(i, x)| {
            if names.iter().filter(|y| *y == x).count() > 1 {
                format!("{x}#{}", i + 1)
            } else {
                x.clone()
            }
        })
        .collect())
}

/// The openings of a file (`offset` or `pos` lines), each checked on a board, with its
/// number among them from 0.
fn read_openings(path: &Path, size: u32, rule: Rule) -> Result<Vec<(usize, Board)>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut out = vec![];
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let board = opening(line, size, rule)
            .with_context(|| format!("{}, line {}", path.display(), i + 1))?;
        out.push((out.len(), board));
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
    /// Who played which colour (swap2 decides it in the game).
    sides: Sides,
    board: Board,
    ending: Ending,
    milliseconds: Vec<u64>,
    /// Black's and White's `MESSAGE` lines with their move numbers (with `--msg`).
    messages: Vec<Vec<(usize, String)>>,
}

/// Plays one game from `start` (cells, Black first) between `sides`, or under `--swap2`
/// from the opening the brains make (`sides.black` placing the first stones), with the
/// brains left `idle` by the last game (by engine, under `--reuse`), where it leaves them.
/// The board as it ended, and how.
fn play(setup: &Setup, start: &[u16], mut sides: Sides, idle: &mut [Option<Process>]) -> Played {
    let mut board = Board::new(setup.size, setup.rule).expect("checked before the match");
    for &c in start {
        board.place(c);
    }
    let mut milliseconds = vec![0; start.len()];
    // brains[0] plays Black.
    let mut brains: Vec<Result<Brain, String>> = [sides.black, sides.white]
        .iter()
        .map(|&e| Brain::start(setup, e, idle[e].take()))
        .collect();
    let opened = if setup.swap2 {
        swap2_opening(setup, &mut board, &mut brains, &mut milliseconds)
    } else {
        Ok(false)
    };
    let ending = match opened {
        Ok(swap) => {
            if swap {
                brains.swap(0, 1);
                sides = sides.swapped();
            }
            play_out(setup, &mut board, &mut brains, &mut milliseconds)
        }
        Err(ending) => ending,
    };
    let messages = brains
        .iter_mut()
        .map(|b| b.as_mut().ok().and_then(|b| b.process.messages.take()))
        .map(Option::unwrap_or_default)
        .collect();
    // A brain is kept for the next game only after a game played out (one that lost on
    // time may still be thinking).
    if setup.reuse && matches!(ending, Ending::Five(_) | Ending::Draw(_)) {
        for brain in brains.into_iter().flatten() {
            idle[brain.engine] = Some(brain.process);
        }
    }
    Played {
        sides,
        board,
        ending,
        milliseconds,
        messages,
    }
}

/// Plays the game on from `board` until it ends: each brain in `brains` (Black's first)
/// asked for its moves in turn, each move's milliseconds added to `milliseconds`.
fn play_out(
    setup: &Setup,
    board: &mut Board,
    brains: &mut [Result<Brain, String>],
    milliseconds: &mut Vec<u64>,
) -> Ending {
    loop {
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
            .turn(setup, board)
            .and_then(|reply| play_reply(board, &reply))
        {
            break Ending::Forfeit(color.other(), why);
        }
        milliseconds.push(asked.elapsed().as_millis() as u64);
        if board.winner() == Some(color) {
            break Ending::Five(color);
        }
    }
}

/// The swap2 opening on the empty `board` between `brains` (the first places the first
/// stones, as Black for now): the stones placed (each answer's milliseconds on the last
/// stone it placed), and whether the colours are then exchanged; or, when a brain fails to
/// answer with what the rules allow, the game's end.
fn swap2_opening(
    setup: &Setup,
    board: &mut Board,
    brains: &mut [Result<Brain, String>],
    milliseconds: &mut Vec<u64>,
) -> Result<bool, Ending> {
    // What each brain may answer at each step: so many stones, or a move, or `SWAP`.
    let steps: [(usize, &[usize], bool); 3] =
        [(0, &[3], false), (1, &[1, 2], true), (0, &[1], true)];
    for (who, counts, may_swap) in steps {
        // A forfeit goes to the other brain's colour, as the colours stand so far.
        let color = if who == 0 { Color::Black } else { Color::White };
        let lost = |why: String| Ending::Forfeit(color.other(), why);
        let brain = brains[who].as_mut().map_err(|why| lost(why.clone()))?;
        let asked = Instant::now();
        let reply = brain.swap2(setup, board).map_err(lost)?;
        // The colours are exchanged when the second takes Black or the first White.
        if may_swap && reply.eq_ignore_ascii_case("SWAP") {
            return Ok(who == 1);
        }
        let before = board.history().len();
        place_stones(board, &reply, counts).map_err(|why| lost(format!("in swap2 {why}")))?;
        milliseconds.resize(board.history().len() - 1, 0);
        milliseconds.push(asked.elapsed().as_millis() as u64);
        if board.history().len() - before == 1 {
            // White's move: the brain that made it plays White.
            return Ok(who == 0);
        }
    }
    unreachable!("the last step's answer is a move or SWAP")
}

/// Plays the stones of a swap2 answer (`x,y` words), as many as one of `counts` allows
/// (a move is one).
fn place_stones(board: &mut Board, reply: &str, counts: &[usize]) -> Result<(), String> {
    let words: Vec<&str> = reply.split_whitespace().collect();
    if !counts.contains(&words.len()) || !words.iter().all(|w| parse_xy(w).is_some()) {
        let allowed: Vec<String> = counts.iter().map(|n| n.to_string()).collect();
        return Err(format!(
            "answered '{}', not {} stones{}",
            shorten(reply),
            allowed.join(" or "),
            if counts.contains(&1) { " or SWAP" } else { "" }
        ));
    }
    words.iter().try_for_each(|w| play_reply(board, w))
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

/// The report of game `k`, round `round` of `pairing`.
fn report(
    setup: &Setup,
    k: usize,
    (pairing, round): (usize, usize),
    opening: Option<usize>,
    sides: Sides,
    played: &Played,
) -> GameReport {
    let (black, white) = (&setup.names[sides.black], &setup.names[sides.white]);
    let first_points = |color: &Color| {
        if (*color == Color::Black) == sides.first_black {
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
        pairing,
        round,
    }
}

/// The game as a record: its moves, the brains' names, the result, the opening's length.
fn record(setup: &Setup, sides: Sides, played: &Played, opening: usize) -> SgfGame {
    let (black, white) = (&setup.names[sides.black], &setup.names[sides.white]);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The project's opening files (`docs/openings/`) read as the manager reads them: every
    /// line a legal opening of 3 to 5 stones with no five, the counts their README gives, and
    /// no position of the second file one of the first (its point is a fresh sample).
    #[test]
    fn the_opening_files_read_and_the_second_repeats_none_of_the_first() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/openings");
        let read = |name: &str| read_openings(&dir.join(name), 15, Rule::Freestyle).unwrap();
        let (first, second) = (
            read("balanced-freestyle15.txt"),
            read("balanced-freestyle15-b.txt"),
        );
        assert_eq!((first.len(), second.len()), (160, 100));
        for (_, b) in first.iter().chain(&second) {
            assert!((3..=5).contains(&b.history().len()), "{b}");
            assert!(b.winner().is_none(), "{b}");
        }
        let seen: std::collections::HashSet<u64> = first.iter().map(|(_, b)| b.hash()).collect();
        for (i, b) in &second {
            assert!(
                !seen.contains(&b.hash()),
                "opening {} of the second file",
                i + 1
            );
        }
    }
}
