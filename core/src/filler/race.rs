//! [`race`]: the flood-distance race of [`control_in_moves`](super::eval::control_in_moves),
//! fast: on only the words the board's size needs, one loop for both sides, a side whose
//! front died skipped, and each region spread stopped as soon as a pass adds nothing.
//!
//! Same values as `control_in_moves` on every board (the tests compare them); that function
//! stays as the plain version.

use super::board::Board;
use super::cells::{Cells, STRIDE, WORDS};

/// A set of cells as its first `W` words (the rest are empty for the board's size).
type Words<const W: usize> = [u64; W];

/// The words a `size`×`size` board occupies: its last cell is bit `(size-1)·STRIDE + size-1`.
#[cfg(not(target_os = "none"))]
const fn words_for(size: usize) -> usize {
    let bits = size.saturating_sub(1) * STRIDE + size;
    bits.div_ceil(64)
}

/// The unowned cells each side reaches first when a step takes every unowned cell next to its
/// front with the rest of their one-colour regions: `(own, opponent)` counts, as
/// [`control_in_moves`](super::eval::control_in_moves).
pub fn race(board: &Board) -> (u32, u32) {
    let n = board.size();
    let (jr, jd) = board.joins();
    let (own, opp, open) = (board.own(), board.opponent(), board.free());
    // The firmware keeps one copy of the race (flash is short there); a host has a copy for
    // each number of words.
    #[cfg(target_os = "none")]
    {
        let _ = n;
        race_in::<WORDS>(own, opp, open, jr, jd)
    }
    #[cfg(not(target_os = "none"))]
    match words_for(n) {
        0..=4 => race_in::<4>(own, opp, open, jr, jd),
        5 => race_in::<5>(own, opp, open, jr, jd),
        6 => race_in::<6>(own, opp, open, jr, jd),
        _ => race_in::<WORDS>(own, opp, open, jr, jd),
    }
}

/// The first `W` words of `cells`.
#[inline(always)]
fn take<const W: usize>(cells: Cells) -> Words<W> {
    let words = cells.words();
    let mut out = [0u64; W];
    for (o, w) in out.iter_mut().zip(words) {
        *o = w;
    }
    out
}

/// Whether no word has a bit.
#[inline(always)]
fn empty<const W: usize>(x: &Words<W>) -> bool {
    x.iter().fold(0, |a, &w| a | w) == 0
}

/// The number of cells.
#[inline(always)]
fn count<const W: usize>(x: &Words<W>) -> u32 {
    x.iter().map(|w| w.count_ones()).sum()
}

/// The cells of `within` side-adjacent to a cell of `x` (as [`Cells::neighbours`]).
#[inline(always)]
fn neighbours<const W: usize>(x: &Words<W>, within: &Words<W>) -> Words<W> {
    let mut out = [0u64; W];
    for i in 0..W {
        let prev = if i > 0 { x[i - 1] } else { 0 };
        let next = if i + 1 < W { x[i + 1] } else { 0 };
        let w = x[i];
        let horizontal = w << 1 | prev >> 63 | w >> 1 | next << 63;
        let vertical = w << STRIDE | prev >> (64 - STRIDE) | w >> STRIDE | next << (64 - STRIDE);
        out[i] = (horizontal | vertical) & within[i];
    }
    out
}

/// One spread pass: `x` with every cell joined to one of its cells.
#[inline(always)]
fn pass<const W: usize>(x: &Words<W>, jr: &Words<W>, jd: &Words<W>) -> Words<W> {
    let mut out = [0u64; W];
    for i in 0..W {
        let prev = if i > 0 { x[i - 1] } else { 0 };
        let next = if i + 1 < W { x[i + 1] } else { 0 };
        let (prev_r, prev_d) = if i > 0 {
            (jr[i - 1], jd[i - 1])
        } else {
            (0, 0)
        };
        let rightward = (x[i] & jr[i]) << 1 | (prev & prev_r) >> 63;
        let leftward = (x[i] >> 1 | next << 63) & jr[i];
        let downward = (x[i] & jd[i]) << STRIDE | (prev & prev_d) >> (64 - STRIDE);
        let upward = (x[i] >> STRIDE | next << (64 - STRIDE)) & jd[i];
        out[i] = x[i] | rightward | leftward | downward | upward;
    }
    out
}

