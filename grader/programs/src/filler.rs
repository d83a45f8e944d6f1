//! Filler in `duel`: its registry entry ([`ENTRY`]) and its bench.

use crate::bench::{Bench, BenchArgs, Searches};
use crate::games::GameEntry;
use duel_arena::Rng;
use duel_core::Entry;
use duel_core::filler::{Board, Grid, Player};

/// Filler as `duel` knows it.
pub static ENTRY: GameEntry = GameEntry {
    name: "filler",
    arena: Some(crate::hook!(
        duel_arena::filler::ArenaArgs,
        duel_arena::filler::arena,
        "Filler: random boards played twice with sides swapped, each move a fresh process, 1 s",
        "Filler: random boards played twice with sides swapped, each move a fresh process, 1 s.\n\n\
         A command's `{moves}` becomes the moves played so far, both sides counted, which the \
         contest's board does not show: `--a \"./filler --moves-played {moves}\"`."
    )),
    perft: None,
    solve: None,
    bench: Some(crate::hook!(
        BenchArgs,
        |args| crate::bench::main(&BENCH, args),
        "Filler: the bench signature"
    )),
    analyze: Some(&duel_arena::analyze::filler::ANALYSIS),
    openings: None,
};

/// Filler's bench: random boards the arena draws from seed 1
/// ([`duel_arena::filler::Field::random`]), to depth 16.
pub static BENCH: Bench = Bench {
    program: "filler",
    default_depth: 16,
    search: bench_search,
};

/// Searches the bench's positions.
fn bench_search(table: &mut [Entry], searches: &mut Searches) -> Result<(), String> {
    let mut rng = Rng::new(1, 0);
    for size in [10, 10, 15, 15, 20, 20] {
        let text = duel_arena::filler::Field::random(size, &mut rng).protocol_text(1);
        let grid = Grid::parse(text.as_bytes()).map_err(|e| e.to_string())?;
        let board = Board::from_grid(&grid);
        table.fill(Entry::default());
        searches.search(Player::new(table), &board, |mv| mv.to_string());
    }
    Ok(())
}
