//! Puzzles: a position where the side to move wins by continuous fours (or threats: fours
//! and open threes), drawn from a seed (`GET /api/gomoku/puzzle`), played as a game of its
//! own; each move judged before it is played (`POST .../judge`: a four or a three that keeps
//! the win, one that lets it go, no threat, and the other side's answer), and the shortest
//! win from a game's position (`GET .../fours` or `.../threats`: the solution).

use std::sync::Arc;
use std::time::{Duration, Instant};

use alphabeta_gomoku::{judge, lengths, Board, Color, Judgement, Kind, Puzzle, PuzzleError, Rule};
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::error::PathText;
use crate::puzzle_ahead::Wish;
use crate::{ApiError, AppState};

/// The longest win by fours a puzzle drawn for the page may take: longer ones are rare
/// enough that drawing one may take many seconds (`gomoku puzzle` on the command line goes
/// to [`alphabeta_gomoku::MAX_PUZZLE_MOVES`]).
const LONGEST: u32 = 9;
/// The same by threats (the command line goes to [`alphabeta_gomoku::MAX_THREAT_MOVES`]).
const LONGEST_BY_THREATS: u32 = 5;

/// The longest a puzzle may take to draw (less if `--max-think` is less): most take well
/// under a second, a win of 8 or 9 moves up to several.
const DRAWING_TIME: Duration = Duration::from_secs(15);

/// `GET /api/gomoku/puzzle?size=15&rule=freestyle&moves=4-6&seed=17`: all optional.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleQuery {
    size: Option<u32>,
    rule: Option<String>,
    /// `fours` (the default) or `threats`.
    by: Option<String>,
    /// The win's length at the fewest, the five included: `5` or `4-7`.
    moves: Option<String>,
    seed: Option<u64>,
    /// The side that wins: `black` or `white`; either if left out.
    side: Option<String>,
}

/// A puzzle, without its solution (the page asks for that separately, when asked to).
#[derive(Serialize)]
pub struct PuzzleReply {
    seed: u64,
    /// Whether the server had drawn it before it was asked (for a request without a seed).
    drawn_ahead: bool,
    by: &'static str,
    size: u32,
    rule: &'static str,
    /// The position, as a new game takes it.
    moves: String,
    to_move: &'static str,
    moves_to_win: u32,
    /// What it asks, in words.
    task: String,
}

pub async fn puzzle(
    State(app): State<Arc<AppState>>,
    query: Result<Query<PuzzleQuery>, QueryRejection>,
) -> Result<Json<PuzzleReply>, ApiError> {
    let Query(q) = query.map_err(|e| ApiError::bad(e.body_text()))?;
    let name = q.rule.as_deref().unwrap_or("freestyle");
    let Some(rule) = Rule::from_name(name) else {
        return Err(ApiError::bad(format!(
            "rule must be freestyle, standard or renju, not '{name}'"
        )));
    };
    let kind = kind_of(q.by.as_deref())?;
    let (default, longest) = match kind {
        Kind::Fours => ("4-6", LONGEST),
        Kind::Threats => ("3-4", LONGEST_BY_THREATS),
    };
    let allowed = *kind.lengths().start()..=longest;
    let moves = lengths(q.moves.as_deref().unwrap_or(default), allowed).map_err(ApiError::bad)?;
    let size = q.size.unwrap_or(15);
    let mut board = Board::new(size, rule).map_err(|e| ApiError::bad(e.to_string()))?;
    let winner = match q.side.as_deref() {
        None | Some("either") => None,
        Some("black") => Some(Color::Black),
        Some("white") => Some(Color::White),
        Some(other) => {
            return Err(ApiError::bad(format!(
                "side must be black, white or either, not '{other}'"
            )))
        }
    };
    let wish = Wish {
        size,
        rule,
        kind,
        lengths: (*moves.start(), *moves.end()),
        winner,
    };
    let (drawn, drawn_ahead) = match q.seed {
        Some(seed) => (draw(&app, wish, seed).await?.map_err(unprocessable)?, false),
        None => {
            let kept = app.ahead.take(&wish);
            let drawn_ahead = kept.is_some();
            let drawn = match kept {
                Some(p) => Ok(p),
                None => draw(&app, wish, Puzzle::fresh_seed()).await?,
            };
            // The next one for these settings, unless none arose in all the games played.
            let next =
                matches!(drawn, Ok(_) | Err(PuzzleError::TimedOut(..))) && draw_ahead(&app, wish);
            let drawn = drawn.map_err(|e| match e {
                PuzzleError::TimedOut(..) if next => ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    format!("{e}, or ask again soon: the server goes on drawing one"),
                ),
                e => unprocessable(e),
            })?;
            (drawn, drawn_ahead)
        }
    };
    for &m in &drawn.moves {
        board.place(m);
    }
    Ok(Json(PuzzleReply {
        seed: drawn.seed,
        drawn_ahead,
        by: kind.name(),
        size,
        rule: rule.name(),
        moves: board.move_string(),
        to_move: drawn.to_move.name(),
        moves_to_win: drawn.length,
        task: drawn.task(),
    }))
}