/// The joins of one board's unowned cells, and what they say about region sizes.
struct Joins<const W: usize> {
    /// Cells joined to their right neighbour.
    right: Words<W>,
    /// Cells joined to the one below.
    down: Words<W>,
    /// Cells with a join: in a region of two cells or more.
    linked: Words<W>,
    /// Cells in a region of three cells or more: one pass from a seed completes every other
    /// region.
    deep: Words<W>,
}

impl<const W: usize> Joins<W> {
    /// The joins of `right`/`down` among the `open` cells.
    #[inline(always)]
    fn new(right: Cells, down: Cells, open: &Words<W>) -> Self {
        let (right, down) = (take::<W>(right), take::<W>(down));
        let (mut r, mut d) = ([0u64; W], [0u64; W]);
        for i in 0..W {
            r[i] = right[i] & open[i];
            d[i] = down[i] & open[i];
        }
        // Each cell's partners: to the left (the cell before joins right), right, above, below.
        let (mut linked, mut two) = ([0u64; W], [0u64; W]);
        for i in 0..W {
            let prev_r = if i > 0 { r[i - 1] } else { 0 };
            let prev_d = if i > 0 { d[i - 1] } else { 0 };
            let left = r[i] << 1 | prev_r >> 63;
            let up = d[i] << STRIDE | prev_d >> (64 - STRIDE);
            let (right, down) = (r[i], d[i]);
            linked[i] = left | right | up | down;
            // At least two partners.
            two[i] = (left & (right | up | down)) | (right & (up | down)) | (up & down);
        }
        // A region of three cells or more has a cell with two partners, and every one of its
        // cells is that cell or next to one (a cell with one partner whose partner had one too
        // would make a region of two).
        let deep = pass(&two, &r, &d);
        Joins {
            right: r,
            down: d,
            linked,
            deep,
        }
    }

    /// `seeds` (unowned cells) with the rest of their one-colour regions, as [`Cells::spread`]
    /// within the unowned cells (which hold whole regions, so no mask is needed).
    #[inline(always)]
    fn spread(&self, seeds: Words<W>) -> Words<W> {
        let touches = seeds
            .iter()
            .zip(&self.linked)
            .fold(0, |a, (s, l)| a | (s & l));
        if touches == 0 {
            return seeds;
        }
        let mut filled = pass(&seeds, &self.right, &self.down);
        let deep = filled
            .iter()
            .zip(&self.deep)
            .fold(0, |a, (f, d)| a | (f & d));
        if deep == 0 {
            return filled;
        }
        loop {
            let out = pass(&filled, &self.right, &self.down);
            let mut grown = 0;
            for i in 0..W {
                grown |= out[i] ^ filled[i];
            }
            filled = out;
            if grown == 0 {
                return filled;
            }
        }
    }
}

/// [`race`] on the first `W` words.
#[inline(always)]
fn race_in<const W: usize>(
    own: Cells,
    opponent: Cells,
    open: Cells,
    joins_right: Cells,
    joins_down: Cells,
) -> (u32, u32) {
    let (mut a_front, mut b_front) = (take::<W>(own), take::<W>(opponent));
    let mut open = take::<W>(open);
    let joins = Joins::<W>::new(joins_right, joins_down, &open);
    let (mut a_count, mut b_count) = (0u32, 0u32);
    let (mut a_alive, mut b_alive) = (true, true);
    loop {
        let a = if a_alive {
            joins.spread(neighbours(&a_front, &open))
        } else {
            [0u64; W]
        };
        let b = if b_alive {
            joins.spread(neighbours(&b_front, &open))
        } else {
            [0u64; W]
        };
        for i in 0..W {
            let both = a[i] & b[i];
            a_front[i] = a[i] & !both;
            b_front[i] = b[i] & !both;
            open[i] &= !(a[i] | b[i]);
        }
        a_alive = !empty(&a_front);
        b_alive = !empty(&b_front);
        if !a_alive && !b_alive {
            return (a_count, b_count);
        }
        a_count += count(&a_front);
        b_count += count(&b_front);
    }
}
