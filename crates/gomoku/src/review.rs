//! A game reviewed move by move, as players review theirs: every position of the game searched
//! once; a move's value is the search's value of the position it leads to, seen by its player,
//! and what it lost is how far that falls below the value of the position before it (the
//! best the player had). Moves that lose much, or give away a proven result, are marked.

use alphabeta::{Game, Outcome, Score};

use crate::evaluation::{black_chance, is_sure, winning_chance, Spoken, UNITS_PER_LOGIT};
use crate::{Board, Color, Engine, Limit, SgfGame, SgfNote, Source};

/// How a move compares with the best the player had: by what it lost in the evaluation's
/// units, unless it hardly lowered the player's chance of winning ([`winning_chance`]: a
/// logistic scale that widens as stones are added). Far ahead or far behind, a search's
/// values swing by hundreds of units from one position to the next without a change in who
/// wins; about an even position the units decide.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// The engine's own choice, or within [`Verdict::INACCURACY`] of it, or a chance lowered
    /// by less than the first of [`Verdict::CHANCE_FALLS`].
    Good,
    /// Lost at least [`Verdict::INACCURACY`], the chance lowered by at least the first fall;
    /// or a win proven before the move and not after it, the chance lowered by less than the
    /// second (by more, the chance decides as it does for any move).
    Inaccuracy,
    /// Lost at least [`Verdict::MISTAKE`], the chance lowered by at least the second.
    Mistake,
    /// Lost at least [`Verdict::BLUNDER`], the chance lowered by at least the third; or
    /// walked into a proven loss where the best move was not lost.
    Blunder,
}

impl Verdict {
    /// The least loss, in the evaluation's units, of an inaccuracy: half a logit of the
    /// evaluation's logistic scale in the opening (`UNITS_PER_LOGIT`).
    pub const INACCURACY: i32 = UNITS_PER_LOGIT / 2;
    /// The least loss of a mistake: one logit.
    pub const MISTAKE: i32 = UNITS_PER_LOGIT;
    /// The least loss of a blunder: two logits.
    pub const BLUNDER: i32 = 2 * UNITS_PER_LOGIT;
    /// The least fall of the winning chance (0 to 1) of an inaccuracy, a mistake and a
    /// blunder, as chess tools judge moves by the chance rather than by the value. About an
    /// even position in the opening the units' losses above lower it by more (half a logit
    /// 0.12, one 0.23, two 0.38), so there the units decide; later, where a unit is worth
    /// less, the chance decides sooner.
    pub const CHANCE_FALLS: [f64; 3] = [0.05, 0.1, 0.15];

    /// The verdict on a move worth `played` where the best was worth `best` (both for the
    /// player, from the position before the move, which had `stones` on the board).
    pub fn of(best: Score, played: Score, stones: usize) -> Verdict {
        if !best.is_loss() && played.is_loss() {
            // The move's position is proven lost; the best move's held out.
            return Verdict::Blunder;
        }
        if best.is_win() && !played.is_win() {
            // A win proven before the move and not after it. The search after it may just
            // not reach the proof in its time (a winning move looks so under load), so the
            // chance lost decides how bad it is, from a missed win's inaccuracy up.
            let by_chance = Self::by(chance_fall(best, played, stones), Self::CHANCE_FALLS);
            return by_chance.max(Verdict::Inaccuracy);
        }
        if best.is_decisive() || played.is_decisive() {
            // A slower win or a faster loss: still the same result.
            return Verdict::Good;
        }
        let by_units = Self::by(
            best.0 - played.0,
            [Self::INACCURACY, Self::MISTAKE, Self::BLUNDER],
        );
        by_units.min(Self::by(
            chance_fall(best, played, stones),
            Self::CHANCE_FALLS,
        ))
    }

