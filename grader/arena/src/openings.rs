//! `duel openings`: makes the opening suites the arena plays from, reproducibly from a seed.
//!
//! - Reversi: positions after K random plies from the start, written as move strings
//!   (`f5d6c3…`), distinct, and kept only when a search of the project's own engine scores
//!   them within `--max-discs` of even, so neither side starts lost.
//! - Ataxx: positions after K random plies from the start (Botzone rules, no circular move),
//!   written as UAI move lists (`f2 a6 g1e3 …`), distinct, and kept only when a search scores
//!   them within `--max-pieces` of even.
//!
//! Each game's suite is drawn by its module here; this one writes it and keeps it distinct.

use crate::Rng;
use std::collections::HashSet;
use std::io::Write;
use std::process::ExitCode;

pub mod ataxx;
pub mod reversi;

/// `duel openings reversi|ataxx`.
#[derive(clap::Args, Debug)]
pub struct OpeningsArgs {
    /// Random plies from the start position.
    #[arg(long)]
    plies: Option<u32>,
    /// Openings to write.
    #[arg(long, default_value_t = 1000)]
    count: usize,
    /// Seed of the random plies.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Nodes of the search that checks each position's balance.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Keep a position only when the search scores it within this many discs (pieces) of even.
    #[arg(long, default_value_t = 4.0)]
    max_score: f64,
}

/// Writes the suite `suite` draws to stdout, progress to stderr.
fn write(
    args: &OpeningsArgs,
    suite: fn(&OpeningsArgs, &mut dyn Write) -> Result<(), String>,
) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match suite(args, &mut out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("duel: openings: {e}");
            ExitCode::from(2)
        }
    }
}

/// Draws until `count` kept, or gives up after many draws in a row keep nothing new.
fn draw_suite(
    args: &OpeningsArgs,
    out: &mut dyn Write,
    mut draw: impl FnMut(&mut Rng) -> Option<(u64, String)>,
) -> Result<(), String> {
    let mut seen = HashSet::new();
    let mut kept = 0;
    let mut rng = Rng::new(args.seed, 0);
    let mut fruitless = 0;
    while kept < args.count {
        let Some((key, line)) = draw(&mut rng) else {
            fruitless += 1;
            if fruitless > 100_000 {
                return Err(format!("only {kept} openings found; loosen --max-score"));
            }
            continue;
        };
        if !seen.insert(key) {
            fruitless += 1;
            if fruitless > 100_000 {
                return Err(format!("only {kept} distinct openings found"));
            }
            continue;
        }
        fruitless = 0;
        writeln!(out, "{line}").map_err(|e| e.to_string())?;
        kept += 1;
        if kept % 100 == 0 || kept == args.count {
            eprintln!("openings: {kept}/{}", args.count);
        }
    }
    Ok(())
}
