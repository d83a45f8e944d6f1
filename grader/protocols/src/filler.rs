//! filler: the contest program's logic (`filler` binary): read a board, print a colour.

use std::io::Read;

pub mod memory;

use duel_core::filler::builtin::Greedy;
use duel_core::filler::fitted::{FEATURES, FITTED, PHASES, SIZE_GROUPS, Weights};
use duel_core::filler::tempo::estimate_moves_played;
use duel_core::filler::{Board, EXACT_PLIES, Grid, Move, Player, eval::Heuristic};
use duel_core::{Clock, Entry, Limits, Player as _};

use crate::clock::WallClock;

/// The contest program: reads N and an N×N board of colours (own start cell top-left) from
/// standard input and prints the colour to play and a newline.
#[derive(clap::Parser, Debug)]
#[command(
    name = "filler",
    version,
    about = "Filler contest program: reads N and an N×N board of colours on stdin (own start cell top-left), prints the colour to play."
)]
pub struct ProgramArgs {
    /// Stop searching this many milliseconds after the process started.
    #[arg(long, value_name = "MS")]
    pub millis: Option<u64>,
    /// Search at most this many nodes (without --millis: no time limit, reproducible output).
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Accept any board size 1..=20, not only the contest's 10..=20.
    #[arg(long)]
    pub any_size: bool,
    /// Moves already played in the game, both sides counted (the protocol does not say; by
    /// default the program estimates it from the cells owned).
    #[arg(long, value_name = "N")]
    pub moves_played: Option<u8>,
    /// Keep the boards answered in FILE and count the moves played by finding the last one
    /// (the protocol does not show the count; without this, or --moves-played, the program
    /// estimates it). Only where the contest lets a program keep a file between moves.
    #[arg(long, value_name = "FILE")]
    pub memory: Option<std::path::PathBuf>,
    /// The game's move limit, both sides counted.
    #[arg(long, value_name = "N", default_value_t = duel_core::filler::DEFAULT_MOVE_LIMIT)]
    pub move_limit: u8,
    /// Transposition table size in MiB (at most 256).
    #[arg(long, value_name = "MIB", default_value_t = 8)]
    pub hash_mib: usize,
    /// Print each completed search depth on stderr.
    #[arg(long)]
    pub info: bool,
    /// The evaluation's control weight (for tuning).
    #[arg(long, hide = true)]
    pub control: Option<i32>,
    /// The evaluation's tempo weight (for tuning).
    #[arg(long, hide = true)]
    pub tempo: Option<i32>,
    /// Count control only within the moves left (for tuning).
    #[arg(long, hide = true)]
    pub horizon: Option<bool>,
    /// Evaluate with the committed fitted weights (`true`) or the plain control/tempo ones.
    #[arg(long, hide = true)]
    pub fitted: Option<bool>,
    /// Evaluate with the fitted weights in this file, as `filler-fit fit` prints them (for
    /// tuning).
    #[arg(long, hide = true, value_name = "FILE")]
    pub weights: Option<std::path::PathBuf>,
}

/// The weights in `path`: every integer of the file outside `//` comments, in the order of
/// [`Weights`].
///
/// # Errors
/// An unreadable file, or not exactly the table's number of integers.
pub fn read_weights(path: &std::path::Path) -> Result<Weights, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut numbers = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let code = code.replace("CELL as i16", "16");
        let mut digits = String::new();
        for ch in code.chars().chain(Some(' ')) {
            if ch.is_ascii_digit() || (ch == '-' && digits.is_empty()) {
                digits.push(ch);
            } else {
                if digits.len() > usize::from(digits.starts_with('-')) {
                    numbers.push(digits.parse::<i16>().map_err(|e| e.to_string())?);
                }
                digits.clear();
            }
        }
    }
    let mut weights = Weights([[[0; FEATURES]; PHASES]; SIZE_GROUPS]);
    let slots = weights.0.iter_mut().flatten().flatten();
    if numbers.len() != SIZE_GROUPS * PHASES * FEATURES {
        return Err(format!(
            "{}: {} numbers, expected {}",
            path.display(),
            numbers.len(),
            SIZE_GROUPS * PHASES * FEATURES
        ));
    }
    for (slot, n) in slots.zip(numbers) {
        *slot = n;
    }
    Ok(weights)
}

