//! `duel openings`: makes the opening suites the arena plays from, reproducibly from a seed.
//!
//! - Reversi: positions after K random plies from the start, written as move strings
//!   (`f5d6c3…`), distinct, and kept only when a search of the project's own engine scores
//!   them within `--max-discs` of even, so neither side starts lost.
//! - Ataxx: positions after K random plies from the start (Botzone rules, no circular move),
//!   written as UAI move lists (`f2 a6 g1e3 …`), distinct, and kept only when a search scores
//!   them within `--max-pieces` of even.

use crate::Rng;
use duel_core::ataxx::{self, Match};
use duel_core::reversi::{Board, Move};
use duel_core::{Budget, Entry, Game, Player as _, TimeUse};
use std::collections::HashSet;
use std::io::Write;
use std::process::ExitCode;

/// `duel openings reversi|ataxx`.
#[derive(clap::Args, Debug)]
pub struct OpeningsArgs {
    /// Random plies from the start position.
    #[arg(long)]
    plies: Option<u32>,
    /// Openings to write.
    #[arg(long, default_value_t = 1000)]
    count: usize,
    /// Seed of the random plies.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Nodes of the search that checks each position's balance.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Keep a position only when the search scores it within this many discs (pieces) of even.
    #[arg(long, default_value_t = 4.0)]
    max_score: f64,
}

/// Which game's suite to make.
#[derive(clap::Subcommand, Debug)]
pub enum OpeningsGame {
    /// Reversi move strings (default 8 plies).
    Reversi(OpeningsArgs),
    /// Ataxx UAI move lists (default 4 plies).
    Ataxx(OpeningsArgs),
}

/// Writes the suite to stdout, progress to stderr.
pub fn openings(game: &OpeningsGame) -> ExitCode {
    let mut out = std::io::stdout().lock();
    let result = match game {
        OpeningsGame::Reversi(args) => reversi_suite(args, &mut out),
        OpeningsGame::Ataxx(args) => ataxx_suite(args, &mut out),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("duel: openings: {e}");
            ExitCode::from(2)
        }
    }
}

/// Draws until `count` kept, or gives up after many draws in a row keep nothing new.
fn draw_suite(
    args: &OpeningsArgs,
    out: &mut dyn Write,
    mut draw: impl FnMut(&mut Rng) -> Option<(u64, String)>,
) -> Result<(), String> {
    let mut seen = HashSet::new();
    let mut kept = 0;
    let mut rng = Rng::new(args.seed, 0);
    let mut fruitless = 0;
    while kept < args.count {
        let Some((key, line)) = draw(&mut rng) else {
            fruitless += 1;
            if fruitless > 100_000 {
                return Err(format!("only {kept} openings found; loosen --max-score"));
            }
            continue;
        };
        if !seen.insert(key) {
            fruitless += 1;
            if fruitless > 100_000 {
                return Err(format!("only {kept} distinct openings found"));
            }
            continue;
        }
        fruitless = 0;
        writeln!(out, "{line}").map_err(|e| e.to_string())?;
        kept += 1;
        if kept % 100 == 0 || kept == args.count {
            eprintln!("openings: {kept}/{}", args.count);
        }
    }
    Ok(())
}

fn reversi_suite(args: &OpeningsArgs, out: &mut dyn Write) -> Result<(), String> {
    let plies = args.plies.unwrap_or(8);
    let mut table = vec![Entry::default(); 1 << 16];
    draw_suite(args, out, |rng| {
        let mut board = Board::start();
        let mut line = String::new();
        for _ in 0..plies {
            if !board.has_move() {
                return None;
            }
            let moves = board.legal_moves();
            let moves = moves.as_ref();
            let mv = moves[rng.below(moves.len())];
            board = board.play_unchecked(mv);
            line.push_str(&mv.to_string());
        }
        if !board.has_move() {
            return None;
        }
        let mut budget = Budget::nodes(args.nodes);
        let mut player = duel_core::reversi::Player::new(&mut table, TimeUse::ThisMove);
        let choice = player.choose(&board, &mut budget)?;
        let discs = if choice.exact {
            f64::from(choice.score)
        } else {
            f64::from(choice.score) / 100.0
        };
        (discs.abs() <= args.max_score && choice.mv != Move::Pass).then_some((board.hash(), line))
    })
}

fn ataxx_suite(args: &OpeningsArgs, out: &mut dyn Write) -> Result<(), String> {
    let plies = args.plies.unwrap_or(4);
    let mut table = vec![Entry::default(); 1 << 16];
    draw_suite(args, out, |rng| {
        let mut game = Match::new();
        let mut moves = Vec::new();
        for _ in 0..plies {
            let legal: Vec<ataxx::Move> = game
                .board()
                .legal_moves()
                .iter()
                .copied()
                .filter(|&m| !game.history().is_circular(game.board(), m))
                .collect();
            let mv = *legal.get(rng.below(legal.len()))?;
            game.play(mv).ok()?;
            moves.push(mv.to_string());
        }
        let board = *game.board();
        if board.is_over() {
            return None;
        }
        let mut budget = Budget::nodes(args.nodes).with_max_depth(64);
        let result =
            ataxx::Player::new(&mut table, TimeUse::ThisMove).choose(&game, &mut budget)?;
        let pieces = f64::from(result.score) / f64::from(ataxx::PIECE);
        let key = board
            .pieces(duel_core::Colour::Black)
            .bits()
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ board.pieces(duel_core::Colour::White).bits();
        (pieces.abs() <= args.max_score).then_some((key, moves.join(" ")))
    })
}
