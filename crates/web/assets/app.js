// alphabeta's page: Gomoku against the engine, the tree explainer, tic-tac-toe.
// Plain JavaScript, no build step, no network but this server.
"use strict";

// Errors are collected so the browser tests can assert that there were none.
window.__errors = [];
window.addEventListener("error", (e) => window.__errors.push(String(e.message)));
window.addEventListener("unhandledrejection", (e) => window.__errors.push(String(e.reason)));

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/** Calls the API; resolves to the JSON answer or throws an Error with the server's message. */
async function api(method, path, body, signal) {
  const init = { method, signal, headers: {} };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const r = await fetch(path, init);
  if (r.status === 204) return null;
  const data = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
  if (!r.ok) throw Object.assign(new Error(data.error || `HTTP ${r.status}`), { data });
  return data;
}

// ---------------------------------------------------------------------------------------------
// Tabs

const TABS = ["gomoku", "tree", "ttt", "c4"];
function showTab(name) {
  for (const t of TABS) {
    $(`tab-${t}`).setAttribute("aria-selected", String(t === name));
    $(t).hidden = t !== name;
  }
  if (location.hash !== `#${name}`) history.replaceState(null, "", `#${name}`);
}
for (const t of TABS) $(`tab-${t}`).addEventListener("click", () => showTab(t));
window.addEventListener("hashchange", () => {
  const name = location.hash.slice(1);
  if (TABS.includes(name)) showTab(name);
});

// ---------------------------------------------------------------------------------------------
// Gomoku

// `view`: the number of moves shown while stepping through the game (null: the game as it is).
// `puzzle`: the puzzle being solved ({seed, by, moves_to_win, start: its stones, said: the
// last move's verdict, blocks: where the player's moves were blocks of a four, which the
// length does not count}), or null.
const G = { game: null, pv: [], hints: [], review: null, view: null, cursor: null, thinking: null, message: "", puzzle: null };
const CELL = 30, MARGIN = 28;

const letter = (x) => String.fromCharCode(97 + x);
/** Board coordinates (x from the left, y from the top) of a name like "h8". */
function xyOf(name, n) {
  return { x: name.charCodeAt(0) - 97, y: n - parseInt(name.slice(1), 10) };
}
const nameOf = (x, y, n) => `${letter(x)}${n - y}`;
const px = (i) => MARGIN + i * CELL;

function drawBoard() {
  const svg = $("g-board");
  const game = G.game;
  if (!game) return;
  const n = game.size;
  const w = 2 * MARGIN + (n - 1) * CELL;
  svg.setAttribute("viewBox", `0 0 ${w} ${w}`);
  svg.replaceChildren();
  const grid = el("g", { class: "grid" }, svg);
  for (let i = 0; i < n; i++) {
    el("line", { x1: px(0), y1: px(i), x2: px(n - 1), y2: px(i) }, grid);
    el("line", { x1: px(i), y1: px(0), x2: px(i), y2: px(n - 1) }, grid);
    el("text", { class: "coord", x: px(i), y: w - 10 }, svg).textContent = letter(i);
    el("text", { class: "coord", x: 10, y: px(i) }, svg).textContent = String(n - i);
  }
  // Star points, as on a real board: the centre, and four steps in from each corner.
  const stars = n >= 13 ? [3, n - 4] : [];
  const dots = stars.flatMap((x) => stars.map((y) => [x, y]));
  if (n % 2) dots.push([(n - 1) / 2, (n - 1) / 2]);
  dots.forEach(([x, y]) => el("circle", { class: "star", cx: px(x), cy: px(y), r: 3 }, grid));
  // Stepping through the game shows its first moves, and the engine's line from there.
  const browsing = G.view !== null;
  const shown = browsing ? game.moves.slice(0, G.view) : game.moves;
  const taken = new Set(shown);
  shown.forEach((m, k) => {
    const { x, y } = xyOf(m, n);
    const c = el("circle", { class: `stone ${k % 2 ? "white" : "black"}`, cx: px(x), cy: px(y), r: CELL * 0.44, "data-stone": m }, svg);
    el("title", {}, c).textContent = `${k + 1}. ${m}`;
  });
  if (shown.length) {
    const { x, y } = xyOf(shown[shown.length - 1], n);
    el("circle", { class: "g-last", cx: px(x), cy: px(y), r: CELL * 0.18 }, svg);
  }
  // The engine's expected line, as faint numbered stones.
  const pv = el("g", { class: "g-pv" }, svg);
  let colour = shown.length % 2;
  (browsing ? nextLine() : G.pv).forEach((m, k) => {
    if (taken.has(m)) return;
    const { x, y } = xyOf(m, n);
    el("circle", { class: `stone ${(colour + k) % 2 ? "white" : "black"}`, cx: px(x), cy: px(y), r: CELL * 0.44 }, pv);
    el("text", { x: px(x), y: px(y), fill: (colour + k) % 2 ? "#000" : "#fff" }, pv).textContent = String(k + 1);
  });
  // A hint: the best moves for the player, ringed and numbered, the score in the tooltip.
  const hints = el("g", { class: "g-hint" }, svg);
  (browsing ? [] : G.hints).forEach((h, k) => {
    if (taken.has(h.move)) return;
    const { x, y } = xyOf(h.move, n);
    const ring = el("circle", { cx: px(x), cy: px(y), r: CELL * 0.4, "data-hint": h.move }, hints);
    el("title", {}, ring).textContent = `hint ${k + 1}: ${h.move}, score ${scoreText(h.score, h.black_chance)}; line ${h.pv.join(" ")}`;
    el("text", { x: px(x), y: px(y) }, hints).textContent = String(k + 1);
  });
  // A review: the moves that lost much, marked on their stones (?!, ?, ??).
  const marks = el("g", { class: "g-review" }, svg);
  for (const r of ((G.review && G.review.moves) || []).slice(0, shown.length)) {
    const mark = MARKS[r.verdict];
    if (!mark) continue;
    const { x, y } = xyOf(r.move, n);
    const t = el("text", { class: r.verdict, x: px(x) + CELL * 0.32, y: px(y) - CELL * 0.32, "data-review": r.move, "data-mark": mark }, marks);
    t.textContent = mark;
    el("title", {}, t).textContent = `${r.number}. ${r.player} ${r.move}${mark}: ${r.value} after it (the answer: ${r.reply_line.join(" ")}); the engine's ${r.best} ${r.best_value} (${r.best_line.join(" ")})`;
  }
  if (game.winning_line.length && !browsing) {
    const a = xyOf(game.winning_line[0], n);
    const b = xyOf(game.winning_line[game.winning_line.length - 1], n);
    el("line", { class: "g-five", x1: px(a.x), y1: px(a.y), x2: px(b.x), y2: px(b.y) }, svg);
  }
  // Renju: the cells Black may not play, crossed out.
  for (const f of browsing ? [] : game.forbidden || []) {
    const { x, y } = xyOf(f.cell, n);
    const d = CELL * 0.2;
    const g = el("g", { class: "g-foul", "data-cell": f.cell }, svg);
    el("line", { x1: px(x) - d, y1: px(y) - d, x2: px(x) + d, y2: px(y) + d }, g);
    el("line", { x1: px(x) - d, y1: px(y) + d, x2: px(x) + d, y2: px(y) - d }, g);
    el("title", {}, g).textContent = `${f.cell}: forbidden to Black (${f.foul})`;
  }
  if (G.cursor) {
    el("rect", { class: "g-cursor", x: px(G.cursor.x) - CELL / 2, y: px(G.cursor.y) - CELL / 2, width: CELL, height: CELL, rx: 4 }, svg);
  }
  // Invisible targets, one per point, so a click (or a test) names its cell.
  const hits = el("g", { "fill-opacity": 0 }, svg);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const name = nameOf(x, y, n);
      if (!taken.has(name)) {
        el("rect", { x: px(x) - CELL / 2, y: px(y) - CELL / 2, width: CELL, height: CELL, "data-cell": name }, hits);
      }
    }
  }
  drawRecord(shown.length);
  drawGraph(shown.length);
  $("g-moves").value = game.move_string;
  $("g-sgf").href = `/api/gomoku/games/${game.id}/sgf`;
  // Playing White, the engine's opening stone is not the player's to take back.
  $("g-undo").disabled = !!G.thinking || game.moves.length < (humanColour() === "white" ? 2 : 1);
  $("g-hint").disabled = !!G.thinking || browsing || !!game.result || !humansTurn(game);
  $("g-engine").disabled = !!G.thinking || browsing || !!game.result;
  $("g-review").disabled = !!G.thinking || !game.moves.length;
  $("g-tree").disabled = !!G.thinking || browsing || !!game.result;
  $("g-solution").disabled = !!G.thinking || browsing || !G.puzzle || !!game.result || !humansTurn(game);
  const at = browsing ? G.view : game.moves.length;
  $("g-first").disabled = $("g-back").disabled = !!G.thinking || at === 0;
  $("g-forward").disabled = $("g-end").disabled = !!G.thinking || !browsing;
  showGomokuStatus();
}

function showGomokuStatus() {
  const game = G.game;
  let text;
  if (G.view !== null) text = browsingStatus();
  else if (G.message) text = G.message;
  else if (G.puzzle && game.result) text = `Five: solved in ${puzzleMoves()} moves (the fewest: ${G.puzzle.moves_to_win}).`;
  else if (G.puzzle && !G.thinking) text = G.puzzle.said || puzzleTask();
  else if (game.result === "draw") text = "Draw: the board is full.";
  else if (game.result && bothSides()) text = `${game.result === "black" ? "Black" : "White"} wins: five, ${game.winning_line.join(" ")}.`;
  else if (game.result) text = `${game.result === humanColour() ? "You win" : "The engine wins"}: five for ${game.result}, ${game.winning_line.join(" ")}.`;
  else if (G.thinking) {
    const level = $("g-level").value;
    text = `The engine (${game.to_move}${level ? `, level ${level}` : ""}) is thinking…`;
  }
  else text = `Your move (${game.to_move}).`;
  $("g-status").textContent = text;
}

