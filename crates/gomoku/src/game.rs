//! Gomoku as a game for the engine: candidate moves near the stones, forced replies (a five to
//! block, an open three to stop), and the evaluation by windows of five cells, whose sums the
//! board keeps up to date on every move.

use alphabeta::{Evaluator, Game, Outcome, Score};

use crate::board::{Board, Cell, Color, DIRECTIONS, GRID};

/// If a stone of `color` stood on the empty cell `e`: the empty cells on the lines through
/// `e` where `color` would then make five (the fours `e` makes). `None` when no line through
/// `e` holds three stones of `color` within four cells (the common case, answered cheaply).
fn fives_if(b: &Board, e: u16, color: Color) -> Option<Vec<u16>> {
    let stone = Cell::Stone(color);
    let mut out: Option<Vec<u16>> = None;
    for d in DIRECTIONS {
        let near = (-4isize..=4)
            .filter(|&k| k != 0 && b.at((e as isize + k * d) as u16) == stone)
            .count();
        if near < 3 {
            continue;
        }
        let found = out.get_or_insert_with(Vec::new);
        for k in -4isize..=4 {
            let f = (e as isize + k * d) as u16;
            if k == 0 || b.at(f) != Cell::Empty {
                continue;
            }
            // The run through f along d, counting e as a stone of `color`.
            let mut n = 1;
            for sign in [-1isize, 1] {
                let mut i = f as isize + sign * d;
                while i as u16 == e || b.at(i as u16) == stone {
                    n += 1;
                    i += sign * d;
                }
            }
            let five = match b.rule() {
                crate::Rule::Freestyle => n >= 5,
                crate::Rule::Standard => n == 5,
            };
            if five && !found.contains(&f) {
                found.push(f);
            }
        }
    }
    out
}

/// What one look along the four lines through a candidate tells: does it make five for us,
/// for the opponent, and how much does it matter (the lines it makes for either side).
struct Look {
    cell: u16,
    wins: bool,
    blocks: bool,
    urgency: i32,
}

fn look(b: &Board, cell: u16, me: Color) -> Look {
    let five = |n: u32| match b.rule() {
        crate::Rule::Freestyle => n >= 5,
        crate::Rule::Standard => n == 5,
    };
    let (mut wins, mut blocks, mut urgency) = (false, false, 0);
    for d in DIRECTIONS {
        let mine = b.run_length(cell, d, me);
        let theirs = b.run_length(cell, d, me.other());
        wins |= five(mine);
        blocks |= five(theirs);
        urgency += (mine * mine * 2 + theirs * theirs) as i32;
    }
    Look {
        cell,
        wins,
        blocks,
        urgency,
    }
}

impl Board {
    /// The empty cells within two steps of a stone (the centre on an empty board), in
    /// reading order.
    pub fn candidates(&self) -> Vec<u16> {
        if self.history().is_empty() {
            let c = self.size() as u32 / 2;
            return self.index(c, c).into_iter().collect();
        }
        self.cells()
            .filter(|&c| self.at(c) == Cell::Empty && self.is_near_stones(c))
            .collect()
    }
}

impl Game for Board {
    type Move = u16;

    /// A winning move alone; else the blocks of the opponent's fives; else every candidate,
    /// the most urgent first.
    fn generate_moves(&self, moves: &mut Vec<u16>) {
        let me = self.to_move();
        let looks: Vec<Look> = self
            .candidates()
            .into_iter()
            .map(|c| look(self, c, me))
            .collect();
        if let Some(w) = looks.iter().find(|l| l.wins) {
            moves.push(w.cell);
            return;
        }
        if looks.iter().any(|l| l.blocks) {
            moves.extend(looks.iter().filter(|l| l.blocks).map(|l| l.cell));
            return;
        }
        // The opponent threatens an open four (it has an open three): only the cells that
        // stop it, and our own fours (which force a reply first), are worth searching.
        let mut defences: Vec<u16> = Vec::new();
        for l in &looks {
            if let Some(fives) = fives_if(self, l.cell, me.other()).filter(|f| f.len() >= 2) {
                for c in std::iter::once(l.cell).chain(fives) {
                    if !defences.contains(&c) {
                        defences.push(c);
                    }
                }
            }
        }
        let mut chosen: Vec<&Look> = looks
            .iter()
            .filter(|l| {
                defences.is_empty()
                    || defences.contains(&l.cell)
                    || fives_if(self, l.cell, me).is_some_and(|f| !f.is_empty())
            })
            .collect();
        chosen.sort_by(|a, b| b.urgency.cmp(&a.urgency).then(a.cell.cmp(&b.cell)));
        moves.extend(chosen.into_iter().map(|l| l.cell));
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

/// The first evaluation: every window of five cells (in every direction) that holds stones
/// of one colour only counts for that colour, more the fuller it is (`WINDOW_VALUE`); the side
/// to move counts half as much again, as it moves first. The sums are kept up to date by the
/// board on every move, so evaluating costs nothing.
#[derive(Copy, Clone, Debug, Default)]
pub struct Windows;

impl Evaluator<Board> for Windows {
    fn evaluate(&self, b: &Board) -> Score {
        let sums = b.window_sums();
        let me = b.to_move().index();
        let v = sums[me] * 3 / 2 - sums[1 - me];
        Score(v.clamp(-(Score::MAX_EVAL.0 as i64), Score::MAX_EVAL.0 as i64) as i32)
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
    fn incremental_window_sums_equal_a_recount_after_random_play_and_undo() {
        let mut b = Board::new(15, Rule::Freestyle).unwrap();
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for step in 0..2000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let undo = !b.history().is_empty() && (state.is_multiple_of(3) || b.winner().is_some());
            if undo {
                b.remove_last();
            } else {
                let empty: Vec<u16> = b.cells().filter(|&c| b.at(c) == Cell::Empty).collect();
                b.place(empty[(state >> 8) as usize % empty.len()]);
            }
            assert_eq!(b.window_sums(), b.window_sums_from_scratch(), "step {step}");
            for c in b.cells() {
                let near = b.history().iter().any(|&s| {
                    let ((x, y), (sx, sy)) = (b.xy(c), b.xy(s));
                    x.abs_diff(sx) <= 2 && y.abs_diff(sy) <= 2
                });
                assert_eq!(b.is_near_stones(c), near, "step {step}");
            }
        }
    }

    #[test]
    fn answers_an_open_three_in_every_orientation() {
        // White has an open three f8 g8 h8 (e8, i8 empty, d8 and j8 empty too); Black's stones
        // are scattered and make no threat. Black must stop the three.
        let base = "b2f8n2g8b14h8";
        for s in 0..8 {
            let mut b = board(base).transformed(s);
            let mut moves = Vec::new();
            b.generate_moves(&mut moves);
            let names: Vec<String> = moves.iter().map(|&c| b.name(c)).collect();
            // The defences of .XXX. are its four neighbours on the line: d8 e8 i8 j8 (in this
            // orientation's coordinates): exactly four candidates.
            assert_eq!(moves.len(), 4, "orientation {s}: {names:?}");
            let best = best(&mut b, 3);
            let cell = b.parse_cell(&best).unwrap();
            assert!(moves.contains(&cell), "orientation {s}: {best}");
        }
    }
}
