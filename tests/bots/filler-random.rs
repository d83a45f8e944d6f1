//! `filler-random`: a Filler program that plays a random colour the rules allow (any but the
//! colour of the opponent's start cell, the bottom-right one). A test opponent written for this
//! project.
//!
//! Input: N, then N rows of N colour digits 0..9 separated by white space (the reader's own
//! start cell top-left). Output: one colour digit and a newline. `--seed N` fixes the choice.

mod rng;

use std::io::Read;
use std::process::ExitCode;

/// The number of colours.
const COLOURS: usize = 10;

/// The colour of the bottom-right cell of the board in `text`.
fn forbidden_colour(text: &str) -> Result<usize, String> {
    let mut words = text.split_whitespace();
    let size: usize = words
        .next()
        .and_then(|w| w.parse().ok())
        .filter(|&n| n > 0)
        .ok_or("missing the board size")?;
    let cells: Vec<usize> = words
        .map(|w| w.parse().ok().filter(|&c| c < COLOURS))
        .collect::<Option<_>>()
        .ok_or("a cell is not a colour digit 0..=9")?;
    if cells.len() != size * size {
        return Err(format!(
            "expected {} cells, found {}",
            size * size,
            cells.len()
        ));
    }
    Ok(cells[size * size - 1])
}

fn main() -> ExitCode {
    let mut text = String::new();
    let result = rng::parse_args(false).and_then(|(mut rng, _)| {
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| e.to_string())?;
        let forbidden = forbidden_colour(&text)?;
        rng.mix(text.bytes().fold(0, |h: u64, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01B3)
        }));
        // One of the nine allowed colours: draw 0..9 and step over the forbidden one.
        let pick = rng.below(COLOURS - 1);
        Ok(if pick >= forbidden { pick + 1 } else { pick })
    });
    match result {
        Ok(colour) => {
            println!("{colour}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("filler-random: {e}");
            ExitCode::FAILURE
        }
    }
}
