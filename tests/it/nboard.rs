//! Tests of GGF and the NBoard protocol: GGF read, printed and round-tripped; `serve` in memory
//! through the protocol's published example session, mid-game positions, hints, passes and
//! bad input; the `reversi` program in both its modes; the arena's NBoard client playing the
//! program through whole games. Every search is node-limited: no clock decides an outcome.

use duel_core::Colour;
use duel_core::reversi::train::solve;
use duel_core::reversi::{Board, Move, Square};
use duel_core::{Budget, Column, Entry, Game, Row};
use duel_protocols::ggf::{GameEnd, GgfGame, GgfResult, TimeControl, move_name};
use duel_protocols::nboard::client::{NboardAnswer, NboardClient};
use duel_protocols::nboard::{NboardOptions, serve};
use duel_protocols::process::Failure;
use duel_tests::{Rng, bin, run};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

/// The game of the NBoard protocol's published example session.
const EXAMPLE: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]\
RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]\
B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

/// Node limit of every search in these tests.
const NODES: u64 = 2000;

/// Table entries of in-memory sessions: those of `--hash-mib 1`, so that a session and the
/// program give the same answers.
const ENTRIES: usize = (1 << 20) / 16;

fn options() -> NboardOptions {
    NboardOptions {
        nodes: Some(NODES),
        table_entries: ENTRIES,
        book: false,
    }
}

/// The reply lines of an in-memory session fed `input`.
fn session(input: &str) -> Vec<String> {
    let mut out = Vec::new();
    serve(input.as_bytes(), &mut out, &options()).expect("in-memory serve");
    String::from_utf8(out)
        .expect("UTF-8 replies")
        .lines()
        .map(str::to_string)
        .collect()
}

fn program_args() -> Vec<String> {
    vec![
        bin("reversi").display().to_string(),
        "--nboard".into(),
        "--nodes".into(),
        NODES.to_string(),
        "--hash-mib".into(),
        "1".into(),
    ]
}

/// The `=== ` answers among `lines`, parsed.
fn answers(lines: &[String]) -> Vec<NboardAnswer> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("=== "))
        .map(|a| NboardAnswer::parse(a).unwrap_or_else(|| panic!("malformed answer {a:?}")))
        .collect()
}

/// A game from `start` of `plies` random legal moves (fewer if it ends), with random evals and
/// times on some moves.
fn random_game(seed: u64, plies: usize) -> GgfGame {
    let mut rng = Rng::new(seed);
    let mut game = GgfGame::new(Board::start());
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        let eval = (rng.below(3) == 0).then(|| rng.below(129) as f64 / 4.0 - 16.0);
        let seconds = (rng.below(2) == 0).then(|| rng.below(1000) as f64 / 100.0);
        game.push(mv, eval, seconds).expect("a legal move");
    }
    game
}

// ---------------------------------------------------------------------------------------------
// GGF

#[test]
fn ggf_reads_and_prints_the_published_example_exactly() {
    let game = GgfGame::parse(EXAMPLE).expect("the example reads");
    assert_eq!(game.place, "NBoard");
    assert_eq!(game.date.as_deref(), Some("2014-02-21 20:52:27 GMT"));
    assert_eq!(
        (game.black.as_str(), game.white.as_str()),
        ("./mEdax", "chris")
    );
    assert_eq!(game.result, GgfResult::Unknown);
    assert_eq!(game.black_time, Some(TimeControl::new(900.0, 0.0)));
    assert_eq!(game.white_time, Some(TimeControl::new(900.0, 0.0)));
    let names: Vec<String> = game.moves().iter().map(|m| move_name(m.mv)).collect();
    assert_eq!(names, ["F5", "F6", "D3", "C5", "E6", "F7", "E7", "F4"]);
    assert_eq!(game.position().to_move(), Colour::Black);
    assert_eq!(game.position().empties(), 52);
    assert_eq!(game.remaining_seconds(Colour::White), Some(900.0));
    assert_eq!(game.to_string(), EXAMPLE);
}

