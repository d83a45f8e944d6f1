//! For the trainers (`grader/train`) and the engine's own tests only: the evaluation's terms
//! ([`features`], [`FEATURES`], [`FEATURE_NAMES`], [`CLASSES`]), the search's score of a finished
//! game ([`outcome_score`]), the root's move filter ([`RootFiltered`]) and the time rule
//! ([`TimeManager`]). It may change with the engine at any time; programs, protocols and the C
//! API call the engine through [`super::Player`] (the `seam` test checks it).

pub use super::engine::{RootFiltered, outcome_score};
pub use super::eval::{CLASSES, FEATURE_NAMES, FEATURES, features};
pub use super::time::TimeManager;
