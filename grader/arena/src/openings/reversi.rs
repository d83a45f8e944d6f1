//! Reversi's opening suite: move strings (`f5d6c3…`) after random plies (8 by default).

use super::{OpeningsArgs, draw_suite, write};
use duel_core::reversi::{Board, Move, Player};
use duel_core::{Budget, Entry, Game as _, Player as _, TimeUse};
use std::io::Write;
use std::process::ExitCode;

/// `duel openings reversi`: writes the suite to stdout, progress to stderr.
pub fn openings(args: &OpeningsArgs) -> ExitCode {
    write(args, suite)
}

fn suite(args: &OpeningsArgs, out: &mut dyn Write) -> Result<(), String> {
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
        let mut player = Player::new(&mut table, TimeUse::ThisMove);
        let choice = player.choose(&board, &mut budget)?;
        let discs = if choice.exact {
            f64::from(choice.score)
        } else {
            f64::from(choice.score) / 100.0
        };
        (discs.abs() <= args.max_score && choice.mv != Move::Pass).then_some((board.hash(), line))
    })
}
