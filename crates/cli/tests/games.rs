//! End-to-end tests of `alphabeta tictactoe`, `connect4` and `gomoku` (analyze, vcf, vct,
//! puzzle, review, play, bench, match, compare), over pipes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::{json, Value};

fn run(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_ref())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn ok(args: &[&str]) -> String {
    let o = run(args, "");
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

fn fails(args: &[&str]) -> String {
    let o = run(args, "");
    assert!(!o.status.success(), "{args:?} should fail");
    String::from_utf8(o.stderr).unwrap()
}

#[test]
fn tictactoe_analyze_json() {
    let j: Value =
        serde_json::from_str(&ok(&["tictactoe", "analyze", "XO.....OX", "--json"])).unwrap();
    assert_eq!(j["to_move"], "X");
    assert_eq!(j["best_move"], 5);
    assert_eq!(j["value"], "win in 1");
    let wins: Vec<_> = j["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["value"].as_str().unwrap().starts_with("win"))
        .map(|m| m["cell"].as_u64().unwrap())
        .collect();
    assert_eq!(wins, [5]);
    let text = ok(&["tictactoe", "analyze", "X........"]);
    assert!(
        text.contains("O to move") && text.contains("best move: 5 (draw)"),
        "{text}"
    );
}

#[test]
fn tictactoe_look_ahead() {
    // The material's two-ply look-ahead with f(p) = open lines: centre 1, corners -1,
    // edges -2; it plays the centre.
    let j: Value = serde_json::from_str(&ok(&[
        "tictactoe",
        "analyze",
        ".........",
        "--plies",
        "2",
        "--json",
    ]))
    .unwrap();
    let l = &j["lookahead"];
    assert_eq!(
        (l["plies"].as_u64(), l["best_move"].as_u64()),
        (Some(2), Some(5))
    );
    let value = |cell: u64| {
        l["moves"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["cell"] == cell)
            .map(|m| m["value"].as_str().unwrap().to_string())
    };
    let want = ["-1", "-2", "-1", "-2", "1", "-2", "-1", "-2", "-1"];
    for (cell, v) in (1..=9).zip(want) {
        assert_eq!(value(cell).as_deref(), Some(v), "cell {cell}");
    }
    // One ply sees X's win in one, and plays it.
    let text = ok(&["tictactoe", "analyze", "XO.....OX", "--plies", "1"]);
    assert!(
        text.contains("the look-ahead of 1 ply plays 5 (worth win in 1"),
        "{text}"
    );
    // Without --plies, no look-ahead in the JSON.
    let j: Value =
        serde_json::from_str(&ok(&["tictactoe", "analyze", "X........", "--json"])).unwrap();
    assert!(j.get("lookahead").is_none());
    assert!(fails(&["tictactoe", "analyze", "X........", "--plies", "0"]).contains("plies"));
    assert!(fails(&["tictactoe", "analyze", "X........", "--plies", "10"]).contains("plies"));
}

#[test]
fn tictactoe_solve() {
    let j: Value = serde_json::from_str(&ok(&["tictactoe", "solve", "--json"])).unwrap();
    assert_eq!(j["value"], "draw");
    assert_eq!(j["nodes_minimax"], 549_946);
    assert!(
        j["nodes_table_and_symmetry"].as_u64().unwrap() < j["nodes_alphabeta"].as_u64().unwrap()
    );
}

#[test]
fn tictactoe_errors() {
    assert!(fails(&["tictactoe", "analyze", "XO"]).contains("9 cells"));
    assert!(fails(&["tictactoe", "analyze", "XXX......"]).contains("cannot happen"));
    assert!(fails(&["tictactoe", "analyze", "X.O.Z...."]).contains("cell 5"));
}

#[test]
fn tictactoe_play_over_a_pipe() {
    // The human (X) plays corners badly; bad input is re-asked with a reason; perfect play
    // never loses, so the game ends in an O win or a draw.
    let o = run(
        &["tictactoe", "play"],
        b"1\nzz\n\xff\xfe\n1\n9\n3\n7\n8\n2\n4\n6\n",
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.contains("'zz' is not a move"), "{out}");
    assert!(
        out.contains("'\u{fffd}\u{fffd}' is not a move"),
        "a line that is not UTF-8 is re-asked: {out}"
    );
    assert!(out.contains("cell 1 is taken"), "{out}");
    assert!(
        out.contains("engine plays 5"),
        "the centre answers a corner: {out}"
    );
    assert!(out.contains("O wins") || out.contains("a draw"), "{out}");
    assert!(!out.contains("X wins"), "{out}");
}

#[test]
fn tictactoe_play_against_the_look_ahead() {
    // The two-ply look-ahead falls into the fork that the brute force of the games' tests
    // finds: X corner 1, edge 8, then the block at 7 threatens 4 and 9 at once.
    let o = run(&["tictactoe", "play", "--plies", "2"], "1\n8\n7\n4\n");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        out.contains("against the material's look-ahead of 2 plies"),
        "{out}"
    );
    assert!(
        out.contains("perfect play from here: win in 3 for you"),
        "{out}"
    );
    // X holds 1, 4, 7 and 8: the left column is the line that won.
    assert!(out.contains("X wins: 1 4 7\n"), "{out}");
    // The look-ahead of 4 plies is not caught so: the same moves do not win.
    let o = run(&["tictactoe", "play", "--plies", "4"], "1\n8\n7\n4\nquit\n");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(!out.contains("X wins"), "{out}");
    assert!(fails(&["tictactoe", "play", "--plies", "0"]).contains("--plies"));
}

#[test]
fn connect4_solve() {
    let j: Value = serde_json::from_str(&ok(&[
        "connect4",
        "solve",
        "5554224333234511764415115",
        "--json",
    ]))
    .unwrap();
    // The first line of Middle-Easy: the side to move scores 4.
    assert_eq!(j["score"], 4);
    assert_eq!(j["best_move"], 6);
    let out = ok(&["connect4", "solve", "5554224333234511764415115"]);
    assert!(out.contains("best move: column"), "{out}");
    // Two independent answers agree: the weak solver on the sign.
    let weak: Value = serde_json::from_str(&ok(&[
        "connect4",
        "solve",
        "5554224333234511764415115",
        "--weak",
        "--json",
    ]))
    .unwrap();
    assert_eq!(
        weak["score"].as_i64().unwrap(),
        j["score"].as_i64().unwrap().signum()
    );
    assert!(fails(&["connect4", "solve", "48"]).contains("not a column"));
    assert!(fails(&["connect4", "solve", "1111111"]).contains("column 1 is full"));
}

/// A fresh folder for the files a test writes, removed with everything in it when the
/// returned value is dropped (the test's end, passed or failed).
fn scratch_dir(tag: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("alphabeta-{tag}-"))
        .tempdir()
        .unwrap()
}

#[test]
fn connect4_bench_checks_answers() {
    let scratch = scratch_dir("c4");
    let dir = scratch.path();
    let path = |n: &str| dir.join(n).to_string_lossy().into_owned();
    // Two lines of End-Easy, right and then one deliberately wrong.
    std::fs::write(path("good"), "2252576253462244111563365343671351441 -1\n").unwrap();
    let out = ok(&["connect4", "bench", &path("good")]);
    assert!(out.contains("good") && out.contains(" 0 "), "{out}");
    std::fs::write(path("bad"), "2252576253462244111563365343671351441 5\n").unwrap();
    let o = run(&["connect4", "bench", &path("bad")], "");
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("expected 5, got -1") && err.contains("1 wrong"),
        "{err}"
    );
    std::fs::write(path("garbage"), "12x 3\n").unwrap();
    assert!(fails(&["connect4", "bench", &path("garbage")]).contains("not a column"));
}

#[test]
fn connect4_play_over_a_pipe() {
    let o = run(&["connect4", "play", "--time", "0.2"], "9\n4\nquit\n");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success());
    assert!(out.contains("'9' is not a column"), "{out}");
    assert!(out.contains("engine plays column"), "{out}");
    // From the benchmark's first Middle-Easy line (score 4 for O, to move: its winning disc
    // onto 43 - 2 x 4 = 35 discs, 11 plies from these 25), every column's value, then the
    // solver's answer to the winning column 6.
    let o = run(
        &[
            "connect4",
            "play",
            "--from",
            "5554224333234511764415115",
            "--first",
            "engine",
        ],
        "6\nquit\n",
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        out.contains("perfect play, column by column: 1 loss in 2, 2 loss in 2, 3 loss in 2, 4 loss in 2, 6 win in 11, 7 loss in 2"),
        "{out}"
    );
    assert!(out.contains("(solved: loss in 10 for it,"), "{out}");
    assert!(fails(&["connect4", "play", "--from", "12x"]).contains("move 3: 'x' is not a column"));
    // A game already won: X's four in column 2, named disc by disc.
    let o = run(&["connect4", "play", "--from", "2121212"], "quit\n");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("X wins with the discs at (2,1) (2,2) (2,3) (2,4) (column, row"),
        "{out}"
    );
}

#[test]
fn gomoku_analyze_finds_the_win_and_blocks_the_four() {
    // Black has h8-h11 open: a win in one at h12 or h7.
    let j: Value = serde_json::from_str(&ok(&[
        "gomoku",
        "analyze",
        "h8a1h9a3h10a5h11a7",
        "--depth",
        "2",
        "--json",
    ]))
    .unwrap();
    let best = j["best_move"].as_str().unwrap();
    assert!(best == "h12" || best == "h7", "{best}");
    assert_eq!(j["score"], "win in 1");
    assert_eq!(j["source"], "forced", "a win in one needs no search");
    // An ordinary position is searched, with a line per completed depth.
    let j: Value = serde_json::from_str(&ok(&[
        "gomoku", "analyze", "h8i9h9", "--depth", "3", "--json",
    ]))
    .unwrap();
    assert_eq!(j["source"], "search");
    assert_eq!(j["iterations"].as_array().unwrap().len(), 3);
    // White threatens five on row 1: Black must block at f1.
    let j: Value = serde_json::from_str(&ok(&[
        "gomoku",
        "analyze",
        "a1b1h8c1h9d1a15e1",
        "--depth",
        "3",
        "--json",
    ]))
    .unwrap();
    assert_eq!(j["best_move"], "f1");
    // The block is the only candidate, played without a search: the text claims no value.
    let text = ok(&["gomoku", "analyze", "a1b1h8c1h9d1a15e1", "--depth", "3"]);
    assert!(
        text.contains("best move: f1 (forced: the only candidate, not searched)"),
        "{text}"
    );
    // Bad positions are refused with the reason.
    assert!(fails(&["gomoku", "analyze", "h8h8"]).contains("already taken"));
    assert!(fails(&["gomoku", "analyze", "z99"]).contains("off the 15x15 board"));
    assert!(fails(&["gomoku", "analyze", "h8", "--size", "30"]).contains("5 to 22"));
}

#[test]
fn gomoku_analyze_reports_the_best_moves() {
    let lines = |position: &str, n: &str| -> Vec<Value> {
        let j: Value = serde_json::from_str(&ok(&[
            "gomoku",
            "analyze",
            position,
            "--depth",
            "6",
            "--multipv",
            n,
            "--json",
        ]))
        .unwrap();
        let lines = j["lines"].as_array().unwrap().clone();
        assert_eq!(
            j["best_move"], lines[0]["move"],
            "the first line is the move"
        );
        lines
    };
    let moves = |ls: &[Value]| -> Vec<String> {
        ls.iter()
            .map(|l| l["move"].as_str().unwrap().to_string())
            .collect()
    };
    // Black to move has two open threes, e4-g4 and l10-l12, and White nothing. Exactly four
    // moves win at once by an open four (d4, h4, l9, l13: five follows whatever White
    // does); every other move is slower. So the best four are those, each a win.
    let best = lines("e4a15f4o15g4a1l10o1l11h15l12a8", "6");
    assert_eq!(best.len(), 6);
    let mut four = moves(&best[..4]);
    four.sort();
    assert_eq!(four, ["d4", "h4", "l13", "l9"]);
    for l in &best[..4] {
        assert_eq!(l["score"], "win in 3", "{l}");
    }
    // White must block the four e4-h4 at i4: nothing else is a candidate.
    assert_eq!(moves(&lines("e4d4f4a15g4o15h4", "5")), ["i4"]);
    // A quiet position: as many lines as asked, each a different move, by falling score.
    let quiet = lines("h8i9h9", "4");
    let mut distinct = moves(&quiet);
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 4, "{quiet:?}");
    let scores: Vec<i64> = quiet
        .iter()
        .map(|l| l["score"].as_str().unwrap().parse().unwrap())
        .collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    // A search to a fixed depth finishes it for every line.
    assert!(quiet.iter().all(|l| l["depth"] == 6), "{quiet:?}");
    assert!(fails(&["gomoku", "analyze", "h8", "--multipv", "0"]).contains("--multipv"));
}

