//! Reversi: the bitboard rules against a naive grid, the exact solver against plain minimax and
//! FFO #40, conversions, the engine, the pattern evaluation, and `duel perft|solve|bench
//! reversi`. (Perft against the data file, search against minimax and the `Game` contract are
//! checked by `conformance`.)

pub(crate) mod naive;

mod engine;
mod mpc;
mod ordering;
mod pattern;
mod pipeline;
mod programs;
mod rules;
mod search;
mod solver;
mod trained;

use duel_core::Game;
use duel_core::reversi::{Board, Move};
use duel_tests::Rng;

pub(crate) fn random_move(board: &Board, rng: &mut Rng) -> Option<Move> {
    let moves = board.legal_moves();
    let list = moves.as_slice();
    if list.is_empty() {
        None
    } else {
        Some(list[rng.below(list.len())])
    }
}

/// A position after `plies` random moves from the start (fewer if the game ends first).
pub(crate) fn random_position(rng: &mut Rng, plies: usize) -> Board {
    let mut b = Board::start();
    for _ in 0..plies {
        match random_move(&b, rng) {
            Some(mv) => b = b.play(mv).expect("a listed move is legal"),
            None => break,
        }
    }
    b
}

pub(crate) fn first_ffo_line() -> String {
    let text = duel_tests::data_text("reversi/ffo40-59.txt");
    text.lines().next().expect("a line").to_string()
}
