//! Puzzles: positions from games where the side to move wins by continuous fours (a VCF)
//! or by continuous threats (a VCT: fours and open threes), to be solved a move at a time.
//! By fours, every move of the solver's side must be a four, the defender's block is forced,
//! and the last move makes five. By threats, a move may be an open three too, which the
//! defender answers as it likes (the judge picks its most stubborn defence), and the win
//! must need a three: a position won by fours alone is a puzzle by fours. Any move that
//! keeps the win is right, not only the line the solver found first.
//!
//! The positions come from games the engine plays against itself at a [`Level`] below full
//! strength, from a seed: the position just before a side could start such a win, so they
//! look like positions of real games, and the same seed gives the same puzzle.

use std::ops::RangeInclusive;
use std::time::Instant;

use alphabeta::mix64;

use crate::board::{Board, BoardError, Color, Rule};
use crate::engine::{Engine, Limit};
use crate::level::Level;
use crate::vcf::{fives_through, VcfSearch};
use crate::vct::{Threat, VctSearch};

/// The most moves a puzzle's win by fours may take (fours and the five).
pub const MAX_PUZZLE_MOVES: u32 = 15;
/// The most moves a puzzle's win by threats may take (threes, fours and the five): a proof
/// against every defence grows fast with the length.
pub const MAX_THREAT_MOVES: u32 = 7;
/// Nodes a proof by threats may search for one defence while judging a move or finding
/// the shortest win; where they run out, once more with [`THREAT_RETRY_NODES`].
const THREAT_PROOF_NODES: u64 = 1_000_000;
/// Nodes for that second try: at a million, 7 of 255 threats judged in 30 puzzles of 3 to 7
/// moves had a defence whose proof ran out, and a right move could be called wrong; at ten
/// million none did, in up to 5 s (docs/BENCHMARKS.md, session 110); sixteen for a margin.
const THREAT_RETRY_NODES: u64 = 16 * THREAT_PROOF_NODES;
/// Nodes a proof by threats may search at each position of a game drawing a puzzle: most
/// positions have no such win, and the rare win that takes more is passed over.
const THREAT_DRAW_NODES: u64 = 100_000;
/// Nodes a proof by fours may search while judging a move or finding the shortest win:
/// far more than a puzzle's position needs (they are proven in thousands).
const PROOF_NODES: u64 = 2_000_000;
/// Games played for one puzzle before giving up.
const GAMES: u64 = 400;
/// Stones a game is followed to before the next one starts.
const LONGEST_GAME: usize = 90;
/// The level the games are played at: it makes the slips that let a win by fours arise,
/// yet plays shapes, not random stones.
const LEVEL: u8 = 2;

/// What a puzzle's moves may be.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Fours only, each block forced: a VCF.
    #[default]
    Fours,
    /// Fours and open threes: a VCT.
    Threats,
}

impl Kind {
    /// `fours` or `threats`, as the command line and the API name it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Fours => "fours",
            Kind::Threats => "threats",
        }
    }

    /// The kind of that name.
    pub fn from_name(name: &str) -> Option<Kind> {
        [Kind::Fours, Kind::Threats]
            .into_iter()
            .find(|k| k.name() == name)
    }

    /// The fewest and the most moves a win of this kind may take in a puzzle (a win by
    /// threats needs a three, so three moves at least: the double three, the open four,
    /// the five).
    pub fn lengths(self) -> RangeInclusive<u32> {
        match self {
            Kind::Fours => 2..=MAX_PUZZLE_MOVES,
            Kind::Threats => 3..=MAX_THREAT_MOVES,
        }
    }

    /// Whether the side to move's next move counts in a puzzle's length: by fours every move
    /// does (each is a four, a block of the other side's four too), by threats a block of
    /// the other side's four does not (the threat solver's count).
    pub fn counts(self, b: &Board) -> bool {
        self == Kind::Fours || b.first_five_cell(b.to_move().other()).is_none()
    }

    /// The side to move's shortest win of this kind of at most `most` moves, and its line
    /// (`None` also where a search by threats runs out of nodes on both tries).
    pub fn shortest_win(self, b: &mut Board, most: u32) -> Option<(u32, Vec<u16>)> {
        self.win(b, most).unwrap_or(None)
    }

    /// The same, with `Err` where a search by threats ran out of nodes on both tries (by
    /// fours a search that runs out counts as no win; none did in 170 fours judged,
    /// docs/BENCHMARKS.md, session 110).
    fn win(self, b: &mut Board, most: u32) -> Result<Option<(u32, Vec<u16>)>, Unproven> {
        match self {
            Kind::Fours => Ok(shortest_win(b, most)),
            Kind::Threats => threat_win(b, most),
        }
    }
}

