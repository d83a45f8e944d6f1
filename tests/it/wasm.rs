//! The WebAssembly binding (`ffi/wasm`) run for real: the `.wasm` built for
//! `wasm32-unknown-unknown`, loaded by Node (`tests/wasm/run.mjs`), answers every game's
//! positions at fixed node limits exactly as the same binding code does natively (the same
//! moves, scores, depths, node counts and lines), errors included; and its legal-move lists and
//! played positions equal the native ones along a whole game of each of the five games, bad
//! input answered with an error object. Nothing is skipped: without the wasm32 target or Node
//! the tests fail saying what to install (`.ci/run` installs both).

use duel_core::Limits;
use duel_protocols::clock::WallClock;
use duel_tests::{data_text, target_dir, workspace};
use duel_wasm::{
    Game, ataxx, error_json, filler, fruit_rage, legal, play, respond, reversi, stake,
};
use std::io::Write;
use std::process::{Command, Stdio};

/// Builds the binding for the web (`target/wasm32-unknown-unknown/release/duel_wasm.wasm`),
/// failing with what to install when it cannot be built.
pub fn built_wasm() -> std::path::PathBuf {
    let status = Command::new(env!("CARGO"))
        .args([
            "build",
            "--quiet",
            "-p",
            "duel-wasm",
            "--target",
            "wasm32-unknown-unknown",
            "--release",
        ])
        .current_dir(workspace())
        .status()
        .expect("cargo runs");
    assert!(
        status.success(),
        "the wasm32-unknown-unknown build failed (rustup target add wasm32-unknown-unknown)"
    );
    target_dir().join("wasm32-unknown-unknown/release/duel_wasm.wasm")
}

/// Fails with what to install when Node is missing.
pub fn need_node() {
    assert!(
        Command::new("node").arg("--version").output().is_ok(),
        "node is not installed (apt-get install nodejs; .ci/run installs it)"
    );
}

