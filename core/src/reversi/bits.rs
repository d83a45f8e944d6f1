//! Bitboard kernels: legal-move masks by parallel shifts, flips by ray masks, and the masks
//! both use. Bit `row * 8 + column` is one square; column 0 (file a) is the low bit of a byte.
//!
//! The hot kernels are written as loops over small `[u64; N]` arrays doing the same thing in
//! every lane, which the compiler turns into SSE2/SSE4.1 vector code on x86-64 (and plain
//! scalar code elsewhere): no `unsafe`, no intrinsics.

/// Every square but those of column 0 (a) and column 7 (h): the mask that stops a horizontal
/// or diagonal shift from wrapping into the next row.
pub const NOT_EDGE_COLUMNS: u64 = 0x7E7E_7E7E_7E7E_7E7E;

/// The four corners a1, h1, a8, h8.
pub const CORNERS: u64 = 0x8100_0000_0000_0081;

/// The squares diagonally next to a corner (b2, g2, b7, g7).
pub const X_SQUARES: u64 = 0x0042_0000_0000_4200;

/// The squares next to a corner along an edge (b1, g1, a2, h2, a7, h7, b8, g8).
pub const C_SQUARES: u64 = 0x4281_0000_0000_8142;

/// Every square on the border of the board.
pub const BORDER: u64 = 0xFF81_8181_8181_81FF;

/// Column 0 (file a).
pub const COLUMN_A: u64 = 0x0101_0101_0101_0101;
/// Column 7 (file h).
pub const COLUMN_H: u64 = 0x8080_8080_8080_8080;
/// Row 0 (rank 1).
pub const ROW_1: u64 = 0x0000_0000_0000_00FF;
/// Row 7 (rank 8).
pub const ROW_8: u64 = 0xFF00_0000_0000_0000;

/// Row and column steps of the eight directions; the first four raise the square index, the
/// last four lower it.
const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (1, -1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (-1, 1),
];

/// The squares from `square` (excluded) to the border in direction `dir` (see [`DIRECTIONS`]).
const fn ray(square: usize, dir: usize) -> u64 {
    let (dr, dc) = DIRECTIONS[dir];
    let mut r = (square / 8) as i32 + dr;
    let mut c = (square % 8) as i32 + dc;
    let mut mask = 0u64;
    while r >= 0 && r < 8 && c >= 0 && c < 8 {
        mask |= 1u64 << (r * 8 + c);
        r += dr;
        c += dc;
    }
    mask
}

/// The rays [`flips`] scans from one square, in lane order: east, north, north-east and
/// north-west on the board; then north, north-east and north-west on the board flipped
/// vertically (square `square ^ 56`), which are the real south, south-east and south-west; then
/// west. Every ray but west runs toward higher indices.
#[derive(Clone, Copy)]
#[repr(align(64))]
struct FlipRays([u64; 8]);

const fn flip_ray_table() -> [FlipRays; 64] {
    let mut table = [FlipRays([0; 8]); 64];
    let mut sq = 0;
    while sq < 64 {
        let mirrored = sq ^ 56;
        table[sq] = FlipRays([
            ray(sq, 0),
            ray(sq, 1),
            ray(sq, 2),
            ray(sq, 3),
            ray(mirrored, 1),
            ray(mirrored, 2),
            ray(mirrored, 3),
            ray(sq, 4),
        ]);
        sq += 1;
    }
    table
}

/// `FLIP_RAYS[square]`: the rays a move on `square` could flip along (see [`FlipRays`]); one
/// 64-byte line per square.
static FLIP_RAYS: [FlipRays; 64] = flip_ray_table();

/// Both halves of a two-lane shift fill: the squares reached by shifting `p` left by `s`
/// through runs of `mask`, in each lane. Lane 1 holds the board flipped vertically, so its
/// left shifts are the real board's downward ones: every lane shifts the same way, which
/// lets the compiler use one vector instruction for both.
#[inline(always)]
fn fill2(p: [u64; 2], mask: [u64; 2], s: u32) -> [u64; 2] {
    let mut out = [0u64; 2];
    let mut i = 0;
    while i < 2 {
        let pre = mask[i] & (mask[i] << s);
        let mut t = mask[i] & (p[i] << s);
        t |= mask[i] & (t << s);
        t |= pre & (t << (2 * s));
        t |= pre & (t << (2 * s));
        out[i] = t << s;
        i += 1;
    }
    out
}