/**
 * The game's moves as a list beside the board, each with its review mark; the move shown last
 * (`at` moves shown) is current, and choosing one shows the board after it.
 */
function drawRecord(at) {
  const list = $("g-record");
  list.replaceChildren();
  G.game.moves.forEach((m, i) => {
    const r = reviewOf(i + 1);
    const mark = markOf(r);
    const b = document.createElement("button");
    b.textContent = `${i + 1}. ${m}${mark}`;
    b.dataset.move = String(i + 1);
    if (r) b.className = r.verdict;
    if (i + 1 === at) b.setAttribute("aria-current", "true");
    b.disabled = !!G.thinking;
    b.addEventListener("click", () => browse(i + 1));
    const li = document.createElement("li");
    li.appendChild(b);
    list.appendChild(li);
  });
  // Keep the current move in sight within the list (not scrolling the page).
  const current = list.querySelector('[aria-current="true"]');
  if (current) list.scrollTop = current.offsetTop - list.offsetTop - list.clientHeight / 2;
}

/**
 * Black's chances after each move (the position before the first: even) as the review gives
 * them (`black_chance`: the evaluation's logistic scale, on which the marks are judged too),
 * a proven win or loss at the top or the bottom. A dark area under the line, the marked
 * moves as coloured dots, the move shown as a blue line; a click shows the board there.
 */
function drawGraph(at) {
  const svg = $("g-graph");
  const moves = (G.review && G.review.moves) || [];
  // (An SVG element has no hidden property: the attribute itself.)
  svg.toggleAttribute("hidden", !moves.length);
  if (!moves.length) return;
  // Drawn at the size it shows at, so that dots stay round.
  const W = Math.max(120, svg.clientWidth || 300), H = 90, n = G.game.moves.length;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.replaceChildren();
  const chance = (r) => r.black_chance;
  const x = (k) => (n ? (k / n) * W : 0);
  const y = (p) => H - 4 - p * (H - 8);
  const points = [[0, 0.5], ...moves.map((r) => [r.number, chance(r)])];
  const line = points.map(([k, p]) => `${x(k).toFixed(1)},${y(p).toFixed(1)}`).join(" ");
  el("line", { class: "even", x1: 0, y1: y(0.5), x2: W, y2: y(0.5) }, svg);
  el("polygon", { class: "area", points: `${x(points[0][0])},${H} ${line} ${x(points[points.length - 1][0])},${H}` }, svg);
  el("line", { class: "now", x1: x(at), y1: 0, x2: x(at), y2: H }, svg);
  for (const r of moves) {
    if (r.verdict === "good") continue;
    el("circle", { class: r.verdict, cx: x(r.number), cy: y(chance(r)), r: 3.5, "data-move": r.number }, svg);
  }
}
$("g-graph").addEventListener("click", (e) => {
  const box = $("g-graph").getBoundingClientRect();
  const n = G.game ? G.game.moves.length : 0;
  if (n) browse(Math.round(((e.clientX - box.left) / box.width) * n));
});

/** The marks players write after a move the review judged poor (none after a good one). */
const MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const markOf = (review) => (review && MARKS[review.verdict]) || "";

/** The review of the `k`th move (from 1), if the game has been reviewed. */
const reviewOf = (k) => (G.review && G.review.moves[k - 1]) || null;

/** Stepping through the game: the engine's line from the position shown (the review's). */
function nextLine() {
  const r = reviewOf(G.view + 1);
  return r ? r.best_line : [];
}

/** How much a reviewed move lowered its player's chance of winning, in whole points (the
 * review's marks are judged by it too), or nothing under one point. */
const chanceLost = (r) => {
  const points = Math.floor(100 * r.chance_lost);
  return points >= 1 ? `; the chance of winning ${points} points less` : "";
};

/** Stepping through the game: the move shown last, how the review judged it, what comes. */
function browsingStatus() {
  const k = G.view, total = G.game.moves.length;
  let text = `Move ${k} of ${total}`;
  const r = reviewOf(k);
  if (k > 0) {
    const mark = markOf(r);
    text += `: ${k % 2 ? "black" : "white"} ${G.game.moves[k - 1]}${mark}`;
    if (r) text += ` (${r.value} after it${r.best && r.best !== r.move ? `; the engine: ${r.best}, ${r.best_value}` : ""}${chanceLost(r)})`;
  }
  const next = reviewOf(k + 1);
  if (next && next.best_line.length) text += `. ${k % 2 ? "White" : "Black"} to play, the engine's line: ${next.best_line.join(" ")}`;
  return `${text}. › steps on, » returns to the game.`;
}

/** Shows the game after its first `k` moves (null or the whole game: as it is). */
function browse(k) {
  const g = G.game;
  if (!g || G.thinking) return;
  const total = g.moves.length;
  k = Math.max(0, Math.min(total, k));
  G.view = k === total ? null : k;
  drawBoard();
}

const humanColour = () => $("g-color").value;
/** The player plays both sides: the engine moves only when asked. */
const bothSides = () => humanColour() === "both";
const humansTurn = (game) => bothSides() || game.to_move === humanColour();

function clearThinking() {
  for (const id of ["g-depth", "g-score", "g-nps", "g-nodes", "g-pv"]) $(id).textContent = "–";
  $("g-threads").textContent = "";
}

async function newGame(moves) {
  stopThinking();
  clearThinking();
  G.puzzle = null;
  if (location.search) history.replaceState(null, "", location.pathname + location.hash);
  G.pv = [];
  G.hints = [];
  G.review = null;
  G.view = null;
  G.message = "";
  try {
    const body = { size: Number($("g-size").value), rule: $("g-rule").value };
    // A pasted SGF game brings its own size and rule; a Piskvork record its size.
    if (moves && moves.startsWith("(;")) body.sgf = moves;
    else if (moves && moves.startsWith("Piskvorky")) body.psq = moves;
    else if (moves) body.moves = moves;
    const previous = G.game;
    G.game = await api("POST", "/api/gomoku/games", body);
    if (body.sgf || body.psq) {
      const size = String(G.game.size);
      if (![...$("g-size").options].some((o) => o.value === size)) $("g-size").add(new Option(size));
      $("g-size").value = size;
      $("g-rule").value = G.game.rule;
    }
    if (previous) api("DELETE", `/api/gomoku/games/${previous.id}`).catch(() => {});
    const n = G.game.size;
    G.cursor = { x: (n - 1) >> 1, y: (n - 1) >> 1 };
    drawBoard();
    engineIfItsTurn();
  } catch (e) {
    G.message = e.message;
    if (G.game) drawBoard(); else $("g-status").textContent = e.message;
  }
}

/**
 * A puzzle by fours, of the size, rule and length chosen: its position as a new game, with
 * the player on the side that wins.
 */
async function newPuzzle(seed) {
  if (G.thinking) return;
  const q = new URLSearchParams({ size: $("g-size").value, rule: $("g-rule").value, by: $("g-puzzle-by").value, moves: $("g-puzzle-moves").value });
  if ($("g-puzzle-side").value) q.set("side", $("g-puzzle-side").value);
  if (seed) q.set("seed", seed);
  G.message = "Drawing a puzzle…";
  showGomokuStatus();
  try {
    const p = await api("GET", `/api/gomoku/puzzle?${q}`);
    $("g-color").value = p.to_move;
    await newGame(p.moves);
    G.puzzle = { ...p, start: G.game.moves.length, said: "", blocks: [] };
    // The address names the puzzle, a link that opens it again.
    q.set("seed", p.seed);
    history.replaceState(null, "", `?puzzle&${q}#gomoku`);
    drawBoard();
  } catch (e) {
    // A link's puzzle that cannot be drawn leaves an empty board to play on.
    if (!G.game) await newGame();
    G.message = e.message;
    showGomokuStatus();
  }
}

/** What the puzzle asks, in the server's words. */
const puzzleTask = () => `Puzzle (seed ${G.puzzle.seed}): ${G.puzzle.task}`;

/** The player's moves since the puzzle began, its blocks of the engine's fours left out. */
const puzzleMoves = () =>
  Math.ceil((G.game.moves.length - G.puzzle.start) / 2) - G.puzzle.blocks.filter((at) => at < G.game.moves.length).length;

/** The lengths a puzzle's win may take, for each kind (the server draws longer ones by fours). */
const PUZZLE_LENGTHS = { fours: ["2-3", "4-5", "6-7", "8-9"], threats: ["3", "4", "5"] };

/** The win's lengths offered for the kind of puzzle chosen, keeping the one chosen if it is offered. */
function offerPuzzleLengths() {
  const select = $("g-puzzle-moves");
  const was = select.value;
  const lengths = PUZZLE_LENGTHS[$("g-puzzle-by").value];
  select.replaceChildren(...lengths.map((v) => new Option(v, v)));
  // Else the second: 4-5 moves by fours, 4 by threats.
  select.value = lengths.includes(was) ? was : lengths[1];
}

function engineIfItsTurn() {
  const g = G.game;
  if (g && !g.result && !humansTurn(g) && !G.thinking) think();
}

function stopThinking() {
  if (G.thinking) G.thinking.abort();
  G.thinking = null;
}

/**
 * Reads the server-sent events of `url` as they arrive, handing each to `onEvent(name, data)`;
 * `signal` aborts. Throws the server's error if it refuses the request.
 */