/// The puzzle of `seed` for `wish` or why none came, drawn as one of the puzzle tasks (503
/// if none is free).
async fn draw(
    app: &AppState,
    wish: Wish,
    seed: u64,
) -> Result<Result<Puzzle, PuzzleError>, ApiError> {
    let deadline = Instant::now() + app.limits.max_think.min(DRAWING_TIME);
    blocking(app, move || wish.draw(seed, deadline)).await
}

/// Why no puzzle came, as a 422.
fn unprocessable(e: PuzzleError) -> ApiError {
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e.to_string())
}

/// Draws a puzzle for `wish` in the background, from a fresh seed, and keeps it for the next
/// request without a seed; unless one is kept or being drawn already, or fewer than two
/// puzzle tasks are free: one always stays free for the players' own requests. Whether
/// one is kept or being drawn now.
fn draw_ahead(app: &Arc<AppState>, wish: Wish) -> bool {
    let Ok(permit) = app.puzzles.clone().try_acquire_owned() else {
        return false;
    };
    if app.puzzles.available_permits() == 0 {
        return false;
    }
    if !app.ahead.start(wish) {
        // Being drawn, or kept already.
        return true;
    }
    let app = Arc::clone(app);
    let deadline = Instant::now() + app.limits.max_think.min(DRAWING_TIME);
    tokio::task::spawn_blocking(move || {
        // A drawing that panicked (none should) must end too, or these settings would
        // count as being drawn for good.
        let draw = || wish.draw(Puzzle::fresh_seed(), deadline);
        let drawn = std::panic::catch_unwind(draw).ok().and_then(Result::ok);
        app.ahead.finish(wish, drawn);
        drop(permit);
    });
    true
}

/// `fours` or `threats` (fours if left out), else a 400 that says so.
fn kind_of(name: Option<&str>) -> Result<Kind, ApiError> {
    let name = name.unwrap_or("fours");
    Kind::from_name(name)
        .ok_or_else(|| ApiError::bad(format!("by must be fours or threats, not '{name}'")))
}

/// `POST /api/gomoku/games/{id}/judge`: `{"move": "h8", "by": "threats"}` (`by` fours if
/// left out).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JudgeMove {
    #[serde(rename = "move")]
    cell: String,
    by: Option<String>,
}

