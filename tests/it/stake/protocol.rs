//! The batch protocol through the real programs (`stake-your-claim`, `duel solve stake`) and
//! the batch function.

use super::board_of;
use super::naive::random_grid;
use duel_core::stake::train::solve;
use duel_core::stake::{Slot, TABLE_LEN};
use duel_protocols::stake::{BatchError, solve_batch};
use duel_tests::{Rng, bin, data_text, run};

const SAMPLE_A: &str = "4\n01.1\n00..\n.01.\n...1\n";

fn sample_input() -> String {
    data_text("stake-your-claim/sample_input.txt")
}

fn sample_answer() -> String {
    data_text("stake-your-claim/sample_answer.txt")
}

/// Both ways to run the protocol, with the name each error line starts with.
fn programs() -> Vec<(std::path::PathBuf, Vec<&'static str>, &'static str)> {
    vec![
        (bin("stake-your-claim"), vec![], "stake-your-claim"),
        (bin("duel"), vec!["solve", "stake"], "duel solve stake"),
    ]
}

#[test]
fn samples_through_both_programs() {
    let expected = sample_answer();
    for (program, args, _) in programs() {
        let out = run(&program, &args, &sample_input());
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            expected.trim_end().to_string() + "\n"
        );
        assert_eq!(out.stdout, b"(1,2) 2\n(2,2) -1\n");
        assert!(
            out.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.status.code(), Some(0));
    }
}

#[test]
fn both_programs_have_help() {
    for (program, mut args, name) in programs() {
        args.push("--help");
        let out = run(&program, &args, "");
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{name}");
        assert!(text.contains(&format!("Usage: {name}")), "{name}: {text}");
        assert!(text.contains("(r,c) v"), "{name}: {text}");
    }
}

#[test]
fn protocol_accepts_crlf_whitespace_blank_lines_and_refuses_a_missing_terminator() {
    let program = bin("stake-your-claim");
    let messy =
        "\r\n  4 \r\n 01.1\r\n00..  \r\n\t.01.\r\n...1\r\n\r\n\r\n4\n0.01\n0.01\n1..0\n.1..";
    let out = run(&program, &[], &format!("{messy}\r\n 0 \r\n"));
    assert_eq!(out.stdout, b"(1,2) 2\n(2,2) -1\n");
    assert_eq!(out.status.code(), Some(0));
    // Without the closing 0: the complete cases are answered, then one line and status 2.
    let out = run(&program, &[], messy);
    assert_eq!(out.stdout, b"(1,2) 2\n(2,2) -1\n");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "stake-your-claim: input ends after 2 cases without the closing line 0\n"
    );
    assert_eq!(out.status.code(), Some(2));
    // Input after the terminating 0 is not read.
    let out = run(&program, &[], &format!("{SAMPLE_A}0\ngarbage\n"));
    assert_eq!(
        (out.stdout.as_slice(), out.status.code()),
        (&b"(1,2) 2\n"[..], Some(0))
    );
    // An empty input is refused the same way.
    let out = run(&program, &[], "");
    assert_eq!((out.stdout.len(), out.status.code()), (0, Some(2)));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "stake-your-claim: input ends without a case or the closing line 0\n"
    );
}

