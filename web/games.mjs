// The five games as the page shows them: start positions, boards drawn from a position's text
// (the binding's text forms, see ffi/wasm/src/lib.rs), which side moves, and how a click names
// a move. The rules themselves are all in the binding: the page asks it for the legal moves and
// the position after a move.

const FILES = "abcdefgh";
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Filler's ten colours, and The Fruit Rage's ten fruit types. */
export const PALETTE = [
  "#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231",
  "#911eb4", "#42d4f4", "#f032e6", "#bfef45", "#9a6324",
];

/** A small deterministic random generator (mulberry32). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const lines = (text) => text.split("\n").map((l) => l.trim()).filter((l) => l.length > 0);

/** Cells of a flood from (r, c) over cells of the same value in `at(r, c)`. */
function flood(n, at, r0, c0) {
  const seen = new Set();
  const value = at(r0, c0);
  const stack = [[r0, c0]];
  while (stack.length) {
    const [r, c] = stack.pop();
    const key = r * n + c;
    if (r < 0 || c < 0 || r >= n || c >= n || seen.has(key) || at(r, c) !== value) continue;
    seen.add(key);
    stack.push([r + 1, c], [r - 1, c], [r, c + 1], [r, c - 1]);
  }
  return seen;
}

export const GAMES = {
  reversi: {
    title: "Reversi",
    size: null,
    names: ["Black", "White"],
    start: () => "-".repeat(27) + "XO------OX" + "-".repeat(27) + " X",
    mover: (text) => (text.trim().endsWith("X") ? 0 : 1),
    passMove: "pass",
    /** The board to draw: {n, cells: [{r, c, name, piece, colour}]} */
    board(text) {
      const cells = [];
      for (let i = 0; i < 64; i++) {
        const r = Math.floor(i / 8), c = i % 8, ch = text[i];
        cells.push({ r, c, name: FILES[c] + (r + 1), piece: ch === "X" ? "black" : ch === "O" ? "white" : null });
      }
      return { n: 8, cells };
    },
    /** Clicks on a cell name (and the selection so far) give a move, or a new selection. */
    click: (name) => ({ move: name }),
    legalCells: (moves) => moves.filter((m) => m !== "pass"),
    /** The pieces of the first and the second player. */
    counts(text) {
      const b = [...text.slice(0, 64)].filter((c) => c === "X").length;
      const w = [...text.slice(0, 64)].filter((c) => c === "O").length;
      return [b, w];
    },
  },
  ataxx: {
    title: "Ataxx",
    size: null,
    names: ["Black (x)", "White (o)"],
    start: () => "x5o/7/7/7/7/7/o5x x 0 1",
    mover: (text) => (text.trim().split(/\s+/)[1] === "x" ? 0 : 1),
    passMove: "0000",
    board(text) {
      const rows = text.trim().split(/\s+/)[0].split("/");
      const cells = [];
      rows.forEach((row, r) => {
        let c = 0;
        for (const ch of row) {
          if (ch >= "1" && ch <= "7") {
            for (let k = 0; k < Number(ch); k++, c++) cells.push({ r, c, name: FILES[c] + (7 - r), piece: null });
          } else {
            const piece = ch === "x" ? "black" : ch === "o" ? "white" : "blocked";
            cells.push({ r, c, name: FILES[c] + (7 - r), piece });
            c++;
          }
        }
      });
      return { n: 7, cells };
    },
    // A copy: click its destination. A jump: click the piece, then the destination.
    click(name, selected, moves) {
      if (selected) {
        if (moves.includes(selected + name)) return { move: selected + name };
        if (moves.includes(name)) return { move: name };
      }
      if (moves.some((m) => m.length === 4 && m.startsWith(name))) return { select: name };
      if (moves.includes(name)) return { move: name };
      return {};
    },
    legalCells: (moves) => [...new Set(moves.filter((m) => m !== "0000").map((m) => m.slice(-2)))],
    counts(text) {
      const board = text.trim().split(/\s+/)[0];
      return [[...board].filter((c) => c === "x").length, [...board].filter((c) => c === "o").length];
    },
  },
  filler: {
    title: "Filler",
    size: { min: 3, max: 20, value: 10 },
    names: ["First (top left)", "Second (bottom right)"],
    moveLimit: 50,
    start(n, random) {
      const rows = [];
      for (let r = 0; r < n; r++) {
        const row = [];
        for (let c = 0; c < n; c++) row.push(Math.floor(random() * 10));
        rows.push(row);
      }
      if (rows[n - 1][n - 1] === rows[0][0]) rows[n - 1][n - 1] = (rows[0][0] + 1) % 10;
      // The binding counts the moves toward the contest's 50 from the last line.
      return `${n}\n${rows.map((r) => r.join(" ")).join("\n")}\nmoves 0\n`;
    },
    // The text is the mover's view (its start top-left): the second player's is turned back.
    mover: (_text, ply) => ply % 2,
    grid(text, ply) {
      const [n, ...rows] = lines(text).filter((l) => !l.startsWith("moves"));
      let g = rows.map((r) => r.split(/\s+/).map(Number));
      if (ply % 2 === 1) g = g.map((row) => row.slice().reverse()).reverse();
      return { n: Number(n), g };
    },
    board(text, ply) {
      const { n, g } = this.grid(text, ply);
      const at = (r, c) => g[r][c];
      const first = flood(n, at, 0, 0);
      const second = flood(n, at, n - 1, n - 1);
      const cells = [];
      for (let r = 0; r < n; r++)
        for (let c = 0; c < n; c++) {
          const key = r * n + c;
          const owner = first.has(key) ? "first" : second.has(key) ? "second" : null;
          cells.push({ r, c, name: `${r},${c}`, colour: PALETTE[g[r][c]], value: g[r][c], owner });
        }
      return { n, cells };
    },
    click: (_name, _selected, _moves, cell) => ({ move: String(cell.value) }),
    legalCells: () => [],
    counts(text, ply) {
      const { n, g } = this.grid(text, ply);
      const at = (r, c) => g[r][c];
      const first = flood(n, at, 0, 0);
      const second = [...flood(n, at, n - 1, n - 1)].filter((k) => !first.has(k));
      return [first.size, second.length];
    },
  },
  "fruit-rage": {
    title: "The Fruit Rage",
    size: { min: 2, max: 26, value: 8 },
    kinds: 4,
    names: ["First", "Second"],
    start(n, random) {
      const rows = [];
      for (let r = 0; r < n; r++) {
        let row = "";
        for (let c = 0; c < n; c++) row += Math.floor(random() * this.kinds);
        rows.push(row);
      }
      return `${n}\n${this.kinds}\n300\n${rows.join("\n")}\n`;
    },
    mover: (_text, ply) => ply % 2,
    board(text) {
      const [n, , , ...rows] = lines(text);
      const cells = [];
      for (let r = 0; r < Number(n); r++)
        for (let c = 0; c < Number(n); c++) {
          const ch = rows[r][c];
          cells.push({ r, c, name: LETTERS[c] + (r + 1), colour: ch === "*" ? null : PALETTE[Number(ch)], fruit: ch });
        }
      return { n: Number(n), cells };
    },
    click: (name, _s, _m, cell) => (cell.fruit === "*" ? {} : { move: name }),
    legalCells: () => [],
    counts: null,
  },
  stake: {
    title: "Stake Your Claim",
    size: { min: 2, max: 8, value: 5 },
    names: ["0", "1"],
    empties: 10,
    // A random board of the contest's kind: at most ten empty cells, as many 0s as 1s.
    start(n, random) {
      const cells = n * n;
      let empties = Math.min(this.empties, cells);
      if ((cells - empties) % 2 === 1) empties -= 1;
      if (empties < 1) empties = cells % 2 === 0 ? 2 : 1;
      const filled = cells - empties;
      const marks = [];
      for (let k = 0; k < filled; k++) marks.push(k % 2 === 0 ? "0" : "1");
      for (let k = 0; k < empties; k++) marks.push(".");
      for (let k = marks.length - 1; k > 0; k--) {
        const j = Math.floor(random() * (k + 1));
        [marks[k], marks[j]] = [marks[j], marks[k]];
      }
      const rows = [];
      for (let r = 0; r < n; r++) rows.push(marks.slice(r * n, r * n + n).join(""));
      return rows.join("\n") + "\n";
    },
    mover(text) {
      const t = lines(text).join("");
      const zeros = [...t].filter((c) => c === "0").length;
      const ones = [...t].filter((c) => c === "1").length;
      return zeros === ones ? 0 : 1;
    },
    board(text) {
      const rows = lines(text);
      const cells = [];
      rows.forEach((row, r) =>
        [...row].forEach((ch, c) =>
          cells.push({ r, c, name: `(${r},${c})`, piece: ch === "0" ? "zero" : ch === "1" ? "one" : null, label: ch === "." ? "" : ch }),
        ),
      );
      return { n: rows.length, cells };
    },
    click: (name) => ({ move: name }),
    legalCells: (moves) => moves,
    counts: null,
  },
};
