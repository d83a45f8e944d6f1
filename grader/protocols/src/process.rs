//! Running the programs an arena pits against each other: splitting a command as a shell
//! would, talking to a long-lived child line by line under a deadline, and running a child once
//! per move with a time limit.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::{Duration, Instant};

/// Splits `line` into words as a POSIX shell would for a simple command: whitespace separates,
/// single quotes keep everything literal, double quotes keep whitespace (backslash escapes `"`,
/// `\`, `$` and `` ` `` inside them), a backslash outside quotes escapes the next character.
///
/// # Errors
/// An unterminated quote, a trailing backslash, or no word at all.
pub fn split_command(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(ch) = chars.next() {
        match ch {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(format!("unterminated ' in command: {line}")),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err(format!("unterminated \" in command: {line}")),
                        },
                        Some(c) => word.push(c),
                        None => return Err(format!("unterminated \" in command: {line}")),
                    }
                }
            }
            '\\' => match chars.next() {
                Some(c) => {
                    in_word = true;
                    word.push(c);
                }
                None => return Err(format!("trailing backslash in command: {line}")),
            },
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err("empty command".to_string());
    }
    Ok(words)
}

/// The program to start: a relative path with a `/` (`./bot`) is resolved against the arena's
/// own working directory, so it still names the same file when the child runs elsewhere.
fn program_path(program: &str) -> std::path::PathBuf {
    let path = Path::new(program);
    if path.is_relative()
        && program.contains('/')
        && let Ok(cwd) = std::env::current_dir()
    {
        return cwd.join(path);
    }
    path.to_path_buf()
}

/// Why a program's turn failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// It did not answer within its time.
    Timeout,
    /// It exited or closed its output before answering (with its exit status, if known).
    Crashed(String),
    /// It could not be started.
    Spawn(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Timeout => f.write_str("time-out"),
            Failure::Crashed(how) => write!(f, "crash ({how})"),
            Failure::Spawn(why) => write!(f, "could not start ({why})"),
        }
    }
}

/// A long-lived child spoken to line by line (the Reversi grader protocol, keep-running bots).
/// Dropping it kills the child.
pub struct LineChild {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr_tail: std::sync::Arc<std::sync::Mutex<String>>,
}

impl LineChild {
    /// Starts `argv` (program and arguments) in `dir` (or the current directory).
    ///
    /// # Errors
    /// [`Failure::Spawn`] when the program cannot be started.
    pub fn spawn(argv: &[String], dir: Option<&Path>) -> Result<Self, Failure> {
        let (program, args) = argv
            .split_first()
            .ok_or_else(|| Failure::Spawn("empty command".into()))?;
        let mut cmd = Command::new(program_path(program));
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(dir) = dir {
            cmd.current_dir(dir);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| Failure::Spawn(format!("{program}: {e}")))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| Failure::Spawn("no stdout".into()))?;
        let stderr = child
            .stderr
            .take()
            .ok_or_else(|| Failure::Spawn("no stderr".into()))?;
        let (tx, lines) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr_tail = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let tail = stderr_tail.clone();
        thread::spawn(move || keep_tail(stderr, &tail));
        let stdin = child.stdin.take();
        Ok(Self {
            child,
            stdin,
            lines,
            stderr_tail,
        })
    }

    /// Sends `text` (a newline is not added) and flushes.
    ///
    /// # Errors
    /// [`Failure::Crashed`] when the child no longer reads its input.
    pub fn send(&mut self, text: &str) -> Result<(), Failure> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| Failure::Crashed("input closed".into()))?;
        stdin
            .write_all(text.as_bytes())
            .and_then(|()| stdin.flush())
            .map_err(|_| Failure::Crashed(self.exit_description()))
    }

    /// The next line of output, waiting at most `limit`.
    ///
    /// # Errors
    /// [`Failure::Timeout`], or [`Failure::Crashed`] when the output ended.
    pub fn read_line(&mut self, limit: Duration) -> Result<String, Failure> {
        match self.lines.recv_timeout(limit) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(Failure::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(Failure::Crashed(self.exit_description())),
        }
    }

    /// The next line of output waiting at most `limit`, or `None` at the end of the output (the
    /// child closed it, normally by exiting).
    ///
    /// # Errors
    /// [`Failure::Timeout`].
    pub fn next_line(&mut self, limit: Duration) -> Result<Option<String>, Failure> {
        match self.lines.recv_timeout(limit) {
            Ok(line) => Ok(Some(line)),
            Err(RecvTimeoutError::Timeout) => Err(Failure::Timeout),
            Err(RecvTimeoutError::Disconnected) => Ok(None),
        }
    }

    /// After the output ended: `Ok(())` when the child exited with status 0 within `limit`.
    ///
    /// # Errors
    /// [`Failure::Crashed`] for another exit, [`Failure::Timeout`] if it has not exited.
    pub fn exited_cleanly(&mut self, limit: Duration) -> Result<(), Failure> {
        let deadline = Instant::now() + limit;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) if status.success() => return Ok(()),
                Ok(Some(status)) => {
                    let tail = self
                        .stderr_tail
                        .lock()
                        .map(|s| s.clone())
                        .unwrap_or_default();
                    return Err(Failure::Crashed(describe_exit(status, &tail)));
                }
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(1)),
                Ok(None) => return Err(Failure::Timeout),
                Err(e) => return Err(Failure::Crashed(e.to_string())),
            }
        }
    }

    /// Closes the child's input (end of the game) and gives it `grace` to exit before killing it.
    pub fn finish(mut self, grace: Duration) {
        self.stdin = None;
        let deadline = Instant::now() + grace;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
    }

    fn exit_description(&mut self) -> String {
        // Give a dying child a moment so its status and last words are known.
        for _ in 0..40 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return describe_exit(
                    status,
                    &self
                        .stderr_tail
                        .lock()
                        .map(|s| s.clone())
                        .unwrap_or_default(),
                );
            }
            thread::sleep(Duration::from_millis(5));
        }
        "output closed".to_string()
    }
}