async function readEvents(url, signal, onEvent) {
  const r = await fetch(url, { signal });
  if (!r.ok) {
    const data = await r.json().catch(() => ({}));
    throw new Error(data.error || `HTTP ${r.status}`);
  }
  const reader = r.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = "message", data = "";
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data += line.slice(5).trim();
      }
      if (data) onEvent(event, JSON.parse(data));
    }
  }
}

/**
 * Holds the board while `task(ctrl)` asks the server about the game (the server refuses moves
 * meanwhile; a new game or a change of settings aborts it through `ctrl`): `working` in the
 * status, or `failed` and the reason if it fails. A task checks `G.thinking === ctrl` before
 * it shows what it got, since it may have been dropped.
 */
async function holdBoard(working, failed, task) {
  const ctrl = new AbortController();
  G.thinking = ctrl;
  G.message = working;
  drawBoard();
  try {
    await task(ctrl);
  } catch (e) {
    if (e.name !== "AbortError" && G.thinking === ctrl) G.message = `${failed}: ${e.message}`;
  } finally {
    if (G.thinking === ctrl) {
      G.thinking = null;
      if (G.game) drawBoard();
    }
  }
}

/**
 * A score with Black's chance of winning beside it (`black_chance`: the evaluation's logistic
 * scale, as the review's graph), which also says whose a win is. Only a proven result reads
 * 0% or 100%.
 */
function scoreText(score, chance) {
  const percent = chance === 0 || chance === 1 ? 100 * chance : Math.min(99, Math.max(1, Math.round(100 * chance)));
  return `${score} (Black ${percent}%)`;
}

/** Asks the engine to move, reading its server-sent events as they arrive. */
function think() {
  clearThinking();
  const level = $("g-level").value;
  const url = `/api/gomoku/games/${G.game.id}/think?time=${$("g-time").value}` + (level ? `&level=${level}` : "");
  return holdBoard("", "The engine could not move", (ctrl) =>
    readEvents(url, ctrl.signal, (event, d) => onEngineEvent(event, d, ctrl)));
}

function onEngineEvent(event, d, ctrl) {
  if (G.thinking !== ctrl) return;
  if (event === "iteration") {
    $("g-depth").textContent = `${d.depth} (${d.seldepth})`;
    $("g-score").textContent = scoreText(d.score, d.black_chance);
    $("g-nps").textContent = d.nodes_per_second.toLocaleString("en");
    $("g-nodes").textContent = d.nodes.toLocaleString("en");
    $("g-pv").textContent = d.pv.join(" ");
    G.pv = d.pv;
    drawBoard();
  } else if (event === "error") {
    G.message = d.error;
    G.thinking = null;
    drawBoard();
  } else if (event === "done") {
    if (d.source !== "search") $("g-depth").textContent = d.source === "vcf" ? "VCF" : "forced";
    // The line of the move played (at a level, not always the search's best): a forced move
    // is played without a search, no value unless it wins at once.
    $("g-score").textContent = d.source === "forced" && !d.score.startsWith("win") ? "–" : scoreText(d.score, d.black_chance);
    $("g-pv").textContent = d.pv.join(" ");
    $("g-nodes").textContent = d.nodes.toLocaleString("en");
    $("g-threads").textContent = d.threads > 1 ? ` on ${d.threads} threads` : "";
    // The move's speed over the whole of it, the proof by fours included, like its nodes.
    if (d.source === "search" && d.milliseconds > 0) {
      $("g-nps").textContent = Math.round(d.nodes / (d.milliseconds / 1000)).toLocaleString("en");
    }
    G.pv = [];
    G.review = null;
    G.view = null;
    if (d.game) G.game = d.game;
    G.thinking = null;
    drawBoard();
    // Asked to play the player's side, the engine answers for its own too.
    engineIfItsTurn();
  }
}

async function playAt(name) {
  const g = G.game;
  if (!g || G.thinking || G.view !== null) return;
  if (g.result) { G.message = "The game is over: start a new one or undo."; showGomokuStatus(); return; }
  if (!humansTurn(g)) { engineIfItsTurn(); return; }
  try {
    G.message = "";
    // In a puzzle only a move that keeps the win (or the five) is played, and the engine's
    // answer is the judge's (the forced block, the most stubborn defence); else why not.
    let reply = null;
    if (G.puzzle) {
      // Most moves are judged in milliseconds; a three whose proof is long, in seconds.
      G.message = `Judging ${name}…`;
      showGomokuStatus();
      const j = await api("POST", `/api/gomoku/games/${g.id}/judge`, { move: name, by: G.puzzle.by });
      G.message = "";
      if (!["four", "threat", "five"].includes(j.verdict)) {
        G.message = j.text;
        drawBoard();
        return;
      }
      G.puzzle.said = j.text;
      if (!j.counts) G.puzzle.blocks.push(g.moves.length);
      reply = j.reply || null;
    }
    G.pv = [];
    G.hints = [];
    G.review = null;
    G.view = null;
    G.game = await api("POST", `/api/gomoku/games/${g.id}/moves`, { move: name });
    if (reply && !G.game.result) G.game = await api("POST", `/api/gomoku/games/${g.id}/moves`, { move: reply });
    drawBoard();
    engineIfItsTurn();
  } catch (e) {
    G.message = e.message;
    showGomokuStatus();
  }
}

$("g-board").addEventListener("click", (e) => {
  const cell = e.target.getAttribute && e.target.getAttribute("data-cell");
  if (cell) {
    const n = G.game.size;
    G.cursor = xyOf(cell, n);
    playAt(cell);
  }
});
$("g-board").addEventListener("keydown", (e) => {
  if (!G.game || !G.cursor) return;
  const n = G.game.size;
  const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (moves[e.key]) {
    const [dx, dy] = moves[e.key];
    G.cursor = { x: Math.min(n - 1, Math.max(0, G.cursor.x + dx)), y: Math.min(n - 1, Math.max(0, G.cursor.y + dy)) };
    drawBoard();
    e.preventDefault();
  } else if (STEPS[e.key]) {
    STEPS[e.key]();
    e.preventDefault();
  } else if (e.key === "Enter" || e.key === " ") {
    playAt(nameOf(G.cursor.x, G.cursor.y, n));
    e.preventDefault();
  }
});
$("g-new").addEventListener("click", () => newGame());
$("g-puzzle").addEventListener("click", () => newPuzzle());
$("g-puzzle-by").addEventListener("change", offerPuzzleLengths);
$("g-solution").addEventListener("click", async () => {
  const g = G.game;
  if (!g || !G.puzzle || G.thinking || g.result) return;
  try {
    const f = await api("GET", `/api/gomoku/games/${g.id}/${G.puzzle.by}`);
    G.pv = f.line;
    G.message = f.wins ? `A win in ${f.moves_to_win} moves: ${f.line.join(" ")} (the faint numbered stones).` : `No win by ${G.puzzle.by} is left: undo.`;
    drawBoard();
  } catch (e) {
    G.message = e.message;
    showGomokuStatus();
  }
});
$("g-engine").addEventListener("click", () => {
  const g = G.game;
  if (g && !g.result && !G.thinking && G.view === null) think();
});
$("g-size").addEventListener("change", () => newGame());
$("g-rule").addEventListener("change", () => newGame());
$("g-color").addEventListener("change", () => newGame($("g-moves").value));
$("g-undo").addEventListener("click", async () => {
  const g = G.game;
  if (!g || G.thinking || !g.moves.length) return;
  // Take back the engine's answer and the player's move, so it is the player's turn again.
  const engineMovedLast = !bothSides() && (g.moves.length % 2 === 1) === (humanColour() === "white");
  const count = engineMovedLast && g.moves.length >= 2 ? 2 : 1;
  try {
    G.pv = [];
    G.hints = [];
    G.review = null;
    G.view = null;
    G.message = "";
    G.game = await api("POST", `/api/gomoku/games/${g.id}/undo`, { count });
    if (G.puzzle) G.puzzle.said = "";
    if (G.puzzle && G.game.moves.length < G.puzzle.start) G.puzzle = null;
    drawBoard();
    engineIfItsTurn();
  } catch (e) {
    G.message = e.message;
    showGomokuStatus();
  }
});
$("g-hint").addEventListener("click", () => {
  const g = G.game;
  if (!g || G.thinking || g.result || !humansTurn(g)) return;
  const url = `/api/gomoku/games/${g.id}/hint?time=${Number($("g-time").value)}&lines=3`;
  const named = (lines) => lines.map((h, k) => `${k + 1}. ${h.move}, ${scoreText(h.score, h.black_chance)}`).join("; ");
  holdBoard("Looking for your best moves…", "No hint", (ctrl) => readEvents(url, ctrl.signal, (event, d) => {
    if (G.thinking !== ctrl) return;
    if (event === "iteration") {
      // Each completed depth's best moves, ringed as they come.
      G.hints = d.lines;
      G.message = `Looking for your best moves… depth ${d.depth}: ${named(d.lines)}`;
      drawBoard();
    } else if (event === "error") {
      G.message = `No hint: ${d.error}`;
    } else if (event === "done") {
      G.hints = d.lines;
      G.message = d.lines.length ? `Hint: ${named(d.lines)}.` : "";
    }
  }));
});
// The engine's look-ahead from the position, explained step by step in the tree explainer.
$("g-tree").addEventListener("click", async () => {
  const g = G.game;
  if (!g || G.thinking || g.result) return;
  try {
    const r = await api("GET", `/api/gomoku/games/${g.id}/tree?plies=3&width=3`);
    const side = g.to_move === "black" ? "Black" : "White";
    const position = g.moves.length ? g.moves.join(" ") : "the empty board";
    openInExplainer(r.tree, `The Gomoku engine's look-ahead after ${position}: ${side} to move is Max; each node is named by the moves from there, each value is the engine's evaluation for ${side}. Left to right is the engine's own order, most urgent first; Order "by static value" sorts by the evaluation instead (on average it lets alpha-beta open fewer leaves).`);
  } catch (e) {
    G.message = `No tree: ${e.message}`;
    showGomokuStatus();
  }
});
// Stepping through the game: the buttons, and Home, Page Up, Page Down, End on the board.
const STEPS = {
  Home: () => browse(0),
  PageUp: () => browse((G.view ?? G.game.moves.length) - 1),
  PageDown: () => browse((G.view ?? G.game.moves.length) + 1),
  End: () => browse(Infinity),
};
$("g-first").addEventListener("click", STEPS.Home);
$("g-back").addEventListener("click", STEPS.PageUp);
$("g-forward").addEventListener("click", STEPS.PageDown);
$("g-end").addEventListener("click", STEPS.End);
$("g-review").addEventListener("click", () => {
  const g = G.game;
  if (!g || G.thinking || !g.moves.length) return;
  // A short search a position: the server keeps the whole within its thinking limit.
  const time = Math.min(0.5, Number($("g-time").value));
  const url = `/api/gomoku/games/${g.id}/review?time=${time}`;
  const side = (name, s) => `${name}: ${s.blunders} ??, ${s.mistakes} ?, ${s.inaccuracies} ?!, mean loss ${Math.round(s.average_loss)}`;
  holdBoard(`Reviewing ${g.moves.length} moves…`, "No review", (ctrl) => readEvents(url, ctrl.signal, (event, d) => {
    if (G.thinking !== ctrl) return;
    if (event === "progress") {
      G.message = `Reviewing ${g.moves.length} moves: ${d.searched} of ${d.positions} positions searched…`;
      showGomokuStatus();
    } else if (event === "error") {
      G.message = `No review: ${d.error}`;
    } else if (event === "done") {
      G.review = d;
      const worst = d.moves.filter((m) => m.verdict === "blunder").map((m) => `${m.number}. ${m.move}?? (the engine: ${m.best})`);
      G.message = `Review: ${side("black", d.black)}; ${side("white", d.white)}.${worst.length ? " " + worst.join(", ") + "." : ""}`;
    }
  }));
});
$("g-copy").addEventListener("click", async () => {
  const text = $("g-moves").value;
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    $("g-moves").select();
    document.execCommand("copy");
  }
  $("g-copy").textContent = "Copied";
  setTimeout(() => ($("g-copy").textContent = "Copy"), 1200);
});
$("g-load-btn").addEventListener("click", () => newGame($("g-load").value.trim()));
$("g-file").addEventListener("change", async () => {
  const file = $("g-file").files[0];
  if (file) newGame((await file.text()).replace(/^\uFEFF/, "").trim());
  $("g-file").value = "";
});
$("g-load").addEventListener("keydown", (e) => { if (e.key === "Enter") newGame($("g-load").value.trim()); });

