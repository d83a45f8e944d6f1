//! `filler-alphabeta`: a plain alpha-beta Filler program: negamax with alpha-beta pruning,
//! iterative deepening, a transposition table and a territory evaluation (own cells minus the
//! opponent's). A test opponent written for this project, from scratch and with the standard
//! library only, so that it shares nothing with the project's engines.
//!
//! Input: N (1..=20), then N rows of N colour digits 0..9 separated by white space (the reader's
//! own start cell top-left, the opponent's bottom-right). Output: one colour digit and a newline.
//! It searches until 800 ms after it started (`--millis MS` to change); `--nodes N` stops the
//! search after N nodes instead, which makes the answer reproducible (and keeps the clock too
//! when `--millis` is also given).

use std::io::Read;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The number of colours.
const COLOURS: u8 = 10;
/// The largest board side accepted.
const MAX_SIZE: usize = 20;
/// The words of a cell set: 7 × 64 = 448 ≥ 20 × 20 bits.
const WORDS: usize = 7;
/// A finished game's score per cell of difference, so that it outranks any evaluation.
const FINAL_SCALE: i32 = 1000;
/// Above any score.
const INFINITY: i32 = 1_000_000;
/// The deepest iteration.
const MAX_DEPTH: u32 = 64;
/// The transposition table has 2^TABLE_BITS entries.
const TABLE_BITS: u32 = 17;
/// The search time without `--millis` or `--nodes`, counted from the process start.
const DEFAULT_MILLIS: u64 = 800;

/// A set of cells: bit `row * N + column`.
#[derive(Clone, Copy, PartialEq, Eq, Default)]
struct Cells([u64; WORDS]);

impl Cells {
    /// The set of the one cell `index`.
    fn single(index: usize) -> Cells {
        let mut set = Cells::default();
        set.0[index / 64] |= 1 << (index % 64);
        set
    }

    /// The word-by-word combination of two sets by `f`.
    fn zip(self, other: Cells, f: impl Fn(u64, u64) -> u64) -> Cells {
        Cells(std::array::from_fn(|i| f(self.0[i], other.0[i])))
    }

    /// The cells of both sets.
    fn and(self, other: Cells) -> Cells {
        self.zip(other, |a, b| a & b)
    }

    /// The cells of either set.
    fn or(self, other: Cells) -> Cells {
        self.zip(other, |a, b| a | b)
    }

    /// The cells of this set that are not in `other`.
    fn minus(self, other: Cells) -> Cells {
        self.zip(other, |a, b| a & !b)
    }

    /// Whether the set is empty.
    fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The number of cells.
    fn count(self) -> i32 {
        self.0.iter().map(|w| w.count_ones() as i32).sum()
    }

    /// Every cell moved `k` (1..64) indices up: bit i becomes bit i + k.
    fn up(self, k: usize) -> Cells {
        Cells(std::array::from_fn(|i| {
            let carry = if i > 0 { self.0[i - 1] >> (64 - k) } else { 0 };
            (self.0[i] << k) | carry
        }))
    }

    /// Every cell moved `k` (1..64) indices down: bit i becomes bit i - k.
    fn down(self, k: usize) -> Cells {
        Cells(std::array::from_fn(|i| {
            let carry = if i + 1 < WORDS {
                self.0[i + 1] << (64 - k)
            } else {
                0
            };
            (self.0[i] >> k) | carry
        }))
    }
}

/// The board's fixed part: its geometry and the colours the cells had at the start (an unowned
/// cell keeps its colour for the whole game).
struct Board {
    /// The side N.
    size: usize,
    /// Every cell.
    all: Cells,
    /// The cells not in the first column.
    not_first_column: Cells,
    /// The cells not in the last column.
    not_last_column: Cells,
    /// The cells of each colour at the start.
    planes: [Cells; COLOURS as usize],
}

/// A position from the side to move's point of view (so a key needs no side-to-move bit).
#[derive(Clone, Copy)]
struct Position {
    /// The cells the side to move owns.
    mine: Cells,
    /// The cells the other side owns.
    theirs: Cells,
    /// The side to move's colour.
    my_colour: u8,
    /// The other side's colour, which the side to move may not choose.
    their_colour: u8,
}

/// A move with what it does: the colour, the cells it gains, the mover's cells after it.
struct Move {
    /// The number of cells gained.
    gain: i32,
    /// The colour chosen.
    colour: u8,
    /// The mover's territory after the move.
    mine: Cells,
}

impl Board {
    /// The cells sharing a side with a cell of `set`.
    fn neighbours(&self, set: Cells) -> Cells {
        set.up(1)
            .and(self.not_first_column)
            .or(set.down(1).and(self.not_last_column))
            .or(set.up(self.size))
            .or(set.down(self.size))
            .and(self.all)
    }