#[test]
fn ggf_round_trips_random_games_with_evals_times_clocks_and_odd_names() {
    for seed in 0..40 {
        let mut game = random_game(seed, 70);
        game.black = format!("black] \\ {seed}");
        game.white = "white [x]".into();
        game.date = (seed % 2 == 0).then(|| "2025-06-01".to_string());
        match seed % 3 {
            0 => game.set_time(Some(TimeControl::new(600.0, 2.0))),
            1 => {
                game.black_time = Some(TimeControl::new(10.0, 0.1));
                game.white_time = Some(TimeControl::new(3725.0, 0.0));
            }
            _ => {}
        }
        if game.is_over() {
            game.result = GgfResult::Discs {
                black_minus_white: game.final_margin(),
                ending: GameEnd::Normal,
            };
        }
        let text = game.to_string();
        let again = GgfGame::parse(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        assert_eq!(again, game, "{text}");
        assert_eq!(again.to_string(), text);
    }
}

#[test]
fn ggf_reads_lower_case_optional_fields_unknown_tags_spaces_and_missing_passes() {
    let text = "1 (;GM[othello] PC[GGS/os]RB[1999.5]PB[a]PW[b]RE[+12.00:t]TI[05:00//02:00]\n\
        TY[s8r16]CO[a comment \\] with a bracket]\n\
        BO[8 -------- -------- -------- ---*O--- ---O*--- -------- -------- -------- *]\n\
        B[e3/1.25/3]W[D3//2.5]B[c3/]W[f5];)(;GM[Othello];)";
    let game = GgfGame::parse(text).expect("the variants read");
    assert_eq!(game.place, "GGS/os");
    assert_eq!(
        game.result,
        GgfResult::Discs {
            black_minus_white: 12,
            ending: GameEnd::Timeout
        }
    );
    let m = game.moves();
    assert_eq!(m.len(), 4);
    assert_eq!(
        (m[0].mv, m[0].eval, m[0].seconds),
        (sq("e3"), Some(1.25), Some(3.0))
    );
    assert_eq!(
        (m[1].mv, m[1].eval, m[1].seconds),
        (sq("d3"), None, Some(2.5))
    );
    assert_eq!((m[2].eval, m[2].seconds), (None, None));
    assert_eq!(game.remaining_seconds(Colour::Black), Some(297.0));
    assert_eq!(game.remaining_seconds(Colour::White), Some(297.5));
    assert_eq!(*game.start(), Board::start());

    // A pass left out before a move of the other colour is filled in.
    let mut played = must_pass_game(7);
    played.push(Move::Pass, None, None).expect("the pass");
    let reply = played.legal_moves()[0];
    played.push(reply, None, None).expect("the reply");
    let full = played.to_string();
    let pass_tag = if played.moves()[played.moves().len() - 2].colour == Colour::Black {
        "B[PA]"
    } else {
        "W[PA]"
    };
    let without_pass = full.replacen(pass_tag, "", 1);
    assert_ne!(without_pass, full);
    let reread = GgfGame::parse(&without_pass).expect("the game without its pass reads");
    assert_eq!(reread.moves(), played.moves());
    assert_eq!(reread.to_string(), full);
}

#[test]
fn ggf_errors_say_what_is_wrong_and_nothing_panics() {
    let board = "BO[8 ---------------------------O*------*O--------------------------- *]";
    let cases = [
        ("", "starts with"),
        ("(;GM[Go]TY[8];)", "not an Othello game"),
        ("(;GM[Othello]TY[10];)", "only 8x8"),
        ("(;GM[Othello]TY[8];)", "no start position"),
        ("(;GM[Othello]BO[8 xyz *];)", "expected 64 cells"),
        (
            "(;BO[8 ---------------------------O*------*O--------------------------- Z];)",
            "side to move",
        ),
        (
            "(;BO[8 ---------------------------O*------*O-------------------------Q- *];)",
            "a cell is not",
        ),
        ("(;GM[Othello]PB[x", "not closed"),
        ("(;GM[Othello]PB[x]", "cut short"),
        ("(;GM[Othello] 12 ;)", "expected a tag"),
        ("(;TI[1:xx]", "bad time"),
        ("(;RE[2.5]", "whole disc difference"),
    ];
    for (text, want) in cases {
        let err = GgfGame::parse(text).expect_err(text).to_string();
        assert!(err.contains(want), "{text:?}: {err:?} lacks {want:?}");
    }
    for (moves, want) in [
        ("B[A1]", "move 1 (B[A1]) is illegal"),
        ("W[F5]", "it is Black's turn"),
        ("B[F5]W[F6]B[Z9]", "move 3: \"Z9\" is not a square"),
        ("B[F5/abc]", "bad eval"),
        ("B[F5/1/x]", "bad time"),
    ] {
        let text = format!("(;GM[Othello]TY[8]{board}{moves};)");
        let err = GgfGame::parse(&text).expect_err(&text).to_string();
        assert!(err.contains(want), "{text:?}: {err:?} lacks {want:?}");
    }
    // Every cut of a valid game, and bytes changed all over it: an error value or a game.
    let full = random_game(3, 60).to_string();
    for cut in 0..full.len() {
        assert!(GgfGame::parse(&full[..cut]).is_err(), "{cut}");
    }
    let mut rng = Rng::new(11);
    for _ in 0..2000 {
        let mut bytes = full.clone().into_bytes();
        let at = rng.below(bytes.len());
        bytes[at] = b"()[];\\/-*O8 PAB"[rng.below(15)];
        let _ = GgfGame::parse(&String::from_utf8_lossy(&bytes));
    }
}

// ---------------------------------------------------------------------------------------------
// The engine in memory

fn sq(name: &str) -> Move {
    Move::Place(Square::parse(name).expect("a square name"))
}

#[test]
fn the_published_example_session_gets_name_pong_and_a_legal_move() {
    let input = format!("nboard 2\nset game {EXAMPLE}\nset depth 6\nping 1\ngo\n");
    let lines = session(&input);
    assert_eq!(lines[0], "set myname duel");
    assert_eq!(lines[1], "pong 1");
    assert_eq!(lines[2], "status duel is thinking");
    let stats: Vec<&str> = lines[3].split(' ').collect();
    assert_eq!(stats[0], "nodestats");
    assert!(stats[1].parse::<u64>().is_ok() && stats[2].parse::<f64>().is_ok());
    assert!(lines[4].starts_with("=== "), "{lines:?}");
    assert_eq!(lines.len(), 5, "{lines:?}");
    let answer = answers(&lines)[0];
    let game = GgfGame::parse(EXAMPLE).expect("the example reads");
    assert!(game.legal_moves().contains(&answer.mv), "{answer:?}");
    assert!(answer.eval.is_some() && answer.seconds.is_some());

    // The same session again, and through the program: the same move and eval.
    let again = answers(&session(&input))[0];
    assert_eq!((again.mv, again.eval), (answer.mv, answer.eval));
    let program = program_args();
    let args: Vec<&str> = program[1..].iter().map(String::as_str).collect();
    let out = run(&bin("reversi"), &args, &input);
    assert!(out.status.success());
    let lines: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    let from_program = answers(&lines)[0];
    assert_eq!(
        (from_program.mv, from_program.eval),
        (answer.mv, answer.eval)
    );
}

#[test]
fn set_game_mid_game_then_go_answers_a_legal_move_of_that_position() {
    for seed in 0..12 {
        let mut game = random_game(100 + seed, 10 + seed as usize * 3);
        game.set_time(Some(TimeControl::new(10.0, 0.0)));
        if game.is_over() || !game.position().has_move() {
            continue;
        }
        let depth = if seed % 2 == 0 { "" } else { "set depth 4\n" };
        let lines = session(&format!("nboard 2\n{depth}set game {game}\nping 1\ngo\n"));
        let answer = answers(&lines)[0];
        assert!(
            game.legal_moves().contains(&answer.mv),
            "{answer:?} in {}",
            game.position()
        );
    }
}

#[test]
fn hint_gives_the_best_moves_in_order_and_ends_with_status() {
    let game = random_game(21, 16);
    let moves = game.legal_moves();
    assert!(moves.len() >= 3);
    let lines = session(&format!("nboard 2\nset depth 3\nset game {game}\nhint 3\n"));
    assert_eq!(lines[1], "status duel is thinking");
    assert_eq!(lines.last().map(String::as_str), Some("status"));
    let hints: Vec<(Move, f64, String)> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("search "))
        .map(|rest| {
            let w: Vec<&str> = rest.split(' ').collect();
            assert_eq!(w.len(), 4, "{rest}");
            assert_eq!(w[2], "0");
            (sq(w[0]), w[1].parse().expect("an eval"), w[3].to_string())
        })
        .collect();
    assert_eq!(hints.len(), 3);
    assert!(hints.windows(2).all(|p| p[0].1 >= p[1].1), "{hints:?}");
    for (mv, _, depth) in &hints {
        assert!(moves.contains(mv));
        assert_eq!(depth, "3");
    }
    assert_ne!(hints[0].0, hints[1].0);

    // Near the end every move is solved exactly: the evals are the solver's.
    let mut seed = 40;
    let endgame = loop {
        let g = random_game(seed, 52);
        if !g.is_over() && g.legal_moves().len() >= 2 && g.moves().len() == 52 {
            break g;
        }
        seed += 1;
    };
    let lines = session(&format!("nboard 2\nset game {endgame}\nhint 60\n"));
    let board = endgame.position();
    let mut table = vec![Entry::default(); 1 << 16];
    let solved: Vec<&String> = lines.iter().filter(|l| l.starts_with("search ")).collect();
    assert_eq!(solved.len(), endgame.legal_moves().len());
    let mut exacts = Vec::new();
    for line in solved {
        let w: Vec<&str> = line.split(' ').collect();
        assert_eq!(w[4], "100%", "{line}");
        let child = board.play(sq(w[1])).expect("a legal hint");
        let exact = -solve(&child, &mut table, &mut Budget::unlimited())
            .expect("solved")
            .score;
        assert_eq!(w[2], format!("{:.2}", f64::from(exact)), "{line}");
        exacts.push(exact);
    }
    assert!(
        exacts.windows(2).all(|p| p[0] >= p[1]),
        "best first: {exacts:?}"
    );
}

