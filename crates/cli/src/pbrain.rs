//! The Gomocup (piskvork) brain protocol: commands in on one pipe, replies out on the other.
//!
//! A reader thread queues every input line with the time it arrived, so a line that arrives
//! while the engine thinks is kept (a few held ahead, a flood left waiting in the pipe),
//! `END` also stops the search at once, and a move's time counts from its command's arrival
//! (a slow command before it, such as a table resized for `INFO max_memory`, is paid from
//! the turn, not added to it). Every command gets its answer; a malformed or unknown line
//! gets `ERROR`/`UNKNOWN` and the brain carries on.
//!
//! `SWAP2BOARD` (the swap2 opening, added to the protocol in 2022) proposes three stones or
//! chooses a colour by the search's value.
//!
//! Besides the Gomocup commands, the brain answers the Yixin-Board extension's commands that
//! a person studying a position uses: `YXBOARD` (a position, no move), `YXNBEST n` (the best
//! `n` moves, then the first played), `YXSTOP` or `STOP` (play the best move found so far),
//! `YXBLOCK`, `YXBLOCKUNDO` and `YXBLOCKRESET` (moves the brain must not play),
//! `YXSHOWFORBID` (Black's forbidden cells under renju), `YXHASHCLEAR`, `YXSHOWINFO`, and the
//! `INFO` keys `rule 2` (renju, as Yixin-Board numbers it), `show_detail` (the live marks of
//! the best move, the root move being searched and those proven lost), `max_node`,
//! `max_depth` and `thread_num`. The command forms are those Rapfi answers (AlphaGomoku answers
//! `YXBOARD`, `YXSTOP` and `YXSHOWFORBID` alike).

use std::cell::RefCell;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use alphabeta::{Bound, Iteration, Observer, Score, StopHandle};
use alphabeta_gomoku::{Board, BoardError, Caps, Cell, Engine, Level, Limit, Rule};

/// What the brain says in `ABOUT`.
const ABOUT: &str = concat!(
    "name=\"alphabeta\", version=\"",
    env!("CARGO_PKG_VERSION"),
    "\", author=\"alphabeta developers\", country=\"Unknown\", www=\"https://github.com/alphabeta/alphabeta\""
);

/// Time allowed per move when the manager says nothing.
const DEFAULT_TURN: Duration = Duration::from_secs(5);

/// The most moves `YXNBEST` may ask for: each is a search of its own at every depth.
const MAX_LINES: usize = 20;

/// The most of the match clock one move may take is what is left divided by this. While a
/// quarter is more than the turn, the first moves take the whole turn; then the time plan
/// stops starting iterations after a third of the quarter while the best move is stable. The
/// first moves decide most games: at 24 s a game and 4 s a move a quarter scored about 4
/// points more against Rapfi than a seventh, using a median 17 to 19 s of the clock, not 13
/// to 14 (docs/BENCHMARKS.md, session 56; a second run 38.1% against 38.4%). A third and a
/// fifth each scored 4 to 5 points under it, within noise (session 57); a seventh had beaten
/// a fifteenth at 6 s and 12 s (session 39).
const CLOCK_SHARE: u32 = 4;

/// What a move loses to process start-up and pipes beyond the brain's own measure of its time,
/// kept back from both the turn and the match clock's share.
const PIPE_DELAY: Duration = Duration::from_millis(30);

/// What each move still to come is likely to lose to the pipes and the scheduler, beyond its
/// search: that many times the moves the game may still take (half the empty cells) are kept
/// back from the match clock, so a long game's last moves still find time to answer in (with
/// nothing kept back, a two-second game's brain had 3.5 ms left at ply 100 and took 5 ms to
/// answer on a loaded machine).
const MOVE_OVERHEAD: Duration = Duration::from_millis(1);

/// How long a search runs before it shows Yixin-Board the root move it is on (as Rapfi
/// waits): a short search's marks would only flood the board.
const REALTIME_AFTER: Duration = Duration::from_millis(200);

/// One line of input as the reader thread queued it.
struct Line {
    /// When it arrived: a move's time counts from its command's arrival.
    arrived: Instant,
    /// How many stops (`YXSTOP`, `STOP`, `END`) had arrived with it: a stop that arrives
    /// later, even before the brain begins the command, ends its search.
    stops: u64,
    text: String,
}

/// The stop requests: the reader thread counts them as they arrive and stops the search at
/// once; the brain, about to search for a command, starts clear unless one came after it.
#[derive(Clone)]
struct Stops {
    count: Arc<AtomicU64>,
    handle: StopHandle,
}

impl Stops {
    /// A stop arrived: counted, then the search told (in that order, see [`Stops::clear`]).
    fn request(&self) {
        self.count.fetch_add(1, Ordering::SeqCst);
        self.handle.stop();
    }

