//! The Fruit Rage through duel-core alone: whole games in process and time management. (The
//! engine against its naive twin, the search against brute force, parsing and the program run
//! for real stay in the cross-crate tests, `tests/it/fruit_rage`.)

mod games;
mod time;
