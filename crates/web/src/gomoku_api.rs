//! Gomoku games kept by the server: create, show, play, undo, delete, the engine's move
//! streamed as server-sent events (`iteration` per completed depth, then `done`; `error` if
//! the engine failed), a hint (the best moves for the side to move, not played), and a review
//! of the game's moves, streamed too (`progress` per position, then `done`).
//!
//! A game belongs to nobody in particular: whoever knows its id may play in it. While the
//! engine thinks about a game, that game refuses moves and undos (409).

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use alphabeta::{mix64, StopHandle};
use alphabeta_gomoku::{
    black_chance_at, read_psq, read_sgf, review_sgf, Board, Caps, Cell, Color, Engine,
    IterationReport, Level, Limit, LineReport, MoveReport, MoveReview, Rule, SgfGame, Spoken,
    Summary,
};
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::http::{header, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::IntoResponse;
use axum::Json;
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc::Sender;
use tokio_stream::{wrappers::ReceiverStream, Stream, StreamExt};

use crate::error::PathText;
use crate::{ApiError, AppState, Limits};

/// One game in memory.
struct Slot {
    board: Board,
    touched: Instant,
    thinking: bool,
    /// The last review, with the moves it reviewed: the game's SGF carries it while the game
    /// is still those moves.
    review: Option<(Vec<u16>, Vec<MoveReview>)>,
}

/// The games and the engines.
pub struct Games {
    slots: Mutex<HashMap<String, Slot>>,
    /// Idle engines; a search takes one and gives it back.
    engines: Mutex<Vec<Engine>>,
    created: std::sync::atomic::AtomicU64,
    seed: u64,
    max_games: usize,
    idle: Duration,
}

impl Games {
    pub fn new(limits: &Limits) -> Games {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        Games {
            slots: Mutex::new(HashMap::new()),
            engines: Mutex::new(
                (0..limits.max_searches)
                    .map(|_| fresh_engine(limits))
                    .collect(),
            ),
            created: Default::default(),
            seed,
            max_games: limits.max_games,
            idle: limits.game_idle,
        }
    }

    /// The games, even if a thread panicked while holding the lock (the data stays usable).
    fn slots(&self) -> MutexGuard<'_, HashMap<String, Slot>> {
        self.slots.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn engines(&self) -> MutexGuard<'_, Vec<Engine>> {
        self.engines.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A fresh, hard-to-guess id.
    fn new_id(&self) -> String {
        let n = self
            .created
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        format!("{:016x}", mix64(self.seed ^ mix64(n)))
    }

    /// Runs `f` on a game, marking it used; 404 when there is no such game.
    fn with<T>(
        &self,
        id: &str,
        f: impl FnOnce(&mut Slot) -> Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        let mut slots = self.slots();
        let slot = slots.get_mut(id).ok_or_else(|| no_game(id))?;
        slot.touched = Instant::now();
        f(slot)
    }
}

impl Games {
    /// A copy of a game's board, to work on outside the lock.
    pub(crate) fn board(&self, id: &str) -> Result<Board, ApiError> {
        self.with(id, |s| Ok(s.board.clone()))
    }
}

fn no_game(id: &str) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        format!("no game '{id}' (games are forgotten after an idle time; start a new one)"),
    )
}

fn busy(what: &str) -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        format!("the engine is thinking about this game; {what} when it has moved"),
    )
}

/// A game as the API shows it.
#[derive(Serialize)]
pub struct GameState {
    id: String,
    size: u8,
    rule: &'static str,
    /// Every move so far, `h8` style.
    moves: Vec<String>,
    /// The same as one string, to copy and paste.
    move_string: String,
    /// `black` or `white` (`null` once the game is over).
    to_move: Option<&'static str>,
    /// `black`, `white`, `draw` or `null` while it goes on.
    result: Option<&'static str>,
    /// The five (or more) that won.
    winning_line: Vec<String>,
    /// Is the engine thinking about it now?
    thinking: bool,
    /// Under renju with Black to move, the cells Black may not play and why.
    forbidden: Vec<ForbiddenCell>,
}

