//! Filler's training labels (`duel_train::filler::label`) against brute-force minimax over
//! every colour, and `filler-fit` end to end on a tiny data set: two shards (reproducible,
//! resumable), merged into the file one process writes, fitted with the held-out error against
//! the exact labels.

use super::helpers::random_regular_grid;
use crate::support::Rng;
use duel_core::Entry;
use duel_core::filler::{Board, COLOURS, Heuristic, Move};
use duel_tests::{run, scratch_dir, train_bin};
use duel_train::filler::label;
use std::path::Path;

/// The final score (own cells minus the opponent's) under perfect play over every colour the
/// rules allow, wins ranked first as the engine ranks them.
fn minimax_all(board: &Board) -> i32 {
    if board.is_over() {
        return board.score();
    }
    (0..COLOURS as u8)
        .filter(|&c| c != board.forbidden())
        .map(|c| -minimax_all(&board.play_unchecked(Move::new(c).unwrap())))
        .max_by_key(|&s| (s.signum(), s))
        .unwrap()
}

#[test]
fn exact_labels_equal_brute_force_minimax_over_every_colour() {
    let mut rng = Rng::new(23);
    let mut table = vec![Entry::default(); 1 << 12];
    let (mut exact, mut labelled) = (0, 0);
    for case in 0..80 {
        let n = 4 + case % 3;
        let grid = random_regular_grid(&mut rng, n);
        let left = 1 + rng.below(5) as u8;
        let board = Board::from_grid(&grid).with_move_limit(left);
        let Some(l) = label(&board, &Heuristic::default(), 100_000, &mut table) else {
            assert!(board.is_over(), "case {case}: no label for a game not over");
            continue;
        };
        labelled += 1;
        if l.exact {
            exact += 1;
            assert_eq!(l.cells, f64::from(minimax_all(&board)), "case {case}");
        }
    }
    // At most 5 moves left and 100,000 nodes, every search reaches the limit.
    assert_eq!(exact, labelled);
    assert!(labelled >= 70, "{labelled}");
    // A budget too small for the end gives the evaluation's value, marked inexact.
    let board = Board::from_grid(&random_regular_grid(&mut rng, 8)).with_move_limit(30);
    let l = label(&board, &Heuristic::default(), 50, &mut table).unwrap();
    assert!(!l.exact);
}

/// Runs `filler-fit ARGS…`, asserting success; returns (stdout, stderr).
fn fit_tool(args: &[&str]) -> (String, String) {
    let out = run(&train_bin("filler-fit"), args, "");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "filler-fit {args:?}: {err}");
    (String::from_utf8_lossy(&out.stdout).into_owned(), err)
}

fn generate(out: &Path, shard: &str, games: &str) -> String {
    let args = [
        "generate",
        "--games",
        games,
        "--shard",
        shard,
        "--size",
        "10",
        "--nodes",
        "300",
        "--label-nodes",
        "3000",
        "--seed",
        "7",
        "--out",
    ];
    let mut args = args.to_vec();
    args.push(out.to_str().unwrap());
    fit_tool(&args).1
}

#[test]
fn the_filler_fit_runs_end_to_end_on_exact_labels() {
    let dir = scratch_dir("filler_fit");
    let (s0, s1, one) = (dir.join("s0.txt"), dir.join("s1.txt"), dir.join("one.txt"));
    // Shard 0 in two runs (the second resumes), shard 1 in one, and the whole in one process.
    let err = generate(&s0, "0/2", "10");
    assert!(err.contains("games"), "progress on stderr: {err}");
    let first = std::fs::read(&s0).unwrap();
    generate(&s0, "0/2", "20");
    generate(&s1, "1/2", "20");
    let s0_bytes = std::fs::read(&s0).unwrap();
    assert!(s0_bytes.starts_with(&first) && s0_bytes.len() > first.len());
    generate(&s0, "0/2", "20");
    assert_eq!(
        std::fs::read(&s0).unwrap(),
        s0_bytes,
        "a finished shard adds nothing"
    );
    generate(&one, "0/1", "20");
    let merged = dir.join("merged.txt");
    let paths = [s1.to_str().unwrap(), s0.to_str().unwrap()];
    fit_tool(&[
        "merge",
        paths[0],
        paths[1],
        "--out",
        merged.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&merged).unwrap();
    assert_eq!(text, std::fs::read_to_string(&one).unwrap());
    // Every position line: game, size, moves left, 6 features, margin, label, exactness. A
    // position one move before the limit is always labelled exactly (most games reach it; the
    // others fill the board sooner).
    assert_eq!(
        text.lines().filter(|l| l.starts_with("# game ")).count(),
        20
    );
    let mut last_moves = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let v: Vec<f64> = line.split(' ').map(|w| w.parse().unwrap()).collect();
        assert_eq!(v.len(), 12, "{line}");
        if v[2] == 1.0 {
            last_moves += 1;
            assert_eq!(v[11], 1.0, "{line}");
            assert_eq!(
                v[10], v[9],
                "the last move's exact value is the final margin: {line}"
            );
        }
    }
    assert!(last_moves >= 10, "{last_moves}");
    let (table, err) = fit_tool(&["fit", merged.to_str().unwrap()]);
    assert!(
        table.starts_with("pub const FITTED: Weights = Weights(["),
        "{table}"
    );
    assert!(err.contains("held-out error against exact labels"), "{err}");
    assert!(
        err.lines().any(|l| l.starts_with("filler-fit: all ")),
        "{err}"
    );
}
