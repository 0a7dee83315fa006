//! Connect Four: the benchmark sets' answers, and near-full boards against a plain negamax
//! written here.

use alphabeta::{Game, Outcome};
use alphabeta_games::connect4::{Connect4, Solver, WIDTH};
use proptest::prelude::*;

/// The first `n` lines of a benchmark set from `../shared/data/connect4`.
fn sample(file: &str, n: usize) -> Vec<(String, i32)> {
    let path = format!(
        "{}/../../../shared/data/connect4/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .take(n)
        .map(|l| {
            let (moves, score) = l.split_once(' ').expect("MOVES SCORE");
            (moves.to_string(), score.trim().parse().expect("a score"))
        })
        .collect()
}

fn check_set(file: &str, n: usize) {
    let mut solver = Solver::default();
    for (moves, expected) in sample(file, n) {
        let p = Connect4::from_moves(&moves).unwrap();
        let sol = solver.solve(&p, false);
        assert_eq!(sol.score, expected, "{file}: {moves}");
        // The weak solver agrees on the sign.
        assert_eq!(
            solver.solve(&p, true).score,
            expected.signum(),
            "{file} weak: {moves}"
        );
        // The best move keeps the score: after it, the opponent's score is its negation
        // (or the game is won at once).
        let mut q = p;
        let mv = sol.best_move.expect("a move");
        q.play(mv);
        if q.outcome().is_none() {
            assert_eq!(
                solver.solve(&q, false).score,
                -expected,
                "{file}: {moves} then {}",
                mv + 1
            );
        }
    }
}

/// The progress hook sees ranges that only narrow and always hold the reference score.
#[test]
fn progress_narrows_onto_the_score() {
    let mut solver = Solver::default();
    let mut narrowed = 0;
    for (moves, expected) in sample("Test_L2_R1", 30) {
        let p = Connect4::from_moves(&moves).unwrap();
        let mut ranges = Vec::new();
        let sol = solver.solve_with_progress(&p, false, |min, max| ranges.push((min, max)));
        assert_eq!(sol.score, expected, "{moves}");
        for &(min, max) in &ranges {
            assert!(
                min < max && (min..=max).contains(&expected),
                "{moves}: {ranges:?}"
            );
        }
        for w in ranges.windows(2) {
            let ((a, b), (c, d)) = (w[0], w[1]);
            assert!(a <= c && d <= b && (a, b) != (c, d), "{moves}: {ranges:?}");
        }
        narrowed += usize::from(ranges.len() > 1);
    }
    assert!(narrowed > 0, "some solve takes more than one step");
}

#[test]
fn end_easy() {
    check_set("Test_L3_R1", 100);
}

#[test]
fn middle_easy() {
    check_set("Test_L2_R1", 60);
}

#[test]
fn begin_easy() {
    check_set("Test_L1_R1", 20);
}

/// The benchmark score by plain negamax over every legal move.
fn brute(p: &mut Connect4) -> i32 {
    if p.moves_played() == 42 {
        return 0;
    }
    let mut best = i32::MIN;
    for col in 0..WIDTH {
        if !p.can_play(col) {
            continue;
        }
        let before = p.moves_played() as i32;
        p.play(col as u8);
        let v = if p.outcome() == Some(Outcome::Loss) {
            (43 - before) / 2
        } else {
            -brute(p)
        };
        p.undo(col as u8);
        best = best.max(v);
    }
    best
}

/// A random game of `stones` moves that nobody has won yet.
fn playout(seed: u64, stones: u32) -> Option<Connect4> {
    let mut p = Connect4::new();
    let mut state = seed | 1;
    while p.moves_played() < stones {
        // Any column that does not end the game.
        let cols: Vec<u32> = (0..WIDTH)
            .filter(|&c| p.can_play(c) && !p.is_winning_move(c))
            .collect();
        if cols.is_empty() {
            return None;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let col = cols[(state % cols.len() as u64) as usize];
        p.play(col as u8);
    }
    Some(p)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn near_full_boards_match_plain_negamax(seed in any::<u64>(), stones in 32u32..=40) {
        let Some(mut p) = playout(seed, stones) else { return Ok(()) };
        prop_assume!(p.outcome().is_none());
        let truth = brute(&mut p);
        let mut solver = Solver::new(4);
        let sol = solver.solve(&p, false);
        prop_assert_eq!(sol.score, truth, "{:?}", p);
        prop_assert_eq!(solver.solve(&p, true).score, truth.signum());
        let mv = sol.best_move.unwrap();
        let before = p.moves_played() as i32;
        p.play(mv);
        let after = if p.outcome() == Some(Outcome::Loss) { (43 - before) / 2 } else { -brute(&mut p) };
        prop_assert_eq!(after, truth, "the best move keeps the score");
    }
}

/// Every cell on a line of four of one colour, found by walking the board by coordinates.
fn fours_by_coordinates(p: &Connect4) -> Vec<(u32, u32)> {
    let mut cells = Vec::new();
    for col in 0..7i32 {
        for row in 0..6i32 {
            for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                let line: Vec<(i32, i32)> = (0..4).map(|k| (col + k * dc, row + k * dr)).collect();
                let stone = |&(c, r): &(i32, i32)| {
                    ((0..7).contains(&c) && (0..6).contains(&r))
                        .then(|| p.at(c as u32, r as u32))
                        .flatten()
                };
                let first = stone(&line[0]);
                if first.is_some() && line.iter().all(|c| stone(c) == first) {
                    cells.extend(line.iter().map(|&(c, r)| (c as u32, r as u32)));
                }
            }
        }
    }
    cells.sort_unstable();
    cells.dedup();
    cells
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Random games to their end: no four before the last disc, and then the winner's.
    #[test]
    fn four_cells_are_the_lines_of_four(columns in proptest::collection::vec(0u8..7, 1..200)) {
        let mut p = Connect4::new();
        for &c in &columns {
            if p.outcome().is_some() {
                break;
            }
            if p.can_play(u32::from(c)) {
                prop_assert!(p.four_cells().is_empty(), "{:?}", p);
                p.play(c);
            }
        }
        let cells = p.four_cells();
        prop_assert_eq!(&cells, &fours_by_coordinates(&p), "{:?}", p);
        prop_assert_eq!(cells.len() >= 4, p.outcome() == Some(Outcome::Loss), "{:?}", p);
    }
}

/// Begin-Easy's first `n` positions of 10 to 13 discs: most are solved within the early
/// budget.
fn early_sample(n: usize) -> Vec<(String, i32)> {
    sample("Test_L1_R1", 1000)
        .into_iter()
        .filter(|(moves, _)| (10..14).contains(&moves.len()))
        .take(n)
        .collect()
}

/// A solve within a node budget answers right or not at all: its score is the benchmark
/// set's, its columns those a solver without a budget gives; and searches stopped by a
/// budget leave nothing in the table that changes a later answer.
#[test]
fn a_solve_within_a_budget_answers_right_or_not_at_all() {
    use alphabeta_games::connect4::EARLY_SOLVE_NODES;
    let mut budgeted = Solver::new(16);
    let (mut ran_out, mut answered) = (0, 0);
    for (moves, expected) in early_sample(10) {
        let p = Connect4::from_moves(&moves).unwrap();
        for nodes in [50, 2_000, 50_000, EARLY_SOLVE_NODES] {
            match budgeted.try_solve(&p, false, Some(nodes)) {
                Some(s) => {
                    assert_eq!(s.score, expected, "{moves} within {nodes} nodes");
                    answered += 1;
                }
                None => ran_out += 1,
            }
            match budgeted.try_column_scores(&p, Some(nodes)) {
                Some(columns) => {
                    let full = Solver::new(16).column_scores(&p);
                    assert_eq!(columns, full, "{moves} within {nodes} nodes");
                    let best = columns.iter().map(|&(_, v)| v).max();
                    assert_eq!(best, Some(expected), "{moves}");
                    answered += 1;
                }
                None => ran_out += 1,
            }
        }
        assert_eq!(budgeted.solve(&p, false).score, expected, "{moves}");
    }
    // Both ways are taken: the small budgets run out, the large ones answer.
    assert!(
        ran_out >= 20 && answered >= 20,
        "{ran_out} ran out, {answered} answered"
    );
}

/// The opponent a person plays: from `SOLVE_FROM` stones its move is exact and keeps the
/// benchmark set's score, and each column's value is given, the chosen one's the set's; from
/// `EARLY_SOLVE_FROM` the same where the solver answers within its budget, else a timed search;
/// before, a timed search, which still takes a win in one.
#[test]
fn the_opponent_solves_where_the_solver_answers_and_searches_elsewhere() {
    use alphabeta_games::connect4::{Opponent, EARLY_SOLVE_FROM, SOLVE_FROM};
    let mut opponent = Opponent::new(16);
    let late = sample("Test_L2_R1", 10);
    assert!(late.iter().all(|(m, _)| m.len() as u32 >= SOLVE_FROM));
    let early = early_sample(6);
    assert!(early
        .iter()
        .all(|(m, _)| m.len() as u32 >= EARLY_SOLVE_FROM));
    for (moves, expected) in late.into_iter().chain(early) {
        let p = Connect4::from_moves(&moves).unwrap();
        let c = opponent.choose(&p, 1.0).expect("a move");
        assert!(c.exact, "{moves}");
        assert_eq!(c.value, p.score_in_plies(expected), "{moves}");
        let columns = opponent.column_values(&p).expect("solved here");
        let chosen = columns.iter().find(|(col, _)| *col == u32::from(c.column));
        assert_eq!(chosen.map(|(_, v)| v), Some(&c.value), "{moves}");
    }
    // Begin-Hard, 8 discs: the solver needs some 13 million nodes for the position, more
    // for its columns, past the budget: a timed search and no values.
    let hard = Connect4::from_moves("32252276").unwrap();
    let c = opponent.choose(&hard, 0.2).expect("a move");
    assert!(!c.exact, "{c:?}");
    assert_eq!(opponent.column_values(&hard), None);
    // X has three in column 1 at 6 discs: the search, not the solver, and it wins at once.
    let p = Connect4::from_moves("121212").unwrap();
    assert_eq!(opponent.column_values(&p), None);
    let c = opponent.choose(&p, 0.2).expect("a move");
    assert!(!c.exact);
    assert!(p.is_winning_move(u32::from(c.column)), "{c:?}");
    let over = Connect4::from_moves("1212121").unwrap();
    assert_eq!(opponent.choose(&over, 0.2), None);
}