/// A cell renju forbids Black, and the foul it would be.
#[derive(Serialize)]
pub struct ForbiddenCell {
    cell: String,
    /// `an overline`, `a double four` or `a double three`.
    foul: String,
}

/// The cells the side to move may not play (Black's fouls under renju; none otherwise).
fn forbidden_cells(b: &Board) -> Vec<ForbiddenCell> {
    if b.winner().is_some() {
        return Vec::new();
    }
    b.cells()
        .filter(|&c| b.at(c) == Cell::Empty)
        .filter_map(|c| {
            b.forbidden(c).map(|f| ForbiddenCell {
                cell: b.name(c),
                foul: f.to_string(),
            })
        })
        .collect()
}

fn state_of(id: &str, slot: &Slot) -> GameState {
    let b = &slot.board;
    let result = b.result();
    GameState {
        id: id.to_string(),
        size: b.size(),
        rule: b.rule().name(),
        moves: b.names(b.history()),
        move_string: b.move_string(),
        to_move: result.is_none().then(|| b.to_move().name()),
        result,
        winning_line: b
            .winning_line()
            .unwrap_or_default()
            .into_iter()
            .map(|c| b.name(c))
            .collect(),
        thinking: slot.thinking,
        forbidden: forbidden_cells(b),
    }
}

/// `POST /api/gomoku/games`: all fields optional.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    size: Option<u32>,
    rule: Option<String>,
    /// Moves to start from: `h8i9h9` or `7,7 8,8`.
    moves: Option<String>,
    /// Or a game in SGF (the first of the text), with its own size and rule.
    sgf: Option<String>,
    /// Or a Piskvork record (`.psq`, the Gomocup's games), with its own size (the rule is
    /// `rule`: the record does not say).
    psq: Option<String>,
}

pub async fn create(
    State(app): State<Arc<AppState>>,
    body: Result<Json<NewGame>, JsonRejection>,
) -> Result<(StatusCode, Json<GameState>), ApiError> {
    let Json(req) = body?;
    let name = req.rule.as_deref().unwrap_or("freestyle");
    let Some(rule) = Rule::from_name(name) else {
        return Err(ApiError::bad(format!(
            "rule must be freestyle, standard, renju, caro or standard-caro, not '{name}'"
        )));
    };
    let unreadable = |what: String| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, what);
    let given = [req.moves.is_some(), req.sgf.is_some(), req.psq.is_some()];
    if given.iter().filter(|&&g| g).count() > 1 {
        return Err(ApiError::bad("give only one of moves, sgf and psq"));
    }
    let board = match (&req.moves, &req.sgf, &req.psq) {
        (_, Some(text), _) => {
            let mut games =
                read_sgf(text, rule).map_err(|e| unreadable(format!("in the SGF: {e}")))?;
            games.swap_remove(0).board
        }
        (_, _, Some(text)) => {
            read_psq(text, rule)
                .map_err(|e| unreadable(format!("in the Piskvork record: {e}")))?
                .board
        }
        (moves, None, None) => {
            let mut board = Board::new(req.size.unwrap_or(15), rule)
                .map_err(|e| ApiError::bad(e.to_string()))?;
            if let Some(moves) = moves {
                board
                    .play_sequence(moves)
                    .map_err(|e| unreadable(format!("in the moves: {e}")))?;
            }
            board
        }
    };
    let games = &app.games;
    let mut slots = games.slots();
    let now = Instant::now();
    slots.retain(|_, s| s.thinking || now.duration_since(s.touched) < games.idle);
    if slots.len() >= games.max_games {
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the server keeps at most {} games at once; try again later",
                games.max_games
            ),
        ));
    }
    let id = games.new_id();
    let slot = Slot {
        board,
        touched: now,
        thinking: false,
        review: None,
    };
    let state = state_of(&id, &slot);
    slots.insert(id, slot);
    Ok((StatusCode::CREATED, Json(state)))
}

