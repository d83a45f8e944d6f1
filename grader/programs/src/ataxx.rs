//! Ataxx: `duel perft ataxx` (the Botzone bot and the UAI engine behind `ataxx` are
//! `duel_protocols::botzone` and `duel_protocols::uai`).

use duel_core::ataxx::{Board, Rules, perft as count};
use duel_protocols::clock::WallClock;
use std::process::ExitCode;
use std::time::Instant;

/// The rule set named on a command line.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesArg {
    /// Botzone's judge: no passes, the game ends when either side cannot move, 401 plies.
    Botzone,
    /// Standard Ataxx: passes, the 100-ply copy/capture clock, blocked cells.
    Standard,
}

impl From<RulesArg> for Rules {
    fn from(r: RulesArg) -> Rules {
        match r {
            RulesArg::Botzone => Rules::Botzone,
            RulesArg::Standard => Rules::Standard,
        }
    }
}

/// `duel perft ataxx DEPTH [--fen F] [--rules botzone|standard]`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// The deepest ply to count.
    pub depth: u32,
    /// The position (FEN: rows from the top, `x` black, `o` white, `-` blocked; side; clocks);
    /// the start position by default.
    #[arg(long)]
    pub fen: Option<String>,
    /// The rules that decide passes and the end of the game.
    #[arg(long, value_enum, default_value = "standard")]
    pub rules: RulesArg,
}

/// Counts leaf nodes, printing `DEPTH NODES SECONDS` for each depth from 1.
pub fn perft(args: &PerftArgs) -> ExitCode {
    let rules = Rules::from(args.rules);
    let board = match &args.fen {
        Some(fen) => match Board::from_fen(fen, rules) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("duel: {e}");
                return ExitCode::from(2);
            }
        },
        None => Board::start(rules),
    };
    for depth in 1..=args.depth {
        let start = Instant::now();
        let nodes = count(&board, depth);
        println!("{depth} {nodes} {:.3}", start.elapsed().as_secs_f64());
    }
    ExitCode::SUCCESS
}

/// `duel solve ataxx`: FENs on stdin, one a line (`#` comments and blank lines skipped), one
/// `<move> <margin> <nodes> <micros>` line each (the proven best move and the final margin for
/// the side to move, by the player's exact solve), or `unsolved - <nodes> <micros>` when no
/// proof was found within the budget; `over <margin>` for a finished game.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// The rules that decide passes and the end of the game.
    #[arg(long, value_enum, default_value = "standard")]
    pub rules: RulesArg,
    /// Give up on a position after this many milliseconds (no limit by default).
    #[arg(long)]
    pub millis: Option<u64>,
    /// Give up on a position after this many nodes (no limit by default).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Transposition table size in MiB (cleared between positions).
    #[arg(long, default_value_t = 16)]
    pub hash_mib: usize,
}

/// The final margin of an exact score (`ataxx::WIN` and a piece a [`ataxx::PIECE`] a unit).
fn margin_of(score: i32) -> i32 {
    (score - score.signum() * duel_core::ataxx::WIN) / duel_core::ataxx::PIECE
}

/// Solves each FEN of stdin exactly; a malformed line stops with `duel: line N: ...`, exit 2.
pub fn solve_lines(args: &SolveArgs) -> ExitCode {
    use duel_core::ataxx::Match;
    use duel_core::{Budget, Entry, Player as _, TimeUse, ataxx};
    use std::io::{BufRead, Write};
    let entries = (args.hash_mib.max(1) << 20) / std::mem::size_of::<Entry>();
    let mut table = vec![Entry::default(); entries];
    let clock = WallClock::start();
    let mut out = std::io::stdout().lock();
    for (i, line) in std::io::stdin().lock().lines().enumerate() {
        let n = i + 1;
        let Ok(line) = line else {
            eprintln!("duel: line {n}: not valid UTF-8 text");
            return ExitCode::from(2);
        };
        let fen = line.trim();
        if fen.is_empty() || fen.starts_with('#') {
            continue;
        }
        let board = match Board::from_fen(fen, args.rules.into()) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("duel: line {n}: {e}");
                return ExitCode::from(2);
            }
        };
        let text = if let Some(margin) = board.final_margin() {
            format!("over {margin}")
        } else {
            table.fill(Entry::default());
            let start = Instant::now();
            let mut budget = match args.millis {
                Some(ms) => Budget::millis(&clock, ms),
                None => Budget::unlimited(),
            };
            if let Some(nodes) = args.nodes {
                budget = budget.with_node_limit(nodes);
            }
            // Unproven, the player searches one ply with what is left: no more.
            budget = budget.with_max_depth(1);
            let decision = ataxx::Player::new(&mut table, TimeUse::ThisMove)
                .solving_exactly()
                .choose(&Match::from_board(board), &mut budget);
            let micros = start.elapsed().as_micros();
            match decision {
                Some(d) if d.exact => {
                    format!("{} {} {} {micros}", d.mv, margin_of(d.score), d.nodes)
                }
                _ => format!("unsolved - {} {micros}", budget.nodes_used()),
            }
        };
        if writeln!(out, "{text}").and_then(|()| out.flush()).is_err() {
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}
