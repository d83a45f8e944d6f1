//! Bench signatures: every contest program's `bench` and `duel bench GAME` print the pinned
//! node count of their fixed positions at the signature depth. A change of search behaviour
//! changes a count here, on purpose: update it and name the new count (`Bench: N`) in the
//! commit message.

use duel_tests::{bin, run};

/// Each game's program, `duel bench` subcommand and signature.
const SIGNATURES: [(&str, &str, u64); 4] = [
    ("reversi", "reversi", 710_460),
    ("ataxx", "ataxx", 585_672),
    ("filler", "filler", 482_505),
    ("fruit-rage", "fruit-rage", 26_169),
];

/// The node count of a bench's one stdout line, `N nodes N nps`, checking the line's form.
fn nodes_of(stdout: &[u8]) -> u64 {
    let text = String::from_utf8(stdout.to_vec()).expect("bench prints UTF-8");
    let words: Vec<&str> = text.split_whitespace().collect();
    assert!(
        text.ends_with('\n') && text.lines().count() == 1,
        "one line: {text:?}"
    );
    assert!(
        words.len() == 4 && words[1] == "nodes" && words[3] == "nps",
        "`N nodes N nps`: {text:?}"
    );
    assert!(
        words[3] == "nps" && words[2].parse::<u64>().is_ok(),
        "{text:?}"
    );
    words[0].parse().expect("a node count")
}

#[test]
fn every_program_bench_prints_its_pinned_signature() {
    for (program, _, nodes) in SIGNATURES {
        let out = run(&bin(program), &["bench"], "");
        assert!(out.status.success(), "{program} bench failed: {out:?}");
        assert_eq!(nodes_of(&out.stdout), nodes, "{program} bench");
        let progress = String::from_utf8_lossy(&out.stderr);
        assert!(
            progress.contains(&format!("{program} bench: position 1: ")),
            "{program} bench reports each position on stderr: {progress}"
        );
    }
}

#[test]
fn duel_bench_prints_the_programs_signatures() {
    for (_, game, nodes) in SIGNATURES {
        let out = run(&bin("duel"), &["bench", game], "");
        assert!(out.status.success(), "duel bench {game} failed: {out:?}");
        assert_eq!(nodes_of(&out.stdout), nodes, "duel bench {game}");
    }
}

/// A shallower bench searches fewer nodes, and depth 1 searches a handful a position.
#[test]
fn the_depth_sets_the_search() {
    let out = run(&bin("ataxx"), &["bench", "--depth", "1"], "");
    assert!(out.status.success(), "{out:?}");
    let shallow = nodes_of(&out.stdout);
    assert!(
        (12..=12 * 100).contains(&shallow),
        "12 positions at depth 1: {shallow} nodes"
    );
}

#[test]
fn bad_bench_arguments_get_one_line_and_status_2() {
    for args in [&["bench", "--depth", "x"][..], &["bench", "--bogus"][..]] {
        let out = run(&bin("filler"), args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("filler bench: "), "{err}");
    }
    for args in [
        &["bench", "reversi", "some.obf"][..],
        &["bench", "reversi", "--count", "3"],
    ] {
        let out = run(&bin("duel"), args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("--ffo"),
            "{out:?}"
        );
    }
}