/// A position where the side to move wins by fours, or by threats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The seed it was drawn from.
    pub seed: u64,
    /// Fours only, or threes too.
    pub kind: Kind,
    /// The position: the moves played, Black first.
    pub moves: Vec<u16>,
    /// The side to move, who wins.
    pub to_move: Color,
    /// The winner's moves in the shortest win: its fours (and threes) and the five.
    pub length: u32,
    /// One shortest win: the winner's and the defender's moves alternating (against a
    /// three, one of the defences), ending with the five.
    pub solution: Vec<u16>,
}

/// Why no puzzle came.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// Caro's fours may be stopped in two ways, so a move is not forced.
    #[error("puzzles come in the freestyle, standard and renju rules, not caro")]
    Rule,
    /// The lengths asked for are out of range.
    #[error(
        "a puzzle's win by {} takes {} to {} moves; {} to {} asked",
        .0.name(), .0.lengths().start(), .0.lengths().end(), .1, .2
    )]
    Length(Kind, u32, u32),
    /// The time given ran out before such a position arose.
    #[error("no win of {0} to {1} moves arose in the time given; try fewer moves")]
    TimedOut(u32, u32),
    /// The games played found no such position.
    #[error("no win of {0} to {1} moves arose in {GAMES} games on this board; try other lengths")]
    NotFound(u32, u32),
    /// The board could not be set up.
    #[error(transparent)]
    Board(#[from] BoardError),
}

/// What a move in a puzzle does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// It makes five: solved.
    Five,
    /// A four that keeps the win: the defender must block at `block`, after which the win
    /// takes `left` more moves at the fewest.
    Four { block: u16, left: u32 },
    /// A four whose one block renju forbids Black: it plays `reply` instead, and five
    /// follows.
    Unblockable { block: u16, reply: u16 },
    /// A four, but after the block there is no win by fours left.
    LetsGo { block: u16 },
    /// The defender has a four of its own (`five` is where it makes five), which this move
    /// neither blocks nor answers with five.
    Ignores { five: u16 },
    /// Not a four: the defender would be free to play anywhere.
    NotFour,
    /// By threats: a three (or a block that leaves one standing) that keeps the win: the
    /// defender's most stubborn answer is `reply`, after which the win takes `left` more
    /// moves at the fewest.
    Threat { reply: u16, left: u32 },
    /// By threats: a four or a three, but after the defender's `reply` no win is found:
    /// `proven` none, or the search ran out of nodes (a win may exist).
    Refuted { reply: u16, proven: bool },
    /// By threats: neither a four nor a three.
    NotThreat,
}

