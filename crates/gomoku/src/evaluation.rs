//! The evaluation by threats ([`Threats`]): what the board's pattern and combination counts
//! are worth to each side, as a mean of two plies, plus the threat table's value; and the
//! threats that decide the game by force, scored as sure wins and losses.

use alphabeta::{Evaluator, Score};

use crate::board::{Board, Color};
use crate::combos::COMBO_KINDS;
use crate::counts::Counts;
use crate::patterns::{Pattern, PATTERNS};
use crate::threat_table;

/// A position won or lost for sure a move or two ahead, as the evaluation scores it (far
/// below the search's proven wins, far above any positional score).
const SURE: i32 = 100_000;

/// Whether `value` is one of the evaluation's sure wins or losses ([`SURE`], or half of it
/// for an open four to make), or a search's value carried up from one: a quarter of `SURE` or
/// more, where no positional score comes (the counts' weights are a few hundred units at
/// most), and short of a proven result.
pub(crate) fn is_sure(value: Score) -> bool {
    !value.is_decisive() && value.0.abs() >= SURE / 4
}

/// A value as people read it: a proven result as the search writes it (`win in 3`), the
/// evaluation's sure ones (a five or an open four a move or two ahead, 25,000 units or more
/// short of a proven result) as `sure win` and `sure loss` (not a number of units:
/// they are no positional value, and nothing says how far off the end is), else the
/// evaluation's units. The reports for people (analysis, hints, reviews) write values so; the
/// protocol's `MESSAGE` lines keep the plain number.
pub struct Spoken(pub Score);

impl std::fmt::Display for Spoken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            v if is_sure(v) && v.0 > 0 => f.write_str("sure win"),
            v if is_sure(v) => f.write_str("sure loss"),
            v => write!(f, "{v}"),
        }
    }
}

/// The evaluation's units in a logit of the game's result with `stones` on the board: 200
/// plus 6 a stone. A value means less as the game goes on (it sums the worth of more and more
/// threats): fitted to the results of the engine's own games, where the best scale grew from
/// 200 units in the first ten stones to 425-650 at 41-60 (docs/BENCHMARKS.md, session 104);
/// one fixed scale, right at first, had the middle game's 90% won 80% of the time.
pub fn units_per_logit(stones: usize) -> f64 {
    200.0 + 6.0 * stones as f64
}

/// The chance of winning that a value stands for with `stones` on the board, 0 to 1: a
/// logistic curve, [`units_per_logit`] a logit. A proven win or loss, millions of units away,
/// comes out at 1 and 0 exactly.
pub fn winning_chance(value: Score, stones: usize) -> f64 {
    1.0 / (1.0 + (-f64::from(value.0) / units_per_logit(stones)).exp())
}

/// Black's chance of winning ([`winning_chance`]) where `value` is `side`'s value with
/// `stones` on the board: one scale for a game's every position, whoever is to move (the
/// review's curve, the page's score).
pub fn black_chance(side: Color, value: Score, stones: usize) -> f64 {
    match side {
        Color::Black => winning_chance(value, stones),
        Color::White => 1.0 - winning_chance(value, stones),
    }
}

/// Black's chance of winning in `board` where `value` is the side to move's ([`black_chance`]
/// with the position's own side and stones): what the reports of a search show.
pub fn black_chance_at(board: &Board, value: Score) -> f64 {
    black_chance(board.to_move(), value, board.history().len())
}

/// Worth of each pattern count (an empty cell and a direction where a stone would make it),
/// for the side to move and for its opponent. From the three up, fitted to game results (a
/// logistic regression of who won on the counts, over 16,401 positions of 600 games between
/// two strong engines; 150 units are one logit): a four to make matters as much for either
/// side, an open three threatens the side not to move far more than it promises the side to
/// move (which must often spend its move on a block). The cells where a stone would make a
/// two or an open two (the room single stones have to grow) predict no result, so the fit
/// gave them next to nothing (0, and 1 for the opponent's); but they are what tells a
/// developing stone from a wasted one in the quiet early game, where strong engines decide
/// most games: worth 2 and 6 for either side, they scored +4.8 points against PentaZen in
/// 640 games from the 160 balanced openings; at 3 and 9 the engine collapsed, and 4 to 7 for
/// the open two scored within noise of 6 (docs/BENCHMARKS.md, sessions 13 and 14).
///
/// These weights and the combinations' below are those values times 3/2 (rounded): the
/// counts' worth weighs more against the threat table and the search's margins. Against
/// Rapfi at 0.3 s a move that scored 47.3% where the values as fitted scored 39.8% on the
/// same 150 balanced openings, both colours (+7.5 ± 6.4 points, paired by opening; at
/// 30,000 nodes a move in self-play +73 ± 36 Elo, with 5/4 and 2 behind; docs/BENCHMARKS.md,
/// session 65).
const MY_WEIGHT: [i32; 8] = [0, 3, 9, 14, 39, 80, 107, 0];
const THEIR_WEIGHT: [i32; 8] = [0, 3, 9, 14, 32, 80, 171, 330];

