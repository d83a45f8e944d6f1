//! What the Reversi tests share (with `tests/it/reversi` too, which includes this file): random
//! moves and positions, the FFO suite's first position, the trained weight files' symmetry,
//! and the naive twin of their compact form's decoder.

use crate::support::Rng;
use duel_core::Game;
use duel_core::reversi::pattern::view;
use duel_core::reversi::trained::{
    PATTERN_CELLS, PATTERN_OFFSET, PATTERN_SQUARES, PATTERNS, PHASE_CELLS, PHASE_WEIGHTS, PHASES,
    SCALARS,
};
use duel_core::reversi::weight_file::WEIGHTS;
use duel_core::reversi::{Board, Move};

pub(crate) fn random_move(board: &Board, rng: &mut Rng) -> Option<Move> {
    let moves = board.legal_moves();
    let list = moves.as_slice();
    if list.is_empty() {
        None
    } else {
        Some(list[rng.below(list.len())])
    }
}

/// A position after `plies` random moves from the start (fewer if the game ends first).
pub(crate) fn random_position(rng: &mut Rng, plies: usize) -> Board {
    let mut b = Board::start();
    for _ in 0..plies {
        match random_move(&b, rng) {
            Some(mv) => b = b.play(mv).expect("a listed move is legal"),
            None => break,
        }
    }
    b
}

pub(crate) fn first_ffo_line() -> String {
    let text = crate::support::data_text("reversi/ffo40-59.txt");
    text.lines().next().expect("a line").to_string()
}

/// The original square that square `s` of view `v` shows.
fn view_source(v: usize, s: u8) -> u8 {
    (0..64u8)
        .find(|&orig| view(1u64 << orig, v) >> s & 1 == 1)
        .expect("a view is a permutation")
}

/// Pattern `k` in every view as the original squares it reads, in digit order.
pub(crate) fn pattern_in_views(k: usize) -> Vec<Vec<u8>> {
    (0..8)
        .map(|v| {
            PATTERN_SQUARES[k]
                .iter()
                .map(|&s| view_source(v, s))
                .collect()
        })
        .collect()
}

/// For pattern `k`, every view that reads the same squares as view 0, as the digit
/// permutation from view 0's reading to its own (digit `j` of its cell is digit `perm[j]` of
/// view 0's), the identity included.
fn same_set_permutations(k: usize) -> Vec<Vec<u32>> {
    let sets = pattern_in_views(k);
    let sorted = |v: &Vec<u8>| {
        let mut s = v.clone();
        s.sort_unstable();
        s
    };
    sets.iter()
        .filter(|b| sorted(b) == sorted(&sets[0]))
        .map(|b| {
            b.iter()
                .map(|s| sets[0].iter().position(|t| t == s).expect("same set") as u32)
                .collect()
        })
        .collect()
}

/// The cell whose digit `j` is digit `perm[j]` of `cell`.
fn permuted(cell: usize, perm: &[u32]) -> usize {
    perm.iter()
        .enumerate()
        .map(|(j, &from)| (cell / 3usize.pow(from)) % 3 * 3usize.pow(j as u32))
        .sum()
}

/// Where two views read the same squares in another order, the cell one reads must weigh what
/// the other's reading of the same discs weighs, in every phase of the full table `w`: what
/// lets the evaluation read each square set once (FOLDED_VIEWS).
pub(crate) fn assert_symmetric(w: &[i16]) {
    assert_eq!(w.len(), WEIGHTS);
    for k in 0..PATTERNS {
        for perm in same_set_permutations(k) {
            for cell in 0..PATTERN_CELLS[k] {
                let other = permuted(cell, &perm);
                for phase in 0..PHASES {
                    let base = phase * PHASE_WEIGHTS + PATTERN_OFFSET[k];
                    assert_eq!(
                        w[base + cell],
                        w[base + other],
                        "pattern {k} phase {phase} cell {cell}"
                    );
                }
            }
        }
    }
}

/// The naive twin of `weight_file::decode`: the LEB128 tokens to a list of differences (zero
/// runs written out), then entry by entry in file order, a cell that some view of its pattern
/// reads as a smaller cell copying that cell's value.
pub(crate) fn naive_decode(bytes: &[u8]) -> Vec<i16> {
    assert_eq!(&bytes[..4], b"DRW1", "the magic");
    let mut diffs = Vec::new();
    let (mut t, mut shift) = (0u64, 0);
    for &b in &bytes[4..] {
        t |= u64::from(b & 0x7F) << shift;
        shift += 7;
        if b & 0x80 != 0 {
            continue;
        }
        if t % 2 == 1 {
            diffs.extend(std::iter::repeat_n(0, (t / 2 + 1) as usize));
        } else {
            let z = (t / 2) as i64;
            diffs.push(if z % 2 == 0 { z / 2 } else { -(z + 1) / 2 });
        }
        (t, shift) = (0, 0);
    }
    assert_eq!(shift, 0, "a token cut short");
    let perms: Vec<Vec<Vec<u32>>> = (0..PATTERNS).map(same_set_permutations).collect();
    let mut w = vec![0i16; WEIGHTS];
    let mut next = diffs.into_iter();
    let mut stored = |w: &mut Vec<i16>, at: usize| {
        let before = if at >= PHASE_WEIGHTS {
            i64::from(w[at - PHASE_WEIGHTS])
        } else {
            0
        };
        w[at] = i16::try_from(before + next.next().expect("an entry")).expect("an i16");
    };
    for phase in 0..PHASES {
        let base = phase * PHASE_WEIGHTS;
        for k in 0..PATTERNS {
            for cell in 0..PATTERN_CELLS[k] {
                let least = perms[k]
                    .iter()
                    .map(|perm| permuted(cell, perm))
                    .min()
                    .expect("the identity");
                let at = base + PATTERN_OFFSET[k] + cell;
                if least < cell {
                    w[at] = w[base + PATTERN_OFFSET[k] + least];
                } else {
                    stored(&mut w, at);
                }
            }
        }
        for i in 0..SCALARS {
            stored(&mut w, base + PHASE_CELLS + i);
        }
    }
    assert!(next.next().is_none(), "differences left over");
    w
}
