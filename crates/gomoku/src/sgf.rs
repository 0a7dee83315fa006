//! Games read from SGF (Smart Game Format, `GM[4]`: Gomoku), as match managers such as
//! c-gomoku-cli write them: one `(;...)` per game, the size in `SZ`, the rule in `RU` (the
//! protocol's numbers: 0 freestyle, 1 exactly five, 4 renju), the players in `PB` and `PW`,
//! the result in `RE`, and the moves as `;B[hh];W[ii]` (column letter from `a` at the left, row
//! letter from `a` at the top, the protocol's `x,y`). Only what a review needs is read; other
//! properties and variations past the main line are skipped.

use crate::{Board, BoardError, Color, Rule};

/// A game read from SGF.
#[derive(Clone)]
pub struct SgfGame {
    /// The position at the end, with its moves in [`Board::history`].
    pub board: Board,
    /// Black's name (`PB`), if given.
    pub black: Option<String>,
    /// White's name (`PW`), if given.
    pub white: Option<String>,
    /// The result (`RE`, e.g. `B+1`), if given.
    pub result: Option<String>,
    /// How many of the first moves were the opening, not the players' choice (their nodes'
    /// comments say `opening move`, as c-gomoku-cli writes).
    pub opening: usize,
}

impl std::fmt::Debug for SgfGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SgfGame")
            .field("moves", &self.board.move_string())
            .field("black", &self.black)
            .field("white", &self.white)
            .field("result", &self.result)
            .field("opening", &self.opening)
            .finish()
    }
}

/// A note on one move of a game written as SGF ([`SgfGame::to_sgf`]): a comment, and a line
/// the player could have played instead, written as a variation beside the move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SgfNote {
    /// Said after the move (empty: nothing).
    pub comment: String,
    /// Moves from the position before the move, instead of it (empty: none).
    pub instead: Vec<u16>,
}

impl SgfGame {
    /// The game on `board` (its moves, size and rule) with its result if it is over; no
    /// names, no opening.
    pub fn of(board: Board) -> SgfGame {
        let result = match board.winner() {
            Some(Color::Black) => Some("B+1".to_string()),
            Some(Color::White) => Some("W+1".to_string()),
            None if board.is_full() => Some("0".to_string()),
            None => None,
        };
        SgfGame {
            board,
            black: None,
            white: None,
            result,
            opening: 0,
        }
    }

    /// The game as SGF, as c-gomoku-cli writes its matches and [`read_sgf`] reads them back
    /// (the opening's moves say `opening move`): `comment` on the game (empty: none), and
    /// `notes` on its moves, the first on the first move (fewer notes than moves: the rest
    /// have none). A note's line instead of a move is a variation after the main line's move,
    /// so that the main line stays the game.
    pub fn to_sgf(&self, comment: &str, notes: &[SgfNote]) -> String {
        let b = &self.board;
        let mut out = format!("(;FF[4]GM[4]SZ[{}]RU[{}]", b.size(), b.rule().mask());
        for (name, value) in [
            ("PB", &self.black),
            ("PW", &self.white),
            ("RE", &self.result),
        ] {
            if let Some(v) = value {
                out += &format!("{name}[{}]", escaped(v));
            }
        }
        if !comment.is_empty() {
            out += &format!("C[{}]", escaped(comment));
        }
        let point = |k: usize, cell: u16| {
            let (x, y) = b.xy(cell);
            let colour = if k.is_multiple_of(2) { 'B' } else { 'W' };
            format!(
                ";{colour}[{}{}]",
                (b'a' + x as u8) as char,
                (b'a' + y as u8) as char
            )
        };
        // A line instead of move k is a second child of the node before it: the main line
        // from k on becomes the first child, "(;k ...)", and the line follows it, "(;v ...)".
        // Later ones nest inside, so the lines are written last first at the end.
        let mut lines: Vec<String> = Vec::new();
        for (k, &cell) in b.history().iter().enumerate() {
            let note = notes.get(k);
            if let Some(n) = note.filter(|n| !n.instead.is_empty()) {
                out.push('(');
                let moves: String = (k..).zip(&n.instead).map(|(j, &m)| point(j, m)).collect();
                lines.push(format!("({moves})"));
            }
            out += &point(k, cell);
            if k < self.opening {
                out += "C[opening move]";
            } else if let Some(n) = note.filter(|n| !n.comment.is_empty()) {
                out += &format!("C[{}]", escaped(&n.comment));
            }
        }
        for line in lines.iter().rev() {
            out.push(')');
            out += line;
        }
        out.push(')');
        out
    }
}