    /// The verdict on a loss against the least losses of an inaccuracy, a mistake and a
    /// blunder.
    fn by<T: PartialOrd>(loss: T, [inaccuracy, mistake, blunder]: [T; 3]) -> Verdict {
        if loss >= blunder {
            Verdict::Blunder
        } else if loss >= mistake {
            Verdict::Mistake
        } else if loss >= inaccuracy {
            Verdict::Inaccuracy
        } else {
            Verdict::Good
        }
    }

    /// The mark players write after such a move (`""`, `?!`, `?`, `??`).
    pub fn mark(self) -> &'static str {
        match self {
            Verdict::Good => "",
            Verdict::Inaccuracy => "?!",
            Verdict::Mistake => "?",
            Verdict::Blunder => "??",
        }
    }
}

/// How much lower the chance of winning is at `played` than at `best` (0 where it is not
/// lower), both on the scale of `stones` on the board: what a move worth `played` lost
/// where the best was worth `best`.
fn chance_fall(best: Score, played: Score, stones: usize) -> f64 {
    (winning_chance(best, stones) - winning_chance(played, stones)).max(0.0)
}

/// A fall of the winning chance (0 to 1) in whole percentage points, rounded down, as the
/// reviews print it: a fall shown as 5 reached at least the first mark's 5.
pub fn whole_points(chance: f64) -> u32 {
    (100.0 * chance).floor() as u32
}

/// One move of a reviewed game.
#[derive(Clone, Debug)]
pub struct MoveReview {
    /// The move played.
    pub cell: u16,
    /// Who played it.
    pub player: Color,
    /// The engine's choice in the position before it (`None` if it had none).
    pub best: Option<u16>,
    /// The value of the position before the move, for the player: the best it had. Where
    /// the engine had a single candidate (the block of a four, the centre of the empty
    /// board) it does not search: its value is that of the position the candidate leads to.
    pub best_score: Score,
    /// The value of the position after the move, for the player.
    pub played_score: Score,
    /// How much the move lost against the best (0 for the engine's own choice, when the
    /// search of the next position thought better of the move than this one did, and when
    /// either value is a proven or sure win or loss: [`decided`](Self::decided)).
    pub loss: i32,
    /// How much the move lowered its player's chance of winning (0 to 1, see
    /// [`winning_chance`]) against the best: 0 for the engine's own choice and when the
    /// next search thought better of it. Unlike `loss` it counts proven results too (a win
    /// given away falls from 1), and it tells why a large loss far ahead goes unmarked.
    pub chance_lost: f64,
    /// The move's verdict.
    pub verdict: Verdict,
    /// The engine's expected line from the position before the move (its choice first; a
    /// forced move followed by the line after it).
    pub best_line: Vec<u16>,
    /// The engine's expected line from the position after it: how the opponent answers
    /// (empty when the move ended the game).
    pub reply_line: Vec<u16>,
}

impl MoveReview {
    /// Is either value a proven win or loss, or a sure one by the evaluation (a five or an
    /// open four a move or two ahead, 100,000 or 50,000 units)? Then the move's loss is not
    /// counted: units lost against such a value are no positional loss (a sure loss against
    /// a lost position's -1,000 would count 99,000).
    pub fn decided(&self) -> bool {
        [self.best_score, self.played_score]
            .iter()
            .any(|&v| v.is_decisive() || is_sure(v))
    }
}

/// A reviewed move in people's terms (cells as `h8`, values as `"win in 3"`), to print or to
/// serialise.
#[derive(Clone, Debug, serde::Serialize)]
pub struct MoveReport {
    /// The move's number in the game, from 1.
    pub number: usize,
    /// `black` or `white`.
    pub player: &'static str,
    /// The move played.
    #[serde(rename = "move")]
    pub cell: String,
    /// The value of the position after the move, for its player.
    pub value: String,
    /// The engine's choice in the position before.
    pub best: Option<String>,
    /// The value of the position before, for the player.
    pub best_value: String,
    /// See [`MoveReview::loss`].
    pub loss: i32,
    /// See [`MoveReview::chance_lost`].
    pub chance_lost: f64,
    /// See [`Verdict`].
    pub verdict: Verdict,
    /// See [`MoveReview::best_line`].
    pub best_line: Vec<String>,
    /// See [`MoveReview::reply_line`].
    pub reply_line: Vec<String>,
    /// Black's chance of winning after the move, 0 to 1 ([`black_chance`] of the position
    /// after it; a proven win 1, a proven loss 0, a proven draw one half): the curve of a
    /// game's chances.
    pub black_chance: f64,
}