    /// `seed` grown through side-sharing cells of `within`.
    fn flood(&self, seed: Cells, within: Cells) -> Cells {
        let (mut region, mut frontier) = (seed, seed);
        while !frontier.is_empty() {
            frontier = self.neighbours(frontier).and(within).minus(region);
            region = region.or(frontier);
        }
        region
    }

    /// The moves worth searching in `pos`: every allowed colour that gains cells, most cells
    /// first and `hint` (a colour) before all; or, when none gains, one move that changes
    /// nothing (the own colour, or the first allowed colour when the own one is forbidden).
    fn moves(&self, pos: &Position, hint: Option<u8>) -> Vec<Move> {
        let free = self.all.minus(pos.mine.or(pos.theirs));
        let border = self.neighbours(pos.mine).and(free);
        let mut moves = Vec::with_capacity(COLOURS as usize);
        for colour in (0..COLOURS).filter(|&c| c != pos.their_colour) {
            let plane = self.planes[usize::from(colour)];
            if border.and(plane).is_empty() {
                continue;
            }
            let mine = self.flood(pos.mine, free.and(plane));
            let gain = mine.count() - pos.mine.count();
            moves.push(Move { gain, colour, mine });
        }
        if moves.is_empty() {
            let colour = if pos.my_colour != pos.their_colour {
                pos.my_colour
            } else {
                (0..COLOURS).find(|&c| c != pos.their_colour).unwrap_or(0)
            };
            moves.push(Move {
                gain: 0,
                colour,
                mine: pos.mine,
            });
        }
        moves.sort_by_key(|m| (Some(m.colour) != hint, -m.gain));
        moves
    }
}

impl Position {
    /// The position after `m`, seen from the other side.
    fn after(&self, m: &Move) -> Position {
        Position {
            mine: self.theirs,
            theirs: m.mine,
            my_colour: self.their_colour,
            their_colour: m.colour,
        }
    }

    /// A 64-bit hash of the position.
    fn key(&self) -> u64 {
        let words = self.mine.0.iter().chain(&self.theirs.0);
        let colours = u64::from(self.my_colour) << 8 | u64::from(self.their_colour);
        let h = words.fold(colours, |h, &w| {
            (h.rotate_left(5) ^ w).wrapping_mul(0x517C_C1B7_2722_0A95)
        });
        let h = (h ^ (h >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^ (h >> 29)
    }
}

/// What a stored value says about the true value.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Bound {
    /// The value is exact.
    #[default]
    Exact,
    /// The true value is at least the stored one.
    Lower,
    /// The true value is at most the stored one.
    Upper,
}

/// A transposition table entry.
#[derive(Clone, Copy, Default)]
struct Entry {
    /// The position's full key (0: empty).
    key: u64,
    /// The value found.
    value: i32,
    /// The depth searched.
    depth: u8,
    /// How `value` relates to the true value.
    bound: Bound,
    /// The best colour found.
    best: u8,
}

/// A search: the board, the table and the limits.
struct Search<'a> {
    /// The board.
    board: &'a Board,
    /// The transposition table.
    table: Vec<Entry>,
    /// The nodes visited so far.
    nodes: u64,
    /// Stop after this many nodes, if set.
    node_limit: Option<u64>,
    /// Stop at this instant, if set.
    deadline: Option<Instant>,
    /// Whether a limit was reached (the current iteration's values are then worthless).
    stopped: bool,
}

