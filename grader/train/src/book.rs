//! The Reversi opening book's builder (`reversi-book build`): a tree of openings grown by
//! drop-out expansion over deep searches, its values negamaxed back from the leaves, written
//! as the core's [`Book`](duel_core::reversi::Book).
//!
//! - Every position of the tree is searched to a fixed depth (reproducible: a fresh table each
//!   time, no clock); the value of an expanded position is the best of its children's, negated
//!   (negamax), the value of a leaf its search.
//! - The next position to expand is the leaf (not finished, within `max_plies` of the start)
//!   whose path from a root is cheapest: each move on it costs what it loses against the best
//!   move of its position, plus `ply_cost`. So the main lines grow deep, and the moves that are
//!   nearly as good grow too, where games leave the main line.
//! - Positions are stored once for their eight symmetric images ([`canonical`]).
//! - Every search's result is appended to a memo file as it is made. The build is a function of
//!   the arguments and the searches; a build run again with the same memo reads the searches
//!   back instead of repeating them, so a stopped build resumes where it stopped and gives the
//!   same book. A memo holds one engine's searches: start a new one when the search or the
//!   evaluation changes.
//!
//! The committed book (`core/src/reversi/book.bin`: 670 records from 5,321 searches, 46 minutes
//! of a core shared with other work):
//!
//! ```sh
//! reversi-book build --depth 14 --expansions 670 --ply-cost 100 --max-plies 20 --memo memo.txt --out core/src/reversi/book.bin
//! ```
//!
//! One process builds a book (the expansion order is sequential); a build's searches are what
//! more machines could share, which it does not do yet.

use duel_arena::read_openings;
use duel_arena::reversi::Opening;
use duel_core::reversi::book::{Record, canonical};
use duel_core::reversi::score::centidiscs;
use duel_core::reversi::train::Engine;
use duel_core::reversi::{Board, Move};
use duel_core::{Bitboard, Budget, Colour, Entry};
use std::collections::{BTreeMap, HashMap};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// A position under its least symmetric image: the side to move's discs and the other side's.
pub type Key = (u64, u64);

/// The square number a pass takes among a position's children.
const PASS: u8 = 64;

/// Transposition-table entries of a search (16 MiB), cleared before each.
const TABLE_ENTRIES: usize = 1 << 20;

/// `reversi-book build`.
#[derive(clap::Args, Debug, Clone)]
pub struct BuildArgs {
    /// The depth of every search.
    #[arg(long, default_value_t = 12)]
    pub depth: u8,
    /// Positions to expand (each costs a search of every child).
    #[arg(long, default_value_t = 1000)]
    pub expansions: usize,
    /// What each move of a line costs beyond what it loses against the best move, in
    /// hundredths of a disc: more grows a shallower, wider book.
    #[arg(long, default_value_t = 100)]
    pub ply_cost: i64,
    /// Expand no position more than this many plies from the start (by discs on the board).
    #[arg(long, default_value_t = 24)]
    pub max_plies: u32,
    /// Roots besides the start position: one opening a line, as moves (`f5d6c3`).
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// The searches made so far, appended to as the build goes (resumes a stopped build).
    #[arg(long)]
    pub memo: PathBuf,
    /// The book to write.
    #[arg(long)]
    pub out: PathBuf,
}

/// One position of the tree.
#[derive(Clone, Debug)]
struct Node {
    /// Its search's value for the side to move, in hundredths of a disc.
    searched: i64,
    /// Its moves (square 0..64, or [`PASS`], in its canonical image) and children, once
    /// expanded.
    children: Option<Vec<(u8, Key)>>,
}

/// The book under construction.
pub struct Tree {
    nodes: HashMap<Key, Node>,
    roots: Vec<Key>,
    depth: u8,
    /// Searches already made, read from the memo file.
    memo: HashMap<Key, i64>,
    /// Where new searches are appended.
    memo_out: Option<std::fs::File>,
    table: Vec<Entry>,
    /// Searches made in this run (not read from the memo).
    pub searched: u64,
}