/// `gomoku puzzle`: the position's win by fours takes the moves it says, as `gomoku vcf`
/// finds it (none in a move fewer); solved over a pipe with the solution's moves after a
/// wrong one, a taken one and one that is no move, each explained; the errors say what.
#[test]
fn gomoku_puzzle_is_solved_over_a_pipe() {
    let j: Value = serde_json::from_str(&ok(&[
        "gomoku", "puzzle", "--seed", "9", "--moves", "3-4", "--json",
    ]))
    .unwrap();
    let position = j["position"].as_str().unwrap();
    let n = j["moves_to_win"].as_u64().unwrap();
    assert!((3..=4).contains(&n), "{j}");
    let vcf = |most: u64| -> Value {
        let most = most.to_string();
        serde_json::from_str(&ok(&[
            "gomoku",
            "vcf",
            position,
            "--max-moves",
            &most,
            "--json",
        ]))
        .unwrap()
    };
    // `--max-moves` counts the fours, not the five after them.
    assert_eq!(vcf(n - 1)["wins"], true, "{j}");
    assert_eq!(vcf(n - 2)["wins"], false, "{j}");
    assert_eq!(vcf(n - 1)["to_move"], j["to_move"]);
    let solution: Vec<&str> = j["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(solution.len() as u64, 2 * n - 1);
    let printed = ok(&[
        "gomoku",
        "puzzle",
        "--seed",
        "9",
        "--moves",
        "3-4",
        "--solution",
    ]);
    assert!(
        printed.contains(&format!("solution: {}", solution.join(" "))),
        "{printed}"
    );
    // Solved in the terminal.
    let first = &position[..2];
    let mut input = format!("a1\n{first}\nnonsense\nsolution\n");
    for m in solution.iter().step_by(2) {
        input.push_str(m);
        input.push('\n');
    }
    let o = run(
        &["gomoku", "puzzle", "--seed", "9", "--moves", "3-4"],
        input,
    );
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(o.status.success(), "{out}");
    let side = j["to_move"].as_str().unwrap();
    let other = if side == "black" { "white" } else { "black" };
    assert!(
        out.contains(&format!("wins in {n} moves by fours")),
        "{out}"
    );
    assert!(out.contains("a1 is not a four"), "{out}");
    assert!(out.contains(&format!("{first} is already taken")), "{out}");
    assert!(out.contains("'nonsense' is not a move"), "{out}");
    assert!(
        out.contains(&format!("a win in {n} moves: {}", solution.join(" "))),
        "{out}"
    );
    for k in (0..solution.len() - 1).step_by(2) {
        let said = format!(
            "{}: a four; {other} blocks at {}.",
            solution[k],
            solution[k + 1]
        );
        assert!(out.contains(&said), "{said}: {out}");
    }
    assert!(
        out.trim_end()
            .ends_with(&format!("Five: solved in {n} moves (the fewest: {n}).")),
        "{out}"
    );
    // A sheet of three: the puzzles of seeds 9, 10 and 11, then their solutions.
    let sheet: Value = serde_json::from_str(&ok(&[
        "gomoku", "puzzle", "--seed", "9", "--moves", "3-4", "--count", "3", "--json",
    ]))
    .unwrap();
    for (k, seed) in ["9", "10", "11"].iter().enumerate() {
        let one: Value = serde_json::from_str(&ok(&[
            "gomoku", "puzzle", "--seed", seed, "--moves", "3-4", "--json",
        ]))
        .unwrap();
        assert_eq!(sheet[k], one, "seed {seed}");
    }
    assert_eq!(sheet.as_array().unwrap().len(), 3);
    let text = ok(&[
        "gomoku", "puzzle", "--seed", "9", "--moves", "3-4", "--count", "3",
    ]);
    let (puzzles, solutions) = text.split_once("\nSolutions\n").unwrap();
    assert!(
        puzzles.starts_with("1. Puzzle (seed 9, 15x15, freestyle): "),
        "{text}"
    );
    assert!(puzzles.contains("\n3. Puzzle (seed 11,"), "{text}");
    let lines: Vec<&str> = solutions.lines().collect();
    assert_eq!(lines[0], format!("1. {}", solution.join(" ")));
    assert_eq!(lines.len(), 3, "{solutions}");
    // White's puzzle, asked for.
    let white: Value = serde_json::from_str(&ok(&[
        "gomoku", "puzzle", "--seed", "9", "--side", "white", "--moves", "4", "--json",
    ]))
    .unwrap();
    assert_eq!(
        (&white["to_move"], &white["moves_to_win"]),
        (&json!("white"), &json!(4))
    );
    // Errors.
    let e = fails(&["gomoku", "puzzle", "--moves", "1-3"]);
    assert!(e.contains("a range (4-7) from 2 to 15, not '1-3'"), "{e}");
    assert!(fails(&["gomoku", "puzzle", "--moves", "x"]).contains("not 'x'"));
    assert!(fails(&["gomoku", "puzzle", "--rule", "caro"]).contains("not caro"));
    assert!(fails(&["gomoku", "puzzle", "--count", "0"]).contains("--count"));
}

/// `gomoku review` marks the moves that give the game away. White answers Black's row on 8
/// with moves in the corner: after h8-i8-j8 (an open three) White must stop it at f8, g8, k8
/// or l8, and a3 lets Black make an open four at k8 (or g8) and win. From then on White is
/// lost whatever it plays, so a4 gives nothing more away, and l8 makes five.
/// `gomoku puzzle --by threats`: fours alone do not win the position, `gomoku vct` finds a
/// win; solved over a pipe a move at a time (each run replays the moves so far, as the same
/// seed gives the same puzzle and the same answers), the next move taken from the terminal's
/// own `solution`, to a five in the puzzle's number of moves.
#[test]
fn gomoku_puzzle_by_threats_is_solved_over_a_pipe() {
    let args = [
        "gomoku", "puzzle", "--by", "threats", "--seed", "3", "--moves", "4",
    ];
    let j: Value = serde_json::from_str(&ok(&[&args[..], &["--json"]].concat())).unwrap();
    assert_eq!(
        (&j["by"], &j["moves_to_win"]),
        (&json!("threats"), &json!(4)),
        "{j}"
    );
    let position = j["position"].as_str().unwrap();
    let search = |kind: &str| -> Value {
        serde_json::from_str(&ok(&["gomoku", kind, position, "--json"])).unwrap()
    };
    assert_eq!(search("vcf")["wins"], false, "{j}");
    assert_eq!(search("vct")["wins"], true, "{j}");
    let mut input = String::from("a1\nsolution\n");
    let mut out = String::new();
    for _ in 0..12 {
        let o = run(&args, &input);
        out = String::from_utf8(o.stdout).unwrap();
        assert!(o.status.success(), "{out}");
        if out.contains("Five: solved") {
            break;
        }
        let shown = out
            .lines()
            .rev()
            .find_map(|l| l.split_once("a win in ").map(|(_, shown)| shown))
            .unwrap();
        let next = shown.split(": ").nth(1).unwrap().split(' ').next().unwrap();
        input.push_str(&format!("{next}\nsolution\n"));
    }
    assert!(out.contains("wins in 4 moves by threats"), "{out}");
    assert!(
        out.contains("a1 is neither a four nor an open three"),
        "{out}"
    );
    assert!(
        out.contains("answers at") || out.contains("blocks at"),
        "{out}"
    );
    assert!(
        out.trim_end()
            .ends_with("Five: solved in 4 moves (the fewest: 4)."),
        "{out}"
    );
    assert!(
        fails(&["gomoku", "puzzle", "--by", "threats", "--moves", "2"]).contains("from 3 to 7")
    );
}

#[test]
fn gomoku_review_marks_the_move_that_lets_the_open_three_through() {
    let j: Value = serde_json::from_str(&ok(&[
        "gomoku",
        "review",
        "h8a1i8a2j8a3k8a4l8",
        "--depth",
        "6",
        "--json",
    ]))
    .unwrap();
    let moves = j["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 9);
    let a3 = &moves[5];
    assert_eq!(
        (&a3["move"], &a3["verdict"]),
        (&"a3".into(), &"blunder".into())
    );
    assert!(a3["value"].as_str().unwrap().starts_with("loss in"), "{a3}");
    let block = a3["best"].as_str().unwrap();
    assert!(["f8", "g8", "k8", "l8"].contains(&block), "{a3}");
    assert_eq!(a3["best_line"][0], a3["best"]);
    // The answer: an open four at g8 or k8, White's block at one end, five at the other.
    let reply = a3["reply_line"].as_array().unwrap();
    assert_eq!(reply.len(), 3, "{a3}");
    assert!(["g8", "k8"].contains(&reply[0].as_str().unwrap()), "{a3}");
    assert_eq!(moves[6]["value"], "win in 3", "k8 makes an open four");
    assert_eq!(
        moves[7]["verdict"], "good",
        "a lost position loses nothing more"
    );
    assert_eq!(moves[8]["value"], "win in 1", "l8 makes five");
    assert_eq!(j["black"]["blunders"], 0);
    // White's first corner move (a1) hands Black a free move: more than a mistake's loss,
    // from a game still open (at depth 6, 242 units for Black: White's chance 0.24, then
    // 0.04). The second (a2) loses as many units, but in a game already lost by the values
    // (0.04 to 0.004): not marked. a3, which lets the three through, is a blunder.
    assert!(
        ["mistake", "blunder"].contains(&moves[1]["verdict"].as_str().unwrap()),
        "{}",
        moves[1]
    );
    assert_eq!(moves[3]["verdict"], "good", "{}", moves[3]);
    assert!(moves[3]["loss"].as_i64().unwrap() >= 225, "{}", moves[3]);
    let white = j["white"]["blunders"].as_u64().unwrap();
    assert!((1..=2).contains(&white), "{j}");
    // The chance each move lost, from its two values on the logistic scale (200 units a
    // logit and 6 a stone before the move, a proven loss 0): why a2 is not marked though it
    // lost as many units as a1.
    let chance = |v: &Value, stones: f64| match v.as_str().unwrap() {
        v if v.starts_with("win") || v == "sure win" => 1.0,
        v if v.starts_with("loss") || v == "sure loss" => 0.0,
        v => 1.0 / (1.0 + (-v.parse::<f64>().unwrap() / (200.0 + 6.0 * stones)).exp()),
    };
    for m in &moves[1..6] {
        let stones = m["number"].as_f64().unwrap() - 1.0;
        let lost: f64 = chance(&m["best_value"], stones) - chance(&m["value"], stones);
        let got = m["chance_lost"].as_f64().unwrap();
        assert!((got - lost.max(0.0)).abs() < 1e-9, "{m}");
    }
    assert!(
        moves[1]["chance_lost"].as_f64().unwrap() >= 0.1,
        "{}",
        moves[1]
    );
    assert!(
        moves[3]["chance_lost"].as_f64().unwrap() < 0.05,
        "{}",
        moves[3]
    );
    // The text names the same move.
    let text = ok(&["gomoku", "review", "h8a1i8a2j8a3k8a4l8", "--depth", "6"]);
    let a3_row = text.lines().find(|l| l.contains(" a3 ")).unwrap();
    assert!(a3_row.contains("??"), "{text}");
    // Its last column is the chance lost, in whole points rounded down.
    let a1_row = text.lines().find(|l| l.contains(" a1 ")).unwrap();
    let shown = (100.0 * moves[1]["chance_lost"].as_f64().unwrap()).floor();
    assert!(a1_row.ends_with(&format!(" {shown}%")), "{text}");
    assert!(fails(&["gomoku", "review", ""]).contains("no moves"));
    assert!(fails(&["gomoku", "review", "h8h8"]).contains("in the game"));
}

/// `gomoku review --sgf` reads a match manager's games: the same game as above as game 2 of
/// a file written the way c-gomoku-cli writes them (SGF's x,y letters from the top left),
/// its first two moves an opening that is not reviewed.
#[test]
fn gomoku_review_reads_a_game_from_an_sgf_file() {
    let scratch = scratch_dir("sgf");
    let dir = scratch.path();
    let path = dir.join("match.sgf");
    std::fs::write(
        &path,
        "(;FF[4]GM[4]GN[1]RU[0]SZ[15]PB[x]PW[y]RE[B+1]\n;B[hh]C[opening move];W[ii]C[12ms])\n\n\
         (;FF[4]GM[4]GN[2]RU[0]SZ[15]PB[one]PW[two]RE[B+1]TE[Black win by five connection]\n\
         ;B[hh]C[opening move];W[ao]C[opening move];B[ih]C[5ms];W[an]C[5ms];B[jh]C[5ms]\n\
         ;W[am]C[5ms];B[kh]C[5ms];W[al]C[5ms];B[lh]C[5ms])\n",
    )
    .unwrap();
    let file = path.to_str().unwrap();
    let j: Value = serde_json::from_str(&ok(&[
        "gomoku", "review", "--sgf", file, "--game", "2", "--depth", "6", "--json",
    ]))
    .unwrap();
    assert_eq!(j["game"], "h8a1i8a2j8a3k8a4l8");
    let moves = j["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 7, "the opening of two is left out");
    assert_eq!(
        (&moves[0]["number"], &moves[0]["move"]),
        (&json!(3), &json!("i8"))
    );
    assert_eq!(
        (&moves[3]["move"], &moves[3]["verdict"]),
        (&json!("a3"), &json!("blunder"))
    );
    let text = ok(&[
        "gomoku", "review", "--sgf", file, "--game", "2", "--depth", "6",
    ]);
    assert!(
        text.starts_with("game 2 of 2: one (black) - two (white), B+1"),
        "{text}"
    );
    assert!(text.contains("moves 1 to 2: the opening"), "{text}");
    // What cannot be read is named.
    assert!(
        fails(&["gomoku", "review", "--sgf", file, "--game", "3"]).contains("has 2 games, not 3")
    );
    assert!(fails(&["gomoku", "review", "--sgf", "/nonexistent.sgf"]).contains("cannot read"));
    assert!(fails(&["gomoku", "review", "h8", "--game", "2"]).contains("--game"));
    std::fs::write(&path, "(;GM[4]\n;B[hh];W[hh])").unwrap();
    let err = fails(&["gomoku", "review", "--sgf", file]);
    assert!(err.contains("game 1: move 2 (line 2)"), "{err}");
    // A name in another encoding than UTF-8 does not stop the moves from being read.
    std::fs::write(&path, b"(;GM[4]PB[\xc4\xe3\xba\xc3];B[hh];W[ii])").unwrap();
    let text = ok(&["gomoku", "review", "--sgf", file, "--depth", "2"]);
    assert!(text.contains("h8i7"), "{text}");
    // The review written as SGF (--sgf-out) reads back as the same game, names, result and
    // opening; the blunder's comment carries its mark and the engine's line is a variation.
    std::fs::write(
        &path,
        "(;GM[4]RU[1]SZ[15]PB[one]PW[two]RE[B+1];B[hh]C[opening move];W[ao]C[opening move]\
         ;B[ih];W[an];B[jh];W[am];B[kh];W[al];B[lh])",
    )
    .unwrap();
    let out = dir.join("reviewed.sgf");
    let out_name = out.to_str().unwrap();
    ok(&[
        "gomoku",
        "review",
        "--sgf",
        file,
        "--depth",
        "6",
        "--sgf-out",
        out_name,
    ]);
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.starts_with("(;FF[4]GM[4]SZ[15]RU[1]PB[one]PW[two]RE[B+1]C[Reviewed"));
    assert!(written.contains(";W[am]C[?? loss in"), "{written}");
    // a2 (W[an]) lost units and a little of the chance, both in its comment.
    let a2 = &written[written.find(";W[an]C[").unwrap() + 8..];
    let a2 = &a2[..a2.find(']').unwrap()];
    assert!(a2.contains(", a loss of "), "{a2}");
    assert!(a2.ends_with(" points less"), "{a2}");
    assert!(
        written.contains(")(;W["),
        "White's better line beside a3: {written}"
    );
    assert!(written.contains(";B[hh]C[opening move];W[ao]C[opening move];B[ih]C["));
    let back = ok(&["gomoku", "review", "--sgf", out_name, "--depth", "2"]);
    assert!(
        back.starts_with("game 1 of 1: one (black) - two (white), B+1; h8a1i8a2j8a3k8a4l8"),
        "{back}"
    );
    assert!(back.contains("moves 1 to 2: the opening"), "{back}");
    assert!(
        fails(&["gomoku", "review", "h8", "--sgf-out", "/nonexistent/x.sgf"])
            .contains("cannot write")
    );
}

/// `gomoku review --psq` reads a Gomocup record: the same game as above, written as
/// Piskvork writes it (from 1, x the column and y the row from the top; times; the brains'
/// names; the header's 1 says the second named moved first). Its review is the review of the
/// game typed as moves.
#[test]
fn gomoku_review_reads_a_gomocup_psq_record() {
    let scratch = scratch_dir("psq");
    let dir = scratch.path();
    let path = dir.join("game.psq");
    std::fs::write(
        &path,
        "Piskvorky 15x15, 11:11, 1\r\n8,8,120\r\n1,15,95\r\n9,8,3\r\n1,14,7\r\n10,8,1\r\n\
         1,13,2\r\n11,8,0\r\n1,12,4\r\n12,8,0\r\ntwo.exe\r\none.exe\r\n-1\r\n",
    )
    .unwrap();
    let file = path.to_str().unwrap();
    let from_file = ok(&["gomoku", "review", "--psq", file, "--depth", "6", "--json"]);
    let typed = ok(&[
        "gomoku",
        "review",
        "h8a1i8a2j8a3k8a4l8",
        "--depth",
        "6",
        "--json",
    ]);
    let (j, k): (Value, Value) = (
        serde_json::from_str(&from_file).unwrap(),
        serde_json::from_str(&typed).unwrap(),
    );
    assert_eq!(j["game"], "h8a1i8a2j8a3k8a4l8");
    assert_eq!(j["moves"], k["moves"], "the same review as the moves typed");
    let text = ok(&["gomoku", "review", "--psq", file, "--depth", "2"]);
    assert!(
        text.starts_with(&format!("{file}: one.exe (black) - two.exe (white)")),
        "{text}"
    );
    std::fs::write(&path, "Piskvorky 15x15, 0:0, 0\n8,8,0\n16,1,0\n").unwrap();
    let err = fails(&["gomoku", "review", "--psq", file]);
    assert!(err.contains("line 3: 16,1 is off the 15x15 board"), "{err}");
    assert!(fails(&["gomoku", "review", "--psq", file, "--sgf", file]).contains("cannot be used"));
}

/// `--threads 2` searches with Lazy SMP: its move must be as right as one thread's. White
/// threatens i8 (a four on row 8 and a three on column i); after a careless Black move White
/// wins by fours, after the engine's move `gomoku vcf` finds no such win.
#[test]
fn gomoku_analyze_with_two_threads_avoids_the_loss() {
    let moves = "e8f8a15g8o1h8o15i10a1i11";
    let careless: Value =
        serde_json::from_str(&ok(&["gomoku", "vcf", &format!("{moves}b2"), "--json"])).unwrap();
    assert_eq!(careless["wins"], true);
    let j: Value = serde_json::from_str(&ok(&[
        "gomoku",
        "analyze",
        moves,
        "--depth",
        "6",
        "--threads",
        "2",
        "--json",
    ]))
    .unwrap();
    let best = j["best_move"].as_str().unwrap();
    let after: Value =
        serde_json::from_str(&ok(&["gomoku", "vcf", &format!("{moves}{best}"), "--json"])).unwrap();
    assert_eq!(after["wins"], false, "{best} lets White win by fours");
    assert_eq!(after["gave_up"], false);
    // A thread count out of range is refused with the option's name.
    assert!(fails(&["gomoku", "analyze", "h8", "--threads", "0"]).contains("--threads"));
    assert!(fails(&["gomoku", "play", "--threads", "999"]).contains("--threads"));
    // The depth benchmark's signature is one thread's: threads only with `--openings`.
    assert!(fails(&["gomoku", "bench", "--threads", "2"]).contains("--openings"));
}

/// `--nodes` alone caps the analysis (its clock then allows an hour): it ends within the
/// cap and near it, and a second run gives the same iterations, line and move.
#[test]
fn gomoku_analyze_with_a_node_cap_repeats_exactly() {
    let run = || -> Value {
        serde_json::from_str(&ok(&[
            "gomoku",
            "analyze",
            "h8i9h9j10",
            "--nodes",
            "60000",
            "--json",
        ]))
        .unwrap()
    };
    let (a, b) = (run(), run());
    let nodes = a["nodes"].as_u64().unwrap();
    assert!((50_000..=60_000).contains(&nodes), "{nodes} nodes");
    let fixed = |j: &Value| {
        let rows: Vec<_> = j["iterations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["depth"].clone(),
                    r["score"].clone(),
                    r["nodes"].clone(),
                    r["pv"].clone(),
                )
            })
            .collect();
        (
            rows,
            j["best_move"].clone(),
            j["score"].clone(),
            j["pv"].clone(),
            j["nodes"].clone(),
        )
    };
    assert!(a["iterations"].as_array().unwrap().len() >= 5);
    assert_eq!(fixed(&a), fixed(&b));
}

