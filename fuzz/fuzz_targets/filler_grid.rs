//! The Filler board text: parse, print, parse again gives the same grid; the position it
//! makes gets a colour from a node-limited search that is legal and never the forbidden one.
#![no_main]

use duel_core::filler::{Board, Grid};
use duel_core::filler::train::{choose};
use duel_core::{Budget, Entry};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(grid) = Grid::parse(data) else {
        return;
    };
    let printed = grid.to_string();
    assert_eq!(Grid::parse(printed.as_bytes()), Ok(grid), "{printed}");
    assert_eq!(Grid::new(grid.size(), &cells(&grid)), Ok(grid));
    let board = Board::from_grid(&grid);
    let mut table = vec![Entry::default(); 128];
    let choice = choose(&board, &mut Budget::nodes(400), &mut table);
    assert_ne!(choice.colour.colour(), board.forbidden(), "{printed}");
    assert!(
        board.is_legal(choice.colour) || board.is_over(),
        "{printed}"
    );
});

/// The colours row by row.
fn cells(grid: &Grid) -> Vec<u8> {
    duel_core::coord::cells(grid.size())
        .map(|(row, column)| grid.colour(row, column).expect("inside the grid"))
        .collect()
}
