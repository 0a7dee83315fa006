//! `POST /api/connect4`: a Connect Four position from its moves, each column's exact value
//! once the solver answers in a moment, and on request the engine's move. Stateless: the page
//! keeps the moves.

use std::sync::{Arc, Mutex, MutexGuard};

use alphabeta::{Game, Outcome};
use alphabeta_games::connect4::{
    Choice, Connect4, Opponent, EARLY_SOLVE_FROM, EARLY_SOLVE_NODES, HEIGHT, SOLVE_FROM, WIDTH,
};
use axum::extract::rejection::JsonRejection;
use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};

use crate::{ApiError, AppState, Limits};

/// The tables of each engine, in MiB.
const TABLE_MB: usize = 16;

/// The request: the columns played, `1` to `7` from the start (`"4453"`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
    moves: String,
    /// Ask for the engine's move (for the side to move).
    #[serde(default)]
    think: bool,
    /// Seconds the engine may search before the solver takes over (default 1).
    time: Option<f64>,
}

/// A column's value for the side to move if it plays there.
#[derive(Serialize)]
struct ColumnValue {
    /// 1 to 7.
    column: u32,
    /// `"win in 5"`, `"draw"` or `"loss in 8"`: plies to the end under perfect play.
    value: String,
}

/// The engine's move.
#[derive(Serialize)]
struct EngineMove {
    /// 1 to 7.
    column: u32,
    /// Exact (`"win in 5"`, `"draw"`, `"loss in 8"`) from the solver, else the search's
    /// score by its evaluation (threats made) or a win or loss it saw.
    value: String,
    /// Whether the solver found it.
    exact: bool,
    /// The search's completed depth (the solver's: every empty cell).
    depth: u32,
    nodes: u64,
}

/// A cell as the page names it: column 1 to 7, row 1 to 6 from the bottom.
#[derive(Serialize)]
struct Cell {
    column: u32,
    row: u32,
}

#[derive(Serialize)]
pub struct Response {
    moves: String,
    /// `X` (first) or `O`.
    to_move: char,
    /// The rows from the top: `X`, `O` or `.`.
    board: Vec<String>,
    winner: Option<char>,
    /// The cells of the winner's four (of every four, when the last disc closed several).
    winning_cells: Vec<Cell>,
    over: bool,
    /// Each playable column's exact value when the solver answers: always from `solve_from`
    /// stones on, from `solve_early_from` when within `solve_early_nodes` (else `null`).
    columns: Option<Vec<ColumnValue>>,
    /// From how many stones on the solver always plays and the columns' values always show
    /// ([`SOLVE_FROM`]).
    solve_from: u32,
    /// From how many stones on the solver is tried ([`EARLY_SOLVE_FROM`]), and within how
    /// many positions ([`EARLY_SOLVE_NODES`]).
    solve_early_from: u32,
    solve_early_nodes: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    engine: Option<EngineMove>,
}

/// The idle engines, one for each of `--max-searches`; a request takes one and gives it back.
pub struct Engines(Mutex<Vec<Opponent>>);

impl Engines {
    pub fn new(limits: &Limits) -> Engines {
        Engines(Mutex::new(
            (0..limits.max_searches)
                .map(|_| Opponent::new(TABLE_MB))
                .collect(),
        ))
    }

    fn lock(&self) -> MutexGuard<'_, Vec<Opponent>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

pub async fn analyze(
    State(app): State<Arc<AppState>>,
    body: Result<Json<Request>, JsonRejection>,
) -> Result<Json<Response>, ApiError> {
    let Json(req) = body?;
    let max = app.limits.max_think.as_secs_f64();
    let seconds = req.time.unwrap_or(1.0);
    if !(seconds.is_finite() && (0.05..=max).contains(&seconds)) {
        return Err(ApiError::bad(format!(
            "time must be 0.05 to {max} seconds, not {seconds:?}"
        )));
    }
    let p = Connect4::from_moves(&req.moves).map_err(|e| {
        ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("in the moves: {e}"),
        )
    })?;
    let moves = req.moves.trim().to_string();
    if p.outcome().is_some() || !(req.think || Opponent::tries_solver(&p)) {
        return Ok(Json(describe(&p, &moves, None, None)));
    }
    let Some(mut engine) = app.connect4.lock().pop() else {
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "all {} engines are thinking; try again in a few seconds",
                app.limits.max_searches
            ),
        ));
    };
    let think = req.think;
    let failed = || ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the engine failed");
    let answer = tokio::task::spawn_blocking(move || {
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let chosen = think
                .then(|| engine.choose(&p, seconds))
                .flatten()
                .map(|c: Choice| EngineMove {
                    column: u32::from(c.column) + 1,
                    value: c.value,
                    exact: c.exact,
                    depth: c.depth,
                    nodes: c.nodes,
                });
            // Where the engine's move was not solved, its columns would not be either: the
            // solver's budget is not spent twice.
            let solved = chosen.as_ref().is_none_or(|c| c.exact);
            let columns = solved.then(|| engine.column_values(&p)).flatten();
            let columns = columns.map(|values| {
                let values = values.into_iter();
                values
                    .map(|(c, value)| ColumnValue {
                        column: c + 1,
                        value,
                    })
                    .collect()
            });
            describe(&p, &moves, columns, chosen)
        }));
        // A bug in the engine must not cost the server an engine.
        let back = if result.is_ok() {
            engine
        } else {
            Opponent::new(TABLE_MB)
        };
        app.connect4.lock().push(back);
        result
    })
    .await
    .map_err(|_| failed())?;
    answer.map(Json).map_err(|_| failed())
}

/// The position as the page draws it, with what was computed.
fn describe(
    p: &Connect4,
    moves: &str,
    columns: Option<Vec<ColumnValue>>,
    engine: Option<EngineMove>,
) -> Response {
    let board = (0..HEIGHT)
        .rev()
        .map(|row| (0..WIDTH).map(|c| p.at(c, row).unwrap_or('.')).collect())
        .collect();
    let outcome = p.outcome();
    let to_move = p.to_move();
    let other = if to_move == 'X' { 'O' } else { 'X' };
    Response {
        moves: moves.to_string(),
        to_move,
        board,
        winner: (outcome == Some(Outcome::Loss)).then_some(other),
        winning_cells: p
            .four_cells()
            .into_iter()
            .map(|(col, row)| Cell {
                column: col + 1,
                row: row + 1,
            })
            .collect(),
        over: outcome.is_some(),
        columns,
        solve_from: SOLVE_FROM,
        solve_early_from: EARLY_SOLVE_FROM,
        solve_early_nodes: EARLY_SOLVE_NODES,
        engine,
    }
}
