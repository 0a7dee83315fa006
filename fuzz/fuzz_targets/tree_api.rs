#![no_main]
//! POST /api/tree with a fuzzed tree text and settings picked by the first bytes: the reply
//! must be 200 or 4xx, always JSON; a 5xx or a panic is a find.
use axum::body::Body;
use axum::http::Request;
use http_body_util::BodyExt;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use tower::ServiceExt;

fn runtime() -> &'static tokio::runtime::Runtime {
    static RT: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RT.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
    })
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 4 {
        return;
    }
    let (k, rest) = data.split_at(4);
    let Ok(tree) = std::str::from_utf8(rest) else {
        return;
    };
    let pick = |b: u8, xs: &[&str]| xs[b as usize % xs.len()].to_string();
    let mut req = serde_json::json!({ "tree": tree });
    let o = req.as_object_mut().unwrap();
    o.insert("root".into(), pick(k[0], &["max", "min"]).into());
    o.insert(
        "order".into(),
        pick(k[0] >> 1, &["ltr", "rtl", "static"]).into(),
    );
    o.insert(
        "algorithm".into(),
        pick(
            k[1],
            &["minimax", "alphabeta", "alphabeta-soft", "negamax", "pvs"],
        )
        .into(),
    );
    o.insert(
        "cut".into(),
        pick(k[1] >> 3, &["inclusive", "strict"]).into(),
    );
    o.insert("view".into(), pick(k[1] >> 4, &["max", "mover"]).into());
    if k[2] & 1 == 1 {
        o.insert("compare".into(), true.into());
    }
    if k[2] & 2 == 2 {
        o.insert("question".into(), true.into());
    }
    if k[2] & 4 == 4 {
        o.insert("sealed".into(), true.into());
    }
    if k[2] & 8 == 8 {
        o.insert("depth".into(), ((k[2] >> 4) % 6).into());
    }
    if k[3] & 1 == 1 {
        o.insert("given".into(), serde_json::json!([k[3] >> 1, k[3] >> 3, 0]));
    }
    if k[3] & 0x40 == 0x40 {
        o.insert("worksheet".into(), true.into());
    }
    if k[3] & 0x80 == 0x80 {
        o.insert("beamer".into(), true.into());
    }
    let body = serde_json::to_vec(&req).unwrap();
    runtime().block_on(async {
        static APP: OnceLock<axum::Router> = OnceLock::new();
        let app = APP
            .get_or_init(|| {
                let limits = alphabeta_web::Limits {
                    max_tree_nodes: 200,
                    max_searches: 1,
                    engine_megabytes: 1,
                    ..Default::default()
                };
                alphabeta_web::app(limits)
            })
            .clone();
        let r = app
            .oneshot(
                Request::post("/api/tree")
                    .header("content-type", "application/json")
                    .body(Body::from(body))
                    .unwrap(),
            )
            .await
            .unwrap();
        let status = r.status();
        let bytes = r.into_body().collect().await.unwrap().to_bytes();
        assert!(
            !status.is_server_error(),
            "{status}: {}",
            String::from_utf8_lossy(&bytes)
        );
        let _: serde_json::Value = serde_json::from_slice(&bytes).expect("JSON");
    });
});
