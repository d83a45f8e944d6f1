//! A match over many processes (issue 35): `--follow` deciding the SPRT while shards append to
//! their records, GNU parallel running the shards on this machine, and a real one-node Slurm
//! cluster running them as a job array (`scripts/slurm-test.sh`). The matches are
//! node-limited built-ins from a fixed seed, so every run plays the same games.

use duel_tests::{bin, run, scratch_dir, workspace};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// The match every test here plays: duel's engine at 300 nodes a move against a random
/// player, or the other way round, from 4 random plies of seed 7.
fn match_args(games: usize, duel_is_a: bool) -> Vec<String> {
    let (a, b) = if duel_is_a {
        ("builtin:duel:nodes=300", "builtin:random")
    } else {
        ("builtin:random", "builtin:duel:nodes=300")
    };
    [
        "arena",
        "reversi",
        "--a",
        a,
        "--b",
        b,
        "--games",
        &games.to_string(),
        "--seed",
        "7",
        "--random-plies",
        "4",
    ]
    .map(str::to_string)
    .to_vec()
}

/// Runs `duel` with `args` then `extra`.
fn duel(args: &[String], extra: &[&str]) -> Output {
    let mut all: Vec<&str> = args.iter().map(String::as_str).collect();
    all.extend_from_slice(extra);
    run(&bin("duel"), &all, "")
}

/// Runs `duel`, which must succeed; returns its stdout.
fn duel_ok(args: &[String], extra: &[&str]) -> String {
    let out = duel(args, extra);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "duel {args:?} {extra:?}\n{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

fn path_text(path: &Path) -> &str {
    path.to_str().expect("utf-8 path")
}

/// The lines of a record file.
fn lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(str::to_string)
        .collect()
}

/// The games of record files, sorted by game number.
fn merged(paths: &[PathBuf]) -> Vec<serde_json::Value> {
    let mut games: Vec<serde_json::Value> = paths
        .iter()
        .flat_map(|p| lines(p))
        .map(|l| serde_json::from_str(&l).expect("a JSON line"))
        .collect();
    games.sort_by_key(|g| g["game"].as_u64());
    games
}

/// A summary without its `read back from` line (which names the files).
fn body(summary: &str) -> Vec<&str> {
    summary
        .lines()
        .filter(|l| !l.starts_with("  read back from "))
        .collect()
}

/// The `LLR x` of a line.
fn llr(line: &str) -> &str {
    let rest = &line[line
        .find("LLR ")
        .unwrap_or_else(|| panic!("no LLR in {line}"))
        + 4..];
    rest.split_whitespace().next().expect("a number")
}

/// Appends `text` to `path` at once: the file is replaced by a renamed copy, so that a reader
/// sees it before or after, never in between (a half-written line is written on purpose).
fn append(path: &Path, text: &str) {
    let mut whole = std::fs::read_to_string(path).unwrap_or_default();
    whole.push_str(text);
    let next = path.with_extension("next");
    std::fs::write(&next, whole).expect("write");
    std::fs::rename(&next, path).expect("rename");
}

