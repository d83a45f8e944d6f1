//! Cross-crate tests, one module a game or protocol (one test binary keeps link times down).

mod arena;
mod ataxx;
mod conformance;
mod core_search;
mod embedded;
mod ffi;
mod filler;
mod fruit_rage;
mod no_std;
mod reversi;
mod self_contained;
mod stake;