/// The side-relative board of `key`.
pub(crate) fn board_of(key: Key) -> Board {
    Board::from_relative(Bitboard(key.0), Bitboard(key.1), Colour::Black)
}

/// The key of `board`.
pub fn key_of(board: &Board) -> Key {
    let (p, o, _) = canonical(board.player().0, board.opponent().0);
    (p, o)
}

/// Reads a memo file: `PLAYER OPPONENT VALUE DEPTH` lines (hex discs); the searches of other
/// depths are ignored, a torn last line too.
fn read_memo(path: &Path, depth: u8) -> Result<HashMap<Key, i64>, String> {
    let mut memo = HashMap::new();
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(memo),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    for line in std::io::BufReader::new(file).lines() {
        let line = line.map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let words: Vec<&str> = line.split_whitespace().collect();
        let [p, o, v, d] = words[..] else { continue };
        let parsed = (
            u64::from_str_radix(p, 16),
            u64::from_str_radix(o, 16),
            v.parse::<i64>(),
            d.parse::<u8>(),
        );
        if let (Ok(p), Ok(o), Ok(v), Ok(d)) = parsed {
            if d == depth {
                memo.insert((p, o), v);
            }
        }
    }
    Ok(memo)
}

impl Tree {
    /// A tree of `roots` searched to `depth`, with the searches of `memo` (when given: read,
    /// then appended to).
    ///
    /// # Errors
    /// The memo file cannot be read or written.
    pub fn new(roots: &[Board], depth: u8, memo: Option<&Path>) -> Result<Tree, String> {
        let (memo_map, memo_out) = match memo {
            Some(path) => {
                let map = read_memo(path, depth)?;
                let mut file = std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                // A torn last line (a build stopped mid-write) ends before the next one.
                let len = file.metadata().map(|m| m.len()).unwrap_or(0);
                if len > 0 && !std::fs::read(path).is_ok_and(|b| b.last() == Some(&b'\n')) {
                    writeln!(file).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                }
                (map, Some(file))
            }
            None => (HashMap::new(), None),
        };
        let mut tree = Tree {
            nodes: HashMap::new(),
            roots: Vec::new(),
            depth,
            memo: memo_map,
            memo_out,
            table: vec![Entry::default(); TABLE_ENTRIES],
            searched: 0,
        };
        for board in roots {
            let key = key_of(board);
            if !tree.roots.contains(&key) {
                tree.roots.push(key);
                tree.add(key)?;
            }
        }
        Ok(tree)
    }

    /// Positions in the tree.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree has no position.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The search's value of `key` for the side to move (the memo's when it has one).
    fn search(&mut self, key: Key) -> Result<i64, String> {
        if let Some(&v) = self.memo.get(&key) {
            return Ok(v);
        }
        let board = board_of(key);
        let value = if board.is_over() {
            i64::from(board.final_margin()) * 100
        } else {
            self.table.fill(Entry::default());
            let mut budget = Budget::unlimited().with_max_depth(self.depth);
            let choice = Engine::new(&mut self.table)
                .with_max_depth(self.depth)
                .choose(&board, &mut budget);
            i64::from(centidiscs(choice.score, choice.exact))
        };
        self.searched += 1;
        self.memo.insert(key, value);
        if let Some(file) = &mut self.memo_out {
            writeln!(file, "{:016x} {:016x} {value} {}", key.0, key.1, self.depth)
                .map_err(|e| format!("cannot write the memo: {e}"))?;
        }
        Ok(value)
    }

    /// Adds `key` as a searched leaf, unless the tree has it.
    pub(crate) fn add(&mut self, key: Key) -> Result<(), String> {
        if !self.nodes.contains_key(&key) {
            let searched = self.search(key)?;
            self.nodes.insert(
                key,
                Node {
                    searched,
                    children: None,
                },
            );
        }
        Ok(())
    }

    /// Adds `key` as a root (the first root is the one progress lines report).
    pub(crate) fn add_root(&mut self, key: Key) {
        if !self.roots.contains(&key) {
            self.roots.push(key);
        }
    }

