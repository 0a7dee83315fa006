//! Victory by continuous fours (VCF): the side to move plays a four (a threat to make five next
//! move) again and again; each time the defender has exactly one cell to block, so the tree is
//! narrow and can be searched deep. It ends in a five, or in a four the defender cannot stop
//! (two cells to block at once).

use std::collections::HashSet;

use crate::board::{line_cells, Board, Color, DIRECTIONS};
use crate::budget::Budget;
use crate::patterns::Pattern;

/// The empty cells on the lines through `cell` (up to four steps away) where `color` would
/// make five: after a stone at `cell`, these are the fours it made. At most two are kept (two
/// already mean the four cannot be stopped).
pub(crate) fn fives_through(b: &Board, cell: u16, color: Color) -> ([u16; 2], usize) {
    let mut out = [0u16; 2];
    let mut n = 0;
    for d in DIRECTIONS {
        for c in line_cells(cell, d) {
            if b.at(c) == crate::Cell::Empty && b.wins_with(c, color) && !out[..n].contains(&c) {
                out[n] = c;
                n += 1;
                if n == 2 {
                    return (out, n);
                }
            }
        }
    }
    (out, n)
}

/// How the defender may answer the attacker's fours, `fives` (from [`fives_through`]).
enum Reply {
    /// No one stone stops them all.
    None,
    /// This one cell does.
    One(u16),
    /// Several do (under caro: the five's cell and the cell that closes it); the solvers
    /// leave such a four aside rather than follow every reply.
    Several,
}

/// The defender's replies to the attacker `me`'s fours: under the other rules the one five
/// cell, or none for two; under caro the cells that stop every five of `me` (its cell, or
/// the cell that closes it, [`Board::five_stoppers`]).
fn reply_to(b: &Board, me: Color, (fives, n): ([u16; 2], usize)) -> Reply {
    if !b.rule().caro() {
        return if n >= 2 {
            Reply::None
        } else {
            Reply::One(fives[0])
        };
    }
    let mut stoppers = Vec::new();
    b.five_stoppers(me, &mut stoppers);
    match stoppers[..] {
        [] => Reply::None,
        [one] => Reply::One(one),
        _ => Reply::Several,
    }
}

/// A VCF search: the winning line if the side to move has one within `max_fours` fours.
pub struct VcfSearch {
    max_fours: u32,
    budget: Budget,
    /// Move lists, one per level of the search, kept from search to search: each four with
    /// the cell that blocks it (0 until known).
    lists: Vec<Vec<(u16, u16)>>,
    /// Nodes visited by the last search.
    pub nodes: u64,
    failed: HashSet<u64>,
}

impl VcfSearch {
    /// A search for VCFs of at most `max_fours` fours, giving up after `node_limit` nodes.
    pub fn new(max_fours: u32, node_limit: u64) -> VcfSearch {
        VcfSearch {
            max_fours,
            budget: Budget::new(node_limit),
            lists: Vec::new(),
            nodes: 0,
            failed: HashSet::new(),
        }
    }

    /// The same search, giving up at `deadline` too (checked every 64 nodes).
    pub fn with_deadline(mut self, deadline: std::time::Instant) -> VcfSearch {
        self.budget.deadline = Some(deadline);
        self
    }

    /// The same search, giving up when `stop` is set too (checked every 64 nodes).
    pub fn with_stop(mut self, stop: alphabeta::StopHandle) -> VcfSearch {
        self.budget.stop = Some(stop);
        self
    }

    /// The winning sequence (attacker and defender moves alternating, ending with the
    /// attacker's five or unstoppable four), or `None`. The board is left as it was.
    pub fn find(&mut self, b: &mut Board) -> Option<Vec<u16>> {
        let mut line = Vec::new();
        self.wins(b, &mut line).then_some(line)
    }

    /// Like [`find`](Self::find), with the line written into `line` (cleared first): no
    /// allocation once the search has warmed up.
    pub fn wins(&mut self, b: &mut Board, line: &mut Vec<u16>) -> bool {
        self.nodes = 0;
        self.budget.restart();
        self.failed.clear();
        line.clear();
        self.attack(b, self.max_fours, line)
    }

    /// Did the last search stop at a limit (so a `None` proves nothing)?
    pub fn gave_up(&self) -> bool {
        self.budget.is_spent()
    }

    /// Changes the limits of the next searches.
    pub fn set_limits(&mut self, max_fours: u32, node_limit: u64) {
        self.max_fours = max_fours;
        self.budget.node_limit = node_limit;
    }

