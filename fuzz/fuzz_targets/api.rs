#![no_main]
//! A session of requests to every endpoint of a fresh server: the input is cut at 0xFF bytes,
//! and each piece is one request, its first byte choosing the endpoint and its settings, the
//! rest its text (a move string, an SGF game, a query string, a raw body...). Gomoku requests
//! go to the game created last. Every reply must be 2xx or 4xx, and JSON unless it is a
//! stream (which must not report a failed engine), empty (204), the page, an asset or a
//! game's SGF. A 5xx or a panic is a find.
use axum::body::Body;
use axum::http::{Method, Request};
use http_body_util::BodyExt;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use std::time::Duration;
use tower::ServiceExt;

fn runtime() -> &'static tokio::runtime::Runtime {
    static RT: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RT.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap()
    })
}

fn pick(b: u8, xs: &[&'static str]) -> &'static str {
    xs[b as usize % xs.len()]
}

/// Percent-encodes a query string's bytes that a URI cannot hold, so the text reaches the
/// handler rather than failing in the test's own request builder.
fn query(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'=' | b'&' | b'.' | b'-' | b'_' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn request(method: Method, path: &str, body: Option<Vec<u8>>) -> Option<Request<Body>> {
    let builder = Request::builder().method(method).uri(path);
    match body {
        Some(b) => builder
            .header("content-type", "application/json")
            .body(Body::from(b))
            .ok(),
        None => builder.body(Body::empty()).ok(),
    }
}

fuzz_target!(|data: &[u8]| {
    // Short sessions: every search here takes its 50 ms.
    let pieces: Vec<&[u8]> = data.split(|&b| b == 0xFF).take(8).collect();
    runtime().block_on(async {
        let limits = alphabeta_web::Limits {
            max_tree_nodes: 200,
            max_searches: 1,
            engine_megabytes: 1,
            max_think: Duration::from_millis(50),
            max_games: 4,
            ..Default::default()
        };
        let app = alphabeta_web::app(limits);
        let mut id = String::from("none");
        for piece in pieces {
            let Some((&k, rest)) = piece.split_first() else {
                continue;
            };
            let (flags, text) = match rest.split_first() {
                Some((&f, t)) => (f, String::from_utf8_lossy(t).into_owned()),
                None => (0, String::new()),
            };
            let json = |v: serde_json::Value| Some(serde_json::to_vec(&v).unwrap());
            let game = format!("/api/gomoku/games/{id}");
            let (method, path, body) = match k % 13 {
                0 => {
                    let mut v = serde_json::json!({
                        "rule": pick(flags, &["freestyle", "standard", "renju", "caro", "standard-caro", "other"]),
                    });
                    let field = pick(flags >> 3, &["moves", "sgf", "psq", "none"]);
                    if field != "none" {
                        v[field] = text.clone().into();
                    }
                    if flags & 0x20 != 0 {
                        v["size"] = (u32::from(flags >> 6) * 7 + 1).into();
                    }
                    (Method::POST, "/api/gomoku/games".to_string(), json(v))
                }
                1 => {
                    let route = pick(flags, &["moves", "judge"]);
                    let mut v = serde_json::json!({ "move": text });
                    if flags & 0x40 != 0 {
                        v["by"] = "threats".into();
                    }
                    (Method::POST, format!("{game}/{route}"), json(v))
                }
                2 => (Method::POST, format!("{game}/undo"), Some(text.into_bytes())),
                3 => (Method::GET, format!("{game}/think?{}", query(&text)), None),
                4 => (Method::GET, format!("{game}/hint?{}", query(&text)), None),
                5 => (Method::GET, format!("{game}/review?{}", query(&text)), None),
                6 => {
                    let route = pick(flags, &["sgf", "fours", "threats", "tree"]);
                    (Method::GET, format!("{game}/{route}?{}", query(&text)), None)
                }
                7 => (Method::GET, game.clone(), None),
                8 => (Method::DELETE, game.clone(), None),
                9 => {
                    // From 8 discs the solver tries its budget of 8 million positions (a
                    // second, half a minute under the sanitizer): the positions here stay
                    // below (the `records` target reads longer move strings).
                    let moves: String = text.chars().take(7).collect();
                    let mut v = serde_json::json!({ "moves": moves, "time": 0.05 });
                    if flags % 8 == 0 {
                        v["think"] = true.into();
                    }
                    (Method::POST, "/api/connect4".to_string(), json(v))
                }
                10 => {
                    let mut v = serde_json::json!({ "board": text });
                    if flags & 1 == 1 {
                        v["plies"] = (flags >> 1).into();
                    }
                    (Method::POST, "/api/tictactoe".to_string(), json(v))
                }
                12 => {
                    let route = pick(flags, &["tree/worksheet", "tree/random", "gomoku/puzzle", "connect4/tree"]);
                    (Method::GET, format!("/api/{route}?{}", query(&text)), None)
                }
                _ => {
                    // A raw request: the path up to the first space, the rest the body.
                    let (p, b) = text.split_once(' ').unwrap_or((&text, ""));
                    let method = pick(flags, &["GET", "POST", "DELETE", "PUT"]);
                    let path = if p.starts_with('/') { p.to_string() } else { format!("/{p}") };
                    (method.parse().unwrap(), path, Some(b.as_bytes().to_vec()))
                }
            };
            let Some(req) = request(method, &path, body) else {
                continue;
            };
            let r = app.clone().oneshot(req).await.unwrap();
            let status = r.status();
            let kind = r
                .headers()
                .get("content-type")
                .map(|t| String::from_utf8_lossy(t.as_bytes()).into_owned())
                .unwrap_or_default();
            let bytes = r.into_body().collect().await.unwrap().to_bytes();
            let text = String::from_utf8_lossy(&bytes);
            assert!(!status.is_server_error(), "{path}: {status}: {text}");
            if kind.starts_with("text/event-stream") {
                assert!(!text.contains("event: error"), "{path}: {text}");
            } else if kind.starts_with("application/json") {
                let v: serde_json::Value = serde_json::from_slice(&bytes)
                    .unwrap_or_else(|e| panic!("{path}: {status}: not JSON ({e}): {text}"));
                if let Some(new) = v["id"].as_str() {
                    id = new.to_string();
                }
            } else if status == 204 {
                assert!(bytes.is_empty(), "{path}: {status}: {text}");
            } else {
                // Only the page, its assets and a game's SGF are not JSON (a raw path's `#...`
                // is a fragment, never sent: `/#x` is the page).
                let route = path.split(['?', '#']).next().unwrap_or_default();
                assert!(
                    status.is_success()
                        && (route == "/" || route.starts_with("/assets/") || route.ends_with("/sgf")),
                    "{path}: {status}: {kind}: {text}"
                );
            }
        }
    });
});
