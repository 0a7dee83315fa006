//! Tic-tac-toe against independent computations: a brute-force enumeration of every game,
//! and a plain negamax written here.

use std::collections::{HashMap, HashSet};

use alphabeta::{alphabeta, minimax, Game, NoObserver, Outcome, Pruning, Score, Window};
use alphabeta_games::tictactoe::{
    analyze, lookahead, perfect_search, solve, OpenLines, Player, TicTacToe, LINES,
};

/// Every position reachable from the empty board (terminal ones included), by its cells.
fn reachable() -> HashMap<String, TicTacToe> {
    fn walk(p: &mut TicTacToe, seen: &mut HashMap<String, TicTacToe>) {
        if seen.insert(format!("{p:?}"), *p).is_some() {
            return;
        }
        if p.outcome().is_some() {
            return;
        }
        for cell in 0..9 {
            if p.at(cell).is_none() {
                p.play(cell);
                walk(p, seen);
                p.undo(cell);
            }
        }
    }
    let mut seen = HashMap::new();
    walk(&mut TicTacToe::new(), &mut seen);
    seen
}

#[test]
fn positions_reachable_from_the_empty_board() {
    let all = reachable();
    assert_eq!(all.len(), 5478);
    let classes: HashSet<u32> = all.values().map(|p| p.canonical()).collect();
    assert_eq!(classes.len(), 765);
}

#[test]
fn every_possible_game() {
    // (games, won by X, won by O, drawn), counted move by move.
    fn count(p: &mut TicTacToe, totals: &mut [u64; 4]) {
        match p.outcome() {
            Some(Outcome::Loss) => {
                totals[0] += 1;
                // The side to move lost: the winner is the other.
                if p.to_move() == Player::O {
                    totals[1] += 1;
                } else {
                    totals[2] += 1;
                }
                return;
            }
            Some(_) => {
                totals[0] += 1;
                totals[3] += 1;
                return;
            }
            None => {}
        }
        for cell in 0..9 {
            if p.at(cell).is_none() {
                p.play(cell);
                count(p, totals);
                p.undo(cell);
            }
        }
    }
    let mut totals = [0; 4];
    count(&mut TicTacToe::new(), &mut totals);
    assert_eq!(totals, [255_168, 131_184, 77_904, 46_080]);
}

/// Perfect-play value by plain negamax over every move, written independently.
fn brute(p: &mut TicTacToe, ply: u32) -> Score {
    match p.outcome() {
        Some(Outcome::Loss) => return Score::loss_in(ply),
        Some(_) => return Score::DRAW,
        None => {}
    }
    let mut best = -Score::INFINITY;
    for cell in 0..9 {
        if p.at(cell).is_none() {
            p.play(cell);
            best = best.max(-brute(p, ply + 1));
            p.undo(cell);
        }
    }
    best
}

#[test]
fn the_engine_agrees_with_brute_force_on_every_reachable_position() {
    let mut search = perfect_search();
    for (name, p) in reachable() {
        let truth = brute(&mut p.clone(), 0);
        let r = solve(&mut search, &p);
        assert_eq!(r.score, truth, "{name}");
    }
}

/// The moves whose value is the best, as 1-9.
fn best_moves(board: &str) -> Vec<u8> {
    let p = TicTacToe::parse(board, None).unwrap();
    let a = analyze(&mut perfect_search(), &p);
    let best = a.value.unwrap();
    a.moves
        .iter()
        .filter(|m| m.1 == best)
        .map(|m| m.0 + 1)
        .collect()
}

