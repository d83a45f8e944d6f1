// The engine's Web Worker: loads duel.wasm once and answers the page's requests, so that a
// search never freezes the page. A request is {id, op: "move"|"legal"|"play", game, text,
// move, limit}; the answer is {id, result} with the binding's parsed JSON ({error} included),
// or {id, failure} when the binding could not run at all.
import { loadDuel } from "./duel.mjs";

const ready = fetch(new URL("./duel.wasm", import.meta.url))
  .then((response) => {
    if (!response.ok) throw new Error(`duel.wasm: HTTP ${response.status} (run scripts/web-build.sh)`);
    return response.arrayBuffer();
  })
  .then(loadDuel);

self.onmessage = async ({ data }) => {
  try {
    const duel = await ready;
    let result;
    const started = performance.now();
    if (data.op === "move") result = duel.move(data.game, data.text, data.limit);
    else if (data.op === "legal") result = duel.legal(data.game, data.text);
    else if (data.op === "play") result = duel.play(data.game, data.text, data.move);
    else throw new Error(`unknown request ${data.op}`);
    self.postMessage({ id: data.id, result, millis: performance.now() - started });
  } catch (e) {
    self.postMessage({ id: data.id, failure: String(e?.message ?? e) });
  }
};
