//! The UAI engine (`ataxx --uai`, standard rules) and `duel perft ataxx` through the binaries,
//! the `go` variants and `stop` under node limits included.

use super::{Session, ataxx};
use duel_core::ataxx::{Board, Match, Move, Player, Rules};
use duel_core::{Budget, Decision, Entry, Player as _, TimeUse};
use duel_tests::{bin, run};
use std::time::Duration;

/// The iterations the Ataxx player reports for `board` (no game before it) up to `depth`.
fn library_iterations(board: &Board, depth: u8) -> Vec<Decision<Move>> {
    let mut table = vec![Entry::default(); 16 * (1 << 20) / 16];
    let mut seen = Vec::new();
    Player::new(&mut table, TimeUse::ThisMove).choose_reporting(
        &Match::from_board(*board),
        &mut Budget::unlimited().with_max_depth(depth),
        &mut |r| seen.push(*r),
    );
    seen
}

#[test]
fn uai_scripted_session() {
    let mut s = Session::start(&ataxx(), &["--uai"]);
    s.send("uai\n");
    assert_eq!(s.line(), "id name duel");
    assert_eq!(s.line(), "id author the duel project");
    assert_eq!(s.line(), "uaiok");
    s.send("isready\n");
    assert_eq!(s.line(), "readyok");
    s.send("uainewgame\nposition startpos moves g2 a1a3\ngo depth 3\n");
    let board = Board::start(Rules::Standard)
        .play(Move::parse_uai("g2").unwrap())
        .unwrap()
        .play(Move::parse_uai("a1a3").unwrap())
        .unwrap();
    for r in library_iterations(&board, 3) {
        let line = s.line();
        let prefix = format!(
            "info depth {} score cp {} nodes {} nps ",
            r.depth, r.score, r.nodes
        );
        assert!(line.starts_with(&prefix), "{line} vs {prefix}");
        assert!(line.ends_with(&format!(" pv {}", r.mv)), "{line}");
    }
    let best = library_iterations(&board, 3).last().unwrap().mv;
    assert_eq!(s.line(), format!("bestmove {best}"));
    // A timed search from a FEN with blocked cells.
    s.send("position fen x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1\ngo movetime 200\n");
    let fen_board = Board::from_fen("x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1", Rules::Standard).unwrap();
    let line = loop {
        let line = s.line();
        if !line.starts_with("info depth ") {
            break line;
        }
    };
    let mv = Move::parse_uai(line.strip_prefix("bestmove ").unwrap()).unwrap();
    assert!(fen_board.is_legal(mv), "{line}");
    // go infinite answers isready while searching, and stop ends it with a bestmove.
    s.send("position startpos\ngo infinite\n");
    std::thread::sleep(Duration::from_millis(100));
    s.send("isready\n");
    let mut saw_ready = false;
    let mut bestmove = None;
    for _ in 0..200 {
        let line = s.line();
        if line == "readyok" {
            saw_ready = true;
            s.send("stop\n");
        } else if let Some(m) = line.strip_prefix("bestmove ") {
            bestmove = Some(m.to_string());
            break;
        } else {
            assert!(line.starts_with("info depth "), "{line}");
        }
    }
    assert!(saw_ready);
    let m = Move::parse_uai(&bestmove.unwrap()).unwrap();
    assert!(Board::start(Rules::Standard).is_legal(m));
    // A side with no move passes: bestmove 0000.
    s.send("position fen 7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1\ngo depth 2\n");
    let line = loop {
        let line = s.line();
        if !line.starts_with("info") {
            break line;
        }
    };
    assert_eq!(line, "bestmove 0000");
    s.send("position startpos\nperft 3\n");
    let line = s.line();
    assert!(line.starts_with("3 6460 "), "{line}");
    s.send("quit\n");
    let out = s.finish();
    assert!(out.status.success());
}

#[test]
fn duel_perft_ataxx_prints_depth_lines() {
    let out = run(
        &bin("duel"),
        &[
            "perft",
            "ataxx",
            "3",
            "--fen",
            "x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1",
        ],
        "",
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let counts: Vec<(String, String)> = text
        .lines()
        .map(|l| {
            let w: Vec<&str> = l.split(' ').collect();
            assert_eq!(w.len(), 3, "{l}");
            assert!(w[2].parse::<f64>().is_ok());
            (w[0].to_string(), w[1].to_string())
        })
        .collect();
    let expected: Vec<(String, String)> = [("1", "14"), ("2", "196"), ("3", "4100")]
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert_eq!(counts, expected);
    let out = run(
        &bin("duel"),
        &["perft", "ataxx", "2", "--rules", "botzone"],
        "",
    );
    assert_eq!(
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .nth(1)
            .unwrap()
            .split(' ')
            .nth(1),
        Some("256")
    );
    let bad = run(
        &bin("duel"),
        &["perft", "ataxx", "2", "--fen", "nonsense"],
        "",
    );
    assert!(!bad.status.success());
    assert_eq!(String::from_utf8_lossy(&bad.stderr).lines().count(), 1);
}

// ---------------------------------------------------------------------------------------------
// `go` in every form, and `stop`, under node limits

/// `ataxx --uai` with a 1 MiB table.
fn uai() -> Session {
    Session::start(&bin("ataxx"), &["--uai", "--hash-mb", "1"])
}

/// The `info` lines up to `bestmove`, and the best move's text.
fn answer(uai: &Session) -> (Vec<String>, String) {
    let mut infos = Vec::new();
    loop {
        let line = uai.line();
        match line.strip_prefix("bestmove ") {
            Some(m) => return (infos, m.to_string()),
            None => infos.push(line),
        }
    }
}

/// Ends the session with `quit`: the engine exits cleanly, with nothing left unread.
fn quit(mut uai: Session) {
    uai.send("quit\n");
    assert!(uai.finish().status.success());
}

/// The integer after `key` in an `info` line.
fn field(line: &str, key: &str) -> u64 {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|&w| w == key).unwrap();
    words[at + 1].parse().unwrap()
}

