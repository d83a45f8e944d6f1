//! `stake-your-claim`: the Stake Your Claim contest program (POJ 3317).

use clap::Parser;
use duel_protocols::stake;
use std::process::ExitCode;

/// Stake Your Claim (POJ 3317): the exact best move and value of each case on standard input.
///
/// Reads cases (n, then n rows of `0`, `1` and `.`; a line `0` ends them) and prints, for
/// each, the best move of the player to move and the value it secures with perfect play, as
/// `(r,c) v`; among equally good moves, the first in (row, column) order. Malformed input, or
/// input that ends without the closing `0` (an empty one too): one line on standard error,
/// exit status 2 (the answers before it stay).
#[derive(Parser, Debug)]
#[command(name = "stake-your-claim", version)]
struct Cli {}

fn main() -> ExitCode {
    Cli::parse();
    stake::run(
        "stake-your-claim",
        std::io::stdin().lock(),
        std::io::stdout().lock(),
    )
}
