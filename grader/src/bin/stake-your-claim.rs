//! `stake-your-claim`: the Stake Your Claim contest program (POJ 3317).

use clap::Parser;
use duel_grader::stake;
use std::process::ExitCode;

/// Stake Your Claim: reads cases on standard input (n, then n rows of `0`, `1` and `.`; a line
/// `0` ends the input) and prints, for each, the best move of the player to move and the value
/// it secures with perfect play, as `(r,c) v`. Malformed input: one line on standard error
/// naming the case, exit status 2 (the answers before it stay).
#[derive(Parser, Debug)]
#[command(name = "stake-your-claim", version)]
struct Cli {}

fn main() -> ExitCode {
    Cli::parse();
    stake::run("stake-your-claim", std::io::stdin().lock(), std::io::stdout().lock())
}