/// The evaluation's units in a logit of the game's result as the counts' weights were fitted
/// (at 150 a logit; they now weigh 3/2 of that), and as [`units_per_logit`] has it at four
/// stones: the unit of the review's losses and of the levels' spread.
pub(crate) const UNITS_PER_LOGIT: i32 = 225;

/// The worth of a position's threats for the side `me`, whose counts are `me`, against `op`
/// (no decisive threat on the board).
fn threat_worth(me: &[u32; PATTERNS], op: &[u32; PATTERNS]) -> i32 {
    (1..PATTERNS)
        .map(|p| MY_WEIGHT[p] * me[p] as i32 - THEIR_WEIGHT[p] * op[p] as i32)
        .sum()
}

/// Worth of each combination count (empty cells where a stone would make a
/// [`Combo`](crate::Combo), by `Combo as usize`), for the side to move and for its opponent,
/// on top of the pattern counts' worth. Fitted like those (a logistic regression of who
/// won, here with the pattern weights held fixed, over 18,338 positions of 640 games against
/// PentaZen): the opponent's combinations weigh on the side to move, above all its open
/// threes that build on another line and its double threes. The side to move's own
/// combinations, but for the decisive one, fit slightly negative: the pattern counts already
/// credit their lines, and a combination the side to move leaves unplayed tends to be one
/// the opponent has an answer to.
///
/// (Times 3/2, as the pattern weights: fitted, 300, -134, -18, -36, -6 and 74, 92, 23, 57, 5.)
const MY_COMBO: [i32; COMBO_KINDS] = [0, 450, -201, -27, -54, -9];
const THEIR_COMBO: [i32; COMBO_KINDS] = [0, 111, 138, 35, 86, 8];

/// The worth of the combinations for the side `me` against `op`.
fn combo_worth(c: &Counts, me: Color, op: Color) -> i32 {
    (1..COMBO_KINDS)
        .map(|k| MY_COMBO[k] * c.lane(me, k) as i32 - THEIR_COMBO[k] * c.lane(op, k) as i32)
        .sum()
}

/// The share of this position's worth in the evaluation's mean of two plies, in eighths (the
/// position before the last move has the rest; see [`Threats`]).
const NOW_EIGHTHS: i32 = 3;

/// One position's worth for `me`, to move, from its pattern counts `c` and combination
/// counts `combos` (no decisive threat on the board).
fn ply_worth(c: &Counts, combos: &Counts, me: Color) -> i32 {
    let op = me.other();
    threat_worth(&c.side(me), &c.side(op)) + combo_worth(combos, me, op)
}

