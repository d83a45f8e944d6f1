//! The Botzone bot through the real binary: golden answers in both interactions, keep-running
//! mode, the repetition rule, malformed input, and short games through `duel arena ataxx`
//! against the project's random test bots.

use super::{Session, ataxx, bz, json_int, json_move, play_bz, search_choice};
use duel_core::ataxx::{BotzoneMove, Match};
use duel_tests::{Rng, bin, bot, run, scratch_dir};

/// What the library chooses at `depth` for the game that `moves` (Botzone moves from the
/// start) reach, in Botzone form.
fn expected_answer(moves: &[BotzoneMove], depth: u8) -> BotzoneMove {
    let mut game = Match::new();
    for &m in moves {
        play_bz(&mut game, m);
    }
    let board = *game.board();
    let mv = search_choice(&board, game.history(), depth, 1 << 16)
        .best
        .unwrap();
    board.botzone_move(mv)
}

#[test]
fn bot_simple_golden() {
    let out = run(
        &ataxx(),
        &["--depth", "3", "--hash-mb", "1"],
        "1\n-1 -1 -1 -1\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected = expected_answer(&[], 3);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("{expected}\n>>>BOTZONE_REQUEST_KEEP_RUNNING<<<\n")
    );
    assert!(out.stderr.is_empty());
    // White's second turn, with data and globaldata lines after the request.
    let history = [bz(0, 0, 1, 1), bz(6, 0, 5, 1), bz(6, 6, 4, 4)];
    let input = format!("2\n{}\n{}\n{}\n\n\n", history[0], history[1], history[2]);
    let out = run(&ataxx(), &["--depth", "3", "--hash-mb", "1"], &input);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected = expected_answer(&history, 3);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("{expected}\n>>>BOTZONE_REQUEST_KEEP_RUNNING<<<\n")
    );
}

#[test]
fn bot_json_golden() {
    let history = [bz(0, 0, 1, 1), bz(6, 0, 4, 2), bz(6, 6, 5, 5)];
    let input = format!(
        "{{\"requests\":[{},{}],\"responses\":[{}],\"data\":\"\",\"globaldata\":\"\",\"time_limit\":1,\"memory_limit\":256}}\n",
        json_move(history[0]),
        json_move(history[2]),
        json_move(history[1])
    );
    let out = run(&ataxx(), &["--depth", "3", "--hash-mb", "1"], &input);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let e = expected_answer(&history, 3);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!(
            "{{\"response\":{{\"x0\":{},\"y0\":{},\"x1\":{},\"y1\":{}}}}}\n>>>BOTZONE_REQUEST_KEEP_RUNNING<<<\n",
            e.x0, e.y0, e.x1, e.y1
        )
    );
}

