//! Stake Your Claim through the programs: the batch protocol through `stake-your-claim`,
//! `duel solve stake` and duel-protocols. (The regions and the exact solver, which need
//! duel-core alone, are in `core/tests/core/stake`; this module includes its naive twin and
//! helpers from there.)

// Shared with the core tests, which use all of them.
#[allow(dead_code)]
#[path = "../../../core/tests/core/stake/helpers.rs"]
mod helpers;
#[allow(dead_code)]
#[path = "../../../core/tests/core/stake/naive.rs"]
mod naive;

mod protocol;

use helpers::board_of;
