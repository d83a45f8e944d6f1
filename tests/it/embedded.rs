//! duel on a microcontroller: the firmware in `tests/embedded/` runs the six cases of
//! `tests/embedded/src/cases.rs` under QEMU (`mps2-an386`, a Cortex-M4F), and every answer,
//! score and node count must equal what this host build of the same engines returns with the
//! same node budgets and table sizes. The two exact solves are also checked against plain
//! searches written here.

#[path = "../embedded/src/cases.rs"]
mod cases;

use cases::{Answer, Case, Outcome, Tables};
use duel_core::Entry;
use duel_core::stake::Slot;
use duel_tests::{target_dir, workspace};
use std::collections::HashMap;
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The longest the firmware may run under QEMU (it needs a few seconds).
const QEMU_TIMEOUT: Duration = Duration::from_secs(40);

/// The six outcomes on the host, with tables of the firmware's sizes.
fn host_outcomes() -> Vec<(Case, Outcome)> {
    let mut entries = vec![Entry::default(); cases::ENTRIES];
    let mut slots = vec![Slot::default(); cases::STAKE_SLOTS];
    cases::ALL
        .iter()
        .map(|&case| {
            let tables = if cases::uses_slots(case) {
                Tables::Slots(&mut slots)
            } else {
                Tables::Entries(&mut entries)
            };
            (case, cases::run(case, tables))
        })
        .collect()
}

/// Whether `qemu-system-arm` can be started.
fn qemu_present() -> bool {
    Command::new("qemu-system-arm")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Builds the firmware (release) and returns the ELF's path.
fn build_firmware() -> std::path::PathBuf {
    let dir = workspace().join("tests/embedded");
    let target = target_dir().join("embedded");
    let status = Command::new(env!("CARGO"))
        .args(["build", "--quiet", "--release"])
        .current_dir(&dir)
        .env("CARGO_TARGET_DIR", &target)
        // The firmware's own .cargo/config.toml sets its target and linker flags.
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("CARGO_BUILD_RUSTFLAGS")
        .env_remove("CARGO_BUILD_TARGET")
        .status()
        .expect("cargo runs");
    assert!(
        status.success(),
        "building the firmware failed (is the target installed? \
         rustup target add thumbv7em-none-eabihf)"
    );
    target.join("thumbv7em-none-eabihf/release/duel-embedded")
}

/// The flash an ELF image takes: the sizes of its loaded sections with contents (`SHF_ALLOC`
/// and not `SHT_NOBITS`: the vector table, code, read-only data and `.data`'s initial values),
/// read from the ELF32 little-endian section headers.
fn flash_bytes(elf: &[u8]) -> u64 {
    let u16_at = |at: usize| u64::from(u16::from_le_bytes([elf[at], elf[at + 1]]));
    let u32_at = |at: usize| u64::from(u32::from_le_bytes(elf[at..at + 4].try_into().unwrap()));
    assert_eq!(
        &elf[..6],
        b"\x7fELF\x01\x01",
        "not a 32-bit little-endian ELF"
    );
    let (offset, entry_size, count) = (u32_at(0x20), u16_at(0x2E), u16_at(0x30));
    (0..count)
        .map(|i| (offset + i * entry_size) as usize)
        .filter(|&h| u32_at(h + 4) != 8 && u32_at(h + 8) & 2 != 0)
        .map(|h| u32_at(h + 20))
        .sum()
}

/// Runs `elf` under QEMU and returns its exit status and standard output.
fn run_qemu(elf: &std::path::Path) -> (i32, String) {
    let mut child = Command::new("qemu-system-arm")
        .args(["-machine", "mps2-an386", "-cpu", "cortex-m4", "-nographic"])
        .args(["-semihosting-config", "enable=on,target=native"])
        .args(["-icount", "shift=0", "-kernel"])
        .arg(elf)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("qemu-system-arm starts");
    let mut stdout = child.stdout.take().expect("piped stdout");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stdout.read_to_string(&mut text);
        text
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting for qemu") {
            break status;
        }
        if start.elapsed() > QEMU_TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the firmware ran longer than {QEMU_TIMEOUT:?} under qemu");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let text = reader.join().expect("stdout reader");
    (status.code().unwrap_or(-1), text)
}

/// One `CASE` line of the firmware, with the case's `STACK` line.
#[derive(Debug)]
struct CaseLine {
    name: String,
    answer: String,
    score: i64,
    nodes: u64,
    instructions: u64,
    stack: u64,
}

