// Draws the board the server describes: status, tracks, regions of spaces with their counters.
// Every text goes in with textContent, so nothing a pack or a mod names is read as markup.
"use strict";

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

const Board = {
  // targets: object id -> the options naming it; onPick(ids, node), onLook(id)
  draw(root, board, targets, onPick, onLook) {
    root.replaceChildren();
    const head = el("div", "status");
    for (const v of board.status) head.append(Board.variable(v));
    root.append(head);
    for (const t of board.tracks) root.append(Board.track(t));
    if (board.effects.length) {
      const line = el("div", "effects");
      line.append(el("b", null, "In force "), document.createTextNode(board.effects.join(", ")));
      root.append(line);
    }
    const regions = el("div", "regions");
    for (const region of board.regions) regions.append(Board.region(region, targets, onPick, onLook));
    root.append(regions);
    if (board.supply.length) root.append(el("div", "supply", "Tokens left in supply: " + board.supply.join(", ")));
  },

  variable(v) {
    const box = el("span", "variable");
    box.append(el("b", null, v.name + " "));
    if (!v.track) {
      box.append(el("span", "value", v.value));
      return box;
    }
    for (const step of v.track) box.append(el("span", step === v.at ? "step at" : "step", step));
    return box;
  },

  track(t) {
    const line = el("div", "track");
    line.append(el("b", null, t.title + " "));
    t.items.forEach((item, i) => line.append(el("span", i + 1 === t.at ? "step at" : "step", item)));
    return line;
  },

  region(region, targets, onPick, onLook) {
    const panel = el("section", "region" + (region.hex ? " hex" : "") + (region.flow ? " flow" : ""));
    panel.append(el("h3", null, region.title));
    for (const row of region.rows) {
      const line = el("div", "row" + (row.shift ? " shifted" : ""));
      line.style.setProperty("--cells", String(row.cells.length));
      for (const cell of row.cells) line.append(Board.cell(cell, targets, onPick, onLook));
      panel.append(line);
    }
    return panel;
  },

  cell(cell, targets, onPick, onLook) {
    const box = el("div", "cell");
    box.dataset.space = cell.space;
    const name = el("div", "name", cell.label);
    if (cell.bg) name.style.background = cell.bg;
    if (cell.fg) name.style.color = cell.fg;
    if (cell.colour) name.append(el("span", "colour", " ·" + cell.colour));
    if (cell.shows) name.append(el("i", null, " " + cell.shows));
    name.title = cell.label + " (" + cell.space + ")";
    box.append(name);
    if (targets.has(cell.space)) {
      box.classList.add("target");
      name.tabIndex = 0;
      name.setAttribute("role", "button");
    }
    name.addEventListener("click", () => targets.has(cell.space) ? onPick([cell.space], name) : onLook(cell.space));
    name.addEventListener("keydown", (e) => { if (e.key === "Enter") name.click(); });
    for (const mark of cell.marks) box.append(el("div", "marks", mark));
    if (cell.deck && cell.count) box.append(el("div", "deck", cell.count));
    const stack = el("div", "stack");
    for (const counter of cell.counters) stack.append(Board.counter(counter, targets, onPick, onLook));
    box.append(stack);
    if (cell.more) box.append(el("div", "deck", cell.more));
    return box;
  },

  counter(c, targets, onPick, onLook) {
    const chip = el("button", "counter family-" + (c.family % 6) + (c.card ? " card" : ""));
    chip.type = "button";
    chip.dataset.ids = c.ids.join(" ");
    chip.append(el("span", "short", c.short));
    if (c.ids.length > 1) chip.append(el("span", "count", "×" + c.ids.length));
    if (c.marks) chip.append(el("span", "pmarks", c.marks));
    chip.title = c.label + (c.marks ? " (" + c.marks + ")" : "") + (c.ids.length > 1 ? " ×" + c.ids.length : "");
    const picked = c.ids.some((id) => targets.has(id));
    if (picked) chip.classList.add("target");
    chip.addEventListener("click", () => picked ? onPick(c.ids, chip) : onLook(c.ids[0]));
    chip.addEventListener("mouseenter", () => onLook(c.ids[0], true));
    return chip;
  },
};
