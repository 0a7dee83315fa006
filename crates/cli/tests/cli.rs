//! End-to-end tests of the `alphabeta` binary: it is run as a user would run it.

use std::process::{Command, Output};

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
    ] {
        let o = alphabeta(&args);
        assert!(!o.status.success());
        assert!(
            stderr(&o).contains(&format!("invalid value '{}' for '{}", args[2], args[1])),
            "{}",
            stderr(&o)
        );
    }
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
