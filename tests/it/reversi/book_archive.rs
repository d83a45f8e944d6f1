//! The opening book from a WTHOR archive (`reversi-book archive`, `duel_train::book_archive`)
//! end to end on tiny archives written here: its moves are legal, its values negamax over the
//! masters' tree (leaves: the games' mean theoretical score; other moves: a fresh search), the
//! build is reproducible byte for byte, the theoretical scores decide between two masters'
//! moves (in the engine's orientation, the archive's mirrored), and a bad move is one error
//! naming the file, the game and the ply.

use super::book::{assert_negamax_consistent, book_value};
use super::wthor::{file_bytes, random_record};
use duel_core::reversi::book::Book;
use duel_core::reversi::score::centidiscs;
use duel_core::reversi::train::Engine;
use duel_core::reversi::{Board, Move, Square};
use duel_core::{Budget, Entry};
use duel_train::Rng;
use duel_train::book::key_of;
use duel_train::book_archive::{ArchiveArgs, build, tally_archive};
use duel_train::wthor::Record;
use std::path::Path;

/// The search depth of these builds.
const DEPTH: u8 = 2;

fn args(dir: &Path, min_games: u32, max_plies: u32, memo: &str, out: &str) -> ArchiveArgs {
    ArchiveArgs {
        archive: dir.join("archive"),
        min_games,
        max_plies,
        depth: DEPTH,
        search_leaves: false,
        dry_run: false,
        memo: dir.join(memo),
        out: dir.join(out),
    }
}

/// Writes `records` as the archive's one game file under `dir/archive`.
fn write_archive(dir: &Path, records: &[Record]) {
    let archive = dir.join("archive");
    std::fs::create_dir_all(&archive).unwrap();
    std::fs::write(archive.join("WTH_2001.wtb"), file_bytes(2001, records)).unwrap();
}

/// A record of `moves` (archive orientation, `f5d6`) with black's theoretical `discs`.
fn record(moves: &str, discs: u8) -> Record {
    let moves = (0..moves.len() / 2)
        .map(|i| Square::parse(&moves[2 * i..2 * i + 2]).unwrap())
        .collect();
    Record {
        tournament: 0,
        black: 0,
        white: 0,
        real: discs,
        theoretical: discs,
        moves,
    }
}

/// A fixed-depth search's value of `board` in hundredths of a disc, as the builder makes it.
fn search(board: &Board) -> i64 {
    if board.is_over() {
        return i64::from(board.final_margin()) * 100;
    }
    let mut table = vec![Entry::default(); 1 << 20];
    let choice = Engine::new(&mut table)
        .with_max_depth(DEPTH)
        .choose(board, &mut Budget::unlimited().with_max_depth(DEPTH));
    i64::from(centidiscs(choice.score, choice.exact))
}