impl Judgement {
    /// What it means, in words, for the side to move on `b` playing `cell` (`b` as it was
    /// before the move).
    pub fn words(&self, b: &Board, cell: u16) -> String {
        let name = b.name(cell);
        let other = b.to_move().other().name();
        match self {
            Judgement::Five => format!("{name}: five. Solved."),
            Judgement::Four { block, left } => format!(
                "{name}: a four; {other} blocks at {}. {left} more move{} to win.",
                b.name(*block),
                if *left == 1 { "" } else { "s" }
            ),
            Judgement::Unblockable { block, reply } => format!(
                "{name}: a four whose block at {} renju forbids {other}: it plays {}, and five \
                 follows.",
                b.name(*block),
                b.name(*reply)
            ),
            Judgement::LetsGo { block } => format!(
                "{name} is a four, but after {other}'s block at {} no win by fours is left: \
                 try another.",
                b.name(*block)
            ),
            Judgement::Ignores { five } => format!(
                "{} has a four: it makes five at {} unless you block there.",
                capital(other),
                b.name(*five)
            ),
            Judgement::NotFour => {
                format!("{name} is not a four: {other} would be free to play anywhere. Try a four.")
            }
            Judgement::Threat { reply, left } => format!(
                "{name}: a threat; {other} answers at {}. {left} more move{} to win.",
                b.name(*reply),
                if *left == 1 { "" } else { "s" }
            ),
            Judgement::Refuted {
                reply,
                proven: true,
            } => format!(
                "{name} is a threat, but {other} answers at {} and no forced win is left: try \
                 another.",
                b.name(*reply)
            ),
            Judgement::Refuted {
                reply,
                proven: false,
            } => format!(
                "{name} is a threat, but {other} answers at {} and the engine finds no forced \
                 win after it in time: try another.",
                b.name(*reply)
            ),
            Judgement::NotThreat => format!(
                "{name} is neither a four nor an open three: {other} would be free to play \
                 anywhere. Try a threat."
            ),
        }
    }
}

/// A puzzle's length as people write it, "5" or "4-7", within `allowed` (a kind's
/// [`Kind::lengths`], or fewer); the error says what is wrong in words for the command line
/// and the API alike.
pub fn lengths(text: &str, allowed: RangeInclusive<u32>) -> Result<RangeInclusive<u32>, String> {
    let bad = || {
        format!(
            "the moves to win must be a number (5) or a range (4-7) from {} to {}, not '{text}'",
            allowed.start(),
            allowed.end()
        )
    };
    let number = |t: &str| t.trim().parse::<u32>().map_err(|_| bad());
    let (lo, hi) = match text.split_once('-') {
        Some((a, b)) => (number(a)?, number(b)?),
        None => (number(text)?, number(text)?),
    };
    if !allowed.contains(&lo) || !allowed.contains(&hi) || lo > hi {
        return Err(bad());
    }
    Ok(lo..=hi)
}

/// `word` with a capital first letter, to start a sentence.
fn capital(word: &str) -> String {
    let mut c = word.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

impl Puzzle {
    /// A seed that no two calls are likely to share, short enough to say aloud or write
    /// down (below a million), and exact as a JavaScript number.
    pub fn fresh_seed() -> u64 {
        Level::fresh_seed() % 1_000_000
    }

    /// What it asks, in words, for the terminal and the page alike.
    pub fn task(&self) -> String {
        let side = capital(self.to_move.name());
        match self.kind {
            Kind::Fours => format!(
                "{side} to move wins in {} moves by fours. Each move must be a four, which the \
                 other side must block; the last makes five.",
                self.length
            ),
            Kind::Threats => format!(
                "{side} to move wins in {} moves by threats. Each move must be a four or an open \
                 three, which the other side answers as it can (a block of its four does not \
                 count); the last makes five.",
                self.length
            ),
        }
    }

    /// A puzzle by fours of `size` and `rule` whose win takes a number of moves in `length`,
    /// from `seed`: the same seed, the same puzzle. Games at a low level are played from the
    /// centre until one reaches such a position with neither side already holding a four.
    pub fn generate(
        size: u32,
        rule: Rule,
        seed: u64,
        length: RangeInclusive<u32>,
    ) -> Result<Puzzle, PuzzleError> {
        Self::generate_by(size, rule, Kind::Fours, seed, length, None, None)
    }

    /// [`generate`](Self::generate) of either kind, with the winner's colour, if one is
    /// asked (Black's wins arise more often in the games: it moves first), given up at
    /// `deadline` if one is given (a server's bound on a request: long wins are rare, and a
    /// search for one may take many seconds).
    pub fn generate_by(
        size: u32,
        rule: Rule,
        kind: Kind,
        seed: u64,
        length: RangeInclusive<u32>,
        winner: Option<Color>,
        deadline: Option<Instant>,
    ) -> Result<Puzzle, PuzzleError> {
        let (lo, hi) = (*length.start(), *length.end());
        if rule.caro() {
            return Err(PuzzleError::Rule);
        }
        if lo < *kind.lengths().start() || hi > *kind.lengths().end() || lo > hi {
            return Err(PuzzleError::Length(kind, lo, hi));
        }
        let board = Board::new(size, rule)?;
        let mut engine = Engine::new(4);
        let level = Level::new(i64::from(LEVEL)).ok();
        for game in 0..GAMES {
            let mut b = board.clone();
            engine.clear();
            engine.set_level(
                level,
                mix64(seed ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15)),
            );
            let centre = b
                .index(size / 2, size / 2)
                .expect("the centre is on the board");
            b.place(centre);
            while b.winner().is_none() && !b.is_full() && b.history().len() < LONGEST_GAME {
                if deadline.is_some_and(|d| Instant::now() >= d) {
                    return Err(PuzzleError::TimedOut(lo, hi));
                }
                let theirs = winner.is_some_and(|w| w != b.to_move());
                if let Some((n, line)) = (!theirs).then(|| puzzle_at(&mut b, kind, hi)).flatten() {
                    if n >= lo {
                        return Ok(Puzzle {
                            seed,
                            kind,
                            moves: b.history().to_vec(),
                            to_move: b.to_move(),
                            length: n,
                            solution: line,
                        });
                    }
                }
                let Some(m) = engine.think(&mut b, Limit::Depth(64), |_| {}).best else {
                    break;
                };
                b.place(m);
            }
        }
        Err(PuzzleError::NotFound(lo, hi))
    }
}

