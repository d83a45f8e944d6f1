//! The naive twin of Reversi: cells, and eight directions walked square by square; plain
//! minimax over the final disc difference.

use duel_core::Game;
use duel_core::reversi::Board;

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