/// One process serves a whole game as black in keep-running mode, mixing simple and JSON
/// requests; every answer is legal and followed by the keep-running line.
#[test]
fn bot_keep_running_serves_many_turns() {
    let mut session = Session::start(&ataxx(), &["--millis", "150", "--hash-mb", "1"]);
    let mut game = Match::new();
    let mut rng = Rng::new(3);
    session.send("1\n-1 -1 -1 -1\n");
    const TURNS: usize = 8;
    for turn in 0..TURNS {
        let json = turn % 2 == 1;
        let answer = session.line();
        let bm = if json {
            assert!(answer.starts_with("{\"response\":{"), "{answer}");
            let f = |k: &str| json_int(&answer, k).unwrap();
            bz(f("x0"), f("y0"), f("x1"), f("y1"))
        } else {
            BotzoneMove::parse(&answer).unwrap()
        };
        let mv = game.board().parse_botzone(bm).unwrap();
        assert!(!game.history().is_circular(game.board(), mv));
        game.play(mv).unwrap();
        assert_eq!(session.line(), ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<");
        // No request after the last answer: one left pending would be answered or not
        // depending on when the closed input reaches the bot, and `finish` checks that every
        // line the bot printed was read.
        if game.board().is_over() || turn + 1 == TURNS {
            break;
        }
        // The opponent's random move, sent in the next turn's form.
        let moves = game.board().legal_moves();
        let mv = moves.as_slice()[rng.below(moves.len())];
        let reply = game.board().botzone_move(mv);
        game.play(mv).unwrap();
        if game.board().is_over() {
            break;
        }
        if (turn + 1) % 2 == 1 {
            session.send(&format!("{}\n", json_move(reply)));
        } else {
            session.send(&format!("{reply}\n"));
        }
    }
    let out = session.finish();
    assert!(out.status.success());
    assert!(out.stderr.is_empty());
}

/// The two forms of Botzone's interaction.
#[derive(Clone, Copy, PartialEq)]
enum Proto {
    Simple,
    Json,
}

/// The move of a bot's answer in the form `proto`.
fn parse_answer(stdout: &[u8], proto: Proto) -> Option<BotzoneMove> {
    let text = String::from_utf8_lossy(stdout);
    let first = text.lines().find(|l| !l.trim().is_empty())?;
    match proto {
        Proto::Simple => BotzoneMove::parse(first).ok(),
        Proto::Json => {
            let f = |k: &str| json_int(first, k);
            Some(bz(f("x0")?, f("y0")?, f("x1")?, f("y1")?))
        }
    }
}

/// Through the binary, with the real repetition (black and white jump out and back): at
/// every depth, black's answer is legal and not the circular jump (0,0)->(2,0), in both
/// input forms.
#[test]
fn bot_avoids_the_circular_move() {
    let plies = [
        bz(0, 0, 2, 0),
        bz(6, 0, 4, 0),
        bz(2, 0, 0, 0),
        bz(4, 0, 6, 0),
    ];
    let mut game = Match::new();
    for m in plies {
        play_bz(&mut game, m);
    }
    let circular = bz(0, 0, 2, 0);
    let simple = format!(
        "3\n-1 -1 -1 -1\n{}\n{}\n{}\n{}\n",
        plies[0], plies[1], plies[2], plies[3]
    );
    let json = format!(
        "{{\"requests\":[{},{},{}],\"responses\":[{},{}]}}\n",
        json_move(BotzoneMove::NONE),
        json_move(plies[1]),
        json_move(plies[3]),
        json_move(plies[0]),
        json_move(plies[2])
    );
    for depth in ["1", "2", "3"] {
        for (input, proto) in [(&simple, Proto::Simple), (&json, Proto::Json)] {
            let out = run(&ataxx(), &["--depth", depth, "--hash-mb", "1"], input);
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            let answer = parse_answer(&out.stdout, proto).unwrap();
            let mv = game.board().parse_botzone(answer).unwrap();
            assert_ne!(answer, circular);
            assert!(!game.history().is_circular(game.board(), mv));
        }
    }
}

#[test]
fn bot_rejects_malformed_input() {
    let cases = [
        "",
        "x\n",
        "0\n",
        "2\n-1 -1 -1 -1\n0 0 1 1\n",
        "1\n1 2 a b\n",
        "1\n1 2 3\n",
        "1\n0 0 9 9\n",
        "1\n6 0 5 0\n",
        "1\n0 0 3 3\n",
        "2\n-1 -1 -1 -1\n0 0 1 1\n-1 -1 -1 -1\n",
        "2\n-1 -1 -1 -1\n0 0 0 3\n6 0 5 0\n",
        "{bad json\n",
        "{\"requests\":[],\"responses\":[]}\n",
        "{\"requests\":[{\"x0\":-1,\"y0\":-1,\"x1\":-1,\"y1\":-1}],\"responses\":[{\"x0\":0,\"y0\":0,\"x1\":1,\"y1\":1}]}\n",
        "{\"requests\":[{\"x0\":0}],\"responses\":[]}\n",
        "{\"requests\":[{\"x0\":0,\"y0\":0,\"x1\":0,\"y1\":2.5}],\"responses\":[]}\n",
    ];
    for input in cases {
        let out = run(&ataxx(), &["--depth", "1"], input);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "accepted {input:?}");
        assert_eq!(stderr.lines().count(), 1, "{input:?}: {stderr}");
        assert!(stderr.starts_with("ataxx: "), "{input:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{input:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{input:?}");
    }
    // After a simple-form turn, lines that are no request are its data and globaldata lines:
    // skipped.
    let out = run(&ataxx(), &["--depth", "1"], "1\n-1 -1 -1 -1\n3 3 garbage\n");
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 2);
    // A malformed request after a keep-running request: the two answers, then one error line.
    let input = "1\n-1 -1 -1 -1\n6 0 5 0\n3 3 garbage\n";
    let out = run(&ataxx(), &["--depth", "1"], input);
    assert!(!out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 4);
    // A later request that is illegal.
    let out = run(&ataxx(), &["--depth", "1"], "1\n-1 -1 -1 -1\n0 0 1 1\n");
    assert!(!out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    for args in [
        &["--depth", "0"][..],
        &["--bogus"][..],
        &["--millis", "x"][..],
    ] {
        let out = run(&ataxx(), args, "");
        assert!(!out.status.success(), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr).lines().count(),
            1,
            "{args:?}"
        );
    }
    let help = run(&ataxx(), &["--help"], "");
    assert!(help.status.success());
    assert!(String::from_utf8_lossy(&help.stdout).contains("--uai"));
}

