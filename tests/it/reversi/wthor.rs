//! The WTHOR archive reader (`duel_train::wthor`) and the archive's labels (`reversi-eval
//! archive`), on small archives written here in the format (the real archive is not in the
//! repository): records round-trip, games replay under the engine's rules and under the naive
//! twin's, a bad file or move is one line naming the file, game and ply, and the labels are
//! the exact solver's where it reaches and the theoretical score before.

use super::helpers::pattern_in_views;
use super::naive::{grid_of, minimax, naive_cell, naive_flips, naive_moves};
use duel_core::reversi::trained::PATTERNS;
use duel_core::reversi::{Board, Move, Square};
use duel_core::{Bitboard, Colour};
use duel_train::Rng;
use duel_train::Shard;
use duel_train::reversi::archive::{self, ArchiveArgs};
use duel_train::wthor::{self, GameFile, Header, Record};
use std::path::{Path, PathBuf};

/// A fresh directory of this test process.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("duel-wthor-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

/// A random game from the archive's start, played to its end (or stopped after `max_moves`),
/// recorded as the format stores it: no passes, black's discs as both scores.
pub(super) fn random_record(rng: &mut Rng, max_moves: usize) -> Record {
    let mut board = wthor::start();
    let mut moves = Vec::new();
    while !board.is_over() && moves.len() < max_moves {
        if !board.has_move() {
            board = board.pass();
            continue;
        }
        let squares: Vec<Square> = board.move_mask().into_iter().map(square).collect();
        let sq = squares[rng.below(squares.len())];
        moves.push(sq);
        board = board.play(Move::Place(sq)).expect("a legal move");
    }
    let black = board.black().len() as u8;
    Record {
        tournament: 3,
        black: 1,
        white: 2,
        real: black,
        theoretical: black,
        moves,
    }
}

fn square(index: u32) -> Square {
    Square::new(index as u8).expect("a square of the board")
}

/// A game file of `records` for `year`.
pub(super) fn file_bytes(year: u16, records: &[Record]) -> Vec<u8> {
    let header = Header {
        made: (2026, 12, 3),
        games: records.len() as u32,
        records: 0,
        year,
        depth: 24,
    };
    let mut bytes = header.to_bytes().to_vec();
    for r in records {
        bytes.extend_from_slice(&r.to_bytes());
    }
    bytes
}

#[test]
fn records_round_trip_and_replay_as_the_naive_rules_play_them() {
    let mut rng = Rng::new(60, 1);
    for g in 0..40 {
        let record = random_record(&mut rng, 60);
        let bytes = record.to_bytes();
        assert_eq!(Record::parse(&bytes).expect("a record"), record);
        let replay = record.replay().expect("a legal game");
        assert!(replay.finished(), "game {g}");
        assert_eq!(replay.before.len(), record.moves.len());
        // The naive twin: the same moves on a grid of cells (0 empty, 1 black, 2 white),
        // passing where the mover has no square.
        let mut grid = grid_of(&wthor::start());
        let mut me = 1u8;
        for (ply, sq) in record.moves.iter().enumerate() {
            if naive_moves(&grid, me) == 0 {
                me = 3 - me;
            }
            let b = replay.before[ply];
            let (black, white) = (b.black().bits(), b.white().bits());
            let cells = |c: u8| {
                (0..64)
                    .filter(|&i| grid[i] == c)
                    .fold(0u64, |m, i| m | 1 << i)
            };
            assert_eq!((cells(1), cells(2)), (black, white), "game {g} ply {ply}");
            assert_eq!(b.to_move() == Colour::Black, me == 1, "game {g} ply {ply}");
            let i = usize::from(sq.index());
            let flips = naive_flips(&grid, i, me);
            assert_ne!(flips, 0, "game {g} ply {ply}: {sq} flips nothing");
            for (f, cell) in grid.iter_mut().enumerate() {
                if flips >> f & 1 == 1 {
                    *cell = me;
                }
            }
            grid[i] = me;
            me = 3 - me;
        }
        assert_eq!(naive_moves(&grid, 1) | naive_moves(&grid, 2), 0);
        // Black's discs at the end, as recorded (no empty square left to share out here,
        // or the winner's).
        let last = replay.last;
        let black = last.black().len() as i32;
        let margin = wthor::for_mover(&last, 2 * black - 64);
        if last.empties() == 0 {
            assert_eq!(margin, last.final_margin());
        }
    }
}

