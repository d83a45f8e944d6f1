//! How many moves a game has seen, estimated from a protocol board, which shows no move count.
//!
//! The move limit (50 moves in total) decides most games at 20×20, so the engine must know
//! how many moves are left; the contest program is shown only the board. The cells both sides
//! own grow with every move, so [`estimate_moves_played`] reads the count off a table of the
//! median move count by owned fraction, for each contest side 10..=20, fitted on self-play by
//! `grader/train/src/bin/filler-moves.rs`.

use super::board::Board;
use super::grid::COLOURS;

/// Bands of the owned fraction in the tempo table.
pub const BUCKETS: usize = 32;

/// The median number of moves played, by side (10..=20) and by band of the owned fraction
/// (`owned * BUCKETS / (size * size)`), as `filler-moves fit` (`duel-train`) prints it.
#[rustfmt::skip]
const TABLE: [[u8; BUCKETS]; 11] = [
    [2, 2, 4, 5, 6, 8, 9, 9, 11, 11, 13, 13, 14, 15, 16, 17, 17, 18, 20, 20, 20, 22, 23, 24, 25, 26, 27, 28, 30, 32, 33, 42],
    [0, 2, 4, 6, 8, 9, 10, 11, 13, 14, 14, 16, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 30, 31, 32, 34, 35, 38, 44],
    [1, 3, 5, 7, 9, 11, 12, 13, 15, 16, 17, 18, 18, 19, 20, 21, 22, 23, 24, 26, 26, 27, 28, 30, 30, 32, 33, 35, 36, 38, 41, 45],
    [1, 4, 6, 9, 11, 12, 13, 16, 16, 18, 19, 20, 21, 22, 23, 24, 24, 26, 26, 28, 28, 29, 31, 33, 33, 34, 37, 37, 39, 41, 44, 47],
    [1, 4, 7, 10, 12, 14, 15, 17, 18, 19, 21, 21, 23, 24, 24, 25, 27, 28, 28, 30, 30, 32, 33, 35, 36, 37, 39, 40, 42, 44, 46, 48],
    [1, 5, 8, 11, 13, 14, 16, 18, 19, 21, 23, 23, 24, 25, 27, 27, 28, 29, 31, 32, 34, 35, 37, 37, 39, 40, 41, 43, 45, 46, 47, 48],
    [1, 5, 9, 11, 14, 16, 18, 20, 21, 22, 24, 25, 27, 28, 29, 30, 31, 32, 33, 35, 36, 37, 37, 40, 40, 42, 44, 44, 46, 47, 48, 48],
    [2, 7, 10, 13, 15, 17, 19, 21, 22, 25, 26, 28, 28, 29, 31, 32, 33, 34, 36, 36, 37, 39, 41, 41, 42, 44, 45, 47, 47, 48, 48, 48],
    [3, 7, 12, 15, 17, 20, 21, 24, 25, 27, 28, 30, 31, 32, 33, 35, 37, 37, 38, 40, 41, 41, 43, 45, 46, 47, 47, 48, 49, 49, 49, 49],
    [2, 8, 12, 15, 18, 20, 22, 24, 25, 28, 29, 31, 32, 34, 35, 36, 38, 39, 42, 42, 42, 44, 45, 45, 46, 47, 48, 48, 49, 49, 49, 49],
    [3, 8, 13, 16, 19, 21, 23, 25, 27, 29, 30, 32, 33, 35, 36, 38, 39, 40, 42, 43, 45, 46, 46, 46, 47, 48, 49, 49, 49, 49, 49, 49],
];

/// The estimated number of moves played on `board` (both sides counted), from the cells owned;
/// 0 for a side outside 10..=20. Never above `board.move_limit() - 1` (the game is not over
/// when a program is asked to move).
pub fn estimate_moves_played(board: &Board) -> u8 {
    let size = board.size();
    let Some(row) = size.checked_sub(10).and_then(|i| TABLE.get(i)) else {
        return 0;
    };
    let owned = (board.own().count() + board.opponent().count()) as usize;
    let bucket = (owned * BUCKETS / (size * size).max(1)).min(BUCKETS - 1);
    let estimate = row.get(bucket).copied().unwrap_or(0);
    estimate.min(board.move_limit().saturating_sub(1))
}

/// Whether `later` can be a later board of the same game as `earlier`, both seen from the same
/// side: the same size, each territory kept or grown, every cell still unowned in `later`
/// unowned in `earlier` and of the same colour, and at least one more cell owned. A program
/// restarted every move can count the moves by finding the board it saw last among those
/// it remembers (`filler --memory`). With only a few cells left free, a board of another game,
/// or the other side's, can pass the test too (on random boards of two to ten colours: at most
/// four free cells, most often one).
pub fn follows(earlier: &Board, later: &Board) -> bool {
    if earlier.size() != later.size()
        || !earlier.own().without(later.own()).is_empty()
        || !earlier.opponent().without(later.opponent()).is_empty()
    {
        return false;
    }
    let owned = |b: &Board| b.own().count() + b.opponent().count();
    if owned(earlier) >= owned(later) {
        return false;
    }
    let free = later.free();
    (0..COLOURS as u8).all(|c| later.free_of(c) == (earlier.free_of(c) & free))
}

/// The moves played at the first board a side sees of a game, when it remembers none: 1 (the
/// second player, the first having moved) when the opponent owns two cells or more, else 0. A
/// start region is mostly one cell and a first move mostly gains: on random boards of 10×10,
/// 15×15 and 20×20 after a greedy first move this is right 90% of the time, as often as the
/// best rule on both territories' sizes (`opponent > own` is right 86% of the time).
pub fn first_moves_played(board: &Board) -> u8 {
    u8::from(board.opponent().count() >= 2)
}