/// A property value with `]` and `\` escaped.
fn escaped(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// Why a text is not a readable SGF collection.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SgfError {
    /// The text breaks the format.
    #[error("line {line}: {what}")]
    Syntax {
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        what: String,
    },
    /// A game's content makes no sense for Gomoku.
    #[error("game {game}: {what}")]
    Game {
        /// The game's number in the file, from 1.
        game: usize,
        /// What is wrong.
        what: String,
    },
}

/// A property as read: its name, its values and the line it starts on.
struct Property {
    name: String,
    values: Vec<String>,
    line: usize,
}

/// Reads every game of an SGF collection, in order, with `default_rule` where a game names
/// none. A text with no game is an error too.
pub fn read_sgf(text: &str, default_rule: Rule) -> Result<Vec<SgfGame>, SgfError> {
    let mut games = Vec::new();
    for (i, nodes) in parse(text)?.into_iter().enumerate() {
        games.push(game_of(i + 1, nodes, default_rule)?);
    }
    if games.is_empty() {
        return Err(SgfError::Syntax {
            line: 1,
            what: "no game: an SGF game starts with '(;'".into(),
        });
    }
    Ok(games)
}

/// The main line of every game tree: its nodes, each a list of properties.
fn parse(text: &str) -> Result<Vec<Vec<Vec<Property>>>, SgfError> {
    let mut r = Reader {
        chars: text.chars().peekable(),
        line: 1,
    };
    let mut games = Vec::new();
    let mut game: Vec<Vec<Property>> = Vec::new();
    // Depth of parentheses. The main line is the first branch: once a variation has ended,
    // the ones after it are read (to find their end) but not kept, from depth `skipping`.
    let mut depth = 0usize;
    let mut branch_done = false;
    let mut skipping = None;
    while let Some(c) = r.next() {
        match c {
            c if c.is_whitespace() => {}
            '(' => {
                depth += 1;
                if depth > 1 && branch_done && skipping.is_none() {
                    skipping = Some(depth);
                }
            }
            ')' => {
                if depth == 0 {
                    return Err(r.error("')' with no '(' before it"));
                }
                if skipping == Some(depth) {
                    skipping = None;
                }
                depth -= 1;
                branch_done = true;
                if depth == 0 {
                    games.push(std::mem::take(&mut game));
                    branch_done = false;
                }
            }
            ';' if depth > 0 => {
                if skipping.is_none() {
                    if branch_done {
                        return Err(r.error("a node after a variation ended"));
                    }
                    game.push(Vec::new());
                }
            }
            c if c.is_ascii_uppercase() && depth > 0 => {
                let property = r.property(c)?;
                if skipping.is_none() {
                    let Some(node) = game.last_mut() else {
                        return Err(r.error("a property before the first ';'"));
                    };
                    node.push(property);
                }
            }
            // Text between games is allowed and ignored.
            _ if depth == 0 => {}
            c => return Err(r.error(&format!("unexpected '{c}'"))),
        }
    }
    if depth > 0 {
        return Err(r.error("the last game is not closed with ')'"));
    }
    Ok(games)
}

/// The text being read, and the line it is at.
struct Reader<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
}