#[test]
fn protocol_answers_random_batches_like_the_core() {
    let mut rng = Rng::new(5);
    let mut table = vec![Slot::default(); TABLE_LEN];
    let (mut input, mut expected) = (String::new(), String::new());
    for _ in 0..300 {
        let n = 1 + rng.below(8);
        let empties = (1 + rng.below(10)).min(n * n);
        let grid = random_grid(&mut rng, n, empties);
        input.push_str(&format!("{n}\n{}", grid.text()));
        expected.push_str(&format!(
            "{}\n",
            solve(&board_of(&grid), &mut table).unwrap()
        ));
    }
    input.push_str("0\n");
    let out = run(&bin("stake-your-claim"), &[], &input);
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn malformed_input_keeps_earlier_answers_and_names_the_case() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "bad character",
            "4\n01.1\n00x.\n.01.\n...1\n0\n",
            "row 1, column 2 holds 'x', expected '0', '1' or '.'",
        ),
        (
            "space in a row",
            "3\n0 1\n...\n...\n0\n",
            "row 0, column 1 holds ' ', expected '0', '1' or '.'",
        ),
        (
            "space at a row's end",
            "2\n0 \n1.\n0\n",
            "row 0 has 1 cell, expected 2",
        ),
        (
            "long row",
            "4\n01.1\n00...\n.01.\n...1\n0\n",
            "row 1 has 5 cells, expected 4",
        ),
        (
            "short row",
            "3\n0.1\n..\n...\n0\n",
            "row 1 has 2 cells, expected 3",
        ),
        ("blank row", "2\n0.\n\n0\n", "row 1 has 0 cells, expected 2"),
        (
            "two more 0s",
            "2\n00\n..\n0\n",
            "2 zeros and 0 ones: there must be as many 0s as 1s, or one more 0",
        ),
        (
            "more 1s",
            "2\n1.\n..\n0\n",
            "0 zeros and 1 ones: there must be as many 0s as 1s, or one more 0",
        ),
        ("no empty", "2\n01\n10\n0\n", "no empty cell"),
        (
            "too many empties",
            "4\n0...\n....\n....\n....\n0\n",
            "15 empty cells, at most 10",
        ),
        ("size 9", "9\n", "board size 9 is outside 1..8"),
        ("negative size", "-3\n", "board size -3 is outside 1..8"),
        (
            "huge size",
            "99999999999999999999\n",
            "board size 99999999999999999999 is outside 1..8",
        ),
        (
            "not a number",
            "four\n",
            "expected the board size n, found \"four\"",
        ),
        (
            "two numbers",
            "4 4\n",
            "expected the board size n, found \"4 4\"",
        ),
        (
            "a row where n belongs",
            "01.1\n",
            "expected the board size n, found \"01.1\"",
        ),
        (
            "input ends mid-case",
            "4\n01.1\n00..\n",
            "input ends after 2 of 4 rows",
        ),
        ("input ends after n", "3", "input ends after 0 of 3 rows"),
    ];
    for (program, args, name) in programs() {
        for &(kind, bad, message) in cases {
            // As the second case, after blank lines: the first answer stays.
            let out = run(&program, &args, &format!("{SAMPLE_A}\n{bad}"));
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.stdout, b"(1,2) 2\n", "{kind}");
            assert_eq!(stderr, format!("{name}: case 2: {message}\n"), "{kind}");
            assert_eq!(out.status.code(), Some(2), "{kind}");
            // As the first case: nothing printed.
            let out = run(&program, &args, bad);
            assert!(out.stdout.is_empty(), "{kind}");
            assert_eq!(
                String::from_utf8_lossy(&out.stderr),
                format!("{name}: case 1: {message}\n")
            );
            assert_eq!(out.status.code(), Some(2), "{kind}");
        }
    }
}

#[test]
fn batch_function_reports_bytes_that_are_not_text() {
    let mut input = SAMPLE_A.as_bytes().to_vec();
    input.extend_from_slice(b"2\n0\xff\n1.\n0\n");
    let mut output = Vec::new();
    let error = solve_batch(&input[..], &mut output).unwrap_err();
    assert_eq!(output, b"(1,2) 2\n");
    assert!(matches!(error, BatchError::Case { case: 2, .. }));
    assert_eq!(
        error.to_string(),
        "case 2: row 0, column 1 holds byte 0xff, expected '0', '1' or '.'"
    );
    let mut output = Vec::new();
    assert_eq!(
        solve_batch(sample_input().as_bytes(), &mut output).unwrap(),
        2
    );
    assert_eq!(output, b"(1,2) 2\n(2,2) -1\n");
}

/// A writer that fails every write.
struct Broken;

impl std::io::Write for Broken {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(std::io::Error::new(
            std::io::ErrorKind::BrokenPipe,
            "closed",
        ))
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn batch_function_reports_a_failing_output() {
    let error = solve_batch(SAMPLE_A.as_bytes(), Broken).unwrap_err();
    assert!(matches!(error, BatchError::Io(_)));
    assert_eq!(error.to_string(), "i/o error: closed");
}