// ---------------------------------------------------------------------------------------------
// Tree explainer

const EXAMPLES = [
  ["Three Min nodes", "[[3,12,8],[2,4,6],[14,5,2]]"],
  ["max{4, min{3,1}}", "[4,[3,1]]"],
  ["The exam tree", "[[[[4,8,6],[1,9]],[[5,8],[-1,2]]],[[[0,3],[-6,6]],[[1],[0,9,-7]]]]"],
  ["Labelled, with unknown leaves", "A(B(D=3,E=6),C(F(I(M=1,N=?),J=5),G(K=6,L=?),H=4))"],
  ["Greek labels", "α(β(δ=3,ε=5),γ(ζ=2,η=9))"],
  ["For which E is G cut?", "A(B(D=10,E=?),C(F=2,G=4))"],
  ["For which E and F?", "A(B(D=3,E=?),C(F=?,G=5))"],
  ["Ordered by static values", "A(B=1(D=2,E=4,F=6),C=2(G=14,H=5,I=2),J=3(K=3,L=12,M=8))"],
  ["Searched to depth 1", "A(B=5(D=2,E=4,F=6),C=2(G=14,H=5,I=2),J=3(K=3,L=12,M=8))", { depth: "1" }],
  ["For which static value of E?", "A(B(D=3(M=1,N=3),E=?(O=6,P=0)),C(F=2(Q=2,R=1),G=5(S=5,T=4)))", { depth: "2" }],
];

// `quiz`: the question being asked ("opened" or "fewest"), or "" when the answer shows;
// `request`: the last explanation asked for, to ask again with the leaves to check.
const T = { source: null, report: null, request: null, step: 0, timer: null, byPath: new Map(), parent: [], children: [], quiz: "", drawn: null, sheet: null };

for (const [title, text, settings] of EXAMPLES) {
  const b = document.createElement("button");
  b.textContent = title;
  b.title = text;
  b.addEventListener("click", () => {
    $("t-input").value = text;
    $("t-depth").value = settings?.depth || "";
    explainTree();
  });
  $("t-examples").appendChild(b);
}

// A game's look-ahead in the explainer: its values are for the side to move, Max at the root;
// the whole tree, the answer shown, and where it came from said under it (while it is the
// tree explained).
function openInExplainer(tree, source) {
  T.source = { tree, source };
  $("t-input").value = tree;
  $("t-root").value = "max";
  $("t-depth").value = "";
  $("t-quiz").value = "";
  showTab("tree");
  explainTree();
}

async function explainTree() {
  stopPlaying();
  const from = T.source && T.source.tree === $("t-input").value ? T.source.source : "";
  $("t-source").textContent = from;
  $("t-source").hidden = !from;
  $("t-error").hidden = true;
  $("t-cases").hidden = true;
  $("t-verdict").hidden = true;
  const quiz = $("t-quiz").value;
  // A quiz asks for the question alone (sealed: no answer in the page's data until Check).
  const request = {
    tree: $("t-input").value,
    root: $("t-root").value,
    order: $("t-order").value,
    algorithm: $("t-algorithm").value,
    cut: $("t-cut").value,
    view: $("t-view").value,
    depth: $("t-depth").value === "" ? null : Number($("t-depth").value),
    question: quiz !== "",
    sealed: quiz !== "",
    compare: quiz === "",
  };
  try {
    const report = await api("POST", "/api/tree", request);
    T.request = request;
    if (quiz) {
      T.report = report;
      drawPicture(report.question_svg);
      $("t-result").hidden = false;
      startQuiz(quiz);
    } else {
      render(report);
    }
  } catch (e) {
    // A needed unknown leaf is no dead end: how the search goes for each of its values, or
    // (to test yourself) the question of them.
    const data = e.data || {};
    const unknown = !quiz && data.unknown;
    const question = quiz && data.unknown_question;
    if (unknown || question) T.request = request;
    if (unknown) showCases(unknown);
    if (question) showUnknownQuestion(question);
    $("t-cases").hidden = !unknown && !question;
    $("t-error").textContent = e.message;
    $("t-error").hidden = Boolean(unknown || question);
    $("t-result").hidden = !question;
  }
}

const FILE_TYPES = { svg: "image/svg+xml", tex: "text/x-tex" };

/** Points a download link at a picture's text, freeing the one it held. */
function offer(link, text, kind) {
  if (link.href) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([text], { type: FILE_TYPES[kind] }));
}

/** Empties the box of cases (freeing a question's downloads), and returns it. */
function clearCases() {
  for (const id of ["t-unknown-download", "t-unknown-tikz"]) {
    const link = document.getElementById(id);
    if (link) URL.revokeObjectURL(link.href);
  }
  const box = $("t-cases");
  box.replaceChildren();
  return box;
}

/**
 * The cases of a needed unknown leaf: the report's lines, each case with a button that puts
 * its example value in the tree and explains that, step by step; where the search needs a
 * second unknown leaf, its cases' lines follow, each with both values.
 */
function showCases(unknown) {
  const box = clearCases();
  const lines = unknown.text.trimEnd().split("\n");
  let at = 0;
  const row = () => {
    const line = document.createElement("div");
    line.className = "case-line";
    const pre = document.createElement("pre");
    pre.textContent = lines[at++] || "";
    line.appendChild(pre);
    box.appendChild(line);
    return line;
  };
  const explainWith = (line, values, tree) => {
    const b = document.createElement("button");
    b.textContent = `Explain with ${values}`;
    b.addEventListener("click", () => {
      $("t-input").value = tree;
      $("t-quiz").value = ""; // an answer was asked for: the explanation, not a new quiz
      explainTree();
    });
    line.appendChild(b);
  };
  row();
  for (const c of unknown.cases) {
    const line = row();
    if (c.tree !== null) explainWith(line, `${unknown.variable} = ${c.example}`, c.tree);
    for (const inner of c.cases || []) {
      const line = row();
      if (inner.tree === null) continue;
      const [x, y] = inner.example;
      explainWith(line, `${unknown.variable} = ${x}, ${c.needs_variable} = ${y}`, inner.tree);
    }
  }
  while (at < lines.length) row();
  const sheet = document.createElement("button");
  sheet.id = "t-cases-worksheet";
  sheet.textContent = "Worksheet";
  sheet.title = "A worksheet for a class: a whole LaTeX document (pdflatex worksheet.tex) with the question, then these cases as its answer";
  sheet.addEventListener("click", saveWorksheet);
  const controls = document.createElement("div");
  controls.className = "controls";
  controls.append(sheet);
  box.appendChild(controls);
}

/**
 * The question of a needed unknown leaf, to test yourself: the bare picture and what to find,
 * and a button that fetches the cases (the answer).
 */
