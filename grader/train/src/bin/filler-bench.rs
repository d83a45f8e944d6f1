//! Times the Filler engine on the positions of recorded arena games, node-limited, so that a
//! faster evaluation can be checked to give the same answers (the checksum) in less time.
//!
//! ```text
//! cargo run --release -p duel-train --bin filler-bench -- data-filler/t20.jsonl --nodes 20000 --every 3
//! ```
//!
//! Each line of the record is an arena game (`opening` = `N/row/row/…`, `moves`); every
//! `--every`-th position is searched with `--nodes` nodes from a fresh table. Prints the
//! positions, total nodes, seconds, nodes per second, the evaluation alone per call, and a
//! checksum of every answer (colour, score, depth).

use clap::Parser;
use duel_core::filler::train::choose_with;
use duel_core::filler::{Board, Grid, Heuristic, Move};
use duel_core::{Budget, Entry, Evaluator};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(about = "Time the Filler engine on recorded positions")]
struct Cli {
    /// Arena records (JSON lines).
    #[arg(required = true)]
    records: Vec<PathBuf>,
    /// Nodes a search.
    #[arg(long, default_value_t = 20000)]
    nodes: u64,
    /// Search every K-th position.
    #[arg(long, default_value_t = 3)]
    every: usize,
    /// At most this many games a record.
    #[arg(long, default_value_t = 1000)]
    games: usize,
}

/// The positions of one recorded game, each from the side to move's point of view.
fn positions(line: &str) -> Result<Vec<Board>, String> {
    let value: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
    let opening = value["opening"].as_str().ok_or("no opening")?;
    let mut parts = opening.split('/');
    let n = parts.next().ok_or("empty opening")?;
    let mut text = format!("{n}\n");
    for row in parts {
        text.push_str(row);
        text.push('\n');
    }
    let grid = Grid::parse(text.as_bytes()).map_err(|e| e.to_string())?;
    let mut board = Board::from_grid(&grid);
    let mut out = Vec::new();
    for mv in value["moves"].as_array().ok_or("no moves")? {
        let colour: u8 = mv.as_str().ok_or("move")?.parse().map_err(|_| "move")?;
        out.push(board);
        let mv = Move::new(colour).ok_or("colour")?;
        match board.play(mv) {
            Ok(next) => board = next,
            Err(_) => break,
        }
    }
    Ok(out)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut boards = Vec::new();
    for path in &cli.records {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        };
        for line in text.lines().take(cli.games) {
            match positions(line) {
                Ok(p) => boards.extend(p.into_iter().step_by(cli.every.max(1))),
                Err(e) => {
                    eprintln!("{}: {e}", path.display());
                    return ExitCode::FAILURE;
                }
            }
        }
    }
    let eval = Heuristic::default();
    let start = Instant::now();
    let mut sum = 0i64;
    let rounds = 200;
    for _ in 0..rounds {
        for b in &boards {
            sum = sum.wrapping_add(i64::from(eval.evaluate(b)));
        }
    }
    let eval_ns = start.elapsed().as_nanos() as f64 / (rounds * boards.len().max(1)) as f64;
    let mut table = vec![Entry::default(); 1 << 18];
    let (mut nodes, mut check) = (0u64, 0u64);
    let start = Instant::now();
    for b in &boards {
        table.fill(Entry::default());
        let mut budget = Budget::nodes(cli.nodes);
        let choice = choose_with(b, &eval, &mut budget, &mut table, &mut |_| {});
        nodes += choice.nodes;
        let word = u64::from(choice.colour.colour())
            ^ (choice.score as u64) << 8
            ^ u64::from(choice.depth) << 40;
        check = check.wrapping_mul(0x100_0000_01B3).wrapping_add(word);
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "positions {} nodes {nodes} secs {secs:.2} knps {:.0} eval {eval_ns:.0} ns (sum {sum}) check {check:016x}",
        boards.len(),
        nodes as f64 / secs / 1000.0
    );
    ExitCode::SUCCESS
}
