//! Tests of stake.