impl MoveReport {
    /// The report of `r`, the `number`th move of a game on a board like `board`.
    pub fn new(board: &Board, number: usize, r: &MoveReview) -> MoveReport {
        MoveReport {
            number,
            player: r.player.name(),
            cell: board.name(r.cell),
            value: Spoken(r.played_score).to_string(),
            best: r.best.map(|b| board.name(b)),
            best_value: Spoken(r.best_score).to_string(),
            loss: r.loss,
            chance_lost: r.chance_lost,
            verdict: r.verdict,
            best_line: board.names(&r.best_line),
            reply_line: board.names(&r.reply_line),
            black_chance: black_chance(r.player, r.played_score, number),
        }
    }
}

/// One player's moves of a review in sum.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct Summary {
    /// The player's moves.
    pub moves: usize,
    /// The mean loss of the moves whose values were not proven or sure wins or losses
    /// ([`MoveReview::decided`]).
    pub average_loss: f64,
    /// Moves marked `?!`.
    pub inaccuracies: usize,
    /// Moves marked `?`.
    pub mistakes: usize,
    /// Moves marked `??`.
    pub blunders: usize,
}

impl Summary {
    /// The sum of `player`'s moves among `reviews`.
    pub fn of(reviews: &[MoveReview], player: Color) -> Summary {
        let mine: Vec<&MoveReview> = reviews.iter().filter(|r| r.player == player).collect();
        let undecided: Vec<i32> = mine
            .iter()
            .filter(|r| !r.decided())
            .map(|r| r.loss)
            .collect();
        let count = |v: Verdict| mine.iter().filter(|r| r.verdict == v).count();
        Summary {
            moves: mine.len(),
            average_loss: if undecided.is_empty() {
                0.0
            } else {
                undecided.iter().map(|&l| f64::from(l)).sum::<f64>() / undecided.len() as f64
            },
            inaccuracies: count(Verdict::Inaccuracy),
            mistakes: count(Verdict::Mistake),
            blunders: count(Verdict::Blunder),
        }
    }
}

/// A reviewed game as SGF, for any SGF viewer: `game` with `reviews`, the reviews of its moves
/// from move `first` on (as [`review`] gives them; the moves before, an opening, have none).
/// Each reviewed move's comment gives its mark and value, and the engine's choice where that
/// was another move; the engine's line is a variation beside each marked move; the game's
/// comment sums up each player.
pub fn review_sgf(game: &SgfGame, first: usize, reviews: &[MoveReview]) -> String {
    let b = &game.board;
    let mut notes = vec![SgfNote::default(); first];
    for r in reviews {
        let comment = if r.best == Some(r.cell) {
            format!("{} (the engine's move)", Spoken(r.played_score))
        } else {
            let loss = if r.loss > 0 {
                format!(", a loss of {}", r.loss)
            } else {
                String::new()
            };
            let chance = match whole_points(r.chance_lost) {
                0 => String::new(),
                p => format!(", the chance of winning {p} points less"),
            };
            let best = r.best.map_or("-".to_string(), |c| b.name(c));
            let mark = match r.verdict.mark() {
                "" => String::new(),
                m => format!("{m} "),
            };
            format!(
                "{mark}{} after it; the engine: {best}, {}{loss}{chance}",
                Spoken(r.played_score),
                Spoken(r.best_score)
            )
        };
        // (The engine's own choice is always good.)
        notes.push(SgfNote {
            comment,
            instead: if r.verdict != Verdict::Good {
                r.best_line.clone()
            } else {
                Vec::new()
            },
        });
    }
    let sum = |name: &str, s: Summary| {
        format!(
            "{name}: {} moves, average loss {:.0}, {} ?!, {} ?, {} ??",
            s.moves, s.average_loss, s.inaccuracies, s.mistakes, s.blunders
        )
    };
    let comment = format!(
        "Reviewed by alphabeta. {}; {}.",
        sum("Black", Summary::of(reviews, Color::Black)),
        sum("White", Summary::of(reviews, Color::White))
    );
    game.to_sgf(&comment, &notes)
}

