//! The contest program (`fruit-rage`) run for real in a scratch directory: the official
//! examples, malformed input, short clocks and calibration.

use super::naive::Grid;
use super::parse::malformed_inputs;
use duel_core::fruit_rage::{Board, Cell, parse_input};
use duel_tests::{bin, data_text};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh empty directory under the target directory.
fn temp_dir(name: &str) -> PathBuf {
    let dir = duel_tests::target_dir().join("fruit-rage-tests").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the program in `dir` with `args`; returns its output.
fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(bin("fruit-rage"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("fruit-rage runs")
}

/// Checks an output.txt against the naive model: a legal move and exactly its board.
fn check_output(input: &str, output: &str) -> String {
    let parsed = parse_input(input).unwrap();
    let rows: Vec<String> = parsed.board.to_string().lines().map(String::from).collect();
    let row_refs: Vec<&str> = rows.iter().map(String::as_str).collect();
    let grid = Grid::from_rows(&row_refs);
    let (first, _) = output.split_once('\n').expect("a move line");
    let cell = Cell::parse(first).expect("a cell name");
    let group = grid
        .group_at(cell.column as usize, cell.row as usize)
        .expect("the move names a fruit");
    assert_eq!(
        group.first,
        (cell.column as usize, cell.row as usize),
        "named by its first cell"
    );
    let mut after = grid.clone();
    after.claim(&group);
    assert_eq!(output, format!("{first}\n{}", after.text()));
    first.to_string()
}

#[test]
fn official_examples_through_the_program() {
    for i in 1..=5 {
        let dir = temp_dir(&format!("example{i}"));
        let input = data_text(&format!("fruit-rage/input{i}.txt"));
        let official = data_text(&format!("fruit-rage/output{i}.txt"));
        std::fs::write(dir.join("input.txt"), &input).unwrap();
        let out = run_in(&dir, &[]);
        assert!(
            out.status.success(),
            "example {i}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let ours = std::fs::read_to_string(dir.join("output.txt")).unwrap();
        let ours_move = check_output(&input, &ours);
        // The official answer is right by the naive model too (its move need not be the first
        // cell of its group: example 5 names G8 for the group whose first cell is H5).
        let official_board = official.split_once('\n').unwrap().1;
        let official_cell = Cell::parse(official.lines().next().unwrap()).unwrap();
        let parsed = parse_input(&input).unwrap().board;
        let their = parsed.move_at(official_cell).unwrap();
        assert_eq!(parsed.play_unchecked(their).to_string(), official_board);
        if ours_move == official.lines().next().unwrap()
            || parsed.move_at(Cell::parse(&ours_move).unwrap()) == Ok(their)
        {
            assert_eq!(
                ours.split_once('\n').unwrap().1,
                official_board,
                "example {i}"
            );
        }
        if ours_move == official.lines().next().unwrap() {
            assert_eq!(ours, official, "example {i}");
        }
    }
}

#[test]
fn malformed_input_writes_nothing_and_fails() {
    for (what, text, _) in malformed_inputs() {
        let dir = temp_dir("malformed");
        std::fs::write(dir.join("input.txt"), &text).unwrap();
        let out = run_in(&dir, &[]);
        assert!(!out.status.success(), "{what}: exit status");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(
            stderr.lines().count(),
            1,
            "{what}: one line on stderr: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{what}");
        assert!(
            !dir.join("output.txt").exists(),
            "{what}: output.txt written"
        );
    }
    // No input.txt at all.
    let dir = temp_dir("no-input");
    let out = run_in(&dir, &[]);
    assert!(!out.status.success());
    assert_eq!(String::from_utf8(out.stderr).unwrap().lines().count(), 1);
    assert!(!dir.join("output.txt").exists());
    // A bad argument.
    let out = run_in(&dir, &["--frobnicate"]);
    assert!(!out.status.success());
    assert_eq!(String::from_utf8(out.stderr).unwrap().lines().count(), 1);
    // --help works.
    let out = run_in(&dir, &["--help"]);
    assert!(out.status.success() && String::from_utf8(out.stdout).unwrap().contains("calibrate"));
}

fn full_box_input(seed: u64, seconds: &str) -> (String, Board) {
    let board = Board::random(26, 4, seed).unwrap();
    (format!("26\n4\n{seconds}\n{board}"), board)
}

#[test]
fn the_program_plans_no_search_when_time_is_short_and_a_bounded_one_otherwise() {
    // The plan the program prints with --verbose, not the wall time (no timing in tests):
    // below 1 s left it answers greedily at once; with 5 s left, below ten seconds, a move may
    // take at most a twentieth of the time left.
    for (seconds, most_micros) in [("5", 250_000u64), ("0.05", 0)] {
        let dir = temp_dir(&format!("short-{seconds}"));
        let (input, _) = full_box_input(5, seconds);
        std::fs::write(dir.join("input.txt"), &input).unwrap();
        let out = run_in(&dir, &["--verbose"]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{stderr}");
        check_output(
            &input,
            &std::fs::read_to_string(dir.join("output.txt")).unwrap(),
        );
        let think: u64 = stderr
            .split_whitespace()
            .skip_while(|w| *w != "think")
            .nth(1)
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no plan in {stderr:?}"));
        assert!(think <= most_micros, "{seconds} s left: plans {think} us");
        if most_micros > 0 {
            assert!(think > 0, "{seconds} s left: plans no search");
        }
    }
}

#[test]
fn calibration_is_written_read_and_a_bad_one_ignored() {
    let dir = temp_dir("calibrate");
    let out = run_in(&dir, &["calibrate"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(dir.join("calibration.txt")).unwrap();
    let nps: u64 = text
        .strip_prefix("nodes_per_second ")
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(nps > 0);
    assert_eq!(
        duel_protocols::fruit_rage::read_calibration(&dir),
        Ok(Some(nps))
    );
    let (input, _) = full_box_input(6, "3");
    std::fs::write(dir.join("input.txt"), &input).unwrap();
    let out = run_in(&dir, &[]);
    assert!(out.status.success() && out.stderr.is_empty());
    check_output(
        &input,
        &std::fs::read_to_string(dir.join("output.txt")).unwrap(),
    );
    // A malformed calibration: a warning line, and the move is still played.
    std::fs::write(dir.join("calibration.txt"), "fast\n").unwrap();
    std::fs::remove_file(dir.join("output.txt")).unwrap();
    let out = run_in(&dir, &[]);
    assert!(out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("warning") && stderr.lines().count() == 1,
        "{stderr}"
    );
    check_output(
        &input,
        &std::fs::read_to_string(dir.join("output.txt")).unwrap(),
    );
}
