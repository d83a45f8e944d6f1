//! The repository tests itself: no file of the project may point at material outside it (the
//! project's old shared folder beside the checkout). Data lives in `data/`, rules in
//! `docs/rules/`, test bots in `tests/bots/`.

use duel_tests::workspace;
use std::path::{Path, PathBuf};
use std::process::Command;

/// What no file may contain, spelled in pieces so that this file does not contain it either.
const FORBIDDEN: [&str; 2] = [concat!("..", "/shared"), concat!("/work", "/shared")];

/// The project's files: what git tracks plus new files it does not ignore, or, outside a git
/// checkout, every file under the workspace but `.git` and the target directories.
fn project_files() -> Vec<PathBuf> {
    let root = workspace();
    let listed = Command::new("git")
        .args([
            "ls-files",
            "-z",
            "--cached",
            "--others",
            "--exclude-standard",
        ])
        .current_dir(&root)
        .output();
    match listed {
        Ok(out) if out.status.success() => out
            .stdout
            .split(|&b| b == 0)
            .filter(|name| !name.is_empty())
            .map(|name| root.join(String::from_utf8_lossy(name).as_ref()))
            .filter(|path| path.is_file())
            .collect(),
        _ => {
            let mut files = Vec::new();
            walk(&root, &mut files);
            files
        }
    }
}

/// Every file under `dir`, skipping `.git` and `target*` folders.
fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if name != ".git" && !name.starts_with("target") {
                walk(&path, files);
            }
        } else {
            files.push(path);
        }
    }
}

#[test]
fn no_file_names_material_outside_the_repository() {
    let files = project_files();
    assert!(
        files
            .iter()
            .any(|f| f.ends_with("tests/it/self_contained.rs")),
        "the file list misses this very file: {} files",
        files.len()
    );
    let mut found = Vec::new();
    for file in &files {
        let Ok(bytes) = std::fs::read(file) else {
            continue;
        };
        let text = String::from_utf8_lossy(&bytes);
        for (i, line) in text.lines().enumerate() {
            if FORBIDDEN.iter().any(|needle| line.contains(needle)) {
                let name = file.strip_prefix(workspace()).unwrap_or(file);
                found.push(format!("{}:{}: {}", name.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "files name material outside the repository:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_test_data_and_rules_are_in_the_repository() {
    for relative in [
        "reversi/perft.txt",
        "reversi/ffo40-59.obf",
        "reversi/ffo40-59.txt",
        "ataxx/perft-standard.txt",
        "fruit-rage/input1.txt",
        "fruit-rage/output5.txt",
        "stake-your-claim/sample_input.txt",
        "stake-your-claim/sample_answer.txt",
    ] {
        assert!(duel_tests::data(relative).is_file(), "data/{relative}");
    }
    for game in [
        "README",
        "reversi",
        "ataxx",
        "filler",
        "fruit-rage",
        "stake-your-claim",
    ] {
        let path = workspace().join("docs/rules").join(format!("{game}.md"));
        assert!(path.is_file(), "{}", path.display());
    }
}
