//! Stake Your Claim: the contest's batch protocol, shared by `stake-your-claim` and
//! `duel solve stake`.
//!
//! Input: cases until a line `0`, each a line `n` and n rows of n bytes `0`, `1` and `.`; the
//! end of input before that `0` is an error (the complete cases before it are answered), an
//! empty input too. Output: one line `(r,c) v` a case, flushed as it is answered. Lines may
//! end in CRLF and carry surrounding whitespace; blank lines are skipped where `n` is expected.
//! On malformed input the answers already printed stay, and the error names the case (cases
//! count from 1; rows and columns from 0, as in the answers).

use duel_core::stake::{BoardBuilder, ParseError, Player, Slot, SolveError, TABLE_LEN};
use duel_core::{Budget, Player as _};
use std::fmt;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

/// `duel solve stake`: reads the contest's cases on standard input and prints one exact answer
/// `(r,c) v` a case, exactly as `stake-your-claim` does.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {}

/// What is wrong with one case of the input.
#[derive(Debug)]
pub enum CaseError {
    /// The line where `n` belongs is not a number.
    NotANumber(String),
    /// `n` is a number outside 1..=8 (kept as written).
    SizeOutOfRange(String),
    /// The board's rows or position are malformed.
    Board(ParseError),
    /// The input ends before the case's last row.
    EndOfInput {
        /// Rows read.
        rows: usize,
        /// Rows expected.
        expected: usize,
    },
    /// The solver refused the board (cannot happen for a board that parsed).
    Solve(SolveError),
}

impl fmt::Display for CaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaseError::NotANumber(text) => write!(f, "expected the board size n, found {text:?}"),
            CaseError::SizeOutOfRange(text) => write!(f, "board size {text} is outside 1..8"),
            CaseError::Board(error) => write!(f, "{error}"),
            CaseError::EndOfInput { rows, expected } => {
                write!(f, "input ends after {rows} of {expected} rows")
            }
            CaseError::Solve(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for CaseError {}

/// Why a batch stopped early.
#[derive(Debug)]
pub enum BatchError {
    /// Case `case` (counting from 1) is malformed.
    Case {
        /// The case's number, from 1.
        case: usize,
        /// What is wrong with it.
        error: CaseError,
    },
    /// The input ends without the closing line `0` (after `answered` complete cases).
    MissingEnd {
        /// The cases answered before the end of input.
        answered: usize,
    },
    /// Reading the input or writing the answers failed.
    Io(io::Error),
}

impl fmt::Display for BatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BatchError::Case { case, error } => write!(f, "case {case}: {error}"),
            BatchError::MissingEnd { answered: 0 } => {
                f.write_str("input ends without a case or the closing line 0")
            }
            BatchError::MissingEnd { answered } => write!(
                f,
                "input ends after {answered} case{} without the closing line 0",
                if *answered == 1 { "" } else { "s" }
            ),
            BatchError::Io(error) => write!(f, "i/o error: {error}"),
        }
    }
}

impl std::error::Error for BatchError {}

impl From<io::Error> for BatchError {
    fn from(error: io::Error) -> Self {
        BatchError::Io(error)
    }
}

/// Reads the next line into `line` without its line ending and surrounding whitespace;
/// `None` at the end of input.
fn next_line<'b>(input: &mut impl BufRead, line: &'b mut Vec<u8>) -> io::Result<Option<&'b [u8]>> {
    line.clear();
    if input.read_until(b'\n', line)? == 0 {
        return Ok(None);
    }
    Ok(Some(line.trim_ascii()))
}

/// What a line where `n` belongs says.
enum SizeLine {
    /// `0`: the end of the input.
    End,
    /// A board of this side follows.
    Board(BoardBuilder),
}

