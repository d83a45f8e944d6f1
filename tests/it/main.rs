//! Cross-crate tests, one module a game or protocol (one test binary keeps link times down).

mod arena;
mod arena_match;
mod ataxx;
mod ataxx_search;
mod core_search;
mod embedded;
mod ffi;
mod filler;
mod fruit_rage;
mod no_std;
mod reversi;
mod stake;
