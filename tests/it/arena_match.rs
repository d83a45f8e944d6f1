//! The arena as an engine-testing tool: openings played in colour-swapped pairs, seeded random
//! plies, time controls and losses on time, concurrency that does not change the records, the
//! SPRT stop, UAI engines, and the PGN record. Every game here is node-limited or a built-in,
//! so nothing depends on the machine's speed.

use duel_core::ataxx;
use duel_core::reversi::{Board, Move};
use duel_tests::{bin, must, run, scratch_dir};
use std::path::Path;
use std::process::{Command, Output};

/// Runs `duel arena GAME ARGS…`.
fn duel_arena(game: &str, args: &[&str]) -> Output {
    let mut all = vec!["arena", game];
    all.extend_from_slice(args);
    run(&bin("duel"), &all, "")
}

/// Runs the arena, which must succeed; returns (stdout, stderr).
fn arena_ok(game: &str, args: &[&str]) -> (String, String) {
    let out = duel_arena(game, args);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    );
    assert!(
        out.status.success(),
        "duel arena {game} {args:?}\n{stdout}{stderr}"
    );
    (stdout, stderr)
}

/// The value of `key=` on the `RESULT` line.
fn result_value(stdout: &str, key: &str) -> String {
    let last = stdout.lines().last().expect("output");
    assert!(
        last.starts_with("RESULT "),
        "last line is not RESULT: {last}"
    );
    last.split_whitespace()
        .find_map(|kv| kv.strip_prefix(&format!("{key}=")))
        .unwrap_or_else(|| panic!("no {key}= in {last}"))
        .to_string()
}

