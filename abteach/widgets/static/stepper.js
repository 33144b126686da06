// abteach's browser stepper: draws a search's frames (abteach.views.frame_data) as inline SVG with real
// text, and steps through them in the page, with no message to a kernel.  A plain ES module, no build step:
// anywidget runs its default export; `mount(el, data)` draws the same thing anywhere else.

const STATUS_WORD = { u: "not yet visited", a: "being searched", d: "done", p: "pruned" };
const CURRENT = 1, ON_STACK = 2, ON_PV = 4, MARKED = 8;
// Keys the stepper takes for itself, so JupyterLab's command-mode shortcuts never see them.
const STEP_KEYS = new Set(["ArrowLeft", "ArrowRight", "Home", "End", " ", "Spacebar"]);
const TREE_KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"]);
const SVG = "http://www.w3.org/2000/svg";

// Colours: the theme's own text and background (JupyterLab's --jp-* variables, with light fallbacks), and
// the Okabe-Ito hues, each at least 3:1 against both a light and a dark background.
const CSS = `
/* Text follows the reader's text size (rem: 16 px unless they chose larger text), never below the pixel
   sizes the layout was made for. */
.abs-root, .abs-fig { --abs-ink: var(--jp-content-font-color1, #1a1a1a); --abs-bg: var(--jp-layout-color0, #ffffff);
  --abs-muted: var(--jp-content-font-color2, #4d4d4d); --abs-panel: var(--jp-layout-color2, #eeeeee);
  --abs-blue: #0072b2; --abs-green: #009e73; --abs-red: #d55e00; --abs-orange: #e69f00;
  --abs-purple: #cc79a7;
  color: var(--abs-ink); background: var(--abs-bg); font-family: var(--jp-ui-font-family, sans-serif);
  font-size: calc(max(14px, 0.875rem) * var(--abs-scale, 1)); line-height: 1.35; max-width: 100%;
  box-sizing: border-box; padding: 4px; }
body[data-jp-theme-light="false"] :is(.abs-root, .abs-fig) { --abs-blue: #56b4e9; }
:is(.abs-root, .abs-fig):focus-visible, :is(.abs-root, .abs-fig) :is(button, input):focus-visible {
  outline: 2px solid var(--abs-blue); outline-offset: 1px; }
.abs-controls { display: flex; flex-wrap: wrap; gap: 4px 6px; align-items: center; }
.abs-controls button { font: inherit; color: var(--abs-ink); background: var(--abs-panel);
  border: 1px solid var(--abs-muted); border-radius: 3px; padding: 2px 8px; cursor: pointer; min-height: 28px; }
.abs-controls input[type=range] { flex: 1 1 160px; min-width: 120px; accent-color: var(--abs-blue); }
.abs-count { font-variant-numeric: tabular-nums; white-space: nowrap; }
.abs-sentence { min-height: 2.7em; padding: 4px 0; font-size: calc(max(15px, 0.9375rem) * var(--abs-scale, 1)); }
.abs-pass { font-weight: bold; padding-top: 4px; }
.abs-speed-label { white-space: nowrap; }
.abs-speed { font: inherit; color: var(--abs-ink); background: var(--abs-panel); border: 1px solid var(--abs-muted);
  border-radius: 3px; min-height: 28px; }
.abs-picture { flex: 0 1 auto; min-width: 0; max-width: 100%; }
.abs-legend { list-style: none; margin: 4px 0 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: 2px 14px;
  font-size: calc(max(13px, 0.8125rem) * var(--abs-scale, 1)); }
.abs-legend li { display: flex; align-items: center; gap: 4px; }
.abs-legend svg { display: block; overflow: visible; }
.abs-best { font-weight: bold; }
.abs-body { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: flex-start; }
.abs-tree { min-width: 0; max-width: 100%; overflow-x: auto; overflow-y: hidden; }
.abs-tree svg { display: block; }
/* The pseudocode goes beside the tree when 24 characters' room is left, its lines wrapping; else below. */
.abs-side { flex: 1 1 24em; min-width: 0; max-width: 100%; font-family: var(--jp-code-font-family, monospace);
  font-size: calc(max(13px, 0.8125rem) * var(--abs-scale, 1)); }
.abs-root .abs-side h3 { font-family: var(--jp-ui-font-family, sans-serif); font-size: 1em; margin: 0 0 2px 0; }
.abs-root .abs-listing ol { list-style: none; margin: 0; padding: 0; }
.abs-root .abs-listing li, .abs-legend li { margin: 0; }
.abs-root .abs-listing li .abs-mark { text-indent: 0; }
.abs-root.abs-below .abs-listing li.abs-other { display: none; }
.abs-root.abs-below .abs-side { display: flex; flex-wrap: wrap; gap: 0 24px; align-items: flex-start; }
/* A line too long for its box wraps under its own text, not under the line numbers. */
.abs-root .abs-listing li { white-space: pre-wrap; padding: 0 4px 0 calc(1.3em + 4ch + 4px);
  text-indent: calc(-1.3em - 4ch); border: 2px solid transparent; }
.abs-root .abs-listing li .abs-mark { display: inline-block; width: 1.3em; }
.abs-root .abs-listing li.abs-running { font-weight: bold; background: var(--abs-panel); border-color: var(--abs-ink); }
.abs-root .abs-stack table { border-collapse: collapse; margin: 6px 0 0 0; font-size: 1em; table-layout: auto; }
.abs-root .abs-stack th, .abs-root .abs-stack td { padding: 1px 8px; text-align: left; background: none; font-size: 1em; border-bottom: 1px solid var(--abs-muted); }
.abs-tree text { fill: var(--abs-ink); font-family: var(--jp-ui-font-family, sans-serif); font-size: 14px;
  paint-order: stroke; stroke: var(--abs-bg); stroke-width: 4px; stroke-linejoin: round; }
.abs-tree text.abs-name { font-weight: bold; }
.abs-tree text.abs-small { font-size: 13px; }
.abs-edge { stroke: var(--abs-ink); stroke-width: 1.2; fill: none; }
.abs-edge.s-u { stroke: var(--abs-muted); stroke-dasharray: 2 3; }
.abs-edge.s-a { stroke: var(--abs-blue); stroke-width: 3.5; }
.abs-edge.s-p { stroke: var(--abs-red); stroke-dasharray: 6 4; stroke-width: 1.5; }
.abs-edge.pv { stroke: var(--abs-green); stroke-width: 5; }
.abs-glyph { fill: var(--abs-bg); stroke: var(--abs-ink); stroke-width: 1.3; }
.s-u > .abs-glyph { stroke: var(--abs-muted); stroke-dasharray: 2 3; }
.s-a > .abs-glyph { fill: var(--abs-orange); stroke: var(--abs-blue); stroke-width: 3; }
.s-p > .abs-glyph { stroke: var(--abs-red); stroke-dasharray: 5 3; }
.pv > .abs-glyph { stroke: var(--abs-green); stroke-width: 3.2; }
.s-u text { fill: var(--abs-muted); }
.abs-ring { fill: none; stroke: var(--abs-blue); stroke-width: 3; visibility: hidden; }
.cur > .abs-ring { visibility: visible; }
.abs-mark-ring { fill: none; stroke: var(--abs-purple); stroke-width: 3; stroke-dasharray: 6 3; visibility: hidden; }
.abs-tree text.abs-marker, .abs-legend text.abs-marker { font-weight: bold; font-size: 15px; visibility: hidden; }
.mk > .abs-mark-ring, .abs-tree .mk > text.abs-marker, .abs-legend .mk > text.abs-marker { visibility: visible; }
.abs-legend text.abs-marker { fill: var(--abs-ink); font-size: 11px; }
.abs-focus { fill: none; stroke: var(--abs-ink); stroke-width: 2; stroke-dasharray: 3 2; visibility: hidden; }
g[role=treeitem] { outline: none; }
g[role=treeitem]:focus > .abs-focus { visibility: visible; }
.abs-hide { display: none; }
.abs-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

function h(tag, attrs = {}, text = "") {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
}

function s(tag, attrs = {}, text = "") {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text) e.textContent = text;
  return e;
}

// Every step's full state, rebuilt from the changes the data carries (as abteach.views.frame_data.replay does).
export function replayAll(data) {
  const states = new Replay(data);
  return data.steps.map((_, k) => states.at(k));
}

// Any step's state on demand: a full copy every CHECKPOINT steps, the changes applied from the nearest one.
// A long search (thousands of steps over thousands of nodes) then costs a little memory, not a copy a step.
const CHECKPOINT = 32;
const REST_KEYS = ["line", "sentence", "best", "pass"];

function apply(state, delta) {
  for (const [i, st] of Object.entries(delta.nodes)) state.nodes[Number(i)] = st;
  for (const k of REST_KEYS) if (k in delta) state[k] = delta[k];
  // The stack changes at its top: [calls kept from the step before, the calls above them].
  if ("stack" in delta) state.stack = (state.stack || []).slice(0, delta.stack[0]).concat(delta.stack[1]);
}

function copyState(state) { return { ...state, nodes: state.nodes.slice() }; }

export class Replay {
  constructor(data) {
    this.data = data;
    this.saved = [];
    const state = { nodes: new Array(data.layout.nodes.length).fill(null), stack: [] };
    data.steps.forEach((delta, k) => {
      apply(state, delta);
      if (k % CHECKPOINT === 0) this.saved.push(copyState(state));
    });
    this.cache = new Map();
  }

  at(k) {
    if (this.cache.has(k)) return this.cache.get(k);
    const state = copyState(this.saved[Math.floor(k / CHECKPOINT)]);
    for (let j = k - (k % CHECKPOINT) + 1; j <= k; j++) apply(state, this.data.steps[j]);
    if (this.cache.size > 64) this.cache.clear();
    this.cache.set(k, state);
    return state;
  }
}

function geometry(data) {
  const nodes = data.layout.nodes;
  let name = 1, ann = 4;
  for (const nd of nodes) if (nd.kind !== "leaf") name = Math.max(name, nd.name.length);
  // Named leaves (the book's chance trees name their outcomes): a name, left of its box, must clear the box before.
  let leafName = 0;
  for (const nd of nodes) if (nd.kind === "leaf" && nd.name) leafName = Math.max(leafName, nd.name.length);
  for (const st of data.steps) {
    for (const v of Object.values(st.nodes)) if (v) for (const l of v[2]) ann = Math.max(ann, l.length);
  }
  const ch = 8.2;  // px per character at 14 px, generous
  // Two inner nodes side by side must not run one's α, β and v (right of it) into the other's name (left of
  // it): the closest pair at one depth decides how far apart a unit of the layout is drawn.
  const inner = new Map(), leaves = new Map();
  for (const nd of nodes) {
    const row = nd.kind === "leaf" ? (leafName ? leaves : null) : inner;
    if (!row) continue;
    if (!row.has(nd.y)) row.set(nd.y, []);
    row.get(nd.y).push(nd.x);
  }
  const nearest = rows => {
    let closest = Infinity;
    for (const xs of rows.values()) {
      xs.sort((a, b) => a - b);
      for (let i = 1; i < xs.length; i++) if (xs[i] > xs[i - 1]) closest = Math.min(closest, xs[i] - xs[i - 1]);
    }
    return closest;
  };
  const closest = nearest(inner), closestLeaf = nearest(leaves);
  const apart = 27 + ann * 7.8 + 10 + 36 + name * ch;  // annotation's start and width, a gap, the name's
  const leafApart = 15 + 8 + 36 + leafName * ch;  // the box's half, a gap, the name's start and width
  const slot = Math.max(52, Math.min(160, (name + ann) * ch / 2 + 34),
                        Number.isFinite(closest) ? Math.min(240, apart / closest) : 0,
                        Number.isFinite(closestLeaf) ? Math.min(240, leafApart / closestLeaf) : 0);
  const xs = nodes.map(nd => nd.x);
  const minX = Math.min(...xs), maxX = Math.max(...xs);
  const left = 24 + Math.max(name, leafName) * ch + 20, right = 24 + ann * ch;
  const level = 90, top = 34, bottom = 72;
  return { slot, level, minX, left, top,
    width: Math.ceil((maxX - minX) * slot + left + right),
    height: Math.ceil(data.layout.depth * level + top + bottom),
    px: nd => left + (nd.x - minX) * slot, py: nd => top - nd.y * level };
}

function glyph(kind) {
  if (kind === "leaf") return s("rect", { class: "abs-glyph", x: -15, y: -15, width: 30, height: 30 });
  if (kind !== "max" && kind !== "min") return s("circle", { class: "abs-glyph", r: 17 });  // a chance node
  const d = kind === "max" ? "M0,-19 L20,15 L-20,15 Z" : "M0,19 L20,-15 L-20,-15 Z";
  return s("path", { class: "abs-glyph", d });
}

function accessibleName(nd, st, words) {
  // `said`: the name a view gives every node, a leaf's too (a tree to solve names its rows by it).
  const who = nd.said || nd.name || (nd.move ? `after ${nd.move}` : "the root");
  const what = nd.kind === "leaf" ? "leaf" : `${nd.player || nd.kind.toUpperCase()} node`;
  const parts = [`${who}, ${what}`];
  if (nd.kind === "leaf" || st[1]) parts.push(`value ${st[1]}`);
  for (const l of st[2]) parts.push(l);  // as drawn ("α=3"): a name holds the text it shows
  parts.push(words.status[st[0]]);
  if (st[3] & CURRENT) parts.push("the node this step is about");
  if (st[4]) parts.push(`pruned by ${st[4]}`);
  if (st[3] & ON_PV) parts.push("on the best play");
  if (st[3] & MARKED) parts.push(words.marked);
  return parts.join(", ");
}

let mounted = 0;  // each drawing's pattern gets its own id: one in a hidden copy would not paint

// One tree, laid out once as inline SVG, that `draw(state)` redraws for any state of its data: the stepper's
// tree, and each of the Fig. 5.5 view's two.  `data` gives the layout and every state it will show (its
// legend lists their marks); `options.sized` lists the states the drawing is sized for, when more than its
// own (two trees drawn side by side, alike), `options.label` names the tree, `options.statusWords` and
// `options.markLabel` say what its states mean.
export function treeView(data, options = {}) {
  const scale = options.scale ?? 1;
  const uid = `abs-${++mounted}`;
  const layout = data.layout.nodes;
  const kids = layout.map(() => []);
  layout.forEach((nd, i) => { if (nd.parent >= 0) kids[nd.parent].push(i); });
  const depth = layout.map(() => 0);
  layout.forEach((nd, i) => { if (nd.parent >= 0) depth[i] = depth[nd.parent] + 1; });
  const words = { status: { ...STATUS_WORD, ...(options.statusWords ?? {}) },
    marked: `marked ${data.mark ?? "≠"}: ${options.markLabel ?? "marked"}` };
  let shown = null;

  const box = h("div", { class: "abs-tree" });
  box.dataset.abs = uid;
  box.append(h("style", {}, `.abs-tree[data-abs=${uid}] .s-p > .abs-glyph { fill: url(#${uid}-hatch); }`));
  const g = geometry({ ...data, steps: options.sized ?? data.steps });
  // A slide cannot scroll: there the tree is shrunk to the height it may take, and its text with it.  A tree
  // far taller than that cannot be legible there anyway: it is shown smaller still, to leave the text room.
  const natural = g.height * scale, cap = options.maxTreeHeight;
  const limit = cap && natural > 1.5 * cap ? 0.8 * cap : cap;
  const zoom = scale * (limit ? Math.min(1, limit / natural) : 1);
  const svg = s("svg", { width: Math.ceil(g.width * zoom), height: Math.ceil(g.height * zoom), viewBox: `0 0 ${g.width} ${g.height}`,
    role: "tree", "aria-label": options.label ?? `The search tree of ${data.title}` });
  if (options.legible) {
    // The tree takes the width its box gives it, down to the narrowest that keeps its small text (13 units,
    // α, β and v) at options.legible pixels on screen; only a box narrower than that scrolls.
    const least = Math.min(1, options.legible / (13 * zoom));
    svg.setAttribute("style", `width: 100%; height: auto; max-width: ${Math.ceil(g.width * zoom)}px; ` +
      `min-width: ${Math.ceil(g.width * zoom * least)}px`);
  }
  const defs = s("defs");
  const pat = s("pattern", { id: `${uid}-hatch`, width: 6, height: 6, patternUnits: "userSpaceOnUse",
    patternTransform: "rotate(45)" });
  pat.append(s("rect", { width: 6, height: 6, style: "fill: var(--abs-bg)" }));
  pat.append(s("line", { x1: 0, y1: 0, x2: 0, y2: 6, style: "stroke: var(--abs-red); stroke-width: 1.5" }));
  defs.append(pat);
  svg.append(defs);
  const edges = s("g", { "aria-hidden": "true" });
  const notes = s("g", { "aria-hidden": "true" });
  svg.append(edges);
  const items = [];
  const parts = layout.map((nd, i) => {
    const x = g.px(nd), y = g.py(nd);
    const part = {};
    if (nd.parent >= 0) {
      const p = layout[nd.parent];
      const x0 = g.px(p), y0 = g.py(p) + 16, y1 = y - 16;
      part.edge = s("line", { class: "abs-edge", x1: x0, y1: y0, x2: x, y2: y1 });
      edges.append(part.edge);
      if (nd.move) {
        const f = 0.45;  // as far down the edge as the printed drawing puts it
        part.move = s("text", { class: "abs-small", x: x0 + f * (x - x0), y: y0 + f * (y1 - y0),
          "text-anchor": "middle", "dominant-baseline": "middle", "aria-hidden": "true" }, nd.move);
        edges.append(part.move);
      }
    }
    const item = s("g", { role: "treeitem", tabindex: "-1", "aria-level": depth[i] + 1,
      "aria-setsize": nd.parent >= 0 ? kids[nd.parent].length : 1,
      "aria-posinset": nd.parent >= 0 ? kids[nd.parent].indexOf(i) + 1 : 1,
      transform: `translate(${x},${y})`, "data-path": nd.path });
    // Its name is a <title>, as SVG names a shape: what it says (name, player, α, β, v, status) is more than
    // the texts drawn, which an aria-label would be held to contain.
    const title = s("title");
    item.append(title);
    item.append(s("circle", { class: "abs-ring", r: nd.kind === "leaf" ? 25 : 29 }));
    // A marked node (the Fig. 5.5 view's disagreements): a dashed ring, and the mark as text, not colour alone.
    item.append(s("circle", { class: "abs-mark-ring", r: nd.kind === "leaf" ? 22 : 25 }));
    item.append(s("text", { class: "abs-marker", x: -22, y: -24, "text-anchor": "end", "aria-hidden": "true" },
      data.mark ?? "≠"));
    item.append(glyph(nd.kind));
    item.append(s("rect", { class: "abs-focus", x: -32, y: -32, width: 64, height: 64, rx: 4 }));
    // The node's texts are its name's (aria-label) already: read once, as the name, not again as content.
    const inside = s("text", { "text-anchor": "middle", "dominant-baseline": "central", "aria-hidden": "true",
      y: nd.kind === "max" ? 5 : nd.kind === "min" ? -5 : 0 });
    item.append(inside);
    if (nd.name) item.append(s("text", { class: "abs-name", x: -36, "text-anchor": "end", "aria-hidden": "true",
      "dominant-baseline": "central" }, nd.name));
    const ann = s("text", { class: "abs-small", x: 27, "aria-hidden": "true" });
    item.append(ann);
    if (nd.below) item.append(s("text", { class: "abs-small", y: 34, "text-anchor": "middle", "aria-hidden": "true" },
      nd.below));
    svg.append(item);
    items.push(item);
    Object.assign(part, { item, title, inside, ann, x, y });
    return part;
  });
  svg.append(notes);
  box.append(svg);
  const picture = h("div", { class: "abs-picture" });
  const key = legend(data, uid, words, options.markLabel);
  // The legend wraps within the tree's width, so it never widens the picture's column past the tree.
  key.style.maxWidth = `${Math.max(Math.ceil(g.width * zoom), 320)}px`;
  picture.append(box, key);

  function draw(st) {
    shown = st;
    const groups = new Map();
    st.nodes.forEach((v, i) => {
      const part = parts[i], nd = layout[i];
      if (!v) {
        part.item.classList.add("abs-hide");
        part.item.setAttribute("aria-hidden", "true");
        if (part.edge) part.edge.classList.add("abs-hide");
        if (part.move) part.move.classList.add("abs-hide");
        return;
      }
      part.item.classList.remove("abs-hide");
      part.item.removeAttribute("aria-hidden");
      const cls = ["s-" + v[0]];
      if (v[3] & CURRENT) cls.push("cur");
      if (v[3] & ON_PV) cls.push("pv");
      if (v[3] & MARKED) cls.push("mk");
      part.item.setAttribute("class", cls.join(" "));
      part.inside.textContent = v[1];
      part.ann.replaceChildren(...v[2].map((l, k) => s("tspan", { x: 27,
        dy: k === 0 ? `${-(v[2].length - 1) * 0.55 + 0.35}em` : "1.1em" }, l)));
      part.title.textContent = accessibleName(nd, v, words);
      if (part.edge) {
        part.edge.setAttribute("class", `abs-edge s-${v[0]}${v[3] & ON_PV ? " pv" : ""}`);
        part.edge.classList.remove("abs-hide");
        if (part.move) part.move.classList.remove("abs-hide");
      }
      if (v[4]) {
        const key = `${nd.parent}|${v[4]}`;
        if (!groups.has(key)) groups.set(key, []);
        groups.get(key).push(i);
      }
    });
    drawNotes(groups);
    follow(st);
  }

  function subtree(i) {
    const out = [i];
    for (let k = 0; k < out.length; k++) out.push(...kids[out[k]]);
    return out;
  }

  function drawNotes(groups) {
    notes.replaceChildren();
    const rows = new Map();
    for (const [key, members] of groups) {
      const all = members.flatMap(subtree);
      const xs = all.map(i => parts[i].x), ys = all.map(i => parts[i].y);
      const x = (Math.min(...xs) + Math.max(...xs)) / 2, y = Math.max(...ys) + 30;
      const why = key.slice(key.indexOf("|") + 1);
      const w = (why.length + 1) * 7.6;
      let row = 0;
      while ((rows.get(`${y}|${row}`) ?? -Infinity) + 6 > x - w / 2) row++;
      rows.set(`${y}|${row}`, x + w / 2);
      const t = s("text", { class: "abs-small", x, y: y + row * 34, "text-anchor": "middle" });
      t.append(s("tspan", { x, dy: "0.9em" }, "pruned:"), s("tspan", { x, dy: "1.1em" }, why));
      notes.append(t);
    }
  }

  // Keep the node the step is about in view, without moving the page; before and after the search, the root
  // (a search opened at its end, as play shows the engine's, would otherwise show a wide tree's far left).
  function follow(st = shown) {
    if (!st) return;
    const current = st.nodes.findIndex(v => v && (v[3] & CURRENT));
    const i = current < 0 ? 0 : current;
    const x = parts[i].x * (svg.getBoundingClientRect().width / g.width || zoom);  // as drawn: it may fit its box
    if (x - 80 < box.scrollLeft || x + 120 > box.scrollLeft + box.clientWidth) {
      box.scrollLeft = Math.max(0, x - box.clientWidth / 2);
    }
  }

  let focusIndex = 0;

  function visible(i) { return shown !== null && shown.nodes[i] !== null; }

  function focusNode(i) {
    items[focusIndex].setAttribute("tabindex", "-1");
    focusIndex = i;
    items[i].setAttribute("tabindex", "0");
    items[i].focus();
  }

  // The tree's own keys: ↓ and ↑ walk the nodes drawn in preorder, → goes to a child, ← to the parent.
  function treeKey(key) {
    const order = layout.map((_, i) => i).filter(visible);
    const at = order.indexOf(focusIndex);
    const kid = kids[focusIndex].find(visible);
    const target = {
      ArrowDown: order[Math.min(at + 1, order.length - 1)], ArrowUp: order[Math.max(at - 1, 0)],
      ArrowRight: kid ?? focusIndex, ArrowLeft: layout[focusIndex].parent >= 0 ? layout[focusIndex].parent : focusIndex,
      Home: order[0], End: order[order.length - 1],
    }[key];
    if (target !== undefined) focusNode(target);
  }

  // Tab into the tree lands on the root (or the node last focused).
  items[0].setAttribute("tabindex", "0");
  return { picture, box, svg, draw, follow, treeKey, width: Math.ceil(g.width * zoom) };
}

// Is `event` a key the stepper or the Fig. 5.5 view takes, and is it in one of `trees`?  A key it takes is
// its own alone: JupyterLab binds ArrowRight and friends in command mode, and would take the key and the focus.
function ownKey(event, trees, keys = STEP_KEYS) {
  const tree = trees.find(t => t.svg.contains(event.target));
  if (tree ? !TREE_KEYS.has(event.key) : !keys.has(event.key)) return null;
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  if (event.target instanceof HTMLButtonElement && event.key === " ") return null;  // a button's own Space
  event.stopPropagation();
  event.preventDefault();
  return { tree };
}

export function mount(el, data, options = {}) {
  const states = new Replay(data);
  const last = data.steps.length - 1;
  const scale = options.scale ?? 1;
  let step = Math.min(Math.max(options.step ?? 0, 0), last);
  let timer = null;

  el.replaceChildren();
  const root = h("div", { class: "abs-root", role: "group", tabindex: "0",
    "aria-label": `Step through ${data.title}: arrow keys, Home, End and Space step`,
    "data-lm-suppress-shortcuts": "true", style: `--abs-scale: ${scale}` });
  root.append(h("style", {}, CSS));

  // Controls.
  const bar = h("div", { class: "abs-controls" });
  const button = (label, text, act) => {
    const b = h("button", { type: "button", "aria-label": label }, text);
    b.addEventListener("click", act);
    bar.append(b);
    return b;
  };
  button("First step", "|◀ First", () => go(0));
  button("Back one step", "◀ Back", () => go(step - 1));
  const play = button("Play", "▶ Play", () => toggle());
  button("Forward one step", "Forward ▶", () => go(step + 1));
  button("Last step", "Last ▶|", () => go(last));
  const slider = h("input", { type: "range", min: "0", max: String(last), step: "1", value: String(step),
    "aria-label": "Step" });
  slider.addEventListener("input", () => go(Number(slider.value)));
  bar.append(slider);
  const count = h("span", { class: "abs-count" });
  bar.append(count);
  // How fast Play steps: the speeds the widget offers, by name.
  const speeds = options.speeds ?? { slow: 1500, normal: 800, fast: 300 };
  let interval = options.interval ?? speeds[options.speed] ?? 800;
  const speed = h("select", { class: "abs-speed", "aria-label": "Speed" });
  for (const [name, ms] of Object.entries(speeds)) {
    const o = h("option", { value: String(ms) }, name);
    if (ms === interval) o.selected = true;
    speed.append(o);
  }
  speed.addEventListener("change", () => {
    interval = Number(speed.value);
    if (timer !== null) { stop(); toggle(); }
  });
  const speedLabel = h("label", { class: "abs-speed-label" }, "speed ");
  speedLabel.append(speed);
  bar.append(speedLabel);
  root.append(bar);

  const passLine = h("div", { class: "abs-pass" });
  root.append(passLine);
  const sentence = h("div", { class: "abs-sentence", "aria-live": "polite" });
  root.append(sentence);

  // The tree.
  const body = h("div", { class: "abs-body" });
  const view = treeView(data, options);
  const tree = view.picture;
  body.append(tree);

  // The pseudocode and the call stack.
  const side = h("div", { class: "abs-side" });
  const listing = h("div", { class: "abs-listing" });
  listing.append(h("h3", {}, data.listing.title));
  const ol = h("ol");
  // The listing's functions are its runs of lines between blank lines: block[k] is line k's.
  let blockNo = 0;
  const block = data.listing.lines.map(([, text]) => (text.trim() ? blockNo : (blockNo++, -1)));
  const lines = data.listing.lines.map(([k, text]) => {
    const li = h("li", { "data-line": String(k), "data-block": String(block[k - 1]) });
    li.append(h("span", { class: "abs-mark", "aria-hidden": "true" }, ""));
    li.append(document.createTextNode(`${String(k).padStart(2)}  ${text}`));
    ol.append(li);
    return li;
  });
  listing.append(ol);
  side.append(listing);
  const stack = h("div", { class: "abs-stack" });
  side.append(stack);
  body.append(side);
  root.append(body);
  el.append(root);

  // Below the tree, the listing shows only the function that runs, with the call stack beside it, so the tree
  // and the running line are on screen together; beside it, the whole listing.
  function placeSide() {
    root.classList.toggle("abs-below", side.offsetTop > tree.offsetTop + 4);
    view.follow();  // a narrower box may have left the step's node out of view
  }
  const watch = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(placeSide);
  if (watch) watch.observe(body);

  let shownLine = null;

  function draw() {
    const st = states.at(step);
    root.dataset.step = String(step);
    slider.value = String(step);
    slider.setAttribute("aria-valuetext", `Step ${step} of ${last}`);
    count.textContent = `Step ${step} of ${last}`;
    passLine.textContent = st.pass || "";
    passLine.classList.toggle("abs-hide", !st.pass);
    sentence.replaceChildren(h("b", {}, `Step ${step}. `), document.createTextNode(st.sentence));
    if (st.best) sentence.append(" ", h("span", { class: "abs-best" }, `Best play: ${st.best}.`));
    view.draw(st);
    if (shownLine !== null) {
      lines[shownLine - 1].classList.remove("abs-running");
      lines[shownLine - 1].firstChild.textContent = "";
      lines[shownLine - 1].removeAttribute("aria-current");
    }
    shownLine = st.line;
    if (shownLine !== null && shownLine !== undefined) {
      const li = lines[shownLine - 1];
      li.classList.add("abs-running");
      li.firstChild.textContent = "▶";
      li.setAttribute("aria-current", "step");
    }
    const running = shownLine ? block[shownLine - 1] : 0;
    ol.dataset.block = String(running);
    for (const li of lines) li.classList.toggle("abs-other", li.dataset.block !== String(running));
    drawStack(st.stack);
  }

  function drawStack(calls) {
    const table = h("table");
    table.append(h("caption", { class: "abs-sr" }, "The call stack, innermost call first"));
    const head = h("tr");
    for (const c of (data.windowed ? ["call", "α", "β", "v"] : ["call", "v"])) head.append(h("th", { scope: "col" }, c));
    table.append(head);
    for (const call of [...calls].reverse()) {
      const tr = h("tr");
      const cells = data.windowed ? call : [call[0], call[3]];
      for (const c of cells) tr.append(h("td", {}, c));
      table.append(tr);
    }
    stack.replaceChildren(h("h3", {}, calls.length ? "Call stack" : "Call stack: empty"));
    if (calls.length) stack.append(table);
  }

  function go(k) {
    const next = Math.min(Math.max(k, 0), last);
    if (next === step) return;
    step = next;
    draw();
    if (options.onStep) options.onStep(step);
    if (step === last) stop();
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    play.textContent = "▶ Play";
    play.setAttribute("aria-label", "Play");
  }

  function toggle() {
    if (timer !== null) return stop();
    if (step === last) go(0);
    timer = setInterval(() => go(step + 1), interval);
    play.textContent = "⏸ Pause";
    play.setAttribute("aria-label", "Pause");
  }

  root.addEventListener("keydown", event => {
    const own = ownKey(event, [view]);
    if (!own) return;
    if (own.tree) return own.tree.treeKey(event.key);
    if (event.key === "ArrowRight") go(step + 1);
    else if (event.key === "ArrowLeft") go(step - 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(last);
    else toggle();
  });

  draw();
  return { go, root, get step() { return step; }, get last() { return last; },
    destroy: () => { stop(); if (watch) watch.disconnect(); el.replaceChildren(); } };
}

// What the marks of the tree mean: only those the search will show, drawn as the tree draws them.
function legend(data, uid, words, markLabel) {
  const seen = new Set();
  let pv = false, current = false, marked = false;
  for (const st of data.steps) {
    for (const v of Object.values(st.nodes)) {
      if (!v) continue;
      seen.add(v[0]);
      if (v[3] & ON_PV) pv = true;
      if (v[3] & CURRENT) current = true;
      if (v[3] & MARKED) marked = true;
    }
  }
  const kinds = new Set(data.layout.nodes.map(nd => nd.kind));
  const out = h("ul", { class: "abs-legend", "aria-label": "Legend" });
  const item = (draw, text) => {
    const li = h("li");
    const icon = s("svg", { width: 30, height: 24, viewBox: "-15 -12 30 24", "aria-hidden": "true" });
    draw(icon);
    li.append(icon, h("span", {}, text));
    out.append(li);
  };
  const node = (cls, kind) => icon => {
    const g = s("g", { class: cls, transform: "scale(0.55)" });
    g.append(glyph(kind));
    icon.append(g);
  };
  if (kinds.has("max")) item(node("s-d", "max"), "MAX node");
  if (kinds.has("min")) item(node("s-d", "min"), "MIN node");
  if (kinds.has("chance")) item(node("s-d", "chance"), "chance node");  // a circle, as glyph() draws one
  if (kinds.has("leaf")) item(node("s-d", "leaf"), "leaf");
  if (seen.has("a")) item(node("s-a", "max"), "on the call stack");
  if (seen.has("u")) item(node("s-u", "max"), words.status.u);
  if (seen.has("p")) item(icon => {
    const g = s("g", { class: "s-p", transform: "scale(0.55)" });
    const shape = glyph("max");
    shape.style.fill = `url(#${uid}-hatch)`;
    g.append(shape);
    icon.append(g);
  }, words.status.p);
  if (current) item(icon => icon.append(s("circle", { class: "abs-ring", r: 9, style: "visibility: visible" })),
    "the node this step is about");
  if (pv) item(icon => icon.append(s("line", { class: "abs-edge pv", x1: -13, y1: 0, x2: 13, y2: 0 })),
    "the best play");
  if (marked) item(icon => {
    const g = s("g", { class: "mk" });
    g.append(s("circle", { class: "abs-mark-ring", r: 9 }), s("text", { class: "abs-marker", x: 0, y: 5,
      "text-anchor": "middle" }, data.mark ?? "≠"));
    icon.append(g);
  }, `${data.mark ?? "≠"} ${markLabel ?? "marked"}`);
  return out;
}

// Several searches of one tree under one switch (editions, tie rules, a mistake beside the correct search):
// `searches` is a list of {label, data}.  Switching keeps the step, as far as the other search goes.
export function mountSearches(el, searches, options = {}) {
  el.replaceChildren();
  const wrap = h("div", { class: "abs-searches" });
  const labels = searches.map(x => x.label);
  let choice = labels.includes(options.choice) ? options.choice : labels[0];
  const bar = h("div", { class: "abs-switch", role: "group", "aria-label": "Which search" });
  const buttons = labels.map(label => {
    const b = h("button", { type: "button", "data-label": label }, label);
    b.addEventListener("click", () => choose(label));
    bar.append(b);
    return b;
  });
  if (labels.length > 1) wrap.append(h("style", {}, SWITCH_CSS), bar);
  const holder = h("div");
  wrap.append(holder);
  el.append(wrap);
  let view = null;
  let interval = options.interval;

  function show(step) {
    if (view) view.destroy();
    const data = searches[labels.indexOf(choice)].data;
    view = mount(holder, data, { ...options, step, interval });
    buttons.forEach(b => b.setAttribute("aria-pressed", String(b.dataset.label === choice)));
    wrap.dataset.choice = choice;
  }

  function choose(label) {
    if (!labels.includes(label) || label === choice) return;
    const step = view ? view.step : 0;
    choice = label;
    show(step);
    if (options.onChoice) options.onChoice(label, view.step);
  }

  show(options.step ?? 0);
  return { choose, go: k => view.go(k), get view() { return view; }, get choice() { return choice; },
    destroy: () => { if (view) view.destroy(); el.replaceChildren(); } };
}

// A tree to solve (abteach.views.tree_data): the tree alone, drawn by treeView before any search, that a
// screen reader walks with the arrow keys; no steps, no listing.
export function mountTree(el, data, options = {}) {
  el.replaceChildren();
  // A figure's root (its colours and text sizes), not a stepper's: pages and tests count .abs-root as steppers.
  const root = h("div", { class: "abs-fig abs-solve", "data-lm-suppress-shortcuts": "true",
    style: `--abs-scale: ${options.scale ?? 1}` });
  root.append(h("style", {}, CSS));
  const view = treeView(data, { ...options, label: data.label, statusWords: data.statusWords });
  root.append(view.picture);
  el.append(root);
  view.draw(new Replay(data).at(0));
  root.addEventListener("keydown", event => {
    const own = ownKey(event, [view], new Set());
    if (own && own.tree) own.tree.treeKey(event.key);
  });
  return { root, view, destroy: () => el.replaceChildren() };
}

// A practice widget where no kernel checks answers (exported pages, the course site): the tree to solve, and
// its correct search (frame data) in a stepper, folded away under "Show me the correct search".
export function mountPractice(el, practice, options = {}) {
  el.replaceChildren();
  const wrap = h("div", { class: "abs-practice" });
  const tree = h("div", { class: "abs-practice-tree" });
  const details = h("details", { class: "abs-show-me" });
  const summary = h("summary", { style: "cursor: pointer; font-family: var(--jp-ui-font-family, sans-serif); " +
    "font-size: max(15px, 0.9375rem); padding: 4px 0" }, "Show me the correct search");
  const steps = h("div");
  details.append(summary, steps);
  wrap.append(tree, details);
  el.append(wrap);
  const drawn = mountTree(tree, practice.tree, options);
  const search = mount(steps, practice.search, { ...options, step: 0 });
  return { tree: drawn, search, details, destroy: () => { search.destroy(); el.replaceChildren(); } };
}

const SWITCH_CSS = `
.abs-switch { display: flex; flex-wrap: wrap; gap: 4px; margin: 2px 0 4px 4px; }
.abs-switch button { font: inherit; font-family: var(--jp-ui-font-family, sans-serif); font-size: max(14px, 0.875rem);
  color: var(--jp-content-font-color1, #1a1a1a); background: var(--jp-layout-color2, #eeeeee);
  border: 1px solid var(--jp-content-font-color2, #4d4d4d); border-radius: 3px; padding: 2px 10px;
  min-height: 28px; cursor: pointer; }
.abs-switch button[aria-pressed=true] { font-weight: bold; outline: 2px solid #0072b2; outline-offset: -2px; }
`;

// The Fig. 5.5 view: a figure's stages (abteach.views.fig55.stage_data), the figure's tree beside the
// algorithm's, drawn by treeView, with the stage's heading, node table and disagreements; every stage of
// every search is in the data, so a stage or a search changes in the page, with no message to a kernel.
const STAGE_KEYS = new Set(["ArrowLeft", "ArrowRight", "Home", "End"]);
const FIGURE_WORDS = { u: "not reached by the figure yet", d: "reached, its range drawn",
  p: "ruled out by the figure's own ranges" };

const FIG55_CSS = `
/* As the stepper's text: never below these pixel sizes, and larger when the reader asks for larger text. */
.ab-fig55 .ab-fig55-heading { font-size: calc(max(15px, 0.9375rem) * var(--abs-scale, 1)); padding: 4px 0; }
.ab-fig55 .ab-fig55-images { display: flex; flex-flow: row wrap; gap: 8px 16px; align-items: flex-start; }
.ab-fig55 .ab-fig55-side { min-width: 0; max-width: 100%; }
.ab-fig55 .ab-figure-title, .ab-fig55 .ab-algorithm-title { white-space: pre-line; }
.ab-fig55 .ab-figure-title::first-line, .ab-fig55 .ab-algorithm-title::first-line { font-weight: bold; }
.ab-fig55 .ab-stage-nodes, .ab-fig55 .ab-disagreements { max-width: 100%; overflow-x: auto; }
.ab-fig55 .ab-stage-nodes table, .ab-fig55 .ab-disagreements table { border-collapse: collapse; margin-top: 4px;
  font-size: calc(max(14px, 0.875rem) * var(--abs-scale, 1)); color: var(--abs-ink); }
.ab-fig55 .ab-stage-nodes td, .ab-fig55 .ab-stage-nodes th, .ab-fig55 .ab-disagreements td,
.ab-fig55 .ab-disagreements th { padding: 2px 8px; border-bottom: 1px solid var(--abs-muted); text-align: left;
  vertical-align: top; background: none; color: var(--abs-ink); }
.ab-fig55 .ab-stage-nodes caption { text-align: left; font-weight: bold; color: var(--abs-ink); }
.ab-fig55 .ab-fig55-switches { display: flex; flex-wrap: wrap; gap: 0 16px; align-items: center; }
.ab-fig55.abs-slide .abs-legend { display: none; }
`;

export function mountFigure(el, data, options = {}) {
  const scale = options.scale ?? 1;
  const labels = data.searches.map(x => x.label);
  const last = data.stages.length - 1;
  let choice = Math.max(0, labels.indexOf(options.search));
  let at = Math.max(0, data.stages.indexOf(options.stage));

  el.replaceChildren();
  const root = h("div", { class: "abs-fig ab-fig55", role: "group", tabindex: "0",
    "aria-label": `${data.title} beside the algorithm: arrow keys, Home and End change the stage`,
    "data-lm-suppress-shortcuts": "true", style: `--abs-scale: ${scale}` });
  root.append(h("style", {}, CSS + FIG55_CSS + SWITCH_CSS));

  const bar = h("div", { class: "abs-switch ab-search", role: "group", "aria-label": "Which search" });
  const switches = labels.map((label, k) => {
    const b = h("button", { type: "button", "data-label": label }, label);
    b.addEventListener("click", () => choose(k));
    bar.append(b);
    return b;
  });
  if (labels.length > 1) root.append(bar);

  const controls = h("div", { class: "abs-controls ab-stage-slider" });
  const button = (label, text, act) => {
    const b = h("button", { type: "button", "aria-label": label }, text);
    b.addEventListener("click", act);
    controls.append(b);
  };
  button("First stage", "|◀ First", () => go(0));
  button("Back one stage", "◀ Back", () => go(at - 1));
  button("Forward one stage", "Forward ▶", () => go(at + 1));
  button("Last stage", "Last ▶|", () => go(last));
  const slider = h("input", { type: "range", min: "0", max: String(last), step: "1", "aria-label": "Stage" });
  slider.addEventListener("input", () => go(Number(slider.value)));
  const count = h("span", { class: "abs-count" });
  controls.append(slider, count);
  root.append(controls);

  const heading = h("div", { class: "ab-fig55-heading", "aria-live": "polite" });
  root.append(heading);

  // Both trees drawn alike, on one size that every stage of every search fits: nothing moves with a stage.
  const all = data.searches.flatMap(x => x.stages.flatMap(st => [{ nodes: st.figure }, { nodes: st.algorithm }]));
  const side = (which, words) => {
    const steps = data.searches.flatMap(x => x.stages.map(st => ({ nodes: st[which] })));
    const tree = treeView({ title: data.title, layout: data.layout, mark: data.mark, steps },
      { scale, sized: all, statusWords: words, markLabel: data.markLabels[which],
        maxTreeHeight: options.maxTreeHeight });
    const title = h("div", { class: `ab-${which}-title` });
    const box = h("div", { class: `ab-fig55-side ab-${which}` });
    box.append(title, tree.picture);
    return { tree, title, box };
  };
  const figure = side("figure", FIGURE_WORDS);
  const algorithm = side("algorithm", {});
  const images = h("div", { class: "ab-fig55-images" });
  images.append(figure.box, algorithm.box);
  // A slide cannot scroll, and has room for one tree legibly: there a pair of buttons shows one at a time, and
  // the node table is left out (the disagreements say what matters).
  const oneTree = Boolean(options.maxTreeHeight);
  if (oneTree) {
    const which = h("div", { class: "abs-switch ab-which-tree", role: "group", "aria-label": "Which tree" });
    const sides = [["the figure", figure], ["the algorithm", algorithm]];
    const pick = (name) => {
      for (const [label, side] of sides) side.box.classList.toggle("abs-hide", label !== name);
      for (const b of which.children) b.setAttribute("aria-pressed", String(b.dataset.tree === name));
    };
    for (const [label] of sides) {
      const b = h("button", { type: "button", "data-tree": label }, label);
      b.addEventListener("click", () => pick(label));
      which.append(b);
    }
    // Beside the search switch, in one row, and without the legends: a slide is 700 px tall.
    const row = h("div", { class: "ab-fig55-switches" });
    if (bar.isConnected || root.contains(bar)) row.append(bar);
    row.append(which);
    controls.before(row);
    root.classList.add("abs-slide");
    pick("the figure");
  }
  root.append(images);
  // Python wrote these tables, escaped, once for every stage: the page only shows them.
  const nodes = h("div", { class: `ab-stage-nodes${oneTree ? " abs-hide" : ""}` });
  const disagreements = h("div", { class: "ab-disagreements" });
  root.append(nodes, disagreements);
  el.append(root);

  function draw() {
    const st = data.searches[choice].stages[at];
    root.dataset.stage = data.stages[at];
    root.dataset.search = labels[choice];
    slider.value = String(at);
    const where = `Stage (${data.stages[at]}), ${at + 1} of ${last + 1}`;
    slider.setAttribute("aria-valuetext", where);
    count.textContent = where;
    switches.forEach((b, k) => b.setAttribute("aria-pressed", String(k === choice)));
    heading.innerHTML = st.heading;
    figure.title.textContent = st.figureTitle;
    algorithm.title.textContent = st.algorithmTitle;
    figure.tree.svg.setAttribute("aria-label", st.figureAlt);
    algorithm.tree.svg.setAttribute("aria-label", st.algorithmAlt);
    figure.tree.draw({ nodes: st.figure });
    algorithm.tree.draw({ nodes: st.algorithm });
    nodes.innerHTML = st.nodes;
    disagreements.innerHTML = st.disagreements;
  }

  function go(k) {
    const next = typeof k === "string" ? data.stages.indexOf(k) : Math.min(Math.max(k, 0), last);
    if (next < 0 || next === at) return;
    at = next;
    draw();
    if (options.onStage) options.onStage(data.stages[at]);
  }

  function choose(k) {
    const next = typeof k === "string" ? labels.indexOf(k) : k;
    if (next < 0 || next === choice) return;
    choice = next;
    draw();
    if (options.onSearch) options.onSearch(labels[choice]);
  }

  root.addEventListener("keydown", event => {
    const own = ownKey(event, [figure.tree, algorithm.tree], STAGE_KEYS);
    if (!own) return;
    if (own.tree) return own.tree.treeKey(event.key);
    if (event.key === "ArrowRight") go(at + 1);
    else if (event.key === "ArrowLeft") go(at - 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(last);
  });

  draw();
  return { go, choose, root, get stage() { return data.stages[at]; }, get search() { return labels[choice]; },
    destroy: () => el.replaceChildren() };
}

// The reorder view: every ordering of a small tree's children, each search's last frame once
// (abteach.views.reorder.reorder_data), drawn by treeView; a dropdown per reorderable node and three buttons
// change the ordering in the page, with no message to a kernel.  What is said of an ordering (its summary) and
// which orderings the buttons show are the data's, written by Python.
const REORDER_CSS = `
.ab-reorder .ab-reorder-nodes { display: flex; flex-wrap: wrap; gap: 4px 14px; align-items: center; margin: 2px 0 4px 0; }
.ab-reorder .ab-reorder-nodes label { white-space: nowrap; }
.ab-reorder select { font: inherit; color: var(--abs-ink); background: var(--abs-panel); border: 1px solid var(--abs-muted);
  border-radius: 3px; min-height: 28px; margin-left: 4px; }
.ab-reorder select:focus-visible { outline: 2px solid var(--abs-blue); outline-offset: 1px; }
.ab-reorder .ab-reorder-summary { min-height: 2.7em; padding: 4px 0;
  font-size: calc(max(15px, 0.9375rem) * var(--abs-scale, 1)); }
.ab-reorder.abs-slide .ab-reorder-summary { min-height: 0; }
/* A slide's own list style (reveal.js: an indented inline block) would stack the legend in a column. */
.reveal .ab-reorder ul.abs-legend { display: flex; margin: 4px 0 0 0; }
`;

// Which row of data.orderings a key ("0,1,2|2,0,1") is: its options' indices as one mixed-radix number, as
// abteach.views.reorder.ordering_index counts them.  -1 for no ordering.
function orderingIndex(data, key) {
  const perms = String(key).split("|");
  if (perms.length !== data.nodes.length) return -1;
  let index = 0;
  for (let k = 0; k < perms.length; k++) {
    const at = data.nodes[k].options.findIndex(o => o.value === perms[k]);
    if (at < 0) return -1;
    index = index * data.nodes[k].options.length + at;
  }
  return index;
}

// One ordering rebuilt, as abteach.views.reorder.decode rebuilds it: its layout, node states and summary.
export function decodeOrdering(data, key) {
  const index = orderingIndex(data, key);
  if (index < 0) return null;
  const row = data.orderings[index];
  const shape = data.layouts[row[0]];
  const n = shape.nodes.length;
  const nodes = shape.nodes.map((slot, i) => ({ ...slot, ...data.who[row[3 + i]] }));
  return { layout: { nodes, depth: shape.depth, width: shape.width },
    nodes: row.slice(3 + n).map(k => data.states[k]), summary: data.summaries[row[1]], leaves: row[2] };
}

export function mountReorder(el, data, options = {}) {
  const scale = options.scale ?? 1;
  let key = orderingIndex(data, options.ordering) >= 0 ? options.ordering : data.keys.own;

  el.replaceChildren();
  const root = h("div", { class: "abs-fig ab-reorder", role: "group",
    "aria-label": `Reorder the children of the tree: what ${data.title} prunes`,
    "data-lm-suppress-shortcuts": "true", style: `--abs-scale: ${scale}` });
  root.append(h("style", {}, CSS + REORDER_CSS));
  const row = h("div", { class: "ab-reorder-nodes" });
  const selects = data.nodes.map((node, k) => {
    const id = `abs-reorder-${++mounted}`;
    const label = h("label", { for: id }, `${node.name}'s children`);
    const select = h("select", { id, "data-node": node.name });
    for (const o of node.options) select.append(h("option", { value: o.value }, o.label));
    select.addEventListener("change", () => show(selects.map(x => x.value).join("|")));
    label.append(select);
    row.append(label);
    return select;
  });
  root.append(row);
  const controls = h("div", { class: "abs-controls ab-reorder-buttons" });
  const button = (which, text, title) => {
    const b = h("button", { type: "button", "data-key": which, title }, text);
    b.addEventListener("click", () => show(data.keys[which]));
    controls.append(b);
  };
  button("best", "a best order", "an ordering that evaluates the fewest leaves");
  button("worst", "a worst order", "an ordering that evaluates the most leaves");
  button("own", "tree's own order", "the children in the tree's own order");
  root.append(controls);
  const summary = h("div", { class: "ab-reorder-summary", "aria-live": "polite" });
  root.append(summary);
  const holder = h("div", { class: "ab-reorder-tree" });
  root.append(holder);
  if (options.maxTreeHeight) root.classList.add("abs-slide");
  el.append(root);

  // Every state any ordering shows, as one step: the tree is sized for them all, so it never moves, and its
  // legend lists every mark an ordering can show.
  const all = [{ nodes: data.states.filter(st => st) }];
  let tree = null;

  function draw() {
    const one = decodeOrdering(data, key);
    root.dataset.ordering = key;
    key.split("|").forEach((perm, k) => { selects[k].value = perm; });
    const orders = data.nodes.map((node, k) => `${node.name}: ${selects[k].selectedOptions[0].textContent}`).join("; ");
    tree = treeView({ title: data.title, layout: one.layout, steps: all },
      { scale, sized: all, maxTreeHeight: options.maxTreeHeight, legible: options.legible,
        label: `${data.title} on the tree in this order (${orders}), at the end of its search` });
    holder.replaceChildren(tree.picture);
    tree.draw({ nodes: one.nodes });
    summary.replaceChildren(h("b", {}, one.summary), document.createTextNode(` ${data.overall}`));
  }

  function show(next) {
    if (orderingIndex(data, next) < 0 || next === key) return;
    key = next;
    draw();
    if (options.onOrdering) options.onOrdering(key);
  }

  // The tree's own keys are taken; a dropdown's keys (↑, ↓, Home, End, a letter) are the dropdown's alone, as
  // JupyterLab's command mode would otherwise take them and the focus.  Tab and Escape still leave.
  root.addEventListener("keydown", event => {
    if (event.target instanceof HTMLSelectElement) {
      if (event.key !== "Tab" && event.key !== "Escape") event.stopPropagation();
      return;
    }
    const own = ownKey(event, tree ? [tree] : [], new Set());
    if (own && own.tree) own.tree.treeKey(event.key);
  });

  draw();
  return { show, root, get ordering() { return key; }, destroy: () => el.replaceChildren() };
}

// anywidget's entry point: the searches and the first step come from the widget's model, once; a step then
// sends the kernel nothing.  Python moving the stepper (s.go, s.choice = ...) moves the page too.
export default {
  render({ model, el }) {
    const figure = model.get("figure");
    if (figure && figure.stages) return renderFigure(model, el, figure);
    const reorder = model.get("reorder");
    if (reorder && reorder.orderings) return renderReorder(model, el, reorder);
    if (model.get("tree")) return renderTree(model, el);
    const searches = model.get("searches");
    // A step is kept in the page's copy of the model, never sent to the kernel: a saved notebook's widget
    // state then reopens where the student left it.
    // (A host whose model cannot be set, or listened to, still steps: a static site's, for one.)
    const keep = (key, value) => {
      if (typeof model.set === "function" && model.get(key) !== value) model.set(key, value);
    };
    const options = { step: model.get("step"), interval: model.get("interval"), speeds: model.get("speeds"),
      scale: model.get("scale"), legible: model.get("legible"), choice: model.get("choice"),
      onStep: k => keep("step", k), onChoice: (label, k) => { keep("choice", label); keep("step", k); } };
    const view = searches && searches.length
      ? mountSearches(el, searches, options)
      : mountSearches(el, [{ label: "", data: model.get("data") }], options);
    const onStep = () => view.go(model.get("step"));
    const onChoice = () => { view.choose(model.get("choice")); view.go(model.get("step")); };
    const listens = typeof model.on === "function" && typeof model.off === "function";
    if (listens) {
      model.on("change:step", onStep);
      model.on("change:choice", onChoice);
    }
    return () => {
      if (listens) { model.off("change:step", onStep); model.off("change:choice", onChoice); }
      view.destroy();
    };
  },
};

// The Fig. 5.5 view's entry point: its stages come from the model once; a stage or a search chosen in the page
// is kept in the page's copy of the model, never sent to the kernel.  Python moving it (w.go, w.use) moves the page.
function renderFigure(model, el, data) {
  const keep = (key, value) => {
    if (typeof model.set === "function" && model.get(key) !== value) model.set(key, value);
  };
  const view = mountFigure(el, data, { stage: model.get("stage"), search: model.get("search"),
    scale: model.get("scale"), onStage: label => keep("stage", label), onSearch: label => keep("search", label) });
  const onStage = () => view.go(model.get("stage"));
  const onSearch = () => view.choose(model.get("search"));
  const listens = typeof model.on === "function" && typeof model.off === "function";
  if (listens) {
    model.on("change:stage", onStage);
    model.on("change:search", onSearch);
  }
  return () => {
    if (listens) { model.off("change:stage", onStage); model.off("change:search", onSearch); }
    view.destroy();
  };
}

// The reorder view's entry point: every ordering comes from the model once; an ordering chosen in the page is kept in
// the page's copy of the model, never sent to the kernel.  Python moving it (v.show, v.choose) moves the page.
function renderReorder(model, el, data) {
  const keep = value => {
    if (typeof model.set === "function" && model.get("ordering") !== value) model.set("ordering", value);
  };
  const view = mountReorder(el, data, { ordering: model.get("ordering"), scale: model.get("scale"),
    legible: model.get("legible"), onOrdering: keep });
  const onOrdering = () => view.show(model.get("ordering"));
  const listens = typeof model.on === "function" && typeof model.off === "function";
  if (listens) model.on("change:ordering", onOrdering);
  return () => {
    if (listens) model.off("change:ordering", onOrdering);
    view.destroy();
  };
}

// A tree to solve's entry point (the practice widget's tree): drawn again whenever the kernel sends another
// (New tree).
function renderTree(model, el) {
  const options = () => ({ scale: model.get("scale"), legible: model.get("legible") });
  let view = mountTree(el, model.get("tree"), options());
  const redraw = () => { view.destroy(); view = mountTree(el, model.get("tree"), options()); };
  const listens = typeof model.on === "function" && typeof model.off === "function";
  if (listens) model.on("change:tree", redraw);
  return () => { if (listens) model.off("change:tree", redraw); view.destroy(); };
}
