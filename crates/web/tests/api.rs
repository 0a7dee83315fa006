//! The API against the real server on a loopback port: every endpoint, every error, the limits.
//! Expected answers come from the source material (trees) or from the rules (Gomoku), not from
//! the server's own output.

use std::time::Duration;

use alphabeta_web::{serve, Limits};
use reqwest::{Client, StatusCode};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Starts a server with these limits on a free loopback port; returns its base address.
async fn start(limits: Limits) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { serve(listener, limits).await.unwrap() });
    format!("http://{addr}")
}

fn small() -> Limits {
    Limits {
        max_searches: 1,
        engine_megabytes: 4,
        max_think: Duration::from_secs(5),
        max_tree_nodes: 200,
        max_body_bytes: 4096,
        ..Limits::default()
    }
}

/// The status and the body: its JSON, or its text as a JSON string when it is not JSON.
async fn reply(r: reqwest::Response) -> (StatusCode, Value) {
    let status = r.status();
    let text = r.text().await.unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

async fn post(c: &Client, url: &str, body: Value) -> (StatusCode, Value) {
    reply(c.post(url).json(&body).send().await.unwrap()).await
}

/// Posts `body` as it is, declared as JSON: for bodies that are not.
async fn post_text(c: &Client, url: &str, body: &'static str) -> (StatusCode, Value) {
    let r = c
        .post(url)
        .header("content-type", "application/json")
        .body(body);
    reply(r.send().await.unwrap()).await
}

async fn get(c: &Client, url: &str) -> (StatusCode, Value) {
    reply(c.get(url).send().await.unwrap()).await
}

/// Creates a game from `body` (which must succeed: 201) and gives it.
async fn new_game(c: &Client, base: &str, body: Value) -> Value {
    let (s, g) = post(c, &format!("{base}/api/gomoku/games"), body).await;
    assert_eq!(s, 201, "{g}");
    g
}

fn error_of(v: &Value) -> &str {
    v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error message in {v}"))
}

#[tokio::test]
async fn page_and_assets_are_served() {
    let base = start(small()).await;
    let c = Client::new();
    let r = c.get(format!("{base}/")).send().await.unwrap();
    assert_eq!(r.status(), 200);
    assert!(r.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    let page = r.text().await.unwrap();
    assert!(page.contains("/assets/app.js") && page.contains("/assets/style.css"));
    for (name, kind) in [("app.js", "text/javascript"), ("style.css", "text/css")] {
        let r = c.get(format!("{base}/assets/{name}")).send().await.unwrap();
        assert_eq!(r.status(), 200, "{name}");
        assert!(r.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with(kind));
        assert!(r.text().await.unwrap().len() > 500);
    }
    let (s, v) = get(&c, &format!("{base}/assets/nothing.js")).await;
    assert_eq!(s, 404);
    assert!(error_of(&v).contains("nothing.js"));
    let (s, v) = get(&c, &format!("{base}/no/such/page")).await;
    assert_eq!(s, 404);
    assert!(error_of(&v).contains("/no/such/page"));
    // A route asked with a method it does not take: 405, the methods it takes, and why in JSON.
    let r = c.delete(format!("{base}/api/tree")).send().await.unwrap();
    assert_eq!(r.status(), 405);
    assert_eq!(r.headers()["allow"], "POST");
    let v: Value = r.json().await.unwrap();
    assert_eq!(error_of(&v), "/api/tree does not take DELETE");
}

#[tokio::test]
async fn tree_reference_answers() {
    let base = start(small()).await;
    let c = Client::new();
    let url = format!("{base}/api/tree");
    // The material: value 3; 4 and 6 under the second node are never opened.
    let (s, v) = post(&c, &url, json!({"tree": "[[3,12,8],[2,4,6],[14,5,2]]"})).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["value"], 3);
    assert_eq!(v["leaves_opened"], 7);
    assert_eq!(v["pruned"], json!([[1, 1], [1, 2]]));
    let svg = v["svg"].as_str().unwrap();
    assert_eq!(svg.matches("class=\"cutmark\"").count(), 2);
    // The same picture for LaTeX: the two cuts, the seven opened leaves (and the style).
    let tikz = v["tikz"].as_str().unwrap();
    assert!(tikz.contains("\\begin{tikzpicture}"), "{tikz}");
    assert_eq!(tikz.matches("\\draw[cut mark]").count(), 2);
    assert_eq!(tikz.matches("opened leaf").count(), 7 + 1);
    assert!(v.get("beamer").is_none(), "slides only when asked");
    // The trace in words, as `--trace` and the slides say it: the material's 7 leaves, each a
    // line, and the root's value last; each line at a later step of the trace.
    let lines = v["trace_lines"].as_array().unwrap();
    let texts: Vec<&str> = lines.iter().map(|l| l["text"].as_str().unwrap()).collect();
    assert_eq!(
        texts.iter().filter(|t| t.starts_with("open leaf")).count(),
        7
    );
    assert_eq!(texts.last(), Some(&"leave root with 3"));
    let steps: Vec<u64> = lines.iter().map(|l| l["step"].as_u64().unwrap()).collect();
    assert!(steps.windows(2).all(|w| w[0] < w[1]), "{steps:?}");
    assert!(*steps.last().unwrap() < v["trace"].as_array().unwrap().len() as u64);
    // The slides, when asked: a frame that ends with the root's value, the material's 3.
    let (s, r) = post(
        &c,
        &url,
        json!({"tree": "[[3,12,8],[2,4,6],[14,5,2]]", "beamer": true}),
    )
    .await;
    assert_eq!(s, 200, "{r}");
    let slides = r["beamer"].as_str().unwrap();
    assert!(slides.contains("\\begin{frame}"), "{slides}");
    assert!(slides.contains(": leave root with 3.}"), "{slides}");
    // Not for a sealed question (they are its answer), nor for a tree too big to step through.
    let (s, r) = post(
        &c,
        &url,
        json!({"tree": "[1,2]", "sealed": true, "beamer": true}),
    )
    .await;
    assert_eq!(s, 422, "{r}");
    assert!(error_of(&r).contains("sealed question holds none"), "{r}");
    // A worksheet, when asked: a whole document, the question, then the answer with the
    // material's value; not for a sealed question either.
    assert!(v.get("worksheet").is_none(), "a worksheet only when asked");
    let (s, r) = post(
        &c,
        &url,
        json!({"tree": "[[3,12,8],[2,4,6],[14,5,2]]", "worksheet": true}),
    )
    .await;
    assert_eq!(s, 200, "{r}");
    let sheet = r["worksheet"].as_str().unwrap();
    let (question, answer) = sheet.split_once("\\section*{Answers}").unwrap();
    assert!(question.contains("\\documentclass"), "{sheet}");
    assert!(!question.contains("value: "), "{question}");
    assert!(answer.contains("\\item value: 3\\\\"), "{answer}");
    assert_eq!(answer.matches("\\draw[cut mark]").count(), 2, "{answer}");
    // Sealed, the students' copy: the question without the answer.
    let (s, r) = post(
        &c,
        &url,
        json!({"tree": "[[3,12,8],[2,4,6],[14,5,2]]", "sealed": true, "worksheet": true}),
    )
    .await;
    assert_eq!(s, 200, "{r}");
    let copy = r["worksheet"].as_str().unwrap();
    assert!(!copy.contains("\\section*{Answers}"), "{copy}");
    assert_eq!(copy.matches("\\subsection*{Exercise ").count(), 1, "{copy}");
    assert!(copy.trim_end().ends_with("\\end{document}"), "{copy}");
    assert!(r.get("value").is_none(), "{r}");
    // An unknown leaf the search needs: the worksheet's answer is its cases, beside them.
    let (s, r) = post(
        &c,
        &url,
        json!({"tree": "A(B(D=10,E=?),C(F=2,G=4))", "worksheet": true}),
    )
    .await;
    assert_eq!(s, 422, "{r}");
    assert_eq!(r["unknown"]["cases"].as_array().unwrap().len(), 3, "{r}");
    let sheet = r["worksheet"].as_str().unwrap();
    let answer = sheet.split_once("\\section*{Answers}").unwrap().1;
    assert!(
        answer.contains("\\textbf{2 $\\leq$ E $\\leq$ 10}: value E,"),
        "{answer}"
    );
    let wide = format!("[{}]", vec!["1"; 127].join(","));
    let (s, r) = post(&c, &url, json!({"tree": wide, "beamer": true})).await;
    assert_eq!(s, 413, "{r}");
    assert!(
        error_of(&r).contains("the tree has 128 nodes; slides are drawn for at most 127"),
        "{r}"
    );
    let trace = v["trace"].as_array().unwrap();
    assert_eq!(
        trace.iter().filter(|s| s["step"] == "leaf").count(),
        7,
        "the trace opens the same 7 leaves"
    );
    // Both later Min nodes fail low at once (2 <= 3 and, last, 2 <= 3).
    let cuts: Vec<&Value> = trace
        .iter()
        .filter(|s| s["step"] == "cut")
        .map(|s| &s["path"])
        .collect();
    assert_eq!(cuts, [&json!([1]), &json!([2])]);
    // The exam tree: V, D, Omega, Sigma, M.
    let exam = "[[[[4,8,6],[1,9]],[[5,8],[-1,2]]],[[[0,3],[-6,6]],[[1],[0,9,-7]]]]";
    let (_, v) = post(&c, &url, json!({"tree": exam})).await;
    assert_eq!(v["value"], 4);
    assert_eq!(
        v["pruned"],
        json!([[0, 0, 1, 1], [0, 1, 1], [1, 0, 0, 1], [1, 0, 1, 1], [1, 1]])
    );
    // Labelled, with unknown leaves that alpha-beta never needs.
    let (s, v) = post(
        &c,
        &url,
        json!({"tree": "A(B(D=3,E=6),C(F(I(M=1,N=?),J=5),G(K=6,L=?),H=4))"}),
    )
    .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["value"], 4);
    assert_eq!(v["pruned_labels"], json!(["N", "L"]));
    // Settings are honoured: minimax opens all 3 leaves of max{4, min{3,1}}, alpha-beta 2.
    let (_, v) = post(
        &c,
        &url,
        json!({"tree": "[4,[3,1]]", "algorithm": "minimax"}),
    )
    .await;
    assert_eq!(v["leaves_opened"], 3);
    let (_, v) = post(&c, &url, json!({"tree": "[4,[3,1]]", "root": "min"})).await;
    assert_eq!(v["value"], 3, "min of 4 and max(3, 1)");
    // Checking an answer to "how few leaves": 3, 12, 8 and a 2 under each other Min node fix
    // the root at 3; without 12 and 8 the first Min node could be anything up to 3.
    let three = "[[3,12,8],[2,4,6],[14,5,2]]";
    let (_, v) = post(&c, &url, json!({"tree": three, "given": [8, 3, 0, 1, 2]})).await;
    assert_eq!(
        v["given"],
        json!({"leaves": [0, 1, 2, 3, 8], "labels": null, "low": 3, "high": 3, "fixes": true})
    );
    let (_, v) = post(&c, &url, json!({"tree": three, "given": [0, 3, 8]})).await;
    assert_eq!(
        (&v["given"]["low"], &v["given"]["high"]),
        (&json!("-inf"), &json!(3))
    );
    assert_eq!(v["given"]["fixes"], false);
    let (_, v) = post(&c, &url, json!({"tree": three})).await;
    assert!(
        v.get("given").is_none() && v.get("compare").is_none(),
        "only when asked"
    );
    // Every algorithm in both orders: minimax opens all 9; alpha-beta the material's 7 left to
    // right, and all 9 right to left (2, 5, 14 first: alpha is 2, and each other Min node
    // reaches 2 or less only at its last leaf).
    let (_, v) = post(&c, &url, json!({"tree": three, "compare": true})).await;
    let rows = v["compare"].as_array().unwrap();
    assert_eq!(rows.len(), 10);
    let opened = |a: &str, o: &str| {
        rows.iter()
            .find(|r| r["algorithm"] == a && r["order"] == o)
            .map(|r| r["leaves_opened"].clone())
    };
    assert_eq!(opened("minimax", "ltr"), Some(json!(9)));
    assert_eq!(opened("alphabeta", "ltr"), Some(json!(7)));
    assert_eq!(opened("alphabeta", "rtl"), Some(json!(9)));
    // The player to move's view: the Min nodes' values negated, their windows turned round.
    let (_, max) = post(&c, &url, json!({"tree": three})).await;
    let (_, v) = post(&c, &url, json!({"tree": three, "view": "mover"})).await;
    assert_eq!((&v["view"], &v["value"]), (&json!("mover"), &json!(3)));
    let first_min = |r: &Value| r["nodes"][1].clone();
    assert_eq!(
        (&first_min(&max)["value"], &first_min(&v)["value"]),
        (&json!(3), &json!(-3))
    );
    assert_eq!(
        (&first_min(&max)["beta"], &first_min(&v)["alpha"]),
        (&json!(3), &json!(-3))
    );
    let (s, v) = post(&c, &url, json!({"tree": three, "view": "min"})).await;
    assert_eq!(s, 400);
    assert!(
        error_of(&v).contains("view must be max or mover, not 'min'"),
        "{v}"
    );
}

