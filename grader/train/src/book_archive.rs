//! The Reversi opening book from a WTHOR archive (`reversi-book archive`): the masters' tree
//! of openings, its leaves valued by the games' theoretical scores, the moves masters did not
//! play valued by deep searches, negamaxed back to the start and written as the core's
//! [`Book`](duel_core::reversi::Book) (the tree and the writing are [`crate::book`]'s).
//!
//! - A position is *in the tree* when at least `min_games` games of the archive reach it within
//!   `max_plies` plies of the start (by discs on the board), positions merged over their eight
//!   symmetric images (so the archive's orientation, [`wthor::start`] mirrored, and the
//!   engine's meet), each game counted once a position.
//! - Its *label* is the mean, over those games, of the theoretical score (the game's value with
//!   perfect play from 24 empties on) as a margin for the side to move, in hundredths of a disc
//!   (rounded down).
//! - A tree position before `max_plies` is *expanded*: each of its moves leads to a tree
//!   position, worth that position's negamax value, or to one that is not (a move masters did
//!   not play, or played in fewer than `min_games` games: a *drop-out*), worth a fixed-depth
//!   search of it (reproducible: a fresh table each, no clock). A tree position at `max_plies`
//!   is a leaf worth its label (or, with `--search-leaves`, its search).
//! - An expanded position's value is the best of its children's, negated (negamax), so a move
//!   masters played is kept only while no other move searches better; the book holds every
//!   expanded position with its best move.
//!
//! The searches go through [`crate::book`]'s memo file: a stopped build resumes, and a build
//! from the same archive, arguments and memo writes the same bytes.
//!
//! The book screened for issue 60 (not committed: it did not measure better than the
//! committed one): the 137,548-game archive, 374 tree positions, 2,982 searches (about 7 a
//! second on a shared, niced core), 370 records (7,030 bytes):
//!
//! ```sh
//! reversi-book archive WTHOR_FOLDER --min-games 500 --max-plies 20 --depth 14 --memo memo.txt --out book.bin
//! ```

use crate::book::{Key, Tree, board_of, children_of, key_of, write_book};
use crate::wthor::{self, GameFile, for_mover};
use duel_core::reversi::{Board, Move};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// `reversi-book archive`.
#[derive(clap::Args, Debug, Clone)]
pub struct ArchiveArgs {
    /// The WTHOR archive's folder (its `*.wtb` game files).
    pub archive: PathBuf,
    /// The games that must reach a position for the tree to hold it.
    #[arg(long, default_value_t = 200)]
    pub min_games: u32,
    /// The plies from the start (by discs on the board) past which the tree holds nothing; its
    /// positions there are leaves.
    #[arg(long, default_value_t = 16)]
    pub max_plies: u32,
    /// The depth of every search (the drop-outs', and the leaves' with `--search-leaves`).
    #[arg(long, default_value_t = 12)]
    pub depth: u8,
    /// Value the leaves by a search rather than by their games' theoretical scores.
    #[arg(long)]
    pub search_leaves: bool,
    /// Print the tree's counts and the searches it needs, and stop.
    #[arg(long)]
    pub dry_run: bool,
    /// The searches made so far, appended to as the build goes (resumes a stopped build).
    #[arg(long)]
    pub memo: PathBuf,
    /// The book to write.
    #[arg(long)]
    pub out: PathBuf,
}

/// The games through one position: how many, and the sum of their theoretical margins for its
/// side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games that reach the position.
    pub games: u32,
    /// The sum of their theoretical scores as margins (discs) for the side to move.
    pub margin_sum: i64,
}

impl Tally {
    /// The mean margin in hundredths of a disc, rounded down.
    pub fn label(&self) -> i64 {
        (self.margin_sum * 100).div_euclid(i64::from(self.games.max(1)))
    }
}

/// Plies from the start of `board`, by its discs.
fn plies(board: &Board) -> u32 {
    (board.player().0 | board.opponent().0).count_ones() - 4
}

/// Adds each position that `record` reaches within `max_plies` (the positions before a pass
/// too) to `tally`, once.
///
/// # Errors
/// `ply P: <square> is illegal` for a move the rules refuse.
pub fn tally_game(
    record: &wthor::Record,
    max_plies: u32,
    tally: &mut BTreeMap<Key, Tally>,
) -> Result<(), String> {
    let margin = record.theoretical_margin();
    let mut seen = BTreeSet::new();
    let mut visit = |board: &Board, tally: &mut BTreeMap<Key, Tally>| {
        if plies(board) <= max_plies && seen.insert(key_of(board)) {
            let t = tally.entry(key_of(board)).or_default();
            t.games += 1;
            t.margin_sum += i64::from(for_mover(board, margin));
        }
    };
    let mut board = wthor::start();
    for (ply, &sq) in record.moves.iter().enumerate() {
        if plies(&board) > max_plies {
            return Ok(());
        }
        if !board.has_move() && !board.is_over() {
            visit(&board, tally);
            board = board.pass();
        }
        visit(&board, tally);
        board = board
            .play(Move::Place(sq))
            .map_err(|_| format!("ply {}: {sq} is illegal", ply + 1))?;
    }
    if !board.has_move() && !board.is_over() {
        visit(&board, tally);
        board = board.pass();
    }
    visit(&board, tally);
    Ok(())
}