#[test]
fn gomoku_vcf() {
    let j: Value = serde_json::from_str(&ok(&[
        "gomoku",
        "vcf",
        "l5h11d11j6j8g9h5l11f4h7e11k11d7f6i4d5i10d9g7d10e4f10g8",
        "--json",
    ]))
    .unwrap();
    assert_eq!(j["wins"], true);
    assert_eq!(j["to_move"], "white");
    // Seven fours or more, then the five.
    assert!(j["attacker_moves"].as_u64().unwrap() >= 8);
    let j: Value = serde_json::from_str(&ok(&["gomoku", "vcf", "h8i9", "--json"])).unwrap();
    assert_eq!(j["wins"], false);
    assert_eq!(j["gave_up"], false);
}

#[test]
fn a_finished_game_is_reported_as_won_not_as_a_side_to_move() {
    // Black's h8 to h12 is five; White's i9 to i12 is four.
    let won = "h8i9h9i10h10i11h11i12h12";
    for command in ["analyze", "vcf", "vct"] {
        let out = ok(&["gomoku", command, won]);
        let last = out.lines().rev().find(|l| l.contains("wins with"));
        let last = last.unwrap_or_else(|| panic!("{command}: no winner in\n{out}"));
        let mut cells: Vec<&str> = last
            .split_once("wins with ")
            .unwrap()
            .1
            .trim_end_matches(": the game is over")
            .split(' ')
            .collect();
        cells.sort();
        assert!(last.starts_with("X "), "{command}: {last}");
        assert_eq!(cells, ["h10", "h11", "h12", "h8", "h9"], "{command}");
        assert!(!out.contains("to move"), "{command}:\n{out}");
        assert!(!out.contains("no VC"), "{command}:\n{out}");
        let j: Value = serde_json::from_str(&ok(&["gomoku", command, won, "--json"])).unwrap();
        assert_eq!(
            (&j["result"], &j["to_move"]),
            (&json!("black"), &Value::Null)
        );
    }
    // While the game goes on: no result, a side to move.
    let j: Value = serde_json::from_str(&ok(&["gomoku", "vcf", "h8i9", "--json"])).unwrap();
    assert_eq!(
        (&j["result"], &j["to_move"]),
        (&Value::Null, &json!("black"))
    );
}

#[test]
fn gomoku_vct() {
    // Two crossing twos: i8 makes two open threes, which no stone stops; there is no four to
    // make, so no VCF.
    let position = "g8a1h8a3i6o1i7o3";
    let j: Value = serde_json::from_str(&ok(&["gomoku", "vcf", position, "--json"])).unwrap();
    assert_eq!(j["wins"], false);
    let j: Value = serde_json::from_str(&ok(&["gomoku", "vct", position, "--json"])).unwrap();
    assert_eq!(j["wins"], true);
    assert_eq!(j["to_move"], "black");
    assert_eq!(j["sequence"][0], "i8");
    let text = ok(&["gomoku", "vct", position]);
    assert!(text.contains("black wins by continuous threats"), "{text}");
    assert!(fails(&["gomoku", "vct", "h8h8"]).contains("h8"));
    // With White on d8 and l8 the row three g8 h8 i8 is open under freestyle, but under
    // caro White closes either four's last five (j8 leaves e8-i8 between d8 and j8, f8
    // leaves g8-k8 between f8 and l8): i8 is no double three there, and the win is longer.
    let closing = "g8d8h8l8i6o1i7o3";
    let vct = |rule: &str| -> Value {
        serde_json::from_str(&ok(&["gomoku", "vct", closing, "--rule", rule, "--json"])).unwrap()
    };
    let (free, caro) = (vct("freestyle"), vct("caro"));
    assert_eq!(free["sequence"][0], "i8");
    assert_eq!(free["attacker_moves"], 3);
    assert_eq!(caro["wins"], true);
    assert_ne!(caro["sequence"][0], "i8", "{caro}");
    assert!(caro["attacker_moves"].as_u64().unwrap() > 3, "{caro}");
    // Under caro a five between two of the opponent's stones is no five: Black's f5 would
    // close c5-g5 between White's b5 and h5, so Black has no win by fours there.
    let closed = "c5b5d5h5e5a1g5b1m12c1k14d1";
    let vcf = |rule: &str| -> Value {
        serde_json::from_str(&ok(&["gomoku", "vcf", closed, "--rule", rule, "--json"])).unwrap()
    };
    assert_eq!(vcf("freestyle")["wins"], true);
    assert_eq!(vcf("caro")["wins"], false);
}

/// Renju from the command line: a forbidden move in a position is refused with the reason;
/// Black's best move is never forbidden; White wins by one four whose block Black may not
/// play (a double three on h7), which the standard rule would let Black block.
#[test]
fn gomoku_renju() {
    // Black: h8 h9 h10 and e7 f7 g7; h7 would make two fours.
    let four_four = "h8a15h9c15h10e15e7g15f7i15g7k15";
    let err = String::from_utf8(
        run(
            &[
                "gomoku",
                "analyze",
                &format!("{four_four}h7"),
                "--rule",
                "renju",
            ],
            "",
        )
        .stderr,
    )
    .unwrap();
    assert!(
        err.contains("h7 is forbidden to Black under renju"),
        "{err}"
    );
    assert!(err.contains("double four"), "{err}");
    let args = [
        "gomoku", "analyze", four_four, "--rule", "renju", "--depth", "4", "--json",
    ];
    let j: Value = serde_json::from_str(&ok(&args)).unwrap();
    assert_ne!(j["best_move"], "h7", "{j}");
    // Under the standard rule the same position and h7 are fine.
    ok(&[
        "gomoku",
        "analyze",
        &format!("{four_four}h7"),
        "--rule",
        "standard",
    ]);

    let trap = "h8i8h9j9f7g6g7a15k10";
    let vcf = |rule| -> Value {
        serde_json::from_str(&ok(&["gomoku", "vcf", trap, "--rule", rule, "--json"])).unwrap()
    };
    let renju = vcf("renju");
    assert_eq!(renju["wins"], true);
    assert_eq!(renju["to_move"], "white");
    assert_eq!(renju["sequence"][0], "f5");
    assert_eq!(renju["sequence"][2], "h7");
    assert!(renju["forbidden_blocks"][0]
        .as_str()
        .unwrap()
        .contains("h7: it makes a double three"));
    assert_eq!(vcf("standard")["wins"], false);

    // The game in the terminal states the rule.
    let o = run(&["gomoku", "play", "--rule", "renju"], "quit\n");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("may not make a double three"), "{out}");
}

