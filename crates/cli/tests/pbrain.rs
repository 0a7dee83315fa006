//! The Gomocup protocol end to end: the real `pbrain-alphabeta` over pipes.

use std::collections::HashSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

struct Brain {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Brain {
    fn start() -> Brain {
        Brain::start_with(&[])
    }

    /// The brain run with these command-line arguments.
    fn start_with(args: &[&str]) -> Brain {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-alphabeta"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the brain starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Brain {
            child,
            stdin,
            lines,
        }
    }

    /// A brain that has answered `START size`.
    fn on_board(size: u32) -> Brain {
        let mut b = Brain::start();
        b.send(&format!("START {size}"));
        assert_eq!(b.reply(), "OK");
        b
    }

    /// Sends `END`; the brain must exit cleanly.
    fn end(mut self) {
        self.send("END");
        assert!(self.child.wait().unwrap().success());
    }

    fn send(&mut self, s: &str) {
        writeln!(self.stdin, "{s}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The next line that is not MESSAGE or DEBUG. (The long wait only catches a hung brain.)
    fn reply(&mut self) -> String {
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(60))
                .expect("the brain answers");
            if !line.starts_with("MESSAGE") && !line.starts_with("DEBUG") {
                return line;
            }
        }
    }

    fn xy(&mut self) -> (u32, u32) {
        let r = self.reply();
        let (x, y) = r
            .split_once(',')
            .unwrap_or_else(|| panic!("not a move: {r}"));
        (x.parse().unwrap(), y.parse().unwrap())
    }
}

/// Does this set of stones hold five in a row?
fn has_five(stones: &HashSet<(u32, u32)>) -> bool {
    let dirs: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
    stones.iter().any(|&(x, y)| {
        dirs.iter().any(|&(dx, dy)| {
            (0..5).all(|k| {
                let (cx, cy) = (x as i32 + k * dx, y as i32 + k * dy);
                cx >= 0 && cy >= 0 && stones.contains(&(cx as u32, cy as u32))
            })
        })
    })
}

#[test]
fn a_full_game_against_a_scripted_opponent() {
    let mut b = Brain::on_board(15);
    b.send("INFO timeout_turn 300");
    b.send("INFO rule 0");
    b.send("INFO thread_num 2");
    b.send("BEGIN");
    let mut taken = HashSet::new();
    let mut brain = HashSet::new();
    let first = b.xy();
    taken.insert(first);
    brain.insert(first);
    // The opponent plays the first free cell in reading order: weak, so the brain must win.
    for _ in 0..60 {
        let mv = (0..15 * 15)
            .map(|i| (i % 15, i / 15))
            .find(|c| !taken.contains(c))
            .unwrap();
        taken.insert(mv);
        b.send(&format!("TURN {},{}", mv.0, mv.1));
        let (x, y) = b.xy();
        assert!(x < 15 && y < 15);
        assert!(
            taken.insert((x, y)),
            "the brain played the taken cell {x},{y}"
        );
        brain.insert((x, y));
        if has_five(&brain) {
            break;
        }
    }
    assert!(has_five(&brain), "the brain beats a trivial opponent");
    // After the five, the game is over: a further TURN is refused.
    let mv = (0..15 * 15)
        .map(|i| (i % 15, i / 15))
        .find(|c| !taken.contains(c))
        .unwrap();
    b.send(&format!("TURN {},{}", mv.0, mv.1));
    assert!(b.reply().contains("over"));
    b.end();
}

#[test]
fn board_takeback_garbage_and_about() {
    let mut b = Brain::start();
    b.send("ABOUT");
    let about = b.reply();
    assert!(
        about.contains("name=\"alphabeta\"") && about.contains("version="),
        "{about}"
    );
    b.send("TURN 1,1");
    assert!(b.reply().starts_with("ERROR"), "a move before START");
    b.send("START 20");
    assert_eq!(b.reply(), "OK");
    b.send("complete garbage");
    assert!(b.reply().starts_with("UNKNOWN"));
    b.send("TURN 7");
    assert!(b.reply().starts_with("ERROR"));
    b.send("START 40");
    assert!(b.reply().starts_with("ERROR"));
    b.send("RECTSTART 20,15");
    assert!(b.reply().starts_with("ERROR"));
    b.send("RESTART");
    assert_eq!(b.reply(), "OK");
    // The opponent (2) has an open four on row 5: x = 3..6. The brain (1) must block.
    b.send("INFO timeout_turn 500");
    b.send("BOARD");
    for line in [
        "3,5,2", "10,10,1", "4,5,2", "10,11,1", "5,5,2", "12,0,1", "6,5,2", "0,19,1",
    ] {
        b.send(line);
    }
    b.send("DONE");
    let (x, y) = b.xy();
    assert!(
        (x, y) == (2, 5) || (x, y) == (7, 5),
        "must block the four, played {x},{y}"
    );
    // Take the move back and ask again with TURN on a fresh cell.
    b.send(&format!("TAKEBACK {x},{y}"));
    assert_eq!(b.reply(), "OK");
    b.send("TAKEBACK 19,19");
    assert!(b.reply().starts_with("ERROR"), "no stone there");
    b.send("BOARD");
    b.send("1,2,x");
    b.send("DONE");
    assert!(b.reply().starts_with("ERROR"), "a malformed BOARD line");
    b.end();
}