/// Runs `tests/wasm/run.mjs` on `cases` (JSON objects): the binding's answers, a line each.
fn run_in_node(wasm: &std::path::Path, cases: &[String]) -> Vec<String> {
    let mut child = Command::new("node")
        .arg(workspace().join("tests/wasm/run.mjs"))
        .arg(wasm)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(format!("[{}]", cases.join(",")).as_bytes())
        .expect("cases written");
    let out = child.wait_with_output().expect("node runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .map(str::to_string)
        .collect()
}

/// Each game's positions: (game, text, nodes).
fn cases() -> Vec<(&'static Game, String, u32)> {
    let filler = "10\n8 2 4 9 2 8 7 1 6 4\n6 6 1 2 5 5 1 5 1 5\n4 1 1 3 1 2 1 7 2 2\n\
                  9 8 4 1 6 6 7 1 3 5\n1 3 0 9 2 6 0 4 9 8\n9 7 2 8 4 5 5 0 5 5\n\
                  5 1 6 5 1 1 6 8 7 3\n6 8 1 6 0 0 5 1 9 3\n5 5 7 6 3 2 8 7 0 4\n\
                  7 7 3 6 7 9 9 1 3 2\n";
    let ffo = data_text("reversi/ffo40-59.txt");
    let midgame: Vec<&str> = ffo.lines().take(2).collect();
    let mut cases = vec![
        (
            &reversi::GAME,
            format!("{} X", "-".repeat(27) + "OX------XO" + &"-".repeat(27)),
            5_000,
        ),
        (&ataxx::GAME, "x5o/7/7/7/7/7/o5x x 0 1".to_string(), 5_000),
        (
            &ataxx::GAME,
            "x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1".to_string(),
            3_000,
        ),
        (&filler::GAME, filler.to_string(), 5_000),
        (&filler::GAME, format!("{filler}moves 46\n"), 5_000),
        (&stake::GAME, "01.1\n00..\n.01.\n...1\n".to_string(), 1),
        (&stake::GAME, "0.01\n0.01\n1..0\n.1..\n".to_string(), 1),
        // Errors: the same line from both.
        (&reversi::GAME, "not a board".to_string(), 100),
        (&ataxx::GAME, "x5o/7 x".to_string(), 100),
        (&filler::GAME, "3\n1 2\n".to_string(), 100),
        (&fruit_rage::GAME, "0\n".to_string(), 100),
        (&stake::GAME, "01\n0\n".to_string(), 1),
    ];
    for line in midgame {
        let (board, _) = line.split_at(66);
        cases.push((&reversi::GAME, board.to_string(), 20_000));
    }
    for k in [1, 4, 5] {
        cases.push((
            &fruit_rage::GAME,
            data_text(&format!("fruit-rage/input{k}.txt")),
            5_000,
        ));
    }
    cases
}

#[test]
fn the_wasm_binding_answers_as_the_native_engine_at_fixed_node_limits() {
    let wasm = built_wasm();
    need_node();
    let cases = cases();
    let native: Vec<String> = cases
        .iter()
        .map(|(game, text, nodes)| {
            respond(
                game,
                text,
                &Limits::NONE.with_nodes(Some(u64::from(*nodes))),
                &WallClock::start(),
            )
            .unwrap_or_else(|e| error_json(&e))
        })
        .collect();
    // Every game answered at least once, and every error case is an error.
    for game in [
        &reversi::GAME,
        &ataxx::GAME,
        &filler::GAME,
        &fruit_rage::GAME,
        &stake::GAME,
    ] {
        let answered = cases
            .iter()
            .zip(&native)
            .filter(|((g, ..), a)| *g == game && a.starts_with("{\"move\":"))
            .count();
        assert!(answered >= 1, "{game:?}: {native:?}");
    }
    assert_eq!(
        native
            .iter()
            .filter(|a| a.starts_with("{\"error\":"))
            .count(),
        5,
        "{native:?}"
    );
    let input: Vec<String> = cases
        .iter()
        .map(|(game, text, nodes)| {
            format!(
                "{{\"game\":\"{}\",\"text\":{},\"nodes\":{nodes}}}",
                game.name,
                serde_json::Value::String(text.clone())
            )
        })
        .collect();
    let web = run_in_node(&wasm, &input);
    assert_eq!(web, native);
}

/// Each game's start for the walks: (game, position).
pub fn starts() -> Vec<(&'static Game, String)> {
    let filler = "10\n8 2 4 9 2 8 7 1 6 4\n6 6 1 2 5 5 1 5 1 5\n4 1 1 3 1 2 1 7 2 2\n\
                  9 8 4 1 6 6 7 1 3 5\n1 3 0 9 2 6 0 4 9 8\n9 7 2 8 4 5 5 0 5 5\n\
                  5 1 6 5 1 1 6 8 7 3\n6 8 1 6 0 0 5 1 9 3\n5 5 7 6 3 2 8 7 0 4\n\
                  7 7 3 6 7 9 9 1 3 2\n";
    vec![
        (
            &reversi::GAME,
            format!("{} X", "-".repeat(27) + "OX------XO" + &"-".repeat(27)),
        ),
        (&ataxx::GAME, "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1".to_string()),
        (&filler::GAME, format!("{filler}moves 0\n")),
        (&fruit_rage::GAME, data_text("fruit-rage/input5.txt")),
        (&stake::GAME, "0.01\n0.01\n1..0\n.1..\n".to_string()),
    ]
}

/// A JSON field of a binding answer.
fn field(answer: &str, name: &str) -> serde_json::Value {
    let value: serde_json::Value = serde_json::from_str(answer).expect("the answer is JSON");
    value[name].clone()
}

#[test]
fn the_wasm_binding_lists_and_plays_moves_as_the_native_binding_along_whole_games() {
    let wasm = built_wasm();
    need_node();
    // Native: each game walked to its end, a varied legal move each ply (Filler's text counts
    // its moves, `moves M`, so that the game ends at the contest's limit).
    let mut cases: Vec<String> = Vec::new();
    let mut native: Vec<String> = Vec::new();
    let case = |op: &str, game: &Game, text: &str, mv: &str| {
        format!(
            "{{\"op\":\"{op}\",\"game\":\"{}\",\"text\":{},\"move\":{}}}",
            game.name,
            serde_json::Value::String(text.to_string()),
            serde_json::Value::String(mv.to_string())
        )
    };
    let mut plies = Vec::new();
    for (game, start) in starts() {
        let mut text = start.clone();
        let mut ply = 0;
        loop {
            let moves = legal(game, &text).expect("a legal position");
            cases.push(case("legal", game, &text, ""));
            native.push(moves.clone());
            let names = field(&moves, "moves");
            let names = names.as_array().expect("a move list");
            let limit = if game.name == "filler" {
                usize::from(duel_core::filler::DEFAULT_MOVE_LIMIT)
            } else {
                300
            };
            if names.is_empty() || ply == limit {
                assert_eq!(field(&moves, "over"), names.is_empty(), "{game:?}: {moves}");
                assert!(
                    names.is_empty() || game.name == "filler",
                    "{game:?} never ends"
                );
                break;
            }
            let mv = names[(ply * 7 + 3) % names.len()].as_str().expect("a name");
            let next = play(game, &text, mv).expect("a legal move plays");
            assert_eq!(
                field(&next, "move"),
                mv,
                "{game:?}: a move's name plays as itself"
            );
            cases.push(case("play", game, &text, mv));
            native.push(next.clone());
            text = field(&next, "position")
                .as_str()
                .expect("a position")
                .to_string();
            ply += 1;
        }
        plies.push((game, ply));
    }
    // The games were real games; Filler's (whose walk does not try to gain) ended at the limit.
    for (game, ply) in &plies {
        assert!((4..300).contains(ply), "{game:?} ended after {ply} plies");
    }
    let limit = usize::from(duel_core::filler::DEFAULT_MOVE_LIMIT);
    assert!(plies.contains(&(&filler::GAME, limit)), "{plies:?}");
    // Exact answers the rules fix.
    let reversi = &starts()[0].1;
    assert_eq!(
        legal(&reversi::GAME, reversi).unwrap(),
        r#"{"moves":["d3","c4","f5","e6"],"over":false,"score":0}"#
    );
    assert_eq!(
        play(&reversi::GAME, reversi, "f5").unwrap(),
        format!(
            r#"{{"move":"f5","position":"{} O","points":0}}"#,
            "-".repeat(27) + "OX------XXX" + &"-".repeat(26)
        )
    );
    let stake = &starts()[4].1;
    assert_eq!(
        play(&stake::GAME, stake, "(2,1)").unwrap(),
        r#"{"move":"(2,1)","position":"0.01\n0.01\n11.0\n.1..\n","points":0}"#
    );
    let fruit = data_text("fruit-rage/input5.txt");
    let played = play(&fruit_rage::GAME, &fruit, "A1").unwrap();
    assert!(field(&played, "points").as_i64().unwrap() >= 1, "{played}");
    // Bad input: one error line each, the same from both, never a trap.
    let bad: Vec<(&str, &Game, String, &str)> = vec![
        ("legal", &reversi::GAME, "not a board".to_string(), ""),
        ("legal", &stake::GAME, "01\n0\n".to_string(), ""),
        ("play", &reversi::GAME, reversi.clone(), "a1"),
        ("play", &reversi::GAME, reversi.clone(), "z9"),
        ("play", &reversi::GAME, reversi.clone(), "pass"),
        ("play", &ataxx::GAME, starts()[1].1.clone(), "a1a4"),
        ("play", &ataxx::GAME, starts()[1].1.clone(), "d4"),
        ("play", &filler::GAME, starts()[2].1.clone(), "x"),
        ("play", &filler::GAME, starts()[2].1.clone(), "2"),
        (
            "legal",
            &filler::GAME,
            starts()[2].1.replace("moves 0", "moves x"),
            "",
        ),
        ("play", &fruit_rage::GAME, fruit.clone(), "Z99"),
        ("play", &stake::GAME, stake.clone(), "(0,0)"),
        ("play", &stake::GAME, stake.clone(), "(9,9)"),
        ("play", &stake::GAME, "0.1\n".to_string(), "(0,1)"),
    ];
    for (op, game, text, mv) in &bad {
        let answer = match *op {
            "legal" => legal(game, text),
            _ => play(game, text, mv),
        };
        let error = answer.expect_err(&format!("{op} {game:?} {mv:?} is refused"));
        assert!(!error.contains('\n'), "one line: {error}");
        cases.push(case(op, game, text, mv));
        native.push(error_json(&error));
    }
    // The binding's games by number, as the loader reads them from it; a name it does not
    // know is refused by the loader, a number by the binding.
    cases.push(r#"{"op":"games"}"#.to_string());
    native.push(duel_wasm::games());
    cases.push(r#"{"op":"legal","game":"chess","text":"x","move":""}"#.to_string());
    native.push(error_json(
        "no game named chess (the binding has reversi, ataxx, filler, fruit-rage, stake)",
    ));
    assert!(duel_wasm::numbered(5).is_none());
    for (n, game) in duel_wasm::GAMES.iter().enumerate() {
        assert_eq!(duel_wasm::numbered(n as u32), Some(*game));
        assert_eq!(duel_wasm::named(game.name), Some(*game));
    }
    let web = run_in_node(&wasm, &cases);
    assert_eq!(web.len(), native.len());
    for ((web, native), case) in web.iter().zip(&native).zip(&cases) {
        assert_eq!(web, native, "{case}");
    }
}
