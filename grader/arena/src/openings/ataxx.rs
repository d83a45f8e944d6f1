//! Ataxx's opening suite: UAI move lists (`f2 a6 g1e3 …`) after random plies (4 by default).

use super::{OpeningsArgs, draw_suite, write};
use duel_core::ataxx::{self, Match};
use duel_core::{Budget, Colour, Entry, Player as _, TimeUse};
use std::io::Write;
use std::process::ExitCode;

/// `duel openings ataxx`: writes the suite to stdout, progress to stderr.
pub fn openings(args: &OpeningsArgs) -> ExitCode {
    write(args, suite)
}

fn suite(args: &OpeningsArgs, out: &mut dyn Write) -> Result<(), String> {
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
            .pieces(Colour::Black)
            .bits()
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ board.pieces(Colour::White).bits();
        (pieces.abs() <= args.max_score).then_some((key, moves.join(" ")))
    })
}