#[tokio::test]
async fn tree_errors_say_what_and_where() {
    let base = start(small()).await;
    let c = Client::new();
    let url = format!("{base}/api/tree");
    let (s, v) = post(&c, &url, json!({"tree": "[[3,12,8],[2,4"})).await;
    assert_eq!(s, 422);
    assert!(error_of(&v).contains("line 1, column"), "{v}");
    let (s, v) = post(&c, &url, json!({"tree": "[1,2]", "algorithm": "magic"})).await;
    assert_eq!(s, 400);
    assert!(error_of(&v).contains("magic") && error_of(&v).contains("pvs"));
    let (s, v) = post(&c, &url, json!({"tree": "[1,2]", "root": "both"})).await;
    assert_eq!(s, 400);
    assert!(error_of(&v).contains("both"));
    let (s, v) = post(&c, &url, json!({"tree": "[?,2]"})).await;
    assert_eq!(s, 422, "the search needs the unknown leaf: {v}");
    assert!(error_of(&v).contains('?'));
    // ... and says how the search goes for each of its values x: the root is max(x, 2), by
    // the second move while x < 2, by the first from x = 2 on (a tie keeps the first).
    let cases = v["unknown"]["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 2, "{v}");
    assert_eq!(
        (
            &cases[0]["high"],
            &cases[0]["value"],
            &cases[0]["best_move"]
        ),
        (&json!(1), &json!(2), &json!(1))
    );
    assert_eq!(
        (&cases[1]["low"], &cases[1]["value"], &cases[1]["best_move"]),
        (&json!(2), &json!("unknown"), &json!(0))
    );
    assert_eq!(cases[1]["opened"], json!([0, 1]));
    assert!(
        v["unknown"]["text"].as_str().unwrap().contains("x >= 2"),
        "{v}"
    );
    // With Min at the root and the mover's view asked, the root is min(x, 2) seen by Min:
    // -x while x <= 2, then -2.
    let min = json!({"tree": "[?,2]", "root": "min", "view": "mover"});
    let (s, v) = post(&c, &url, min).await;
    assert_eq!(s, 422, "{v}");
    let cases = v["unknown"]["cases"].as_array().unwrap();
    let seen: Vec<(&Value, &Value)> = cases.iter().map(|c| (&c["high"], &c["value"])).collect();
    assert_eq!(
        seen,
        [
            (&json!(2), &json!("-unknown")),
            (&json!(100_000_000), &json!(-2))
        ],
        "{v}"
    );
    assert!(
        v["unknown"]["text"].as_str().unwrap().contains("value -x"),
        "{v}"
    );
    // Children ordered by their static values (worked by hand in the CLI's tests): J, C, B.
    let statics = "A(B=3(D=3,E=12,F=8),C=5(G=2,H=4,I=6),J=6(K=14,L=5,M=2))";
    let (s, v) = post(
        &c,
        &url,
        json!({"tree": statics, "order": "static", "compare": true}),
    )
    .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        (&v["order"], &v["leaves_opened"]),
        (&json!("static"), &json!(7))
    );
    let orders: Vec<&Value> = v["compare"].as_array().unwrap()[..3]
        .iter()
        .map(|r| &r["order"])
        .collect();
    assert_eq!(orders, [&json!("ltr"), &json!("rtl"), &json!("static")]);
    let (s, v) = post(&c, &url, json!({"tree": statics, "sealed": true})).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        v["nodes"][1]["static_value"], 3,
        "a static value is part of the question"
    );
    // Searched to depth 1: B, C and J count as their static values, so Max takes B at 5
    // (by hand: max(5, 2, 3)), while the whole tree is worth 3 (min(2,4,6), min(14,5,2),
    // min(3,12,8) = 2, 2, 3).
    let misled = "A(B=5(D=2,E=4,F=6),C=2(G=14,H=5,I=2),J=3(K=3,L=12,M=8))";
    let (s, v) = post(&c, &url, json!({"tree": misled, "depth": 1})).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        (&v["value"], &v["best_move_label"]),
        (&json!(5), &json!("B"))
    );
    assert_eq!(v["leaves_total"], 3);
    let limit = &v["depth_limit"];
    assert_eq!(
        (&limit["full_value"], &limit["hidden_leaves"]),
        (&json!(3), &json!(9)),
        "{v}"
    );
    assert_eq!(
        limit["frontier"][2],
        json!({"path": [2], "label": "J", "static_value": 3})
    );
    // Compared, the tree is searched to each depth it can be cut at, then to the end.
    let (s, v) = post(&c, &url, json!({"tree": misled, "compare": true})).await;
    assert_eq!(s, 200, "{v}");
    let rows: Vec<(&Value, &Value, &Value)> = v["deepening"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (&r["depth"], &r["value"], &r["best_move_name"]))
        .collect();
    assert_eq!(
        rows,
        [
            (&json!(1), &json!(5), &json!("B")),
            (&Value::Null, &json!(3), &json!("J"))
        ]
    );
    let (s, v) = post(
        &c,
        &url,
        json!({"tree": misled, "depth": 1, "sealed": true}),
    )
    .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        v["nodes"].as_array().unwrap().len(),
        4,
        "the question is the cut tree"
    );
    assert_eq!(
        v["depth_limit"],
        Value::Null,
        "the whole tree's value is an answer"
    );
    // An unknown leaf below the cut is never needed; one above it is, cases and all.
    let (s, v) = post(
        &c,
        &url,
        json!({"tree": "A(B=1(D=?),C=2(E=3))", "depth": 1}),
    )
    .await;
    assert_eq!((s.as_u16(), &v["value"]), (200, &json!(2)), "{v}");
    assert_eq!(v["depth_limit"]["full_value"], Value::Null, "{v}");
    let (s, v) = post(&c, &url, json!({"tree": "A(B=?,C=2(E=3))", "depth": 1})).await;
    assert_eq!(s, 422, "{v}");
    assert!(
        v["unknown"]["cases"].is_array() && v["depth_limit"].is_object(),
        "{v}"
    );
    // An unknown static value at the cut is such a leaf: Max takes B from C's 2 on (a tie
    // keeps the first).
    let (s, v) = post(
        &c,
        &url,
        json!({"tree": "A(B=?(D=1),C=2(E=3))", "depth": 1}),
    )
    .await;
    assert_eq!(s, 422, "{v}");
    assert!(
        error_of(&v).contains("needs B's static value, which is unknown"),
        "{v}"
    );
    let text = v["unknown"]["text"].as_str().unwrap_or_default();
    assert!(
        text.contains("B <= 1  value 2, best move C")
            && text.contains("B >= 2  value B, best move B"),
        "{v}"
    );
    assert_eq!(v["depth_limit"]["frontier"][0]["static_value"], "?", "{v}");
    let (s, v) = post(&c, &url, json!({"tree": "A(B(D=1),C=2(E=3))", "depth": 1})).await;
    assert_eq!(s, 422, "{v}");
    assert!(error_of(&v).contains("B there has no static value"), "{v}");
    let (s, v) = post(&c, &url, json!({"tree": "[1,2]", "depth": 0})).await;
    assert_eq!(s, 422, "{v}");
    assert!(error_of(&v).contains("at least 1"), "{v}");
    let (s, v) = post(&c, &url, json!({"tree": "[1,2]", "depth": -1})).await;
    assert_eq!(s, 422, "{v}");
    assert!(error_of(&v).contains("depth"), "{v}");
    let (s, v) = post(&c, &url, json!({"tree": "[1,2]", "order": "sideways"})).await;
    assert_eq!(s, 400);
    assert!(error_of(&v).contains("static"), "{v}");
    // Two unknown leaves: where the search needs the second (for x <= 3 in [[3,x],[y,4]],
    // worked by hand in the CLI's tests), its cases within, each with both values.
    let (s, v) = post(&c, &url, json!({"tree": "[[3,?],[?,4]]"})).await;
    assert_eq!(s, 422, "{v}");
    let first = &v["unknown"]["cases"][0];
    assert_eq!(
        (&first["high"], &first["needs_variable"]),
        (&json!(3), &json!("y"))
    );
    let inner: Vec<(&Value, &Value)> = first["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (&c["high"], &c["value"]))
        .collect();
    assert_eq!(
        inner,
        [
            (&json!("x"), &json!("unknown")),
            (&json!(4), &json!("other")),
            (&json!(100_000_000), &json!(4))
        ]
    );
    assert_eq!(first["cases"][1]["tree"], "[[3,3],[4,4]]");
    // A sealed question holds no answer, not even in an error: it asks the question.
    let (s, v) = post(&c, &url, json!({"tree": "[?,2]", "sealed": true})).await;
    assert_eq!(s, 422, "{v}");
    assert!(v.get("unknown").is_none(), "{v}");
    let q = &v["unknown_question"];
    assert!(
        q["questions"][0]
            .as_str()
            .unwrap()
            .contains("For which values of x"),
        "{v}"
    );
    let svg = q["question_svg"].as_str().unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains(">?</text>"),
        "{svg}"
    );
    let tikz = q["question_tikz"].as_str().unwrap();
    assert!(
        tikz.contains("{$?$};") && !tikz.contains("\\draw[cut mark]"),
        "{tikz}"
    );
    let (s, v) = post(&c, &url, json!({"tree": "[1,2]", "given": [2]})).await;
    assert_eq!(s, 422);
    assert!(
        error_of(&v).contains("given: there is no leaf #2: the leaves are #0 to #1"),
        "{v}"
    );
    let (s, v) = post(&c, &url, json!({"tree": "[1,2]", "given": "0,1"})).await;
    assert_eq!(s, 422, "{v}");
    let (s, v) = post(&c, &url, json!({"tree": "[1,2]", "extra": 1})).await;
    assert_eq!(s, 422, "unknown fields are refused: {v}");
    assert!(error_of(&v).contains("extra"));
    // Not JSON, not declared as JSON.
    let (s, v) = post_text(&c, &url, "{not json").await;
    assert_eq!(s, 400);
    assert!(!error_of(&v).is_empty());
    let r = c.post(&url).body("[1,2]").send().await.unwrap();
    assert_eq!(r.status(), 415);
    // Limits: the body (4 KiB here) and the tree's size (200 nodes here).
    let big = format!("[{}]", vec!["1"; 3000].join(","));
    let (s, v) = post(&c, &url, json!({ "tree": big })).await;
    assert_eq!(s, 413, "{v}");
    let wide = format!("[{}]", vec!["1"; 300].join(","));
    let (s, v) = post(&c, &url, json!({ "tree": wide })).await;
    assert_eq!(s, 413);
    assert!(error_of(&v).contains("301 nodes"), "{v}");
    // The server still answers.
    let (s, _) = post(&c, &url, json!({"tree": "[1,2]"})).await;
    assert_eq!(s, 200);
}