pub async fn show(
    State(app): State<Arc<AppState>>,
    PathText(id): PathText,
) -> Result<Json<GameState>, ApiError> {
    app.games.with(&id, |s| Ok(Json(state_of(&id, s))))
}

/// `GET /api/gomoku/games/{id}/sgf`: the game as SGF, to save (`game.sgf`) and open in
/// other programs, or paste back; with its review's comments and lines if it was reviewed as
/// it is now.
pub async fn sgf(
    State(app): State<Arc<AppState>>,
    PathText(id): PathText,
) -> Result<impl IntoResponse, ApiError> {
    let text = app.games.with(&id, |s| {
        let game = SgfGame::of(s.board.clone());
        Ok(match &s.review {
            Some((moves, reviews)) if moves[..] == s.board.history()[..] => {
                review_sgf(&game, 0, reviews)
            }
            _ => game.to_sgf("", &[]),
        })
    })?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/x-go-sgf; charset=utf-8"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"game.sgf\"",
            ),
        ],
        text + "\n",
    ))
}

pub async fn delete(
    State(app): State<Arc<AppState>>,
    PathText(id): PathText,
) -> Result<StatusCode, ApiError> {
    let mut slots = app.games.slots();
    match slots.get(&id) {
        None => Err(no_game(&id)),
        Some(s) if s.thinking => Err(busy("delete it")),
        Some(_) => {
            slots.remove(&id);
            Ok(StatusCode::NO_CONTENT)
        }
    }
}

/// `POST /api/gomoku/games/{id}/moves`: `{"move": "h8"}` (or `"7,7"`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayMove {
    #[serde(rename = "move")]
    pub(crate) cell: String,
}

pub async fn play(
    State(app): State<Arc<AppState>>,
    PathText(id): PathText,
    body: Result<Json<PlayMove>, JsonRejection>,
) -> Result<Json<GameState>, ApiError> {
    let Json(req) = body?;
    app.games.with(&id, |s| {
        if s.thinking {
            return Err(busy("play"));
        }
        let cell = s
            .board
            .parse_cell(&req.cell)
            .map_err(|e| ApiError::bad(e.to_string()))?;
        s.board
            .try_play(cell)
            .map_err(|e| ApiError::new(StatusCode::CONFLICT, e.to_string()))?;
        Ok(Json(state_of(&id, s)))
    })
}

/// `POST /api/gomoku/games/{id}/undo`: `{"count": 2}` takes back two moves (default 1).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Undo {
    count: Option<u32>,
}

pub async fn undo(
    State(app): State<Arc<AppState>>,
    PathText(id): PathText,
    body: Result<Option<Json<Undo>>, JsonRejection>,
) -> Result<Json<GameState>, ApiError> {
    // No body is one move back; a body that is not the JSON above is refused as JSON, like
    // every other error.
    let count = body?.and_then(|Json(u)| u.count).unwrap_or(1);
    app.games.with(&id, |s| {
        if s.thinking {
            return Err(busy("undo"));
        }
        if count as usize > s.board.history().len() {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                format!(
                    "cannot take back {count} moves: only {} played",
                    s.board.history().len()
                ),
            ));
        }
        for _ in 0..count {
            s.board.remove_last();
        }
        Ok(Json(state_of(&id, s)))
    })
}

/// Whether a claimed game must still be in play (a move or a hint), or may be over (a review).
#[derive(Copy, Clone, PartialEq, Eq)]
enum Needs {
    Play,
    Moves,
}