/// The protocol's promise: every answer arrives within `timeout_turn`, measured here as the
/// manager measures it, from the command's sending to the move's reading, with two search
/// threads while the other tests load the machine. The positions are open middle games, so
/// each search runs to the clock. (The brain keeps a margin of 30 ms and a twentieth of the
/// turn; this fails if the margin or the search's clock checks fall short.)
#[test]
fn every_move_arrives_within_the_turn_limit() {
    let turn = Duration::from_millis(1000);
    let mut b = Brain::on_board(15);
    b.send(&format!("INFO timeout_turn {}", turn.as_millis()));
    b.send("INFO timeout_match 1000000");
    b.send("INFO thread_num 2");
    let timed = |b: &mut Brain, lines: &[&str]| {
        let sent = Instant::now();
        for line in lines {
            b.send(line);
        }
        let (x, y) = b.xy();
        let took = sent.elapsed();
        assert!(took < turn, "{lines:?} answered {x},{y} after {took:?}");
    };
    let middle_games: [&[&str]; 3] = [
        &[
            "7,10,1", "9,10,2", "8,9,1", "9,8,2", "8,11,1", "6,9,2", "8,10,1", "8,8,2", "9,11,1",
            "6,8,2", "7,8,1", "6,10,2",
        ],
        &[
            "7,10,1", "9,10,2", "8,9,1", "9,8,2", "8,11,1", "6,9,2", "9,11,1", "7,11,2", "8,10,1",
            "8,12,2", "10,12,1", "11,13,2",
        ],
        &[
            "7,10,1", "9,10,2", "8,9,1", "9,8,2", "8,11,1", "6,9,2", "8,10,1", "8,8,2", "9,11,1",
            "6,8,2", "7,8,1", "6,10,2", "6,7,1", "7,9,2", "9,7,1", "7,11,2", "5,9,1", "7,7,2",
            "5,11,1", "8,12,2", "6,12,1", "4,10,2",
        ],
    ];
    for stones in middle_games {
        b.send("RESTART");
        assert_eq!(b.reply(), "OK");
        let board: Vec<&str> = ["BOARD"]
            .into_iter()
            .chain(stones.iter().copied())
            .chain(["DONE"])
            .collect();
        timed(&mut b, &board);
    }
    b.end();
}

/// The match clock's promise: two brains play each other under a short match clock that
/// the test keeps as a manager does (`INFO time_left` before each turn, a move's time measured
/// from sending its command to reading the answer), and neither runs out of it, however
/// long the game lasts. (This fails if the brain ignores `time_left` or spends more of it than
/// is left.)
#[test]
fn a_game_under_a_match_clock_never_runs_out_of_it() {
    let clock = Duration::from_millis(2000);
    let mut brains = [Brain::start(), Brain::start()];
    for b in &mut brains {
        b.send("START 15");
        assert_eq!(b.reply(), "OK");
        b.send("INFO timeout_turn 1000");
        b.send(&format!("INFO timeout_match {}", clock.as_millis()));
        b.send("INFO rule 0");
    }
    let mut left = [clock; 2];
    let mut stones = [HashSet::new(), HashSet::new()];
    let mut taken = HashSet::new();
    let mut last: Option<(u32, u32)> = None;
    for ply in 0..120 {
        let side = ply % 2;
        let b = &mut brains[side];
        b.send(&format!("INFO time_left {}", left[side].as_millis()));
        let sent = Instant::now();
        match last {
            None => b.send("BEGIN"),
            Some((x, y)) => b.send(&format!("TURN {x},{y}")),
        }
        let mv = b.xy();
        let took = sent.elapsed();
        assert!(
            took < left[side],
            "ply {ply}: {mv:?} took {took:?} with {:?} left",
            left[side]
        );
        left[side] -= took;
        assert!(taken.insert(mv), "ply {ply}: {mv:?} is taken");
        stones[side].insert(mv);
        if has_five(&stones[side]) {
            break;
        }
        last = Some(mv);
    }
    for mut b in brains {
        b.send("END");
        assert!(b.child.wait().unwrap().success());
    }
}

/// The moves and thinking lines (timing left out) of a short game against a fixed script,
/// the brain capped by `caps` (INFO lines) with a long turn, so the caps bind, not the clock.
fn capped_game(caps: &[&str]) -> Vec<String> {
    let mut b = Brain::on_board(15);
    b.send("INFO timeout_turn 30000");
    for line in caps {
        b.send(line);
    }
    let mut seen = vec![];
    let mut answer = |b: &mut Brain| loop {
        let line = b.lines.recv_timeout(Duration::from_secs(60)).unwrap();
        match line.strip_prefix("MESSAGE depth ") {
            // "MESSAGE depth D score S pv ... nodes N nps R": all but the speed.
            Some(rest) => seen.push(rest.split(" nps ").next().unwrap().to_string()),
            None => {
                seen.push(line.clone());
                return line;
            }
        }
    };
    let mut taken: HashSet<String> = HashSet::new();
    b.send("BOARD");
    for line in ["7,7,2", "8,8,1", "8,7,2", "6,8,1", "9,6,2"] {
        taken.insert(line[..3].to_string());
        b.send(line);
    }
    b.send("DONE");
    for _ in 0..3 {
        let mv = answer(&mut b);
        assert!(mv.contains(','), "a move: {mv}");
        taken.insert(mv);
        // The script plays the first of its cells still free.
        let reply = ["6,6", "10,5", "5,10", "0,14", "14,0", "14,14"]
            .into_iter()
            .find(|c| !taken.contains(*c))
            .unwrap();
        taken.insert(reply.to_string());
        b.send(&format!("TURN {reply}"));
    }
    answer(&mut b);
    b.send("END");
    assert!(b.child.wait().unwrap().success());
    seen
}