    /// Puts `key` in the tree worth `value` (not searched), expanded to `children` when given;
    /// the children must be put in the tree before its values are read.
    pub(crate) fn put(&mut self, key: Key, value: i64, children: Option<Vec<(u8, Key)>>) {
        self.nodes.insert(
            key,
            Node {
                searched: value,
                children,
            },
        );
    }

    /// Whether the tree holds `key`.
    pub(crate) fn contains(&self, key: Key) -> bool {
        self.nodes.contains_key(&key)
    }

    /// Searches made before this run (read from the memo).
    pub(crate) fn memo_len(&self) -> usize {
        self.memo.len()
    }

    /// Whether the memo holds the search of `key`.
    pub(crate) fn in_memo(&self, key: Key) -> bool {
        self.memo.contains_key(&key)
    }

    /// Expands `key`: every child added and searched.
    fn expand(&mut self, key: Key) -> Result<(), String> {
        let children = children_of(key);
        for &(_, child) in &children {
            self.add(child)?;
        }
        if let Some(node) = self.nodes.get_mut(&key) {
            node.children = Some(children);
        }
        Ok(())
    }

    /// Every position's negamax value for its side to move.
    fn values(&self) -> HashMap<Key, i64> {
        // Children have more discs than their parent, or as many after a pass (whose own
        // children then have more): by discs descending, passes' children first.
        let mut order: Vec<Key> = self.nodes.keys().copied().collect();
        order.sort_by_key(|&(p, o)| {
            let board = board_of((p, o));
            (
                std::cmp::Reverse((p | o).count_ones()),
                board.move_mask().is_empty(),
                (p, o),
            )
        });
        let mut values: HashMap<Key, i64> = HashMap::with_capacity(order.len());
        for key in order {
            let node = &self.nodes[&key];
            let value = match &node.children {
                None => node.searched,
                Some(children) => children
                    .iter()
                    .map(|(_, c)| -values[c])
                    .max()
                    .unwrap_or(node.searched),
            };
            values.insert(key, value);
        }
        values
    }

    /// The cheapest path's cost from a root to each position (see the module notes).
    fn costs(&self, values: &HashMap<Key, i64>, ply_cost: i64) -> HashMap<Key, i64> {
        let mut order: Vec<Key> = self.nodes.keys().copied().collect();
        order.sort_by_key(|&(p, o)| {
            let board = board_of((p, o));
            ((p | o).count_ones(), !board.move_mask().is_empty(), (p, o))
        });
        let mut costs: HashMap<Key, i64> = self.roots.iter().map(|&r| (r, 0)).collect();
        for key in order {
            let (Some(&cost), Some(children)) = (costs.get(&key), &self.nodes[&key].children)
            else {
                continue;
            };
            let value = values[&key];
            for &(_, child) in children {
                let loss = value + values[&child];
                let through = cost + loss + ply_cost;
                let entry = costs.entry(child).or_insert(i64::MAX);
                *entry = (*entry).min(through);
            }
        }
        costs
    }

    /// The next position to expand: the cheapest leaf within `max_plies`, ties to the least
    /// key.
    fn next(&self, values: &HashMap<Key, i64>, args_ply_cost: i64, max_plies: u32) -> Option<Key> {
        let costs = self.costs(values, args_ply_cost);
        self.nodes
            .iter()
            .filter(|(key, node)| {
                node.children.is_none()
                    && (key.0 | key.1).count_ones() < 4 + max_plies
                    && !board_of(**key).is_over()
            })
            .filter_map(|(key, _)| costs.get(key).map(|&c| (c, *key)))
            .min()
            .map(|(_, key)| key)
    }

