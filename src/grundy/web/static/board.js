"use strict";
// Pictures of positions, drawn in SVG from /api/picture. No game logic here: every clickable
// part (a target) and which target sets make which move come from the server.

const SVG = "http://www.w3.org/2000/svg";

function svgNode(tag, attributes = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children) node.append(child);
  return node;
}

// A drawn board: its picture data, its SVG, and its targets by name.
class Board {
  constructor(picture, index, handlers) {
    this.picture = picture;
    this.index = index;
    this.handlers = handlers;  // {choose(index, name, extend), describe(targets) -> move}
    this.targets = new Map();
    this.width = 0;
    this.height = 0;
    this.svg = svgNode("svg", { "data-testid": "board", class: `board ${picture.kind}`,
                                role: "group", "aria-label": picture.text });
    this.named = new Set(picture.moves.flatMap((m) => m.targets.flat()));
    (DRAW[picture.kind] || drawNothing)(this, picture);
    this.svg.setAttribute("viewBox", `0 0 ${Math.max(this.width, 1)} ${Math.max(this.height, 1)}`);
    // Drawn larger than its own units up to a readable size (a 4x4 board 480 px wide on a
    // desktop), never wider than the space given (max-width: 100%) nor taller than the screen.
    // The scale of a game's first picture (as shown: at most the width there is room for)
    // is kept through the game: parts keep their size when a board empties or a heap
    // splits into many.
    const scale = handlers.scale(`${index} ${picture.kind}`, () => Math.min(
      Math.min(3, Math.max(1.25, 480 / Math.max(this.width, 1))),
      handlers.room() / Math.max(this.width, 1)));
    const tallest = Math.max(240, window.innerHeight * 0.7);
    const wide = Math.min(this.width * scale, (tallest / Math.max(this.height, 1)) * this.width);
    const least = Math.min(this.width * scale, this.width, 480);  // the height cap's floor
    this.svg.style.width = `${Math.round(Math.max(wide, least))}px`;
  }

  grow(x, y) {
    this.width = Math.max(this.width, x);
    this.height = Math.max(this.height, y);
  }

  // A part of the picture; a target (clickable, focusable) when some move names it.
  part(name, shape, label = name) {
    if (!this.named.has(name)) return shape;
    const group = svgNode("g", { "data-testid": "target", "data-target": name, class: "target",
                                 tabindex: "0", role: "button", "aria-label": label },
                          shape, svgNode("title", {}, label));
    group.addEventListener("click", () => {
      if (!this.handlers.pressedLong(group)) this.handlers.choose(this.index, name, false);
    });
    group.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        this.handlers.choose(this.index, name, event.shiftKey);
      } else if (ARROWS[event.key]) {
        event.preventDefault();
        this.handlers.step(group, ARROWS[event.key]);
      }
    });
    // A drag from one target to another is the two clicks of a two-part move.
    group.addEventListener("pointerdown", (event) => {
      this.handlers.dragFrom = { index: this.index, name };
      if (event.pointerType !== "mouse") {
        this.handlers.pressStart(group);  // a long press tells what the part does
        // A touch is captured by the part it starts on; released, a drag can end elsewhere.
        if (group.hasPointerCapture(event.pointerId)) group.releasePointerCapture(event.pointerId);
      }
    });
    this.targets.set(name, group);
    return group;
  }
}

function drawNothing(board, picture) {
  board.svg.append(svgNode("text", { x: 4, y: 16 }, picture.text));
  board.grow(200, 24);
}