/// The evaluation by threats: the board counts, for each side, the (cell, direction) pairs
/// where a stone would make each pattern, and the empty cells where a stone would make
/// threats on two lines at once (a [`Combo`](crate::Combo)); these counts, weighted for each
/// side (the weights differ: the side to move moves first), are the position's worth. The
/// combinations are worth about +5 points against PentaZen (+4.9 ± 1.9 over three runs of
/// the kept engine, 800 games, each paired with the same day's engine without them:
/// docs/BENCHMARKS.md, sessions 21 and 22); their bookkeeping costs over a quarter of the
/// node rate, but `gomoku bench` at depth 12 searches 38% fewer nodes. Threats that decide
/// the game by force are scored as such: a four for the side to move wins; two fours of the
/// opponent cannot both be blocked; an open three for the side to move becomes an open four.
///
/// The worth is a weighted mean of two plies: 3/8 of this position's and, negated, 5/8 of the
/// one before the last move. A move's threats count in full the moment it is played, before
/// the opponent has answered any of them, so a lone position flatters the side that just
/// moved and the search's values swing between odd and even depths; the mean damps the
/// swing. Measured: the even mean scored 51.0% of 504 games against Rapfi (at a tenth of our
/// time) instead of 46.0%, with half the nodes for the same depth on `gomoku bench`; leaning
/// to the position before (3 to 5) scored +3.9 ± 2.6 points against PentaZen over two runs
/// and needs 39% fewer nodes at depth 12, while 5 to 3 lost about 15 points
/// (docs/BENCHMARKS.md, sessions 6 and 26).
///
/// On top of the mean, the present position's threat facts (who has a four or an open three
/// to make, alone or with another line, and who must answer a threat on the board) look up a
/// value fitted to game results in the threat table (`threat_table.rs`): the counts'
/// weights add up, while the table sees how the two sides' threats meet. Against Rapfi at
/// equal time it scored 41.9% in four runs (1,049 games) where the engine without it scored
/// 35.6% in three: +6.8 ± 1.7 points, paired by opening; against PentaZen, -0.9 ± 2.2 over
/// two runs (docs/BENCHMARKS.md, sessions 33 to 35).
///
/// Learned values on top of all this have not paid yet. A small network over every line
/// code, updated with each move, predicted results far better (log loss 0.44 against
/// 0.51). But at 1.2 M nodes against Rapfi it played level or behind (+1.7 ± 4.9, -1.9 ±
/// 4.5, -1.3 ± 4.7 in three forms), at 40% to 56% of the node rate (docs/BENCHMARKS.md,
/// session 82).
#[derive(Copy, Clone, Debug, Default)]
pub struct Threats;