impl Reader<'_> {
    fn next(&mut self) -> Option<char> {
        let c = self.chars.next();
        if c == Some('\n') {
            self.line += 1;
        }
        c
    }

    fn error(&self, what: &str) -> SgfError {
        SgfError::Syntax {
            line: self.line,
            what: what.into(),
        }
    }

    /// A property whose name starts with `first` (read already), with its values.
    fn property(&mut self, first: char) -> Result<Property, SgfError> {
        let line = self.line;
        let mut name = String::from(first);
        while let Some(c) = self.chars.next_if(char::is_ascii_uppercase) {
            name.push(c);
        }
        let mut values = Vec::new();
        loop {
            while self.chars.peek().is_some_and(|c| c.is_whitespace()) {
                self.next();
            }
            if self.chars.next_if_eq(&'[').is_none() {
                break;
            }
            values.push(self.value().ok_or_else(|| SgfError::Syntax {
                line,
                what: format!("the value of {name} is not closed with ']'"),
            })?);
        }
        if values.is_empty() {
            return Err(SgfError::Syntax {
                line,
                what: format!("{name} has no value"),
            });
        }
        Ok(Property { name, values, line })
    }

    /// A value after its '[', up to the ']' that closes it (`\` escapes the next
    /// character); `None` if none does.
    fn value(&mut self) -> Option<String> {
        let mut value = String::new();
        loop {
            match self.next()? {
                ']' => return Some(value),
                '\\' => value.push(self.next()?),
                c => value.push(c),
            }
        }
    }
}