/// Plain minimax on a parsed tree, from the definition (Max at the root).
fn minimax(t: &alphabeta_tree::Tree, id: u32, max: bool) -> i32 {
    let kids = t.children_of(id);
    if kids.is_empty() {
        return t.node(id).value.expect("a known leaf");
    }
    let values = kids.iter().map(|&k| minimax(t, k, !max));
    if max {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

/// `GET /api/tree/worksheet`: random trees as `/api/tree/random` draws them from the seed on,
/// each answered with its minimax value; the count and the server's tree limit checked.
#[tokio::test]
async fn a_worksheet_of_random_trees() {
    let base = start(small()).await;
    let c = Client::new();
    let url = |q: &str| format!("{base}/api/tree/worksheet{q}");
    let (s, v) = get(&c, &url("?shape=2x3&count=3&seed=5&order=rtl&values=-9..9")).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["seed"], 5);
    let sheet = v["worksheet"].as_str().unwrap();
    let answers = sheet.split_once("\\section*{Answers}").unwrap().1;
    let answers: Vec<&str> = answers.split("\\subsection*{Exercise ").skip(1).collect();
    let trees = v["trees"].as_array().unwrap();
    assert_eq!((trees.len(), answers.len()), (3, 3), "{v}");
    for (k, (text, answer)) in trees.iter().zip(&answers).enumerate() {
        let seed = 5 + k;
        let (_, drawn) = get(
            &c,
            &format!("{base}/api/tree/random?shape=2x3&values=-9..9&seed={seed}"),
        )
        .await;
        assert_eq!(drawn["tree"], *text, "the tree of seed {seed}");
        let tree = alphabeta_tree::parse(text.as_str().unwrap()).unwrap();
        let value = minimax(&tree, 0, true);
        let value = if value < 0 {
            format!("${value}$")
        } else {
            value.to_string()
        };
        assert!(
            answer.contains(&format!("\\item value: {value}\\\\")),
            "{answer}"
        );
        assert!(
            answer.contains("-{}-order rtl"),
            "the settings asked for: {answer}"
        );
    }
    for (query, status, error) in [
        ("?count=0", 400, "count: from 1 to 20, not 0"),
        ("?count=21", 400, "count: from 1 to 20, not 21"),
        (
            "?shape=3x3&count=6",
            413,
            "6 3x3 trees may have 240 nodes; this server explains at most 200",
        ),
        ("?depth=1", 422, "depth: the search stops at depth 1"),
        ("?view=min", 400, "view must be max or mover, not 'min'"),
    ] {
        let (s, e) = get(&c, &url(query)).await;
        assert_eq!(s, status, "{query}: {e}");
        assert!(error_of(&e).contains(error), "{query}: {e}");
    }
    // The students' copy of the same trees: their questions, no answers.
    let (s, copy) = get(
        &c,
        &url("?shape=2x3&count=3&seed=5&order=rtl&values=-9..9&answers=false"),
    )
    .await;
    assert_eq!(s, 200, "{copy}");
    let copy = copy["worksheet"].as_str().unwrap();
    assert!(!copy.contains("\\section*{Answers}"), "{copy}");
    let questions = sheet.split_once("\\section*{Answers}").unwrap().0;
    let body = |doc: &str| doc.split_once("\\documentclass").unwrap().1.to_string();
    assert_eq!(
        body(copy)
            .trim_end()
            .trim_end_matches("\\end{document}")
            .trim_end(),
        body(questions)
            .trim_end()
            .trim_end_matches("\\clearpage")
            .trim_end()
    );
    // With static values a depth limit has something to stop at.
    let (s, v) = get(&c, &url("?shape=3x2&statics=0&depth=1&count=2")).await;
    assert_eq!(s, 200, "{v}");
}

#[tokio::test]
async fn random_trees_to_practise_on() {
    let base = start(small()).await;
    let c = Client::new();
    let url = |q: &str| format!("{base}/api/tree/random{q}");
    let (s, v) = get(&c, &url("?shape=2x2-3&values=-5..5&seed=11")).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        (&v["shape"], &v["low"], &v["high"], &v["seed"]),
        (&json!("2x2-3"), &json!(-5), &json!(5), &json!(11))
    );
    let text = v["tree"].as_str().unwrap();
    let tree = alphabeta_tree::parse(text).unwrap();
    for (id, n) in tree.nodes.iter().enumerate() {
        let children = tree.children_of(id as u32).len();
        assert!(
            if n.is_leaf() {
                n.depth == 2
            } else {
                (2..=3).contains(&children)
            },
            "{text}"
        );
    }
    let flat = text.replace(['[', ']'], "");
    assert!(flat
        .split(',')
        .all(|x| (-5..=5).contains(&x.parse::<i32>().unwrap())));
    // The seed draws it again; without one the server picks one and says which.
    let (_, again) = get(&c, &url("?shape=2x2-3&values=-5..5&seed=11")).await;
    assert_eq!(again["tree"], v["tree"]);
    assert_eq!(v["static_noise"], Value::Null);
    // Exact static values, for Min at the root: each inner node below the root holds its
    // minimax value, so the depth-1 nodes (Max moves there) hold their largest leaf.
    let (s, w) = get(
        &c,
        &url("?shape=2x2-3&values=-5..5&seed=11&statics=0&root=min"),
    )
    .await;
    assert_eq!(s, 200, "{w}");
    assert_eq!(w["static_noise"], 0);
    let statics = alphabeta_tree::parse(w["tree"].as_str().unwrap()).unwrap();
    for &child in statics.children_of(0) {
        let most = statics
            .children_of(child)
            .iter()
            .map(|&l| statics.node(l).value.unwrap())
            .max();
        assert_eq!(statics.node(child).static_value, Some(most), "{w}");
    }
    let leaves = |t: &alphabeta_tree::Tree| -> Vec<_> {
        t.leaves.iter().map(|&l| t.node(l).value).collect()
    };
    assert_eq!(leaves(&statics), leaves(&tree), "the same leaves");
    let (s, e) = get(&c, &url("?statics=5000")).await;
    assert_eq!(s, 400, "{e}");
    let (s, e) = get(&c, &url("?statics=1&root=both")).await;
    assert_eq!(s, 400, "{e}");
    let (s, d) = get(&c, &url("")).await;
    assert_eq!(s, 200, "{d}");
    assert_eq!(d["shape"], "3x3", "the default shape");
    assert_eq!((&d["low"], &d["high"]), (&json!(0), &json!(20)));
    let seed = d["seed"].as_u64().unwrap();
    let (_, same) = get(&c, &url(&format!("?seed={seed}"))).await;
    assert_eq!(same["tree"], d["tree"]);
    // The explainer takes it, and draws the question bare when asked.
    let (s, e) = post(
        &c,
        &format!("{base}/api/tree"),
        json!({"tree": text, "question": true}),
    )
    .await;
    assert_eq!(s, 200, "{e}");
    let question = e["question_svg"].as_str().unwrap();
    assert!(question.starts_with("<svg") && !question.contains("class=\"cutmark\""));
    let question = e["question_tikz"].as_str().unwrap();
    assert!(question.contains("\\begin{tikzpicture}") && !question.contains("[cut mark]"));
    let (_, e) = post(&c, &format!("{base}/api/tree"), json!({"tree": text})).await;
    assert!(e.get("question_svg").is_none(), "only when asked");
    assert!(e.get("question_tikz").is_none(), "only when asked");
    // Sealed: the question and the tree's shape, no answer anywhere in the reply.
    let (s, q) = post(
        &c,
        &format!("{base}/api/tree"),
        json!({"tree": text, "question": true, "sealed": true, "order": "rtl"}),
    )
    .await;
    assert_eq!(s, 200, "{q}");
    let mut keys: Vec<&str> = q.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "algorithm",
            "cut",
            "leaves_total",
            "nodes",
            "order",
            "question_svg",
            "question_tikz",
            "root",
            "view"
        ]
    );
    assert_eq!(q["order"], "rtl");
    for n in q["nodes"].as_array().unwrap() {
        let mut keys: Vec<&str> = n.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_unstable();
        let shape = [
            "kind",
            "label",
            "leaf",
            "leaf_value",
            "path",
            "static_value",
        ];
        assert_eq!(keys, shape, "{n}");
    }
    assert_eq!(q["nodes"].as_array().unwrap().len(), tree.nodes.len());
    assert!(!q["question_svg"]
        .as_str()
        .unwrap()
        .contains("class=\"cutmark\""));
    // Nothing the search found in the question's TikZ: no cut, no window, no value but the
    // leaves' (the CLI's tests check the bare picture whole).
    let question = q["question_tikz"].as_str().unwrap();
    assert!(
        !question.contains("[cut mark]") && !question.contains("\\node[window]"),
        "{question}"
    );
    assert_eq!(
        question.matches("\\node[value]").count(),
        tree.leaves.len(),
        "{question}"
    );
    // Bad requests say what; a shape too big for this server (200 nodes) is refused.
    for (q, status, needle) in [
        ("?shape=3", 400, "like 3x3"),
        ("?shape=0x2", 400, "depth must be 1 to 8"),
        ("?values=9..1", 400, "LOW..HIGH"),
        ("?seed=-1", 400, "seed"),
        ("?colour=red", 400, "colour"),
        (
            "?shape=4x4",
            413,
            "341 nodes; this server explains at most 200",
        ),
    ] {
        let (s, v) = get(&c, &url(q)).await;
        assert_eq!(s, status, "{q}: {v}");
        assert!(error_of(&v).contains(needle), "{q}: {v}");
    }
}

/// What a benchmark score says, in the page's words, by the sets' definition: the winning
/// disc, `k` plies from a position of `m` discs, is placed onto `m + k - 1` and scores
/// `(43 - that) / 2`, rounded down; a win of the side to move is an odd `k`.
fn plies_named(m: i32, score: i32) -> String {
    if score == 0 {
        return "draw".into();
    }
    let k = (1..=42 - m)
        .find(|k| (k % 2 == 1) == (score > 0) && (43 - (m + k - 1)) / 2 == score.abs())
        .expect("a reachable score");
    format!("{} in {k}", if score > 0 { "win" } else { "loss" })
}

