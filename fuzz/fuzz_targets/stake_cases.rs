//! Stake Your Claim cases through the contest program's input path (`solve_batch`, shared by
//! `stake-your-claim` and `duel solve stake`): one `(r,c) v` line per complete case before any
//! error, the error naming the case after them; and a board parsed by the core prints back to rows that
//! parse to the same board.
#![no_main]

use duel_core::stake::{Board, BoardBuilder};
use duel_protocols::stake::{BatchError, solve_batch};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut output = Vec::new();
    let result = solve_batch(data, &mut output);
    let text = String::from_utf8(output).expect("answers are text");
    let answered = text.lines().count();
    match result {
        Ok(n) => assert_eq!(n, answered),
        Err(BatchError::MissingEnd { answered: n }) => assert_eq!(n, answered),
        Err(BatchError::Case { case, error }) => {
            assert_eq!(case, answered + 1);
            assert!(!error.to_string().contains('\n'));
        }
        Err(BatchError::Io(e)) => panic!("in-memory i/o failed: {e}"),
    }
    for line in text.lines() {
        let (cell, value) = line.split_once(' ').expect("(r,c) v");
        assert!(cell.starts_with('(') && cell.ends_with(')'), "{line}");
        value.parse::<i32>().expect("an integer value");
    }
    // The core's row parser alone: rows from the data, n from its first byte.
    let n = usize::from(data.first().copied().unwrap_or(0) % 9);
    let rows: Vec<&[u8]> = data
        .get(1..)
        .unwrap_or(&[])
        .split(|&b| b == b'\n')
        .collect();
    if let Ok(board) = Board::from_rows(&rows[..rows.len().min(n)]) {
        let printed = board.to_string();
        let again: Vec<&str> = printed.lines().collect();
        assert_eq!(Board::from_rows(&again), Ok(board));
        let mut builder = BoardBuilder::new(board.size()).expect("a valid side");
        for row in &again {
            builder.push_row(row.as_bytes()).expect("a printed row");
        }
        assert_eq!(builder.finish(), Ok(board));
    }
});
