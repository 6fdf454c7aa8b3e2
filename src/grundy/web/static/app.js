"use strict";
// The page only asks the server (/api/...) and shows its answers: no game logic here.

const $ = (id) => document.getElementById(id);

const state = {
  lang: "en",
  messages: {},
  games: [],
  canDraw: false,
  position: null,     // text form of the current position, or null before a start
  misere: false,
  friend: false,      // two people at one screen instead of one against the computer
  mover: 0,           // 0: the person who started the page's game (or player 1), 1: the other
  over: false,
  busy: false,
  hint: false,
  moves: [],
  analysis: null,
  history: [],
  generation: 0,      // bumped by every start, so late answers of an old game are dropped
  statusKey: ["choose", {}],
  boards: null,       // the pictures of the current position (board.js)
  sequence: null,     // the nim-sequence plotted (/api/sequence)
  graph: null,        // the game graph's view (graph.js)
  graphOf: null,      // the position whose graph is shown, or null
  graphDepth: null,   // moves from it the graph shown goes, or null: the whole graph
  graphFarther: true, // whether the collapsed graph shown can be drawn one move farther
  first: "me",        // who started the game: "me" or "computer"
  future: [],         // the entries undone, for redo (latest last)
  branch: null,       // the game left for a what-if branch, or null
  graphText: "",      // the graph sent with positions of graph:pasted, node-kayles:pasted...
  phrases: null,      // Russian move phrases and game summaries (/api/phrases)
};

// Positions of these games take their graph from the request's body.
const PASTED = /^(graph|node-kayles|arc-kayles):pasted(\s|$)/;

// The computer's move is shown on the picture this long before it is made.
const FLASH = window.matchMedia("(prefers-reduced-motion: reduce)").matches ? 0 : 450;

function t(key, fields = {}) {
  const entry = state.messages[key];
  const text = entry ? (entry[state.lang] || entry.en) : key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in fields ? String(fields[name]) : ""));
}

async function api(path, params) {
  const query = new URLSearchParams(params).toString();
  const pasted = PASTED.test(params.q || "");
  const response = await fetch(`/api/${path}?${query}`, pasted
    ? { method: "POST", body: state.graphText, headers: { "Content-Type": "text/plain" } }
    : {});
  if (!response.ok) {
    let message = `HTTP ${response.status}`;
    try { message = (await response.json()).error || message; } catch (_) { /* not JSON */ }
    const failure = new Error(message);
    failure.status = response.status;
    throw failure;
  }
  return response;
}

async function json(path, params) {
  return (await api(path, params)).json();
}

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children) node.append(child);
  return node;
}

function setStatus(key, fields = {}, kind = "") {
  state.statusKey = [key, fields, kind];
  const status = $("status");
  status.textContent = key === "error" ? t("error", fields) : t(key, fields);
  status.className = kind;
}

function translate() {
  document.documentElement.lang = state.lang;
  for (const node of document.querySelectorAll("[data-i18n]")) {
    node.textContent = t(node.dataset.i18n);
  }
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.classList.toggle("active", button.dataset.lang === state.lang);
  }
  const [key, fields, kind] = state.statusKey;
  setStatus(key, fields, kind);
  renderMoves();
  renderAnalysis();
  renderHistory();
  noteGraph();
  if (state.sequence) $("plot").replaceChildren(window.sequencePlot(state.sequence, t));
}

function humanTurn() {
  return state.friend || state.mover === 0;
}

// -- one game -------------------------------------------------------------------------------

// Who moves first in the game shown: 0 the person (or player 1), 1 the computer. A what-if
// branch is the person's to start.
function firstMover() {
  return !state.branch && !state.friend && state.first === "computer" ? 1 : 0;
}

// The player to move after `count` positions of the game (the start is the first).
function moverAt(count) {
  return (firstMover() + count - 1) % 2;
}