function showUnknownQuestion(question) {
  T.report = null;
  T.quiz = "";
  $("t-picture").classList.remove("quiz");
  drawPicture(question.question_svg);
  $("t-quiz-panel").hidden = true;
  $("t-summary").hidden = $("t-steps").hidden = $("t-step").hidden = $("t-compare-box").hidden = true;
  const box = clearCases();
  question.questions.forEach((q, i) => {
    const p = document.createElement("p");
    p.textContent = `${i + 1}. ${q}`;
    box.appendChild(p);
  });
  // The bare picture as a file, for a worksheet (as the other questions offer it), as SVG
  // and as TikZ.
  const download = (id, name, text, label, title) => {
    const a = document.createElement("a");
    a.className = "button";
    a.id = id;
    a.download = name;
    a.textContent = label;
    a.title = title;
    offer(a, text, name.split(".").pop());
    return a;
  };
  const a = download("t-unknown-download", "question.svg", question.question_svg, "Download the question", "The bare picture as an SVG file, for a worksheet");
  const tikz = download("t-unknown-tikz", "question.tex", question.question_tikz, "TikZ", "The bare picture as TikZ, for a LaTeX worksheet: \\usepackage{tikz}, then \\input{question.tex}");
  const b = document.createElement("button");
  b.id = "t-show-cases";
  b.textContent = "Show the answer";
  b.addEventListener("click", async () => {
    try {
      await api("POST", "/api/tree", { ...T.request, question: false, sealed: false, compare: false });
    } catch (e) {
      if (e.data && e.data.unknown) showCases(e.data.unknown);
      else {
        showTreeError(e);
      }
    }
  });
  const controls = document.createElement("div");
  controls.className = "controls";
  controls.append(b, a, tikz);
  box.appendChild(controls);
}

/** Puts a picture in the frame; small trees are drawn larger, up to the width of the frame. */
function drawPicture(text) {
  $("t-picture").innerHTML = text;
  const svg = $("t-picture").querySelector("svg");
  const natural = Number(svg.getAttribute("width"));
  svg.style.width = `min(${natural * 1.6}px, 100%)`;
  // A wide tree shrinks to the box down to three quarters of its size, where its labels
  // still read; beyond, the box scrolls (and stepping keeps the node at work in sight).
  svg.style.minWidth = `${Math.min(natural, Math.max(480, natural * 0.75))}px`;
  svg.style.height = "auto";
}

/** Scrolls the picture's box (not the page) so that `el`, part of the picture, is in sight. */
function keepInSight(box, el) {
  const r = el.getBoundingClientRect(), b = box.getBoundingClientRect();
  if (r.left < b.left || r.right > b.right) box.scrollLeft += (r.left + r.right) / 2 - (b.left + b.right) / 2;
}

/** Shows a full report: the final picture, the summary, the comparison, the steps. */
function render(report) {
  T.report = report;
  T.byPath = new Map(report.nodes.map((n, i) => [n.path.join(","), i]));
  T.parent = report.nodes.map((n) => (n.path.length ? T.byPath.get(n.path.slice(0, -1).join(",")) : -1));
  T.children = report.nodes.map(() => []);
  T.parent.forEach((p, i) => { if (p >= 0) T.children[p].push(i); });
  drawPicture(report.svg);
  // The final picture as a file, standalone (for slides and handouts), and for LaTeX.
  offer($("t-download"), report.svg, "svg");
  offer($("t-tikz"), report.tikz, "tex");
  const m = report.minimum;
  const names = (paths, labels) => (labels || paths.map((p) => `[${p.join(",")}]`)).join(", ") || "none";
  const limit = report.depth_limit;
  $("t-summary").textContent =
    (limit ? `${limit.text[0].toUpperCase()}${limit.text.slice(1)}. ` : "") +
    `Value ${report.value}` +
    (report.best_move === null ? "" : `, best move ${report.best_move_label || `[${report.best_move}]`}`) +
    `. ${algorithmName(report.algorithm)} opened ${report.leaves_opened} of ${report.leaves_total} leaves; ` +
    `pruned: ${names(report.pruned, report.pruned_labels)}. ` +
    (m ? `The fewest leaves that fix the value: ${m.leaves}.` : "The known leaves do not fix the value.");
  showCompare(report);
  showDeepening(report.deepening || []);
  offerDepths(report);
  $("t-result").hidden = false;
  showAnswer();
  showStep(Infinity);
}

// The comparison: leaves opened by every algorithm in both orders (a cell explains the tree
// with those settings), the fewest, and the order in which alpha-beta opens only those.
// An algorithm's name as people write it: the settings' own option text, one list for both.
function algorithmName(key) {
  const option = [...$("t-algorithm").options].find((o) => o.value === key);
  return option ? option.textContent : key;
}

