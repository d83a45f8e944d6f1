//! Fits The Fruit Rage's horizon ([`duel_core::fruit_rage::horizon::Horizon`]: the weights of
//! the largest groups' points, by phase) to the values of deep searches, exact near the end.
//!
//! ```text
//! cargo run --release -p duel-train --bin fruit-rage-fit -- generate --size 12 --games 400 --shard 0/2 --out r0.txt
//! cargo run --release -p duel-train --bin fruit-rage-fit -- generate --size 12 --games 400 --shard 1/2 --out r1.txt
//! cargo run --release -p duel-train --bin fruit-rage-fit -- merge r0.txt r1.txt --out r.txt
//! cargo run --release -p duel-train --bin fruit-rage-fit -- fit r.txt --out horizon.rs
//! cargo run --release -p duel-train --bin fruit-rage-tune -- 12 40 200000 10 10 2 --horizon-a horizon.rs
//! ```
//!
//! `generate` plays the engine against itself (a node budget a move, so the games are the
//! same on any machine) on random boxes of `--size` and `--types` fruit types, and appends to
//! `--out` one line a position once its game is over: `GAME CELLS P0 … P3 LABEL EXACT MARGIN`,
//! the fruits left, the points of the four largest groups (largest first), the value of the
//! engine's search of `--label-nodes` nodes (the points still to come for the side to move
//! less the other's), 1 where that value is exact, and the game's own points still to come for
//! the side to move less the other's. A game ends with the line `# game INDEX`. Shard K of N
//! plays the games whose index is K modulo N; each game comes from the seed and its index
//! alone, so shards are independent, and the same command again resumes after the last
//! complete game in the file. Progress goes to stderr.
//!
//! `fit` reads such files and, for each phase, solves the least-squares fit of the label on
//! the four points and a bias (a small ridge on the weights keeps sparse phases sane), then writes the `Horizon`
//! constant (a phase without data keeps the engine's weights) with each phase's sample count
//! and R². Every tenth game is held out: on stderr go the held-out positions' root-mean-square
//! error against their labels, for the engine's horizon and the new one, by phase.

use clap::{Parser, Subcommand};
use duel_core::Entry;
use duel_core::fruit_rage::Board;
use duel_core::fruit_rage::horizon::{Horizon, PHASES, ROW, TOP, phase_of};
use duel_core::fruit_rage::train::HORIZON;
use duel_train::Rng;
use duel_train::fruit_rage::{engine_move, features, horizon_source, label};
use duel_train::linear::solve;
use duel_train::selfplay::{MergeArgs, Run, ShardArgs, merge_files};
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    about = "Fit The Fruit Rage's horizon weights by phase to deep searches of self-play positions"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play self-play games and write a labelled line a position.
    Generate(GenerateArgs),
    /// Merge the shards' files into one, in game order (the file one process would write).
    Merge(MergeArgs),
    /// Fit the weights to generated files and write them as Rust source.
    Fit {
        /// Files written by `generate`.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Ridge penalty (added to the normal equations' diagonal, per sample, in units of
        /// the features' mean square).
        #[arg(long, default_value_t = 0.001)]
        ridge: f64,
        /// Where to write the weights (default: standard output).
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

/// What `generate` plays, and where it writes.
#[derive(clap::Args)]
struct GenerateArgs {
    /// Games in all (over every shard).
    #[arg(long, default_value_t = 400)]
    games: u64,
    #[command(flatten)]
    run: ShardArgs,
    /// The side of the box.
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u8).range(1..=26))]
    size: u8,
    /// Fruit types.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(1..=10))]
    types: u8,
    /// Nodes a move of the self-play games.
    #[arg(long, default_value_t = 50_000)]
    nodes: u64,
    /// Nodes of each position's label search.
    #[arg(long, default_value_t = 500_000)]
    label_nodes: u64,
    /// The file to append to (resumed after its last complete game).
    #[arg(long)]
    out: PathBuf,
}

