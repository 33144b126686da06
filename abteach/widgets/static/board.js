// abteach's game board: draws a board described by abteach.views.boards.board_data as inline SVG with real
// text, each cell a focusable button with its own name.  Drawing, hover and focus happen in the page; only a
// move goes to the kernel (one message), whose reply is the next board.  A plain ES module, no build step.

const SVG = "http://www.w3.org/2000/svg";
// Keys the board takes for itself, so JupyterLab's command-mode shortcuts (Enter edits the cell, arrows move
// between cells, Space scrolls) never see them.
const KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "Enter", " ", "Spacebar"]);

// The board keeps its own light colours in any theme, as its printed picture does: the pieces' colours are
// those of a real set, and every text on them reaches 4.5:1 (abteach.views.palette checks the pairs).
const CSS = `
.abp-root { color: #1a1a1a; background: #ffffff; font-family: var(--jp-ui-font-family, sans-serif);
  font-size: 16px; line-height: 1.35; padding: 4px; max-width: 100%; box-sizing: border-box; }
.abp-root .ab-play-status { font-weight: bold; min-height: 1.4em; margin: 0 0 6px 0; }
.abp-root svg { display: block; max-width: 100%; height: auto; overflow: visible; }
.abp-root text { font-family: var(--jp-ui-font-family, sans-serif); pointer-events: none; }
.abp-root .abp-piece { font-weight: bold; }
.abp-root .ab-cell { outline: none; }
.abp-root .ab-cell[aria-disabled=false] { cursor: pointer; }
.abp-root .ab-cell[aria-disabled=false]:hover .abp-shape { stroke: #0072b2; stroke-width: 3; }
.abp-root .abp-focus { fill: none; stroke: #000000; stroke-width: 2.5; stroke-dasharray: 4 3; visibility: hidden; }
.abp-root .ab-cell:focus-visible .abp-focus { visibility: visible; }
.abp-root .abp-busy .ab-cell { cursor: progress; }
.abp-root .abp-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
  white-space: nowrap; }
`;

function s(tag, attrs = {}, text = "") {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text) e.textContent = text;
  return e;
}

function h(tag, attrs = {}, text = "") {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
}

// The board as SVG: one <g role=button> a cell, in reading order (rows from the top).
function drawBoard(data, cellSize) {
  const { width, height, racked, colours } = data;
  const pad = 4, below = 22;
  const svg = s("svg", {
    role: "group", "aria-label": data.name, class: "abp-board",
    width: width * cellSize + 2 * pad, height: height * cellSize + pad + below,
    viewBox: `${-pad} ${-pad} ${width * cellSize + 2 * pad} ${height * cellSize + pad + below}`,
  });
  if (racked) svg.append(s("rect", { x: 0, y: 0, width: width * cellSize, height: height * cellSize,
    fill: colours.rack, stroke: colours.ink, "stroke-width": 1.2, "aria-hidden": "true" }));
  const cells = data.cells.map(cell => {
    const x = cell.col * cellSize, y = cell.row * cellSize, cx = x + cellSize / 2, cy = y + cellSize / 2;
    const g = s("g", { role: "button", class: `ab-cell ab-cell-${cell.row}-${cell.col}`, tabindex: "-1",
      "aria-label": cell.label, "aria-disabled": String(!cell.playable), "data-action": cell.action });
    if (racked) {
      g.append(s("circle", { class: "abp-shape", cx, cy, r: cellSize * 0.38,
        fill: colours[`piece ${cell.piece}`] || colours.hole, stroke: colours.ink, "stroke-width": 0.8 }));
    } else {
      g.append(s("rect", { class: "abp-shape", x: x + cellSize * 0.04, y: y + cellSize * 0.04,
        width: cellSize * 0.92, height: cellSize * 0.92, fill: colours.square, stroke: colours.muted, "stroke-width": 1 }));
    }
    if (cell.text) {
      g.append(s("text", { class: "abp-piece", x: cx, y: cy, "text-anchor": "middle", "dominant-baseline": "central",
        "font-size": racked ? 17 : 30, fill: colours.ink, "aria-hidden": "true" }, cell.text));
    }
    if (cell.highlight) g.append(s("circle", { cx, cy, r: cellSize * 0.46, fill: "none", stroke: colours.ring,
      "stroke-width": 2.4, "stroke-dasharray": "5 3" }));
    g.append(s("rect", { class: "abp-focus", x: x + 1.5, y: y + 1.5, width: cellSize - 3, height: cellSize - 3, rx: 4 }));
    svg.append(g);
    return g;
  });
  // The column labels are read with each cell's name; drawn, they are for the eye.
  data.columns.forEach((label, c) => svg.append(s("text", { class: "abp-column", x: (c + 0.5) * cellSize,
    y: height * cellSize + below / 2 + 2, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 13,
    fill: colours.muted, "aria-hidden": "true" }, label)));
  return { svg, cells };
}