/// A Connect Four benchmark set from `../shared/data/connect4` ("MOVES SCORE" lines).
fn connect4_set(name: &str) -> String {
    let path = format!(
        "{}/../../../shared/data/connect4/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[tokio::test]
async fn connect_four_values_match_the_benchmark() {
    let base = start(small()).await;
    let c = Client::new();
    let url = format!("{base}/api/connect4");
    // Middle-Easy, 14 to 27 discs: the solver's values, column by column.
    let text = connect4_set("Test_L2_R1");
    for line in text.lines().take(12) {
        let (moves, score) = line.split_once(' ').unwrap();
        let score: i32 = score.trim().parse().unwrap();
        let m = moves.len() as i32;
        let (s, v) = post(&c, &url, json!({"moves": moves, "think": true})).await;
        assert_eq!(s, 200, "{moves}: {v}");
        let want = plies_named(m, score);
        assert_eq!(v["engine"]["value"], want, "{moves}");
        assert_eq!(v["engine"]["exact"], true);
        // The engine's column is worth the position's value; no column is worth more (a
        // column's value is the negation of the position after it, solved on its own).
        let columns = v["columns"].as_array().unwrap();
        let of = |col: &Value| {
            columns
                .iter()
                .find(|x| x["column"] == *col)
                .map(|x| x["value"].clone())
        };
        assert_eq!(of(&v["engine"]["column"]), Some(json!(want)), "{moves}");
        for col in columns {
            let after = format!("{moves}{}", col["column"]);
            let (_, w) = post(&c, &url, json!({"moves": after, "think": true})).await;
            let named = match (&w["winner"], &w["engine"]["value"]) {
                (Value::String(_), _) => "win in 1".to_string(),
                (_, Value::String(theirs)) => theirs
                    .replace("win", "LOSS")
                    .replace("loss", "win")
                    .replace("LOSS", "loss"),
                _ => "draw".to_string(),
            };
            // One ply more from here than from the position after the move.
            let plies = |t: &str| t.rsplit(' ').next().unwrap().parse::<u32>().ok();
            let mine = col["value"].as_str().unwrap();
            if named == "draw" || mine == "draw" {
                assert_eq!(mine, named, "{after}");
            } else {
                assert_eq!(mine.split(' ').next(), named.split(' ').next(), "{after}");
                let theirs = plies(&named).unwrap();
                let expected = if w["winner"].is_string() {
                    1
                } else {
                    theirs + 1
                };
                assert_eq!(plies(mine), Some(expected), "{after}");
            }
        }
    }
    // Early on no values; the engine's move from a timed search.
    let (s, v) = post(
        &c,
        &url,
        json!({"moves": "4453", "think": true, "time": 0.2}),
    )
    .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["columns"], Value::Null);
    assert_eq!(
        v["solve_from"], 14,
        "the page says from when the values show"
    );
    assert_eq!(v["engine"]["exact"], false);
    assert!((1..=7).contains(&v["engine"]["column"].as_u64().unwrap()));
    assert_eq!(v["board"][5], "..OXX..");
    assert_eq!(v["to_move"], "X");
    // Over: four in column 1, no engine.
    let (_, v) = post(&c, &url, json!({"moves": "1212121", "think": true})).await;
    assert_eq!(
        (v["winner"].clone(), v["over"].clone()),
        (json!("X"), json!(true))
    );
    assert!(v.get("engine").is_none());
    let four: Vec<Value> = (1..=4)
        .map(|row| json!({"column": 1, "row": row}))
        .collect();
    assert_eq!(
        v["winning_cells"],
        json!(four),
        "the four X discs of column 1"
    );
    assert_eq!(v["board"][2], "X......", "the top of that four is row 4");
    let (_, v) = post(&c, &url, json!({"moves": "121212"})).await;
    assert_eq!(v["winning_cells"], json!([]), "no four yet");
    // Bad requests say what is wrong.
    let (s, v) = post(&c, &url, json!({"moves": "12x"})).await;
    assert_eq!(s, 422);
    assert!(error_of(&v).contains("move 3: 'x' is not a column"), "{v}");
    let (s, v) = post(&c, &url, json!({"moves": "4444444"})).await;
    assert_eq!(s, 422);
    assert!(error_of(&v).contains("column 4 is full"), "{v}");
    let (s, v) = post(&c, &url, json!({"moves": "4", "think": true, "time": 99})).await;
    assert_eq!(s, 400);
    assert!(error_of(&v).contains("time"), "{v}");
    let (s, _) = post(&c, &url, json!({"moves": "4", "depth": 3})).await;
    assert!(s.is_client_error());
}

/// From 8 discs the values show where the solver answers within its budget: Begin-Easy's
/// positions of 10 to 13 discs do, with the benchmark's score; a Begin-Hard one of 8 discs
/// (some 13 million nodes for the position alone) does not, and the engine searches.
#[tokio::test]
async fn connect_four_values_show_early_where_the_solver_answers() {
    let base = start(small()).await;
    let c = Client::new();
    let url = format!("{base}/api/connect4");
    // First, with the engine's table still empty.
    let (s, v) = post(
        &c,
        &url,
        json!({"moves": "32252276", "think": true, "time": 0.2}),
    )
    .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["engine"]["exact"], false, "{v}");
    assert_eq!(v["columns"], Value::Null);
    let (_, v) = post(&c, &url, json!({"moves": "32252276"})).await;
    assert_eq!(v["columns"], Value::Null);
    assert_eq!(
        (
            &v["solve_early_from"],
            &v["solve_early_nodes"],
            &v["solve_from"]
        ),
        (&json!(8), &json!(8_000_000), &json!(14)),
        "the page says when the values show"
    );
    let text = connect4_set("Test_L1_R1");
    let early = text
        .lines()
        .filter(|l| (10..14).contains(&l.find(' ').unwrap_or(0)));
    for line in early.take(4) {
        let (moves, score) = line.split_once(' ').unwrap();
        let want = plies_named(moves.len() as i32, score.trim().parse().unwrap());
        let (s, v) = post(&c, &url, json!({"moves": moves})).await;
        assert_eq!(s, 200, "{moves}: {v}");
        assert!(v.get("engine").is_none());
        // The best column is worth the position's value.
        let columns = v["columns"].as_array().expect("values from 10 discs");
        let values: Vec<&str> = columns
            .iter()
            .map(|x| x["value"].as_str().unwrap())
            .collect();
        assert!(
            values.contains(&want.as_str()),
            "{moves}: {want} in {values:?}"
        );
        let (_, v) = post(&c, &url, json!({"moves": moves, "think": true})).await;
        assert_eq!(
            (&v["engine"]["exact"], &v["engine"]["value"]),
            (&json!(true), &json!(want)),
            "{moves}"
        );
        let chosen = columns
            .iter()
            .find(|x| x["column"] == v["engine"]["column"]);
        assert_eq!(chosen.map(|x| &x["value"]), Some(&json!(want)), "{moves}");
    }
}

#[tokio::test]
async fn tictactoe_values_under_perfect_play() {
    let base = start(small()).await;
    let c = Client::new();
    let url = format!("{base}/api/tictactoe");
    let (s, v) = post(&c, &url, json!({"board": "........."})).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["value"], "draw", "tic-tac-toe is a draw");
    assert_eq!(v["moves"].as_array().unwrap().len(), 9);
    // X to move wins at once by completing the top row (cell 2).
    let (_, v) = post(&c, &url, json!({"board": "XX.OO...."})).await;
    assert_eq!(v["to_move"], "X");
    assert_eq!(v["best"], 2);
    assert_eq!(v["value"], "win in 1");
    let (s, v) = post(&c, &url, json!({"board": "XXXOO...."})).await;
    assert_eq!(s, 200);
    assert_eq!(v["winner"], "X");
    assert_eq!(v["over"], true);
    assert_eq!(v["winning_cells"], json!([0, 1, 2]), "the top row");
    // One mark that closes a row and a diagonal at once: both lines.
    let (_, v) = post(&c, &url, json!({"board": "XXXOXOOOX"})).await;
    assert_eq!(v["winning_cells"], json!([0, 1, 2, 4, 8]), "{v}");
    let (_, v) = post(&c, &url, json!({"board": "XX.OO...."})).await;
    assert_eq!(v["winning_cells"], json!([]), "no one has won");
    let (s, v) = post(&c, &url, json!({"board": "XXQ"})).await;
    assert_eq!(s, 422);
    assert!(error_of(&v).contains("tic-tac-toe"));
    assert!(v.get("lookahead").is_none());
}

