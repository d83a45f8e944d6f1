//! What the Reversi tests share (with `tests/it/reversi` too, which includes this file): random
//! moves and positions, the FFO suite's first position, and the trained weight files'
//! symmetry.

use crate::support::Rng;
use duel_core::Game;
use duel_core::reversi::pattern::view;
use duel_core::reversi::trained::{
    PATTERN_CELLS, PATTERN_OFFSET, PATTERN_SQUARES, PATTERNS, PHASE_WEIGHTS, PHASES, WEIGHT_BYTES,
};
use duel_core::reversi::{Board, Move};

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
    let text = crate::support::data_text("reversi/ffo40-59.txt");
    text.lines().next().expect("a line").to_string()
}

/// The original square that square `s` of view `v` shows.
fn view_source(v: usize, s: u8) -> u8 {
    (0..64u8)
        .find(|&orig| view(1u64 << orig, v) >> s & 1 == 1)
        .expect("a view is a permutation")
}

/// Pattern `k` in every view as the original squares it reads, in digit order.
pub(crate) fn pattern_in_views(k: usize) -> Vec<Vec<u8>> {
    (0..8)
        .map(|v| {
            PATTERN_SQUARES[k]
                .iter()
                .map(|&s| view_source(v, s))
                .collect()
        })
        .collect()
}

/// Where two views read the same squares in another order, the cell one reads must weigh what
/// the other's reading of the same discs weighs, in every phase of `bytes`: what lets the
/// evaluation read each square set once (FOLDED_VIEWS).
pub(crate) fn assert_symmetric(bytes: &[u8]) {
    assert_eq!(bytes.len(), WEIGHT_BYTES);
    let w = |at: usize| i16::from_le_bytes([bytes[2 * at], bytes[2 * at + 1]]);
    for k in 0..PATTERNS {
        let sets = pattern_in_views(k);
        let n = PATTERN_SQUARES[k].len();
        for (u, a) in sets.iter().enumerate() {
            for b in &sets[u + 1..] {
                let mut sorted = (a.clone(), b.clone());
                sorted.0.sort_unstable();
                sorted.1.sort_unstable();
                if sorted.0 != sorted.1 {
                    continue;
                }
                // Digit j of b's reading is digit perm[j] of a's.
                let perm: Vec<u32> = b
                    .iter()
                    .map(|s| a.iter().position(|t| t == s).expect("same set") as u32)
                    .collect();
                for cell in 0..PATTERN_CELLS[k] {
                    let other: usize = (0..n)
                        .map(|j| (cell / 3usize.pow(perm[j])) % 3 * 3usize.pow(j as u32))
                        .sum();
                    for phase in 0..PHASES {
                        let base = phase * PHASE_WEIGHTS + PATTERN_OFFSET[k];
                        assert_eq!(
                            w(base + cell),
                            w(base + other),
                            "pattern {k} phase {phase} cell {cell}"
                        );
                    }
                }
            }
        }
    }
}
