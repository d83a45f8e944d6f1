//! The Ataxx network's training pipeline end to end on a tiny data set, through the real
//! `ataxx-train`: generate two shards (reproducible, resumable), merge them into the file one
//! process writes, pack them into the compact record and label them again, fit a network,
//! load it into the core and play with it.

use duel_core::ataxx::nnue::{Network, TRAINED_UNITS};
use duel_core::ataxx::{Board, Match, Player, Rules};
use duel_core::{Budget, Entry, Player as _, TimeUse};
use duel_tests::{run, scratch_dir, train_bin};
use std::path::Path;

/// Runs `ataxx-train ARGS…`, asserting success; returns stderr.
fn train(args: &[&str]) -> String {
    let out = run(&train_bin("ataxx-train"), args, "");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "ataxx-train {args:?}: {err}");
    err
}

fn generate(out: &Path, shard: &str, games: &str) -> String {
    train(&[
        "generate",
        "--games",
        games,
        "--shard",
        shard,
        "--plies",
        "4",
        "--nodes",
        "300",
        "--seed",
        "3",
        "--out",
        out.to_str().unwrap(),
    ])
}

#[test]
fn the_network_trainer_runs_end_to_end_on_a_tiny_data_set() {
    let dir = scratch_dir("ataxx_train");
    let (s0, s1, whole) = (dir.join("s0.txt"), dir.join("s1.txt"), dir.join("all.txt"));
    // Shard 0 in two runs (the second resumes after the first's games), shard 1 in one.
    let err = generate(&s0, "0/2", "6");
    assert!(err.contains("games"), "progress on stderr: {err}");
    let after_first = std::fs::read(&s0).unwrap();
    generate(&s0, "0/2", "12");
    generate(&s1, "1/2", "12");
    let s0_bytes = std::fs::read(&s0).unwrap();
    assert!(s0_bytes.starts_with(&after_first) && s0_bytes.len() > after_first.len());
    // The same command again adds nothing: every game is in.
    generate(&s0, "0/2", "12");
    assert_eq!(std::fs::read(&s0).unwrap(), s0_bytes);
    // Merged, the shards are byte for byte the file one process writes.
    let merged = dir.join("merged.txt");
    train(&[
        "merge",
        s0.to_str().unwrap(),
        s1.to_str().unwrap(),
        "--out",
        merged.to_str().unwrap(),
    ]);
    generate(&whole, "0/1", "12");
    let text = std::fs::read_to_string(&merged).unwrap();
    assert_eq!(text, std::fs::read_to_string(&whole).unwrap());
    assert_eq!(text.matches("# game").count(), 12);
    // Packed into the compact record (moves and results) and labelled again at the same
    // nodes, the games give back the generated file byte for byte (the tiny games all end).
    assert!(!text.contains(" - "), "a game was cut off: {text}");
    let (packed, labelled) = (dir.join("games.axg"), dir.join("labelled.txt"));
    let err = train(&[
        "pack",
        merged.to_str().unwrap(),
        "--out",
        packed.to_str().unwrap(),
    ]);
    assert!(err.contains("packed 12 games"), "{err}");
    let record = std::fs::read(&packed).unwrap();
    let moves: usize = text
        .lines()
        .filter(|l| l.starts_with("# game"))
        .map(|l| l.split(' ').count() - 6)
        .sum();
    assert!(
        record.len() < 8 + 2 * moves,
        "{} bytes for {moves} moves",
        record.len()
    );
    for shard in ["0/2", "1/2"] {
        let out = dir.join(format!("l{}.txt", &shard[..1]));
        train(&[
            "label",
            packed.to_str().unwrap(),
            "--nodes",
            "300",
            "--shard",
            shard,
            "--out",
            out.to_str().unwrap(),
        ]);
    }
    train(&[
        "merge",
        dir.join("l0.txt").to_str().unwrap(),
        dir.join("l1.txt").to_str().unwrap(),
        "--out",
        labelled.to_str().unwrap(),
    ]);
    assert_eq!(std::fs::read_to_string(&labelled).unwrap(), text);
    // A record cut short is refused in one line.
    let cut = dir.join("cut.axg");
    std::fs::write(&cut, &record[..record.len() - 1]).unwrap();
    let out = run(
        &train_bin("ataxx-train"),
        &[
            "label",
            cut.to_str().unwrap(),
            "--out",
            dir.join("x.txt").to_str().unwrap(),
        ],
        "",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("cut short") && err.lines().count() == 1,
        "{err}"
    );
    // Fit a network of the default size, the committed one; it loads into the core and plays
    // legal moves.
    let net_file = dir.join("net.bin");
    let err = train(&[
        "fit-net",
        merged.to_str().unwrap(),
        "--epochs",
        "2",
        "--out",
        net_file.to_str().unwrap(),
    ]);
    assert!(err.contains("epoch 2: training loss"), "{err}");
    let bytes = std::fs::read(&net_file).unwrap();
    let net = Network::<TRAINED_UNITS>::from_le_bytes(&bytes).expect("a network of its size");
    let mut table = vec![Entry::default(); 1 << 12];
    for rules in [Rules::Botzone, Rules::Standard] {
        let game = Match::from_board(Board::start(rules));
        let decision = Player::new(&mut table, TimeUse::ThisMove)
            .with_eval(&net)
            .choose(&game, &mut Budget::nodes(2_000))
            .expect("a move");
        assert!(game.board().is_legal(decision.mv));
        assert!(decision.nodes > 100, "{decision:?}");
    }
}