#[test]
fn a_game_ended_early_replays_to_where_it_stops() {
    let mut rng = Rng::new(60, 2);
    let record = random_record(&mut rng, 30);
    assert_eq!(record.moves.len(), 30);
    let replay = record.replay().expect("a legal opening");
    assert!(!replay.finished());
    assert_eq!(replay.last.empties(), 30);
}

#[test]
fn a_bad_file_or_move_is_one_line_naming_the_file_game_and_ply() {
    let dir = temp_dir("bad");
    let mut rng = Rng::new(60, 3);
    let good: Vec<Record> = (0..3).map(|_| random_record(&mut rng, 60)).collect();

    // An illegal move: game 2's ply 5 replaced by a square already taken.
    let mut bad = good.clone();
    bad[1].moves[4] = bad[1].moves[0];
    let path = dir.join("WTH_2001.wtb");
    std::fs::write(&path, file_bytes(2001, &bad)).expect("write");
    let err = wthor::read_archive(&dir).expect_err("an illegal move");
    let want = format!(
        "{}: game 2: ply 5: {} is illegal",
        path.display(),
        bad[1].moves[0]
    );
    assert_eq!(err, want);

    // A byte that names no square.
    let mut bytes = file_bytes(2001, &good);
    bytes[16 + 68 * 2 + 8 + 6] = 19;
    std::fs::write(&path, &bytes).expect("write");
    let err = wthor::read_archive(&dir).expect_err("a bad byte");
    assert_eq!(
        err,
        format!(
            "{}: game 3: move 7: byte 19 names no square",
            path.display()
        )
    );

    // A short file: the header counts three games, two are there.
    let bytes = file_bytes(2001, &good);
    std::fs::write(&path, &bytes[..16 + 68 * 2 + 10]).expect("write");
    let err = wthor::read_archive(&dir).expect_err("a short file");
    assert!(
        err.starts_with(&format!("{}: the header says 3 games", path.display()))
            && !err.contains('\n'),
        "{err}"
    );
    std::fs::write(&path, &bytes[..10]).expect("write");
    let err = wthor::read_archive(&dir).expect_err("no header");
    assert_eq!(
        err,
        format!("{}: a header of 16 bytes, found 10", path.display())
    );

    // A folder without game files.
    std::fs::remove_file(&path).expect("remove");
    let err = wthor::read_archive(&dir).expect_err("no files");
    assert!(err.ends_with("no WTHOR game file (*.wtb)"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_name_lists_read_their_records() {
    let dir = temp_dir("names");
    let header = Header {
        made: (2026, 12, 3),
        games: 0,
        records: 2,
        year: 0,
        depth: 0,
    };
    let mut bytes = header.to_bytes().to_vec();
    for name in ["Tastet Marc", "M\u{e9}ot"] {
        let mut r = [0u8; wthor::PLAYER_BYTES];
        let latin1: Vec<u8> = name.chars().map(|c| c as u8).collect();
        r[..latin1.len()].copy_from_slice(&latin1);
        bytes.extend_from_slice(&r);
    }
    let path = dir.join("WTH.JOU");
    std::fs::write(&path, &bytes).expect("write");
    assert_eq!(
        wthor::read_names(&path, wthor::PLAYER_BYTES).expect("names"),
        ["Tastet Marc", "M\u{e9}ot"]
    );
    std::fs::write(&path, &bytes[..16 + 30]).expect("write");
    let err = wthor::read_names(&path, wthor::PLAYER_BYTES).expect_err("short");
    assert!(err.contains("the header says 2 names"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A tiny archive of two years in `dir`: 16 games played out, and one stopped early.
fn write_archive(dir: &Path) -> Vec<Record> {
    let mut rng = Rng::new(60, 4);
    let mut all = Vec::new();
    for (year, count) in [(1999u16, 9usize), (2000, 8)] {
        let mut records: Vec<Record> = (0..count).map(|_| random_record(&mut rng, 60)).collect();
        if year == 2000 {
            records[3] = random_record(&mut rng, 34);
        }
        std::fs::write(
            dir.join(format!("WTH_{year}.wtb")),
            file_bytes(year, &records),
        )
        .expect("write");
        all.extend(records);
    }
    all
}

#[test]
fn archive_labels_are_exact_where_the_solver_reaches_and_theoretical_before() {
    let dir = temp_dir("labels");
    let records = write_archive(&dir);
    let out = dir.join("out");
    let args = |shard: &str| ArchiveArgs {
        archive: dir.clone(),
        shard: Shard::parse(shard).expect("a shard"),
        out: out.clone(),
        solve_empties: 10,
    };
    for k in 0..2 {
        archive::run(&args(&format!("{k}/2"))).expect("archive");
    }
    let mut checked = (0, 0);
    for k in 0..2u64 {
        let text =
            std::fs::read_to_string(out.join(format!("archive-{k}-of-2.txt"))).expect("file");
        let mut game_lines: Vec<&str> = Vec::new();
        for line in text.lines() {
            if let Some(index) = line.strip_prefix("G ") {
                let index: u64 = index.parse().expect("an index");
                assert_eq!(index % 2, k, "shard {k} holds game {index}");
                let record = &records[index as usize];
                let replay = record.replay().expect("legal");
                let reaches = replay.last.empties() <= 24;
                let expected: Vec<&Board> = replay
                    .before
                    .iter()
                    .filter(|b| reaches || b.empties() <= 10)
                    .collect();
                assert_eq!(game_lines.len(), expected.len(), "game {index}");
                for (line, b) in game_lines.iter().zip(expected) {
                    let f: Vec<&str> = line.split_whitespace().collect();
                    let p = u64::from_str_radix(f[1], 16).expect("hex");
                    let o = u64::from_str_radix(f[2], 16).expect("hex");
                    assert_eq!((p, o), (b.player().bits(), b.opponent().bits()));
                    let score: i32 = f[3].parse().expect("a score");
                    if b.empties() <= 10 {
                        assert_eq!(f[0], "E");
                        if b.empties() <= 8 {
                            let naive =
                                Board::from_relative(Bitboard(p), Bitboard(o), Colour::Black);
                            assert_eq!(score, minimax(&naive), "game {index}: {b}");
                            checked.0 += 1;
                        }
                    } else {
                        assert_eq!(f[0], "O");
                        assert_eq!(score, wthor::for_mover(b, record.theoretical_margin()));
                        checked.1 += 1;
                    }
                }
                game_lines.clear();
            } else {
                game_lines.push(line);
            }
        }
        assert!(game_lines.is_empty(), "a game without its end line");
    }
    assert!(checked.0 > 50 && checked.1 > 300, "{checked:?}");

    // A rerun adds nothing (the shard resumes after its last game).
    let before = std::fs::read(out.join("archive-0-of-2.txt")).expect("shard 0");
    archive::run(&args("0/2")).expect("resume");
    assert_eq!(
        std::fs::read(out.join("archive-0-of-2.txt")).expect("shard 0"),
        before
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_file_with_an_other_board_size_is_refused() {
    let mut bytes = file_bytes(2000, &[]);
    bytes[12] = 10;
    let err = GameFile::parse("x.wtb", &bytes).expect_err("10x10");
    assert_eq!(err, "x.wtb: board size 10 (only 8x8 games are read)");
}

/// `(player, opponent)` under the least of the eight symmetries, square by square.
fn naive_canonical(p: u64, o: u64) -> (u64, u64) {
    let image = |x: u64, s: usize| {
        (0..64).filter(|i| x >> i & 1 == 1).fold(0u64, |m, i| {
            let (r, c) = (i / 8, i % 8);
            let (r, c) = if s & 1 != 0 { (r, 7 - c) } else { (r, c) };
            let (r, c) = if s & 2 != 0 { (7 - r, c) } else { (r, c) };
            let (r, c) = if s & 4 != 0 { (c, r) } else { (r, c) };
            m | 1 << (r * 8 + c)
        })
    };
    (0..8)
        .map(|s| (image(p, s), image(o, s)))
        .min()
        .expect("eight symmetries")
}

#[test]
fn the_archive_fit_counts_each_position_once_and_init_keeps_a_file_exactly() {
    use duel_core::reversi::trained::PHASES;
    use duel_train::reversi::phases::{self, FitArgs};
    let dir = temp_dir("fit");
    let records = write_archive(&dir);
    let out = dir.join("out");
    archive::run(&ArchiveArgs {
        archive: dir.clone(),
        shard: Shard::parse("0/1").expect("a shard"),
        out: out.clone(),
        solve_empties: 10,
    })
    .expect("archive");
    let file = out.join("archive-0-of-1.txt");
    let args = FitArgs {
        files: vec![file],
        out: dir.join("w1.bin"),
        epochs: 2,
        rate: 0.003,
        decay: 0.005,
        overlap: 2,
        hold_out: 4,
        search_depth: 0,
        mix: 0.5,
        baseline: None,
        init: None,
    };
    let report = phases::fit(&args).expect("fit");

    // Each phase trains on the distinct positions (up to symmetry) of the training games
    // (index not 0 mod 4) in its range of empties, counted here square by square.
    let mut distinct = std::collections::HashSet::new();
    for (index, record) in records.iter().enumerate() {
        let replay = record.replay().expect("legal");
        let reaches = replay.last.empties() <= 24;
        if index % 4 != 0 {
            for b in replay
                .before
                .iter()
                .filter(|b| reaches || b.empties() <= 10)
            {
                distinct.insert((
                    b.empties(),
                    naive_canonical(b.player().bits(), b.opponent().bits()),
                ));
            }
        }
    }
    let views: Vec<Vec<Vec<u8>>> = (0..PATTERNS).map(pattern_in_views).collect();
    for r in &report {
        let lo = (r.phase as u32 * 5).saturating_sub(2);
        let hi = if r.phase + 1 == PHASES {
            64
        } else {
            r.phase as u32 * 5 + 6
        };
        let mine: Vec<&(u64, u64)> = distinct
            .iter()
            .filter(|(e, _)| (lo..=hi).contains(e))
            .map(|(_, key)| key)
            .collect();
        assert_eq!(r.train, mine.len(), "phase {}", r.phase);
        // The entries seen at least ten times, pattern by pattern and view by view.
        let mut count = std::collections::HashMap::new();
        for &&(p, o) in &mine {
            for (k, in_views) in views.iter().enumerate() {
                for squares in in_views {
                    *count.entry((k, naive_cell(p, o, squares))).or_insert(0u32) += 1;
                }
            }
        }
        let seen = count
            .values()
            .filter(|&&c| c >= phases::SEEN_ENOUGH)
            .count();
        assert_eq!(r.seen, seen, "phase {}", r.phase);
    }
    assert!(report.iter().any(|r| r.seen > 100), "{report:?}");
    assert!(
        distinct.len() < 16 * 55,
        "the openings repeat: {}",
        distinct.len()
    );

    // A fit that starts from a file and takes no step writes that file again, byte for byte:
    // `--init` reads a table back to exactly the values it was written from.
    phases::fit(&FitArgs {
        out: dir.join("w2.bin"),
        epochs: 0,
        init: Some(dir.join("w1.bin")),
        ..args
    })
    .expect("fit");
    assert_eq!(
        std::fs::read(dir.join("w2.bin")).expect("w2"),
        std::fs::read(dir.join("w1.bin")).expect("w1")
    );
    let _ = std::fs::remove_dir_all(&dir);
}