    fn attack(&mut self, b: &mut Board, fours_left: u32, line: &mut Vec<u16>) -> bool {
        self.nodes += 1;
        if self.budget.exhausted(self.nodes) || b.winner().is_some() {
            return false;
        }
        let me = b.to_move();
        let op = me.other();
        if let Some(w) = b.first_five_cell(me) {
            line.push(w);
            return true;
        }
        if fours_left == 0 || self.failed.contains(&b.hash()) {
            return false;
        }
        let level = line.len() / 2;
        if self.lists.len() <= level {
            self.lists.resize_with(level + 1, Vec::new);
        }
        let mut tries = std::mem::take(&mut self.lists[level]);
        tries.clear();
        let ([threat, _], threats) = b.five_cells_upto2(op);
        match threats {
            // Under caro a four may have two blocks (its cell, or the cell that closes it):
            // each, if it is a four itself.
            1.. if b.rule().caro() => {
                let mut blocks = Vec::new();
                b.five_stoppers(op, &mut blocks);
                tries.extend(blocks.into_iter().map(|c| (c, 0)));
            }
            // Every cell where we would make a four.
            0 => b.for_each_candidate(|c| {
                if (0..4).any(|di| b.pattern(c, me, di) >= Pattern::Four) && !b.forbids(c) {
                    tries.push((c, 0));
                }
            }),
            // We must block; the block itself must be a four to keep the initiative. (Under
            // renju Black may be forbidden the block: lost.)
            1 if b.forbids(threat) => {
                self.lists[level] = tries;
                return false;
            }
            1 => tries.push((threat, 0)),
            _ => {
                self.lists[level] = tries;
                return false;
            }
        }
        // First every four: one the defender cannot stop ends the search at once; the others
        // are kept (in place, at the front of the list).
        let mut found = false;
        let mut k = 0;
        for i in 0..tries.len() {
            let (c, _) = tries[i];
            b.place(c);
            let (fives, n) = fives_through(b, c, me);
            if n == 0 || b.first_five_cell(op).is_some() {
                // Not a four, or a four that does not stop the defender's own five.
                b.remove_last();
                continue;
            }
            // Under renju a lone block may be forbidden to Black: it plays elsewhere, then
            // the five.
            let elsewhere = if n == 1 && b.forbids(fives[0]) {
                b.any_allowed_move()
            } else {
                None
            };
            let reply = reply_to(b, me, (fives, n));
            // Where no stone stops the fives: a block, and the five left after it.
            let unstoppable = match reply {
                Reply::None if !b.rule().caro() => Some(fives[1]),
                Reply::None => {
                    b.place(fives[0]);
                    let left = b.first_five_cell(me);
                    b.remove_last();
                    left
                }
                _ => None,
            };
            b.remove_last();
            if let Some(five) = unstoppable {
                // The defender blocks one; we take a five left.
                line.extend([c, fives[0], five]);
                found = true;
                break;
            }
            if let Some(elsewhere) = elsewhere {
                line.extend([c, elsewhere, fives[0]]);
                found = true;
                break;
            }
            let Reply::One(block) = reply else {
                continue;
            };
            tries[k] = (c, block);
            k += 1;
        }
        if !found {
            tries.truncate(k);
            // Then each four with its forced block, deeper.
            for &(c, block) in tries.iter() {
                b.place(c);
                b.place(block);
                line.extend([c, block]);
                let won = self.attack(b, fours_left - 1, line);
                b.remove_last();
                b.remove_last();
                if won {
                    found = true;
                    break;
                }
                line.truncate(line.len() - 2);
            }
        }
        self.lists[level] = tries;
        if found {
            return true;
        }
        self.failed.insert(b.hash());
        false
    }
}

/// Does a stone of `color` on `cell` make a four that wins or may lead to a win: one that
/// combines with another threat (a second four, or a three to make the next four of), or
/// under renju a White four whose block is forbidden to Black? Only such fours can carry a
/// victory by fours on; a lone four just spends a stone.
#[inline]
fn promising_four(b: &mut Board, cell: u16, color: Color) -> bool {
    combining_four(b, cell, color)
        || (b.rule() == crate::Rule::Renju && color == Color::White && four_onto_foul(b, cell))
}

/// Does a White stone on `cell` make a four whose one block is forbidden to Black?
#[cold]
fn four_onto_foul(b: &mut Board, cell: u16) -> bool {
    let color = Color::White;
    if !b.makes_four(cell, color) {
        return false;
    }
    b.place(cell);
    let (fives, n) = fives_through(b, cell, color);
    let unblockable = n == 1 && b.forbids(fives[0]);
    b.remove_last();
    unblockable
}

