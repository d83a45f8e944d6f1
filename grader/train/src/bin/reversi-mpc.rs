//! Fits multi-prob-cut's regression (`core/src/reversi/mpc.rs`) and measures the midgame search.
//!
//! ```text
//! reversi-mpc gen --shard 0/2 --out DIR FILES...   # shallow and deep scores of positions
//! reversi-mpc fit DIR/*.txt                         # a, b, sigma per phase and depth
//! reversi-mpc nodes --depth 9 [--mpc-percent 0]     # nodes to a fixed depth (load-free)
//! reversi-mpc speed [--millis 1000]                 # depth reached in 1 s, nodes/s
//! ```
//!
//! `gen` reads `selfplay` files of the `reversi-eval` example (`O <player hex> <opponent hex>
//! <label>` lines), keeps the positions with at least `--min-empties` empties whose index is
//! `K mod N` (every `--every`-th of them), and writes, for each, the plain alpha-beta value
//! (no multi-prob-cut) at every depth from 1 to `--depth`: `<player hex> <opponent hex>
//! <empties> <v1> ... <vD>`. The shard's file `mpc-<K>-of-<N>.txt` is appended to; a restart
//! skips the positions already written (a partial last line is cut). Progress on stderr.

use clap::{Args, Parser, Subcommand};
use duel_arena::reversi::Opening;
use duel_core::Colour;
use duel_core::reversi::eval::EVAL_LIMIT;
use duel_core::reversi::mpc::{self, BAND_EMPTIES, BANDS, DEPTHS, MAX_DEPTH, MIN_DEPTH};
use duel_core::reversi::train::{INFINITY, Options, Search};
use duel_core::reversi::{Board, Move, Player};
use duel_core::{Budget, Entry, Game, Player as _, TimeUse};
use duel_train::Shard;
use duel_train::selfplay::Run;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(about = "Fit Reversi's multi-prob-cut and measure the midgame search")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Plain alpha-beta values at every depth of positions from self-play files (one shard).
    Gen(GenArgs),
    /// Fits a, b and sigma per phase band and depth to `gen` files; prints them and the table.
    Fit {
        /// Files written by `gen`.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Nodes and time of fixed-depth searches from 10 fixed midgame positions.
    Nodes(NodesArgs),
    /// The depth the engine reaches in a time limit from 10 fixed midgame positions.
    Speed(SpeedArgs),
    /// Nodes of the exact solver on self-play positions of each number of empties (to set
    /// the engine's `solvable_empties`).
    Endgame {
        /// Positions per number of empties.
        #[arg(long, default_value_t = 20)]
        count: usize,
        /// The empties measured: from 14 to this.
        #[arg(long, default_value_t = 22)]
        max_empties: u32,
        /// Self-play files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

#[derive(Args)]
struct GenArgs {
    /// `K/N`: this shard takes the positions whose index is K mod N.
    #[arg(long, default_value = "0/1")]
    shard: String,
    /// The directory of the shard's file.
    #[arg(long)]
    out: PathBuf,
    /// The deepest search.
    #[arg(long, default_value_t = MAX_DEPTH)]
    depth: u8,
    /// The fewest empties of a kept position.
    #[arg(long, default_value_t = 14)]
    min_empties: u32,
    /// Keep every this-many-th position of the files.
    #[arg(long, default_value_t = 20)]
    every: usize,
    /// Self-play files.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

#[derive(Args)]
struct NodesArgs {
    /// The depth of each search.
    #[arg(long, default_value_t = 9)]
    depth: u8,
    /// Multi-prob-cut's threshold in hundredths of sigma (0: off).
    #[arg(long, default_value_t = mpc::DEFAULT_PERCENT)]
    mpc_percent: u32,
    /// Enhanced transposition cut-offs from this depth (0: off).
    #[arg(long, default_value_t = 0)]
    etc_depth: u8,
    /// Empties of the positions.
    #[arg(long, default_value_t = 40)]
    empties: u32,
    /// Search with the generic `duel_core::search::Searcher` instead (for comparison).
    #[arg(long)]
    generic: bool,
}

#[derive(Args)]
struct SpeedArgs {
    /// Milliseconds of each search.
    #[arg(long, default_value_t = 1000)]
    millis: u64,
    /// Multi-prob-cut's threshold in hundredths of sigma (0: off).
    #[arg(long, default_value_t = mpc::DEFAULT_PERCENT)]
    mpc_percent: u32,
    /// Empties of the positions.
    #[arg(long, default_value_t = 40)]
    empties: u32,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Gen(args) => gen_shard(&args),
        Command::Fit { files } => fit(&files),
        Command::Nodes(args) => nodes(&args),
        Command::Speed(args) => speed(&args),
        Command::Endgame {
            count,
            max_empties,
            files,
        } => endgame(&files, count, max_empties),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("reversi-mpc: {message}");
            ExitCode::from(2)
        }
    }
}

/// 10 fixed midgame positions with `empties` empties: the first 10 lines of the 8-ply
/// openings, played on by a fixed rule that does not depend on any search (the best move by
/// the hand evaluation one ply deep, the first in square order on a tie).
fn positions(empties: u32) -> Result<Vec<Board>, String> {
    let path = "data/openings/reversi-8ply.txt";
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        if out.len() == 10 {
            break;
        }
        let mut board = Opening::parse(line)?.board;
        while board.empties() > empties && !board.is_over() {
            let moves = board.legal_moves();
            let list = moves.as_slice();
            let best = list
                .iter()
                .min_by_key(|&&m| {
                    let c = board.play_unchecked(m);
                    duel_core::reversi::Eval::score(c.player().bits(), c.opponent().bits())
                })
                .copied()
                .unwrap_or(Move::Pass);
            board = board.play_unchecked(best);
        }
        if !board.is_over() && board.has_move() {
            out.push(board);
        }
    }
    Ok(out)
}

