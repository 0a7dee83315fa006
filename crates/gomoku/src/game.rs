//! Gomoku as a game for the engine: candidate moves near the stones, forced replies to a
//! threat of five, and a first static evaluation by windows of five cells.
//!
//! This is the foundation the tournament engine (issue #5) grows from: the evaluation scans
//! the whole board (not yet incremental), and there is no threat search yet.

use alphabeta::{Evaluator, Game, Outcome, Score};

use crate::board::{Board, Cell, Color, DIRECTIONS, GRID, STRIDE};

/// Would a stone of `color` on the empty `cell` make five (under the board's rule)?
fn would_win(b: &Board, cell: u16, color: Color) -> bool {
    DIRECTIONS.iter().any(|&d| {
        let n = b.run_length(cell, d, color);
        match b.rule() {
            crate::Rule::Freestyle => n >= 5,
            crate::Rule::Standard => n == 5,
        }
    })
}

/// A quick guess of how much a move matters: the longest lines it makes for either side.
fn urgency(b: &Board, cell: u16, me: Color) -> i32 {
    let mut score = 0;
    for d in DIRECTIONS {
        let mine = b.run_length(cell, d, me) as i32;
        let theirs = b.run_length(cell, d, me.other()) as i32;
        score += mine * mine * 2 + theirs * theirs;
    }
    score
}

impl Board {
    /// The empty cells within two steps of a stone (the centre on an empty board).
    pub fn candidates(&self) -> Vec<u16> {
        let mut near = vec![false; GRID];
        let mut out = Vec::new();
        if self.history().is_empty() {
            let c = self.size() as u32 / 2;
            return self.index(c, c).into_iter().collect();
        }
        for &s in self.history() {
            for dy in -2isize..=2 {
                for dx in -2isize..=2 {
                    let i = (s as isize + dy * STRIDE as isize + dx) as usize;
                    if !near[i] && self.at(i as u16) == Cell::Empty {
                        near[i] = true;
                        out.push(i as u16);
                    }
                }
            }
        }
        out.sort_unstable();
        out
    }
}

impl Game for Board {
    type Move = u16;

    /// A winning move alone; else the blocks of the opponent's fives; else every candidate,
    /// the most urgent first.
    fn generate_moves(&self, moves: &mut Vec<u16>) {
        let me = self.to_move();
        let cands = self.candidates();
        if let Some(&w) = cands.iter().find(|&&c| would_win(self, c, me)) {
            moves.push(w);
            return;
        }
        let blocks: Vec<u16> = cands
            .iter()
            .copied()
            .filter(|&c| would_win(self, c, me.other()))
            .collect();
        if !blocks.is_empty() {
            moves.extend(blocks);
            return;
        }
        let mut scored: Vec<(i32, u16)> =
            cands.iter().map(|&c| (urgency(self, c, me), c)).collect();
        scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        moves.extend(scored.into_iter().map(|s| s.1));
    }

    fn play(&mut self, cell: u16) {
        self.place(cell);
    }

    fn undo(&mut self, _: u16) {
        self.remove_last();
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.winner().is_some() {
            Some(Outcome::Loss)
        } else if self.is_full() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn winning_move(&self) -> Option<u16> {
        let me = self.to_move();
        self.candidates()
            .into_iter()
            .find(|&c| would_win(self, c, me))
    }

    fn move_id(&self, cell: u16) -> usize {
        cell as usize
    }

    fn move_id_limit(&self) -> usize {
        GRID
    }

    fn hash(&self) -> Option<u64> {
        Some(Board::hash(self))
    }
}

/// Values of a window of five cells holding `n` stones of one colour and none of the other.
const WINDOW: [i32; 6] = [0, 1, 8, 60, 400, 10_000];

/// The first evaluation: every window of five cells in every direction that holds stones of
/// one colour only counts for that colour, more the fuller it is; the side to move gets a
/// small bonus for having the move.
#[derive(Copy, Clone, Debug, Default)]
pub struct Windows;

impl Evaluator<Board> for Windows {
    fn evaluate(&self, b: &Board) -> Score {
        let me = b.to_move();
        let mut total = 0i32;
        for start in b.cells() {
            for d in DIRECTIONS {
                let (mut mine, mut theirs, mut off) = (0, 0, false);
                for k in 0..5 {
                    match b.at((start as isize + k * d) as u16) {
                        Cell::Stone(c) if c == me => mine += 1,
                        Cell::Stone(_) => theirs += 1,
                        Cell::Empty => {}
                        Cell::Wall => {
                            off = true;
                            break;
                        }
                    }
                }
                if off || (mine > 0 && theirs > 0) {
                    continue;
                }
                // Threats of the side to move count more: it moves first.
                total += WINDOW[mine] * 3 / 2 - WINDOW[theirs];
            }
        }
        Score(total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rule;
    use alphabeta::{Search, SearchOptions};

    fn board(moves: &str) -> Board {
        let mut b = Board::new(15, Rule::Freestyle).unwrap();
        b.play_sequence(moves).unwrap();
        b
    }

    fn best(b: &mut Board, depth: u32) -> String {
        let r = Search::new(SearchOptions::depth(depth)).run(b, &Windows);
        b.name(r.best_move.unwrap())
    }

    #[test]
    fn takes_a_win_in_one() {
        // Black h8 h9 h10 h11 against White's scattered stones: h12 or h7 wins.
        let mut b = board("h8a1h9a3h10a5h11a7");
        let m = best(&mut b, 2);
        assert!(m == "h12" || m == "h7", "{m}");
    }

    #[test]
    fn blocks_a_four() {
        // White has a four on row 1 (b1..e1) open at a1 and f1... one end blocked by Black a1.
        let mut b = board("a1b1h8c1h9d1a15e1");
        assert_eq!(b.to_move(), crate::Color::Black);
        assert_eq!(best(&mut b, 2), "f1");
    }
}
