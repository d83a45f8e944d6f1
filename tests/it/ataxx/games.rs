//! The committed self-play records (`data/selfplay/ataxx/`): every game replays legally to the
//! end it records, and a sample of them labels and refits, through the real `ataxx-train`, to
//! a network the core loads.

use duel_core::ataxx::nnue::{Network, TRAINED_UNITS};
use duel_tests::{run, scratch_dir, train_bin};
use duel_train::ataxx_games::{GameRecord, black_result, decode, encode};
use std::path::{Path, PathBuf};

/// The committed record files, in name order (so in game order).
fn record_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/selfplay/ataxx");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "axg"))
        .collect();
    files.sort();
    files
}

/// The games of a committed file, checked against the range its name states.
fn games_of(path: &Path) -> Vec<GameRecord> {
    let games = decode(&std::fs::read(path).unwrap()).unwrap_or_else(|e| panic!("{e}"));
    let name = path.file_stem().unwrap().to_str().unwrap();
    let [_, first, last] = name.split('-').collect::<Vec<_>>()[..] else {
        panic!("{name}: not s<seed>-<first>-<last>");
    };
    let (first, last): (u64, u64) = (first.parse().unwrap(), last.parse().unwrap());
    assert!(
        games.iter().all(|g| (first..=last).contains(&g.index)),
        "{name}: a game outside its range"
    );
    games
}

#[test]
fn the_committed_games_replay_to_the_ends_they_record() {
    let files = record_files();
    assert!(!files.is_empty(), "no record in data/selfplay/ataxx");
    let mut run = None;
    let mut last_index = None;
    let mut positions = 0;
    for path in &files {
        // Each run (seed) numbers its games from 0: the order holds within a run.
        let seed = path
            .file_stem()
            .unwrap()
            .to_str()
            .unwrap()
            .split('-')
            .next();
        if seed != run {
            (run, last_index) = (seed, None);
        }
        for game in games_of(path) {
            assert!(
                last_index < Some(game.index),
                "game {} out of order",
                game.index
            );
            last_index = Some(game.index);
            let boards = game.boards().unwrap_or_else(|e| panic!("{e}"));
            let end = boards.last().unwrap();
            assert!(end.is_over(), "game {} does not end", game.index);
            assert_eq!(
                black_result(end),
                Some(game.black_result),
                "game {}",
                game.index
            );
            assert!(game.random_plies as usize <= game.moves.len());
            positions += game.moves.len() - game.random_plies as usize;
        }
    }
    assert!(positions > 100_000, "{positions} positions");
}

#[test]
fn a_sample_of_the_committed_games_refits_to_the_networks_format() {
    let dir = scratch_dir("ataxx_games_refit");
    let sample: Vec<GameRecord> = games_of(&record_files()[0]).into_iter().take(12).collect();
    let (record, labelled, net) = (
        dir.join("sample.axg"),
        dir.join("sample.txt"),
        dir.join("net.bin"),
    );
    std::fs::write(&record, encode(&sample).unwrap()).unwrap();
    let train = |args: &[&str]| {
        let out = run(&train_bin("ataxx-train"), args, "");
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "ataxx-train {args:?}: {err}");
    };
    let path = |p: &PathBuf| p.to_str().unwrap().to_string();
    train(&[
        "label",
        &path(&record),
        "--nodes",
        "200",
        "--out",
        &path(&labelled),
    ]);
    let text = std::fs::read_to_string(&labelled).unwrap();
    let moves: usize = sample
        .iter()
        .map(|g| g.moves.len() - g.random_plies as usize)
        .sum();
    assert_eq!(text.lines().filter(|l| !l.starts_with('#')).count(), moves);
    train(&[
        "fit-net",
        &path(&labelled),
        "--epochs",
        "1",
        "--out",
        &path(&net),
    ]);
    let bytes = std::fs::read(&net).unwrap();
    assert!(Network::<TRAINED_UNITS>::from_le_bytes(&bytes).is_some());
}
