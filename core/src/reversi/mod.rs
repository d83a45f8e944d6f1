//! Reversi.