/// Claims the game (it refuses moves until [`stream_engine`] frees it with its last event)
/// and an idle engine: the position to search and the engine to search it. The game is given
/// back at once if no engine is free.
fn claim(app: &AppState, id: &str, needs: Needs) -> Result<(Board, Engine), ApiError> {
    let board = app.games.with(id, |s| {
        if s.thinking {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "the engine is already thinking about this game",
            ));
        }
        let over = s.board.winner().is_some() || s.board.is_full();
        if needs == Needs::Play && over {
            return Err(ApiError::new(StatusCode::CONFLICT, "the game is over"));
        }
        if needs == Needs::Moves && s.board.history().is_empty() {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "the game has no moves to review",
            ));
        }
        s.thinking = true;
        Ok(s.board.clone())
    })?;
    let Some(engine) = app.games.engines().pop() else {
        release(app, id);
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "all {} engines are thinking; try again in a few seconds",
                app.limits.max_searches
            ),
        ));
    };
    Ok((board, engine))
}

/// Gives a claimed game back (if it still exists).
fn release(app: &AppState, id: &str) {
    let _ = app.games.with(id, |s| {
        s.thinking = false;
        Ok(())
    });
}

/// An engine as the limits set it up: its table's size, its threads.
fn fresh_engine(limits: &Limits) -> Engine {
    let mut engine = Engine::new(limits.engine_megabytes);
    engine.set_threads(limits.engine_threads);
    engine
}

/// Runs `search` with a claimed engine and puts the engine back in the pool; `None` if the
/// engine panicked, in which case a fresh one takes its place, so a bug in the engine never
/// loses an engine for good.
fn search_and_return<T>(
    app: &AppState,
    mut engine: Engine,
    search: impl FnOnce(&mut Engine) -> T,
) -> Option<T> {
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| search(&mut engine)));
    let back = if result.is_ok() {
        // Full strength again for whichever request takes it next.
        engine.set_level(None, 0);
        engine
    } else {
        fresh_engine(&app.limits)
    };
    app.games.engines().push(back);
    result.ok()
}

/// Checks the seconds a request may think.
fn think_seconds(app: &AppState, seconds: f64) -> Result<f64, ApiError> {
    let max = app.limits.max_think.as_secs_f64();
    if seconds.is_finite() && (0.05..=max).contains(&seconds) {
        Ok(seconds)
    } else {
        Err(ApiError::bad(format!(
            "time must be 0.05 to {max} seconds, not {seconds:?}"
        )))
    }
}

/// `GET /api/gomoku/games/{id}/hint?time=1&lines=3` (both optional): the best moves for the
/// side to move, found in about `time` seconds and not played.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Hint {
    time: Option<f64>,
    lines: Option<u32>,
}

/// A completed depth of the hint's search: its lines by falling score.
#[derive(Serialize)]
struct HintIteration {
    depth: u32,
    lines: Vec<LineReport>,
}

/// The hint: the best moves by falling score.
#[derive(Serialize)]
struct HintReply {
    lines: Vec<LineReport>,
    milliseconds: u64,
}

/// Streams a hint: `iteration` per completed depth with its lines, then `done` with the best
/// moves (a proven win by fours first, if there is one).
pub async fn hint(
    State(app): State<Arc<AppState>>,
    PathText(id): PathText,
    query: Result<Query<Hint>, QueryRejection>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let Query(req) = query.map_err(|e| ApiError::bad(e.body_text()))?;
    let seconds = think_seconds(&app, req.time.unwrap_or(1.0))?;
    let wanted = req.lines.unwrap_or(3);
    if !(1..=5).contains(&wanted) {
        return Err(ApiError::bad(format!("lines must be 1 to 5, not {wanted}")));
    }
    let start = Instant::now();
    stream_engine(
        app,
        id,
        Needs::Play,
        move |board, engine, tx| {
            let shown = board.clone();
            let limit = Limit::Exactly(Duration::from_secs_f64(seconds));
            engine.think_lines(board, limit, wanted as usize, |it| {
                let lines = it
                    .lines
                    .iter()
                    .filter_map(|l| LineReport::of_root(&shown, l));
                let e = HintIteration {
                    depth: it.depth,
                    lines: lines.collect(),
                };
                let _ = tx.blocking_send(json_event("iteration", &e));
            })
        },
        move |_, board, thoughts| {
            let lines = thoughts
                .iter()
                .filter_map(|t| LineReport::of(board, t))
                .collect();
            let reply = HintReply {
                lines,
                milliseconds: start.elapsed().as_millis() as u64,
            };
            json_event("done", &reply)
        },
    )
}