/// `duel … --follow` as a child whose stdout lines arrive on a channel.
struct Follower {
    child: Child,
    lines: mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Follower {
    fn start(args: &[String], extra: &[&str]) -> Follower {
        let mut child = Command::new(bin("duel"))
            .args(args)
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("duel starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Follower {
            child,
            lines,
            seen: Vec::new(),
        }
    }

    /// Waits for the next `follow:` line, which must start with `prefix`, and checks that the
    /// follower is still running then.
    fn expect_running(&mut self, prefix: &str) -> String {
        let line = self
            .lines
            .recv_timeout(Duration::from_secs(30))
            .unwrap_or_else(|_| panic!("no line after {:?}", self.seen));
        self.seen.push(line.clone());
        assert!(line.starts_with(prefix), "{line:?} is not {prefix:?}…");
        assert!(
            self.child.try_wait().expect("try_wait").is_none(),
            "--follow stopped at {line:?}"
        );
        line
    }

    /// Waits for the end: the exit status and every line after those seen.
    fn finish(mut self) -> (Option<i32>, Vec<String>) {
        let status = self.child.wait().expect("duel ends");
        let rest: Vec<String> = self.lines.iter().collect();
        (status.code(), rest)
    }
}

/// Plays the match of `games` games in 3 shards into `dir`, returning the records.
fn shards(dir: &Path, games: usize, duel_is_a: bool) -> Vec<PathBuf> {
    (0..3)
        .map(|k| {
            let path = dir.join(format!("s{k}.jsonl"));
            duel_ok(
                &match_args(games, duel_is_a),
                &["--shard", &format!("{k}/3"), "--record", path_text(&path)],
            );
            path
        })
        .collect()
}

/// Records written in pieces, as shards write them: `--follow` counts the pairs whose games
/// are in, waits out a half-written line and a file not yet created, prints a line whenever the
/// number of games changes, and decides (0 for H1, 1 for H0) once the last pair is in, with the
/// LLR and table `--summarize` prints for the complete files.
#[test]
fn follow_decides_as_shards_append_and_agrees_with_summarize() {
    for (duel_is_a, status, verdict) in [(true, 0, "H1 accepted"), (false, 1, "H0 accepted")] {
        let dir = scratch_dir(&format!("cluster_follow_{duel_is_a}"));
        let args = match_args(8, duel_is_a);
        // 3 shards of 4 pairs: shard 0 plays games 1, 2, 7, 8; shard 1 games 3, 4; shard 2 5, 6.
        let complete = shards(&dir, 8, duel_is_a);
        let summary = duel_ok(
            &args,
            &[
                "--summarize",
                path_text(&complete[0]),
                path_text(&complete[1]),
                path_text(&complete[2]),
                "--sprt",
                "elo0=0",
                "elo1=50",
            ],
        );
        assert!(summary.contains(verdict), "{summary}");
        let sprt_line = summary.lines().find(|l| l.starts_with("SPRT ")).unwrap();
        let growing: Vec<PathBuf> = (0..3).map(|k| dir.join(format!("g{k}.jsonl"))).collect();
        let [s0, s1, s2] = [0, 1, 2].map(|k| lines(&complete[k]));
        assert_eq!((s0.len(), s1.len(), s2.len()), (4, 2, 2));
        // Games 1, 2 and 3 are in, game 4 half written, shard 2 has not started.
        let (head, tail) = s1[1].split_at(s1[1].len() / 2);
        append(&growing[0], &format!("{}\n{}\n", s0[0], s0[1]));
        append(&growing[1], &format!("{}\n{head}", s1[0]));
        let mut follower = Follower::start(
            &args,
            &[
                "--summarize",
                "--sprt",
                "elo0=0",
                "elo1=50",
                "--follow",
                path_text(&growing[0]),
                path_text(&growing[1]),
                path_text(&growing[2]),
            ],
        );
        follower.expect_running("follow: 3 of 8 games in, pairs counted 1, LLR ");
        append(&growing[1], &format!("{tail}\n"));
        follower.expect_running("follow: 4 of 8 games in, pairs counted 2, LLR ");
        append(&growing[2], &format!("{}\n{}\n", s2[0], s2[1]));
        // Three one-sided pairs are not yet enough at elo1=50; the fourth is.
        follower.expect_running("follow: 6 of 8 games in, pairs counted 3, LLR ");
        append(&growing[0], &format!("{}\n{}\n", s0[2], s0[3]));
        let (code, rest) = follower.finish();
        assert_eq!(code, Some(status), "{rest:?}");
        assert!(
            rest[0].starts_with("follow: 8 of 8 games in, pairs counted 4, LLR "),
            "{rest:?}"
        );
        assert_eq!(llr(&rest[0]), llr(sprt_line), "{rest:?}\n{summary}");
        // Then the table of the complete files, as --summarize prints it.
        let table = rest[1..].join("\n");
        assert_eq!(body(&table), body(&summary), "{table}\n{summary}");
    }
}

/// All of the match's games in without a decision: the table, and exit status 3.
#[test]
fn follow_without_a_decision_ends_with_3_when_every_game_is_in() {
    let dir = scratch_dir("cluster_follow_no_decision");
    let args = match_args(6, true);
    let paths = shards(&dir, 6, true);
    let files: Vec<&str> = paths.iter().map(|p| path_text(p)).collect();
    let mut extra = vec!["--summarize", "--sprt", "elo0=0", "elo1=50", "--follow"];
    extra.extend_from_slice(&files);
    let out = duel(&args, &extra);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{stdout}");
    assert!(
        stdout.starts_with("follow: 6 of 6 games in, pairs counted 3, LLR "),
        "{stdout}"
    );
    assert!(stdout.contains("no decision yet"), "{stdout}");
    // The same files, named after --summarize, with the SPRT after them.
    let mut extra = vec!["--summarize"];
    extra.extend_from_slice(&files);
    extra.extend_from_slice(&["--follow", "--sprt", "elo0=0", "elo1=50"]);
    assert_eq!(duel(&args, &extra).status.code(), Some(3));
}

/// What `--follow` refuses, each in one line with exit status 2.
#[test]
fn follow_usage_errors_are_one_line() {
    let dir = scratch_dir("cluster_follow_errors");
    let args = match_args(6, true);
    let paths = shards(&dir, 6, true);
    let s0 = path_text(&paths[0]);
    let bad = dir.join("bad.jsonl");
    std::fs::write(&bad, "{\"game\": 1}\n").expect("write");
    let sprt = ["--sprt", "elo0=0", "elo1=50"];
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--summarize", s0, "--follow"], "--follow needs --sprt"),
        (vec!["--follow", s0], "--follow needs --sprt"),
        (
            [&sprt[..], &["--summarize", "--follow"]].concat(),
            "needs the record files",
        ),
        (
            [&sprt[..], &["--follow", s0, s0]].concat(),
            "recorded twice",
        ),
        (
            [&sprt[..], &["--follow", path_text(&bad)]].concat(),
            "not a JSON game record",
        ),
    ];
    for (extra, message) in cases {
        let out = duel(&args, &extra);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{extra:?}: {stderr}");
        assert!(stderr.contains(message), "{extra:?}: {stderr}");
    }
    // A game beyond the --games given: the match's must be given.
    let s2 = path_text(&paths[2]);
    let out = duel(
        &match_args(2, true),
        &[&sprt[..], &["--follow", s2]].concat(),
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("game 5 is beyond --games 2"), "{stderr}");
    // --follow reads records; it does not play a shard.
    let out = duel(
        &args,
        &[&sprt[..], &["--follow", s0, "--shard", "0/2"]].concat(),
    );
    assert_eq!(out.status.code(), Some(2));
}

