"use strict";
// The game graph (SVG drawn by the server's Graphviz) shown inline: zoomed with the wheel,
// a pinch or the buttons, panned by dragging, the current position marked and kept in view.

class GraphView {
  constructor(box) {
    this.box = box;
    this.svg = null;
    this.full = null;    // the whole drawing's viewBox [x, y, width, height]
    this.view = null;    // the part shown
    this.drag = null;
  }

  show(text) {
    const drawing = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
    const svg = document.importNode(drawing, true);
    this.full = svg.getAttribute("viewBox").split(/\s+/).map(Number);
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.classList.add("game-graph");
    this.svg = svg;
    this.view = [...this.full];
    const frame = document.createElement("div");
    frame.className = "graph-frame";
    frame.append(svg);
    const tools = document.createElement("div");
    tools.className = "graph-tools";
    for (const [label, key, action] of [["+", "zoom_in", () => this.zoom(0.7)],
                                        ["−", "zoom_out", () => this.zoom(1 / 0.7)],
                                        ["⤢", "fit", () => this.fit()]]) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = label;
      button.dataset.zoom = key;
      button.addEventListener("click", action);
      tools.append(button);
    }
    this.box.replaceChildren(tools, frame);
    frame.addEventListener("wheel", (event) => {
      event.preventDefault();
      this.zoom(event.deltaY > 0 ? 1.15 : 1 / 1.15, this.point(event));
    }, { passive: false });
    frame.addEventListener("pointerdown", (event) => {
      this.drag = { x: event.clientX, y: event.clientY };
      frame.setPointerCapture(event.pointerId);
    });
    frame.addEventListener("pointermove", (event) => {
      if (!this.drag) return;
      const scale = this.view[2] / frame.clientWidth;
      this.view[0] -= (event.clientX - this.drag.x) * scale;
      this.view[1] -= (event.clientY - this.drag.y) * scale;
      this.drag = { x: event.clientX, y: event.clientY };
      this.apply();
    });
    frame.addEventListener("pointerup", () => { this.drag = null; });
    this.apply();
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

  zoom(factor, around = null) {
    if (!this.svg) return;
    const [x, y, w, h] = this.view;
    const [cx, cy] = around || [x + w / 2, y + h / 2];
    const width = Math.min(this.full[2] * 2, Math.max(40, w * factor));
    const height = (h * width) / w;
    this.view = [cx - ((cx - x) * width) / w, cy - ((cy - y) * height) / h, width, height];
    this.apply();
  }

  fit() {
    if (!this.svg) return;
    this.view = [...this.full];
    this.apply();
  }

  apply() {
    this.svg.setAttribute("viewBox", this.view.map((v) => v.toFixed(1)).join(" "));
  }

  // Marks the node of `position` (its tooltip is "POSITION: value ...") and, when the view
  // is zoomed in, moves the view to it.
  follow(position) {
    if (!this.svg) return false;
    let found = null;
    for (const node of this.svg.querySelectorAll("g.node")) {
      const tip = node.querySelector("a")?.getAttribute("xlink:title") || "";
      const here = tip.startsWith(position + ":");
      node.classList.toggle("current", here);
      if (here) found = node;
    }
    if (found && this.view[2] < this.full[2]) {
      const node = found.getBoundingClientRect();
      const [cx, cy] = this.point({ clientX: node.left + node.width / 2,
                                    clientY: node.top + node.height / 2 });
      this.view[0] = cx - this.view[2] / 2;
      this.view[1] = cy - this.view[3] / 2;
      this.apply();
    }
    return found !== null;
  }
}

window.GraphView = GraphView;
