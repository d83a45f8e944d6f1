//! Perft: the number of leaves of the game tree at a fixed depth, a pass counting as a ply and
//! a finished game yielding no leaves below it.

use super::bits::{self, FlipRuns};
use super::board::Board;

/// The number of leaf nodes `depth` plies below `board` (1 at depth 0). Bulk-counted: the
/// last ply counts moves without playing them.
pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    count(board.player().bits(), board.opponent().bits(), depth)
}

/// The leaves `depth` (at least 1) plies below `(p, o)`.
fn count(p: u64, o: u64, depth: u32) -> u64 {
    let (moves, runs) = bits::moves_and_runs(p, o);
    count_with_moves(p, o, moves, &runs, depth)
}

/// [`count`] given the legal moves `moves` and the flip runs `runs` of `(p, o)`.
#[inline(always)]
fn count_with_moves(p: u64, o: u64, moves: u64, runs: &FlipRuns, depth: u32) -> u64 {
    if moves == 0 {
        return pass(p, o, depth);
    }
    match depth {
        1 => u64::from(moves.count_ones()),
        2 => two_plies(p, o, moves, runs),
        _ => three_plies_or_more(p, o, moves, runs, depth),
    }
}

/// The leaves `depth` (at least 1) plies below `(p, o)` when the player must pass: a pass is
/// one move when the opponent can play; otherwise the game is over and has no leaves.
#[cold]
#[inline(never)]
fn pass(p: u64, o: u64, depth: u32) -> u64 {
    let (replies, runs) = bits::moves_and_runs(o, p);
    if replies == 0 {
        0
    } else if depth == 1 {
        1
    } else {
        count_with_moves(o, p, replies, &runs, depth - 1)
    }
}

/// The leaves `depth` (3 or more) plies below `(p, o)`, whose legal moves `moves` are not
/// empty and whose flip runs are `runs`. The children are made two at a time so that one
/// [`bits::moves_pair_with_runs`] finds the moves and flip runs of both; an odd child out is
/// paired with the empty board, which is not counted (a child's second side has at least the
/// disc just played).
#[inline(never)]
fn three_plies_or_more(p: u64, o: u64, moves: u64, runs: &FlipRuns, depth: u32) -> u64 {
    let mut child_runs = [FlipRuns::default(); 2];
    let mut total = 0;
    let mut m = moves;
    while m != 0 {
        let (pa, oa) = play_lowest(p, o, runs, &mut m);
        let (pb, ob) = if m != 0 {
            play_lowest(p, o, runs, &mut m)
        } else {
            (0, 0)
        };
        let [ma, mb] = bits::moves_pair_with_runs([pa, pb], [oa, ob], &mut child_runs);
        total += count_with_moves(pa, oa, ma, &child_runs[0], depth - 1);
        if ob != 0 {
            total += count_with_moves(pb, ob, mb, &child_runs[1], depth - 1);
        }
    }
    total
}

/// The leaves two plies below `(p, o)`, whose legal moves `moves` are not empty and whose
/// flip runs are `runs`: each child's replies counted in place, two children at a time (as in
/// [`three_plies_or_more`]).
#[inline(never)]
fn two_plies(p: u64, o: u64, moves: u64, runs: &FlipRuns) -> u64 {
    let mut total = 0;
    let mut m = moves;
    while m != 0 {
        let (pa, oa) = play_lowest(p, o, runs, &mut m);
        let (pb, ob) = if m != 0 {
            play_lowest(p, o, runs, &mut m)
        } else {
            (0, 0)
        };
        let [ma, mb] = bits::moves_pair([pa, pb], [oa, ob]);
        total += one_ply(pa, oa, ma);
        if ob != 0 {
            total += one_ply(pb, ob, mb);
        }
    }
    total
}

/// The leaves one ply below `(p, o)`, whose legal moves are `moves`.
#[inline(always)]
fn one_ply(p: u64, o: u64, moves: u64) -> u64 {
    if moves != 0 {
        u64::from(moves.count_ones())
    } else {
        pass(p, o, 1)
    }
}

/// Plays the player's move on the lowest square of `moves` (which must not be empty) in the
/// position `(p, o)` whose flip runs are `runs`, removes it from `moves`, and returns the
/// position after it (the side to move first).
#[inline(always)]
fn play_lowest(p: u64, o: u64, runs: &FlipRuns, moves: &mut u64) -> (u64, u64) {
    let sq = moves.trailing_zeros() as usize;
    *moves &= moves.wrapping_sub(1);
    let f = runs.flips(sq, o);
    (o ^ f, p | f | (1u64 << sq))
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
    count_hashed(
        board.player().bits(),
        board.opponent().bits(),
        depth.min(63),
        table,
    )
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

#[cfg(test)]
mod tests {
    use super::{PerftSlot, perft, perft_hashed};
    use crate::Bitboard;
    use crate::Colour;
    use crate::reversi::bits;
    use crate::reversi::board::Board;

    /// Perft one ply at a time: every node generated, no bulk counting, no pairs.
    fn perft_by_plies(p: u64, o: u64, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = bits::moves(p, o);
        if moves == 0 {
            return if bits::moves(o, p) == 0 {
                0
            } else {
                perft_by_plies(o, p, depth - 1)
            };
        }
        (0..64)
            .filter(|sq| moves >> sq & 1 != 0)
            .map(|sq| {
                let f = bits::flips(sq, p, o);
                perft_by_plies(o ^ f, p | f | 1 << sq, depth - 1)
            })
            .sum()
    }

    /// Positions from random games of every length, passes and finished games included.
    fn random_positions(count: usize) -> impl Iterator<Item = (u64, u64)> {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let start = Board::start();
        (0..count).map(move |i| {
            let (mut p, mut o) = (start.player().bits(), start.opponent().bits());
            for _ in 0..i % 64 {
                let moves = bits::moves(p, o);
                if moves == 0 {
                    (p, o) = (o, p);
                    continue;
                }
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let mut m = moves;
                for _ in 0..state % u64::from(moves.count_ones()) {
                    m &= m - 1;
                }
                let sq = m.trailing_zeros() as usize;
                let f = bits::flips(sq, p, o);
                (p, o) = (o ^ f, p | f | 1 << sq);
            }
            (p, o)
        })
    }

    #[test]
    fn perft_counts_the_start_position() {
        let counts = [1, 4, 12, 56, 244, 1396, 8200, 55092, 390216];
        for (depth, &n) in counts.iter().enumerate() {
            assert_eq!(perft(&Board::start(), depth as u32), n);
        }
    }

    #[test]
    fn perft_equals_one_ply_at_a_time_on_random_positions() {
        let mut passes = 0;
        for (p, o) in random_positions(640) {
            passes += usize::from(bits::moves(p, o) == 0);
            let board = Board::from_relative(Bitboard(p), Bitboard(o), Colour::Black);
            for depth in 0..=4 {
                assert_eq!(
                    perft(&board, depth),
                    perft_by_plies(p, o, depth),
                    "{p:#x} {o:#x} depth {depth}"
                );
            }
            let mut table = [PerftSlot::default(); 64];
            assert_eq!(perft_hashed(&board, 5, &mut table), perft_by_plies(p, o, 5));
        }
        // The positions include some where the side to move must pass or the game is over.
        assert!(passes > 0);
    }
}