const STONE = 30;
// Arrow keys move the focus between targets: the nearest one that way.
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function drawHeaps(board, picture) {
  // Rows of stones (or pins), 15 to a line; gaps between them split a heap.
  const pins = picture.kind === "pins";
  const perLine = 15;
  let y = 6;
  picture.heaps.forEach((n, h) => {
    const heap = h + 1;
    board.svg.append(svgNode("text", { x: 4, y: y + STONE / 2 + 5, class: "label" }, String(n)));
    for (let k = 1; k <= n; k += 1) {
      const line = Math.floor((k - 1) / perLine);
      const x = 34 + ((k - 1) % perLine) * STONE;
      const cy = y + line * (STONE + 6) + STONE / 2;
      const shape = pins
        ? svgNode("g", {}, svgNode("ellipse", { cx: x + STONE / 2, cy, rx: 8, ry: 13,
                                                 class: "pin" }),
                  svgNode("circle", { cx: x + STONE / 2, cy: cy - 9, r: 4, class: "pin-head" }))
        : svgNode("circle", { cx: x + STONE / 2, cy, r: STONE / 2 - 3, class: "stone" });
      const taken = n - k + 1;
      const label = pins ? `${heap}-${k}` : `${heap}-${k}: −${taken}`;
      board.svg.append(board.part(`${heap}-${k}`, shape, label));
      if (!pins && board.named.has(`${heap}-${k}`) && picture.game !== "nim") {
        board.svg.append(svgNode("text", { x: x + STONE / 2, y: cy + 4, class: "amount" },
                                 `−${taken}`));
      }
      if (picture.gaps && k < n && (k % perLine) !== 0) {
        const gap = svgNode("rect", { x: x + STONE - 4, y: cy - STONE / 2, width: 8,
                                      height: STONE, class: "gap" });
        board.svg.append(board.part(`${heap}-g${k}`, gap, `${heap}: ${k} | ${n - k}`));
      }
      board.grow(x + STONE + 4, cy + STONE / 2 + 4);
    }
    if (picture.pool) {  // the slot that adds tokens from the pool to this heap
      const x = 34 + Math.min(n, perLine) * STONE + 6;
      const slot = svgNode("g", {},
        svgNode("rect", { x, y: y + 2, width: STONE - 4, height: STONE - 4, rx: 6, class: "slot" }),
        svgNode("text", { x: x + STONE / 2 - 2, y: y + STONE / 2 + 5, class: "label middle" }, "+"));
      board.svg.append(board.part(`${heap}-add`, slot, `${heap}: +`));
      board.grow(x + STONE + 4, y + STONE + 4);
    }
    y += Math.max(1, Math.ceil(n / perLine)) * (STONE + 6) + 8;
    board.grow(40, y);
  });
  if (picture.pool) {
    board.svg.append(svgNode("text", { x: 4, y: y + STONE / 2 + 5, class: "label" }, "⊕"));
    for (let k = 1; k <= picture.pool; k += 1) {
      const x = 34 + (k - 1) * STONE;
      const token = svgNode("g", {},
        svgNode("circle", { cx: x + STONE / 2, cy: y + STONE / 2, r: STONE / 2 - 3, class: "pool" }),
        svgNode("text", { x: x + STONE / 2, y: y + STONE / 2 + 4, class: "amount" }, `+${k}`));
      board.svg.append(board.part(`p${k}`, token, `+${k}`));
      board.grow(x + STONE + 4, y + STONE + 4);
    }
    y += STONE + 8;
  }
  if (picture.go) drawGo(board, 34, y);
}

// The button that makes a move of several parts chosen (Moore's Nim, mock turtles).
function drawGo(board, x, y) {
  const button = svgNode("g", {},
    svgNode("rect", { x, y, width: 64, height: 30, rx: 6, class: "go" }),
    svgNode("text", { x: x + 32, y: y + 20, class: "label middle go-label" }, "✓"));
  board.svg.append(board.part("go", button, "✓"));
  board.grow(x + 70, y + 36);
}

function drawQueen(board, picture) {
  // The quarter board: column a, row b is the queen (the heaps a and b); 0 0 the corner.
  const [a, b] = picture.heaps;
  const left = 26;
  for (let y = b; y >= 0; y -= 1) {
    const top = (b - y) * CELL;
    board.svg.append(svgNode("text", { x: 4, y: top + CELL / 2 + 5, class: "label" }, String(y)));
    for (let x = 0; x <= a; x += 1) {
      const dark = (x + y) % 2 === 0;
      const shape = svgNode("g", {}, svgNode("rect", { x: left + x * CELL, y: top, width: CELL,
        height: CELL, class: `cell chess ${dark ? "dark" : "light"}` }));
      if (x === a && y === b) {
        shape.append(svgNode("text", { x: left + x * CELL + CELL / 2, y: top + CELL / 2 + 10,
                                       class: "queen" }, "♛"));
      }
      if (x === 0 && y === 0) shape.append(svgNode("circle", { cx: left + CELL / 2,
        cy: top + CELL / 2, r: 5, class: "corner" }));
      board.svg.append(board.part(`${x}-${y}`, shape, `${x} ${y}`));
    }
  }
  for (let x = 0; x <= a; x += 1) {
    board.svg.append(svgNode("text", { x: left + x * CELL + CELL / 2, y: (b + 1) * CELL + 16,
                                       class: "label middle" }, String(x)));
  }
  // The two heaps beside the board.
  const side = left + (a + 1) * CELL + 24;
  [a, b].forEach((n, i) => {
    const x = side + i * 40;
    board.svg.append(svgNode("text", { x: x + 12, y: (b + 1) * CELL + 16, class: "label middle" },
                             String(n)));
    const step = Math.min(14, ((b + 1) * CELL - 8) / Math.max(n, 1));
    for (let k = 0; k < n; k += 1) {
      board.svg.append(svgNode("circle", { cx: x + 12, cy: (b + 1) * CELL - 8 - k * step, r: 6,
                                           class: "stone" }));
    }
  });
  board.grow(side + 84, (b + 1) * CELL + 22);
}

