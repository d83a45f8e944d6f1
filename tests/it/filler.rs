//! Tests of filler.
