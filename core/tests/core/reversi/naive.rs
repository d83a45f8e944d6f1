//! The naive twin of Reversi: cells, and eight directions walked square by square; plain
//! minimax over the final disc difference; the trained evaluation summed weight by weight.

use duel_core::Game;
use duel_core::reversi::Board;
use duel_core::reversi::pattern::view;
use duel_core::reversi::trained::{
    self, PATTERN_OFFSET, PATTERN_SQUARES, PATTERNS, PHASE_CELLS, PHASE_WEIGHTS, SCALARS, UNIT,
};
use duel_core::reversi::weight_file::WEIGHTS;

/// 0 empty, 1 the side to move, 2 the other side.
pub(crate) type Grid = [u8; 64];

pub(crate) const STEPS: [(i32, i32); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

pub(crate) fn grid_of(board: &Board) -> Grid {
    let mut g = [0u8; 64];
    for (i, cell) in g.iter_mut().enumerate() {
        if board.player().bits() >> i & 1 == 1 {
            *cell = 1;
        } else if board.opponent().bits() >> i & 1 == 1 {
            *cell = 2;
        }
    }
    g
}

/// The squares a move on `sq` flips for the side whose discs are `me` (1 or 2).
pub(crate) fn naive_flips(g: &Grid, sq: usize, me: u8) -> u64 {
    if g[sq] != 0 {
        return 0;
    }
    let them = 3 - me;
    let (r0, c0) = ((sq / 8) as i32, (sq % 8) as i32);
    let mut all = 0u64;
    for (dr, dc) in STEPS {
        let (mut r, mut c) = (r0 + dr, c0 + dc);
        let mut line = 0u64;
        while (0..8).contains(&r) && (0..8).contains(&c) && g[(r * 8 + c) as usize] == them {
            line |= 1 << (r * 8 + c);
            r += dr;
            c += dc;
        }
        if line != 0 && (0..8).contains(&r) && (0..8).contains(&c) && g[(r * 8 + c) as usize] == me
        {
            all |= line;
        }
    }
    all
}

pub(crate) fn naive_moves(g: &Grid, me: u8) -> u64 {
    (0..64)
        .filter(|&sq| naive_flips(g, sq, me) != 0)
        .fold(0, |m, sq| m | 1 << sq)
}

/// Plain minimax without pruning over the final disc difference.
pub(crate) fn minimax(b: &Board) -> i32 {
    let moves = b.legal_moves();
    if moves.is_empty() {
        return b.final_margin();
    }
    moves
        .iter()
        .map(|&mv| -minimax(&b.play_unchecked(mv)))
        .max()
        .expect("moves")
}

/// The pattern cell of `squares` (in digit order) read square by square: 0 empty, 1 the
/// player's, 2 the opponent's.
pub(crate) fn naive_cell(p: u64, o: u64, squares: &[u8]) -> u16 {
    squares.iter().rev().fold(0u16, |acc, &sq| {
        acc * 3 + (p >> sq & 1) as u16 + 2 * (o >> sq & 1) as u16
    })
}

/// The evaluation of `b` summed weight by weight, all eight views, from the full table
/// `table` (any fit's).
pub(crate) fn naive_score_in(table: &[i16], b: &Board) -> i32 {
    assert_eq!(table.len(), WEIGHTS);
    let w = |at: usize| i32::from(table[at]);
    let (p, o) = (b.player().bits(), b.opponent().bits());
    let base = trained::phase(b.empties()) * PHASE_WEIGHTS;
    let mut s = 0;
    for v in 0..8 {
        let (vp, vo) = (view(p, v), view(o, v));
        for k in 0..PATTERNS {
            s += w(base + PATTERN_OFFSET[k] + usize::from(naive_cell(vp, vo, PATTERN_SQUARES[k])));
        }
    }
    let f = trained::features(p, o);
    for i in 0..SCALARS {
        s += w(base + PHASE_CELLS + i) * f.scalars[i];
    }
    (s * 100 / UNIT).clamp(-6400, 6400)
}