/// The legal moves of the player with discs `p` against the opponent's discs `o`.
#[inline(always)]
pub fn moves(p: u64, o: u64) -> u64 {
    let inner = o & NOT_EDGE_COLUMNS;
    let (up, down) = vertical_and_diagonal(p, o, inner);
    // East (rising index): a carry started at each opponent disc just east of a player's
    // disc runs through the row's inner opponent discs and lands on the square past them.
    let east = inner.wrapping_add(inner & (p << 1)) & !inner;
    // West: a shift fill.
    let pre_w = inner & (inner >> 1);
    let mut w = inner & (p >> 1);
    w |= inner & (w >> 1);
    w |= pre_w & (w >> 2);
    w |= pre_w & (w >> 2);
    (up | down | east | (w >> 1)) & !(p | o)
}

/// The legal moves of two positions at once: `[moves(p[0], o[0]), moves(p[1], o[1])]`.
///
/// Each lane runs all eight directions with plain shifts, the same operations in both lanes,
/// so on x86-64 one SSE instruction serves the two positions: about half the cost of two
/// [`moves`] calls when the caller has two positions at hand (perft's last plies).
#[inline(always)]
pub fn moves_pair(p: [u64; 2], o: [u64; 2]) -> [u64; 2] {
    let mut out = [0u64; 2];
    let mut i = 0;
    while i < 2 {
        out[i] = moves_and_runs(p[i], o[i]).0;
        i += 1;
    }
    // Seen as one memory value, the pair stays one vector: without this the compiler splits
    // the lanes back into scalar code.
    core::hint::black_box(out)
}

/// [`moves_pair`] that also writes each position's [`FlipRuns`] to `runs`, for flipping
/// without [`flips`]' per-move scans.
#[inline(always)]
pub fn moves_pair_with_runs(p: [u64; 2], o: [u64; 2], runs: &mut [FlipRuns; 2]) -> [u64; 2] {
    let mut out = [0u64; 2];
    let mut i = 0;
    while i < 2 {
        let (m, r) = moves_and_runs(p[i], o[i]);
        out[i] = m;
        runs[i] = r;
        i += 1;
    }
    core::hint::black_box(out)
}

/// The legal moves of the player with discs `p` against the opponent's discs `o` (as
/// [`moves`]), and the position's [`FlipRuns`].
///
/// One shift fill per direction from the player's discs through the opponent's (a carry for
/// the run going east): each fill is a direction's runs, and one step past it are that
/// direction's moves. No byte swaps on the way to the moves, so two calls side by side
/// vectorise in [`moves_pair`].
#[inline(always)]
pub fn moves_and_runs(p: u64, o: u64) -> (u64, FlipRuns) {
    let inner = o & NOT_EDGE_COLUMNS;
    // Each run of inner discs starting just east of a player's disc carries away, setting the
    // square past it: the runs cleared are the ones with the player's disc to their west.
    let sum = inner.wrapping_add(inner & (p << 1));
    let east = sum & !inner;
    let toward_west = inner & !sum;
    // A fill from the player's discs in one direction holds the discs whose run ends, the
    // opposite way, on a player's disc.
    let toward_east = run_down(p, inner, 1);
    let toward_north = run_down(p, o, 8);
    let toward_south = run_up(p, o, 8);
    let toward_north_east = run_down(p, inner, 9);
    let toward_south_west = run_up(p, inner, 9);
    let toward_north_west = run_down(p, inner, 7);
    let toward_south_east = run_up(p, inner, 7);
    let found = east
        | (toward_east >> 1)
        | (toward_north >> 8)
        | (toward_south << 8)
        | (toward_north_east >> 9)
        | (toward_south_west << 9)
        | (toward_north_west >> 7)
        | (toward_south_east << 7);
    let runs = FlipRuns([
        toward_east,
        toward_north,
        toward_north_east,
        toward_north_west,
        toward_south.swap_bytes(),
        toward_south_east.swap_bytes(),
        toward_south_west.swap_bytes(),
        toward_west,
    ]);
    (found & !(p | o), runs)
}

/// The discs of `mask` reached from `p` by shifting left (up) by `s` through runs of `mask`
/// (doubling steps: runs of up to six, the longest a move can flip).
#[inline(always)]
fn run_up(p: u64, mask: u64, s: u32) -> u64 {
    let pre = mask & (mask << s);
    let mut t = mask & (p << s);
    t |= mask & (t << s);
    t |= pre & (t << (2 * s));
    t |= pre & (t << (2 * s));
    t
}