function clearGame() {
  state.position = null;
  state.over = false;
  state.busy = false;
  state.history = [];
  state.future = [];
  state.moves = [];
  state.analysis = null;
  state.boards.clear();
  $("current").textContent = "";
  $("graph").replaceChildren();
  state.graphOf = null;
  renderMoves();
  renderHistory();
  renderAnalysis();
  renderSession();
}

async function start() {
  const text = $("position").value.trim();
  state.generation += 1;
  state.misere = $("misere").checked;
  state.friend = $("against").value === "friend";
  state.first = $("first").value;
  state.branch = null;
  state.mover = firstMover();
  state.graphText = PASTED.test(text) ? $("pasted").value : "";
  // A new start (good or bad) clears the game shown before.
  clearGame();
  try {
    await enter(text, null, state.generation);
  } catch (error) {
    clearGame();
    setStatus("error", { error: error.message }, "error");
  }
  followMenu();
  showGame(text.split(/\s+/)[0]);
}

// The game a position is of, by its first word: `cram 4x5` is cram, `hex:0.3f 12` hex,
// `node-kayles:grid3x6` node-kayles; undefined for a word of no game.
function gameOf(text) {
  const word = text.trim().split(/\s+/)[0];
  return state.games.find((g) => word === g.name || word.startsWith(g.name + ":"));
}

// The menu shows the game of the position typed (a word of no game leaves it as it was).
function followMenu() {
  const game = gameOf($("position").value);
  if (game) $("game").value = game.example;
}

// The moves, analysis and picture of a position (a picture may be missing: too big).
async function load(text) {
  const misere = state.misere ? "1" : "0";
  const [moves, analysis, picture] = await Promise.all([
    json("moves", { q: text, misere }),
    json("analyze", { q: text, misere }),
    json("picture", { q: text, misere }).catch(() => null),
  ]);
  return { moves, analysis, picture };
}

// Shows the position of the last entry of the history.
function display(entry) {
  const { moves, analysis, picture } = entry.loaded;
  state.position = moves.position;
  state.moves = moves.moves;
  state.analysis = analysis;
  state.busy = false;
  $("current").textContent = moves.position;
  if (picture) state.boards.show(picture);
  else state.boards.clear();
  // On a phone the picture is enough: the moves in words stay folded until asked for.
  $("words").open = !picture || window.innerWidth > 600;
  renderHistory();
  renderAnalysis();
  renderSession();
}

// Show a new position: its moves, its analysis, its graph; then let the computer move.
async function enter(text, move, generation) {
  state.busy = true;
  renderMoves();
  const loaded = await load(text);
  if (generation !== state.generation) return;
  const entry = { mover: move ? move.mover : null, move: move ? move.move : "",
                  position: loaded.moves.position, analysis: loaded.analysis, loaded };
  state.history.push(entry);
  if (move) state.future = [];
  display(entry);
  save();
  if (!move) showGraph(state.position, generation);
  else followGraph(generation);
  await proceed(generation);
}

// After a position is shown: the end, the person's turn, or the computer's move.
async function proceed(generation) {
  state.over = false;
  if (state.moves.length === 0) {
    finish();
    return;
  }
  renderMoves();
  if (humanTurn()) {
    setStatus(state.friend ? "player_turn" : "your_turn",
              state.friend ? { n: state.mover + 1 } : {});
  } else {
    await computerMove(generation);
  }
}

function finish() {
  // The player to move cannot move: under normal play they lose, under misère play they win.
  state.over = true;
  const moverWins = state.misere;
  const winner = moverWins ? state.mover : 1 - state.mover;
  if (state.friend) setStatus("player_wins", { n: winner + 1 }, "over");
  else setStatus(winner === 0 ? "you_win" : "computer_wins", {}, "over");
  renderMoves();
  renderAnalysis();
}

async function play(move) {
  if (state.busy || state.over || !humanTurn()) return;
  const generation = state.generation;
  const mover = state.mover;
  state.mover = 1 - state.mover;
  try {
    await enter(move.position, { move: move.move, mover }, generation);
  } catch (error) {
    state.mover = mover;
    state.busy = false;
    renderMoves();
    setStatus("error", { error: error.message }, "error");
  }
}