/// Does a stone of `color` on `cell` make a four that combines with another threat (a second
/// four, or a three to make the next four of)?
fn combining_four(b: &Board, cell: u16, color: Color) -> bool {
    // The cell's tally first: most cells make no four at all.
    if !b.makes_four(cell, color) {
        return false;
    }
    let (mut fours, mut threes) = (0, 0);
    for di in 0..4 {
        match b.pattern(cell, color, di) {
            Pattern::OpenFour | Pattern::Five => return true,
            Pattern::Four => fours += 1,
            Pattern::Three | Pattern::OpenThree => threes += 1,
            _ => {}
        }
    }
    fours >= 2 || (fours == 1 && threes >= 1)
}

/// Fours tried at each level below the first of [`quick_vcf`].
const QUICK_TRIES: usize = 2;

/// A quick, narrow victory by fours for the side to move, for the search's horizon
/// ([`alphabeta::Game::forced_win`]): the plies to the five (at most `max_plies`), or
/// `None`. First every four that combines with another threat, anywhere; then, after each
/// block, at most two such fours on the lines through the last one. No table, no
/// allocation: cheap enough to ask at every leaf, and sound (every defence of a four is its
/// one block; a counter-four of the defender must be blocked by a four).
pub(crate) fn quick_vcf(b: &mut Board, max_plies: u32) -> Option<u32> {
    let me = b.to_move();
    if b.pattern_count(me, Pattern::Five) > 0 {
        return b.first_five_cell(me).map(|_| 1);
    }
    let fours = b.pattern_count(me, Pattern::Four) + b.pattern_count(me, Pattern::OpenFour);
    if fours == 0 || max_plies < 3 {
        return None;
    }
    quick_attack(b, me, None, (max_plies - 1) / 2)
}

