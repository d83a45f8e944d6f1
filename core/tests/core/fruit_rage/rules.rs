//! The rules: groups, claims and gravity against the naive grid, and checked play.

use super::naive::{EMPTY, Grid, NaiveGroup};
use super::{board_of, random_grid};
use crate::support::Rng;
use duel_core::fruit_rage::{self, Board, Cell};

/// Checks that the engine's groups `moves` of `board` are exactly the naive `groups` of
/// `grid`: the same first cells with the same sizes, and largest first.
pub(crate) fn assert_same_groups(
    board: &Board,
    moves: &fruit_rage::MoveList,
    grid: &Grid,
    groups: &[NaiveGroup],
) {
    let n = grid.n;
    let mut ours = vec![0u32; n * n];
    for &m in moves.iter() {
        let cell = board.label(m);
        let slot = &mut ours[usize::from(cell.row) * n + usize::from(cell.column)];
        assert_eq!(*slot, 0, "two groups named {cell}");
        *slot = m.size();
    }
    let mut naive = vec![0u32; n * n];
    for g in groups {
        naive[g.first.1 * n + g.first.0] = g.cells.len() as u32;
    }
    assert_eq!(ours, naive, "groups differ on\n{}", grid.text());
    assert!(
        moves
            .as_slice()
            .windows(2)
            .all(|w| w[0].size() >= w[1].size()),
        "not largest first"
    );
}

#[test]
fn groups_claim_and_gravity_match_the_naive_grid_on_100000_moves() {
    let mut rng = Rng::new(4);
    let mut moves = 0;
    while moves < 100_000 {
        let n = 1 + rng.below(26);
        let kinds = 1 + rng.below(10);
        let mut grid = random_grid(&mut rng, n, kinds);
        let mut board = board_of(&grid);
        assert_eq!(board.to_string(), grid.text());
        let mut lead = 0i64;
        while !grid.is_empty() {
            let groups = grid.groups();
            let legal = board.legal_moves();
            assert_same_groups(&board, &legal, &grid, &groups);
            let mv = legal.as_slice()[rng.below(legal.len())];
            let cell = board.label(mv);
            assert_eq!(board.move_at(cell), Ok(mv));
            let first = (cell.column as usize, cell.row as usize);
            let group = groups
                .iter()
                .find(|g| g.first == first)
                .expect("the label is a group's first cell");
            let points = grid.claim(group);
            assert_eq!(i64::from(mv.points()), points);
            board = board.play(mv).expect("a legal move plays");
            lead = -(lead + points);
            assert_eq!(i64::from(board.lead()), lead);
            assert_eq!(board.to_string(), grid.text());
            if moves % 8 == 0 && !grid.is_empty() {
                // The box written and read back is the same position (lead aside), same hash.
                let reread = board_of(&grid).with_lead(board.lead());
                assert_eq!(reread, board);
                assert_eq!(reread.hash(), board.hash());
            }
            assert_eq!(
                board.cells() as usize,
                grid.cells.iter().filter(|&&v| v != EMPTY).count()
            );
            moves += 1;
        }
        assert!(board.is_over() && board.legal_moves().is_empty());
    }
}

#[test]
fn checked_play_refuses_what_is_not_a_group() {
    let board = board_of(&Grid::from_rows(&["01", "00"]));
    let moves = board.legal_moves();
    assert_eq!(moves.len(), 2);
    let big = moves.as_slice()[0];
    assert_eq!(
        (big.size(), board.label(big).to_string()),
        (3, "A1".to_string())
    );
    let small = moves.as_slice()[1];
    assert_eq!(board.label(small).to_string(), "B1");
    // A move of another box: same cell, wrong size.
    let other = board_of(&Grid::from_rows(&["11", "00"]));
    let foreign = other.move_at(Cell::parse("A2").unwrap()).unwrap();
    assert_eq!(
        board.play(foreign),
        Err(fruit_rage::IllegalMoveError::NotAGroup)
    );
    assert_eq!(
        board.move_at(Cell::parse("C1").unwrap()),
        Err(fruit_rage::IllegalMoveError::OutsideBox)
    );
    let after = board.play(big).unwrap();
    assert_eq!(after.to_string(), "**\n*1\n");
    assert_eq!(
        after.move_at(Cell::parse("A1").unwrap()),
        Err(fruit_rage::IllegalMoveError::EmptyCell)
    );
    assert_eq!(
        Cell::parse("a1"),
        Err(fruit_rage::IllegalMoveError::BadName)
    );
    assert_eq!(
        Cell::parse("A0"),
        Err(fruit_rage::IllegalMoveError::BadName)
    );
    assert_eq!(
        Cell::parse("Z26"),
        Ok(Cell {
            row: 25,
            column: 25
        })
    );
}
