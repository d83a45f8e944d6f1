//! Stake Your Claim in `duel`: its registry entry ([`ENTRY`]); `duel solve stake` is the
//! contest's own protocol ([`duel_protocols::stake`]).

use crate::games::GameEntry;
use duel_protocols::stake::{SolveArgs, solve_stdin};

/// Stake Your Claim as `duel` knows it.
pub static ENTRY: GameEntry = GameEntry {
    name: "stake",
    arena: None,
    perft: None,
    solve: Some(crate::hook!(
        SolveArgs,
        solve_stdin,
        "Stake Your Claim: the contest's input and output (best move and value, `(r,c) v`)"
    )),
    bench: None,
    analyze: None,
    openings: None,
};