async function computerMove(generation) {
  setStatus("thinking");
  state.busy = true;
  renderMoves();
  renderAnalysis();
  try {
    const misere = state.misere ? "1" : "0";
    const move = await json("computer-move", { q: state.position, misere });
    if (generation !== state.generation) return;
    await state.boards.flash(move.position, FLASH);
    if (generation !== state.generation) return;
    state.mover = 0;
    await enter(move.position, { move: move.move, mover: 1 }, generation);
  } catch (error) {
    state.busy = false;
    setStatus("error", { error: error.message }, "error");
  }
}

// -- undo, redo, a link, a what-if branch ---------------------------------------------------

// Back to the person's previous turn (against the computer: its answer and the person's
// move are undone together).
function undo() {
  if (state.busy || state.history.length < 2) return;
  do {
    state.future.push(state.history.pop());
  } while (state.history.length > 1 && !state.friend && moverAt(state.history.length) !== 0);
  resume();
}

function redo() {
  if (state.busy || !state.future.length) return;
  do {
    state.history.push(state.future.pop());
  } while (state.future.length && !state.friend && moverAt(state.history.length) !== 0);
  resume();
}

// Shows the last entry of the history again and goes on from there.
async function resume() {
  state.generation += 1;
  const generation = state.generation;
  state.mover = moverAt(state.history.length);
  const entry = state.history[state.history.length - 1];
  if (!entry.loaded) {  // a position of a restored game, not shown since
    state.busy = true;
    renderMoves();
    try {
      entry.loaded = await load(entry.position);
    } catch (error) {
      state.busy = false;
      setStatus("error", { error: error.message }, "error");
      return;
    }
    if (generation !== state.generation) return;
  }
  display(entry);
  save();
  followGraph(generation);
  await proceed(generation);
}

// The game as data: enough to play it again (the link, and what a reload restores).
function session() {
  const first = state.history[0];
  return { q: first ? first.position : "", misere: state.misere ? "1" : "0",
           vs: state.friend ? "friend" : "computer", first: state.first,
           m: state.history.slice(1).map((entry) => entry.position),
           graph: state.graphText };
}

function link() {
  const game = session();
  const params = new URLSearchParams({ q: game.q, misere: game.misere, vs: game.vs,
                                       first: game.first });
  for (const position of game.m) params.append("m", position);
  if (game.graph) params.set("graph", game.graph);
  return `${location.origin}${location.pathname}?${params.toString()}`;
}

// Kept in the address bar and in the browser: a reload or the link plays it again.
function save() {
  if (state.branch || !state.history.length) return;
  try {
    window.localStorage.setItem("grundy-game", JSON.stringify(session()));
  } catch (_) { /* storage full or refused: the link still holds the game */ }
  window.history.replaceState(null, "", link());
}

function savedSession() {
  const params = new URLSearchParams(location.search);
  if (params.get("q")) {
    return { q: params.get("q"), misere: params.get("misere") || "0",
             vs: params.get("vs") || "computer", first: params.get("first") || "me",
             m: params.getAll("m"), graph: params.get("graph") || "" };
  }
  try {
    return JSON.parse(window.localStorage.getItem("grundy-game") || "null");
  } catch (_) {
    return null;
  }
}

