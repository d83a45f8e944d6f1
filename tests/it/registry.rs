//! One registry of games: `duel`'s front ends (`grader/programs/src`), the arena
//! (`grader/arena/src`) and the web binding (`ffi/wasm/src`) name a game only in the game's
//! own files, the ones
//! `docs/ADDING-A-GAME.md` lists: a file or folder named after the game (`reversi.rs`,
//! `analyze/ataxx.rs`, `bin/fruit-rage.rs`), which names no other game. Elsewhere a game is
//! named only where its module is declared (`pub mod filler;`) and in a registry's list of
//! entries (`&crate::filler::ENTRY,`, the binding's `&filler::GAME,`); the rest loops over the
//! registry. This test reads every
//! `.rs` file under those sources, without its comments, and names, `file:line`, each place
//! that names a game outside its files.

use duel_tests::{rust_files, workspace};
use std::path::Path;

/// The sources whose games are named only in the games' own files.
const GUARDED: [&str; 3] = ["grader/programs/src", "grader/arena/src", "ffi/wasm/src"];

/// The games, each as the words of its name (`fruit_rage`, `FruitRage` and `fruit-rage` are
/// all `fruit rage`; `stake-your-claim` starts with `stake`).
const GAMES: [&[&str]; 5] = [
    &["reversi"],
    &["ataxx"],
    &["filler"],
    &["fruit", "rage"],
    &["stake"],
];

/// The lowercase words of `text` with the byte offsets of their tokens: identifiers split at
/// `_` and at a lowercase-to-uppercase step, so `FruitRage`, `fruit_rage` and `fruit-rage`
/// are all `fruit`, `rage`; `mistake` is one word.
fn words(text: &str) -> Vec<(usize, String)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_alphanumeric() {
            i += 1;
            continue;
        }
        let start = i;
        let mut word = String::new();
        while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
            let b = bytes[i];
            let hump = b.is_ascii_uppercase() && i > start && bytes[i - 1].is_ascii_lowercase();
            if (b == b'_' || hump) && !word.is_empty() {
                out.push((start, std::mem::take(&mut word)));
            }
            if b != b'_' {
                word.push(b.to_ascii_lowercase() as char);
            }
            i += 1;
        }
        if !word.is_empty() {
            out.push((start, word));
        }
    }
    out
}

/// The games `text` names, each with the byte offset where it does.
fn games_named(text: &str) -> Vec<(usize, usize)> {
    let words = words(text);
    let mut found = Vec::new();
    for k in 0..words.len() {
        for (game, name) in GAMES.iter().enumerate() {
            let here = words[k..].iter().map(|(_, w)| w.as_str());
            if here.take(name.len()).eq(name.iter().copied()) {
                found.push((words[k].0, game));
            }
        }
    }
    found
}

/// The game whose own file `path` (relative to its crate's `src`) is: a folder or file named
/// after it.
fn owner(path: &Path) -> Option<usize> {
    path.components().find_map(|c| {
        let name = c.as_os_str().to_str()?;
        let stem = name.strip_suffix(".rs").unwrap_or(name);
        games_named(stem)
            .first()
            .filter(|&&(at, _)| at == 0)
            .map(|&(_, g)| g)
    })
}

/// A line where naming a game is how the registry works: a module's declaration
/// (`pub mod filler;`) or an entry of a registry's list (`&crate::filler::ENTRY,`,
/// `&filler::GAME,`).
fn is_declaration(line: &str) -> bool {
    let line = line.trim();
    let declared = line
        .strip_prefix("pub ")
        .unwrap_or(line)
        .strip_prefix("mod ")
        .is_some_and(|rest| rest.ends_with(';'));
    let listed = line
        .strip_prefix('&')
        .map(|rest| rest.strip_prefix("crate::").unwrap_or(rest))
        .and_then(|rest| {
            rest.strip_suffix("::ENTRY,")
                .or_else(|| rest.strip_suffix("::GAME,"))
        })
        .is_some_and(|module| module.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'));
    declared || listed
}

/// `line: game` for each line of `code` (comments removed) that names a game other than
/// `owner`, declarations aside.
fn hits(code: &str, owner: Option<usize>) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (n, line) in code.lines().enumerate() {
        let line = line.find("//").map_or(line, |i| &line[..i]);
        if is_declaration(line) {
            continue;
        }
        for (_, game) in games_named(line) {
            if Some(game) != owner {
                found.push((n + 1, GAMES[game].join("_")));
            }
        }
    }
    found
}

/// `file:line: game` for every place in the guarded sources that names a game outside its
/// own files.
fn violations() -> Vec<String> {
    let root = workspace();
    let mut out = Vec::new();
    for dir in GUARDED {
        let src = root.join(dir);
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        files.sort();
        for file in files {
            let text = std::fs::read_to_string(&file).expect("a readable source file");
            let within = file.strip_prefix(&src).unwrap_or(&file);
            for (line, game) in hits(&text, owner(within)) {
                let name = file.strip_prefix(&root).unwrap_or(&file).display();
                out.push(format!("{name}:{line}: {game}"));
            }
        }
    }
    out
}

#[test]
fn games_are_named_only_in_their_own_files_and_the_registry() {
    let found = violations();
    assert!(
        found.is_empty(),
        "a game named outside its registry entry and its own files \
         (docs/ADDING-A-GAME.md):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_finds_a_game_named_elsewhere() {
    let code = "pub mod reversi;\n\
                &crate::fruit_rage::ENTRY,\n\
                &fruit_rage::GAME,\n\
                fn f() { duel_core::reversi::Board::start(); } // ataxx in a comment\n\
                enum G { FruitRage }\n\
                const N: &str = \"stake-your-claim\"; // the decisive mistake\n\
                fn g() { let mistake = filler_bench(); }\n";
    let names: Vec<(usize, String)> = hits(code, None);
    let expected = [
        (4, "reversi"),
        (5, "fruit_rage"),
        (6, "stake"),
        (7, "filler"),
    ];
    assert_eq!(names, expected.map(|(l, g)| (l, g.to_string())));
    // A game's own file may name its game, and no other.
    assert_eq!(hits(code, Some(0)).len(), 3);
    let own = Path::new("analyze/reversi.rs");
    assert_eq!(owner(own), Some(0));
    assert_eq!(owner(Path::new("bin/stake-your-claim.rs")), Some(4));
    assert_eq!(owner(Path::new("bin/fruit-rage.rs")), Some(3));
    assert_eq!(owner(Path::new("bench.rs")), None);
}
