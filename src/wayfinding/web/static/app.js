// wayfinding explorer: paint a grid, run the library's searches on the server and replay
// their expansion order. No build step, no dependencies.
"use strict";

const $ = (id) => document.getElementById(id);
const COLOURS = {
  floor: [255, 255, 255], wall: [45, 45, 55], forest: [70, 130, 60],
  frontier: [250, 210, 80], visited: [150, 190, 235], path: "rgb(215,35,35)",
  start: "rgb(20,160,60)", goal: "rgb(200,30,120)",
};
const RAMP = [[48, 18, 120], [40, 100, 190], [30, 170, 150], [140, 210, 70], [250, 230, 40]];

const state = {
  width: 0, height: 0, cells: new Uint8Array(0), start: [0, 0], goal: [0, 0],
  zoom: 20, playing: false, panels: [], drag: null, last: null, edited: false,
  world: "square", layout: "odd-r",
};
window.explorer = state;  // for the browser tests and the curious

function makePanel(key, hidden) {
  const section = $("panel-template").content.firstElementChild.cloneNode(true);
  section.id = "panel-" + key;
  section.hidden = hidden;
  for (const element of section.querySelectorAll("[data-id]")) {
    element.id = element.dataset.id + "-" + key;
  }
  $("panels").appendChild(section);
  return {
    key, canvas: $("canvas-" + key), select: $("algorithm-" + key), answer: null,
    step: 0, total: 0, expandedAt: null, reachedAt: null, cost: null, maxCost: 1,
    offscreen: document.createElement("canvas"),
  };
}

// ------------------------------------------------------------------ grid and drawing
function newGrid(width, height, cells) {
  state.width = width;
  state.height = height;
  state.cells = cells || new Uint8Array(width * height).fill(1);
  state.start = firstFree(Math.floor(width / 8), Math.floor(height / 2), 1);
  state.goal = firstFree(width - 1 - Math.floor(width / 8), Math.floor(height / 2), -1);
  state.zoom = Math.max(1, Math.min(24, Math.floor(800 / Math.max(width, height))));
  $("zoom").value = state.zoom;
  for (const panel of state.panels) panel.offscreen.width = width, panel.offscreen.height = height;
  invalidate();
}

function firstFree(x, y, direction) {
  const n = state.width * state.height;
  for (let k = 0; k < n; k++) {
    const i = (((y * state.width + x) + direction * k) % n + n) % n;
    if (state.cells[i] > 0) return [i % state.width, Math.floor(i / state.width)];
  }
  return [x, y];
}

let generation = 0;  // see run()

function invalidate() {
  generation++;  // answers still on their way are for the old choice: drop them
  for (const panel of state.panels) {
    panel.answer = null;
    panel.step = panel.total = 0;
    showStats(panel);
  }
  drawAll();
}

function drawAll() { for (const panel of state.panels) draw(panel); }

function ramp(t) {
  const p = Math.min(3.999, Math.max(0, t * 4)), i = Math.floor(p), f = p - i;
  return [0, 1, 2].map((c) => RAMP[i][c] * (1 - f) + RAMP[i + 1][c] * f);
}

// ------------------------------------------------------------------ hex maps
// A hex map is an offset-layout array like a square grid's: cell [col, row]. Pointy-top
// hexes (odd-r, even-r) are zoom pixels wide, flat-top ones (odd-q, even-q) zoom tall.
const SQRT3 = Math.sqrt(3);

function hexSize() {
  return state.zoom / SQRT3;  // pointy hexes zoom wide, flat ones zoom tall
}

function shoved(k) { return (k & 1) === (state.layout.startsWith("odd") ? 1 : 0); }

function centre(x, y) {
  const z = state.zoom;
  if (state.world !== "hex") return [(x + 0.5) * z, (y + 0.5) * z];
  const s = hexSize();
  if (state.layout.endsWith("r")) return [s * SQRT3 * (x + 0.5 + (shoved(y) ? 0.5 : 0)), s * (1.5 * y + 1)];
  return [s * (1.5 * x + 1), s * SQRT3 * (y + 0.5 + (shoved(x) ? 0.5 : 0))];
}

