// Runs duel's WebAssembly binding under Node: `node run.mjs duel_wasm.wasm < cases.json`.
// Each case is {"op": "move"|"legal"|"play", "game": 0-4, "text": "...", "nodes": N,
// "move": "..."} ("op" defaults to "move"); each answer (the binding's JSON line, an error
// included) is printed on a line of its own, in order. It loads the binding with the page's own
// loader (web/duel.mjs), so the page and this test call the exports the same way.
import { readFileSync } from "node:fs";
import { loadDuel } from "../../web/duel.mjs";

const duel = await loadDuel(readFileSync(process.argv[2]));
const cases = JSON.parse(readFileSync(0, "utf8"));
for (const c of cases) {
  let answer;
  switch (c.op ?? "move") {
    case "move":
      answer = duel.moveText(c.game, c.text, { nodes: c.nodes });
      break;
    case "legal":
      answer = duel.legalText(c.game, c.text);
      break;
    case "play":
      answer = duel.playText(c.game, c.text, c.move);
      break;
    default:
      throw new Error(`unknown op ${c.op}`);
  }
  console.log(answer);
}
