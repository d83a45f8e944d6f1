//! Cross-crate test support: the built programs and test bots, the test data in `data/`, small
//! process helpers.
#![deny(missing_docs)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

/// The workspace root.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ has a parent")
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

/// The target directory cargo builds into (honours `CARGO_TARGET_DIR`).
pub fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => {
            let dir = PathBuf::from(dir);
            if dir.is_absolute() {
                dir
            } else {
                workspace().join(dir)
            }
        }
        None => workspace().join("target"),
    }
}

/// The profile directory the programs are built into: the tests' own profile, so a
/// `cargo test --release` tests release programs.
pub fn profile_dir() -> PathBuf {
    target_dir().join(if cfg!(debug_assertions) {
        "debug"
    } else {
        "release"
    })
}

/// Builds every program of `duel-programs` once per test process (the crate's engine code is
/// optimised in every profile), and returns the path of program `name`.
pub fn bin(name: &str) -> PathBuf {
    static BUILT: OnceLock<()> = OnceLock::new();
    BUILT.get_or_init(|| {
        let mut cmd = Command::new(env!("CARGO"));
        cmd.args(["build", "--quiet", "-p", "duel-programs", "--bins"]);
        if !cfg!(debug_assertions) {
            cmd.arg("--release");
        }
        let status = cmd.current_dir(workspace()).status().expect("cargo runs");
        assert!(status.success(), "building duel-programs failed");
    });
    profile_dir().join(name)
}

/// Builds the project's test bots (the binaries of `duel-tests`, sources in `tests/bots/`) once
/// per test process, and returns the path of bot `name`: `ataxx-random-simple`,
/// `ataxx-random-json` (Botzone Ataxx random movers, simple and JSON interaction; both take
/// `--keep-running`) or `filler-random` (a random allowed colour). Every bot takes `--seed N`.
pub fn bot(name: &str) -> PathBuf {
    static BUILT: OnceLock<()> = OnceLock::new();
    BUILT.get_or_init(|| {
        let mut cmd = Command::new(env!("CARGO"));
        cmd.args(["build", "--quiet", "-p", "duel-tests", "--bins"]);
        if !cfg!(debug_assertions) {
            cmd.arg("--release");
        }
        let status = cmd.current_dir(workspace()).status().expect("cargo runs");
        assert!(status.success(), "building the test bots failed");
    });
    let path = profile_dir().join(name);
    assert!(path.exists(), "no test bot {name}");
    path
}

/// Runs `program` with `args`, feeding `stdin`, and returns its output.
pub fn run(program: &Path, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", program.display()));
    let mut input = child.stdin.take().expect("piped stdin");
    let data = stdin.as_bytes().to_vec();
    let writer = std::thread::spawn(move || {
        // A program may exit before reading all of its input; that is not a test failure.
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().expect("program runs");
    writer.join().expect("stdin writer");
    out
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

/// Builds `duel-ffi` (libduel.a and libduel.so) once per test process, in the tests' profile,
/// and returns the directory holding them.
pub fn ffi_lib_dir() -> PathBuf {
    static BUILT: OnceLock<()> = OnceLock::new();
    BUILT.get_or_init(|| {
        let mut cmd = Command::new(env!("CARGO"));
        cmd.args(["build", "--quiet", "-p", "duel-ffi"]);
        if !cfg!(debug_assertions) {
            cmd.arg("--release");
        }
        let status = cmd.current_dir(workspace()).status().expect("cargo runs");
        assert!(status.success(), "building duel-ffi failed");
    });
    profile_dir()
}

/// The system libraries a program linking `libduel.a` needs on Linux, as
/// `rustc --print native-static-libs` reports them (the README's link line).
pub const NATIVE_STATIC_LIBS: &[&str] = &[
    "-lgcc_s",
    "-lutil",
    "-lrt",
    "-lpthread",
    "-lm",
    "-ldl",
    "-lc",
    "-lstdc++",
];

/// A fresh, empty scratch directory under the target directory, named for the calling test.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = target_dir().join("test-scratch").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// Runs a build step (a compiler), panicking with its output when it fails.
pub fn must(cmd: &mut Command) {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?} failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
