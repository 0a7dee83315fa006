//! Victory by continuous threats (VCT): the attacker plays fours and open threes, every one
//! a threat that wins if ignored, until a five. Against a four the defender has one reply,
//! the block (under caro also the stone that closes the five); against an open three it has
//! several: every cell that stops the open four to come (among the cells where the attacker
//! would make a four, or under caro anywhere, since a stone beyond the four's end may close
//! its five), and its own fours, which the attacker must answer first. The attacker wins
//! when every such reply still leaves it a VCT, so a found line is a proof; a missed one is
//! only a limit reached.
//!
//! Each attacker move of a line counts against the depth, fours and threes alike; the forced
//! blocks of the defender's counter-fours do not. Depths are tried from 1 up, so the shortest
//! win is found first and a position without threats is given up at once. The plain search
//! checks each attacker node for a VCF of any length at no depth, as any win will do; a
//! puzzle's search ([`VctSearch::shortest`]) counts those fours too, so that a win's length
//! is its number of moves.

use std::collections::HashMap;
use std::time::Instant;

use crate::board::{Board, Cell, Color};
use crate::budget::Budget;
use crate::patterns::Pattern;
use crate::vcf::VcfSearch;

/// The most open-three moves an attacker node tries.
const MAX_THREES: usize = 8;
/// The same when every move counts: a puzzle's shortest win should not hide behind a three
/// left out.
const MAX_THREES_COUNTED: usize = 16;
/// Nodes for the VCF check at each attacker node, and the same when every move counts.
const VCF_NODES: u64 = 200;
const VCF_NODES_COUNTED: u64 = 5_000;

/// How the side to move stands against the threat the other side just made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Threat {
    /// It makes five itself (the threat left a four of its own standing).
    Answered,
    /// No threat: the last move forced nothing.
    Quiet,
    /// A five no one stone stops (two fours, or under renju a block Black may not play): the
    /// first reply listed is one it may play, and `five` is where a five follows.
    Unstoppable { five: u16 },
    /// The replies listed are its defences: the stones that stop the threat, or where none
    /// does (a double three) one block standing for them all; and its own fours.
    Defend,
}

/// A VCT search with limits on its depth (attacker moves), nodes and time.
pub struct VctSearch {
    max_depth: u32,
    budget: Budget,
    /// The VCF check at each attacker node (a VCT's cheapest case).
    vcf: VcfSearch,
    /// Nodes visited by the last search (VCF nodes included).
    pub nodes: u64,
    /// Positions (attacker to move) known to have no VCT within a depth: hash -> depth.
    failed: HashMap<u64, u32>,
    /// Positions (attacker to move) known to be won within a depth: hash -> depth. Used only
    /// where the line itself is not wanted (the defences after the first).
    proven: HashMap<u64, u32>,
    /// Move lists per level, reused.
    lists: Vec<Vec<u16>>,
    /// Spare lists for the defender's replies and the VCF's lines.
    pool: Vec<Vec<u16>>,
    /// The VCF at an attacker node counts against the depth (a puzzle's exact lengths, see
    /// [`shortest`](Self::shortest)).
    counting: bool,
    /// The most open threes an attacker node tries.
    max_threes: usize,
    /// The depth the last found line was found at.
    found_depth: u32,
}

impl VctSearch {
    /// A search for wins of at most `max_depth` attacker moves, giving up after `node_limit`
    /// nodes.
    pub fn new(max_depth: u32, node_limit: u64) -> VctSearch {
        VctSearch {
            max_depth,
            budget: Budget::new(node_limit),
            vcf: VcfSearch::new(12, VCF_NODES),
            nodes: 0,
            failed: HashMap::new(),
            proven: HashMap::new(),
            lists: Vec::new(),
            pool: Vec::new(),
            counting: false,
            max_threes: MAX_THREES,
            found_depth: 0,
        }
    }

    /// A search for [`shortest`](Self::shortest) wins (which sets the depth from the moves
    /// asked), giving up after `node_limit` nodes.
    pub fn for_lengths(node_limit: u64) -> VctSearch {
        VctSearch::new(0, node_limit)
    }