/// [`run_up`] shifting right (down).
#[inline(always)]
fn run_down(p: u64, mask: u64, s: u32) -> u64 {
    let pre = mask & (mask >> s);
    let mut t = mask & (p >> s);
    t |= mask & (t >> s);
    t |= pre & (t >> (2 * s));
    t |= pre & (t >> (2 * s));
    t
}

/// For one position, the opponent's discs that some move could flip, by the direction from
/// the move to the player's disc that closes the run. Lanes follow the private `FlipRays`: east, north,
/// north-east and north-west; south, south-east and south-west on the board flipped vertically;
/// west. Made by [`moves_and_runs`] or [`moves_pair_with_runs`] as a by-product of the legal
/// moves, they turn [`flips`] into [`FlipRuns::flips`], which needs no test of the run's end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FlipRuns([u64; 8]);

impl FlipRuns {
    /// The discs a move of the player on `square` (taken modulo 64) would flip in the
    /// position these runs were made for, whose opponent's discs are `o`: equal to
    /// [`flips`] there, on every square.
    ///
    /// Along a rising ray the squares below the nearest one that is not the opponent's are the
    /// run next to the move; it flips exactly when it is one of these runs. West takes the
    /// highest such square instead.
    #[inline(always)]
    pub fn flips(&self, square: usize, o: u64) -> u64 {
        let rays = &FLIP_RAYS[square & 63].0;
        let runs = &self.0;
        let om = o.swap_bytes();
        // The west lane's input is zero: its ray is handled below.
        let empty_or_player = [!o, !o, !o, !o, !om, !om, !om, 0];
        let mut lane = [0u64; 8];
        let mut i = 0;
        while i < 8 {
            let x = rays[i] & empty_or_player[i];
            // `x ^ (x - 1)`: every bit up to the nearest square that is not the opponent's.
            lane[i] = (x ^ x.wrapping_sub(1)) & rays[i] & runs[i];
            i += 1;
        }
        let up = lane[0] | lane[1] | lane[2] | lane[3];
        let down = (lane[4] | lane[5] | lane[6]).swap_bytes();
        let west = rays[7];
        let x = west & !runs[7];
        let top = 1u64 << (63 - (x | 1).leading_zeros());
        up | down | (west & runs[7] & (top << 1).wrapping_neg())
    }
}

/// The move candidates along the vertical and both diagonals: the squares past a run of the
/// opponent's discs from a player's disc, upward (rising index) and downward, before masking
/// with the empties. The downward lines are found on the board flipped vertically.
#[inline(always)]
fn vertical_and_diagonal(p: u64, o: u64, inner: u64) -> (u64, u64) {
    let pv = [p, p.swap_bytes()];
    let ov = [o, o.swap_bytes()];
    let iv = [inner, inner.swap_bytes()];
    let v = fill2(pv, ov, 8);
    let d9 = fill2(pv, iv, 9);
    let d7 = fill2(pv, iv, 7);
    (v[0] | d9[0] | d7[0], (v[1] | d9[1] | d7[1]).swap_bytes())
}

/// The discs a move of the player on `square` (0..64, taken modulo 64) would flip. Zero when
/// the move flips nothing (an illegal move on an empty square).
///
/// Seven rays run toward higher indices (three of them on the board flipped vertically, where
/// the real south is north): along such a ray the nearest square that is not the opponent's is
/// the lowest set bit of the ray without the opponent's discs, and when it is the player's the
/// ray's squares below it flip. The eight lanes do the same arithmetic, so they vectorise. West,
/// the one ray left running downward, takes the highest set bit instead.
#[inline(always)]
pub fn flips(square: usize, p: u64, o: u64) -> u64 {
    let rays = &FLIP_RAYS[square & 63].0;
    let (pm, om) = (p.swap_bytes(), o.swap_bytes());
    // The west lane's inputs are zero: its ray is handled below.
    let player = [p, p, p, p, pm, pm, pm, 0];
    let empty_or_player = [!o, !o, !o, !o, !om, !om, !om, 0];
    let mut lane = [0u64; 8];
    let mut i = 0;
    while i < 8 {
        let x = rays[i] & empty_or_player[i];
        let outflank = x & x.wrapping_neg() & player[i];
        lane[i] = if outflank != 0 {
            outflank.wrapping_sub(1) & rays[i]
        } else {
            0
        };
        i += 1;
    }
    let up = lane[0] | lane[1] | lane[2] | lane[3];
    let down = (lane[4] | lane[5] | lane[6]).swap_bytes();
    // West: the nearest square that is not the opponent's is the highest set bit, and the
    // flips are the ray's squares above it.
    let west = rays[7];
    let x = west & !o;
    let top = 1u64 << (63 - (x | 1).leading_zeros());
    let outflank = top & west & p;
    up | down | (west & (outflank << 1).wrapping_neg())
}

