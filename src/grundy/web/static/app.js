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
};

// The computer's move is shown on the picture this long before it is made.
const FLASH = window.matchMedia("(prefers-reduced-motion: reduce)").matches ? 0 : 450;

function t(key, fields = {}) {
  const entry = state.messages[key];
  const text = entry ? (entry[state.lang] || entry.en) : key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in fields ? String(fields[name]) : ""));
}

async function api(path, params) {
  const query = new URLSearchParams(params).toString();
  const response = await fetch(`/api/${path}?${query}`);
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
  if (state.sequence) $("plot").replaceChildren(window.sequencePlot(state.sequence, t));
}

function humanTurn() {
  return state.friend || state.mover === 0;
}

// -- one game -------------------------------------------------------------------------------

async function start() {
  const text = $("position").value.trim();
  state.generation += 1;
  state.misere = $("misere").checked;
  state.friend = $("against").value === "friend";
  state.mover = !state.friend && $("first").value === "computer" ? 1 : 0;
  state.over = false;
  state.history = [];
  state.moves = [];
  state.analysis = null;
  state.boards.clear();
  try {
    await enter(text, null, state.generation);
  } catch (error) {
    state.position = null;
    setStatus("error", { error: error.message }, "error");
    renderMoves();
    renderHistory();
  }
  const word = text.split(/\s+/)[0];
  const game = state.games.find((g) => g.example.split(/\s+/)[0] === word);
  if (game) $("game").value = game.example;
  showGame(word);
}

// Show a new position: its moves, its analysis, its graph; then let the computer move.
async function enter(text, move, generation) {
  state.busy = true;
  renderMoves();
  const misere = state.misere ? "1" : "0";
  const [moves, analysis, picture] = await Promise.all([
    json("moves", { q: text, misere }),
    json("analyze", { q: text, misere }),
    // A position too big to draw is played by the list of moves alone.
    json("picture", { q: text, misere }).catch(() => null),
  ]);
  if (generation !== state.generation) return;
  state.position = moves.position;
  state.moves = moves.moves;
  state.analysis = analysis;
  state.history.push({ mover: move ? move.mover : null, move: move ? move.move : "",
                       position: moves.position, analysis });
  state.busy = false;
  $("current").textContent = moves.position;
  if (picture) state.boards.show(picture);
  else state.boards.clear();
  // On a phone the picture is enough: the moves in words stay folded until asked for.
  $("words").open = !picture || window.innerWidth > 600;
  renderHistory();
  renderAnalysis();
  if (!move) showGraph(moves.position, generation);
  else followGraph(generation);
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
                           element("span", { class: "what" }, move.move),
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

function renderAnalysis() {
  const box = $("analysis");
  box.hidden = !state.hint || !state.analysis || state.over;
  if (box.hidden) return;
  const analysis = state.analysis;
  const lines = [describe(analysis)];
  if (analysis.winning_moves.length) {
    lines.push(t("winning_moves"));
    for (const move of analysis.winning_moves.slice(0, 12)) {
      lines.push(`  ${move.move}  →  ${move.position}`);
    }
  }
  box.textContent = lines.join("\n");
}

function renderHistory() {
  const body = $("history");
  body.replaceChildren();
  state.history.forEach((entry, number) => {
    let who = "";
    if (entry.mover !== null) {
      who = state.friend ? t("player", { n: entry.mover + 1 })
                         : (entry.mover === 0 ? t("you") : t("computer"));
    }
    body.append(element("tr", { "data-testid": "history-row" },
      element("td", {}, String(number)),
      element("td", {}, who),
      element("td", {}, entry.move),
      element("td", { class: "mono" }, entry.position),
      element("td", { class: "mono" }, shownValue(entry.analysis)),
      element("td", { class: "far" }, distance(entry.analysis))));
  });
}

// The game graph of `text`; a graph too big to draw is collapsed to the positions at most
// `depth` moves away (2 at first), with a button that draws one move more.
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
    state.graph.show(drawing);
    state.graphOf = text;
    state.graphDepth = depth;
    if (depth) {
      state.graph.note(t("graph_near", { n: depth }), t("graph_expand"),
                       () => showGraph(state.position, state.generation, depth + 1, true));
    }
    state.graph.follow(state.position || text);
  } catch (error) {
    if (generation !== state.generation) return;
    if (error.status === 413 && expanding) {
      state.graph.note(t("graph_near", { n: depth - 1 }) + " " + t("graph_no_more"));
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
  const game = state.games.find((g) => word === g.name || word.startsWith(g.name + ":"));
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

async function init() {
  const [messages, games] = await Promise.all([
    (await fetch("/api/messages")).json(),
    json("games", {}),
  ]);
  state.messages = messages;
  state.games = games.games;
  state.canDraw = games.graph;
  state.graph = new window.GraphView($("graph"));
  state.boards = new window.Boards($("boards"), (position) => {
    const move = state.moves.find((m) => m.position === position);
    if (move) play(move);
  }, (position) => state.moves.find((m) => m.position === position),
  (move, hint) => (hint ? `${move.move}  (${rating(move)})` : move.move));
  const saved = window.localStorage.getItem("grundy-lang");
  state.lang = saved || ((navigator.language || "").toLowerCase().startsWith("ru") ? "ru" : "en");
  const select = $("game");
  for (const game of state.games) {
    select.append(element("option", { value: game.example }, `${game.usage} — ${game.summary}`));
  }
  select.value = "nim 3 2 1";
  select.addEventListener("change", () => { $("position").value = select.value; });
  $("start").addEventListener("click", start);
  $("position").addEventListener("keydown", (event) => { if (event.key === "Enter") start(); });
  $("hint").addEventListener("click", () => {
    state.hint = !state.hint;
    $("hint").setAttribute("aria-pressed", String(state.hint));
    renderMoves();
    renderAnalysis();
  });
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.addEventListener("click", () => {
      state.lang = button.dataset.lang;
      window.localStorage.setItem("grundy-lang", state.lang);
      translate();
    });
  }
  translate();
  $("graph").textContent = "";
}

init().catch((error) => setStatus("error", { error: error.message }, "error"));
