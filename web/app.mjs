// The page: play any of the five games against duel, or review an arena record. Every call to
// the engine goes to a Web Worker (worker.mjs), so a search never freezes the page; a new game
// or an undo while duel thinks ends that worker and starts another.
import { GAMES, PALETTE, rng } from "./games.mjs";
import { parseRecord, parseAnalysis, blackValue } from "./records.mjs";

const $ = (id) => document.getElementById(id);

/** A worker running the binding; `call` answers one request. */
class Engine {
  constructor() {
    this.next = 0;
    this.start();
  }
  start() {
    this.worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
    this.pending = new Map();
    this.worker.onmessage = ({ data }) => {
      const p = this.pending.get(data.id);
      if (!p) return;
      this.pending.delete(data.id);
      if (data.failure) p.reject(new Error(data.failure));
      else p.resolve({ ...data.result, millis: data.millis });
    };
    this.worker.onerror = (e) => {
      for (const p of this.pending.values()) p.reject(new Error(e.message || "the engine's worker failed"));
      this.pending.clear();
    };
  }
  call(request) {
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...request });
    });
  }
  /** Ends a search in progress: its answer never comes. */
  restart() {
    if (this.pending.size === 0) return;
    this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new Error("cancelled"));
    this.start();
  }
}

const engine = new Engine();
const reviewEngine = new Engine();

// ---------------------------------------------------------------- drawing a board

function render(el, key, text, ply, { legal = [], selected = null, last = null, onclick = null } = {}) {
  const game = GAMES[key];
  const { n, cells } = game.board(text, ply);
  el.className = `board ${key}`;
  el.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
  el.replaceChildren();
  const legalCells = new Set(game.legalCells(legal));
  for (const cell of cells) {
    const div = document.createElement("div");
    div.className = "cell";
    div.dataset.name = cell.name;
    div.dataset.r = cell.r;
    div.dataset.c = cell.c;
    if (cell.colour) div.style.background = cell.colour;
    if (cell.owner) div.classList.add(`own-${cell.owner}`);
    if (cell.piece) {
      const piece = document.createElement("div");
      piece.className = `piece ${cell.piece}`;
      if (cell.label) piece.textContent = cell.label;
      div.append(piece);
    } else if (cell.fruit && cell.fruit !== "*") {
      div.textContent = cell.fruit;
    }
    if (legalCells.has(cell.name)) div.classList.add("legal");
    if (selected === cell.name) div.classList.add("selected");
    if (last && last === cell.name) div.classList.add("last");
    if (onclick) div.addEventListener("click", () => onclick(cell));
    el.append(div);
  }
}

/** The cell a move's mark goes on, for highlighting. */
function lastCell(key, move) {
  if (!move) return null;
  if (key === "ataxx") return move === "0000" ? null : move.slice(-2);
  if (key === "reversi" || key === "stake") return move;
  return null;
}

// ---------------------------------------------------------------- playing

const play = {
  key: "reversi",
  human: 0,
  texts: [],
  moves: [],
  decisions: [],
  points: [0, 0],
  legal: { moves: [], over: false, score: 0 },
  selected: null,
  generation: 0,
};
window.duel = { play, review: null };

function setState(s) {
  document.body.dataset.state = s;
}

function mover() {
  return GAMES[play.key].mover(play.texts.at(-1), play.moves.length);
}

function limit() {
  const value = Math.max(1, Number($("limit").value) || 1);
  return $("limit-kind").value === "nodes" ? { nodes: value } : { millis: value };
}

function newGame() {
  engine.restart();
  play.generation++;
  const key = $("game").value;
  const game = GAMES[key];
  play.key = key;
  play.human = Number($("side").value);
  const random = rng(Number($("seed").value) || 1);
  let size = null;
  if (game.size) {
    size = Math.min(game.size.max, Math.max(game.size.min, Number($("size").value) || game.size.value));
    $("size").value = size;
  }
  play.texts = [game.start(size, random)];
  play.moves = [];
  play.decisions = [];
  play.points = [0, 0];
  play.gained = [];
  play.selected = null;
  for (const id of ["eval", "depth", "nodes", "line"]) $(id).textContent = "–";
  turn();
}

function sizeControl() {
  const game = GAMES[$("game").value];
  $("size-label").hidden = !game.size;
  if (game.size) {
    $("size").min = game.size.min;
    $("size").max = game.size.max;
    $("size").value = game.size.value;
  }
}

function result() {
  const game = GAMES[play.key];
  const text = play.texts.at(-1);
  let first;
  if (play.key === "fruit-rage") first = play.points[0] - play.points[1];
  else if (play.key === "stake") first = (mover() === 0 ? 1 : -1) * play.legal.score;
  else {
    const [a, b] = game.counts(text, play.moves.length);
    first = a - b;
  }
  const you = play.human === 0 ? first : -first;
  return you > 0 ? `You win by ${you}.` : you < 0 ? `duel wins by ${-you}.` : "A draw.";
}

