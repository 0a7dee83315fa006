//! The page in a real browser: headless Chromium, driven over WebDriver (chromedriver), against
//! the real `alphabeta serve` on a loopback port. Each view is saved as a screenshot under
//! `target/tmp/screenshots/`.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them). Without them the
//! test fails and says so; `ALPHABETA_SKIP_BROWSER=1` skips it on a machine that cannot have a
//! browser.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};

mod common;
use common::{fewest_by_brute_force, serve, textbook, value_given, Reaper};

/// Starts `alphabeta serve` on a free port, its Gomoku searches on two threads; returns the
/// process and the page's address.
fn start_server() -> (Reaper, String) {
    let (server, line) = serve(&["--threads", "2"]);
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    (server, url)
}

/// Starts chromedriver on a free port and waits until it listens.
fn start_chromedriver() -> (Reaper, String) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new("chromedriver")
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let started = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "chromedriver did not listen"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    (Reaper(child), format!("http://127.0.0.1:{port}"))
}

fn have_browser() -> bool {
    let found = |p: &str| {
        std::env::var_os("PATH")
            .map(|path| std::env::split_paths(&path).any(|d| d.join(p).is_file()))
            .unwrap_or(false)
    };
    found("chromedriver") && (found("chromium") || found("chromium-browser"))
}

fn screenshots() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

async fn browser(driver: &str, profile: &std::path::Path) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
                format!("--user-data-dir={}", profile.display()),
                "--window-size=1280,1000",
            ]
        }),
    );
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(driver)
        .await
        .expect("a browser session")
}

/// Runs a script and returns its value.
async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![])
        .await
        .unwrap_or_else(|e| panic!("{script}: {e}"))
}