/// The JSON records of a file.
fn records(path: &std::path::Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .expect("record written")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// A file `name` in `dir` with `text`; returns its path as text.
fn file(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write file");
    path.to_str().expect("utf-8 path").to_string()
}

/// An executable shell script.
fn script(name: &str, body: &str) -> String {
    let dir = scratch_dir(&format!("arena_match_{name}"));
    let path = file(&dir, name, &format!("#!/bin/sh\n{body}\n"));
    must(Command::new("chmod").arg("+x").arg(&path));
    path
}

#[test]
fn reversi_openings_are_played_twice_with_colours_swapped_from_the_right_position() {
    // The contest's start has black on d4 and e5; black's f4 flips e4.
    let board = format!("{}---XXX-----OX---{}", "-".repeat(24), "-".repeat(24));
    let dir = scratch_dir("arena_reversi_openings");
    let openings = file(
        &dir,
        "o.txt",
        &format!("# a comment\nf4f3d6g4h4\n\n{board}\nC5C6\n"),
    );
    let record = dir.join("games.jsonl");
    let (stdout, stderr) = arena_ok(
        "reversi",
        &[
            "--a",
            "builtin:duel:nodes=300",
            "--b",
            "builtin:random",
            "--openings",
            &openings,
            "--games",
            "8",
            "--record",
            record.to_str().unwrap(),
        ],
    );
    assert_eq!(stderr.lines().filter(|l| l.starts_with("game ")).count(), 8);
    let games = records(&record);
    assert_eq!(games.len(), 8, "{stdout}");
    // Pair k plays opening k mod 3, A first then second.
    let expected = ["f4f3d6g4h4", &format!("{board} O"), "c5c6", "f4f3d6g4h4"];
    for (i, game) in games.iter().enumerate() {
        assert_eq!(game["game"], i + 1);
        assert_eq!(game["pair"], i / 2 + 1);
        assert_eq!(game["a_first"], i % 2 == 0, "{game}");
        assert_eq!(game["opening"], expected[i / 2], "{game}");
        // The moves replay legally from the opening to the end of the game.
        let mut position = if i / 2 == 1 {
            Board::parse_text(&format!("{board} O")).unwrap()
        } else {
            let text = expected[i / 2];
            let mut b = Board::start();
            for k in (0..text.len()).step_by(2) {
                b = b.play(Move::parse(&text[k..k + 2]).unwrap()).unwrap();
            }
            b
        };
        for mv in game["moves"].as_array().unwrap() {
            position = position
                .play(Move::parse(mv.as_str().unwrap()).unwrap())
                .unwrap();
        }
        assert!(position.is_over(), "{game}");
        assert_eq!(game["reason"], "game over");
    }
    // A different first mover in the two games of a pair means the same opening with the
    // colours swapped: the first move of game 1 (A) and game 2 (B, now first) are both chosen
    // for the side to move of the opening.
    assert_eq!(result_value(&stdout, "wins").parse::<u32>().unwrap(), 8);
}

#[test]
fn random_plies_are_reproducible_from_the_seed() {
    let play = |seed: &str, name: &str| {
        let record = scratch_dir("arena_random_plies").join(name);
        arena_ok(
            "ataxx",
            &[
                "--a",
                "builtin:random",
                "--b",
                "builtin:random",
                "--random-plies",
                "4",
                "--games",
                "6",
                "--seed",
                seed,
                "--record",
                record.to_str().unwrap(),
            ],
        );
        records(&record)
    };
    let (first, again, other) = (
        play("5", "a.jsonl"),
        play("5", "b.jsonl"),
        play("6", "c.jsonl"),
    );
    assert_eq!(first, again);
    let openings = |games: &[serde_json::Value]| -> Vec<String> {
        games
            .iter()
            .map(|g| g["opening"].as_str().unwrap().to_string())
            .collect()
    };
    assert_ne!(openings(&first), openings(&other));
    for pair in openings(&first).chunks(2) {
        assert_eq!(pair[0], pair[1]);
        assert_eq!(pair[0].split_whitespace().count(), 4, "{pair:?}");
    }
    assert_ne!(openings(&first)[0], openings(&first)[2]);
}

/// Runs the same match at `--concurrency 1` and `2` and returns both records.
fn at_both_concurrencies(game: &str, args: &[&str]) -> (Vec<serde_json::Value>, String) {
    let mut results = Vec::new();
    let mut last = String::new();
    for n in ["1", "2"] {
        let record = scratch_dir(&format!("arena_concurrency_{game}")).join(format!("c{n}.jsonl"));
        let mut all = args.to_vec();
        all.extend_from_slice(&["--concurrency", n, "--record", record.to_str().unwrap()]);
        let (stdout, _) = arena_ok(game, &all);
        results.push(records(&record));
        last = stdout;
    }
    assert_eq!(
        results[0], results[1],
        "{game}: records differ between concurrency 1 and 2"
    );
    (results.pop().unwrap(), last)
}

#[test]
fn uai_engines_and_botzone_bots_give_the_same_records_at_concurrency_one_and_two() {
    let ataxx = bin("ataxx");
    let uai = format!(
        "name=ours cmd='{} --uai' proto=uai nodes=800",
        ataxx.display()
    );
    let (games, stdout) = at_both_concurrencies(
        "ataxx",
        &[
            "--a",
            &uai,
            "--b",
            "builtin:duel:nodes=400",
            "--random-plies",
            "2",
            "--games",
            "4",
        ],
    );
    assert_eq!(games.len(), 4);
    assert!(
        stdout.contains("A: ours (800 nodes a move, clock st=1)"),
        "{stdout}"
    );
    // Every game ends by the rules (standard rules also end a cycle at its third repetition),
    // none by an engine's fault.
    for game in &games {
        let reason = game["reason"].as_str().unwrap_or_default();
        assert!(
            ["game over", "threefold repetition"].contains(&reason),
            "{game}"
        );
    }
    // Botzone bots under the judge's rules, a depth-limited search, one in each protocol.
    let bot = format!("{} --depth 2", ataxx.display());
    let json = format!("cmd='{} --depth 1' proto=json", ataxx.display());
    let (games, _) = at_both_concurrencies(
        "ataxx",
        &[
            "--a",
            &bot,
            "--b",
            &json,
            "--random-plies",
            "2",
            "--games",
            "4",
        ],
    );
    for game in &games {
        assert_eq!(game["reason"], "game over", "{game}");
    }
}

#[test]
fn contest_programs_give_the_same_records_at_concurrency_one_and_two() {
    let filler = format!("{} --nodes 300", bin("filler").display());
    let (games, stdout) = at_both_concurrencies(
        "filler",
        &[
            "--a",
            &filler,
            "--b",
            "builtin:greedy",
            "--games",
            "4",
            "--size",
            "10",
            // Node-limited, so the records must match; a loaded machine must not turn a
            // process start into a time-out (the contest's 1 s includes it).
            "--st",
            "10",
        ],
    );
    assert_eq!(games.len(), 4);
    assert!(stdout.contains("pairs by margin sum: "), "{stdout}");
    assert!(result_value(&stdout, "pair_wins").parse::<u32>().is_ok());
    at_both_concurrencies(
        "fruit-rage",
        &[
            "--a",
            "builtin:duel:nodes=200",
            "--b",
            "builtin:greedy",
            "--games",
            "4",
            "--size",
            "6",
        ],
    );
}

#[test]
fn sprt_stops_a_one_sided_match_early_with_h1_accepted() {
    let (stdout, stderr) = arena_ok(
        "ataxx",
        &[
            "--a",
            "builtin:duel:nodes=300",
            "--b",
            "builtin:random",
            "--random-plies",
            "2",
            "--games",
            "200",
            "--sprt",
            "elo0=0 elo1=10 alpha=0.05 beta=0.05",
        ],
    );
    let games: u32 = ["wins", "draws", "losses"]
        .iter()
        .map(|k| result_value(&stdout, k).parse::<u32>().unwrap())
        .sum();
    assert!(games < 200 && games % 2 == 0, "{stdout}");
    assert!(stdout.contains("H1 accepted"), "{stdout}");
    let llr: f64 = result_value(&stdout, "llr").parse().unwrap();
    assert!(llr >= 2.944, "{stdout}");
    assert!(stderr.contains("LLR "), "{stderr}");
    assert!(stdout.contains("Ptnml(0-2): ["), "{stdout}");
}

#[test]
fn where_the_targets_count_pairs_the_sprt_reads_pairs_by_their_margin_sum() {
    // Filler: the seat decides many boards, so game outcomes come in win-loss pairs that tell
    // nothing; the SPRT reads each pair as won, drawn or lost by the sum of its two margins.
    let (stdout, _) = arena_ok(
        "filler",
        &[
            "--a",
            "builtin:duel:nodes=300",
            "--b",
            "builtin:greedy",
            "--size",
            "10",
            "--games",
            "40",
            "--sprt",
            "elo0=0 elo1=50",
        ],
    );
    let count = |k: &str| result_value(&stdout, k).parse::<u32>().unwrap();
    let pairs = count("pair_wins") + count("pair_draws") + count("pair_losses");
    let games = count("wins") + count("draws") + count("losses");
    assert_eq!(games, 2 * pairs, "{stdout}");
    assert!(games < 40, "the SPRT stops early: {stdout}");
    assert!(stdout.contains("H1 accepted"), "{stdout}");
    assert!(stdout.contains("(the SPRT's sample)"), "{stdout}");
    let pair_elo: f64 = result_value(&stdout, "pair_elo").parse().unwrap();
    assert!(pair_elo > 0.0, "{stdout}");
}

#[test]
fn a_player_that_sleeps_past_its_clock_loses_on_time_unless_the_margin_covers_it() {
    // A Botzone bot that answers with a random-looking fixed move after 0.4 s: with 0.2 s a
    // move it loses on time; with 1 s of margin it is only illegal or legal, never late.
    let sleeper = script("ax_sleeper", "read n; sleep 0.4; echo 0 0 1 1");
    let args = [
        "--a",
        &sleeper,
        "--b",
        "builtin:random",
        "--games",
        "2",
        "--st",
        "0.2",
    ];
    let (stdout, stderr) = arena_ok("ataxx", &args);
    assert_eq!(result_value(&stdout, "losses"), "2", "{stdout}");
    assert_eq!(stderr.matches("A: time-out").count(), 2, "{stderr}");
    let mut late_ok = args.to_vec();
    late_ok.extend_from_slice(&["--timemargin", "1000"]);
    let (_, stderr) = arena_ok("ataxx", &late_ok);
    assert!(!stderr.contains("time-out"), "{stderr}");
    // A Reversi program that sleeps past a 0.5 s game clock.
    let slow = script("rev_sleeper", "read c; read l; sleep 1; echo 2 3");
    let (stdout, stderr) = arena_ok(
        "reversi",
        &[
            "--a",
            &slow,
            "--b",
            "builtin:random",
            "--games",
            "2",
            "--tc",
            "0.5",
        ],
    );
    assert_eq!(result_value(&stdout, "losses"), "2", "{stdout}{stderr}");
    assert!(stderr.contains("A: time-out"), "{stderr}");
}

#[test]
fn ataxx_openings_take_move_lists_under_botzone_and_fens_under_standard_rules() {
    let dir = &scratch_dir("arena_ataxx_openings");
    let moves = file(dir, "moves.txt", "f1 g6\na7c7 f7\n");
    let pgn = dir.join("games.pgn");
    let (stdout, _) = arena_ok(
        "ataxx",
        &[
            "--a",
            "builtin:duel:nodes=200",
            "--b",
            "builtin:random",
            "--openings",
            &moves,
            "--games",
            "4",
            "--pgn",
            pgn.to_str().unwrap(),
        ],
    );
    assert_eq!(result_value(&stdout, "wins"), "4", "{stdout}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Event \"duel arena\"]").count(), 4, "{text}");
    assert!(
        text.contains("[FEN \"x5o/6o/7/7/7/7/o4xx x 0 2\"]"),
        "{text}"
    );
    assert!(
        text.contains("[Black \"builtin:duel:nodes=200\"]"),
        "{text}"
    );
    assert!(text.contains("\n1. "), "{text}");
    // The final FEN of each game is over by the rules.
    for line in text.lines().filter(|l| l.starts_with("[FinalFEN ")) {
        let fen = line
            .trim_start_matches("[FinalFEN \"")
            .trim_end_matches("\"]");
        let board = ataxx::Board::from_fen(fen, ataxx::Rules::Botzone).unwrap();
        assert!(board.is_over(), "{fen}");
    }
    // A FEN is refused under Botzone's rules, and played under standard ones.
    let fens = file(dir, "fens.txt", "x5o/7/7/3-3/7/7/o5x x 0 1\n");
    let out = duel_arena("ataxx", &["--openings", &fens]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("opening 1") && err.contains("move list"),
        "{err}"
    );
    let (stdout, _) = arena_ok(
        "ataxx",
        &[
            "--openings",
            &fens,
            "--rules",
            "standard",
            "--a",
            "builtin:duel:nodes=200",
        ],
    );
    assert_eq!(result_value(&stdout, "wins"), "2", "{stdout}");
}

