//! Bench signatures: each engine searches a fixed set of positions to a fixed depth through its
//! [`duel_core::Player`], with a fresh table of [`TABLE_ENTRIES`] entries a position, and prints
//! `N nodes N nps`. The node count depends on nothing but the engine's search, so it is the
//! engine's signature, as `bench` is in chess engines: a test pins it, and a commit that changes
//! search behaviour names the new count (`Bench: N`) in its message. Nodes per second are the
//! speed of this machine, for comparing builds on one machine.
//!
//! Each game's positions are its own, in its [`Bench`] (`BENCH` in the game's module, beside
//! its registry entry): the first [`OPENINGS`] lines of an opening suite, or random boards
//! from fixed seeds.

use duel_core::{Budget, Decision, Entry};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

/// Table entries a position (2^20, 16 MiB).
pub const TABLE_ENTRIES: usize = 1 << 20;
/// Opening lines searched in Reversi and Ataxx.
pub const OPENINGS: usize = 12;

/// A game's bench: its program's name, its signature depth and its positions.
pub struct Bench {
    /// The program's name, for messages (`reversi bench: position 1: …`).
    pub program: &'static str,
    /// The search depth of the signature.
    pub default_depth: u8,
    /// Searches each of the game's positions once through [`Searches`], each with a player
    /// made on the table (of [`TABLE_ENTRIES`] entries), cleared first.
    pub search: fn(&mut [Entry], &mut Searches) -> Result<(), String>,
}

/// The searches of one bench: their depth and the tally of their nodes and time.
pub struct Searches<'p> {
    depth: u8,
    report: Report,
    progress: &'p mut dyn FnMut(usize, u64, &str),
}

impl Searches<'_> {
    /// `player`'s decision on `position` searched to the bench's depth, added to the tally
    /// (its move named by `label`). Clear the table before making `player` on it.
    pub fn search<P: duel_core::Player>(
        &mut self,
        player: P,
        position: &P::Position,
        label: impl FnOnce(P::Move) -> String,
    ) {
        if let Some((decision, micros)) = timed(player, position, self.depth) {
            self.report.positions += 1;
            self.report.nodes += decision.nodes;
            self.report.micros += micros;
            let mv = label(decision.mv);
            (self.progress)(self.report.positions, decision.nodes, &mv);
        }
    }
}

/// What one bench found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report {
    /// Positions searched.
    pub positions: usize,
    /// Nodes of all of them: the signature.
    pub nodes: u64,
    /// Wall time of the searches in microseconds (clearing the table not counted).
    pub micros: u64,
}

impl Report {
    /// Nodes per second (0 when no time was measured).
    pub fn nps(&self) -> u64 {
        if self.micros == 0 {
            0
        } else {
            (u128::from(self.nodes) * 1_000_000 / u128::from(self.micros)) as u64
        }
    }
}

/// Searches `bench`'s positions to `depth` plies, calling `progress` with each position's
/// number, its node count and its best move.
///
/// # Errors
/// A built-in position that does not replay (a defect of the game's bench, reported rather
/// than panicked on).
pub fn run(
    bench: &Bench,
    depth: u8,
    progress: &mut dyn FnMut(usize, u64, &str),
) -> Result<Report, String> {
    let mut table = vec![Entry::default(); TABLE_ENTRIES];
    let mut searches = Searches {
        depth,
        report: Report {
            positions: 0,
            nodes: 0,
            micros: 0,
        },
        progress,
    };
    (bench.search)(&mut table, &mut searches)?;
    Ok(searches.report)
}

/// `player`'s decision on `position` searched to `depth`, and the microseconds it took.
fn timed<P: duel_core::Player>(
    mut player: P,
    position: &P::Position,
    depth: u8,
) -> Option<(Decision<P::Move>, u64)> {
    let start = Instant::now();
    let decision = player.choose(position, &mut Budget::unlimited().with_max_depth(depth))?;
    let micros = u64::try_from(start.elapsed().as_micros()).unwrap_or(u64::MAX);
    Some((decision, micros))
}

/// The first [`OPENINGS`] lines of an opening suite.
pub fn opening_lines(suite: &str) -> impl Iterator<Item = &str> {
    suite
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .take(OPENINGS)
}

/// Arguments of `bench`.
#[derive(clap::Args, Debug, Clone)]
pub struct BenchArgs {
    /// The search depth [default: the game's signature depth].
    #[arg(long)]
    pub depth: Option<u8>,
}

/// `bench`: each position's number, nodes and move on stderr, then `N nodes N nps` on stdout.
pub fn main(bench: &Bench, args: &BenchArgs) -> ExitCode {
    let depth = args.depth.unwrap_or(bench.default_depth).max(1);
    let name = bench.program;
    let mut progress = |k: usize, nodes: u64, mv: &str| {
        eprintln!("{name} bench: position {k}: {nodes} nodes, {mv}");
    };
    match run(bench, depth, &mut progress) {
        Ok(report) => {
            let mut out = std::io::stdout().lock();
            match writeln!(out, "{} nodes {} nps", report.nodes, report.nps()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("{name}: cannot write: {e}");
                    ExitCode::from(1)
                }
            }
        }
        Err(e) => {
            eprintln!("{name} bench: {e}");
            ExitCode::from(2)
        }
    }
}

/// For a contest program: when its first argument is `bench`, runs the bench with the rest
/// (`--depth D`, `--help`) and returns its exit status; otherwise `None`.
pub fn from_program_args(bench: &Bench) -> Option<ExitCode> {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) != Some("bench") {
        return None;
    }
    /// Search the bench positions to a fixed depth and print `N nodes N nps`: the node count
    /// is the engine's signature, the speed this machine's.
    #[derive(clap::Parser)]
    struct Cli {
        #[command(flatten)]
        bench: BenchArgs,
    }
    let name = format!("{} bench", bench.program);
    let cli = match <Cli as clap::Parser>::try_parse_from(
        std::iter::once(name.clone()).chain(args.into_iter().skip(2)),
    ) {
        Ok(cli) => cli,
        Err(e) => {
            let text = e.to_string();
            if matches!(
                e.kind(),
                clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion
            ) {
                print!("{text}");
                return Some(ExitCode::SUCCESS);
            }
            let first = text.lines().next().unwrap_or("bad arguments");
            eprintln!("{name}: {}", first.trim_start_matches("error: "));
            return Some(ExitCode::from(2));
        }
    };
    Some(main(bench, &cli.bench))
}
