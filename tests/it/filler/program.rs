//! The contest program (`filler`) through the real binary.

use super::{STATEMENT, awkward_grid, random_grid};
use duel_core::filler::train::choose_with;
use duel_core::filler::{Board, COLOURS, Grid, Heuristic};
use duel_core::{Budget, Column, Entry, Row};
use duel_tests::{Rng, bin, run};

fn program(args: &[&str], stdin: &str) -> (bool, String, String) {
    let out = run(&bin("filler"), args, stdin);
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The answer of `choose` in process with the program's defaults and a node limit.
fn in_process(text: &str, nodes: u64) -> String {
    let board = Board::from_grid(&Grid::parse(text.as_bytes()).unwrap());
    let mut table = vec![Entry::default(); 8 * (1 << 20) / 16];
    let choice = choose_with(
        &board,
        &Heuristic::default(),
        &mut Budget::nodes(nodes),
        &mut table,
        &mut |_| {},
    );
    format!("{}\n", choice.colour)
}

fn random_text(seed: u64, n: usize) -> String {
    random_grid(&mut Rng::new(seed), n, COLOURS).to_string()
}

#[test]
fn program_golden_answers() {
    let cases: [(String, &str); 4] = [
        (STATEMENT.to_string(), "6\n"),
        (random_text(1, 10), "6\n"),
        (random_text(2, 15), "7\n"),
        (random_text(3, 20), "2\n"),
    ];
    for (text, expected) in &cases {
        let (ok, out, err) = program(&["--nodes", "20000"], text);
        assert!(ok, "{err}");
        assert_eq!(err, "");
        assert_eq!(out, in_process(text, 20_000));
        assert_eq!(out, *expected, "board\n{text}");
    }
}

#[test]
fn program_accepts_loose_whitespace() {
    let clean = program(&["--nodes", "5000"], STATEMENT);
    assert!(clean.0);
    let crlf = STATEMENT.replace('\n', "\r\n");
    let spaced = STATEMENT.replace(' ', "  \t ").replace('\n', "  \n\n");
    let unterminated = STATEMENT.trim_end().to_string();
    let leading = format!("\n\n  {STATEMENT}\n\n");
    for text in [crlf, spaced, unterminated, leading] {
        assert_eq!(
            program(&["--nodes", "5000"], &text),
            clean,
            "input {text:?}"
        );
    }
}

#[test]
fn program_rejects_malformed_input_naming_the_line() {
    let rows: Vec<&str> = STATEMENT.lines().collect();
    let with_row = |i: usize, row: &str| {
        let mut r = rows.clone();
        r[i] = row;
        r.join("\n") + "\n"
    };
    let small = "9\n".to_string() + &"1 2 3 4 5 6 7 8 9\n".repeat(9);
    let cases: Vec<(String, &str)> = vec![
        (String::new(), "line 1: missing the board size"),
        ("\n\n".into(), "line 1: missing the board size"),
        ("ten\n".into(), "line 1: the board size is not a number"),
        ("10 10\n".into(), "line 1: the board size is not a number"),
        ("21\n".into(), "line 1: board size 21 outside 1..=20"),
        ("0\n".into(), "line 1: board size 0 outside 1..=20"),
        (small, "line 1: board size 9 outside 10..=20"),
        (
            with_row(3, "4 1 1 3 1 2 1 7 2"),
            "line 4: expected 10 cells, found 9",
        ),
        (
            with_row(5, "1 3 0 9 2 6 0 4 9 8 8"),
            "line 6: expected 10 cells, found 11",
        ),
        (
            with_row(2, "6 6 1 2 5 x 1 5 1 5"),
            "line 3: a cell is not a colour digit 0..=9",
        ),
        (
            with_row(7, "5 1 6 5 1 1 6 8 7 10"),
            "line 8: a cell is not a colour digit 0..=9",
        ),
        (
            with_row(10, "7 7 3 6 7 9 9 1 3 -2"),
            "line 11: a cell is not a colour digit 0..=9",
        ),
        (
            rows[..10].join("\n"),
            "line 10: expected 10 board rows, found 9",
        ),
        (
            STATEMENT.to_string() + "\n1 2 3\n",
            "line 13: unexpected text after the board",
        ),
    ];
    for (text, message) in &cases {
        let (ok, out, err) = program(&["--nodes", "1000"], text);
        assert!(!ok, "accepted {text:?}");
        assert_eq!(out, "", "printed a move for {text:?}");
        assert_eq!(err, format!("filler: {message}\n"), "input {text:?}");
    }
    // Other sizes only with --any-size.
    let five = random_text(4, 5);
    assert!(!program(&["--nodes", "1000"], &five).0);
    let (ok, out, _) = program(&["--nodes", "1000", "--any-size"], &five);
    assert!(ok);
    assert_eq!(out, in_process(&five, 1000));
    for bad in [&["--bogus"][..], &["--nodes", "many"][..], &["extra"][..]] {
        let (ok, out, err) = program(bad, STATEMENT);
        assert!(!ok && out.is_empty(), "{bad:?}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("filler: ") && err.ends_with('\n'), "{err}");
    }
    let (ok, out, _) = program(&["--help"], "");
    assert!(ok);
    assert!(out.contains("--millis") && out.contains("--nodes") && out.contains("--any-size"));
}

#[test]
fn program_never_prints_the_forbidden_colour() {
    let mut rng = Rng::new(11);
    for case in 0..40 {
        let n = if case % 4 == 3 {
            1 + rng.below(9)
        } else {
            10 + rng.below(11)
        };
        let grid = awkward_grid(&mut rng, n, case % 4);
        let (ok, out, err) = program(&["--nodes", "3000", "--any-size"], &grid.to_string());
        assert!(ok, "{err}");
        let printed = out.strip_suffix('\n').unwrap();
        assert_eq!(printed.len(), 1);
        let c: u8 = printed.parse().unwrap();
        let last = (n - 1) as u8;
        let forbidden = grid.colour(Row(last), Column(last)).unwrap();
        assert_ne!(c, forbidden, "board\n{grid}");
    }
    // The default: the clock, no node limit.
    let (ok, out, _) = program(&[], &random_text(9, 20));
    assert!(ok);
    assert_eq!(out.len(), 2);
}

#[test]
fn program_reads_weights_files_as_fit_prints_them() {
    use duel_core::filler::fitted::{FITTED, Weights};
    // The committed table written as `filler-fit fit` prints it.
    let mut text = String::from("pub const FITTED: Weights = Weights([\n");
    let Weights(groups) = FITTED;
    for group in groups {
        text.push_str("    [\n");
        for phase in group {
            let row: Vec<String> = phase.iter().map(i16::to_string).collect();
            text.push_str(&format!("        [{}], // n=1 R²=0.5\n", row.join(", ")));
        }
        text.push_str("    ],\n");
    }
    text.push_str("]);\n");
    let dir = std::env::temp_dir().join(format!("filler-weights-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("w.txt");
    std::fs::write(&file, &text).unwrap();
    let path = file.to_str().unwrap();
    for (seed, n) in [(4, 10), (5, 20)] {
        let board = random_text(seed, n);
        let plain = program(&["--nodes", "5000"], &board);
        let read = program(&["--nodes", "5000", "--weights", path], &board);
        assert!(plain.0 && read.0, "{}", read.2);
        assert_eq!(plain.1, read.1);
    }
    // A table of the wrong length is an error, not a guess.
    std::fs::write(&file, "[1, 2, 3]").unwrap();
    let bad = program(&["--nodes", "5000", "--weights", path], &random_text(4, 10));
    assert!(!bad.0);
    assert!(bad.2.contains("expected"), "{}", bad.2);
    std::fs::remove_dir_all(&dir).ok();
}

/// The count the program says it used (`--info`'s `moves played …` line).
fn count_used(stderr: &str) -> String {
    let line = stderr.lines().find(|l| l.starts_with("moves played "));
    line.unwrap_or_else(|| panic!("no count in {stderr:?}"))["moves played ".len()..].to_string()
}

#[test]
fn program_with_memory_counts_every_move_of_a_game() {
    // Both sides share one file, as two copies of the program on one machine would; the
    // boards each is shown are turned as the referee turns them.
    let dir = duel_tests::scratch_dir("filler-memory-game");
    let file = dir.join("boards.txt");
    let memory = file.to_str().unwrap();
    let mut grid = random_grid(&mut Rng::new(21), 15, COLOURS);
    let mut played = 0u8;
    while played < 50 && !Board::from_grid(&grid).free().is_empty() {
        let args = ["--nodes", "2000", "--memory", memory, "--info"];
        let (ok, out, err) = program(&args, &grid.to_string());
        assert!(ok, "{err}");
        let expected = if played < 2 {
            format!("First({played})")
        } else {
            format!("Remembered({played})")
        };
        assert_eq!(count_used(&err), expected, "move {played}");
        let colour: u8 = out.trim().parse().unwrap();
        let mv = duel_core::filler::Move::new(colour).unwrap();
        assert!(Board::from_grid(&grid).is_legal(mv));
        grid = grid.after_move(mv).rotated();
        played += 1;
    }
    assert_eq!(played, 50, "a 15×15 game runs to the move limit");
    // Every board answered is in the file, one a line.
    assert_eq!(std::fs::read_to_string(&file).unwrap().lines().count(), 50);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn program_with_memory_survives_a_bad_file() {
    let dir = duel_tests::scratch_dir("filler-memory-bad");
    let board = random_text(22, 12);
    let plain = program(&["--nodes", "3000"], &board);
    // Garbage lines are skipped: the first board of a game, answered as without memory.
    let file = dir.join("garbage.txt");
    std::fs::write(&file, "not a board\n3 12 0123\n\u{0}\u{1}\n7 2 99999\n").unwrap();
    let garbage = program(
        &["--nodes", "3000", "--memory", file.to_str().unwrap()],
        &board,
    );
    assert!(garbage.0, "{}", garbage.2);
    assert_eq!(garbage.1, plain.1);
    assert_eq!(garbage.2, "");
    // A file that cannot be written: one line on stderr, and the answer all the same.
    let missing = dir.join("no-such-dir").join("boards.txt");
    let unwritable = program(
        &["--nodes", "3000", "--memory", missing.to_str().unwrap()],
        &board,
    );
    assert!(unwritable.0);
    assert_eq!(unwritable.1, plain.1);
    assert_eq!(unwritable.2.lines().count(), 1, "{}", unwritable.2);
    assert!(unwritable.2.starts_with("filler: cannot keep the board: "));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn memory_keeps_the_last_boards() {
    use duel_protocols::filler::memory::{Count, KEEP, recall};
    let dir = duel_tests::scratch_dir("filler-memory-keep");
    let file = dir.join("boards.txt");
    let mut rng = Rng::new(23);
    let keep = |grid: &Grid| recall(&file, grid, &Board::from_grid(grid)).unwrap();
    // A game's boards for one side, then many other games' first boards.
    let mut grid = random_grid(&mut rng, 20, COLOURS);
    assert_eq!(keep(&grid), Count::First(0));
    let board = Board::from_grid(&grid);
    grid = grid
        .after_move(duel_core::filler::train::greedy_colour(&board))
        .rotated();
    let reply = duel_core::filler::train::greedy_colour(&Board::from_grid(&grid));
    grid = grid.after_move(reply).rotated();
    let later = grid;
    // A board answered twice (a rerun) counts the same: it does not follow itself.
    assert_eq!(keep(&later), Count::Remembered(2));
    assert_eq!(keep(&later), Count::Remembered(2));
    // With these three, one board past twice KEEP.
    for _ in 0..2 * KEEP - 2 {
        keep(&random_grid(&mut rng, 20, COLOURS));
    }
    // Cut to the last KEEP: the game's boards are gone, and with them the count.
    let lines = std::fs::read_to_string(&file).unwrap().lines().count();
    assert_eq!(lines, KEEP);
    assert!(!matches!(keep(&later), Count::Remembered(_)));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn memory_keeps_an_estimated_count_estimated() {
    use duel_core::filler::tempo::estimate_moves_played;
    use duel_core::filler::train::greedy_colour;
    use duel_protocols::filler::memory::{Count, recall};
    let dir = duel_tests::scratch_dir("filler-memory-estimated");
    let file = dir.join("boards.txt");
    // A game under way whose earlier boards the file never saw (it was lost, or is new).
    let mut grid = random_grid(&mut Rng::new(25), 15, COLOURS);
    let turn = |g: Grid| g.after_move(greedy_colour(&Board::from_grid(&g))).rotated();
    for _ in 0..12 {
        grid = turn(grid);
    }
    let board = Board::from_grid(&grid);
    let estimate = estimate_moves_played(&board);
    assert_eq!(recall(&file, &grid, &board), Ok(Count::Estimated(estimate)));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with(&format!("~{estimate} 15 ")), "{text}");
    // Two moves on, the count follows the stored one but stays an estimate: the exact end is
    // not searched on it.
    grid = turn(turn(grid));
    let later = recall(&file, &grid, &Board::from_grid(&grid));
    assert_eq!(later, Ok(Count::Estimated(estimate + 2)));
    assert!(!later.unwrap().is_known());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn memory_shared_by_games_at_once_loses_no_board() {
    use duel_protocols::filler::memory::{KEEP, recall};
    let dir = duel_tests::scratch_dir("filler-memory-shared");
    let file = dir.join("boards.txt");
    // Four writers at once, each through its own open file, as four programs would; enough
    // boards for the file to be cut twice while they write.
    let writers = 4u64;
    let each = KEEP as u64;
    std::thread::scope(|s| {
        for w in 0..writers {
            let file = &file;
            s.spawn(move || {
                let mut rng = Rng::new(100 + w);
                for _ in 0..each {
                    let grid = random_grid(&mut rng, 10, COLOURS);
                    recall(file, &grid, &Board::from_grid(&grid)).unwrap();
                }
            });
        }
    });
    // One board after another, the file grows by one line and is cut to KEEP when past twice
    // that: its length tells whether a board was lost.
    let mut expected = 0;
    for _ in 0..writers * each {
        expected += 1;
        if expected > 2 * KEEP {
            expected = KEEP;
        }
    }
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.lines().count(), expected);
    let whole = |l: &str| {
        let fields: Vec<&str> = l.split_ascii_whitespace().collect();
        fields.len() == 3 && fields[1] == "10" && fields[2].len() == 100
    };
    assert!(text.lines().all(whole), "whole lines only");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn memory_appends_after_a_last_line_cut_short() {
    use duel_protocols::filler::memory::{Count, recall};
    let dir = duel_tests::scratch_dir("filler-memory-short");
    let file = dir.join("boards.txt");
    let grid = random_grid(&mut Rng::new(24), 12, COLOURS);
    std::fs::write(&file, "7 12 0123").unwrap();
    let board = Board::from_grid(&grid);
    assert_eq!(recall(&file, &grid, &board), Ok(Count::First(0)));
    assert_eq!(recall(&file, &grid, &board), Ok(Count::First(0)));
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.lines().count(), 3, "{text}");
    assert_eq!(text.lines().next(), Some("7 12 0123"));
    assert!(
        text.lines().skip(1).all(|l| l.len() == "0 12 ".len() + 144),
        "{text}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
