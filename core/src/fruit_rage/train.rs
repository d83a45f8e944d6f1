//! For the trainers (`grader/train`) and the engine's own tests only: The Fruit Rage's engine
//! internals, the search and its evaluation, the course's opponents as loose functions and the
//! time rule (the crate-private `play`, re-exported here) and the group scan and alpha-beta
//! search ([`engine`]). It may change with the engine at any time; programs, protocols and the
//! C API call the engine through [`super::Player`] and [`super::builtin`] (the `seam` test
//! checks it).

pub use super::play::*;

/// The group scan and the alpha-beta search under [`search`] (crate-private otherwise).
pub mod engine {
    pub use crate::fruit_rage::engine::*;
}
