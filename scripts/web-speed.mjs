// scripts/web-speed.sh's measurements: `node scripts/web-speed.mjs NATIVE_SPEED_BINARY`.
// Serves web/ on 127.0.0.1, opens it in headless Chromium (WebDriver over Node's fetch), and in
// the page starts fresh Web Workers (the page's own worker.mjs) to time duel's first move and
// each game's searches; the native example times the same searches. Prints a Markdown table.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { gzipSync } from "node:zlib";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const web = join(root, "web");
const native = process.argv[2];
const data = (p) => readFileSync(join(root, "data", p), "utf8");

// The positions: (game, nodes, millis, text): half a second a search (nodes 0), except Stake
// Your Claim, whose exact solves of ten empty cells end at once (a node limit never reached).
const ffo = data("reversi/ffo40-59.txt").split("\n").filter(Boolean).slice(0, 3).map((l) => l.slice(0, 66));
const filler = (n, seed) => {
  let s = seed;
  const next = () => ((s = (s * 1103515245 + 12345) % 2147483648), s % 10);
  const rows = [];
  for (let r = 0; r < n; r++) rows.push(Array.from({ length: n }, next).join(" "));
  return `${n}\n${rows.join("\n")}\n`;
};
// Stake Your Claim: an 8×8 board with the contest's most empty cells (10), the rest 0s and 1s.
const stake = (seed) => {
  let s = seed * 7919;
  const next = () => ((s = (s * 1103515245 + 12345) % 2147483648), s);
  const marks = Array.from({ length: 64 }, (_, k) => (k < 10 ? "." : k % 2 ? "0" : "1"));
  for (let k = 63; k > 0; k--) {
    const j = next() % (k + 1);
    [marks[k], marks[j]] = [marks[j], marks[k]];
  }
  return Array.from({ length: 8 }, (_, r) => marks.slice(8 * r, 8 * r + 8).join("")).join("\n") + "\n";
};
const cases = [
  ...["-".repeat(27) + "XO------OX" + "-".repeat(27) + " X", ...ffo].map((t) => [0, 0, 500, t]),
  [1, 0, 500, "x5o/7/7/7/7/7/o5x x 0 1"],
  [1, 0, 500, "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"],
  [2, 0, 500, filler(16, 5)],
  [2, 0, 500, filler(20, 11)],
  [3, 0, 500, data("fruit-rage/input5.txt")],
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((seed) => [4, 100000000, 0, stake(seed)]),
];
const GAMES = ["Reversi", "Ataxx", "Filler", "The Fruit Rage", "Stake Your Claim"];
// Their names, as the page's worker takes them (the binding's `duel_games`, in its order).
const NAMES = ["reversi", "ataxx", "filler", "fruit-rage", "stake"];
// The machine may be shared: native and page runs alternate, ROUNDS of each, the best kept.
const ROUNDS = 5;