/// The text of the file the link `id` offers (a download the page made in memory).
async fn download(c: &Client, id: &str) -> String {
    let script = format!(
        "const r = await fetch(document.getElementById({}).href); return await r.text();",
        json!(id)
    );
    js(c, &script)
        .await
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// Clicks the button `id`, which saves a file, and catches the save to read it: the file's
/// name and text.
async fn saved_by_click(c: &Client, id: &str) -> (String, String) {
    let script = format!(
        "window.saved = null; window.realClick = HTMLAnchorElement.prototype.click; \
         HTMLAnchorElement.prototype.click = function () {{ \
         window.saved = {{ name: this.download, href: this.href }}; }}; \
         document.getElementById({}).click(); return 1;",
        json!(id)
    );
    js(c, &script).await;
    wait_until(c, "window.saved", Duration::from_secs(10)).await;
    let file = js(
        c,
        "HTMLAnchorElement.prototype.click = window.realClick; \
         const r = await fetch(window.saved.href); return [window.saved.name, await r.text()];",
    )
    .await;
    let text = |v: &Value| v.as_str().unwrap_or_default().to_string();
    (text(&file[0]), text(&file[1]))
}

/// Sets the form field `id` to `value`, as typing or choosing would.
async fn set_value(c: &Client, id: &str, value: &str) {
    let script = format!(
        "document.getElementById({}).value = {}; return 1;",
        json!(id),
        json!(value)
    );
    js(c, &script).await;
}

/// Chooses `value` in the menu `id`, as a person would: the page hears the change.
async fn choose(c: &Client, id: &str, value: &str) {
    set_value(c, id, value).await;
    let script = format!(
        "document.getElementById({}).dispatchEvent(new Event('change')); return 1;",
        json!(id)
    );
    js(c, &script).await;
}

/// Waits until `condition` (a JavaScript expression) is true.
async fn wait_until(c: &Client, condition: &str, within: Duration) {
    let started = Instant::now();
    loop {
        if js(c, &format!("return !!({condition});")).await == json!(true) {
            return;
        }
        if started.elapsed() > within {
            let status = js(c, "return document.body.innerText.slice(0, 2000);").await;
            panic!("waited {within:?} for {condition}; the page says: {status}");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Clicks the tree explainer's example of this title.
async fn click_example(c: &Client, title: &str) {
    let found = js(
        c,
        &format!(
            "const b = [...document.querySelectorAll('#t-examples button')].find(b => b.textContent === {title:?}); if (b) b.click(); return Boolean(b);"
        ),
    )
    .await;
    assert_eq!(found, json!(true), "no example {title:?}");
}

async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {css}: {e}"));
}

async fn text(c: &Client, id: &str) -> String {
    js(
        c,
        &format!("return document.getElementById('{id}').textContent;"),
    )
    .await
    .as_str()
    .unwrap()
    .to_string()
}

async fn screenshot(c: &Client, name: &str) {
    let png = c.screenshot().await.expect("a screenshot");
    std::fs::write(screenshots().join(name), png).unwrap();
}

async fn no_errors(c: &Client) {
    let errors = js(c, "return window.__errors;").await;
    assert_eq!(errors, json!([]), "the page reported errors");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_in_a_real_browser() {
    if !have_browser() {
        if std::env::var_os("ALPHABETA_SKIP_BROWSER").is_some() {
            eprintln!("skipped: no chromium/chromedriver and ALPHABETA_SKIP_BROWSER is set");
            return;
        }
        panic!(
            "the browser test needs Chromium and ChromeDriver: apt-get install -y chromium \
             chromium-driver (or set ALPHABETA_SKIP_BROWSER=1 to skip it)"
        );
    }
    let (_server, url) = start_server();
    let (_driver, driver_url) = start_chromedriver();
    let profile = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("chromium-profile");
    let _ = std::fs::remove_dir_all(&profile);
    let c = browser(&driver_url, &profile).await;
    // Run the views in a task so that the session is closed whatever happened, then report.
    let views = c.clone();
    let r = tokio::spawn(async move {
        gomoku(&views, &url).await;
        puzzle(&views, &url).await;
        threat_puzzle(&views, &url).await;
        tree(&views, &url).await;
        tictactoe(&views, &url).await;
        connect_four(&views, &url).await;
        narrow_screen(&views, &url).await;
    })
    .await;
    c.close().await.ok();
    if let Err(e) = r {
        std::panic::resume_unwind(e.into_panic());
    }
}

async fn gomoku(c: &Client, url: &str) {
    c.goto(url).await.unwrap();
    wait_until(
        c,
        "document.querySelector('rect[data-cell=\"h8\"]')",
        Duration::from_secs(10),
    )
    .await;
    // Half a second per engine move keeps the test short.
    set_value(c, "g-time", "0.5").await;
    click(c, "rect[data-cell=\"h8\"]").await;
    // The engine answers on the board: two stones, the second White's.
    wait_until(
        c,
        "document.querySelectorAll('#g-board circle[data-stone]').length === 2",
        Duration::from_secs(20),
    )
    .await;
    wait_until(
        c,
        "document.getElementById('g-status').textContent.startsWith('Your move')",
        Duration::from_secs(5),
    )
    .await;
    let stones = js(
        c,
        "return [...document.querySelectorAll('#g-board circle[data-stone]')].map(s => [s.dataset.stone, s.getAttribute('class')]);",
    )
    .await;
    assert_eq!(stones[0], json!(["h8", "stone black"]));
    assert_eq!(stones[1][1], json!("stone white"));
    assert_ne!(stones[1][0], json!("h8"));
    // The engine's thinking was shown, on the server's two threads, and the move string
    // follows the board.
    assert_ne!(text(c, "g-depth").await, "–");
    assert_eq!(text(c, "g-threads").await.trim(), "on 2 threads");
    let speed = text(c, "g-nps").await.replace(',', "");
    assert!(speed.parse::<u64>().is_ok_and(|n| n > 0), "{speed} nodes/s");
    let moves = js(c, "return document.getElementById('g-moves').value;").await;
    assert_eq!(
        moves,
        json!(format!("h8{}", stones[1][0].as_str().unwrap()))
    );
    screenshot(c, "gomoku.png").await;
    // Keyboard: the cursor starts at the centre; two steps right and Enter play j8 (two
    // steps left, f8, if the engine took j8).
    let (keys, target) = if stones[1][0] == json!("j8") {
        ("\u{E012}\u{E012}\u{E007}", "f8")
    } else {
        ("\u{E014}\u{E014}\u{E007}", "j8")
    };
    js(c, "document.getElementById('g-board').focus(); return 1;").await;
    let board = c.find(Locator::Id("g-board")).await.unwrap();
    board.send_keys(keys).await.unwrap();
    wait_until(
        c,
        "document.querySelectorAll('#g-board circle[data-stone]').length === 4",
        Duration::from_secs(20),
    )
    .await;
    let third = js(
        c,
        "return document.querySelectorAll('#g-board circle[data-stone]')[2].dataset.stone;",
    )
    .await;
    assert_eq!(third, json!(target));
    // Undo takes back the engine's answer and the player's move.
    wait_until(
        c,
        "!document.getElementById('g-undo').disabled",
        Duration::from_secs(5),
    )
    .await;
    click(c, "#g-undo").await;
    wait_until(
        c,
        "document.querySelectorAll('#g-board circle[data-stone]').length === 2",
        Duration::from_secs(5),
    )
    .await;
    // The engine's look-ahead from here in the tree explainer: the side to move's three most
    // urgent moves (root labels are one cell: `h10`; deeper ones name more), three plies
    // deep, explained with Max at the root (whatever the explainer had), its best move one
    // of the three.
    set_value(c, "t-root", "min").await;
    click(c, "#g-tree").await;
    wait_until(
        c,
        "!document.getElementById('tree').hidden && document.getElementById('t-summary').textContent.startsWith('Value')",
        Duration::from_secs(10),
    )
    .await;
    let (tree, summary) = (
        js(c, "return document.getElementById('t-input').value;").await,
        text(c, "t-summary").await,
    );
    let tree = tree.as_str().unwrap();
    let firsts: Vec<String> = tree[1..]
        .split(',')
        .filter(|part| part.len() > 1)
        .map(|part| part.split('=').next().unwrap().to_string())
        .filter(|label| label.len() <= 3)
        .collect();
    assert_eq!(firsts.len(), 3, "three root moves in {tree}");
    let best = summary
        .split("best move ")
        .nth(1)
        .and_then(|rest| rest.split(['.', ' ', ',']).next())
        .unwrap_or("");
    assert!(
        firsts.iter().any(|m| m == best),
        "{summary} names none of {firsts:?}"
    );
    screenshot(c, "gomoku-tree.png").await;
    assert_eq!(
        js(c, "return document.getElementById('t-root').value;").await,
        json!("max")
    );
    // Where it came from is said under it: the position and Max's colour, the side to move
    // (Black, after h8 and the engine's answer); gone once another tree is explained.
    let source = text(c, "t-source").await;
    assert!(
        source.starts_with("The Gomoku engine's look-ahead after h8 ")
            && source.contains("Black to move is Max"),
        "{source}"
    );
    // Its 27 leaves, labelled by three moves, are wider than the page: the picture shrinks
    // to three quarters of its size at most and the box scrolls; stepping through the last
    // steps (in the rightmost subtree) keeps the node at work in sight.
    let sizes = js(
        c,
        "const box = document.getElementById('t-picture'); const svg = box.querySelector('svg'); \
         return [Number(svg.getAttribute('width')), svg.getBoundingClientRect().width, box.clientWidth, box.scrollWidth];",
    )
    .await;
    let [natural, shown, boxed, scrolled] = [0, 1, 2, 3].map(|i| sizes[i].as_f64().unwrap());
    assert!(natural > boxed && shown >= 0.75 * natural - 1.0, "{sizes}");
    assert!(scrolled > boxed, "the box scrolls: {sizes}");
    click(c, "#t-last").await;
    for _ in 0..6 {
        click(c, "#t-back").await;
        let in_sight = js(
            c,
            "const box = document.getElementById('t-picture'); const g = box.querySelector('g.current'); \
             if (!g) return true; const r = g.getBoundingClientRect(), b = box.getBoundingClientRect(); \
             return r.left >= b.left && r.right <= b.right;",
        )
        .await;
        assert_eq!(in_sight, json!(true), "the node at work is out of sight");
    }
    set_value(c, "t-input", "[[3,12,8],[2,4,6],[14,5,2]]").await;
    click(c, "#t-explain").await;
    wait_until(
        c,
        "document.getElementById('t-source').hidden && document.getElementById('t-summary').textContent.startsWith('Value 3')",
        Duration::from_secs(10),
    )
    .await;
    click(c, "#tab-gomoku").await;
    // At level 1 the engine's reply searches at most the level's 1,000 nodes, on one thread
    // (helpers would add theirs to the count).
    set_value(c, "g-level", "1").await;
    click(c, "rect[data-cell=\"a1\"]").await;
    wait_until(
        c,
        "document.querySelectorAll('#g-board circle[data-stone]').length === 4 && !document.getElementById('g-undo').disabled",
        Duration::from_secs(20),
    )
    .await;
    let nodes: u64 = text(c, "g-nodes").await.replace(',', "").parse().unwrap();
    assert!((1..=1_000).contains(&nodes), "{nodes} nodes at level 1");
    assert_eq!(text(c, "g-threads").await, "");
    set_value(c, "g-level", "").await;
    // A hint: Black (the player) has two open threes, e4-g4 and l10-l12, and White nothing,
    // so exactly four moves win at once by an open four (d4, h4, l9, l13). The three rings
    // must be three of those; playing one clears them.
    set_value(c, "g-load", "e4a15f4o15g4a1l10o1l11h15l12a8").await;
    click(c, "#g-load-btn").await;
    wait_until(
        c,
        "document.querySelectorAll('#g-board circle[data-stone]').length === 12 && !document.getElementById('g-hint').disabled",
        Duration::from_secs(5),
    )
    .await;
    click(c, "#g-hint").await;
    wait_until(
        c,
        "document.querySelectorAll('#g-board .g-hint circle').length === 3 && document.getElementById('g-status').textContent.startsWith('Hint: 1.')",
        Duration::from_secs(20),
    )
    .await;
    let hinted = js(
        c,
        "return [...document.querySelectorAll('#g-board .g-hint circle')].map(h => h.dataset.hint);",
    )
    .await;
    for h in hinted.as_array().unwrap() {
        assert!(
            ["d4", "h4", "l9", "l13"].contains(&h.as_str().unwrap()),
            "{hinted}"
        );
    }
    // Each a win in 3 for Black, to move: Black's chance 100%.
    let status = text(c, "g-status").await;
    assert!(status.starts_with("Hint: 1."), "{status}");
    assert_eq!(
        status.matches("win in 3 (Black 100%)").count(),
        3,
        "{status}"
    );
    screenshot(c, "gomoku-hint.png").await;
    let first = hinted[0].as_str().unwrap().to_string();
    click(c, &format!("rect[data-cell=\"{first}\"]")).await;
    wait_until(
        c,
        "document.querySelectorAll('#g-board circle[data-stone]').length >= 13 && !document.querySelector('#g-board .g-hint circle')",
        Duration::from_secs(20),
    )
    .await;
    // A pasted game with a five shows the winning line.
    set_value(c, "g-load", "h8a1i8a2j8a3k8a4l8").await;
    click(c, "#g-load-btn").await;
    wait_until(
        c,
        "document.querySelector('#g-board line.g-five')",
        Duration::from_secs(5),
    )
    .await;
    assert!(text(c, "g-status").await.contains("five for black"));
    // The SGF link gives the game to save, as the format writes it (h8 is x 7, y 7).
    let sgf = js(
        c,
        "const r = await fetch(document.getElementById('g-sgf').href); return await r.text();",
    )
    .await;
    let sgf = sgf.as_str().unwrap();
    assert!(
        sgf.starts_with("(;FF[4]GM[4]SZ[15]RU[0]RE[B+1];B[hh];W[ao]"),
        "{sgf}"
    );
    // Its review: White lost by playing in the corner while Black built its row. Which of
    // White's moves is the blunder depends on how deep the engine sees in its time (a3 let
    // the open three through; a1 and a2 already let Black win by force, and a1, from a game
    // still open, is a mistake at least by the values alone); no Black move is marked worse
    // than `?!` (far ahead, the values of Black's moves swing by a few hundred units from one
    // search to the next, which barely moves the chance the marks are judged by; but a win
    // proven before a move and not after it, as a loaded machine may search, is a `?!`).
    click(c, "#g-review").await;
    // Half a second a position: the status counts them meanwhile.
    wait_until(
        c,
        "/^Reviewing 9 moves: [1-9] of 10 positions searched/.test(document.getElementById('g-status').textContent)",
        Duration::from_secs(10),
    )
    .await;
    wait_until(
        c,
        "document.getElementById('g-status').textContent.startsWith('Review:')",
        Duration::from_secs(30),
    )
    .await;
    let marked = js(
        c,
        "return [...document.querySelectorAll('#g-board .g-review text')].map(t => [t.dataset.review, t.dataset.mark]);",
    )
    .await;
    let marked: Vec<(String, String)> = serde_json::from_value(marked).unwrap();
    assert!(
        marked.iter().any(|(_, mark)| mark == "?" || mark == "??"),
        "{marked:?}"
    );
    assert!(
        marked
            .iter()
            .all(|(cell, mark)| ["a1", "a2", "a3", "a4"].contains(&cell.as_str()) || mark == "?!"),
        "{marked:?}"
    );
    screenshot(c, "gomoku-review.png").await;
    // The graph of Black's chances: a dot for each marked move, at its number; Black ends
    // winning, so the line ends at the top.
    let dots = js(
        c,
        "return [...document.querySelectorAll('#g-graph circle')].map(d => Number(d.dataset.move));",
    )
    .await;
    let dots: Vec<usize> = serde_json::from_value(dots).unwrap();
    let game = ["h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4", "l8"];
    let mut numbered: Vec<usize> = marked
        .iter()
        .map(|(cell, _)| game.iter().position(|m| m == cell).unwrap() + 1)
        .collect();
    numbered.sort();
    assert_eq!(dots, numbered, "{marked:?}");
    let end = js(c, "const p = document.querySelector('#g-graph polygon').getAttribute('points').split(' '); return Number(p[p.length - 2].split(',')[1]);").await;
    assert!(
        end.as_f64().unwrap() <= 5.0,
        "Black's line ends at the top: {end}"
    );
    // Stepping through the reviewed game: back to the empty board, on to White's a3 (the
    // sixth move), which the status names with its mark and the engine's choice, and the
    // engine's line from there drawn as faint stones; a click plays nothing meanwhile.
    let stones = "document.querySelectorAll('#g-board circle[data-stone]').length";
    click(c, "#g-first").await;
    assert_eq!(js(c, &format!("return {stones};")).await, json!(0));
    assert!(text(c, "g-status").await.starts_with("Move 0 of 9"));
    for _ in 0..2 {
        click(c, "#g-forward").await;
    }
    // White's a1 from a game still open: if it is marked, its chance fell by 5 points or
    // more, and the status says by how much.
    let status = text(c, "g-status").await;
    assert!(status.starts_with("Move 2 of 9: white a1"), "{status}");
    if marked.iter().any(|(cell, _)| cell == "a1") {
        assert!(status.contains("; the chance of winning "), "{status}");
    }
    for _ in 0..4 {
        click(c, "#g-forward").await;
    }
    assert_eq!(js(c, &format!("return {stones};")).await, json!(6));
    let status = text(c, "g-status").await;
    assert!(status.starts_with("Move 6 of 9: white a3"), "{status}");
    let a3 = marked.iter().find(|(cell, _)| cell == "a3").map(|(_, m)| m);
    if let Some(mark) = a3 {
        assert!(
            status.starts_with(&format!("Move 6 of 9: white a3{mark} (")),
            "{status}"
        );
    }
    assert!(status.contains("the engine: "), "{status}");
    let faint = js(
        c,
        "return document.querySelectorAll('#g-board .g-pv circle').length;",
    )
    .await;
    assert!(
        faint.as_u64().unwrap() >= 1,
        "the engine's line from move 6"
    );
    screenshot(c, "gomoku-browse.png").await;
    click(c, "rect[data-cell=\"h1\"]").await;
    assert_eq!(js(c, &format!("return {stones};")).await, json!(6));
    // The list of moves beside the board: the shown move current, the marks as on the
    // stones; choosing move 2 shows the board after it.
    let record = js(
        c,
        "return [...document.querySelectorAll('#g-record button')].map(b => [b.textContent, b.getAttribute('aria-current')]);",
    )
    .await;
    let record: Vec<(String, Option<String>)> = serde_json::from_value(record).unwrap();
    let moves = ["h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4", "l8"];
    assert_eq!(record.len(), 9, "{record:?}");
    for (k, (label, current)) in record.iter().enumerate() {
        let mark = marked
            .iter()
            .find(|(cell, _)| cell == moves[k])
            .map_or("", |(_, m)| m.as_str());
        assert_eq!(label, &format!("{}. {}{mark}", k + 1, moves[k]));
        assert_eq!(current.is_some(), k == 5, "{record:?}");
    }
    click(c, "#g-record button[data-move=\"2\"]").await;
    assert_eq!(js(c, &format!("return {stones};")).await, json!(2));
    assert!(text(c, "g-status")
        .await
        .starts_with("Move 2 of 9: white a1"));
    // A click on the graph, at two thirds of its width, shows move 6.
    js(
        c,
        "const g = document.getElementById('g-graph'); const b = g.getBoundingClientRect(); \
         g.dispatchEvent(new MouseEvent('click', {clientX: b.left + b.width * 2 / 3, clientY: b.top + 5, bubbles: true})); return 1;",
    )
    .await;
    let status = text(c, "g-status").await;
    assert!(status.starts_with("Move 6 of 9"), "{status}");
    // The keys on the board: Page Down a move on, End the game as it is.
    js(c, "document.getElementById('g-board').focus(); return 1;").await;
    let board = c.find(Locator::Id("g-board")).await.unwrap();
    board.send_keys("\u{E00F}").await.unwrap();
    assert_eq!(js(c, &format!("return {stones};")).await, json!(7));
    board.send_keys("\u{E010}").await.unwrap();
    assert_eq!(js(c, &format!("return {stones};")).await, json!(9));
    assert!(text(c, "g-status").await.starts_with("Review:"));
    assert!(
        js(
            c,
            "return !!document.querySelector('#g-board line.g-five');"
        )
        .await
            == json!(true)
    );
    // A pasted SGF game (as a match manager writes it) brings its size and rule along.
    set_value(
        c,
        "g-load",
        "(;FF[4]GM[4]RU[1]SZ[19];B[jj];W[kk];B[aa];W[sa])",
    )
    .await;
    click(c, "#g-load-btn").await;
    wait_until(
        c,
        "document.querySelectorAll('#g-board circle[data-stone]').length === 4",
        Duration::from_secs(5),
    )
    .await;
    // A new game has no review: no graph, no marks.
    let graph = js(
        c,
        "return document.getElementById('g-graph').getBoundingClientRect().height;",
    )
    .await;
    assert_eq!(graph.as_f64(), Some(0.0), "the last game's graph is hidden");
    assert_eq!(
        js(c, "return [document.getElementById('g-size').value, document.getElementById('g-rule').value, document.getElementById('g-moves').value];").await,
        json!(["19", "standard", "j10k9a19s19"])
    );
    // A Piskvork record (the Gomocup's) opened as a file brings its size; the rule is the
    // one chosen.
    let psq = tempfile::Builder::new()
        .prefix("alphabeta-page-")
        .suffix(".psq")
        .tempfile()
        .unwrap();
    std::fs::write(
        psq.path(),
        "Piskvorky 20x20, 11:11, 0\r\n10,10,5\r\n11,11,7\r\n1,1,3\r\nx.exe\r\ny.exe\r\n-1\r\n",
    )
    .unwrap();
    c.find(Locator::Id("g-file"))
        .await
        .unwrap()
        .send_keys(psq.path().to_str().unwrap())
        .await
        .unwrap();
    wait_until(
        c,
        "document.getElementById('g-moves').value.startsWith('j11k10a20')",
        Duration::from_secs(5),
    )
    .await;
    // The engine may already have answered the loaded game, so only its first three stones
    // are the record's.
    assert_eq!(
        js(c, "return [document.getElementById('g-size').value, document.getElementById('g-rule').value, [...document.querySelectorAll('#g-board circle[data-stone]')].slice(0, 3).map(s => s.dataset.stone)];").await,
        json!(["20", "standard", ["j11", "k10", "a20"]])
    );
    set_value(c, "g-size", "15").await;
    set_value(c, "g-rule", "freestyle").await;
    // Renju: Black's double four on h7 is crossed out, and a click on it is refused.
    set_value(c, "g-rule", "renju").await;
    set_value(c, "g-load", "h8a15h9c15h10e15e7g15f7i15g7k15").await;
    click(c, "#g-load-btn").await;
    wait_until(
        c,
        "document.querySelector('#g-board .g-foul[data-cell=\"h7\"]')",
        Duration::from_secs(5),
    )
    .await;
    let fouls = js(
        c,
        "return [...document.querySelectorAll('#g-board .g-foul')].map(f => f.dataset.cell);",
    )
    .await;
    assert_eq!(fouls, json!(["h7"]));
    screenshot(c, "gomoku-renju.png").await;
    click(c, "rect[data-cell=\"h7\"]").await;
    wait_until(
        c,
        "document.getElementById('g-status').textContent.includes('forbidden')",
        Duration::from_secs(5),
    )
    .await;
    assert_eq!(
        js(
            c,
            "return document.querySelectorAll('#g-board circle[data-stone]').length;"
        )
        .await,
        json!(12)
    );
    set_value(c, "g-rule", "freestyle").await;
    // Playing White: a new game opens with the engine's stone in the centre.
    set_value(c, "g-color", "white").await;
    click(c, "#g-new").await;
    wait_until(
        c,
        "document.getElementById('g-status').textContent === 'Your move (white).'",
        Duration::from_secs(20),
    )
    .await;
    let stones = js(
        c,
        "return [...document.querySelectorAll('#g-board circle[data-stone]')].map(s => s.dataset.stone);",
    )
    .await;
    assert_eq!(stones, json!(["h8"]));
    // The centre is the engine's only candidate, played without a search: no score shown.
    assert_eq!(text(c, "g-score").await, "–");
    // The engine's opening stone is not the player's to take back.
    assert_eq!(
        js(c, "return document.getElementById('g-undo').disabled;").await,
        json!(true)
    );
    // Both sides: the engine moves only when asked, for the side to move, and not again.
    set_value(c, "g-color", "both").await;
    click(c, "#g-new").await;
    let count = "document.querySelectorAll('#g-board circle[data-stone]').length";
    wait_until(c, &format!("{count} === 0"), Duration::from_secs(5)).await;
    click(c, "rect[data-cell=\"h8\"]").await;
    wait_until(c, &format!("{count} === 1"), Duration::from_secs(5)).await;
    click(c, "rect[data-cell=\"i9\"]").await;
    wait_until(c, &format!("{count} === 2"), Duration::from_secs(5)).await;
    tokio::time::sleep(Duration::from_millis(700)).await;
    assert_eq!(
        js(c, &format!("return {count};")).await,
        json!(2),
        "no engine move unasked"
    );
    click(c, "#g-engine").await;
    wait_until(
        c,
        &format!("{count} === 3 && document.getElementById('g-status').textContent === 'Your move (white).'"),
        Duration::from_secs(20),
    )
    .await;
    tokio::time::sleep(Duration::from_millis(700)).await;
    assert_eq!(
        js(c, &format!("return {count};")).await,
        json!(3),
        "one move asked, one played"
    );
    // Undo takes back one move, the hint is for the side to move.
    click(c, "#g-undo").await;
    wait_until(c, &format!("{count} === 2"), Duration::from_secs(5)).await;
    assert_eq!(
        js(c, "return document.getElementById('g-hint').disabled;").await,
        json!(false)
    );
    set_value(c, "g-color", "black").await;
    no_errors(c).await;
}

/// A puzzle by fours: the command line draws the same position from the page's seed; a move
/// that is no four is refused and not played; the solution, followed a move at a time (each
/// four answered by the engine's block on the board), ends in the player's five, counted as
/// the fewest moves.
/// Plays a puzzle's solution a move at a time, as the page shows it from where the game
/// stands, each answered by the engine on the board, to the five; the moves played.
async fn play_the_solution(c: &Client) -> u64 {
    let status = "document.getElementById('g-status').textContent";
    let stones = "document.querySelectorAll('#g-board circle[data-stone]').length";
    let mut played = 0;
    loop {
        click(c, "#g-solution").await;
        wait_until(
            c,
            &format!("{status}.startsWith('A win in')"),
            Duration::from_secs(10),
        )
        .await;
        let line = text(c, "g-status").await;
        let faint = js(
            c,
            "return document.querySelectorAll('#g-board .g-pv circle').length;",
        )
        .await;
        let shown: Vec<&str> = line
            .split(": ")
            .nth(1)
            .unwrap()
            .split(" (")
            .next()
            .unwrap()
            .split(' ')
            .collect();
        assert_eq!(faint, json!(shown.len()), "{line}");
        let before = js(c, &format!("return {stones};")).await.as_u64().unwrap();
        click(c, &format!("rect[data-cell=\"{}\"]", shown[0])).await;
        played += 1;
        if shown.len() == 1 {
            break;
        }
        wait_until(
            c,
            &format!(
                "{stones} === {} && {status}.includes('more move')",
                before + 2
            ),
            Duration::from_secs(20),
        )
        .await;
    }
    wait_until(
        c,
        &format!("{status}.startsWith('Five: solved')"),
        Duration::from_secs(10),
    )
    .await;
    played
}

/// Clicks Puzzle and waits for it; the task it shows, and the command line's puzzle of the
/// same seed with `args` as JSON, whose position must be the page's.
async fn draw_puzzle(c: &Client, args: &[&str]) -> (String, Value) {
    click(c, "#g-puzzle").await;
    wait_until(
        c,
        "document.getElementById('g-status').textContent.startsWith('Puzzle (seed')",
        Duration::from_secs(30),
    )
    .await;
    let task = text(c, "g-status").await;
    let seed = task["Puzzle (seed ".len()..].split(')').next().unwrap();
    let cli = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
        .args(["gomoku", "puzzle", "--json", "--seed", seed])
        .args(args)
        .output()
        .unwrap();
    assert!(cli.status.success());
    let cli: Value = serde_json::from_slice(&cli.stdout).unwrap();
    let moves = js(c, "return document.getElementById('g-moves').value;").await;
    assert_eq!(
        moves, cli["position"],
        "the page's puzzle is the command line's"
    );
    (task, cli)
}

/// A click on an empty corner of a puzzle's board is explained (the status starts with the
/// corner's name and `says`), not played.
async fn a_corner_is_explained(c: &Client, says: &str) {
    let status = "document.getElementById('g-status').textContent";
    let stones = "document.querySelectorAll('#g-board circle[data-stone]').length";
    let start = js(c, &format!("return {stones};")).await;
    let corner = js(
        c,
        "return [...document.querySelectorAll('#g-board rect[data-cell]')].map(r => r.dataset.cell).find(n => n === 'a1' || n === 'o15' || n === 'a15' || n === 'o1');",
    )
    .await;
    let corner = corner.as_str().unwrap();
    click(c, &format!("rect[data-cell=\"{corner}\"]")).await;
    wait_until(
        c,
        &format!("{status}.startsWith('{corner} {says}')"),
        Duration::from_secs(10),
    )
    .await;
    assert_eq!(js(c, &format!("return {stones};")).await, start);
}

/// A puzzle by threats: the menu offers its lengths, the page's puzzle is the command
/// line's, a quiet move is explained, and the solution (asked again after each answer, as
/// the engine picks its own defence) solves it in the fewest moves.
async fn threat_puzzle(c: &Client, url: &str) {
    c.goto("about:blank").await.unwrap();
    c.goto(url).await.unwrap();
    let status = "document.getElementById('g-status').textContent";
    let stones = "document.querySelectorAll('#g-board circle[data-stone]').length";
    wait_until(c, &format!("{stones} === 0"), Duration::from_secs(10)).await;
    choose(c, "g-puzzle-by", "threats").await;
    let offered = js(
        c,
        "return [...document.getElementById('g-puzzle-moves').options].map(o => o.value);",
    )
    .await;
    assert_eq!(offered, json!(["3", "4", "5"]));
    set_value(c, "g-puzzle-moves", "4").await;
    let (task, _) = draw_puzzle(c, &["--by", "threats", "--moves", "4"]).await;
    assert!(task.contains("wins in 4 moves by threats"), "{task}");
    a_corner_is_explained(c, "is neither a four nor an open three").await;
    play_the_solution(c).await;
    wait_until(
        c,
        &format!("{status}.startsWith('Five: solved')"),
        Duration::from_secs(10),
    )
    .await;
    assert_eq!(
        text(c, "g-status").await,
        "Five: solved in 4 moves (the fewest: 4)."
    );
    screenshot(c, "threat-puzzle.png").await;
    let link = js(c, "return location.href;").await;
    assert!(link.as_str().unwrap().contains("by=threats"), "{link}");
    no_errors(c).await;
}

async fn puzzle(c: &Client, url: &str) {
    c.goto(url).await.unwrap();
    let status = "document.getElementById('g-status').textContent";
    let stones = "document.querySelectorAll('#g-board circle[data-stone]').length";
    wait_until(c, &format!("{stones} === 0"), Duration::from_secs(10)).await;
    set_value(c, "g-time", "0.5").await;
    set_value(c, "g-puzzle-moves", "4-5").await;
    // A puzzle for White: the rarer side, asked for.
    set_value(c, "g-puzzle-side", "white").await;
    let (task, cli) = draw_puzzle(c, &["--moves", "4-5", "--side", "white"]).await;
    let seed = cli["seed"].to_string();
    assert_eq!(cli["to_move"], "white");
    let fewest = cli["moves_to_win"].as_u64().unwrap();
    let side = if cli["to_move"] == "black" {
        "Black"
    } else {
        "White"
    };
    assert!(
        task.contains(&format!("{side} to move wins in {fewest} moves")),
        "{task}"
    );
    assert_eq!(
        js(c, "return document.getElementById('g-color').value;").await,
        cli["to_move"]
    );
    // A stone that makes no four is explained, not played.
    a_corner_is_explained(c, "is not a four").await;
    // The solution, a move at a time: each four is blocked by the engine on the board.
    let played = play_the_solution(c).await;
    assert_eq!(
        text(c, "g-status").await,
        format!("Five: solved in {played} moves (the fewest: {fewest}).")
    );
    assert_eq!(played, fewest);
    screenshot(c, "puzzle.png").await;
    // The address is a link to the puzzle: opened afresh, it sets the same position.
    let link = js(c, "return location.href;").await;
    let link = link.as_str().unwrap();
    assert!(link.contains(&format!("seed={seed}")), "{link}");
    c.goto("about:blank").await.unwrap();
    c.goto(link).await.unwrap();
    wait_until(
        c,
        &format!("{status}.startsWith('Puzzle (seed {seed})')"),
        Duration::from_secs(30),
    )
    .await;
    let again = js(c, "return document.getElementById('g-moves').value;").await;
    assert_eq!(again, cli["position"]);
    // A new game leaves the puzzle, and its link.
    click(c, "#g-new").await;
    wait_until(c, "location.search === ''", Duration::from_secs(10)).await;
    // A link whose puzzle cannot be drawn says why, over an empty board to play on.
    c.goto(&format!("{url}?puzzle&seed=x#gomoku"))
        .await
        .unwrap();
    wait_until(
        c,
        &format!("{status}.includes('seed') && {stones} === 0"),
        Duration::from_secs(10),
    )
    .await;
    no_errors(c).await;
}

async fn tree(c: &Client, url: &str) {
    c.goto(&format!("{url}#tree")).await.unwrap();
    let exam = "[[[[4,8,6],[1,9]],[[5,8],[-1,2]]],[[[0,3],[-6,6]],[[1],[0,9,-7]]]]";
    wait_until(
        c,
        "document.querySelector('#t-picture svg')",
        Duration::from_secs(10),
    )
    .await;
    set_value(c, "t-input", exam).await;
    click(c, "#t-explain").await;
    wait_until(
        c,
        "document.getElementById('t-summary').textContent.startsWith('Value 4')",
        Duration::from_secs(10),
    )
    .await;
    // The exam answer: five subtrees pruned (V, D, Omega, Sigma, M), each drawn cut once.
    let cuts = js(
        c,
        "return document.querySelectorAll('#t-picture line.cutmark').length;",
    )
    .await;
    assert_eq!(cuts, json!(5));
    let visible = js(c, "return [...document.querySelectorAll('#t-picture line.cutmark')].filter(l => getComputedStyle(l).visibility === 'visible').length;").await;
    assert_eq!(visible, json!(5), "the final picture shows every cut");
    screenshot(c, "tree.png").await;
    // The picture to download is the final one, standalone: an SVG with the five cuts.
    let file = download(c, "t-download").await;
    assert!(
        file.starts_with("<svg") && file.trim_end().ends_with("</svg>"),
        "{file}"
    );
    assert_eq!(file.matches("class=\"cutmark\"").count(), 5, "{file}");
    // And for LaTeX: the same five cuts in TikZ.
    let file = download(c, "t-tikz").await;
    assert!(file.contains("\\begin{tikzpicture}"), "{file}");
    assert_eq!(file.matches("\\draw[cut mark]").count(), 5, "{file}");
    // The slides are fetched when asked for and saved as a file.
    let (name, file) = saved_by_click(c, "t-beamer").await;
    assert_eq!(name, "steps.tex");
    assert!(file.contains("\\begin{frame}"), "{file}");
    // The last slide, the final picture, has the five cuts.
    let last = file
        .rsplit("\\only<")
        .find(|s| s.contains("\\draw"))
        .unwrap();
    assert_eq!(last.matches("\\draw[cut mark]").count(), 5, "{last}");
    // So is a worksheet: the question, then the answer with the five cuts.
    let (name, file) = saved_by_click(c, "t-worksheet").await;
    assert_eq!(name, "worksheet.tex");
    let (question, answer) = file.split_once("\\section*{Answers}").unwrap();
    assert!(question.contains("\\documentclass"), "{file}");
    assert_eq!(
        question.matches("\\draw[cut mark]").count(),
        0,
        "{question}"
    );
    assert_eq!(answer.matches("\\draw[cut mark]").count(), 5, "{answer}");
    // A worksheet of random trees: six of the shape chosen, 3x3, drawn by the server.
    let (name, file) = saved_by_click(c, "t-random-sheet").await;
    assert_eq!(name, "worksheet.tex");
    let (question, answer) = file.split_once("\\section*{Answers}").unwrap();
    assert_eq!(question.matches("\\subsection*{Exercise ").count(), 6);
    assert_eq!(answer.matches("\\subsection*{Exercise ").count(), 6);
    assert_eq!(question.matches("random tree 3x3").count(), 6, "{question}");
    // The server's sheet is the command line's, byte for byte, from the same first seed.
    let seed = question
        .split("seed ")
        .nth(1)
        .and_then(|r| r.split('}').next())
        .unwrap();
    let cli = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
        .args(["tree", "--random", "3x3", "--count", "6", "--seed", seed])
        .args(["--format", "worksheet"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(cli.stdout).unwrap(), file);
    // Its students' copy: the same exercises, without the answers.
    let (name, copy) = saved_by_click(c, "t-sheet-copy").await;
    assert_eq!(name, "worksheet-copy.tex");
    assert!(!copy.contains("\\section*{Answers}"), "{copy}");
    let exercises = |doc: &str| -> Vec<String> {
        doc.split("\\subsection*{Exercise ")
            .skip(1)
            .map(|x| x.split("\\end{minipage}").next().unwrap().to_string())
            .collect()
    };
    assert_eq!(exercises(&copy), exercises(question));
    // Step through: back to the start, nothing entered; then forward.
    click(c, "#t-first").await;
    assert!(text(c, "t-step").await.starts_with("Step 0 of"));
    let seen = "document.querySelectorAll('#t-picture g.seen').length";
    assert_eq!(js(c, &format!("return {seen};")).await, json!(0));
    for _ in 0..3 {
        click(c, "#t-fwd").await;
    }
    let step = text(c, "t-step").await;
    assert!(step.starts_with("Step 3 of"), "{step}");
    // Enter the root, enter its first child, enter the grandchild: three nodes seen.
    assert_eq!(js(c, &format!("return {seen};")).await, json!(3));
    assert_eq!(
        js(
            c,
            "return document.querySelectorAll('#t-picture g.current').length;"
        )
        .await,
        json!(1)
    );
    // The keyboard steps too.
    js(c, "document.activeElement.blur(); return 1;").await;
    c.find(Locator::Css("body"))
        .await
        .unwrap()
        .send_keys("\u{E014}")
        .await
        .unwrap();
    assert!(text(c, "t-step").await.starts_with("Step 4 of"));
    // Walk until the first cut appears on the picture.
    let shown = "document.querySelectorAll('#t-picture line.cutmark.shown').length";
    let mut k = 4;
    while js(c, &format!("return {shown};")).await == json!(0) {
        click(c, "#t-fwd").await;
        k += 1;
        assert!(k < 200, "no cut shown while stepping");
    }
    let step = text(c, "t-step").await;
    let errors = js(c, "return window.__errors;").await;
    assert!(step.contains("cut at"), "{step} {errors}");
    screenshot(c, "tree-step.png").await;
    click(c, "#t-last").await;
    let step = text(c, "t-step").await;
    assert!(step.ends_with(": leave root with 4."), "{step}");
    // The witness on request.
    click(c, "#t-witness").await;
    assert_eq!(
        js(
            c,
            "return document.getElementById('t-picture').classList.contains('show-witness');"
        )
        .await,
        json!(true)
    );
    compare_table(c).await;
    negamax_view(c).await;
    // A malformed tree says where.
    set_value(c, "t-input", "[[3,12,8],[2,4").await;
    click(c, "#t-explain").await;
    wait_until(
        c,
        "!document.getElementById('t-error').hidden",
        Duration::from_secs(5),
    )
    .await;
    assert!(text(c, "t-error").await.contains("line 1, column"));
    // An unknown leaf the search needs is answered case by case: B = min(10, E), and F = 2
    // ends C (G cut) when F <= B, so exactly when E >= 2 (worked by hand).
    set_value(c, "t-input", "A(B(D=10,E=?),C(F=2,G=4))").await;
    click(c, "#t-explain").await;
    wait_until(
        c,
        "!document.getElementById('t-cases').hidden",
        Duration::from_secs(5),
    )
    .await;
    let cases = text(c, "t-cases").await;
    assert!(cases.contains("E <= 1"), "{cases}");
    assert!(
        cases.contains("2 <= E <= 10  value E, best move B; opens 3 of 4: D E F; pruned: G"),
        "{cases}"
    );
    assert_eq!(
        js(c, "return document.getElementById('t-error').hidden;").await,
        json!(true)
    );
    // To test yourself, the same tree asks the question and holds no answer until asked.
    choose(c, "t-quiz", "opened").await;
    wait_until(
        c,
        "document.getElementById('t-cases').textContent.includes('1. Leaf E is unknown')",
        Duration::from_secs(5),
    )
    .await;
    let page = js(c, "return document.body.innerHTML;").await;
    assert!(
        !page.to_string().contains("value E;"),
        "the answer is in the page"
    );
    assert!(
        text(c, "t-picture").await.contains('?'),
        "the bare picture shows E as ?"
    );
    assert_eq!(
        js(
            c,
            "const r = await fetch(document.getElementById('t-unknown-tikz').href); return document.getElementById('t-unknown-download').href.startsWith('blob:') && (await r.text()).includes('{$?$}');"
        )
        .await,
        json!(true),
        "the question's picture can be downloaded, as SVG and as TikZ (E drawn ?)"
    );
    click(c, "#t-show-cases").await;
    wait_until(
        c,
        "document.getElementById('t-cases').textContent.includes('2 <= E <= 10  value E')",
        Duration::from_secs(5),
    )
    .await;
    // The cases' worksheet: the question, then the cases as its answer.
    let (name, file) = saved_by_click(c, "t-cases-worksheet").await;
    assert_eq!(name, "worksheet.tex");
    let answer = file.split_once("\\section*{Answers}").unwrap().1;
    assert!(
        answer.contains("\\textbf{2 $\\leq$ E $\\leq$ 10}: value E,"),
        "{answer}"
    );
    // A case's button explains the tree with that value of E: with E = 2, B = 2, and F = 2
    // <= alpha = 2 cuts G; the root is 2.
    click(c, "#t-cases .case-line:nth-child(3) button").await;
    wait_until(
        c,
        "document.getElementById('t-summary').textContent.startsWith('Value 2')",
        Duration::from_secs(5),
    )
    .await;
    let summary = text(c, "t-summary").await;
    assert!(summary.contains("pruned: G."), "{summary}");
    assert_eq!(
        js(c, "return document.getElementById('t-input').value;").await,
        json!("A(B(D=10,E=2),C(F=2,G=4))")
    );
    assert_eq!(
        js(c, "return document.getElementById('t-quiz').value;").await,
        json!(""),
        "the case's button explains, it does not quiz"
    );
    // Two unknown leaves: E's cases, and F's within where the search needs F too. With E = 3
    // and F = 4 (E < F <= 5): B = 3, F = 4 > alpha = 3 opens G, C = 4, the root 4.
    click(c, "#t-examples button:nth-of-type(7)").await;
    wait_until(
        c,
        "document.getElementById('t-cases').textContent.includes('E < F <= 5')",
        Duration::from_secs(5),
    )
    .await;
    let line = text(c, "t-cases").await;
    assert!(
        line.contains("F <= E      value E, best move B; opens 3 of 4: D E F; pruned: G"),
        "{line}"
    );
    screenshot(c, "tree-two-unknowns.png").await;
    let button = "#t-cases .case-line:nth-child(4) button";
    let label = js(
        c,
        &format!("return document.querySelector('{button}').textContent;"),
    )
    .await;
    assert_eq!(label, json!("Explain with E = 3, F = 4"));
    click(c, button).await;
    wait_until(
        c,
        "document.getElementById('t-summary').textContent.startsWith('Value 4')",
        Duration::from_secs(5),
    )
    .await;
    assert_eq!(
        js(c, "return document.getElementById('t-input').value;").await,
        json!("A(B(D=3,E=3),C(F=4,G=5))")
    );
    // Children by their static values (worked by hand in the CLI's tests: J, C, B; G cuts
    // H and I), and the comparison's third column.
    set_value(
        c,
        "t-input",
        "A(B=3(D=3,E=12,F=8),C=5(G=2,H=4,I=6),J=6(K=14,L=5,M=2))",
    )
    .await;
    choose(c, "t-order", "static").await;
    click(c, "#t-explain").await;
    wait_until(
        c,
        "document.getElementById('t-summary').textContent.includes('pruned: H, I')",
        Duration::from_secs(5),
    )
    .await;
    let head = js(
        c,
        "return [...document.querySelectorAll('#t-compare-head th')].map(th => th.textContent);",
    )
    .await;
    assert_eq!(
        head,
        json!([
            "algorithm",
            "left to right",
            "right to left",
            "by static value"
        ])
    );
    assert!(
        text(c, "t-picture").await.contains("J static 6"),
        "the static value is drawn"
    );
    screenshot(c, "tree-static.png").await;
    // A random tree with exact static values: drawn with them, and searched by them.
    set_value(c, "t-input", "").await;
    choose(c, "t-order", "ltr").await;
    choose(c, "t-statics", "0").await;
    click(c, "#t-random").await;
    wait_until(
        c,
        "/\\d\\[/.test(document.getElementById('t-input').value) && document.getElementById('t-summary').textContent.startsWith('Value')",
        Duration::from_secs(5),
    )
    .await;
    assert_eq!(
        js(c, "return document.getElementById('t-order').value;").await,
        json!("static")
    );
    // Min at the root instead: the same leaves, drawn again with static values true for Min
    // (each inner node's minimax value, computed here), and a tree typed over is left alone.
    let input = "document.getElementById('t-input').value";
    let for_max = js(c, &format!("return {input};")).await;
    let for_max = for_max.as_str().unwrap().to_string();
    choose(c, "t-root", "min").await;
    wait_until(
        c,
        &format!("{input} !== {for_max:?}"),
        Duration::from_secs(5),
    )
    .await;
    let for_min = js(c, &format!("return {input};")).await;
    let (leaves_max, _) = without_statics(&for_max);
    let (leaves_min, statics) = without_statics(for_min.as_str().unwrap());
    assert_eq!(leaves_min, leaves_max, "{for_max} then {for_min}");
    assert!(!statics.is_empty(), "{for_min}");
    for (value, subtree, depth) in statics {
        // Min at the root: a node at an odd depth is Max's.
        let mut next = 0;
        let minimax = textbook(
            &subtree,
            depth % 2 == 1,
            (i64::MIN, i64::MAX),
            &mut next,
            &mut Vec::new(),
        );
        assert_eq!(value, minimax, "{subtree} at depth {depth} in {for_min}");
    }
    set_value(c, "t-input", "[[1,2],[3,4]]").await;
    choose(c, "t-root", "max").await;
    wait_until(
        c,
        "document.getElementById('t-summary').textContent.startsWith('Value 3')",
        Duration::from_secs(5),
    )
    .await;
    assert_eq!(
        js(c, &format!("return {input};")).await,
        json!("[[1,2],[3,4]]")
    );
    choose(c, "t-statics", "").await;
    choose(c, "t-order", "ltr").await;
    // Searched to depth 1 (worked by hand in the CLI's tests): the example sets the depth, the
    // static values stand in for the Min nodes, and Max is misled to B at 5 (the whole tree: 3).
    click_example(c, "Searched to depth 1").await;
    wait_until(
        c,
        "document.getElementById('t-summary').textContent.includes('Value 5, best move B')",
        Duration::from_secs(5),
    )
    .await;
    let summary = text(c, "t-summary").await;
    assert!(
        summary.starts_with(
            "Depth limit 1: static values stand in for the subtrees below B=5 C=2 J=3"
        ) && summary.contains("searched to the end: 3"),
        "{summary}"
    );
    assert_eq!(
        js(c, "return [document.getElementById('t-depth').value, document.querySelectorAll('#t-picture g[data-node]').length];").await,
        json!(["1", 4]),
        "the cut tree is drawn: the root and three leaves"
    );
    screenshot(c, "tree-depth.png").await;
    // Step by step, B is evaluated by its static value, not opened.
    click(c, "#t-first").await;
    for _ in 0..2 {
        click(c, "#t-fwd").await;
    }
    let step = text(c, "t-step").await;
    assert!(
        step.starts_with("Step 2 of 6: evaluate B = 5 (its static value)"),
        "{step}"
    );
    // The comparison's table by depth: 1, then the end; a click on the end explains the whole
    // tree, where Max takes J at 3.
    let rows = js(
        c,
        "return [...document.querySelectorAll('#t-deepening tbody tr')].map(tr => tr.textContent);",
    )
    .await;
    assert_eq!(rows, json!(["15B3 of 3", "to the end3J9 of 9"]));
    js(
        c,
        "document.querySelector('#t-deepening tbody tr:last-child button').click();",
    )
    .await;
    wait_until(
        c,
        "document.getElementById('t-summary').textContent.startsWith('Value 3, best move J')",
        Duration::from_secs(5),
    )
    .await;
    assert_eq!(
        js(c, "return document.getElementById('t-depth').value;").await,
        json!("")
    );
    // A random tree to search to a depth comes with static values to stop at.
    choose(c, "t-depth", "2").await;
    click(c, "#t-random").await;
    wait_until(
        c,
        "document.getElementById('t-summary').textContent.startsWith('Depth limit 2: static values stand in')",
        Duration::from_secs(5),
    )
    .await;
    assert_eq!(
        js(c, "return document.getElementById('t-statics').value;").await,
        json!("5")
    );
    // An unknown static value at the cut (worked by hand in the CLI's tests): its cases, and
    // a case's button explains the whole tree with that static value, cut at the same depth
    // (E = 2: B = 2, F's 2 <= alpha cuts G, the root 2).
    click_example(c, "For which static value of E?").await;
    wait_until(
        c,
        "document.getElementById('t-cases').textContent.includes('2 <= E <= 3  value E')",
        Duration::from_secs(5),
    )
    .await;
    let cases = text(c, "t-cases").await;
    assert!(
        cases.contains("the search needs E's static value"),
        "{cases}"
    );
    click(c, "#t-cases .case-line:nth-child(3) button").await;
    wait_until(
        c,
        "document.getElementById('t-summary').textContent.startsWith('Depth limit 2')",
        Duration::from_secs(5),
    )
    .await;
    assert_eq!(
        js(c, "return document.getElementById('t-input').value;").await,
        json!("A(B(D=3(M=1,N=3),E=2(O=6,P=0)),C(F=2(Q=2,R=1),G=5(S=5,T=4)))")
    );
    let summary = text(c, "t-summary").await;
    assert!(
        summary.contains("Value 2") && summary.contains("pruned: G."),
        "{summary}"
    );
    choose(c, "t-depth", "").await;
    choose(c, "t-statics", "").await;
    choose(c, "t-order", "ltr").await;
    // A tree seven levels deep: "Search to depth" offers 1 to 6 once it is explained, and
    // searched to 6 the bottom node's static value 1 stands in for its leaves 1 and 2.
    set_value(c, "t-input", "1[1[1[1[1[1[1[1,2],3],4],5],6],7],8]").await;
    click(c, "#t-explain").await;
    wait_until(
        c,
        "[...document.getElementById('t-depth').options].some(o => o.value === '6')",
        Duration::from_secs(5),
    )
    .await;
    assert_eq!(
        js(
            c,
            "return [...document.getElementById('t-depth').options].map(o => o.value);"
        )
        .await,
        json!(["", "1", "2", "3", "4", "5", "6"])
    );
    choose(c, "t-depth", "6").await;
    wait_until(
        c,
        "document.getElementById('t-summary').textContent.startsWith('Depth limit 6')",
        Duration::from_secs(5),
    )
    .await;
    choose(c, "t-depth", "").await;
    // An example is one click away.
    click(c, "#t-examples button").await;
    wait_until(
        c,
        "document.getElementById('t-summary').textContent.startsWith('Value 3')",
        Duration::from_secs(5),
    )
    .await;
    practice(c).await;
    no_errors(c).await;
}

/// The tree in the text field, as JSON, once it is a fresh one (not `old`).
/// Values as the player to move sees them: max{4, min{3, 1}} in the negamax form, worked by
/// hand (the leaf 4 is -4 to Min; the Min node cuts at -3 >= beta -4, a lower bound).
async fn negamax_view(c: &Client) {
    set_value(c, "t-input", "[4,[3,1]]").await;
    set_value(c, "t-algorithm", "negamax").await;
    click(c, "#t-explain").await;
    let texts = "return [...document.querySelectorAll('#t-picture g[data-node] text.val')].map(t => t.textContent);";
    wait_until(
        c,
        "document.getElementById('t-summary').textContent.startsWith('Value 4, best move [0]. negamax alpha-beta opened')",
        Duration::from_secs(10),
    )
    .await;
    assert_eq!(js(c, texts).await, json!(["4", "4", "≤3", "3", "1"]));
    choose(c, "t-view", "mover").await;
    wait_until(
        c,
        "document.querySelector('#t-picture g[data-node=\"1\"] text.val').textContent === '-4'",
        Duration::from_secs(10),
    )
    .await;
    assert_eq!(js(c, texts).await, json!(["4", "-4", "≥-3", "3", "1"]));
    // The steps as `--trace` numbers and words them (a line a step; a leaf's entry, opening
    // and exit are one), in the view asked for.
    let trace = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
        .args([
            "tree",
            "--trace",
            "--view",
            "mover",
            "--algorithm",
            "negamax",
        ])
        .arg("[4,[3,1]]")
        .output()
        .unwrap();
    let trace = String::from_utf8(trace.stdout).unwrap();
    let lines: Vec<&str> = trace
        .split("trace:\n")
        .nth(1)
        .unwrap()
        .lines()
        .map(|l| l.split_once(". ").unwrap().1.trim())
        .collect();
    assert_eq!(lines.len(), 8, "{trace}");
    click(c, "#t-first").await;
    for k in 1..=lines.len() {
        click(c, "#t-fwd").await;
        let words = text(c, "t-step").await;
        assert_eq!(words, format!("Step {k} of 8: {}.", lines[k - 1]));
    }
    click(c, "#t-first").await;
    for _ in 0..6 {
        click(c, "#t-fwd").await;
    }
    assert_eq!(
        text(c, "t-step").await,
        "Step 6 of 8: cut at [1]: -3 >= beta -4, the other children are pruned."
    );
    screenshot(c, "tree-negamax.png").await;
    choose(c, "t-view", "max").await;
    choose(c, "t-algorithm", "alphabeta").await;
    wait_until(
        c,
        "document.getElementById('t-summary').textContent.includes('alpha-beta (fail-hard) opened')",
        Duration::from_secs(10),
    )
    .await;
}

/// The tree with every node's children reversed: searching it left to right is searching the
/// original right to left.
fn mirrored(node: &Value) -> Value {
    match node.as_array() {
        Some(kids) => Value::Array(kids.iter().rev().map(mirrored).collect()),
        None => node.clone(),
    }
}

/// The comparison table against the textbook's alpha-beta in both orders, minimax's count and
/// the fewest by brute force; a cell explains with its settings, and the best order makes
/// alpha-beta open only the fewest.
async fn compare_table(c: &Client) {
    // The exam tree, explained above, is in a best order already.
    assert_eq!(
        text(c, "t-best-order").await,
        "Alpha-beta, left to right, already opens only the fewest: the children are in a best order."
    );
    let three = "[[3,12,8],[2,4,6],[14,5,2]]";
    set_value(c, "t-input", three).await;
    click(c, "#t-explain").await;
    wait_until(
        c,
        "document.getElementById('t-summary').textContent.startsWith('Value 3')",
        Duration::from_secs(10),
    )
    .await;
    let tree: Value = serde_json::from_str(three).unwrap();
    let opened = |t: &Value| {
        let mut o = Vec::new();
        textbook(t, true, (i64::MIN, i64::MAX), &mut 0, &mut o);
        o.len()
    };
    let (ltr, rtl) = (opened(&tree), opened(&mirrored(&tree)));
    let all = common::leaves(&tree);
    let fewest = fewest_by_brute_force(&tree).len();
    click(c, "#t-compare-box summary").await;
    let rows = js(
        c,
        "return [...document.querySelectorAll('#t-compare tr')].map(tr => [...tr.cells].map(td => td.textContent));",
    )
    .await;
    let rows = rows.as_array().unwrap();
    let row = |name: &str| {
        rows.iter()
            .find(|r| r[0] == name)
            .unwrap_or_else(|| panic!("{name}: {rows:?}"))
            .clone()
    };
    assert_eq!(
        row("minimax (no pruning)"),
        json!(["minimax (no pruning)", all.to_string(), all.to_string()])
    );
    assert_eq!(
        row("alpha-beta (fail-hard)"),
        json!(["alpha-beta (fail-hard)", ltr.to_string(), rtl.to_string()])
    );
    assert_eq!(
        row("the fewest that fix the value"),
        json!([
            "the fewest that fix the value",
            format!("{fewest} of {all}")
        ])
    );
    assert_eq!(
        js(
            c,
            "return document.querySelector('#t-compare button.current').dataset.order;"
        )
        .await,
        json!("ltr")
    );
    // Knuth and Moore: 3^1 + 3^1 - 1 for any uniform tree of depth 2 with 3 children.
    assert_eq!(fewest, 5);
    assert_eq!(
        text(c, "t-uniform").await,
        "Every uniform tree of depth 2 with 3 children a node needs 3¹ + 3¹ − 1 = 5, whatever its values (Knuth and Moore's minimal tree); the values decide which."
    );
    screenshot(c, "tree-compare.png").await;
    // A cell explains the tree with its settings.
    click(
        c,
        "#t-compare button[data-algorithm='alphabeta'][data-order='rtl']",
    )
    .await;
    wait_until(
        c,
        &format!("document.getElementById('t-summary').textContent.includes('alpha-beta (fail-hard) opened {rtl} of {all} leaves')"),
        Duration::from_secs(10),
    )
    .await;
    assert_eq!(
        js(c, "return document.getElementById('t-order').value;").await,
        json!("rtl")
    );
    // The best order: alpha-beta, left to right, opens only the fewest.
    click(c, "#t-use-best").await;
    wait_until(
        c,
        &format!("document.getElementById('t-summary').textContent.includes('alpha-beta (fail-hard) opened {fewest} of {all} leaves')"),
        Duration::from_secs(10),
    )
    .await;
    let best = js(c, "return document.getElementById('t-input').value;").await;
    let best: Value = serde_json::from_str(best.as_str().unwrap()).unwrap();
    assert_eq!(opened(&best), fewest, "{best}");
    assert_ne!(best, tree, "another order");
    assert!(text(c, "t-best-order")
        .await
        .contains("already opens only the fewest"));
    assert_eq!(
        js(c, "return document.getElementById('t-order').value;").await,
        json!("ltr")
    );
}

async fn fresh_tree(c: &Client, old: &str) -> Value {
    let fresh = format!(
        "document.getElementById('t-input').value.startsWith('[') && document.getElementById('t-input').value !== {}",
        json!(old)
    );
    wait_until(c, &fresh, Duration::from_secs(10)).await;
    let text = js(c, "return document.getElementById('t-input').value;").await;
    serde_json::from_str(text.as_str().unwrap()).unwrap()
}

/// Practice: a random tree explained; then tested: the picture bare, the leaves clicked, the
/// answer checked against the textbook's alpha-beta, written in the test.
async fn practice(c: &Client) {
    let summary = "document.getElementById('t-summary')";
    js(
        c,
        "document.getElementById('t-shape').value = '2x3'; return 1;",
    )
    .await;
    js(c, &format!("{summary}.textContent = ''; return 1;")).await;
    let old = js(c, "return document.getElementById('t-input').value;").await;
    click(c, "#t-random").await;
    let tree = fresh_tree(c, old.as_str().unwrap()).await;
    assert_eq!(common::leaves(&tree), 9, "a 2x3 tree: {tree}");
    let value = textbook(&tree, true, (i64::MIN, i64::MAX), &mut 0, &mut Vec::new());
    wait_until(
        c,
        &format!("{summary}.textContent.startsWith('Value {value}')"),
        Duration::from_secs(10),
    )
    .await;
    // Test yourself: the same tree again, bare.
    choose(c, "t-quiz", "opened").await;
    wait_until(
        c,
        "!document.getElementById('t-quiz-panel').hidden",
        Duration::from_secs(10),
    )
    .await;
    assert_eq!(
        js(c, &format!("return {summary}.hidden;")).await,
        json!(true)
    );
    let task = text(c, "t-quiz-task").await;
    assert!(
        task.contains(
            "alpha-beta (fail-hard), Max at the root, children left to right, cut when α ≥ β."
        ),
        "{task}"
    );
    // The picture holds no answer at all, and neither does the page's data.
    let bare = [
        "document.querySelectorAll('#t-picture line.cutmark, #t-picture rect.opened, #t-picture .pvnode, #t-picture .witness').length",
        "['value', 'opened', 'pruned', 'minimum', 'svg', 'trace'].filter(k => k in T.report).length",
        "T.report.nodes.filter(n => 'value' in n || 'opened' in n || 'alpha' in n).length",
        "[...document.querySelectorAll('#t-picture g[data-node]:not(.leaf) text.val')].filter(t => t.textContent !== '').length",
        "document.querySelectorAll('#t-picture g.seen').length",
        "['t-summary', 't-steps', 't-step', 't-verdict', 't-compare-box'].filter(id => getComputedStyle(document.getElementById(id)).display !== 'none').length",
    ];
    for check in bare {
        assert_eq!(
            js(c, &format!("return {check};")).await,
            json!(0),
            "{check}"
        );
    }
    // The arrow keys do not step through the answer.
    js(c, "document.activeElement.blur(); return 1;").await;
    c.find(Locator::Css("body"))
        .await
        .unwrap()
        .send_keys("\u{E014}")
        .await
        .unwrap();
    assert_eq!(
        js(
            c,
            "return document.querySelectorAll('#t-picture g.seen').length;"
        )
        .await,
        json!(0)
    );
    // Answer right: click every leaf the textbook's search never opens, give its value.
    let mut opened = Vec::new();
    let value = textbook(&tree, true, (i64::MIN, i64::MAX), &mut 0, &mut opened);
    let leaves = c.find_all(Locator::Css("#t-picture g.leaf")).await.unwrap();
    assert_eq!(leaves.len(), 9);
    for (k, leaf) in leaves.iter().enumerate() {
        if !opened.contains(&k) {
            leaf.click().await.unwrap();
        }
    }
    let guessed = "document.querySelectorAll('#t-picture g.guess-pruned').length";
    assert_eq!(
        js(c, &format!("return {guessed};")).await,
        json!(9 - opened.len())
    );
    screenshot(c, "tree-quiz.png").await;
    set_value(c, "t-guess", &value.to_string()).await;
    click(c, "#t-check").await;
    // Check fetches the answer: wait for it.
    wait_until(
        c,
        "!document.getElementById('t-verdict').hidden",
        Duration::from_secs(10),
    )
    .await;
    let verdict = text(c, "t-verdict").await;
    assert!(
        verdict.starts_with(&format!(
            "The root's value {value}: right. Leaves: all 9 right."
        )),
        "{verdict} for {tree}"
    );
    assert_eq!(
        js(
            c,
            "return document.querySelectorAll('#t-picture g.quiz-right').length;"
        )
        .await,
        json!(9)
    );
    assert!(text(c, "t-summary")
        .await
        .starts_with(&format!("Value {value}")));
    screenshot(c, "tree-quiz-checked.png").await;
    // The question to download is the picture bare.
    let file = download(c, "t-question-download").await;
    assert!(
        file.starts_with("<svg") && !file.contains("class=\"cutmark\""),
        "{file}"
    );
    let file = download(c, "t-question-tikz").await;
    assert!(
        file.contains("\\begin{tikzpicture}") && !file.contains("[cut mark]"),
        "{file}"
    );
    // Another random tree, answered wrong: no leaf clicked, a value one too high.
    let old = js(c, "return document.getElementById('t-input').value;").await;
    click(c, "#t-random").await;
    let tree = fresh_tree(c, old.as_str().unwrap()).await;
    wait_until(
        c,
        "!document.getElementById('t-quiz-panel').hidden && document.getElementById('t-verdict').hidden",
        Duration::from_secs(10),
    )
    .await;
    let mut opened = Vec::new();
    let value = textbook(&tree, true, (i64::MIN, i64::MAX), &mut 0, &mut opened);
    set_value(c, "t-guess", &(value + 1).to_string()).await;
    click(c, "#t-check").await;
    // Check fetches the answer: wait for it.
    wait_until(
        c,
        "!document.getElementById('t-verdict').hidden",
        Duration::from_secs(10),
    )
    .await;
    let verdict = text(c, "t-verdict").await;
    assert!(
        verdict.starts_with(&format!("The root's value is {value}, not {}.", value + 1)),
        "{verdict} for {tree}"
    );
    assert_eq!(
        js(
            c,
            "return document.querySelectorAll('#t-picture g.quiz-wrong').length;"
        )
        .await,
        json!(9 - opened.len()),
        "{verdict} for {tree}"
    );
    // Out of the quiz: the answer at once, and no verdict left over.
    choose(c, "t-quiz", "").await;
    wait_until(
        c,
        "document.getElementById('t-quiz-panel').hidden && !document.getElementById('t-summary').hidden",
        Duration::from_secs(10),
    )
    .await;
    assert_eq!(
        js(c, "return document.getElementById('t-verdict').hidden;").await,
        json!(true)
    );
    fewest_leaves(c).await;
}

/// Test yourself on the fewest leaves that fix the value: a fewest set found by brute force in
/// the test is called right; one leaf is not enough, with the range minimax gives it.
async fn fewest_leaves(c: &Client) {
    let panel = "!document.getElementById('t-quiz-panel').hidden";
    let verdict_shown = "!document.getElementById('t-verdict').hidden";
    choose(c, "t-quiz", "fewest").await;
    wait_until(c, panel, Duration::from_secs(10)).await;
    let task = text(c, "t-quiz-task").await;
    assert!(
        task.contains("Which leaves, the fewest, fix the root's value"),
        "{task}"
    );
    let input = js(c, "return document.getElementById('t-input').value;").await;
    let tree: Value = serde_json::from_str(input.as_str().unwrap()).unwrap();
    let value = textbook(&tree, true, (i64::MIN, i64::MAX), &mut 0, &mut Vec::new());
    let fewest = fewest_by_brute_force(&tree);
    let leaves = c.find_all(Locator::Css("#t-picture g.leaf")).await.unwrap();
    for &k in &fewest {
        leaves[k].click().await.unwrap();
    }
    set_value(c, "t-guess", &value.to_string()).await;
    click(c, "#t-check").await;
    wait_until(c, verdict_shown, Duration::from_secs(10)).await;
    let verdict = text(c, "t-verdict").await;
    assert_eq!(
        verdict,
        format!(
            "The root's value {value}: right. Your {} leaves fix it, and no fewer do: right. Blue: your leaves.",
            fewest.len()
        ),
        "{tree}"
    );
    let shown = js(
        c,
        "return [document.getElementById('t-verdict').classList.contains('all-right'), \
         document.getElementById('t-picture').classList.contains('show-witness'), \
         document.querySelectorAll('#t-picture g.guess-chosen').length];",
    )
    .await;
    assert_eq!(shown, json!([true, true, fewest.len()]));
    screenshot(c, "tree-quiz-fewest.png").await;
    // Another tree, and only its first leaf: the root could still be anything in a range.
    let old = input.as_str().unwrap().to_string();
    click(c, "#t-random").await;
    let tree = fresh_tree(c, &old).await;
    wait_until(
        c,
        &format!("{panel} && !({verdict_shown})"),
        Duration::from_secs(10),
    )
    .await;
    let name = |v: i64| match v {
        -1000 => "-inf".to_string(),
        1000 => "inf".to_string(),
        v => v.to_string(),
    };
    let low = value_given(&tree, true, &[0], -1000, &mut 0);
    let high = value_given(&tree, true, &[0], 1000, &mut 0);
    assert_ne!(
        low, high,
        "one leaf of nine cannot fix a 2x3 tree of 0..20: {tree}"
    );
    c.find(Locator::Css("#t-picture g.leaf"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    click(c, "#t-check").await;
    wait_until(c, verdict_shown, Duration::from_secs(10)).await;
    let value = textbook(&tree, true, (i64::MIN, i64::MAX), &mut 0, &mut Vec::new());
    assert_eq!(
        text(c, "t-verdict").await,
        format!(
            "The root's value is {value}. Your 1 leaf does not fix it: whatever the others hold, \
             it lies from {} to {}. The fewest that fix it: {}, one such set outlined in green. \
             Blue: your leaves.",
            name(low),
            name(high),
            fewest_by_brute_force(&tree).len()
        ),
        "{tree}"
    );
    choose(c, "t-quiz", "").await;
    wait_until(
        c,
        "document.getElementById('t-quiz-panel').hidden",
        Duration::from_secs(10),
    )
    .await;
}

async fn tictactoe(c: &Client, url: &str) {
    c.goto(&format!("{url}#ttt")).await.unwrap();
    wait_until(
        c,
        "document.getElementById('x-status').textContent.startsWith('Your move')",
        Duration::from_secs(10),
    )
    .await;
    // Every opening move draws under perfect play.
    let labels = js(
        c,
        "return [...document.querySelectorAll('#x-board small')].map(s => s.textContent);",
    )
    .await;
    assert_eq!(labels, json!(vec!["draw"; 9]));
    // The material's two-ply look-ahead: centre 1, corners -1, edges -2, the centre its pick.
    set_value(c, "x-plies", "2").await;
    js(
        c,
        "document.getElementById('x-plies').dispatchEvent(new Event('change')); return 1;",
    )
    .await;
    wait_until(
        c,
        "document.querySelectorAll('#x-board small.f').length === 9",
        Duration::from_secs(10),
    )
    .await;
    let fs = js(
        c,
        "return [...document.querySelectorAll('#x-board small.f')].map(s => s.textContent);",
    )
    .await;
    let want = [
        "f -1", "f -2", "f -1", "f -2", "f 1", "f -2", "f -1", "f -2", "f -1",
    ];
    assert_eq!(fs, json!(want));
    let pick = js(c, "return [...document.querySelectorAll('#x-board small.f')].findIndex(s => s.classList.contains('pick'));").await;
    assert_eq!(pick, json!(4));
    let said = js(
        c,
        "return document.getElementById('x-lookahead').textContent;",
    )
    .await;
    assert!(
        said.as_str().unwrap().contains("would play square 5"),
        "{said}"
    );
    // The same look-ahead in the tree explainer: X5 (the centre) at 1.
    click(c, "#x-explain-tree").await;
    wait_until(
        c,
        "!document.getElementById('tree').hidden && document.getElementById('t-summary').textContent.startsWith('Value 1, best move X5')",
        Duration::from_secs(10),
    )
    .await;
    let source = text(c, "t-source").await;
    assert!(source.contains("X to move is Max"), "{source}");
    click(c, "#tab-ttt").await;
    click(c, "#x-board button:nth-child(5)").await;
    wait_until(
        c,
        "[...document.querySelectorAll('#x-board button')].filter(b => b.firstChild && b.firstChild.nodeType === 3).length === 2",
        Duration::from_secs(10),
    )
    .await;
    // Against the centre, perfect play takes a corner.
    let o = js(c, "return [...document.querySelectorAll('#x-board button')].findIndex(b => b.firstChild && b.firstChild.textContent === 'O');").await;
    assert!([0, 2, 6, 8].contains(&o.as_i64().unwrap()), "O at {o}");
    // The marks keep their colours on the taken (disabled) squares.
    let colours = js(c, "return ['x', 'o'].map(k => getComputedStyle(document.querySelector(`#x-board button.${k}`)).color);").await;
    assert_eq!(colours, json!(["rgb(21, 101, 192)", "rgb(198, 40, 40)"]));
    // Against the two-ply look-ahead X forces a fork: a corner (the engine takes the
    // centre), the far edge (it takes a corner, threatening the diagonal), the block, which
    // threatens two lines at once.
    let marks = "[...document.querySelectorAll('#x-board button')].filter(b => b.firstChild && b.firstChild.nodeType === 3).length";
    choose(c, "x-engine", "2").await;
    wait_until(
        c,
        &format!("{marks} === 0 && document.getElementById('x-status').textContent.startsWith('Your move')"),
        Duration::from_secs(10),
    )
    .await;
    for (k, square) in [1, 8, 7, 4].into_iter().enumerate() {
        click(c, &format!("#x-board button:nth-child({square})")).await;
        let after = if square == 4 { 7 } else { 2 * (k + 1) };
        wait_until(
            c,
            &format!("{marks} === {after} && !document.getElementById('x-status').textContent.includes('moving')"),
            Duration::from_secs(10),
        )
        .await;
        if square == 8 {
            assert_eq!(
                text(c, "x-status").await,
                "Your move (X); perfect play from here: win in 3."
            );
        }
    }
    assert_eq!(text(c, "x-status").await, "You win.");
    let won = js(c, "return [...document.querySelectorAll('#x-board button')].flatMap((b, i) => b.classList.contains('won') ? [i + 1] : []);").await;
    assert_eq!(won, json!([1, 4, 7]), "the winning line is marked");
    screenshot(c, "tictactoe.png").await;
    no_errors(c).await;
}

async fn connect_four(c: &Client, url: &str) {
    c.goto(&format!("{url}#c4")).await.unwrap();
    wait_until(
        c,
        "document.getElementById('c-status').textContent.startsWith('Your move (red)')",
        Duration::from_secs(10),
    )
    .await;
    let discs = "document.querySelectorAll('#c-board button.x, #c-board button.o').length";
    // Early on, the engine answers a disc with a timed search.
    choose(c, "c-time", "0.5").await;
    click(c, "#c-board button[data-column=\"4\"]").await;
    wait_until(
        c,
        &format!("{discs} === 2 && document.getElementById('c-status').textContent.startsWith('Your move')"),
        Duration::from_secs(10),
    )
    .await;
    assert!(text(c, "c-engine").await.contains("a search to depth"));
    assert!(
        text(c, "c-status")
            .await
            .contains("The values show from 8 discs on when the solver finishes in a moment"),
        "{}",
        text(c, "c-status").await
    );
    assert_eq!(
        js(c, "return document.getElementById('c-moves').value;")
            .await
            .as_str()
            .unwrap()
            .len(),
        2
    );
    // A bad sequence is refused with the move at fault.
    load_connect_four(c, "44444444").await;
    wait_until(
        c,
        "document.getElementById('c-engine').textContent.includes('move 7: column 4 is full')",
        Duration::from_secs(5),
    )
    .await;
    // The engine's look-ahead in the tree explainer: red, to move with 4, 5 and 6 on the
    // bottom row, wins in column 3 (the only move kept), worth inf.
    load_connect_four(c, "445566").await;
    wait_until(
        c,
        &format!("{discs} === 6 && !document.getElementById('c-tree').disabled"),
        Duration::from_secs(10),
    )
    .await;
    click(c, "#c-tree").await;
    wait_until(
        c,
        "!document.getElementById('tree').hidden && document.getElementById('t-summary').textContent.startsWith('Value inf, best move c3')",
        Duration::from_secs(10),
    )
    .await;
    let source = text(c, "t-source").await;
    assert!(
        source.contains("after columns 445566: red to move is Max"),
        "{source}"
    );
    click(c, "#tab-c4").await;
    // From 8 discs, values where the solver finishes within its budget: not in a Begin-Hard
    // position of 8 discs (some 13 million nodes), but in a Begin-Easy one of 10 (2.5 million
    // for all its columns), where the best column is worth the set's score (10 for red, to
    // move: its winning disc onto 43 - 2 x 10 = 23 discs, 13 plies on; a win is an odd ply).
    let status = "document.getElementById('c-status').textContent";
    load_connect_four(c, "32252276").await;
    wait_until(
        c,
        &format!("{discs} === 8 && {status}.includes('did not finish within 8 million positions')"),
        Duration::from_secs(20),
    )
    .await;
    load_connect_four(c, "7234472553").await;
    wait_until(
        c,
        &format!("{discs} === 10 && {status}.startsWith('Your move') && document.querySelectorAll('#c-board .value.win').length > 0"),
        Duration::from_secs(20),
    )
    .await;
    let values = connect_four_values(c).await;
    let fastest = values
        .iter()
        .filter_map(|v| v.strip_prefix("win in "))
        .filter_map(|plies| plies.parse::<u32>().ok())
        .min();
    assert_eq!(fastest, Some(13), "{values:?}");
    // The first position of the benchmark's Middle-Easy set, yellow to move, scores 4 there:
    // yellow wins with its fourth-last disc, placed onto 43 - 2 x 4 = 35 discs, 11 plies from
    // these 25. Only column 6 wins; every other loses at once (red's three in column 1 or
    // its diagonal).
    choose(c, "c-side", "O").await;
    wait_until(c, &format!("{discs} === 1"), Duration::from_secs(10)).await;
    load_connect_four(c, "5554224333234511764415115").await;
    wait_until(
        c,
        &format!("{discs} === 25 && document.querySelectorAll('#c-board .value.win').length === 1"),
        Duration::from_secs(10),
    )
    .await;
    assert_eq!(
        connect_four_values(c).await,
        [
            "loss in 2",
            "loss in 2",
            "loss in 2",
            "loss in 2",
            "",
            "win in 11",
            "loss in 2"
        ]
    );
    screenshot(c, "connect4.png").await;
    click(c, "#c-board button[data-column=\"6\"]").await;
    wait_until(
        c,
        &format!("{discs} === 27 && document.getElementById('c-status').textContent.startsWith('Your move')"),
        Duration::from_secs(10),
    )
    .await;
    assert!(text(c, "c-engine")
        .await
        .contains("solved, loss in 10 for it"));
    // A finished game: red's four in column 1, marked.
    load_connect_four(c, "1212121").await;
    wait_until(
        c,
        "document.getElementById('c-status').textContent === 'The engine wins.'",
        Duration::from_secs(10),
    )
    .await;
    let won = js(c, "return [...document.querySelectorAll('#c-board button.won')].map(b => b.getAttribute('aria-label'));").await;
    assert_eq!(
        won,
        json!([
            "column 1, row 4, red",
            "column 1, row 3, red",
            "column 1, row 2, red",
            "column 1, row 1, red"
        ])
    );
    no_errors(c).await;
}

async fn narrow_screen(c: &Client, url: &str) {
    c.set_window_size(390, 844).await.unwrap();
    for view in ["gomoku", "tree", "ttt", "c4"] {
        c.goto(&format!("{url}#{view}")).await.unwrap();
        wait_until(c, "document.querySelector('#g-board rect[data-cell]') && document.querySelector('#t-picture svg') && document.querySelector('#c-board button')", Duration::from_secs(10)).await;
        let overflow = js(
            c,
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth;",
        )
        .await;
        assert!(
            overflow.as_i64().unwrap() <= 0,
            "{view}: the page is {overflow} px wider than a phone"
        );
        screenshot(c, &format!("{view}-narrow.png")).await;
    }
    no_errors(c).await;
}

/// The values shown under Connect Four's columns, left to right ("" where none).
async fn connect_four_values(c: &Client) -> Vec<String> {
    let values = js(
        c,
        "return [...document.querySelectorAll('#c-board .value')].map(v => v.textContent);",
    )
    .await;
    let values = values.as_array().expect("a list of values");
    values
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

/// Types Connect Four's columns played into the page and loads them.
async fn load_connect_four(c: &Client, moves: &str) {
    set_value(c, "c-moves", moves).await;
    click(c, "#c-load").await;
}

/// A random tree's text with static values (`15[15,16]`, unlabelled) as nested JSON lists
/// without them, and each static value with its subtree (as lists) and depth.
fn without_statics(text: &str) -> (Value, Vec<(i64, Value, u32)>) {
    fn node(s: &[u8], i: &mut usize, depth: u32, statics: &mut Vec<(i64, Value, u32)>) -> Value {
        let start = *i;
        while *i < s.len() && (s[*i] == b'-' || s[*i].is_ascii_digit()) {
            *i += 1;
        }
        let number = std::str::from_utf8(&s[start..*i]).unwrap();
        if *i == s.len() || s[*i] != b'[' {
            return json!(number.parse::<i64>().expect("a leaf value"));
        }
        *i += 1; // '['
        let mut children = Vec::new();
        loop {
            children.push(node(s, i, depth + 1, statics));
            *i += 1; // ',' or ']'
            if s[*i - 1] == b']' {
                break;
            }
        }
        let list = Value::Array(children);
        if !number.is_empty() {
            statics.push((number.parse().unwrap(), list.clone(), depth));
        }
        list
    }
    let mut statics = Vec::new();
    let tree = node(text.as_bytes(), &mut 0, 0, &mut statics);
    (tree, statics)
}
