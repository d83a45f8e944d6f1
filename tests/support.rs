//! Process-free test support, shared by duel-tests (`tests/lib.rs` re-exports it) and by
//! duel-core's tests (`core/tests/core/main.rs` includes this file): the workspace root, the
//! test data in `data/`, the perft files' parser and a small deterministic random number
//! generator. Only std: duel-core's tests must not depend on another duel crate.

use std::path::{Path, PathBuf};

/// The workspace root: the parent of the crate being tested, from duel-tests (`tests/`) and
/// from duel-core (`core/`) alike.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate sits directly under the workspace root")
        .to_path_buf()
}

/// A file of the repository's test data (`data/` at the workspace root), e.g.
/// `data("reversi/perft.txt")`.
pub fn data(relative: &str) -> PathBuf {
    workspace().join("data").join(relative)
}

/// The text of a test data file (see [`data`]), panicking with the path when it cannot be read.
pub fn data_text(relative: &str) -> String {
    let path = data(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// One row of a perft file: a position in its game's own text form, a depth, and the number of
/// leaves at that depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftRow {
    /// The position (Reversi: `<64 cells> <X|O>`; Ataxx: FEN).
    pub position: String,
    /// The depth in plies.
    pub depth: u32,
    /// The leaf count.
    pub nodes: u64,
}

/// The rows of a perft file of `data/` (every game's perft file has one format: `#` comment
/// lines, blank lines, and `position | depth | nodes` rows). Panics naming the line on any
/// other line.
pub fn perft_rows(relative: &str) -> Vec<PerftRow> {
    let text = data_text(relative);
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let parsed = match fields.as_slice() {
            [position, depth, nodes] => {
                depth
                    .parse()
                    .ok()
                    .zip(nodes.parse().ok())
                    .map(|(depth, nodes)| PerftRow {
                        position: position.to_string(),
                        depth,
                        nodes,
                    })
            }
            _ => None,
        };
        rows.push(parsed.unwrap_or_else(|| {
            panic!("{relative} line {}: not `position | depth | nodes`", i + 1)
        }));
    }
    rows
}

/// A small deterministic random number generator (xorshift64*) for tests.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (any value, zero included).
    pub fn new(seed: u64) -> Self {
        Self((seed ^ 0x9E37_79B9_7F4A_7C15) | 1)
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}
