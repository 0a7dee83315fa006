//! Victory by continuous fours (VCF): the side to move plays a four (a threat to make five next
//! move) again and again; each time the defender has exactly one cell to block, so the tree is
//! narrow and can be searched deep. It ends in a five, or in a four the defender cannot stop
//! (two cells to block at once).

use std::collections::HashSet;

use crate::board::{Board, Color, DIRECTIONS};
use crate::game::would_win;
use crate::patterns::Pattern;

/// The empty cells on the lines through `cell` (up to four steps away) where `color` would
/// make five: after a stone at `cell`, these are the fours it made.
fn fives_through(b: &Board, cell: u16, color: Color) -> Vec<u16> {
    let mut out = Vec::new();
    for d in DIRECTIONS {
        for k in (-4isize..=4).filter(|&k| k != 0) {
            let c = (cell as isize + k * d) as u16;
            if b.at(c) == crate::Cell::Empty && would_win(b, c, color) && !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

/// Every empty cell near the stones where `color` would make five.
pub fn five_cells(b: &Board, color: Color) -> Vec<u16> {
    b.five_cells(color)
}

/// A VCF search: the winning line if the side to move has one within `max_fours` fours.
pub struct VcfSearch {
    max_fours: u32,
    node_limit: u64,
    deadline: Option<std::time::Instant>,
    stop: Option<alphabeta::StopHandle>,
    /// Nodes visited by the last search.
    pub nodes: u64,
    failed: HashSet<u64>,
}

impl VcfSearch {
    /// A search for VCFs of at most `max_fours` fours, giving up after `node_limit` nodes.
    pub fn new(max_fours: u32, node_limit: u64) -> VcfSearch {
        VcfSearch {
            max_fours,
            node_limit,
            deadline: None,
            stop: None,
            nodes: 0,
            failed: HashSet::new(),
        }
    }

    /// The same search, giving up at `deadline` too (checked every 64 nodes).
    pub fn with_deadline(self, deadline: std::time::Instant) -> VcfSearch {
        VcfSearch {
            deadline: Some(deadline),
            ..self
        }
    }

    /// The same search, giving up when `stop` is set too (checked every 64 nodes).
    pub fn with_stop(self, stop: alphabeta::StopHandle) -> VcfSearch {
        VcfSearch {
            stop: Some(stop),
            ..self
        }
    }

    /// The winning sequence (attacker and defender moves alternating, ending with the
    /// attacker's five or unstoppable four), or `None`. The board is left as it was.
    pub fn find(&mut self, b: &mut Board) -> Option<Vec<u16>> {
        self.nodes = 0;
        self.failed.clear();
        let mut line = Vec::new();
        self.attack(b, self.max_fours, &mut line).then_some(line)
    }

    fn attack(&mut self, b: &mut Board, fours_left: u32, line: &mut Vec<u16>) -> bool {
        self.nodes += 1;
        if self.nodes > self.node_limit || b.winner().is_some() {
            return false;
        }
        if self.nodes.is_multiple_of(64)
            && (self
                .deadline
                .is_some_and(|d| std::time::Instant::now() >= d)
                || self.stop.as_ref().is_some_and(|s| s.is_stopped()))
        {
            // Out of time or told to stop: stop everywhere (the node count now exceeds the limit).
            self.nodes = self.node_limit + 1;
            return false;
        }
        let me = b.to_move();
        if let Some(&w) = b.five_cells(me).first() {
            line.push(w);
            return true;
        }
        if fours_left == 0 || self.failed.contains(&b.hash()) {
            return false;
        }
        let threats = b.five_cells(me.other());
        let tries: Vec<u16> = match threats.len() {
            // Every cell where we would make a four.
            0 => {
                let mut fours = Vec::new();
                b.for_each_candidate(|c| {
                    if (0..4).any(|di| b.pattern(c, me, di) >= Pattern::Four) {
                        fours.push(c);
                    }
                });
                fours
            }
            // We must block; the block itself must be a four to keep the initiative.
            1 => threats,
            _ => return false,
        };
        // First every four: one the defender cannot stop ends the search at once.
        let mut fours = Vec::new();
        for c in tries {
            b.place(c);
            let fives = fives_through(b, c, me);
            let defender_wins = !fives.is_empty()
                && b.pattern_counts()[me.other().index()][Pattern::Five as usize] > 0
                && !b.five_cells(me.other()).is_empty();
            b.remove_last();
            if fives.is_empty() || defender_wins {
                // Not a four, or a four that does not stop the defender's own five.
                continue;
            }
            if fives.len() >= 2 {
                // Two cells to block at once: the defender blocks one, we take the other.
                line.extend([c, fives[0], fives[1]]);
                return true;
            }
            fours.push((c, fives[0]));
        }
        // Then each four with its forced block, deeper.
        for (c, block) in fours {
            b.place(c);
            b.place(block);
            line.extend([c, block]);
            let won = self.attack(b, fours_left - 1, line);
            b.remove_last();
            b.remove_last();
            if won {
                return true;
            }
            line.truncate(line.len() - 2);
        }
        self.failed.insert(b.hash());
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::{Cell, Rule};

    fn board(moves: &str) -> Board {
        let mut b = Board::new(15, Rule::Freestyle).unwrap();
        b.play_sequence(moves).unwrap();
        b
    }

    /// Plays the line and checks that it is legal and ends in a five for the attacker.
    fn check_line(b: &Board, line: &[u16]) {
        let mut g = b.clone();
        let attacker = g.to_move();
        for &c in line {
            assert_eq!(g.at(c), Cell::Empty, "{} is taken in {line:?}", g.name(c));
            g.place(c);
        }
        assert_eq!(g.winner(), Some(attacker), "the line ends in a five\n{g}");
    }

    #[test]
    fn an_open_four_wins_at_once() {
        // Black: h8 i8 j8 (an open three on row 8) and h10 h11 (column h, h9 empty); White's
        // stones are far away on column a. h9, g8 or k8 makes an open four: a VCF of one four.
        let mut b = board("h8a1i8a3j8a5h10a7h11a9");
        let mut s = VcfSearch::new(10, 100_000);
        let line = s.find(&mut b).expect("a VCF");
        check_line(&b, &line);
        assert_eq!(line.len(), 3, "four, block, five");
    }

    #[test]
    fn no_vcf_without_threats() {
        let mut b = board("h8i9");
        assert_eq!(VcfSearch::new(10, 100_000).find(&mut b), None);
    }

    /// A position (found by a random search over middle-game positions) where the side to
    /// move, White, wins by ten fours in a row and by nothing shorter than seven.
    const LONG: &str = "l5h11d11j6j8g9h5l11f4h7e11k11d7f6i4d5i10d9g7d10e4f10g8";

    #[test]
    fn a_vcf_of_ten_fours_in_all_eight_orientations() {
        let base = board(LONG);
        for s in 0..8 {
            let mut b = base.transformed(s);
            let attacker = b.to_move();
            let line = VcfSearch::new(30, 2_000_000).find(&mut b).expect("a VCF");
            check_line(&b, &line);
            // Every defender move was forced: after each attacker move (but the last two of
            // an open four), the attacker threatened five on exactly the cell blocked next.
            let mut g = b.clone();
            let fours = line.len() / 2;
            assert!(fours >= 7, "orientation {s}: only {fours} fours");
            for pair in line.chunks(2).take(fours) {
                g.place(pair[0]);
                let threats = five_cells(&g, attacker);
                assert!(
                    threats.contains(&pair[1]),
                    "orientation {s}: a free defender move"
                );
                g.place(pair[1]);
            }
            // And nothing shorter than seven fours wins.
            assert_eq!(
                VcfSearch::new(6, 2_000_000).find(&mut b),
                None,
                "orientation {s}"
            );
        }
    }
}
