//! Errors as the API answers them: a status and `{"error": "what was wrong"}`.

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use axum::http::{Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Json;

/// A request the server will not carry out, and why.
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What was wrong, for a person.
    pub message: String,
    /// Fields beside `error` for a program: what can be said all the same.
    pub detail: Vec<(&'static str, serde_json::Value)>,
}

impl ApiError {
    /// 400: the request makes no sense.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// Any status with a message.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            detail: Vec::new(),
        }
    }

    /// The same error with `key: value` beside `error` in the body.
    pub fn with(mut self, key: &'static str, value: serde_json::Value) -> ApiError {
        self.detail.push((key, value));
        self
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = serde_json::json!({ "error": self.message });
        for (key, value) in self.detail {
            body[key] = value;
        }
        (self.status, Json(body)).into_response()
    }
}

/// Bad JSON, a wrong content type or a body over the limit, said in the API's own shape.
impl From<JsonRejection> for ApiError {
    fn from(r: JsonRejection) -> ApiError {
        ApiError::new(r.status(), r.body_text())
    }
}

/// The one parameter of a route's path (a game's id, an asset's name) as text. A path whose
/// parameter does not decode to text (`%FF`) is refused in the API's own shape, not with
/// axum's plain-text rejection.
pub struct PathText(pub String);

impl<S: Send + Sync> FromRequestParts<S> for PathText {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match Path::<String>::from_request_parts(parts, state).await {
            Ok(Path(text)) => Ok(PathText(text)),
            Err(e) => Err(ApiError::new(e.status(), e.body_text())),
        }
    }
}

/// A route asked with a method it does not take (`POST /`), said in the API's shape.
pub async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{} does not take {method}", uri.path()),
    )
}

/// Anything not routed.
pub async fn not_found(uri: Uri) -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, format!("nothing at {}", uri.path()))
}
