//! `POST /api/tree`: the explainer's JSON report (as `alphabeta tree --format json --trace`
//! prints it) plus the SVG picture.

use std::sync::Arc;

use alphabeta::CutRule;
use alphabeta_tree::{
    beamer, cases, cases_json, cases_text, compare, explain, fresh_seed, given, limit_depth,
    order_name, parse, parse_values, svg, svg_question, tikz, tikz_question, unknown_question,
    worksheet, Algorithm, Exercise, ExerciseError, ExplainError, Order, RandomError, RandomTree,
    RootKind, Settings, Shape, Tree, View, DEFAULT_VALUES, MAX_STATIC_NOISE,
};
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use serde_json::Value;

use crate::{ApiError, AppState};

/// The request: the tree's text and the settings, with the textbook defaults.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreeRequest {
    tree: String,
    #[serde(default)]
    root: Option<String>,
    #[serde(default)]
    order: Option<String>,
    #[serde(default)]
    algorithm: Option<String>,
    #[serde(default)]
    cut: Option<String>,
    /// Also draw the question: the picture bare, for a worksheet (`question_svg`,
    /// `question_tikz`).
    #[serde(default)]
    question: bool,
    /// The question only, with no answer in the reply: the settings, the tree's shape
    /// (`nodes` with path, label, kind and leaf), `question_svg` and `question_tikz`. For a quiz that a look
    /// at the page's data cannot give away.
    #[serde(default)]
    sealed: bool,
    /// Leaf numbers to check: do they alone fix the root's value (`given`)?
    #[serde(default)]
    given: Option<Vec<u32>>,
    /// Also compare every algorithm in both orders (`compare`, as `--compare` gives it).
    #[serde(default)]
    compare: bool,
    /// Whose view values and windows are in: `max` (the default) or `mover` (negamax's).
    #[serde(default)]
    view: Option<String>,
    /// Also the search step by step as beamer slides (`beamer`, as `--format beamer` gives
    /// them), for trees of up to [`alphabeta_tree::MAX_SLIDE_NODES`] nodes; not for a sealed
    /// question.
    #[serde(default)]
    beamer: bool,
    /// Also a worksheet (`worksheet`, as `--format worksheet` gives it): a LaTeX document with
    /// the question, then the answer on a page of its own; with a needed unknown leaf, in
    /// the 422's body beside `unknown`. Sealed, the question alone (as `--quiz` gives it).
    #[serde(default)]
    worksheet: bool,
    /// Search only this deep: nodes at this depth are valued by their static values
    /// (`depth_limit` in the reply, with the whole tree's value beside; not when sealed).
    #[serde(default)]
    depth: Option<u32>,
}

/// One of a field's named choices (`default` when the field is absent), or a 400 naming them.
fn pick<T: Copy>(
    field: &str,
    given: Option<&str>,
    default: &str,
    choices: &[(&str, T)],
) -> Result<T, ApiError> {
    let text = given.unwrap_or(default);
    if let Some(&(_, v)) = choices.iter().find(|(name, _)| *name == text) {
        return Ok(v);
    }
    let names: Vec<&str> = choices.iter().map(|(name, _)| *name).collect();
    let which = match names.as_slice() {
        [a, b] => format!("{a} or {b}"),
        _ => format!("one of {}", names.join(", ")),
    };
    Err(ApiError::bad(format!(
        "{field} must be {which}, not '{text}'"
    )))
}

/// Whose view: `max` (the default) or `mover`.
fn view_of(given: Option<&str>) -> Result<View, ApiError> {
    pick(
        "view",
        given,
        "max",
        &[("max", View::Max), ("mover", View::Mover)],
    )
}

/// The root's player: `max` (the default) or `min`.
fn root_of(given: Option<&str>) -> Result<RootKind, ApiError> {
    pick(
        "root",
        given,
        "max",
        &[("max", RootKind::Max), ("min", RootKind::Min)],
    )
}

fn settings(r: &TreeRequest) -> Result<Settings, ApiError> {
    settings_of([&r.root, &r.order, &r.algorithm, &r.cut])
}