/// One attacker node of [`quick_vcf`], `me` to move, `last` its previous four (`None` at the
/// first level), with at most `fours_left` fours to play.
fn quick_attack(b: &mut Board, me: Color, last: Option<u16>, fours_left: u32) -> Option<u32> {
    if b.first_five_cell(me).is_some() {
        return Some(1);
    }
    let ([threat, _], threats) = b.five_cells_upto2(me.other());
    let caro = b.rule().caro();
    if (threats >= 2 && !caro) || fours_left == 0 {
        return None;
    }
    let mut tries = [0u16; 40];
    let mut n = 0;
    if threats >= 1 && caro {
        // Each block (its cell, or the cell closing it) that is a four itself.
        let mut blocks = Vec::new();
        b.five_stoppers(me.other(), &mut blocks);
        for (t, &c) in tries.iter_mut().zip(&blocks) {
            *t = c;
        }
        n = blocks.len().min(tries.len());
    } else if threats == 1 {
        // The defender's four must be blocked, and the block must be a four itself (below:
        // a stone that makes no five cell is no four, and is not followed).
        if b.forbids(threat) {
            return None;
        }
        tries[0] = threat;
        n = 1;
    } else if let Some(last) = last {
        for d in DIRECTIONS {
            for c in line_cells(last, d) {
                if n < tries.len()
                    && b.at(c) == crate::Cell::Empty
                    && promising_four(b, c, me)
                    && !b.forbids(c)
                {
                    tries[n] = c;
                    n += 1;
                }
            }
        }
    } else {
        if b.rule() == crate::Rule::Renju {
            // The cells making a four first: the test of a White four's block plays it.
            let mut fours = [0u16; 64];
            let mut m = 0;
            b.for_each_candidate(|c| {
                if m < fours.len() && b.makes_four(c, me) {
                    fours[m] = c;
                    m += 1;
                }
            });
            for &c in &fours[..m] {
                if n < tries.len() && !b.forbids(c) && promising_four(b, c, me) {
                    tries[n] = c;
                    n += 1;
                }
            }
        } else {
            b.for_each_candidate(|c| {
                if n < tries.len() && combining_four(b, c, me) {
                    tries[n] = c;
                    n += 1;
                }
            });
        }
    }
    let mut tried = 0;
    // Under renju the defender's block may be forbidden (to Black).
    let fouls = b.rule() == crate::Rule::Renju && me == Color::White;
    for &c in &tries[..n] {
        if last.is_some() && tried == QUICK_TRIES {
            break;
        }
        b.place(c);
        let (fives, k) = fives_through(b, c, me);
        let plies = match k {
            0 => None,
            // Under renju a block forbidden to Black: it plays elsewhere, then the five.
            1 if fouls && b.forbids(fives[0]) => Some(3),
            _ => match reply_to(b, me, (fives, k)) {
                // No one stone stops the fives: a block, then the five.
                Reply::None => Some(3),
                Reply::One(block) => {
                    tried += 1;
                    b.place(block);
                    let p = quick_attack(b, me, Some(c), fours_left - 1);
                    b.remove_last();
                    p.map(|p| p + 2)
                }
                // Under caro two replies: not followed.
                Reply::Several => None,
            },
        };
        b.remove_last();
        if plies.is_some() {
            return plies;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_util::{board, check_line, xorshift};

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
                let threats = g.five_cells(attacker);
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

    /// A 15x15 board under `rule` with 12 stones and up to `more` others dropped at random in
    /// the central 9x9, or `None` if a five came of it.
    fn crowded(next: &mut impl FnMut() -> u64, rule: crate::Rule, more: u64) -> Option<Board> {
        let mut b = Board::new(15, rule).unwrap();
        for _ in 0..(12 + next() % more) {
            let c = b
                .index(3 + (next() % 9) as u32, 3 + (next() % 9) as u32)
                .unwrap();
            if b.at(c) == crate::Cell::Empty && b.winner().is_none() {
                b.place(c);
            }
        }
        b.winner().is_none().then_some(b)
    }

    /// The quick search at the horizon is narrow but sound: in random middle games, every
    /// win it reports is a VCF of as many fours for the full search (itself checked above),
    /// and it leaves the board as it found it.
    #[test]
    fn a_quick_vcf_is_a_real_vcf_of_the_same_length() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1du64);
        let (mut quick, mut full) = (0, 0);
        for _ in 0..600 {
            let Some(mut b) = crowded(&mut next, crate::Rule::Freestyle, 20) else {
                continue;
            };
            let before = (b.hash(), b.codes(), *b.pattern_counts());
            let found = quick_vcf(&mut b, 41);
            assert_eq!((b.hash(), b.codes(), *b.pattern_counts()), before);
            let real = VcfSearch::new(20, 1_000_000).find(&mut b).is_some();
            full += usize::from(real);
            if let Some(plies) = found {
                quick += 1;
                assert!(plies % 2 == 1 && plies <= 41, "{plies} plies");
                let fours = (plies - 1) / 2;
                assert!(
                    VcfSearch::new(fours, 1_000_000).find(&mut b).is_some(),
                    "no VCF of {fours} fours in {}",
                    b.move_string()
                );
            }
        }
        assert!(quick >= 20 && full >= quick, "quick {quick}, full {full}");
    }

    /// Would a stone of `color` on the empty `(x, y)` make five (under `exact`, exactly
    /// five), by counting stones along the four lines: the rules read plainly, apart from the
    /// board's pattern tables.
    fn plain_five(b: &Board, x: i32, y: i32, color: Color, exact: bool) -> bool {
        let n = b.size() as i32;
        let stone = |x: i32, y: i32| {
            (0..n).contains(&x)
                && (0..n).contains(&y)
                && b.at(b.index(x as u32, y as u32).unwrap()) == crate::Cell::Stone(color)
        };
        [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dx, dy)| {
            let run = |s: i32| (1..).take_while(move |&k| stone(x + s * k * dx, y + s * k * dy));
            let len = 1 + run(1).count() + run(-1).count();
            if exact {
                len == 5
            } else {
                len >= 5
            }
        })
    }

    /// The empty cells where `color` would make five, by [`plain_five`].
    fn plain_five_cells(b: &Board, color: Color, exact: bool) -> Vec<u16> {
        b.cells()
            .filter(|&c| b.at(c) == crate::Cell::Empty)
            .filter(|&c| {
                let (x, y) = b.xy(c);
                plain_five(b, x as i32, y as i32, color, exact)
            })
            .collect()
    }

    /// A victory by continuous fours by its definition, trying every empty cell: the side to
    /// move makes five; or, with fours to spend and no five of the opponent's left standing,
    /// makes a four that the opponent must block on its one cell (two cells: no block holds),
    /// and wins from there.
    fn plain_vcf(b: &mut Board, fours_left: u32, exact: bool) -> bool {
        let me = b.to_move();
        if !plain_five_cells(b, me, exact).is_empty() {
            return true;
        }
        if fours_left == 0 {
            return false;
        }
        let empty: Vec<u16> = b
            .cells()
            .filter(|&c| b.at(c) == crate::Cell::Empty)
            .collect();
        for c in empty {
            b.place(c);
            let fives = plain_five_cells(b, me, exact);
            let won = !fives.is_empty()
                && plain_five_cells(b, me.other(), exact).is_empty()
                && match fives[..] {
                    [block] => {
                        b.place(block);
                        let won = plain_vcf(b, fours_left - 1, exact);
                        b.remove_last();
                        won
                    }
                    _ => true,
                };
            b.remove_last();
            if won {
                return true;
            }
        }
        false
    }

    /// The solver is complete, not just sound: in random middle games on a 9x9 board, it
    /// finds a victory of at most 1 to 4 fours exactly when the definition tried over
    /// every cell does, under the freestyle and the standard rules.
    #[test]
    fn victories_by_fours_equal_the_definition_tried_everywhere() {
        let mut next = xorshift(0x1234_5678_9abc_def1u64);
        for rule in [crate::Rule::Freestyle, crate::Rule::Standard] {
            let exact = rule == crate::Rule::Standard;
            let mut wins = [0; 5];
            for _ in 0..1500 {
                let mut b = Board::new(9, rule).unwrap();
                for _ in 0..(14 + next() % 16) {
                    let c = b.index((next() % 9) as u32, (next() % 9) as u32).unwrap();
                    if b.at(c) == crate::Cell::Empty && b.winner().is_none() {
                        b.place(c);
                    }
                }
                if b.winner().is_some() {
                    continue;
                }
                for fours in 1..=4 {
                    let plain = plain_vcf(&mut b, fours, exact);
                    let mut s = VcfSearch::new(fours, 10_000_000);
                    let found = s.find(&mut b);
                    assert!(!s.gave_up());
                    if let Some(line) = &found {
                        check_line(&b, line);
                    }
                    assert_eq!(
                        found.is_some(),
                        plain,
                        "{} fours, {rule:?}, {}\n{b}",
                        fours,
                        b.move_string()
                    );
                    wins[fours as usize] += usize::from(plain);
                }
            }
            // Enough of each kind to mean something.
            assert!(
                wins[1] >= 100 && wins[4] >= wins[1] + 30,
                "{rule:?}: {wins:?}"
            );
        }
    }

    /// Under caro a four may be stopped on its cell or by closing its five, and one stone
    /// may stop two fours: every line the solvers find holds against every stone that stops
    /// the attacker's fives, found by trying each empty cell; and a quick win is a real one.
    #[test]
    fn caro_victories_hold_against_every_stop() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15u64);
        let (mut lines, mut quick) = (0, 0);
        for _ in 0..600 {
            let Some(mut b) = crowded(&mut next, crate::Rule::Caro, 24) else {
                continue;
            };
            if let Some(plies) = quick_vcf(&mut b, 21) {
                quick += 1;
                let fours = (plies - 1) / 2;
                assert!(
                    VcfSearch::new(fours, 1_000_000).find(&mut b).is_some(),
                    "no VCF of {fours} fours in {}",
                    b.move_string()
                );
            }
            let Some(line) = VcfSearch::new(10, 200_000).find(&mut b) else {
                continue;
            };
            lines += 1;
            let attacker = b.to_move();
            let mut g = b.clone();
            for pair in line.chunks(2) {
                g.place(pair[0]);
                let Some(&reply) = pair.get(1) else { break };
                // Every cell whose stone leaves the attacker no five is the line's reply.
                assert!(g.five_cells(attacker.other()).is_empty());
                let empty: Vec<u16> = g
                    .cells()
                    .filter(|&x| g.at(x) == crate::Cell::Empty)
                    .collect();
                for x in empty {
                    g.place(x);
                    let stops = g.five_cells(attacker).is_empty();
                    g.remove_last();
                    assert!(
                        !stops || x == reply,
                        "{} stops the four too, after {}",
                        g.name(x),
                        g.move_string()
                    );
                }
                g.place(reply);
            }
            assert_eq!(g.winner(), Some(attacker), "{}", g.move_string());
        }
        assert!(lines >= 20 && quick >= 10, "{lines} lines, {quick} quick");
    }

    /// A win of two fours, the first combining with a three: found, a real VCF, and not
    /// within fewer plies.
    #[test]
    fn a_quick_vcf_finds_a_win_of_several_fours() {
        // Black: g8 h8 i8 (row 8, closed by White's f8) and j9 j10 (column j). j8 makes a
        // four on row 8 (k8 blocks) and an open three on column j; j11 or j7 then makes an
        // open four: j8 k8 j11, a block, the five (5 plies).
        let mut b = board("g8f8h8a1i8a3j9a5j10a7");
        let plies = quick_vcf(&mut b, 41).expect("a VCF");
        let line = VcfSearch::new(20, 100_000).find(&mut b).expect("a VCF");
        check_line(&b, &line);
        assert_eq!(plies, 5);
        assert_eq!(quick_vcf(&mut b, plies - 2), None, "shorter than {plies}");
    }
}
