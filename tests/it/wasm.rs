//! The WebAssembly binding (`ffi/wasm`) run for real: the `.wasm` built for
//! `wasm32-unknown-unknown`, loaded by Node (`tests/wasm/run.mjs`), answers every game's
//! positions at fixed node limits exactly as the same binding code does natively (the same
//! moves, scores, depths, node counts and lines), errors included.

use duel_tests::{data_text, target_dir, workspace};
use duel_wasm::{Game, Limit, error_json, respond};
use std::io::Write;
use std::process::{Command, Stdio};

/// Builds the binding for the web, or says why it cannot be (`None`).
fn built_wasm() -> Option<std::path::PathBuf> {
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
    if !status.success() {
        eprintln!(
            "wasm: skipped: the wasm32-unknown-unknown build failed (rustup target add wasm32-unknown-unknown)"
        );
        return None;
    }
    Some(target_dir().join("wasm32-unknown-unknown/release/duel_wasm.wasm"))
}

/// Each game's positions: (game, text, nodes).
fn cases() -> Vec<(Game, String, u32)> {
    let filler = "10\n8 2 4 9 2 8 7 1 6 4\n6 6 1 2 5 5 1 5 1 5\n4 1 1 3 1 2 1 7 2 2\n\
                  9 8 4 1 6 6 7 1 3 5\n1 3 0 9 2 6 0 4 9 8\n9 7 2 8 4 5 5 0 5 5\n\
                  5 1 6 5 1 1 6 8 7 3\n6 8 1 6 0 0 5 1 9 3\n5 5 7 6 3 2 8 7 0 4\n\
                  7 7 3 6 7 9 9 1 3 2\n";
    let ffo = data_text("reversi/ffo40-59.txt");
    let midgame: Vec<&str> = ffo.lines().take(2).collect();
    let mut cases = vec![
        (
            Game::Reversi,
            format!("{} X", "-".repeat(27) + "OX------XO" + &"-".repeat(27)),
            5_000,
        ),
        (Game::Ataxx, "x5o/7/7/7/7/7/o5x x 0 1".to_string(), 5_000),
        (
            Game::Ataxx,
            "x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1".to_string(),
            3_000,
        ),
        (Game::Filler, filler.to_string(), 5_000),
        (Game::Stake, "01.1\n00..\n.01.\n...1\n".to_string(), 1),
        (Game::Stake, "0.01\n0.01\n1..0\n.1..\n".to_string(), 1),
        // Errors: the same line from both.
        (Game::Reversi, "not a board".to_string(), 100),
        (Game::Ataxx, "x5o/7 x".to_string(), 100),
        (Game::Filler, "3\n1 2\n".to_string(), 100),
        (Game::FruitRage, "0\n".to_string(), 100),
        (Game::Stake, "01\n0\n".to_string(), 1),
    ];
    for line in midgame {
        let (board, _) = line.split_at(66);
        cases.push((Game::Reversi, board.to_string(), 20_000));
    }
    for k in [1, 4, 5] {
        cases.push((
            Game::FruitRage,
            data_text(&format!("fruit-rage/input{k}.txt")),
            5_000,
        ));
    }
    cases
}

fn number(game: Game) -> u32 {
    match game {
        Game::Reversi => 0,
        Game::Ataxx => 1,
        Game::Filler => 2,
        Game::FruitRage => 3,
        Game::Stake => 4,
    }
}

#[test]
fn the_wasm_binding_answers_as_the_native_engine_at_fixed_node_limits() {
    let Some(wasm) = built_wasm() else { return };
    if Command::new("node").arg("--version").output().is_err() {
        eprintln!("wasm: skipped: node is not installed");
        return;
    }
    let cases = cases();
    let native: Vec<String> = cases
        .iter()
        .map(|(game, text, nodes)| {
            respond(*game, text, &Limit::Nodes(u64::from(*nodes)))
                .unwrap_or_else(|e| error_json(&e))
        })
        .collect();
    // Every game answered at least once, and every error case is an error.
    for game in [
        Game::Reversi,
        Game::Ataxx,
        Game::Filler,
        Game::FruitRage,
        Game::Stake,
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
                "{{\"game\":{},\"text\":{},\"nodes\":{nodes}}}",
                number(*game),
                serde_json::Value::String(text.clone())
            )
        })
        .collect();
    let mut child = Command::new("node")
        .arg(workspace().join("tests/wasm/run.mjs"))
        .arg(&wasm)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(format!("[{}]", input.join(",")).as_bytes())
        .expect("cases written");
    let out = child.wait_with_output().expect("node runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let web: Vec<String> = String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(web, native);
}
