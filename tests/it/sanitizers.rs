//! The C API under AddressSanitizer and UndefinedBehaviorSanitizer: `tests/c/hostile_api.c`,
//! built with `-fsanitize=address,undefined` against libduel.a, calls every function many
//! thousands of times with null pointers, wrong lengths, out-of-range values, misaligned
//! buffers and random boards (the fuzz targets in fuzz/ do the same with the Rust side
//! instrumented too).

use duel_tests::{NATIVE_STATIC_LIBS, ffi_lib_dir, must, scratch_dir, workspace};
use std::process::Command;

#[test]
fn the_c_api_survives_hostile_calls_under_address_and_undefined_behaviour_sanitizers() {
    let dir = scratch_dir("hostile_api");
    let exe = dir.join("hostile_api");
    let mut cc = Command::new("gcc");
    cc.args([
        "-std=c99",
        "-Wall",
        "-Wextra",
        "-Werror",
        "-g",
        "-O1",
        "-fno-omit-frame-pointer",
        "-fsanitize=address,undefined",
        "-fno-sanitize-recover=all",
    ])
    .arg(workspace().join("tests/c/hostile_api.c"))
    .arg("-I")
    .arg(workspace().join("include"))
    .arg("-L")
    .arg(ffi_lib_dir())
    .arg("-l:libduel.a")
    .args(NATIVE_STATIC_LIBS)
    .arg("-o")
    .arg(&exe);
    must(&mut cc);
    let out = Command::new(&exe)
        .env(
            "ASAN_OPTIONS",
            "detect_leaks=1:halt_on_error=1:check_initialization_order=1",
        )
        .env("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1")
        .output()
        .expect("the harness runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}{stderr}");
    for report in ["AddressSanitizer", "LeakSanitizer", "runtime error:"] {
        assert!(!stderr.contains(report), "{stderr}");
    }
    let calls: u64 = stdout
        .strip_prefix("ok ")
        .and_then(|rest| rest.strip_suffix(" calls\n"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("unexpected output: {stdout}"));
    assert!(calls >= 15_000, "{calls} calls");
}