/// `NEIGHBOURS[square]`: the up to eight squares next to `square`. A move there flips
/// something only if one of them holds an opponent's disc.
pub static NEIGHBOURS: [u64; 64] = neighbour_table();

const fn neighbour_table() -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = neighbours(1u64 << sq);
        sq += 1;
    }
    t
}

/// The squares next to at least one disc of `discs` (the caller masks them with the empties
/// for potential mobility).
#[inline]
pub const fn neighbours(discs: u64) -> u64 {
    let east = ((discs << 1) | (discs << 9) | (discs >> 7)) & !COLUMN_A;
    let west = ((discs >> 1) | (discs >> 9) | (discs << 7)) & !COLUMN_H;
    east | west | (discs << 8) | (discs >> 8)
}

/// Discs of `p` that can never be flipped again: a conservative set grown from the borders
/// and full lines (every disc it holds is truly stable; some stable discs may be missed).
pub fn stable(p: u64, o: u64) -> u64 {
    let filled = p | o;
    let (full_h, full_v, full_d9, full_d7) = full_lines(filled);
    let ok_h = full_h | COLUMN_A | COLUMN_H;
    let ok_v = full_v | ROW_1 | ROW_8;
    let ok_d9 = full_d9 | BORDER;
    let ok_d7 = full_d7 | BORDER;
    let mut s = 0u64;
    loop {
        let h = ok_h | ((s << 1) & !COLUMN_A) | ((s >> 1) & !COLUMN_H);
        let v = ok_v | (s << 8) | (s >> 8);
        let d9 = ok_d9 | ((s << 9) & !COLUMN_A) | ((s >> 9) & !COLUMN_H);
        let d7 = ok_d7 | ((s << 7) & !COLUMN_H) | ((s >> 7) & !COLUMN_A);
        let next = p & h & v & d9 & d7;
        if next == s {
            return s;
        }
        s = next;
    }
}

/// The diagonals parallel to a1-h8 (rising with the column), indexed by `row - column + 7`.
pub(crate) static DIAGONALS_9: [u64; 15] = diagonal_table(0x8040_2010_0804_0201);

/// The diagonals parallel to h1-a8 (falling with the column), indexed by `row + column`.
pub(crate) static DIAGONALS_7: [u64; 15] = diagonal_table(0x0102_0408_1020_4080);

/// The 15 diagonals parallel to `main`, `main` in the middle (index 7): each index step moves
/// the diagonal one row up (squares pushed off the board drop out).
const fn diagonal_table(main: u64) -> [u64; 15] {
    let mut t = [0u64; 15];
    let mut i = 0;
    while i < 15 {
        t[i] = if i >= 7 {
            main << (8 * (i - 7))
        } else {
            main >> (8 * (7 - i))
        };
        i += 1;
    }
    t
}

/// The squares whose whole horizontal, vertical and two diagonal lines are filled.
#[inline]
fn full_lines(filled: u64) -> (u64, u64, u64, u64) {
    // Rows: a byte of all ones.
    let mut h = filled & (filled >> 1) & (filled >> 2) & (filled >> 3);
    h &= h >> 4;
    h &= 0x0101_0101_0101_0101;
    h = h.wrapping_mul(0xFF);
    // Columns: fold the rows together, then copy the result into every row.
    let mut v = filled & (filled >> 32);
    v &= v >> 16;
    v &= v >> 8;
    v = (v & 0xFF).wrapping_mul(0x0101_0101_0101_0101);
    let mut d9 = 0;
    let mut d7 = 0;
    let mut i = 0;
    while i < 15 {
        let m9 = DIAGONALS_9[i];
        let m7 = DIAGONALS_7[i];
        if filled & m9 == m9 {
            d9 |= m9;
        }
        if filled & m7 == m7 {
            d7 |= m7;
        }
        i += 1;
    }
    (h, v, d9, d7)
}

#[cfg(test)]
mod tests {
    use super::{FlipRuns, flips, moves, moves_and_runs, moves_pair, moves_pair_with_runs};
    use crate::test_rng::{Rng, rounds};