fn nodes(args: &NodesArgs) -> Result<(), String> {
    let boards = positions(args.empties)?;
    let options = Options {
        mpc_percent: args.mpc_percent,
        etc_depth: args.etc_depth,
    };
    let mut table = vec![Entry::default(); 1 << 20];
    let (mut total, started) = (0u64, Instant::now());
    for b in &boards {
        table.fill(Entry::default());
        let mut budget = Budget::unlimited();
        if args.generic {
            let config = duel_core::search::SearchConfig {
                max_depth: args.depth,
                aspiration: 0,
            };
            let r = duel_core::search::Searcher::new(&mut table).search(
                b,
                &duel_core::reversi::Trained,
                config,
                &mut budget,
                &mut |_| {},
            );
            total += r.nodes;
            println!("{:?} {} {} {}", r.best, r.score, r.depth, r.nodes);
            continue;
        }
        let r = Search::new(
            &mut table,
            &duel_core::reversi::Trained,
            &mut budget,
            options,
        )
        .iterate(b, args.depth);
        total += r.nodes;
        println!("{} {} {} {}", r.best, r.score, r.depth, r.nodes);
    }
    let secs = started.elapsed().as_secs_f64();
    let name = if args.generic {
        "generic searcher".to_string()
    } else {
        format!("mpc {}% etc {}", args.mpc_percent, args.etc_depth)
    };
    println!(
        "depth {} {name}: {total} nodes in {secs:.2} s ({:.0} nodes/s)",
        args.depth,
        total as f64 / secs.max(1e-9)
    );
    Ok(())
}

fn speed(args: &SpeedArgs) -> Result<(), String> {
    let boards = positions(args.empties)?;
    let options = Options {
        mpc_percent: args.mpc_percent,
        ..Options::default()
    };
    let mut table = vec![Entry::default(); 1 << 20];
    let (mut total, mut secs, mut depths) = (0u64, 0.0f64, Vec::new());
    for b in &boards {
        table.fill(Entry::default());
        let clock = duel_protocols::clock::WallClock::start();
        let t = Instant::now();
        let c = Player::new(&mut table, TimeUse::ThisMove)
            .with_options(options)
            .choose(b, &mut Budget::millis(&clock, args.millis))
            .ok_or_else(|| format!("position {} is over: nothing to choose", depths.len() + 1))?;
        secs += t.elapsed().as_secs_f64();
        total += c.nodes;
        depths.push(c.depth);
    }
    let mean = depths.iter().map(|&d| f64::from(d)).sum::<f64>() / depths.len().max(1) as f64;
    println!(
        "mpc {}%: depths {depths:?}, mean {mean:.1} in {} ms; {total} nodes in {secs:.2} s: {:.0} nodes/s",
        args.mpc_percent,
        args.millis,
        total as f64 / secs.max(1e-9)
    );
    Ok(())
}