function drawStairs(board, picture) {
  // Step s (from 1) is s blocks high; its coins are stacked on it, coin 1 at the bottom.
  const width = 66;
  const high = 26;
  const per = 3;
  const steps = picture.steps;
  const top = Math.max(...steps.map((n, s) => (s + 1) * high + Math.ceil(n / per) * 20), 40) + 12;
  steps.forEach((n, s) => {
    const x = 24 + s * width;
    board.svg.append(svgNode("rect", { x, y: top - (s + 1) * high, width, height: (s + 1) * high,
                                       class: "step" }));
    board.svg.append(svgNode("text", { x: x + width / 2, y: top + 16, class: "label middle" },
                             String(s + 1)));
    for (let k = 1; k <= n; k += 1) {
      const cx = x + 13 + ((k - 1) % per) * 20;
      const cy = top - (s + 1) * high - 10 - Math.floor((k - 1) / per) * 20;
      const moved = n - k + 1;
      board.svg.append(board.part(`${s + 1}-${k}`,
        svgNode("circle", { cx, cy, r: 9, class: "coin head" }), `${s + 1}: ${moved} ↓`));
    }
  });
  board.svg.append(svgNode("line", { x1: 0, y1: top, x2: 24 + steps.length * width + 8, y2: top,
                                     class: "ground" }));
  board.grow(24 + Math.max(steps.length, 1) * width + 12, top + 22);
}

function drawNorthcott(board, picture) {
  picture.rows.forEach((row, r) => {
    const y = r * (CELL + 8);
    board.svg.append(svgNode("text", { x: 4, y: y + CELL / 2 + 5, class: "label" }, String(r + 1)));
    [...row].forEach((cell, c) => {
      const x = 22 + c * CELL;
      const shape = svgNode("g", {}, svgNode("rect", { x, y, width: CELL, height: CELL,
                                                        class: "cell checkers" }));
      if (cell !== ".") {
        shape.append(svgNode("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL / 2 - 6,
                                         class: cell === "W" ? "white-man" : "black-man" }));
      }
      board.svg.append(board.part(`${r + 1}-${c + 1}`, shape, `${r + 1}-${c + 1}`));
      board.grow(x + CELL + 4, y + CELL + 4);
    });
  });
}

function drawCoins(board, picture) {
  // One row: coins named 1, 2, ... from the left; a grid: r-c, top row first.
  const size = 38;
  const single = picture.rows.length === 1;
  picture.rows.forEach((row, r) => {
    [...row].forEach((coin, c) => {
      const x = 8 + c * size;
      const y = 22 + r * size;
      const name = single ? String(c + 1) : `${r + 1}-${c + 1}`;
      const shape = svgNode("g", {},
        svgNode("circle", { cx: x + size / 2, cy: y + size / 2, r: size / 2 - 3,
                            class: `coin ${coin === "H" ? "head" : "tail"}` }),
        svgNode("text", { x: x + size / 2, y: y + size / 2 + 5, class: "label middle" }, coin));
      board.svg.append(board.part(name, shape, `${name}: ${coin}`));
      if (r === 0) board.svg.append(svgNode("text", { x: x + size / 2, y: 14,
                                                      class: "label middle" }, String(c + 1)));
      board.grow(x + size + 6, y + size + 6);
    });
  });
  if (picture.go) drawGo(board, 8, 22 + picture.rows.length * size + 8);
}

function drawKaylesGraph(board, picture) {
  // Nodes where the server placed them (unit square), spaced for a readable label.
  const nodes = picture.nodes;
  let nearest = 1;
  for (let i = 0; i < nodes.length; i += 1) {
    for (let j = i + 1; j < nodes.length; j += 1) {
      const d = Math.hypot(nodes[i].x - nodes[j].x, nodes[i].y - nodes[j].y);
      if (d > 1e-6) nearest = Math.min(nearest, d);
    }
  }
  const span = Math.min(1400, Math.max(220, 46 / nearest));
  const pad = 22;
  const where = new Map(nodes.map((n) => [n.name, [pad + n.x * span, pad + n.y * span]]));
  const here = new Set(nodes.filter((n) => n.in).map((n) => n.name));
  for (const [a, b] of picture.edges) {
    const [x1, y1] = where.get(a);
    const [x2, y2] = where.get(b);
    const live = here.has(a) && here.has(b);
    board.svg.append(svgNode("line", { x1, y1, x2, y2, class: live ? "edge" : "edge gone" }));
  }
  for (const node of nodes) {
    const [x, y] = where.get(node.name);
    const shape = svgNode("g", {},
      svgNode("circle", { cx: x, cy: y, r: 15, class: node.in ? "node" : "node gone" }),
      svgNode("text", { x, y: y + 4, class: "label middle small" }, node.name));
    board.svg.append(node.in ? board.part(node.name, shape) : shape);
    board.grow(x + pad, y + pad);
  }
}