    /// The same search, giving up at `deadline` too.
    pub fn with_deadline(mut self, deadline: Instant) -> VctSearch {
        self.budget.deadline = Some(deadline);
        self
    }

    /// The same search, giving up when `stop` is set too.
    pub fn with_stop(mut self, stop: alphabeta::StopHandle) -> VctSearch {
        self.budget.stop = Some(stop);
        self
    }

    /// Did the last search stop at a limit (so a `None` proves nothing)?
    pub fn gave_up(&self) -> bool {
        self.budget.is_spent()
    }

    /// The winning line of the side to move: its moves and the defender's (one of the
    /// defences where there were several), ending in a five; `None` if there is none within
    /// the limits. The board is left as it was.
    pub fn find(&mut self, b: &mut Board) -> Option<Vec<u16>> {
        self.nodes = 0;
        self.failed.clear();
        self.proven.clear();
        self.budget.restart();
        if b.winner().is_some() {
            return None;
        }
        let mut line = Vec::new();
        for depth in 1..=self.max_depth {
            line.clear();
            if self.attack(b, depth, &mut line, true) {
                self.found_depth = depth;
                return Some(line);
            }
            if self.budget.is_spent() {
                break;
            }
        }
        None
    }

    /// The side to move's shortest win of at most `most` moves (the five included), and its
    /// line; `None` if none is found (within the limits). From then on this search counts
    /// every attacker move against the depth, the fours of a VCF found at a node included
    /// (blocks of the defender's fours still free), and tries more threes at each node:
    /// slower than [`find`](Self::find), but a win's depth is its length.
    pub fn shortest(&mut self, b: &mut Board, most: u32) -> Option<(u32, Vec<u16>)> {
        self.counting = true;
        self.max_threes = MAX_THREES_COUNTED;
        if let Some(five) = b.first_five_cell(b.to_move()) {
            return (most >= 1 && b.winner().is_none()).then(|| (1, vec![five]));
        }
        self.max_depth = most.checked_sub(1)?;
        let line = self.find(b)?;
        // Depths are tried from 1 up: found at depth d, not at d - 1.
        let moves = self.found_depth + 1;
        Some((moves, line))
    }

    /// How the side to move stands against the other side's last move, and its replies (see
    /// [`Threat`]) in `replies`: the moves a proof tries, the plain blocks first.
    pub fn threat(&mut self, b: &mut Board, replies: &mut Vec<u16>) -> Threat {
        replies.clear();
        self.replies(b, replies)
    }

    /// Would the opponent of the side to move have a VCT if the side to move passed? A quick
    /// test of whether the position needs defending at all.
    pub fn threatened(&mut self, b: &mut Board) -> bool {
        b.pass();
        let found = self.find(b).is_some();
        b.unpass();
        found
    }