// Plays a saved game again: each position checked to follow from the one before.
async function restore(game) {
  $("position").value = game.q;
  $("misere").checked = game.misere === "1";
  $("against").value = game.vs === "friend" ? "friend" : "computer";
  $("first").value = game.first === "computer" ? "computer" : "me";
  $("pasted").value = game.graph || "";
  showPasted();
  state.generation += 1;
  const generation = state.generation;
  state.misere = game.misere === "1";
  state.friend = game.vs === "friend";
  state.first = $("first").value;
  state.graphText = game.graph || "";
  clearGame();
  try {
    const misere = state.misere ? "1" : "0";
    const steps = [game.q, ...game.m];
    // Each position's moves (a few requests at a time): a position kept only when one of
    // the moves of the one before leads to it, and then rated as that move is.
    const moves = await inBatches(steps, (q) => json("moves", { q, misere }));
    let count = 1;
    while (count < steps.length
           && moves[count - 1].moves.some((m) => m.position === moves[count].position)) {
      count += 1;
    }
    const first = await load(steps[0]);
    const last = count > 1 ? await load(moves[count - 1].position) : first;
    if (generation !== state.generation) return;
    state.history = moves.slice(0, count).map((answer, i) => {
      const made = i ? moves[i - 1].moves.find((m) => m.position === answer.position) : null;
      const loaded = i === 0 ? first : i === count - 1 ? last : null;
      return { mover: i ? moverAt(i) : null, move: made ? made.move : "",
               position: answer.position, analysis: loaded ? loaded.analysis : made, loaded };
    });
    state.mover = moverAt(state.history.length);
    display(state.history[state.history.length - 1]);
    save();
    showGraph(state.position, generation);
    followMenu();
    showGame(game.q.split(/\s+/)[0]);
    await proceed(generation);
  } catch (error) {
    clearGame();
    setStatus("error", { error: error.message }, "error");
  }
}

// `work` done for each item, a few at a time (the server gives each request a worker).
async function inBatches(items, work, size = 4) {
  const done = [];
  for (let i = 0; i < items.length; i += size) {
    done.push(...await Promise.all(items.slice(i, i + size).map(work)));
  }
  return done;
}

// A position of the game graph, played as a branch: the game is kept and can be resumed.
async function whatIf(position) {
  if (position === state.position) return;
  if (!state.branch) {
    state.branch = { history: state.history, future: state.future };
  }
  state.generation += 1;
  const generation = state.generation;
  state.history = [];
  state.future = [];
  state.mover = 0;
  state.busy = false;
  try {
    const loaded = await load(position);
    if (generation !== state.generation) return;
    const entry = { mover: null, move: "", position: loaded.moves.position,
                    analysis: loaded.analysis, loaded };
    state.history = [entry];
    state.mover = firstMover();
    display(entry);
    followGraph(generation);
    await proceed(generation);
  } catch (error) {
    setStatus("error", { error: error.message }, "error");
  }
}

function leaveBranch() {
  const kept = state.branch;
  if (!kept) return;
  state.branch = null;
  state.history = kept.history;
  state.future = kept.future;
  resume();
}

function renderSession() {
  $("undo").disabled = state.busy || state.history.length < 2;
  $("redo").disabled = state.busy || !state.future.length;
  $("share").disabled = !state.history.length || Boolean(state.branch);
  const banner = $("branch");
  banner.hidden = !state.branch;
  if (state.branch) {
    $("branch-text").textContent = t("what_if", { position: state.history[0]?.position || "" });
  }
}

function showPasted() {
  const text = $("position").value.trim();
  $("pasted-box").hidden = !PASTED.test(text);
}

// -- what is shown --------------------------------------------------------------------------

function rating(move) {
  if (move.outcome === "D") return "=";
  // After this move the game lasts `remoteness` more moves: this one makes it one more.
  const far = move.remoteness === null ? "" : t(move.outcome === "P" ? "win_in" : "lose_in",
                                               { n: move.remoteness + 1 });
  return far || (move.outcome === "P" ? "+" : "−");
}

function renderMoves() {
  const list = $("moves");
  list.replaceChildren();
  const enabled = !state.busy && !state.over && humanTurn();
  for (const move of state.moves) {
    const button = element("button", { type: "button", "data-testid": "move" },
                           element("span", { class: "what" }, sayMove(move.move)),
                           element("span", { class: "after" }, "→ " + move.position));
    if (state.hint) {
      button.classList.add({ P: "win", N: "lose", D: "draw" }[move.outcome]);
      button.append(element("span", { class: "rating" }, rating(move)));
    }
    button.disabled = !enabled;
    button.addEventListener("click", () => play(move));
    list.append(element("li", {}, button));
  }
  $("legend").hidden = !state.hint;
  renderSession();
  if (state.graph) state.graph.setRated(state.hint);
  $("tables").classList.toggle("unrated", !state.hint);
  state.boards.enabled = enabled;
  state.boards.hint = state.hint;
  state.boards.refresh();
}