// Draw the board into `el` and keep it in step with `source` ({board, status, announce, busy}); `onPlay(action)`
// is called for a move.  Returns {update, destroy}.
export function mount(el, source, onPlay) {
  el.replaceChildren();
  const root = h("div", { class: "abp-root ab-play-board" });
  root.append(h("style", {}, CSS));
  const status = h("div", { class: "ab-play-status" });
  const holder = h("div", { class: "abp-holder" });
  const live = h("div", { class: "ab-play-live abp-sr", "aria-live": "polite", role: "status" });
  root.append(status, holder, live);
  el.append(root);

  let data = null, cells = [], focusIndex = 0, busy = false, caption = null;

  function setBusy(on) {
    busy = on;
    holder.classList.toggle("abp-busy", on);
    root.setAttribute("aria-busy", String(on));
  }

  function draw(state) {
    const hadFocus = cells.some(c => c === document.activeElement);
    data = state.board;
    const cellSize = data.racked ? 48 : 60;
    const drawn = drawBoard(data, cellSize);
    cells = drawn.cells;
    holder.replaceChildren(drawn.svg);
    caption = data.caption ? h("div", { class: "abp-caption" }, data.caption) : null;
    if (caption) holder.prepend(caption);
    focusIndex = Math.min(focusIndex, cells.length - 1);
    cells.forEach(attach);
    cells[focusIndex].setAttribute("tabindex", "0");
    if (hadFocus) cells[focusIndex].focus();
    status.textContent = state.status;
    // Said once, when it changes: a screen reader hears the moves and how the game stands.
    if (live.textContent !== state.announce) live.textContent = state.announce;
    setBusy(Boolean(state.busy));
  }

  function focusCell(i) {
    cells[focusIndex].setAttribute("tabindex", "-1");
    focusIndex = i;
    cells[i].setAttribute("tabindex", "0");
    cells[i].focus();
  }

  function play(i) {
    const cell = data.cells[i];
    if (busy || !cell.playable) return;
    setBusy(true);
    // Shown at once, in the page: the kernel's answer replaces it with the next board.
    status.textContent = "The engine is thinking…";
    onPlay(cell.action);
  }

  function attach(g, i) {
    g.addEventListener("click", () => { focusCell(i); play(i); });
    // However the focus came (Tab, a click, a screen reader's own cursor), the board's one Tab stop follows it.
    g.addEventListener("focus", () => {
      if (focusIndex === i) return;
      cells[focusIndex].setAttribute("tabindex", "-1");
      focusIndex = i;
      g.setAttribute("tabindex", "0");
    });
  }

  function key(event) {
    if (!KEYS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    const at = cells.indexOf(event.target);
    if (at < 0) return;
    // Ours alone: JupyterLab binds these keys in command mode, and would take the key and the focus.
    event.stopPropagation();
    event.preventDefault();
    const w = data.width, r = Math.floor(at / w), c = at % w;
    const target = {
      ArrowLeft: r * w + Math.max(c - 1, 0), ArrowRight: r * w + Math.min(c + 1, w - 1),
      ArrowUp: Math.max(r - 1, 0) * w + c, ArrowDown: Math.min(r + 1, data.height - 1) * w + c,
      Home: r * w, End: r * w + w - 1,
    }[event.key];
    if (target !== undefined) focusCell(target);
    else play(at);
  }
  holder.addEventListener("keydown", key);

  draw(source);
  return { update: draw, root, get cells() { return cells; }, destroy: () => el.replaceChildren() };
}

// anywidget's entry point: the board, the status and the sentence come from the model; a move is one message.
export default {
  render({ model, el }) {
    const read = () => ({ board: model.get("board"), status: model.get("status"), announce: model.get("announce"),
      busy: model.get("busy") });
    const view = mount(el, read(), action => model.send({ event: "play", action }));
    const redraw = () => view.update(read());
    const names = ["change:board", "change:status", "change:announce", "change:busy"];
    for (const name of names) model.on(name, redraw);
    return () => { for (const name of names) model.off(name, redraw); view.destroy(); };
  },
};