/// The largest transposition table the program allocates, in MiB.
pub const MAX_HASH_MIB: usize = 256;

/// The default thinking deadline from process start, in milliseconds: the contest allows one
/// second a move, process start included.
pub const DEFAULT_MILLIS: u64 = 850;

/// Reads the board from `input` and returns the colour to play.
///
/// # Errors
/// A one-line message: unreadable input, a syntax error naming its line, or a size outside
/// 10..=20 without `--any-size`.
pub fn answer(args: &ProgramArgs, input: &[u8], clock: &WallClock) -> Result<Move, String> {
    let grid = Grid::parse(input).map_err(|e| e.to_string())?;
    if !args.any_size && !(10..=20).contains(&grid.size()) {
        let line = size_line(input);
        return Err(format!(
            "line {line}: board size {} outside 10..=20",
            grid.size()
        ));
    }
    let board = Board::from_grid(&grid).with_move_limit(args.move_limit);
    // An estimated count is not trusted for the exact end: a block that gains nothing is only
    // right on the true last moves.
    let (played, known) = match (args.moves_played, &args.memory) {
        (Some(n), _) => (n, true),
        (None, Some(path)) => {
            let count = memory::recall(path, &grid, &board).unwrap_or_else(|e| {
                eprintln!("filler: cannot keep the board: {}", e.reason);
                e.count
            });
            if args.info {
                eprintln!("moves played {count:?}");
            }
            (count.moves(), count.is_known())
        }
        (None, None) => (estimate_moves_played(&board), false),
    };
    let exact = if known { EXACT_PLIES } else { 0 };
    let board = board.with_moves_played(played).with_exact_plies(exact);
    let mut eval = Heuristic::default();
    eval.control = args.control.unwrap_or(eval.control);
    eval.tempo = args.tempo.unwrap_or(eval.tempo);
    eval.horizon = args.horizon.unwrap_or(eval.horizon);
    match args.fitted {
        Some(true) => eval.weights = Some(&FITTED),
        Some(false) => eval.weights = None,
        None => {}
    }
    if let Some(path) = &args.weights {
        eval.weights = Some(Box::leak(Box::new(read_weights(path)?)));
    }
    // The time from the clock's start (process start): `--nodes` alone replaces the default
    // time; with `--millis` both bind.
    let limits = match args.millis {
        None => Limits::millis(DEFAULT_MILLIS).or_nodes(args.nodes),
        Some(ms) => Limits::millis(ms).with_nodes(args.nodes),
    };
    let (mut budget, _) = limits.budget(clock, 0);
    let entries = args.hash_mib.min(MAX_HASH_MIB) * (1 << 20) / size_of::<Entry>();
    let mut table = vec![Entry::default(); entries];
    let info = args.info;
    let mut report = |r: &duel_core::Decision<Move>| {
        if info {
            let best = r.mv.colour();
            eprintln!(
                "depth {} score {} nodes {} best {best} time {} ms",
                r.depth,
                r.score,
                r.nodes,
                clock.now_micros() / 1000
            );
        }
    };
    let mut player = Player::new(&mut table).with_eval(eval);
    let decision = player.choose_reporting(&board, &mut budget, &mut report);
    // A finished board: any allowed colour will do (the greedy player answers every board).
    let decision = decision.or_else(|| Greedy.choose(&board, &mut budget));
    Ok(decision.map(|d| d.mv).unwrap_or_default())
}

/// The 1-based line holding the board size: the first non-blank line.
fn size_line(input: &[u8]) -> usize {
    input
        .split(|&b| b == b'\n')
        .position(|l| !l.iter().all(u8::is_ascii_whitespace))
        .map_or(1, |i| i + 1)
}

/// Reads all of standard input.
///
/// # Errors
/// The I/O error as a one-line message.
pub fn read_stdin() -> Result<Vec<u8>, String> {
    let mut input = Vec::new();
    std::io::stdin()
        .read_to_end(&mut input)
        .map_err(|e| format!("cannot read standard input: {e}"))?;
    Ok(input)
}
