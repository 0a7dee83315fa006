//! `POST /api/tictactoe`: every legal move of a position with its perfect-play value, and the
//! best one. Stateless: the page keeps the board.

use alphabeta_games::tictactoe::{analyze as analyze_position, perfect_search, TicTacToe};
use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};

use crate::ApiError;

/// The request: 9 cells, rows top to bottom (`X.O......`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
    board: String,
}

#[derive(Serialize)]
struct MoveValue {
    /// Cell 0-8 in reading order.
    cell: u8,
    /// `a1`-`c3`.
    name: String,
    /// Perfect-play value for the side to move: `"win in 3"`, `"draw"`, `"loss in 2"`.
    /// (The solver searches to the end, so anything but a win or a loss is a draw.)
    value: String,
}

#[derive(Serialize)]
pub struct Response {
    to_move: String,
    winner: Option<String>,
    over: bool,
    moves: Vec<MoveValue>,
    best: Option<u8>,
    value: Option<String>,
}

/// Analyses one position.
pub async fn analyze(
    body: Result<Json<Request>, JsonRejection>,
) -> Result<Json<Response>, ApiError> {
    let Json(req) = body?;
    let p = TicTacToe::parse(&req.board, None).map_err(|e| {
        ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("not a tic-tac-toe board: {e}"),
        )
    })?;
    let mut search = perfect_search();
    let a = analyze_position(&mut search, &p);
    let player = |p: alphabeta_games::tictactoe::Player| format!("{p:?}");
    Ok(Json(Response {
        to_move: player(p.to_move()),
        winner: p.winner().map(player),
        over: a.moves.is_empty(),
        moves: a
            .moves
            .iter()
            .map(|&(cell, v)| MoveValue {
                cell,
                name: TicTacToe::move_name(cell),
                value: value_name(v),
            })
            .collect(),
        best: a.best,
        value: a.value.map(value_name),
    }))
}

fn value_name(v: alphabeta::Score) -> String {
    if v.is_win() || v.is_loss() {
        v.to_string()
    } else {
        "draw".into()
    }
}