    /// Expands `expansions` positions one after the other, a progress line on stderr every
    /// `progress` of them.
    ///
    /// # Errors
    /// The memo file cannot be written.
    pub fn grow(
        &mut self,
        expansions: usize,
        ply_cost: i64,
        max_plies: u32,
        progress: usize,
    ) -> Result<(), String> {
        let started = std::time::Instant::now();
        for i in 0..expansions {
            let values = self.values();
            let Some(key) = self.next(&values, ply_cost, max_plies) else {
                eprintln!("reversi-book: nothing left to expand after {i}");
                break;
            };
            self.expand(key)?;
            if progress > 0 && ((i + 1) % progress == 0 || i + 1 == expansions) {
                let root = self.values()[&self.roots[0]];
                eprintln!(
                    "reversi-book: {}/{expansions} expanded, {} positions, {} searched this run, \
                     first root {:+.2} discs, {:.0} s",
                    i + 1,
                    self.nodes.len(),
                    self.searched,
                    root as f64 / 100.0,
                    started.elapsed().as_secs_f64()
                );
            }
        }
        Ok(())
    }

    /// The book's records: every expanded position that has a square to play, with its best
    /// move (ties to the lowest square) and negamax value, in key order.
    pub fn records(&self) -> Vec<Record> {
        let values = self.values();
        let mut records = BTreeMap::new();
        for (&key, node) in &self.nodes {
            let Some(children) = &node.children else {
                continue;
            };
            let best = children
                .iter()
                .filter(|(square, _)| *square != PASS)
                .map(|&(square, child)| (-values[&child], std::cmp::Reverse(square)))
                .max();
            if let Some((value, std::cmp::Reverse(square))) = best {
                let centidiscs = value.clamp(i64::from(i16::MIN), i64::from(i16::MAX)) as i16;
                records.insert(
                    key,
                    Record {
                        player: key.0,
                        opponent: key.1,
                        square,
                        centidiscs,
                    },
                );
            }
        }
        records.into_values().collect()
    }

    /// The book's bytes ([`Tree::records`], each as the core stores it).
    pub fn book_bytes(&self) -> Vec<u8> {
        self.records().iter().flat_map(Record::to_bytes).collect()
    }
}

/// The moves of `key`'s position (squares of its canonical image, or [`PASS`] alone where it
/// must pass; none once the game is over) and the key each leads to.
pub(crate) fn children_of(key: Key) -> Vec<(u8, Key)> {
    let board = board_of(key);
    let mut children = Vec::new();
    let moves = board.move_mask();
    if moves.is_empty() {
        if !board.is_over() {
            children.push((PASS, key_of(&board.pass())));
        }
    } else {
        for square in moves {
            let Some(sq) = duel_core::reversi::Square::new(square as u8) else {
                continue;
            };
            let child = board.play_unchecked(Move::Place(sq));
            children.push((square as u8, key_of(&child)));
        }
    }
    children
}

/// The roots of a build: the start position, then the end of each opening of `openings` (read
/// as the arena reads Reversi openings).
///
/// # Errors
/// The file cannot be read, or a line is not an opening.
pub fn roots(openings: Option<&Path>) -> Result<Vec<Board>, String> {
    let mut roots = vec![Board::start()];
    if let Some(path) = openings {
        for line in read_openings(path, true)? {
            let opening = Opening::parse(&line).map_err(|e| format!("{}: {e}", path.display()))?;
            roots.push(opening.board);
        }
    }
    Ok(roots)
}

/// `reversi-book build`: grows the tree and writes the book.
///
/// # Errors
/// Unreadable openings, an unwritable memo or book.
pub fn build(args: &BuildArgs) -> Result<(), String> {
    let roots = roots(args.openings.as_deref())?;
    let mut tree = Tree::new(&roots, args.depth, Some(&args.memo))?;
    eprintln!(
        "reversi-book: {} roots, depth {}, {} searches read from {}",
        roots.len(),
        args.depth,
        tree.memo.len() as u64 - tree.searched,
        args.memo.display()
    );
    tree.grow(args.expansions, args.ply_cost, args.max_plies, 10)?;
    write_book(&tree, &args.out)
}

/// Writes `tree`'s book to `out` and says on stderr how many records it holds.
pub(crate) fn write_book(tree: &Tree, out: &Path) -> Result<(), String> {
    let bytes = tree.book_bytes();
    std::fs::write(out, &bytes).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    eprintln!(
        "reversi-book: {} records, {} bytes, in {}",
        bytes.len() / duel_core::reversi::book::RECORD_BYTES,
        bytes.len(),
        out.display()
    );
    Ok(())
}