function ring(cx, cy, radius, count, k) {
  const angle = (2 * Math.PI * k) / count - Math.PI / 2;
  return [cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)];
}

// Each heap as a ring of parts side by side: `draw(cx, cy, radius, n, h)` draws one.
function drawRings(board, picture, size, draw) {
  let x = 0;
  picture.heaps.forEach((n, h) => {
    const radius = size(n);
    const margin = 24;
    draw(x + radius + margin, radius + margin, radius, n, h + 1);
    x += 2 * radius + 2 * margin;
    board.grow(x, 2 * radius + 2 * margin);
  });
}

function drawPetals(board, picture) {
  drawRings(board, picture, (n) => 40 + 4 * n, (cx, cy, radius, n, heap) => {
    for (let k = 1; k <= n; k += 1) {
      const [px, py] = ring(cx, cy, radius * 0.62, n, k - 1);
      const degrees = (360 * (k - 1)) / n;
      const petal = svgNode("ellipse", { cx: px, cy: py, rx: 9 + 40 / n, ry: radius * 0.36,
                                         transform: `rotate(${degrees} ${px} ${py})`,
                                         class: "petal" });
      board.svg.append(board.part(`${heap}-${k}`, petal));
    }
    board.svg.append(svgNode("circle", { cx, cy, r: radius * 0.28, class: "centre" }));
  });
}

function drawCircle(board, picture) {
  drawRings(board, picture, (n) => 50 + 5 * n, (cx, cy, radius, n, heap) => {
    board.svg.append(svgNode("circle", { cx, cy, r: radius, class: "rim" }));
    for (let k = 1; k <= n; k += 1) {
      const [px, py] = ring(cx, cy, radius, n, k - 1);
      board.svg.append(board.part(`${heap}-${k}`,
                                  svgNode("circle", { cx: px, cy: py, r: 9, class: "point" })));
    }
  });
}