fn endgame(files: &[PathBuf], count: usize, max_empties: u32) -> Result<(), String> {
    let all = read_positions(files, 14, 7)?;
    let mut table = vec![Entry::default(); 1 << 22];
    for e in (14..=max_empties).step_by(2) {
        let mut nodes: Vec<u64> = Vec::new();
        let started = Instant::now();
        for b in all.iter().filter(|b| b.empties() == e).take(count) {
            table.fill(Entry::default());
            let s = duel_core::reversi::train::solve(b, &mut table, &mut Budget::unlimited())
                .ok_or("unlimited")?;
            nodes.push(s.nodes);
        }
        nodes.sort_unstable();
        let n = nodes.len().max(1);
        println!(
            "{e} empties: {} positions, nodes median {} p90 {} max {}, {:.2} s in all",
            nodes.len(),
            nodes.get(n / 2).copied().unwrap_or(0),
            nodes.get(n * 9 / 10).copied().unwrap_or(0),
            nodes.last().copied().unwrap_or(0),
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

/// The self-play positions of `files` with at least `min_empties` empties, every `every`-th.
fn read_positions(files: &[PathBuf], min_empties: u32, every: usize) -> Result<Vec<Board>, String> {
    let mut out = Vec::new();
    let mut seen = 0usize;
    for f in files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display()))?;
        for line in text.lines() {
            let mut w = line.split_whitespace();
            if w.next() != Some("O") {
                continue;
            }
            let (Some(p), Some(o)) = (w.next(), w.next()) else {
                continue;
            };
            let (Ok(p), Ok(o)) = (u64::from_str_radix(p, 16), u64::from_str_radix(o, 16)) else {
                continue;
            };
            let b = Board::from_relative(
                duel_core::Bitboard(p),
                duel_core::Bitboard(o),
                Colour::Black,
            );
            if b.empties() < min_empties || !b.has_move() {
                continue;
            }
            seen += 1;
            if seen % every.max(1) == 0 {
                out.push(b);
            }
        }
    }
    Ok(out)
}

