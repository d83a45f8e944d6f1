//! Fits the table behind `duel_core::filler::tempo::estimate_moves_played`: how many moves a
//! game has seen, from the cells owned on a protocol board (which shows no move count).
//!
//! ```text
//! cargo run --release -p duel-train --bin filler-moves -- generate --games 200 --shard 0/4 > data-filler/moves-0.txt
//! cargo run --release -p duel-train --bin filler-moves -- fit data-filler/moves-*.txt
//! ```
//!
//! `generate` plays the engine against itself (a node budget a move, so the games are the same
//! on any machine) on random boards of every contest size 10..=20, as the arena draws them,
//! and prints one line a position: `N OWNED MOVES` (the side, the cells both sides own, the
//! moves played). Shard K of N plays the games whose index is K modulo N; each game's board
//! comes from the seed and its index alone, so shards are independent and resumable by index.
//!
//! `--size N` plays only that side.
//!
//! `fit` reads such files and prints the table: for each side and each of
//! `tempo::BUCKETS` bands of the owned fraction, the move count at `--percentile` (default 50,
//! the median) of those seen there (bands with no sample take their neighbour's), made
//! non-decreasing by a running minimum from the last band down.

use clap::{Parser, Subcommand};
use duel_core::filler::tempo::BUCKETS;
use duel_core::filler::train::choose;
use duel_core::{Budget, Entry};
use duel_train::Rng;
use duel_train::filler::random_board;
use duel_train::selfplay::{Run, ShardArgs};
use std::io::BufRead;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(about = "Fit the move-count estimate of a Filler board from self-play")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play self-play games and print `N OWNED MOVES` a position.
    Generate(GenerateArgs),
    /// Print the table from generated files.
    Fit {
        /// Files written by `generate`.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The percentile of the move counts a band reports (50: the median).
        #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u8).range(0..=100))]
        percentile: u8,
    },
}

/// What `generate` plays.
#[derive(clap::Args)]
struct GenerateArgs {
    /// Games in all (over every shard).
    #[arg(long, default_value_t = 200)]
    games: u64,
    #[command(flatten)]
    run: ShardArgs,
    /// Nodes a move.
    #[arg(long, default_value_t = 4000)]
    nodes: u64,
    /// Play only this side (default: every side 10..=20, by game index).
    #[arg(long, value_parser = clap::value_parser!(u8).range(10..=20))]
    size: Option<u8>,
}

fn main() -> ExitCode {
    let result = match Cli::parse().command {
        Command::Generate(args) => generate(&args),
        Command::Fit { files, percentile } => fit(&files, percentile),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("filler-moves: {e}");
            ExitCode::FAILURE
        }
    }
}

fn generate(g: &GenerateArgs) -> Result<(), String> {
    let mut table = vec![Entry::default(); 1 << 16];
    Run::new("filler-moves", g.run.shard, g.games).play(|game| {
        let mut rng = Rng::new(g.run.seed, game);
        let size = g.size.map_or(10 + (game % 11) as usize, usize::from);
        let mut board = random_board(size, &mut rng);
        let mut text = String::new();
        while !board.is_over() {
            let owned = board.own().count() + board.opponent().count();
            text.push_str(&format!("{size} {owned} {}\n", board.moves_played()));
            let mut budget = Budget::nodes(g.nodes);
            let choice = choose(&board, &mut budget, &mut table);
            board = board.play_unchecked(choice.colour);
        }
        Ok(text)
    })
}

fn fit(files: &[PathBuf], percentile: u8) -> Result<(), String> {
    // samples[size - 10][bucket] = move counts seen.
    let mut samples = vec![vec![Vec::<u8>::new(); BUCKETS]; 11];
    for path in files {
        let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        for line in std::io::BufReader::new(file).lines() {
            let line = line.map_err(|e| e.to_string())?;
            let v: Vec<usize> = line
                .split_whitespace()
                .filter_map(|w| w.parse().ok())
                .collect();
            let [size, owned, moves] = v[..] else {
                continue;
            };
            if !(10..=20).contains(&size) {
                continue;
            }
            let bucket = (owned * BUCKETS / (size * size)).min(BUCKETS - 1);
            samples[size - 10][bucket].push(moves.min(255) as u8);
        }
    }
    println!("pub const TABLE: [[u8; BUCKETS]; 11] = [");
    for row in samples.iter_mut() {
        let mut medians: Vec<Option<u8>> = row
            .iter_mut()
            .map(|s| {
                s.sort_unstable();
                s.get(s.len() * usize::from(percentile) / 100)
                    .or(s.last())
                    .copied()
            })
            .collect();
        // Fill empty bands from the nearest filled one below (or above).
        for i in 0..BUCKETS {
            if medians[i].is_none() {
                medians[i] = medians[..i].iter().rev().flatten().next().copied();
            }
        }
        for i in (0..BUCKETS).rev() {
            if medians[i].is_none() {
                medians[i] = medians[i + 1..].iter().flatten().next().copied();
            }
        }
        // The estimate never falls as cells are taken: a running minimum from the last band
        // down (a rare early band, e.g. a blockade that keeps both sides small, cannot lift
        // the start of the game).
        let mut low = u8::MAX;
        for m in medians.iter_mut().rev() {
            low = low.min(m.unwrap_or(0));
            *m = Some(low);
        }
        let cells: Vec<String> = medians.iter().map(|m| m.unwrap_or(0).to_string()).collect();
        println!("    [{}],", cells.join(", "));
    }
    println!("];");
    let counts: Vec<usize> = samples
        .iter()
        .map(|r| r.iter().map(Vec::len).sum())
        .collect();
    eprintln!("positions per size 10..=20: {counts:?}");
    Ok(())
}