#[test]
fn filler_and_fruit_rage_boards_come_from_an_openings_file_in_contest_text() {
    let dir = &scratch_dir("arena_board_openings");
    let filler = file(
        dir,
        "filler.txt",
        "4\n0 1 2 3\n4 5 6 7\n8 9 0 1\n2 3 4 5\n\n4\n1 1 2 3\n4 5 6 7\n8 9 0 1\n2 3 4 2\n",
    );
    let record = dir.join("filler.jsonl");
    arena_ok(
        "filler",
        &[
            "--a",
            "builtin:greedy",
            "--b",
            "builtin:random",
            "--openings",
            &filler,
            "--games",
            "4",
            "--record",
            record.to_str().unwrap(),
        ],
    );
    let games = records(&record);
    assert_eq!(games[0]["opening"], "4/0 1 2 3/4 5 6 7/8 9 0 1/2 3 4 5");
    assert_eq!(games[2]["opening"], "4/1 1 2 3/4 5 6 7/8 9 0 1/2 3 4 2");
    // The contest's input.txt form (size, types, time, then the box) is read as well.
    let fruit = file(dir, "fruit.txt", "3\n2\n10.5\n011\n101\n110\n\n0*\n01\n");
    let record = dir.join("fruit.jsonl");
    arena_ok(
        "fruit-rage",
        &[
            "--a",
            "builtin:greedy",
            "--b",
            "builtin:duel:nodes=50",
            "--openings",
            &fruit,
            "--games",
            "4",
            "--record",
            record.to_str().unwrap(),
        ],
    );
    let games = records(&record);
    assert_eq!(games[0]["opening"], "2/011/101/110");
    assert_eq!(games[2]["opening"], "2/0*/01");
    // A bad board names the opening and what is wrong.
    let bad = file(dir, "bad.txt", "3\n0 1 2\n3 4 5\n6 7\n");
    let out = duel_arena("filler", &["--openings", &bad]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("opening 1") && err.contains("cells"), "{err}");
}

