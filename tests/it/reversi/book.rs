//! The opening book: the committed one is legal and negamax-consistent, its lookups agree with
//! a naive rotation of the board in all eight symmetries, and the builder (`reversi-book
//! build`, `duel_train::book`) is reproducible, resumes from its memo, and writes values that
//! a plain recomputation from fresh searches gives again.

use duel_core::reversi::book::{Book, RECORD_BYTES, Record, canonical};
use duel_core::reversi::score::centidiscs;
use duel_core::reversi::train::Engine;
use duel_core::reversi::{Board, Move, Player, Square};
use duel_core::{Bitboard, Budget, Colour, Entry, Player as _, TimeUse};
use duel_train::book::{BuildArgs, build};
use std::path::Path;

/// Square (row r, column c) under symmetry `k` of the square, by coordinates alone: transposed
/// when `k & 4`, rows reversed when `k & 2`, columns reversed when `k & 1`.
fn naive_square(index: u8, k: usize) -> u8 {
    let (mut r, mut c) = (index / 8, index % 8);
    if k & 4 != 0 {
        (r, c) = (c, r);
    }
    if k & 2 != 0 {
        r = 7 - r;
    }
    if k & 1 != 0 {
        c = 7 - c;
    }
    r * 8 + c
}

/// A bitboard under symmetry `k`, a square at a time.
fn naive_image(x: u64, k: usize) -> u64 {
    (0..64u8)
        .filter(|&s| x >> s & 1 != 0)
        .fold(0, |acc, s| acc | 1 << naive_square(s, k))
}

/// The book's value of the canonical image of `board`, if it holds the position.
pub(super) fn book_value(book: &Book<'_>, board: &Board) -> Option<i16> {
    let (p, o, _) = canonical(board.player().0, board.opponent().0);
    book.find(p, o).map(|r| r.centidiscs)
}

/// Negamax consistency: no move of a stored position leads to a stored position better for
/// its mover than the stored value, and the stored move's child, when stored, has exactly the
/// negated value.
pub(super) fn assert_negamax_consistent(book: &Book<'_>) {
    for record in book.records() {
        let board = record.board();
        for square in board.move_mask() {
            let mv = Move::Place(Square::new(square as u8).unwrap());
            let child = board.play(mv).unwrap();
            if let Some(v) = book_value(book, &child) {
                assert!(-v <= record.centidiscs, "{record:?}: {mv} is worth {}", -v);
                if square as u8 == record.square {
                    assert_eq!(-v, record.centidiscs, "{record:?}: its move's child");
                }
            }
        }
    }
}

#[test]
fn the_committed_book_is_legal_and_negamax_consistent() {
    let bytes = include_bytes!("../../../core/src/reversi/book.bin");
    let book = Book::new(bytes).expect("the committed bytes are a book");
    assert_eq!(book.len(), bytes.len() / RECORD_BYTES);
    assert!(book.len() > 100, "{} records", book.len());
    assert_eq!(Book::committed().len(), book.len());
    assert_negamax_consistent(&book);
    // The start position is in it, and the player answers from it without searching.
    let start = Board::start();
    let hit = book.lookup(&start).expect("the start is in the book");
    let mut table = vec![Entry::default(); 1 << 10];
    let decision = Player::new(&mut table, TimeUse::ThisMove)
        .with_book(book)
        .choose(&start, &mut Budget::nodes(1000))
        .unwrap();
    assert_eq!((decision.mv, decision.nodes), (hit.mv, 0));
    assert!(start.play(decision.mv).is_ok());
}

#[test]
fn lookups_agree_with_a_naive_rotation_in_every_symmetry() {
    let book = Book::committed();
    for record in book.records().step_by(7) {
        for k in 0..8 {
            let board = Board::from_relative(
                Bitboard(naive_image(record.player, k)),
                Bitboard(naive_image(record.opponent, k)),
                Colour::White,
            );
            let hit = book.lookup(&board).expect("every image is found");
            let expected = Square::new(naive_square(record.square, k)).unwrap();
            // A symmetric position may answer with another image of the same move: the
            // children are then the same position.
            let child = board.play(hit.mv).unwrap();
            let wanted = board.play(Move::Place(expected)).unwrap();
            let key = |b: &Board| canonical(b.player().0, b.opponent().0);
            assert_eq!(key(&child).0, key(&wanted).0);
            assert_eq!(key(&child).1, key(&wanted).1);
            assert_eq!(hit.centidiscs, record.centidiscs);
        }
    }
    // A position not in the book is not found; malformed bytes are refused.
    let far = Board::parse_text(&format!("{}{} X", "X".repeat(40), "-".repeat(24))).unwrap();
    assert_eq!(book.lookup(&far), None);
    assert!(Book::new(&[0; RECORD_BYTES - 1]).is_err());
    let (player, opponent, _) = canonical(Board::start().player().0, Board::start().opponent().0);
    let mut bad = Record {
        player,
        opponent,
        square: 0,
        centidiscs: 0,
    }
    .to_bytes();
    assert!(Book::new(&bad).is_err(), "a1 is not legal at the start");
    bad[16] = 200;
    assert!(Book::new(&bad).is_err());
}