// Native: one run of every case.
const input = cases.map(([g, n, ms, t]) => `${g} ${n} ${ms} 1\n${t.endsWith("\n") ? t : t + "\n"}%%\n`).join("");
function nativeRound() {
  const run = spawnSync(native, { input, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`native: ${run.stderr}`);
  return run.stdout.trim().split("\n").map((l) => JSON.parse(l));
}
// The faster of two runs of a case.
const faster = (a, b) => (a === undefined || b.nodes / b.millis > a.nodes / a.millis ? b : a);

// The page.
const wasmPath = join(web, "duel.wasm");
const server = createServer((req, res) => {
  const path = req.url === "/" ? "/index.html" : req.url.split("?")[0];
  try {
    const body = readFileSync(join(web, path));
    const type = path.endsWith(".wasm") ? "application/wasm" : path.endsWith(".mjs") ? "text/javascript" : path.endsWith(".css") ? "text/css" : "text/html";
    res.writeHead(200, { "content-type": type }).end(body);
  } catch {
    res.writeHead(404).end();
  }
}).listen(0, "127.0.0.1");
await new Promise((r) => server.once("listening", r));
const url = `http://127.0.0.1:${server.address().port}/`;
const port = 9600 + Math.floor(Math.random() * 300);
const driver = spawn("chromedriver", [`--port=${port}`], { stdio: "ignore" });
const base = `http://127.0.0.1:${port}`;
const wd = async (method, path, body) => {
  const r = await fetch(base + path, { method, headers: { "content-type": "application/json" }, body: body && JSON.stringify(body) });
  const j = await r.json();
  if (!r.ok) throw new Error(JSON.stringify(j.value));
  return j.value;
};
let session;
try {
  for (let k = 0; ; k++) {
    try { await fetch(`${base}/status`); break; } catch (e) { if (k > 200) throw e; await new Promise((r) => setTimeout(r, 50)); }
  }
  session = (await wd("POST", "/session", { capabilities: { alwaysMatch: { browserName: "chrome", "goog:chromeOptions": { binary: "/usr/bin/chromium", args: ["--headless=new", "--no-sandbox", "--disable-gpu"] } } } })).sessionId;
  await wd("POST", `/session/${session}/timeouts`, { script: 600000 });
  await wd("POST", `/session/${session}/url`, { url });
  const inPage = (script, args) => wd("POST", `/session/${session}/execute/async`, { script, args });
  // Time to first move: a new worker (fetch, compile and instantiate the .wasm) to its first
  // Reversi move at 20,000 nodes; the second worker finds the compiled .wasm in the cache.
  const first = await inPage(`
    const done = arguments[0];
    (async () => {
      const first = [];
      for (let k = 0; k < 2; k++) {
        const t0 = performance.now();
        const w = new Worker("worker.mjs", { type: "module" });
        await new Promise((resolve) => { w.onmessage = resolve; w.postMessage({ id: 1, op: "move", game: "reversi", text: "${"-".repeat(27)}XO------OX${"-".repeat(27)} X", limit: { nodes: 20000 } }); });
        first.push(performance.now() - t0);
        w.terminate();
      }
      window.bench = new Worker("worker.mjs", { type: "module" });
      done(first);
    })();`, []);
  let nativeTimes = [], pageTimes = [];
  for (let round = 0; round < ROUNDS; round++) {
    nativeTimes = nativeRound().map((t, k) => faster(nativeTimes[k], t));
    const times = await inPage(`
      const [cases, names, done] = arguments;
      const ask = (req) => new Promise((resolve) => { window.bench.onmessage = ({ data }) => resolve(data); window.bench.postMessage({ id: 1, ...req }); });
      (async () => {
        const times = [];
        for (const [game, nodes, millis, text] of cases) {
          const a = await ask({ op: "move", game: names[game], text, limit: nodes > 0 ? { nodes } : { millis } });
          times.push({ game, nodes: a.result.nodes, millis: a.millis });
        }
        done(times);
      })();`, [cases, NAMES]);
    pageTimes = times.map((t, k) => faster(pageTimes[k], t));
  }
  const page = { first, times: pageTimes, agent: await inPage("arguments[0](navigator.userAgent)", []) };
  // Per game: total nodes / total time, over its positions.
  const sum = (list, g) => list.filter((t) => t.game === g).reduce((a, t) => [a[0] + t.nodes, a[1] + t.millis], [0, 0]);
  console.log(`| game | positions | native kN/s | page kN/s | page / native |`);
  console.log(`|---|---|---|---|---|`);
  for (let g = 0; g < 5; g++) {
    const [nn, nm] = sum(nativeTimes, g);
    const [pn, pm] = sum(page.times, g);
    const count = cases.filter((c) => c[0] === g).length;
    console.log(`| ${GAMES[g]} | ${count} | ${(nn / nm).toFixed(0)} | ${(pn / pm).toFixed(0)} | ${((100 * (pn / pm)) / (nn / nm)).toFixed(0)}% |`);
  }
  const raw = statSync(wasmPath).size;
  const gz = gzipSync(readFileSync(wasmPath), { level: 9 }).length;
  console.log(`\n.wasm: ${raw} bytes raw, ${gz} bytes gzipped (-9)`);
  console.log(`time to first move (new worker to Reversi's first move at 20,000 nodes): ${page.first.map((t) => t.toFixed(0) + " ms").join(", then (cached) ")}`);
  console.log(`browser: ${page.agent}`);
  console.log(`native per case: ${JSON.stringify(nativeTimes)}`);
  console.log(`page per case: ${JSON.stringify(page.times)}`);
} finally {
  if (session) await wd("DELETE", `/session/${session}`).catch(() => {});
  driver.kill();
  server.close();
}