function canvasSize() {
  const { width, height, zoom } = state;
  if (state.world !== "hex") return [width * zoom, height * zoom];
  const s = hexSize();
  if (state.layout.endsWith("r")) return [Math.ceil(s * SQRT3 * (width + 0.5)) + 1, Math.ceil(s * (1.5 * height + 0.5)) + 1];
  return [Math.ceil(s * (1.5 * width + 0.5)) + 1, Math.ceil(s * SQRT3 * (height + 0.5)) + 1];
}

function hexPath(ctx, x, y) {
  const [cx, cy] = centre(x, y), s = hexSize();
  const start = state.layout.endsWith("r") ? Math.PI / 6 : 0;
  ctx.beginPath();
  for (let k = 0; k < 6; k++) {
    const a = start + k * Math.PI / 3;
    if (k === 0) ctx.moveTo(cx + s * Math.cos(a), cy + s * Math.sin(a));
    else ctx.lineTo(cx + s * Math.cos(a), cy + s * Math.sin(a));
  }
  ctx.closePath();
}

// ------------------------------------------------------------------ drawing
function colourOf(panel, i, traced, showCosts) {
  let c = COLOURS.floor;
  const v = state.cells[i];
  if (v === 0) c = COLOURS.wall;
  else if (v > 1) {
    const t = 0.15 + 0.85 * (v - 1) / 8;
    c = COLOURS.floor.map((f, k) => f * (1 - t) + COLOURS.forest[k] * t);
  }
  if (v !== 0 && traced) {
    if (panel.expandedAt[i] >= 0 && panel.expandedAt[i] < panel.step) {
      const tint = showCosts && panel.cost[i] >= 0 ? ramp(panel.cost[i] / panel.maxCost)
        : COLOURS.visited;
      c = c.map((f, k) => f * 0.35 + tint[k] * 0.65);
    } else if (panel.reachedAt[i] >= -1 && panel.reachedAt[i] < panel.step) {
      c = c.map((f, k) => f * 0.3 + COLOURS.frontier[k] * 0.7);
    }
  }
  return c;
}

function draw(panel) {
  const { width, height, zoom } = state;
  if (panel.canvas.closest("section").hidden) return;
  const traced = panel.answer && panel.expandedAt;
  const showCosts = $("show-costs").checked;
  const canvas = panel.canvas;
  const [cw, ch] = canvasSize();
  if (canvas.width !== cw || canvas.height !== ch) canvas.width = cw, canvas.height = ch;
  const ctx = canvas.getContext("2d");
  if (state.world === "hex") {
    ctx.fillStyle = "white";
    ctx.fillRect(0, 0, cw, ch);
    ctx.strokeStyle = "rgba(0,0,0,0.12)";
    ctx.lineWidth = 1;
    for (let i = 0; i < width * height; i++) {
      const c = colourOf(panel, i, traced, showCosts);
      hexPath(ctx, i % width, Math.floor(i / width));
      ctx.fillStyle = `rgb(${c[0]},${c[1]},${c[2]})`;
      ctx.fill();
      if (zoom >= 8) ctx.stroke();
    }
  } else {
    const off = panel.offscreen;
    if (off.width !== width || off.height !== height) off.width = width, off.height = height;
    const octx = off.getContext("2d");
    const image = octx.createImageData(width, height);
    const px = image.data;
    for (let i = 0; i < width * height; i++) {
      const c = colourOf(panel, i, traced, showCosts);
      px[4 * i] = c[0]; px[4 * i + 1] = c[1]; px[4 * i + 2] = c[2]; px[4 * i + 3] = 255;
    }
    octx.putImageData(image, 0, 0);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(off, 0, 0, width * zoom, height * zoom);
    if (zoom >= 8) {
      ctx.strokeStyle = "rgba(0,0,0,0.08)";
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let x = 0; x <= width; x++) ctx.moveTo(x * zoom + 0.5, 0), ctx.lineTo(x * zoom + 0.5, height * zoom);
      for (let y = 0; y <= height; y++) ctx.moveTo(0, y * zoom + 0.5), ctx.lineTo(width * zoom, y * zoom + 0.5);
      ctx.stroke();
    }
  }
  const answer = panel.answer;
  if (answer && answer.mesh) {  // any-angle: the grid's navigation mesh, polygon outlines
    ctx.strokeStyle = "rgba(40,90,200,0.45)";
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (const polygon of answer.mesh) {
      polygon.forEach(([x, y], k) => {
        if (k === 0) ctx.moveTo(x * zoom, y * zoom); else ctx.lineTo(x * zoom, y * zoom);
      });
      ctx.closePath();
    }
    ctx.stroke();
  }
  if (answer && answer.path.length && panel.step >= panel.total) {
    ctx.strokeStyle = COLOURS.path;
    ctx.lineWidth = Math.max(2, zoom / 3);
    ctx.lineJoin = ctx.lineCap = "round";
    ctx.beginPath();
    answer.path.forEach(([x, y], k) => {
      const [cx, cy] = centre(x, y);
      const before = k > 0 ? answer.path[k - 1] : null;
      // a step across a wrapped border starts a new piece of line
      const jump = before && (Math.abs(before[0] - x) > 1 || Math.abs(before[1] - y) > 1);
      if (k === 0 || jump) ctx.moveTo(cx, cy); else ctx.lineTo(cx, cy);
    });
    ctx.stroke();
  }
  for (const [[x, y], colour] of [[state.start, COLOURS.start], [state.goal, COLOURS.goal]]) {
    const [cx, cy] = centre(x, y);
    ctx.fillStyle = colour;
    ctx.strokeStyle = "black";
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.arc(cx, cy, Math.max(3, zoom * 0.4), 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
  }
}

