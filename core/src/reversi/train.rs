//! For the trainers (`grader/train`) and the engine's own tests only: Reversi's engine
//! internals, the exact solver (`endgame`), the midgame search (`search`) and the whole-game
//! engine with its time rule (`engine`). These modules are crate-private; this one re-exports
//! what is public in them. It may change with the engine at any time; programs, protocols and
//! the C API call the engine through [`super::Player`] (the `seam` test checks it).

pub use super::endgame::*;
pub use super::engine::*;
pub use super::search::*;