    /// Counts a node; is the search out of its budget (nodes, time, a stop)? (The count
    /// jumps by the VCF's nodes too.)
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        self.budget.exhausted(self.nodes)
    }

    /// The attacker (the side to move) wins within `depth` threats: the line is appended
    /// (complete when `keep`, else possibly cut short by a known result).
    fn attack(&mut self, b: &mut Board, depth: u32, line: &mut Vec<u16>, keep: bool) -> bool {
        if self.count_node() {
            return false;
        }
        let me = b.to_move();
        let op = me.other();
        if let Some(w) = b.first_five_cell(me) {
            line.push(w);
            return true;
        }
        let ([block, _], threats) = b.five_cells_upto2(op);
        if threats > 0 {
            // The defender's counter-four: stop it, and the attack goes on if the threat
            // that was answered by the four still stands. One cell does under the other
            // rules (two fours, or under renju a block forbidden to Black: lost); under caro
            // any of the cells that stop every five (its cell, or the one that closes it).
            let mut stops = self.buffer();
            if b.rule().caro() {
                b.five_stoppers(op, &mut stops);
            } else if threats == 1 && !b.forbids(block) {
                stops.push(block);
            }
            let start = line.len();
            let mut won = false;
            for &x in &stops {
                b.place(x);
                line.push(x);
                won = self.defend(b, depth, line, keep);
                b.remove_last();
                if won {
                    break;
                }
                line.truncate(start);
            }
            self.recycle(stops);
            return won;
        }
        let hash = b.hash();
        if self.failed.get(&hash).is_some_and(|&d| d >= depth) {
            return false;
        }
        if !keep && self.proven.get(&hash).is_some_and(|&d| d <= depth) {
            return true;
        }
        // A VCF is a VCT, and the only kind left at depth 0.
        let start = line.len();
        let mut vcf_line = self.buffer();
        if self.counting {
            self.vcf.set_limits(depth, VCF_NODES_COUNTED);
        }
        let vcf_won = self.vcf.wins(b, &mut vcf_line);
        self.nodes += self.vcf.nodes;
        if vcf_won {
            line.extend_from_slice(&vcf_line);
        }
        self.recycle(vcf_line);
        if vcf_won {
            return true;
        }
        if depth == 0 {
            return false;
        }
        let level = depth as usize;
        if self.lists.len() <= level {
            self.lists.resize_with(level + 1, Vec::new);
        }
        let mut tries = std::mem::take(&mut self.lists[level]);
        tries.clear();
        // Fours first, then the moves that make an open three.
        b.for_each_candidate(|c| {
            if (0..4).any(|di| b.pattern(c, me, di) >= Pattern::Four) && !b.forbids(c) {
                tries.push(c);
            }
        });
        let fours = tries.len();
        b.for_each_candidate(|c| {
            let p = (0..4).map(|di| b.pattern(c, me, di)).max();
            if p == Some(Pattern::OpenThree) && !b.forbids(c) {
                tries.push(c);
            }
        });
        // The best few threes, double threes first. (Leaving attacker moves out never makes
        // a proof wrong, only some proofs harder to find; the choice depends on the position
        // alone, so the tables of proven and failed positions stay true.)
        tries[fours..].sort_by_key(|&c| std::cmp::Reverse(threes_made(b, c, me)));
        tries.truncate(fours + self.max_threes);
        let mut won = false;
        for &c in tries.iter() {
            b.place(c);
            line.push(c);
            won = self.defend(b, depth - 1, line, keep);
            b.remove_last();
            if won {
                break;
            }
            line.truncate(start);
            if self.budget.is_spent() {
                break;
            }
        }
        self.lists[level] = tries;
        if won {
            let d = self.proven.entry(hash).or_insert(depth);
            *d = (*d).min(depth);
        } else if !self.budget.is_spent() {
            self.failed.insert(hash, depth);
        }
        won
    }

    /// The defender is to move after an attacker's move: does every reply lose to a VCT of
    /// `depth` more threats? The first reply's line is appended.
    fn defend(&mut self, b: &mut Board, depth: u32, line: &mut Vec<u16>, keep: bool) -> bool {
        if self.count_node() {
            return false;
        }
        let mut replies = self.buffer();
        let won = match self.replies(b, &mut replies) {
            Threat::Answered | Threat::Quiet => false,
            Threat::Unstoppable { five } => {
                if let Some(&r) = replies.first() {
                    b.place(r);
                    line.push(r);
                    line.extend(b.first_five_cell(b.to_move()).or(Some(five)));
                    b.remove_last();
                }
                true
            }
            Threat::Defend => self.every_reply_loses(b, depth, line, keep, &replies),
        };
        self.recycle(replies);
        won
    }

    /// How the side to move stands against the other side's last move; its replies are
    /// appended to `replies` (see [`Threat`]).
    fn replies(&mut self, b: &mut Board, replies: &mut Vec<u16>) -> Threat {
        let me = b.to_move();
        let attacker = me.other();
        if b.first_five_cell(me).is_some() {
            // The attacker left a four of ours standing: we make five.
            return Threat::Answered;
        }
        let ([block, other], fives) = b.five_cells_upto2(attacker);
        let caro = b.rule().caro();
        if fives >= 1 && caro {
            // Under caro the cells that stop every five: its cell, or the one closing it.
            b.five_stoppers(attacker, replies);
        }
        if fives >= 1 && replies.is_empty() && (caro || fives >= 2 || b.forbids(block)) {
            // No one stone stops the fives (two fours; under renju a block forbidden to
            // Black): the defender plays something (a block where it may), then the five.
            let reply = if b.forbids(block) {
                b.any_allowed_move()
            } else {
                Some(block)
            };
            replies.extend(reply);
            return Threat::Unstoppable { five: other };
        }
        if fives == 1 && !caro {
            replies.push(block);
        } else if fives == 0 {
            if !b.can_make_open_four(attacker) {
                return Threat::Quiet;
            }
            // Whatever stops the open four is a cell where the attacker would make a four
            // (the open-four cells, and the cells at the ends of its line), or under caro
            // also a cell that closes the five to come (beyond the four's end, perhaps
            // three steps from any stone: so every empty cell is tried); of those, the ones
            // after which the attacker has no open four left. And our own fours.
            let (mut near, mut far, mut counters) = (self.buffer(), self.buffer(), self.buffer());
            let board: &Board = b;
            let mut sort = |c: u16| {
                // Under renju a cell Black may not play is no reply.
                if board.forbids(c) {
                    return;
                }
                if (0..4).any(|di| board.pattern(c, me, di) >= Pattern::Four) {
                    counters.push(c);
                } else if (0..4).any(|di| board.pattern(c, attacker, di) >= Pattern::Four) {
                    near.push(c);
                } else if caro {
                    far.push(c);
                }
            };
            if caro {
                board
                    .cells()
                    .filter(|&c| board.at(c) == Cell::Empty)
                    .for_each(&mut sort);
            } else {
                board.for_each_candidate(sort);
            }
            // Of the cells next to a threat, the one that leaves the attacker the fewest
            // open fours to make (the first such).
            let mut fullest_block: Option<(u32, u16)> = None;
            for (i, &c) in near.iter().chain(&far).enumerate() {
                b.place(c);
                let stopped = !b.can_make_open_four(attacker);
                let left = b.pattern_count(attacker, Pattern::OpenFour);
                b.remove_last();
                if stopped {
                    replies.push(c);
                }
                if i < near.len() && fullest_block.is_none_or(|(fewest, _)| left < fewest) {
                    fullest_block = Some((left, c));
                }
            }
            // Nothing stops the threat (a double three, say): one block stands for every
            // reply but the counter-fours (each loses to an open four and a five): the one
            // that stops most, as a player would block one of two threes (or under renju
            // any move Black may play). A win counting every move needs it even beside the
            // counter-fours: one of those may lose faster, to a block that makes the open
            // four.
            if replies.is_empty() {
                match fullest_block {
                    Some((_, c)) => replies.push(c),
                    None => replies.extend(b.any_allowed_move()),
                }
            }
            // The plain defences first: the likeliest refutations, and short lines.
            replies.extend_from_slice(&counters);
            self.recycle(near);
            self.recycle(far);
            self.recycle(counters);
        }
        Threat::Defend
    }

    /// Every reply must lose; the line keeps the first reply's continuation only.
    fn every_reply_loses(
        &mut self,
        b: &mut Board,
        depth: u32,
        line: &mut Vec<u16>,
        keep: bool,
        replies: &[u16],
    ) -> bool {
        let start = line.len();
        let mut first_end = start;
        for (i, &r) in replies.iter().enumerate() {
            b.place(r);
            line.push(r);
            let won = self.attack(b, depth, line, keep && i == 0);
            b.remove_last();
            if !won {
                line.truncate(start);
                return false;
            }
            if i == 0 {
                first_end = line.len();
            } else {
                line.truncate(first_end);
            }
        }
        true
    }

    /// An empty list from the pool (no allocation once the search is warm).
    fn buffer(&mut self) -> Vec<u16> {
        let mut v = self.pool.pop().unwrap_or_default();
        v.clear();
        v
    }

    /// Gives a list back to the pool.
    fn recycle(&mut self, v: Vec<u16>) {
        self.pool.push(v);
    }
}

