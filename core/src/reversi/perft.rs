//! Perft: the number of leaves of the game tree at a fixed depth, a pass counting as a ply and
//! a finished game yielding no leaves below it.

use super::bits;
use super::board::Board;

/// The number of leaf nodes `depth` plies below `board` (1 at depth 0). Bulk-counted: the
/// last ply counts moves without playing them.
pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    count(board.player(), board.opponent(), depth)
}

fn count(p: u64, o: u64, depth: u32) -> u64 {
    let moves = bits::moves(p, o);
    if moves == 0 {
        // A pass is one move when the opponent can play; otherwise the game is over.
        if bits::moves(o, p) == 0 {
            return 0;
        }
        return if depth == 1 {
            1
        } else {
            count(o, p, depth - 1)
        };
    }
    if depth == 1 {
        return moves.count_ones() as u64;
    }
    let mut total = 0;
    let mut m = moves;
    while m != 0 {
        let sq = m.trailing_zeros() as usize;
        m &= m - 1;
        let f = bits::flips(sq, p, o);
        total += count(o ^ f, p | f | (1u64 << sq), depth - 1);
    }
    total
}
