//! `duel arena` for real: programs we did not write, built-ins, and players that break the rules
//! in every way the arena must catch.

use duel_tests::{bin, bot, must, run, scratch_dir};
use std::path::PathBuf;
use std::process::Command;

/// Runs `duel arena GAME ARGS…`, returning (stdout, stderr); the arena itself must succeed.
pub(crate) fn arena(game: &str, args: &[&str]) -> (String, String) {
    let mut all = vec!["arena", game];
    all.extend_from_slice(args);
    let out = run(&bin("duel"), &all, "");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    );
    assert!(out.status.success(), "duel {all:?}\n{stdout}{stderr}");
    (stdout, stderr)
}

/// The `RESULT` line's three numbers.
pub(crate) fn result_line(stdout: &str) -> (u32, u32, u32) {
    let last = stdout.lines().last().expect("output");
    let nums: Vec<u32> = last
        .strip_prefix("RESULT ")
        .unwrap_or_else(|| panic!("last line is not RESULT: {last}"))
        .split(' ')
        .take(3)
        .map(|kv| {
            kv.split_once('=')
                .expect("key=value")
                .1
                .parse()
                .expect("number")
        })
        .collect();
    (nums[0], nums[1], nums[2])
}

/// The project's random Filler program (`tests/bots/`).
fn filler_random() -> PathBuf {
    bot("filler-random")
}

/// Plays `games` games between each failing player of `cases` (as A) and `opponent` (as B),
/// with `extra` arena options: A must lose every game, its recorded reason naming A and
/// containing the case's reason.
fn assert_every_failure_loses(
    game: &str,
    opponent: &str,
    games: u32,
    extra: &[&str],
    cases: &[(&str, String, &str)],
) {
    for (name, player, reason) in cases {
        let record = scratch_dir(&format!("{game}_{}", name.replace(' ', "_"))).join("games.jsonl");
        let games_text = games.to_string();
        let mut args = vec![
            "--a",
            player,
            "--b",
            opponent,
            "--games",
            &games_text,
            "--record",
            record.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        let (stdout, _) = arena(game, &args);
        assert_eq!(result_line(&stdout), (0, 0, games), "{name}: {stdout}");
        let text = std::fs::read_to_string(&record).expect("record written");
        assert_eq!(text.lines().count(), games as usize, "{name}: {text}");
        for line in text.lines() {
            let played: serde_json::Value =
                serde_json::from_str(line).expect("one JSON line a game");
            assert_eq!(played["winner"], "B", "{name}: {line}");
            let why = played["reason"].as_str().expect("reason");
            assert!(
                why.starts_with("A: ") && why.contains(reason),
                "{name}: {why}"
            );
        }
    }
}

/// A player written as a shell script.
fn script(name: &str, body: &str) -> String {
    let path = scratch_dir(&format!("script_{name}")).join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).expect("write script");
    must(Command::new("chmod").arg("+x").arg(&path));
    path.to_str().expect("utf-8 path").to_string()
}

#[test]
fn filler_plays_whole_games_against_the_random_bot_on_sizes_10_15_20() {
    // A protocol test, not a strength run: node-limited, so the games are the same on any
    // machine. (Strength: `duel arena filler --a target/release/filler --b builtin:greedy`.)
    let random = format!("{} --seed 3", filler_random().display());
    let ours = format!("{} --nodes 300", bin("filler").display());
    for size in ["10", "15", "20"] {
        let (stdout, stderr) = arena(
            "filler",
            &["--a", &ours, "--b", &random, "--games", "2", "--size", size],
        );
        assert_eq!(
            result_line(&stdout),
            (2, 0, 0),
            "size {size}:\n{stdout}{stderr}"
        );
    }
}