/// The Yixin-Board extension that match managers send for games of fixed size:
/// `INFO max_node` caps each move's nodes and `INFO max_depth` its depth (0 or -1 lifts a cap). Such games repeat
/// exactly, thinking lines and all: a brain in a second process does the same.
#[test]
fn node_and_depth_caps_bind_and_the_game_repeats() {
    // A thinking line is "D score S pv ... nodes N": the depth comes first.
    let field = |line: &str, key: &str| -> Option<u64> {
        let mut words = line.split_whitespace();
        if key != "depth" {
            words.find(|w| *w == key)?;
        }
        words.next()?.parse().ok()
    };
    let capped = capped_game(&["INFO max_node 40000"]);
    let thinking: Vec<&String> = capped.iter().filter(|l| l.contains(" nodes ")).collect();
    assert!(thinking.len() >= 8, "{capped:?}");
    for line in &thinking {
        assert!(field(line, "nodes").unwrap() <= 40_000, "{line}");
    }
    assert_eq!(capped_game(&["INFO max_node 40000"]), capped);
    let shallow = capped_game(&["INFO max_depth 3"]);
    let depths: Vec<u64> = shallow.iter().filter_map(|l| field(l, "depth")).collect();
    assert!(
        depths.contains(&3) && depths.iter().all(|&d| d <= 3),
        "{shallow:?}"
    );
    // 0 lifts a cap: the game is then the node-capped one again.
    let lifted = capped_game(&[
        "INFO max_depth 3",
        "INFO max_depth 0",
        "INFO max_node 40000",
    ]);
    assert_eq!(lifted, capped);
    // Yixin-Board sends -1 for no cap: lifted too, and no ERROR line (which the game would
    // take for its first move).
    let lifted = capped_game(&[
        "INFO max_depth 3",
        "INFO max_depth -1",
        "INFO max_node 40000",
    ]);
    assert_eq!(lifted, capped);
    let lifted = capped_game(&["INFO max_node 1000", "INFO max_node -1", "INFO max_depth 3"]);
    assert_eq!(lifted, shallow);
}