/// A random game stopped where the side to move must pass (the game not over).
fn must_pass_game(mut seed: u64) -> GgfGame {
    loop {
        let mut rng = Rng::new(seed);
        let mut game = GgfGame::new(Board::start());
        while !game.is_over() {
            let board = game.position();
            if !board.has_move() {
                return game;
            }
            let moves = game.legal_moves();
            game.push(moves[rng.below(moves.len())], None, None)
                .expect("legal");
        }
        seed += 1000;
    }
}

#[test]
fn a_side_that_must_pass_answers_pa_and_move_pa_is_accepted() {
    let game = must_pass_game(5);
    let lines = session(&format!(
        "nboard 2\nset game {game}\ngo\nmove PA\nping 2\ngo\n"
    ));
    let found = answers(&lines);
    assert_eq!(found.len(), 2, "{lines:?}");
    assert_eq!(found[0].mv, Move::Pass);
    let after = game.position().pass();
    assert!(after.play(found[1].mv).is_ok(), "{:?} in {after}", found[1]);
    assert!(lines.contains(&"pong 2".to_string()));

    // A GUI that leaves the pass out: the move of the other side is still taken.
    let reply = after.legal_moves().as_ref()[0];
    let lines = session(&format!(
        "nboard 2\nset game {game}\nmove {}\nanalyze\n",
        move_name(reply)
    ));
    let analysed: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("analysis "))
        .collect();
    assert_eq!(analysed.len(), game.moves().len() + 3, "{lines:?}");
    assert!(analysed[0].starts_with(&format!("analysis {} ", game.moves().len() + 2)));
    assert_eq!(lines.last().map(String::as_str), Some("status"));
    assert!(
        !lines.iter().any(|l| l.starts_with("status duel:")),
        "{lines:?}"
    );
}