#[test]
fn filler_plays_whole_reproducible_games_against_the_plain_alpha_beta_bot() {
    // Both sides node-limited: the match, played twice, must give the same records, and every
    // game must end by the rules (no fault, no illegal colour) within the move limit.
    let plain = format!("{} --nodes 5000", bot("filler-alphabeta").display());
    let ours = format!("{} --nodes 5000", bin("filler").display());
    let play = |run: &str| {
        let record = scratch_dir(&format!("filler_alphabeta_{run}")).join("games.jsonl");
        let (stdout, stderr) = arena(
            "filler",
            &[
                "--a",
                &ours,
                "--b",
                &plain,
                "--games",
                "2",
                "--seed",
                "11",
                "--record",
                record.to_str().unwrap(),
            ],
        );
        let (w, d, l) = result_line(&stdout);
        assert_eq!(w + d + l, 2, "{stdout}{stderr}");
        std::fs::read_to_string(&record).expect("record written")
    };
    let first = play("first");
    assert_eq!(
        first,
        play("second"),
        "a node-limited match is reproducible"
    );
    assert_eq!(first.lines().count(), 2, "{first}");
    for line in first.lines() {
        let game: serde_json::Value = serde_json::from_str(line).expect("one JSON line a game");
        assert_eq!(game["reason"], "game over", "{line}");
        let moves = game["moves"].as_array().expect("moves").len();
        assert!((1..=50).contains(&moves), "{moves} moves: {line}");
    }
}

#[test]
fn filler_commands_are_told_the_moves_played_where_they_ask() {
    // A shell player that logs its argument, then lets the random bot move.
    let log = scratch_dir("filler_moves_played").join("moves.txt");
    let _ = std::fs::remove_file(&log);
    let player = format!(
        "sh -c 'echo $0 >> {}; exec {} --seed 1' {{moves}}",
        log.display(),
        filler_random().display()
    );
    let (stdout, stderr) = arena(
        "filler",
        &[
            "--a",
            &player,
            "--b",
            "builtin:greedy",
            "--games",
            "2",
            "--size",
            "10",
            "--max-moves",
            "6",
        ],
    );
    let (w, d, l) = result_line(&stdout);
    assert_eq!(w + d + l, 2, "{stdout}{stderr}");
    let told = std::fs::read_to_string(&log).expect("the player's log");
    // Game 1: A moves first (moves 0, 2, 4); game 2: second (1, 3, 5).
    assert_eq!(told, "0\n2\n4\n1\n3\n5\n", "{stdout}{stderr}");
}

#[test]
fn filler_arena_scores_every_kind_of_failure_as_a_loss_with_its_reason() {
    let cases = [
        (
            "crash",
            script("crash", "cat >/dev/null; exit 3"),
            "crash (exit status 3)",
        ),
        (
            "silent",
            script("silent", "cat >/dev/null"),
            "malformed answer \"\"",
        ),
        (
            "letter",
            script("letter", "cat >/dev/null; echo x"),
            "malformed answer \"x\"",
        ),
        (
            "slow",
            script("slow", "cat >/dev/null; sleep 3; echo 1"),
            "time-out",
        ),
        // The opponent (builtin:greedy, B) starts bottom-right: its colour is the last digit.
        (
            "forbidden",
            script("forbidden", "tail -n 1 | awk '{print $NF}'"),
            "forbidden colour",
        ),
    ];
    assert_every_failure_loses("filler", "builtin:greedy", 1, &["--size", "10"], &cases);
}

#[test]
fn reversi_arena_scores_illegal_malformed_crashing_and_slow_programs_as_losses() {
    let cases = [
        (
            "illegal",
            script("rev_illegal", "while read l; do echo 0 0; done"),
            "illegal move 0 0",
        ),
        (
            "malformed",
            script("rev_malformed", "while read l; do echo hello; done"),
            "malformed answer \"hello\"",
        ),
        (
            "crash",
            script("rev_crash", "read c; exit 4"),
            "crash (exit status 4)",
        ),
        ("slow", script("rev_slow", "sleep 30"), "time-out"),
    ];
    // Two games: the program plays black, then white.
    assert_every_failure_loses("reversi", "builtin:random", 2, &["--tc", "1"], &cases);
}

#[test]
fn reversi_arena_prints_progress_the_table_and_a_verbose_board() {
    let (stdout, stderr) = arena(
        "reversi",
        &[
            "--a",
            "builtin:random",
            "--b",
            "builtin:random",
            "--games",
            "3",
            "--verbose",
        ],
    );
    assert_eq!(
        stderr.lines().filter(|l| l.starts_with("game ")).count(),
        3,
        "{stderr}"
    );
    assert!(stdout.contains("  0 1 2 3 4 5 6 7\n"), "{stdout}");
    let (w, d, l) = result_line(&stdout);
    assert_eq!(w + d + l, 3);
    assert!(stdout.contains("Elo (95%)"));
}