#[test]
fn gomoku_play_over_a_pipe() {
    let o = run(
        &["gomoku", "play", "--time", "0.1"],
        b"undo\nhint\nh8\nzz\n\xff\xfe\nh8\nundo\nq9\nh8\nquit\n",
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.contains("engine plays"), "{out}");
    // The engine's value with Black's chance beside it, on the evaluation's logistic scale
    // (200 units a logit and 6 a stone: 206 with h8 alone on the board): the value is
    // White's, so Black's chance falls as it rises.
    let (value, percent) = out
        .lines()
        .find_map(|l| {
            let (_, after) = l.split_once("engine plays ")?;
            let (_, said) = after.split_once(" (search, ")?;
            said.strip_suffix("%)")?.split_once(", Black ")
        })
        .unwrap_or_else(|| panic!("{out}"));
    let value: f64 = value.parse().unwrap();
    let want = (100.0 / (1.0 + (value / 206.0).exp()))
        .round()
        .clamp(1.0, 99.0);
    assert_eq!(percent.parse::<f64>().unwrap(), want, "{out}");
    assert!(out.contains("'zz' is not a move"), "{out}");
    assert!(
        out.contains("'\u{fffd}\u{fffd}' is not a move"),
        "a line that is not UTF-8 is re-asked: {out}"
    );
    assert!(out.contains("h8 is already taken"), "{out}");
    assert!(out.contains("q9 is off the 15x15 board"), "{out}");
    assert!(out.contains("nothing to take back"), "{out}");
    // On the empty board the only candidate is the centre.
    assert!(out.contains("hint: h8 (forced)"), "{out}");
    // Leaving, the game's moves and how to review them (Black h8, then White's answer).
    let line = out
        .lines()
        .find_map(|l| l.strip_prefix("to review it: alphabeta gomoku review "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(line.starts_with("h8") && line.len() >= 4, "{line}");
    assert!(out.contains(&format!("the game: {line}\n")), "{out}");
    // The command given reviews that game, on a 9x9 board under the standard rule too.
    let o = run(
        &[
            "gomoku", "play", "--size", "9", "--rule", "standard", "--time", "0.05",
        ],
        b"e5\nquit\n",
    );
    let out = String::from_utf8_lossy(&o.stdout);
    let line = out
        .lines()
        .find_map(|l| l.strip_prefix("to review it: alphabeta "))
        .unwrap_or_else(|| panic!("{out}"));
    let args: Vec<&str> = line.split(' ').collect();
    assert_eq!(args[3..], ["--size", "9", "--rule", "standard"], "{line}");
    let mut review = args.clone();
    review.extend(["--depth", "2", "--json"]);
    let j: Value = serde_json::from_str(&ok(&review)).unwrap();
    assert_eq!(j["moves"].as_array().unwrap().len(), 2, "{j}");
    assert_eq!(j["moves"][0]["move"], "e5");
    // A game left off goes on from where it was, with the command printed on leaving:
    // White (the engine, Black being the human) answers after the given moves, and `undo`
    // takes back only moves played since.
    let resume = |args: &[&str], input: &str| {
        let o = run(args, input.as_bytes());
        let out = String::from_utf8_lossy(&o.stdout).into_owned();
        assert!(o.status.success(), "{out}");
        let game = out
            .lines()
            .find_map(|l| l.split_once("the game: ").map(|(_, g)| g))
            .unwrap_or_else(|| panic!("{out}"))
            .to_string();
        let go_on = out
            .lines()
            .find_map(|l| l.strip_prefix("to go on with it: alphabeta "))
            .map(|l| l.split(' ').map(String::from).collect::<Vec<_>>());
        (out, game, go_on)
    };
    let (out, game, go_on) = resume(
        &["gomoku", "play", "--from", "h8i9j10", "--time", "0.05"],
        "undo\nquit\n",
    );
    assert!(out.contains("nothing to take back"), "{out}");
    assert!(
        game.starts_with("h8i9j10") && game.len() > 7,
        "the engine answered: {game}"
    );
    let mut args = go_on.expect("a game to go on with");
    assert_eq!(args[..4], ["gomoku", "play", "--from", game.as_str()]);
    args.extend(["--time".into(), "0.05".into()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (_, again, _) = resume(&args, "a1\nundo\nquit\n");
    assert_eq!(
        again, game,
        "undo took back a1 and the answer, nothing before"
    );
    // The engine as Black, and a game that is over: nothing to go on with.
    let (_, game, go_on) = resume(
        &[
            "gomoku", "play", "--from", "h8", "--first", "engine", "--time", "0.05",
        ],
        "quit\n",
    );
    let go_on = go_on.unwrap().join(" ");
    assert_eq!(go_on, "gomoku play --from h8 --first engine", "{game}");
    let (out, _, go_on) = resume(&["gomoku", "play", "--from", "h8a1i8a2j8a3k8a4l8"], "");
    assert!(out.contains("X wins with"), "{out}");
    assert!(go_on.is_none(), "{out}");
    assert!(fails(&["gomoku", "play", "--from", "h8h8"]).contains("in --from"));
}

#[test]
fn gomoku_bench_is_deterministic() {
    let sig = |o: String| {
        o.lines()
            .last()
            .unwrap()
            .split("signature ")
            .nth(1)
            .unwrap()
            .to_string()
    };
    let a = sig(ok(&["gomoku", "bench", "--depth", "2"]));
    let b = sig(ok(&["gomoku", "bench", "--depth", "2"]));
    assert_eq!(a, b);
    assert_ne!(a, sig(ok(&["gomoku", "bench", "--depth", "3"])));
    // A depth out of range is refused, not quietly changed.
    for depth in ["0", "13"] {
        let err = fails(&["gomoku", "bench", "--depth", depth]);
        assert!(err.contains("--depth") && err.contains(depth), "{err}");
    }
}

#[test]
fn seconds_must_be_a_sane_number() {
    for t in ["nan", "inf", "1e308", "0", "soon", "-1"] {
        let err = fails(&["gomoku", "analyze", "h8", "--time", t]);
        assert!(err.contains("--time"), "--time {t}: {err}");
        let err = fails(&["connect4", "play", "--time", t]);
        assert!(err.contains("--time"), "connect4 --time {t}: {err}");
    }
    let err = fails(&["serve", "--max-think", "nan"]);
    assert!(err.contains("--max-think"), "{err}");
}

/// A node cap that binds long before the clock (nor can a slow table allocation under load
/// make the clock bind): such games repeat move for move.
const NODE_CAPPED: [&str; 4] = ["--nodes", "20000", "--tc", "0/10"];

/// `gomoku match` between two brains (a small table each) as JSON: `args` after the engines.
fn match_json(engines: [&str; 2], args: &[&str]) -> Value {
    let mut all = vec!["gomoku", "match", "--memory", "32", "--json"];
    for e in engines {
        all.extend(["--engine", e]);
    }
    all.extend_from_slice(args);
    serde_json::from_str(&ok(&all)).unwrap()
}

/// A scratch folder for `tag` and the command of the script brain in it that answers as
/// `mode` says (see `fake_brain`).
fn script_brain(tag: &str, mode: &str) -> (tempfile::TempDir, String) {
    let dir = scratch_dir(tag);
    let command = format!("{} {mode}", fake_brain(dir.path()).display());
    (dir, command)
}

/// A scratch folder for `tag` (kept while the first value lives), an openings file in it
/// with `openings`, and the command of a brain that forfeits every game (it answers `hello`).
fn forfeit_setup(tag: &str, openings: &str) -> (tempfile::TempDir, std::path::PathBuf, String) {
    let (dir, forfeits) = script_brain(tag, "hello");
    let file = dir.path().join("openings.txt");
    std::fs::write(&file, openings).unwrap();
    (dir, file, forfeits)
}

/// `gomoku match` of the brain against itself with `args`, which must fail: its error.
fn match_fails(args: &[&str]) -> String {
    let brain = env!("CARGO_BIN_EXE_pbrain-alphabeta");
    let all = ["gomoku", "match", "--engine", brain, "--engine", brain];
    fails(&[&all[..], args].concat())
}

/// A quick `gomoku match` (a cap of 1000 nodes a move) as JSON, mostly against a brain
/// that forfeits every game: `args` after the engines.
fn quick_json(engines: [&str; 2], args: &[&str]) -> Value {
    match_json(engines, &[&["--nodes", "1000"][..], args].concat())
}

/// `gomoku match` with the brain against itself at a node cap, under three rules: every
/// game's moves are replayed on a board of the test's own under the rule, which must agree
/// with the result the manager gave (a five for the winner, no foul, with the opening's
/// stones first, as the offsets say); the SGF file holds the same games; and a node-capped
/// match repeats move for move.
#[test]
fn gomoku_match_between_two_brains() {
    use alphabeta_gomoku::Rule;
    for (name, rule) in [
        ("freestyle", Rule::Freestyle),
        ("renju", Rule::Renju),
        ("caro", Rule::Caro),
    ] {
        match_between_two_brains(name, rule);
    }
}

fn match_between_two_brains(rule_name: &str, rule: alphabeta_gomoku::Rule) {
    use alphabeta_gomoku::{read_psq, read_sgf, Board, Color, Rule};
    let scratch = scratch_dir(&format!("match-{rule_name}"));
    let dir = scratch.path();
    let openings = dir.join("openings.txt");
    // Offsets from the centre h8: h8 i7 j9 (White to move), then h8 h7.
    std::fs::write(&openings, "0,0, 1,1, 2,-1\n\n0,0, 0,1\n").unwrap();
    let expected_openings = ["h8i7j9", "h8h7"];
    let sgf = dir.join("games.sgf");
    let _ = std::fs::remove_file(&sgf);
    let brain = env!("CARGO_BIN_EXE_pbrain-alphabeta");
    let psq = dir.join("psq");
    let msg = dir.join("games.msg");
    let _ = std::fs::remove_file(&msg);
    let run_match = |sgf: &std::path::Path| -> Value {
        let games = ["--games", "4", "--openings", openings.to_str().unwrap()];
        let more = [
            "--concurrency",
            "2",
            "--rule",
            rule_name,
            "--sgf",
            sgf.to_str().unwrap(),
            "--psq",
            psq.to_str().unwrap(),
            "--msg",
            msg.to_str().unwrap(),
        ];
        match_json([brain, brain], &[&games[..], &NODE_CAPPED, &more].concat())
    };
    let j = run_match(&sgf);
    let games = j["games"].as_array().unwrap();
    assert_eq!(games.len(), 4);
    let mut points = 0.0;
    for (k, g) in games.iter().enumerate() {
        assert_eq!(g["game"], k + 1);
        assert_eq!(g["opening"], k / 2 + 1);
        // The first engine is Black in the odd-numbered games.
        let first = if k % 2 == 0 { "black" } else { "white" };
        assert_eq!(g[first], "pbrain-alphabeta#1", "{g}");
        let moves = g["moves"].as_str().unwrap();
        assert!(moves.starts_with(expected_openings[k / 2]), "{g}");
        let mut board = Board::new(15, rule).unwrap();
        board.play_sequence(moves).unwrap();
        let winner = match board.winner() {
            Some(Color::Black) => "black",
            Some(Color::White) => "white",
            None => "draw",
        };
        assert_eq!(g["result"], winner, "{g}");
        let reason = if winner == "draw" {
            "the board is full"
        } else {
            "five"
        };
        assert_eq!(g["reason"], reason);
        points += match winner {
            "draw" => 0.5,
            w if w == first => 1.0,
            _ => 0.0,
        };
    }
    let (w, l, d) = (
        j["wins"].as_u64(),
        j["losses"].as_u64(),
        j["draws"].as_u64(),
    );
    assert_eq!(w.unwrap() + l.unwrap() + d.unwrap(), 4);
    assert_eq!(j["score"].as_f64().unwrap(), points / 4.0);
    // The SGF file: the same games, in the order they ended, each with its opening marked.
    let read = read_sgf(&std::fs::read_to_string(&sgf).unwrap(), Rule::Freestyle).unwrap();
    assert_eq!(read.len(), 4);
    assert!(read.iter().all(|g| g.board.rule() == rule), "RU in the SGF");
    for g in games {
        let moves = g["moves"].as_str().unwrap();
        let s = read
            .iter()
            .find(|s| s.board.move_string() == moves && s.black.as_deref() == g["black"].as_str())
            .expect("each game in the SGF file");
        assert_eq!(s.white.as_deref(), g["white"].as_str());
        assert_eq!(s.opening, if g["opening"] == 1 { 3 } else { 2 });
        assert_eq!(
            s.result.as_deref(),
            Some(match g["result"].as_str().unwrap() {
                "black" => "B+1",
                "white" => "W+1",
                _ => "0",
            })
        );
        // The Piskvork record: a file per game, read back under the rule; played out: 0.
        let text = std::fs::read_to_string(psq.join(format!("game{}.psq", g["game"]))).unwrap();
        assert!(text.starts_with("Piskvorky 15x15, 11:11, 0\n") && text.ends_with("\n0\n"));
        let p = read_psq(&text, rule).unwrap();
        assert_eq!(p.board.move_string(), moves);
        assert_eq!(
            (p.black.as_deref(), p.white.as_deref()),
            (g["black"].as_str(), g["white"].as_str())
        );
    }
    // The brains' MESSAGE lines: each game's thinking, tagged with a move of that game.
    let said = std::fs::read_to_string(&msg).unwrap();
    for g in games {
        let stones = g["moves"]
            .as_str()
            .unwrap()
            .matches(char::is_alphabetic)
            .count();
        let prefix = format!("game {}, move ", g["game"]);
        let lines: Vec<&str> = said.lines().filter(|l| l.starts_with(&prefix)).collect();
        assert!(lines.iter().any(|l| l.contains(": depth ")), "{said}");
        for l in lines {
            let m: usize = l[prefix.len()..]
                .split(',')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            assert!(m <= stones, "{l}");
        }
    }
    // At a node cap the games repeat.
    let again = run_match(&dir.join("again.sgf"));
    let moves = |j: &Value| -> Vec<Value> {
        j["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["moves"].clone())
            .collect()
    };
    assert_eq!(moves(&again), moves(&j));
}

/// A shell-script brain in `dir`: answers START, then every request for a move with its
/// argument ("quit": leaves, "none": says nothing, "told": what some INFO lines said,
/// "memory": what `INFO max_memory` said, "slow": `hello` after a second,
/// "noisy": 7,7 after two odd messages, "flood": 8,8, then `MESSAGE` lines without end,
/// "helper": starts `sleep 1000`, its process id in `helper.pid`, then answers `hello`,
/// "stubborn": its own process id in `brain.pid`, then `sleep 1000`, deaf to its input;
/// "lingering": on `END` a second's work before it leaves, then the file `left`; "deaf": reads
/// on after `END`, and at the end of its input writes the file `closed`).
fn fake_brain(dir: &std::path::Path) -> std::path::PathBuf {
    let fake = dir.join("fake.sh");
    std::fs::write(
        &fake,
        "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    START*) echo OK ;;\n    \
         INFO\\ max_memory*) memory=\"${line#INFO }\" ;;\n    \
         INFO\\ timeout_turn*|INFO\\ rule*|INFO\\ max_node*|INFO\\ thread_num*) \
         told=\"$told ${line#INFO }\" ;;\n    \
         BEGIN|TURN*|DONE) case \"$1\" in quit) exit 0 ;; none) ;; told) echo \"$told\" ;; \
         memory) echo \"$memory\" ;; slow) sleep 1; echo hello ;; \
         noisy) printf 'MESSAGE caf\\351\\nMESSAGE '; head -c 100000 /dev/zero | tr '\\0' X; \
         echo; echo 7,7 ;; flood) echo 8,8; yes 'MESSAGE flood' ;; \
         helper) sleep 1000 & echo $! > helper.pid; echo hello ;; \
         stubborn) echo $$ > brain.pid; sleep 1000 ;; *) echo \"$1\" ;; \
         esac ;;\n    \
         END) if [ \"$1\" = lingering ]; then sleep 1; : > left; fi; \
         if [ \"$1\" != deaf ]; then exit 0; fi ;;\n  \
         esac\ndone\nif [ \"$1\" = deaf ]; then : > closed; fi\n",
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    fake
}

/// Brains that break the rules lose the game and the match goes on: a taken cell, a reply
/// that is no move, a cell off the board, no reply within the time, a brain that quits, a
/// renju foul; the records say how. The settings reach the brains; --draw-after draws. A
/// brain that cannot start at all is an error before the match.
#[test]
fn gomoku_match_judges_brains_that_break_the_rules() {
    let scratch = scratch_dir("match-faults");
    let dir = scratch.path();
    let fake = fake_brain(dir);
    let brain = env!("CARGO_BIN_EXE_pbrain-alphabeta");
    for (answer, why) in [
        ("7,7", "played 7,7, an illegal move"),
        // A message not in UTF-8 and one of 100 kB before the move: read past, not an end.
        ("noisy", "played 7,7, an illegal move"),
        ("hello", "answered 'hello', not a move"),
        ("15,3", "played 15,3, off the board"),
        ("none", "ran out of time"),
        // Taken for an answer to an INFO line, as c-gomoku-cli takes it: then no move comes.
        ("ERROR", "ran out of time (after 'ERROR')"),
        ("quit", "quit"),
    ] {
        let fake_cmd = format!("{} {answer}", fake.display());
        let (sgf, psq) = (dir.join(format!("{answer}.sgf")), dir.join(answer));
        let _ = std::fs::remove_file(&sgf);
        let files = [
            "--sgf",
            sgf.to_str().unwrap(),
            "--psq",
            psq.to_str().unwrap(),
        ];
        let limits = ["--tc", "0/0.3", "--tolerance", "1", "--nodes", "3000"];
        let j = match_json([brain, &fake_cmd], &[&limits[..], &files].concat());
        // The records say how: on time (SGF `+T`, Piskvork's 15) or another fault (`+F`, -2).
        let on_time = why.starts_with("ran out of time");
        let sgf = std::fs::read_to_string(&sgf).unwrap();
        assert_eq!(
            sgf.matches(if on_time { "+T]" } else { "+F]" }).count(),
            2,
            "{sgf}"
        );
        let code = if on_time { "\n15\n" } else { "\n-2\n" };
        for k in 1..=2 {
            let text = std::fs::read_to_string(psq.join(format!("game{k}.psq"))).unwrap();
            assert!(text.ends_with(code), "{answer}: {text}");
        }
        assert_eq!(
            (j["wins"].as_u64(), j["losses"].as_u64()),
            (Some(2), Some(0)),
            "{answer}: {j}"
        );
        for g in j["games"].as_array().unwrap() {
            let reason = g["reason"].as_str().unwrap();
            assert!(
                reason.starts_with("fake.sh ") && reason.contains(why),
                "{answer}: {reason}"
            );
        }
    }
    // Under renju Black's foul loses: i8 (8,7) makes two open threes from g8 h8 and i6 i7
    // with Black to move after the opening, in the second game, where the script is Black.
    let renju = dir.join("renju.txt");
    std::fs::write(&renju, "-1,0, -7,7, 0,0, -7,5, 1,2, 7,7, 1,1, 7,5\n").unwrap();
    let foul = format!("{} 8,7", fake.display());
    let args = ["--rule", "renju", "--openings", renju.to_str().unwrap()];
    let j = match_json([brain, &foul], &[&args[..], &NODE_CAPPED].concat());
    let reason = j["games"][1]["reason"].as_str().unwrap();
    assert!(
        reason.ends_with("i8 is forbidden to Black under renju: it makes a double three"),
        "{j}"
    );
    // The game's settings reach the brains.
    let told = format!("{} told", fake.display());
    let j = match_json(
        [brain, &told],
        &[
            "--tc",
            "0/0.3",
            "--rule",
            "renju",
            "--nodes",
            "3000",
            "--threads",
            "3",
        ],
    );
    let said = "answered 'timeout_turn 300 rule 4 max_node 3000 thread_num 3', not a move";
    assert!(
        j["games"][0]["reason"].as_str().unwrap().ends_with(said),
        "{j}"
    );
    // A game with --draw-after stones and no five is drawn there.
    let j = match_json([brain, brain], &["--nodes", "3000", "--draw-after", "6"]);
    assert_eq!(j["draws"], 2, "{j}");
    for g in j["games"].as_array().unwrap() {
        assert_eq!(g["reason"], "6 stones without a five");
        assert_eq!(
            g["moves"]
                .as_str()
                .unwrap()
                .matches(char::is_alphabetic)
                .count(),
            6
        );
    }
    let missing = dir.join("no-such-brain");
    let err = fails(&[
        "gomoku",
        "match",
        "--engine",
        brain,
        "--engine",
        missing.to_str().unwrap(),
    ]);
    assert!(
        err.contains("cannot start") && err.contains("no-such-brain"),
        "{err}"
    );
    let err = fails(&["gomoku", "match", "--engine", brain]);
    assert!(err.contains("two --engine"), "{err}");
    let err = match_fails(&["--tc", "24/0"]);
    assert!(err.contains("turn time must be above 0"), "{err}");
}

/// Settings given once for each `--engine` reach that brain alone (time, memory and node
/// odds), one given once reaches both; a count that fits neither is refused.
#[test]
fn gomoku_match_gives_each_brain_its_own_terms() {
    let scratch = scratch_dir("match-terms");
    let dir = scratch.path();
    let fake = fake_brain(dir);
    // Each brain answers what it was told (a forfeit whose reason quotes it).
    let reasons = |mode: &str, settings: &[&str]| -> Vec<String> {
        let brain = format!("{} {mode}", fake.display());
        let mut args = vec![
            "gomoku", "match", "--json", "--engine", &brain, "--engine", &brain, "--name", "x",
            "--name", "y",
        ];
        args.extend_from_slice(settings);
        let j: Value = serde_json::from_str(&ok(&args)).unwrap();
        let games = j["games"].as_array().unwrap();
        assert!(games.iter().all(|g| g["result"] == "white"), "{j}");
        games
            .iter()
            .map(|g| g["reason"].as_str().unwrap().to_string())
            .collect()
    };
    let told = reasons(
        "told",
        &[
            "--tc",
            "0/0.3",
            "--tc",
            "0/0.5",
            "--nodes",
            "3000",
            "--nodes",
            "4000",
            "--threads",
            "2",
        ],
    );
    assert_eq!(
        told,
        [
            "x answered 'timeout_turn 300 rule 0 max_node 3000 thread_num 2', not a move",
            "y answered 'timeout_turn 500 rule 0 max_node 4000 thread_num 2', not a move",
        ]
    );
    let memory = reasons("memory", &["--memory", "16", "--memory", "24"]);
    assert_eq!(
        memory,
        [
            "x answered 'max_memory 16777216', not a move",
            "y answered 'max_memory 25165824', not a move",
        ]
    );
    // Each brain is held to its own time: the second's 5 s wait for its answer.
    let slow = reasons(
        "slow",
        &["--tc", "0/0.2", "--tc", "0/5", "--tolerance", "0.1"],
    );
    assert_eq!(
        slow,
        ["x ran out of time", "y answered 'hello', not a move"]
    );
    let brain = env!("CARGO_BIN_EXE_pbrain-alphabeta");
    let err = fails(&[
        "gomoku", "match", "--engine", brain, "--engine", brain, "--engine", brain, "--tc", "1",
        "--tc", "2",
    ]);
    assert!(err.contains("2 --tc for 3 --engine"), "{err}");
}

/// `--reuse` keeps each brain running from game to game and starts each game with
/// `RESTART`: four games one at a time start a brain that answers it once (after the
/// manager's check that it starts at all), where without `--reuse` each game starts it
/// anew; a brain that refuses `RESTART` is started anew each game. Every game is played out
/// either way (a five or a draw, no fault), and the same way: this project's brain clears
/// what it learnt on `RESTART`.
#[test]
fn gomoku_match_reuses_brains_that_restart() {
    use std::os::unix::fs::PermissionsExt;
    let scratch = scratch_dir("match-reuse");
    let dir = scratch.path();
    let brain = env!("CARGO_BIN_EXE_pbrain-alphabeta");
    // Both log their starts; the second answers RESTART itself, with an error.
    let keeps = dir.join("keeps.sh");
    let refuses = dir.join("refuses.sh");
    std::fs::write(
        &keeps,
        format!("#!/bin/sh\necho \"$1\" >> starts.txt\nexec {brain}\n"),
    )
    .unwrap();
    std::fs::write(
        &refuses,
        format!(
            "#!/bin/sh\necho \"$1\" >> starts.txt\nexec 3>&1\n\
             while IFS= read -r line; do\n  case \"$line\" in\n    \
             RESTART) echo 'ERROR no restart here' >&3 ;;\n    \
             *) printf '%s\\n' \"$line\" ;;\n  esac\ndone | {brain}\n"
        ),
    )
    .unwrap();
    for script in [&keeps, &refuses] {
        std::fs::set_permissions(script, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let engines = [
        format!("{} kept", keeps.display()),
        format!("{} refused", refuses.display()),
    ];
    let starts = |reuse: bool| -> ((usize, usize), Vec<Value>) {
        let _ = std::fs::remove_file(dir.join("starts.txt"));
        let mut args = vec!["--games", "4", "--nodes", "3000", "--tc", "0/10"];
        if reuse {
            args.push("--reuse");
        }
        let j = match_json([&engines[0], &engines[1]], &args);
        let games = j["games"].as_array().unwrap();
        assert_eq!(games.len(), 4, "{j}");
        for g in games {
            assert!(
                g["reason"] == "five" || g["result"] == "draw",
                "a game ended by a fault: {g}"
            );
        }
        let log = std::fs::read_to_string(dir.join("starts.txt")).unwrap();
        let count = |word: &str| log.lines().filter(|l| *l == word).count();
        let moves = games.iter().map(|g| g["moves"].clone()).collect();
        ((count("kept"), count("refused")), moves)
    };
    let (fresh, fresh_moves) = starts(false);
    assert_eq!(fresh, (5, 5), "a new process a game");
    let (reused, reused_moves) = starts(true);
    assert_eq!(reused, (2, 5), "the brain that restarts runs on");
    // This brain forgets its last game on RESTART: its node-capped games repeat.
    assert_eq!(reused_moves, fresh_moves);
    // Others need not, and the manager says so when both are asked for, and only then.
    let note = |extra: &[&str]| {
        let mut args = vec![
            "gomoku", "match", "--engine", brain, "--engine", brain, "--games", "1", "--tc",
            "0/10", "--memory", "32", "--json",
        ];
        args.extend_from_slice(extra);
        let out = run(&args, "");
        assert!(out.status.success(), "{out:?}");
        String::from_utf8_lossy(&out.stderr).contains("need not repeat")
    };
    assert!(note(&["--reuse", "--nodes", "2000"]));
    assert!(!note(&["--nodes", "2000"]));
    assert!(!note(&["--reuse", "--depth", "2"]));
}

/// `--swap2` opens each game by the protocol's `SWAP2BOARD`: the engine that would be Black
/// places three stones, the other plays White's move, takes Black (`SWAP`) or places two
/// more, after which the first chooses; the colours of the game follow the choices, and a
/// brain that answers what the rules do not allow loses. The brains here are this project's,
/// their swap2 answers scripted (a wrapper answers `SWAP2BOARD` itself, by its arguments for
/// none, three and five stones, and passes the rest on), so the game after the opening is
/// played for real.
#[test]
fn gomoku_match_opens_by_swap2() {
    use std::os::unix::fs::PermissionsExt;
    let scratch = scratch_dir("match-swap2");
    let dir = scratch.path();
    let brain = env!("CARGO_BIN_EXE_pbrain-alphabeta");
    let wrapper = dir.join("swap2.sh");
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\nexec 3>&1\n\
             while IFS= read -r line; do\n  case \"$line\" in\n    \
             SWAP2BOARD) n=0; while IFS= read -r s && [ \"$s\" != DONE ]; do n=$((n+1)); done\n      \
             case $n in 0) echo \"$1\" >&3 ;; 3) echo \"$2\" >&3 ;; *) echo \"$3\" >&3 ;; esac ;;\n    \
             *) printf '%s\\n' \"$line\" ;;\n  esac\ndone | {brain}\n"
        ),
    )
    .unwrap();
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    let w = wrapper.display();
    // One game, the first engine proposing: (its answers to none and five stones, the
    // second's to three) and what must come of them: who plays Black, the moves the game
    // starts with, or the fault.
    let three = "7,7 8,7 7,8"; // h8, i8, h7
    for (first, second, black, moves, fault) in [
        ((three, "-"), "SWAP", "second", "h8i8h7", None),
        ((three, "-"), "6,6", "first", "h8i8h7g9", None),
        ((three, "SWAP"), "6,6 9,9", "first", "h8i8h7g9j6", None),
        ((three, "5,5"), "6,6 9,9", "second", "h8i8h7g9j6f10", None),
        (
            ("7,7 8,7", "-"),
            "SWAP",
            "first",
            "",
            Some("first in swap2 answered '7,7 8,7', not 3 stones"),
        ),
        (
            (three, "-"),
            "7,7",
            "first",
            "h8i8h7",
            Some("second in swap2 played 7,7, an illegal move: h8 is already taken"),
        ),
        (
            (three, "-"),
            "hello",
            "first",
            "h8i8h7",
            Some("second in swap2 answered 'hello', not 1 or 2 stones or SWAP"),
        ),
    ] {
        let engines = [
            format!("{w} '{}' - '{}'", first.0, first.1),
            format!("{w} - '{second}' -"),
        ];
        let j = match_json(
            [&engines[0], &engines[1]],
            &[
                "--swap2",
                "--games",
                "1",
                "--nodes",
                "2000",
                "--tc",
                "0/5",
                "--draw-after",
                "9",
                "--name",
                "first",
                "--name",
                "second",
            ],
        );
        let g = &j["games"][0];
        assert_eq!(g["black"], black, "{first:?} {second}: {g}");
        let played = g["moves"].as_str().unwrap();
        match fault {
            None => {
                assert!(played.starts_with(moves), "{first:?} {second}: {g}");
                assert_eq!(g["reason"], "9 stones without a five", "{g}");
            }
            Some(why) => {
                assert_eq!(played, moves, "{g}");
                assert_eq!(g["reason"], why, "{g}");
                // The other brain wins.
                let loser = why.split(' ').next().unwrap();
                let winner = if g["black"] == loser {
                    "white"
                } else {
                    "black"
                };
                assert_eq!(g["result"], winner, "{g}");
            }
        }
    }
    // Without a script: this project's brain proposes and chooses on its own, and every game
    // is played out.
    let j = match_json(
        [brain, brain],
        &[
            "--swap2",
            "--games",
            "2",
            "--nodes",
            "2000",
            "--tc",
            "0/5",
            "--draw-after",
            "12",
        ],
    );
    for g in j["games"].as_array().unwrap() {
        assert!(g["reason"] == "five" || g["result"] == "draw", "{g}");
        assert!(g["moves"].as_str().unwrap().len() >= 6, "{g}");
    }
}

/// Each brain is told which stones are its own: after an opening where the side to move has
/// an open four it wins at once; after one where the side to move faces an open four, the
/// other brain, asked for its first move with the whole position, makes the five.
#[test]
fn gomoku_match_gives_each_brain_its_own_stones() {
    let scratch = scratch_dir("match-colours");
    let dir = scratch.path();
    let openings = dir.join("openings.txt");
    // White to move in both (nine stones). First White's open four (-1,0 to 2,0) among
    // scattered Black stones; then Black's (0,-1 to 0,2) among scattered White ones.
    std::fs::write(
        &openings,
        "-5,-5, -1,0, 5,-5, 0,0, -5,5, 1,0, 5,5, 2,0, 0,-6\n\
         0,-1, -5,-5, 0,0, 5,-5, 0,1, -5,5, 0,2, 5,5, 6,6\n",
    )
    .unwrap();
    let brain = env!("CARGO_BIN_EXE_pbrain-alphabeta");
    let games = ["--games", "4", "--openings", openings.to_str().unwrap()];
    let j = match_json([brain, brain], &[&games[..], &NODE_CAPPED].concat());
    for g in j["games"].as_array().unwrap() {
        let stones = g["moves"]
            .as_str()
            .unwrap()
            .matches(char::is_alphabetic)
            .count();
        let (winner, length) = if g["opening"] == 1 {
            ("white", 10)
        } else {
            ("black", 11)
        };
        assert_eq!(
            (g["result"].as_str(), stones),
            (Some(winner), length),
            "{g}"
        );
        assert_eq!(g["reason"], "five");
    }
}

/// `--sprt` ends the match once the test decides. Against a brain that forfeits every game
/// (it answers `hello`) every unit is the same: at H0 0 and H1 200 (s1 = 1 / (1 +
/// 10^-0.5)) each won game multiplies the ratio by about s1 / 0.5, H1 after the first n
/// with n ln(s1 / 0.5) >= ln 19 (8: 7 give 2.929); each lost opening pair by about (1 -
/// s1) / 0.5, H0 after as many pairs (5: 4 give -2.933). With two games at once, the one
/// still running when the test decides is played out and counted, the verdict not changed;
/// and games may end out of order (game 11 before game 10), so when the fifth pair is
/// complete a game of the next pair may have ended too, and the game still running may
/// complete a sixth pair.
#[test]
fn gomoku_match_stops_when_the_sprt_decides() {
    let (_dir, openings, forfeits) = forfeit_setup("match-sprt", "0,0\n0,0, 1,1\n");
    let brain = env!("CARGO_BIN_EXE_pbrain-alphabeta");
    let s1 = 1.0 / (1.0 + 10f64.powf(-0.5));
    let bound = 19f64.ln();
    let needed = |factor: f64| {
        (1..)
            .find(|&n| n as f64 * factor.ln().abs() >= bound)
            .unwrap()
    };
    let wins_needed = needed(s1 / 0.5);
    let j = quick_json([brain, &forfeits], &["--sprt", "0,200"]);
    let games = j["games"].as_array().unwrap().len();
    assert_eq!(games, wins_needed, "{j}");
    assert_eq!(j["wins"].as_u64(), Some(wins_needed as u64));
    assert_eq!(j["sprt"]["verdict"], "H1", "{j}");
    assert!(j.get("pairs").is_none(), "no openings, no pairs: {j}");
    assert_eq!(
        j["sprt"]["decided_after"].as_u64(),
        Some(wins_needed as u64)
    );
    let llr = j["sprt"]["llr"].as_f64().unwrap();
    assert!(
        (llr - wins_needed as f64 * (s1 / 0.5).ln()).abs() < 1e-3,
        "{j}"
    );
    assert_eq!(
        (j["sprt"]["elo0"].as_f64(), j["sprt"]["alpha"].as_f64()),
        (Some(0.0), Some(0.05))
    );
    // Opening pairs, the forfeiting brain first, two games at once.
    let pairs_needed = needed((1.0 - s1) / 0.5);
    let args = [
        "--sprt",
        "0,200",
        "--concurrency",
        "2",
        "--openings",
        openings.to_str().unwrap(),
    ];
    let j = quick_json([&forfeits, brain], &args);
    let games = j["games"].as_array().unwrap().len();
    assert_eq!(j["sprt"]["verdict"], "H0", "{j}");
    let pairs = j["pairs"].as_array().unwrap();
    let lost = pairs[0].as_u64().unwrap() as usize;
    assert!(
        (pairs_needed..=pairs_needed + 1).contains(&lost) && pairs[1..].iter().all(|p| p == 0),
        "{j}"
    );
    let decided_after = j["sprt"]["decided_after"].as_u64().unwrap() as usize;
    assert!(
        (2 * pairs_needed..=2 * pairs_needed + 1).contains(&decided_after),
        "{j}"
    );
    assert!(
        (decided_after..=decided_after + 1).contains(&games),
        "at most the one game still running is played out: {j}"
    );
    // The text report says the verdict; a bad test is refused.
    let text = ok(&[
        "gomoku", "match", "--memory", "32", "--engine", brain, "--engine", &forfeits, "--nodes",
        "1000", "--sprt", "0,200",
    ]);
    let said = format!("H1 accepted after {wins_needed} games");
    assert!(text.contains(&said) && text.contains("LLR"), "{text}");
    let err = match_fails(&["--sprt", "5,0"]);
    assert!(err.contains("must be below"), "{err}");
}

/// A brain's command is split as a shell splits it, so a path with a space can be quoted;
/// `--name` names the brains in the reports and records.
#[test]
fn gomoku_match_takes_quoted_commands_and_names() {
    let scratch = scratch_dir("match-names");
    let dir = scratch.path().join("with space");
    std::fs::create_dir_all(&dir).unwrap();
    let quoted = format!("'{}' hello", fake_brain(&dir).display());
    let brain = env!("CARGO_BIN_EXE_pbrain-alphabeta");
    let sgf = dir.join("games.sgf");
    let _ = std::fs::remove_file(&sgf);
    let args = [
        "--name",
        "ours",
        "--name",
        "script",
        "--sgf",
        sgf.to_str().unwrap(),
    ];
    let j = quick_json([brain, &quoted], &args);
    assert_eq!(j["engines"], json!(["ours", "script"]), "{j}");
    assert_eq!(
        (
            j["games"][0]["black"].as_str(),
            j["games"][1]["black"].as_str()
        ),
        (Some("ours"), Some("script"))
    );
    assert_eq!(
        j["games"][0]["reason"], "script answered 'hello', not a move",
        "{j}"
    );
    let sgf = std::fs::read_to_string(&sgf).unwrap();
    assert!(
        sgf.contains("PB[ours]") && sgf.contains("PW[script]"),
        "{sgf}"
    );
    // Without names, the program's file name; a quote left open or one name is refused.
    let j = quick_json([brain, &quoted], &[]);
    assert_eq!(j["engines"], json!(["pbrain-alphabeta", "fake.sh"]), "{j}");
    let err = fails(&["gomoku", "match", "--engine", brain, "--engine", "'a b"]);
    assert!(err.contains("unbalanced quotes"), "{err}");
    let err = match_fails(&["--name", "x"]);
    assert!(err.contains("1 --name for 2 --engine"), "{err}");
    let err = match_fails(&["--name", "x", "--name", "x "]);
    assert!(err.contains("must differ"), "{err}");
}

/// Three brains in a tournament: ours (`A`) and two that forfeit every game, one by a
/// reply that is no move (`F`), one by quitting (`Q`); with no opening Black moves first,
/// so between those two White wins each game. A round robin is three matches (A beats F
/// and Q in all their games, F and Q split theirs) taking turns, each pairing's colours
/// alternating; the standings count each engine's games as the test reads them off the
/// game list. A gauntlet is the first engine's matches alone.
#[test]
fn gomoku_match_plays_a_round_robin_and_a_gauntlet() {
    let scratch = scratch_dir("match-tournament");
    let dir = scratch.path();
    let fake = fake_brain(dir);
    let brain = env!("CARGO_BIN_EXE_pbrain-alphabeta");
    let (f, q) = (
        format!("{} hello", fake.display()),
        format!("{} quit", fake.display()),
    );
    let tournament = |engines: [&str; 3], args: &[&str]| -> Value {
        let mut all = vec!["gomoku", "match", "--memory", "32", "--nodes", "1000"];
        for (e, name) in engines.iter().zip(["A", "F", "Q"]) {
            all.extend(["--engine", e, "--name", name]);
        }
        all.extend_from_slice(args);
        serde_json::from_str(&ok(&all)).unwrap()
    };
    let j = tournament(
        [brain, &f, &q],
        &["--games", "3", "--json", "--concurrency", "2"],
    );
    let games = j["games"].as_array().unwrap();
    assert_eq!(games.len(), 9, "{j}");
    // Who played whom, in which order: the pairings take turns, a pair of games each.
    let players: Vec<(String, String)> = games
        .iter()
        .map(|g| {
            (
                g["black"].as_str().unwrap().into(),
                g["white"].as_str().unwrap().into(),
            )
        })
        .collect();
    let expected = [
        ("A", "F"),
        ("F", "A"),
        ("A", "Q"),
        ("Q", "A"),
        ("F", "Q"),
        ("Q", "F"),
        ("A", "F"),
        ("A", "Q"),
        ("F", "Q"),
    ];
    for (k, ((b, w), (eb, ew))) in players.iter().zip(expected).enumerate() {
        assert_eq!((b.as_str(), w.as_str()), (eb, ew), "game {}: {j}", k + 1);
        assert_eq!(games[k]["game"].as_u64(), Some(k as u64 + 1));
    }
    // Each engine's points as the games' results give them.
    let mut points = std::collections::BTreeMap::new();
    for (g, (b, w)) in games.iter().zip(&players) {
        let (pb, pw) = match g["result"].as_str().unwrap() {
            "black" => (1.0, 0.0),
            "white" => (0.0, 1.0),
            _ => (0.5, 0.5),
        };
        *points.entry(b.clone()).or_insert(0.0) += pb;
        *points.entry(w.clone()).or_insert(0.0) += pw;
    }
    assert_eq!(points["A"], 6.0, "A wins every game: {j}");
    assert_eq!(points["F"] + points["Q"], 3.0, "F and Q share theirs: {j}");
    let table = j["standings"].as_array().unwrap();
    assert_eq!(table[0]["name"], "A", "{j}");
    let rating: std::collections::BTreeMap<String, f64> = table
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap().into(),
                s["rating"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        rating["A"], 0.0,
        "the first engine is the scale's zero: {j}"
    );
    for s in table {
        let name = s["name"].as_str().unwrap();
        assert_eq!(s["points"].as_f64(), Some(points[name]), "{j}");
        assert_eq!(s["games"].as_u64(), Some(6), "{j}");
        assert_eq!(s["score"].as_f64(), Some(points[name] / 6.0), "{j}");
        // The most likely ratings (with one virtual draw a pairing): each engine's points
        // and half its virtual draws are what the ratings expect of its games and draws.
        let expected = |them: &str| 1.0 / (1.0 + 10f64.powf((rating[them] - rating[name]) / 400.0));
        let mut want = 0.0;
        for (b, w) in &players {
            if b == name || w == name {
                want += expected(if b == name { w } else { b });
            }
        }
        let others: Vec<&String> = rating.keys().filter(|o| *o != name).collect();
        want += others.iter().map(|o| expected(o)).sum::<f64>();
        let got = points[name] + 0.5 * others.len() as f64;
        assert!(
            (got - want).abs() < 1e-6,
            "{name}: {got} against {want}: {j}"
        );
    }
    let pairings = j["pairings"].as_array().unwrap();
    let scores: Vec<(Value, Value, Value)> = pairings
        .iter()
        .map(|p| (p["engines"].clone(), p["wins"].clone(), p["losses"].clone()))
        .collect();
    assert_eq!(
        scores,
        [
            (json!(["A", "F"]), json!(3), json!(0)),
            (json!(["A", "Q"]), json!(3), json!(0)),
            (json!(["F", "Q"]), json!(1), json!(2)),
        ],
        "F is Black in two of its three games with Q: {j}"
    );
    assert!(pairings.iter().all(|p| p.get("games").is_none()), "{j}");
    // A gauntlet of F: its two matches alone; the text report ranks the standings.
    let text = ok(&[
        "gomoku",
        "match",
        "--memory",
        "32",
        "--nodes",
        "1000",
        "--tournament",
        "gauntlet",
        "--engine",
        &f,
        "--engine",
        brain,
        "--engine",
        &q,
        "--name",
        "F",
        "--name",
        "A",
        "--name",
        "Q",
    ]);
    let played: Vec<&str> = text.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(played.len(), 4, "{text}");
    assert!(played.iter().all(|l| l.contains(" - ")), "{text}");
    // A's rating against F alone: two wins and the virtual draw, 2.5 points of 3.
    let a_line = format!(
        "standings (gauntlet; Elo on one scale, F at 0):\n  1. A  {:>5}  2 - 0 - 0, 2 of 2 points \
         (100.0%)\n",
        format!("{:+.0}", 400.0 * (2.5f64 / 0.5).log10())
    );
    assert!(text.contains(&a_line), "{text}");
    assert!(text.contains("F - Q: 1 - 1 - 0 (50.0%)"), "{text}");
    assert!(!text.contains("A - Q"), "{text}");
    // The test of one engine against another takes two.
    let err = fails(&[
        "gomoku", "match", "--engine", brain, "--engine", brain, "--engine", brain, "--sprt",
        "0,10",
    ]);
    assert!(
        err.contains("--sprt tests one engine against another"),
        "{err}"
    );
}

/// A gauntlet with openings sets each later challenger beside the first, opening by
/// opening: here ours (`A`) against a brain that forfeits every game (`F`) and against
/// itself at a tenth of the nodes (`B`, which wins some openings' two games, splits or
/// loses others: against itself at equal nodes it would split them all). The test pairs
/// the two challengers' points itself from the game list (each opening's two games by the
/// names and results) and the report must agree, in the JSON and in the text.
#[test]
fn gomoku_gauntlet_pairs_the_challengers_by_opening() {
    let (dir, openings, forfeits) =
        forfeit_setup("match-paired", "0,0\n1,1, 0,1\n-2,0, 3,-1, 0,2\n");
    let brain = env!("CARGO_BIN_EXE_pbrain-alphabeta");
    let openings = openings.to_str().unwrap();
    let mut args = vec!["gomoku", "match", "--memory", "32"];
    args.extend(["--nodes", "3000", "--nodes", "3000", "--nodes", "300"]);
    for (e, name) in [(brain, "A"), (forfeits.as_str(), "F"), (brain, "B")] {
        args.extend(["--engine", e, "--name", name]);
    }
    args.extend([
        "--tournament",
        "gauntlet",
        "--openings",
        openings,
        "--games",
        "6",
    ]);
    let j: Value = serde_json::from_str(&ok(&[&args[..], &["--json"]].concat())).unwrap();
    let shares = share_differences(&points_by_opening(&j, "F"), &points_by_opening(&j, "B"));
    assert_eq!(shares.len(), 3, "{j}");
    assert!(
        shares.iter().all(|s| (0.0..=1.0).contains(s)),
        "F scores nothing: {j}"
    );
    assert!(
        shares.iter().any(|&s| s != shares[0]),
        "openings that differ: {j}"
    );
    let (mean, error) = mean_and_error(&shares);
    let paired = &j["paired"];
    assert_eq!(paired.as_array().map(Vec::len), Some(1), "{j}");
    let d = &paired[0];
    assert_eq!(
        (&d["engine"], &d["against"], &d["openings"]),
        (&json!("B"), &json!("F"), &json!(3))
    );
    assert!(
        (d["difference"].as_f64().unwrap() - mean).abs() < 1e-9,
        "{mean}: {j}"
    );
    assert!(
        (d["standard_error"].as_f64().unwrap() - error).abs() < 1e-9,
        "{error}: {j}"
    );
    // The text says the same in points (node-capped games repeat).
    let text = ok(&args);
    let line = format!(
        "paired by opening with F (each one's score against A on the same openings):\n  B - F: \
         {:+.1} ± {:.1} points over 3 openings\n",
        100.0 * mean,
        100.0 * error
    );
    assert!(text.contains(&line), "{line}{text}");
    // A round robin has no one first engine to pair by: it pairs nothing.
    let round_robin: Vec<&str> = args
        .iter()
        .map(|&a| if a == "gauntlet" { "round-robin" } else { a })
        .collect();
    let j: Value = serde_json::from_str(&ok(&[&round_robin[..], &["--json"]].concat())).unwrap();
    assert!(
        j.get("paired").is_none() && j["pairings"][2].is_object(),
        "{j}"
    );
    drop(dir);
}

/// A brain's points in each opening of a `gomoku match --json` report, counted from its
/// game list (every opening played twice, against one opponent).
fn points_by_opening(report: &Value, brain: &str) -> std::collections::BTreeMap<u64, f64> {
    let mut points = std::collections::BTreeMap::new();
    for g in report["games"].as_array().unwrap() {
        let colour = if g["black"] == brain {
            "black"
        } else if g["white"] == brain {
            "white"
        } else {
            continue;
        };
        let won = match g["result"].as_str().unwrap() {
            "draw" => 0.5,
            r if r == colour => 1.0,
            _ => 0.0,
        };
        *points.entry(g["opening"].as_u64().unwrap()).or_default() += won;
    }
    points
}

/// Each opening's difference of points, after less before, as a share of its two games.
fn share_differences(
    before: &std::collections::BTreeMap<u64, f64>,
    after: &std::collections::BTreeMap<u64, f64>,
) -> Vec<f64> {
    before
        .iter()
        .filter_map(|(k, b)| Some((after.get(k)? - b) / 2.0))
        .collect()
}

/// The mean of `shares` and its standard error by the sample deviation.
fn mean_and_error(shares: &[f64]) -> (f64, f64) {
    let n = shares.len() as f64;
    let mean = shares.iter().sum::<f64>() / n;
    let variance = shares.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (variance / n).sqrt())
}

/// `gomoku compare` pairs one brain's games in two reports by opponent and opening: here
/// ours (`A`) against a brain that forfeits (`F`) in one match and against itself at a
/// tenth of the nodes (`B`) in another, so the change from F to B is B's points, opening by
/// opening, as the test counts them from the second report's games. The brains are found
/// by name (the one each report has that the other lacks) or named; reports that are not
/// reports, or that name no such brain, are refused with the file named.
#[test]
fn gomoku_compare_pairs_two_reports_by_opening() {
    let (dir, openings, forfeits) =
        forfeit_setup("compare", "0,0\n1,1, 0,1\n-2,0, 3,-1, 0,2\n2,4, 1,1, 3,0\n");
    let brain = env!("CARGO_BIN_EXE_pbrain-alphabeta");
    let report = |other: &str, name: &str, nodes: &str, file: &str| {
        let out = ok(&[
            "gomoku",
            "match",
            "--memory",
            "32",
            "--engine",
            brain,
            "--name",
            "A",
            "--engine",
            other,
            "--name",
            name,
            "--nodes",
            "3000",
            "--nodes",
            nodes,
            "--openings",
            openings.to_str().unwrap(),
            "--games",
            "8",
            "--json",
        ]);
        let path = dir.path().join(file);
        std::fs::write(&path, &out).unwrap();
        (
            path.to_str().unwrap().to_string(),
            serde_json::from_str::<Value>(&out).unwrap(),
        )
    };
    let (before, before_json) = report(&forfeits, "F", "3000", "before.json");
    let (after, after_json) = report(brain, "B", "300", "after.json");
    let shares = share_differences(
        &points_by_opening(&before_json, "F"),
        &points_by_opening(&after_json, "B"),
    );
    assert_eq!(shares.len(), 4, "{after_json}");
    let (mean, error) = mean_and_error(&shares);
    let j: Value =
        serde_json::from_str(&ok(&["gomoku", "compare", &before, &after, "--json"])).unwrap();
    assert_eq!(
        (&j["before"]["brain"], &j["after"]["brain"]),
        (&json!("F"), &json!("B")),
        "{j}"
    );
    assert_eq!(
        (&j["openings"], &j["unpaired"]),
        (&json!(4), &json!(0)),
        "{j}"
    );
    assert!(
        (j["difference"].as_f64().unwrap() - mean).abs() < 1e-9,
        "{mean}: {j}"
    );
    assert!(
        (j["standard_error"].as_f64().unwrap() - error).abs() < 1e-9,
        "{error}: {j}"
    );
    let b_points: f64 = points_by_opening(&after_json, "B").values().sum();
    assert_eq!(j["after"]["points"].as_f64(), Some(b_points), "{j}");
    assert_eq!(j["before"]["points"].as_f64(), Some(0.0), "{j}");
    let text = ok(&[
        "gomoku", "compare", &before, &after, "--brain", "F", "--brain", "B",
    ]);
    let line = format!(
        "B ({after}) - F ({before}): {:+.1} ± {:.1} points over 4 openings",
        100.0 * mean,
        100.0 * error
    );
    assert!(text.starts_with(&line), "{line}\n{text}");
    // A report against itself by one name: no difference at all.
    let same = ok(&["gomoku", "compare", &after, &after, "--brain", "A"]);
    assert!(
        same.contains(": +0.0 ± 0.0 points over 4 openings"),
        "{same}"
    );
    // What is refused, and why.
    let err = fails(&["gomoku", "compare", &after, &after]);
    assert!(
        err.contains("name the brain to compare with --brain"),
        "{err}"
    );
    let err = fails(&["gomoku", "compare", &before, &after, "--brain", "X"]);
    assert!(
        err.contains("has no brain named 'X' (its brains: A, F)"),
        "{err}"
    );
    let not_json = dir.path().join("games.sgf");
    std::fs::write(&not_json, "(;GM[4])").unwrap();
    let err = fails(&["gomoku", "compare", not_json.to_str().unwrap(), &after]);
    assert!(err.contains("games.sgf is not JSON"), "{err}");
    let plain = dir.path().join("plain.json");
    let no_openings = ok(&[
        "gomoku", "match", "--memory", "32", "--nodes", "1000", "--engine", brain, "--engine",
        &forfeits, "--json",
    ]);
    std::fs::write(&plain, no_openings).unwrap();
    let err = fails(&[
        "gomoku",
        "compare",
        plain.to_str().unwrap(),
        &after,
        "--brain",
        "A",
    ]);
    assert!(err.contains("plain.json, game 1: no opening"), "{err}");
}

/// `--shuffle SEED` takes the openings in an order the seed sets: every opening once in a
/// match as long as the file, both games of a pair on one opening, the opening's number
/// that of its line, the same order again for the same seed, another for another seed.
#[test]
fn gomoku_match_shuffles_the_openings_by_a_seed() {
    // Five one-stone openings on the middle row: opening k (from 1) is the cell k - 3
    // columns from the centre, f8 to j8 (the row the same counted from either edge).
    let (_dir, openings, forfeits) = forfeit_setup("match-shuffle", "-2,0\n-1,0\n0,0\n1,0\n2,0\n");
    let brain = env!("CARGO_BIN_EXE_pbrain-alphabeta");
    let order = |seed: &str| -> Vec<u64> {
        let args = [
            "--games",
            "10",
            "--openings",
            openings.to_str().unwrap(),
            "--shuffle",
            seed,
        ];
        let j = quick_json([brain, &forfeits], &args);
        let games = j["games"].as_array().unwrap();
        let mut order = vec![];
        for pair in games.chunks(2) {
            let number = pair[0]["opening"].as_u64().unwrap();
            assert_eq!(pair[1]["opening"].as_u64(), Some(number), "{j}");
            let cell = format!("{}8", (b'f' + number as u8 - 1) as char);
            for g in pair {
                assert!(g["moves"].as_str().unwrap().starts_with(&cell), "{j}");
            }
            order.push(number);
        }
        order
    };
    let first = order("7");
    let mut sorted = first.clone();
    sorted.sort();
    assert_eq!(sorted, [1, 2, 3, 4, 5], "each opening once: {first:?}");
    assert_eq!(order("7"), first, "the same seed, the same order");
    let others: Vec<Vec<u64>> = ["1", "2", "3"].iter().map(|s| order(s)).collect();
    assert!(
        others.iter().any(|o| *o != first) && others.iter().any(|o| *o != [1, 2, 3, 4, 5]),
        "{first:?} {others:?}"
    );
}

/// Openings in c-gomoku-cli's `pos` form (rows from 1 at the top, as Yixin-Board's
/// `getpos` writes them) are the same positions as in the `offset` form: `h8i9j7` is
/// `0,0, 1,1, 2,-1`, which the project's move strings (rows from the bottom) call
/// `h8i7j9`. A move that cannot be read is named with its line.
#[test]
fn gomoku_match_reads_pos_openings() {
    let (_dir, openings, forfeits) = forfeit_setup("match-pos", "h8i9j7\n\n h8 h9\n");
    let brain = env!("CARGO_BIN_EXE_pbrain-alphabeta");
    let args = ["--games", "4", "--openings", openings.to_str().unwrap()];
    let j = quick_json([brain, &forfeits], &args);
    for (k, g) in j["games"].as_array().unwrap().iter().enumerate() {
        let moves = g["moves"].as_str().unwrap();
        let opening = if k < 2 { "h8i7j9" } else { "h8h7" };
        assert!(moves.starts_with(opening), "game {}: {moves}", k + 1);
    }
    for (line, says) in [
        ("h8i", "'i' is not a move"),
        ("h8z1", "z1 is off the board"),
        ("h8,i9", "',i9' is not a move"),
        ("h8h8", "taken"),
    ] {
        std::fs::write(&openings, format!("h8i9j7\n{line}\n")).unwrap();
        let err = match_fails(&["--openings", openings.to_str().unwrap()]);
        assert!(
            err.contains("line 2") && err.contains(says),
            "{line}: {err}"
        );
    }
}

/// `--transform`: each pass over the openings after the first is played under the next
/// symmetry of the square. h8 i7 j9 (offsets 0,0, 1,1, 2,-1) turned a quarter, (x, y) from
/// the centre to (-y, x), is h8 g7 i6; turned a half, (-x, -y), h8 g9 f7.
#[test]
fn gomoku_match_turns_the_openings_in_later_passes() {
    let (_dir, openings, forfeits) = forfeit_setup("match-transform", "0,0, 1,1, 2,-1\n");
    let brain = env!("CARGO_BIN_EXE_pbrain-alphabeta");
    let file = openings.to_str().unwrap();
    let args = ["--games", "6", "--openings", file, "--transform"];
    let j = quick_json([brain, &forfeits], &args);
    let expected = ["h8i7j9", "h8i7j9", "h8g7i6", "h8g7i6", "h8g9f7", "h8g9f7"];
    for (k, g) in j["games"].as_array().unwrap().iter().enumerate() {
        let moves = g["moves"].as_str().unwrap();
        assert!(moves.starts_with(expected[k]), "game {}: {moves}", k + 1);
        assert_eq!(g["symmetry"].as_u64(), Some(k as u64 / 2), "{g}");
        assert_eq!(g["opening"], 1);
    }
    let err = match_fails(&["--transform"]);
    assert!(err.contains("--openings"), "{err}");
}

/// A brain that floods its output (its first move, then `MESSAGE` lines without end) waits
/// on its pipe while the other brain thinks, instead of filling the manager's memory (the
/// manager's peak resident memory, read from /proc while it runs, stays small), and loses
/// on time at its next move, its lines read and passed over until then.
#[cfg(target_os = "linux")]
#[test]
fn gomoku_match_holds_a_flooding_brain_in_little_memory() {
    let (_dir, flood) = script_brain("match-flood", "flood");
    let brain = env!("CARGO_BIN_EXE_pbrain-alphabeta");
    let args = [
        "gomoku",
        "match",
        "--memory",
        "32",
        "--json",
        "--engine",
        brain,
        "--engine",
        &flood,
        "--tc",
        "0/1",
        "--tolerance",
        "0.5",
    ];
    let child = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let status = format!("/proc/{}/status", child.id());
    let watcher = std::thread::spawn(move || {
        // The kernel's own peak (VmHWM), as last read before the manager ended.
        let mut peak_kib = 0;
        while let Ok(text) = std::fs::read_to_string(&status) {
            let peak = text
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok());
            match peak {
                Some(kib) => peak_kib = peak_kib.max(kib),
                None => break,
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        peak_kib
    });
    let out = child.wait_with_output().unwrap();
    let peak_kib = watcher.join().unwrap();
    let j: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["wins"], 2, "{j}");
    for g in j["games"].as_array().unwrap() {
        assert_eq!(g["reason"], "fake.sh ran out of time", "{g}");
    }
    assert!(peak_kib > 0 && peak_kib < 64 * 1024, "peak {peak_kib} KiB");
}

/// Whether process `pid` still runs (a zombie waiting for its parent does not).
#[cfg(target_os = "linux")]
fn running(pid: &str) -> bool {
    let status = std::fs::read_to_string(format!("/proc/{}/status", pid.trim()));
    status.is_ok_and(|s| {
        !s.lines()
            .any(|l| l.starts_with("State:") && l.contains('Z'))
    })
}

/// What a brain started dies with it: a brain run through a script that starts a helper
/// process (`sleep 1000` here) leaves none behind when its game ends (the manager ends the
/// brain's whole process group), which would otherwise take the next games' time.
#[cfg(target_os = "linux")]
#[test]
fn gomoku_match_leaves_no_helper_of_a_brain_running() {
    let (scratch, helper) = script_brain("match-helper", "helper");
    let dir = scratch.path();
    let brain = env!("CARGO_BIN_EXE_pbrain-alphabeta");
    let j = quick_json([brain, &helper], &["--games", "1"]);
    assert_eq!(j["wins"], 1, "{j}");
    let pid = std::fs::read_to_string(dir.join("helper.pid")).unwrap();
    // The kill is sent before the manager exits; a moment for the kernel to end the group.
    let ended = std::time::Instant::now();
    while running(&pid) && ended.elapsed().as_secs() < 10 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(!running(&pid), "the helper {} still runs", pid.trim());
}

/// A brain told `END` is given time to leave before its process group is killed: one that
/// works a second first (as Wine does on its first start, in the brain's group) finishes,
/// at the manager's check that the brain starts and after its game. (With half a second, as
/// the manager once waited, the file is never written.)
#[cfg(target_os = "linux")]
#[test]
fn gomoku_match_lets_a_brain_finish_leaving() {
    assert!(
        script_brain_leaves("lingering", "left"),
        "the brain was killed while it was leaving"
    );
}

/// Whether the script brain of `mode` (see `fake_brain`), after one game against this
/// project's brain (which it loses: its answer is no move), left `file` in its folder.
#[cfg(target_os = "linux")]
fn script_brain_leaves(mode: &str, file: &str) -> bool {
    let (scratch, script) = script_brain(&format!("match-{mode}"), mode);
    let brain = env!("CARGO_BIN_EXE_pbrain-alphabeta");
    let j = quick_json([brain, &script], &["--games", "1"]);
    assert_eq!(j["wins"], 1, "{j}");
    scratch.path().join(file).exists()
}

/// After `END` the manager closes a brain's input: a brain that reads on after `END` (as a
/// script that hands its lines to the real brain does) sees its input end and leaves,
/// instead of being killed when its time to leave is over. (Without the close, the file
/// is never written.)
#[cfg(target_os = "linux")]
#[test]
fn gomoku_match_closes_a_brains_input_after_end() {
    assert!(
        script_brain_leaves("deaf", "closed"),
        "the brain's input was not closed after END"
    );
}

/// Interrupted (Ctrl-C, or a termination signal), the manager ends the brains with it,
/// though they run in their own process groups: a brain deaf to its input (asleep for
/// 1000 s on its move) is gone when the manager has exited.
#[cfg(target_os = "linux")]
#[test]
fn gomoku_match_interrupted_ends_its_brains() {
    use nix::sys::signal::{kill, Signal};
    let (scratch, stubborn) = script_brain("match-interrupted", "stubborn");
    let dir = scratch.path();
    let _ = std::fs::remove_file(dir.join("brain.pid"));
    let brain = env!("CARGO_BIN_EXE_pbrain-alphabeta");
    let mut manager = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
        .args([
            "gomoku", "match", "--memory", "32", "--nodes", "1000", "--tc", "0/600",
        ])
        .args(["--engine", brain, "--engine", &stubborn])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid_file = dir.join("brain.pid");
    let asked = std::time::Instant::now();
    let pid = loop {
        match std::fs::read_to_string(&pid_file) {
            Ok(pid) if pid.ends_with('\n') => break pid,
            _ => assert!(asked.elapsed().as_secs() < 60, "the brain was never asked"),
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert!(running(&pid));
    kill(
        nix::unistd::Pid::from_raw(manager.id() as i32),
        Signal::SIGINT,
    )
    .unwrap();
    let status = manager.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    // The kill is sent before the manager exits; a moment for the kernel to end the group.
    let ended = std::time::Instant::now();
    while running(&pid) && ended.elapsed().as_secs() < 10 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(!running(&pid), "the brain {} still runs", pid.trim());
}

/// Interrupted after some games, the manager reports the score of exactly the games whose
/// lines it printed (the one cut short counts for nothing) and exits with Ctrl-C's code.
#[cfg(target_os = "linux")]
#[test]
fn gomoku_match_interrupted_reports_the_games_that_ended() {
    use nix::sys::signal::{kill, Signal};
    use std::io::BufRead;
    let (_dir, forfeits) = script_brain("match-interrupted-score", "hello");
    let brain = env!("CARGO_BIN_EXE_pbrain-alphabeta");
    let mut manager = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
        .args(["gomoku", "match", "--memory", "32", "--nodes", "1000"])
        .args([
            "--games", "100000", "--engine", brain, "--engine", &forfeits,
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = vec![];
    let mut sent = false;
    for line in std::io::BufReader::new(manager.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        if line.starts_with("game ") && !sent && lines.len() >= 3 {
            kill(
                nix::unistd::Pid::from_raw(manager.id() as i32),
                Signal::SIGINT,
            )
            .unwrap();
            sent = true;
        }
        lines.push(line);
    }
    let out = manager.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let played = lines.iter().filter(|l| l.starts_with("game ")).count();
    assert!((4..100_000).contains(&played), "{lines:?}");
    let score = format!("pbrain-alphabeta - fake.sh: {played} - 0 - 0 (100.0%)");
    assert!(
        lines.iter().any(|l| l == &score),
        "{score} not in {lines:?}"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    let said = format!("interrupted: the score counts the {played} games that ended");
    assert!(err.contains(&said), "{err}");
}