impl Drop for LineChild {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Keeps the last line a child wrote on stderr (for the reason of a crash).
fn keep_tail(stderr: impl Read, tail: &std::sync::Mutex<String>) {
    for line in BufReader::new(stderr).lines() {
        let Ok(line) = line else { break };
        if !line.trim().is_empty()
            && let Ok(mut t) = tail.lock()
        {
            *t = line.chars().take(200).collect();
        }
    }
}

fn describe_exit(status: std::process::ExitStatus, stderr_tail: &str) -> String {
    let mut s = match status.code() {
        Some(code) => format!("exit status {code}"),
        None => "killed by a signal".to_string(),
    };
    if !stderr_tail.is_empty() {
        s.push_str(": ");
        s.push_str(stderr_tail);
    }
    s
}

/// What a program run once printed, and how long it took.
#[derive(Debug)]
pub struct Run {
    /// Its standard output.
    pub stdout: String,
    /// Wall time from start to exit.
    pub wall: Duration,
    /// CPU time (user + system) the program used, as the kernel counted it for this child
    /// alone (so games played at once do not charge each other).
    pub cpu: Duration,
}

/// Runs `argv` once in `dir`, feeding `input` on stdin, allowing `limit` of wall time; the
/// program must exit with status 0.
///
/// # Errors
/// [`Failure::Spawn`], [`Failure::Timeout`] (the child is killed), or [`Failure::Crashed`] for
/// a non-zero exit.
pub fn run_once(
    argv: &[String],
    dir: Option<&Path>,
    input: &str,
    limit: Duration,
) -> Result<Run, Failure> {
    let (program, args) = argv
        .split_first()
        .ok_or_else(|| Failure::Spawn("empty command".into()))?;
    let mut cmd = Command::new(program_path(program));
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(dir) = dir {
        cmd.current_dir(dir);
    }
    let start = Instant::now();
    let mut child = cmd
        .spawn()
        .map_err(|e| Failure::Spawn(format!("{program}: {e}")))?;
    let mut stdin = child.stdin.take();
    let data = input.as_bytes().to_vec();
    let writer = thread::spawn(move || {
        if let Some(stdin) = stdin.as_mut() {
            let _ = stdin.write_all(&data);
        }
    });
    let mut stdout = child
        .stdout
        .take()
        .ok_or_else(|| Failure::Spawn("no stdout".into()))?;
    let reader = thread::spawn(move || {
        let mut out = String::new();
        let _ = stdout.read_to_string(&mut out);
        out
    });
    let stderr = child
        .stderr
        .take()
        .ok_or_else(|| Failure::Spawn("no stderr".into()))?;
    let tail = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
    let tail_writer = tail.clone();
    let err_reader = thread::spawn(move || keep_tail(stderr, &tail_writer));
    let (status, cpu) = loop {
        match reap(&child) {
            Ok(Some(done)) => break done,
            Ok(None) if start.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(Failure::Timeout);
            }
            Ok(None) => thread::sleep(Duration::from_millis(1)),
            Err(e) => return Err(Failure::Crashed(e.to_string())),
        }
    };
    let wall = start.elapsed();
    let _ = writer.join();
    let stdout = reader.join().unwrap_or_default();
    let _ = err_reader.join();
    if !status.success() {
        return Err(Failure::Crashed(describe_exit(
            status,
            &tail.lock().map(|s| s.clone()).unwrap_or_default(),
        )));
    }
    Ok(Run { stdout, wall, cpu })
}

/// Reaps `child` if it has exited, with its own CPU time (user + system), by `wait4`:
/// `Child::try_wait` gives no resource usage, and the process-wide children's times would
/// mix up games played at once.
fn reap(child: &Child) -> std::io::Result<Option<(std::process::ExitStatus, Duration)>> {
    use std::os::unix::process::ExitStatusExt;
    let pid = libc::pid_t::try_from(child.id()).map_err(std::io::Error::other)?;
    let mut status: libc::c_int = 0;
    // SAFETY: `rusage` is plain old data, valid when zeroed.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our own unreaped child; `status` and `usage` are valid for writes.
    let reaped = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
    match reaped {
        0 => Ok(None),
        r if r == pid => {
            let time = |t: libc::timeval| {
                Duration::from_secs(t.tv_sec.max(0) as u64)
                    + Duration::from_micros(t.tv_usec.max(0) as u64)
            };
            Ok(Some((
                std::process::ExitStatus::from_raw(status),
                time(usage.ru_utime) + time(usage.ru_stime),
            )))
        }
        _ => Err(std::io::Error::last_os_error()),
    }
}