/// Reviews the game `game` (its moves from the empty board, its size and rule) from its
/// move `first` on (0: every move; an opening the players did not choose can be left out):
/// every position from there to the last is searched under `limit` with `engine`;
/// `progress` is called with the positions done and the positions in all before each
/// search. One review for each move from `first` on; a stop asked through the engine's
/// [`stop_handle`](Engine::stop_handle) ends the review early, with the moves whose positions
/// were searched in full before it.
pub fn review(
    engine: &mut Engine,
    game: &Board,
    first: usize,
    limit: Limit,
    mut progress: impl FnMut(usize, usize),
) -> Vec<MoveReview> {
    let moves = game.history().to_vec();
    let first = first.min(moves.len());
    let stop = engine.stop_handle();
    let mut board = Board::new(game.size() as u32, game.rule()).expect("the game's own size");
    for &m in &moves[..first] {
        board.place(m);
    }
    // Every position from `first` on, searched once.
    let mut seen: Vec<Searched> = Vec::with_capacity(moves.len() + 1 - first);
    for i in first..=moves.len() {
        progress(i - first, moves.len() + 1 - first);
        let mut here = Searched::of(engine, &mut board, limit);
        if stop.is_stopped() {
            break;
        }
        if here.unknown && here.best != moves.get(i).copied() {
            // The only candidate was not played (or the game ends here): its value is that
            // of the position it leads to, which no other step searches.
            here = here.followed(engine, &mut board, limit);
        }
        seen.push(here);
        if let Some(&m) = moves.get(i) {
            board.place(m);
        }
    }
    if stop.is_stopped() {
        // A forced move whose next position was not searched has no value.
        while seen.last().is_some_and(|s| s.unknown) {
            seen.pop();
        }
    }
    // A forced move that was played has the value of the position it leads to: from the end
    // back, so that a run of forced moves takes the value at its end.
    for i in (0..seen.len().saturating_sub(1)).rev() {
        if seen[i].unknown {
            let next = &seen[i + 1];
            let (score, line) = (next.after(), next.line.clone());
            seen[i].score = score;
            seen[i].line.extend(line);
            seen[i].unknown = false;
        }
    }
    seen.windows(2)
        .zip(&moves[first..])
        .enumerate()
        .map(|(i, (pair, &cell))| {
            let (before, next) = (&pair[0], &pair[1]);
            let (best_score, played_score) = (before.score, next.after());
            // The chance is read on the scale of the position before the move.
            let stones = first + i;
            let chosen = before.best == Some(cell);
            let mut review = MoveReview {
                cell,
                player: if (first + i).is_multiple_of(2) {
                    Color::Black
                } else {
                    Color::White
                },
                best: before.best,
                best_score,
                played_score,
                loss: 0,
                chance_lost: 0.0,
                verdict: if chosen {
                    Verdict::Good
                } else {
                    Verdict::of(best_score, played_score, stones)
                },
                best_line: before.line.clone(),
                reply_line: next.line.clone(),
            };
            if !chosen && !review.decided() {
                review.loss = (best_score.0 - played_score.0).max(0);
            }
            if !chosen {
                review.chance_lost = chance_fall(best_score, played_score, stones);
            }
            review
        })
        .collect()
}

/// A position of the reviewed game, searched.
struct Searched {
    /// Its value for the side to move.
    score: Score,
    /// The engine's move there.
    best: Option<u16>,
    /// The engine played a forced move without a search: `score` is not its value yet.
    unknown: bool,
    /// The engine's expected line.
    line: Vec<u16>,
}

