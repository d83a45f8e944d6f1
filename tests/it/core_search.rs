//! Tests of core_search.