    /// Readies the engine to search for a command that arrived with `stops` stops before
    /// it: clear, unless another stop has arrived since. A stop that arrives after the count
    /// is read sets the handle after it was reset, so no stop is lost.
    fn clear(&self, stops: u64) {
        self.handle.reset();
        if self.count.load(Ordering::SeqCst) > stops {
            self.handle.stop();
        }
    }
}

struct Brain {
    board: Option<Board>,
    rule: Rule,
    timeout_turn: Duration,
    time_left: Option<Duration>,
    /// Whether the table has its size: from `INFO max_memory`, or the default at the first
    /// move. Until then there is none, so a brain told to keep to a small `max_memory` never
    /// held the default table first.
    table_sized: bool,
    /// `INFO show_detail` asked for Yixin-Board's live marks (`REALTIME`).
    realtime: bool,
    /// `END` came inside a list (`BOARD` ... `DONE` unfinished): the brain exits all the same.
    ended: bool,
    engine: Engine,
    stops: Stops,
}

/// The most input lines read ahead of the brain (at most 64 KiB each).
const HELD_LINES: usize = 16;

/// The table's size in MiB when the manager sends no `max_memory` (or 0, no limit).
const DEFAULT_TABLE_MB: usize = 64;

/// What the brain holds besides its table, with room: code, stacks, the search's buffers
/// (the whole process peaks at 5.6 MB with one thread and a 1 MiB table, docs/BENCHMARKS.md
/// session 59). So the smallest allowance the brain keeps inside is about 6 MB.
const RESERVE_BYTES: u64 = 6 << 20;