#[test]
fn the_archive_book_is_legal_negamax_over_the_masters_tree_and_reproducible() {
    let dir = duel_tests::scratch_dir("reversi-book-archive");
    let mut rng = Rng::new(60, 3);
    let records: Vec<Record> = (0..60)
        .map(|_| {
            let mut r = random_record(&mut rng, 12);
            r.theoretical = rng.below(65) as u8;
            r
        })
        .collect();
    write_archive(&dir, &records);
    let (min_games, max_plies) = (2, 5);
    build(&args(&dir, min_games, max_plies, "memo.txt", "a.bin")).unwrap();
    let a = std::fs::read(dir.join("a.bin")).unwrap();
    let book = Book::new(&a).expect("the builder writes a book");
    assert!(book.len() >= 5, "{} records", book.len());
    assert_negamax_consistent(&book);

    // Every record's move is legal, and its value the best of its moves: each worth its
    // child's record, or for a tree leaf (enough games, not expanded) its games' mean
    // theoretical margin for its mover, or else a fresh search.
    let (tally, _) = tally_archive(&dir.join("archive"), max_plies).unwrap();
    for record in book.records() {
        let board = record.board();
        assert!(board.play(record.mv()).is_ok(), "{record:?}");
        let value_of = |s: u32| {
            let child = board
                .play(Move::Place(Square::new(s as u8).unwrap()))
                .unwrap();
            let leaf = tally.get(&key_of(&child)).filter(|t| t.games >= min_games);
            -book_value(&book, &child).map_or_else(
                || leaf.map_or_else(|| search(&child), |t| t.label()),
                i64::from,
            )
        };
        let best = board.move_mask().map(value_of).max().unwrap();
        assert_eq!(i64::from(record.centidiscs), best, "{record:?}");
        assert_eq!(value_of(u32::from(record.square)), best, "{record:?}");
    }

    // Again from its own memo (nothing searched) and from a fresh one: the same bytes.
    let memo = std::fs::read_to_string(dir.join("memo.txt")).unwrap();
    build(&args(&dir, min_games, max_plies, "memo.txt", "b.bin")).unwrap();
    build(&args(&dir, min_games, max_plies, "fresh.txt", "c.bin")).unwrap();
    for other in ["b.bin", "c.bin"] {
        assert_eq!(std::fs::read(dir.join(other)).unwrap(), a, "{other}");
    }
    assert_eq!(std::fs::read_to_string(dir.join("memo.txt")).unwrap(), memo);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The book built from two games through f5 (archive orientation) that part at white's reply,
/// d6 won by black with `d6_discs`, f6 with `f6_discs`; and the contest start after f4 (f5
/// mirrored top to bottom).
fn two_games(name: &str, d6_discs: u8, f6_discs: u8) -> (Vec<u8>, Board) {
    let dir = duel_tests::scratch_dir(name);
    write_archive(
        &dir,
        &[record("f5d6c3", d6_discs), record("f5f6e6", f6_discs)],
    );
    build(&args(&dir, 1, 2, "memo.txt", "book.bin")).unwrap();
    let bytes = std::fs::read(dir.join("book.bin")).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let after = Board::start()
        .play(Move::Place(Square::parse("f4").unwrap()))
        .unwrap();
    (bytes, after)
}

#[test]
fn the_theoretical_scores_decide_which_masters_move_the_book_plays() {
    // Black wins every disc after d6 and loses every disc after f6: white plays f6 (f3 in the
    // engine's orientation), worth all 64 discs, which no search of f4 (the move nobody
    // played) reaches.
    let (bytes, after) = two_games("reversi-book-archive-f6", 64, 0);
    let book = Book::new(&bytes).unwrap();
    let hit = book
        .lookup(&after)
        .expect("the position after f5 is in the book");
    assert_eq!(hit.mv, Move::Place(Square::parse("f3").unwrap()));
    assert_eq!(hit.centidiscs, 6400);
    let start = book
        .lookup(&Board::start())
        .expect("the start is in the book");
    assert_eq!(start.centidiscs, -6400);
    assert_eq!(book.len(), 2);

    // The scores swapped: d6 (d3).
    let (bytes, after) = two_games("reversi-book-archive-d6", 0, 64);
    let hit = Book::new(&bytes).unwrap().lookup(&after).unwrap();
    assert_eq!(hit.mv, Move::Place(Square::parse("d3").unwrap()));
    assert_eq!(hit.centidiscs, 6400);
}

#[test]
fn a_bad_move_in_the_archive_is_one_error_naming_the_file_game_and_ply() {
    let dir = duel_tests::scratch_dir("reversi-book-archive-bad");
    write_archive(&dir, &[record("f5d6c3", 40), record("f5d6a1", 40)]);
    let err = build(&args(&dir, 1, 10, "memo.txt", "book.bin")).unwrap_err();
    assert!(!err.contains('\n'), "{err}");
    assert!(
        err.contains("WTH_2001.wtb: game 2: ply 3: a1 is illegal"),
        "{err}"
    );
    assert!(!dir.join("book.bin").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
