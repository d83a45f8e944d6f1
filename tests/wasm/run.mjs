// Runs duel's WebAssembly binding under Node: `node run.mjs duel_wasm.wasm < cases.json`.
// Each case is {"game": 0-4, "text": "...", "nodes": N}; each answer (the binding's JSON line,
// an error included) is printed on a line of its own, in order.
import { readFileSync } from "node:fs";

const wasm = readFileSync(process.argv[2]);
const cases = JSON.parse(readFileSync(0, "utf8"));
const { instance } = await WebAssembly.instantiate(wasm, {
  env: { duel_now_millis: () => performance.now() },
});
const duel = instance.exports;
const encoder = new TextEncoder();
const decoder = new TextDecoder();
for (const c of cases) {
  const bytes = encoder.encode(c.text);
  const buffer = new Uint8Array(duel.memory.buffer, duel.duel_buffer(), duel.duel_buffer_len());
  buffer.set(bytes);
  const n = duel.duel_move(c.game, bytes.length, c.nodes, 0);
  const answer = new Uint8Array(duel.memory.buffer, duel.duel_buffer(), Math.abs(n));
  console.log(decoder.decode(answer));
}
