#![no_main]
//! The readers of positions and game records: SGF, PSQ, Gomoku move strings and cells,
//! Connect Four moves, tic-tac-toe boards, the tree's value ranges. Errors are fine, panics
//! are finds.
use alphabeta_gomoku::{read_psq, read_sgf, Board, Rule};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&k, rest)) = data.split_first() else {
        return;
    };
    let Ok(s) = std::str::from_utf8(rest) else {
        return;
    };
    let rules = [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro];
    let rule = rules[(k & 3) as usize];
    match k >> 2 & 7 {
        0 => {
            if let Ok(games) = read_sgf(s, rule) {
                for g in games {
                    let _ = g.to_sgf("", &[]);
                }
            }
        }
        1 => {
            if let Ok(g) = read_psq(s, rule) {
                let _ = g.to_sgf("", &[]);
            }
        }
        2 | 3 => {
            let size = 5 + (k >> 5) as u32 * 2;
            if let Ok(mut b) = Board::new(size, rule) {
                let _ = b.parse_cell(s);
                if b.play_sequence(s).is_ok() {
                    let _ = b.winning_line();
                    let _ = b.move_string();
                }
            }
        }
        4 => {
            let _ = alphabeta_games::connect4::Connect4::from_moves(s);
        }
        5 => {
            let _ = alphabeta_games::tictactoe::TicTacToe::parse(s, None);
        }
        6 => {
            let _ = alphabeta_tree::parse_values(s);
            let _ = alphabeta_cli::pbrain::parse_xy(s);
        }
        _ => {
            let _ = alphabeta_tree::parse(s);
        }
    }
});