/// How many open threes a stone of `color` at `cell` makes (to try double threes first).
fn threes_made(b: &Board, cell: u16, color: Color) -> usize {
    (0..4)
        .filter(|&di| b.pattern(cell, color, di) >= Pattern::OpenThree)
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::{board, check_line, xorshift};
    use crate::{Cell, Rule, VcfSearch};

    /// Two crossing twos (g8 h8, i6 i7), White far away: no four to make, so no VCF; i8
    /// makes two open threes at once, which no single stone stops.
    #[test]
    fn a_double_three_is_a_vct_and_no_vcf() {
        let mut b = board("g8a1h8a3i6o1i7o3");
        assert_eq!(VcfSearch::new(10, 100_000).find(&mut b), None);
        let line = VctSearch::new(4, 100_000).find(&mut b).expect("a VCT");
        assert_eq!(b.name(line[0]), "i8");
        check_line(&b, &line);
    }

    /// The same double three with White to move: White has no win, but passing would let
    /// Black's i8 through.
    #[test]
    fn a_pass_into_a_double_three_is_threatened() {
        let mut b = board("g8a1h8a3i6o1i7o3o8");
        let before = b.hash();
        let mut s = VctSearch::new(4, 100_000);
        assert!(s.threatened(&mut b));
        assert_eq!(b.hash(), before, "the pass is taken back");
        let mut quiet = board("h8i9h9");
        assert!(!s.threatened(&mut quiet));
    }

    #[test]
    fn no_vct_in_a_quiet_opening() {
        let mut b = board("h8i9h9");
        let mut s = VctSearch::new(6, 1_000_000);
        assert_eq!(s.find(&mut b), None);
        assert!(!s.gave_up());
    }

    /// The solver answers an open three with the cells where the attacker would make a four
    /// (under caro every empty cell) and then keeps only those that stop it, plus the
    /// defender's own fours. Checked here against every reply: in random middle games where
    /// it finds a short VCT, the first move leaves the defender nothing, among all the empty
    /// cells near the stones (under caro all the empty cells: a stone three steps away may
    /// close a five), after which the attacker has no VCT one move shorter (or a five at
    /// once).
    #[test]
    fn every_reply_to_a_found_first_move_loses() {
        for rule in [Rule::Freestyle, Rule::Caro] {
            let checked = replies_to_found_first_moves_lose(rule);
            assert!(
                checked >= 5,
                "{rule:?}: only {checked} positions with a VCT"
            );
        }
    }

    /// The check above under `rule`; the number of positions checked.
    fn replies_to_found_first_moves_lose(rule: Rule) -> usize {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15u64);
        let mut checked = 0;
        for _ in 0..400 {
            let mut b = Board::new(15, rule).unwrap();
            // A random middle game in the centre, stopped before anyone has a four.
            for _ in 0..(10 + next() % 12) {
                let x = 4 + (next() % 7) as u32;
                let y = 4 + (next() % 7) as u32;
                let c = b.index(x, y).unwrap();
                if b.at(c) == Cell::Empty {
                    b.place(c);
                }
            }
            if b.winner().is_some() || VcfSearch::new(20, 100_000).find(&mut b).is_some() {
                continue;
            }
            let depth = 3;
            let Some(line) = VctSearch::new(depth, 200_000).find(&mut b) else {
                continue;
            };
            check_line(&b, &line);
            let attacker = b.to_move();
            b.place(line[0]);
            let mut replies = Vec::new();
            if rule.caro() {
                replies.extend(b.cells().filter(|&c| b.at(c) == Cell::Empty));
            } else {
                b.for_each_candidate(|c| replies.push(c));
            }
            for r in replies {
                b.place(r);
                let wins = b.first_five_cell(attacker).is_some()
                    || VctSearch::new(depth - 1, 2_000_000).find(&mut b).is_some();
                assert!(
                    wins,
                    "after {} the reply {} holds",
                    b.move_string(),
                    b.name(r)
                );
                b.remove_last();
            }
            b.remove_last();
            checked += 1;
        }
        checked
    }
}
