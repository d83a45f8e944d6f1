//! What the Filler sparring partners (`filler-reach`, `filler-frontier`, `filler-deep`,
//! `filler-mc`) share: the rules on a graph of one-colour regions, the command line, the clock
//! and a plain alpha-beta search over an evaluation each partner brings. Written for this
//! project's tests with the standard library only; it shares nothing with the engine.
//!
//! The game is played on regions: a cell that nobody owns keeps its colour for the whole game,
//! so the maximal one-colour groups of unowned cells on the board a program is shown stay whole
//! until one side absorbs them all at once. A position is then the set of regions each side owns
//! (the side to move's own start region is region 0, the opponent's region 1), the unowned
//! regions next to each side (its frontier) and the two colours. A move of colour C absorbs every
//! frontier region of colour C. Besides the colours that gain, the moves include the pure
//! blocks, colours that gain nothing but that the opponent could absorb with: choosing one keeps
//! it from the opponent for a move (the engine leaves them out while a gain is on offer; the
//! screens of 2026-12-03 found them worth most of the partners' strength at 10×10).
//!
//! The move limit (50 moves, both sides counted) is not modelled: the board does not show the
//! moves played, and at 10×10, where these partners are meant to press, the board fills first.

use std::io::Read;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The number of colours.
pub const COLOURS: usize = 10;
/// The largest board side accepted.
pub const MAX_SIZE: usize = 20;
/// The search time without `--millis` or a budget, counted from the process start.
pub const DEFAULT_MILLIS: u64 = 800;
/// A finished game's score per cell of difference, above any evaluation.
pub const FINAL_SCALE: i32 = 10_000;
/// Above any score.
pub const INFINITY: i32 = 100_000_000;

/// A set of regions in `W` words: bit `i` is region `i`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Set<const W: usize>(pub [u64; W]);

impl<const W: usize> Set<W> {
    /// The empty set.
    pub const EMPTY: Set<W> = Set([0; W]);

    /// The set with region `i` added.
    pub fn with(mut self, i: usize) -> Set<W> {
        self.0[i / 64] |= 1 << (i % 64);
        self
    }