fn gen_shard(args: &GenArgs) -> Result<(), String> {
    let shard = Shard::parse(&args.shard)?;
    let all = read_positions(&args.files, args.min_empties, args.every)?;
    std::fs::create_dir_all(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
    let path = args.out.join(format!("mpc-{}-of-{}.txt", shard.k, shard.n));
    let mut table = vec![Entry::default(); 1 << 20];
    // A position is a "game" of one line.
    let run = Run {
        out: Some(&path),
        report_every: 100,
        ..Run::new("gen", shard, all.len() as u64)
    };
    run.play(|index| {
        let b = &all[index as usize];
        table.fill(Entry::default());
        let mut budget = Budget::unlimited();
        let mut search = Search::new(
            &mut table,
            &duel_core::reversi::Trained,
            &mut budget,
            Options::exact(),
        );
        let mut line = format!("{:016x} {:016x} {}", b.player(), b.opponent(), b.empties());
        for d in 1..=args.depth {
            let v = search.pvs(
                b.player().bits(),
                b.opponent().bits(),
                d,
                -INFINITY,
                INFINITY,
                true,
            );
            line.push_str(&format!(" {v}"));
        }
        line.push('\n');
        Ok(line)
    })
}

/// Sums for a least-squares line.
#[derive(Clone, Copy, Default)]
struct Sums {
    n: f64,
    x: f64,
    y: f64,
    xx: f64,
    xy: f64,
    yy: f64,
}

impl Sums {
    fn add(&mut self, x: f64, y: f64) {
        self.n += 1.0;
        self.x += x;
        self.y += y;
        self.xx += x * x;
        self.xy += x * y;
        self.yy += y * y;
    }

    /// (a, b, sigma) of y ≈ a·x + b.
    fn line(&self) -> Option<(f64, f64, f64)> {
        if self.n < 100.0 {
            return None;
        }
        let var = self.n * self.xx - self.x * self.x;
        if var <= 0.0 {
            return None;
        }
        let a = (self.n * self.xy - self.x * self.y) / var;
        let b = (self.y - a * self.x) / self.n;
        let sse = self.yy - 2.0 * a * self.xy - 2.0 * b * self.y
            + a * a * self.xx
            + 2.0 * a * b * self.x
            + self.n * b * b;
        Some((a, b, (sse.max(0.0) / (self.n - 2.0)).sqrt()))
    }
}

fn fit(files: &[PathBuf]) -> Result<(), String> {
    let mut sums = vec![[Sums::default(); DEPTHS]; BANDS];
    let mut rows = 0;
    for f in files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display()))?;
        for line in text.lines() {
            let w: Vec<&str> = line.split_whitespace().collect();
            let Some(empties) = w.get(2).and_then(|e| e.parse::<u32>().ok()) else {
                continue;
            };
            let v: Vec<i64> = w[3..].iter().filter_map(|x| x.parse().ok()).collect();
            let band = ((empties / BAND_EMPTIES) as usize).min(BANDS - 1);
            rows += 1;
            for d in MIN_DEPTH..=MAX_DEPTH {
                let s = mpc::shallow_depth(d);
                let (Some(&deep), Some(&shallow)) =
                    (v.get(usize::from(d) - 1), v.get(usize::from(s) - 1))
                else {
                    continue;
                };
                let limit = i64::from(EVAL_LIMIT);
                if deep.abs() >= limit || shallow.abs() >= limit {
                    continue;
                }
                sums[band][usize::from(d - MIN_DEPTH)].add(shallow as f64, deep as f64);
            }
        }
    }
    eprintln!("fit: {rows} positions");
    println!("band (empties) depth shallow: n a b sigma (1/100 disc)");
    let mut fitted: Vec<Option<Vec<[i64; 3]>>> = Vec::new();
    for (band, row) in sums.iter().enumerate() {
        let mut last = None;
        let mut out = Vec::new();
        for (i, s) in row.iter().enumerate() {
            let d = MIN_DEPTH + i as u8;
            if let Some((a, b, sigma)) = s.line() {
                println!(
                    "{:2}-{:2} d{d:2} s{}: {:6} {a:.3} {b:7.1} {sigma:7.1}",
                    band as u32 * BAND_EMPTIES,
                    band as u32 * BAND_EMPTIES + BAND_EMPTIES - 1,
                    mpc::shallow_depth(d),
                    s.n
                );
                last = Some([
                    (a * 1024.0).round() as i64,
                    b.round() as i64,
                    sigma.round() as i64,
                ]);
            }
            // Too few data at this depth: the previous depth's fit.
            out.extend(last);
        }
        fitted.push((out.len() == DEPTHS).then_some(out));
    }
    // A band without data takes the nearest fitted band's row (the neutral fit if none).
    let mut table = String::from("static TABLE: [[[i16; 3]; DEPTHS]; BANDS] = [\n");
    for band in 0..BANDS {
        let nearest = (0..BANDS)
            .filter(|&b| fitted[b].is_some())
            .min_by_key(|&b| b.abs_diff(band));
        let row = nearest
            .and_then(|b| fitted[b].clone())
            .unwrap_or_else(|| vec![[1024, 0, 400]; DEPTHS]);
        table.push_str("    [");
        for [a, b, sigma] in row {
            table.push_str(&format!("[{a}, {b}, {sigma}], "));
        }
        table.push_str("],\n");
    }
    table.push_str("];\n");
    println!("{table}");
    Ok(())
}