/// The shortest win of `kind` for the side to move of at most `most` moves, with its line,
/// where neither side holds a four yet (a puzzle's starting position); by threats, where
/// there is no win by fours alone.
fn puzzle_at(b: &mut Board, kind: Kind, most: u32) -> Option<(u32, Vec<u16>)> {
    let me = b.to_move();
    if b.first_five_cell(me).is_some() || b.first_five_cell(me.other()).is_some() {
        return None;
    }
    match kind {
        Kind::Fours => shortest_win(b, most),
        Kind::Threats => {
            // With a small budget: most positions have no win by threats at all.
            let win = VctSearch::for_lengths(THREAT_DRAW_NODES).shortest(b, most)?;
            (shortest_win(b, MAX_PUZZLE_MOVES).is_none()).then_some(win)
        }
    }
}

/// The side to move's shortest win by fours of at most `most` moves (the five included),
/// and one such line; `None` if there is none that short.
pub fn shortest_win(b: &mut Board, most: u32) -> Option<(u32, Vec<u16>)> {
    // Most positions have no win at all: one search to the full length says so. Where it
    // finds one, searches from one move up, the first that finds a win gives the shortest
    // (the widest search's line may be longer).
    let mut vcf = VcfSearch::new(most.checked_sub(1)?, PROOF_NODES);
    let line = vcf.find(b)?;
    let found = line.len().div_ceil(2) as u32;
    (0..found - 1)
        .find_map(|fours| {
            vcf.set_limits(fours, PROOF_NODES);
            vcf.find(b).map(|line| (fours + 1, line))
        })
        .or(Some((found, line)))
}

/// What the side to move's `cell` does in a puzzle of `kind`: five, a four (or by threats
/// a three) that keeps the win or lets it go, or no threat at all. The board is left as it
/// was. Errors: a cell taken, off the board, forbidden to Black, or a game already over.
pub fn judge(b: &mut Board, cell: u16, kind: Kind) -> Result<Judgement, BoardError> {
    let me = b.to_move();
    let threat = b.first_five_cell(me.other());
    b.try_play(cell)?;
    let verdict = if b.winner() == Some(me) {
        Judgement::Five
    } else if let Some(five) = threat.filter(|_| b.first_five_cell(me.other()).is_some()) {
        Judgement::Ignores { five }
    } else {
        let (fives, n) = fives_through(b, cell, me);
        if n > 0 {
            // The defender blocks (one of two fives, if there are two: the other is left).
            let block = fives[0];
            match b.any_allowed_move() {
                Some(reply) if n == 1 && b.forbids(block) => {
                    Judgement::Unblockable { block, reply }
                }
                _ => {
                    b.place(block);
                    let win = kind.win(b, *kind.lengths().end());
                    b.remove_last();
                    match (win, kind) {
                        (Ok(Some((left, _))), _) => Judgement::Four { block, left },
                        (_, Kind::Fours) => Judgement::LetsGo { block },
                        (win, Kind::Threats) => Judgement::Refuted {
                            reply: block,
                            proven: win.is_ok(),
                        },
                    }
                }
            }
        } else if kind == Kind::Fours {
            Judgement::NotFour
        } else {
            judge_threat(b)
        }
    };
    b.remove_last();
    Ok(verdict)
}