/// Parses `CASE <name> <answer> <score> <nodes> <instructions>` and the `STACK <name> <bytes>`
/// line after it.
fn parse_case(line: &str, stack_line: Option<&str>) -> CaseLine {
    let fields: Vec<&str> = line.split(' ').collect();
    assert_eq!(fields.len(), 6, "malformed line {line:?}");
    assert_eq!(fields[0], "CASE", "malformed {line:?}");
    let number = |i: usize| -> i64 {
        fields[i]
            .parse()
            .unwrap_or_else(|_| panic!("field {i} of {line:?} is not a number"))
    };
    let stack = stack_line
        .and_then(|l| l.strip_prefix("STACK "))
        .and_then(|l| l.strip_prefix(fields[1]))
        .and_then(|l| l.strip_prefix(' '))
        .and_then(|bytes| bytes.parse().ok())
        .unwrap_or_else(|| panic!("no STACK line after {line:?}: {stack_line:?}"));
    CaseLine {
        name: fields[1].to_string(),
        answer: fields[2].to_string(),
        score: number(3),
        nodes: number(4) as u64,
        instructions: number(5) as u64,
        stack,
    }
}

#[test]
fn firmware_under_qemu_matches_the_host() {
    if !qemu_present() {
        assert!(
            std::env::var_os("CI").is_none(),
            "qemu-system-arm is missing in CI (apt-get install -y qemu-system-arm)"
        );
        println!(
            "SKIPPED embedded::firmware_under_qemu_matches_the_host: qemu-system-arm not found"
        );
        return;
    }
    let elf = build_firmware();
    let flash = flash_bytes(&std::fs::read(&elf).expect("the firmware ELF"));
    println!("flash: {flash} bytes");
    assert!(
        flash <= 128 * 1024,
        "the firmware takes {flash} bytes of flash, over 128 KiB"
    );
    let (code, text) = run_qemu(&elf);
    println!("{text}");
    assert_eq!(code, 0, "the firmware failed; it printed:\n{text}");
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let case_lines: Vec<CaseLine> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.starts_with("CASE "))
        .map(|(i, l)| parse_case(l, lines.get(i + 1).copied()))
        .collect();
    let host = host_outcomes();
    assert_eq!(case_lines.len(), host.len(), "firmware printed:\n{text}");
    for (line, (case, outcome)) in case_lines.iter().zip(&host) {
        assert_ne!(
            outcome.answer,
            Answer::None,
            "{} failed on the host",
            case.name()
        );
        assert_eq!(line.name, case.name());
        assert_eq!(
            (line.answer.as_str(), line.score, line.nodes),
            (
                outcome.answer.to_string().as_str(),
                outcome.score,
                outcome.nodes
            ),
            "{}: firmware (left) and host (right) differ",
            case.name()
        );
        // Every case executes at least a few hundred instructions a node and uses some stack.
        assert!(line.instructions >= 100 * line.nodes, "{line:?}");
        assert!(line.stack >= 256, "{line:?}");
    }
    // The instruction count is checked on a loop of exactly 2,000,000 instructions: within a
    // few SysTick ticks of 40 instructions (the reads of the counter cost a few too).
    let calibrate: Vec<u64> = lines
        .iter()
        .find_map(|l| l.strip_prefix("CALIBRATE "))
        .expect("a CALIBRATE line")
        .split(' ')
        .map(|n| n.parse().expect("a number"))
        .collect();
    assert_eq!(calibrate.len(), 2, "{calibrate:?}");
    assert_eq!(calibrate[0], 2_000_000);
    assert!(calibrate[1].abs_diff(calibrate[0]) <= 200, "{calibrate:?}");
    // A search by the clock sees its deadline within about a millisecond of virtual time, even
    // at Fruit Rage 26×26's nodes of about 0.4 ms each (the budget reads the clock by time).
    let deadline: Vec<u64> = lines
        .iter()
        .find_map(|l| l.strip_prefix("DEADLINE fruit-rage "))
        .expect("a DEADLINE line")
        .split(' ')
        .map(|n| n.parse().expect("a number"))
        .collect();
    println!("deadline: {deadline:?} (µs, µs late, nodes)");
    assert!(deadline[1] <= 1_000, "{} µs late", deadline[1]);
    assert!(deadline[2] >= 20, "only {} nodes in 50 ms", deadline[2]);
    let memory = lines
        .iter()
        .find(|l| l.starts_with("MEMORY "))
        .expect("a MEMORY line");
    let tables: usize = memory
        .split(' ')
        .nth(2)
        .and_then(|t| t.parse().ok())
        .expect("MEMORY tables <bytes>");
    let largest = (cases::ENTRIES * size_of::<Entry>()).max(cases::STAKE_SLOTS * size_of::<Slot>());
    assert!(tables >= largest && tables < largest + 64, "{memory}");
    // RAM: every static (the tables included) plus the deepest painted stack, within 64 KiB.
    let field = |name: &str| -> usize {
        let words: Vec<&str> = memory.split(' ').collect();
        let at = words.iter().position(|w| *w == name).expect("MEMORY field");
        words[at + 1].parse().expect("MEMORY bytes")
    };
    let ram = field("statics") + field("stack");
    println!("ram: {ram} bytes");
    assert!(
        ram <= 64 * 1024,
        "the firmware uses {ram} bytes of RAM, over 64 KiB: {memory}"
    );
    assert_eq!(lines.last(), Some(&"DONE"), "firmware printed:\n{text}");
}