impl Searched {
    /// The position on `board`, searched under `limit` (or scored, if the game is over).
    fn of(engine: &mut Engine, board: &mut Board, limit: Limit) -> Searched {
        let over = |score| Searched {
            score,
            best: None,
            unknown: false,
            line: Vec::new(),
        };
        match board.outcome() {
            // The player who made five just won: a loss for the side to move now.
            Some(Outcome::Loss) => over(Score::LOSS),
            Some(Outcome::Win) => over(Score::WIN),
            Some(Outcome::Draw) => over(Score::DRAW),
            None => {
                let t = engine.think(board, limit, |_| {});
                Searched {
                    // A forced move is played without a search: its value is unknown
                    // (unless it wins at once) until the next position's search.
                    unknown: t.source == Source::Forced && !t.score.is_win(),
                    score: t.score,
                    best: t.best,
                    line: t.pv,
                }
            }
        }
    }

    /// This position's value and line where its forced move was not searched: the forced
    /// move is played on `board` (and taken back), and the position it leads to searched,
    /// following a run of forced moves to its end.
    fn followed(mut self, engine: &mut Engine, board: &mut Board, limit: Limit) -> Searched {
        let Some(forced) = self.best.filter(|_| self.unknown) else {
            return self;
        };
        board.place(forced);
        let next = Searched::of(engine, board, limit).followed(engine, board, limit);
        board.remove_last();
        self.score = next.after();
        self.line = std::iter::once(forced).chain(next.line).collect();
        self.unknown = false;
        self
    }