/// `--level 1`: each move searches at most the level's 1,000 nodes, or the manager's
/// `max_node` if lower; a level out of range is refused before the protocol starts.
#[test]
fn a_level_searches_within_its_nodes() {
    let nodes_of = |line: &str| -> Option<u64> {
        let mut words = line.strip_prefix("MESSAGE depth ")?.split_whitespace();
        words.find(|w| *w == "nodes")?;
        words.next()?.parse().ok()
    };
    for (caps, most) in [(None, 1_000), (Some("INFO max_node 300"), 300)] {
        let mut b = Brain::start_with(&["--level", "1"]);
        b.send("ABOUT");
        assert!(b
            .reply()
            .starts_with("name=\"alphabeta level 1\", version="));
        b.send("START 15");
        assert_eq!(b.reply(), "OK");
        if let Some(line) = caps {
            b.send(line);
        }
        let mut taken: HashSet<String> = ["7,7", "8,8", "8,7", "6,8"].map(String::from).into();
        send_board(&mut b, &[(8, 8), (6, 8)], &[(7, 7), (8, 7)]);
        for reply in ["6,6", "10,4"] {
            let (messages, mv) = b.messages_then_reply();
            let nodes: Vec<u64> = messages.iter().filter_map(|m| nodes_of(m)).collect();
            assert!(!nodes.is_empty(), "{messages:?}");
            assert!(nodes.iter().all(|&n| n <= most), "{messages:?}");
            assert!(mv.contains(',') && taken.insert(mv.clone()), "{mv}");
            if !taken.insert(reply.to_string()) {
                break;
            }
            b.send(&format!("TURN {reply}"));
        }
        b.end();
    }
    let out = Command::new(env!("CARGO_BIN_EXE_pbrain-alphabeta"))
        .args(["--level", "6"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("the level must be 1 to 5, not '6'"), "{err}");
}

#[test]
fn lines_sent_while_thinking_are_kept() {
    let mut b = Brain::on_board(15);
    b.send("INFO timeout_turn 1000");
    b.send("BEGIN");
    // Sent at once, while the brain thinks about BEGIN: answered after it, in order.
    b.send("ABOUT");
    b.send("nonsense");
    let first = b.reply();
    assert!(first.contains(','), "the move first: {first}");
    assert!(b.reply().starts_with("name="));
    assert!(b.reply().starts_with("UNKNOWN"));
    b.end();
}

#[test]
fn hostile_lines_get_an_error_and_the_brain_goes_on() {
    let mut b = Brain::start();
    let cases = [
        "TURN -1,-1",
        "START 0",
        "START 99999999999999999999",
        "RECTSTART 10",
        "TAKEBACK",
        "INFO max_memory lots",
        "INFO timeout_turn -5",
        "INFO thread_num many",
        "INFO max_node plenty",
        "INFO max_depth deep",
        "INFO show_detail lots",
    ];
    for line in cases {
        b.send(line);
        let r = b.reply();
        assert!(r.starts_with("ERROR"), "{line} -> {r}");
    }
    b.send("START 15");
    assert_eq!(b.reply(), "OK");
    for line in ["TURN 1,", "TURN 1,2,3", "TURN 15,15", "TAKEBACK 3,3"] {
        b.send(line);
        let r = b.reply();
        assert!(r.starts_with("ERROR"), "{line} -> {r}");
    }
    b.send(&"X".repeat(100_000));
    let r = b.reply();
    assert!(
        r.starts_with("UNKNOWN") && r.len() < 200,
        "a long line is quoted short"
    );
    b.stdin.write_all(b"\xff\xfe\x00garbage\r\n").unwrap();
    b.stdin.flush().unwrap();
    let r = b.reply();
    assert!(r.starts_with("UNKNOWN"), "a line that is not UTF-8 -> {r}");
    b.send("BOARD");
    b.send("1,1,1");
    b.send("1,1,2");
    b.send("DONE");
    assert!(b.reply().starts_with("ERROR"), "a stone twice");
    // Still working: a move on request.
    b.send("BEGIN");
    assert_eq!(b.xy(), (7, 7));
    b.end();
}

#[test]
fn end_inside_an_unfinished_list_exits() {
    for list in ["BOARD", "YXBOARD", "SWAP2BOARD", "YXBLOCK"] {
        let mut b = Brain::on_board(15);
        b.send(list);
        b.send("7,7,1");
        // The stdin stays open: only END can make the brain exit.
        b.send("END");
        let start = Instant::now();
        loop {
            if let Some(status) = b.child.try_wait().unwrap() {
                assert!(status.success(), "{list}: {status}");
                break;
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "{list}: END inside the list left the brain running"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// Sends `BOARD` with these own (1) and opponent (2) stones, then `DONE`.
fn send_board(b: &mut Brain, own: &[(u32, u32)], theirs: &[(u32, u32)]) {
    b.send("BOARD");
    for &(x, y) in own {
        b.send(&format!("{x},{y},1"));
    }
    for &(x, y) in theirs {
        b.send(&format!("{x},{y},2"));
    }
    b.send("DONE");
}

/// `INFO rule 4` is renju. As Black the brain does not take the double four at 7,8 (it would
/// win at once under the standard rule); as White it plays on after a forbidden move the
/// manager passes on, saying what it saw.
#[test]
fn renju_over_the_protocol() {
    let far_white: Vec<(u32, u32)> = (0..7).map(|k| (2 * k, 0)).collect();
    // Black: a column 7,5 7,6 7,7 and a row 4,8 5,8 6,8, both open: 7,8 makes two fours.
    let black = [(7, 5), (7, 6), (7, 7), (4, 8), (5, 8), (6, 8)];
    let mut b = Brain::on_board(15);
    b.send("INFO rule 4");
    b.send("INFO timeout_turn 500");
    send_board(&mut b, &black, &far_white[..6]);
    let mv = b.xy();
    assert_ne!(mv, (7, 8), "the brain took a double four under renju");
    assert!(!black.contains(&mv) && !far_white.contains(&mv));

    // White now: Black threatens five on 4,12 (a row from the edge), and 7,8 would give
    // Black two open threes (7,6 7,7 and 5,8 6,8).
    let black = [
        (0, 12),
        (1, 12),
        (2, 12),
        (3, 12),
        (7, 6),
        (7, 7),
        (5, 8),
        (6, 8),
    ];
    b.send("RESTART");
    assert_eq!(b.reply(), "OK");
    send_board(&mut b, &far_white, &black);
    assert_eq!(b.xy(), (4, 12), "the only block");
    b.send("TURN 7,8");
    let mut warned = false;
    let reply = loop {
        let line = b
            .lines
            .recv_timeout(Duration::from_secs(60))
            .expect("the brain answers");
        if line.starts_with("MESSAGE") {
            warned |= line.contains("forbidden");
        } else if !line.starts_with("DEBUG") {
            break line;
        }
    };
    assert!(warned, "no word on the forbidden move");
    assert!(!reply.starts_with("ERROR"), "{reply}");
    let (x, y) = reply.split_once(',').expect("a move");
    assert!(x.parse::<u32>().unwrap() < 15 && y.parse::<u32>().unwrap() < 15);
    b.end();
}

/// The brain's peak resident memory, from the kernel's own count.
#[cfg(target_os = "linux")]
fn peak_kib(b: &Brain) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", b.child.id())).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[cfg(target_os = "linux")]
#[test]
fn the_brain_keeps_inside_max_memory() {
    // Sent after START as piskvork does: the default table (64 MiB) must never have been
    // held, and a search that fills the table must not grow past the limit, small as it is.
    for allowed in [24_000_000, 8_000_000] {
        let mut b = Brain::start();
        b.send("START 15");
        assert_eq!(b.reply(), "OK");
        b.send(&format!("INFO max_memory {allowed}"));
        b.send("INFO timeout_turn 1000");
        b.send("TURN 7,7");
        b.xy();
        let peak = peak_kib(&b);
        b.send("END");
        assert!(b.child.wait().unwrap().success());
        assert!(peak < allowed / 1024, "peak {peak} KiB at {allowed} bytes");
    }
    // And the limit is what binds: the default table shows in the peak without it.
    let mut b = Brain::on_board(15);
    b.send("INFO timeout_turn 1000");
    b.send("TURN 7,7");
    b.xy();
    let default = peak_kib(&b);
    b.send("END");
    assert!(b.child.wait().unwrap().success());
    assert!(
        default > 64 * 1024,
        "peak {default} KiB with the default table"
    );
}

/// Lines that flood in while the brain thinks wait in its input pipe (a few are read
/// ahead), not in its memory: 3000 unknown commands of 64,000 bytes (192 MB) sent during a
/// search leave the brain inside the 24 MB it was allowed, and each gets its answer after
/// the move.
#[cfg(target_os = "linux")]
#[test]
fn a_flood_of_lines_while_it_thinks_waits_in_the_pipe() {
    let mut b = Brain::on_board(15);
    b.send("INFO max_memory 24000000");
    b.send("INFO timeout_turn 1000");
    b.send("TURN 7,7");
    let junk = "x".repeat(64_000);
    for _ in 0..3000 {
        b.send(&junk);
    }
    b.xy();
    for _ in 0..3000 {
        let r = b.reply();
        assert!(r.starts_with("UNKNOWN"), "{}", &r[..r.len().min(80)]);
    }
    let peak = peak_kib(&b);
    b.end();
    assert!(peak < 24_000_000 / 1024, "peak {peak} KiB");
}

#[test]
fn an_overrun_clock_is_no_time_left_not_a_bad_line() {
    // The protocol sends a negative time_left once the clock is overrun. The brain must not
    // answer ERROR and go on with the 60 s it was told before: it moves at once.
    let mut b = Brain::on_board(15);
    b.send("INFO timeout_turn 30000");
    b.send("INFO time_left 60000");
    b.send("INFO time_left -250");
    let asked = Instant::now();
    b.send("TURN 7,7");
    b.xy();
    let took = asked.elapsed();
    // 15 s (a quarter of the stale 60 s) if the line were refused; the floor is far below.
    assert!(took < Duration::from_secs(5), "took {took:?}");
    b.end();
}

#[cfg(target_os = "linux")]
#[test]
fn a_line_of_64_megabytes_is_cut_not_held() {
    // The protocol lets a brain cut a very long line; holding it whole would take 64 MB (and
    // more to decode it). Before START the brain holds no table, so its peak shows the line.
    let mut b = Brain::start();
    let chunk = vec![b'X'; 1 << 20];
    for _ in 0..64 {
        b.stdin.write_all(&chunk).unwrap();
    }
    b.send("");
    let r = b.reply();
    assert!(r.starts_with("UNKNOWN") && r.len() < 200, "{}", &r[..80]);
    b.send("ABOUT");
    assert!(b.reply().starts_with("name="));
    let peak = peak_kib(&b);
    b.send("END");
    assert!(b.child.wait().unwrap().success());
    assert!(peak < 32 * 1024, "peak {peak} KiB");
}

impl Brain {
    /// The next line, whatever it is.
    fn line(&mut self) -> String {
        self.lines
            .recv_timeout(Duration::from_secs(60))
            .expect("the brain answers")
    }

    /// Sends a list command (`yxboard`, `yxblock`...), its `x,y[,who]` lines and `done`, in
    /// Yixin-Board's lower case.
    fn send_list(&mut self, command: &str, items: &[String]) {
        self.send(command);
        for item in items {
            self.send(item);
        }
        self.send("done");
    }

    /// The lines up to the next move (or other reply), and the reply.
    fn messages_then_reply(&mut self) -> (Vec<String>, String) {
        let mut messages = Vec::new();
        loop {
            let line = self.line();
            if line.starts_with("MESSAGE") || line.starts_with("DEBUG") {
                messages.push(line);
            } else {
                return (messages, line);
            }
        }
    }
}

/// `x,y,who` lines: own stones (1), then the opponent's (2).
fn stones(own: &[(u32, u32)], theirs: &[(u32, u32)]) -> Vec<String> {
    let own = own.iter().map(|(x, y)| format!("{x},{y},1"));
    own.chain(theirs.iter().map(|(x, y)| format!("{x},{y},2")))
        .collect()
}

fn cells(list: &[(u32, u32)]) -> Vec<String> {
    list.iter().map(|(x, y)| format!("{x},{y}")).collect()
}

fn parse_move(r: &str) -> (u32, u32) {
    let (x, y) = r
        .split_once(',')
        .unwrap_or_else(|| panic!("not a move: {r}"));
    (x.parse().unwrap(), y.parse().unwrap())
}

/// Black (to move) has four in row 7 from 7,7 to 10,7, open at 6,7 and 11,7; White has four
/// in column 7 from 7,14 (the edge) to 7,11, so 7,10 is its only block.
const BLACK_FOUR: [(u32, u32); 4] = [(7, 7), (8, 7), (9, 7), (10, 7)];
const WHITE_FOUR: [(u32, u32); 4] = [(7, 14), (7, 13), (7, 12), (7, 11)];
const WINS: [(u32, u32); 2] = [(6, 7), (11, 7)];
const BLOCK: (u32, u32) = (7, 10);

#[test]
fn yixin_board_sets_a_position_asks_for_several_moves_and_blocks_some() {
    let mut b = Brain::on_board(15);
    b.send("INFO timeout_turn 10000");
    b.send("INFO max_depth 6");
    // A position and no move: the next reply is ABOUT's.
    b.send_list("yxboard", &stones(&[(7, 7), (8, 8)], &[(8, 7), (6, 6)]));
    b.send("ABOUT");
    assert!(b.reply().starts_with("name="), "yxboard answered");
    // The three best moves, each depth's lines numbered, then the first played.
    b.send("yxnbest 3");
    let (messages, reply) = b.messages_then_reply();
    let played = parse_move(&reply);
    let last: Vec<&String> = messages
        .iter()
        .filter(|m| m.contains(") depth 6 "))
        .collect();
    assert_eq!(last.len(), 3, "three lines at the last depth: {messages:?}");
    let mut firsts = Vec::new();
    let mut scores = Vec::new();
    for (k, m) in last.iter().enumerate() {
        assert!(
            m.starts_with(&format!("MESSAGE ({}) depth 6 score ", k + 1)),
            "{m}"
        );
        let (score, pv) = m
            .split_once(" score ")
            .unwrap()
            .1
            .split_once(" pv ")
            .unwrap();
        scores.push(score.parse::<i32>().expect("a plain score"));
        firsts.push(parse_move(pv.split(' ').next().unwrap()));
    }
    assert!(
        scores.windows(2).all(|w| w[0] >= w[1]),
        "best first: {scores:?}"
    );
    firsts.sort();
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "three different moves: {last:?}");
    let first = last[0]
        .split(" pv ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    assert_eq!(played, parse_move(first), "the first line's move is played");
    assert!(
        !messages.iter().any(|m| m.contains("REALTIME")),
        "not asked for"
    );
    // Live marks, asked for: each depth's best move, the last the one played.
    b.send("INFO show_detail 1");
    b.send_list("yxboard", &stones(&[(7, 7), (8, 8)], &[(8, 7), (6, 6)]));
    b.send("yxnbest 1");
    let (messages, reply) = b.messages_then_reply();
    // (A search slowed past a fifth of a second also marks the root moves it is on.)
    let marks: Vec<&String> = messages
        .iter()
        .filter(|m| m.ends_with("REFRESH") || m.contains("REALTIME BEST"))
        .collect();
    assert_eq!(
        marks.len(),
        12,
        "a refresh and a best move at each of 6 depths: {marks:?}"
    );
    assert_eq!(marks[10], "MESSAGE REALTIME REFRESH");
    assert_eq!(marks[11], &format!("MESSAGE REALTIME BEST {reply}"));

    // Blocked: neither five may be made, so the block of White's four; unblocking one five
    // brings it back; after a reset either will do.
    let position = stones(&BLACK_FOUR, &WHITE_FOUR);
    b.send_list("yxblock", &cells(&WINS));
    b.send_list("yxboard", &position);
    b.send("yxnbest 1");
    assert_eq!(b.xy(), BLOCK, "blocked fives");
    b.send_list("yxblockundo", &cells(&WINS[1..]));
    b.send_list("yxboard", &position);
    b.send("yxnbest 1");
    assert_eq!(b.xy(), WINS[1], "the five unblocked");
    b.send("yxblockreset");
    b.send_list("yxboard", &position);
    b.send("BEGIN");
    assert!(WINS.contains(&b.xy()), "no block left");
    // Blocks hold for every move, a TURN's too, until a new game.
    b.send_list("yxblock", &cells(&WINS));
    b.send_list("yxboard", &stones(&BLACK_FOUR, &WHITE_FOUR[..3]));
    b.send(&format!("TURN {},{}", WHITE_FOUR[3].0, WHITE_FOUR[3].1));
    assert_eq!(b.xy(), BLOCK, "a TURN under blocks");
    b.send("RESTART");
    assert_eq!(b.reply(), "OK");
    b.send_list("yxboard", &position);
    b.send("BEGIN");
    assert!(WINS.contains(&b.xy()), "a new game has no blocks");

    // Bad forms get an error naming the fault, and the brain goes on.
    for (lines, fault) in [
        (vec!["yxnbest 0"], "YXNBEST"),
        (vec!["yxnbest lots"], "YXNBEST"),
        (vec!["yxnbest 21"], "YXNBEST"),
        (vec!["yxblock", "7;7", "done"], "blocked move"),
        (vec!["yxblock", "15,0", "done"], "blocked move"),
        (vec!["yxboard", "1,1,1", "1,1,2", "done"], "repeated"),
    ] {
        for l in &lines {
            b.send(l);
        }
        let r = b.reply();
        assert!(
            r.starts_with("ERROR") && r.contains(fault),
            "{lines:?} -> {r}"
        );
    }
    b.send("yxhashclear");
    b.send("yxshowinfo");
    let mut seen = Vec::new();
    while seen.len() < 2 {
        seen.push(b.line());
    }
    assert!(seen[0].starts_with("MESSAGE"), "{seen:?}");
    assert!(
        seen[1].starts_with("MESSAGE INFO MAX_THREAD_NUM "),
        "{seen:?}"
    );
    b.end();
}

/// The cells Black may not play in this renju position, by the library's own test (which
/// its unit tests check against a plain implementation of the rule).
fn forbidden_by_the_library(black: &[(u32, u32)], white: &[(u32, u32)]) -> Vec<(u32, u32)> {
    use alphabeta_gomoku::{Board, Rule};
    let mut board = Board::new(15, Rule::Renju).unwrap();
    for i in 0..black.len() {
        for &(x, y) in black.get(i).into_iter().chain(white.get(i)) {
            board.place(board.index(x, y).unwrap());
        }
    }
    board
        .cells()
        .filter(|&c| board.at(c) == alphabeta_gomoku::Cell::Empty && board.forbids(c))
        .map(|c| board.xy(c))
        .collect()
}

#[test]
fn yixin_board_renju_and_its_forbidden_cells() {
    // Black: a column 7,5 7,6 7,7 and a row 4,8 5,8 6,8, both open: 7,8 is a double four.
    let black = [(7, 5), (7, 6), (7, 7), (4, 8), (5, 8), (6, 8)];
    let white: Vec<(u32, u32)> = (0..7).map(|k| (2 * k, 0)).collect();
    let mut b = Brain::on_board(15);
    // Yixin-Board's number for renju.
    b.send("INFO rule 2");
    b.send_list("yxboard", &stones(&black, &white[..6]));
    b.send("yxshowforbid");
    let r = b.reply();
    let digits = r
        .strip_prefix("FORBID ")
        .and_then(|d| d.strip_suffix('.'))
        .unwrap_or_else(|| panic!("not FORBID ... .: {r}"));
    assert_eq!(digits.len() % 4, 0, "{r}");
    let listed: Vec<(u32, u32)> = (0..digits.len() / 4)
        .map(|i| {
            let d = &digits[4 * i..4 * i + 4];
            (d[..2].parse().unwrap(), d[2..].parse().unwrap())
        })
        .collect();
    assert!(listed.contains(&(7, 8)), "the double four: {r}");
    assert_eq!(listed, forbidden_by_the_library(&black, &white[..6]));
    // White to move has no forbidden cell; nor has Black under freestyle.
    b.send_list("yxboard", &stones(&white[..5], &black));
    b.send("yxshowforbid");
    assert_eq!(b.reply(), "FORBID .");
    // As many stones each, the first listed is Black's: here the opponent's, so Black, to
    // move, is not the brain's colour (the stones are listed in the order played).
    let mut played = Vec::new();
    for (bl, wh) in black.iter().zip(&white) {
        played.push(format!("{},{},2", bl.0, bl.1));
        played.push(format!("{},{},1", wh.0, wh.1));
    }
    b.send_list("yxboard", &played);
    b.send("yxshowforbid");
    assert_eq!(b.reply(), r, "Black to move");
    b.send("INFO rule 0");
    b.send("RESTART");
    assert_eq!(b.reply(), "OK");
    b.send_list("yxboard", &stones(&black, &white[..6]));
    b.send("yxshowforbid");
    assert_eq!(b.reply(), "FORBID .");
    b.end();
}

/// Does the brain answer `command` (sent, then `stop` at once or once it reports a depth)
/// well before its turn of a minute is up?
fn stopped_early(b: &mut Brain, command: &str, stop: &str, wait_for_depth: bool) -> Vec<String> {
    let started = Instant::now();
    b.send(command);
    if wait_for_depth {
        let first = b.line();
        assert!(first.starts_with("MESSAGE depth"), "{first}");
    }
    b.send(stop);
    let (messages, reply) = b.messages_then_reply();
    parse_move(&reply);
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "{stop} did not stop the minute's search for {command}"
    );
    messages
}

#[test]
fn yxstop_plays_at_once_and_stops_only_its_own_search() {
    let mut b = Brain::on_board(15);
    b.send("INFO timeout_turn 60000");
    b.send("BEGIN");
    assert_eq!(b.xy(), (7, 7));
    stopped_early(&mut b, "TURN 8,8", "yxstop", true);
    // Sent together behind a slow command (a table of 256 MiB to clear): the stop arrives
    // before the brain begins the move, and still counts.
    b.send("TAKEBACK 8,8");
    b.send("TAKEBACK 7,7");
    assert_eq!((b.reply(), b.reply()), ("OK".into(), "OK".into()));
    b.send("TAKEBACK 6,6");
    assert!(b.reply().starts_with("ERROR"));
    b.send("INFO max_memory 600000000");
    stopped_early(&mut b, "TURN 8,8", "STOP", false);
    // A stop between moves stops nothing later: this move searches (reports depths) for
    // its two seconds.
    b.send("yxstop");
    b.send("INFO timeout_turn 2000");
    b.send("TURN 9,9");
    let (messages, reply) = b.messages_then_reply();
    parse_move(&reply);
    assert!(
        messages.iter().any(|m| m.starts_with("MESSAGE depth 4 ")),
        "the move after an idle stop was not searched: {messages:?}"
    );
    b.end();
}

/// `SWAP2BOARD`, the Piskvork protocol's swap2 opening (its 2022 page): three stones asked
/// for; with three given, the colour that is plainly better taken (two central Black
/// stones against White's in a corner: `SWAP`, Black; White's central stone against two in
/// corners: White's move); with five, one of the two answers.
#[test]
fn swap2_opening_over_the_protocol() {
    let mut b = Brain::on_board(15);
    b.send("INFO timeout_turn 600");
    b.send_list("SWAP2BOARD", &[]);
    let r = b.reply();
    let stones: Vec<(u32, u32)> = r.split(' ').map(parse_move).collect();
    assert_eq!(stones.len(), 3, "{r}");
    assert!(stones.iter().all(|&(x, y)| x < 15 && y < 15), "{r}");
    let mut distinct = stones.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 3, "{r}");
    b.send_list("SWAP2BOARD", &cells(&[(7, 7), (0, 0), (8, 8)]));
    assert_eq!(b.reply(), "SWAP", "Black is plainly better");
    let given = [(0, 0), (7, 7), (14, 14)];
    b.send_list("SWAP2BOARD", &cells(&given));
    let m = parse_move(&b.reply());
    assert!(
        m.0 < 15 && m.1 < 15 && !given.contains(&m),
        "White's move: {m:?}"
    );
    let five = [(7, 7), (8, 7), (9, 9), (8, 8), (8, 6)];
    b.send_list("SWAP2BOARD", &cells(&five));
    let r = b.reply();
    assert!(
        r == "SWAP" || !five.contains(&parse_move(&r)),
        "SWAP or White's sixth stone: {r}"
    );
    for (list, says) in [
        (cells(&[(1, 1)]), "0, 3 or 5"),
        (cells(&[(1, 1), (2, 2), (1, 1)]), "taken"),
        (vec!["1;1".to_string()], "x,y"),
    ] {
        b.send_list("SWAP2BOARD", &list);
        let r = b.reply();
        assert!(
            r.starts_with("ERROR") && r.contains(says),
            "{list:?} -> {r}"
        );
    }
    b.end();
}

/// `INFO rule 8` is caro: a five between two of the opponent's stones does not win. Black
/// (the brain) can close c5-e5 and g5 with f5, between White's b5 and h5; White threatens a
/// five on row 1 from the edge (a1-d1, then e1: an edge does not close a line). Under
/// freestyle f5 wins at once; under caro it wins nothing, and e1 is the only block.
#[test]
fn caro_over_the_protocol() {
    let black = [(2, 10), (3, 10), (4, 10), (6, 10), (12, 3), (10, 1)];
    let white = [(1, 10), (7, 10), (0, 14), (1, 14), (2, 14), (3, 14)];
    let mut b = Brain::on_board(15);
    b.send("INFO timeout_turn 1000");
    send_board(&mut b, &black, &white);
    assert_eq!(b.xy(), (5, 10), "freestyle: the five");
    for rule in ["8", "9"] {
        b.send(&format!("INFO rule {rule}"));
        b.send("RESTART");
        assert_eq!(b.reply(), "OK");
        send_board(&mut b, &black, &white);
        assert_eq!(
            b.xy(),
            (4, 14),
            "caro (rule {rule}): the block, not a closed five"
        );
    }
    b.end();
}

/// Yixin-Board's live marks of the root moves (`INFO show_detail 1`). Facing two open
/// threes of the other side, every move loses: each root move the search proves lost is
/// marked `LOSE` once, and after each the library's VCT solver (a search of its own) finds
/// the other side's win; the move played is one of them. A search that runs past a fifth
/// of a second marks each root move it enters (`POS`) and leaves (`DONE`): empty cells,
/// each `DONE` after its `POS`.
#[test]
fn yixin_board_live_marks_of_the_root_moves() {
    use alphabeta_gomoku::{Board, Cell, Rule, VctSearch};
    let mut b = Brain::on_board(15);
    b.send("INFO show_detail 1");
    b.send("INFO timeout_turn 3000");
    let own = [(7, 7), (12, 2), (2, 12), (13, 13), (0, 7), (7, 0)];
    let theirs = [(3, 3), (4, 3), (5, 3), (10, 10), (10, 11), (10, 12)];
    send_board(&mut b, &own, &theirs);
    let (messages, reply) = b.messages_then_reply();
    let marked = |what: &str| -> Vec<(u32, u32)> {
        let prefix = format!("MESSAGE REALTIME {what} ");
        messages
            .iter()
            .filter_map(|m| m.strip_prefix(&prefix))
            .map(parse_move)
            .collect()
    };
    let lost = marked("LOSE");
    assert!(!lost.is_empty(), "{messages:?}");
    assert_eq!(
        lost.iter().collect::<HashSet<_>>().len(),
        lost.len(),
        "{lost:?}"
    );
    assert!(lost.contains(&parse_move(&reply)), "{reply} {lost:?}");
    for &(x, y) in &lost {
        // The brain's stones are Black's (as many as White's, its move).
        let mut board = Board::new(15, Rule::Freestyle).unwrap();
        for (&(ox, oy), &(tx, ty)) in own.iter().zip(&theirs) {
            board.place(board.index(ox, oy).unwrap());
            board.place(board.index(tx, ty).unwrap());
        }
        let cell = board.index(x, y).unwrap();
        assert_eq!(board.at(cell), Cell::Empty);
        board.place(cell);
        let win = VctSearch::new(12, 1_000_000).find(&mut board);
        assert!(win.is_some(), "no win for White after {x},{y}");
    }
    // The opening h8 (own), i7: a longer search.
    let (own, theirs) = ([(7, 7)], [(8, 8)]);
    send_board(&mut b, &own, &theirs);
    let (messages, _) = b.messages_then_reply();
    let marks: Vec<(&str, (u32, u32))> = messages
        .iter()
        .filter_map(|m| m.strip_prefix("MESSAGE REALTIME "))
        .filter_map(|m| m.split_once(' '))
        .filter(|(what, _)| ["POS", "DONE"].contains(what))
        .map(|(what, xy)| (what, parse_move(xy)))
        .collect();
    assert!(!marks.is_empty(), "no root move marked: {messages:?}");
    let mut on = None;
    for &(what, cell) in &marks {
        assert!(!own.contains(&cell) && !theirs.contains(&cell), "{cell:?}");
        if what == "POS" {
            on = Some(cell);
        } else {
            assert_eq!(on.take(), Some(cell), "DONE without its POS: {marks:?}");
        }
    }
    b.end();
}