/// The game `number` from its nodes.
fn game_of(
    number: usize,
    nodes: Vec<Vec<Property>>,
    default_rule: Rule,
) -> Result<SgfGame, SgfError> {
    let fail = |what: String| SgfError::Game { game: number, what };
    let mut size = 15u32;
    let mut rule = default_rule;
    let (mut black, mut white, mut result) = (None, None, None);
    let mut moves: Vec<(char, String, usize)> = Vec::new();
    let mut opening = 0;
    for node in nodes {
        let mut in_opening = false;
        for p in node {
            let value = p.values[0].trim().to_string();
            match p.name.as_str() {
                "GM" if value != "4" => {
                    return Err(fail(format!("GM[{value}] is not Gomoku (GM[4])")));
                }
                "SZ" => {
                    size = value
                        .parse()
                        .map_err(|_| fail(format!("SZ[{value}] is not a board size")))?;
                }
                "RU" => {
                    rule = match value.as_str() {
                        "0" | "1" | "4" | "5" | "8" | "9" => {
                            Rule::from_mask(value.parse().expect("a digit"))
                        }
                        _ => {
                            return Err(fail(format!(
                                "RU[{value}] is not a rule (0 freestyle, 1 exactly five, 4 renju, \
                                 8 caro, 9 caro with exactly five)"
                            )))
                        }
                    };
                }
                "PB" => black = Some(value),
                "PW" => white = Some(value),
                "RE" => result = Some(value),
                "B" | "W" => moves.push((p.name.as_bytes()[0] as char, value, p.line)),
                "C" => in_opening = value.contains("opening move"),
                _ => {}
            }
        }
        if in_opening && opening + 1 == moves.len() {
            opening += 1;
        }
    }
    let mut board = Board::new(size, rule).map_err(|e| fail(e.to_string()))?;
    for (i, (colour, value, line)) in moves.into_iter().enumerate() {
        let at = |what: String| fail(format!("move {} (line {line}): {what}", i + 1));
        let expected = if i % 2 == 0 { 'B' } else { 'W' };
        if colour != expected {
            return Err(at(format!("{colour} where {expected} was to move")));
        }
        let xy: Vec<u32> = value
            .bytes()
            .map(|b| u32::from(b.wrapping_sub(b'a')))
            .collect();
        let cell = match xy[..] {
            [x, y] => board.index(x, y),
            _ => None,
        }
        .ok_or_else(|| at(format!("{colour}[{value}] is not a point of the board")))?;
        board
            .try_play(cell)
            .map_err(|e: BoardError| at(e.to_string()))?;
    }
    Ok(SgfGame {
        board,
        black,
        white,
        result,
        opening,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game as c-gomoku-cli writes it: the moves land where the protocol's x,y put them.
    #[test]
    fn a_match_managers_game_is_read_move_by_move() {
        let text = "(;FF[4]GM[4]GN[1]EV[a x b]RU[0]SZ[15]PB[rapfi]PW[ab]RE[B+1]TE[five]\n\
                    ;B[hh]C[opening move];W[ii]C[opening move]\n;B[ih]C[12ms];W[gh]C[3\\]ms])\n\n\
                    (;FF[4]GM[4]RU[1]SZ[20];B[jj])";
        let games = read_sgf(text, Rule::Freestyle).unwrap();
        assert_eq!(games.len(), 2);
        let g = &games[0];
        assert_eq!(g.board.move_string(), "h8i7i8g8");
        assert_eq!(
            (g.black.as_deref(), g.white.as_deref(), g.result.as_deref()),
            (Some("rapfi"), Some("ab"), Some("B+1"))
        );
        assert_eq!(
            (games[1].board.size(), games[1].board.rule()),
            (20, Rule::Standard)
        );
        assert_eq!(games[1].board.move_string(), "j11");
        assert_eq!((games[0].opening, games[1].opening), (2, 0));
    }

    /// Broken text and games that make no sense are refused with where and why.
    #[test]
    fn what_cannot_be_read_is_named() {
        let bad = |text: &str| read_sgf(text, Rule::Freestyle).unwrap_err().to_string();
        assert_eq!(bad(""), "line 1: no game: an SGF game starts with '(;'");
        assert!(
            bad("(;GM[4];B[hh]").contains("not closed"),
            "{}",
            bad("(;GM[4];B[hh]")
        );
        assert!(bad("(;GM[4]\n;B[hh").starts_with("line 2:"));
        assert!(bad("(;GM[1];B[hh])").contains("not Gomoku"));
        assert!(bad("(;GM[4]SZ[99];B[hh])").starts_with("game 1:"));
        assert!(bad("(;GM[4];B[hh];B[ii])").contains("move 2"));
        assert!(bad("(;GM[4];B[hh];W[hh])").contains("move 2"));
        assert!(bad("(;GM[4];B[zz])").contains("not a point"));
        assert!(bad("(;GM[4];B[])").contains("not a point"));
        assert!(bad("(;GM[4]RU[2];B[hh])").contains("RU[2]"));
        assert!(bad("(;GM[4]))").contains("no '('"));
    }

    /// Any text, however mangled, is read or refused: never a panic. Random edits of a real
    /// game (bytes replaced, dropped, doubled), thousands of them.
    #[test]
    fn mangled_text_is_refused_not_a_panic() {
        let good = "(;FF[4]GM[4]RU[4]SZ[15]PB[a\\]b]PW[c]\n;B[hh]C[opening move];W[ii];B[ih](;W[gh])(;W[jh]))";
        assert!(read_sgf(good, Rule::Freestyle).is_ok());
        let alphabet = b"();[]\\BWCGMSZRU4015ahoz \n\xc3\xa9";
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for _ in 0..5000 {
            let mut bytes = good.as_bytes().to_vec();
            for _ in 0..1 + next(4) {
                let i = next(bytes.len());
                match next(3) {
                    0 => bytes[i] = alphabet[next(alphabet.len())],
                    1 => {
                        bytes.remove(i);
                    }
                    _ => bytes.insert(i, bytes[i]),
                }
            }
            let text = String::from_utf8_lossy(&bytes);
            let _ = read_sgf(&text, Rule::Freestyle);
        }
    }

    /// Variations past the main line are skipped.
    #[test]
    fn a_game_is_written_as_the_format_says() {
        let mut board = Board::new(15, Rule::Standard).unwrap();
        board.play_sequence("h8i9").unwrap();
        let cell = |name: &str| board.parse_cell(name).unwrap();
        let mut game = SgfGame::of(board.clone());
        game.black = Some("a]b\\c".into());
        let notes = [
            SgfNote::default(),
            SgfNote {
                comment: "?? [lost]".into(),
                instead: vec![cell("h9"), cell("h10")],
            },
        ];
        // h8 is x 7, y 7 from the top left; i9 x 8, y 6; the line instead of White's i9
        // (h9, then Black's h10) is the root's first move's second child.
        assert_eq!(
            game.to_sgf("review", &notes),
            "(;FF[4]GM[4]SZ[15]RU[1]PB[a\\]b\\\\c]C[review];B[hh](;W[ig]C[?? [lost\\]])(;W[hg];B[hf]))"
        );
        // A finished game has its result; a full board without five is a draw.
        board.play_sequence("h9i10h10i11h11i12h12").unwrap();
        assert_eq!(SgfGame::of(board).result.as_deref(), Some("B+1"));
    }

    /// Written and read back, random games keep their moves, size, rule, names, result and
    /// opening, whatever notes and lines they carry.
    #[test]
    fn written_games_read_back() {
        let mut rng = crate::test_util::xorshift(0x5eed);
        let mut next = |n: usize| (rng() >> 33) as usize % n;
        for round in 0..300 {
            let size = [7, 9, 15, 20][next(4)];
            let rule = Rule::ALL[next(5)];
            let mut board = Board::new(size, rule).unwrap();
            let moves = next(40);
            let mut notes = Vec::new();
            while board.history().len() < moves && board.winner().is_none() {
                let empty: Vec<u16> = board
                    .cells()
                    .filter(|&c| board.at(c) == crate::Cell::Empty)
                    .collect();
                let legal: Vec<u16> = empty
                    .into_iter()
                    .filter(|&c| board.forbidden(c).is_none())
                    .collect();
                if legal.is_empty() {
                    break;
                }
                let m = legal[next(legal.len())];
                let instead = if next(4) == 0 {
                    (0..1 + next(3)).map(|_| legal[next(legal.len())]).collect()
                } else {
                    Vec::new()
                };
                let comment = ["", "?!", "a ] b \\ c", "(;B[aa])"][next(4)].to_string();
                notes.push(SgfNote { comment, instead });
                board.place(m);
            }
            let mut game = SgfGame::of(board.clone());
            game.white = Some(format!("w]\\{round}"));
            game.opening = next(3).min(board.history().len());
            let text = game.to_sgf("a (review) ]", &notes);
            let back = read_sgf(&text, Rule::Freestyle)
                .unwrap_or_else(|e| panic!("{e}: {text}"))
                .swap_remove(0);
            assert_eq!(back.board.move_string(), board.move_string(), "{text}");
            assert_eq!((back.board.size(), back.board.rule()), (board.size(), rule));
            assert_eq!(
                (back.black, back.white),
                (None, game.white.clone()),
                "{text}"
            );
            assert_eq!(
                (back.result, back.opening),
                (game.result.clone(), game.opening)
            );
        }
    }

    #[test]
    fn only_the_main_line_counts() {
        let games = read_sgf("(;GM[4];B[hh](;W[ii];B[jj])(;W[aa]))", Rule::Freestyle).unwrap();
        assert_eq!(games[0].board.move_string(), "h8i7j6");
        // Brackets inside a skipped variation's values do not end it.
        let games = read_sgf(
            "(;GM[4];B[hh](;W[ii])(;W[aa]C[:)]))(;GM[4];B[jj])",
            Rule::Freestyle,
        )
        .unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[1].board.move_string(), "j6");
    }
}