function showCompare(r) {
  const body = $("t-compare");
  body.replaceChildren();
  // One column an order the server compared (by static value only when the tree has them).
  const orders = [...new Set(r.compare.map((row) => row.order))];
  const orderName = (key) => [...$("t-order").options].find((o) => o.value === key)?.textContent || key;
  const head = $("t-compare-head");
  head.replaceChildren();
  for (const text of ["algorithm", ...orders.map(orderName)]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = text;
    head.appendChild(th);
  }
  for (let i = 0; i < r.compare.length; i += orders.length) {
    const tr = document.createElement("tr");
    const name = document.createElement("td");
    name.textContent = algorithmName(r.compare[i].algorithm);
    tr.appendChild(name);
    for (const row of r.compare.slice(i, i + orders.length)) {
      const td = document.createElement("td");
      const b = document.createElement("button");
      b.textContent = row.leaves_opened === null ? "needs a ?" : String(row.leaves_opened);
      b.dataset.algorithm = row.algorithm;
      b.dataset.order = row.order;
      b.title = row.error || `Explain ${name.textContent}, ${orderName(row.order)}`;
      b.classList.toggle("current", row.algorithm === r.algorithm && row.order === r.order);
      b.addEventListener("click", () => {
        $("t-algorithm").value = row.algorithm;
        $("t-order").value = row.order;
        explainTree();
      });
      td.appendChild(b);
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
  const m = r.minimum;
  const last = document.createElement("tr");
  last.className = "minimum";
  last.innerHTML = `<td>the fewest that fix the value</td><td colspan="${orders.length}"></td>`;
  last.lastChild.textContent = m ? `${m.leaves} of ${r.leaves_total}` : "none: the value depends on unknown leaves";
  body.appendChild(last);
  const u = m && m.uniform;
  const sup = (n) => String(n).replace(/\d/g, (d) => "⁰¹²³⁴⁵⁶⁷⁸⁹"[d]);
  $("t-uniform").textContent = u
    ? `Every uniform tree of depth ${u.depth} with ${u.children} children a node needs ${u.children}${sup(Math.ceil(u.depth / 2))} + ${u.children}${sup(Math.floor(u.depth / 2))} − 1 = ${m.leaves}, whatever its values (Knuth and Moore's minimal tree); the values decide which.`
    : "";
  $("t-uniform").hidden = !u;
  const best = $("t-best-order");
  best.replaceChildren();
  if (!m) return;
  const plain = r.compare.find((row) => row.algorithm === "alphabeta" && row.order === "ltr");
  if (r.cut === "inclusive" && plain.leaves_opened === m.leaves) {
    best.textContent = `Alpha-beta, left to right, already opens only the fewest: the children are in a best order.`;
    return;
  }
  best.append(`In this order alpha-beta (left to right, cut when α ≥ β) opens only those ${m.leaves}: `);
  const code = document.createElement("code");
  code.textContent = m.order;
  const b = document.createElement("button");
  b.id = "t-use-best";
  b.textContent = "Explain it";
  b.addEventListener("click", () => {
    $("t-input").value = m.order;
    $("t-algorithm").value = "alphabeta";
    $("t-order").value = "ltr";
    $("t-cut").value = "inclusive";
    explainTree();
  });
  best.append(code, " ", b);
}

// "Search to depth" offers 1 to 5, and every depth short of the leaves of a deeper tree once
// it is explained (the whole tree's depths, by the comparison, when it was cut).
function offerDepths(report) {
  const deepest = Math.max(
    ...report.nodes.map((n) => n.path.length),
    ...(report.deepening || []).map((row) => (row.depth ?? 0) + 1),
  );
  for (let d = 1; d < deepest; d++) offerDepth(String(d));
}

// Adds a depth to "Search to depth" if missing, in order.
function offerDepth(value) {
  const options = [...$("t-depth").options];
  if (value === "" || options.some((o) => o.value === value)) return;
  const after = options.find((o) => o.value !== "" && Number(o.value) > Number(value));
  $("t-depth").add(new Option(value, value), after ?? null);
}

// Iterative deepening: the value and move found searching to each depth where the tree can be
// cut (static values at the limit), then to the end; a depth explains the tree searched to it.
function showDeepening(rows) {
  const table = $("t-deepening");
  const body = table.querySelector("tbody");
  body.replaceChildren();
  table.hidden = rows.length === 0;
  for (const row of rows) {
    const tr = document.createElement("tr");
    const depth = document.createElement("td");
    const b = document.createElement("button");
    b.textContent = row.depth === null ? "to the end" : String(row.depth);
    b.title = row.depth === null ? "Explain the whole tree" : `Explain the tree searched to depth ${row.depth}`;
    b.classList.toggle("current", String(row.depth ?? "") === $("t-depth").value);
    b.addEventListener("click", () => {
      const value = row.depth === null ? "" : String(row.depth);
      offerDepth(value);
      $("t-depth").value = value;
      explainTree();
    });
    depth.appendChild(b);
    tr.appendChild(depth);
    for (const text of [row.value, row.best_move_name ?? "–", `${row.leaves_opened} of ${row.leaves_total}`]) {
      const td = document.createElement("td");
      td.textContent = String(text);
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
}

// Test yourself: the question alone (the bare picture and the tree's shape; the page holds no
// answer); the student gives the root's value and clicks leaves: those the search never opens
// ("opened": each leaf marked right or wrong), or the fewest that fix the value ("fewest": the
// server says whether they do, and one such set is outlined). Check fetches the answer.
const leafGroup = (i) => $("t-picture").querySelector(`svg g[data-node="${i}"]`);
const GUESS = { opened: "guess-pruned", fewest: "guess-chosen" };

function startQuiz(kind) {
  const r = T.report;
  T.quiz = kind;
  $("t-picture").classList.add("quiz");
  // The fewest leaves are an answer too (and drawn in the same green as a right guess).
  $("t-witness").checked = false;
  $("t-picture").classList.remove("show-witness");
  r.nodes.forEach((n, i) => {
    if (n.kind !== "leaf") return;
    const g = leafGroup(i);
    g.classList.add("leaf");
    g.setAttribute("tabindex", "0");
    g.setAttribute("role", "checkbox");
    g.setAttribute("aria-checked", "false");
  });
  const order = r.order === "rtl" ? "right to left" : "left to right";
  const root = `${r.root === "max" ? "Max" : "Min"} at the root`;
  // Under Min at the root, the player to move's view of its value is Min's: say which is asked.
  const value = r.view === "mover" && r.root === "min" ? "the root's value as Min sees it" : "the root's value";
  $("t-quiz-task").textContent = kind === "fewest"
    ? `Test yourself: ${root}. Which leaves, the fewest, fix the root's value whatever the other leaves hold? ` +
      `Click them (they turn blue), give ${value}, then press Check.`
    : `Test yourself: ${$("t-algorithm").selectedOptions[0].textContent}, ${root}, children ${order}, ` +
      `cut when ${$("t-cut").selectedOptions[0].textContent}. ` +
      `Click the leaves it never opens (they turn grey), give ${value}, then press Check.`;
  $("t-guess").value = "";
  offer($("t-question-download"), r.question_svg, "svg");
  offer($("t-question-tikz"), r.question_tikz, "tex");
  $("t-quiz-panel").hidden = false;
  $("t-verdict").hidden = true;
  $("t-summary").hidden = $("t-steps").hidden = $("t-step").hidden = $("t-compare-box").hidden = true;
}

/** Leaves the quiz (or never enters it): the answer and the step controls shown. */
function showAnswer() {
  T.quiz = "";
  $("t-picture").classList.remove("quiz");
  $("t-picture").classList.toggle("show-witness", $("t-witness").checked);
  $("t-quiz-panel").hidden = true;
  $("t-summary").hidden = $("t-steps").hidden = $("t-step").hidden = $("t-compare-box").hidden = false;
}

function toggleGuess(g) {
  if (!T.quiz || !g || !g.classList.contains("leaf")) return;
  const on = g.classList.toggle(GUESS[T.quiz]);
  g.setAttribute("aria-checked", String(on));
}

/** A value as typed, in the report's spelling: "-3", "inf", "-inf". */
function normalValue(text) {
  return text.trim().replace(/^\+/, "").replace(/\u2212/g, "-").replace(/∞/g, "inf").toLowerCase();
}

async function checkQuiz() {
  if (!T.quiz || $("t-check").disabled) return;
  const q = T.report; // the question: the tree's shape, no answer
  const kind = T.quiz;
  const guessed = new Set(
    q.nodes
      .map((n, i) => [n, i])
      .filter(([n, i]) => n.kind === "leaf" && leafGroup(i).classList.contains(GUESS[kind]))
      .map(([n]) => n.leaf),
  );
  const guess = normalValue($("t-guess").value);
  // The answers, now: the full report (and for "fewest" the server's check of the leaves).
  const ask = { ...T.request, question: false, sealed: false, compare: true };
  if (kind === "fewest") ask.given = [...guessed];
  $("t-check").disabled = true;
  let r;
  try {
    r = await api("POST", "/api/tree", ask);
  } catch (e) {
    showTreeError(e);
    return;
  } finally {
    $("t-check").disabled = false;
  }
  if (T.report !== q) return; // another tree was asked for meanwhile
  if (kind === "fewest") $("t-witness").checked = true;
  render(r);
  const value = String(r.value);
  const valueRight = guess === value;
  const said = valueRight
    ? `The root's value ${value}: right.`
    : guess === "" ? `The root's value is ${value}.` : `The root's value is ${value}, not ${guess}.`;
  const leaves = r.nodes.map((n, i) => [n, i]).filter(([n]) => n.kind === "leaf");
  let leafWords, leavesRight;
  if (kind === "fewest") {
    const given = r.given;
    const m = r.minimum;
    for (const [n, i] of leaves) if (guessed.has(n.leaf)) leafGroup(i).classList.add("guess-chosen");
    const count = guessed.size;
    const one = count === 1;
    const yours = `Your ${count} ${one ? "leaf" : "leaves"}`;
    const [does, fix] = one ? ["does", "fixes"] : ["do", "fix"];
    leavesRight = given.fixes && m !== null && count === m.leaves;
    const fewest = m ? `The fewest that fix it: ${m.leaves}, one such set outlined in green.` : "No leaves fix it: it depends on unknown leaves.";
    leafWords = !given.fixes
      ? `${yours} ${does} not fix it: whatever the others hold, it lies from ${given.low} to ${given.high}. ${fewest}`
      : leavesRight
        ? `${yours} ${fix} it, and no fewer do: right.`
        : `${yours} ${fix} it, but fewer do. ${fewest}`;
    leafWords += " Blue: your leaves.";
  } else {
    const opened = new Set(r.opened);
    const wrong = [];
    for (const [n, i] of leaves) {
      const pruned = !opened.has(n.leaf);
      const right = guessed.has(n.leaf) === pruned;
      leafGroup(i).classList.add(right ? "quiz-right" : "quiz-wrong");
      if (!right) wrong.push(`${nodeName(i)} = ${n.leaf_value} is ${pruned ? "never opened" : "opened"}`);
    }
    leavesRight = !wrong.length;
    leafWords = wrong.length
      ? `Leaves: ${leaves.length - wrong.length} of ${leaves.length} right; ${wrong.join("; ")}. Green: right, red: wrong.`
      : `Leaves: all ${leaves.length} right. Green: right, red: wrong.`;
    leafWords += " Step through to see why.";
  }
  $("t-verdict").textContent = `${said} ${leafWords}`;
  $("t-verdict").classList.toggle("all-right", valueRight && leavesRight);
  $("t-verdict").hidden = false;
}

const nodeName = (i) => {
  const n = T.report.nodes[i];
  return n.label || (n.path.length ? `[${n.path.join(",")}]` : "the root");
};
const bound = (v, inf) => (v === null ? inf : String(v));
const windowText = (s) => `(${bound(s.alpha, "-inf")}, ${bound(s.beta, "inf")})`;


/** Writes a node's window under it (leaves have no window drawn). */
function setWindow(g, s) {
  const win = g.querySelector("text.win");
  if (win) win.textContent = windowText(s);
}

/**
 * Shows the picture after the first `k` lines of the trace, as `--trace` and the slides word
 * and number them (all of them: the final picture). A line may stand for several steps of the
 * search's trace: a leaf's entry, opening and exit are one.
 */
function showStep(k) {
  const trace = (T.report && T.report.trace) || [];
  const lines = (T.report && T.report.trace_lines) || [];
  k = Math.max(0, Math.min(lines.length, k));
  T.step = k;
  // The trace's steps done by line k: through its own, and after the last line every step.
  const done = k === lines.length ? trace.length : k === 0 ? 0 : lines[k - 1].step + 1;
  const pic = $("t-picture");
  const svg = pic.querySelector("svg");
  if (!svg) return;
  const group = (i) => svg.querySelector(`g[data-node="${i}"]`);
  pic.classList.toggle("animating", k < lines.length);
  for (const g of svg.querySelectorAll("g[data-node]")) g.classList.remove("seen", "current");
  for (const l of svg.querySelectorAll("line[data-edge]")) l.classList.remove("walked");
  for (const l of svg.querySelectorAll("line.cutmark")) l.classList.remove("shown");
  for (const r of svg.querySelectorAll("rect.open-now")) r.classList.remove("open-now");
  // Values and windows as the search had them: internal nodes start blank.
  const finalText = k === lines.length;
  T.report.nodes.forEach((n, i) => {
    if (n.kind === "leaf") return;
    const g = group(i);
    const val = g.querySelector("text.val"), win = g.querySelector("text.win");
    if (!val.dataset.final) { val.dataset.final = val.textContent; win.dataset.final = win.textContent; }
    val.textContent = finalText ? val.dataset.final : "";
    win.textContent = finalText ? win.dataset.final : "";
  });
  let current = -1;
  const see = (i) => {
    group(i).classList.add("seen");
    const edge = svg.querySelector(`line[data-edge="${i}"]`);
    if (edge) edge.classList.add("walked");
  };
  for (let j = 0; j < done; j++) {
    const s = trace[j];
    const i = T.byPath.get(s.path.join(","));
    const g = group(i);
    switch (s.step) {
      case "enter":
        see(i);
        if (!finalText) setWindow(g, s);
        current = i;
        break;
      case "leaf":
        see(i);
        g.querySelector("rect").classList.add("open-now");
        current = i;
        break;
      case "narrow":
        if (!finalText) setWindow(g, s);
        current = i;
        break;
      case "cut":
        for (const c of T.children[i]) {
          const mark = svg.querySelector(`line.cutmark[data-cut="${c}"]`);
          if (mark) mark.classList.add("shown");
        }
        current = i;
        break;
      case "exit":
        if (!finalText && T.report.nodes[i].kind !== "leaf") {
          const mark = s.bound === "lower" ? "≥" : s.bound === "upper" ? "≤" : "";
          g.querySelector("text.val").textContent = `${mark}${s.value}`;
        }
        current = T.parent[i];
        break;
    }
  }
  if (k > 0 && k < lines.length && current >= 0) {
    group(current).classList.add("current");
    keepInSight(pic, group(current));
  }
  $("t-step").textContent = lines.length === 0
    ? "No trace."
    : k === 0
      ? `Step 0 of ${lines.length}: press Forward (→) or Play to start the search.`
      : `Step ${k} of ${lines.length}: ${lines[k - 1].text}.`;
  $("t-first").disabled = $("t-back").disabled = k === 0;
  $("t-fwd").disabled = $("t-last").disabled = k === lines.length;
}

function stopPlaying() {
  if (T.timer) clearInterval(T.timer);
  T.timer = null;
  $("t-play").textContent = "▶ Play";
}

function togglePlay() {
  if (T.timer) { stopPlaying(); return; }
  const lines = (T.report && T.report.trace_lines) || [];
  if (T.step >= lines.length) showStep(0);
  $("t-play").textContent = "⏸ Pause";
  T.timer = setInterval(() => {
    showStep(T.step + 1);
    if (T.step >= lines.length) stopPlaying();
  }, 700);
}

$("t-explain").addEventListener("click", explainTree);
$("t-random").addEventListener("click", async () => {
  try {
    // A search to a depth needs static values to stop at.
    if ($("t-depth").value !== "" && $("t-statics").value === "") $("t-statics").value = "5";
    const statics = $("t-statics").value;
    const query = new URLSearchParams({ shape: $("t-shape").value });
    if (statics !== "") {
      // True values for the root's player, and searched by them.
      query.set("statics", statics);
      query.set("root", $("t-root").value);
      $("t-order").value = "static";
    }
    const r = await api("GET", `/api/tree/random?${query}`);
    $("t-input").value = r.tree;
    // Its static values are true for this root: the same draw again for the other.
    query.set("seed", r.seed);
    T.drawn = statics === "" ? null : { tree: r.tree, query };
    explainTree();
  } catch (e) {
    showTreeError(e);
  }
});
/** A random tree with static values, untouched since drawn, drawn again for the root now
 * chosen (the same leaves and noise, the static values true for that root); else nothing. */
async function redrawForRoot() {
  if (!T.drawn || $("t-input").value !== T.drawn.tree) return;
  T.drawn.query.set("root", $("t-root").value);
  const r = await api("GET", `/api/tree/random?${T.drawn.query}`);
  $("t-input").value = r.tree;
  T.drawn.tree = r.tree;
}
$("t-root").addEventListener("change", async () => {
  try {
    await redrawForRoot();
  } catch (e) {
    T.drawn = null;
  }
  if (T.request) explainTree();
});
// A setting changed explains the tree again at once.
for (const id of ["t-order", "t-algorithm", "t-cut", "t-view", "t-depth", "t-quiz"]) {
  $(id).addEventListener("change", () => { if (T.request) explainTree(); });
}
$("t-check").addEventListener("click", checkQuiz);
$("t-guess").addEventListener("keydown", (e) => { if (e.key === "Enter") checkQuiz(); });
$("t-picture").addEventListener("click", (e) => toggleGuess(e.target.closest("g[data-node]")));
$("t-picture").addEventListener("keydown", (e) => {
  if (e.key !== "Enter" && e.key !== " ") return;
  const g = e.target.closest("g[data-node]");
  if (T.quiz && g) { toggleGuess(g); e.preventDefault(); }
});
$("t-input").addEventListener("keydown", (e) => { if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) explainTree(); });
$("t-first").addEventListener("click", () => { stopPlaying(); showStep(0); });
$("t-back").addEventListener("click", () => { stopPlaying(); showStep(T.step - 1); });
$("t-fwd").addEventListener("click", () => { stopPlaying(); showStep(T.step + 1); });
$("t-last").addEventListener("click", () => { stopPlaying(); showStep(Infinity); });
$("t-play").addEventListener("click", togglePlay);
/** Shows a failed request's message above the tree explainer. */
function showTreeError(e) {
  $("t-error").textContent = e.message;
  $("t-error").hidden = false;
}

/** Saves a LaTeX text as a file of this name. */
function saveTex(name, text) {
  const a = document.createElement("a");
  a.download = name;
  offer(a, text, "tex");
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 60000);
}

// The search step by step as beamer slides, fetched when asked for (they grow with the square
// of the tree), saved as a file.
$("t-beamer").addEventListener("click", async () => {
  try {
    const r = await api("POST", "/api/tree", { ...T.request, question: false, sealed: false, compare: false, beamer: true });
    saveTex("steps.tex", r.beamer);
  } catch (e) {
    showTreeError(e);
  }
});

/**
 * A worksheet on the tree explained, fetched when asked for and saved as a file: a whole LaTeX
 * document, the question and then the answer. For a needed unknown leaf it comes with the
 * reply that gives its cases.
 */
async function saveWorksheet() {
  const ask = { ...T.request, question: false, sealed: false, compare: false, worksheet: true };
  try {
    saveTex("worksheet.tex", (await api("POST", "/api/tree", ask)).worksheet);
  } catch (e) {
    if (e.data && e.data.worksheet) return saveTex("worksheet.tex", e.data.worksheet);
    showTreeError(e);
  }
}
$("t-worksheet").addEventListener("click", saveWorksheet);

// A worksheet of random trees of the shape chosen, searched with the settings chosen, drawn
// and set by the server (as `--random --count --format worksheet`), saved as a file.
$("t-random-sheet").addEventListener("click", async () => {
  $("t-error").hidden = true;
  // A search to a depth needs static values to stop at (as for one random tree).
  if ($("t-depth").value !== "" && $("t-statics").value === "") $("t-statics").value = "5";
  const query = new URLSearchParams({ shape: $("t-shape").value, count: $("t-sheet-count").value });
  for (const key of ["root", "order", "algorithm", "cut", "view", "depth"]) {
    const value = $(`t-${key}`).value;
    if (value !== "") query.set(key, value);
  }
  const statics = $("t-statics").value;
  if (statics !== "") query.set("statics", statics);
  try {
    const r = await api("GET", `/api/tree/worksheet?${query}`);
    saveTex("worksheet.tex", r.worksheet);
    // The same trees again, for the students' copy.
    query.set("seed", r.seed);
    T.sheet = query;
    $("t-sheet-copy").disabled = false;
  } catch (e) {
    showTreeError(e);
  }
});
// The last worksheet's exercises without their answers.
$("t-sheet-copy").addEventListener("click", async () => {
  const query = new URLSearchParams(T.sheet);
  query.set("answers", "false");
  try {
    const r = await api("GET", `/api/tree/worksheet?${query}`);
    saveTex("worksheet-copy.tex", r.worksheet);
  } catch (e) {
    showTreeError(e);
  }
});
$("t-witness").addEventListener("change", () => $("t-picture").classList.toggle("show-witness", $("t-witness").checked));
document.addEventListener("keydown", (e) => {
  if ($("tree").hidden || !T.report || T.quiz || e.altKey || e.ctrlKey || e.metaKey) return;
  if (["TEXTAREA", "INPUT", "SELECT"].includes(e.target.tagName)) return;
  const keys = { ArrowLeft: () => showStep(T.step - 1), ArrowRight: () => showStep(T.step + 1), Home: () => showStep(0), End: () => showStep(Infinity) };
  if (keys[e.key]) { stopPlaying(); keys[e.key](); e.preventDefault(); }
});

// ---------------------------------------------------------------------------------------------
// Tic-tac-toe

const X = { cells: Array(9).fill("."), analysis: null, busy: false };

function drawTicTacToe() {
  const board = $("x-board");
  board.replaceChildren();
  const a = X.analysis;
  const human = $("x-side").value;
  const mine = a && a.to_move === human;
  const values = new Map(((mine && a.moves) || []).map((m) => [m.cell, m.value]));
  const ahead = mine ? a.lookahead : null;
  const fs = new Map(((ahead && ahead.moves) || []).map((m) => [m.cell, m.value]));
  // The three in a row that won, marked.
  const won = (a && a.winning_cells) || [];
  X.cells.forEach((c, i) => {
    const b = document.createElement("button");
    b.textContent = c === "." ? "" : c;
    if (c !== ".") b.className = c.toLowerCase();
    if (won.includes(i)) b.classList.add("won");
    b.setAttribute("aria-label", `square ${i + 1}${c === "." ? "" : `, ${c}`}`);
    if (values.has(i)) {
      const s = document.createElement("small");
      s.textContent = values.get(i);
      b.appendChild(s);
    }
    if (fs.has(i)) {
      const s = document.createElement("small");
      s.className = i === ahead.best ? "f pick" : "f";
      s.textContent = `f ${fs.get(i)}`;
      b.appendChild(s);
    }
    b.disabled = c !== "." || X.busy || !a || a.over || a.to_move !== human;
    b.addEventListener("click", () => moveTicTacToe(i));
    board.appendChild(b);
  });
  let status = "";
  if (!a) status = "…";
  else if (a.winner) status = a.winner === human ? "You win." : "The engine wins.";
  else if (a.over) status = "Draw.";
  else if (a.to_move === human) status = `Your move (${human}); perfect play from here: ${a.value}.`;
  else status = "The engine is moving…";
  $("x-status").textContent = status;
  $("x-lookahead").textContent = ahead && ahead.best !== null
    ? `The material's look-ahead of ${ahead.plies} ${ahead.plies === 1 ? "ply" : "plies"} would play square ${ahead.best + 1} (f backed up: ${ahead.value}). `
    : "";
  if (ahead && ahead.best !== null && ahead.tree) {
    // The same look-ahead in the tree explainer, step by step.
    const b = document.createElement("button");
    b.id = "x-explain-tree";
    b.textContent = "Explain it as a tree";
    b.title = "The look-ahead's tree in the tree explainer: moves as labels, f(p) at the leaves and as static values";
    b.addEventListener("click", () => openInExplainer(ahead.tree, `The material's look-ahead of ${ahead.plies} ${ahead.plies === 1 ? "ply" : "plies"} from the tic-tac-toe board: ${a.to_move} to move is Max; each node is named by the moves from there (X5: X in the centre; squares 1 to 9 in reading order), each value f(p) for ${a.to_move}.`));
    $("x-lookahead").appendChild(b);
  }
}

// The analysis request: the board, and the look-ahead's depth when one is asked for.
function ticTacToeRequest() {
  const plies = $("x-plies").value;
  return plies ? { board: X.cells.join(""), plies: Number(plies) } : { board: X.cells.join("") };
}

async function refreshTicTacToe() {
  X.busy = true;
  try {
    X.analysis = await api("POST", "/api/tictactoe", ticTacToeRequest());
    const a = X.analysis;
    if (!a.over && a.to_move !== $("x-side").value && a.best !== null) {
      // The engine's move: perfect play's, or the chosen look-ahead's.
      const plies = $("x-engine").value;
      const move = plies
        ? (await api("POST", "/api/tictactoe", { board: X.cells.join(""), plies: Number(plies) })).lookahead.best
        : a.best;
      X.cells[move] = a.to_move;
      X.analysis = await api("POST", "/api/tictactoe", ticTacToeRequest());
    }
  } catch (e) {
    $("x-status").textContent = e.message;
  } finally {
    X.busy = false;
    drawTicTacToe();
  }
}

function moveTicTacToe(i) {
  if (X.busy || X.cells[i] !== ".") return;
  X.cells[i] = $("x-side").value;
  refreshTicTacToe();
}

function newTicTacToe() {
  X.cells = Array(9).fill(".");
  X.analysis = null;
  refreshTicTacToe();
}
$("x-new").addEventListener("click", newTicTacToe);
$("x-side").addEventListener("change", newTicTacToe);
$("x-engine").addEventListener("change", newTicTacToe);
$("x-plies").addEventListener("change", () => { if (!X.busy) refreshTicTacToe(); });

// ---------------------------------------------------------------------------------------------
// Connect Four: the page keeps the moves (columns 1-7); the server answers each position.

const C = { moves: "", state: null, busy: false, engine: "" };

function drawConnectFour() {
  const board = $("c-board");
  board.replaceChildren();
  const s = C.state;
  const human = $("c-side").value;
  const mine = s && !s.over && s.to_move === human && !C.busy;
  const last = C.moves.length ? Number(C.moves[C.moves.length - 1]) - 1 : -1;
  // The top of the last column played: the disc just dropped.
  const lastRow = last < 0 ? -1 : s.board.findIndex((row) => row[last] !== ".");
  const won = (s && s.winning_cells) || [];
  (s ? s.board : Array(6).fill(".......")).forEach((row, r) => {
    [...row].forEach((cell, c) => {
      const b = document.createElement("button");
      if (cell !== ".") b.className = cell.toLowerCase();
      if (c === last && r === lastRow) b.classList.add("last");
      if (won.some((w) => w.column === c + 1 && w.row === 6 - r)) b.classList.add("won");
      const who = cell === "X" ? ", red" : cell === "O" ? ", yellow" : "";
      b.setAttribute("aria-label", `column ${c + 1}, row ${6 - r}${who}`);
      b.dataset.column = String(c + 1);
      b.disabled = !mine || s.board[0][c] !== ".";
      b.addEventListener("click", () => dropDisc(c + 1));
      board.appendChild(b);
    });
  });
  // Under each column, its exact value for the player once the solver has them.
  const values = new Map(((mine && s.columns) || []).map((v) => [v.column, v.value]));
  for (let c = 1; c <= 7; c++) {
    const v = document.createElement("div");
    const text = values.get(c) || "";
    v.className = `value ${text.split(" ")[0]}`;
    v.textContent = text;
    board.appendChild(v);
  }
  const name = (p) => (p === "X" ? "red" : "yellow");
  let status = "";
  if (!s) status = "…";
  else if (s.winner) status = s.winner === human ? "You win." : "The engine wins.";
  else if (s.over) status = "Draw: the board is full.";
  else if (C.busy) status = "The engine is thinking…";
  else if (s.to_move === human) status = `Your move (${name(human)}).` + (s.columns ? "" : ` ${noValuesYet(s, C.moves.length)}`);
  $("c-status").textContent = status;
  $("c-engine").textContent = C.engine;
  $("c-undo").disabled = C.busy || C.moves.length === 0;
  $("c-tree").disabled = C.busy || !s || s.over;
  if (document.activeElement !== $("c-moves")) $("c-moves").value = C.moves;
}

/** Why the columns show no values yet: too few discs, or the solver ran past its budget. */
function noValuesYet(s, discs) {
  const always = `always from ${s.solve_from} discs on`;
  if (discs < s.solve_early_from) return `The values show from ${s.solve_early_from} discs on when the solver finishes in a moment, ${always} (${discs} now).`;
  return `The solver did not finish within ${(s.solve_early_nodes / 1e6).toLocaleString("en")} million positions here: no values yet (${always}).`;
}

/** Asks the server about the position, and for the engine's move when it is the engine's turn. */
async function refreshConnectFour() {
  C.busy = true;
  drawConnectFour();
  try {
    // X moves first: whose turn it is follows from the count.
    const enginesTurn = (C.moves.length % 2 === 0 ? "X" : "O") !== $("c-side").value;
    const ask = { moves: C.moves };
    if (enginesTurn) Object.assign(ask, { think: true, time: Number($("c-time").value) });
    let s = await api("POST", "/api/connect4", ask);
    const e = s.engine;
    if (e) {
      C.moves += String(e.column);
      C.engine = e.exact
        ? `The engine played column ${e.column}: solved, ${e.value} for it (${e.nodes.toLocaleString("en")} positions).`
        : `The engine played column ${e.column}: a search to depth ${e.depth}, score ${e.value} (${e.nodes.toLocaleString("en")} positions).`;
      s = await api("POST", "/api/connect4", { moves: C.moves });
    }
    C.state = s;
  } catch (e) {
    C.engine = e.message;
  } finally {
    C.busy = false;
    drawConnectFour();
  }
}

function dropDisc(column) {
  const s = C.state;
  if (C.busy || !s || s.over || s.to_move !== $("c-side").value) return;
  C.moves += String(column);
  C.engine = "";
  refreshConnectFour();
}

function newConnectFour() {
  C.moves = "";
  C.engine = "";
  C.state = null;
  refreshConnectFour();
}

/** The engine's look-ahead from the position, explained step by step in the tree explainer. */
async function connectFourTree() {
  const s = C.state;
  if (C.busy || !s || s.over) return;
  try {
    const r = await api("GET", `/api/connect4/tree?moves=${C.moves}&plies=3&width=3`);
    const side = s.to_move === "X" ? "red" : "yellow";
    const position = C.moves ? `columns ${C.moves}` : "the empty board";
    openInExplainer(r.tree, `The Connect Four engine's look-ahead after ${position}: ${side} to move is Max; each node is named by the columns from there (c4: column 4), each value is the winning cells, ${side}'s less the other's. Left to right is the engine's own order, its best guess first.`);
  } catch (e) {
    C.engine = `No tree: ${e.message}`;
    drawConnectFour();
  }
}

/** Takes back the player's last move and the engine's answer to it. */
function undoConnectFour() {
  if (C.busy || !C.moves) return;
  const human = $("c-side").value;
  const mineAt = (i) => (i % 2 === 0 ? "X" : "O") === human;
  let n = C.moves.length;
  // Back to the player's last move, then before it.
  while (n > 0 && !mineAt(n - 1)) n--;
  C.moves = C.moves.slice(0, Math.max(0, n - 1));
  C.engine = "";
  refreshConnectFour();
}
/** Plays from the columns typed; a bad sequence is refused with the move at fault. */
async function loadConnectFour() {
  if (C.busy) return;
  const moves = $("c-moves").value.replace(/\s+/g, "");
  try {
    await api("POST", "/api/connect4", { moves });
  } catch (e) {
    C.engine = e.message;
    drawConnectFour();
    return;
  }
  C.moves = moves;
  C.engine = "";
  $("c-moves").blur();
  refreshConnectFour();
}
$("c-new").addEventListener("click", newConnectFour);
$("c-load").addEventListener("click", loadConnectFour);
$("c-moves").addEventListener("keydown", (e) => { if (e.key === "Enter") loadConnectFour(); });
$("c-undo").addEventListener("click", undoConnectFour);
$("c-tree").addEventListener("click", connectFourTree);
$("c-side").addEventListener("change", newConnectFour);

// ---------------------------------------------------------------------------------------------

showTab(TABS.includes(location.hash.slice(1)) ? location.hash.slice(1) : "gomoku");
/** A puzzle's link (`?puzzle&seed=17&moves=4-5&size=15&rule=freestyle`) opens that puzzle. */
function openLinkedPuzzle() {
  const q = new URLSearchParams(location.search);
  if (!q.has("puzzle") || !q.get("seed")) return false;
  for (const [id, key] of [["g-size", "size"], ["g-rule", "rule"], ["g-puzzle-by", "by"], ["g-puzzle-moves", "moves"], ["g-puzzle-side", "side"]]) {
    if ([...$(id).options].some((o) => o.value === q.get(key))) $(id).value = q.get(key);
    if (id === "g-puzzle-by") offerPuzzleLengths();
  }
  newPuzzle(q.get("seed"));
  return true;
}
if (!openLinkedPuzzle()) newGame();
explainTree();
newTicTacToe();
newConnectFour();
