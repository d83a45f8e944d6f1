//! `duel perft|solve|bench reversi`.

use std::process::ExitCode;

/// `duel perft reversi DEPTH`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// The deepest ply to count.
    pub depth: u32,
}

/// Counts leaf nodes from the start position, one line per depth.
pub fn perft(_args: &PerftArgs) -> ExitCode {
    eprintln!("duel: perft reversi is not built yet");
    ExitCode::from(2)
}
