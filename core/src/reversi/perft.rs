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
    if depth == 2 {
        return count_two(p, o, moves);
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

/// The leaves two plies below `(p, o)`, whose legal moves are `moves` (not empty): each
/// child's moves counted in place, without a call per child.
#[inline]
fn count_two(p: u64, o: u64, moves: u64) -> u64 {
    let mut total = 0;
    let mut m = moves;
    while m != 0 {
        let sq = m.trailing_zeros() as usize;
        m &= m - 1;
        let f = bits::flips(sq, p, o);
        let (cp, co) = (o ^ f, p | f | (1u64 << sq));
        let replies = bits::moves(cp, co);
        total += if replies != 0 {
            u64::from(replies.count_ones())
        } else {
            // A pass is one leaf when the mover of this ply can play on; else none.
            u64::from(bits::moves(co, cp) != 0)
        };
    }
    total
}

/// One slot of a perft transposition table: a position and its leaf count at one depth.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PerftSlot {
    player: u64,
    opponent: u64,
    /// `nodes << 6 | depth`; depth 0 marks an empty slot.
    depth_nodes: u64,
}

/// Counts at least this large are not stored (they would not fit beside the depth).
const MAX_STORED_NODES: u64 = 1 << 58;

/// [`perft`] with a transposition table over `table` (any length; an empty slice gives plain
/// perft): positions reached by different move orders are counted once per depth. Exact: a
/// slot keeps the whole position, so there are no hash collisions.
pub fn perft_hashed(board: &Board, depth: u32, table: &mut [PerftSlot]) -> u64 {
    if depth == 0 {
        return 1;
    }
    count_hashed(board.player(), board.opponent(), depth.min(63), table)
}

fn count_hashed(p: u64, o: u64, depth: u32, table: &mut [PerftSlot]) -> u64 {
    if depth <= 2 || table.is_empty() {
        return count(p, o, depth);
    }
    let h = super::board::hash(p, o);
    let slot = ((h as u128 * table.len() as u128) >> 64) as usize;
    if let Some(s) = table.get(slot) {
        if s.player == p && s.opponent == o && s.depth_nodes & 63 == u64::from(depth) {
            return s.depth_nodes >> 6;
        }
    }
    let moves = bits::moves(p, o);
    let total = if moves == 0 {
        if bits::moves(o, p) == 0 {
            0
        } else {
            count_hashed(o, p, depth - 1, table)
        }
    } else {
        let mut total = 0u64;
        let mut m = moves;
        while m != 0 {
            let sq = m.trailing_zeros() as usize;
            m &= m - 1;
            let f = bits::flips(sq, p, o);
            total =
                total.saturating_add(count_hashed(o ^ f, p | f | (1u64 << sq), depth - 1, table));
        }
        total
    };
    if total < MAX_STORED_NODES {
        if let Some(s) = table.get_mut(slot) {
            *s = PerftSlot {
                player: p,
                opponent: o,
                depth_nodes: total << 6 | u64::from(depth),
            };
        }
    }
    total
}