impl Search<'_> {
    /// The negamax value of `pos` searched `depth` plies within the window (`alpha`, `beta`).
    fn negamax(&mut self, pos: &Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.node_limit.is_some_and(|limit| self.nodes > limit)
            || (self.nodes % 64 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let difference = pos.mine.count() - pos.theirs.count();
        if pos.mine.or(pos.theirs) == self.board.all {
            return difference * FINAL_SCALE;
        }
        if depth == 0 {
            return difference;
        }
        let key = pos.key();
        let slot = (key >> (64 - TABLE_BITS)) as usize;
        let entry = self.table[slot];
        let hint = (entry.key == key).then_some(entry.best);
        if entry.key == key && u32::from(entry.depth) >= depth {
            let v = entry.value;
            match entry.bound {
                Bound::Exact => return v,
                Bound::Lower if v >= beta => return v,
                Bound::Upper if v <= alpha => return v,
                _ => {}
            }
        }
        let alpha_in = alpha;
        let (mut best, mut best_colour) = (-INFINITY, 0);
        for m in self.board.moves(pos, hint) {
            let v = -self.negamax(&pos.after(&m), depth - 1, -beta, -alpha);
            if self.stopped {
                return 0;
            }
            if v > best {
                (best, best_colour) = (v, m.colour);
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best <= alpha_in {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let depth = depth.min(u32::from(u8::MAX)) as u8;
        self.table[slot] = Entry {
            key,
            value: best,
            depth,
            bound,
            best: best_colour,
        };
        best
    }

    /// The colour to play in `root`: iterative deepening from depth 1 until a limit, the
    /// previous iteration's best move first. A move found better than that fully searched first
    /// move counts even when the iteration is cut short.
    fn choose(&mut self, root: &Position) -> u8 {
        let mut moves = self.board.moves(root, None);
        let mut best = moves[0].colour;
        if moves.len() == 1 {
            return best;
        }
        for depth in 1..=MAX_DEPTH {
            let mut alpha = -INFINITY;
            for m in &moves {
                let v = -self.negamax(&root.after(m), depth - 1, -INFINITY, -alpha);
                if self.stopped {
                    break;
                }
                if v > alpha {
                    (alpha, best) = (v, m.colour);
                }
            }
            if self.stopped {
                break;
            }
            moves.sort_by_key(|m| m.colour != best);
        }
        best
    }
}

/// The board and the starting position the input `text` shows.
fn parse_board(text: &str) -> Result<(Board, Position), String> {
    let mut words = text.split_whitespace();
    let first = words.next().ok_or("empty input: missing the board size")?;
    let size: usize = first
        .parse()
        .map_err(|_| format!("the board size {first:?} is not a number"))?;
    if !(1..=MAX_SIZE).contains(&size) {
        return Err(format!("the board size {size} is not in 1..={MAX_SIZE}"));
    }
    let cells: Vec<u8> = words
        .map(|w| match w.as_bytes() {
            [d @ b'0'..=b'9'] => Ok(d - b'0'),
            _ => Err(format!("the cell {w:?} is not a colour digit 0..=9")),
        })
        .collect::<Result<_, _>>()?;
    if cells.len() != size * size {
        let expected = size * size;
        return Err(format!("expected {expected} cells, found {}", cells.len()));
    }
    let mut board = Board {
        size,
        all: Cells::default(),
        not_first_column: Cells::default(),
        not_last_column: Cells::default(),
        planes: [Cells::default(); COLOURS as usize],
    };
    for (index, &colour) in cells.iter().enumerate() {
        let cell = Cells::single(index);
        board.all = board.all.or(cell);
        board.planes[usize::from(colour)] = board.planes[usize::from(colour)].or(cell);
        if index % size != 0 {
            board.not_first_column = board.not_first_column.or(cell);
        }
        if index % size != size - 1 {
            board.not_last_column = board.not_last_column.or(cell);
        }
    }
    let last = size * size - 1;
    let (my_colour, their_colour) = (cells[0], cells[last]);
    let mine = board.flood(Cells::single(0), board.planes[usize::from(my_colour)]);
    // When both start cells lie in one region, the reader gets it and the opponent nothing.
    let their_plane = board.planes[usize::from(their_colour)].minus(mine);
    let theirs = board.flood(Cells::single(last).and(their_plane), their_plane);
    let pos = Position {
        mine,
        theirs,
        my_colour,
        their_colour,
    };
    Ok((board, pos))
}

/// The number `value` given to option `name`.
fn number(name: &str, value: Option<String>) -> Result<u64, String> {
    let value = value.ok_or(format!("{name} needs a number"))?;
    value
        .parse()
        .map_err(|_| format!("{name} {value:?} is not a number"))
}

/// Reads the arguments and the board, searches and returns the colour to play.
fn run(start: Instant) -> Result<u8, String> {
    let (mut millis, mut nodes) = (None, None);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--millis" => millis = Some(number("--millis", args.next())?),
            "--nodes" => nodes = Some(number("--nodes", args.next())?),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| format!("cannot read the board: {e}"))?;
    let (board, root) = parse_board(&text)?;
    let deadline = match (millis, nodes) {
        (None, Some(_)) => None,
        (ms, _) => Some(start + Duration::from_millis(ms.unwrap_or(DEFAULT_MILLIS))),
    };
    let mut search = Search {
        board: &board,
        table: vec![Entry::default(); 1 << TABLE_BITS],
        nodes: 0,
        node_limit: nodes,
        deadline,
        stopped: false,
    };
    Ok(search.choose(&root))
}

/// Prints the colour to play, or one line on stderr and exit code 1 for bad input.
fn main() -> ExitCode {
    let start = Instant::now();
    match run(start) {
        Ok(colour) => {
            println!("{colour}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("filler-alphabeta: {e}");
            ExitCode::FAILURE
        }
    }
}
