// Game records as duel's arena writes them (`duel arena --record`: JSON lines; `--ggf` for
// Reversi; `--pgn` for Ataxx), read into {label, start, moves, result}; and `duel analyze`
// reports read into one value curve per game.

const REVERSI_START = "-".repeat(27) + "XO------OX" + "-".repeat(27) + " X";
const ATAXX_START = "x5o/7/7/7/7/7/o5x x 0 1";

/**
 * The games of a record of `game` ("reversi", "ataxx", "filler" or "fruit-rage"), told apart
 * by its first character (`{` JSON lines, `(` GGF, `[` PGN). Each game: {label, start (the
 * binding's text), opening (moves to play from start before the record's own), moves, result}.
 */
export function parseRecord(game, text) {
  const first = text.trimStart()[0];
  if (first === undefined) throw new Error("the record is empty");
  if (first === "{") return jsonLines(game, text);
  if (game === "filler" || game === "fruit-rage") throw new Error("not a record: JSON lines ({) expected");
  if (first === "(" && game === "reversi") return ggf(text);
  if (first === "[" && game === "ataxx") return pgn(text);
  throw new Error(
    game === "reversi"
      ? "not a Reversi record: JSON lines ({) or GGF ((;) expected"
      : "not an Ataxx record: JSON lines ({) or PGN ([) expected",
  );
}

function jsonLines(game, text) {
  return text
    .split("\n")
    .map((l, n) => [l.trim(), n + 1])
    .filter(([l]) => l.length > 0)
    .map(([line, n]) => {
      let r;
      try {
        r = JSON.parse(line);
      } catch (e) {
        throw new Error(`line ${n}: not a JSON game record: ${e.message}`);
      }
      if (!Array.isArray(r.moves)) throw new Error(`line ${n}: no "moves" list`);
      const winner = r.winner === null ? "a draw" : `${r.winner} won`;
      const result = `${winner} (A ${r.margin >= 0 ? "+" : ""}${r.margin}, ${r.reason ?? "game over"})`;
      const label = `game ${r.game} (pair ${r.pair ?? "?"}), A ${r.a_first ? "first" : "second"}`;
      const opening = (r.opening ?? "").trim();
      // Filler: "N/row/row/…" (the first mover's view); The Fruit Rage: "TYPES/row/row/…".
      if (game === "filler" || game === "fruit-rage") {
        const [head, ...rows] = opening.split("/");
        if (rows.length === 0) throw new Error(`line ${n}: the opening is not a board ("N/row/…")`);
        const start =
          game === "filler" ? `${head}\n${rows.join("\n")}\nmoves 0\n` : `${rows.length}\n${head}\n300\n${rows.join("\n")}\n`;
        return { label, start, opening: [], moves: r.moves, result };
      }
      if (game === "reversi") {
        // A move string (passes implied), or a board of 64 cells with an optional side.
        const word = opening.split(/\s+/)[0] ?? "";
        if (word.length === 64) {
          const side = opening.split(/\s+/)[1];
          const discs = [...word].filter((c) => c !== "-" && c !== ".").length;
          const mover = side ?? (discs % 2 === 0 ? "X" : "O");
          return { label, start: `${word.replace(/\*/g, "X")} ${mover.replace("*", "X")}`, opening: [], moves: r.moves, result };
        }
        const squares = (opening.replace(/\s+/g, "").match(/../g) ?? []).map((s) => s.toLowerCase());
        return { label, start: REVERSI_START, opening: squares, moves: r.moves, result };
      }
      // Ataxx: "FEN moves m…", a FEN, or moves from the start.
      let fen = ATAXX_START, moves = opening;
      const at = opening.indexOf(" moves ");
      if (at >= 0 && opening.slice(0, at).includes("/")) [fen, moves] = [opening.slice(0, at).trim(), opening.slice(at + 7)];
      else if (opening.includes("/")) [fen, moves] = [opening, ""];
      return { label, start: fen, opening: moves.split(/\s+/).filter(Boolean), moves: r.moves, result };
    });
}

