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
/// (`ggf` or `pgn`; none for Filler), analyses each, and checks every game's curve and verdict.
fn analyse_a_match(game: &str, format: Option<&str>) {
    let dir = scratch_dir(&format!("analyze_{game}"));
    let record = dir.join("games.jsonl");
    let other = format.map(|f| dir.join(format!("games.{f}")));
    let mut args = vec![
        "arena".to_string(),
        game.to_string(),
        "--a".into(),
        "builtin:duel:nodes=4000".into(),
        "--b".into(),
        "builtin:duel:nodes=1000".into(),
        "--games".into(),
        "4".into(),
        "--random-plies".into(),
        "4".into(),
        "--record".into(),
        record.to_str().unwrap().into(),
    ];
    if let (Some(format), Some(other)) = (format, &other) {
        args.extend([format!("--{format}"), other.to_str().unwrap().into()]);
    }
    if game == "filler" {
        args.extend(["--size".into(), "10".into()]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (ok, out, err) = duel(&args);
    assert!(ok, "{out}{err}");
    let recorded: Vec<serde_json::Value> = std::fs::read_to_string(&record)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(recorded.len(), 4);
    for file in std::iter::once(&record).chain(&other) {
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
        // Both sides' losses by phase: a row a band, two non-negative averages.
        let rows: Vec<Vec<f64>> = report
            .lines()
            .skip_while(|l| !l.starts_with("value lost between own turns by phase"))
            .skip(2)
            .map(|l| {
                l.split_whitespace()
                    .skip(1)
                    .map(|v| v.parse().unwrap())
                    .collect()
            })
            .collect();
        assert_eq!(rows.len(), 6, "{report}");
        assert!(
            rows.iter()
                .all(|r| r.len() == 2 && r.iter().all(|&v| v >= 0.0)),
            "{report}"
        );
    }
}

#[test]
fn analyze_reads_reversi_records_and_ggf_and_ends_every_curve_at_the_exact_margin() {
    analyse_a_match("reversi", Some("ggf"));
}

#[test]
fn analyze_reads_ataxx_records_and_pgn_and_ends_every_curve_at_the_exact_margin() {
    analyse_a_match("ataxx", Some("pgn"));
}

#[test]
fn analyze_reads_filler_records_and_ends_every_curve_at_the_exact_margin() {
    analyse_a_match("filler", None);
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
