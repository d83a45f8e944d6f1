//! For the trainers (`grader/train`) and the engine's own tests only: the evaluation's terms
//! ([`features`], [`FEATURES`], [`FEATURE_NAMES`], [`CLASSES`]), the search's score of a finished
//! game ([`outcome_score`]), the root's move filter ([`RootFiltered`]), the time rule
//! ([`TimeManager`]) and, with the `ataxx-solve` feature, the exact endgame solver ([`solve`],
//! [`Solution`], [`MAX_SOLVE_DEPTH`]; `core/src/ataxx/solve.rs` says what "exact" means when
//! jumps do not fill cells). The solver's module is crate-private; this one re-exports what is
//! public in it. It may change with the engine at any time; programs, protocols and the C API
//! call the engine through [`super::Player`] (the `seam` test checks it; `duel solve ataxx`
//! asks the player to solve with [`super::Player::solving_exactly`]).

pub use super::engine::{RootFiltered, outcome_score};
pub use super::eval::{CLASSES, FEATURE_NAMES, FEATURES, features};
#[cfg(feature = "ataxx-solve")]
pub use super::solve::{MAX_SOLVE_DEPTH, Solution, solve};
pub use super::time::TimeManager;
