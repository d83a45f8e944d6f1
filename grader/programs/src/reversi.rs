//! Reversi in `duel`: its registry entry ([`ENTRY`]), and `duel perft|solve|bench reversi`.

use crate::bench::{Bench, Searches};
use crate::games::GameEntry;
use duel_arena::openings::OpeningsArgs;
use duel_core::reversi::{
    Board, Move, PerftSlot, Player, Square, perft as count_leaves, perft_hashed,
};
use duel_core::{Budget, Entry, Player as _, TimeUse};
use duel_protocols::clock::WallClock;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Reversi as `duel` knows it.
pub static ENTRY: GameEntry = GameEntry {
    name: "reversi",
    arena: Some(crate::hook!(
        duel_arena::reversi::ArenaArgs,
        duel_arena::reversi::arena,
        "Reversi through the contest's grader protocol, 10 s of thinking per program per game"
    )),
    perft: Some(crate::hook!(
        PerftArgs,
        perft,
        "Reversi from the start position (a pass is a ply)"
    )),
    solve: Some(crate::hook!(
        SolveArgs,
        solve_lines,
        "Reversi: `<64 cells> <X|O>` lines in, `<move> <score>` lines out"
    )),
    bench: Some(crate::hook!(
        BenchArgs,
        bench,
        "Reversi: the bench signature, or with `--ffo` the FFO endgame suite solved exactly"
    )),
    analyze: Some(&duel_arena::analyze::reversi::ANALYSIS),
    openings: Some(crate::hook!(
        OpeningsArgs,
        duel_arena::openings::reversi::openings,
        "Reversi move strings (default 8 plies)"
    )),
};

/// Reversi's bench: the first lines of the arena's 8-ply opening suite, to depth 12.
pub static BENCH: Bench = Bench {
    program: "reversi",
    default_depth: 12,
    search: bench_search,
};

/// The opening suite whose first lines are the bench's positions.
const BENCH_OPENINGS: &str = include_str!("../../../data/openings/reversi-8ply.txt");

/// Searches the bench's positions.
fn bench_search(table: &mut [Entry], searches: &mut Searches) -> Result<(), String> {
    for line in crate::bench::opening_lines(BENCH_OPENINGS) {
        let board = position_after(line)?;
        table.fill(Entry::default());
        let player = Player::new(table, TimeUse::ThisMove);
        searches.search(player, &board, |mv| mv.to_string());
    }
    Ok(())
}

/// The position after a line of squares (`f5d6c3`), passes implied.
fn position_after(line: &str) -> Result<Board, String> {
    let mut board = Board::start();
    for k in (0..line.len()).step_by(2) {
        let name = line
            .get(k..k + 2)
            .ok_or_else(|| format!("{line:?}: odd length"))?;
        let square = Square::parse(name).map_err(|e| format!("{line:?}: {e}"))?;
        if !board.has_move() {
            board = board.pass();
        }
        board = board
            .play(Move::Place(square))
            .map_err(|e| format!("{line:?}: {e}"))?;
    }
    Ok(board)
}

/// Entries of the transposition table the solver and engine use: 2^23 × 16 bytes = 128 MiB.
const TABLE_ENTRIES: usize = 1 << 23;

/// At most this many empties are solved exactly by `duel solve reversi` without `--exact`.
const DEFAULT_EXACT_EMPTIES: u32 = 24;

/// `duel perft reversi DEPTH`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// The deepest ply to count (a pass is a ply; a finished game has no deeper leaves).
    pub depth: u32,
    /// MiB of transposition table for counting transposed positions once (0: plain perft,
    /// every node generated; the move generator's benchmark).
    #[arg(long, default_value_t = 0)]
    pub hash_mib: usize,
}

