//! Parsing `input.txt`: what is accepted, and every kind of malformed input with its error.

use duel_core::fruit_rage::{BoardError, InputError, ParseError, parse_input};

#[test]
fn parsing_accepts_crlf_no_final_newline_and_any_digit() {
    let lf = parse_input("2\n3\n123.6\n01\n21\n").unwrap();
    let crlf = parse_input("2\r\n3\r\n123.6\r\n01\r\n21\r\n").unwrap();
    let bare = parse_input("2\n3\n123.6\n01\n21").unwrap();
    assert_eq!(lf, crlf);
    assert_eq!(lf, bare);
    assert_eq!(
        (lf.kinds, lf.seconds, lf.board.to_string()),
        (3, 123.6, "01\n21\n".to_string())
    );
    assert_eq!(lf.remaining_micros(), 123_600_000);
    // A 9 with p = 2, and p = 10 as the official example 4 declares.
    assert_eq!(
        parse_input("1\n2\n1\n9\n").unwrap().board.to_string(),
        "9\n"
    );
    assert!(parse_input("1\n10\n1\n0\n").is_ok());
    // Trailing blank lines are fine.
    assert!(parse_input("1\n1\n1\n0\n\n\r\n").is_ok());
}

/// Every kind of malformed input, with the error the parser must give.
pub(crate) fn malformed_inputs() -> Vec<(&'static str, String, InputError)> {
    use InputError::{Board as B, Parse as P};
    let e = |x: ParseError| P(x);
    vec![
        ("empty file", String::new(), e(ParseError::BadSize)),
        ("side 0", "0\n1\n1\n".into(), e(ParseError::BadSize)),
        (
            "side 27",
            format!("27\n1\n1\n{}", "0".repeat(27) + "\n"),
            e(ParseError::BadSize),
        ),
        (
            "side not a number",
            "two\n1\n1\n00\n00\n".into(),
            e(ParseError::BadSize),
        ),
        (
            "side negative",
            "-2\n1\n1\n00\n00\n".into(),
            e(ParseError::BadSize),
        ),
        ("p 0", "2\n0\n1\n00\n00\n".into(), e(ParseError::BadKinds)),
        ("p 11", "2\n11\n1\n00\n00\n".into(), e(ParseError::BadKinds)),
        ("p missing", "2\n".into(), e(ParseError::BadKinds)),
        ("time 0", "2\n1\n0\n00\n00\n".into(), e(ParseError::BadTime)),
        (
            "time negative",
            "2\n1\n-3.5\n00\n00\n".into(),
            e(ParseError::BadTime),
        ),
        (
            "time text",
            "2\n1\nsoon\n00\n00\n".into(),
            e(ParseError::BadTime),
        ),
        (
            "time inf",
            "2\n1\ninf\n00\n00\n".into(),
            e(ParseError::BadTime),
        ),
        (
            "time nan",
            "2\n1\nNaN\n00\n00\n".into(),
            e(ParseError::BadTime),
        ),
        ("time missing", "2\n1\n".into(), e(ParseError::BadTime)),
        (
            "row short",
            "2\n1\n1\n00\n0\n".into(),
            e(ParseError::RowLength { row: 2 }),
        ),
        (
            "row long",
            "2\n1\n1\n000\n00\n".into(),
            e(ParseError::RowLength { row: 1 }),
        ),
        (
            "row with a space",
            "2\n1\n1\n00 \n00\n".into(),
            e(ParseError::RowLength { row: 1 }),
        ),
        (
            "bad character",
            "2\n1\n1\n0a\n00\n".into(),
            e(ParseError::BadCharacter { row: 1, column: 2 }),
        ),
        (
            "dot for empty",
            "2\n1\n1\n.0\n00\n".into(),
            e(ParseError::BadCharacter { row: 1, column: 1 }),
        ),
        (
            "rows missing",
            "3\n1\n1\n000\n000\n".into(),
            e(ParseError::MissingRows { found: 2 }),
        ),
        (
            "rows missing, lf",
            "3\n1\n1\n000\n000\n\n".into(),
            e(ParseError::MissingRows { found: 2 }),
        ),
        (
            "trailing text",
            "2\n1\n1\n00\n00\n00\n".into(),
            e(ParseError::TrailingText),
        ),
        (
            "floating fruit",
            "2\n1\n1\n0*\n*0\n".into(),
            B(BoardError::Floating { column: 0 }),
        ),
        (
            "floating in last column",
            "3\n2\n1\n**1\n01*\n011\n".into(),
            B(BoardError::Floating { column: 2 }),
        ),
        (
            "all empty",
            "2\n1\n1\n**\n**\n".into(),
            B(BoardError::Empty),
        ),
    ]
}

#[test]
fn parsing_refuses_every_kind_of_malformed_input() {
    for (what, text, error) in malformed_inputs() {
        assert_eq!(parse_input(&text), Err(error), "{what}");
        let message = error.to_string();
        assert!(
            !message.is_empty() && message.chars().next().unwrap().is_lowercase(),
            "{message}"
        );
    }
}
