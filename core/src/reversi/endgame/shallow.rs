//! The solver's last empties: nodes without the table from [`super::SHALLOW_EMPTIES`] down
//! (fastest-first from [`SORT_EMPTIES`] empties, parity order below), and dedicated code for
//! the last five empties: no move generation, the empty squares tried in parity order, and
//! the last square's flips counted from four line bytes without building a board.

use super::{INF, OrderEval, Solver, odd_quadrants};
use crate::reversi::bits;
use crate::reversi::score::final_margin;

/// The smallest alpha at which a stability test pays off in a shallow node (no table): the
/// opponent's stable discs rarely bound the score below this.
#[inline]
fn shallow_stability_threshold(empties: u32) -> i32 {
    2 * empties as i32 - 2
}

/// At least this many empties: a shallow node orders its moves fastest-first (fewest
/// opponent replies), not by parity alone.
const SORT_EMPTIES: u32 = 7;

/// Fastest-first key weights: per opponent reply (corner replies count twice), for a move in
/// an odd quadrant, for a corner move.
const KEY_MOB: i32 = 8;
const KEY_PARITY: i32 = 3;
const KEY_CORNER: i32 = 2;

impl<O: OrderEval> Solver<'_, '_, '_, O> {
    /// A node near the end: no table; five empties go to [`Self::solve5`], more are searched
    /// fastest-first from [`SORT_EMPTIES`] empties, else with moves in odd quadrants first.
    pub(super) fn shallow(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        mut beta: i32,
        empties: u32,
    ) -> i32 {
        if empties == 5 {
            return self.solve5(p, o, alpha, beta, false);
        }
        self.nodes += 1;
        let moves = bits::moves(p, o);
        if moves == 0 {
            if moves_cold(o, p) == 0 {
                return final_margin(p, o);
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
        if empties >= SORT_EMPTIES {
            return self.sorted(p, o, alpha, beta, empties, moves, odd);
        }
        let mut best = -INF;
        const BAD: u64 = bits::X_SQUARES;
        for group in [
            moves & odd & !BAD,
            moves & odd & BAD,
            moves & !odd & !BAD,
            moves & !odd & BAD,
        ] {
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

    /// The `moves` of a shallow node searched fastest-first; `odd` the odd quadrants.
    #[allow(clippy::too_many_arguments)]
    fn sorted(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        empties: u32,
        moves: u64,
        odd: u64,
    ) -> i32 {
        let mut list = [(0u64, 0u64, 0i32); 8];
        let mut n = 0;
        let mut m = moves;
        while m != 0 {
            let sq = m.trailing_zeros() as usize;
            m &= m - 1;
            let bit = 1u64 << sq;
            let f = bits::flips(sq, p, o);
            let (cp, co) = (o ^ f, p | f | bit);
            let replies = bits::moves(cp, co);
            let mut key =
                -((replies.count_ones() + (replies & bits::CORNERS).count_ones()) as i32) * KEY_MOB;
            if bit & odd != 0 {
                key += KEY_PARITY;
            }
            if bit & bits::CORNERS != 0 {
                key += KEY_CORNER;
            }
            if let Some(slot) = list.get_mut(n) {
                *slot = (cp, co, key);
                n += 1;
            }
        }
        let mut best = -INF;
        let list = list.get_mut(..n).unwrap_or_default();
        for i in 0..list.len() {
            let mut top = i;
            for j in i + 1..list.len() {
                if list[j].2 > list[top].2 {
                    top = j;
                }
            }
            list.swap(i, top);
            let (cp, co, _) = list[i];
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
            Some(&[a]) => last_one_cold(p, o, a),
            _ => final_margin(p, o),
        }
    }

    /// Five empties: each empty square tried in parity order (no move generation), the
    /// children searched by [`Self::solve4`] with their own parity order; `passed` when the
    /// opponent just passed.
    fn solve5(&mut self, p: u64, o: u64, mut alpha: i32, mut beta: i32, passed: bool) -> i32 {
        self.nodes += 1;
        if alpha >= shallow_stability_threshold(5) {
            let upper = 64 - 2 * bits::stable(o, p).count_ones() as i32;
            if upper <= alpha {
                return upper;
            }
            beta = beta.min(upper);
        }
        let empty = !(p | o);
        let odd = odd_quadrants(empty);
        let x = squares_in_parity_order::<5>(empty, odd);
        let mut best = -INF;
        for (i, rest) in [
            (x[0], [x[1], x[2], x[3], x[4]]),
            (x[1], [x[0], x[2], x[3], x[4]]),
            (x[2], [x[0], x[1], x[3], x[4]]),
            (x[3], [x[0], x[1], x[2], x[4]]),
            (x[4], [x[0], x[1], x[2], x[3]]),
        ] {
            let Some((cp, co)) = play_on(p, o, i) else {
                continue;
            };
            let child = parity_order(rest, odd ^ quadrant_of(i));
            let score = -self.solve4(cp, co, -beta, -alpha, child, false);
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
            final_margin(p, o)
        } else {
            -self.solve5(o, p, -beta, -alpha, true)
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
            final_margin(p, o)
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
            final_margin(p, o)
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
        if let Some((mine, theirs)) = play_on_cold(o, p, a) {
            worst = last_one_cold(mine, theirs, b);
            if worst <= alpha {
                return worst;
            }
        }
        if let Some((mine, theirs)) = play_on_cold(o, p, b) {
            worst = worst.min(last_one_cold(mine, theirs, a));
        }
        if worst < INF {
            worst
        } else {
            final_margin(p, o)
        }
    }
}

/// The quadrant holding `sq`.
#[inline(always)]
fn quadrant_of(sq: u8) -> u64 {
    let sq = sq & 63;
    let mut q = 0x0F0F_0F0Fu64;
    if sq & 4 != 0 {
        q <<= 4;
    }
    if sq >= 32 {
        q <<= 32;
    }
    q
}

/// The four squares `x` with those in `odd` (the odd quadrants) first, each group in the
/// order given. Branch-free: each square's place is counted, not searched.
#[inline(always)]
fn parity_order(x: [u8; 4], odd: u64) -> [u8; 4] {
    let is_odd = x.map(|sq| (odd >> (sq & 63)) as usize & 1);
    let odds = is_odd[0] + is_odd[1] + is_odd[2] + is_odd[3];
    let mut out = x;
    let (mut before_odd, mut before_even) = (0, odds);
    for (sq, f) in x.into_iter().zip(is_odd) {
        let at = if f == 1 { before_odd } else { before_even };
        out[at & 3] = sq;
        before_odd += f;
        before_even += 1 - f;
    }
    out
}

/// The first `N` squares of `empty`, those in `odd` (the odd quadrants) first, each group
/// in ascending order. A fixed number of steps, no data-dependent loop exit.
#[inline(always)]
fn squares_in_parity_order<const N: usize>(empty: u64, odd: u64) -> [u8; N] {
    const BAD: u64 = bits::X_SQUARES;
    let mut g = [
        empty & odd & !BAD,
        empty & odd & BAD,
        empty & !odd & !BAD,
        empty & !odd & BAD,
    ];
    let mut x = [0u8; N];
    for slot in x.iter_mut() {
        let from = if g[0] != 0 {
            g[0]
        } else if g[1] != 0 {
            g[1]
        } else if g[2] != 0 {
            g[2]
        } else {
            g[3]
        };
        let low = from & from.wrapping_neg();
        *slot = low.trailing_zeros() as u8;
        for m in g.iter_mut() {
            *m &= !low;
        }
    }
    x
}

/// The position after the player (discs `p`) moves on `sq`, still side-relative (the
/// opponent to move first), or `None` when the move flips nothing. Inlined on the host; one
/// shared copy on bare-metal targets, whose flash is tight (the flip code is about 1 KB
/// there).
#[cfg_attr(not(target_os = "none"), inline(always))]
#[cfg_attr(target_os = "none", inline(never))]
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

/// [`play_on`] as a call, for rare paths: one copy of the flip code, not one a use (the
/// firmware's flash is tight).
#[inline(never)]
fn play_on_cold(p: u64, o: u64, sq: u8) -> Option<(u64, u64)> {
    play_on(p, o, sq)
}

/// [`last_one`] as a call, for rare paths.
#[inline(never)]
fn last_one_cold(p: u64, o: u64, sq: u8) -> i32 {
    last_one(p, o, sq)
}

/// [`bits::moves`] as a call, for rare paths (pass tests).
#[inline(never)]
fn moves_cold(p: u64, o: u64) -> u64 {
    bits::moves(p, o)
}

/// The final score for the player to move with one empty square `sq` left: its move, else the
/// opponent's, else the game ends with the empty square to the winner.
#[inline(always)]
fn last_one(p: u64, o: u64, sq: u8) -> i32 {
    let pc = p.count_ones() as i32;
    let f = last_flip_count(sq, p);
    if f != 0 {
        return 2 * (pc + f as i32 + 1) - 64;
    }
    let f = last_flip_count(sq, o);
    if f != 0 {
        return 2 * (pc - f as i32) - 64;
    }
    let diff = 2 * pc - 63;
    if diff > 0 { diff + 1 } else { diff - 1 }
}

/// Multiplying a column (moved to column a) by this gathers it into the top byte, row `r` at
/// bit `56 + r`.
const COLUMN_GATHER: u64 = 0x0102_0408_1020_4080;

/// `LINE_FLIPS[x / 2][line] >> (4 * (x % 2)) & 15`: the discs a move at `x` (0..8) flips
/// along a full line of 8 squares whose player's discs are the bits of `line` (the others
/// the opponent's; squares off the board count as neither and are clear bits at the ends).
/// Two counts of at most 6 a byte: 1 KB.
static LINE_FLIPS: [[u8; 256]; 4] = line_flip_table();

const fn line_flip_table() -> [[u8; 256]; 4] {
    let mut t = [[0u8; 256]; 4];
    let mut x = 0;
    while x < 8 {
        let mut line = 0;
        while line < 256 {
            let n = line_flips(line as u32, x as u32);
            t[x / 2][line] |= (n as u8) << (4 * (x % 2));
            line += 1;
        }
        x += 1;
    }
    t
}

/// The number of discs the player with discs `p` flips by a move on `sq` when every other
/// square is taken (the opponent holds all that `p` does not): no board is built, each of
/// the four lines through `sq` is read as a byte and its flips looked up.
#[inline(always)]
fn last_flip_count(sq: u8, p: u64) -> u32 {
    let sq = (sq & 63) as usize;
    let (row, col) = (sq >> 3, sq & 7);
    let horizontal = (p >> (row * 8)) as usize & 0xFF;
    let vertical = (((p >> col) & bits::COLUMN_A).wrapping_mul(COLUMN_GATHER) >> 56) as usize;
    // A diagonal's squares are in distinct columns: a multiply by column a gathers them into
    // the top byte, each at its column.
    let d9 = bits::DIAGONALS_9[(row + 7 - col) % 15];
    let d7 = bits::DIAGONALS_7[(row + col) % 15];
    let diag9 = ((p & d9).wrapping_mul(bits::COLUMN_A) >> 56) as usize;
    let diag7 = ((p & d7).wrapping_mul(bits::COLUMN_A) >> 56) as usize;
    let at_col = &LINE_FLIPS[col >> 1];
    let col_shift = 4 * (col & 1);
    let at_row = &LINE_FLIPS[row >> 1];
    let row_shift = 4 * (row & 1);
    let packed = ((at_col[horizontal] as u32 + (at_col[diag9] as u32) * 256) >> col_shift & 0x0F0F)
        + ((at_col[diag7] as u32 >> col_shift) & 15)
        + ((at_row[vertical] as u32 >> row_shift) & 15);
    (packed & 0xFF) + (packed >> 8)
}

/// The flips of a move at `x` (0..8) on a full line whose player's discs are the bits of
/// `line` (bit `x` clear; squares off the board clear): on each side, the opponent's discs up
/// to the nearest player's disc, if there is one.
const fn line_flips(line: u32, x: u32) -> u32 {
    let x = x & 7;
    let above = line >> (x + 1);
    let right = if above != 0 {
        above.trailing_zeros()
    } else {
        0
    };
    let below = line & ((1 << x) - 1);
    // The nearest player's disc below `x` is the highest bit of `below`, at 31 - lz.
    let left = if below != 0 {
        (x + below.leading_zeros()).wrapping_sub(32)
    } else {
        0
    };
    right + left
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::{Rng, rounds};

    /// The flips of a move on `sq` walked square by square in the eight directions.
    fn naive_flips(sq: usize, p: u64, o: u64) -> u32 {
        let (r, c) = ((sq / 8) as i32, (sq % 8) as i32);
        let mut total = 0;
        for (dr, dc) in [
            (0, 1),
            (0, -1),
            (1, 0),
            (-1, 0),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ] {
            let (mut rr, mut cc, mut run) = (r + dr, c + dc, 0);
            while (0..8).contains(&rr) && (0..8).contains(&cc) {
                let bit = 1u64 << (rr * 8 + cc);
                if o & bit != 0 {
                    run += 1;
                } else {
                    if p & bit != 0 {
                        total += run;
                    }
                    break;
                }
                rr += dr;
                cc += dc;
            }
        }
        total
    }

    #[test]
    fn last_flip_count_agrees_with_a_naive_walk() {
        let mut rng = Rng(0x1234_5678_9ABC_DEF1);
        for i in 0..rounds(200_000) {
            let sq = (i % 64) as u8;
            let bit = 1u64 << sq;
            // Sparse and dense boards both.
            let p = match i % 3 {
                0 => rng.next(),
                1 => rng.next() & rng.next(),
                _ => rng.next() | rng.next(),
            } & !bit;
            let o = !p & !bit;
            assert_eq!(
                last_flip_count(sq, p),
                naive_flips(sq as usize, p, o),
                "{sq} {p:#x}"
            );
            assert_eq!(
                last_flip_count(sq, o),
                naive_flips(sq as usize, o, p),
                "{sq} {o:#x}"
            );
        }
    }

    /// `squares` with those in `odd` first, each group in the order given: a stable sort.
    fn naive_parity_order(squares: [u8; 4], odd: u64) -> [u8; 4] {
        let mut at = [0usize, 1, 2, 3];
        at.sort_unstable_by_key(|&i| (odd >> squares[i] & 1 == 0, i));
        at.map(|i| squares[i])
    }

    #[test]
    fn square_orders_agree_with_a_stable_sort() {
        let mut rng = Rng(0x5A5A_0123_4567_89AB);
        for _ in 0..rounds(20_000) {
            // Five distinct squares, and random odd quadrants.
            let mut empty = 0u64;
            while empty.count_ones() < 5 {
                empty |= 1u64 << (rng.next() % 64);
            }
            let odd = [0, 1, 2, 3]
                .into_iter()
                .filter(|_| rng.next() & 1 == 1)
                .fold(0u64, |m, q| m | super::super::QUADRANTS[q]);
            let mut ascending = [0u8; 5];
            let mut n = 0;
            for sq in 0..64u8 {
                if empty >> sq & 1 == 1 {
                    ascending[n] = sq;
                    n += 1;
                }
            }
            // Five squares: odd quadrants first, X-squares last within each group.
            let bad = bits::X_SQUARES;
            let mut expected = ascending;
            expected.sort_unstable_by_key(|&sq| (odd >> sq & 1 == 0, bad >> sq & 1 == 1, sq));
            assert_eq!(
                squares_in_parity_order::<5>(empty, odd),
                expected,
                "{empty:#x} {odd:#x}"
            );
            // Four squares in any order: a stable partition.
            let mut four = [ascending[0], ascending[1], ascending[2], ascending[3]];
            four.rotate_left((rng.next() % 4) as usize);
            four.swap(0, (rng.next() % 4) as usize);
            assert_eq!(
                parity_order(four, odd),
                naive_parity_order(four, odd),
                "{four:?} {odd:#x}"
            );
        }
    }

    #[test]
    fn quadrant_of_holds_its_square() {
        for sq in 0..64u8 {
            let q = quadrant_of(sq);
            assert!(super::super::QUADRANTS.contains(&q));
            assert_ne!(q & 1u64 << sq, 0, "{sq}");
        }
    }

    #[test]
    fn last_one_agrees_with_the_rules() {
        let mut rng = Rng(0x0F0F_1234_4321_F0F0);
        for i in 0..rounds(100_000) {
            let sq = (i % 64) as u8;
            let bit = 1u64 << sq;
            let p = rng.next() & !bit;
            let o = !p & !bit;
            let pc = p.count_ones() as i32;
            let expected = match (
                naive_flips(sq as usize, p, o),
                naive_flips(sq as usize, o, p),
            ) {
                (0, 0) => final_margin(p, o),
                (0, f) => 2 * (pc - f as i32) - 64,
                (f, _) => 2 * (pc + f as i32 + 1) - 64,
            };
            assert_eq!(last_one(p, o, sq), expected, "{sq} {p:#x}");
        }
    }
}