#[tokio::test]
async fn tictactoe_the_materials_look_ahead() {
    let base = start(small()).await;
    let c = Client::new();
    let url = format!("{base}/api/tictactoe");
    // Two plies with f(p) = open lines from the empty board: centre 1, corners -1, edges -2
    // (the material's figure); it picks the centre.
    let (s, v) = post(&c, &url, json!({"board": ".........", "plies": 2})).await;
    assert_eq!(s, 200, "{v}");
    let l = &v["lookahead"];
    assert_eq!(
        (&l["plies"], &l["best"], &l["value"]),
        (&json!(2), &json!(4), &json!("1"))
    );
    let values: Vec<&str> = l["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["value"].as_str().unwrap())
        .collect();
    // In the generator's order: centre, corners, edges.
    assert_eq!(
        values,
        ["1", "-1", "-1", "-1", "-1", "-2", "-2", "-2", "-2"]
    );
    // The same look-ahead as a tree for the explainer, worth what the look-ahead says.
    let tree = alphabeta_tree::parse(l["tree"].as_str().unwrap()).unwrap();
    let e = alphabeta_tree::explain(&tree, Default::default(), false).unwrap();
    assert_eq!(
        (e.run.value, e.run.best_move),
        (1, Some(2)),
        "X5, the third first move"
    );
    let (_, v) = post(&c, &url, json!({"board": ".........", "plies": 5})).await;
    assert_eq!(
        v["lookahead"]["tree"],
        Value::Null,
        "too big a tree to send"
    );
    // Perfect play is still there, unchanged.
    assert_eq!(v["value"], "draw");
    for plies in [0, 10] {
        let (s, v) = post(&c, &url, json!({"board": ".........", "plies": plies})).await;
        assert_eq!(s, 400, "{v}");
        assert!(error_of(&v).contains("plies"));
    }
    let (s, _) = post(&c, &url, json!({"board": ".........", "plies": "two"})).await;
    assert!(s == 400 || s == 422, "{s}");
}

/// Reads a whole server-sent-event stream: (event, data) pairs.
async fn events(c: &Client, url: &str) -> (StatusCode, Vec<(String, Value)>) {
    let r = c.get(url).send().await.unwrap();
    let status = r.status();
    let text = r.text().await.unwrap();
    if status != 200 {
        return (
            status,
            vec![("error".into(), serde_json::from_str(&text).unwrap())],
        );
    }
    let mut out = Vec::new();
    for block in text.split("\n\n") {
        let mut event = String::new();
        let mut data = String::new();
        for line in block.lines() {
            if let Some(e) = line.strip_prefix("event:") {
                event = e.trim().to_string();
            } else if let Some(d) = line.strip_prefix("data:") {
                data.push_str(d.trim());
            }
        }
        if !data.is_empty() {
            out.push((event, serde_json::from_str(&data).unwrap()));
        }
    }
    (status, out)
}

#[tokio::test]
async fn a_gomoku_game_end_to_end() {
    let base = start(small()).await;
    let c = Client::new();
    let g = new_game(&c, &base, json!({})).await;
    assert_eq!(g["size"], 15);
    assert_eq!(g["to_move"], "black");
    let id = g["id"].as_str().unwrap().to_string();
    let game = format!("{base}/api/gomoku/games/{id}");
    let (s, g) = post(&c, &format!("{game}/moves"), json!({"move": "h8"})).await;
    assert_eq!(s, 200, "{g}");
    assert_eq!(g["moves"], json!(["h8"]));
    assert_eq!(g["to_move"], "white");
    // Illegal moves: taken, off the board, not a move.
    let (s, v) = post(&c, &format!("{game}/moves"), json!({"move": "h8"})).await;
    assert_eq!(s, 409);
    assert!(error_of(&v).contains("h8"));
    let (s, v) = post(&c, &format!("{game}/moves"), json!({"move": "z99"})).await;
    assert_eq!(s, 400);
    assert!(error_of(&v).contains("z99"));
    let (s, _) = post(&c, &format!("{game}/moves"), json!({"move": "!!"})).await;
    assert_eq!(s, 400);
    // The engine answers with White's move, streaming its iterations first.
    let (s, ev) = events(&c, &format!("{game}/think?time=0.5")).await;
    assert_eq!(s, 200);
    let (last, done) = ev.last().unwrap();
    assert_eq!(last, "done", "{ev:?}");
    let reply = done["move"].as_str().unwrap();
    assert_eq!(done["game"]["moves"], json!(["h8", reply]));
    assert_eq!(done["game"]["to_move"], "black");
    assert_eq!(done["threads"], 1, "{done}");
    // Black's chance beside each score, on the evaluation's logistic scale (200 units a logit
    // and 6 a stone: 206 with h8 alone): the scores are White's, so Black's chance falls as
    // they rise.
    let black_chance = |v: &Value| {
        let score: f64 = v["score"].as_str().unwrap().parse().unwrap();
        let want = 1.0 / (1.0 + (score / 206.0).exp());
        assert!(
            (v["black_chance"].as_f64().unwrap() - want).abs() < 1e-9,
            "{v}"
        );
    };
    black_chance(done);
    for (name, it) in &ev[..ev.len() - 1] {
        assert_eq!(name, "iteration");
        assert!(it["depth"].as_u64().unwrap() >= 1 && it["pv"].is_array());
        black_chance(it);
    }
    let (_, g) = get(&c, &game).await;
    assert_eq!(g["moves"].as_array().unwrap().len(), 2);
    // A body that is not JSON is refused, as JSON, and takes nothing back.
    let (s, v) = post_text(&c, &format!("{game}/undo"), "{\"count\"").await;
    assert_eq!(s, 400);
    assert!(error_of(&v).contains("JSON"), "{v}");
    let (_, g) = get(&c, &game).await;
    assert_eq!(g["moves"].as_array().unwrap().len(), 2);
    // Undo both, then too many.
    let (s, g) = post(&c, &format!("{game}/undo"), json!({"count": 2})).await;
    assert_eq!(s, 200);
    assert_eq!(g["moves"], json!([]));
    let (s, v) = post(&c, &format!("{game}/undo"), json!({})).await;
    assert_eq!(s, 409);
    assert!(error_of(&v).contains("only 0"));
    // Delete; then it is gone.
    let r = c.delete(&game).send().await.unwrap();
    assert_eq!(r.status(), 204);
    let (s, v) = get(&c, &game).await;
    assert_eq!(s, 404);
    assert!(error_of(&v).contains(&id));
}

/// A puzzle by fours: the same seed draws the same position; its solution, played as moves
/// of a game, ends in the winner's five by the rules; each of its moves is judged a four
/// with that block and one move fewer left, the last a five; a far corner is no four; the
/// errors say what.
/// A puzzle by threats, played through the API: each move judged (a threat names the
/// engine's answer and the moves left, which the shortest win from the new position
/// confirms), the answers played, to the five in the puzzle's number of counted moves.
#[tokio::test(flavor = "multi_thread")]
async fn a_puzzle_by_threats_is_judged_and_answered() {
    let base = start(small()).await;
    let c = Client::new();
    let (s, p) = get(
        &c,
        &format!("{base}/api/gomoku/puzzle?by=threats&moves=4&seed=2"),
    )
    .await;
    assert_eq!(s, 200, "{p}");
    assert_eq!(
        (&p["by"], &p["moves_to_win"]),
        (&json!("threats"), &json!(4))
    );
    assert!(
        p["task"]
            .as_str()
            .unwrap()
            .contains("wins in 4 moves by threats"),
        "{p}"
    );
    let g = new_game(&c, &base, json!({"moves": p["moves"]})).await;
    let game = format!("{base}/api/gomoku/games/{}", g["id"].as_str().unwrap());
    // Fours alone do not win it.
    let (_, f) = get(&c, &format!("{game}/fours")).await;
    assert_eq!(f["wins"], false, "{f}");
    let (s, v) = post(
        &c,
        &format!("{game}/judge"),
        json!({"move": "a1", "by": "threats"}),
    )
    .await;
    assert_eq!(
        (s, &v["verdict"]),
        (StatusCode::OK, &json!("not_threat")),
        "{v}"
    );
    let mut counted = 0;
    loop {
        let (s, t) = get(&c, &format!("{game}/threats")).await;
        assert_eq!((s, &t["wins"]), (StatusCode::OK, &json!(true)), "{t}");
        let first = t["line"][0].clone();
        let (s, v) = post(
            &c,
            &format!("{game}/judge"),
            json!({"move": first, "by": "threats"}),
        )
        .await;
        assert_eq!(s, 200, "{v}");
        counted += u64::from(v["counts"] == true);
        let (_, g) = post(&c, &format!("{game}/moves"), json!({"move": first})).await;
        if v["verdict"] == "five" {
            assert_eq!(g["result"], p["to_move"], "{g}");
            break;
        }
        assert!(v["verdict"] == "four" || v["verdict"] == "threat", "{v}");
        let (s, g) = post(&c, &format!("{game}/moves"), json!({"move": v["reply"]})).await;
        assert_eq!((s, &g["result"]), (StatusCode::OK, &Value::Null), "{g}");
        // The moves left after the most stubborn answer are the shortest win from there.
        let (_, t) = get(&c, &format!("{game}/threats")).await;
        assert_eq!(t["moves_to_win"], v["left"], "{v} {t}");
        assert!(counted < 10, "no end");
    }
    assert_eq!(counted, 4, "the puzzle's length, blocks of fours left out");
    let (s, v) = post(
        &c,
        &format!("{game}/judge"),
        json!({"move": "h8", "by": "tricks"}),
    )
    .await;
    assert_eq!(s, 400, "{v}");
    assert!(error_of(&v).contains("fours or threats"), "{v}");
    for (query, says) in [
        ("by=threats&moves=2", "from 3 to 5"),
        ("by=threats&moves=6", "from 3 to 5"),
        ("by=sixes", "not 'sixes'"),
    ] {
        let (s, v) = get(&c, &format!("{base}/api/gomoku/puzzle?{query}")).await;
        assert_eq!(s, 400, "{query}: {v}");
        assert!(error_of(&v).contains(says), "{query}: {v}");
    }
}

#[tokio::test]
async fn a_puzzle_by_fours_is_judged_move_by_move() {
    let base = start(small()).await;
    let c = Client::new();
    let url = format!("{base}/api/gomoku/puzzle?moves=3-4&seed=5");
    let (s, p) = get(&c, &url).await;
    assert_eq!(s, 200, "{p}");
    assert_eq!(get(&c, &url).await.1, p, "the same seed, the same puzzle");
    assert!(p.get("solution").is_none(), "no answer until asked: {p}");
    let n = p["moves_to_win"].as_u64().unwrap();
    assert!((3..=4).contains(&n), "{p}");
    let side = if p["to_move"] == "black" {
        "Black"
    } else {
        "White"
    };
    let task = p["task"].as_str().unwrap();
    assert!(
        task.starts_with(&format!("{side} to move wins in {n} moves by fours")),
        "{p}"
    );
    let g = new_game(&c, &base, json!({"moves": p["moves"]})).await;
    assert_eq!(g["to_move"], p["to_move"]);
    let game = format!("{base}/api/gomoku/games/{}", g["id"].as_str().unwrap());
    let (s, f) = get(&c, &format!("{game}/fours")).await;
    assert_eq!(s, 200, "{f}");
    assert_eq!((&f["wins"], &f["moves_to_win"]), (&json!(true), &json!(n)));
    let line: Vec<String> = serde_json::from_value(f["line"].clone()).unwrap();
    assert_eq!(line.len() as u64, 2 * n - 1, "{f}");
    let (s, v) = post(&c, &format!("{game}/judge"), json!({"move": "a1"})).await;
    assert_eq!(
        (s, &v["verdict"]),
        (StatusCode::OK, &json!("not_four")),
        "{v}"
    );
    assert!(v["text"].as_str().unwrap().starts_with("a1 is not a four"));
    for k in (0..line.len()).step_by(2) {
        let (s, v) = post(&c, &format!("{game}/judge"), json!({"move": line[k]})).await;
        assert_eq!(s, 200, "{v}");
        let (s, g) = post(&c, &format!("{game}/moves"), json!({"move": line[k]})).await;
        assert_eq!(s, 200, "{g}");
        if k + 1 == line.len() {
            assert_eq!(v["verdict"], "five", "{v}");
            assert_eq!(g["result"], p["to_move"], "the rules' five: {g}");
        } else {
            assert_eq!(v["verdict"], "four", "{v}");
            assert_eq!(v["block"], json!(line[k + 1]));
            assert_eq!(v["left"], json!(n - 1 - k as u64 / 2), "{v}");
            let (s, g) = post(&c, &format!("{game}/moves"), json!({"move": line[k + 1]})).await;
            assert_eq!(s, 200, "{g}");
            assert_eq!(g["result"], Value::Null);
        }
    }
    // Errors.
    let (s, v) = post(&c, &format!("{game}/judge"), json!({"move": line[0]})).await;
    assert_eq!(s, 409, "{v}");
    let (s, _) = post(&c, &format!("{game}/judge"), json!({"move": "!!"})).await;
    assert_eq!(s, 400);
    let (s, _) = post(
        &c,
        &format!("{base}/api/gomoku/games/nope/judge"),
        json!({"move": "h8"}),
    )
    .await;
    assert_eq!(s, 404);
    let (s, _) = get(&c, &format!("{base}/api/gomoku/games/nope/fours")).await;
    assert_eq!(s, 404);
    for (query, status, says) in [
        ("moves=1", 400, "from 2 to 9"),
        ("moves=10", 400, "from 2 to 9"),
        ("moves=5-4", 400, "from 2 to 9"),
        ("moves=x", 400, "not 'x'"),
        ("rule=caro", 422, "not caro"),
        ("rule=go", 400, "not 'go'"),
        ("size=40", 400, "5 to 22"),
        ("colour=red", 400, "colour"),
        ("side=red", 400, "not 'red'"),
    ] {
        let (s, v) = get(&c, &format!("{base}/api/gomoku/puzzle?{query}")).await;
        assert_eq!(s.as_u16(), status, "{query}: {v}");
        assert!(error_of(&v).contains(says), "{query}: {v}");
    }
    // White's puzzle, asked for.
    let (s, w) = get(
        &c,
        &format!("{base}/api/gomoku/puzzle?moves=3&side=white&seed=2"),
    )
    .await;
    assert_eq!(s, 200, "{w}");
    assert_eq!(
        (&w["to_move"], &w["moves_to_win"]),
        (&json!("white"), &json!(3))
    );
    // A server that gives a request a tenth of a second gives up a rare long win in time.
    let hasty = start(Limits {
        max_think: Duration::from_millis(100),
        ..small()
    })
    .await;
    let (s, v) = get(&c, &format!("{hasty}/api/gomoku/puzzle?moves=9&seed=8")).await;
    assert_eq!(s, 422, "{v}");
    assert!(error_of(&v).contains("in the time given"), "{v}");
}

/// A request without a seed has the server draw the next puzzle of those settings in the
/// background, and a later one gets it: the puzzle its seed draws (so its link opens it),
/// of the settings asked. A request with a seed is never answered from the kept ones, and a
/// server of one puzzle task (which must stay free for players) draws nothing ahead.
#[tokio::test]
async fn puzzles_are_drawn_ahead_for_requests_without_a_seed() {
    let base = start(Limits {
        max_searches: 2,
        ..small()
    })
    .await;
    let c = Client::new();
    let settings = "by=fours&moves=3&side=white&size=15&rule=standard";
    let asked = format!("{base}/api/gomoku/puzzle?{settings}");
    let (s, first) = get(&c, &asked).await;
    assert_eq!(s, 200, "{first}");
    assert_eq!(
        first["drawn_ahead"], false,
        "nothing kept before the first: {first}"
    );
    let mut ahead = None;
    for _ in 0..60 {
        tokio::time::sleep(Duration::from_millis(500)).await;
        let (s, p) = get(&c, &asked).await;
        assert_eq!(s, 200, "{p}");
        if p["drawn_ahead"] == true {
            ahead = Some(p);
            break;
        }
    }
    let ahead = ahead.expect("a puzzle drawn ahead within 30 s");
    assert_eq!(
        (
            &ahead["to_move"],
            &ahead["moves_to_win"],
            &ahead["rule"],
            &ahead["by"]
        ),
        (
            &json!("white"),
            &json!(3),
            &json!("standard"),
            &json!("fours")
        ),
        "{ahead}"
    );
    let seed = ahead["seed"].as_u64().expect("a seed");
    let (s, again) = get(&c, &format!("{asked}&seed={seed}")).await;
    assert_eq!(s, 200, "{again}");
    assert_eq!(again["drawn_ahead"], false, "{again}");
    for field in ["moves", "to_move", "moves_to_win", "task", "seed"] {
        assert_eq!(
            again[field], ahead[field],
            "{field}: {again} against {ahead}"
        );
    }
    // Other settings are not served from these.
    let (s, other) = get(
        &c,
        &format!("{base}/api/gomoku/puzzle?by=fours&moves=3&side=black&size=15&rule=standard"),
    )
    .await;
    assert_eq!(s, 200, "{other}");
    assert_eq!(other["drawn_ahead"], false, "{other}");
    assert_eq!(other["to_move"], "black", "{other}");

    let lone = start(small()).await;
    let asked = format!("{lone}/api/gomoku/puzzle?{settings}");
    for _ in 0..4 {
        let (s, p) = get(&c, &asked).await;
        assert_eq!(s, 200, "{p}");
        assert_eq!(
            p["drawn_ahead"], false,
            "a server of one task draws none ahead: {p}"
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// One puzzle is drawn at a time on a server of one search: a client that asks for a rare
/// long win and leaves does not free the drawing's place before it ends (the server gives
/// it up at `--max-think`), and then puzzles come again.
#[tokio::test]
async fn puzzles_drawn_at_once_are_limited() {
    let base = start(small()).await;
    let c = Client::new();
    let long = format!("{base}/api/gomoku/puzzle?moves=9&seed=8");
    let left = c
        .get(&long)
        .timeout(Duration::from_millis(300))
        .send()
        .await;
    assert!(left.is_err(), "the client left before the answer");
    let short = format!("{base}/api/gomoku/puzzle?moves=2&seed=1");
    let (s, v) = get(&c, &short).await;
    assert_eq!(s, 503, "{v}");
    assert!(error_of(&v).contains("busy with other puzzles"), "{v}");
    let mut tries = 0;
    loop {
        tokio::time::sleep(Duration::from_millis(250)).await;
        let (s, v) = get(&c, &short).await;
        if s == 200 {
            break;
        }
        assert_eq!(s, 503, "{v}");
        tries += 1;
        assert!(tries < 240, "the drawing never ended");
    }
}

#[tokio::test]
async fn the_engine_completes_a_five_and_the_game_ends() {
    let base = start(small()).await;
    let c = Client::new();
    // Black has h8-l8 open four minus one: h8 i8 j8 k8 (White elsewhere); Black to move wins.
    let g = new_game(
        &c,
        &base,
        json!({"size": 15, "rule": "standard", "moves": "h8a1i8a3j8a5k8a7"}),
    )
    .await;
    assert_eq!(g["rule"], "standard");
    let game = format!("{base}/api/gomoku/games/{}", g["id"].as_str().unwrap());
    let (_, ev) = events(&c, &format!("{game}/think?time=1")).await;
    let (_, done) = ev.last().unwrap();
    let m = done["move"].as_str().unwrap();
    assert!(m == "g8" || m == "l8", "a five: {m}");
    assert_eq!(done["score"], "win in 1");
    assert_eq!(done["black_chance"], 1.0);
    assert_eq!(done["game"]["result"], "black");
    assert_eq!(done["game"]["winning_line"].as_array().unwrap().len(), 5);
    assert_eq!(done["game"]["to_move"], Value::Null);
    // Over: no more moves, no more thinking.
    let (s, v) = post(&c, &format!("{game}/moves"), json!({"move": "c3"})).await;
    assert_eq!(s, 409);
    assert!(error_of(&v).contains("over"));
    let (s, ev) = events(&c, &format!("{game}/think?time=1")).await;
    assert_eq!(s, 409, "{ev:?}");
}

/// A renju game lists Black's double four (h8 h9 h10 and e7 f7 g7 meet on h7) as forbidden
/// and refuses it with the reason, where the standard rule takes it.
#[tokio::test]
async fn renju_refuses_a_forbidden_move() {
    let base = start(small()).await;
    let c = Client::new();
    let moves = "h8a15h9c15h10e15e7g15f7i15g7k15";
    for (rule, refused) in [("renju", true), ("standard", false)] {
        let g = new_game(&c, &base, json!({"rule": rule, "moves": moves})).await;
        assert_eq!(g["rule"], rule);
        let want = if refused {
            json!([{"cell": "h7", "foul": "a double four"}])
        } else {
            json!([])
        };
        assert_eq!(g["forbidden"], want);
        let game = format!("{base}/api/gomoku/games/{}", g["id"].as_str().unwrap());
        let (s, v) = post(&c, &format!("{game}/moves"), json!({"move": "h7"})).await;
        if refused {
            assert_eq!(s, 409, "{v}");
            assert!(error_of(&v).contains("forbidden"), "{v}");
            assert!(error_of(&v).contains("double four"), "{v}");
        } else {
            assert_eq!(s, 200, "{v}");
        }
    }
}

/// Caro: Black's f5 closes c5-g5 between White's b5 and h5, which wins under freestyle and
/// not under caro (the game goes on, White to move).
#[tokio::test]
async fn caro_does_not_count_a_five_closed_at_both_ends() {
    let base = start(small()).await;
    let c = Client::new();
    let moves = "c5b5d5h5e5a1g5b1m12c1k14d1f5";
    for (rule, result, to_move) in [
        ("freestyle", json!("black"), Value::Null),
        ("caro", Value::Null, json!("white")),
        ("standard-caro", Value::Null, json!("white")),
    ] {
        let g = new_game(&c, &base, json!({"rule": rule, "moves": moves})).await;
        assert_eq!(
            (&g["rule"], &g["result"], &g["to_move"]),
            (&json!(rule), &result, &to_move)
        );
    }
}

#[tokio::test]
async fn gomoku_requests_that_make_no_sense() {
    let base = start(small()).await;
    let c = Client::new();
    let url = format!("{base}/api/gomoku/games");
    let (s, v) = post(&c, &url, json!({"size": 40})).await;
    assert_eq!(s, 400);
    assert!(error_of(&v).contains("40"));
    let (s, v) = post(&c, &url, json!({"rule": "pente"})).await;
    assert_eq!(s, 400);
    assert!(error_of(&v).contains("pente"));
    let (s, v) = post(&c, &url, json!({"moves": "h8h8"})).await;
    assert_eq!(s, 422);
    assert!(error_of(&v).contains("taken"), "{v}");
    let (s, _) = post(&c, &format!("{url}/nope/moves"), json!({"move": "h8"})).await;
    assert_eq!(s, 404);
    let (s, _) = get(&c, &format!("{url}/nope/think")).await;
    assert_eq!(s, 404);
    // A path that does not decode to text is refused as JSON too.
    for bad in [
        format!("{url}/%FF"),
        format!("{url}/%FF/think"),
        format!("{base}/assets/%FF"),
    ] {
        let (s, v) = get(&c, &bad).await;
        assert_eq!(s, 400, "{bad}: {v}");
        assert!(error_of(&v).contains("UTF-8"), "{bad}: {v}");
    }
    let (_, g) = post(&c, &url, json!({})).await;
    let game = format!("{url}/{}", g["id"].as_str().unwrap());
    for t in ["0", "-1", "1000", "NaN", "soon"] {
        let (s, v) = get(&c, &format!("{game}/think?time={t}")).await;
        assert_eq!(s, 400, "time={t}: {v}");
        assert!(!error_of(&v).is_empty());
    }
    let (s, v) = post(&c, &format!("{game}/moves"), json!({"cell": "h8"})).await;
    assert_eq!(s, 422, "{v}");
}

#[tokio::test]
async fn a_level_plays_within_its_nodes_and_leaves_the_engine_at_full_strength() {
    // One engine, shared by every request, on two threads.
    let base = start(Limits {
        engine_threads: 2,
        ..small()
    })
    .await;
    let c = Client::new();
    let g = new_game(&c, &base, json!({"moves": "h8i9h9i8"})).await;
    let game = format!("{base}/api/gomoku/games/{}", g["id"].as_str().unwrap());
    for bad in ["0", "6", "-1", "x", ""] {
        let (s, v) = get(&c, &format!("{game}/think?time=1&level={bad}")).await;
        assert_eq!(s, 400, "level={bad}: {v}");
        assert!(error_of(&v).contains("level must be 1 to 5"), "{v}");
    }
    let done = |ev: &[(String, Value)]| {
        let (last, done) = ev.last().unwrap();
        assert_eq!(last, "done", "{ev:?}");
        done.clone()
    };
    // Level 1 searches at most its 1,000 nodes, on one thread (a helper's nodes would count).
    let (s, ev) = events(&c, &format!("{game}/think?time=2&level=1")).await;
    assert_eq!(s, 200);
    let d = done(&ev);
    assert!(d["nodes"].as_u64().unwrap() <= 1_000, "{d}");
    assert_eq!(d["threads"], 1, "{d}");
    assert_eq!(d["game"]["moves"].as_array().unwrap().len(), 5);
    // The same engine, asked for one hint, looks for one line, not the level's eight...
    let (_, ev) = events(&c, &format!("{game}/hint?time=0.3&lines=1")).await;
    done(&ev);
    for (_, it) in &ev[..ev.len() - 1] {
        assert_eq!(it["lines"].as_array().unwrap().len(), 1, "{it}");
    }
    // ...and asked to move without a level, searches past the level's nodes.
    let (s, _) = post(&c, &format!("{game}/undo"), json!({})).await;
    assert_eq!(s, 200);
    let (_, ev) = events(&c, &format!("{game}/think?time=0.5")).await;
    let d = done(&ev);
    assert!(d["nodes"].as_u64().unwrap() > 10_000, "{d}");
    assert_eq!(d["threads"], 2, "{d}");
}

#[tokio::test]
async fn searches_are_limited_and_a_thinking_game_is_locked() {
    let base = start(small()).await; // one engine
    let c = Client::new();
    let url = format!("{base}/api/gomoku/games");
    let (_, a) = post(&c, &url, json!({"moves": "h8"})).await;
    let (_, b) = post(&c, &url, json!({"moves": "h8"})).await;
    let a = format!("{url}/{}", a["id"].as_str().unwrap());
    let b = format!("{url}/{}", b["id"].as_str().unwrap());
    // A long search on game a, read later.
    let long = c.get(format!("{a}/think?time=3")).send().await.unwrap();
    assert_eq!(long.status(), 200);
    let (s, v) = get(&c, &format!("{b}/think?time=1")).await;
    assert_eq!(s, 503, "{v}");
    assert!(error_of(&v).contains("engines"));
    let (s, v) = post(&c, &format!("{a}/moves"), json!({"move": "a1"})).await;
    assert_eq!(s, 409);
    assert!(error_of(&v).contains("thinking"));
    let (s, _) = post(&c, &format!("{a}/undo"), json!({})).await;
    assert_eq!(s, 409);
    let (s, _) = get(&c, &format!("{a}/think?time=1")).await;
    assert_eq!(s, 409);
    let (_, g) = get(&c, &a).await;
    assert_eq!(g["thinking"], true);
    // When it finishes, game a has White's move and game b may think.
    let text = long.text().await.unwrap();
    assert!(text.contains("event: done"), "{text}");
    let (_, g) = get(&c, &a).await;
    assert_eq!(g["moves"].as_array().unwrap().len(), 2);
    assert_eq!(g["thinking"], false);
    let (s, _) = events(&c, &format!("{b}/think?time=0.2")).await;
    assert_eq!(s, 200);
}

#[tokio::test]
async fn a_hint_names_the_best_moves_and_plays_none() {
    let base = start(small()).await;
    let c = Client::new();
    let url = format!("{base}/api/gomoku/games");
    // Black to move has two open threes, e4-g4 and l10-l12, and White nothing: exactly four
    // moves win at once by an open four.
    let (_, g) = post(&c, &url, json!({"moves": "e4a15f4o15g4a1l10o1l11h15l12a8"})).await;
    let game = format!("{url}/{}", g["id"].as_str().unwrap());
    let (s, ev) = events(&c, &format!("{game}/hint?time=1&lines=4")).await;
    assert_eq!(s, 200, "{ev:?}");
    let (last, v) = ev.last().unwrap();
    assert_eq!(last, "done", "{ev:?}");
    let mut moves: Vec<&str> = v["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["move"].as_str().unwrap())
        .collect();
    moves.sort();
    assert_eq!(moves, ["d4", "h4", "l13", "l9"], "{v}");
    for l in v["lines"].as_array().unwrap() {
        assert_eq!(l["score"], "win in 3", "{l}");
        assert_eq!(l["black_chance"], 1.0, "{l}");
    }
    // Each completed depth came first, deeper each time, with its lines.
    let depths: Vec<u64> = ev[..ev.len() - 1]
        .iter()
        .map(|(name, it)| {
            assert_eq!(name, "iteration");
            assert!(!it["lines"].as_array().unwrap().is_empty(), "{it}");
            // A depth's lines are the search's, searched to that depth.
            for l in it["lines"].as_array().unwrap() {
                assert_eq!(
                    (&l["source"], &l["depth"]),
                    (&json!("search"), &it["depth"])
                );
            }
            it["depth"].as_u64().unwrap()
        })
        .collect();
    assert!(depths.windows(2).all(|w| w[0] < w[1]), "{depths:?}");
    // Nothing was played, and the game takes moves again.
    let (_, g) = get(&c, &game).await;
    assert_eq!(g["moves"].as_array().unwrap().len(), 12);
    assert_eq!(g["thinking"], false);
    // White must block the four e4-h4 at i4: one line however many are asked. With no
    // query, the defaults (3 lines, 1 s).
    let (_, g) = post(&c, &url, json!({"moves": "e4d4f4a15g4o15h4"})).await;
    let forced = format!("{url}/{}/hint", g["id"].as_str().unwrap());
    let (s, ev) = events(&c, &forced).await;
    assert_eq!(s, 200);
    let v = &ev.last().unwrap().1;
    assert_eq!(v["lines"].as_array().unwrap().len(), 1, "{v}");
    assert_eq!(v["lines"][0]["move"], "i4");
    assert_eq!(
        (&v["lines"][0]["source"], &v["lines"][0]["depth"]),
        (&json!("forced"), &json!(0))
    );
    // Requests that make no sense.
    for query in [
        "lines=0",
        "lines=6",
        "time=0",
        "time=99",
        "time=soon",
        "depth=3",
    ] {
        let (s, v) = get(&c, &format!("{game}/hint?{query}")).await;
        assert_eq!(s, 400, "{query} -> {v}");
    }
    let (s, _) = get(&c, &format!("{url}/nothing/hint")).await;
    assert_eq!(s, 404);
    let (_, g) = post(&c, &url, json!({"moves": "h8a1i8a2j8a3k8a4l8"})).await;
    let over = format!("{url}/{}/hint", g["id"].as_str().unwrap());
    let (s, v) = get(&c, &over).await;
    assert_eq!(s, 409);
    assert!(error_of(&v).contains("over"));
}

/// A finished game reviewed: White's a3 let Black's open three h8-j8 through (it had to be
/// stopped at f8, g8, k8 or l8), and l8 made five. At 6 plies a position, the engine does
/// not yet see that White's corner moves before lost the game already. The review streams
/// its progress, a position at a time, then the review.
#[tokio::test]
async fn a_review_marks_the_move_that_lost_the_game() {
    let base = start(small()).await;
    let c = Client::new();
    let url = format!("{base}/api/gomoku/games");
    let (_, g) = post(&c, &url, json!({"moves": "h8a1i8a2j8a3k8a4l8"})).await;
    let game = format!("{url}/{}", g["id"].as_str().unwrap());
    let (s, ev) = events(&c, &format!("{game}/review?time=0.5&depth=6")).await;
    assert_eq!(s, 200, "{ev:?}");
    let (last, v) = ev.last().unwrap();
    assert_eq!(last, "done", "{ev:?}");
    // A depth makes the review the same on any server, one whose searches run on four
    // threads too.
    let four = start(Limits {
        engine_threads: 4,
        ..small()
    })
    .await;
    let url4 = format!("{four}/api/gomoku/games");
    let (_, g4) = post(&c, &url4, json!({"moves": "h8a1i8a2j8a3k8a4l8"})).await;
    let game4 = format!("{url4}/{}", g4["id"].as_str().unwrap());
    let (_, ev4) = events(&c, &format!("{game4}/review?time=0.5&depth=6")).await;
    assert_eq!(ev4.last().unwrap().1["moves"], v["moves"]);
    let progress: Vec<(u64, u64)> = ev[..ev.len() - 1]
        .iter()
        .map(|(name, p)| {
            assert_eq!(name, "progress");
            (
                p["searched"].as_u64().unwrap(),
                p["positions"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(progress, (0..10).map(|k| (k, 10)).collect::<Vec<_>>());
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 9);
    let a3 = &moves[5];
    assert_eq!(
        (&a3["move"], &a3["verdict"]),
        (&json!("a3"), &json!("blunder"))
    );
    assert!(
        ["f8", "g8", "k8", "l8"].contains(&a3["best"].as_str().unwrap()),
        "{a3}"
    );
    assert_eq!(moves[8]["value"], "win in 1");
    // (White's corner moves before a3 also lose much: a blunder each or not, by a little.)
    assert_eq!(v["black"]["blunders"], 0);
    let white = v["white"]["blunders"].as_u64().unwrap();
    assert!((1..=2).contains(&white), "{v}");
    // Black's chance after each move, for the page's graph: the value (the mover's) on the
    // evaluation's logistic scale, 200 units a logit and 6 a stone on the board after the
    // move, proven and sure results at 0 and 1.
    let chance = |value: &str, stones: f64| match value {
        v if v.starts_with("win") || v == "sure win" => 1.0,
        v if v.starts_with("loss") || v == "sure loss" => 0.0,
        v => 1.0 / (1.0 + (-v.parse::<f64>().unwrap() / (200.0 + 6.0 * stones)).exp()),
    };
    for m in moves {
        let value = m["value"].as_str().unwrap();
        let number = m["number"].as_f64().unwrap();
        let mover = chance(value, number);
        let black = if m["player"] == "black" {
            mover
        } else {
            1.0 - mover
        };
        let got = m["black_chance"].as_f64().unwrap();
        assert!((got - black).abs() < 1e-9, "{m}");
        // The chance the mover lost: the scale of the position before the move, its best
        // value less the move's.
        let before = chance(m["best_value"].as_str().unwrap(), number - 1.0);
        let lost = if m["best"] == m["move"] {
            0.0
        } else {
            (before - chance(value, number - 1.0)).max(0.0)
        };
        let got = m["chance_lost"].as_f64().unwrap();
        assert!((got - lost).abs() < 1e-9, "{m}");
    }
    assert_eq!(v["seconds_per_position"], 0.5);
    // The game is free again, and unchanged.
    let (_, g) = get(&c, &game).await;
    assert_eq!(
        (g["moves"].as_array().unwrap().len(), &g["thinking"]),
        (9, &json!(false))
    );
    // The game's SGF carries the review: the blunder's mark on a3 (x 0, y 12) and a line
    // beside it; once a move is taken back, the game is another and the SGF is plain.
    let sgf = |c: Client, url: String| async move {
        c.get(url).send().await.unwrap().text().await.unwrap()
    };
    let reviewed = sgf(c.clone(), format!("{game}/sgf")).await;
    assert!(reviewed.contains("C[Reviewed by alphabeta."), "{reviewed}");
    assert!(reviewed.contains(";W[am]C[?? "), "{reviewed}");
    assert!(reviewed.contains(")(;W["), "{reviewed}");
    post(&c, &format!("{game}/undo"), json!({})).await;
    let plain = sgf(c.clone(), format!("{game}/sgf")).await;
    assert!(!plain.contains("C["), "{plain}");
    post(&c, &format!("{game}/moves"), json!({"move": "l8"})).await;
    let again = sgf(c.clone(), format!("{game}/sgf")).await;
    assert_eq!(
        again, reviewed,
        "the same moves again: the review applies again"
    );
    // The whole review keeps within the thinking limit (5 s here: half a second for each of
    // the ten positions, not the 5 s asked).
    let (_, ev) = events(&c, &format!("{game}/review?time=5&depth=2")).await;
    assert_eq!(ev.last().unwrap().1["seconds_per_position"], 0.5, "{ev:?}");
    // Requests that make no sense.
    let (_, empty) = post(&c, &url, json!({})).await;
    let empty = format!("{url}/{}/review", empty["id"].as_str().unwrap());
    for (target, status) in [
        (format!("{game}/review?time=0"), 400),
        (format!("{game}/review?depth=0"), 400),
        (format!("{game}/review?lines=3"), 400),
        (format!("{game}/review?time=soon"), 400),
        (empty, 409),
        (format!("{url}/nothing/review"), 404),
    ] {
        let (s, v) = get(&c, &target).await;
        assert_eq!(s, status, "{target} -> {v}");
        assert!(!error_of(&v).is_empty());
    }
}

/// A game given in SGF brings its own size and rule; one that cannot be read says where.
#[tokio::test]
async fn a_game_can_start_from_sgf() {
    let base = start(small()).await;
    let c = Client::new();
    let url = format!("{base}/api/gomoku/games");
    let sgf = "(;FF[4]GM[4]RU[1]SZ[20]PB[a]PW[b]\n;B[jj]C[opening move];W[kk];B[ak])";
    let (s, g) = post(&c, &url, json!({"sgf": sgf, "size": 15})).await;
    assert_eq!(s, 201, "{g}");
    assert_eq!((&g["size"], &g["rule"]), (&json!(20), &json!("standard")));
    assert_eq!(g["moves"], json!(["j11", "k10", "a10"]));
    assert_eq!(g["to_move"], "white");
    // A Piskvork record (the Gomocup's) brings its size; its rule is the request's.
    let psq = "Piskvorky 20x20, 11:11, 0\r\n10,10,5\r\n11,11,7\r\nx.exe\r\ny.exe\r\n-1\r\n";
    let (s, g) = post(&c, &url, json!({"psq": psq, "rule": "standard"})).await;
    assert_eq!(s, 201, "{g}");
    assert_eq!((&g["size"], &g["rule"]), (&json!(20), &json!("standard")));
    assert_eq!(g["moves"], json!(["j11", "k10"]));
    // A game given back as SGF starts the same game again: size, rule, moves; a finished
    // game has its result.
    let (_, g) = post(
        &c,
        &url,
        json!({"size": 20, "rule": "renju", "moves": "h8i9h9"}),
    )
    .await;
    let r = c
        .get(format!("{url}/{}/sgf", g["id"].as_str().unwrap()))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert!(r.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("application/x-go-sgf"));
    let text = r.text().await.unwrap();
    assert!(text.starts_with("(;FF[4]GM[4]SZ[20]RU[4];B[hm]"), "{text}");
    let (s, again) = post(&c, &url, json!({ "sgf": text })).await;
    assert_eq!(s, 201, "{again}");
    assert_eq!(
        (&again["size"], &again["rule"], &again["moves"]),
        (&json!(20), &json!("renju"), &json!(["h8", "i9", "h9"]))
    );
    let (_, over) = post(&c, &url, json!({"moves": "h8a1i8a2j8a3k8a4l8"})).await;
    let r = c
        .get(format!("{url}/{}/sgf", over["id"].as_str().unwrap()))
        .send()
        .await
        .unwrap();
    assert!(r.text().await.unwrap().contains("RE[B+1]"));
    let (s, _) = get(&c, &format!("{url}/nothing/sgf")).await;
    assert_eq!(s, 404);
    for (body, status, says) in [
        (json!({"sgf": "(;GM[4]\n;B[jj];B[kk])"}), 422, "line"),
        (json!({"sgf": "nothing"}), 422, "no game"),
        (json!({"sgf": sgf, "moves": "h8"}), 400, "only one of"),
        (
            json!({"psq": "Piskvorky 15x15, 0:0, 0\n8,8,0\n8,8,0\n"}),
            422,
            "line 3",
        ),
        (json!({"psq": "8,8,0"}), 422, "not a Piskvork record"),
        (
            json!({"psq": "Piskvorky 15x15, 0:0, 0\n", "sgf": sgf}),
            400,
            "only one of",
        ),
    ] {
        let (s, v) = post(&c, &url, body.clone()).await;
        assert_eq!(s, status, "{body} -> {v}");
        assert!(error_of(&v).contains(says), "{v}");
    }
}

/// A client that leaves (a browser tab closed) stops the engine's move and a review: the
/// game is free again in a small part of the time asked (it is free at once here; the margin
/// is for a loaded machine).
#[tokio::test]
async fn a_client_that_leaves_stops_the_search() {
    let base = start(Limits {
        max_think: Duration::from_secs(60),
        ..small()
    })
    .await;
    let c = Client::new();
    let url = format!("{base}/api/gomoku/games");
    // The move may think 60 s (its soft limit is 30 s); the review's four positions 30 s each.
    for (moves, ask, seconds) in [
        ("h8i9", "think?time=60", 60),
        ("h8i9h9", "review?time=30", 30),
    ] {
        let (_, a) = post(&c, &url, json!({ "moves": moves })).await;
        let a = format!("{url}/{}", a["id"].as_str().unwrap());
        let started = std::time::Instant::now();
        // A raw connection, closed after the first bytes of the stream.
        let path = a.trim_start_matches(&base).to_string();
        let mut sock = tokio::net::TcpStream::connect(base.trim_start_matches("http://"))
            .await
            .unwrap();
        let request = format!("GET {path}/{ask} HTTP/1.1\r\nHost: x\r\n\r\n");
        sock.write_all(request.as_bytes()).await.unwrap();
        let mut head = [0u8; 12];
        sock.read_exact(&mut head).await.unwrap();
        assert_eq!(&head, b"HTTP/1.1 200", "{ask}");
        drop(sock);
        loop {
            let (_, g) = get(&c, &a).await;
            if g["thinking"] == false {
                break;
            }
            assert!(
                started.elapsed() < Duration::from_secs(seconds / 3),
                "{ask}: still thinking after the client left"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

#[tokio::test]
async fn games_are_capped_and_forgotten_when_idle() {
    let base = start(Limits {
        max_games: 2,
        // Long enough that the three games below are made well within it on a loaded machine.
        game_idle: Duration::from_millis(1500),
        ..small()
    })
    .await;
    let c = Client::new();
    let url = format!("{base}/api/gomoku/games");
    let (s1, g1) = post(&c, &url, json!({})).await;
    let (s2, _) = post(&c, &url, json!({})).await;
    let (s3, v) = post(&c, &url, json!({})).await;
    assert_eq!((s1.as_u16(), s2.as_u16(), s3.as_u16()), (201, 201, 503));
    assert!(error_of(&v).contains("at most 2 games"));
    tokio::time::sleep(Duration::from_millis(1600)).await;
    let (s, _) = post(&c, &url, json!({})).await;
    assert_eq!(s, 201, "idle games were swept");
    let (s, _) = get(&c, &format!("{url}/{}", g1["id"].as_str().unwrap())).await;
    assert_eq!(s, 404);
}

#[tokio::test]
async fn garbage_on_the_socket_does_not_hurt_the_server() {
    let base = start(small()).await;
    let addr = base.trim_start_matches("http://").to_string();
    for junk in [
        &b"GARBAGE\r\n\r\n"[..],
        b"GET / HTTP/9.9\r\n\r\n",
        b"POST /api/tree HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n",
        b"\x00\x01\x02\xff\xfe\r\n\r\n",
    ] {
        let mut s = tokio::net::TcpStream::connect(&addr).await.unwrap();
        s.write_all(junk).await.unwrap();
        let mut buf = Vec::new();
        let _ = tokio::time::timeout(Duration::from_secs(2), s.read_to_end(&mut buf)).await;
    }
    let c = Client::new();
    let (s, v) = post(
        &c,
        &format!("{base}/api/tree"),
        json!({"tree": "[4,[3,1]]"}),
    )
    .await;
    assert_eq!(s, 200);
    assert_eq!(v["value"], 4);
}

#[tokio::test]
async fn a_connection_without_a_whole_request_is_closed() {
    let base = start(Limits {
        header_timeout: Duration::from_millis(300),
        ..small()
    })
    .await;
    let addr = base.trim_start_matches("http://").to_string();
    // Nothing at all, and headers that never end ("slowloris"): both closed by the server.
    for sent in [&b""[..], b"GET / HTTP/1.1\r\nHost: x\r\n"] {
        let mut sock = tokio::net::TcpStream::connect(&addr).await.unwrap();
        sock.write_all(sent).await.unwrap();
        let mut buf = [0u8; 64];
        // The long wait only catches a server that never closes.
        let read = tokio::time::timeout(Duration::from_secs(30), sock.read(&mut buf))
            .await
            .expect("the server closes the connection");
        assert!(matches!(read, Ok(0) | Err(_)), "{read:?}");
    }
    // HTTP/2 without TLS ("prior knowledge": the preface, then an empty SETTINGS frame) is
    // refused and closed, not kept open idle.
    let mut sock = tokio::net::TcpStream::connect(&addr).await.unwrap();
    sock.write_all(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\x00\x00\x00\x04\x00\x00\x00\x00\x00")
        .await
        .unwrap();
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(30), sock.read_to_end(&mut answer)).await;
    assert!(
        read.is_ok(),
        "still open: {:?}",
        String::from_utf8_lossy(&answer)
    );
    // A whole request is still answered.
    let (s, _) = get(&Client::new(), &format!("{base}/api/gomoku/games/none")).await;
    assert_eq!(s, 404);
}

/// `GET /api/gomoku/games/{id}/tree`: the engine's look-ahead from the game's position, as
/// `gomoku tree` writes it, ready for `POST /api/tree`; the rules shape it (a four to block
/// leaves one move, a five to make wins at once); bad settings, sizes past the server's
/// limits and finished games are refused.
#[tokio::test]
async fn the_engines_lookahead_comes_as_a_tree_to_explain() {
    use alphabeta_gomoku::{lookahead_tree, Board, Rule};
    let base = start(small()).await;
    let c = Client::new();
    let g = new_game(&c, &base, json!({"moves": "h8i9h9"})).await;
    let url = format!("{base}/api/gomoku/games/{}/tree", g["id"].as_str().unwrap());
    let (s, v) = get(&c, &url).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!((&v["plies"], &v["width"]), (&json!(2), &json!(3)));
    let mut board = Board::new(15, Rule::Freestyle).unwrap();
    board.play_sequence("h8i9h9").unwrap();
    assert_eq!(v["tree"], lookahead_tree(&board, 2, 3).unwrap());
    let (s, e) = post(&c, &format!("{base}/api/tree"), json!({"tree": v["tree"]})).await;
    assert_eq!(s, 200, "{e}");
    assert_eq!(e["leaves_total"], 9, "{e}");
    // White to block Black's four h8-k8 (g8 is White's): l8 alone, whatever the width.
    let four = new_game(&c, &base, json!({"moves": "h8g8i8a1j8a3k8"})).await;
    let four_url = format!(
        "{base}/api/gomoku/games/{}/tree",
        four["id"].as_str().unwrap()
    );
    let (s, v) = get(&c, &format!("{four_url}?plies=1&width=6")).await;
    assert_eq!(s, 200, "{v}");
    let tree = v["tree"].as_str().unwrap();
    assert!(tree.starts_with("(l8=") && !tree.contains(','), "{tree}");
    // Black to move makes five at l8: the tree's value is a win, its move l8.
    c.post(format!(
        "{base}/api/gomoku/games/{}/moves",
        four["id"].as_str().unwrap()
    ))
    .json(&json!({"move": "a5"}))
    .send()
    .await
    .unwrap();
    let (_, v) = get(&c, &four_url).await;
    let (s, e) = post(&c, &format!("{base}/api/tree"), json!({"tree": v["tree"]})).await;
    assert_eq!(s, 200, "{e}");
    assert_eq!(e["best_move_label"], "l8", "{e}");
    // Refused: settings out of range or unknown (400), more nodes than the server explains
    // (200 here: 3 plies of 6 make up to 259) or a text longer than its body limit (413),
    // an unknown game (404), a finished one (409).
    for (query, status, says) in [
        ("?plies=0", 400, "plies must be 1 to 6, not 0"),
        ("?width=7", 400, "width must be 1 to 6, not 7"),
        ("?plies=two", 400, "plies"),
        ("?depth=2", 400, "depth"),
        (
            "?plies=3&width=6",
            413,
            "up to 259 nodes; this server explains at most 200",
        ),
    ] {
        let (s, v) = get(&c, &format!("{url}{query}")).await;
        assert_eq!(s, status, "{query}: {v}");
        assert!(error_of(&v).contains(says), "{query}: {v}");
    }
    // A server of more nodes but the same small body limit: 4 plies of 4 make 341 nodes,
    // whose text outgrows the 4096 bytes `POST /api/tree` would take.
    let roomy = start(Limits {
        max_tree_nodes: 5_000,
        ..small()
    })
    .await;
    let g = new_game(&c, &roomy, json!({"moves": "h8i9h9"})).await;
    let (s, v) = get(
        &c,
        &format!(
            "{roomy}/api/gomoku/games/{}/tree?plies=4&width=4",
            g["id"].as_str().unwrap()
        ),
    )
    .await;
    assert_eq!(s, 413, "{v}");
    assert!(
        error_of(&v).contains("this server explains trees of at most 3072"),
        "{v}"
    );
    let (s, v) = get(&c, &format!("{base}/api/gomoku/games/nope/tree")).await;
    assert_eq!(s, 404, "{v}");
    let over = new_game(&c, &base, json!({"moves": "h8a1i8a2j8a3k8a4l8"})).await;
    let (s, v) = get(
        &c,
        &format!(
            "{base}/api/gomoku/games/{}/tree",
            over["id"].as_str().unwrap()
        ),
    )
    .await;
    assert_eq!(s, 409, "{v}");
    assert!(error_of(&v).contains("the game is over"), "{v}");
}

/// `GET /api/connect4/tree?moves=...`: the Connect Four engine's look-ahead, as
/// `connect4 tree` writes it; a four to make is the only move and wins (`inf`); bad moves,
/// settings and sizes are refused.
#[tokio::test]
async fn the_connect4_lookahead_comes_as_a_tree_to_explain() {
    use alphabeta_games::connect4::{lookahead_tree, Connect4};
    let base = start(small()).await;
    let c = Client::new();
    let url = format!("{base}/api/connect4/tree");
    let (s, v) = get(&c, &format!("{url}?moves=4453&plies=3&width=3")).await;
    assert_eq!(s, 200, "{v}");
    let p = Connect4::from_moves("4453").unwrap();
    assert_eq!(v["tree"], lookahead_tree(&p, 3, 3).unwrap());
    assert_eq!((&v["plies"], &v["width"]), (&json!(3), &json!(3)));
    let (s, e) = post(&c, &format!("{base}/api/tree"), json!({"tree": v["tree"]})).await;
    assert_eq!(s, 200, "{e}");
    // Red (X) to move has 4, 5 and 6 on the bottom row: column 3 wins, alone.
    let (s, v) = get(&c, &format!("{url}?moves=445566")).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["tree"], "(c3=inf)");
    // The start, by default two plies of all seven columns.
    let (s, v) = get(&c, &url).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["tree"].as_str().unwrap().matches("=").count(), 7 + 49);
    for (query, status, says) in [
        ("?moves=48", 422, "in the moves"),
        ("?moves=4455667", 409, "the game is over"),
        ("?plies=7", 400, "plies must be 1 to 6, not 7"),
        ("?width=8", 400, "width must be 1 to 7, not 8"),
        ("?depth=1", 400, "depth"),
        (
            "?plies=3",
            413,
            "up to 400 nodes; this server explains at most 200",
        ),
    ] {
        let (s, v) = get(&c, &format!("{url}{query}")).await;
        assert_eq!(s, status, "{query}: {v}");
        assert!(error_of(&v).contains(says), "{query}: {v}");
    }
}