#[test]
fn textbook_positions() {
    // X to move: only the centre wins.
    let p = TicTacToe::parse("XO.....OX", None).unwrap();
    let a = analyze(&mut perfect_search(), &p);
    let wins: Vec<u8> = a
        .moves
        .iter()
        .filter(|m| m.1.is_win())
        .map(|m| m.0 + 1)
        .collect();
    assert_eq!(wins, [5]);
    // O to move: the centre wins for O.
    let p = TicTacToe::parse("XO....XOX", None).unwrap();
    let a = analyze(&mut perfect_search(), &p);
    assert!(a.moves.iter().any(|m| m.0 == 4 && m.1.is_win()));
    assert_eq!(a.best, Some(4));
    // O to move after a corner: only the centre holds the draw.
    assert_eq!(best_moves("X........"), [5]);
    let p = TicTacToe::parse("X........", None).unwrap();
    let a = analyze(&mut perfect_search(), &p);
    assert_eq!(a.value, Some(Score::DRAW));
    // O to move after the centre: only the corners hold the draw.
    let mut corners = best_moves("....X....");
    corners.sort();
    assert_eq!(corners, [1, 3, 7, 9]);
}

#[test]
fn a_two_ply_search_with_open_lines_plays_the_centre() {
    // The material's claim: from the empty board, looking two plies ahead with
    // f(p) = f_max(p) - f_min(p), the centre is best.
    let mut p = TicTacToe::new();
    let r = minimax(&mut p, &OpenLines, 2, &mut NoObserver);
    assert_eq!(r.best_move, Some(4));
    // The backed-up values of the material: centre 1, corner -1, edge -2.
    let mut values = HashMap::new();
    for cell in 0..9u8 {
        p.play(cell);
        let v = -minimax(&mut p, &OpenLines, 1, &mut NoObserver).score;
        p.undo(cell);
        values.insert(cell, v.0);
    }
    assert_eq!((values[&4], values[&0], values[&1]), (1, -1, -2));
    let ab = alphabeta(
        &mut p,
        &OpenLines,
        2,
        Window::FULL,
        Pruning::default(),
        &mut NoObserver,
    );
    assert_eq!(ab.best_move, Some(4));
}

/// The material's look-ahead by a negamax written here: f(p) counted from the cells, a game
/// over scored as the brute force scores it.
fn look(p: &mut TicTacToe, plies: u32, ply: u32) -> Score {
    match p.outcome() {
        Some(Outcome::Loss) => return Score::loss_in(ply),
        Some(_) => return Score::DRAW,
        None => {}
    }
    if plies == 0 {
        let open = |who: Player| {
            let blocked = |l: u16| (0..9).any(|c| l >> c & 1 == 1 && p.at(c) == Some(who.other()));
            LINES.iter().filter(|&&l| !blocked(l)).count() as i32
        };
        return Score(open(p.to_move()) - open(p.to_move().other()));
    }
    let mut best = -Score::INFINITY;
    for cell in 0..9 {
        if p.at(cell).is_none() {
            p.play(cell);
            best = best.max(-look(p, plies - 1, ply + 1));
            p.undo(cell);
        }
    }
    best
}

#[test]
fn the_look_ahead_is_the_materials() {
    let empty = TicTacToe::new();
    let values = |plies| {
        let a = lookahead(&empty, plies);
        assert_eq!(a.moves.len(), 9);
        // Centre, a corner, an edge.
        let of = |cell| a.moves.iter().find(|m| m.0 == cell).unwrap().1 .0;
        ((of(4), of(0), of(1)), a.best)
    };
    // One ply: f after the move, counted by hand: the centre leaves O the 4 lines not
    // through it (8 - 4), a corner 5, an edge 6; X keeps all 8.
    assert_eq!(values(1), ((4, 3, 2), Some(4)));
    // Two plies: the material's backed-up values, the centre chosen.
    assert_eq!(values(2), ((1, -1, -2), Some(4)));
    // Every move of every reachable position, 1 to 3 plies and 9: the negamax here; and
    // 9 plies ahead is perfect play.
    let mut search = perfect_search();
    for (name, p) in reachable() {
        for plies in [1, 2, 3, 9] {
            let a = lookahead(&p, plies);
            for &(cell, v) in &a.moves {
                let mut q = p;
                q.play(cell);
                assert_eq!(v, -look(&mut q, plies - 1, 1), "{name} {cell} {plies}");
            }
            if plies == 9 && p.outcome().is_none() {
                assert_eq!(a.moves, analyze(&mut search, &p).moves, "{name}");
            }
        }
    }
}