    /// This position's value seen from the position before it: for the other side and a ply
    /// earlier (negated, and a win or loss one ply further away).
    fn after(&self) -> Score {
        (-self.score).from_table(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rule;

    fn game(moves: &str) -> Board {
        let mut b = Board::new(15, Rule::Freestyle).unwrap();
        b.play_sequence(moves).unwrap();
        b
    }

    /// The tests' game after White's block k8 of Black's four h8-j8 and g8, and a separate
    /// search of it to depth 4.
    fn after_the_block() -> (Board, crate::Thought) {
        let mut b = game("h8f8i8a1j8a2g8k8");
        let next = Engine::new(4).think(&mut b, Limit::Depth(4), |_| {});
        (b, next)
    }

    /// The points shown never round a fall up past a mark's threshold.
    #[test]
    fn chance_falls_are_shown_in_whole_points_rounded_down() {
        assert_eq!(whole_points(0.0), 0);
        assert_eq!(whole_points(0.0099), 0);
        assert_eq!(whole_points(0.0499), 4);
        assert_eq!(whole_points(0.05), 5);
        assert_eq!(whole_points(0.2187), 21);
        assert_eq!(whole_points(1.0), 100);
    }

    /// A forced move (White's only block of Black's four) is not searched where it is played;
    /// its value is the next position's, as a separate search of that position finds it.
    #[test]
    fn a_forced_move_takes_the_value_of_the_position_it_leads_to() {
        let g = game("h8f8i8a1j8a2g8k8");
        let depth = Limit::Depth(4);
        let reviews = review(&mut Engine::new(4), &g, 0, depth, |_, _| {});
        let block = &reviews[7];
        assert_eq!((block.best, block.cell), (Some(block.cell), g.history()[7]));
        let (_, next) = after_the_block();
        let expected = (-next.score).from_table(1);
        assert_eq!(block.played_score, expected);
        assert_eq!(
            block.best_score, expected,
            "not the unsearched forced move's 0"
        );
        assert_eq!((block.loss, block.verdict), (0, Verdict::Good));
        assert_eq!(block.chance_lost, 0.0);
    }

    /// A player who does not block a four (White's a3) had the value of the position after
    /// the block, as a separate search of that position finds it, not the unsearched
    /// forced move's 0; and the engine's line there is the block and what follows it.
    #[test]
    fn an_ignored_forced_move_has_the_value_of_the_position_it_leads_to() {
        let depth = Limit::Depth(4);
        let reviews = review(
            &mut Engine::new(4),
            &game("h8f8i8a1j8a2g8a3"),
            0,
            depth,
            |_, _| {},
        );
        let ignored = &reviews[7];
        let (blocked, next) = after_the_block();
        assert!(!next.score.is_decisive(), "the block holds: {}", next.score);
        assert_eq!(ignored.best, blocked.parse_cell("k8").ok());
        assert_eq!(ignored.best_score, (-next.score).from_table(1));
        assert_ne!(ignored.best_score, Score::DRAW, "{}", ignored.best_score);
        assert!(ignored.played_score.is_loss());
        assert_eq!((ignored.verdict, ignored.loss), (Verdict::Blunder, 0));
        // Its chance fell from the block's (with 7 stones on the board, 200 + 6 x 7 = 242
        // units a logit) to nothing, a proven loss.
        let before = 1.0 / (1.0 + (-f64::from(ignored.best_score.0) / 242.0).exp());
        assert!((ignored.chance_lost - before).abs() < 1e-12);
        assert_eq!(ignored.best_line.len(), 1 + next.pv.len());
        assert_eq!(ignored.best_line[1..], next.pv[..]);
    }

    /// A game that ends with a four to block: its last position's forced block is followed
    /// too, so the four's value is the position after the block's, two plies on.
    #[test]
    fn a_game_that_ends_before_a_forced_move_is_valued_past_it() {
        let depth = Limit::Depth(4);
        let reviews = review(
            &mut Engine::new(4),
            &game("h8f8i8a1j8a2g8"),
            0,
            depth,
            |_, _| {},
        );
        let four = &reviews[6];
        let (_, next) = after_the_block();
        assert_eq!(four.played_score, next.score.from_table(2));
        assert_eq!(four.reply_line.len(), 1 + next.pv.len());
    }

    /// A stop through the engine's handle ends the review: the moves searched so far.
    #[test]
    fn a_stopped_review_ends_early() {
        let mut engine = Engine::new(4);
        let stop = engine.stop_handle();
        let g = game("h8i9h9h10j8g9i11g8");
        let reviews = review(&mut engine, &g, 0, Limit::Depth(4), |done, _| {
            if done == 4 {
                stop.stop();
            }
        });
        assert_eq!(
            reviews.len(),
            3,
            "positions 0-3 searched: moves 1-3 reviewed"
        );
    }

    /// The evaluation's sure wins and losses (a five or an open four a move or two ahead,
    /// short of the search's proof) count in no move's loss, as proven ones do not: White's
    /// move into a sure loss from a position worth -1,000 would otherwise lose 99,000 units
    /// and make White's mean loss of two moves 49,650 instead of the other move's 300. They
    /// are shown in words.
    #[test]
    fn sure_values_count_in_no_loss_and_are_shown_in_words() {
        let white = |best: i32, played: i32| MoveReview {
            cell: 0,
            player: Color::White,
            best: Some(1),
            best_score: Score(best),
            played_score: Score(played),
            loss: best - played,
            chance_lost: 0.0,
            verdict: Verdict::Good,
            best_line: Vec::new(),
            reply_line: Vec::new(),
        };
        let moves = [white(-300, -600), white(-1_000, -100_000)];
        assert!(!moves[0].decided());
        assert!(moves[1].decided());
        assert!(white(50_000, 2_000).decided());
        assert!(!white(3_000, -3_000).decided());
        assert_eq!(Summary::of(&moves, Color::White).average_loss, 300.0);
        // Shown in words, not as a number of units; proven values as the search writes them.
        let board = Board::new(15, crate::Rule::Freestyle).unwrap();
        let report = MoveReport::new(&board, 4, &moves[1]);
        assert_eq!(
            (report.best_value.as_str(), report.value.as_str()),
            ("-1000", "sure loss")
        );
        let sure_win = MoveReport::new(&board, 5, &white(50_000, Score::win_in(3).0));
        assert_eq!(
            (sure_win.best_value.as_str(), sure_win.value.as_str()),
            ("sure win", "win in 3")
        );
    }

    /// Walking into a proven loss is a blunder whatever the numbers; a proven win no longer
    /// proven is judged by the chance it lost, an inaccuracy at least; a slower win or a
    /// faster loss is nothing; otherwise the loss decides, unless the chance barely fell.
    /// The chance is 1 / (1 + e^-x) at x logits; with 4 stones on the board a logit is 224
    /// units (200 and 6 a stone), with 100 stones 800.
    #[test]
    fn verdicts() {
        let v = |a: i32, b: i32| Verdict::of(Score(a), Score(b), 4);
        assert_eq!(
            Verdict::of(Score(-900), Score::loss_in(4), 4),
            Verdict::Blunder
        );
        assert_eq!(
            Verdict::of(Score::win_in(3), Score::loss_in(2), 4),
            Verdict::Blunder
        );
        // A win let go: 900 units are 4.02 logits, a chance of 0.982 (a fall of 0.018); 450
        // are 2.01 logits, 0.882 (0.118); 225 are 1.00 logit, 0.732 (0.268).
        assert_eq!(
            Verdict::of(Score::win_in(3), Score(900), 4),
            Verdict::Inaccuracy
        );
        assert_eq!(
            Verdict::of(Score::win_in(3), Score(450), 4),
            Verdict::Mistake
        );
        assert_eq!(
            Verdict::of(Score::win_in(3), Score(225), 4),
            Verdict::Blunder
        );
        assert_eq!(
            Verdict::of(Score::win_in(3), Score::DRAW, 4),
            Verdict::Blunder
        );
        assert_eq!(
            Verdict::of(Score::win_in(3), Score::win_in(9), 4),
            Verdict::Good
        );
        assert_eq!(
            Verdict::of(Score::loss_in(8), Score::loss_in(2), 4),
            Verdict::Good
        );
        // About an even position the units decide (112, 225 and 450 units).
        assert_eq!(v(56, -55), Verdict::Good);
        assert_eq!(v(56, -56), Verdict::Inaccuracy);
        assert_eq!(v(112, -113), Verdict::Mistake);
        assert_eq!(v(225, -225), Verdict::Blunder);
        // Far ahead, the chance: 300 units from 5.36 to 4.02 logits are 0.9953 to 0.9823, a
        // fall of 0.013: nothing.
        assert_eq!(v(1200, 900), Verdict::Good);
        // From -1.34 logits to -5.36: 0.208 to 0.005, a fall of 0.203 (a corner move while
        // the opponent builds): a blunder still.
        assert_eq!(v(-300, -1200), Verdict::Blunder);
        // From -3.01 logits to -5.36 (0.047 to 0.005, 0.042): the game was lost already.
        assert_eq!(v(-675, -1200), Verdict::Good);
        // From 3.01 to 2.01 logits (0.953 to 0.882, 0.071): 225 units, only an inaccuracy.
        assert_eq!(v(675, 450), Verdict::Inaccuracy);
        // The same 450 units from 600 to 150: at 4 stones 2.68 to 0.67 logits (0.936 to
        // 0.661, 0.274), a blunder; at 100 stones, where a value means less, 0.75 to 0.19
        // (0.679 to 0.547, 0.132), a mistake.
        assert_eq!(v(600, 150), Verdict::Blunder);
        assert_eq!(Verdict::of(Score(600), Score(150), 100), Verdict::Mistake);
        assert!((winning_chance(Score(0), 50) - 0.5).abs() < 1e-12);
        assert!((winning_chance(Score(224), 4) - 0.731_058_6).abs() < 1e-6);
        assert!((winning_chance(Score(800), 100) - 0.731_058_6).abs() < 1e-6);
        assert_eq!(winning_chance(Score::win_in(40), 200), 1.0);
        assert_eq!(winning_chance(Score::loss_in(40), 200), 0.0);
    }
}
