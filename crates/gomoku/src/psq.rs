//! Piskvork's game records (`.psq`), the form the Gomocup publishes its tournament games
//! in: a header `Piskvorky 20x20, 11:11, 0` (the board's width and height, the players'
//! levels, and which player moved first), a line `x,y,ms` per move (from 1, `x` the column
//! and `y` the row from the top, as in the protocol but one more; the milliseconds taken),
//! then the two brains' names when a tournament wrote the file, then a last number (an
//! error code). The rule is not in the file.

use crate::{Board, Rule, SgfGame};

/// Why a text is not a Piskvork game record.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("line {line}: {what}")]
pub struct PsqError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub what: String,
}

/// Reads the game of a Piskvork record, under `rule` (a record does not say): its moves
/// from the first (Black's), and the players' names if the file has them. The record keeps
/// no result (the board shows a five) and marks no opening.
pub fn read_psq(text: &str, rule: Rule) -> Result<SgfGame, PsqError> {
    let fail = |line: usize, what: String| PsqError { line, what };
    let mut lines = text.trim_start_matches('\u{feff}').lines().enumerate();
    let header = lines.next().map_or("", |(_, l)| l.trim());
    let (size, first) = header_of(header).ok_or_else(|| {
        let quoted: String = header.chars().take(40).collect();
        fail(
            1,
            format!("not a Piskvork record: it begins 'Piskvorky 15x15, 0:0, 0', not '{quoted}'"),
        )
    })?;
    let mut board = Board::new(size, rule).map_err(|e| fail(1, e.to_string()))?;
    let mut rest: Vec<&str> = Vec::new();
    for (i, line) in lines {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let numbers: Option<Vec<i64>> = line.split(',').map(|v| v.trim().parse().ok()).collect();
        let (x, y) = match numbers.as_deref() {
            Some([x, y] | [x, y, _]) if rest.is_empty() => (*x, *y),
            // A move after the names: a line in the moves was spoilt.
            Some([_, _] | [_, _, _]) => {
                let quoted: String = rest[0].chars().take(40).collect();
                return Err(fail(i + 1, format!("a move after '{quoted}', not a move")));
            }
            // The end of the moves: the names, or the last number.
            _ => {
                rest.push(line);
                continue;
            }
        };
        let cell = u32::try_from(x - 1)
            .ok()
            .zip(u32::try_from(y - 1).ok())
            .and_then(|(x, y)| board.index(x, y))
            .ok_or_else(|| fail(i + 1, format!("{x},{y} is off the {size}x{size} board")))?;
        board
            .try_play(cell)
            .map_err(|e| fail(i + 1, format!("move {}: {e}", board.history().len() + 1)))?;
    }
    // A tournament's record names the players in order, then the code; the first
    // player is Black unless the header says the second moved first.
    let (black, white) = match rest[..] {
        [a, b, _, ..] => {
            let (a, b) = (Some(a.to_string()), Some(b.to_string()));
            if first == 0 {
                (a, b)
            } else {
                (b, a)
            }
        }
        _ => (None, None),
    };
    Ok(SgfGame {
        board,
        black,
        white,
        result: None,
        opening: 0,
    })
}

/// The game as Piskvork writes a tournament's record (its `savePsq`): the header (levels
/// 11:11, two brains; the first player named, Black, moved first), a line `x,y,ms` per move
/// from 1 with `milliseconds[k]` the time move k took (0 where none is given), the names when
/// the game has both, then `code`: 0 a game played out, 15 a loss on time, -2 another error
/// (Piskvork's codes).
pub fn write_psq(game: &SgfGame, milliseconds: &[u64], code: i32) -> String {
    let b = &game.board;
    let mut out = format!("Piskvorky {0}x{0}, 11:11, 0\n", b.size());
    for (k, &cell) in b.history().iter().enumerate() {
        let (x, y) = b.xy(cell);
        let ms = milliseconds.get(k).copied().unwrap_or(0);
        out += &format!("{},{},{ms}\n", x + 1, y + 1);
    }
    if let (Some(black), Some(white)) = (&game.black, &game.white) {
        out += &format!("{black}\n{white}\n");
    }
    out += &format!("{code}\n");
    out
}