/// The settings from the fields `root`, `order`, `algorithm` and `cut`, each as given or
/// the textbook's default.
fn settings_of(fields: [&Option<String>; 4]) -> Result<Settings, ApiError> {
    let [root, order, algorithm, cut] = fields.map(Option::as_deref);
    let root = root_of(root)?;
    let order = pick(
        "order",
        order,
        "ltr",
        &Order::ALL.map(|o| (order_name(o), o)),
    )?;
    let algorithms = Algorithm::ALL.map(|a| (a.name(), a));
    let algorithm = pick("algorithm", algorithm, "alphabeta", &algorithms)?;
    let cut = pick(
        "cut",
        cut,
        "inclusive",
        &[
            ("inclusive", CutRule::Inclusive),
            ("strict", CutRule::Strict),
        ],
    )?;
    Ok(Settings {
        root,
        order,
        algorithm,
        cut,
    })
}

/// Explains one tree.
pub async fn explain_tree(
    State(state): State<Arc<AppState>>,
    body: Result<Json<TreeRequest>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let Json(req) = body?;
    let settings = settings(&req)?;
    let tree = parse(&req.tree).map_err(|e| {
        ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("the tree does not parse: {e}"),
        )
    })?;
    let limit = state.limits.max_tree_nodes;
    if tree.nodes.len() > limit {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the tree has {} nodes; this server explains at most {limit}",
                tree.nodes.len()
            ),
        ));
    }
    if req.beamer && req.sealed {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "beamer: the slides are the answer, and a sealed question holds none",
        ));
    }
    let view = view_of(req.view.as_deref())?;
    let cut =
        match req.depth {
            Some(d) => Some(limit_depth(&tree, d, settings.root).map_err(|e| {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, format!("depth: {e}"))
            })?),
            None => None,
        };
    let limit_json = match &cut {
        Some(c) if !req.sealed => c.to_json(settings.root, view),
        _ => Value::Null,
    };
    // The worksheet, of the whole tree (its errors are the explanation's, reported below);
    // sealed, without the answer.
    let sheet = req
        .worksheet
        .then(|| Exercise::new(&tree, settings, view, req.depth, None).ok())
        .flatten()
        .map(|x| Value::String(worksheet(&[x], !req.sealed)));
    // Iterative deepening in the comparison: the whole tree, before any cut.
    let deepening = req
        .compare
        .then(|| alphabeta_tree::deepening(&tree, settings.root, settings.cut));
    let (tree, whole) = match cut {
        Some(c) => (c.tree, Some(tree)),
        None => (tree, None),
    };
    // A sealed question shows no trace: none is recorded.
    let e = explain(&tree, settings, !req.sealed)
        .map_err(|e| {
            let error = unexplained(&tree, whole.as_ref(), settings, view, e, req.sealed);
            let error = match &sheet {
                Some(sheet) => error.with("worksheet", sheet.clone()),
                None => error,
            };
            if limit_json.is_null() {
                error
            } else {
                error.with("depth_limit", limit_json.clone())
            }
        })?
        .in_view(view);
    let mut json = serde_json::to_value(e.json_report()).expect("plain data serialises");
    if req.sealed {
        let mut question = sealed(&json, svg_question(&e), tikz_question(&e));
        if let Some(sheet) = sheet {
            question["worksheet"] = sheet;
        }
        return Ok(Json(question));
    }
    json["svg"] = Value::String(svg(&e));
    json["tikz"] = Value::String(tikz(&e));
    // The trace in words, as `--trace` and the slides say it: a line a step the page shows.
    let lines: Vec<Value> = e
        .trace_lines()
        .into_iter()
        .map(|(step, text)| serde_json::json!({ "step": step, "text": text }))
        .collect();
    json["trace_lines"] = Value::Array(lines);
    if req.beamer {
        let slides = beamer(&e)
            .map_err(|e| ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, format!("beamer: {e}")))?;
        json["beamer"] = Value::String(slides);
    }
    if let Some(sheet) = sheet {
        json["worksheet"] = sheet;
    }
    if req.question {
        json["question_svg"] = Value::String(svg_question(&e));
        json["question_tikz"] = Value::String(tikz_question(&e));
    }
    if req.compare {
        json["compare"] = serde_json::to_value(compare(&tree, settings.root, settings.cut))
            .expect("plain data serialises");
        json["deepening"] = serde_json::to_value(deepening).expect("plain data serialises");
    }
    if let Some(leaves) = &req.given {
        let g = given(&tree, settings.root, leaves)
            .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, format!("given: {e}")))?;
        json["given"] = e.given_json(&g);
    }
    if !limit_json.is_null() {
        json["depth_limit"] = limit_json;
    }
    Ok(Json(json))
}