fn args(dir: &Path, memo: &str, out: &str) -> BuildArgs {
    BuildArgs {
        depth: 3,
        expansions: 25,
        ply_cost: 100,
        max_plies: 6,
        openings: None,
        memo: dir.join(memo),
        out: dir.join(out),
    }
}

/// A depth-3 search's value of `board` in hundredths of a disc, as the builder defines it.
fn search(board: &Board) -> i64 {
    if board.is_over() {
        return i64::from(board.final_margin()) * 100;
    }
    let mut table = vec![Entry::default(); 1 << 20];
    let choice = Engine::new(&mut table)
        .with_max_depth(3)
        .choose(board, &mut Budget::unlimited().with_max_depth(3));
    i64::from(centidiscs(choice.score, choice.exact))
}

#[test]
fn the_builder_is_reproducible_resumes_and_negamaxes_fresh_searches() {
    let dir = duel_tests::scratch_dir("reversi-book-build");
    build(&args(&dir, "memo.txt", "a.bin")).unwrap();
    let a = std::fs::read(dir.join("a.bin")).unwrap();
    let book = Book::new(&a).expect("the builder writes a book");
    assert!(book.len() >= 20, "{} records", book.len());
    assert_negamax_consistent(&book);

    // Every record's value is the best of its moves, each worth its child's stored value or,
    // for a leaf, a fresh search of the child.
    for record in book.records() {
        let board = record.board();
        let best = board
            .move_mask()
            .map(|s| {
                let child = board
                    .play(Move::Place(Square::new(s as u8).unwrap()))
                    .unwrap();
                book_value(&book, &child).map_or_else(|| search(&child), i64::from)
            })
            .map(|v| -v)
            .max()
            .unwrap();
        assert_eq!(i64::from(record.centidiscs), best, "{record:?}");
    }

    // Again from its own memo (nothing searched), from a fresh memo, and from the first half of
    // the memo with a torn line: the same bytes.
    build(&args(&dir, "memo.txt", "b.bin")).unwrap();
    build(&args(&dir, "fresh.txt", "c.bin")).unwrap();
    let memo = std::fs::read_to_string(dir.join("memo.txt")).unwrap();
    let lines: Vec<&str> = memo.lines().collect();
    let half = lines[..lines.len() / 2].join("\n") + "\n" + &lines[lines.len() / 2][..10];
    std::fs::write(dir.join("half.txt"), half).unwrap();
    build(&args(&dir, "half.txt", "d.bin")).unwrap();
    for other in ["b.bin", "c.bin", "d.bin"] {
        assert_eq!(std::fs::read(dir.join(other)).unwrap(), a, "{other}");
    }
    assert_eq!(
        std::fs::read_to_string(dir.join("memo.txt")).unwrap(),
        memo,
        "a build from a complete memo searches nothing"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn reversi_with_book_answers_the_books_move() {
    let start = Board::start();
    let mut input = String::from("1\n");
    for row in start.to_contest() {
        let cells: Vec<String> = row.iter().map(i32::to_string).collect();
        input += &(cells.join(" ") + "\n");
    }
    let Move::Place(sq) = Book::committed().lookup(&start).unwrap().mv else {
        panic!("the book never passes");
    };
    let expected = format!("{} {}\n", sq.row().0, sq.column().0);
    let reversi = duel_tests::bin("reversi");
    let out = duel_tests::run(&reversi, &["--book", "--nodes", "1000"], &input);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
    // NBoard's go too, from the usual Othello start (the contest's mirrored), answered by the
    // book's move in that orientation: `=== <move>/<eval>/<seconds>`.
    let othello =
        Board::parse_text(&format!("{0}OX{1}XO{0} X", "-".repeat(27), "-".repeat(6))).unwrap();
    let Move::Place(sq) = Book::committed().lookup(&othello).unwrap().mv else {
        panic!("the book never passes");
    };
    let nboard = "nboard 2\nset game (;GM[Othello]PC[duel]PB[b]PW[w]RE[?]TI[0:00]TY[8]\
                  BO[8 ---------------------------O*------*O--------------------------- *];)\ngo\n";
    let out = duel_tests::run(&reversi, &["--nboard", "--book", "--nodes", "1000"], nboard);
    let text = String::from_utf8_lossy(&out.stdout);
    let answer = text.lines().find(|l| l.starts_with("=== ")).unwrap_or("");
    let name = String::from_utf8_lossy(&sq.name()).to_uppercase();
    assert!(answer.starts_with(&format!("=== {name}/")), "{text}");
}