#[test]
fn fruit_rage_program_plays_whole_games_on_its_clock_without_running_out() {
    // The program as the course ran it: a fresh process a move, input.txt with the time left
    // (5 s for a 6x6 box, far more than it needs), CPU time charged. Both seats.
    let ours = bin("fruit-rage");
    let args = [
        "--a",
        ours.to_str().unwrap(),
        "--b",
        "builtin:greedy",
        "--games",
        "2",
        "--size",
        "6",
        "--time",
        "5",
    ];
    let (stdout, stderr) = arena("fruit-rage", &args);
    let (w, d, l) = result_line(&stdout);
    assert_eq!(w + d + l, 2, "{stdout}");
    assert_eq!(stderr.matches("(game over)").count(), 2, "{stderr}");
}

#[test]
fn fruit_rage_arena_scores_every_kind_of_failure_as_a_loss_with_its_reason() {
    let cases = [
        (
            "no output",
            script("fr_silent", "exit 0"),
            "malformed output.txt: no output.txt",
        ),
        (
            "bad name",
            script("fr_name", "echo '??' > output.txt"),
            "malformed output.txt: move \"??\"",
        ),
        (
            "off the box",
            script("fr_off", "printf 'Z26\\n' > output.txt"),
            "illegal move Z26",
        ),
        (
            "wrong board",
            script("fr_board", "printf 'A1\\n0000\\n' > output.txt"),
            "wrong board after A1",
        ),
        (
            "crash",
            script("fr_crash", "exit 9"),
            "crash (exit status 9)",
        ),
        (
            "cpu hog",
            script("fr_hog", "i=0; while :; do i=$((i+1)); done"),
            "out of time",
        ),
    ];
    assert_every_failure_loses(
        "fruit-rage",
        "builtin:greedy",
        1,
        &["--size", "4", "--time", "0.5"],
        &cases,
    );
}

/// The project's random Botzone Ataxx bots (`tests/bots/`): simple and JSON interaction.
fn ataxx_samples() -> (PathBuf, PathBuf) {
    (bot("ataxx-random-simple"), bot("ataxx-random-json"))
}

#[test]
fn ataxx_bot_plays_the_random_bots_through_the_arena_in_both_protocols() {
    let (simple, json) = ataxx_samples();
    // Depth-limited, so the games are the same on any machine (a protocol test; strength is
    // measured with `duel arena ataxx` and the openings suite, outside CI).
    let ours = format!("{} --depth 2", bin("ataxx").display());
    for (sample, protocol) in [(&simple, "simple"), (&json, "json")] {
        let bot = format!("{} --seed 5", sample.display());
        let (stdout, stderr) = arena(
            "ataxx",
            &[
                "--a",
                &ours,
                "--b",
                &bot,
                "--protocol",
                protocol,
                "--games",
                "2",
            ],
        );
        assert_eq!(
            result_line(&stdout),
            (2, 0, 0),
            "{protocol}:\n{stdout}{stderr}"
        );
    }
    // Mixed: ours speaks JSON, the bot its simple protocol, kept running.
    let bot = format!("{} --seed 6 --keep-running", simple.display());
    let (stdout, _) = arena(
        "ataxx",
        &[
            "--a",
            &ours,
            "--protocol-a",
            "json",
            "--b",
            &bot,
            "--games",
            "2",
        ],
    );
    assert_eq!(result_line(&stdout), (2, 0, 0), "{stdout}");
}

#[test]
fn ataxx_arena_scores_every_kind_of_failure_as_a_loss_with_its_reason() {
    let cases = [
        (
            "crash",
            script("ax_crash", "exit 5"),
            "crash (exit status 5)",
        ),
        (
            "malformed",
            script("ax_malformed", "read n; echo move please"),
            "malformed response \"move please\"",
        ),
        (
            "invalid",
            script("ax_invalid", "read n; echo 3 3 3 4"),
            "invalid move 3 3 3 4",
        ),
        (
            "pass",
            script("ax_pass", "read n; echo -1 -1 -1 -1"),
            "invalid move -1 -1 -1 -1",
        ),
        ("slow", script("ax_slow", "sleep 3"), "time-out"),
    ];
    assert_every_failure_loses("ataxx", "builtin:random", 2, &[], &cases);
}
