// Drives the page (web/) in headless Chromium over WebDriver, with Node's own fetch (no npm
// packages): `node drive.mjs PLAN.json`. The plan: {chromedriver, chromium, url, out, games:
// [{game, size, side, nodes, seed, undo, midShotAt}], reviews: [{game, record, analysis,
// nodes, steps}]}. For each game it sets up a new game through the page's controls, plays the
// human side by clicking the first legal move the page offers until the game is over (once
// pressing Undo, when asked), screenshots the page (in the middle of the game too, when asked)
// and reports what the page played; then it loads each record in Review, steps through it and
// screenshots it. The report (JSON) goes to stdout; the Rust test (tests/it/browser.rs) checks
// it.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";

const plan = JSON.parse(readFileSync(process.argv[2], "utf8"));
const log = (...a) => process.stderr.write(`drive: ${a.join(" ")}\n`);

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, "127.0.0.1", () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  });
});
const driver = spawn(plan.chromedriver, [`--port=${port}`], { stdio: ["ignore", "ignore", "inherit"] });
const base = `http://127.0.0.1:${port}`;

async function wd(method, path, body) {
  const response = await fetch(base + path, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok || json.value?.error) throw new Error(`${method} ${path}: ${JSON.stringify(json.value)}`);
  return json.value;
}

