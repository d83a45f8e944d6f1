//! The page (`web/`) in a real browser: headless Chromium driven over WebDriver by
//! `tests/web/drive.mjs` (Node's own `fetch`, no npm packages), the page served by a small
//! static server of this test on 127.0.0.1. It plays a whole node-limited game of each of the
//! five games through the page's controls (the human side clicks the first legal move the page
//! offers, pressing Undo once), then reviews arena records (Reversi JSON lines with `duel
//! analyze`'s report, GGF, Ataxx PGN, Filler and The Fruit Rage JSON lines), and screenshots
//! each. Every move the page's engine chose must be the native engine's at the same node limit
//! (the same decision: move, score, depth, nodes, line), every position the page showed the
//! native binding's, and every value of a curve the page computed the native engine's. Nothing
//! is skipped: without Chromium, chromedriver or Node the test fails saying what to install
//! (`.ci/run` installs them). No assertion is timed.

use crate::wasm::{built_wasm, need_node};
use duel_core::Limits;
use duel_protocols::clock::WallClock;
use duel_tests::{bin, run, scratch_dir, workspace};
use duel_wasm::{Game, ataxx, filler, fruit_rage, legal, play, respond, reversi};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The node limit of the page's engine in the played games.
const NODES: u64 = 2_000;
/// The node limit of the curves the page computes.
const REVIEW_NODES: u64 = 3_000;

/// The path of `program` on PATH, or a failure naming the Debian package to install.
fn need(program: &str, package: &str) -> PathBuf {
    let found = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join(program))
            .find(|path| path.is_file())
    });
    found.unwrap_or_else(|| {
        panic!("{program} is not installed: apt-get install {package} (.ci/run installs it)")
    })
}

/// Serves `web/` (and the built `.wasm` as `/duel.wasm`) on 127.0.0.1; returns the base URL.
fn serve(wasm: PathBuf) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a local port");
    let url = format!("http://{}/", listener.local_addr().expect("an address"));
    let root = workspace().join("web");
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let (root, wasm) = (root.clone(), wasm.clone());
            std::thread::spawn(move || {
                let mut reader = BufReader::new(&stream);
                let mut request = String::new();
                if reader.read_line(&mut request).is_err() {
                    return;
                }
                // The headers, up to the blank line.
                let mut line = String::new();
                while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
                    line.clear();
                }
                let path = request.split_whitespace().nth(1).unwrap_or("/");
                let path = path.split('?').next().unwrap_or("/");
                let file = match path {
                    "/" => root.join("index.html"),
                    "/duel.wasm" => wasm,
                    p if !p.contains("..") => root.join(p.trim_start_matches('/')),
                    _ => root.join("missing"),
                };
                let kind = match file.extension().and_then(|e| e.to_str()) {
                    Some("html") => "text/html",
                    Some("mjs" | "js") => "text/javascript",
                    Some("css") => "text/css",
                    Some("wasm") => "application/wasm",
                    _ => "application/octet-stream",
                };
                let mut out = &stream;
                let _ = match std::fs::read(&file) {
                    Ok(body) => out
                        .write_all(
                            format!(
                                "HTTP/1.1 200 OK\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                                body.len()
                            )
                            .as_bytes(),
                        )
                        .and_then(|()| out.write_all(&body)),
                    Err(_) => out.write_all(
                        b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
                    ),
                };
            });
        }
    });
    url
}

/// The game named as the page names it.
fn game_of(name: &str) -> &'static Game {
    duel_wasm::named(name).unwrap_or_else(|| panic!("no game {name}"))
}

/// The side of a square board drawn from `text`.
fn side_of(game: &Game, text: &str) -> usize {
    match game.name {
        "reversi" => 8,
        "ataxx" => 7,
        "filler" | "fruit-rage" => text.lines().next().unwrap().trim().parse().unwrap(),
        "stake" => text.lines().filter(|l| !l.trim().is_empty()).count(),
        other => panic!("no game {other}"),
    }
}

/// Checks a screenshot: a PNG of the browser's viewport (1000 pixels wide) that is not blank.
fn check_png(path: &Path) -> (u32, u32, usize) {
    let bytes = std::fs::read(path).expect("a screenshot");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{}", path.display());
    assert_eq!(&bytes[12..16], b"IHDR");
    let width = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
    assert_eq!(width, 1000, "{}", path.display());
    assert!(
        (500..=900).contains(&height),
        "{}: {height}",
        path.display()
    );
    // A blank page compresses to a few kilobytes; a drawn board does not.
    assert!(
        bytes.len() > 15_000,
        "{}: {} bytes",
        path.display(),
        bytes.len()
    );
    (width, height, bytes.len())
}