function shownValue(analysis) {
  const value = analysis.nim_value;
  if (value === null) return analysis.outcome;
  if (typeof value === "object") return `∞(${value.infinite.join(",")})`;
  return String(value);
}

// "win in 3" / "loss in 2" for the player to move; nothing once the game is over.
function distance(analysis) {
  const far = analysis.remoteness;
  if (far === null || far === undefined || far === 0 || analysis.outcome === "D") return "";
  return t(analysis.outcome === "N" ? "win_in" : "lose_in", { n: far });
}

function describe(analysis) {
  const words = { N: "you_can_win", P: "you_lose", D: "draw" }[analysis.outcome];
  const lines = [t(words)];
  if (analysis.nim_value !== null) lines.push(t("nim_value", { value: shownValue(analysis) }));
  const far = distance(analysis);
  if (far) lines.push(t("remoteness", { n: analysis.remoteness, far }));
  return lines.join("\n");
}

// How a move is made on the picture, in words: "click b1, then c1" or "drag from 1-2 to 1-3".
function howWords(position) {
  const how = state.boards.how(position);
  if (!how) return "";
  if (how.way === "drag") {
    return t("how_drag", { first: how.parts[0], second: how.parts.slice(1).join(", ") });
  }
  return t("how_click", { parts: how.parts.map((p) => (p === "go" ? "✓" : p)).join(t("then")) });
}

function renderAnalysis() {
  const box = $("analysis");
  box.hidden = !state.hint || !state.analysis || state.over;
  if (box.hidden) return;
  const analysis = state.analysis;
  if (!humanTurn()) {
    // The computer's turn: its position, said as its own, not as the person's.
    box.textContent = t({ N: "computer_can_win", P: "computer_loses", D: "draw" }[
      analysis.outcome]);
    return;
  }
  box.replaceChildren(describe(analysis));
  if (analysis.winning_moves.length) {
    box.append("\n" + t("winning_moves"));
    for (const move of analysis.winning_moves.slice(0, 12)) {
      box.append(`\n  ${sayMove(move.move)}  →  ${move.position}`);
      const how = howWords(move.position);
      if (how) box.append(element("span", { class: "how", "data-testid": "how" }, `  (${how})`));
    }
  }
}

// A move's rating for the player who made it: the position after it is rated for the
// player to move there, the other one.
function ratedFor(entry) {
  const analysis = entry.analysis;
  const who = whoName(entry.mover);
  const far = analysis.remoteness;
  if (analysis.outcome === "D") return t("pov_draw", { who });
  if (entry.mover === null) {
    // The start: rated for the player to move.
    if (far === null || far === undefined) return "";
    const mover = whoName(firstMover());
    return t(analysis.outcome === "N" ? "pov_win" : "pov_loss", { who: mover, n: far });
  }
  const wins = analysis.outcome === "P";
  if (far === 0) return t(wins ? "pov_won" : "pov_lost", { who });
  if (far === null || far === undefined) return t(wins ? "pov_winning" : "pov_losing", { who });
  return t(wins ? "pov_win" : "pov_loss", { who, n: far });
}

function whoName(mover) {
  if (mover === null) return "";
  if (state.friend) return t("player", { n: mover + 1 });
  return mover === 0 ? t("you") : t("computer");
}

function renderHistory() {
  const body = $("history");
  body.replaceChildren();
  // Without hints nothing is rated: the values and ratings are left out.
  body.closest("table").classList.toggle("unrated", !state.hint);
  state.history.forEach((entry, number) => {
    body.append(element("tr", { "data-testid": "history-row" },
      element("td", {}, String(number)),
      element("td", { "data-label": t("who") }, whoName(entry.mover)),
      element("td", { "data-label": t("move") }, sayMove(entry.move)),
      element("td", { class: "mono", "data-label": t("after") }, entry.position),
      element("td", { class: "mono rated", "data-label": t("value_after") },
              shownValue(entry.analysis)),
      element("td", { class: "far rated",
                      "data-label": t(number ? "with_perfect_play" : "to_move_perfect") },
              ratedFor(entry))));
  });
}

