//! duel-core is `#![no_std]` without `alloc`: it builds for a Cortex-M4F target that has
//! neither, and its sources never name them.

use duel_tests::workspace;
use std::process::Command;

#[test]
fn the_core_builds_for_thumbv7em_none_eabihf() {
    let installed = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output();
    let has_target = installed
        .as_ref()
        .map(|o| {
            String::from_utf8_lossy(&o.stdout)
                .lines()
                .any(|l| l.trim() == "thumbv7em-none-eabihf")
        })
        .unwrap_or(false);
    assert!(
        has_target,
        "the thumbv7em-none-eabihf target is missing: rustup target add thumbv7em-none-eabihf"
    );
    let out = Command::new(env!("CARGO"))
        .args([
            "build",
            "--quiet",
            "-p",
            "duel-core",
            "--target",
            "thumbv7em-none-eabihf",
        ])
        .current_dir(workspace())
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_core_sources_name_neither_std_nor_alloc() {
    let mut stack = vec![workspace().join("core/src")];
    let mut files = 0;
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("read core/src") {
            let path = entry.expect("dir entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            // Data the sources include (the Reversi pattern weights) is not code.
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            files += 1;
            let text = std::fs::read_to_string(&path).expect("read source");
            for (n, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                for banned in [
                    "std::",
                    "alloc::",
                    "extern crate std",
                    "extern crate alloc",
                    "Vec<",
                    "Box<",
                ] {
                    assert!(
                        !code.contains(banned),
                        "{}:{}: {line}",
                        path.display(),
                        n + 1
                    );
                }
            }
        }
    }
    assert!(files > 10);
    let lib = std::fs::read_to_string(workspace().join("core/src/lib.rs")).expect("lib.rs");
    assert!(lib.lines().any(|l| l.trim() == "#![no_std]"));
}