fn main() -> ExitCode {
    let result = match Cli::parse().command {
        Command::Generate(args) => generate(&args),
        Command::Merge(args) => merge_files("fruit-rage-fit", &args, |line| {
            line.strip_prefix("# game ")?.parse().ok()
        }),
        Command::Fit { files, ridge, out } => fit(&files, ridge, out.as_deref()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("fruit-rage-fit: {e}");
            ExitCode::FAILURE
        }
    }
}

fn generate(g: &GenerateArgs) -> Result<(), String> {
    let mut table = vec![Entry::default(); 1 << 17];
    let mut label_table = vec![Entry::default(); 1 << 19];
    let run = Run {
        out: Some(&g.out),
        ends_game: |line| line.starts_with("# game "),
        report_every: 5,
        ..Run::new("fruit-rage-fit", g.run.shard, g.games)
    };
    run.play(|game| {
        let box_seed = Rng::new(g.run.seed, game).next_u64();
        let mut board = Board::random(usize::from(g.size), g.types, box_seed)
            .map_err(|e| format!("game {game}: {e}"))?;
        // (fruits left, features, label, the mover's points so far less the other's)
        let mut rows = Vec::new();
        let mut lead = 0i64;
        while let Some(l) = label(&board, g.label_nodes, &mut label_table) {
            rows.push((board.cells(), features(&board), l, lead));
            let Some(mv) = engine_move(&board, g.nodes, &mut table) else {
                break;
            };
            lead = -(lead + i64::from(mv.points()));
            board = board.play_unchecked(mv);
        }
        // At the end, `lead` is the last mover-to-be's lead; each position's points still to
        // come are the final lead, from its mover's side, less its lead then.
        let plies = rows.len();
        let mut text = String::new();
        for (i, (cells, f, l, then)) in rows.into_iter().enumerate() {
            let end = if (plies - i) % 2 == 0 { lead } else { -lead };
            let f: Vec<String> = f.iter().map(i32::to_string).collect();
            text.push_str(&format!(
                "{game} {cells} {} {} {} {}\n",
                f.join(" "),
                l.points,
                u8::from(l.exact),
                end - then
            ));
        }
        text.push_str(&format!("# game {game}\n"));
        Ok(text)
    })
}

/// A held-out position: phase, fruits left, inputs, label, whether the label is exact.
type HeldOut = (usize, u32, [f64; ROW], f64, bool);

/// The value `horizon` gives a held-out position, in points (as the search computes it).
fn predict(horizon: &Horizon, cells: u32, x: &[f64; ROW]) -> f64 {
    let row = &horizon.0[phase_of(cells)];
    let sum: f64 = x[..TOP]
        .iter()
        .zip(row)
        .map(|(f, &w)| f * f64::from(w))
        .sum();
    (sum / 256.0).trunc() + f64::from(row[TOP])
}

