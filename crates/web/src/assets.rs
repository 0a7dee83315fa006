//! The page's files, built into the binary so the server needs nothing beside it.

use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};

use crate::error::PathText;
use crate::ApiError;

const INDEX: &str = include_str!("../assets/index.html");

/// Name, content type, content.
const FILES: [(&str, &str, &str); 2] = [
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/app.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../assets/style.css"),
    ),
];

pub async fn index() -> Html<&'static str> {
    Html(INDEX)
}

pub async fn asset(PathText(name): PathText) -> Response {
    match FILES.iter().find(|f| f.0 == name) {
        Some(&(_, kind, body)) => (
            [
                (header::CONTENT_TYPE, kind),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            body,
        )
            .into_response(),
        None => ApiError::new(StatusCode::NOT_FOUND, format!("no asset '{name}'")).into_response(),
    }
}