/// The turn is answered well within the 1 s Botzone gives, start-up and replay included.
#[test]
fn bot_answers_a_legal_move_to_a_long_history() {
    let mut rng = Rng::new(9);
    let (game, lines) = loop {
        // Random games can end early (a side wiped out); take the first that lasts.
        let mut game = Match::new();
        let mut lines = Vec::new();
        while lines.len() < 30 && !game.board().is_over() {
            let moves = game.board().legal_moves();
            let mv = moves.as_slice()[rng.below(moves.len())];
            lines.push(game.board().botzone_move(mv));
            game.play(mv).unwrap();
        }
        if lines.len() == 30 && !game.board().is_over() {
            break (game, lines);
        }
    };
    // Black's 16th turn: 15 requests/responses pairs then the request.
    let mut input = "16\n-1 -1 -1 -1\n".to_string();
    for m in &lines[..30] {
        input.push_str(&format!("{m}\n"));
    }
    // Its clock is Botzone's (the arena measures the time a turn takes; tests do not).
    let program = ataxx();
    let out = run(&program, &[], &input);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let answer = String::from_utf8(out.stdout).unwrap();
    let bm = BotzoneMove::parse(answer.lines().next().unwrap()).unwrap();
    assert!(game.board().parse_botzone(bm).is_ok());
}

/// Short games through `duel arena ataxx` (the arena is the one Botzone referee) against the
/// project's random test bots, in both interactions and mixed, the JSON bot kept running:
/// every game ends by the rules and no side faults. Our bot searches two plies a turn, so the
/// games are quick and, with seeded bots, the same every run. (Strength at Botzone's clock is
/// the arena's to measure, e.g. `duel arena ataxx --a target/release/ataxx --b
/// "target/release/ataxx-random-json --keep-running" --protocol json --games 20`.)
#[test]
fn bot_plays_the_random_test_bots_through_the_arena_in_both_interactions() {
    let ours = format!("{} --depth 2 --hash-mb 1", ataxx().display());
    let simple = format!("{} --seed 1", bot("ataxx-random-simple").display());
    let json = format!(
        "{} --seed 2 --keep-running",
        bot("ataxx-random-json").display()
    );
    for (opponent, ours_speaks, it_speaks) in [
        (&simple, "simple", "simple"),
        (&json, "json", "json"),
        (&simple, "json", "simple"),
    ] {
        let name = format!("ataxx_arena_{ours_speaks}_{it_speaks}");
        let record = scratch_dir(&name).join("games.jsonl");
        let out = run(
            &bin("duel"),
            &[
                "arena",
                "ataxx",
                "--a",
                &ours,
                "--protocol-a",
                ours_speaks,
                "--b",
                opponent,
                "--protocol-b",
                it_speaks,
                "--games",
                "2",
                "--record",
                record.to_str().expect("utf-8 path"),
            ],
            "",
        );
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{name}: {stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            stdout
                .lines()
                .last()
                .is_some_and(|l| l.starts_with("RESULT "))
        );
        let games = std::fs::read_to_string(&record).expect("record written");
        assert_eq!(games.lines().count(), 2, "{name}: {games}");
        for line in games.lines() {
            let game: serde_json::Value = serde_json::from_str(line).expect("one JSON line a game");
            assert_eq!(game["reason"], "game over", "{name}: {line}");
            let moves = game["moves"].as_array().expect("moves");
            assert!(moves.len() >= 4, "{name}: {line}");
        }
    }
}