/// The most leaves for which a needed unknown leaf is answered case by case (a search a
/// value of the tree, and two a gap between: a few hundred searches stay instant).
const MAX_CASE_LEAVES: usize = 200;

/// A tree the search cannot explain: 422, and when the search needs an unknown leaf (not too
/// big a tree), `unknown` says how it goes for each of its values (as `--format json` does,
/// with the text report as `text`; `whole` is the tree before a depth limit cut it to `tree`),
/// or for a sealed question (the cases are an answer) `unknown_question` asks it:
/// `questions` and the bare picture, `question_svg` and `question_tikz`.
fn unexplained(
    tree: &Tree,
    whole: Option<&Tree>,
    settings: Settings,
    view: View,
    e: ExplainError,
    sealed: bool,
) -> ApiError {
    let error = ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e.to_string());
    match e {
        ExplainError::UnknownLeaf { node, .. } if sealed => {
            match unknown_question(tree, settings, node) {
                Ok(q) => error.with(
                    "unknown_question",
                    serde_json::json!({
                        "questions": q.questions,
                        "question_svg": q.svg,
                        "question_tikz": q.tikz,
                    }),
                ),
                Err(_) => error,
            }
        }
        ExplainError::UnknownLeaf { node, .. } if tree.leaves.len() <= MAX_CASE_LEAVES => {
            match cases(tree, settings, node) {
                Ok(all) => {
                    let mut json = cases_json(tree, node, &all, settings.root, view, whole);
                    json["text"] = Value::String(cases_text(tree, node, &all, settings.root, view));
                    error.with("unknown", json)
                }
                Err(_) => error,
            }
        }
        _ => error,
    }
}

/// The question alone, from a full report: the settings, the shape of every node and the bare
/// picture (as SVG and as TikZ), and nothing the search found.
fn sealed(report: &Value, question_svg: String, question_tikz: String) -> Value {
    let mut out = serde_json::Map::new();
    for key in ["root", "order", "algorithm", "cut", "view", "leaves_total"] {
        out.insert(key.into(), report[key].clone());
    }
    let shape = [
        "path",
        "label",
        "kind",
        "leaf",
        "leaf_value",
        "static_value",
    ];
    let nodes = report["nodes"].as_array().map_or_else(Vec::new, |nodes| {
        nodes
            .iter()
            .map(|n| {
                shape
                    .iter()
                    .map(|&k| (k.to_string(), n[k].clone()))
                    .collect()
            })
            .collect()
    });
    out.insert("nodes".into(), Value::Array(nodes));
    out.insert("question_svg".into(), Value::String(question_svg));
    out.insert("question_tikz".into(), Value::String(question_tikz));
    Value::Object(out)
}

/// The query of `GET /api/tree/random`: a shape (3x3 unless given), values (0..20) and a seed.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RandomQuery {
    #[serde(default)]
    shape: Option<String>,
    #[serde(default)]
    values: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
    /// Static values on the inner nodes, each the true value give or take at most this.
    #[serde(default)]
    statics: Option<u32>,
    /// The root's player the static values are true for: `max` (the default) or `min`.
    #[serde(default)]
    root: Option<String>,
}

/// `GET /api/tree/random?shape=3x3&values=0..20&seed=7&statics=2&root=max`: a random tree to
/// practise on (the seed chosen by the server unless given), with the shape, values and seed
/// that draw it again; with `statics`, static values on its inner nodes (true for `root`).
pub async fn random(
    State(state): State<Arc<AppState>>,
    query: Result<Query<RandomQuery>, QueryRejection>,
) -> Result<Json<RandomTree>, ApiError> {
    let Query(q) = query.map_err(|e| ApiError::bad(e.body_text()))?;
    let draws = Draws::of(&q.shape, &q.values, q.statics, &q.root, 1, &state)?;
    Ok(Json(draws.draw(q.seed.unwrap_or_else(fresh_seed))))
}

/// How to draw random trees: the shape, values, static values' noise and the root they are
/// true for, checked.
struct Draws {
    shape: Shape,
    values: std::ops::RangeInclusive<i32>,
    statics: Option<u32>,
    root: RootKind,
}