/// GNU parallel runs three shards on this machine; their records, merged, are the single run's
/// game for game, and `--summarize` prints its table.
#[test]
fn gnu_parallel_shards_merge_into_the_single_run() {
    let found = Command::new("parallel")
        .args(["--will-cite", "--version"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        eprintln!(
            "cluster: GNU parallel test skipped: parallel not installed (apt-get install parallel)"
        );
        return;
    }
    let dir = scratch_dir("cluster_parallel");
    let args = match_args(11, true);
    let out = Command::new("parallel")
        .arg("--will-cite")
        .arg("--halt")
        .arg("now,fail=1")
        .arg(bin("duel"))
        .args(&args)
        .args([
            "--shard",
            "{}/3",
            "--record",
            "s{}.jsonl",
            ":::",
            "0",
            "1",
            "2",
        ])
        .current_dir(&dir)
        .output()
        .expect("parallel runs");
    assert!(
        out.status.success(),
        "parallel failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let whole = dir.join("whole.jsonl");
    let played = duel_ok(&args, &["--record", path_text(&whole)]);
    let shards: Vec<PathBuf> = (0..3).map(|k| dir.join(format!("s{k}.jsonl"))).collect();
    assert_eq!(merged(&shards), merged(std::slice::from_ref(&whole)));
    assert_eq!(merged(&shards).len(), 11);
    let summarize = |files: &[PathBuf]| {
        let mut extra: Vec<&str> = vec!["--summarize"];
        extra.extend(files.iter().map(|p| path_text(p)));
        duel_ok(&args, &extra)
    };
    let from_shards = summarize(&shards);
    assert_eq!(body(&from_shards), body(&summarize(&[whole])));
    let result = |out: &str| {
        out.lines()
            .find(|l| l.starts_with("RESULT "))
            .map(str::to_string)
    };
    assert_eq!(
        result(&from_shards),
        result(&played),
        "{from_shards}\n{played}"
    );
}

/// A one-node Slurm cluster started on this machine runs the match as a 4-task job array
/// (`scripts/slurm-test.sh`): the merged records are a single run's game for game, the summary
/// tables are equal, and `--follow` on the growing records exits as the SPRT decides.
#[test]
fn slurm_job_array_shards_merge_into_the_single_run() {
    let out = Command::new("bash")
        .arg(workspace().join("scripts/slurm-test.sh"))
        .env("DUEL", bin("duel"))
        .env("SLURM_TEST_TIMEOUT", "300")
        .output()
        .expect("bash runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let last = stdout.lines().last().unwrap_or_default();
    if last.starts_with("slurm-test: skipped: ") {
        eprintln!("cluster: Slurm test {}", &last["slurm-test: ".len()..]);
        return;
    }
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(
        last.starts_with("slurm-test: ok, 15 games in 4 Slurm array tasks"),
        "{stdout}{stderr}"
    );
    eprintln!("{last}");
}