    /// The regions of both sets.
    pub fn and(self, o: Set<W>) -> Set<W> {
        Set(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }

    /// The regions of either set.
    pub fn or(self, o: Set<W>) -> Set<W> {
        Set(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }

    /// The regions of this set not in `o`.
    pub fn minus(self, o: Set<W>) -> Set<W> {
        Set(std::array::from_fn(|i| self.0[i] & !o.0[i]))
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Whether region `i` is in the set.
    pub fn has(self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }

    /// Calls `f` with every region of the set, in increasing order.
    pub fn each(self, mut f: impl FnMut(usize)) {
        for (k, &word) in self.0.iter().enumerate() {
            let mut w = word;
            while w != 0 {
                f(k * 64 + w.trailing_zeros() as usize);
                w &= w - 1;
            }
        }
    }

    /// A 64-bit mix of the set's words.
    pub fn hash(self, seed: u64) -> u64 {
        self.0.iter().fold(seed, |h, &w| {
            (h.rotate_left(23) ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        })
    }
}

/// The board as a fixed graph of one-colour regions.
pub struct Graph<const W: usize> {
    /// The board side N.
    pub size: usize,
    /// The number of cells, N².
    pub cells: i32,
    /// The number of regions.
    pub regions: usize,
    /// Each region's colour (for regions 0 and 1, the owners' colours on the board shown).
    pub colour: Vec<u8>,
    /// Each region's cell count.
    pub weight: Vec<i32>,
    /// Each region's neighbouring regions.
    pub adj: Vec<Set<W>>,
    /// The regions of each colour.
    pub by_colour: [Set<W>; COLOURS],
    /// Every region.
    pub all: Set<W>,
    /// Each cell's region, row by row (what the cell-distance measures need).
    pub cell_region: Vec<u16>,
    /// Whether a position whose side to move can gain also offers the pure blocks: the allowed
    /// colours that gain nothing but that the opponent could absorb with (on in every partner:
    /// the screens of 2026-12-03 found them worth most of the partners' strength at 10×10).
    pub blocks: bool,
}

/// A position, from the side to move's point of view.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Pos<const W: usize> {
    /// The regions the side to move owns.
    pub mine: Set<W>,
    /// The regions the other side owns.
    pub theirs: Set<W>,
    /// The unowned regions next to the side to move.
    pub my_front: Set<W>,
    /// The unowned regions next to the other side.
    pub their_front: Set<W>,
    /// The cells the side to move owns.
    pub my_cells: i32,
    /// The cells the other side owns.
    pub their_cells: i32,
    /// The side to move's colour.
    pub my_colour: u8,
    /// The other side's colour: the one the side to move may not choose.
    pub their_colour: u8,
}

/// A move: the colour and the regions it absorbs.
#[derive(Clone, Copy)]
pub struct Move<const W: usize> {
    /// The colour chosen.
    pub colour: u8,
    /// The regions absorbed.
    pub gain: Set<W>,
    /// The cells absorbed.
    pub cells: i32,
}

/// The moves of a position (at most the nine allowed colours).
pub type Moves<const W: usize> = Vec<Move<W>>;

impl<const W: usize> Graph<W> {
    /// The cells of the regions of `set`.
    pub fn weigh(&self, set: Set<W>) -> i32 {
        let mut sum = 0;
        set.each(|r| sum += self.weight[r]);
        sum
    }

    /// The regions next to a region of `set`.
    pub fn around(&self, set: Set<W>) -> Set<W> {
        let mut out = Set::EMPTY;
        set.each(|r| out = out.or(self.adj[r]));
        out
    }

    /// The moves worth playing in `pos`: every allowed colour that absorbs something, most cells
    /// first; then every other allowed colour the opponent could absorb with (a block: it keeps
    /// that colour from the opponent for a move; only when nothing gains unless
    /// [`Graph::blocks`]); or, when there is neither, one colour that changes nothing (the own
    /// one, or the first allowed when the own is forbidden).
    pub fn moves(&self, pos: &Pos<W>) -> Moves<W> {
        let mut out = Vec::with_capacity(COLOURS);
        for c in 0..COLOURS as u8 {
            if c == pos.their_colour {
                continue;
            }
            let gain = pos.my_front.and(self.by_colour[usize::from(c)]);
            if !gain.is_empty() {
                let cells = self.weigh(gain);
                out.push(Move {
                    colour: c,
                    gain,
                    cells,
                });
            }
        }
        if out.is_empty() || self.blocks {
            for c in 0..COLOURS as u8 {
                let theirs = pos.their_front.and(self.by_colour[usize::from(c)]);
                let mine = pos.my_front.and(self.by_colour[usize::from(c)]);
                if c != pos.their_colour && !theirs.is_empty() && mine.is_empty() {
                    out.push(Move {
                        colour: c,
                        gain: Set::EMPTY,
                        cells: 0,
                    });
                }
            }
        }
        if out.is_empty() {
            let colour = if pos.my_colour != pos.their_colour {
                pos.my_colour
            } else {
                (0..COLOURS as u8)
                    .find(|&c| c != pos.their_colour)
                    .unwrap_or(0)
            };
            out.push(Move {
                colour,
                gain: Set::EMPTY,
                cells: 0,
            });
        }
        out.sort_by_key(|m| -m.cells);
        out
    }

    /// The position after `m`, seen from the other side.
    pub fn play(&self, pos: &Pos<W>, m: &Move<W>) -> Pos<W> {
        let mine = pos.mine.or(m.gain);
        let owned = mine.or(pos.theirs);
        let my_front = if m.gain.is_empty() {
            pos.my_front
        } else {
            pos.my_front.or(self.around(m.gain)).minus(owned)
        };
        Pos {
            mine: pos.theirs,
            theirs: mine,
            my_front: pos.their_front.minus(m.gain),
            their_front: my_front,
            my_cells: pos.their_cells,
            their_cells: pos.my_cells + m.cells,
            my_colour: pos.their_colour,
            their_colour: m.colour,
        }
    }

    /// Whether every cell is owned.
    pub fn is_over(&self, pos: &Pos<W>) -> bool {
        pos.my_cells + pos.their_cells == self.cells
    }

    /// A 64-bit key of `pos`.
    pub fn key(&self, pos: &Pos<W>) -> u64 {
        let seed = u64::from(pos.my_colour) << 8 | u64::from(pos.their_colour);
        let h = pos.theirs.hash(pos.mine.hash(seed ^ 0x51ED_2701));
        let h = (h ^ (h >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^ (h >> 29)
    }
}

/// The board a program was shown, parsed: N and the colours row by row.
pub struct Grid {
    /// The side N.
    pub size: usize,
    /// The colours, row by row.
    pub cells: Vec<u8>,
}

/// Reads N and N×N colour digits from `text`, or says what is wrong in one line.
pub fn parse(text: &str) -> Result<Grid, String> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let (number, first) = lines.next().ok_or("empty input: missing the board size")?;
    let (line, first) = (number + 1, first.trim());
    let size: usize = first
        .parse()
        .map_err(|_| format!("line {line}: the board size {first:?} is not a number"))?;
    if !(1..=MAX_SIZE).contains(&size) {
        return Err(format!(
            "line {line}: the board size {size} is not in 1..={MAX_SIZE}"
        ));
    }
    let mut cells = Vec::with_capacity(size * size);
    for row in 0..size {
        let (number, line) = lines
            .next()
            .ok_or(format!("missing row {} of {size}", row + 1))?;
        let before = cells.len();
        for word in line.split_whitespace() {
            match word.as_bytes() {
                [d @ b'0'..=b'9'] => cells.push(d - b'0'),
                _ => {
                    return Err(format!(
                        "line {}: {word:?} is not a colour digit 0..=9",
                        number + 1
                    ));
                }
            }
        }
        if cells.len() - before != size {
            let found = cells.len() - before;
            return Err(format!(
                "line {}: expected {size} colours, found {found}",
                number + 1
            ));
        }
    }
    if let Some((number, _)) = lines.next() {
        return Err(format!("line {}: more than {size} rows", number + 1));
    }
    Ok(Grid { size, cells })
}

/// Labels the one-colour regions of `grid`: the own start region 0, the opponent's 1 (empty when
/// the two start cells lie in one region: the reader owns it), the unowned ones from 2. Returns
/// each cell's region and the number of regions.
pub fn label(grid: &Grid) -> (Vec<u16>, usize) {
    let n = grid.size;
    let last = n * n - 1;
    let mut region = vec![u16::MAX; n * n];
    let fill = |start: usize, id: u16, region: &mut Vec<u16>| {
        let mut stack = vec![start];
        region[start] = id;
        while let Some(i) = stack.pop() {
            let (r, c) = (i / n, i % n);
            let mut visit = |j: usize| {
                if region[j] == u16::MAX && grid.cells[j] == grid.cells[i] {
                    region[j] = id;
                    stack.push(j);
                }
            };
            if r > 0 {
                visit(i - n);
            }
            if r + 1 < n {
                visit(i + n);
            }
            if c > 0 {
                visit(i - 1);
            }
            if c + 1 < n {
                visit(i + 1);
            }
        }
    };
    fill(0, 0, &mut region);
    if region[last] == u16::MAX {
        fill(last, 1, &mut region);
    }
    let mut next = 2;
    for i in 0..n * n {
        if region[i] == u16::MAX {
            fill(i, next, &mut region);
            next += 1;
        }
    }
    (region, usize::from(next))
}

/// The graph and the root position of `grid`, `W` words a region set.
pub fn build<const W: usize>(grid: &Grid, region: Vec<u16>, regions: usize) -> (Graph<W>, Pos<W>) {
    let n = grid.size;
    let mut colour = vec![0; regions];
    let mut weight = vec![0; regions];
    let mut adj = vec![Set::EMPTY; regions];
    colour[1] = grid.cells[n * n - 1];
    for i in 0..n * n {
        let r = usize::from(region[i]);
        colour[r] = grid.cells[i];
        weight[r] += 1;
        let (row, col) = (i / n, i % n);
        let mut link = |j: usize| {
            let s = usize::from(region[j]);
            if s != r {
                adj[r] = adj[r].with(s);
                adj[s] = adj[s].with(r);
            }
        };
        if row + 1 < n {
            link(i + n);
        }
        if col + 1 < n {
            link(i + 1);
        }
    }
    let mut by_colour = [Set::EMPTY; COLOURS];
    let mut all = Set::EMPTY;
    for r in 2..regions {
        by_colour[usize::from(colour[r])] = by_colour[usize::from(colour[r])].with(r);
        all = all.with(r);
    }
    let (mine, theirs) = (Set::EMPTY.with(0), Set::EMPTY.with(1));
    let free = all;
    let graph = Graph {
        size: n,
        cells: (n * n) as i32,
        regions,
        colour: colour.clone(),
        weight: weight.clone(),
        adj: adj.clone(),
        by_colour,
        all: all.with(0).with(1),
        cell_region: region,
        blocks: true,
    };
    let pos = Pos {
        mine,
        theirs: if weight[1] > 0 { theirs } else { Set::EMPTY },
        my_front: adj[0].and(free),
        their_front: if weight[1] > 0 {
            adj[1].and(free)
        } else {
            Set::EMPTY
        },
        my_cells: weight[0],
        their_cells: weight[1],
        my_colour: colour[0],
        their_colour: colour[1],
    };
    (graph, pos)
}

/// What bounds a search: a node (or playout) count, a deadline, or both.
#[derive(Clone, Copy)]
pub struct Limits {
    /// Stop after this many nodes (or playouts), if set.
    pub nodes: Option<u64>,
    /// Stop at this instant, if set.
    pub deadline: Option<Instant>,
    /// Whether to report the search's progress on stderr (`--info`).
    pub info: bool,
}

/// A sparring partner: picks the colour to play.
pub trait Partner {
    /// The colour to play in `root` on `graph` within `limits`.
    fn choose<const W: usize>(&self, graph: &Graph<W>, root: &Pos<W>, limits: Limits) -> u8;
}

/// The `--help` text of partner `name`, which `about` describes and `budget` (`--nodes` or
/// `--playouts`) counts.
fn help(name: &str, budget: &str, about: &str) -> String {
    let counted = budget.trim_start_matches('-');
    let option = format!("{budget} N");
    format!(
        "{name}: a Filler sparring partner, {about}.
Reads N and N rows of N colour digits on stdin (own start top-left), prints one colour.
Options:
  {option:<13} stop after N {counted} (reproducible; no clock unless --millis is given)
  --millis MS   stop MS milliseconds after the process started (default 800)
  --info        report the search's progress on stderr
  --help        print this help"
    )
}

/// Runs a partner as a contest program: `name` (for messages), `budget` (the option that
/// counts the search, `--nodes` or `--playouts`), `about` (what it is, for `--help`), then the
/// board on stdin and the colour on stdout; one line on stderr and exit status 1 for bad input.
pub fn main_with<P: Partner>(name: &str, budget: &str, about: &str, partner: &P) -> ExitCode {
    let start = Instant::now();
    match run(start, budget, partner) {
        Ok(Some(colour)) => {
            println!("{colour}");
            ExitCode::SUCCESS
        }
        Ok(None) => {
            println!("{}", help(name, budget, about));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{name}: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The number given to option `name`.
fn number(name: &str, value: Option<String>) -> Result<u64, String> {
    let value = value.ok_or(format!("{name} needs a number"))?;
    value
        .parse()
        .map_err(|_| format!("{name} {value:?} is not a number"))
}

/// Reads the arguments and the board and lets `partner` choose; `None` for `--help`.
fn run<P: Partner>(start: Instant, budget: &str, partner: &P) -> Result<Option<u8>, String> {
    let (mut millis, mut nodes, mut info) = (None, None, false);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--millis" => millis = Some(number("--millis", args.next())?),
            "-h" | "--help" => return Ok(None),
            "--info" => info = true,
            a if a == budget => nodes = Some(number(budget, args.next())?.max(1)),
            other => return Err(format!("unknown argument {other:?} (try --help)")),
        }
    }
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| format!("cannot read the board: {e}"))?;
    let grid = parse(&text)?;
    let deadline = match (millis, nodes) {
        (None, Some(_)) => None,
        (ms, _) => Some(start + Duration::from_millis(ms.unwrap_or(DEFAULT_MILLIS))),
    };
    let limits = Limits {
        nodes,
        deadline,
        info,
    };
    let (region, regions) = label(&grid);
    let colour = match regions.div_ceil(64) {
        0 | 1 => pick::<1, P>(&grid, region, regions, limits, partner),
        2 => pick::<2, P>(&grid, region, regions, limits, partner),
        3 => pick::<3, P>(&grid, region, regions, limits, partner),
        4 => pick::<4, P>(&grid, region, regions, limits, partner),
        5 => pick::<5, P>(&grid, region, regions, limits, partner),
        6 => pick::<6, P>(&grid, region, regions, limits, partner),
        _ => pick::<7, P>(&grid, region, regions, limits, partner),
    };
    Ok(Some(colour))
}

/// Builds the graph with `W` words a set and lets `partner` choose; never the forbidden colour.
fn pick<const W: usize, P: Partner>(
    grid: &Grid,
    region: Vec<u16>,
    regions: usize,
    limits: Limits,
    partner: &P,
) -> u8 {
    let (graph, root) = build::<W>(grid, region, regions);
    let moves = graph.moves(&root);
    if moves.len() == 1 {
        return moves[0].colour;
    }
    let colour = partner.choose(&graph, &root, limits);
    if colour == root.their_colour || usize::from(colour) >= COLOURS {
        moves[0].colour
    } else {
        colour
    }
}

/// What a stored value says about the true value.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Bound {
    /// Exact.
    #[default]
    Exact,
    /// At least the stored value.
    Lower,
    /// At most the stored value.
    Upper,
}

/// A transposition table entry.
#[derive(Clone, Copy, Default)]
struct Entry {
    /// The full key (0: empty).
    key: u64,
    /// The value.
    value: i32,
    /// The depth searched.
    depth: u8,
    /// How the value bounds the true one.
    bound: Bound,
    /// The best colour found (`u8::MAX`: none).
    best: u8,
}

/// The transposition table has 2^TABLE_BITS entries.
const TABLE_BITS: u32 = 18;

/// A plain alpha-beta search (negamax, iterative deepening, a transposition table, the table's
/// move then the history of cut-off colours then the most cells first) over `eval`, the side to
/// move's evaluation of a position that is not over. Finished games score their cell difference
/// times [`FINAL_SCALE`].
pub struct AlphaBeta<'a, const W: usize, E: Fn(&Graph<W>, &Pos<W>) -> i32> {
    /// The board.
    graph: &'a Graph<W>,
    /// The evaluation.
    eval: E,
    /// The transposition table.
    table: Vec<Entry>,
    /// How often each colour cut off, by depth left.
    history: [[u32; COLOURS]; 2],
    /// The nodes visited.
    pub nodes: u64,
    /// The limits.
    limits: Limits,
    /// Whether a limit was reached (the iteration's values are then worthless).
    stopped: bool,
}

impl<'a, const W: usize, E: Fn(&Graph<W>, &Pos<W>) -> i32> AlphaBeta<'a, W, E> {
    /// A search on `graph` with `eval` within `limits`.
    pub fn new(graph: &'a Graph<W>, eval: E, limits: Limits) -> Self {
        AlphaBeta {
            graph,
            eval,
            table: vec![Entry::default(); 1 << TABLE_BITS],
            history: [[0; COLOURS]; 2],
            nodes: 0,
            limits,
            stopped: false,
        }
    }

    /// Counts a node and checks the limits.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.limits.nodes.is_some_and(|n| self.nodes > n)
            || (self.nodes % 256 == 0 && self.limits.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The moves of `pos`, the table's colour `hint` first, then by history and cells.
    fn ordered(&self, pos: &Pos<W>, hint: u8, depth: u32) -> Moves<W> {
        let mut moves = self.graph.moves(pos);
        let h = &self.history[(depth & 1) as usize];
        moves.sort_by_key(|m| {
            (
                m.colour != hint,
                -(m.cells * 64 + (h[usize::from(m.colour)].min(63)) as i32),
            )
        });
        moves
    }

    /// The negamax value of `pos` searched `depth` plies within (`alpha`, `beta`).
    fn negamax(&mut self, pos: &Pos<W>, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        if self.tick() {
            return 0;
        }
        if self.graph.is_over(pos) {
            return (pos.my_cells - pos.their_cells) * FINAL_SCALE;
        }
        if depth == 0 {
            return (self.eval)(self.graph, pos);
        }
        let key = self.graph.key(pos);
        let slot = (key >> (64 - TABLE_BITS)) as usize;
        let entry = self.table[slot];
        let hint = if entry.key == key {
            entry.best
        } else {
            u8::MAX
        };
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
        let (mut best, mut best_colour) = (-INFINITY, u8::MAX);
        for m in self.ordered(pos, hint, depth) {
            let v = -self.negamax(&self.graph.play(pos, &m), depth - 1, -beta, -alpha);
            if self.stopped {
                return 0;
            }
            if v > best {
                (best, best_colour) = (v, m.colour);
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                let h = &mut self.history[(depth & 1) as usize][usize::from(m.colour)];
                *h = h.saturating_add(depth * depth);
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
        self.table[slot] = Entry {
            key,
            value: best,
            depth: depth.min(255) as u8,
            bound,
            best: best_colour,
        };
        best
    }

    /// The colour to play in `root` (which has at least one move) and its value: iterative
    /// deepening until a limit or `max_depth`, the previous best first; a move that beats the
    /// fully searched first move counts even in a cut-short iteration.
    pub fn choose(&mut self, root: &Pos<W>, max_depth: u32) -> (u8, i32) {
        let mut moves = self.graph.moves(root);
        let (mut best, mut value) = (moves[0].colour, 0);
        for depth in 1..=max_depth {
            let mut alpha = -INFINITY;
            let mut found = None;
            for m in &moves {
                let v = -self.negamax(&self.graph.play(root, m), depth - 1, -INFINITY, -alpha);
                if self.stopped {
                    break;
                }
                if v > alpha {
                    alpha = v;
                    found = Some(m.colour);
                }
            }
            if let Some(colour) = found {
                (best, value) = (colour, alpha);
            }
            if self.limits.info && !self.stopped {
                eprintln!(
                    "depth {depth} value {value} best {best} nodes {}",
                    self.nodes
                );
            }
            if self.stopped {
                break;
            }
            moves.sort_by_key(|m| m.colour != best);
        }
        (best, value)
    }
}
