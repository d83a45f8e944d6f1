//! For the trainers (`grader/train`) and the engine's own tests only: Filler's engine
//! internals, the search ([`choose`], [`choose_with`]) and the greedy and random colours the
//! built-in players wrap. The module holding them is crate-private; this one re-exports what is
//! public in it. It may change with the engine at any time; programs, protocols and the C API
//! call the engine through [`super::Player`] and [`super::builtin`] (the `seam` test checks it).

pub use super::engine::*;
