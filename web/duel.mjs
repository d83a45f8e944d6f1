// duel's WebAssembly binding, loaded without generated glue: the page (in its Web Worker), the
// Node tests and the speed script all call the exports through this module.
//
// The binding exports `duel_buffer()`/`duel_buffer_len()` (a buffer of UTF-8 text),
// `duel_games()` (the games' names, by number), `duel_move(game, len, nodes, millis)`,
// `duel_legal(game, len)` and `duel_play(game, len, move_len)`; each reads its input from the
// buffer and writes its JSON answer back, returning the answer's length (negated for an error).
// It imports one function, `env.duel_now_millis`, the host's clock. This module's calls take a
// game by its name (`"fruit-rage"`) and pass the binding its number.

/**
 * Instantiates the binding from its bytes (an ArrayBuffer or typed array) or a compiled
 * WebAssembly.Module, and returns its calls.
 */
export async function loadDuel(source) {
  const imports = { env: { duel_now_millis: () => performance.now() } };
  const instance =
    source instanceof WebAssembly.Module
      ? await WebAssembly.instantiate(source, imports)
      : (await WebAssembly.instantiate(source, imports)).instance;
  const x = instance.exports;
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const capacity = x.duel_buffer_len();

  // Writes the texts one after the other into the buffer; returns their byte lengths.
  function put(...texts) {
    const buffer = new Uint8Array(x.memory.buffer, x.duel_buffer(), capacity);
    const lengths = [];
    let at = 0;
    for (const text of texts) {
      const bytes = encoder.encode(text);
      if (at + bytes.length > capacity) throw new Error("input too long for the buffer");
      buffer.set(bytes, at);
      at += bytes.length;
      lengths.push(bytes.length);
    }
    return lengths;
  }

  // The answer of length |n| the last call left in the buffer.
  function take(n) {
    return decoder.decode(new Uint8Array(x.memory.buffer, x.duel_buffer(), Math.abs(n)));
  }

  // The binding's games: their names by number, from its registry.
  const games = JSON.parse(take(x.duel_games())).games;
  const number = (game) => {
    const n = games.indexOf(game);
    if (n < 0) throw new Error(`no game named ${game} (the binding has ${games.join(", ")})`);
    return n;
  };

  const api = {
    /** The names of the binding's games. */
    games,
    /** The engine's decision as the binding's JSON text; `limit` is {nodes} or {millis}. */
    moveText(game, text, limit) {
      const [len] = put(text);
      return take(x.duel_move(number(game), len, limit.nodes ?? 0, limit.millis ?? 0));
    },
    /** The legal moves as JSON text. */
    legalText(game, text) {
      const [len] = put(text);
      return take(x.duel_legal(number(game), len));
    },
    /** The position after `move` as JSON text. */
    playText(game, text, move) {
      const [len, moveLen] = put(text, move);
      return take(x.duel_play(number(game), len, moveLen));
    },
    /** The decision as an object ({error} for an error). */
    move: (game, text, limit) => JSON.parse(api.moveText(game, text, limit)),
    /** {moves, over, score} (or {error}). */
    legal: (game, text) => JSON.parse(api.legalText(game, text)),
    /** {move, position, points} (or {error}). */
    play: (game, text, move) => JSON.parse(api.playText(game, text, move)),
  };
  return api;
}
