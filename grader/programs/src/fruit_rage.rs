//! The Fruit Rage in `duel`: its registry entry ([`ENTRY`]) and its bench.

use crate::bench::{Bench, BenchArgs, Searches};
use crate::games::GameEntry;
use duel_core::fruit_rage::{Board, Player};
use duel_core::{Entry, TimeUse};

/// The Fruit Rage as `duel` knows it.
pub static ENTRY: GameEntry = GameEntry {
    name: "fruit-rage",
    arena: Some(crate::hook!(
        duel_arena::fruit_rage::ArenaArgs,
        duel_arena::fruit_rage::arena,
        "The Fruit Rage: input.txt → output.txt in a fresh process per move, CPU time charged"
    )),
    perft: None,
    solve: None,
    bench: Some(crate::hook!(
        BenchArgs,
        |args| crate::bench::main(&BENCH, args),
        "The Fruit Rage: the bench signature"
    )),
    analyze: None,
    openings: None,
};

/// The Fruit Rage's bench: boxes of [`Board::random`] from seeds 0 to 5, to depth 6.
pub static BENCH: Bench = Bench {
    program: "fruit-rage",
    default_depth: 6,
    search: bench_search,
};

/// Searches the bench's positions.
fn bench_search(table: &mut [Entry], searches: &mut Searches) -> Result<(), String> {
    for (seed, (size, types)) in [(8, 3), (8, 6), (12, 4), (12, 9), (18, 5), (26, 9)]
        .into_iter()
        .enumerate()
    {
        let board = Board::random(size, types, seed as u64).map_err(|e| e.to_string())?;
        table.fill(Entry::default());
        let player = Player::new(table, TimeUse::ThisMove, None);
        searches.search(player, &board, |mv| board.label(mv).to_string());
    }
    Ok(())
}
