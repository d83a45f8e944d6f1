//! `duel analyze` for real: node-limited arena matches recorded in each of their formats, read
//! back and scored position by position.

use duel_tests::{bin, run, scratch_dir};

/// Runs `duel ARGS…`, returning (success, stdout, stderr).
fn duel(args: &[&str]) -> (bool, String, String) {
    let out = run(&bin("duel"), args, "");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The analysed games of a report: (header, curve values, decisive line).
fn games(report: &str) -> Vec<(String, Vec<String>, String)> {
    let lines: Vec<&str> = report.lines().collect();
    let mut games = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if line.starts_with("game ") {
            let curve = lines[i + 1]
                .split_once(": ")
                .expect("a curve line")
                .1
                .split(' ')
                .map(str::to_string)
                .collect();
            games.push((line.to_string(), curve, lines[i + 2].to_string()));
        }
    }
    games
}

/// Plays a small node-limited match of `game` recording it as JSON lines and in `format`
/// (`ggf` or `pgn`), analyses both, and checks every game's curve and verdict.
fn analyse_a_match(game: &str, format: &str) {
    let dir = scratch_dir(&format!("analyze_{game}"));
    let record = dir.join("games.jsonl");
    let other = dir.join(format!("games.{format}"));
    let (ok, out, err) = duel(&[
        "arena",
        game,
        "--a",
        "builtin:duel:nodes=4000",
        "--b",
        "builtin:duel:nodes=1000",
        "--games",
        "4",
        "--random-plies",
        "4",
        "--record",
        record.to_str().unwrap(),
        &format!("--{format}"),
        other.to_str().unwrap(),
    ]);
    assert!(ok, "{out}{err}");
    let recorded: Vec<serde_json::Value> = std::fs::read_to_string(&record)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(recorded.len(), 4);
    for file in [&record, &other] {
        let (ok, report, err) = duel(&[
            "analyze",
            game,
            file.to_str().unwrap(),
            "--nodes",
            "20000",
            "--concurrency",
            "2",
        ]);
        assert!(ok, "{report}{err}");
        assert_eq!(
            err.matches(" done (").count(),
            4,
            "progress on stderr: {err}"
        );
        let games = games(&report);
        assert_eq!(games.len(), 4, "{report}");
        for ((header, curve, verdict), line) in games.iter().zip(&recorded) {
            let margin = line["margin"].as_i64().unwrap();
            let moves = line["moves"].as_array().unwrap().len();
            // The curve has a value for each position: at least the recorded moves' and the
            // end's (GGF and PGN may add the opening's).
            assert!(curve.len() > moves, "{header}: {curve:?}");
            // The game ended on the board: its last value is the exact final margin.
            let last = curve.last().unwrap();
            assert_eq!(
                last.trim_end_matches('*').parse::<i64>().unwrap().abs(),
                margin.abs()
            );
            assert!(last.ends_with('*'), "{header}: the end is exact: {last}");
            if margin == 0 {
                assert!(header.ends_with("a draw"), "{header}");
            } else {
                assert!(
                    header.contains(&format!("won by {}", margin.abs())),
                    "{header}"
                );
                assert!(
                    verdict.contains("decisive mistake: ply ") || verdict.contains("stood lost"),
                    "{verdict}"
                );
            }
        }
        let counted: usize = report
            .lines()
            .skip_while(|l| !l.starts_with("decisive mistakes by phase"))
            .skip(1)
            .filter_map(|l| {
                let l = l.trim();
                let n = if let Some(n) = l.strip_prefix("lost before the record's first move: ") {
                    n
                } else if let Some(n) = l.strip_prefix("draws: ") {
                    n
                } else {
                    l.split_whitespace().nth(1)?
                };
                n.parse::<usize>().ok()
            })
            .sum();
        assert_eq!(counted, 4, "every game is counted once: {report}");
    }
}

#[test]
fn analyze_reads_reversi_records_and_ggf_and_ends_every_curve_at_the_exact_margin() {
    analyse_a_match("reversi", "ggf");
}

#[test]
fn analyze_reads_ataxx_records_and_pgn_and_ends_every_curve_at_the_exact_margin() {
    analyse_a_match("ataxx", "pgn");
}

#[test]
fn analyze_refuses_a_bad_record_in_one_line() {
    let dir = scratch_dir("analyze_bad");
    for (name, text, says) in [
        ("empty.jsonl", "", "no games"),
        (
            "notjson.jsonl",
            "{not json\n",
            "line 1: not a JSON game record",
        ),
        (
            "illegal.jsonl",
            "{\"a_first\":true,\"game\":1,\"margin\":0,\"moves\":[\"a1\"],\"opening\":\"\",\"pair\":1,\"winner\":null}\n",
            "line 1: move 1 (a1) is not legal there",
        ),
        ("text.txt", "hello\n", "not a record"),
        ("bad.ggf", "(;GM[Othello]BO[8 nonsense]B[zz];)\n", "line 1:"),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let (ok, out, err) = duel(&["analyze", "reversi", path.to_str().unwrap()]);
        assert!(!ok, "{name}: {out}");
        assert_eq!(err.lines().count(), 1, "{name}: one line: {err}");
        assert!(
            err.starts_with("duel analyze: ") && err.contains(says),
            "{name}: {err}"
        );
    }
    let (ok, _, err) = duel(&["analyze", "reversi", dir.join("missing").to_str().unwrap()]);
    assert!(!ok && err.lines().count() == 1, "{err}");
}
