//! The engines' look-ahead from a position as an explicit tree, for `POST /api/tree` to
//! explain (the page's "As a tree"): `GET /api/gomoku/games/{id}/tree` for a Gomoku game,
//! `GET /api/connect4/tree?moves=4453` for a Connect Four position.

use std::sync::Arc;

use alphabeta_games::connect4::{self, Connect4};
use alphabeta_gomoku::{lookahead_tree, MAX_LOOKAHEAD_PLIES, MAX_LOOKAHEAD_WIDTH};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};

use crate::error::PathText;
use crate::{ApiError, AppState};

/// `?plies=2&width=3` (both optional): how many moves ahead the leaves are, and how many of
/// the engine's moves each node keeps.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lookahead {
    plies: Option<u32>,
    width: Option<u32>,
}

/// A Connect Four position's: `?moves=4453&plies=2&width=7` (all optional).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Connect4Lookahead {
    #[serde(default)]
    moves: String,
    plies: Option<u32>,
    width: Option<u32>,
}

/// The tree, as `alphabeta gomoku tree` (or `connect4 tree`) prints it, with the settings it
/// was written with.
#[derive(Serialize)]
pub struct LookaheadReply {
    tree: String,
    plies: u32,
    width: u32,
}

pub async fn gomoku(
    State(app): State<Arc<AppState>>,
    PathText(id): PathText,
    query: Result<Query<Lookahead>, QueryRejection>,
) -> Result<Json<LookaheadReply>, ApiError> {
    let Query(req) = query.map_err(|e| ApiError::bad(e.body_text()))?;
    let most = (MAX_LOOKAHEAD_PLIES, MAX_LOOKAHEAD_WIDTH as u32);
    let (plies, width) = settings(&app, req.plies, req.width, 3, most)?;
    let board = app.games.board(&id)?;
    let tree = lookahead_tree(&board, plies, width as usize);
    reply(&app, tree, plies, width)
}

pub async fn connect4(
    State(app): State<Arc<AppState>>,
    query: Result<Query<Connect4Lookahead>, QueryRejection>,
) -> Result<Json<LookaheadReply>, ApiError> {
    let Query(req) = query.map_err(|e| ApiError::bad(e.body_text()))?;
    let (plies, width) = settings(
        &app,
        req.plies,
        req.width,
        7,
        (connect4::MAX_LOOKAHEAD_PLIES, 7),
    )?;
    let p = Connect4::from_moves(&req.moves).map_err(|e| {
        ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("in the moves: {e}"),
        )
    })?;
    let tree = connect4::lookahead_tree(&p, plies, width as usize);
    reply(&app, tree, plies, width)
}

/// The plies (2 unless given) and width (`default_width` unless given) asked, each within
/// its range (`most`: the game's deepest and widest), and refused before the tree is written
/// where it could have more nodes than the explainer takes.
fn settings(
    app: &AppState,
    plies: Option<u32>,
    width: Option<u32>,
    default_width: u32,
    (max_plies, max_width): (u32, u32),
) -> Result<(u32, u32), ApiError> {
    let plies = plies.unwrap_or(2);
    let width = width.unwrap_or(default_width);
    if !(1..=max_plies).contains(&plies) {
        return Err(ApiError::bad(format!(
            "plies must be 1 to {max_plies}, not {plies}"
        )));
    }
    if !(1..=max_width).contains(&width) {
        return Err(ApiError::bad(format!(
            "width must be 1 to {max_width}, not {width}"
        )));
    }
    let most = (0..=plies).map(|k| u64::from(width).pow(k)).sum::<u64>();
    let limit = app.limits.max_tree_nodes;
    if most > limit as u64 {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "{plies} plies of {width} moves make up to {most} nodes; this server explains at most {limit}"
            ),
        ));
    }
    Ok((plies, width))
}

/// The written tree, or 409 for a finished game; 413 where the text would outgrow the body
/// `POST /api/tree` takes (with room for its settings), as deep trees of long labels may.
fn reply(
    app: &AppState,
    tree: Option<String>,
    plies: u32,
    width: u32,
) -> Result<Json<LookaheadReply>, ApiError> {
    let tree = tree.ok_or_else(|| {
        ApiError::new(
            StatusCode::CONFLICT,
            "the game is over: there are no moves to look ahead at",
        )
    })?;
    let room = app.limits.max_body_bytes.saturating_sub(1024);
    if tree.len() > room {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the tree's text is {} bytes; this server explains trees of at most {room}",
                tree.len()
            ),
        ));
    }
    Ok(Json(LookaheadReply { tree, plies, width }))
}