// ------------------------------------------------------------------ stats
function fmt(value, digits) {
  if (value === null || value === undefined) return "–";
  return Number(value.toFixed(digits)).toString();
}

function showStats(panel) {
  const k = panel.key, a = panel.answer;
  $("name-" + k).textContent = panel.select.selectedOptions[0]?.textContent || "";
  $("cost-" + k).textContent = a ? (a.found ? fmt(a.cost, 4) : "no path") : "–";
  $("length-" + k).textContent = a ? a.length : "–";
  $("expanded-" + k).textContent = a ? a.expanded : "–";
  $("time-" + k).textContent = a ? fmt(a.seconds * 1000, 2) + " ms" : "–";
  $("step-" + k).textContent = a ? (a.trace ? `${panel.step} / ${panel.total}`
    : "result only") : "–";
}

// ------------------------------------------------------------------ talking to the server
function cellString() {
  let out = "";
  const chunk = 8192;
  for (let i = 0; i < state.cells.length; i += chunk) {
    out += String.fromCharCode(...Array.from(state.cells.subarray(i, i + chunk),
      (v) => (v === 0 ? 35 : v === 1 ? 46 : 48 + v)));
  }
  return out;
}

async function request(url, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(url, options);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

// Every run (and every change that clears the answers) takes a new generation; an answer
// that comes back for an older generation is dropped, so a slow reply to an earlier edit
// never overwrites what the page shows now.

async function run(animate) {
  stop();
  const mine = ++generation;
  $("status").textContent = "";
  const panels = state.panels.filter((p) => !p.canvas.closest("section").hidden);
  const common = {
    width: state.width, height: state.height, cells: cellString(), start: state.start,
    goal: state.goal, heuristic: $("heuristic").value, diagonal: $("diagonal").checked,
    corner_cutting: $("corners").value, weight: Number($("weight").value),
    turn_cost: Number($("turn-cost").value), world: state.world, layout: state.layout,
    wrap: [$("wrap-x").checked, $("wrap-y").checked],
  };
  try {
    const answers = await Promise.all(panels.map((p) =>
      request("/api/solve", { ...common, algorithm: p.select.value })));
    if (mine !== generation) return;  // a newer run or a new choice came meanwhile
    panels.forEach((panel, k) => load(panel, answers[k], animate));
  } catch (error) {
    if (mine !== generation) return;
    $("status").textContent = error.message;
    for (const panel of panels) { panel.answer = null; showStats(panel); }
  }
  drawAll();
  if (animate) play();
}

function load(panel, answer, animate) {
  panel.answer = answer;
  const n = state.width * state.height;
  if (answer.trace) {
    const t = answer.trace;
    panel.expandedAt = new Int32Array(n).fill(-1);
    panel.reachedAt = new Int32Array(n).fill(-2);
    panel.cost = new Float64Array(n).fill(-1);
    t.order.forEach((cell, step) => { if (panel.expandedAt[cell] < 0) panel.expandedAt[cell] = step; });
    let top = 0;
    t.reached.forEach((cell, j) => {
      panel.reachedAt[cell] = t.reached_step[j];
      const c = t.reached_cost[j];
      if (c !== null) { panel.cost[cell] = c; top = Math.max(top, c); }
    });
    panel.maxCost = top || 1;
    panel.total = t.order.length;
  } else {
    panel.expandedAt = panel.reachedAt = panel.cost = null;
    panel.total = 0;
  }
  panel.step = animate ? 0 : panel.total;
  showStats(panel);
}

// ------------------------------------------------------------------ playing
let lastTime = 0, budget = 0;

function play() {
  if (state.playing) return;
  state.playing = true;
  lastTime = performance.now();
  budget = 0;
  requestAnimationFrame(tick);
}

function stop() { state.playing = false; }

function advance(count) {
  let moving = false;
  for (const panel of state.panels) {
    if (!panel.answer || panel.step >= panel.total) continue;
    panel.step = Math.min(panel.total, panel.step + count);
    moving = moving || panel.step < panel.total;
    showStats(panel);
  }
  drawAll();
  return moving;
}

function tick(now) {
  if (!state.playing) return;
  const perSecond = 2 * Math.pow(10, Number($("speed").value) / 20);
  budget += perSecond * (now - lastTime) / 1000;
  lastTime = now;
  const count = Math.floor(budget);
  budget -= count;
  if (count > 0 && !advance(count)) { stop(); return; }
  requestAnimationFrame(tick);
}

// ------------------------------------------------------------------ editing
function cellAt(panel, event) {
  const rect = panel.canvas.getBoundingClientRect();
  const px = event.clientX - rect.left, py = event.clientY - rect.top;
  if (state.world === "hex") {  // the cell whose centre is nearest
    let best = null, bestD = Infinity;
    const s = hexSize(), pointy = state.layout.endsWith("r");
    const gy = Math.round(pointy ? py / (1.5 * s) : py / (SQRT3 * s));
    const gx = Math.round(pointy ? px / (SQRT3 * s) : px / (1.5 * s));
    for (let y = gy - 2; y <= gy + 2; y++) {
      for (let x = gx - 2; x <= gx + 2; x++) {
        if (x < 0 || y < 0 || x >= state.width || y >= state.height) continue;
        const [cx, cy] = centre(x, y), d = (cx - px) ** 2 + (cy - py) ** 2;
        if (d < bestD) bestD = d, best = [x, y];
      }
    }
    return best && bestD <= s * s ? best : null;
  }
  const x = Math.floor(px / state.zoom);
  const y = Math.floor(py / state.zoom);
  return x >= 0 && y >= 0 && x < state.width && y < state.height ? [x, y] : null;
}

function same(a, b) { return a && b && a[0] === b[0] && a[1] === b[1]; }

function apply(cell) {
  const [x, y] = cell, i = y * state.width + x;
  const tool = state.drag === "paint" ? document.querySelector("input[name=tool]:checked").value
    : state.drag;
  if (tool === "start" || tool === "goal") {
    if (state.cells[i] === 0 || same(cell, tool === "start" ? state.goal : state.start)) return;
    state[tool] = cell;
  } else {
    if (same(cell, state.start) || same(cell, state.goal)) return;
    state.cells[i] = tool === "wall" ? 0 : tool === "erase" ? 1 : Number($("forest-cost").value);
  }
  state.edited = true;
}

function paintLine(from, to) {  // every cell between two pointer positions
  const steps = Math.max(Math.abs(to[0] - from[0]), Math.abs(to[1] - from[1]));
  for (let s = 1; s <= steps; s++) {
    apply([Math.round(from[0] + (to[0] - from[0]) * s / steps),
      Math.round(from[1] + (to[1] - from[1]) * s / steps)]);
  }
}

function onDown(panel, event) {
  const cell = cellAt(panel, event);
  if (!cell) return;
  stop();
  panel.canvas.setPointerCapture(event.pointerId);
  state.drag = same(cell, state.start) ? "start" : same(cell, state.goal) ? "goal" : "paint";
  state.hadAnswer = state.panels.some((p) => p.answer);
  state.last = cell;
  state.edited = false;
  apply(cell);
  invalidate();
}

function onMove(panel, event) {
  const cell = cellAt(panel, event);
  if (cell && panel.answer && panel.cost) {
    const c = panel.cost[cell[1] * state.width + cell[0]];
    $("status").textContent = `cell (${cell}) ` + (c >= 0 ? `cost so far ${fmt(c, 3)}` : "");
  }
  if (!state.drag || !cell || same(cell, state.last)) return;
  if (state.drag === "paint") paintLine(state.last, cell); else apply(cell);
  state.last = cell;
  invalidate();
}

function onUp() {
  if (!state.drag) return;
  state.drag = null;
  if (state.hadAnswer) run(false);  // re-run at once after an edit, like the texts' diagrams
}

// ------------------------------------------------------------------ setup
function fill(select, values, labels) {
  select.innerHTML = "";
  values.forEach((value) => {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = (labels && labels[value]) || value;
    select.appendChild(option);
  });
}

const NAMES = {
  astar: "A*", dijkstra: "Dijkstra", bfs: "breadth-first", greedy: "greedy best-first",
  weighted_astar: "weighted A*", jps: "jump point search", prepared: "prepared grid (CH)",
  theta_star: "Theta* (any-angle)", astar_turns: "A* with turn cost",
};

async function loadMap(name) {
  stop();
  if (!name) { newGrid(Number($("cols").value), Number($("rows").value)); return; }
  try {
    const map = await request("/api/map?name=" + encodeURIComponent(name));
    const cells = new Uint8Array(map.width * map.height);
    for (let i = 0; i < cells.length; i++) cells[i] = map.cells.charCodeAt(i) === 35 ? 0 : 1;
    $("diagonal").checked = map.diagonal;
    $("corners").value = map.corner_cutting;
    newGrid(map.width, map.height, cells);
    $("status").textContent = `${name}: ${map.width}x${map.height}`;
  } catch (error) {
    $("status").textContent = error.message;
  }
}

async function init() {
  state.panels = [makePanel("a", false), makePanel("b", true)];
  const options = await request("/api/options");
  const algorithms = options.algorithms.map((a) => a.name);
  fill($("algorithm-a"), algorithms, NAMES);
  fill($("algorithm-b"), algorithms, NAMES);
  $("algorithm-b").value = "dijkstra";
  fill($("heuristic"), options.heuristics);
  fill($("corners"), options.corner_cutting);
  fill($("world"), options.worlds);
  fill($("layout"), options.layouts);
  $("world").addEventListener("change", () => { state.world = $("world").value; invalidate(); });
  $("layout").addEventListener("change", () => { state.layout = $("layout").value; invalidate(); });
  const maps = (await request("/api/maps")).maps;
  for (const name of maps) {
    const option = document.createElement("option");
    option.value = option.textContent = name;
    $("map").appendChild(option);
  }
  for (const panel of state.panels) {
    panel.canvas.addEventListener("pointerdown", (e) => onDown(panel, e));
    panel.canvas.addEventListener("pointermove", (e) => onMove(panel, e));
    panel.canvas.addEventListener("pointerup", onUp);
    panel.canvas.addEventListener("pointercancel", onUp);
    panel.select.addEventListener("change", () => invalidate());
  }
  $("map").addEventListener("change", () => {
    $("world").value = state.world = "square";  // MovingAI maps are square grids
    loadMap($("map").value);
  });
  $("new").addEventListener("click", () => { $("map").value = ""; loadMap(""); });
  $("clear").addEventListener("click", () => { state.cells.fill(1); invalidate(); });
  $("run").addEventListener("click", () => run(true));
  $("play").addEventListener("click", () => {
    if (state.panels.some((p) => p.answer)) play(); else run(true);
  });
  $("pause").addEventListener("click", stop);
  $("step").addEventListener("click", () => { stop(); advance(1); });
  $("end").addEventListener("click", () => { stop(); advance(Infinity); });
  $("zoom").addEventListener("input", () => { state.zoom = Number($("zoom").value); drawAll(); });
  $("show-costs").addEventListener("change", drawAll);
  $("compare").addEventListener("change", () => {
    $("panel-b").hidden = !$("compare").checked;
    invalidate();
  });
  for (const id of ["diagonal", "corners", "heuristic", "weight", "turn-cost", "wrap-x",
    "wrap-y"]) {
    $(id).addEventListener("change", invalidate);
  }
  newGrid(Number($("cols").value), Number($("rows").value));
  document.body.dataset.ready = "true";
}

init().catch((error) => { $("status").textContent = "could not start: " + error.message; });