/// Runs the protocol until `END` or the end of the input; every move (and swap2 choice) at
/// `level` below full strength if one is given (`YXNBEST`'s analysis at full strength).
pub fn run<R: BufRead + Send + 'static, W: Write>(input: R, mut out: W, level: Option<Level>) {
    let mut brain = Brain::new();
    brain.engine.set_level(level, Level::fresh_seed());
    let stops = brain.stops.clone();
    // A few lines held ahead: lines that flood in while the brain thinks wait in its input
    // pipe, not in its memory (each may be 64 KiB; `max_memory` counts every byte).
    let (tx, rx) = mpsc::sync_channel::<Line>(HELD_LINES);
    std::thread::spawn(move || {
        let mut input = input;
        let mut bytes = Vec::new();
        // Bytes, not `lines()`: a line that is not UTF-8 must get `UNKNOWN`, not end the input.
        while let Ok(true) = crate::lines::read_line(&mut input, &mut bytes) {
            let text = String::from_utf8_lossy(&bytes).trim().to_string();
            if ["END", "YXSTOP", "STOP"]
                .iter()
                .any(|s| text.eq_ignore_ascii_case(s))
            {
                stops.request();
            }
            let line = Line {
                arrived: Instant::now(),
                stops: stops.count.load(Ordering::SeqCst),
                text,
            };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    while let Ok(line) = rx.recv() {
        if line.text.is_empty() {
            continue;
        }
        if !brain.command(&line, &rx, &mut out) || brain.ended {
            break;
        }
        let _ = out.flush();
    }
}

/// The threads to search with when the manager asks for `n`: no more than the machine has
/// cores. More only slow Lazy SMP down, and each holds its own buffers (a third of a MiB),
/// which `max_memory` does not count: 256 threads took the brain to 133 MB at 100 MB allowed.
fn thread_count(n: u64) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    (n.clamp(1, 256) as usize).min(cores)
}

/// Parses a protocol cell `x,y` (column, row from the top left, from 0).
pub fn parse_xy(s: &str) -> Option<(u32, u32)> {
    let (a, b) = s.trim().split_once(',')?;
    Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
}

impl Brain {
    /// A brain before `START`: no board, no table yet.
    fn new() -> Brain {
        let engine = Engine::new(0);
        let stops = Stops {
            count: Arc::new(AtomicU64::new(0)),
            handle: engine.stop_handle(),
        };
        Brain {
            board: None,
            rule: Rule::Freestyle,
            timeout_turn: DEFAULT_TURN,
            time_left: None,
            table_sized: false,
            realtime: false,
            ended: false,
            engine,
            stops,
        }
    }

    /// Reads the lines of a list up to `DONE`; `None` when the input ends first, or when `END`
    /// comes first (a manager ending a game cut short must not wait on a brain stuck in a list).
    fn read_list(&mut self, rx: &mpsc::Receiver<Line>) -> Option<(Vec<String>, Line)> {
        let mut items = Vec::new();
        loop {
            let line = rx.recv().ok()?;
            if line.text.eq_ignore_ascii_case("DONE") {
                return Some((items, line));
            }
            if line.text.eq_ignore_ascii_case("END") {
                self.ended = true;
                return None;
            }
            items.push(line.text);
        }
    }

    /// Handles one command; `false` when the brain must exit.
    fn command<W: Write>(&mut self, input: &Line, rx: &mpsc::Receiver<Line>, out: &mut W) -> bool {
        let line = input.text.as_str();
        let (cmd, arg) = match line.split_once(char::is_whitespace) {
            Some((c, a)) => (c.to_ascii_uppercase(), a.trim()),
            None => (line.to_ascii_uppercase(), ""),
        };
        match cmd.as_str() {
            "START" => match arg.parse::<u32>() {
                Ok(n) => self.start(n, out),
                Err(_) => say(
                    out,
                    &format!("ERROR START needs a board size, got '{}'", shorten(arg)),
                ),
            },
            "RECTSTART" => match parse_xy(arg) {
                Some((w, h)) if w == h => self.start(w, out),
                Some(_) => say(out, "ERROR rectangular boards are not supported"),
                None => say(
                    out,
                    &format!("ERROR RECTSTART needs width,height, got '{}'", shorten(arg)),
                ),
            },
            "RESTART" => match &self.board {
                Some(b) => {
                    let n = b.size() as u32;
                    self.start(n, out)
                }
                None => say(out, "ERROR RESTART before START"),
            },
            "BEGIN" => {
                if self.ready(out) {
                    self.think(input, 1, out);
                }
            }
            "TURN" => {
                if self.ready(out) && self.opponent_move(arg, out) {
                    self.think(input, 1, out);
                }
            }
            "BOARD" => {
                if let Some(done) = self.board_command(rx, false, out) {
                    self.think(&done, 1, out);
                }
            }
            "SWAP2BOARD" => self.swap2(rx, out),
            "TAKEBACK" => self.takeback(arg, out),
            "INFO" => self.info(arg, out),
            // A weaker brain says so in its name, which GUIs and match records show.
            "ABOUT" => match self.engine.level() {
                Some(l) => say(
                    out,
                    &ABOUT.replacen("alphabeta", &format!("alphabeta level {l}"), 1),
                ),
                None => say(out, ABOUT),
            },
            "END" => return false,
            // Yixin-Board's extension.
            "YXBOARD" => {
                self.board_command(rx, true, out);
            }
            "YXNBEST" => match arg.parse::<usize>() {
                Ok(n @ 1..=MAX_LINES) => {
                    if self.ready(out) {
                        self.think(input, n, out);
                    }
                }
                _ => say(
                    out,
                    &format!(
                        "ERROR YXNBEST needs a number of moves from 1 to {MAX_LINES}, got '{}'",
                        shorten(arg)
                    ),
                ),
            },
            // The reader thread has stopped the search it came during; between moves there
            // is nothing to stop.
            "YXSTOP" | "STOP" => {}
            "YXBLOCK" | "YXBLOCKUNDO" => self.block(cmd == "YXBLOCK", rx, out),
            "YXBLOCKRESET" => self.engine.set_blocked(Vec::new()),
            "YXSHOWFORBID" => self.show_forbidden(out),
            "YXHASHCLEAR" => {
                self.engine.clear();
                say(out, "MESSAGE the transposition table is cleared");
            }
            "YXSHOWINFO" => {
                let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
                say(out, &format!("MESSAGE INFO MAX_THREAD_NUM {cores}"));
            }
            _ => say(out, &format!("UNKNOWN command '{}'", shorten(line))),
        }
        true
    }

    fn start<W: Write>(&mut self, n: u32, out: &mut W) {
        match Board::new(n, self.rule) {
            Ok(b) => {
                self.board = Some(b);
                self.engine.clear();
                self.engine.set_blocked(Vec::new());
                say(out, "OK");
            }
            Err(e) => say(out, &format!("ERROR {e}")),
        }
    }

    /// Is there a board? Says why not.
    fn ready<W: Write>(&mut self, out: &mut W) -> bool {
        if self.board.is_none() {
            say(out, "ERROR no board: send START first");
        }
        self.board.is_some()
    }

    /// Plays the opponent's `x,y`; says what is wrong with a bad one.
    fn opponent_move<W: Write>(&mut self, arg: &str, out: &mut W) -> bool {
        let b = self.board.as_mut().expect("checked by ready");
        let Some((x, y)) = parse_xy(arg) else {
            say(
                out,
                &format!("ERROR TURN needs x,y, got '{}'", shorten(arg)),
            );
            return false;
        };
        let Some(cell) = b.index(x, y) else {
            say(out, &format!("ERROR {x},{y} is off the board"));
            return false;
        };
        if b.at(cell) != Cell::Empty {
            say(out, &format!("ERROR {x},{y} is already taken"));
            return false;
        }
        match b.try_play(cell) {
            Ok(()) => true,
            // The manager judges fouls: a forbidden move it passes on is played, with a word.
            Err(e @ BoardError::Forbidden(..)) => {
                say(out, &format!("MESSAGE {e}; played as the manager sent it"));
                b.place(cell);
                true
            }
            Err(e) => {
                say(out, &format!("ERROR {e}"));
                false
            }
        }
    }

    /// `BOARD` (or `YXBOARD`), then `x,y,who` lines, then `DONE`: a whole position, set
    /// up; the `DONE` line when it was good (for `BOARD`, the brain then moves). `BOARD`
    /// gives a position with the brain to move; `YXBOARD` (`either_side`) one with either
    /// side to move, its stones in the order played (so with as many of each, the first is
    /// Black's).
    fn board_command<W: Write>(
        &mut self,
        rx: &mpsc::Receiver<Line>,
        either_side: bool,
        out: &mut W,
    ) -> Option<Line> {
        let mut mine = Vec::new();
        let mut theirs = Vec::new();
        let mut fault = None;
        let mut first_mine = None;
        let (items, done) = self.read_list(rx)?;
        for line in &items {
            let mut parts = line.split(',').map(str::trim);
            let (x, y, who) = (parts.next(), parts.next(), parts.next());
            let parsed = match (
                x.and_then(|v| v.parse::<u32>().ok()),
                y.and_then(|v| v.parse::<u32>().ok()),
                who,
            ) {
                (Some(x), Some(y), Some("1")) => Some((x, y, true)),
                // 2: the opponent's; 3: a stone of a finished line in a continuous game,
                // which only blocks the cell.
                (Some(x), Some(y), Some("2" | "3")) => Some((x, y, false)),
                _ => None,
            };
            if let (Some((.., own)), None) = (parsed, first_mine) {
                first_mine = Some(own);
            }
            match parsed {
                Some((x, y, true)) => mine.push((x, y)),
                Some((x, y, false)) => theirs.push((x, y)),
                None => fault = fault.or(Some(format!("bad BOARD line '{}'", shorten(line)))),
            }
        }
        if let Some(f) = fault {
            say(out, &format!("ERROR {f}"));
            return None;
        }
        let Some(size) = self.board.as_ref().map(|b| b.size() as u32) else {
            say(out, "ERROR no board: send START first");
            return None;
        };
        // Black has as many stones as White (Black to move) or one more. `BOARD`'s own stones
        // are the side to move's; `YXBOARD`'s may be either side's, and with as many of
        // each the first listed is Black's.
        let mine_black = match (mine.len() as i64 - theirs.len() as i64, either_side) {
            (0, false) => Some(true),
            (0, true) => Some(first_mine != Some(false)),
            (-1, _) => Some(false),
            (1, true) => Some(true),
            _ => None,
        };
        let (black, white) = match mine_black {
            Some(true) => (mine, theirs),
            Some(false) => (theirs, mine),
            None => {
                let side = if either_side { "either side" } else { "us" };
                say(
                    out,
                    &format!(
                        "ERROR {} own and {} opponent stones cannot be a position with {side} to move",
                        mine.len(),
                        theirs.len()
                    ),
                );
                return None;
            }
        };
        let mut b = match Board::new(size, self.rule) {
            Ok(b) => b,
            Err(e) => {
                say(out, &format!("ERROR {e}"));
                return None;
            }
        };
        for i in 0..black.len() {
            for &(x, y) in black.get(i).into_iter().chain(white.get(i)) {
                let placed = b
                    .index(x, y)
                    .filter(|&c| b.at(c) == Cell::Empty)
                    .map(|c| b.place(c));
                if placed.is_none() {
                    say(
                        out,
                        &format!("ERROR BOARD stone {x},{y} is off the board or repeated"),
                    );
                    return None;
                }
            }
        }
        self.board = Some(b);
        Some(done)
    }

    /// `SWAP2BOARD`, the stones so far (`x,y` lines in the order played, Black first), then
    /// `DONE`: the swap2 opening. With none, the brain proposes three stones (two Black, one
    /// White): of a few shapes around the centre, the one its search finds most level, so
    /// that the opponent's choice of colour gains little. With three or five (White to move),
    /// it takes the colour its search prefers: `SWAP` for Black, or White's move. (It never
    /// takes the third option, two more stones, which the rules allow but do not require.)
    fn swap2<W: Write>(&mut self, rx: &mpsc::Receiver<Line>, out: &mut W) {
        let Some((items, done)) = self.read_list(rx) else {
            return;
        };
        let Some(size) = self.board.as_ref().map(|b| b.size() as u32) else {
            return say(out, "ERROR no board: send START first");
        };
        let mut b = match Board::new(size, self.rule) {
            Ok(b) => b,
            Err(e) => return say(out, &format!("ERROR {e}")),
        };
        for item in &items {
            let cell = parse_xy(item).and_then(|(x, y)| b.index(x, y));
            match cell.map(|c| b.try_play(c)) {
                Some(Ok(())) => {}
                Some(Err(e)) => return say(out, &format!("ERROR SWAP2BOARD {e}")),
                None => {
                    return say(
                        out,
                        &format!(
                            "ERROR SWAP2BOARD needs x,y lines on the board, got '{}'",
                            shorten(item)
                        ),
                    )
                }
            }
        }
        if !self.table_sized {
            self.engine.set_table_megabytes(DEFAULT_TABLE_MB);
            self.table_sized = true;
        }
        let budget = match self.limit(done.arrived.elapsed()) {
            Limit::Time(t) | Limit::Exactly(t) => t,
            Limit::Depth(_) => DEFAULT_TURN,
        };
        self.stops.clear(done.stops);
        match items.len() {
            0 => {
                let stones = self.level_opening(&b, budget);
                let xy: Vec<String> = stones
                    .iter()
                    .map(|&c| {
                        let (x, y) = b.xy(c);
                        format!("{x},{y}")
                    })
                    .collect();
                say(out, &xy.join(" "));
            }
            3 | 5 => {
                // White to move: its search's value says which colour to take.
                let t = self.engine.think(&mut b, Limit::Exactly(budget), |_| {});
                match t.best {
                    Some(cell) if t.score >= Score::DRAW => {
                        let (x, y) = b.xy(cell);
                        say(
                            out,
                            &format!("MESSAGE white's value {}: stays white", t.score),
                        );
                        say(out, &format!("{x},{y}"));
                    }
                    _ => {
                        say(
                            out,
                            &format!("MESSAGE white's value {}: takes black", t.score),
                        );
                        say(out, "SWAP");
                    }
                }
            }
            n => say(
                out,
                &format!("ERROR SWAP2BOARD takes 0, 3 or 5 stones, not {n}"),
            ),
        }
    }

    /// Three opening stones (Black, White, Black) near the centre of the empty `board`: of a
    /// few shapes, the one whose position (White to move) the search values nearest level,
    /// each searched for an equal share of `budget`.
    fn level_opening(&mut self, board: &Board, budget: Duration) -> Vec<u16> {
        // (dx, dy) from the centre of Black's first stone, White's, Black's second.
        const SHAPES: [[(i32, i32); 3]; 6] = [
            [(0, 0), (1, 0), (1, 1)],
            [(0, 0), (1, 1), (2, 0)],
            [(0, 0), (0, 1), (2, 2)],
            [(0, 0), (1, -1), (2, 1)],
            [(0, 0), (2, 0), (1, 2)],
            [(0, 0), (-1, 1), (2, 1)],
        ];
        let c = board.size() as i32 / 2;
        let share = budget / SHAPES.len() as u32;
        let mut best: Option<(i32, Vec<u16>)> = None;
        for shape in SHAPES {
            let mut b = board.clone();
            let cells: Vec<u16> = shape
                .iter()
                .filter_map(|&(dx, dy)| b.index((c + dx) as u32, (c + dy) as u32))
                .collect();
            if cells.len() < 3 || cells.iter().any(|&cell| b.try_play(cell).is_err()) {
                continue;
            }
            let t = self.engine.think(&mut b, Limit::Exactly(share), |_| {});
            let off = t.score.0.saturating_abs();
            if best.as_ref().is_none_or(|(o, _)| off < *o) {
                best = Some((off, cells));
            }
        }
        best.map(|(_, cells)| cells)
            .expect("a board of 5 or more fits a shape")
    }

    /// `YXBLOCK` (`add`) or `YXBLOCKUNDO`, then `x,y` lines, then `DONE`: cells added to or
    /// taken from those the brain must not play. A bad line spoils the whole list.
    fn block<W: Write>(&mut self, add: bool, rx: &mpsc::Receiver<Line>, out: &mut W) {
        let Some((items, _)) = self.read_list(rx) else {
            return;
        };
        let Some(b) = &self.board else {
            return say(out, "ERROR no board: send START first");
        };
        let mut cells = Vec::new();
        for item in &items {
            match parse_xy(item).and_then(|(x, y)| b.index(x, y)) {
                Some(c) => cells.push(c),
                None => {
                    return say(
                        out,
                        &format!(
                            "ERROR a blocked move is x,y on the board, got '{}'",
                            shorten(item)
                        ),
                    )
                }
            }
        }
        let mut blocked = self.engine.blocked().to_vec();
        blocked.retain(|c| !cells.contains(c));
        if add {
            blocked.extend(cells);
        }
        self.engine.set_blocked(blocked);
    }

    /// `FORBID`, then each cell Black may not play under renju as four digits (`x` then `y`,
    /// two each), then `.`: nothing when White is to move or under the other rules.
    fn show_forbidden<W: Write>(&mut self, out: &mut W) {
        let Some(b) = &self.board else {
            return say(out, "ERROR no board: send START first");
        };
        let mut reply = String::from("FORBID ");
        for c in b
            .cells()
            .filter(|&c| b.at(c) == Cell::Empty && b.forbids(c))
        {
            let (x, y) = b.xy(c);
            reply.push_str(&format!("{x:02}{y:02}"));
        }
        reply.push('.');
        say(out, &reply);
    }

    fn takeback<W: Write>(&mut self, arg: &str, out: &mut W) {
        let Some(b) = self.board.as_mut() else {
            return say(out, "ERROR no board: send START first");
        };
        let Some(cell) = parse_xy(arg).and_then(|(x, y)| b.index(x, y)) else {
            return say(
                out,
                &format!(
                    "ERROR TAKEBACK needs x,y on the board, got '{}'",
                    shorten(arg)
                ),
            );
        };
        if b.history().last() == Some(&cell) {
            b.remove_last();
            return say(out, "OK");
        }
        if !b.history().contains(&cell) {
            return say(out, &format!("ERROR there is no stone at {arg}"));
        }
        // Not the last stone: rebuild the position without it.
        let rest: Vec<u16> = b.history().iter().copied().filter(|&c| c != cell).collect();
        let mut nb = Board::new(b.size() as u32, b.rule()).expect("same size");
        for c in rest {
            nb.place(c);
        }
        *b = nb;
        say(out, "OK");
    }

    fn info<W: Write>(&mut self, arg: &str, out: &mut W) {
        let (key, value) = arg.split_once(char::is_whitespace).unwrap_or((arg, ""));
        let value = value.trim();
        // The protocol says time_left goes below zero once a brain has overrun its match
        // clock: that is no time left, not a bad line. Yixin-Board sends -1 for "no cap" in
        // max_node and max_depth, where 0 lifts a cap too.
        let below_zero_is_zero = ["time_left", "max_node", "max_depth"];
        let number = match value.parse::<i64>() {
            Ok(n)
                if n < 0
                    && below_zero_is_zero
                        .iter()
                        .any(|k| key.eq_ignore_ascii_case(k)) =>
            {
                Ok(0)
            }
            _ => value.parse::<u64>(),
        };
        match (key.to_ascii_lowercase().as_str(), number) {
            ("timeout_turn", Ok(ms)) => self.timeout_turn = Duration::from_millis(ms),
            ("timeout_match", Ok(_)) => {}
            ("time_left", Ok(ms)) => self.time_left = Some(Duration::from_millis(ms)),
            ("max_memory", Ok(bytes)) => {
                // The table takes half of what the allowance leaves beside the rest of the
                // process (RESERVE_BYTES), at least 1 MiB and never over 256 MiB.
                // 0 is no limit.
                let mb = match bytes {
                    0 => DEFAULT_TABLE_MB,
                    b => (b.saturating_sub(RESERVE_BYTES) / 2 / (1 << 20)).clamp(1, 256) as usize,
                };
                self.engine.set_table_megabytes(mb);
                self.table_sized = true;
            }
            ("rule", Ok(mask)) => {
                // Bit 4 renju, 8 caro, 1 exactly five. Yixin-Board says renju with 2 alone
                // (which the Gomocup reserves for continuous games, which the brain does not
                // play).
                self.rule = if mask == 2 {
                    Rule::Renju
                } else {
                    Rule::from_mask(mask)
                };
                if let Some(b) = &self.board {
                    if b.history().is_empty() {
                        self.board = Board::new(b.size() as u32, self.rule).ok();
                    }
                }
            }
            ("thread_num", Ok(n)) => self.engine.set_threads(thread_count(n)),
            // The Yixin-Board extension's caps; 0 lifts one (and -1, above).
            ("max_node", Ok(n)) => self.engine.set_caps(Caps {
                nodes: (n > 0).then_some(n),
                ..self.engine.caps()
            }),
            ("max_depth", Ok(d)) => self.engine.set_caps(Caps {
                depth: (d > 0).then(|| d.min(64) as u32),
                ..self.engine.caps()
            }),
            // Yixin-Board's live marks: bit 1.
            ("show_detail", Ok(n)) => self.realtime = n & 1 != 0,
            ("game_type" | "evaluate" | "folder", _) => {}
            (
                "timeout_turn" | "timeout_match" | "time_left" | "max_memory" | "rule"
                | "thread_num" | "max_node" | "max_depth" | "show_detail",
                Err(_),
            ) => say(
                out,
                &format!("ERROR INFO {key} needs a number, got '{}'", shorten(value)),
            ),
            _ => {}
        }
    }

    /// How long to think about this move: the turn limit, less a margin for process and pipe
    /// delays, or a share of the match time when that is less. When the turn limit is what
    /// binds, the time cannot be saved for later moves, so all of it is used
    /// ([`Limit::Exactly`]); when the match clock binds, the time plan spends less on a move
    /// that stays the best ([`Limit::Time`]).
    /// `waited` is the time since the command arrived.
    fn limit(&self, waited: Duration) -> Limit {
        let turn = if self.timeout_turn.is_zero() {
            Duration::from_millis(200)
        } else {
            self.timeout_turn
        };
        let margin = PIPE_DELAY + turn / 20;
        let floor = Duration::from_millis(5);
        let t = turn.saturating_sub(margin);
        let moves_to_go = self.board.as_ref().map_or(0, |b| {
            (b.size() as u32)
                .pow(2)
                .saturating_sub(b.history().len() as u32)
                / 2
        });
        let kept = MOVE_OVERHEAD * moves_to_go;
        match self
            .time_left
            .map(|left| left.saturating_sub(kept) / CLOCK_SHARE)
        {
            // A clock nearly spent still gets answers, each within its share.
            Some(share) if share.saturating_sub(PIPE_DELAY) < t => Limit::Time(
                share
                    .saturating_sub(PIPE_DELAY + waited)
                    .max(floor.min(share)),
            ),
            _ => Limit::Exactly(t.saturating_sub(waited).max(floor)),
        }
    }

    /// Searches for the best `lines` moves, then plays and answers the first, for the
    /// command `input`. Each completed depth is a `MESSAGE` (and with several lines, one
    /// more for each, numbered from 1, best first).
    fn think<W: Write>(&mut self, input: &Line, lines: usize, out: &mut W) {
        if !self.table_sized {
            self.engine.set_table_megabytes(DEFAULT_TABLE_MB);
            self.table_sized = true;
        }
        let limit = self.limit(input.arrived.elapsed());
        self.stops.clear(input.stops);
        let realtime = self.realtime;
        let Some(b) = self.board.as_mut() else { return };
        if b.winner().is_some() || b.is_full() {
            return say(out, "ERROR the game is over");
        }
        let shown = b.clone();
        let xy = |c: u16| {
            let (x, y) = shown.xy(c);
            format!("{x},{y}")
        };
        let line_of = |pv: &[u16]| pv.iter().map(|&c| xy(c)).collect::<Vec<_>>().join(" ");
        let out = RefCell::new(out);
        let on_iteration = |it: &Iteration<u16>| {
            let out = &mut **out.borrow_mut();
            let nps = (it.nodes as f64 / it.time.as_secs_f64().max(1e-6)) as u64;
            say(
                out,
                &format!(
                    "MESSAGE depth {} score {} pv {} nodes {} nps {}",
                    it.depth,
                    it.score,
                    line_of(it.pv),
                    it.nodes,
                    nps
                ),
            );
            if lines > 1 {
                for (k, l) in it.lines.iter().enumerate() {
                    let (score, pv) = (l.score, line_of(&l.pv));
                    say(
                        out,
                        &format!(
                            "MESSAGE ({}) depth {} score {score} pv {pv}",
                            k + 1,
                            l.depth
                        ),
                    );
                }
            }
            if let Some(&best) = it.pv.first().filter(|_| realtime) {
                say(out, "MESSAGE REALTIME REFRESH");
                say(out, &format!("MESSAGE REALTIME BEST {}", xy(best)));
            }
        };
        let mut found = if realtime {
            let mut marks = RootMarks {
                out: &out,
                started: Instant::now(),
                shown: None,
                lost: Vec::new(),
            };
            self.engine
                .think_lines_watched(b, limit, lines, &mut marks, on_iteration)
        } else {
            self.engine.think_lines(b, limit, lines, on_iteration)
        };
        let out = out.into_inner();
        let t = found.swap_remove(0);
        let Some(cell) = t.best else {
            return say(out, "ERROR no move");
        };
        if t.source != alphabeta_gomoku::Source::Search {
            let line: Vec<String> = t.pv.iter().map(|&c| xy(c)).collect();
            say(out, &format!("MESSAGE {:?}: {}", t.source, line.join(" ")));
        }
        b.place(cell);
        let (x, y) = b.xy(cell);
        say(out, &format!("{x},{y}"));
    }
}

/// Yixin-Board's live marks of the root moves (with `INFO show_detail` 1): `REALTIME POS`
/// as the search enters a root move and `DONE` as it leaves it, once it has run
/// `REALTIME_AFTER`; `LOSE` when a root move is proven lost, at once and once a move
/// (the board keeps those marks; `REFRESH` clears the others).
struct RootMarks<'a, 'b, W: Write> {
    out: &'a RefCell<&'b mut W>,
    started: Instant,
    /// The root move last marked `POS`, until it is `DONE`.
    shown: Option<u16>,
    lost: Vec<u16>,
}

impl<W: Write> RootMarks<'_, '_, W> {
    fn mark(&mut self, what: &str, game: &Board, cell: u16) {
        let (x, y) = game.xy(cell);
        say(
            &mut **self.out.borrow_mut(),
            &format!("MESSAGE REALTIME {what} {x},{y}"),
        );
    }
}

impl<W: Write> Observer<Board> for RootMarks<'_, '_, W> {
    fn enter(&mut self, game: &Board, ply: u32, _: Score, _: Score) {
        if ply == 1 && self.started.elapsed() >= REALTIME_AFTER {
            if let Some(&cell) = game.history().last() {
                self.shown = Some(cell);
                self.mark("POS", game, cell);
            }
        }
    }

    /// `value` and `bound` are the root player's: a root move whose value is at most a
    /// loss is lost.
    fn exit(&mut self, game: &Board, ply: u32, value: Score, bound: Bound) {
        let Some(&cell) = game.history().last().filter(|_| ply == 1) else {
            return;
        };
        if value.is_loss() && bound != Bound::Lower && !self.lost.contains(&cell) {
            self.lost.push(cell);
            self.mark("LOSE", game, cell);
        }
        if self.shown == Some(cell) {
            self.shown = None;
            self.mark("DONE", game, cell);
        }
    }
}

/// At most 60 characters of a line, control characters as `?`, to quote it back on one line.
pub fn shorten(line: &str) -> String {
    let mut quoted: String = line
        .chars()
        .take(60)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if line.chars().nth(60).is_some() {
        quoted.push_str("...");
    }
    quoted
}

fn say<W: Write>(out: &mut W, s: &str) {
    let _ = writeln!(out, "{s}");
    let _ = out.flush();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn brain(turn: u64, left: Option<u64>) -> Brain {
        Brain {
            timeout_turn: ms(turn),
            time_left: left.map(ms),
            ..Brain::new()
        }
    }

    #[test]
    fn threads_are_capped_at_the_cores() {
        let cores = std::thread::available_parallelism().unwrap().get();
        assert_eq!(thread_count(0), 1);
        assert_eq!(thread_count(1), 1);
        assert_eq!(thread_count(2), cores.min(2));
        assert_eq!(thread_count(100_000), cores.min(256));
    }

    #[test]
    fn the_time_a_command_waited_is_paid_from_its_turn() {
        // 500 ms a turn, less the margin (30 ms and a twentieth): 445 ms to think.
        let b = brain(500, None);
        assert!(matches!(b.limit(Duration::ZERO), Limit::Exactly(t) if t == ms(445)));
        // The command waited 200 ms in the queue (behind a table resize, say): 245 ms left.
        assert!(matches!(b.limit(ms(200)), Limit::Exactly(t) if t == ms(245)));
        // Never less than the floor.
        assert!(matches!(b.limit(ms(2000)), Limit::Exactly(t) if t == ms(5)));
        // When the match clock binds (60 s left: a quarter, 15 s, less 30 ms, under a 20 s
        // turn), the wait is paid from its share too.
        let b = brain(20_000, Some(60_000));
        assert!(matches!(b.limit(Duration::ZERO), Limit::Time(t) if t == ms(14_970)));
        assert!(matches!(b.limit(ms(500)), Limit::Time(t) if t == ms(14_470)));
        // While a quarter of the clock is more than the turn, the whole turn (less 30 ms and a
        // twentieth): 100 s left, a 20 s turn.
        let b = brain(20_000, Some(100_000));
        assert!(matches!(b.limit(Duration::ZERO), Limit::Exactly(t) if t == ms(18_970)));
        // A clock nearly spent: 120 ms left leaves nothing after the margin, so the floor of
        // 5 ms; with 12 ms left, a quarter of it.
        let b = brain(10_000, Some(120));
        assert!(matches!(b.limit(Duration::ZERO), Limit::Time(t) if t == ms(5)));
        let b = brain(10_000, Some(12));
        assert!(matches!(b.limit(Duration::ZERO), Limit::Time(t) if t == ms(3)));
    }

    #[test]
    fn the_clock_keeps_time_back_for_the_moves_to_come() {
        // An empty 15x15 board: 225 cells, 112 moves to come, 112 ms kept back; of 60 s
        // left a quarter of 59,888 ms, less 30 ms.
        let mut b = brain(20_000, Some(60_000));
        b.board = Some(Board::new(15, Rule::Freestyle).unwrap());
        assert!(matches!(b.limit(Duration::ZERO), Limit::Time(t) if t == ms(14_942)));
        // 200 ms left: a quarter of 88 ms is 22 ms, all of it the pipes' margin: the floor.
        b.time_left = Some(ms(200));
        assert!(matches!(b.limit(Duration::ZERO), Limit::Time(t) if t == ms(5)));
        // Less left than is kept back: no time to search, an answer at once.
        b.time_left = Some(ms(100));
        assert!(matches!(b.limit(Duration::ZERO), Limit::Time(t) if t.is_zero()));
        // The moves to come are half the empty cells: of 1 s left, a 20x20 board keeps 200
        // ms (a quarter of 800, less 30: 170 ms), a 5x5 board 12 ms (247 - 30 = 217 ms).
        b.time_left = Some(ms(1000));
        b.board = Some(Board::new(20, Rule::Freestyle).unwrap());
        assert!(matches!(b.limit(Duration::ZERO), Limit::Time(t) if t == ms(170)));
        b.board = Some(Board::new(5, Rule::Freestyle).unwrap());
        assert!(matches!(b.limit(Duration::ZERO), Limit::Time(t) if t == ms(217)));
        // A stone fewer empty cells: 24, still 12 moves; two fewer, 23: 11 (a quarter of
        // 989 ms, 247.25, less 30).
        b.board.as_mut().unwrap().place(0);
        assert!(matches!(b.limit(Duration::ZERO), Limit::Time(t) if t == ms(217)));
        b.board.as_mut().unwrap().place(1);
        assert!(
            matches!(b.limit(Duration::ZERO), Limit::Time(t) if t == ms(1000 - 11) / 4 - ms(30))
        );
    }
}
