//! Tests of ataxx.