/// The board size and the player who moved first (0 or 1) from a header
/// `Piskvorky WxH, a:b, f`; `None` unless it is one, or the board is not square.
fn header_of(header: &str) -> Option<(u32, u32)> {
    let mut fields = header.strip_prefix("Piskvorky ")?.split(',').map(str::trim);
    let (w, h) = fields.next()?.split_once('x')?;
    let (w, h): (u32, u32) = (w.parse().ok()?, h.parse().ok()?);
    let _levels = fields.next()?;
    let first = fields.next().map_or(Some(0), |f| f.parse().ok())?;
    (w == h && first <= 1).then_some((w, first))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record as the Gomocup's manager writes one: a header, moves with their times, the
    /// brains' names, the code.
    #[test]
    fn a_tournament_record_is_read_move_by_move() {
        let text = "Piskvorky 20x20, 11:11, 1\r\n10,10,1234\r\n11,11,987\r\n10,11,5\r\n\
                    pbrain-one.exe\r\npbrain-two.exe\r\n-1\r\n";
        let g = read_psq(text, Rule::Freestyle).unwrap();
        assert_eq!(g.board.size(), 20);
        // From 1 in the file, from 0 in the protocol: 10,10 is the protocol's 9,9, which
        // on a 20x20 board is column j (the tenth letter) and row 20 - 9 = 11.
        let xy: Vec<(u32, u32)> = g.board.history().iter().map(|&c| g.board.xy(c)).collect();
        assert_eq!(xy, [(9, 9), (10, 10), (9, 10)]);
        assert_eq!(g.board.name(g.board.history()[0]), "j11");
        // The header's 1: the second player named moved first, so is Black.
        assert_eq!(g.black.as_deref(), Some("pbrain-two.exe"));
        assert_eq!(g.white.as_deref(), Some("pbrain-one.exe"));
        assert_eq!(g.opening, 0);
    }

    /// Written as Piskvork writes it (the form the test above reads), and read back: the
    /// same moves, size and players.
    #[test]
    fn a_record_written_reads_back() {
        let mut board = Board::new(20, Rule::Freestyle).unwrap();
        board.play_sequence("j11k10j10").unwrap();
        let mut game = SgfGame::of(board);
        let text = write_psq(&game, &[1234, 987], 0);
        assert_eq!(
            text,
            "Piskvorky 20x20, 11:11, 0\n10,10,1234\n11,11,987\n10,11,0\n0\n"
        );
        game.black = Some("one".into());
        game.white = Some("two".into());
        let back = read_psq(&write_psq(&game, &[], 15), Rule::Freestyle).unwrap();
        assert_eq!(back.board.move_string(), "j11k10j10");
        assert_eq!((back.black, back.white), (game.black, game.white));
    }

    #[test]
    fn a_record_from_a_game_by_hand_has_no_names() {
        let g = read_psq(
            "Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9,0\n-1\n",
            Rule::Standard,
        )
        .unwrap();
        assert_eq!(g.board.move_string(), "h8i7");
        assert_eq!((g.black, g.white), (None, None));
        let g = read_psq("Piskvorky 15x15, 0:0, 0\n", Rule::Freestyle).unwrap();
        assert!(g.board.history().is_empty());
    }

    #[test]
    fn a_bad_record_names_its_line() {
        let cases = [
            ("", 1, "not a Piskvork record"),
            ("(;GM[4]SZ[15];B[hh])", 1, "not a Piskvork record"),
            ("Piskvorky 20x15, 0:0, 0\n", 1, "not a Piskvork record"),
            ("Piskvorky 30x30, 0:0, 0\n", 1, "board size"),
            (
                "Piskvorky 15x15, 0:0, 0\n8,8,0\n16,1,0\n",
                3,
                "off the 15x15 board",
            ),
            (
                "Piskvorky 15x15, 0:0, 0\n8,8,0\n0,1,0\n",
                3,
                "off the 15x15 board",
            ),
            (
                "Piskvorky 15x15, 0:0, 0\n8,8,0\n\n8,8,0\n",
                4,
                "move 2: h8 is already taken",
            ),
            (
                "Piskvorky 15x15, 0:0, 0\n8,8,0\n9;9,0\n10,10,0\n",
                4,
                "after '9;9,0'",
            ),
        ];
        for (text, line, what) in cases {
            let e = read_psq(text, Rule::Freestyle).unwrap_err();
            assert_eq!(e.line, line, "{text:?}: {e}");
            assert!(e.what.contains(what), "{text:?}: {e}");
        }
        // A move after a five.
        let five = "Piskvorky 15x15, 0:0, 0\n1,1\n1,2\n2,1\n2,2\n3,1\n3,2\n4,1\n4,2\n5,1\n5,2\n";
        let e = read_psq(five, Rule::Freestyle).unwrap_err();
        assert_eq!(e.line, 11, "{e}");
        assert!(e.what.contains("over"), "{e}");
    }
}
