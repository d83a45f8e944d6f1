//! The solver's last empties: nodes without the table from [`super::SHALLOW_EMPTIES`] down,
//! and dedicated code for the last four empties (no move generation; the last square's
//! flips counted without building a board).

use super::{INF, Solver, odd_quadrants};
use crate::reversi::bits;
use crate::reversi::board::final_score;

/// The smallest alpha at which a stability test pays off in a shallow node (no table): the
/// opponent's stable discs rarely bound the score below this.
#[inline]
fn shallow_stability_threshold(empties: u32) -> i32 {
    2 * empties as i32 - 2
}

impl Solver<'_, '_, '_> {
    /// A node near the end: no table, moves in odd quadrants first.
    pub(super) fn shallow(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        mut beta: i32,
        empties: u32,
    ) -> i32 {
        self.nodes += 1;
        let moves = bits::moves(p, o);
        if moves == 0 {
            if bits::moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -self.shallow(o, p, -beta, -alpha, empties);
        }
        if alpha >= shallow_stability_threshold(empties) {
            let upper = 64 - 2 * bits::stable(o, p).count_ones() as i32;
            if upper <= alpha {
                return upper;
            }
            beta = beta.min(upper);
        }
        let odd = odd_quadrants(!(p | o));
        let mut best = -INF;
        for group in [moves & odd, moves & !odd] {
            let mut m = group;
            while m != 0 {
                let sq = m.trailing_zeros() as usize;
                m &= m - 1;
                let f = bits::flips(sq, p, o);
                let (cp, co) = (o ^ f, p | f | (1u64 << sq));
                let score = -self.search(cp, co, -beta, -alpha, empties - 1);
                if score > best {
                    best = score;
                    if score > alpha {
                        alpha = score;
                        if alpha >= beta {
                            return best;
                        }
                    }
                }
            }
        }
        best
    }

    /// Four empties or fewer: the empty squares in parity order, no move generation.
    pub(super) fn last_four(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        let empty = !(p | o);
        let odd = odd_quadrants(empty);
        let mut squares = [0u8; 4];
        let mut n = 0;
        for group in [empty & odd, empty & !odd] {
            let mut m = group;
            while m != 0 {
                if let Some(slot) = squares.get_mut(n) {
                    *slot = m.trailing_zeros() as u8;
                    n += 1;
                }
                m &= m - 1;
            }
        }
        match squares.get(..n) {
            Some(&[a, b, c, d]) => self.solve4(p, o, alpha, beta, [a, b, c, d], false),
            Some(&[a, b, c]) => self.solve3(p, o, alpha, beta, [a, b, c], false),
            Some(&[a, b]) => self.solve2(p, o, alpha, beta, a, b),
            Some(&[a]) => last_one(p, o, a),
            _ => final_score(p, o),
        }
    }

    /// Four empties, tried in the given order; `passed` when the opponent just passed.
    fn solve4(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        x: [u8; 4],
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let mut best = -INF;
        for (i, rest) in [
            (x[0], [x[1], x[2], x[3]]),
            (x[1], [x[0], x[2], x[3]]),
            (x[2], [x[0], x[1], x[3]]),
            (x[3], [x[0], x[1], x[2]]),
        ] {
            let Some((cp, co)) = play_on(p, o, i) else {
                continue;
            };
            let score = -self.solve3(cp, co, -beta, -alpha, rest, false);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        return best;
                    }
                }
            }
        }
        if best > -INF {
            best
        } else if passed {
            final_score(p, o)
        } else {
            -self.solve4(o, p, -beta, -alpha, x, true)
        }
    }

    /// Three empties; `passed` when the opponent just passed.
    fn solve3(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        x: [u8; 3],
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let mut best = -INF;
        for (i, a, b) in [(x[0], x[1], x[2]), (x[1], x[0], x[2]), (x[2], x[0], x[1])] {
            let Some((cp, co)) = play_on(p, o, i) else {
                continue;
            };
            let score = -self.solve2(cp, co, -beta, -alpha, a, b);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        return best;
                    }
                }
            }
        }
        if best > -INF {
            best
        } else if passed {
            final_score(p, o)
        } else {
            -self.solve3(o, p, -beta, -alpha, x, true)
        }
    }

    /// Two empties `a` and `b`: each side's moves, then the end of the game.
    fn solve2(&mut self, p: u64, o: u64, alpha: i32, beta: i32, a: u8, b: u8) -> i32 {
        self.nodes += 1;
        let mut best = -INF;
        if let Some((cp, co)) = play_on(p, o, a) {
            best = -last_one(cp, co, b);
            if best >= beta {
                return best;
            }
        }
        if let Some((cp, co)) = play_on(p, o, b) {
            best = best.max(-last_one(cp, co, a));
        }
        if best > -INF {
            return best;
        }
        // The player passes; the opponent minimises the player's score.
        let mut worst = INF;
        if let Some((mine, theirs)) = play_on(o, p, a) {
            worst = last_one(mine, theirs, b);
            if worst <= alpha {
                return worst;
            }
        }
        if let Some((mine, theirs)) = play_on(o, p, b) {
            worst = worst.min(last_one(mine, theirs, a));
        }
        if worst < INF {
            worst
        } else {
            final_score(p, o)
        }
    }
}

/// The position after the player (discs `p`) moves on `sq`, still side-relative (the
/// opponent to move first), or `None` when the move flips nothing.
#[inline(always)]
fn play_on(p: u64, o: u64, sq: u8) -> Option<(u64, u64)> {
    let sq = sq & 63;
    if o & bits::NEIGHBOURS[sq as usize] == 0 {
        return None;
    }
    let f = bits::flips(sq as usize, p, o);
    if f == 0 {
        None
    } else {
        Some((o ^ f, p | f | (1u64 << sq)))
    }
}

/// The final score for the player to move with one empty square `sq` left: its move, else the
/// opponent's, else the game ends with the empty square to the winner.
#[inline]
fn last_one(p: u64, o: u64, sq: u8) -> i32 {
    let pc = p.count_ones() as i32;
    let near = bits::NEIGHBOURS[(sq & 63) as usize];
    if o & near != 0 {
        let f = bits::flips(sq as usize, p, o);
        if f != 0 {
            return 2 * (pc + f.count_ones() as i32 + 1) - 64;
        }
    }
    if p & near != 0 {
        let f = bits::flips(sq as usize, o, p);
        if f != 0 {
            return 2 * (pc - f.count_ones() as i32) - 64;
        }
    }
    let diff = 2 * pc - 63;
    if diff > 0 { diff + 1 } else { diff - 1 }
}
