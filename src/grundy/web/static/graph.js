"use strict";
// The game graph (SVG drawn by the server's Graphviz) shown inline. The first view is the
// current position and its options at a readable size; the whole graph is one click away
// (the ⤢ button). Zoomed with the wheel or the buttons, panned by dragging, never beyond the
// drawing. Each node is a button (click, or Tab and Enter) that jumps to its position.

// Labels are 12 units high in Graphviz's drawing: at most this many units per pixel keeps
// them at least 11 px high.
const READABLE = 12 / 11;
// ... and at least this many keeps them at most 18 px high.
const CLOSEST = 12 / 18;

class GraphView {
  constructor(box, onNode = null) {
    this.box = box;
    this.onNode = onNode;  // called with a node's position text
    this.svg = null;
    this.frame = null;
    this.full = null;    // the whole drawing's viewBox [x, y, width, height]
    this.view = null;    // the part shown
    this.drag = null;
    this.rated = true;
    this.current = null; // the node of the current position
    this.panned = false; // the last press dragged the view: its click picks no node
  }

  show(text) {
    const drawing = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
    const svg = document.importNode(drawing, true);
    this.full = svg.getAttribute("viewBox").split(/\s+/).map(Number);
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    svg.classList.add("game-graph");
    this.svg = svg;
    this.view = [...this.full];
    this.current = null;
    this.markRatings();
    const frame = document.createElement("div");
    frame.className = "graph-frame";
    frame.append(svg);
    this.frame = frame;
    const tools = document.createElement("div");
    tools.className = "graph-tools";
    for (const [label, key, action] of [["+", "zoom_in", () => this.zoom(0.7)],
                                        ["−", "zoom_out", () => this.zoom(1 / 0.7)],
                                        ["⤢", "fit", () => this.fit()],
                                        ["◎", "near", () => this.near()]]) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = label;
      button.dataset.zoom = key;
      button.title = key === "fit" ? "whole graph" : key === "near" ? "around the position" : key;
      button.addEventListener("click", action);
      tools.append(button);
    }
    this.box.replaceChildren(tools, frame);
    frame.addEventListener("wheel", (event) => {
      event.preventDefault();
      this.zoom(event.deltaY > 0 ? 1.15 : 1 / 1.15, this.point(event));
    }, { passive: false });
    frame.addEventListener("pointerdown", (event) => {
      this.drag = { x: event.clientX, y: event.clientY, moved: 0 };
      this.panned = false;
    });
    frame.addEventListener("pointermove", (event) => {
      if (!this.drag) return;
      const scale = this.view[2] / Math.max(frame.clientWidth, 1);
      const dx = event.clientX - this.drag.x;
      const dy = event.clientY - this.drag.y;
      this.drag.moved += Math.abs(dx) + Math.abs(dy);
      this.view[0] -= dx * scale;
      this.view[1] -= dy * scale;
      this.drag.x = event.clientX;
      this.drag.y = event.clientY;
      this.apply();
    });
    const stop = () => {
      // A drag that moved is a pan: the click that ends it picks no node.
      if (this.drag && this.drag.moved > 4) this.panned = true;
      this.drag = null;
    };
    frame.addEventListener("pointerup", stop);
    frame.addEventListener("pointerleave", () => { this.drag = null; });
    for (const node of svg.querySelectorAll("g.node")) {
      const position = node.dataset.position;
      if (!position) continue;
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", position);
      node.addEventListener("click", (event) => {
        event.preventDefault();
        if (this.panned) { this.panned = false; return; }
        if (this.onNode) this.onNode(position);
      });
      node.addEventListener("keydown", (event) => {
        if ((event.key === "Enter" || event.key === " ") && this.onNode) {
          event.preventDefault();
          this.onNode(position);
        }
      });
    }
    this.setRated(this.rated);
    this.apply();
  }

  // Marks what rates positions (values, P/N, the doubled border, red arrows, the legend) so
  // that hints off hides it.
  markRatings() {
    for (const node of this.svg.querySelectorAll("g.node")) {
      const link = node.querySelector("a");
      const tip = link ? link.getAttribute("xlink:title") || "" : "";
      const cut = tip.lastIndexOf(": ");
      node.dataset.position = cut >= 0 ? tip.slice(0, cut) : tip;
      node.dataset.tip = tip;
      node.querySelectorAll("text").forEach((text, i) => {
        if (i > 0) text.classList.add("rated-text");
      });
      node.querySelectorAll("path, polygon, ellipse").forEach((shape, i) => {
        if (i > 0) shape.classList.add("rated-ring");
      });
    }
    const root = this.svg.querySelector("g.graph") || this.svg;
    [...root.children].filter((child) => child.tagName === "text").forEach((text, i) => {
      if (i > 0) text.classList.add("rated-text");
    });
    for (const edge of this.svg.querySelectorAll("g.edge")) {
      if (edge.querySelector("[stroke='#c00000']")) edge.classList.add("rated-edge");
    }
  }

  // Hints off: no rating shown, in the drawing or in its tooltips.
  setRated(rated) {
    this.rated = rated;
    this.box.classList.toggle("unrated", !rated);
    if (!this.svg) return;
    for (const node of this.svg.querySelectorAll("g.node")) {
      const link = node.querySelector("a");
      if (link && node.dataset.tip) {
        link.setAttribute("xlink:title", rated ? node.dataset.tip : node.dataset.position);
      }
    }
  }

  // A line above the drawing (the graph is collapsed), with a button when one is given.
  note(text, label = null, action = null) {
    const tools = this.box.querySelector(".graph-tools");
    if (!tools) return;
    tools.querySelector(".graph-note")?.remove();
    const note = document.createElement("span");
    note.className = "graph-note";
    note.textContent = text + " ";
    if (label) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.zoom = "expand";
      button.textContent = label;
      button.addEventListener("click", action);
      note.append(button);
    }
    tools.append(note);
  }

  // The drawing's coordinates under the pointer.
  point(event) {
    const rect = this.svg.getBoundingClientRect();
    return [this.view[0] + ((event.clientX - rect.left) / rect.width) * this.view[2],
            this.view[1] + ((event.clientY - rect.top) / rect.height) * this.view[3]];
  }

  // The frame's size in pixels: the page's width, and a height that shows the part viewed
  // without distortion (at most 36rem).
  frameSize() {
    const width = Math.max(this.frame ? this.frame.clientWidth : 0, 200);
    return [width, Math.min(576, Math.max(160, (width * this.view[3]) / this.view[2]))];
  }

  zoom(factor, around = null) {
    if (!this.svg) return;
    const [x, y, w, h] = this.view;
    const [cx, cy] = around || [x + w / 2, y + h / 2];
    const width = Math.min(this.full[2] * 1.2, Math.max(40, w * factor));
    const height = (h * width) / w;
    this.view = [cx - ((cx - x) * width) / w, cy - ((cy - y) * height) / h, width, height];
    this.apply();
  }

  fit() {
    if (!this.svg) return;
    this.view = [...this.full];
    this.apply();
  }

  // The view of the current position and its options, labels at least 11 px high.
  near() {
    if (!this.svg || !this.current) return;
    const boxes = [this.current, ...this.options(this.current)].map((node) => node.getBBox());
    let left = Math.min(...boxes.map((b) => b.x)) - 12;
    let top = Math.min(...boxes.map((b) => b.y)) - 12;
    let width = Math.max(...boxes.map((b) => b.x + b.width)) - left + 12;
    let height = Math.max(...boxes.map((b) => b.y + b.height)) - top + 12;
    const pixels = Math.max(this.frame.clientWidth, 200);
    const most = pixels * READABLE;
    const least = pixels * CLOSEST;
    const own = this.current.getBBox();
    if (width > most || width < least) {
      // too wide to read, or a few nodes drawn huge: centred on the position itself
      width = Math.min(Math.max(width, least), most);
      left = own.x + own.width / 2 - width / 2;
    }
    if (height < width * 0.5) {
      top = own.y + own.height / 2 - (width * 0.5) / 4;
    }
    height = Math.max(height, width * 0.5);
    // No taller than the frame can show at that scale: the options far below are cut off
    // (the current position stays in view).
    height = Math.min(height, (width * 576) / pixels);
    if (own.y + own.height > top + height) top = own.y - 12;
    if (width >= this.full[2] && height >= this.full[3] && this.full[2] <= most) {
      this.fit();
      return;
    }
    this.view = [left, top, width, height];
    this.apply();
  }

  // The nodes one move from `node` (edges are titled "n3->n7" after the nodes' titles).
  options(node) {
    const id = node.querySelector("title")?.textContent;
    const byId = new Map([...this.svg.querySelectorAll("g.node")].map((n) => [
      n.querySelector("title")?.textContent, n]));
    const found = [];
    for (const edge of this.svg.querySelectorAll("g.edge")) {
      const [from, to] = (edge.querySelector("title")?.textContent || "").split("->");
      if (from === id && byId.has(to)) found.push(byId.get(to));
    }
    return found;
  }

  // Keeps the view on the drawing: a view smaller than it stays inside, a larger one centred.
  apply() {
    const [fx, fy, fw, fh] = this.full;
    const [, , w, h] = this.view;
    this.view[0] = w >= fw ? fx + (fw - w) / 2 : Math.min(Math.max(this.view[0], fx), fx + fw - w);
    this.view[1] = h >= fh ? fy + (fh - h) / 2 : Math.min(Math.max(this.view[1], fy), fy + fh - h);
    this.svg.setAttribute("viewBox", this.view.map((v) => v.toFixed(1)).join(" "));
    const [, height] = this.frameSize();
    this.svg.style.height = `${Math.round(height)}px`;
  }

  // Marks the node of `position` and shows it with its options.
  follow(position) {
    if (!this.svg) return false;
    let found = null;
    for (const node of this.svg.querySelectorAll("g.node")) {
      const here = node.dataset.position === position;
      node.classList.toggle("current", here);
      if (here) found = node;
    }
    this.current = found;
    if (found) this.near();
    return found !== null;
  }
}

window.GraphView = GraphView;
