// Runs duel's WebAssembly binding under Node: `node run.mjs duel_wasm.wasm < cases.json`.
// Each case is {"op": "move"|"legal"|"play"|"games", "game": NAME, "text": "...", "nodes": N,
// "move": "..."} ("op" defaults to "move"); each answer (the binding's JSON line, an error
// included; the loader's refusal as {"error": ...}; for "games", the loader's list of the
// binding's games as {"games": [...]}) is printed on a line of its own, in order. It loads the binding with the page's own
// loader (web/duel.mjs), so the page and this test call the exports the same way.
import { readFileSync } from "node:fs";
import { loadDuel } from "../../web/duel.mjs";

const duel = await loadDuel(readFileSync(process.argv[2]));
const cases = JSON.parse(readFileSync(0, "utf8"));
for (const c of cases) {
  let answer;
  try {
    answer = ask(c);
  } catch (e) {
    answer = JSON.stringify({ error: e.message });
  }
  console.log(answer);
}

// The answer to one case, as text.
function ask(c) {
  switch (c.op ?? "move") {
    case "move":
      return duel.moveText(c.game, c.text, { nodes: c.nodes });
    case "legal":
      return duel.legalText(c.game, c.text);
    case "play":
      return duel.playText(c.game, c.text, c.move);
    case "games":
      return JSON.stringify({ games: duel.games });
    default:
      throw new Error(`unknown op ${c.op}`);
  }
}
