//! The network evaluation: its input rows equal a cell-by-cell reading of the 2×2 windows, the
//! accumulator updated move by move equals the one computed whole, over random games under both
//! rule sets (copies, jumps, captures, passes, blocked cells), and bad weight bytes are refused.

use super::naive::{random_grid, start_grid};
use crate::support::Rng;
use duel_core::Bitboard;
use duel_core::ataxx::nnue::{INPUTS, Network, PATTERNS, QA, WINDOWS, input_rows};
use duel_core::ataxx::{Board, Move, Rules};

const H: usize = 16;

/// A network of random weights from `rng`: inputs large enough that accumulators clip often.
fn random_network(rng: &mut Rng) -> Network<H> {
    let mut bytes = (H as u32).to_le_bytes().to_vec();
    while bytes.len() < Network::<H>::BYTES - 4 {
        let w = (rng.below(2 * QA as usize) as i16) - QA as i16;
        bytes.extend_from_slice(&(w / 4).to_le_bytes());
    }
    bytes.extend_from_slice(&1234i32.to_le_bytes());
    Network::from_le_bytes(&bytes).expect("the right number of bytes")
}

/// The input rows of the view whose pieces are `mine`, read cell by cell: window `6r + c` has
/// the cells (r, c), (r, c+1), (r+1, c), (r+1, c+1) as base-3 digits 1, 3, 9, 27, each 0 empty,
/// 1 mine, 2 theirs.
fn rows_cell_by_cell(mine: Bitboard, theirs: Bitboard) -> Vec<usize> {
    let mut rows = Vec::new();
    for r in 0..6 {
        for c in 0..6 {
            let cells = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)];
            let mut pattern = 0;
            for (i, (y, x)) in cells.into_iter().enumerate() {
                let cell = 7 * y + x;
                let digit = if mine.contains(cell) {
                    1
                } else if theirs.contains(cell) {
                    2
                } else {
                    0
                };
                pattern += digit * 3usize.pow(i as u32);
            }
            rows.push((6 * r + c) as usize * PATTERNS + pattern);
        }
    }
    rows
}

#[test]
fn the_input_rows_are_the_windows_read_cell_by_cell() {
    let mut rng = Rng::new(7);
    let mut seen = vec![false; INPUTS];
    for _ in 0..2_000 {
        let (mut mine, mut theirs) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for cell in 0..49 {
            match rng.below(3) {
                0 => mine = mine.union(Bitboard::square(cell)),
                1 => theirs = theirs.union(Bitboard::square(cell)),
                _ => {}
            }
        }
        let rows: Vec<usize> = input_rows(mine, theirs).collect();
        assert_eq!(rows, rows_cell_by_cell(mine, theirs));
        assert_eq!(rows.len(), WINDOWS);
        rows.iter().for_each(|&row| seen[row] = true);
    }
    // 2,000 random boards show every pattern of every window (each has 1/81 a board).
    assert!(seen.iter().all(|&s| s));
}

#[test]
fn the_accumulator_updated_move_by_move_equals_the_whole_sum() {
    let mut rng = Rng::new(41);
    let net = random_network(&mut rng);
    let (mut plies, mut passes, mut captures) = (0, 0, 0);
    for rules in [Rules::Botzone, Rules::Standard] {
        for game in 0..40 {
            let grid = if game % 4 == 0 {
                start_grid(rules)
            } else {
                random_grid(&mut rng, rules)
            };
            let mut board = Board::from_fen(&grid.fen(), rules).unwrap();
            let mut acc = net.accumulate(&board);
            for _ in 0..200 {
                let moves = board.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves.as_slice()[rng.below(moves.len())];
                let after = board.play_unchecked(mv);
                acc.update(&net, &board, &after);
                assert_eq!(acc, net.accumulate(&after), "{} then {mv}", board.fen());
                assert_eq!(
                    net.evaluate(&acc, after.side()),
                    net.evaluate(&net.accumulate(&after), after.side())
                );
                let mover = board.side();
                let gained = after.pieces(mover).len() - board.pieces(mover).len();
                plies += 1;
                passes += usize::from(mv == Move::Pass);
                captures += usize::from(gained > 1);
                board = after;
            }
        }
    }
    assert!(
        plies > 5_000 && passes > 0 && captures > 1_000,
        "{plies} {passes} {captures}"
    );
}

#[test]
fn weight_bytes_of_another_size_are_refused() {
    let mut bytes = vec![0u8; Network::<H>::BYTES];
    bytes[..4].copy_from_slice(&(H as u32).to_le_bytes());
    assert!(Network::<H>::from_le_bytes(&bytes).is_some());
    assert!(Network::<H>::from_le_bytes(&bytes[1..]).is_none());
    assert!(Network::<32>::from_le_bytes(&bytes).is_none());
    bytes[0] = 17;
    assert!(Network::<H>::from_le_bytes(&bytes).is_none());
    assert!(Network::<H>::from_le_bytes(&[]).is_none());
}