#[test]
fn uai_options_are_set_after_the_handshake_and_before_the_first_game() {
    // The engine's input is kept by `tee`: the arena sends each `option.NAME=VALUE` as a
    // `setoption`, in order, after `uaiok` and before `uainewgame`; the options change play
    // (`Network 0`: the linear evaluation), so the match must still run to its end.
    let dir = scratch_dir("arena_uai_options");
    let log = dir.join("input.txt");
    let uai = format!(
        "name=linear cmd=\"sh -c 'tee -a {} | exec {} --uai'\" proto=uai nodes=500 \
         option.Network=0 option.Hash=1",
        log.display(),
        bin("ataxx").display()
    );
    let out = duel_arena(
        "ataxx",
        &["--a", &uai, "--b", "builtin:duel:nodes=500", "--games", "2"],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let input = std::fs::read_to_string(&log).expect("the engine's input");
    // Each game starts its engine: every session opens with the handshake, the options in
    // order, then the game.
    let sessions: Vec<Vec<&str>> = input
        .split("uai\n")
        .filter(|s| !s.is_empty())
        .map(|s| s.lines().collect())
        .collect();
    assert_eq!(sessions.len(), 2, "{input}");
    for lines in &sessions {
        assert_eq!(
            lines[..4],
            [
                "isready",
                "setoption name Network value 0",
                "setoption name Hash value 1",
                "uainewgame"
            ],
            "{input}"
        );
    }
    assert_eq!(input.matches("setoption").count(), 4, "{input}");
}

#[test]
fn bad_arena_options_get_one_line_and_exit_status_2() {
    for (game, args, says) in [
        ("reversi", vec!["--tc", "ten"], "--tc"),
        ("reversi", vec!["--st", "0"], "--st"),
        ("ataxx", vec!["--sprt", "elo0=5 elo1=1"], "elo1"),
        ("ataxx", vec!["--a", "builtin:nobody"], "builtin:duel"),
        ("ataxx", vec!["--a", "name=x proto=uai"], "cmd="),
        ("ataxx", vec!["--a", "cmd=x proto=nboard"], "uai"),
        ("filler", vec!["--a", "cmd=x proto=uai"], "contest"),
        ("ataxx", vec!["--a", "cmd=x option.Hash=1"], "proto=uai"),
        (
            "reversi",
            vec!["--a", "builtin:duel:option.Hash=1"],
            "proto=uai",
        ),
        ("ataxx", vec!["--a", "cmd=x proto=uai option.=1"], "option"),
        ("reversi", vec!["--a", "builtin:duel:nodes=0"], "nodes"),
        // NBoard has no time a move: `--st` would reach the engine as a whole game's clock.
        (
            "reversi",
            vec!["--a", "cmd=x proto=nboard", "--st", "0.15"],
            "no time a move",
        ),
        (
            "reversi",
            vec!["--openings", "/nonexistent/o.txt"],
            "cannot read",
        ),
    ] {
        let out = duel_arena(game, &args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{game} {args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{game} {args:?}: {err}");
        assert!(err.contains(says), "{game} {args:?}: {err}");
    }
}

#[test]
fn nboard_engines_and_contest_programs_give_the_same_records_at_both_concurrencies_and_ggf() {
    let reversi = bin("reversi");
    let nboard = format!(
        "name=nb cmd='{} --nboard --nodes 400' proto=nboard",
        reversi.display()
    );
    let contest = format!("name=contest cmd='{} --nodes 300'", reversi.display());
    let (games, stdout) = at_both_concurrencies(
        "reversi",
        &[
            "--a",
            &nboard,
            "--b",
            &contest,
            "--random-plies",
            "4",
            "--games",
            "4",
        ],
    );
    assert!(stdout.contains("A: nb (tc=10)"), "{stdout}");
    for game in &games {
        assert_eq!(game["reason"], "game over", "{game}");
    }
    // The GGF record: one game a line, each read back by the GGF parser with its moves.
    let dir = scratch_dir("arena_ggf");
    let ggf = dir.join("games.ggf");
    let record = dir.join("games.jsonl");
    arena_ok(
        "reversi",
        &[
            "--a",
            &nboard,
            "--b",
            "builtin:duel:nodes=300",
            "--openings",
            &file(&dir, "o.txt", "f4f3d6\n"),
            "--games",
            "2",
            "--ggf",
            ggf.to_str().unwrap(),
            "--record",
            record.to_str().unwrap(),
        ],
    );
    let text = std::fs::read_to_string(&ggf).unwrap();
    let games = records(&record);
    assert_eq!(text.lines().count(), 2, "{text}");
    for (line, game) in text.lines().zip(&games) {
        let parsed =
            duel_protocols::ggf::GgfGame::parse(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        // The opening's three moves, then the game's.
        assert_eq!(
            parsed.moves().len(),
            3 + game["moves"].as_array().unwrap().len(),
            "{line}"
        );
        assert!(parsed.is_over(), "{line}");
        assert!(line.contains("PB[") && line.contains("TI[10]"), "{line}");
        let margin = game["margin"].as_i64().unwrap();
        let black_minus_white = if game["a_first"] == true {
            -margin
        } else {
            margin
        };
        // After f4f3d6 white moves first: A first means A is white.
        assert!(line.contains(&format!("RE[{black_minus_white}]")), "{line}");
    }
}

#[test]
fn a_standard_rules_game_that_cycles_is_drawn_by_threefold_repetition() {
    // Two UAI scripts that jump a piece out and back: every position comes back four plies
    // later, and captures never happen, so only a repetition rule ends the game.
    let engine = |name: &str, out: &str, back: &str| {
        script(
            name,
            &format!(
                "n=0\nwhile read cmd rest; do case \"$cmd\" in\n  uai) echo uaiok;;\n  \
                 isready) echo readyok;;\n  go) if [ $((n % 2)) -eq 0 ]; then echo \"bestmove \
                 {out}\"; else echo \"bestmove {back}\"; fi; n=$((n+1));;\n  quit) exit 0;;\n\
                 esac; done"
            ),
        )
    };
    let black = format!("cmd={} proto=uai", engine("uai_black", "a7c7", "c7a7"));
    let white = format!("cmd={} proto=uai", engine("uai_white", "g7e7", "e7g7"));
    let dir = scratch_dir("arena_repetition");
    let record = dir.join("games.jsonl");
    let (stdout, _) = arena_ok(
        "ataxx",
        &[
            "--a",
            &black,
            "--b",
            &white,
            "--games",
            "1",
            "--record",
            record.to_str().unwrap(),
        ],
    );
    let games = records(&record);
    assert_eq!(games[0]["reason"], "threefold repetition", "{stdout}");
    // The position after the first ply comes back after plies 5 and 9: drawn at ply 9.
    assert_eq!(games[0]["moves"].as_array().unwrap().len(), 9);
    assert_eq!(result_value(&stdout, "draws"), "1");
}

#[test]
fn maxmoves_adjudicates_a_running_ataxx_game_a_draw_at_that_ply() {
    let dir = scratch_dir("arena_maxmoves");
    let record = dir.join("games.jsonl");
    let openings = file(&dir, "openings.txt", "f1 g6\n");
    let (stdout, _) = arena_ok(
        "ataxx",
        &[
            "--a",
            "builtin:duel:nodes=300",
            "--b",
            "builtin:duel:nodes=200",
            "--openings",
            &openings,
            "--games",
            "2",
            "--maxmoves",
            "12",
            "--record",
            record.to_str().unwrap(),
        ],
    );
    let games = records(&record);
    assert_eq!(games.len(), 2, "{stdout}");
    for game in &games {
        // Two opening plies and ten played: no Ataxx game ends that early on its own.
        assert_eq!(game["moves"].as_array().unwrap().len(), 10, "{game}");
        assert_eq!(
            game["reason"], "adjudicated a draw after 12 plies (--maxmoves)",
            "{game}"
        );
    }
    assert_eq!(result_value(&stdout, "draws"), "2", "{stdout}");
    let out = duel_arena("ataxx", &["--maxmoves", "0"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}

#[test]
fn a_record_read_back_gives_the_table_and_result_line_the_match_printed() {
    let dir = scratch_dir("arena_summarize");
    let record = dir.join("games.jsonl");
    let record = record.to_str().unwrap();
    let sprt = "elo0=0 elo1=50";
    let common = ["--size", "10", "--sprt", sprt];
    let mut play = vec![
        "--a",
        "builtin:duel:nodes=300",
        "--b",
        "builtin:random",
        "--games",
        "12",
        "--seed",
        "5",
        "--record",
        record,
    ];
    play.extend_from_slice(&common);
    let (played, _) = arena_ok("filler", &play);
    let mut read = vec!["--summarize", record];
    read.extend_from_slice(&common);
    let (summary, stderr) = arena_ok("filler", &read);
    assert!(stderr.is_empty(), "a summary plays no game: {stderr}");
    // The same lines but the players' and their thinking time (a record holds neither),
    // then the reasons.
    assert!(played.contains("\ntime used: A "), "{played}");
    assert!(!summary.contains("time used"), "{summary}");
    let body = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| {
                !["  A: ", "  B: ", "  read back from ", "time used: "]
                    .iter()
                    .any(|p| l.starts_with(p))
            })
            .filter(|l| !l.starts_with("ended by:"))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(body(&summary), body(&played), "{summary}\n{played}");
    let games = records(Path::new(record)).len();
    assert!(
        summary.contains(&format!("ended by: game over: {games}\n")),
        "{summary}"
    );

    // A record with a game missing, or a line that is not a game, is refused in one line.
    let text = std::fs::read_to_string(record).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let gap = file(&dir, "gap.jsonl", &[lines[0], lines[2]].join("\n"));
    let junk = file(&dir, "junk.jsonl", &format!("{}\nnot json\n", lines[0]));
    for (path, expected) in [(&gap, "game 2 is missing"), (&junk, "line 2: not a JSON")] {
        let out = duel_arena("filler", &["--summarize", path]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(expected), "{stderr}");
    }
}

/// In every arena game, N = 1, 2, 3 and 4 shards of a node-limited match merged are the single
/// run: record for record, and the same table, pentanomial, Elo and SPRT from `--summarize`.
#[test]
fn every_game_at_every_shard_count_merges_into_the_single_run() {
    let dir = scratch_dir("arena_shard_counts");
    let body = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| !l.starts_with("  read back from "))
            .map(str::to_string)
            .collect()
    };
    let games: [(&str, &[&str]); 4] = [
        ("reversi", &["--random-plies", "4"]),
        ("ataxx", &["--random-plies", "2"]),
        ("filler", &["--size", "10"]),
        ("fruit-rage", &["--size", "6", "--types", "3"]),
    ];
    for (game, extra) in games {
        let path = |name: &str| {
            dir.join(format!("{game}-{name}"))
                .to_str()
                .unwrap()
                .to_string()
        };
        let play = |record: &str, shard: Option<String>| {
            let mut args = vec![
                "--a",
                "builtin:duel:nodes=300",
                "--b",
                "builtin:random",
                "--games",
                "9",
                "--seed",
                "3",
                "--record",
                record,
            ];
            args.extend_from_slice(extra);
            if let Some(shard) = &shard {
                args.extend_from_slice(&["--shard", shard]);
            }
            arena_ok(game, &args);
        };
        let whole = path("whole.jsonl");
        play(&whole, None);
        let expected = records(Path::new(&whole));
        assert_eq!(expected.len(), 9, "{game}");
        let (single, _) = arena_ok(
            game,
            &["--summarize", &whole, "--sprt", "elo0=0", "elo1=10"],
        );
        for n in 1..=4 {
            let shards: Vec<String> = (0..n).map(|k| path(&format!("{k}-of-{n}.jsonl"))).collect();
            for (k, shard) in shards.iter().enumerate() {
                play(shard, Some(format!("{k}/{n}")));
            }
            let mut merged: Vec<serde_json::Value> =
                shards.iter().flat_map(|s| records(Path::new(s))).collect();
            merged.sort_by_key(|g| g["game"].as_u64());
            assert_eq!(merged, expected, "{game}, {n} shards");
            let mut args = vec!["--summarize"];
            args.extend(shards.iter().rev().map(String::as_str));
            args.extend_from_slice(&["--sprt", "elo0=0", "elo1=10"]);
            let (summary, _) = arena_ok(game, &args);
            assert_eq!(body(&summary), body(&single), "{game}, {n} shards");
        }
    }
}

#[test]
fn shards_play_exactly_the_games_of_one_run_and_their_records_merge_into_its_table() {
    let dir = scratch_dir("arena_shards");
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let play = |record: &str, extra: &[&str]| {
        let mut args = vec![
            "--size",
            "10",
            "--a",
            "builtin:duel:nodes=300",
            "--b",
            "builtin:random",
            "--games",
            "11",
            "--seed",
            "7",
            "--record",
            record,
        ];
        args.extend_from_slice(extra);
        arena_ok("filler", &args)
    };
    let whole = path("whole.jsonl");
    play(&whole, &["--concurrency", "2"]);
    let shards: Vec<String> = (0..3).map(|k| path(&format!("shard{k}.jsonl"))).collect();
    for (k, shard) in shards.iter().enumerate() {
        play(shard, &["--shard", &format!("{k}/3")]);
    }
    // Shard 1 of 3 plays pairs 2 and 5 (from 1): games 3, 4, 9 and 10.
    let numbers: Vec<u64> = records(Path::new(&shards[1]))
        .iter()
        .map(|g| g["game"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, [3, 4, 9, 10]);
    // Game for game, the shards' records are the whole run's.
    let mut merged: Vec<serde_json::Value> =
        shards.iter().flat_map(|s| records(Path::new(s))).collect();
    merged.sort_by_key(|g| g["game"].as_u64());
    assert_eq!(merged, records(Path::new(&whole)));
    // One table, in any order of files; the SPRT in fastchess's separate words or quoted.
    let (one, _) = arena_ok(
        "filler",
        &["--summarize", &whole, "--sprt", "elo0=0", "elo1=50"],
    );
    let (three, _) = arena_ok(
        "filler",
        &[
            "--summarize",
            &shards[2],
            &shards[0],
            &shards[1],
            "--sprt",
            "elo0=0 elo1=50",
        ],
    );
    let body = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| !l.starts_with("  read back from "))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(body(&three), body(&one), "{three}\n{one}");
    assert!(one.contains("LLR"), "{one}");
    // A game in two files is refused in one line naming both places.
    let out = duel_arena("filler", &["--summarize", &whole, &shards[0]]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("game 1 recorded twice") && stderr.contains("whole.jsonl line 1"),
        "{stderr}"
    );
    // One shard read back alone, with `--shard`, is the table of its games in order: the same
    // as a record of those four games numbered 1 to 4.
    let (alone, _) = arena_ok("filler", &["--summarize", &shards[1], "--shard", "1/3"]);
    let renumbered: Vec<String> = records(Path::new(&shards[1]))
        .into_iter()
        .enumerate()
        .map(|(i, mut g)| {
            g["game"] = serde_json::json!(i + 1);
            g.to_string()
        })
        .collect();
    let four = file(&dir, "four.jsonl", &renumbered.join("\n"));
    let (numbered, _) = arena_ok("filler", &["--summarize", &four]);
    assert_eq!(body(&alone), body(&numbered), "{alone}\n{numbered}");
    assert!(alone.contains("4 games"), "{alone}");
    // Without `--shard`, or with another shard, it is refused in one line.
    for (extra, expected) in [
        (vec![], "game 1 is missing"),
        (vec!["--shard", "0/3"], "game 3 is not in shard 0/3"),
        (vec!["--shard", "1/2"], "game 9 is not in shard 1/2"),
    ] {
        let mut args = vec!["--summarize", shards[1].as_str()];
        args.extend(extra);
        let out = duel_arena("filler", &args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
    // A shard does not run its own SPRT, and K must be below N.
    for bad in [
        vec!["--shard", "0/2", "--sprt", "elo0=0", "elo1=5"],
        vec!["--shard", "2/2"],
    ] {
        let out = duel_arena("filler", &bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
}
