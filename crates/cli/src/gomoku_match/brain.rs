//! A brain as the manager runs it: its process (a program named by a path runs in its own
//! folder; its output read as the brain reads its input), the game's `START` and `INFO`
//! lines, each request for a move and the wait for it within the brain's time.

use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use alphabeta_cli::lines::read_line;
use alphabeta_cli::pbrain::shorten;
use alphabeta_gomoku::{Board, Color};
use anyhow::{Context, Result};

use super::Setup;

/// The reason of a brain that gave no move in its time.
pub(super) const OUT_OF_TIME: &str = "ran out of time";

/// The process ids of the brains running now, each its process group's leader: ended whole
/// after their games, or all at once when the manager is interrupted.
static RUNNING: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// Set by the first Ctrl-C (or termination signal), under `RUNNING`'s lock: every brain
/// is ended and none starts, so the games running end at once and count for nothing.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Whether the match was interrupted.
pub(super) fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// On Ctrl-C or a termination signal, ends the process groups of the brains running now
/// (they run in their own groups, which the terminal's Ctrl-C no longer reaches) and marks
/// the match interrupted, so that the manager reports the games that ended; a second
/// signal ends the manager at once.
pub(super) fn end_brains_when_interrupted() {
    #[cfg(unix)]
    let _ = ctrlc::set_handler(|| {
        let running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
        if INTERRUPTED.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
        for &pid in running.iter() {
            kill_group(pid);
        }
    });
}

/// Kills the process group `pid` leads (Unix; elsewhere nothing: the caller kills the
/// process itself).
fn kill_group(pid: u32) {
    #[cfg(unix)]
    {
        use nix::sys::signal::{killpg, Signal};
        let _ = killpg(nix::unistd::Pid::from_raw(pid as i32), Signal::SIGKILL);
    }
    #[cfg(not(unix))]
    let _ = pid;
}

/// The most lines of a brain's output read ahead of the manager (each at most 64 KiB).
const HELD_LINES: usize = 256;

/// The most bytes of a brain's `MESSAGE` lines kept in a game for `--msg`.
const KEPT_MESSAGE_BYTES: usize = 16 << 20;

/// A command's program and arguments, split as a shell splits them.
pub(super) fn words(command: &str) -> Result<Vec<String>> {
    let words = shlex::split(command)
        .with_context(|| format!("unbalanced quotes or a lone \\ in the command {command}"))?;
    anyhow::ensure!(!words.is_empty(), "an empty command");
    Ok(words)
}

/// A brain in a game: its process, its clock, whether it has seen the position yet.
pub(super) struct Brain {
    pub(super) process: Process,
    /// Its place in the command line (which `--engine`).
    pub(super) engine: usize,
    clock: Duration,
    informed: bool,
}

impl Brain {
    /// Starts brain `engine` (its place in the command line) for a game: `START`, its
    /// `OK`, then the game's `INFO` lines under its terms. A brain kept from the last game
    /// (`kept`) is asked to `RESTART` instead; one that does not answer `OK` within
    /// `RESTART_WAIT` is ended and a new one started.
    pub(super) fn start(
        setup: &Setup,
        engine: usize,
        kept: Option<Process>,
    ) -> Result<Brain, String> {
        let terms = &setup.terms[engine];
        let tc = terms.tc;
        let mut process = match kept.and_then(|p| restarted(p, setup.keep_messages)) {
            Some(process) => process,
            None => {
                let mut process = Process::spawn(&setup.commands[engine])
                    .map_err(|e| format!("did not start: {e:#}"))?;
                process.new_game(setup.keep_messages);
                // A brain may load its files first: some seconds more than a move.
                let wait = tc.turn.max(tc.game) + setup.tolerance + Duration::from_secs(10);
                process.send(&format!("START {}", setup.size))?;
                let reply = process.answer(Instant::now() + wait, false)?;
                if reply.trim() != "OK" {
                    return Err(format!("answered START with '{}'", shorten(&reply)));
                }
                process
            }
        };
        let ms = |d: Duration| d.as_millis();
        let mut info = vec![
            format!("INFO timeout_turn {}", ms(tc.turn)),
            format!("INFO timeout_match {}", ms(tc.game)),
            format!("INFO max_memory {}", terms.memory_bytes),
            format!("INFO rule {}", setup.rule.mask()),
        ];
        if !tc.game.is_zero() {
            info.push(format!("INFO time_left {}", ms(tc.game)));
        }
        info.extend(terms.extra_info.iter().cloned());
        for line in info {
            process.send(&line)?;
        }
        Ok(Brain {
            process,
            engine,
            clock: tc.game,
            informed: false,
        })
    }

    /// Asks for a move in `board` and waits for it within the brain's time (its turn limit
    /// or what its clock has left, the smaller, and the tolerance); the reply line.
    pub(super) fn turn(&mut self, setup: &Setup, board: &Board) -> Result<String, String> {
        self.time_left(setup, board)?;
        let p = &mut self.process;
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
        self.reply_in_time(setup)
    }

