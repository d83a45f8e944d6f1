//! Ataxx: `duel perft ataxx` (the Botzone bot and the UAI engine behind `ataxx` are
//! `duel_protocols::botzone` and `duel_protocols::uai`).

use duel_core::ataxx::{Board, Rules, perft as count};
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
