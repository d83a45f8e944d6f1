//! The trained evaluation's training pipeline (`duel_train::reversi`, the command line
//! of `reversi-eval selfplay` and `fit-phases`) end to end on a tiny data set: generate, label,
//! fit, load, evaluate.

use super::assert_symmetric;
use super::naive::{minimax, naive_score_in};
use duel_core::Bitboard;
use duel_core::Colour;
use duel_core::reversi::Board;
use duel_core::reversi::trained::{self, PHASES};
use duel_core::reversi::weight_file::WEIGHTS;
use duel_train::Shard;
use duel_train::reversi::phases::{self, FitArgs};
use duel_train::reversi::selfplay::{self, SelfplayArgs};
use duel_train::selfplay::ShardArgs;
use std::path::{Path, PathBuf};

/// A fresh directory of this test process.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "duel-reversi-pipeline-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn selfplay_args(out: &Path, shard: &str) -> SelfplayArgs {
    SelfplayArgs {
        games: 12,
        run: ShardArgs {
            shard: Shard::parse(shard).expect("a shard"),
            seed: 7,
        },
        out: out.to_path_buf(),
        openings: Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/openings/reversi-8ply.txt"),
        random_plies: 12,
        nodes: 300,
        solve_empties: 12,
        hand_policy: true,
        label_depth: 0,
    }
}

/// One labelled line of a `selfplay` file: (exact?, board with the player to move, score).
fn parse(line: &str) -> Option<(bool, u64, u64, i32)> {
    let mut parts = line.split_whitespace();
    let kind = parts.next()?;
    let p = u64::from_str_radix(parts.next()?, 16).ok()?;
    let o = u64::from_str_radix(parts.next()?, 16).ok()?;
    let score = parts.next()?.parse().ok()?;
    Some((kind == "E", p, o, score))
}

#[test]
fn an_interrupted_selfplay_run_resumes_to_the_file_of_an_uninterrupted_one() {
    // 3 games, then the run extended to 6, against 6 at once: the same bytes, deep labels too.
    let args = |dir: &Path, games: u64| SelfplayArgs {
        games,
        label_depth: 3,
        ..selfplay_args(dir, "0/1")
    };
    let (whole, parts) = (temp_dir("whole"), temp_dir("parts"));
    selfplay::run(&args(&whole, 6)).expect("selfplay");
    selfplay::run(&args(&parts, 3)).expect("selfplay");
    selfplay::run(&args(&parts, 6)).expect("resume");
    let read = |dir: &Path| std::fs::read_to_string(dir.join("selfplay-0-of-1.txt")).expect("file");
    let text = read(&whole);
    assert_eq!(text.lines().filter(|l| l.starts_with("G ")).count(), 6);
    assert_eq!(read(&parts), text);

    // Every `O` line carries its deep label: the value of a 3-ply search of its position, in
    // hundredths of a disc, which is recomputed here from the position alone.
    let mut table = vec![duel_core::Entry::default(); 1 << 12];
    let mut labelled = 0;
    for line in text.lines().filter(|l| l.starts_with("O ")) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields.len(), 5, "{line}");
        let (_, p, o, _) = parse(line).expect("an O line");
        let b = Board::from_relative(Bitboard(p), Bitboard(o), Colour::Black);
        let deep: i32 = fields[4].parse().expect("a deep label");
        assert_eq!(deep, selfplay::deep_label(&b, 3, &mut table), "{line}");
        labelled += 1;
    }
    assert!(labelled > 100, "{labelled} deep labels");
    let _ = std::fs::remove_dir_all(&whole);
    let _ = std::fs::remove_dir_all(&parts);
}

