//! The trainers and benchmarks that fitted and measured the engines' tables, run by hand as
//! the binaries of this crate (`reversi-eval`, `reversi-mpc`, `ataxx-train`, `filler-fit`,
//! `filler-moves`, `filler-bench`, `filler-depth`, `fruit-rage-bench`, `fruit-rage-tune`), and
//! what they share: the Reversi training pipeline.
#![deny(missing_docs)]

pub mod reversi;
