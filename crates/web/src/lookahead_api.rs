//! `GET /api/gomoku/games/{id}/tree`: the engine's look-ahead from a game's position as an
//! explicit tree, for `POST /api/tree` to explain (the page's "As a tree").

use std::sync::Arc;

use alphabeta_gomoku::{lookahead_tree, MAX_LOOKAHEAD_PLIES, MAX_LOOKAHEAD_WIDTH};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};

use crate::error::PathText;
use crate::{ApiError, AppState};

/// `?plies=2&width=3` (both optional, these the defaults): how many moves ahead the leaves
/// are, and how many of the engine's most urgent moves each node keeps.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lookahead {
    plies: Option<u32>,
    width: Option<u32>,
}

/// The tree, as `alphabeta gomoku tree` prints it, with the settings it was written with.
#[derive(Serialize)]
pub struct LookaheadReply {
    tree: String,
    plies: u32,
    width: u32,
}

pub async fn lookahead(
    State(app): State<Arc<AppState>>,
    PathText(id): PathText,
    query: Result<Query<Lookahead>, QueryRejection>,
) -> Result<Json<LookaheadReply>, ApiError> {
    let Query(req) = query.map_err(|e| ApiError::bad(e.body_text()))?;
    let plies = req.plies.unwrap_or(2);
    let width = req.width.unwrap_or(3);
    if !(1..=MAX_LOOKAHEAD_PLIES).contains(&plies) {
        return Err(ApiError::bad(format!(
            "plies must be 1 to {MAX_LOOKAHEAD_PLIES}, not {plies}"
        )));
    }
    if !(1..=MAX_LOOKAHEAD_WIDTH as u32).contains(&width) {
        return Err(ApiError::bad(format!(
            "width must be 1 to {MAX_LOOKAHEAD_WIDTH}, not {width}"
        )));
    }
    // The most nodes such a tree may have, refused before it is written, as the explainer
    // would refuse it after.
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
    let board = app.games.board(&id)?;
    let tree = lookahead_tree(&board, plies, width as usize).ok_or_else(|| {
        ApiError::new(
            StatusCode::CONFLICT,
            "the game is over: there are no moves to look ahead at",
        )
    })?;
    // Deep trees of long labels may outgrow the body `POST /api/tree` takes (with room for
    // its settings).
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