#[test]
fn a_deep_label_is_the_exact_score_where_the_search_reaches_the_end() {
    // A depth-limited search solves exactly from six empties more than its depth, so at 8
    // empties or fewer a 2-ply label is 100 × the minimax value of the game's end.
    let dir = temp_dir("exact-labels");
    selfplay::run(&selfplay_args(&dir, "0/2")).expect("selfplay");
    let text = std::fs::read_to_string(dir.join("selfplay-0-of-2.txt")).expect("file");
    let mut table = vec![duel_core::Entry::default(); 1 << 12];
    let mut checked = 0;
    for line in text.lines().filter(|l| l.starts_with("E ")) {
        let (_, p, o, score) = parse(line).expect("an E line");
        let b = Board::from_relative(Bitboard(p), Bitboard(o), Colour::Black);
        if b.empties() <= 8 && !b.is_over() {
            assert_eq!(selfplay::deep_label(&b, 2, &mut table), 100 * score, "{b}");
            checked += 1;
        }
    }
    assert!(checked > 20, "{checked} positions");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn fit_phases_refuses_a_malformed_deep_label_in_one_line() {
    let dir = temp_dir("bad-label");
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("bad.txt");
    for (text, what) in [
        (
            "O 0000000810000000 0000001008000000 4 12x\nG 1\n",
            "not a number",
        ),
        (
            "O 0000000810000000 0000001008000000 4 6401\nG 1\n",
            "beyond 64 discs",
        ),
        (
            "E 0000000810000000 0000001008000000 4 12\nG 1\n",
            "on an exact line",
        ),
        (
            "O 0000000810000000 0000001008000000 4 12 5\nG 1\n",
            "a sixth field",
        ),
    ] {
        std::fs::write(&file, text).expect("write");
        let err = phases::fit(&FitArgs {
            files: vec![file.clone()],
            out: dir.join("w.bin"),
            epochs: 1,
            rate: 0.003,
            decay: 0.005,
            overlap: 2,
            hold_out: 4,
            search_depth: 0,
            mix: 0.5,
            baseline: None,
            init: None,
        })
        .err()
        .unwrap_or_else(|| panic!("a deep label {what} was read"));
        assert!(
            err.contains("line 1: not a selfplay line") && !err.contains('\n'),
            "{err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn training_pipeline_runs_end_to_end_on_a_tiny_data_set() {
    // Generate and label: two shards of 12 games, exact from 12 empties.
    let dir = temp_dir("data");
    let files: Vec<PathBuf> = (0..2)
        .map(|k| {
            selfplay::run(&selfplay_args(&dir, &format!("{k}/2"))).expect("selfplay");
            dir.join(format!("selfplay-{k}-of-2.txt"))
        })
        .collect();
    let mut samples = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a shard file");
        assert_eq!(text.lines().filter(|l| l.starts_with("G ")).count(), 6);
        for line in text.lines().filter(|l| !l.starts_with("G ")) {
            samples.push(parse(line).unwrap_or_else(|| panic!("bad line {line}")));
        }
    }
    assert!(samples.len() > 300, "{} positions", samples.len());
    // The exact labels are the exact scores (checked by minimax where it is cheap).
    let mut checked = 0;
    for &(exact, p, o, score) in &samples {
        let b = Board::from_relative(Bitboard(p), Bitboard(o), Colour::Black);
        if exact && b.empties() <= 8 {
            assert_eq!(score, minimax(&b), "{b}");
            checked += 1;
        }
    }
    assert!(checked > 20);

    // Sharded runs are deterministic and resume: a rerun of shard 0 adds nothing, and the same
    // shard written elsewhere is the same file.
    let before = std::fs::read(&files[0]).expect("shard 0");
    selfplay::run(&selfplay_args(&dir, "0/2")).expect("resume");
    assert_eq!(std::fs::read(&files[0]).expect("shard 0"), before);
    let again = temp_dir("again");
    selfplay::run(&selfplay_args(&again, "0/2")).expect("selfplay");
    assert_eq!(
        std::fs::read(again.join("selfplay-0-of-2.txt")).expect("shard 0"),
        before
    );

    // Fit, bootstrapped by a 1-ply search over the phases already fitted.
    let out = dir.join("trained.bin");
    let fit_args = FitArgs {
        files: files.clone(),
        out: out.clone(),
        epochs: 8,
        rate: 0.003,
        decay: 0.005,
        overlap: 2,
        hold_out: 4,
        search_depth: 1,
        mix: 0.5,
        baseline: None,
        init: None,
    };
    let report = phases::fit(&fit_args).expect("fit");
    assert_eq!(report.len(), PHASES);
    assert!(report.iter().any(|r| r.train > 0 && r.held > 0));
    assert!(report.iter().all(|r| r.baseline_rms.is_none()));

    // The same fit again, with the first's file as its baseline: the fit is deterministic, so
    // the file's held-out error is the fit's own within 3% (the file is symmetrised and
    // quantised to `i16`).
    let refit_out = dir.join("trained-refit.bin");
    let refit = phases::fit(&FitArgs {
        out: refit_out.clone(),
        baseline: Some(out.clone()),
        ..fit_args
    })
    .expect("fit");
    assert_eq!(std::fs::read(&refit_out).ok(), std::fs::read(&out).ok());
    for (r, first) in refit.iter().zip(&report) {
        let b = r.baseline_rms.expect("a baseline error");
        assert!(
            r.held == 0 || (b - first.rms).abs() < 0.03 * first.rms,
            "{r:?}"
        );
    }

    // Load and evaluate: the file is in the embedded file's compact form (the naive decoder
    // reads it as the trainer's does), its tables are symmetric so the fast evaluation reads it
    // exactly, and it fits its training positions far better than no evaluation at all.
    let weights = phases::read_weights(&out).expect("the written weights");
    assert_eq!(weights.len(), WEIGHTS);
    assert_eq!(
        super::naive_decode(&std::fs::read(&out).expect("the file")),
        weights
    );
    assert_symmetric(&weights);
    let weights = &weights[..];
    let (mut fitted, mut zero, mut n) = (0f64, 0f64, 0f64);
    for &(exact, p, o, score) in &samples {
        let b = Board::from_relative(Bitboard(p), Bitboard(o), Colour::Black);
        if b.is_over() {
            continue;
        }
        let v = trained::score_with(weights, p, o);
        assert_eq!(v, naive_score_in(weights, &b), "{b}");
        if exact {
            let e = f64::from(v) / 100.0 - f64::from(score);
            fitted += e * e;
            zero += f64::from(score * score);
            n += 1.0;
        }
    }
    let (fitted, zero) = ((fitted / n).sqrt(), (zero / n).sqrt());
    assert!(fitted < 0.7 * zero, "rms {fitted:.2} against {zero:.2}");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&again);
}