// A move's words in the language chosen (the games give them in English).
function sayMove(text) {
  if (state.lang === "en" || !state.phrases || !text) return text;
  const within = text.match(new RegExp(state.phrases.within));  // a move in one component
  if (within) return `в ${within[1]}: ${sayMove(within[2])}`;
  let said = text;
  for (const [pattern, words] of state.phrases.moves) {
    said = said.replace(new RegExp(pattern, "g"), words);
  }
  return said;
}

// A drawing with more positions or moves than these is a tangle rather than a graph to read
// (Cram 4x5 two moves deep: 118 positions, 213 moves): the first view keeps to fewer moves.
const READABLE_NODES = 40;
const READABLE_EDGES = 150;

function readable(svgText) {
  const drawing = new DOMParser().parseFromString(svgText, "image/svg+xml");
  return drawing.querySelectorAll("g.node").length <= READABLE_NODES
    && drawing.querySelectorAll("g.edge").length <= READABLE_EDGES;
}

// What a graph collapsed to the positions at most `depth` moves away says of itself.
function near(depth) {
  return depth === 1 ? t("graph_near_one") : t("graph_near", { n: depth });
}

// The line above a collapsed graph, in the language shown: how far it goes, and the button
// that draws one move more while there is more to draw.
function noteGraph() {
  const depth = state.graphDepth;
  if (!depth || state.graphOf === null) return;
  if (state.graphFarther) {
    state.graph.note(near(depth), t("graph_expand"),
                     () => showGraph(state.position, state.generation, depth + 1, true));
  } else {
    state.graph.note(near(depth) + " " + t("graph_no_more"));
  }
}

// The game graph of `text`; a graph too big to draw, or to read, is collapsed to the
// positions at most `depth` moves away (2 at first, 1 when 2 is still too many), with a
// button that draws one move more.
async function showGraph(text, generation, depth = null, expanding = false) {
  const box = $("graph");
  if (!state.canDraw) {
    box.textContent = t("graph_missing", { error: "—" });
    return;
  }
  const params = { q: text, misere: state.misere ? "1" : "0", format: "svg" };
  if (depth) params.depth = depth;
  try {
    const response = await api("graph", params);
    const drawing = await response.text();
    if (generation !== state.generation) return;
    if (!expanding && depth !== 1 && !readable(drawing)) {
      await showGraph(text, generation, depth ? depth - 1 : 2);
      return;
    }
    state.graph.show(drawing);
    state.graphOf = text;
    state.graphDepth = depth;
    state.graphFarther = true;
    noteGraph();
    state.graph.follow(state.position || text);
  } catch (error) {
    if (generation !== state.generation) return;
    if (error.status === 413 && expanding) {
      state.graphFarther = false;
      noteGraph();
    } else if (error.status === 413 && !depth) {
      await showGraph(text, generation, 2);
    } else if (error.status === 413 && depth > 1) {
      await showGraph(text, generation, depth - 1);
    } else {
      state.graphOf = null;
      box.textContent = t("graph_missing", { error: error.message });
    }
  }
}

// After a move: the current position is marked in the whole graph; a collapsed graph is
// drawn again around the position reached.
function followGraph(generation) {
  if (state.graphOf !== null && !state.graphDepth && state.graph.follow(state.position)) return;
  if (state.canDraw && state.moves.length) {
    showGraph(state.position, generation, state.graphDepth || null);
  }
}