#[test]
fn malformed_input_gets_one_status_line_each_and_the_engine_keeps_serving() {
    let lines = session(
        "nboard 2\n\
         set game (;GM[Othello]BO[8 xyz *];)\n\
         set game garbage\n\
         move Z9\n\
         move A1\n\
         set depth 99\n\
         set contempt lots\n\
         set colour blue\n\
         hint none\n\
         frobnicate now\n\
         \u{fffd}\u{1}\n\
         ping 5\n\
         set contempt 0\n\
         go\n",
    );
    let complaints: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("status duel:"))
        .collect();
    let wanted = [
        "cannot read the game: BO[8 xyz *]",
        "cannot read the game: a GGF game starts with",
        "cannot read the move",
        "move \"A1\" is illegal",
        "depth \"99\"",
        "contempt \"lots\"",
        "unknown setting \"colour\"",
        "hint \"none\"",
        "unknown command \"frobnicate\"",
        "unknown command",
    ];
    assert_eq!(complaints.len(), wanted.len(), "{lines:?}");
    for (line, want) in complaints.iter().zip(wanted) {
        assert!(line.contains(want), "{line:?} lacks {want:?}");
    }
    assert!(lines.contains(&"pong 5".to_string()));
    let answer = answers(&lines)[0];
    assert!(Board::start().play(answer.mv).is_ok(), "{answer:?}");
}