    /// Asks for a swap2 decision (`SWAP2BOARD`, the protocol's swap2 opening) on `board`,
    /// the stones so far (none, three or five), and waits for it as for a move: the reply
    /// line. The brain is told the position again (`BOARD`) at its first move.
    pub(super) fn swap2(&mut self, setup: &Setup, board: &Board) -> Result<String, String> {
        self.time_left(setup, board)?;
        let p = &mut self.process;
        p.send("SWAP2BOARD")?;
        for &c in board.history() {
            let (x, y) = board.xy(c);
            p.send(&format!("{x},{y}"))?;
        }
        p.send("DONE")?;
        self.reply_in_time(setup)
    }

    /// Before every request, the clock (as c-gomoku-cli sends it: 2147483647, the
    /// protocol's "unlimited", without one), and the move number its messages are filed
    /// under. A brain still busy ending its last move may drop the first word it reads
    /// (Rapfi 0.43 does, when a forced reply comes back within a millisecond): better this
    /// line's than the request's.
    fn time_left(&mut self, setup: &Setup, board: &Board) -> Result<(), String> {
        self.process.move_number = board.history().len() + 1;
        let left = if setup.terms[self.engine].tc.game.is_zero() {
            i32::MAX as u128
        } else {
            self.clock.as_millis()
        };
        self.process.send(&format!("INFO time_left {left}"))
    }

    /// The reply to the request just sent, within the brain's time (its turn limit or what
    /// its clock has left, the smaller, and the tolerance), its time taken off its clock.
    fn reply_in_time(&mut self, setup: &Setup) -> Result<String, String> {
        let tc = setup.terms[self.engine].tc;
        let clocked = !tc.game.is_zero();
        let allowed = if clocked {
            tc.turn.min(self.clock)
        } else {
            tc.turn
        };
        let asked = Instant::now();
        let reply = self
            .process
            .answer(asked + allowed.saturating_add(setup.tolerance), true)?;
        if clocked {
            // An overrun within the tolerance empties the clock: the next move has only
            // the tolerance.
            self.clock = self.clock.saturating_sub(asked.elapsed());
        }
        Ok(reply)
    }
}

/// How long a brain kept between games may take to answer `RESTART`: one that supports it
/// answers at once, one that ignores it costs this much a game.
const RESTART_WAIT: Duration = Duration::from_secs(2);

/// A brain kept from the last game, after `RESTART` and its `OK` (what it said after its
/// last move left unread); `None` (the brain ended) if it answered otherwise or not within
/// `RESTART_WAIT`.
fn restarted(mut process: Process, keep_messages: bool) -> Option<Process> {
    while process.lines.try_recv().is_ok() {}
    process.new_game(keep_messages);
    process.send("RESTART").ok()?;
    let reply = process.answer(Instant::now() + RESTART_WAIT, false).ok()?;
    (reply == "OK").then_some(process)
}

/// A brain's process: its input, and its output lines as a thread reads them.
pub(super) struct Process {
    child: Child,
    /// Its input, until `END` closes it.
    input: Option<ChildStdin>,
    lines: Receiver<String>,
    /// The `MESSAGE` lines read, each with the move it came with (kept with `--msg`).
    pub(super) messages: Option<Vec<(usize, String)>>,
    /// The move the brain is thinking about (from 1), for its messages.
    move_number: usize,
    /// The bytes of messages kept so far (`usize::MAX` once past the most kept).
    kept_bytes: usize,
}

