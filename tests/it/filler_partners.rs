//! The Filler sparring partners (`tests/bots/filler-reach.rs`, `filler-frontier.rs`,
//! `filler-deep.rs`, `filler-mc.rs`) play whole games through `duel arena filler`: node-limited
//! on both sides, so a second match gives the same record bytes, and every game ends by the
//! rules (no fault, no forbidden or malformed colour) within the move limit.

use crate::arena::{arena, result_line};
use duel_tests::{bin, bot, run, scratch_dir};

/// Plays `partner` (its budget option `args`) against the engine at 2,000 nodes, one pair at
/// 10×10 and one at 15×15, twice, and checks that the records agree and every game ended by
/// the rules.
fn plays_reproducible_whole_games(partner: &str, args: &str) {
    let theirs = format!("{} {args}", bot(partner).display());
    let ours = format!("{} --nodes 2000", bin("filler").display());
    for size in ["10", "15"] {
        let play = |run: &str| {
            let dir = scratch_dir(&format!("partner_{partner}_{size}_{run}"));
            let record = dir.join("games.jsonl");
            let (stdout, stderr) = arena(
                "filler",
                &[
                    "--a",
                    &ours,
                    "--b",
                    &theirs,
                    "--games",
                    "2",
                    "--size",
                    size,
                    "--seed",
                    "62",
                    "--timemargin",
                    "20000",
                    "--record",
                    record.to_str().unwrap(),
                ],
            );
            let (w, d, l) = result_line(&stdout);
            assert_eq!(w + d + l, 2, "{partner} {size}: {stdout}{stderr}");
            std::fs::read_to_string(&record).expect("record written")
        };
        let first = play("first");
        assert_eq!(first, play("second"), "{partner} {size}: not reproducible");
        assert_eq!(first.lines().count(), 2, "{first}");
        for line in first.lines() {
            let game: serde_json::Value = serde_json::from_str(line).expect("one JSON line a game");
            assert_eq!(game["reason"], "game over", "{partner} {size}: {line}");
            let moves = game["moves"].as_array().expect("moves").len();
            assert!((1..=50).contains(&moves), "{moves} moves: {line}");
        }
    }
}

#[test]
fn filler_reach_plays_whole_reproducible_games_at_10_and_15() {
    plays_reproducible_whole_games("filler-reach", "--nodes 3000");
}

#[test]
fn filler_frontier_plays_whole_reproducible_games_at_10_and_15() {
    plays_reproducible_whole_games("filler-frontier", "--nodes 3000");
}

#[test]
fn filler_deep_plays_whole_reproducible_games_at_10_and_15() {
    plays_reproducible_whole_games("filler-deep", "--nodes 3000");
}

#[test]
fn filler_mc_plays_whole_reproducible_games_at_10_and_15() {
    plays_reproducible_whole_games("filler-mc", "--playouts 300");
}

#[test]
fn filler_partners_answer_help_and_refuse_bad_input_in_one_line() {
    let board = "10\n".to_string() + &"0 1 2 3 4 5 6 7 8 9\n".repeat(10);
    for (partner, budget) in [
        ("filler-reach", "--nodes"),
        ("filler-frontier", "--nodes"),
        ("filler-deep", "--nodes"),
        ("filler-mc", "--playouts"),
    ] {
        let path = bot(partner);
        let help = run(&path, &["--help"], "");
        assert!(help.status.success(), "{partner} --help");
        assert!(
            String::from_utf8_lossy(&help.stdout).contains(budget),
            "{partner} --help names {budget}"
        );
        // The bottom-right colour, 9, is forbidden; the answer is one allowed digit.
        let out = run(&path, &[budget, "500"], &board);
        assert!(out.status.success(), "{partner}: {out:?}");
        let answer = String::from_utf8_lossy(&out.stdout);
        let colour: u8 = answer.trim().parse().expect("a colour digit");
        assert!(colour < 9, "{partner} answered {answer:?}");
        for (input, args, says) in [
            ("10\n1 2\n", vec![], "line 2"),
            ("x\n", vec![], "line 1"),
            ("", vec![], "empty input"),
            (board.as_str(), vec!["--bogus"], "unknown argument"),
            (board.as_str(), vec![budget], "needs a number"),
        ] {
            let out = run(&path, &args, input);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(!out.status.success(), "{partner} {args:?} {input:?}");
            assert_eq!(stderr.lines().count(), 1, "{partner}: {stderr}");
            assert!(stderr.contains(says), "{partner}: {stderr}");
        }
    }
}