// ---------------------------------------------------------------------------------------------
// The program in the contest's protocol

/// One `reversi` process in contest mode.
struct ContestProgram {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: BufReader<std::process::ChildStdout>,
}

impl ContestProgram {
    fn start(colour: Colour) -> Self {
        let mut child = Command::new(bin("reversi"))
            .args(["--nodes", &NODES.to_string(), "--hash-mib", "1"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("reversi starts");
        let mut input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        writeln!(input, "{}", colour.contest_value()).expect("colour sent");
        Self {
            child,
            input,
            output,
        }
    }

    fn ask(&mut self, board: &Board) -> String {
        let mut request = String::new();
        for row in board.to_contest() {
            let cells: Vec<String> = row.iter().map(i32::to_string).collect();
            request.push_str(&cells.join(" "));
            request.push('\n');
        }
        self.input
            .write_all(request.as_bytes())
            .expect("board sent");
        self.input.flush().expect("board flushed");
        let mut line = String::new();
        self.output.read_line(&mut line).expect("an answer");
        line
    }

    fn finish(self) -> std::process::ExitStatus {
        let Self {
            mut child, input, ..
        } = self;
        drop(input);
        child.wait().expect("reversi exits")
    }
}

#[test]
fn contest_mode_plays_a_whole_game_against_itself_with_legal_answers() {
    let mut black = ContestProgram::start(Colour::Black);
    let mut white = ContestProgram::start(Colour::White);
    let mut board = Board::start();
    let mut moves = 0;
    while !board.is_over() {
        if !board.has_move() {
            board = board.pass();
            continue;
        }
        let program = if board.to_move() == Colour::Black {
            &mut black
        } else {
            &mut white
        };
        let line = program.ask(&board);
        assert!(line.ends_with('\n'), "{line:?}");
        let rc: Vec<u8> = line
            .split_whitespace()
            .map(|w| w.parse().expect("row and column are numbers"))
            .collect();
        assert_eq!(rc.len(), 2, "{line:?}");
        let square = Square::at(Row(rc[0]), Column(rc[1])).expect("on the board");
        board = board
            .play(Move::Place(square))
            .unwrap_or_else(|_| panic!("illegal answer {line:?}"));
        moves += 1;
    }
    assert!(moves >= 30);
    assert!(black.finish().success());
    assert!(white.finish().success());
}

#[test]
fn contest_mode_reports_bad_input_like_the_cpp_grader() {
    let program = bin("reversi");
    let args = ["--nodes", "500"];
    let lines = |bytes: &[u8]| String::from_utf8_lossy(bytes).lines().count();

    let out = run(&program, &args, "2\n");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(lines(&out.stderr), 1);
    assert!(String::from_utf8_lossy(&out.stderr).contains("colour must be 0 or 1, not 2"));

    let out = run(&program, &args, "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("expected the colour"));

    let out = run(&program, &args, "1\n-1 -1 -1\n-1 x\n");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(lines(&out.stderr), 1);
    assert!(String::from_utf8_lossy(&out.stderr).contains("board row 0: expected 8 integers"));

    // A board that is no position to move in: -1 -1 and a line on stderr, then the next board
    // is answered and the end of input ends the game cleanly.
    let mut input = String::from("1\n");
    let start = Board::start().to_contest();
    let mut bad = start;
    bad[0][0] = 7;
    for board in [bad, start] {
        for row in board {
            let cells: Vec<String> = row.iter().map(i32::to_string).collect();
            input.push_str(&cells.join(" "));
            input.push('\n');
        }
    }
    let out = run(&program, &args, &input);
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let answers: Vec<&str> = stdout.lines().collect();
    assert_eq!(answers.len(), 2);
    assert_eq!(answers[0], "-1 -1");
    let rc: Vec<u8> = answers[1]
        .split(' ')
        .map(|w| w.parse().expect("a number"))
        .collect();
    let square = Square::at(Row(rc[0]), Column(rc[1])).expect("on the board");
    assert!(Board::start().play(Move::Place(square)).is_ok());
    assert_eq!(lines(&out.stderr), 1);
    assert!(String::from_utf8_lossy(&out.stderr).contains("reversi: move:"));

    let out = run(&program, &["--help"], "");
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("--nboard"));
    let out = run(&program, &["--hash-mib", "0"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(lines(&out.stderr), 1);
}

// ---------------------------------------------------------------------------------------------
// The arena's client

#[test]
fn the_client_drives_the_program_through_whole_games_with_legal_moves() {
    let argv = program_args();
    for depth in [None, Some(3)] {
        let mut black = NboardClient::start(&argv, Duration::from_secs(30)).expect("starts");
        let mut white = NboardClient::start(&argv, Duration::from_secs(30)).expect("starts");
        assert_eq!(black.name(), Some("duel"));
        if let Some(d) = depth {
            black.set_depth(d).expect("depth sent");
        }
        let mut game = GgfGame::new(Board::start());
        game.black = "duel".into();
        game.white = "duel".into();
        game.set_time(Some(TimeControl::new(60.0, 0.0)));
        while !game.is_over() {
            if !game.position().has_move() {
                game.push(Move::Pass, None, None).expect("a pass");
                continue;
            }
            let engine = if game.position().to_move() == Colour::Black {
                &mut black
            } else {
                &mut white
            };
            engine.set_game(&game).expect("game sent");
            let answer = engine.go(Duration::from_secs(60)).expect("an answer");
            game.push(answer.mv, answer.eval, answer.seconds)
                .unwrap_or_else(|_| panic!("illegal {answer:?} in {}", game.position()));
        }
        black.finish();
        white.finish();
        assert!(game.moves().len() >= 30);
        let text = game.to_string();
        assert_eq!(GgfGame::parse(&text).expect("the record reads"), game);
    }
}

#[cfg(unix)]
#[test]
fn the_client_reports_malformed_answers_and_time_outs() {
    let fake = |on_go: &str| -> Vec<String> {
        let script = format!(
            "while read -r cmd arg rest; do case \"$cmd\" in \
               nboard) echo 'set myname fake engine';; \
               ping) echo \"pong $arg\";; \
               go) {on_go};; \
             esac; done"
        );
        vec!["sh".into(), "-c".into(), script]
    };
    let mut engine = NboardClient::start(
        &fake("echo 'status busy'; echo '=== zz9'"),
        Duration::from_secs(10),
    )
    .expect("the fake starts");
    assert_eq!(engine.name(), Some("fake engine"));
    match engine.go(Duration::from_secs(10)) {
        Err(Failure::Crashed(why)) => assert!(why.contains("malformed answer"), "{why}"),
        other => panic!("expected a malformed answer, got {other:?}"),
    }
    engine.finish();

    let mut engine =
        NboardClient::start(&fake("true"), Duration::from_secs(10)).expect("the fake starts");
    assert_eq!(engine.go(Duration::from_millis(200)), Err(Failure::Timeout));
    engine.finish();

    let mut engine = NboardClient::start(&fake("echo '=== PA'"), Duration::from_secs(10))
        .expect("the fake starts");
    let answer = engine.go(Duration::from_secs(10)).expect("an answer");
    assert_eq!(answer.mv, Move::Pass);
    engine.finish();
}