/// Every `go` form answers with a legal move, and node limits bind whatever the clock says.
#[test]
fn uai_go_variants_answer_legal_moves_within_their_limits() {
    let mut uai = uai();
    uai.send("uai\nisready\n");
    while uai.line() != "readyok" {}
    let fen = "x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1";
    let board = Board::from_fen(fen, Rules::Standard).unwrap();
    let forms = [
        ("go nodes 3000", Some(3000)),
        (
            "go wtime 600000 btime 600000 winc 1000 binc 1000 nodes 2000",
            Some(2000),
        ),
        ("go wtime 600000 btime 600000 nodes 2500", Some(2500)),
        ("go movetime 600000 nodes 1500", Some(1500)),
        ("go depth 4", None),
    ];
    for (go, limit) in forms {
        uai.send(&format!("uainewgame\nposition fen {fen}\n{go}\n"));
        let (infos, best) = answer(&uai);
        let mv = Move::parse_uai(&best).unwrap();
        assert!(board.is_legal(mv), "{go}: {best}");
        assert!(!infos.is_empty(), "{go}");
        for info in &infos {
            if let Some(n) = limit {
                assert!(field(info, "nodes") <= n, "{go}: {info}");
            }
        }
        if go == "go depth 4" {
            assert_eq!(field(infos.last().unwrap(), "depth"), 4);
        }
    }
    // go infinite searches until stop, then answers.
    uai.send("position startpos moves f2\ngo infinite\n");
    uai.send("isready\n");
    // The search's info lines may come first; no bestmove may.
    loop {
        let line = uai.line();
        assert!(!line.starts_with("bestmove"), "{line}");
        if line == "readyok" {
            break;
        }
    }
    uai.send("stop\n");
    let (_, best) = answer(&uai);
    let after_f2 = Board::start(Rules::Standard)
        .play(Move::parse_uai("f2").unwrap())
        .unwrap();
    assert!(after_f2.is_legal(Move::parse_uai(&best).unwrap()), "{best}");
    // A stuck side passes.
    uai.send("position fen 7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1\ngo nodes 100\n");
    assert_eq!(answer(&uai).1, "0000");
    // Options: a table size, a search parameter, and a clear message for a bad one.
    uai.send("setoption name Hash value 2\nsetoption name lmr_divisor value 500\n");
    uai.send("setoption name nonsense value 1\n");
    assert_eq!(uai.line(), "info string no option nonsense");
    uai.send("position startpos\ngo nodes 800\n");
    let (_, best) = answer(&uai);
    assert!(Board::start(Rules::Standard).is_legal(Move::parse_uai(&best).unwrap()));
    quit(uai);
}

/// `duel solve ataxx` answers through the player's exact solve: the proven move and margin of
/// a position one empty cell from the end (under both rule sets), `over` for a finished game,
/// `unsolved` when the budget runs out first, and one line and exit status 2 for a bad FEN.
#[test]
fn duel_solve_ataxx_prints_proven_moves_and_margins() {
    let input = "# one empty cell, White to move\n\
                 xxxxxxx/ooooooo/xxxxxxx/ooooooo/xxxxxxo/oooo1ox/xxxxxxx o 0 1\n\
                 \n\
                 xxxxxxx/ooooooo/xxxxxxx/ooooooo/xxxxxxo/ooooxox/xxxxxxx o 0 1\n\
                 x5o/7/7/7/7/7/o5x x 0 1\n";
    for rules in ["standard", "botzone"] {
        let out = duel_tests::run(
            &bin("duel"),
            &["solve", "ataxx", "--rules", rules, "--nodes", "20000"],
            input,
        );
        assert!(out.status.success(), "{out:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<Vec<&str>> = text.lines().map(|l| l.split(' ').collect()).collect();
        assert_eq!(lines.len(), 3, "{text}");
        // White fills e2 and captures the six black pieces around it: 27 White, 22 Black.
        assert_eq!(lines[0][..2], ["e2", "5"], "{rules}: {text}");
        // Black filled e2 instead: 29 Black, 20 White, White to move.
        assert_eq!(lines[1], ["over", "-9"], "{rules}: {text}");
        assert_eq!(lines[2][..2], ["unsolved", "-"], "{rules}: {text}");
    }
    let out = duel_tests::run(&bin("duel"), &["solve", "ataxx"], "xxxx/7 x 0 1\n");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("duel: line 1: ") && err.lines().count() == 1,
        "{err}"
    );
}
