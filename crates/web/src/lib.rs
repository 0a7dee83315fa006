//! # alphabeta-web: the local web page
//!
//! An `axum` server with the page built into the binary (no install, no CDN, works offline) and
//! a JSON API over the rest of the workspace: the tree explainer, a Gomoku game against the
//! engine with its thinking streamed as server-sent events, and tic-tac-toe analysis.
//!
//! Limits keep one visitor from taking the machine down: body size, tree size, thinking time,
//! a fixed pool of engines (one per concurrent search; a request beyond it gets 503), games
//! forgotten after an idle time, and connections closed when their request headers do not
//! arrive in time. See [`Limits`].
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! alphabeta_web::serve(listener, alphabeta_web::Limits::default()).await
//! # }
//! ```

mod assets;
mod connect4_api;
mod error;
mod gomoku_api;
mod lookahead_api;
mod puzzle_ahead;
mod puzzle_api;
mod tictactoe_api;
mod tree_api;

use std::sync::Arc;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;

pub use error::ApiError;

/// What one server allows.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Largest request body, in bytes.
    pub max_body_bytes: usize,
    /// Largest tree explained, in nodes (the trace and the picture grow with it).
    pub max_tree_nodes: usize,
    /// Longest the engine may think for one request.
    pub max_think: Duration,
    /// Searches running at once (one engine each); more get 503.
    pub max_searches: usize,
    /// Transposition table of each engine, in MiB.
    pub engine_megabytes: usize,
    /// Threads each Gomoku search runs on (Lazy SMP; a move at a level runs on one).
    pub engine_threads: usize,
    /// Games kept in memory at once.
    pub max_games: usize,
    /// A game nobody touched for this long is forgotten.
    pub game_idle: Duration,
    /// A connection whose request headers have not all arrived after this long is closed, so
    /// clients that open connections and trickle bytes ("slowloris") cannot hold them all.
    pub header_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_body_bytes: 64 * 1024,
            max_tree_nodes: 5_000,
            max_think: Duration::from_secs(30),
            max_searches: 2,
            engine_megabytes: 32,
            engine_threads: 1,
            max_games: 500,
            game_idle: Duration::from_secs(3600),
            header_timeout: Duration::from_secs(10),
        }
    }
}

/// The server's shared state.
struct AppState {
    limits: Limits,
    games: gomoku_api::Games,
    connect4: connect4_api::Engines,
    /// Puzzle tasks (drawing one, a proof by fours) at once, at most `max_searches`; a permit
    /// goes with its task, so a client that leaves does not free it early.
    puzzles: Arc<tokio::sync::Semaphore>,
    /// Puzzles drawn before they were asked for, for requests without a seed.
    ahead: puzzle_ahead::Ahead,
}

/// The whole application: page, assets and API.
pub fn app(limits: Limits) -> Router {
    let state = Arc::new(AppState {
        games: gomoku_api::Games::new(&limits),
        connect4: connect4_api::Engines::new(&limits),
        puzzles: Arc::new(tokio::sync::Semaphore::new(limits.max_searches)),
        ahead: puzzle_ahead::Ahead::default(),
        limits: limits.clone(),
    });
    Router::new()
        .route("/", get(assets::index))
        .route("/assets/{name}", get(assets::asset))
        .route("/api/tree", post(tree_api::explain_tree))
        .route("/api/tree/random", get(tree_api::random))
        .route("/api/tree/worksheet", get(tree_api::random_worksheet))
        .route("/api/tictactoe", post(tictactoe_api::analyze))
        .route("/api/connect4", post(connect4_api::analyze))
        .route("/api/connect4/tree", get(lookahead_api::connect4))
        .route("/api/gomoku/games", post(gomoku_api::create))
        .route(
            "/api/gomoku/games/{id}",
            get(gomoku_api::show).delete(gomoku_api::delete),
        )
        .route("/api/gomoku/games/{id}/moves", post(gomoku_api::play))
        .route("/api/gomoku/games/{id}/undo", post(gomoku_api::undo))
        .route("/api/gomoku/games/{id}/think", get(gomoku_api::think))
        .route("/api/gomoku/games/{id}/hint", get(gomoku_api::hint))
        .route("/api/gomoku/games/{id}/review", get(gomoku_api::review))
        .route("/api/gomoku/games/{id}/sgf", get(gomoku_api::sgf))
        .route("/api/gomoku/games/{id}/tree", get(lookahead_api::gomoku))
        .route("/api/gomoku/puzzle", get(puzzle_api::puzzle))
        .route("/api/gomoku/games/{id}/judge", post(puzzle_api::judge_move))
        .route("/api/gomoku/games/{id}/fours", get(puzzle_api::fours))
        .route("/api/gomoku/games/{id}/threats", get(puzzle_api::threats))
        .fallback(error::not_found)
        .method_not_allowed_fallback(error::method_not_allowed)
        .layer(DefaultBodyLimit::max(limits.max_body_bytes))
        .with_state(state)
}

/// Serves the application on `listener` until the process is interrupted (Ctrl-C), then stops
/// at once (a search in progress is stopped as its stream closes).
///
/// The loop is `axum::serve`'s, plus a timer for `hyper`'s header timeout
/// ([`Limits::header_timeout`]), which `axum::serve` leaves without one, and the same limit on
/// the first byte: a connection that never finishes (or starts) its request headers would
/// otherwise be held for ever. HTTP/1 only (HTTP/2 without TLS is refused).
pub async fn serve(listener: tokio::net::TcpListener, limits: Limits) -> std::io::Result<()> {
    use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
    use hyper_util::server::conn::auto::Builder;
    use hyper_util::service::TowerToHyperService;

    let header_timeout = limits.header_timeout;
    let router = app(limits);
    let interrupted = tokio::signal::ctrl_c();
    tokio::pin!(interrupted);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(_) => {
                    // Out of file descriptors, say: wait for some to close rather than spin.
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            _ = &mut interrupted => return Ok(()),
        };
        let service = TowerToHyperService::new(router.clone());
        tokio::spawn(async move {
            // hyper's timer starts at the first byte; a client that sends none gets the same.
            let mut first = [0u8; 1];
            match tokio::time::timeout(header_timeout, stream.peek(&mut first)).await {
                Ok(Ok(n)) if n > 0 => {}
                _ => return,
            }
            // HTTP/1 only: browsers speak HTTP/2 only over TLS, and an HTTP/2 connection
            // would sit idle for ever, out of the header timeout's reach.
            let mut builder = Builder::new(TokioExecutor::new()).http1_only();
            builder
                .http1()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout);
            // A failed connection (a reset, a timeout, garbage) concerns only that client.
            let _ = builder
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
    }
}
