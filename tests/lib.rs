//! Cross-crate test support: the built programs and test bots, small process helpers, and
//! (from [`support`], shared with duel-core's tests) the workspace root, the test data in
//! `data/` and a deterministic random number generator.
#![deny(missing_docs)]

pub mod support;
pub use support::*;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

/// Appends every `.rs` file under `dir` (recursively; nothing when `dir` cannot be read) to
/// `out`: the sources the seam and registry tests scan.
pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
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

/// Builds every program of `duel-train` (the trainers) once per test process, and returns the
/// path of program `name` (`ataxx-train`, `reversi-eval`, …).
pub fn train_bin(name: &str) -> PathBuf {
    static BUILT: OnceLock<()> = OnceLock::new();
    BUILT.get_or_init(|| {
        let mut cmd = Command::new(env!("CARGO"));
        cmd.args(["build", "--quiet", "-p", "duel-train", "--bins"]);
        if !cfg!(debug_assertions) {
            cmd.arg("--release");
        }
        let status = cmd.current_dir(workspace()).status().expect("cargo runs");
        assert!(status.success(), "building duel-train failed");
    });
    let path = profile_dir().join(name);
    assert!(path.exists(), "no trainer {name}");
    path
}

/// Builds the project's test bots (the binaries of `duel-tests`, sources in `tests/bots/`) once
/// per test process, and returns the path of bot `name`: `ataxx-random-simple`,
/// `ataxx-random-json` (Botzone Ataxx random movers, simple and JSON interaction; both take
/// `--keep-running`), `filler-random` (a random allowed colour; these three take `--seed N`),
/// `filler-alphabeta` (a plain alpha-beta Filler program, written apart from the engines; `--nodes
/// N` makes it reproducible), or one of the Filler sparring partners, each a different idea of
/// the territory, written apart from the engines (issue 62): `filler-reach` (who reaches the free
/// regions first), `filler-frontier` (frontiers and mobility), `filler-deep` (deep search over the
/// owned cells) and `filler-mc` (UCT with greedy-random playouts); `--nodes N` (`--playouts N`
/// for `filler-mc`) makes them reproducible.
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