#[test]
fn the_positions_are_what_the_cases_say() {
    let endgame = duel_core::reversi::Board::parse_text(cases::REVERSI_ENDGAME).unwrap();
    assert_eq!(endgame.empties(), 14);
    let midgame = duel_core::reversi::Board::parse_text(cases::REVERSI_MIDGAME).unwrap();
    assert_eq!(midgame.empties(), 40);
    let stake = duel_core::stake::Board::from_rows(&cases::STAKE_ROWS).unwrap();
    assert_eq!(stake.empties().len(), cases::STAKE_EMPTIES);
    let filler = duel_core::filler::Grid::new(cases::FILLER_SIZE, &cases::filler_colours());
    assert_eq!(filler.unwrap().size(), 20);
    let colours = cases::filler_colours();
    for colour in 0..10u8 {
        assert!(colours.contains(&colour), "colour {colour} is missing");
    }
    let fruit = duel_core::fruit_rage::Board::random(
        cases::FRUIT_RAGE_SIZE,
        cases::FRUIT_RAGE_KINDS,
        cases::FRUIT_RAGE_SEED,
    )
    .unwrap();
    assert_eq!(fruit.cells(), 26 * 26);
    let ataxx =
        duel_core::ataxx::Board::from_fen(cases::ATAXX_FEN, duel_core::ataxx::Rules::Botzone)
            .unwrap();
    assert!(!ataxx.is_over() && ataxx.legal_moves().len() > 10);
}