function ggf(text) {
  return text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .map((line, n) => {
      const props = [...line.matchAll(/([A-Z]+)\[([^\]]*)\]/g)].map((m) => [m[1], m[2]]);
      const get = (k) => props.find(([key]) => key === k)?.[1];
      const board = get("BO");
      if (!board) throw new Error(`line ${n + 1}: not a GGF game (no BO[...])`);
      const [size, cells, side] = board.trim().split(/\s+/);
      if (size !== "8" || cells?.length !== 64) throw new Error(`line ${n + 1}: BO is not an 8x8 board`);
      const start = `${cells.replace(/\*/g, "X")} ${side === "O" ? "O" : "X"}`;
      const moves = props
        .filter(([k]) => k === "B" || k === "W")
        .map(([, v]) => {
          const mv = v.split("/")[0].trim().toLowerCase();
          return mv === "pa" ? "pass" : mv;
        });
      return {
        label: `game ${n + 1} (${get("PB") ?? "?"} - ${get("PW") ?? "?"})`,
        start,
        opening: [],
        moves,
        result: get("RE") ?? "?",
      };
    });
}

function pgn(text) {
  const games = [];
  let tags = {}, moves = [];
  // Tag lines, then moves with `{ ... }` comments and move numbers, then the result.
  const body = text.replace(/\{[^}]*\}/g, " ");
  for (const raw of body.split("\n")) {
    const line = raw.trim();
    const tag = line.match(/^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$/);
    if (tag) {
      tags[tag[1]] = tag[2].replace(/\\(.)/g, "$1");
      continue;
    }
    for (const word of line.split(/\s+/).filter(Boolean)) {
      if (["1-0", "0-1", "1/2-1/2", "*"].includes(word)) {
        games.push({
          label: `game ${games.length + 1} (${tags.Black ?? "?"} - ${tags.White ?? "?"})`,
          start: tags.FEN ?? ATAXX_START,
          opening: [],
          moves,
          result: word,
        });
        tags = {};
        moves = [];
      } else if (!/^\d+\.(\.\.)?$/.test(word)) {
        moves.push(word);
      }
    }
  }
  if (moves.length > 0) throw new Error("the last game's moves end without a result");
  return games;
}

/**
 * The value curves of a `duel analyze` report, one per game in order: each a list of
 * {value, exact} from the first mover's view (the report's "curve (black's view, * exact):"
 * lines; "first's view" in Filler).
 */
export function parseAnalysis(text) {
  const curves = [];
  for (const line of text.split("\n")) {
    const at = line.search(/curve \((black|first)'s view, \* exact\):/);
    if (at < 0) continue;
    const values = line
      .slice(line.indexOf(":", at) + 1)
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((w) => ({ value: Number(w.replace("*", "")), exact: w.endsWith("*") }));
    if (values.some((v) => Number.isNaN(v.value))) throw new Error(`not a curve: ${line.trim()}`);
    curves.push(values);
  }
  return curves;
}

/**
 * A decision's value in the game's own units (discs, pieces, cells, points) from the first
 * player's view (Black's in Reversi and Ataxx), as `duel analyze` computes it: {value, exact}.
 * `lead` is the first player's points so far (The Fruit Rage, whose positions do not hold
 * them).
 */
export function blackValue(game, decision, blackToMove, lead = 0) {
  const sign = blackToMove ? 1 : -1;
  const s = decision.score;
  if (game === "filler") {
    const cell = 16, win = (1 << 28) / 8;
    if (Math.abs(s) >= win - 400 * cell) return { value: (sign * (s - Math.sign(s) * win)) / cell, exact: true };
    return { value: (sign * s) / cell, exact: decision.exact };
  }
  if (game === "fruit-rage") return { value: lead + sign * s, exact: decision.exact };
  if (game === "reversi") {
    const win = 1 << 20;
    if (decision.exact) return { value: sign * s, exact: true };
    if (s !== 0 && Math.abs(s) > win && Math.abs(s) <= win + 64) return { value: sign * (s - Math.sign(s) * win), exact: true };
    return { value: (sign * s) / 100, exact: false };
  }
  const win = 1000000, piece = 100;
  if (Math.abs(s) >= win - 49 * piece) return { value: (sign * (s - Math.sign(s) * win)) / piece, exact: true };
  return { value: (sign * s) / piece, exact: decision.exact };
}