let session;
try {
  for (let tries = 0; ; tries++) {
    try {
      await fetch(`${base}/status`);
      break;
    } catch (e) {
      if (tries > 200) throw new Error(`chromedriver did not start: ${e.message}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const created = await wd("POST", "/session", {
    capabilities: {
      alwaysMatch: {
        browserName: "chrome",
        "goog:chromeOptions": {
          binary: plan.chromium,
          args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1000,900"],
        },
      },
    },
  });
  session = created.sessionId;
  const s = (path) => `/session/${session}${path}`;
  const run = (script, ...args) => wd("POST", s("/execute/sync"), { script, args });
  const find = async (css) => {
    const found = await wd("POST", s("/element"), { using: "css selector", value: css });
    return found["element-6066-11e4-a52e-4fb0ba5fe5ec"] ?? found.ELEMENT ?? Object.values(found)[0];
  };
  const click = async (css) => wd("POST", s(`/element/${await find(css)}/click`), {});
  const type = async (css, text) => {
    const el = await find(css);
    await wd("POST", s(`/element/${el}/clear`), {});
    await wd("POST", s(`/element/${el}/value`), { text: String(text) });
  };
  const screenshot = async (file) => {
    const png = Buffer.from(await wd("GET", s("/screenshot")), "base64");
    writeFileSync(file, png);
    return file;
  };
  // Waits (polling) until the body's data attribute `key` is one of `values`. Each step takes
  // well under a second; the five-minute guard only turns a hung page into a failure that says
  // so instead of a test that never ends (no assertion here depends on speed).
  const until = async (key, values) => {
    const guard = Date.now() + 300000;
    for (;;) {
      if (Date.now() > guard) throw new Error(`the page never reached ${key} ${values.join("/")} (hung?)`);
      const state = await run(`return document.body.dataset[arguments[0]] ?? ""`, key);
      if (values.includes(state)) return state;
      if (state === "error") throw new Error(`the page says: ${await run(`return document.getElementById("status").textContent + " " + document.getElementById("review-status").textContent`)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  await wd("POST", s("/url"), { url: plan.url });
  await until("state", ["human", "thinking", "over"]);
  const report = { games: [] };
  for (const g of plan.games) {
    const started = Date.now();
    await click(`#game option[value="${g.game}"]`);
    if (g.size) await type("#size", g.size);
    await click(`#side option[value="${g.side}"]`);
    await click(`#limit-kind option[value="nodes"]`);
    await type("#limit", g.nodes);
    await type("#seed", g.seed);
    await click("#new");
    let clicks = 0;
    let played = -1;
    const shots = {};
    for (;;) {
      const state = await until("state", ["human", "over"]);
      const now = await run(`return window.duel.play.moves.length`);
      if (now <= played) throw new Error(`${g.game}: the page did not take the move at ply ${now}: ${await run(`return document.getElementById("status").textContent`)}`);
      played = now;
      if (state === "over") break;
      // A screenshot in the middle of the game too, at the first human turn from ply `midShotAt`.
      if (g.midShotAt !== undefined && !shots.mid && now >= g.midShotAt) shots.mid = await screenshot(`${plan.out}/${g.game}-mid.png`);
      // Once, when asked: take back the last human move (and duel's answer) with Undo.
      if (g.undo && report.undo === undefined && now >= 4) {
        await click("#undo");
        await until("state", ["human"]);
        report.undo = { game: g.game, from: now, to: await run(`return window.duel.play.moves.length`) };
        played = report.undo.to - 1;
        continue;
      }
      const moves = JSON.parse(await run(`return document.getElementById("legal").dataset.moves`));
      if (moves.length === 0) throw new Error(`${g.game}: the human's turn offers no move`);
      const mv = moves[0];
      // Each game's controls: a cell, a piece then a cell (an Ataxx jump), a colour, or Pass.
      if (mv === "pass" || mv === "0000") await click("#pass");
      else if (g.game === "filler") await click(`#palette button[data-colour="${mv}"]`);
      else if (g.game === "ataxx" && mv.length === 4) {
        await click(`#board [data-name="${mv.slice(0, 2)}"]`);
        await click(`#board [data-name="${mv.slice(2)}"]`);
      } else await click(`#board [data-name="${mv}"]`);
      clicks++;
    }
    const page = await run(`
      const p = window.duel.play;
      return { texts: p.texts, moves: p.moves, decisions: p.decisions.map((d) => d && { move: d.move, score: d.score, exact: d.exact, depth: d.depth, nodes: d.nodes, pv: d.pv }),
               cells: document.querySelectorAll("#board .cell").length, status: document.getElementById("status").textContent };`);
    const file = await screenshot(`${plan.out}/${g.game}.png`);
    report.games.push({ ...g, ...page, clicks, screenshot: file, midScreenshot: shots.mid ?? null, millis: Date.now() - started });
    log(`${g.game}: ${page.moves.length} plies, ${clicks} clicks, ${Date.now() - started} ms: ${page.status}`);
  }
  report.reviews = [];
  if (plan.reviews?.length) await click("#tab-review");
  for (const [k, r] of (plan.reviews ?? []).entries()) {
    const started = Date.now();
    await click(`#review-game option[value="${r.game}"]`);
    await type("#review-nodes", r.nodes);
    await run(`document.getElementById("record").value = arguments[0]; document.getElementById("analysis").value = arguments[1];`, r.record, r.analysis ?? "");
    await run(`document.body.dataset.review = "";`);
    await click("#load");
    await until("review", ["ready"]);
    await click("#review-first");
    const steps = [];
    for (let i = 0; i < r.steps; i++) {
      await click("#review-next");
      steps.push(await run(`return document.getElementById("review-ply").textContent`));
    }
    const page = await run(`
      const r = window.duel.review;
      return { games: r.games.length, positions: r.positions, moves: r.moves, values: r.values, source: r.source, ply: r.ply,
               cells: document.querySelectorAll("#review-board .cell").length, points: Number(document.getElementById("curve").dataset.points) };`);
    const file = await screenshot(`${plan.out}/review-${k}-${r.game}.png`);
    report.reviews.push({ ...page, steps, screenshot: file, millis: Date.now() - started });
    log(`review ${k}: ${page.positions.length} positions, curve from ${page.source}, ${Date.now() - started} ms`);
  }
  process.stdout.write(JSON.stringify(report));
} finally {
  if (session) await wd("DELETE", `/session/${session}`).catch(() => {});
  driver.kill();
}
