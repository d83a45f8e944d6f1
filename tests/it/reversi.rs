//! Tests of reversi.