// The P/N table and the nim-sequence of single heaps of the game named first in the position.
async function showGame(word) {
  const game = gameOf(word);
  const table = $("table");
  const sequence = $("sequence");
  table.replaceChildren();
  sequence.replaceChildren();
  // Tables and sequences are of heap games: the panel is hidden for the others.
  $("tables").hidden = !game || !game.heap;
  if ($("tables").hidden) return;
  try {
    const misere = state.misere ? "1" : "0";
    const [outcomes, values] = await Promise.all([
      json("table", { game: word, to: 40, misere }),
      json("sequence", { game: word, to: 40, period: 1 }),
    ]);
    state.sequence = values;
    $("plot").replaceChildren(window.sequencePlot(values, t));
    outcomes.outcomes.forEach((outcome, n) => {
      table.append(element("span", { class: outcome }, element("b", {}, String(n)),
                           outcome === "P" ? "-" : "+"));
    });
    values.values.forEach((value, n) => {
      sequence.append(element("span", { class: value === 0 ? "zero" : "" },
                              element("b", {}, String(n)), String(value)));
    });
  } catch (error) {
    table.textContent = t("error", { error: error.message });
  }
}

// -- setting up -----------------------------------------------------------------------------

// A small graph offered when a game on a sent graph is chosen.
const SAMPLE_GRAPH = "a b\nb c\nc d\nd a\nc e\n";

function gameSummary(game) {
  const russian = state.lang === "ru" && state.phrases && state.phrases.games[game.name];
  return `${game.usage} — ${russian || game.summary}`;
}

function fillGames() {
  const select = $("game");
  const chosen = select.value;
  select.replaceChildren(...state.games.map((game) => element("option", { value: game.example },
                                                                gameSummary(game))));
  select.value = chosen || "nim 3 2 1";
}

async function init() {
  const [messages, games, phrases] = await Promise.all([
    (await fetch("/api/messages")).json(),
    json("games", {}),
    (await fetch("/api/phrases")).json(),
  ]);
  state.messages = messages;
  state.phrases = phrases;
  state.games = games.games;
  state.canDraw = games.graph;
  state.graph = new window.GraphView($("graph"), whatIf);
  state.boards = new window.Boards($("boards"), (position) => {
    const move = state.moves.find((m) => m.position === position);
    if (move) play(move);
  }, (position) => state.moves.find((m) => m.position === position),
  (move, hint) => (hint ? `${sayMove(move.move)}  (${rating(move)})` : sayMove(move.move)));
  const saved = window.localStorage.getItem("grundy-lang");
  state.lang = saved || ((navigator.language || "").toLowerCase().startsWith("ru") ? "ru" : "en");
  const select = $("game");
  fillGames();
  select.value = "nim 3 2 1";
  followMenu();
  select.addEventListener("change", () => {
    $("position").value = select.value;
    if (PASTED.test(select.value) && !$("pasted").value.trim()) $("pasted").value = SAMPLE_GRAPH;
    showPasted();
  });
  $("position").addEventListener("input", () => {
    showPasted();
    followMenu();
  });
  $("upload").addEventListener("change", async () => {
    const file = $("upload").files[0];
    if (file) $("pasted").value = (await file.text()).slice(0, 65536);
  });
  $("start").addEventListener("click", start);
  $("position").addEventListener("keydown", (event) => { if (event.key === "Enter") start(); });
  $("hint").addEventListener("click", () => {
    state.hint = !state.hint;
    $("hint").setAttribute("aria-pressed", String(state.hint));
    renderMoves();
    renderAnalysis();
    renderHistory();
  });
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("share").addEventListener("click", async () => {
    const address = link();
    try {
      await navigator.clipboard.writeText(address);
      $("share-note").textContent = t("link_copied");
    } catch (_) {
      $("share-note").textContent = address;
    }
  });
  $("leave").addEventListener("click", leaveBranch);
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.addEventListener("click", () => {
      state.lang = button.dataset.lang;
      window.localStorage.setItem("grundy-lang", state.lang);
      fillGames();
      translate();
    });
  }
  translate();
  renderSession();
  $("graph").textContent = "";
  const game = savedSession();
  if (game && game.q) await restore(game);
}

init().catch((error) => setStatus("error", { error: error.message }, "error"));
