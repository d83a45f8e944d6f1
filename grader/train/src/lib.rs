//! The trainers and benchmarks that fitted and measured the engines' tables, run by hand as
//! the binaries of this crate (`reversi-eval`, `reversi-mpc`, `reversi-book`, `ataxx-train`,
//! `filler-fit`, `filler-moves`, `filler-bench`, `filler-depth`, `fruit-rage-bench`,
//! `fruit-rage-tune`, `fruit-rage-fit`), and what they share: one `--shard K/N` parser
//! ([`Shard`]), one seeded random number generator ([`Rng`], the arena's), one self-play loop
//! ([`selfplay::Run`]: a shard's games in order, each written whole, a file resumed after its
//! last complete game; [`selfplay::merge`] joins a run's shards), the least-squares solve
//! ([`linear`]), the random Filler boards, The Fruit Rage's horizon features and labels
//! ([`fruit_rage`]), the Reversi training pipeline, its opening book's builder ([`book`]) and
//! the Ataxx network's trainer ([`ataxx_net`]).
#![deny(missing_docs)]

pub mod ataxx_games;
pub mod ataxx_net;
pub mod book;
pub mod book_archive;
pub mod filler;
pub mod fruit_rage;
pub mod linear;
pub mod reversi;
pub mod selfplay;
pub mod wthor;

/// The one seeded generator of `grader/`: the arena's xorshift64, one stream of a series per
/// [`duel_arena::stream_seed`], so every game of a shard is reproducible alone.
pub use duel_arena::Rng;
/// The one `--shard K/N` parser of `grader/`, the arena's: a sharded match and a sharded
/// generator split their work the same way.
pub use duel_arena::Shard;