/// `GET /api/gomoku/games/{id}/review?time=0.3&depth=8` (both optional): seconds of search
/// for each position of the game, the whole review within the server's thinking limit; and a
/// depth no search goes past (reached within the time, the same review on any machine).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Review {
    time: Option<f64>,
    depth: Option<u32>,
}

/// How far a review has come: `searched` of `positions` positions.
#[derive(Serialize)]
struct ReviewProgress {
    searched: usize,
    positions: usize,
}

/// The review: every move's value against the best, and each player's sum.
#[derive(Serialize)]
pub struct ReviewReply {
    moves: Vec<MoveReport>,
    black: Summary,
    white: Summary,
    /// The search time each position had.
    seconds_per_position: f64,
    milliseconds: u64,
}

/// Streams a review: `progress` before each position's search, then `done` with the review.
pub async fn review(
    State(app): State<Arc<AppState>>,
    PathText(id): PathText,
    query: Result<Query<Review>, QueryRejection>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let Query(req) = query.map_err(|e| ApiError::bad(e.body_text()))?;
    let asked = think_seconds(&app, req.time.unwrap_or(0.3))?;
    if let Some(d) = req.depth.filter(|d| !(1..=64).contains(d)) {
        return Err(ApiError::bad(format!("depth must be 1 to 64, not {d}")));
    }
    let max_think = app.limits.max_think.as_secs_f64();
    let start = Instant::now();
    stream_engine(
        app,
        id,
        Needs::Moves,
        move |game, engine, tx| {
            // Every position once, the last too: the whole within the thinking limit.
            let positions = game.history().len() as f64 + 1.0;
            let seconds = asked.min(max_think / positions);
            let limit = Limit::Exactly(Duration::from_secs_f64(seconds));
            let (caps, threads) = (engine.caps(), engine.threads());
            engine.set_caps(Caps {
                depth: req.depth,
                ..caps
            });
            if req.depth.is_some() {
                // The same review on any server: helper threads would make it vary.
                engine.set_threads(1);
            }
            let reviews =
                alphabeta_gomoku::review(engine, game, 0, limit, |searched, positions| {
                    let p = ReviewProgress {
                        searched,
                        positions,
                    };
                    let _ = tx.blocking_send(json_event("progress", &p));
                });
            engine.set_caps(caps);
            engine.set_threads(threads);
            (reviews, seconds)
        },
        move |slot, game, (reviews, seconds)| {
            let reply = ReviewReply {
                moves: reviews
                    .iter()
                    .enumerate()
                    .map(|(i, r)| MoveReport::new(game, i + 1, r))
                    .collect(),
                black: Summary::of(&reviews, Color::Black),
                white: Summary::of(&reviews, Color::White),
                seconds_per_position: seconds,
                milliseconds: start.elapsed().as_millis() as u64,
            };
            // Kept for the game's SGF (a review stopped early is not the game's).
            if let Some(s) = slot.filter(|_| reviews.len() == game.history().len()) {
                s.review = Some((game.history().to_vec(), reviews));
            }
            json_event("done", &reply)
        },
    )
}

/// `GET /api/gomoku/games/{id}/think?time=2&level=3`: seconds to think (default 2), and a
/// level below full strength to play at (1 to 5; full strength when left out).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Think {
    time: Option<f64>,
    level: Option<String>,
}

/// The engine's move, played on the game, as streamed last.
#[derive(Serialize)]
struct DoneEvent {
    #[serde(rename = "move")]
    cell: Option<String>,
    score: String,
    black_chance: f64,
    pv: Vec<String>,
    depth: u32,
    nodes: u64,
    source: &'static str,
    /// The threads it searched on (`nodes` counts them all).
    threads: usize,
    milliseconds: u64,
    game: Option<GameState>,
}