/// Whether `human` can force a win against an engine that plays `engine`'s move, trying
/// every move of its own (a brute force over the game).
fn beatable(p: &mut TicTacToe, human: Player, engine: &mut impl FnMut(&TicTacToe) -> u8) -> bool {
    if p.outcome().is_some() {
        return p.winner() == Some(human);
    }
    if p.to_move() != human {
        let cell = engine(p);
        p.play(cell);
        let won = beatable(p, human, engine);
        p.undo(cell);
        return won;
    }
    (0..9).any(|cell| {
        if p.at(cell).is_some() {
            return false;
        }
        p.play(cell);
        let won = beatable(p, human, engine);
        p.undo(cell);
        won
    })
}

#[test]
fn the_look_ahead_can_be_beaten_to_three_plies_and_perfect_play_never() {
    // `tictactoe play --plies N` and the page's opponent: the look-ahead of 1 to 3 plies
    // falls into a fork (or, at 1 ply, misses a block) that X can steer it to; from 4 plies
    // it cannot be beaten. As O only the 1-ply look-ahead can be.
    let mut search = perfect_search();
    for plies in 1..=9 {
        let mut engine = |p: &TicTacToe| lookahead(p, plies).best.unwrap();
        let as_x = beatable(&mut TicTacToe::new(), Player::X, &mut engine);
        let as_o = beatable(&mut TicTacToe::new(), Player::O, &mut engine);
        assert_eq!((as_x, as_o), (plies <= 3, plies == 1), "{plies} plies");
    }
    let mut perfect = |p: &TicTacToe| solve(&mut search, p).best_move.unwrap();
    assert!(!beatable(&mut TicTacToe::new(), Player::X, &mut perfect));
    assert!(!beatable(&mut TicTacToe::new(), Player::O, &mut perfect));
}

#[test]
fn the_empty_board_is_a_draw_solved_in_few_nodes() {
    let r = solve(&mut perfect_search(), &TicTacToe::new());
    assert_eq!(r.score, Score::DRAW);
    // Plain minimax visits every node of the game tree: 549,946. The table, the symmetry
    // and the ordering cut that by orders of magnitude (the figure is in BENCHMARKS.md).
    let all = minimax(
        &mut TicTacToe::new().plain(),
        &OpenLines,
        9,
        &mut NoObserver,
    );
    assert_eq!(all.stats.nodes, 549_946);
    assert!(
        r.stats.nodes * 100 < all.stats.nodes,
        "{} nodes",
        r.stats.nodes
    );
    // Merging symmetric positions alone (one move per class of results) shrinks minimax's
    // tree: the empty board has 3 moves, not 9.
    let merged = minimax(&mut TicTacToe::new(), &OpenLines, 9, &mut NoObserver);
    assert!(merged.stats.nodes < all.stats.nodes / 5);
    assert_eq!(merged.score, Score::DRAW);
}

/// The winning cells of every reachable position against the lines found by coordinates:
/// three cells of one mark in a row, a column or a diagonal.
#[test]
fn winning_cells_are_the_completed_lines() {
    let lines: Vec<[(u8, u8); 3]> = (0..3)
        .flat_map(|i| [[(i, 0), (i, 1), (i, 2)], [(0, i), (1, i), (2, i)]])
        .chain([[(0, 0), (1, 1), (2, 2)], [(0, 2), (1, 1), (2, 0)]])
        .collect();
    let mut doubles = 0;
    for p in reachable().values() {
        let mut expected: Vec<u8> = lines
            .iter()
            .filter(|line| {
                let mark = p.at(line[0].0 * 3 + line[0].1);
                mark.is_some() && line.iter().all(|&(r, c)| p.at(r * 3 + c) == mark)
            })
            .flat_map(|line| line.map(|(r, c)| r * 3 + c))
            .collect();
        expected.sort_unstable();
        expected.dedup();
        assert_eq!(p.winning_cells(), expected, "{p}");
        assert_eq!(expected.is_empty(), p.winner().is_none(), "{p}");
        doubles += usize::from(expected.len() > 3);
    }
    assert!(doubles > 0, "some last marks close two lines at once");
}