/// `POST /api/gomoku/games/{id}/judge`: a move judged as a puzzle's move in the game's
/// position, not played: `verdict` (`five`, `four`, `threat`, `lets_go`, `ignores`,
/// `not_four`, `not_threat`), `reply` (the other side's answer: the block a four forces, the
/// most stubborn defence against a three, the answer after which no win is left), the moves
/// left, whether the move `counts` in the puzzle's length (by threats a block of a four does
/// not), and
/// the verdict in words.
pub async fn judge_move(
    State(app): State<Arc<AppState>>,
    PathText(id): PathText,
    body: Result<Json<JudgeMove>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let Json(req) = body?;
    let kind = kind_of(req.by.as_deref())?;
    let mut board = app.games.board(&id)?;
    let cell = board
        .parse_cell(&req.cell)
        .map_err(|e| ApiError::bad(e.to_string()))?;
    let (board, j) = blocking(&app, move || {
        let j = judge(&mut board, cell, kind);
        (board, j)
    })
    .await?;
    let j = j.map_err(|e| ApiError::new(StatusCode::CONFLICT, e.to_string()))?;
    let words = j.words(&board, cell);
    let name = |c: &u16| board.name(*c);
    let counts = kind.counts(&board);
    let mut verdict = match &j {
        Judgement::Five => json!({"verdict": "five", "text": words}),
        Judgement::Four { block, left } => json!({
            "verdict": "four", "block": name(block), "reply": name(block), "left": left,
            "text": words,
        }),
        // The block is a foul for Black: it plays elsewhere, and the five follows.
        Judgement::Unblockable { block, reply } => json!({
            "verdict": "four", "block": null, "forbidden_block": name(block),
            "reply": name(reply), "left": 1, "text": words,
        }),
        Judgement::Threat { reply, left } => json!({
            "verdict": "threat", "reply": name(reply), "left": left, "text": words,
        }),
        Judgement::LetsGo { block } => json!({
            "verdict": "lets_go", "block": name(block), "reply": name(block), "text": words,
        }),
        Judgement::Refuted { reply, proven } => json!({
            "verdict": "lets_go", "reply": name(reply), "proven": proven, "text": words,
        }),
        Judgement::Ignores { five } => {
            json!({"verdict": "ignores", "five": name(five), "text": words})
        }
        Judgement::NotFour => json!({"verdict": "not_four", "text": words}),
        Judgement::NotThreat => json!({"verdict": "not_threat", "text": words}),
    };
    verdict["counts"] = counts.into();
    Ok(Json(verdict))
}

/// `GET /api/gomoku/games/{id}/fours`: the side to move's shortest win by fours from the
/// game's position (a puzzle's solution): `wins`, `moves_to_win` and `line`, the defender's
/// blocks between.
pub async fn fours(
    State(app): State<Arc<AppState>>,
    PathText(id): PathText,
) -> Result<Json<Value>, ApiError> {
    solution(&app, &id, Kind::Fours).await
}

/// `GET /api/gomoku/games/{id}/threats`: the same by threats (fours and open threes), one
/// of the defences against each three in the line.
pub async fn threats(
    State(app): State<Arc<AppState>>,
    PathText(id): PathText,
) -> Result<Json<Value>, ApiError> {
    solution(&app, &id, Kind::Threats).await
}

/// The side to move's shortest win of `kind` from game `id`'s position.
async fn solution(app: &AppState, id: &str, kind: Kind) -> Result<Json<Value>, ApiError> {
    let mut board = app.games.board(id)?;
    let (board, win) = blocking(app, move || {
        let win = kind.shortest_win(&mut board, *kind.lengths().end());
        (board, win)
    })
    .await?;
    Ok(Json(match win {
        Some((n, line)) => json!({"wins": true, "moves_to_win": n, "line": board.names(&line)}),
        None => json!({"wins": false, "moves_to_win": null, "line": []}),
    }))
}

/// Runs `f` off the async threads, as one of at most `--max-searches` puzzle tasks at once
/// (else 503): drawing a puzzle plays many games, and a proof by fours may take a moment.
/// The task holds its place until it ends, also when its client has left.
async fn blocking<T: Send + 'static>(
    app: &AppState,
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    let Ok(permit) = app.puzzles.clone().try_acquire_owned() else {
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is busy with other puzzles; try again in a few seconds",
        ));
    };
    tokio::task::spawn_blocking(move || {
        let done = f();
        drop(permit);
        done
    })
    .await
    .map_err(|_| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the puzzle task failed"))
}
