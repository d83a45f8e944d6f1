//! 4-connected regions of a bitboard by shift-and-mask flood fill.

use crate::bitboard::Bitboard;

/// Every cell but those of column 0.
const NOT_COL0: u64 = !0x0101_0101_0101_0101;
/// Every cell but those of column 7.
const NOT_COL7: u64 = !0x8080_8080_8080_8080;

/// The cells of `within` that a N/S/E/W step from `cells` reaches, and `cells` itself.
#[inline(always)]
const fn grow(cells: u64, within: u64) -> u64 {
    (cells | cells << 8 | cells >> 8 | (cells << 1) & NOT_COL0 | (cells >> 1) & NOT_COL7) & within
}

/// The 4-connected region of `within` that holds the cells of `seed` (only the seed cells that
/// lie in `within` count; an empty seed gives an empty region).
pub const fn flood(seed: Bitboard, within: Bitboard) -> Bitboard {
    Bitboard(flood_bits(seed.0, within.0))
}

/// [`flood`] on raw words, for the solver's kernels.
pub(crate) const fn flood_bits(seed: u64, within: u64) -> u64 {
    let mut region = seed & within;
    loop {
        // Two steps per test: regions are usually wider than one step.
        let grown = grow(grow(region, within), within);
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// The cells one N/S/E/W step from `cells` reaches in the 8×8 frame, and `cells` itself.
pub(crate) const fn spread(cells: u64) -> u64 {
    grow(cells, u64::MAX)
}

/// The number of cells of the largest 4-connected (N/S/E/W) region of `cells` in the 8×8
/// frame (bit `row * 8 + col`); 0 for no cell.
pub const fn largest_region(cells: Bitboard) -> u32 {
    largest_region_over(cells.0, 0)
}

/// The larger of `floor` and [`largest_region`]`(bits)`; regions that cannot beat `floor` are
/// not measured.
pub(crate) const fn largest_region_over(bits: u64, floor: u32) -> u32 {
    let mut rest = bits;
    let mut best = floor;
    // Stop as soon as the cells left cannot beat the best region.
    while rest.count_ones() > best {
        let region = flood_bits(rest & rest.wrapping_neg(), rest);
        let size = region.count_ones();
        if size > best {
            best = size;
        }
        rest &= !region;
    }
    best
}