function showScore() {
  const game = GAMES[play.key];
  const text = play.texts.at(-1);
  let line = "";
  if (play.key === "fruit-rage") line = `points: ${game.names[0]} ${play.points[0]}, ${game.names[1]} ${play.points[1]}`;
  else if (play.key === "stake") line = `largest region lead of the side to move (${game.names[mover()]}): ${play.legal.score}`;
  else {
    const [a, b] = game.counts(text, play.moves.length);
    line = `${game.names[0]} ${a}, ${game.names[1]} ${b}`;
  }
  if (play.key === "filler") line += ` (move ${play.moves.length} of ${game.moveLimit})`;
  $("score").textContent = line;
}

function showMoves() {
  const list = $("moves");
  list.replaceChildren();
  play.moves.forEach((mv, i) => {
    const li = document.createElement("li");
    li.textContent = mv;
    li.dataset.move = mv;
    li.dataset.by = play.decisions[i] ? "duel" : "you";
    list.append(li);
  });
}

function draw() {
  const key = play.key;
  const human = !play.over && mover() === play.human && document.body.dataset.state === "human";
  render($("board"), key, play.texts.at(-1), play.moves.length, {
    legal: human ? play.legal.moves : [],
    selected: play.selected,
    last: lastCell(key, play.moves.at(-1)),
    onclick: human ? clicked : null,
  });
  const palette = $("palette");
  palette.replaceChildren();
  if (key === "filler") {
    PALETTE.forEach((colour, k) => {
      const b = document.createElement("button");
      b.type = "button";
      b.style.background = colour;
      b.dataset.colour = String(k);
      b.title = `colour ${k}`;
      b.disabled = !human || !play.legal.moves.includes(String(k));
      b.addEventListener("click", () => humanMove(String(k)));
      palette.append(b);
    });
  }
  $("pass").disabled = !(human && play.legal.moves.length === 1 && play.legal.moves[0] === GAMES[key].passMove);
  $("legal").dataset.moves = JSON.stringify(human ? play.legal.moves : []);
  $("legal").textContent = human ? play.legal.moves.join(" ") : "";
  showScore();
  showMoves();
}

async function turn() {
  const generation = play.generation;
  const game = GAMES[play.key];
  setState("busy");
  let legal;
  try {
    legal = await engine.call({ op: "legal", game: play.key, text: play.texts.at(-1) });
  } catch (e) {
    if (generation === play.generation && e.message !== "cancelled") fail(e.message);
    return;
  }
  if (generation !== play.generation) return;
  if (legal.error) return fail(legal.error);
  $("engine-state").textContent = "engine: duel.wasm in a Web Worker";
  play.legal = legal;
  play.over = legal.over || (game.moveLimit !== undefined && play.moves.length >= game.moveLimit);
  if (play.over) {
    setState("over");
    $("status").textContent = `Game over. ${result()}`;
    draw();
    return;
  }
  if (mover() === play.human) {
    setState("human");
    $("status").textContent = `Your move (${game.names[play.human]}).`;
    draw();
    return;
  }
  setState("thinking");
  $("status").textContent = "duel is thinking…";
  draw();
  let decision;
  try {
    decision = await engine.call({ op: "move", game: play.key, text: play.texts.at(-1), limit: limit() });
  } catch (e) {
    if (generation === play.generation && e.message !== "cancelled") fail(e.message);
    return;
  }
  if (generation !== play.generation) return;
  if (decision.error) return fail(decision.error);
  showDecision(decision);
  await apply(decision.move, decision, generation);
}

function showDecision(d) {
  let value = `${d.score}`;
  if (play.key === "reversi" || play.key === "ataxx") {
    const v = blackValue(play.key, d, true);
    value = `${v.value >= 0 ? "+" : ""}${v.exact ? v.value : v.value.toFixed(2)} ${play.key === "reversi" ? "discs" : "pieces"}`;
  }
  $("eval").textContent = `${value}${d.exact ? " (exact)" : ""} for duel`;
  $("depth").textContent = String(d.depth);
  const nps = d.millis > 0 ? ` in ${Math.round(d.millis)} ms, ${Math.round(d.nodes / d.millis)}k nodes/s` : "";
  $("nodes").textContent = `${d.nodes}${nps}`;
  $("line").textContent = d.pv.join(" ");
}