impl Process {
    pub(super) fn spawn(command: &str) -> Result<Process> {
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
        // Its own process group, ended whole after the game: a brain run through a script
        // (or `wine`) leaves no helper behind to take the next game's time.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        // Started and listed under the lock: an interruption ends every brain started, and
        // one started after it at once.
        let mut running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
        let mut child = cmd
            .spawn()
            .with_context(|| format!("cannot run {program}"))?;
        running.push(child.id());
        if interrupted() {
            kill_group(child.id());
        }
        drop(running);
        let input = child.stdin.take().expect("piped");
        let output = child.stdout.take().expect("piped");
        // A few lines held at most: a brain that floods its output while the other thinks
        // waits on its pipe (as it would under any manager) instead of filling memory.
        let (tx, lines) = mpsc::sync_channel(HELD_LINES);
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
            input: Some(input),
            lines,
            messages: None,
            move_number: 0,
            kept_bytes: 0,
        })
    }

    /// Forgets the last game's messages and move: its `MESSAGE` lines are kept from here on
    /// if `keep_messages` (with `--msg`).
    fn new_game(&mut self, keep_messages: bool) {
        self.messages = keep_messages.then(Vec::new);
        self.move_number = 0;
        self.kept_bytes = 0;
    }

    /// Keeps a `MESSAGE` line's text with its move (with `--msg`), up to
    /// `KEPT_MESSAGE_BYTES` a game; then one line says the rest was left out.
    fn keep(&mut self, line: &str) {
        let Some(kept) = &mut self.messages else {
            return;
        };
        let text = line.trim_start()["MESSAGE".len()..].trim();
        if self.kept_bytes.saturating_add(text.len()) <= KEPT_MESSAGE_BYTES {
            self.kept_bytes += text.len();
            kept.push((self.move_number, text.to_string()));
        } else if self.kept_bytes <= KEPT_MESSAGE_BYTES {
            self.kept_bytes = usize::MAX;
            let note = format!(
                "(further messages left out: {} MiB kept)",
                KEPT_MESSAGE_BYTES >> 20
            );
            kept.push((self.move_number, note));
        }
    }

    /// Sends a line in one write: a brain that peeks at its input while it thinks (for a
    /// stop) must not find half a command.
    fn send(&mut self, line: &str) -> Result<(), String> {
        let closed = || "quit (its input closed)".to_string();
        let input = self.input.as_mut().ok_or_else(closed)?;
        input
            .write_all(format!("{line}\n").as_bytes())
            .and_then(|_| input.flush())
            .map_err(|_| closed())
    }

    /// The next line before `deadline` that is not a message for people (`MESSAGE`,
    /// `DEBUG`); for a move (`move`), not an `ERROR` or `UNKNOWN` either: those may answer an
    /// `INFO` line sent before, as c-gomoku-cli also reads them (a brain that answers the
    /// request for a move with one then runs out of time, and the reason quotes it).
    fn answer(&mut self, deadline: Instant, move_: bool) -> Result<String, String> {
        let mut complaint = None;
        loop {
            // (A brain whose lines never stop coming is out of time all the same.)
            let left = deadline.saturating_duration_since(Instant::now());
            let next = if left.is_zero() {
                Err(RecvTimeoutError::Timeout)
            } else {
                self.lines.recv_timeout(left)
            };
            match next {
                Ok(line) => {
                    let word = line.split_whitespace().next().unwrap_or("");
                    match word.to_ascii_uppercase().as_str() {
                        "MESSAGE" => self.keep(&line),
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

/// How long a brain told `END` may take to leave before its process group is killed. A
/// Windows brain under Wine, the first in a Wine session, needs about a second: its first
/// start runs Wine's `wineboot` in the brain's group, and one killed half-way leaves the next
/// brain waiting about 30 s for it (the first game lost on time). A brain that leaves at
/// once costs nothing; one deaf to `END` and to the end of its input costs this much.
const END_GRACE: Duration = Duration::from_secs(5);

impl Drop for Process {
    /// `END`, its input closed (a brain behind a script that hands it its lines, or one
    /// that reads on after `END`, sees the end at once), time to leave ([`END_GRACE`]),
    /// then the process and what it started are killed.
    fn drop(&mut self) {
        let _ = self.send("END");
        self.input = None;
        let until = Instant::now() + END_GRACE;
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        kill_group(self.child.id());
        let _ = self.child.kill();
        let _ = self.child.wait();
        let mut running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
        running.retain(|&pid| pid != self.child.id());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Past its deadline a brain is out of time even with lines waiting to be read (a
    /// brain that floods its output would otherwise keep its turn as long as the lines
    /// come faster than they are read): none of them is read.
    #[test]
    fn lines_waiting_at_the_deadline_are_not_read() {
        let mut p = Process::spawn("cat").unwrap();
        let (tx, waiting) = mpsc::sync_channel(1000);
        for _ in 0..1000 {
            tx.send("MESSAGE flood".to_string()).unwrap();
        }
        p.lines = waiting;
        assert_eq!(p.answer(Instant::now(), true), Err(OUT_OF_TIME.to_string()));
        assert_eq!(p.lines.try_iter().count(), 1000);
    }

    /// With `--msg` a brain's messages are kept up to 16 MiB a game, then one line says
    /// the rest was left out (300 messages of 64,000 bytes: 262 kept).
    #[test]
    fn kept_messages_stop_at_their_limit() {
        let mut p = Process::spawn("cat").unwrap();
        p.messages = Some(Vec::new());
        let (tx, waiting) = mpsc::sync_channel(301);
        let long = format!("MESSAGE {}", "x".repeat(64_000));
        for _ in 0..300 {
            tx.send(long.clone()).unwrap();
        }
        tx.send("8,8".to_string()).unwrap();
        p.lines = waiting;
        let deadline = Instant::now() + Duration::from_secs(60);
        assert_eq!(p.answer(deadline, true), Ok("8,8".to_string()));
        let kept = p.messages.take().unwrap();
        assert_eq!(kept.len(), (16 << 20) / 64_000 + 1);
        assert!(kept[..262].iter().all(|(_, text)| text.len() == 64_000));
        assert_eq!(kept[262].1, "(further messages left out: 16 MiB kept)");
    }
}