/// Counts leaf nodes from the start position, one line per depth: `DEPTH NODES SECONDS`.
pub fn perft(args: &PerftArgs) -> ExitCode {
    let board = Board::start();
    let slots = args.hash_mib.saturating_mul(1 << 20) / std::mem::size_of::<PerftSlot>();
    let mut table = vec![PerftSlot::default(); slots];
    let mut out = std::io::stdout().lock();
    for depth in 1..=args.depth {
        let start = Instant::now();
        let nodes = if table.is_empty() {
            count_leaves(&board, depth)
        } else {
            table.fill(PerftSlot::default());
            perft_hashed(&board, depth, &mut table)
        };
        let secs = start.elapsed().as_secs_f64();
        if writeln!(out, "{depth} {nodes} {secs:.3}")
            .and_then(|()| out.flush())
            .is_err()
        {
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}

/// `duel solve reversi`: positions on stdin (`<64 cells> <X|O>`, anything after ignored), one
/// `<move> <score>` line each.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// Solve every position exactly, whatever its number of empties (default: exactly only
    /// with at most 24 empties, else the midgame search's move and score).
    #[arg(long)]
    pub exact: bool,
    /// The time budget of a midgame search, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub millis: u64,
}

/// Answers each position of stdin; a malformed line stops with `duel: line N: ...`, exit 2.
pub fn solve_lines(args: &SolveArgs) -> ExitCode {
    let mut table = vec![Entry::default(); TABLE_ENTRIES];
    let clock = WallClock::start();
    let stdin = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    for (i, line) in stdin.lines().enumerate() {
        let n = i + 1;
        let Ok(line) = line else {
            eprintln!("duel: line {n}: not valid UTF-8 text");
            return ExitCode::from(2);
        };
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let board = match Board::parse_text(trimmed) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("duel: line {n}: {e}");
                return ExitCode::from(2);
            }
        };
        let player = Player::new(&mut table, TimeUse::ThisMove);
        let decision = if args.exact || board.empties() <= DEFAULT_EXACT_EMPTIES {
            let decision = player
                .solving_exactly()
                .choose(&board, &mut Budget::unlimited());
            if decision.is_some_and(|d| !d.exact) {
                eprintln!("duel: line {n}: the solver stopped");
                return ExitCode::from(2);
            }
            decision
        } else {
            let mut player = player;
            player.choose(&board, &mut Budget::millis(&clock, args.millis))
        };
        let (mv, score) = match decision {
            Some(d) => (d.mv, d.score),
            None => (Move::Pass, board.final_margin()),
        };
        if writeln!(out, "{} {}", move_text(mv), signed(score))
            .and_then(|()| out.flush())
            .is_err()
        {
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}

/// The FFO endgame suite, positions #40 to #59, built into the program (`data/reversi/`).
pub const FFO_40_59: &str = include_str!("../../../data/reversi/ffo40-59.obf");

/// `duel bench reversi [FILE]`: the FFO endgame suite, solved exactly.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Solve the FFO endgame suite (or FILE) exactly instead of the bench signature.
    #[arg(long)]
    pub ffo: bool,
    /// The signature's search depth [default: 12] (without --ffo).
    #[arg(long, conflicts_with = "ffo")]
    pub depth: Option<u8>,
    /// With --ffo: positions, one a line (`.obf` or `.txt`) [default: FFO #40-59, built into the program
    /// from the repository's data/reversi/ffo40-59.obf]
    #[arg(requires = "ffo")]
    pub file: Option<PathBuf>,
    /// The first position to solve, counting from 1 (FFO #40 is the first of ffo40-59).
    #[arg(long, default_value_t = 1, requires = "ffo")]
    pub first: usize,
    /// How many positions to solve (default: all from `--first` on).
    #[arg(long, requires = "ffo")]
    pub count: Option<usize>,
    /// The number printed for the first line of the file (40 for ffo40-59).
    #[arg(long, default_value_t = 40, requires = "ffo")]
    pub number_from: usize,
}

/// The bench signature ([`crate::bench`]), or with `--ffo` the chosen positions solved one by
/// one: `number empties move score nodes seconds` each, then a totals line.
pub fn bench(args: &BenchArgs) -> ExitCode {
    if !args.ffo {
        let signature = crate::bench::BenchArgs { depth: args.depth };
        return crate::bench::main(&BENCH, &signature);
    }
    let text = match &args.file {
        None => FFO_40_59.to_string(),
        Some(file) => match std::fs::read_to_string(file) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("duel: cannot read {}: {e}", file.display());
                return ExitCode::from(2);
            }
        },
    };
    let positions: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let skip = args.first.saturating_sub(1);
    let take = args.count.unwrap_or(usize::MAX);
    let mut table = vec![Entry::default(); TABLE_ENTRIES];
    let mut out = std::io::stdout().lock();
    let (mut total_nodes, mut total_secs) = (0u64, 0f64);
    let mut solved = 0;
    for (i, line) in positions.iter().enumerate().skip(skip).take(take) {
        let number = args.number_from + i;
        let board = match Board::parse_text(line) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("duel: position {}: {e}", i + 1);
                return ExitCode::from(2);
            }
        };
        table.fill(Entry::default());
        let start = Instant::now();
        let mut player = Player::new(&mut table, TimeUse::ThisMove).solving_exactly();
        let (mv, score, nodes) = match player.choose(&board, &mut Budget::unlimited()) {
            Some(d) if d.exact => (d.mv, d.score, d.nodes),
            Some(_) => {
                eprintln!("duel: position {}: the solver stopped", i + 1);
                return ExitCode::from(2);
            }
            None => (Move::Pass, board.final_margin(), 0),
        };
        let secs = start.elapsed().as_secs_f64();
        total_nodes += nodes;
        total_secs += secs;
        solved += 1;
        let line = format!(
            "#{number} {} {} {} {nodes} {secs:.3}",
            board.empties(),
            move_text(mv),
            signed(score),
        );
        if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
            return ExitCode::from(2);
        }
    }
    let nps = if total_secs > 0.0 {
        total_nodes as f64 / total_secs
    } else {
        0.0
    };
    if writeln!(
        out,
        "total {solved} positions {total_nodes} nodes {total_secs:.3} s {nps:.0} nodes/s"
    )
    .is_err()
    {
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}

/// A move as the tools print it: `a1`..`h8` or `pass`.
fn move_text(mv: Move) -> String {
    mv.to_string()
}

/// A score with its sign, as the FFO files write it (`+38`, `-12`, `+0`).
fn signed(score: i32) -> String {
    format!("{score:+}")
}