/// Reads the line that holds `n`.
fn parse_size(text: &[u8]) -> Result<SizeLine, CaseError> {
    let shown = || String::from_utf8_lossy(text).into_owned();
    let digits = text
        .strip_prefix(b"-")
        .or_else(|| text.strip_prefix(b"+"))
        .unwrap_or(text);
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Err(CaseError::NotANumber(shown()));
    }
    match std::str::from_utf8(text)
        .ok()
        .and_then(|s| s.parse::<i64>().ok())
    {
        Some(0) => Ok(SizeLine::End),
        Some(n @ 1..=8) => BoardBuilder::new(n as usize)
            .map(SizeLine::Board)
            .map_err(CaseError::Board),
        _ => Err(CaseError::SizeOutOfRange(shown())),
    }
}

/// Answers every case of `input` on `output`, one flushed line a case; returns the number of
/// cases answered.
///
/// # Errors
/// [`BatchError::Case`] at the first malformed case (the answers before it are written);
/// [`BatchError::MissingEnd`] when the input ends where `n` or the closing `0` belongs;
/// [`BatchError::Io`] when reading or writing fails.
pub fn solve_batch(mut input: impl BufRead, mut output: impl Write) -> Result<usize, BatchError> {
    let mut table = vec![Slot::default(); TABLE_LEN];
    let mut line = Vec::new();
    let mut answered = 0;
    loop {
        let case = answered + 1;
        let fail = |error| BatchError::Case { case, error };
        let mut builder = loop {
            match next_line(&mut input, &mut line)? {
                None => return Err(BatchError::MissingEnd { answered }),
                Some([]) => continue,
                Some(text) => match parse_size(text).map_err(fail)? {
                    SizeLine::End => return Ok(answered),
                    SizeLine::Board(builder) => break builder,
                },
            }
        };
        while !builder.is_complete() {
            let Some(row) = next_line(&mut input, &mut line)? else {
                let (rows, expected) = (builder.rows(), builder.size());
                return Err(fail(CaseError::EndOfInput { rows, expected }));
            };
            builder
                .push_row(row)
                .map_err(|e| fail(CaseError::Board(e)))?;
        }
        let board = builder.finish().map_err(|e| fail(CaseError::Board(e)))?;
        // The player solves exactly; it has no move only on a full board (a board never has
        // more empties than the solver takes).
        let decision = Player::new(&mut table)
            .choose(&board, &mut Budget::unlimited())
            .ok_or_else(|| fail(CaseError::Solve(SolveError::GameOver)))?;
        writeln!(output, "{} {}", decision.mv, decision.score)?;
        output.flush()?;
        answered += 1;
    }
}

/// Runs the protocol for program `program` (the name its error line starts with): exit 0
/// when every case is answered; otherwise one line on standard error, and exit status 2 for
/// malformed input, 1 for an i/o failure.
pub fn run(program: &str, input: impl BufRead, output: impl Write) -> ExitCode {
    match solve_batch(input, output) {
        Ok(_) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{program}: {error}");
            match error {
                BatchError::Case { .. } | BatchError::MissingEnd { .. } => ExitCode::from(2),
                BatchError::Io(_) => ExitCode::from(1),
            }
        }
    }
}

/// `duel solve stake`: the contest protocol on standard input and output.
pub fn solve_stdin(_args: &SolveArgs) -> ExitCode {
    run("duel solve stake", io::stdin().lock(), io::stdout().lock())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE_A: &str = "4\n01.1\n00..\n.01.\n...1\n";

    #[test]
    fn the_end_of_input_without_the_closing_zero_is_an_error_after_the_complete_cases() {
        let mut output = Vec::new();
        let error = solve_batch(SAMPLE_A.as_bytes(), &mut output).unwrap_err();
        assert!(matches!(error, BatchError::MissingEnd { answered: 1 }));
        assert_eq!(
            error.to_string(),
            "input ends after 1 case without the closing line 0"
        );
        assert_eq!(output, b"(1,2) 2\n");
        let mut output = Vec::new();
        let error = solve_batch(&b"\n \r\n"[..], &mut output).unwrap_err();
        assert_eq!(
            error.to_string(),
            "input ends without a case or the closing line 0"
        );
        assert!(output.is_empty());
        let mut output = Vec::new();
        let answered = solve_batch(format!("{SAMPLE_A}0\n").as_bytes(), &mut output).unwrap();
        assert_eq!((answered, output.as_slice()), (1, &b"(1,2) 2\n"[..]));
    }
}