/// A search by threats that ran out of nodes: whether a win exists is not known.
struct Unproven;

/// By threats, the side to move's shortest win of at most `most` moves (its length and
/// line), or `Ok(None)` where the search proves there is none; tried once more with
/// [`THREAT_RETRY_NODES`] where the first search runs out of nodes, so that a right move is
/// not called wrong for want of them.
fn threat_win(b: &mut Board, most: u32) -> Result<Option<(u32, Vec<u16>)>, Unproven> {
    for nodes in [THREAT_PROOF_NODES, THREAT_RETRY_NODES] {
        let mut vct = VctSearch::for_lengths(nodes);
        let win = vct.shortest(b, most);
        if win.is_some() || !vct.gave_up() {
            return Ok(win);
        }
    }
    Err(Unproven)
}

/// By threats, the defender to move after a move that is no four: its most stubborn
/// defence, or one after which no win is found.
fn judge_threat(b: &mut Board) -> Judgement {
    let mut replies = Vec::new();
    match VctSearch::for_lengths(THREAT_PROOF_NODES).threat(b, &mut replies) {
        Threat::Quiet => Judgement::NotThreat,
        Threat::Answered => Judgement::Ignores {
            five: b.first_five_cell(b.to_move()).unwrap_or_default(),
        },
        Threat::Unstoppable { .. } | Threat::Defend => {
            let (mut best, mut unproven): (Option<(u16, u32)>, _) = (None, None);
            for &reply in &replies {
                b.place(reply);
                let win = threat_win(b, MAX_THREAT_MOVES);
                b.remove_last();
                match win {
                    Ok(None) => {
                        return Judgement::Refuted {
                            reply,
                            proven: true,
                        }
                    }
                    Err(Unproven) => unproven = unproven.or(Some(reply)),
                    Ok(Some((left, _))) if best.is_none_or(|(_, most)| left > most) => {
                        best = Some((reply, left));
                    }
                    Ok(Some(_)) => {}
                }
            }
            match (unproven, best) {
                (Some(reply), _) => Judgement::Refuted {
                    reply,
                    proven: false,
                },
                (None, Some((reply, left))) => Judgement::Threat { reply, left },
                (None, None) => Judgement::NotThreat,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_and_rules_out_of_range_are_refused() {
        let r = Puzzle::generate(15, Rule::Freestyle, 1, 1..=3);
        assert_eq!(r, Err(PuzzleError::Length(Kind::Fours, 1, 3)));
        let (five, four) = (5, 4);
        let r = Puzzle::generate(15, Rule::Freestyle, 1, five..=four);
        assert_eq!(r, Err(PuzzleError::Length(Kind::Fours, 5, 4)));
        let r = Puzzle::generate(15, Rule::Freestyle, 1, 2..=16);
        assert_eq!(r, Err(PuzzleError::Length(Kind::Fours, 2, 16)));
        let caro = Rule::from_name("caro").unwrap();
        assert_eq!(Puzzle::generate(15, caro, 1, 3..=5), Err(PuzzleError::Rule));
        let now = Some(Instant::now());
        let late = Puzzle::generate_by(15, Rule::Freestyle, Kind::Fours, 1, 3..=5, None, now);
        assert_eq!(late, Err(PuzzleError::TimedOut(3, 5)));
    }
}
