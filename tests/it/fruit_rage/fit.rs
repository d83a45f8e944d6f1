//! The Fruit Rage's horizon trainer: its labels (`duel_train::fruit_rage::label`) against the
//! brute-force value of the naive twin, the weights file read back, and `fruit-rage-fit` end
//! to end on a tiny data set (two shards, reproducible and resumable, merged into the file
//! one process writes, fitted, and the fitted horizon played by `fruit-rage-tune`).

use super::naive::{EMPTY, Grid};
use crate::support::Rng;
use duel_core::Entry;
use duel_core::fruit_rage::horizon::{Horizon, PHASES, ROW, TOP};
use duel_core::fruit_rage::train::HORIZON;
use duel_core::fruit_rage::{Board, parse_input};
use duel_tests::{run, scratch_dir, train_bin};
use duel_train::fruit_rage::{features, horizon_source, label, parse_horizon};
use duel_train::linear::solve;
use std::path::Path;

/// A random `n`×`n` box of `kinds` fruit types with the tops of some columns emptied.
fn random_grid(rng: &mut Rng, n: usize, kinds: usize) -> Grid {
    let mut cells: Vec<u8> = (0..n * n).map(|_| rng.below(kinds) as u8).collect();
    for c in 0..n {
        for r in 0..rng.below(n) {
            cells[r * n + c] = EMPTY;
        }
    }
    Grid { n, cells }
}

fn board_of(grid: &Grid) -> Board {
    let text = format!("{}\n10\n100\n{}", grid.n, grid.text());
    parse_input(&text).expect("a valid grid parses").board
}

#[test]
fn exact_labels_equal_the_brute_force_value() {
    let mut rng = Rng::new(31);
    let mut table = vec![Entry::default(); 1 << 12];
    let (mut exact, mut labelled) = (0, 0);
    for case in 0..200 {
        let kinds = 2 + rng.below(3);
        let grid = random_grid(&mut rng, 2 + case % 3, kinds);
        let board = board_of(&grid);
        let Some(l) = label(&board, 1_000_000, &mut table) else {
            assert!(
                grid.is_empty(),
                "case {case}: no label for a box with fruit"
            );
            continue;
        };
        labelled += 1;
        // The search tries the 10 largest groups below the root: exact when it prunes none.
        if l.exact {
            exact += 1;
            assert_eq!(
                i64::from(l.points),
                grid.exact_value(),
                "case {case}\n{}",
                grid.text()
            );
        }
        let mut sizes: Vec<i32> = grid.groups().iter().map(|g| g.cells.len() as i32).collect();
        sizes.sort_unstable_by(|a, b| b.cmp(a));
        sizes.resize(TOP, 0);
        let points: Vec<i32> = sizes.iter().map(|s| s * s).collect();
        assert_eq!(features(&board)[..], points[..], "case {case}");
    }
    assert!(
        exact >= 150 && labelled >= 180,
        "{exact} exact of {labelled}"
    );
    // A budget too small for the end gives the horizon's value, marked inexact.
    let board = Board::random(12, 5, 3).unwrap();
    let l = label(&board, 1000, &mut table).unwrap();
    assert!(!l.exact);
}

#[test]
fn a_horizon_reads_back_as_written_and_bad_files_are_one_line_errors() {
    let mut rng = Rng::new(37);
    let mut h = Horizon([[0; ROW]; PHASES]);
    for w in h.0.iter_mut().flatten() {
        *w = (rng.below(65536) as i32 - 32768) as i16;
    }
    let notes: Vec<String> = (0..PHASES).map(|p| format!("n={p}0 R²=0.5")).collect();
    let source = horizon_source("FITTED", &h, &notes);
    assert!(source.starts_with("pub const FITTED: Horizon = Horizon([\n"));
    assert_eq!(parse_horizon(&source), Ok(h));
    assert_eq!(
        parse_horizon(&horizon_source("X1", &Horizon::HALF_GREEDY, &[])),
        Ok(Horizon::HALF_GREEDY)
    );
    let long = source.replacen("], //", ", 7], //", 1);
    assert_eq!(
        parse_horizon(&long),
        Err(format!(
            "{} weights, not {} ({PHASES} phases of {ROW})",
            PHASES * ROW + 1,
            PHASES * ROW
        ))
    );
    assert_eq!(
        parse_horizon("[40000]"),
        Err("weight 40000 is not a 16-bit integer".to_string())
    );
}