async function apply(move, decision, generation) {
  const game = GAMES[play.key];
  const before = mover();
  let next;
  try {
    next = await engine.call({ op: "play", game: play.key, text: play.texts.at(-1), move });
  } catch (e) {
    if (generation === play.generation) fail(e.message);
    return;
  }
  if (generation !== play.generation) return;
  if (next.error) {
    // A refused click: say why and let the player try again.
    $("status").textContent = next.error;
    setState("human");
    draw();
    return;
  }
  play.texts.push(next.position);
  play.moves.push(next.move);
  play.decisions.push(decision);
  play.gained.push([before, next.points]);
  play.points[before] += next.points;
  play.selected = null;
  turn();
}

function fail(message) {
  setState("error");
  $("status").textContent = `Error: ${message}`;
}

function clicked(cell) {
  if (document.body.dataset.state !== "human") return;
  const game = GAMES[play.key];
  const answer = game.click(cell.name, play.selected, play.legal.moves, cell);
  if (answer.select) {
    play.selected = answer.select;
    draw();
  } else if (answer.move) {
    humanMove(answer.move);
  }
}

function humanMove(move) {
  if (document.body.dataset.state !== "human") return;
  setState("busy");
  apply(move, null, play.generation);
}

function undo() {
  if (play.moves.length === 0) return;
  engine.restart();
  play.generation++;
  // Back to the human's last turn: take back its move and every engine move after it.
  do {
    play.texts.pop();
    const mv = play.moves.pop();
    const d = play.decisions.pop();
    const [who, points] = play.gained.pop() ?? [0, 0];
    play.points[who] -= points;
    if (!d && mv !== undefined) break;
  } while (play.moves.length > 0);
  play.selected = null;
  turn();
}

// ---------------------------------------------------------------- reviewing

const review = { games: [], curves: [], index: 0, positions: [], moves: [], values: [], ply: 0, source: "", generation: 0 };
window.duel.review = review;

async function loadRecord() {
  const key = $("review-game").value;
  review.key = key;
  try {
    review.games = parseRecord(key, $("record").value);
    review.curves = $("analysis").value.trim() ? parseAnalysis($("analysis").value) : [];
  } catch (e) {
    $("review-status").textContent = `Error: ${e.message}`;
    document.body.dataset.review = "error";
    return;
  }
  const select = $("review-index");
  select.replaceChildren(
    ...review.games.map((g, i) => {
      const o = document.createElement("option");
      o.value = String(i);
      o.textContent = g.label;
      return o;
    }),
  );
  await showReviewGame(0);
}

async function showReviewGame(index) {
  reviewEngine.restart();
  const generation = ++review.generation;
  document.body.dataset.review = "loading";
  const key = review.key;
  const game = GAMES[key];
  const record = review.games[index];
  review.index = index;
  $("review-result").textContent = `${record.label}: ${record.result}`;
  const call = (r) => reviewEngine.call({ game: key, ...r });
  // Replays the opening, then the record's moves (a pass the record leaves implied is played).
  let text = record.start;
  const step = async (move) => {
    const legal = await call({ op: "legal", text });
    if (legal.error) throw new Error(legal.error);
    if (legal.moves.length === 1 && legal.moves[0] === game.passMove && move !== game.passMove) {
      text = (await call({ op: "play", text, move: game.passMove })).position;
    }
    const next = await call({ op: "play", text, move });
    if (next.error) throw new Error(`move ${move}: ${next.error}`);
    const ply = review.moves.length;
    lead += (ply % 2 === 0 ? 1 : -1) * next.points;
    text = next.position;
    return next.move;
  };
  // The first player's points so far, a position each (The Fruit Rage).
  let lead = 0;
  try {
    review.moves = [];
    for (const mv of record.opening) await step(mv);
    review.positions = [text];
    review.moves = [];
    review.leads = [0];
    lead = 0;
    for (const mv of record.moves) {
      review.moves.push(await step(mv));
      review.positions.push(text);
      review.leads.push(lead);
    }
  } catch (e) {
    if (generation !== review.generation) return;
    $("review-status").textContent = `Error: ${e.message}`;
    document.body.dataset.review = "error";
    return;
  }
  if (generation !== review.generation) return;
  review.ply = review.positions.length - 1;
  review.values = [];
  const curve = review.curves[index];
  if (curve && curve.length === review.positions.length) {
    review.values = curve;
    review.source = "duel analyze (from the report)";
  } else {
    review.source = `duel in this page, ${Number($("review-nodes").value) || 20000} nodes a position`;
    if (curve) review.source += ` (the report's curve has ${curve.length} values for ${review.positions.length} positions)`;
  }
  showReview();
  if (review.values.length === 0) await computeCurve(generation);
  if (generation === review.generation) document.body.dataset.review = "ready";
}

