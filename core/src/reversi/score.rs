//! The scale of finished games: the final disc difference of a position and the search score
//! that stands for it, above any evaluation. Pure functions of discs and scores, so that
//! [`super::board`] and [`super::eval`] both use them without using each other.

use crate::game::Score;

/// A finished game is worth this much plus its disc difference (or minus, for a loss): above
/// any evaluation, and the exact disc difference stays recoverable ([`final_margin_of`]).
pub const WIN_SCORE: Score = 1 << 20;

/// The final disc difference for the player with discs `p` against `o`, empties to the winner.
#[inline]
pub const fn final_margin(p: u64, o: u64) -> i32 {
    let pc = p.count_ones() as i32;
    let oc = o.count_ones() as i32;
    let diff = pc - oc;
    let empties = 64 - pc - oc;
    if diff > 0 {
        diff + empties
    } else if diff < 0 {
        diff - empties
    } else {
        0
    }
}

/// The search score of a finished game with final disc difference `diff` (for the side to
/// move): `WIN_SCORE + diff` for a win, `-WIN_SCORE + diff` for a loss, 0 for a draw.
pub const fn outcome_score(diff: i32) -> Score {
    if diff > 0 {
        WIN_SCORE + diff
    } else if diff < 0 {
        diff - WIN_SCORE
    } else {
        0
    }
}

/// A search score in hundredths of a disc for the side to move: a proven disc difference
/// (`exact`) times 100, a finished game's ([`outcome_score`]) times 100, an evaluation as it is.
pub const fn centidiscs(score: Score, exact: bool) -> Score {
    if exact {
        return score.saturating_mul(100);
    }
    match final_margin_of(score) {
        Some(diff) => diff * 100,
        None => score,
    }
}

/// The final disc difference a search score stands for, when it is the score of a finished
/// game ([`outcome_score`]); `None` for an evaluation.
pub const fn final_margin_of(score: Score) -> Option<i32> {
    if score == 0 {
        Some(0)
    } else if score > WIN_SCORE && score <= WIN_SCORE + 64 {
        Some(score - WIN_SCORE)
    } else if score < -WIN_SCORE && score >= -WIN_SCORE - 64 {
        Some(score + WIN_SCORE)
    } else {
        None
    }
}