fn fit(files: &[PathBuf], ridge: f64, out: Option<&Path>) -> Result<(), String> {
    // The inputs: the four points, then 1 (the bias).
    let mut xtx = [[[0f64; ROW]; ROW]; PHASES];
    let mut xty = [[0f64; ROW]; PHASES];
    let mut yy = [(0f64, 0f64, 0usize); PHASES];
    let mut held_out: Vec<HeldOut> = Vec::new();
    for path in files {
        let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        for line in std::io::BufReader::new(file).lines() {
            let line = line.map_err(|e| format!("{}: {e}", path.display()))?;
            if line.starts_with('#') {
                continue;
            }
            let v: Vec<f64> = line
                .split_whitespace()
                .map(|w| {
                    w.parse()
                        .map_err(|_| format!("{}: bad line {line:?}", path.display()))
                })
                .collect::<Result<_, _>>()?;
            let [game, cells, ref rest @ ..] = v[..] else {
                return Err(format!("{}: bad line {line:?}", path.display()));
            };
            if rest.len() != TOP + 3 {
                return Err(format!("{}: bad line {line:?}", path.display()));
            }
            let mut x = [1f64; ROW];
            x[..TOP].copy_from_slice(&rest[..TOP]);
            let (y, exact) = (rest[TOP], rest[TOP + 1] == 1.0);
            let p = phase_of(cells as u32);
            if game as u64 % 10 == 9 {
                held_out.push((p, cells as u32, x, y, exact));
                continue;
            }
            for i in 0..ROW {
                for j in 0..ROW {
                    xtx[p][i][j] += x[i] * x[j];
                }
                xty[p][i] += x[i] * y;
            }
            let s = &mut yy[p];
            s.0 += y;
            s.1 += y * y;
            s.2 += 1;
        }
    }
    let mut fitted = HORIZON;
    let mut notes = Vec::new();
    for p in 0..PHASES {
        let (sum, sq, count) = yy[p];
        if count == 0 {
            notes.push("n=0, the engine's weights".to_string());
            continue;
        }
        let mut a: Vec<Vec<f64>> = xtx[p].iter().map(|r| r.to_vec()).collect();
        // The ridge spares the bias.
        let scale = (0..TOP).map(|i| a[i][i]).sum::<f64>() / (TOP * count) as f64;
        for (i, row) in a.iter_mut().enumerate().take(TOP) {
            row[i] += ridge * scale * count as f64 + 1e-9;
        }
        let w = solve(a, xty[p].to_vec()).unwrap_or_else(|| vec![0.0; ROW]);
        let mut residual = sq;
        for i in 0..ROW {
            residual -= 2.0 * w[i] * xty[p][i];
            for j in 0..ROW {
                residual += w[i] * w[j] * xtx[p][i][j];
            }
        }
        let total = sq - sum * sum / count as f64;
        let r2 = if total > 0.0 {
            1.0 - residual / total
        } else {
            0.0
        };
        for (unit, x) in fitted.0[p].iter_mut().zip(&w).take(TOP) {
            *unit = (x * 256.0).round().clamp(-32768.0, 32767.0) as i16;
        }
        fitted.0[p][TOP] = w[TOP].round().clamp(-32768.0, 32767.0) as i16;
        notes.push(format!("n={count} R²={r2:.3}"));
    }
    let source = horizon_source("FITTED", &fitted, &notes);
    match out {
        Some(path) => {
            std::fs::write(path, &source).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        None => print!("{source}"),
    }
    report_held_out(&held_out, &fitted);
    Ok(())
}

/// Prints on stderr the held-out error against the labels (all, and exact ones), the
/// engine's horizon against `new`, by phase.
fn report_held_out(held_out: &[HeldOut], new: &Horizon) {
    if held_out.is_empty() {
        eprintln!("fruit-rage-fit: no held-out position (every tenth game is held out)");
        return;
    }
    eprintln!(
        "fruit-rage-fit: held-out RMS error in points: phase, n, engine, new; exact labels: n, engine, new"
    );
    for p in (0..PHASES).map(Some).chain([None]) {
        let rows: Vec<&HeldOut> = held_out
            .iter()
            .filter(|h| p.is_none_or(|p| h.0 == p))
            .collect();
        if rows.is_empty() {
            continue;
        }
        let exact: Vec<&HeldOut> = rows.iter().copied().filter(|h| h.4).collect();
        let rms = |rows: &[&HeldOut], h: &Horizon| {
            let sum: f64 = rows
                .iter()
                .map(|r| (predict(h, r.1, &r.2) - r.3).powi(2))
                .sum();
            (sum / rows.len().max(1) as f64).sqrt()
        };
        let name = p.map_or("all".to_string(), |p| p.to_string());
        eprintln!(
            "fruit-rage-fit: {name} {} {:.1} {:.1}; {} {:.1} {:.1}",
            rows.len(),
            rms(&rows, &HORIZON),
            rms(&rows, new),
            exact.len(),
            rms(&exact, &HORIZON),
            rms(&exact, new)
        );
    }
}
