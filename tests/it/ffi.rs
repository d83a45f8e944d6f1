//! The C ABI, the contest's C++ `move` linked with graders, and Java through JNI.

use duel_tests::{
    NATIVE_STATIC_LIBS, bin, ffi_lib_dir, must, run, scratch_dir, target_dir, workspace,
};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Links `sources` with libduel.a (not the .so beside it) into `out` using `compiler`.
fn link_with_duel(compiler: &str, sources: &[PathBuf], out: &Path, flags: &[&str]) {
    let mut cmd = Command::new(compiler);
    cmd.args(flags)
        .args(sources)
        .arg("-I")
        .arg(workspace().join("include"))
        .arg("-L")
        .arg(ffi_lib_dir())
        .arg("-l:libduel.a")
        .args(NATIVE_STATIC_LIBS)
        .arg("-o")
        .arg(out);
    must(&mut cmd);
}

/// The `duel-ffi` library's source with its macros expanded (its result codes are declared by a
/// macro), as `cargo rustc -Zunpretty=expanded` prints it, written into `dir` (kept between
/// runs, so the check build is incremental). The flag is unstable: `RUSTC_BOOTSTRAP=1` lets the
/// stable toolchain print it, for this one child process only.
fn expanded_ffi_source(dir: &Path) -> PathBuf {
    std::fs::create_dir_all(dir).expect("expansion directory");
    let out = Command::new(env!("CARGO"))
        .args([
            "rustc",
            "--quiet",
            "-p",
            "duel-ffi",
            "--lib",
            "--profile",
            "check",
        ])
        .args(["--", "-Zunpretty=expanded"])
        .env("RUSTC_BOOTSTRAP", "1")
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .current_dir(workspace())
        .output()
        .expect("run cargo rustc");
    assert!(
        out.status.success(),
        "expanding duel-ffi failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let path = dir.join("duel_ffi_expanded.rs");
    std::fs::write(&path, &out.stdout).expect("write the expanded source");
    path
}

#[test]
fn header_is_current() {
    let crate_dir = workspace().join("ffi");
    let config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml"))
        .expect("ffi/cbindgen.toml parses");
    let source = expanded_ffi_source(&target_dir().join("ffi-expanded"));
    let bindings = cbindgen::Builder::new()
        .with_src(&source)
        .with_config(config)
        .generate()
        .expect("cbindgen reads the expanded ffi/");
    let mut generated = Vec::new();
    bindings.write(&mut generated);
    let path = workspace().join("include/duel.h");
    if std::env::var_os("DUEL_UPDATE_HEADER").is_some() {
        std::fs::write(&path, &generated).expect("write include/duel.h");
    }
    let committed = std::fs::read(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "include/duel.h is stale: regenerate it with\n  DUEL_UPDATE_HEADER=1 cargo test -p duel-tests --test it ffi::header_is_current"
    );
}

/// Compiles `tests/c/NAME.c` with gcc against libduel.a, runs it, and returns its stdout; the
/// program must exit 0 (it prints the failed checks otherwise).
fn c_program(name: &str) -> String {
    let exe = scratch_dir(name).join(name);
    link_with_duel(
        "gcc",
        &[workspace().join(format!("tests/c/{name}.c"))],
        &exe,
        &["-std=c99", "-Wall", "-Werror"],
    );
    let out = run(&exe, &[], "");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{name}: {stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// The README's C example, compiled and run as a user would: it prints a legal first move.
#[test]
fn the_readmes_c_example_builds_and_plays_a_legal_first_move() {
    let readme = std::fs::read_to_string(workspace().join("README.md")).expect("README.md");
    let example = readme
        .split("```c\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("README.md has a ```c example");
    let dir = scratch_dir("readme_example");
    let source = dir.join("readme_example.c");
    std::fs::write(&source, example).expect("write the example");
    let exe = dir.join("readme_example");
    link_with_duel("gcc", &[source], &exe, &["-std=c99", "-Wall", "-Werror"]);
    let out = run(&exe, &[], "");
    assert!(out.status.success(), "{out:?}");
    let answer = String::from_utf8_lossy(&out.stdout).trim().to_string();
    // Black's four moves from the example's start (black on d4 and e5), as row and column.
    assert!(
        ["2 4", "3 5", "4 2", "5 3"].contains(&answer.as_str()),
        "not a legal first move: {answer:?}"
    );
}

#[test]
fn c_api_for_reversi_reports_every_error_and_plays_legal_moves_with_a_caller_workspace() {
    assert_eq!(c_program("reversi_api"), "ok\n");
}

#[test]
fn c_api_for_stake_your_claim_solves_the_samples_and_reports_every_error() {
    assert_eq!(c_program("stake_api"), "ok\n");
}

#[test]
fn c_api_for_ataxx_plays_a_whole_game_from_histories_and_reports_every_error() {
    assert!(c_program("ataxx_api").starts_with("ok "));
}

#[test]
fn c_api_for_filler_never_gives_the_forbidden_colour_and_reports_every_error() {
    assert_eq!(c_program("filler_api"), "ok\n");
}

#[test]
fn c_api_for_fruit_rage_plays_the_official_example_and_reports_every_error() {
    assert_eq!(c_program("fruit_rage_api"), "ok\n");
}

#[test]
fn a_grader_that_only_declares_move_links_and_plays_whole_games_legally_within_ten_seconds() {
    let dir = scratch_dir("self_play_grader");
    let exe = dir.join("grader");
    link_with_duel(
        "g++",
        &[workspace().join("tests/c/self_play_grader.cpp")],
        &exe,
        &["-std=c++11", "-O2", "-Wall", "-Wextra", "-Werror"],
    );
    let out = run(&exe, &["2"], "");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let games: Vec<&str> = stdout.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{stdout}");
    assert_eq!(stdout.lines().last(), Some("done"));
    for line in games {
        let field = |name: &str| -> u32 {
            let start = line.find(name).expect("field present") + name.len();
            line[start..]
                .split_whitespace()
                .next()
                .expect("value")
                .parse()
                .expect("number")
        };
        let (ours, theirs, thinking) = (field("ours="), field("theirs="), field("thinking_ms="));
        assert!(thinking < 10_000, "{line}");
        assert!(ours > theirs, "duel lost to a random mover: {line}");
    }
}

/// `duel arena reversi` with `a` against builtin:random for `games` games; returns stdout.
fn arena_against_random(a: &str, games: usize) -> String {
    let out = run(
        &bin("duel"),
        &[
            "arena",
            "reversi",
            "--a",
            a,
            "--b",
            "builtin:random",
            "--games",
            &games.to_string(),
        ],
        "",
    );
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// The project's `grader/reversi/grader.cpp` linked with libduel, as a contest links `move`.
fn project_grader(scratch: &str) -> PathBuf {
    let exe = scratch_dir(scratch).join("solution");
    link_with_duel(
        "g++",
        &[workspace().join("grader/reversi/grader.cpp")],
        &exe,
        &["-std=c++11", "-O2", "-Wall", "-Wextra"],
    );
    exe
}

#[test]
fn the_project_grader_cpp_wins_every_game_against_random_through_the_arena() {
    let exe = project_grader("project_grader");
    // Two games (one a colour): `move` spends its real 8.5 s of the contest's clock a game.
    let stdout = arena_against_random(exe.to_str().expect("utf-8 path"), 2);
    assert!(
        stdout.contains("\nRESULT wins=2 draws=0 losses=0 "),
        "{stdout}"
    );
}

/// The moves of each game `duel arena reversi` plays between `a` and `b` from the start
/// position (two games, colours swapped), as its record holds them.
fn arena_moves(a: &str, b: &str, record: &Path) -> Vec<Vec<String>> {
    let out = run(
        &bin("duel"),
        &[
            "arena",
            "reversi",
            "--a",
            a,
            "--b",
            b,
            "--games",
            "2",
            "--record",
            record.to_str().expect("utf-8 path"),
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read_to_string(record)
        .expect("record written")
        .lines()
        .map(|line| {
            let game: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            assert_eq!(game["reason"], "game over", "{game}");
            game["moves"]
                .as_array()
                .expect("moves")
                .iter()
                .map(|m| m.as_str().expect("a move").to_string())
                .collect()
        })
        .collect()
}

#[test]
fn the_contest_move_and_the_reversi_program_play_the_same_node_limited_games() {
    // The project's grader.cpp speaks the contest protocol through `move`; DUEL_CONTEST_NODES
    // gives `move` the node limit `reversi --nodes` gives the program. Both answer through one
    // `duel_core::reversi::Session`, so each plays the other's games move for move.
    let dir = scratch_dir("contest_move_nodes");
    let exe = project_grader("contest_move_nodes");
    let nodes = 3_000;
    let shim = format!(
        "name=move cmd='env DUEL_CONTEST_NODES={nodes} {}'",
        exe.display()
    );
    let program = format!(
        "name=reversi cmd='{} --nodes {nodes}'",
        bin("reversi").display()
    );
    let by_shim = arena_moves(&shim, &shim, &dir.join("shim.jsonl"));
    let by_program = arena_moves(&program, &program, &dir.join("program.jsonl"));
    assert_eq!(by_shim.len(), 2);
    for game in &by_shim {
        // A whole game: at least the 60 discs placed.
        assert!(game.len() >= 60, "{game:?}");
    }
    assert_eq!(by_shim, by_program);
}

/// Compiles java/Grader.java and java/Solution.java (plus `extra` sources) into a scratch dir.
fn javac(name: &str, extra: &[PathBuf]) -> PathBuf {
    let classes = scratch_dir(name);
    let mut cmd = Command::new("javac");
    cmd.arg("-d")
        .arg(&classes)
        .arg(workspace().join("java/Grader.java"))
        .arg(workspace().join("java/Solution.java"));
    cmd.args(extra);
    must(&mut cmd);
    classes
}

#[test]
fn the_java_grader_wins_every_game_against_random_through_the_arena() {
    let classes = javac("java_grader", &[]);
    let command = format!(
        "java -Xss16m -Djava.library.path={} -cp {} Grader",
        ffi_lib_dir().display(),
        classes.display()
    );
    let stdout = arena_against_random(&command, 2);
    assert!(
        stdout.contains("\nRESULT wins=2 draws=0 losses=0 "),
        "{stdout}"
    );
}

#[test]
fn java_solution_move_answers_legally_and_throws_on_bad_arguments_without_crashing_the_jvm() {
    let dir = scratch_dir("java_checks_src");
    let source = dir.join("SolutionChecks.java");
    std::fs::write(&source, JAVA_CHECKS).expect("write java source");
    let classes = javac("java_checks", &[source]);
    let out = Command::new("java")
        .arg(format!("-Djava.library.path={}", ffi_lib_dir().display()))
        .arg("-cp")
        .arg(&classes)
        .arg("SolutionChecks")
        .output()
        .expect("java runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        stdout,
        "legal 4\nnull board: IllegalArgumentException\nnull answer: IllegalArgumentException\n\
         7 rows: IllegalArgumentException\nshort row: IllegalArgumentException\n\
         short answer: IllegalArgumentException\ncolour 2: IllegalArgumentException\n\
         cell 5: IllegalArgumentException\nno move: IllegalArgumentException\nstill alive\n"
    );
}

const JAVA_CHECKS: &str = r#"
public class SolutionChecks {
    static int[][] start() {
        int[][] a = new int[8][8];
        for (int[] row : a) java.util.Arrays.fill(row, -1);
        a[3][3] = 1; a[4][4] = 1; a[3][4] = 0; a[4][3] = 0;
        return a;
    }
    static void expectThrow(String what, Runnable r) {
        try {
            r.run();
            System.out.println(what + ": no exception");
        } catch (IllegalArgumentException e) {
            System.out.println(what + ": IllegalArgumentException");
        } catch (Throwable t) {
            System.out.println(what + ": " + t.getClass().getSimpleName());
        }
    }
    public static void main(String[] args) {
        Solution s = new Solution();
        int legal = 0;
        int[][] firsts = {{2, 4}, {3, 5}, {4, 2}, {5, 3}};
        for (int i = 0; i < 4; i++) {
            int[] m = {-1, -1};
            s.move(start(), 1, m);
            for (int[] f : firsts) if (f[0] == m[0] && f[1] == m[1]) { legal++; break; }
        }
        System.out.println("legal " + legal);
        expectThrow("null board", () -> s.move(null, 1, new int[2]));
        expectThrow("null answer", () -> s.move(start(), 1, null));
        expectThrow("7 rows", () -> s.move(new int[7][8], 1, new int[2]));
        expectThrow("short row", () -> { int[][] a = start(); a[5] = new int[3]; s.move(a, 1, new int[2]); });
        expectThrow("short answer", () -> s.move(start(), 1, new int[1]));
        expectThrow("colour 2", () -> s.move(start(), 2, new int[2]));
        expectThrow("cell 5", () -> { int[][] a = start(); a[0][0] = 5; s.move(a, 1, new int[2]); });
        expectThrow("no move", () -> { int[][] a = new int[8][8]; s.move(a, 1, new int[2]); });
        System.out.println("still alive");
    }
}
"#;

#[test]
fn the_link_line_in_the_readme_is_what_rustc_prints() {
    let out = Command::new(env!("CARGO"))
        .args([
            "rustc",
            "--quiet",
            "-p",
            "duel-ffi",
            "--lib",
            "--crate-type",
            "staticlib",
            "--",
        ])
        .args(["--print", "native-static-libs"])
        .current_dir(workspace())
        .env(
            "CARGO_TARGET_DIR",
            duel_tests::target_dir().join("native-static-libs"),
        )
        .output()
        .expect("cargo runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let printed = stderr
        .lines()
        .find_map(|l| {
            l.split_once("native-static-libs: ")
                .map(|(_, libs)| libs.trim().to_string())
        })
        .expect("rustc prints native-static-libs");
    assert_eq!(printed, NATIVE_STATIC_LIBS.join(" "));
    let readme = std::fs::read_to_string(workspace().join("README.md")).expect("README.md");
    assert!(
        readme.contains(&printed),
        "README.md must show the link line's libraries: {printed}"
    );
}