/// A decision's value from Black's (the first player's) view, as `duel analyze` and the page
/// compute it; The Fruit Rage's is the points still to come, its lead so far added apart.
fn black_value(game: &Game, d: &Value, black: bool) -> (f64, bool) {
    let sign = if black { 1.0 } else { -1.0 };
    let score = d["score"].as_i64().unwrap() as i32;
    let exact = d["exact"].as_bool().unwrap();
    match game.name {
        "filler" => {
            let (win, cell) = (duel_core::filler::WIN, duel_core::filler::CELL);
            if score.abs() >= win - 400 * cell {
                let margin = score - score.signum() * win;
                (sign * f64::from(margin) / f64::from(cell), true)
            } else {
                (sign * f64::from(score) / f64::from(cell), exact)
            }
        }
        "fruit-rage" => (sign * f64::from(score), exact),
        "reversi" => match duel_core::reversi::final_margin_of(score) {
            _ if exact => (sign * f64::from(score), true),
            Some(m) if score != 0 => (sign * f64::from(m), true),
            _ => (sign * f64::from(score) / 100.0, false),
        },
        _ => {
            let (win, piece) = (duel_core::ataxx::WIN, duel_core::ataxx::PIECE);
            if score.abs() >= win - 49 * piece {
                let margin = score - score.signum() * win;
                (sign * f64::from(margin) / f64::from(piece), true)
            } else {
                (sign * f64::from(score) / f64::from(piece), exact)
            }
        }
    }
}

/// Black's count less White's on a Reversi (`X`/`O`) or Ataxx (`x`/`o` FEN) board.
fn black_lead(text: &str) -> f64 {
    let board = text.split_whitespace().next().unwrap();
    let count = |c: char| {
        board
            .chars()
            .filter(|&x| x.eq_ignore_ascii_case(&c))
            .count() as f64
    };
    count('x') - count('o')
}

/// Whether Black moves at a Reversi or Ataxx position.
fn black_moves(text: &str) -> bool {
    text.split_whitespace()
        .nth(1)
        .is_some_and(|s| s.eq_ignore_ascii_case("x"))
}