async function computeCurve(generation) {
  const key = review.key;
  const game = GAMES[key];
  const nodes = Math.max(1, Number($("review-nodes").value) || 20000);
  for (const [ply, text] of review.positions.entries()) {
    const black = game.mover(text, ply) === 0;
    const lead = review.leads[ply];
    let value;
    const legal = await reviewEngine.call({ op: "legal", game: key, text });
    const atLimit = game.moveLimit !== undefined && ply >= game.moveLimit;
    if (legal.over || atLimit) {
      const [b, w] = key === "fruit-rage" ? [lead, 0] : game.counts(text, ply);
      value = { value: b - w, exact: true };
    } else {
      const d = await reviewEngine.call({ op: "move", game: key, text, limit: { nodes } });
      if (generation !== review.generation) return;
      value = d.error ? { value: 0, exact: false } : blackValue(key, d, black, lead);
    }
    if (generation !== review.generation) return;
    review.values.push(value);
    drawCurve();
  }
}

function showReview() {
  const key = review.key;
  const ply = review.ply;
  render($("review-board"), key, review.positions[ply], ply, { last: lastCell(key, review.moves[ply - 1]) });
  $("review-ply").textContent = `position ${ply} of ${review.positions.length - 1}${ply > 0 ? `, after ${review.moves[ply - 1]}` : ""}`;
  const v = review.values[ply];
  $("review-value").textContent = v
    ? `value for ${GAMES[key].names[0]}: ${v.value >= 0 ? "+" : ""}${v.exact ? v.value : v.value.toFixed(1)}${v.exact ? " (exact)" : ""} — ${review.source}`
    : `computing… — ${review.source}`;
  $("review-status").textContent = `${review.positions.length} positions`;
  drawCurve();
}

function drawCurve() {
  const svg = $("curve");
  const W = 400, H = 160, pad = 8;
  const n = Math.max(review.positions.length - 1, 1);
  const top = Math.max(1, ...review.values.map((v) => Math.abs(v.value)));
  const x = (i) => pad + ((W - 2 * pad) * i) / n;
  const y = (v) => H / 2 - ((H / 2 - pad) * v) / top;
  const points = review.values.map((v, i) => `${x(i).toFixed(1)},${y(v.value).toFixed(1)}`).join(" ");
  svg.innerHTML =
    `<line x1="0" y1="${H / 2}" x2="${W}" y2="${H / 2}" stroke="#999"/>` +
    `<line x1="${x(review.ply)}" y1="0" x2="${x(review.ply)}" y2="${H}" stroke="#c33"/>` +
    `<polyline fill="none" stroke="#2f4f3f" stroke-width="2" points="${points}"/>` +
    review.values.map((v, i) => `<circle cx="${x(i)}" cy="${y(v.value)}" r="${v.exact ? 2.5 : 1.5}" fill="${v.exact ? "#c33" : "#2f4f3f"}"/>`).join("") +
    `<text x="4" y="12" font-size="10">+${top.toFixed(1)}</text><text x="4" y="${H - 3}" font-size="10">-${top.toFixed(1)}</text>`;
  svg.dataset.points = String(review.values.length);
  const v = review.values[review.ply];
  if (v) $("review-value").textContent = `value for ${GAMES[review.key].names[0]}: ${v.value >= 0 ? "+" : ""}${v.exact ? v.value : v.value.toFixed(1)}${v.exact ? " (exact)" : ""} — ${review.source}`;
}

function goTo(ply) {
  if (review.positions.length === 0) return;
  review.ply = Math.min(review.positions.length - 1, Math.max(0, ply));
  showReview();
}

// ---------------------------------------------------------------- wiring

for (const tab of document.querySelectorAll(".tab")) {
  tab.addEventListener("click", () => {
    for (const t of document.querySelectorAll(".tab")) t.classList.toggle("active", t === tab);
    $("play").hidden = tab.dataset.tab !== "play";
    $("review").hidden = tab.dataset.tab !== "review";
  });
}
$("game").addEventListener("change", () => {
  sizeControl();
  newGame();
});
$("new").addEventListener("click", newGame);
$("undo").addEventListener("click", undo);
$("pass").addEventListener("click", () => humanMove(GAMES[play.key].passMove));
$("load").addEventListener("click", loadRecord);
$("review-index").addEventListener("change", () => showReviewGame(Number($("review-index").value)));
$("review-first").addEventListener("click", () => goTo(0));
$("review-prev").addEventListener("click", () => goTo(review.ply - 1));
$("review-next").addEventListener("click", () => goTo(review.ply + 1));
$("review-last").addEventListener("click", () => goTo(review.positions.length - 1));
$("curve").addEventListener("click", (e) => {
  const box = $("curve").getBoundingClientRect();
  goTo(Math.round(((e.clientX - box.left) / box.width) * (review.positions.length - 1)));
});
$("record-file").addEventListener("change", async () => {
  const file = $("record-file").files[0];
  if (file) $("record").value = await file.text();
});

sizeControl();
newGame();
