//! `POST /api/tictactoe`: every legal move of a position with its perfect-play value, and the
//! best one; on request also the material's look-ahead (f(p) = open lines, backed up a few
//! plies). Stateless: the page keeps the board.

use alphabeta_games::tictactoe::{
    analyze as analyze_position, lookahead, lookahead_tree, perfect_search, Analysis, TicTacToe,
};
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
    /// The material's look-ahead too, this many plies (1 to 9).
    plies: Option<u32>,
}

#[derive(Serialize)]
struct MoveValue {
    /// Cell 0-8 in reading order.
    cell: u8,
    /// `a1`-`c3`.
    name: String,
    /// The value for the side to move. Under perfect play `"win in 3"`, `"draw"`, `"loss in
    /// 2"` (the solver searches to the end, so anything but a win or a loss is a draw); in
    /// the look-ahead the backed-up f(p) (`"1"`, `"-2"`) or a win or loss seen in time.
    value: String,
}

#[derive(Serialize)]
pub struct Response {
    to_move: String,
    winner: Option<String>,
    /// The cells of the winner's line (both lines, when one mark closed two), else empty.
    winning_cells: Vec<u8>,
    over: bool,
    moves: Vec<MoveValue>,
    best: Option<u8>,
    value: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lookahead: Option<Lookahead>,
}

/// The material's look-ahead: each move's f(p) backed up `plies` plies, or a win or loss
/// seen within them.
#[derive(Serialize)]
struct Lookahead {
    plies: u32,
    moves: Vec<MoveValue>,
    best: Option<u8>,
    value: Option<String>,
    /// The look-ahead as an explicit tree for the tree explainer (`alphabeta tictactoe
    /// tree`: one move of each class of symmetric positions), up to [`MAX_TREE_PLIES`].
    tree: Option<String>,
}

/// The deepest look-ahead sent as a tree (3,024 leaves at most, fewer by symmetry).
const MAX_TREE_PLIES: u32 = 4;

/// Each move of an analysis, its value named by `name`.
fn move_values(a: &Analysis, name: fn(alphabeta::Score) -> String) -> Vec<MoveValue> {
    a.moves
        .iter()
        .map(|&(cell, v)| MoveValue {
            cell,
            name: TicTacToe::move_name(cell),
            value: name(v),
        })
        .collect()
}

/// Analyses one position.
pub async fn analyze(
    body: Result<Json<Request>, JsonRejection>,
) -> Result<Json<Response>, ApiError> {
    let Json(req) = body?;
    if req.plies.is_some_and(|n| !(1..=9).contains(&n)) {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "plies must be 1 to 9".to_string(),
        ));
    }
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
        winning_cells: p.winning_cells(),
        over: a.moves.is_empty(),
        moves: move_values(&a, value_name),
        best: a.best,
        value: a.value.map(value_name),
        lookahead: req.plies.map(|plies| {
            let l = lookahead(&p, plies);
            Lookahead {
                plies,
                moves: move_values(&l, |v| v.to_string()),
                best: l.best,
                value: l.value.map(|v| v.to_string()),
                tree: (plies <= MAX_TREE_PLIES)
                    .then(|| lookahead_tree(&p, plies, true))
                    .flatten(),
            }
        }),
    }))
}

fn value_name(v: alphabeta::Score) -> String {
    if v.is_win() || v.is_loss() {
        v.to_string()
    } else {
        "draw".into()
    }
}