/// The tally of every game of the archive folder `dir` within `max_plies`, and the games read.
///
/// # Errors
/// The first unreadable file, bad record or illegal move, as one line naming the file, the game
/// (1-based within its file) and the ply.
pub fn tally_archive(dir: &Path, max_plies: u32) -> Result<(BTreeMap<Key, Tally>, u64), String> {
    let mut tally = BTreeMap::new();
    let mut games = 0;
    for path in wthor::game_files(dir)? {
        let file = GameFile::read(&path)?;
        for (g, record) in file.records.iter().enumerate() {
            tally_game(record, max_plies, &mut tally)
                .map_err(|e| format!("{}: game {}: {e}", path.display(), g + 1))?;
            games += 1;
        }
    }
    Ok((tally, games))
}

/// The tree's positions (in order: by plies, then key), each with its children when expanded.
pub type Plan = Vec<(Key, Option<Vec<(u8, Key)>>)>;

/// The tree of `tally` from the start: the positions at least `min_games` games reach, those
/// before `max_plies` expanded; and the drop-outs (children outside the tree), in key order.
pub fn plan(tally: &BTreeMap<Key, Tally>, min_games: u32, max_plies: u32) -> (Plan, Vec<Key>) {
    let in_tree = |k: &Key| tally.get(k).is_some_and(|t| t.games >= min_games.max(1));
    let root = key_of(&wthor::start());
    let mut tree = Vec::new();
    let mut dropouts = BTreeSet::new();
    if !in_tree(&root) {
        return (tree, Vec::new());
    }
    // By plies (a pass keeps the discs, so a pass's child comes after its parent in a set
    // ordered by plies then the search below), each position once.
    let mut seen = BTreeSet::from([root]);
    let mut frontier = vec![root];
    while !frontier.is_empty() {
        let mut next = BTreeSet::new();
        for key in frontier {
            let board = board_of(key);
            let expand = plies(&board) < max_plies && !board.is_over();
            let children = expand.then(|| children_of(key));
            for &(_, child) in children.iter().flatten() {
                if !in_tree(&child) {
                    dropouts.insert(child);
                } else if seen.insert(child) {
                    next.insert(child);
                }
            }
            tree.push((key, children));
        }
        frontier = next.into_iter().collect();
    }
    (tree, dropouts.into_iter().collect())
}

/// The tree of [`plan`] valued (labels from `tally`, searches to `depth` through `memo`), ready
/// for [`Tree::book_bytes`]; a progress line on stderr every `progress` searches.
///
/// # Errors
/// The memo file cannot be read or written.
pub fn grow(
    tally: &BTreeMap<Key, Tally>,
    args: &ArchiveArgs,
    memo: Option<&Path>,
    progress: usize,
) -> Result<Tree, String> {
    let (plan, dropouts) = plan(tally, args.min_games, args.max_plies);
    let mut tree = Tree::new(&[], args.depth, memo)?;
    if let Some((root, _)) = plan.first() {
        tree.add_root(*root);
    }
    let mut to_search: Vec<Key> = dropouts;
    for (key, children) in &plan {
        let label = tally.get(key).map_or(0, Tally::label);
        if children.is_none() && args.search_leaves {
            to_search.push(*key);
        } else {
            tree.put(*key, label, children.clone());
        }
    }
    to_search.sort_unstable();
    let fresh = to_search.iter().filter(|k| !tree.in_memo(**k)).count();
    let expanded = plan.iter().filter(|(_, c)| c.is_some()).count();
    eprintln!(
        "reversi-book: {} tree positions ({expanded} expanded), {} searches at depth {} \
         ({} to make, {} in the memo)",
        plan.len(),
        to_search.len(),
        args.depth,
        fresh,
        tree.memo_len()
    );
    if args.dry_run {
        return Ok(tree);
    }
    let started = std::time::Instant::now();
    let mut made = 0usize;
    for (i, key) in to_search.iter().enumerate() {
        if tree.contains(*key) {
            continue;
        }
        let new = !tree.in_memo(*key);
        tree.add(*key)?;
        if new {
            made += 1;
            if progress > 0 && made % progress == 0 {
                let rate = made as f64 / started.elapsed().as_secs_f64().max(1e-9);
                eprintln!(
                    "reversi-book: {}/{} searches, {made} made this run, {rate:.2}/s, \
                     {:.0} s left",
                    i + 1,
                    to_search.len(),
                    (fresh - made) as f64 / rate
                );
            }
        }
    }
    Ok(tree)
}

/// `reversi-book archive`: reads the archive, values its tree and writes the book.
///
/// # Errors
/// A bad archive file or move (one line naming the file, game and ply), an unwritable memo or
/// book.
pub fn build(args: &ArchiveArgs) -> Result<(), String> {
    let (tally, games) = tally_archive(&args.archive, args.max_plies)?;
    eprintln!(
        "reversi-book: {games} games, {} positions within {} plies",
        tally.len(),
        args.max_plies
    );
    let tree = grow(&tally, args, Some(&args.memo), 50)?;
    if args.dry_run {
        return Ok(());
    }
    write_book(&tree, &args.out)
}