impl Evaluator<Board> for Threats {
    fn evaluate(&self, b: &Board) -> Score {
        let c = b.pattern_counts();
        let (me, op) = (b.to_move(), b.to_move().other());
        if c.get(me, Pattern::Five) > 0 {
            return Score(SURE);
        }
        // Two fours to block, unless both complete on one cell; under renju, a four whose
        // block Black may not play.
        if b.five_unstoppable(op) {
            return Score(-SURE);
        }
        if c.get(op, Pattern::Five) == 0 && b.can_make_open_four(me) {
            return Score(SURE / 2);
        }
        let combos = b.combo_counts();
        let now = ply_worth(c, combos, me);
        let mean = match (b.parent_pattern_counts(), b.parent_combo_counts()) {
            // Before the last move the other side was to move.
            (Some(p), Some(pc)) => {
                (NOW_EIGHTHS * now - (8 - NOW_EIGHTHS) * ply_worth(p, pc, op)) / 8
            }
            _ => now,
        };
        Score(mean + threat_table::value(c, combos, me))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::board;
    use crate::Rule;

    /// People read the evaluation's sure values as words, the board's own threats behind
    /// them: a five to make (the side to move's) and an open four to make, seen from
    /// either side; a positional value and the search's proven results as they were.
    #[test]
    fn sure_values_are_spoken_in_words() {
        let spoken = |b: &Board| Spoken(Threats.evaluate(b)).to_string();
        // Black h8-k8 with a free end at g8: Black to move makes five.
        let five = board("h8a1i8a2j8a3k8o15");
        assert_eq!(spoken(&five), "sure win");
        // White to move against Black's open four h8-k8 (g8 and l8 free): one block leaves
        // the other five, White's sure loss.
        let open_four = board("h8a1i8a2j8a3k8");
        assert_eq!(spoken(&open_four), "sure loss");
        // Black to move with an open three (h8 i8 j8) makes an open four: sure, at half.
        let three = board("h8a1i8a2j8a3");
        assert_eq!(spoken(&three), "sure win");
        // A quiet opening is a number of units.
        let quiet = board("h8i9h9");
        let v = Threats.evaluate(&quiet);
        assert!(!is_sure(v));
        assert_eq!(spoken(&quiet), v.0.to_string());
        // The boundary, and the search's proven results as the search writes them.
        assert_eq!(Spoken(Score(SURE / 4)).to_string(), "sure win");
        assert_eq!(Spoken(Score(-SURE / 4)).to_string(), "sure loss");
        assert_eq!(
            Spoken(Score(SURE / 4 - 1)).to_string(),
            (SURE / 4 - 1).to_string()
        );
        assert_eq!(Spoken(Score::win_in(3)).to_string(), "win in 3");
        assert_eq!(Spoken(-Score::win_in(3)).to_string(), "loss in 3");
    }

    /// A lone stone with room to grow is worth a good part of an open two, as PentaZen's
    /// weights have it (an open one 31 a line, an open two 99: Black's lone centre stone is
    /// 4 x 31 = 124, the open two h8 i8 99 + 6 x 31 = 285, 0.44). Here, by one position's
    /// worth (the evaluation then mixes it with the parent's), a third to two thirds of it
    /// (0.47 with the weights as fitted; their common scale cancels).
    #[test]
    fn a_lone_stone_is_worth_a_good_part_of_an_open_two() {
        let value = |moves: &str| {
            let b = board(moves);
            ply_worth(b.pattern_counts(), b.combo_counts(), b.to_move())
        };
        let (lone, two) = (value("h8"), value("h8a1i8"));
        assert!(two < lone && lone < 0, "{lone} {two}");
        let ratio = lone as f64 / two as f64;
        assert!(
            (1.0 / 3.0..2.0 / 3.0).contains(&ratio),
            "{lone} / {two} = {ratio}"
        );
    }

    /// Two fours of the opponent's that both complete on one cell are one block away, not
    /// lost; with two cells to fill they are lost.
    #[test]
    fn two_fours_completing_on_one_cell_are_not_scored_as_lost() {
        // White: e5-h5 (d5 blocked by Black) and i1-i4 (the edge below): both make five
        // on i5 alone. Black's stones elsewhere make nothing. Black to move.
        let one = board("a15e5d15f5g15g5k15h5o15i1a11i2o11i3d5i4");
        assert_eq!(one.five_cells(Color::White).len(), 1);
        assert!(Threats.evaluate(&one).0 > -SURE / 2);
        // The same with d5 free (Black on m1 instead): d5 and i5, two cells.
        let two = board("a15e5d15f5g15g5k15h5o15i1a11i2o11i3m1i4");
        assert_eq!(two.five_cells(Color::White).len(), 2);
        assert_eq!(Threats.evaluate(&two).0, -SURE);
    }

    /// The evaluation, where no threat decides, is 3/8 of this position's worth less 5/8 of
    /// the worth before the last move (for the side then to move), plus the threat table's
    /// value for this position's facts, as its doc says. Both
    /// worths are taken from counts recomputed from the stones, the earlier one with the last
    /// stone taken back, so neither the incremental counts nor the parent stack are
    /// trusted. Random games under both rules, both colours to move.
    #[test]
    fn the_evaluation_is_three_eighths_now_and_five_eighths_before() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut checked = 0;
        for game in 0..40 {
            let rule = if game % 2 == 0 {
                Rule::Freestyle
            } else {
                Rule::Standard
            };
            let mut b = Board::new(15, rule).unwrap();
            b.place(b.index(7, 7).unwrap());
            while b.winner().is_none() && b.history().len() < 60 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let near = b.candidates();
                b.place(near[(state >> 8) as usize % near.len()]);
                let (me, op) = (b.to_move(), b.to_move().other());
                let now = b.pattern_counts_from_scratch();
                let op_fives = now.get(op, Pattern::Five);
                let decided = now.get(me, Pattern::Five) > 0
                    || op_fives >= 2
                    || (op_fives == 0 && now.get(me, Pattern::OpenFour) > 0);
                if decided || b.winner().is_some() {
                    continue;
                }
                let mut before = b.clone();
                before.remove_last();
                let combos_now = b.combo_counts_from_scratch();
                let worth_now = ply_worth(&now, &combos_now, me);
                let table = threat_table::value(&now, &combos_now, me);
                let worth_before = ply_worth(
                    &before.pattern_counts_from_scratch(),
                    &before.combo_counts_from_scratch(),
                    op,
                );
                let expected = (3 * worth_now - 5 * worth_before) / 8 + table;
                assert_eq!(
                    Threats.evaluate(&b).0,
                    expected,
                    "{}: {worth_now} now, {worth_before} before, {table} by the table",
                    b.move_string()
                );
                checked += 1;
            }
        }
        assert!(checked > 500, "only {checked} quiet positions");
    }
}