impl Draws {
    /// Checks the fields of a query for `count` trees: each a shape that this server's tree
    /// limit allows `count` times over (413 if not), values, noise and root (400 if wrong).
    fn of(
        shape: &Option<String>,
        values: &Option<String>,
        statics: Option<u32>,
        root: &Option<String>,
        count: u32,
        state: &AppState,
    ) -> Result<Draws, ApiError> {
        let shape: Shape = shape
            .as_deref()
            .unwrap_or("3x3")
            .parse()
            .map_err(|e: RandomError| ApiError::bad(format!("shape: {e}")))?;
        let limit = state.limits.max_tree_nodes;
        let nodes = shape.max_nodes().saturating_mul(u64::from(count));
        if nodes > limit as u64 {
            let trees = match count {
                1 => format!("a {shape} tree"),
                n => format!("{n} {shape} trees"),
            };
            return Err(ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("{trees} may have {nodes} nodes; this server explains at most {limit}"),
            ));
        }
        let values = match values.as_deref() {
            Some(v) => parse_values(v).map_err(|e| ApiError::bad(format!("values: {e}")))?,
            None => DEFAULT_VALUES,
        };
        if let Some(n) = statics.filter(|&n| n > MAX_STATIC_NOISE) {
            return Err(ApiError::bad(format!(
                "statics: at most {MAX_STATIC_NOISE}, not {n}"
            )));
        }
        Ok(Draws {
            shape,
            values,
            statics,
            root: root_of(root.as_deref())?,
        })
    }

    /// The tree of this seed.
    fn draw(&self, seed: u64) -> RandomTree {
        let drawn = RandomTree::draw(self.shape, self.values.clone(), seed);
        match self.statics {
            Some(n) => drawn.with_statics(self.root, n),
            None => drawn,
        }
    }
}

/// The query of `GET /api/tree/worksheet`: random trees as `/api/tree/random` draws them, how
/// many, and how to search them as `POST /api/tree` takes it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorksheetQuery {
    #[serde(default)]
    shape: Option<String>,
    #[serde(default)]
    values: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    statics: Option<u32>,
    #[serde(default)]
    count: Option<u32>,
    #[serde(default)]
    root: Option<String>,
    #[serde(default)]
    order: Option<String>,
    #[serde(default)]
    algorithm: Option<String>,
    #[serde(default)]
    cut: Option<String>,
    #[serde(default)]
    view: Option<String>,
    #[serde(default)]
    depth: Option<u32>,
    /// `false`: the students' copy, without the answers.
    #[serde(default)]
    answers: Option<bool>,
}

/// The most exercises a worksheet from the server holds.
const MAX_WORKSHEET_COUNT: u32 = 20;

/// `GET /api/tree/worksheet?shape=3x3&count=6&seed=7&order=ltr...`: a worksheet of `count`
/// random trees (1 unless given, at most 20; the seeds the first's, then one more each), as
/// `alphabeta tree --random 3x3 --count 6 --format worksheet` prints it: `worksheet`, with
/// the first `seed` and the `trees`; with `answers=false` the students' copy, as `--quiz`
/// prints it.
pub async fn random_worksheet(
    State(state): State<Arc<AppState>>,
    query: Result<Query<WorksheetQuery>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(q) = query.map_err(|e| ApiError::bad(e.body_text()))?;
    let count = q.count.unwrap_or(1);
    if !(1..=MAX_WORKSHEET_COUNT).contains(&count) {
        return Err(ApiError::bad(format!(
            "count: from 1 to {MAX_WORKSHEET_COUNT}, not {count}"
        )));
    }
    let draws = Draws::of(&q.shape, &q.values, q.statics, &q.root, count, &state)?;
    let settings = settings_of([&q.root, &q.order, &q.algorithm, &q.cut])?;
    let view = view_of(q.view.as_deref())?;
    let seed = q.seed.unwrap_or_else(fresh_seed);
    let mut exercises = Vec::new();
    let mut trees = Vec::new();
    for k in 0..count {
        let drawn = draws.draw(seed.wrapping_add(u64::from(k)));
        let tree = parse(&drawn.tree).map_err(|e| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("a random tree does not parse: {e}"),
            )
        })?;
        let exercise =
            Exercise::new(&tree, settings, view, q.depth, Some(drawn.about())).map_err(|e| {
                let field = if matches!(e, ExerciseError::Depth(_)) {
                    "depth: "
                } else {
                    ""
                };
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, format!("{field}{e}"))
            })?;
        exercises.push(exercise);
        trees.push(drawn.tree);
    }
    Ok(Json(serde_json::json!({
        "worksheet": worksheet(&exercises, q.answers.unwrap_or(true)),
        "seed": seed,
        "trees": trees,
    })))
}
