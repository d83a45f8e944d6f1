//! Tests of fruit_rage.
