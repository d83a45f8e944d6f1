//! The seam is the only way in: the contest programs, the protocol servers, the arena (its
//! referees' built-in players, `duel analyze`, `duel openings`) and the C API call the engines
//! only through `duel_core::Player` (and the games' rules, budgets and text forms),
//! never a search, a solver or a time rule of an engine directly. This test reads every `.rs`
//! file under those crates' sources and names, `file:line`, each place that reaches an engine
//! internal: a `use duel_core::...` naming one, or a game module's path to one
//! (`fruit_rage::search(..)`, `duel_core::reversi::solve(..)`).

use duel_tests::{rust_files, workspace};

/// The sources that must go through the seam.
const GUARDED: [&str; 5] = [
    "grader/programs/src",
    "grader/arena/src",
    "grader/protocols/src",
    "ffi/src",
    "ffi/wasm/src",
];

/// Core's game modules, whose paths are checked (`<game>::<name>`).
const GAMES: [&str; 5] = ["reversi", "ataxx", "filler", "fruit_rage", "stake"];

/// Engine internals: the trainers' `train` modules, searches, solvers, time rules, the simple
/// opponents' loose functions and the modules that hold them (Reversi's `engine`, `search` and
/// `endgame` are crate-private; the rest are named here until they are too). The player ([`duel_core::Player`] and each game's `Player`),
/// the built-in players (`builtin::*`), the rules and the text forms are the way in.
const DENIED: [&str; 30] = [
    "train",
    "Engine",
    "Choice",
    "Search",
    "Searcher",
    "SearchResult",
    "Options",
    "search",
    "search_tuned",
    "solve",
    "solve_with",
    "solve_ordered",
    "think_time_millis",
    "think_micros",
    "solvable_empties",
    "ALWAYS_SOLVE_EMPTIES",
    "exact_empties_at_depth",
    "DEPTH_WITHOUT_CLOCK",
    "greedy_move",
    "random_move",
    "minimax",
    "minimax3_move",
    "greedy_colour",
    "random_colour",
    "choose",
    "choose_with",
    "engine",
    "endgame",
    "mpc",
    "iterate",
];

/// `text` without its line comments (doc comments included), line breaks kept.
fn without_comments(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The identifiers of `text` with their byte offsets.
fn identifiers(text: &str) -> Vec<(usize, &str)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if is_ident_byte(bytes[i]) {
            let start = i;
            while i < bytes.len() && is_ident_byte(bytes[i]) {
                i += 1;
            }
            out.push((start, &text[start..i]));
        } else {
            i += 1;
        }
    }
    out
}

/// Every denied name `code` reaches, with its byte offset.
fn hits(code: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    // `use duel_core::...;`: every name it imports.
    let mut from = 0;
    while let Some(at) = code[from..].find("use duel_core::") {
        let start = from + at;
        let end = code[start..].find(';').map_or(code.len(), |e| start + e);
        for (offset, name) in identifiers(&code[start..end]) {
            if DENIED.contains(&name) {
                found.push((start + offset, format!("use duel_core ... {name}")));
            }
        }
        from = end;
    }
    // `<game>::<name>` (not another crate's module of the same name: `crate::filler::..`).
    let ids = identifiers(code);
    for (k, &(offset, game)) in ids.iter().enumerate() {
        if !GAMES.contains(&game) {
            continue;
        }
        let before = &code[..offset];
        if before.ends_with("::") && !before.ends_with("duel_core::") {
            continue;
        }
        let Some(&(next, name)) = ids.get(k + 1) else {
            continue;
        };
        let between = &code[offset + game.len()..next];
        if between == "::" && DENIED.contains(&name) {
            found.push((offset, format!("{game}::{name}")));
        }
    }
    found
}

/// `file:line: what` for every place in the guarded sources that reaches an engine internal.
fn violations() -> Vec<String> {
    let root = workspace();
    let mut files = Vec::new();
    for dir in GUARDED {
        rust_files(&root.join(dir), &mut files);
    }
    files.sort();
    let mut out = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a readable source file");
        let code = without_comments(&text);
        for (offset, what) in hits(&code) {
            let line = code[..offset].matches('\n').count() + 1;
            let name = file
                .strip_prefix(&root)
                .unwrap_or(&file)
                .display()
                .to_string();
            out.push(format!("{name}:{line}: {what}"));
        }
    }
    out
}

#[test]
fn programs_protocols_the_arena_and_the_c_api_call_engines_only_through_the_player() {
    let found = violations();
    assert!(
        found.is_empty(),
        "engine internals reached around duel_core::Player:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_finds_a_direct_call() {
    let code = "use duel_core::reversi::{Board, solve};\n\
                fn f(b: &Board) { let _ = fruit_rage::search(b); }\n\
                fn g() { duel_core::reversi::engine::think_time_millis(b, 1); }\n\
                fn h() { crate::filler::choose(); x.choose(b, budget); }\n";
    let names: Vec<String> = hits(code).into_iter().map(|(_, w)| w).collect();
    assert_eq!(
        names,
        [
            "use duel_core ... solve",
            "fruit_rage::search",
            "reversi::engine"
        ]
    );
}
