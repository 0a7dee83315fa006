//! End-to-end tests of the `alphabeta` binary: it is run as a user would run it.

use std::process::{Command, Output};

use alphabeta::{Evaluator, Game, Outcome};
use alphabeta_games::connect4::{Connect4, Threats};

mod common;

fn alphabeta(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_alphabeta"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn help_and_version() {
    let o = alphabeta(&["--help"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("bench"), "{}", stdout(&o));
    let o = alphabeta(&["--version"]);
    assert!(o.status.success());
    assert!(stdout(&o).starts_with("alphabeta "), "{}", stdout(&o));
    let o = alphabeta(&["bench", "--help"]);
    assert!(o.status.success() && stdout(&o).contains("--depth"));
}

#[test]
fn serve_shares_the_cores_among_its_searches() {
    // By default each Gomoku search gets the machine's cores divided among the searches
    // that may run at once (at least one); `--threads` says otherwise.
    let cores = std::thread::available_parallelism().unwrap().get();
    for (searches, want) in [(1, cores), (2, (cores / 2).max(1)), (cores + 1, 1)] {
        let (_server, line) = common::serve(&["--max-searches", &searches.to_string()]);
        let s = if want == 1 { "" } else { "s" };
        assert!(
            line.contains(&format!("Gomoku searches on {want} thread{s};")),
            "{searches} searches: {line}"
        );
    }
    let (_server, line) = common::serve(&["--threads", "3"]);
    assert!(line.contains("on 3 threads;"), "{line}");
}

#[test]
fn bench_json_agrees_across_algorithms() {
    let o = alphabeta(&[
        "bench",
        "--json",
        "--depth",
        "4",
        "--cells",
        "8",
        "--tree-leaves",
        "1000",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("valid JSON");
    assert_eq!(out["tree"]["leaves"], 1000);
    let rows = out["engine"].as_array().unwrap();
    assert_eq!(rows.len(), 8);
    // The alpha-beta family searches the same depth: same score, and never more nodes than
    // the plain minimax of the same depth would (checked here by the fail-soft/pvs relation).
    let score = |i: usize| rows[i]["score"].as_i64().unwrap();
    let nodes = |i: usize| rows[i]["nodes"].as_u64().unwrap();
    for row in &rows[2..5] {
        assert_eq!(
            row["score"].as_i64().unwrap(),
            score(1),
            "{}",
            row["algorithm"]
        );
    }
    assert_eq!(
        nodes(1),
        nodes(2),
        "fail-hard and fail-soft visit the same nodes"
    );
    assert_eq!(
        nodes(2),
        nodes(3),
        "max/min and negamax visit the same nodes"
    );
    assert_eq!(score(5), score(1), "the driver finds the fixed-depth value");
    assert_eq!(score(6), score(7), "threads do not change the value");
}

/// Plain negamax over Connect Four's moves and static value, to the depth given: every node,
/// no pruning, no table. A lost position is worth less than any static value.
fn connect4_negamax(p: &mut Connect4, depth: u32) -> i32 {
    match p.outcome() {
        Some(Outcome::Loss) => return -1_000_000,
        Some(_) => return 0,
        None if depth == 0 => return Threats.evaluate(p).0,
        None => {}
    }
    let mut moves = Vec::new();
    p.generate_moves(&mut moves);
    let mut best = i32::MIN;
    for m in moves {
        p.play(m);
        best = best.max(-connect4_negamax(p, depth - 1));
        p.undo(m);
    }
    best
}

/// `alphabeta bench` with a small game and tree, and `args`.
fn small_bench(args: &[&str]) -> Output {
    let small = [
        "bench",
        "--depth",
        "3",
        "--cells",
        "4",
        "--tree-leaves",
        "10",
    ];
    alphabeta(&[&small[..], args].concat())
}

#[test]
fn bench_adds_the_refinements_one_at_a_time_without_changing_a_value() {
    let depth = 7;
    let o = small_bench(&["--json", "--connect4-depth", &depth.to_string()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("valid JSON");
    let ladder = &out["refinements"];
    assert_eq!(ladder["depth"], depth);
    let expected: Vec<i64> = ladder["positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|moves| {
            let mut p = Connect4::from_moves(moves.as_str().unwrap()).unwrap();
            i64::from(connect4_negamax(&mut p, depth))
        })
        .collect();
    assert_eq!(expected.len(), 8);
    assert!(expected.iter().all(|v| v.abs() < 100), "{expected:?}");
    let steps = ladder["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 6);
    // nodes[step][order]
    let mut nodes = Vec::new();
    for step in steps {
        let runs = step["runs"].as_array().unwrap();
        assert_eq!(runs.len(), 3);
        for run in runs {
            let values: Vec<i64> = run["values"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_i64().unwrap())
                .collect();
            assert_eq!(values, expected, "{} {}", step["refinement"], run["order"]);
        }
        nodes.push(
            runs.iter()
                .map(|r| r["nodes"].as_u64().unwrap())
                .collect::<Vec<_>>(),
        );
    }
    // Alpha-beta: the better the order, the fewer nodes (left to right, centre first, the
    // game's own order).
    assert!(
        nodes[0][2] < nodes[0][1] && nodes[0][1] < nodes[0][0],
        "{nodes:?}"
    );
    // Where the order knows nothing, the table and then the killers each save nodes.
    assert!(nodes[2][0] < nodes[1][0], "{nodes:?}");
    assert!(nodes[3][0] < nodes[2][0], "{nodes:?}");
    // Where the game's own order is good, killers cost nodes: why Connect Four's solver and
    // timed opponent leave them off.
    assert!(nodes[3][2] > nodes[2][2], "{nodes:?}");
    // The text report says the same.
    let o = small_bench(&["--connect4-depth", "5"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    for line in [
        "the refinements one at a time",
        "+ killer moves",
        "the game's order",
    ] {
        assert!(text.contains(line), "{text}");
    }
}

#[test]
fn bad_arguments_fail_with_a_message() {
    let o = alphabeta(&["bench", "--depth", "99"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--depth"), "{}", stderr(&o));
    // A negative number is a bad value of its flag, not an unknown argument.
    for args in [
        ["bench", "--depth", "-3"],
        ["tree", "--seed", "-5"],
        ["serve", "--port", "-1"],
        ["serve", "--threads", "0"],
    ] {
        let o = alphabeta(&args);
        assert!(!o.status.success());
        assert!(
            stderr(&o).contains(&format!("invalid value '{}' for '{}", args[2], args[1])),
            "{}",
            stderr(&o)
        );
    }
    let o = alphabeta(&["bench", "--connect4-depth", "20"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--connect4-depth"), "{}", stderr(&o));
    let o = alphabeta(&["bench", "--cells", "many"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--cells"), "{}", stderr(&o));
    // A tree far too large for memory is refused, not an abort.
    let o = alphabeta(&["bench", "--tree-leaves", "100000000000"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--tree-leaves"), "{}", stderr(&o));
    let o = alphabeta(&["no-such-command"]);
    assert!(!o.status.success());
}