/// Stops the search when the client goes away (the stream is dropped; also after the last
/// event, when the search is over and the stop reaches no one).
struct StopOnDrop(StopHandle);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.stop();
    }
}

pub async fn think(
    State(app): State<Arc<AppState>>,
    PathText(id): PathText,
    query: Result<Query<Think>, QueryRejection>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let Query(q) = query.map_err(|e| ApiError::bad(e.body_text()))?;
    let seconds = think_seconds(&app, q.time.unwrap_or(2.0))?;
    let level = q
        .level
        .as_deref()
        .map(str::parse::<Level>)
        .transpose()
        .map_err(|e| ApiError::bad(e.to_string()))?;
    let start = Instant::now();
    let game_id = id.clone();
    stream_engine(
        app,
        id,
        Needs::Play,
        move |board, engine, tx| {
            let shown = board.clone();
            let limit = Limit::Time(Duration::from_secs_f64(seconds));
            engine.set_level(level, Level::fresh_seed());
            let thought = engine.think(board, limit, |it| {
                let e = IterationReport::new(&shown, it);
                let _ = tx.blocking_send(json_event("iteration", &e));
            });
            (thought, engine.threads())
        },
        move |slot, board, (thought, threads)| {
            // Play the move on the game, if it still exists.
            let game = slot.map(|s| {
                if let Some(c) = thought.best {
                    let _ = s.board.try_play(c);
                }
                state_of(&game_id, s)
            });
            let done = DoneEvent {
                cell: thought.best.map(|c| board.name(c)),
                score: Spoken(thought.score).to_string(),
                black_chance: black_chance_at(board, thought.score),
                pv: board.names(&thought.pv),
                depth: thought.depth,
                nodes: thought.nodes,
                source: thought.source.name(),
                threads,
                milliseconds: start.elapsed().as_millis() as u64,
                game,
            };
            json_event("done", &done)
        },
    )
}

/// Claims the game and an engine ([`claim`]) and streams server-sent events from a blocking
/// task: `work` searches (sending events on the way), then `finish` makes the last event of
/// its result, given the game (if it still exists) under the lock that frees it, so that a
/// move played there and the game's release are one step. A client that leaves stops the
/// search; an engine that fails frees the game and sends `error`.
fn stream_engine<T: Send + 'static>(
    app: Arc<AppState>,
    id: String,
    needs: Needs,
    work: impl FnOnce(&mut Board, &mut Engine, &Sender<Event>) -> T + Send + 'static,
    finish: impl FnOnce(Option<&mut Slot>, &Board, T) -> Event + Send + 'static,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let (mut board, mut engine) = claim(&app, &id, needs)?;
    // A stop flag of this stream's own: the guard of the engine's last stream, dropped after
    // the engine went back to the pool, cannot stop this search.
    let guard = StopOnDrop(engine.new_stop_handle());
    let (tx, rx) = tokio::sync::mpsc::channel::<Event>(64);
    tokio::task::spawn_blocking(move || {
        let result = search_and_return(&app, engine, |engine| work(&mut board, engine, &tx));
        let last = {
            let mut slots = app.games.slots();
            let mut slot = slots.get_mut(&id);
            if let Some(s) = slot.as_deref_mut() {
                s.thinking = false;
                s.touched = Instant::now();
            }
            match result {
                Some(out) => finish(slot, &board, out),
                // A bug in the engine must not lock the game.
                None => json_event(
                    "error",
                    &serde_json::json!({"error": "the engine failed on this game"}),
                ),
            }
        };
        let _ = tx.blocking_send(last);
    });
    let stream = ReceiverStream::new(rx).map(move |e| {
        let _keep = &guard;
        Ok(e)
    });
    // Frequent keep-alive comments also find out soon when the client has gone (the write
    // fails, the stream is dropped, the search stops).
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_millis(500))))
}

fn json_event(name: &str, data: &impl Serialize) -> Event {
    Event::default()
        .event(name)
        .data(serde_json::to_string(data).expect("plain data serialises"))
}