    /// The definition, one square at a time: walk each of the eight directions from `square`
    /// over the opponent's discs; they flip when the walk ends on a player's disc.
    fn flips_by_walking(square: usize, p: u64, o: u64) -> u64 {
        let mut all = 0;
        for (dr, dc) in [
            (0, 1),
            (1, 1),
            (1, 0),
            (1, -1),
            (0, -1),
            (-1, -1),
            (-1, 0),
            (-1, 1),
        ] {
            let (mut r, mut c) = ((square / 8) as i32 + dr, (square % 8) as i32 + dc);
            let mut run = 0u64;
            while (0..8).contains(&r) && (0..8).contains(&c) {
                let bit = 1u64 << (r * 8 + c);
                if o & bit != 0 {
                    run |= bit;
                } else {
                    if p & bit != 0 {
                        all |= run;
                    }
                    break;
                }
                r += dr;
                c += dc;
            }
        }
        all
    }

    /// The definition of the legal moves: the empty squares whose move flips something.
    fn moves_by_walking(p: u64, o: u64) -> u64 {
        (0..64)
            .filter(|&sq| (p | o) >> sq & 1 == 0 && flips_by_walking(sq, p, o) != 0)
            .fold(0, |m, sq| m | 1 << sq)
    }

    #[test]
    fn flips_match_the_walk_on_every_square() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for _ in 0..rounds(20_000) {
            let (p, o) = rng.position();
            // Every square, taken or not: the rays do not look at the square itself.
            for sq in 0..64 {
                assert_eq!(
                    flips(sq, p, o),
                    flips_by_walking(sq, p, o),
                    "{sq} {p:#x} {o:#x}"
                );
            }
        }
    }

    #[test]
    fn flips_take_the_square_modulo_64() {
        let mut rng = Rng(7);
        for _ in 0..rounds(1_000) {
            let (p, o) = rng.position();
            let sq = (rng.next() % 64) as usize;
            assert_eq!(flips(sq + 64, p, o), flips(sq, p, o));
            assert_eq!(flips(sq | (usize::MAX << 6), p, o), flips(sq, p, o));
        }
    }

    #[test]
    fn flips_on_full_lines_and_edges() {
        // a1 to move, b1..g1 the opponent's, h1 the player's: the whole row between flips.
        assert_eq!(flips(0, 0x80, 0x7E), 0x7E);
        // The same on the column and the long diagonal, and from the far end.
        assert_eq!(
            flips(0, 1 << 56, 0x0001_0101_0101_0100),
            0x0001_0101_0101_0100
        );
        assert_eq!(flips(63, 1, 0x0040_2010_0804_0200), 0x0040_2010_0804_0200);
        assert_eq!(flips(7, 1, 0x7E), 0x7E);
        // No player's disc at the end of the run: nothing flips.
        assert_eq!(flips(0, 0, 0xFE), 0);
        assert_eq!(flips(7, 0, 0x7F), 0);
    }

    #[test]
    fn moves_and_moves_pair_match_the_walk() {
        let mut rng = Rng(0xD1B5_4A32_D192_ED03);
        for _ in 0..rounds(20_000) {
            let (p, o) = rng.position();
            let (q, r) = rng.position();
            let expected = moves_by_walking(p, o);
            assert_eq!(moves(p, o), expected, "{p:#x} {o:#x}");
            assert_eq!(
                moves_pair([p, q], [o, r]),
                [expected, moves_by_walking(q, r)]
            );
        }
        assert_eq!(moves_pair([0, 0], [0, 0]), [0, 0]);
    }

    #[test]
    fn flip_runs_give_the_moves_and_the_flips_of_every_square() {
        let mut rng = Rng(0x94D0_49BB_1331_11EB);
        for _ in 0..rounds(20_000) {
            let (p, o) = rng.position();
            let (q, r) = rng.position();
            let (m, runs) = moves_and_runs(p, o);
            assert_eq!(m, moves(p, o), "{p:#x} {o:#x}");
            let mut pair = [FlipRuns::default(); 2];
            assert_eq!(
                moves_pair_with_runs([p, q], [o, r], &mut pair),
                [m, moves(q, r)]
            );
            assert_eq!(pair, [runs, moves_and_runs(q, r).1]);
            // Every square, taken or not, as for `flips`.
            for sq in 0..64 {
                assert_eq!(runs.flips(sq, o), flips(sq, p, o), "{sq} {p:#x} {o:#x}");
                assert_eq!(runs.flips(sq + 64, o), flips(sq, p, o));
            }
        }
    }
}