#[test]
fn node_budgets_bind_or_the_search_finishes() {
    // Each searched case stops at its node budget, so the firmware exercises the node limit;
    // the exact solves finish well inside theirs.
    for (case, outcome) in host_outcomes() {
        let budget = match case {
            Case::ReversiSolve => cases::REVERSI_SOLVE_NODES,
            Case::ReversiMidgame => cases::REVERSI_MIDGAME_NODES,
            Case::Ataxx => cases::ATAXX_NODES,
            Case::Filler => cases::FILLER_NODES,
            Case::FruitRage => cases::FRUIT_RAGE_NODES,
            Case::Stake => u64::MAX,
        };
        assert!(
            outcome.nodes > 0 && outcome.nodes <= budget,
            "{case:?} {outcome:?}"
        );
        if !matches!(case, Case::ReversiSolve | Case::Stake) {
            assert_eq!(outcome.nodes, budget, "{case:?}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The slow twins of the two exact solves.

/// Plain alpha-beta over the final disc difference: no table, squares in index order.
fn reversi_alphabeta(board: &duel_core::reversi::Board, mut alpha: i32, beta: i32) -> i32 {
    use duel_core::reversi::{Move, Square};
    let mask = board.move_mask().bits();
    if mask == 0 {
        if board.is_over() {
            return board.final_margin();
        }
        return -reversi_alphabeta(&board.pass(), -beta, -alpha);
    }
    for index in (0..64u8).filter(|i| (mask >> i) & 1 != 0) {
        let square = Square::new(index).expect("a square index");
        let after = board.play(Move::Place(square)).expect("a legal move");
        let value = -reversi_alphabeta(&after, -beta, -alpha);
        if value >= beta {
            return value;
        }
        alpha = alpha.max(value);
    }
    alpha
}

#[test]
fn the_reversi_solve_agrees_with_plain_alphabeta() {
    let board = duel_core::reversi::Board::parse_text(cases::REVERSI_ENDGAME).unwrap();
    let mut entries = vec![Entry::default(); cases::ENTRIES];
    let outcome = cases::run(Case::ReversiSolve, Tables::Entries(&mut entries));
    let Answer::Reversi(best) = outcome.answer else {
        panic!("no Reversi answer: {outcome:?}");
    };
    let exact = reversi_alphabeta(&board, -65, 65);
    assert_eq!(outcome.score, i64::from(exact));
    let after = board.play(best).unwrap();
    assert_eq!(
        -reversi_alphabeta(&after, -65, 65),
        exact,
        "{best} is not a best move"
    );
}

/// A Stake Your Claim grid: `b'0'`, `b'1'`, `b'.'`.
type StakeGrid = Vec<Vec<u8>>;

/// The largest 4-connected region of `digit`, by a queue flood fill over the grid.
fn largest_grid_region(grid: &StakeGrid, digit: u8) -> i32 {
    let n = grid.len();
    let mut seen = vec![vec![false; n]; n];
    let mut best = 0;
    for r in 0..n {
        for c in 0..n {
            if grid[r][c] != digit || seen[r][c] {
                continue;
            }
            seen[r][c] = true;
            let mut queue = vec![(r, c)];
            let mut size = 0;
            while let Some((r, c)) = queue.pop() {
                size += 1;
                let near = [
                    (r.wrapping_sub(1), c),
                    (r + 1, c),
                    (r, c.wrapping_sub(1)),
                    (r, c + 1),
                ];
                for (nr, nc) in near {
                    if nr < n && nc < n && grid[nr][nc] == digit && !seen[nr][nc] {
                        seen[nr][nc] = true;
                        queue.push((nr, nc));
                    }
                }
            }
            best = best.max(size);
        }
    }
    best
}

/// Minimax over the grid (memoised on the grid): the value for `digit` to move, and its
/// first best cell in (row, column) order.
fn stake_minimax(
    grid: &mut StakeGrid,
    digit: u8,
    memo: &mut HashMap<StakeGrid, (i32, (usize, usize))>,
) -> (i32, (usize, usize)) {
    if let Some(&known) = memo.get(grid) {
        return known;
    }
    let other = if digit == b'0' { b'1' } else { b'0' };
    let n = grid.len();
    let mut best: Option<(i32, (usize, usize))> = None;
    for r in 0..n {
        for c in 0..n {
            if grid[r][c] != b'.' {
                continue;
            }
            grid[r][c] = digit;
            let value = if grid.iter().flatten().any(|&b| b == b'.') {
                -stake_minimax(grid, other, memo).0
            } else {
                largest_grid_region(grid, digit) - largest_grid_region(grid, other)
            };
            grid[r][c] = b'.';
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, (r, c)));
            }
        }
    }
    let best = best.expect("a grid with an empty cell");
    memo.insert(grid.clone(), best);
    best
}

#[test]
fn the_stake_solve_agrees_with_grid_minimax() {
    let mut grid: StakeGrid = cases::STAKE_ROWS.iter().map(|r| r.to_vec()).collect();
    let zeros = grid.iter().flatten().filter(|&&b| b == b'0').count();
    let ones = grid.iter().flatten().filter(|&&b| b == b'1').count();
    let digit = if zeros <= ones { b'0' } else { b'1' };
    let (value, (row, col)) = stake_minimax(&mut grid, digit, &mut HashMap::new());
    let mut slots = vec![Slot::default(); cases::STAKE_SLOTS];
    let outcome = cases::run(Case::Stake, Tables::Slots(&mut slots));
    assert_eq!(outcome.answer, Answer::Stake(row as u8, col as u8));
    assert_eq!(outcome.score, i64::from(value));
}

#[test]
fn a_table_of_the_wrong_kind_fails_the_case() {
    let mut slots = vec![Slot::default(); 4];
    let outcome = cases::run(Case::Filler, Tables::Slots(&mut slots));
    assert_eq!(outcome.answer, Answer::None);
    let mut entries = vec![Entry::default(); 4];
    let outcome = cases::run(Case::Stake, Tables::Entries(&mut entries));
    assert_eq!(outcome.answer, Answer::None);
}

#[test]
fn the_stake_solve_is_the_same_with_any_table_size() {
    let mut full = vec![Slot::default(); duel_core::stake::TABLE_LEN];
    let expected = cases::run(Case::Stake, Tables::Slots(&mut full));
    for len in [0, 1, 100, cases::STAKE_SLOTS - 1] {
        let mut short = vec![Slot::default(); len];
        let outcome = cases::run(Case::Stake, Tables::Slots(&mut short));
        assert_eq!(
            (outcome.answer, outcome.score),
            (expected.answer, expected.score),
            "{len} slots"
        );
    }
}
