//! `duel perft reversi`, `duel solve reversi` and `duel bench reversi` through the binary.

use super::naive::minimax;
use super::{first_ffo_line, random_position};
use duel_core::reversi::Move;
use duel_tests::{Rng, bin, run, scratch_dir};
use std::process::Command;

#[test]
fn duel_perft_prints_one_line_per_depth() {
    let duel = bin("duel");
    for args in [
        &["perft", "reversi", "4"][..],
        &["perft", "reversi", "4", "--hash-mib", "1"][..],
    ] {
        let out = run(&duel, args, "");
        assert!(out.status.success());
        let stdout = String::from_utf8(out.stdout).expect("utf8");
        let counts: Vec<(String, String)> = stdout
            .lines()
            .map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                assert_eq!(f.len(), 3, "{l}");
                assert!(f[2].parse::<f64>().is_ok(), "{l}");
                (f[0].to_string(), f[1].to_string())
            })
            .collect();
        let expected: Vec<(String, String)> = [(1, 4), (2, 12), (3, 56), (4, 244)]
            .iter()
            .map(|(d, n)| (d.to_string(), n.to_string()))
            .collect();
        assert_eq!(counts, expected);
    }
    let missing = run(
        &duel,
        &["bench", "reversi", "--ffo", "/nonexistent/ffo.obf"],
        "",
    );
    assert_eq!(missing.status.code(), Some(2));
    let err = String::from_utf8(missing.stderr).expect("utf8");
    assert!(
        err.starts_with("duel: cannot read /nonexistent/ffo.obf") && err.lines().count() == 1,
        "{err}"
    );
}

#[test]
fn duel_solve_answers_lines_and_stops_at_a_malformed_one() {
    let duel = bin("duel");
    let txt = first_ffo_line();
    let obf = duel_tests::data_text("reversi/ffo40-59.obf");
    let obf_first = obf.lines().next().expect("line");
    // A position 4 plies further on, solved in the test by plain minimax... too deep; instead a
    // random 8-empty position checked against minimax.
    let mut rng = Rng::new(5);
    let small = loop {
        let b = random_position(&mut rng, 52);
        if !b.is_over() && b.has_move() {
            break b;
        }
    };
    let small_value = minimax(&small);
    let input = format!("# comment\n\n{txt}\n{obf_first}\n{small}\nnot a board\n{txt}\n");
    let out = run(&duel, &["solve", "reversi"], &input);
    let stdout = String::from_utf8(out.stdout).expect("utf8");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert_eq!(lines[0], "a2 +38");
    assert_eq!(lines[1], "a2 +38");
    let fields: Vec<&str> = lines[2].split_whitespace().collect();
    assert_eq!(fields[1], format!("{small_value:+}"));
    let mv = Move::parse(fields[0]).expect("a move");
    assert_eq!(-minimax(&small.play(mv).expect("legal")), small_value);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).expect("utf8"),
        "duel: line 6: fewer than 64 cells\n"
    );
    // --help works.
    let help = run(&duel, &["solve", "reversi", "--help"], "");
    assert!(help.status.success());
}

/// `duel bench reversi --ffo` without a file solves the FFO suite built into the program, from
/// any working directory.
#[test]
fn duel_bench_reversi_uses_the_built_in_ffo_suite() {
    let elsewhere = scratch_dir("bench_reversi_elsewhere");
    let out = Command::new(bin("duel"))
        .args(["bench", "reversi", "--ffo", "--count", "1"])
        .current_dir(&elsewhere)
        .output()
        .expect("duel runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).expect("utf8");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    let fields: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(fields[..4], ["#40", "20", "a2", "+38"], "{stdout}");
    assert!(lines[1].starts_with("total 1 positions "), "{stdout}");
    let help = run(&bin("duel"), &["bench", "reversi", "--help"], "");
    assert!(String::from_utf8_lossy(&help.stdout).contains("built into the program"));
}