#[test]
fn the_shared_solve_answers_random_systems_and_refuses_singular_ones() {
    let mut rng = Rng::new(41);
    let mut solved = 0;
    for n in 1..=9 {
        let x: Vec<f64> = (0..n).map(|_| rng.below(2001) as f64 - 1000.0).collect();
        let a: Vec<Vec<f64>> = (0..n)
            .map(|_| (0..n).map(|_| rng.below(201) as f64 - 100.0).collect())
            .collect();
        let b: Vec<f64> = a
            .iter()
            .map(|row| row.iter().zip(&x).map(|(r, x)| r * x).sum())
            .collect();
        // A random integer matrix is singular only by chance (counted below).
        let Some(found) = solve(a, b) else {
            continue;
        };
        for (f, x) in found.iter().zip(&x) {
            assert!(
                (f - x).abs() < 1e-6 * x.abs().max(1.0),
                "n {n}: {f} against {x}"
            );
        }
        solved += 1;
    }
    assert!(solved >= 8, "{solved} of 9 random systems solved");
    let singular = vec![vec![1.0, 2.0], vec![2.0, 4.0]];
    assert_eq!(solve(singular, vec![1.0, 2.0]), None);
}

/// Runs trainer `tool` with `args`, asserting success; returns (stdout, stderr).
fn tool(tool: &str, args: &[&str]) -> (String, String) {
    let out = run(&train_bin(tool), args, "");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{tool} {args:?}: {err}");
    (String::from_utf8_lossy(&out.stdout).into_owned(), err)
}

fn generate(out: &Path, shard: &str, games: &str) -> String {
    let mut args = vec![
        "generate",
        "--games",
        games,
        "--shard",
        shard,
        "--size",
        "6",
        "--types",
        "3",
        "--nodes",
        "500",
        "--label-nodes",
        "5000",
        "--seed",
        "7",
        "--out",
    ];
    args.push(out.to_str().unwrap());
    tool("fruit-rage-fit", &args).1
}

#[test]
fn the_fruit_rage_fit_runs_end_to_end() {
    let dir = scratch_dir("fruit_rage_fit");
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
    let (p0, p1, m) = (
        s0.to_str().unwrap(),
        s1.to_str().unwrap(),
        merged.to_str().unwrap(),
    );
    tool("fruit-rage-fit", &["merge", p1, p0, "--out", m]);
    let text = std::fs::read_to_string(&merged).unwrap();
    assert_eq!(text, std::fs::read_to_string(&one).unwrap());
    // Every position line: game, fruits left, 4 points, label, exactness, the game's points to
    // come. The last position of a game is one group, exact, and worth what the game made of it.
    assert_eq!(
        text.lines().filter(|l| l.starts_with("# game ")).count(),
        20
    );
    let lines: Vec<&str> = text.lines().collect();
    let mut exact = 0;
    for (i, line) in lines
        .iter()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#'))
    {
        let v: Vec<i64> = line.split(' ').map(|w| w.parse().unwrap()).collect();
        assert_eq!(v.len(), 9, "{line}");
        assert!(
            v[2..6].windows(2).all(|w| w[0] >= w[1]),
            "largest first: {line}"
        );
        if v[7] == 1 {
            exact += 1;
        }
        if lines[i + 1].starts_with('#') {
            assert_eq!(
                (v[7], v[6], v[8]),
                (1, v[2], v[2]),
                "a game's last position: {line}"
            );
        }
    }
    assert!(exact >= 100, "{exact}");
    let weights = dir.join("horizon.rs");
    let w = weights.to_str().unwrap();
    let (_, err) = tool("fruit-rage-fit", &["fit", m, "--out", w]);
    assert!(err.contains("held-out RMS error in points"), "{err}");
    assert!(
        err.lines().any(|l| l.starts_with("fruit-rage-fit: all ")),
        "{err}"
    );
    let fitted = std::fs::read_to_string(&weights).unwrap();
    let horizon = parse_horizon(&fitted).unwrap();
    // Fitted on 6×6 boxes only: the phases beyond 36 fruits keep the engine's weights.
    assert_ne!(horizon.0[0], HORIZON.0[0]);
    assert_eq!(horizon.0[2..], HORIZON.0[2..]);
    // The fitted horizon plays: one node-limited pair against the engine's.
    let (out, err) = tool(
        "fruit-rage-tune",
        &["6", "2", "2000", "10", "10", "--horizon-a", w],
    );
    assert!(out.contains("pairs "), "{out}");
    // `--first 1` plays the second pair alone: the same box, the same games.
    let (_, later) = tool(
        "fruit-rage-tune",
        &[
            "6",
            "1",
            "2000",
            "10",
            "10",
            "--first",
            "1",
            "--horizon-a",
            w,
        ],
    );
    let pair_one = |text: &str| {
        text.lines()
            .find(|l| l.starts_with("pair 1:"))
            .map(str::to_string)
    };
    assert!(pair_one(&err).is_some(), "{err}");
    assert_eq!(pair_one(&later), pair_one(&err), "{later}");
    assert!(!later.contains("pair 0:"), "{later}");
    let bad = run(
        &train_bin("fruit-rage-tune"),
        &["6", "1", "2000", "10", "10", "--horizon-b", m],
        "",
    );
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(
        err.starts_with("fruit-rage-tune: ") && err.lines().count() == 1,
        "{err}"
    );
}