/// Runs `duel ARGS…`, failing on an error; returns its standard output.
fn duel(args: &[&str]) -> String {
    let out = run(&bin("duel"), args, "");
    assert!(
        out.status.success(),
        "duel {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn the_page_plays_every_game_and_reviews_records_in_headless_chromium_as_the_native_engine() {
    let chromium = need("chromium", "chromium");
    let chromedriver = need("chromedriver", "chromium-driver");
    need_node();
    let wasm = built_wasm();
    let url = serve(wasm);
    let dir = scratch_dir("browser");
    // Records to review, as the arena writes them, and duel analyze's report of one.
    let jsonl = dir.join("reversi.jsonl");
    let ggf = dir.join("reversi.ggf");
    let pgn = dir.join("ataxx.pgn");
    let s = |p: &Path| p.to_str().unwrap().to_string();
    let match_args = |game: &str| {
        vec![
            "arena".to_string(),
            game.to_string(),
            "--a".into(),
            "builtin:duel:nodes=2000".into(),
            "--b".into(),
            "builtin:duel:nodes=500".into(),
            "--games".into(),
            "1".into(),
            "--random-plies".into(),
            "4".into(),
        ]
    };
    let mut reversi = match_args("reversi");
    reversi.extend(["--record".into(), s(&jsonl), "--ggf".into(), s(&ggf)]);
    duel(&reversi.iter().map(String::as_str).collect::<Vec<_>>());
    let mut ataxx = match_args("ataxx");
    ataxx.extend(["--pgn".into(), s(&pgn)]);
    duel(&ataxx.iter().map(String::as_str).collect::<Vec<_>>());
    let analysis = duel(&["analyze", "reversi", &s(&jsonl), "--nodes", "5000"]);
    let filler_record = dir.join("filler.jsonl");
    let fruit_record = dir.join("fruit-rage.jsonl");
    let mut filler = match_args("filler");
    filler.extend([
        "--size".into(),
        "6".into(),
        "--record".into(),
        s(&filler_record),
    ]);
    duel(&filler.iter().map(String::as_str).collect::<Vec<_>>());
    let mut fruit = match_args("fruit-rage");
    fruit.extend(["--size".into(), "6".into(), "--types".into(), "3".into()]);
    fruit.extend(["--record".into(), s(&fruit_record)]);
    duel(&fruit.iter().map(String::as_str).collect::<Vec<_>>());
    let read = |p: &Path| std::fs::read_to_string(p).unwrap();

    let games = [
        ("reversi", None, 0),
        ("ataxx", None, 1),
        ("filler", Some(8), 0),
        ("fruit-rage", Some(6), 1),
        ("stake", Some(5), 0),
    ];
    let plan = json!({
        "chromedriver": chromedriver,
        "chromium": chromium,
        "url": url,
        "out": dir,
        "games": games.iter().enumerate().map(|(k, (game, size, side))| json!({
            "game": game, "size": size, "side": side, "nodes": NODES, "seed": k + 1, "undo": k == 0,
            "midShotAt": 6,
        })).collect::<Vec<_>>(),
        "reviews": [
            { "game": "reversi", "record": read(&jsonl), "analysis": analysis, "nodes": REVIEW_NODES, "steps": 5 },
            { "game": "reversi", "record": read(&ggf), "nodes": REVIEW_NODES, "steps": 3 },
            { "game": "ataxx", "record": read(&pgn), "nodes": REVIEW_NODES, "steps": 3 },
            { "game": "filler", "record": read(&filler_record), "nodes": REVIEW_NODES, "steps": 3 },
            { "game": "fruit-rage", "record": read(&fruit_record), "nodes": REVIEW_NODES, "steps": 2 },
        ],
    });
    let plan_path = dir.join("plan.json");
    std::fs::write(&plan_path, plan.to_string()).unwrap();
    let out = Command::new("node")
        .arg(workspace().join("tests/web/drive.mjs"))
        .arg(&plan_path)
        .output()
        .expect("node runs");
    let log = String::from_utf8_lossy(&out.stderr);
    eprint!("{log}");
    assert!(out.status.success(), "the browser run failed:\n{log}");
    let report: Value = serde_json::from_slice(&out.stdout).expect("a JSON report");

    // The played games.
    let played = report["games"].as_array().unwrap();
    assert_eq!(played.len(), games.len());
    for g in played {
        let game = game_of(g["game"].as_str().unwrap());
        let texts: Vec<&str> = g["texts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap())
            .collect();
        let moves = g["moves"].as_array().unwrap();
        let decisions = g["decisions"].as_array().unwrap();
        assert_eq!(texts.len(), moves.len() + 1, "{game:?}");
        assert_eq!(decisions.len(), moves.len(), "{game:?}");
        let (mut engine, mut human) = (0, 0);
        for (i, mv) in moves.iter().enumerate() {
            let mv = mv.as_str().unwrap();
            // The position after each move is the native binding's.
            let next: Value = serde_json::from_str(&play(game, texts[i], mv).unwrap()).unwrap();
            assert_eq!(next["move"], mv, "{game:?} ply {i}");
            assert_eq!(next["position"], texts[i + 1], "{game:?} ply {i}");
            // Each engine move is the native engine's decision at the same node limit.
            if decisions[i].is_null() {
                human += 1;
                continue;
            }
            engine += 1;
            let native: Value = serde_json::from_str(
                &respond(
                    game,
                    texts[i],
                    &Limits::NONE.with_nodes(Some(NODES)),
                    &WallClock::start(),
                )
                .expect("a native decision"),
            )
            .unwrap();
            assert_eq!(decisions[i], native, "{game:?} ply {i} at {:?}", texts[i]);
            assert_eq!(native["move"], mv, "{game:?} ply {i}");
        }
        assert!(
            engine >= 2 && human >= 2,
            "{game:?}: {engine} engine moves, {human} human"
        );
        // One click a human move (the undone one too).
        let undone = u64::from(game.name == "reversi");
        assert_eq!(
            g["clicks"].as_u64().unwrap(),
            human as u64 + undone,
            "{game:?}"
        );
        // The game ended on the page as the rules end it.
        let last: Value = serde_json::from_str(&legal(game, texts[moves.len()]).unwrap()).unwrap();
        assert!(last["over"].as_bool().unwrap(), "{game:?}: {last}");
        let status = g["status"].as_str().unwrap();
        assert!(status.starts_with("Game over."), "{game:?}: {status}");
        // The board has one cell per square, and the screenshot is a drawn page.
        let n = side_of(game, texts[0]);
        assert_eq!(g["cells"].as_u64().unwrap() as usize, n * n, "{game:?}");
        check_png(Path::new(g["screenshot"].as_str().unwrap()));
        check_png(Path::new(
            g["midScreenshot"].as_str().expect("a mid-game screenshot"),
        ));
    }

    // Undo took back the human's last move and duel's answer to it.
    let undo = &report["undo"];
    assert_eq!(undo["game"], "reversi", "{undo}");
    assert_eq!(
        undo["to"].as_u64().unwrap() + 2,
        undo["from"].as_u64().unwrap(),
        "{undo}"
    );

    // The reviewed records.
    let reviews = report["reviews"].as_array().unwrap();
    let reviewed = [
        &reversi::GAME,
        &reversi::GAME,
        &ataxx::GAME,
        &filler::GAME,
        &fruit_rage::GAME,
    ];
    assert_eq!(reviews.len(), reviewed.len());
    let analysed: Vec<f64> = analysis
        .lines()
        .find_map(|l| l.split_once("curve (black's view, * exact): "))
        .expect("a curve")
        .1
        .split_whitespace()
        .map(|v| v.trim_end_matches('*').parse().unwrap())
        .collect();
    for (k, r) in reviews.iter().enumerate() {
        let game = reviewed[k];
        let positions: Vec<&str> = r["positions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap())
            .collect();
        let moves = r["moves"].as_array().unwrap();
        assert!(moves.len() >= 6, "review {k}: {} moves", moves.len());
        assert_eq!(positions.len(), moves.len() + 1);
        // The first player's points before each position (The Fruit Rage).
        let mut leads = vec![0i64];
        for (i, mv) in moves.iter().enumerate() {
            let next: Value =
                serde_json::from_str(&play(game, positions[i], mv.as_str().unwrap()).unwrap())
                    .unwrap();
            assert_eq!(next["position"], positions[i + 1], "review {k} ply {i}");
            let points = next["points"].as_i64().unwrap();
            leads.push(leads[i] + if i % 2 == 0 { points } else { -points });
        }
        let values = r["values"].as_array().unwrap();
        assert_eq!(
            values.len(),
            positions.len(),
            "review {k}: one value a position"
        );
        assert_eq!(r["points"].as_u64().unwrap() as usize, values.len());
        let source = r["source"].as_str().unwrap();
        if k == 0 {
            // The report's curve, value for value.
            assert!(source.starts_with("duel analyze"), "{source}");
            let shown: Vec<f64> = values
                .iter()
                .map(|v| v["value"].as_f64().unwrap())
                .collect();
            assert_eq!(shown, analysed);
        } else {
            // The page's own engine: each value the native engine's at the same node limit.
            assert!(source.starts_with("duel in this page"), "{source}");
            for (i, (text, v)) in positions.iter().zip(values).enumerate() {
                let over: Value = serde_json::from_str(&legal(game, text).unwrap()).unwrap();
                // Who moves: the text says in Reversi and Ataxx; the ply in the others.
                let first = match game.name {
                    "reversi" | "ataxx" => black_moves(text),
                    _ => i % 2 == 0,
                };
                let sign = if first { 1.0 } else { -1.0 };
                let lead = leads[i] as f64;
                let (value, exact) = if over["over"].as_bool().unwrap() {
                    match game.name {
                        "reversi" | "ataxx" => (black_lead(text), true),
                        "filler" => (sign * over["score"].as_f64().unwrap(), true),
                        _ => (lead, true),
                    }
                } else {
                    let d: Value = serde_json::from_str(
                        &respond(
                            game,
                            text,
                            &Limits::NONE.with_nodes(Some(REVIEW_NODES)),
                            &WallClock::start(),
                        )
                        .unwrap(),
                    )
                    .unwrap();
                    let (value, exact) = black_value(game, &d, first);
                    (
                        value + if game.name == "fruit-rage" { lead } else { 0.0 },
                        exact,
                    )
                };
                assert!(
                    (v["value"].as_f64().unwrap() - value).abs() < 1e-9,
                    "review {k} position {i}: page {v}, native {value}"
                );
                assert_eq!(
                    v["exact"].as_bool().unwrap(),
                    exact,
                    "review {k} position {i}"
                );
            }
        }
        // Stepping through: the first position, then one move at a time.
        let steps = r["steps"].as_array().unwrap();
        assert!(!steps.is_empty());
        for (i, step) in steps.iter().enumerate() {
            let shown = step.as_str().unwrap();
            assert!(
                shown.starts_with(&format!("position {} of {}", i + 1, moves.len())),
                "{shown}"
            );
        }
        let n = side_of(game, positions[0]) as u64;
        assert_eq!(r["cells"].as_u64().unwrap(), n * n);
        check_png(Path::new(r["screenshot"].as_str().unwrap()));
    }
}
