//! Replays the games of a Filler arena record through a `filler` program as the contest asks it:
//! one fresh process a position, the board turned for the second player, `--info` on. It prints
//! each position's depth (the last finished iteration; none when the program answered without
//! a search, as it does when only one colour gains anything for either side) and wall time
//! from spawn to exit, then the median depth of the searched positions by band of ten moves and
//! the worst and median wall time of all.
//!
//! ```text
//! duel arena filler --size 20 --a "cmd=target/release/filler" --b builtin:greedy --games 20 --record games.jsonl
//! cargo run --release -p duel-train --bin filler-depth -- --program target/release/filler --record games.jsonl --positions 500
//! ```
//!
//! The wall times are only meaningful on a quiet machine: run it alone, as any timed run.

use clap::Parser;
use duel_arena::filler::Field;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

#[derive(Parser)]
#[command(about = "Depth and wall time of a filler program on the positions of recorded games")]
struct Cli {
    /// The program to ask (it gets `--info`).
    #[arg(long)]
    program: PathBuf,
    /// A `duel arena filler --record` file.
    #[arg(long)]
    record: PathBuf,
    /// Stop after this many positions.
    #[arg(long, default_value_t = 500)]
    positions: usize,
}

/// One position asked: the moves played before it, the depth reported (`None`: no search)
/// and the wall time.
struct Sample {
    ply: usize,
    depth: Option<u32>,
    wall: Duration,
}

/// A record line's opening and moves.
fn parse_game(line: &str) -> Result<(Field, Vec<u8>), String> {
    let json: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
    let opening = json["opening"].as_str().ok_or("no opening")?;
    let field = Field::parse(opening)?;
    let moves = json["moves"]
        .as_array()
        .ok_or("no moves")?
        .iter()
        .map(|m| {
            m.as_str()
                .and_then(|s| s.parse::<u8>().ok())
                .filter(|&c| c < 10)
                .ok_or_else(|| format!("bad move {m}"))
        })
        .collect::<Result<Vec<u8>, String>>()?;
    Ok((field, moves))
}

/// Runs `program --info` on `text`; the depth of the last `depth D` line of its stderr (`None`
/// when there is none) and the wall time.
fn ask(program: &PathBuf, text: &str) -> Result<(Option<u32>, Duration), String> {
    let start = Instant::now();
    let mut child = Command::new(program)
        .arg("--info")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", program.display()))?;
    child
        .stdin
        .take()
        .ok_or("no stdin")?
        .write_all(text.as_bytes())
        .map_err(|e| e.to_string())?;
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let wall = start.elapsed();
    if !out.status.success() {
        return Err(format!(
            "{} failed: {}",
            program.display(),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let depth = String::from_utf8_lossy(&out.stderr)
        .lines()
        .rev()
        .find_map(|l| {
            l.strip_prefix("depth ")?
                .split_whitespace()
                .next()?
                .parse()
                .ok()
        });
    Ok((depth, wall))
}

/// The upper median; `None` when `v` is empty.
fn median<T: Copy + Ord>(mut v: Vec<T>) -> Option<T> {
    v.sort_unstable();
    v.get(v.len() / 2).copied()
}

fn run(cli: &Cli) -> Result<(), String> {
    let file = std::fs::File::open(&cli.record)
        .map_err(|e| format!("cannot read {}: {e}", cli.record.display()))?;
    let mut samples = Vec::new();
    'games: for (index, line) in std::io::BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| e.to_string())?;
        if line.trim().is_empty() {
            continue;
        }
        let (mut field, moves) = parse_game(&line)
            .map_err(|e| format!("{} line {}: {e}", cli.record.display(), index + 1))?;
        for (ply, &colour) in moves.iter().enumerate() {
            if samples.len() >= cli.positions {
                break 'games;
            }
            let player = if ply % 2 == 0 { 1 } else { 2 };
            let (depth, wall) = ask(&cli.program, &field.protocol_text(player))?;
            let shown = depth.map_or("none".to_string(), |d| d.to_string());
            eprintln!(
                "game {} ply {ply}: depth {shown}, {} ms",
                index + 1,
                wall.as_millis()
            );
            samples.push(Sample { ply, depth, wall });
            field.play(player, colour);
        }
    }
    if samples.is_empty() {
        return Err("the record holds no move".into());
    }
    let forced = samples.iter().filter(|s| s.depth.is_none()).count();
    println!(
        "positions {}, {forced} answered without a search",
        samples.len()
    );
    for band in 0..=samples.iter().map(|s| s.ply / 10).max().unwrap_or(0) {
        let depths: Vec<u32> = samples
            .iter()
            .filter(|s| s.ply / 10 == band)
            .filter_map(|s| s.depth)
            .collect();
        let searched = depths.len();
        if let Some(m) = median(depths) {
            println!(
                "moves {}-{}: median depth {m} ({searched} searched positions)",
                band * 10,
                band * 10 + 9
            );
        }
    }
    let walls: Vec<Duration> = samples.iter().map(|s| s.wall).collect();
    let worst = walls.iter().max().copied().unwrap_or_default();
    let mid = median(walls).unwrap_or_default();
    println!(
        "wall time: worst {} ms, median {} ms",
        worst.as_millis(),
        mid.as_millis()
    );
    Ok(())
}

fn main() -> ExitCode {
    match run(&Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("filler-depth: {e}");
            ExitCode::FAILURE
        }
    }
}
