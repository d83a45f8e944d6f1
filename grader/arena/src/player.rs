//! Who plays a side: a built-in, or a program with the protocol it speaks, a display name and
//! optionally its own time control or node limit.
//!
//! Three forms are accepted:
//! - `builtin:NAME` or `builtin:NAME:nodes=N` (a node budget a move, so games are reproducible);
//! - a command line, split as a shell would, that speaks the contest's protocol;
//! - key=value words, fastchess style: `name=NAME cmd=COMMAND proto=contest|uai|nboard|simple|json
//!   tc=10+0.1 st=1 nodes=N option.NAME=VALUE` (`cmd` is required; quote it when it has
//!   spaces: `cmd='./ataxx --uai'`). `builtin=NAME` may stand for `cmd`. `option.NAME=VALUE`
//!   (any number) is sent to a UAI engine as `setoption name NAME value VALUE` before its
//!   first game, as fastchess does.

use duel_protocols::process::split_command;
use duel_protocols::time_control::TimeControl;

/// The protocol a program speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proto {
    /// The contest's own (Reversi grader lines, Botzone, a process a move, input.txt).
    Contest,
    /// Botzone's simple (line) interaction, where a game has two.
    Simple,
    /// Botzone's JSON interaction.
    Json,
    /// The Universal Ataxx Interface.
    Uai,
    /// The NBoard protocol (Othello).
    Nboard,
}

impl Proto {
    fn parse(text: &str) -> Result<Proto, String> {
        Ok(match text {
            "contest" => Proto::Contest,
            "simple" => Proto::Simple,
            "json" => Proto::Json,
            "uai" => Proto::Uai,
            "nboard" => Proto::Nboard,
            _ => {
                return Err(format!(
                    "unknown proto={text} (contest, simple, json, uai, nboard)"
                ));
            }
        })
    }
}

/// What plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ContestantKind {
    /// A built-in player of the game (`duel`, `random`, …).
    Builtin(String),
    /// A program: its command line and protocol.
    Command {
        /// Program and arguments.
        argv: Vec<String>,
        /// The protocol it speaks.
        proto: Proto,
    },
}

/// One side of a match as given on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContestantSpec {
    /// The name in tables and records.
    pub name: String,
    /// What plays.
    pub kind: ContestantKind,
    /// Its own time control, overriding the match's.
    pub time: Option<TimeControl>,
    /// A node budget a move (built-ins; `go nodes` for UAI engines).
    pub nodes: Option<u64>,
    /// `option.NAME=VALUE` settings, in order: a UAI engine's `setoption`s.
    pub options: Vec<(String, String)>,
}

impl ContestantSpec {
    /// Parses one of the three forms (module docs).
    ///
    /// # Errors
    /// A command that does not split, an unknown key or protocol, a bad number, a missing `cmd`.
    pub fn parse(text: &str) -> Result<ContestantSpec, String> {
        let text = text.trim();
        if let Some(rest) = text.strip_prefix("builtin:") {
            let mut parts = rest.split(':');
            let name = parts.next().unwrap_or_default().to_string();
            let mut spec = ContestantSpec {
                name: text.to_string(),
                kind: ContestantKind::Builtin(name),
                time: None,
                nodes: None,
                options: Vec::new(),
            };
            for option in parts {
                spec.set(option)?;
            }
            return spec.checked();
        }
        let words = split_command(text)?;
        if !words[0].contains('=') {
            return Ok(ContestantSpec {
                name: text.to_string(),
                kind: ContestantKind::Command {
                    argv: words,
                    proto: Proto::Contest,
                },
                time: None,
                nodes: None,
                options: Vec::new(),
            });
        }
        let mut spec = ContestantSpec {
            name: String::new(),
            kind: ContestantKind::Builtin(String::new()),
            time: None,
            nodes: None,
            options: Vec::new(),
        };
        let (mut cmd, mut builtin, mut proto, mut name) = (None, None, Proto::Contest, None);
        for word in &words {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| format!("expected key=value in player, got {word:?}"))?;
            match key {
                "name" => name = Some(value.to_string()),
                "cmd" => cmd = Some(split_command(value)?),
                "builtin" => builtin = Some(value.to_string()),
                "proto" => proto = Proto::parse(value)?,
                _ => spec.set(word)?,
            }
        }
        spec.kind = match (cmd, builtin) {
            (Some(argv), None) => ContestantKind::Command { argv, proto },
            (None, Some(b)) => ContestantKind::Builtin(b),
            _ => {
                return Err(format!(
                    "player {text:?}: give exactly one of cmd= and builtin="
                ));
            }
        };
        spec.name = name.unwrap_or_else(|| match &spec.kind {
            ContestantKind::Builtin(b) => format!("builtin:{b}"),
            ContestantKind::Command { argv, .. } => argv.join(" "),
        });
        spec.checked()
    }

    /// The spec, unless it sets options of a player that takes none (only UAI engines do).
    fn checked(self) -> Result<ContestantSpec, String> {
        let uai = matches!(
            self.kind,
            ContestantKind::Command {
                proto: Proto::Uai,
                ..
            }
        );
        match self.options.first() {
            Some((name, _)) if !uai => Err(format!(
                "option.{name}=: only UAI engines (proto=uai) take options"
            )),
            _ => Ok(self),
        }
    }

    /// Applies one `key=value` option: `tc`, `st`, `nodes` or `option.NAME`.
    fn set(&mut self, option: &str) -> Result<(), String> {
        let (key, value) = option
            .split_once('=')
            .ok_or_else(|| format!("expected key=value, got {option:?}"))?;
        if let Some(name) = key.strip_prefix("option.") {
            if name.is_empty() || name.contains(char::is_whitespace) {
                return Err(format!("{key}: an option needs a name without spaces"));
            }
            self.options.push((name.to_string(), value.to_string()));
            return Ok(());
        }
        match key {
            "tc" => self.time = Some(TimeControl::parse_tc(value)?),
            "st" => self.time = Some(TimeControl::parse_st(value)?),
            "nodes" => {
                let n: u64 = value
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("nodes={value}: not a positive whole number"))?;
                self.nodes = Some(n);
            }
            _ => {
                return Err(format!(
                    "unknown player option {key:?} (name, cmd, builtin, proto, tc, st, nodes, \
                     option.NAME)"
                ));
            }
        }
        Ok(())
    }

    /// The built-in's name, checked against the game's `known` names.
    ///
    /// # Errors
    /// An unknown name (the message lists the known ones).
    pub fn builtin<'k>(&self, known: &[&'k str]) -> Result<Option<&'k str>, String> {
        let ContestantKind::Builtin(name) = &self.kind else {
            return Ok(None);
        };
        known.iter().find(|k| **k == name).map_or_else(
            || {
                let list: Vec<String> = known.iter().map(|k| format!("builtin:{k}")).collect();
                Err(format!(
                    "unknown built-in player builtin:{name} ({})",
                    list.join(", ")
                ))
            },
            |k| Ok(Some(*k)),
        )
    }
}