function columnName(c) {
  let letters = "";
  let n = c + 1;
  while (n) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(97 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

const CELL = 40;
const PIECES = { K: "♚", B: "♝" };

function drawGrid(board, picture) {
  const { rows, cols, cells, style } = picture;
  const left = 22;
  for (let i = 0; i < rows; i += 1) {
    const row = rows - 1 - i;
    board.svg.append(svgNode("text", { x: 6, y: i * CELL + CELL / 2 + 5, class: "label" },
                             String(row + 1)));
    for (let c = 0; c < cols; c += 1) {
      const cell = cells[i][c];
      if (cell === " ") continue;
      const name = `${columnName(c)}${row + 1}`;
      const x = left + c * CELL;
      const y = i * CELL;
      const dark = (row + c) % 2 === 0;
      const classes = ["cell", style, cell === "." ? "free" : "used"];
      if (style === "chess") classes.push(dark ? "dark" : "light");
      if (style === "chomp" && row === 0 && c === 0) classes.push("poison");
      const square = svgNode("rect", { x, y, width: CELL, height: CELL, class: classes.join(" ") });
      const shape = svgNode("g", {}, square);
      if (style === "checkers" && cell === ".") {
        shape.append(svgNode("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL / 2 - 6,
                                         class: "checker" }));
      }
      if (PIECES[cell]) {  // a king or bishop put on this cell
        shape.append(svgNode("text", { x: x + CELL / 2, y: y + CELL / 2 + 9, class: "glyph" },
                             PIECES[cell]));
      }
      if (style === "chomp" && row === 0 && c === 0) {
        shape.append(svgNode("text", { x: x + CELL / 2, y: y + CELL / 2 + 6, class: "skull" },
                             "☠"));
      }
      board.svg.append(board.part(name, shape));
    }
  }
  // A chocolate bar's breaks so far: segments between grid points, counted from bottom left.
  for (const [r1, c1, r2, c2] of picture.breaks || []) {
    board.svg.append(svgNode("line", { x1: left + c1 * CELL, y1: (rows - r1) * CELL,
                                       x2: left + c2 * CELL, y2: (rows - r2) * CELL,
                                       class: "break" }));
  }
  for (let c = 0; c < cols; c += 1) {
    board.svg.append(svgNode("text", { x: left + c * CELL + CELL / 2, y: rows * CELL + 16,
                                       class: "label middle" }, columnName(c)));
  }
  board.grow(left + cols * CELL + 4, rows * CELL + 22);
}

function drawBar(board, picture) {
  const size = 30;
  let x = 4;
  picture.pieces.forEach(([a, b], p) => {
    const piece = p + 1;
    board.svg.append(svgNode("rect", { x, y: 4, width: b * size, height: a * size, rx: 3,
                                       class: "piece" }));
    for (let r = 1; r < a; r += 1) {
      const groove = svgNode("g", {},
        svgNode("rect", { x, y: 4 + r * size - 6, width: b * size, height: 12, class: "hit" }),
        svgNode("line", { x1: x, y1: 4 + r * size, x2: x + b * size, y2: 4 + r * size,
                          class: "groove" }));
      board.svg.append(board.part(`${piece}-r${r}`, groove, `${piece}: ${r}|${a - r} × ${b}`));
    }
    for (let c = 1; c < b; c += 1) {
      const groove = svgNode("g", {},
        svgNode("rect", { x: x + c * size - 6, y: 4, width: 12, height: a * size, class: "hit" }),
        svgNode("line", { x1: x + c * size, y1: 4, x2: x + c * size, y2: 4 + a * size,
                          class: "groove" }));
      board.svg.append(board.part(`${piece}-c${c}`, groove, `${piece}: ${a} × ${c}|${b - c}`));
    }
    x += b * size + 16;
    board.grow(x, a * size + 8);
  });
}

function drawPolygon(board, picture) {
  const n = picture.vertices.length;
  const radius = 60 + 6 * n;
  // Room around the ring for the labels outside it ("3 +", "10 x"), on every side.
  const cx = radius + 44;
  const cy = radius + 36;
  const at = (k) => ring(cx, cy, radius, n, k);
  const outline = picture.vertices.map((_, k) => at(k).join(",")).join(" ");
  board.svg.append(picture.round  // points on a circle (chords), or a polygon's corners
    ? svgNode("circle", { cx, cy, r: radius, class: "outline" })
    : svgNode("polygon", { points: outline, class: "outline" }));
  for (const [i, j] of picture.diagonals) {
    const [x1, y1] = at(i);
    const [x2, y2] = at(j);
    board.svg.append(svgNode("line", { x1, y1, x2, y2, class: "diagonal" }));
  }
  picture.vertices.forEach((label, k) => {
    const [x, y] = at(k);
    const [lx, ly] = ring(cx, cy, radius + 16, n, k);
    // A label beside the ring reads outward from its point, never over it.
    const side = lx > cx + 4 ? "" : lx < cx - 4 ? " end" : " middle";
    board.svg.append(svgNode("text", { x: lx, y: ly + 4, class: `label${side}` },
                             `${k + 1}${label === "o" ? "" : " " + label}`));
    board.svg.append(board.part(String(k + 1),
                                svgNode("circle", { cx: x, cy: y, r: 9,
                                                    class: `point ${label === "x" ? "full" : ""}` })));
  });
  board.grow(2 * radius + 88, 2 * radius + 72);
}

function drawCube(board, picture) {
  const [p, q] = picture.size;
  const size = 32;
  let x = 4;
  picture.layers.forEach((layer, z) => {
    board.svg.append(svgNode("text", { x, y: 14, class: "label" }, `z=${z + 1}`));
    layer.forEach((line, i) => {
      const y = q - i;
      for (let cx = 0; cx < p; cx += 1) {
        const name = `${cx + 1}-${y}-${z + 1}`;
        const square = svgNode("rect", { x: x + cx * size, y: 20 + i * size, width: size - 3,
                                          height: size - 3, rx: 4,
                                          class: `cube ${line[cx] === "." ? "free" : "used"}` });
        board.svg.append(board.part(name, square));
      }
    });
    x += p * size + 20;
    board.grow(x, 24 + q * size);
  });
}

function drawNumbers(board, picture) {
  const [a, b] = picture.numbers;
  board.svg.append(svgNode("text", { x: 10, y: 40, class: "big" }, String(a)));
  board.svg.append(svgNode("text", { x: 90, y: 40, class: "big larger" }, String(b)));
  const size = 34;
  const perLine = 10;
  // The numbers that may replace the larger: the natural numbers below it (from 1).
  for (let c = 1; c < b; c += 1) {
    const x = 10 + ((c - 1) % perLine) * size;
    const y = 60 + Math.floor((c - 1) / perLine) * size;
    const tile = svgNode("g", {},
      svgNode("rect", { x, y, width: size - 4, height: size - 4, rx: 4, class: "tile" }),
      svgNode("text", { x: x + (size - 4) / 2, y: y + 20, class: "label middle" }, String(c)));
    board.svg.append(board.part(String(c), tile, `${b} → ${c}`));
    board.grow(x + size, y + size);
  }
  board.grow(180, 60);
}

function drawGraph(board, picture) {
  const radius = 70 + 10 * picture.nodes.length;
  const centre = radius + 40;
  const where = new Map(picture.nodes.map((node) => [node.name,
    [centre + radius * node.x, centre + radius * node.y]]));
  board.svg.append(svgNode("defs", {}, svgNode("marker", {
    id: `arrow${board.index}`, viewBox: "0 0 10 10", refX: 19, refY: 5, markerWidth: 6,
    markerHeight: 6, orient: "auto" }, svgNode("path", { d: "M0,0 L10,5 L0,10 z" }))));
  for (const [from, to] of picture.edges) {
    const [x1, y1] = where.get(from);
    const [x2, y2] = where.get(to);
    board.svg.append(svgNode("line", { x1, y1, x2, y2, class: "edge",
                                       "marker-end": `url(#arrow${board.index})` }));
  }
  for (const node of picture.nodes) {
    const [x, y] = where.get(node.name);
    const shape = svgNode("g", {},
      svgNode("circle", { cx: x, cy: y, r: 14, class: `node ${node.tokens ? "token" : ""}` }),
      svgNode("text", { x, y: y + 4, class: "label middle" },
              node.tokens > 1 ? `${node.name}×${node.tokens}` : node.name));
    board.svg.append(board.part(node.name, shape));
  }
  board.grow(2 * centre, 2 * centre);
}

const DRAW = {
  heaps: drawHeaps, pins: drawHeaps, petals: drawPetals, circle: drawCircle, grid: drawGrid,
  bar: drawBar, polygon: drawPolygon, cube: drawCube, numbers: drawNumbers, graph: drawGraph,
  queen: drawQueen, stairs: drawStairs, northcott: drawNorthcott, coins: drawCoins,
  "kayles-graph": drawKaylesGraph,
};

// -- choosing a move by its targets ---------------------------------------------------------

function sameSet(a, b) {
  return a.length === b.length && a.every((name) => b.includes(name));
}

// The boards of one position and the targets chosen so far.
class Boards {
  constructor(container, onMove, moveOf, says) {
    this.container = container;
    this.onMove = onMove;    // called with the position text of the move made
    this.moveOf = moveOf;    // position text -> the move of /api/moves (for hints)
    this.says = says;        // a move of /api/moves -> its words (and, with hints, its rating)
    this.boards = [];
    this.chosen = null;      // {index, names}
    this.scales = new Map(); // the drawing scale of each component (index and kind) in a game
    this.enabled = false;
    this.hint = false;
    this.dragFrom = null;
    this.pressTimer = null;
    this.pressed = null;     // the target of a long press, whose click is then ignored
    this.note = document.createElement("div");
    this.note.className = "press-note";
    this.note.setAttribute("role", "status");
    document.addEventListener("pointerup", (event) => this.dropped(event));
    document.addEventListener("pointercancel", () => clearTimeout(this.pressTimer));
  }

  pressStart(group) {
    clearTimeout(this.pressTimer);
    this.pressed = null;
    this.pressTimer = setTimeout(() => {
      this.pressed = group;
      this.note.textContent = group.querySelector("title").textContent;
    }, 500);
  }

  pressedLong(group) {
    const was = this.pressed === group;
    this.pressed = null;
    return was;
  }

  show(pictures) {
    this.chosen = null;
    this.boards = pictures.components.map((picture, index) => new Board(picture, index, this));
    this.container.replaceChildren(...this.boards.map((board) => {
      const figure = document.createElement("figure");
      const caption = document.createElement("figcaption");
      caption.textContent = board.picture.text;
      figure.append(board.svg, caption);
      return figure;
    }), this.note);
    this.note.textContent = "";
    this.refresh();
  }

  // The width the pictures have room for, in pixels.
  room() {
    return this.container.clientWidth || Infinity;
  }

  // The scale a component is drawn at: the one of its first picture in this game.
  scale(key, first) {
    if (!this.scales.has(key)) this.scales.set(key, first());
    return this.scales.get(key);
  }

  // A new game: nothing drawn, and the next pictures choose their scales again.
  clear() {
    this.boards = [];
    this.scales.clear();
    this.chosen = null;
    this.container.replaceChildren();
  }

  // The moves of board `index` whose target sets contain `names`.
  matching(index, names) {
    const found = [];
    for (const move of this.boards[index].picture.moves) {
      for (const targets of move.targets) {
        if (names.every((name) => targets.includes(name))) found.push([move, targets]);
      }
    }
    return found;
  }

  choose(index, name, extend) {
    if (!this.enabled) return;
    let names = this.chosen && this.chosen.index === index ? this.chosen.names : [];
    if (names.includes(name)) {
      names = names.filter((n) => n !== name);
      if (!extend && names.length === 0) {
        // A second click on the one chosen target makes its move alone, when it has one.
        const alone = this.matching(index, [name]).find(([, t]) => t.length === 1);
        if (alone) { this.make(alone[0]); return; }
      }
    } else {
      names = [...names, name];
    }
    let found = this.matching(index, names);
    if (found.length === 0 && names.length > 1) {
      names = [name];  // a new start
      found = this.matching(index, names);
    }
    const exact = found.find(([, targets]) => sameSet(targets, names));
    if (exact && !extend) {
      this.make(exact[0]);
      return;
    }
    this.chosen = names.length && found.length ? { index, names } : null;
    this.refresh();
  }

  dropped(event) {
    clearTimeout(this.pressTimer);
    const from = this.dragFrom;
    this.dragFrom = null;
    if (!from || !this.enabled) return;
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const group = under && under.closest("[data-testid=target]");
    if (!group || !this.boards[from.index].svg.contains(group)) return;
    const name = group.dataset.target;
    if (name === from.name) return;  // a plain click: the click handler has it
    this.chosen = null;
    this.choose(from.index, from.name, true);
    this.choose(from.index, name, false);
  }

  // Focus the nearest target from `group` in the direction [dx, dy] (arrow keys).
  step(group, [dx, dy]) {
    const centre = (node) => {
      const box = node.getBoundingClientRect();
      return [box.left + box.width / 2, box.top + box.height / 2];
    };
    const [x, y] = centre(group);
    let best = null;
    let bestScore = Infinity;
    for (const board of this.boards) {
      for (const other of board.targets.values()) {
        if (other === group) continue;
        const [ox, oy] = centre(other);
        const along = (ox - x) * dx + (oy - y) * dy;
        if (along <= 1) continue;
        const across = Math.abs((ox - x) * dy) + Math.abs((oy - y) * dx);
        const score = along + 2 * across;
        if (score < bestScore) { best = other; bestScore = score; }
      }
    }
    if (best) best.focus();
  }

  // How the move to `position` is made on the pictures: its parts in the order to click,
  // and "click" (one after the other) or "drag" (the first part alone is a move of its own,
  // so a click on it would make that move).
  how(position) {
    for (const board of this.boards) {
      const move = board.picture.moves.find((m) => m.position === position);
      if (!move) continue;
      const singles = new Set(board.picture.moves.flatMap((m) => m.targets)
        .filter((set) => set.length === 1).map((set) => set[0]));
      let best = null;
      for (const set of move.targets) {
        const parts = set.includes("go") ? [...set.filter((n) => n !== "go"), "go"] : [...set];
        if (parts.length === 1) return { parts, way: "click" };
        const free = parts.findIndex((n) => !singles.has(n));
        if (free >= 0 && !set.includes("go")) {
          [parts[0], parts[free]] = [parts[free], parts[0]];
          return { parts, way: "click" };
        }
        if (set.includes("go")) return { parts, way: "click" };
        best = best || { parts, way: "drag" };
      }
      return best;
    }
    return null;
  }

  make(move) {
    this.chosen = null;
    this.refresh();
    this.onMove(move.position);
  }

  // Marks the targets: enabled or not, chosen, candidates, and with hints their outcome.
  refresh() {
    this.boards.forEach((board, index) => {
      board.svg.classList.toggle("enabled", this.enabled);
      const chosen = this.chosen && this.chosen.index === index ? this.chosen.names : [];
      const outcomes = new Map();
      const candidates = new Set();
      const completes = new Map();
      const mayWin = new Set();
      for (const [move, targets] of this.matching(index, chosen)) {
        const rest = targets.filter((t) => !chosen.includes(t));
        if (chosen.length) rest.forEach((t) => candidates.add(t));
        // A hint shows on the target that completes a move: alone, or after those chosen.
        const known = this.moveOf(move.position);
        if (known && rest.length === 1) {
          outcomes.set(rest[0], known.outcome);
          completes.set(rest[0], known);
        } else if (known && known.outcome === "P") {
          // A part of a winning move of several parts: marked even where the part alone
          // makes another move (a pin of Kayles), whose own rating is then in its title.
          rest.filter((t) => t !== "go").forEach((t) => mayWin.add(t));
        }
      }
      for (const [name, group] of board.targets) {
        group.classList.toggle("chosen", chosen.includes(name));
        group.classList.toggle("candidate", candidates.has(name));
        group.setAttribute("aria-pressed", String(chosen.includes(name)));
        for (const kind of ["win", "lose", "draw", "may-win"]) group.classList.remove(kind);
        if (this.hint && mayWin.has(name)) group.classList.add("may-win");
        const outcome = outcomes.get(name);
        if (this.hint && outcome && !(mayWin.has(name) && outcome !== "P")) {
          group.classList.add({ P: "win", N: "lose", D: "draw" }[outcome]);
        }
        // Hovering (or a long press) shows the move the target makes, rated with hints on.
        const move = completes.get(name);
        group.querySelector("title").textContent = move ? this.says(move, this.hint)
                                                        : group.getAttribute("aria-label");
      }
    });
  }

  // Flashes the targets of the move to `position` (the computer's move) before it is made.
  async flash(position, milliseconds) {
    for (const board of this.boards) {
      const move = board.picture.moves.find((m) => m.position === position);
      if (!move) continue;
      for (const name of move.targets[0]) board.targets.get(name)?.classList.add("played");
    }
    await new Promise((done) => setTimeout(done, milliseconds));
  }
}

// The nim-sequence of /api/sequence (with its period) as a plot: value against heap size,
// each period's start marked, and the periodic part shaded when the period is proved; what
// is known of the period in words under it.
function sequencePlot(report, t) {
  const values = report.values;
  const step = 12;
  const high = Math.max(1, ...values);
  const unit = Math.min(18, 140 / high);
  const left = 28;
  const top = 8;
  const width = left + values.length * step + 8;
  const height = top + high * unit + 22;
  const y = (v) => top + (high - v) * unit;
  const plot = svgNode("svg", { class: "plot",
                                viewBox: `0 0 ${width} ${height}`, role: "img",
                                "aria-label": `${report.game}: ${values.join(" ")}` });
  const period = report.period;
  if (period) {
    const start = left + period.preperiod * step;
    // Shaded only where a theorem proves the period; a regularity seen is only marked.
    if (period.certified) {
      plot.append(svgNode("rect", { x: start, y: top, width: width - 8 - start,
                                    height: high * unit, class: "periodic" }));
    }
    for (let n = period.preperiod; n < values.length; n += period.period) {
      plot.append(svgNode("line", { x1: left + n * step, x2: left + n * step, y1: top,
                                    y2: top + high * unit, class: "period-start" }));
    }
  }
  for (let v = 0; v <= high; v += Math.max(1, Math.ceil(high / 6))) {
    plot.append(svgNode("text", { x: left - 6, y: y(v) + 4, class: "axis end" }, String(v)));
  }
  for (let n = 0; n < values.length; n += 5) {
    plot.append(svgNode("text", { x: left + n * step + step / 2, y: top + high * unit + 14,
                                  class: "axis middle" }, String(n)));
  }
  const points = values.map((v, n) => `${left + n * step + step / 2},${y(v)}`).join(" ");
  plot.append(svgNode("polyline", { points, class: "trace" }));
  values.forEach((v, n) => {
    plot.append(svgNode("circle", { cx: left + n * step + step / 2, cy: y(v), r: 3,
                                    class: v === 0 ? "dot zero" : "dot" },
                        svgNode("title", {}, `${n}: ${v}`)));
  });
  // What is known of a period is said under the plot in the page's own type: drawn in the
  // plot, it would shrink with it to a few pixels on a phone.
  const figure = document.createElement("figure");
  figure.setAttribute("data-testid", "plot");
  figure.className = "sequence-plot";
  const caption = document.createElement("figcaption");
  caption.textContent = periodWords(report, t);
  figure.append(plot, caption);
  return figure;
}

// What the values plotted show of a period: a period named as one only when proved (and
// by what), a regularity only seen said as seen, in these heaps; an arithmetic one (values
// growing by a saltus) as its rule, never as a bare period.
function periodWords(report, t) {
  const period = report.period;
  if (!period) return t("plot_no_period");
  const start = period.preperiod;
  const rule = `G(n + ${period.period}) = G(n)${period.saltus ? ` + ${period.saltus}` : ""}`;
  if (!period.certified) return t("plot_seen", { last: report.values.length - 1, rule, start });
  const claim = period.saltus ? t("plot_arithmetic", { rule, start })
                              : t("plot_period", { period: period.period, start });
  return `${claim} (${t("plot_proved", { by: period.by })})`;
}

window.Boards = Boards;
window.sequencePlot = sequencePlot;
