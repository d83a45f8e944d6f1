//! Tests of Stake Your Claim: the bitboard regions against a grid flood fill, the exact solver
//! against plain minimax, and the batch protocol through both programs.

use duel_core::Game;
use duel_core::stake::{
    Board, BoardBuilder, Move, ParseError, Player, PositionError, RowError, Slot, SolveError,
    TABLE_LEN, largest_region, solve, table_len,
};
use duel_grader::stake::{BatchError, solve_batch};
use duel_tests::{Rng, bin, run, shared};
use std::collections::HashMap;

// ---------------------------------------------------------------------------------------------
// The slow, obviously-right twins: a grid, a grid flood fill, plain minimax.

/// A board as a grid of `b'0'`, `b'1'` and `b'.'`, side `n`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Grid {
    n: usize,
    cells: [[u8; 8]; 8],
}

impl Grid {
    fn from_text(rows: &[&str]) -> Self {
        let mut cells = [[b'.'; 8]; 8];
        for (r, row) in rows.iter().enumerate() {
            for (c, byte) in row.bytes().enumerate() {
                cells[r][c] = byte;
            }
        }
        Self {
            n: rows.len(),
            cells,
        }
    }

    fn rows(&self) -> Vec<Vec<u8>> {
        (0..self.n)
            .map(|r| self.cells[r][..self.n].to_vec())
            .collect()
    }

    fn text(&self) -> String {
        let mut s = String::new();
        for row in self.rows() {
            s.push_str(std::str::from_utf8(&row).unwrap());
            s.push('\n');
        }
        s
    }

    fn count(&self, digit: u8) -> usize {
        (0..self.n)
            .flat_map(|r| (0..self.n).map(move |c| (r, c)))
            .filter(|&(r, c)| self.cells[r][c] == digit)
            .count()
    }

    fn mover(&self) -> u8 {
        if self.count(b'0') == self.count(b'1') {
            b'0'
        } else {
            b'1'
        }
    }

    fn empties(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for r in 0..self.n {
            for c in 0..self.n {
                if self.cells[r][c] == b'.' {
                    out.push((r, c));
                }
            }
        }
        out
    }
}

/// The largest 4-connected region of `digit`, by a depth-first search over the grid.
fn naive_region(grid: &Grid, digit: u8) -> i32 {
    let n = grid.n;
    let mut seen = [[false; 8]; 8];
    let mut stack = [(0usize, 0usize); 64];
    let mut best = 0;
    for r in 0..n {
        for c in 0..n {
            if grid.cells[r][c] != digit || seen[r][c] {
                continue;
            }
            let mut size = 0;
            let mut top = 1;
            stack[0] = (r, c);
            seen[r][c] = true;
            while top > 0 {
                top -= 1;
                let (y, x) = stack[top];
                size += 1;
                let steps = [
                    (y.wrapping_sub(1), x),
                    (y + 1, x),
                    (y, x.wrapping_sub(1)),
                    (y, x + 1),
                ];
                for (ny, nx) in steps {
                    if ny < n && nx < n && grid.cells[ny][nx] == digit && !seen[ny][nx] {
                        seen[ny][nx] = true;
                        stack[top] = (ny, nx);
                        top += 1;
                    }
                }
            }
            best = best.max(size);
        }
    }
    best
}

fn other(digit: u8) -> u8 {
    if digit == b'0' { b'1' } else { b'0' }
}

/// Plain minimax, no pruning, no memory: the value for `mover` of `grid`, whose empty cells
/// are those of `empties` (in any order) still holding `.`.
fn naive_value(grid: &mut Grid, empties: &[(usize, usize)], mover: u8) -> i32 {
    let mut best = None;
    for &(r, c) in empties {
        if grid.cells[r][c] != b'.' {
            continue;
        }
        grid.cells[r][c] = mover;
        let value = -naive_value(grid, empties, other(mover));
        grid.cells[r][c] = b'.';
        best = Some(best.map_or(value, |b: i32| b.max(value)));
    }
    best.unwrap_or_else(|| naive_region(grid, mover) - naive_region(grid, other(mover)))
}

/// Every root move's value for the player to move, in (row, column) order.
fn root_values(
    grid: &Grid,
    value: &mut dyn FnMut(&mut Grid, u8) -> i32,
) -> Vec<((usize, usize), i32)> {
    let mover = grid.mover();
    let mut grid = *grid;
    grid.empties()
        .into_iter()
        .map(|(r, c)| {
            grid.cells[r][c] = mover;
            let v = -value(&mut grid, other(mover));
            grid.cells[r][c] = b'.';
            ((r, c), v)
        })
        .collect()
}

/// The first best root move and its value, and how many moves share that value.
fn best_of(values: &[((usize, usize), i32)]) -> ((usize, usize), i32, usize) {
    let best = values.iter().map(|&(_, v)| v).max().unwrap();
    let first = values.iter().find(|&&(_, v)| v == best).unwrap().0;
    (
        first,
        best,
        values.iter().filter(|&&(_, v)| v == best).count(),
    )
}

/// Minimax with a memo but no pruning: exact, and fast enough for ten empties (each pattern
/// of the empties is valued once).
fn memo_value(
    grid: &mut Grid,
    empties: &[(usize, usize)],
    mover: u8,
    memo: &mut HashMap<Grid, i32>,
) -> i32 {
    if let Some(&v) = memo.get(grid) {
        return v;
    }
    let mut best = None;
    for &(r, c) in empties {
        if grid.cells[r][c] != b'.' {
            continue;
        }
        grid.cells[r][c] = mover;
        let value = -memo_value(grid, empties, other(mover), memo);
        grid.cells[r][c] = b'.';
        best = Some(best.map_or(value, |b: i32| b.max(value)));
    }
    let v = best.unwrap_or_else(|| naive_region(grid, mover) - naive_region(grid, other(mover)));
    memo.insert(*grid, v);
    v
}

/// A random legal position: side `n`, `empties` empty cells, the rest split between 0s and 1s
/// as the rules demand.
fn random_grid(rng: &mut Rng, n: usize, empties: usize) -> Grid {
    let mut order: Vec<(usize, usize)> = (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    let filled = n * n - empties;
    let mut cells = [[b'.'; 8]; 8];
    for (i, &(r, c)) in order.iter().take(filled).enumerate() {
        cells[r][c] = if i < filled.div_ceil(2) { b'0' } else { b'1' };
    }
    Grid { n, cells }
}

fn board_of(grid: &Grid) -> Board {
    Board::from_rows(&grid.rows()).unwrap_or_else(|e| panic!("{e}:\n{}", grid.text()))
}

fn engine(grid: &Grid, table: &mut [Slot]) -> ((usize, usize), i32) {
    let s = solve(&board_of(grid), table).unwrap();
    ((s.row as usize, s.col as usize), s.value)
}

// ---------------------------------------------------------------------------------------------
// Regions and board rules.

#[test]
fn largest_region_agrees_with_a_grid_flood_fill() {
    let mut rng = Rng::new(7);
    for case in 0..3000 {
        let n = 1 + rng.below(8);
        let density = 1 + rng.below(9);
        let mut grid = Grid {
            n,
            cells: [[b'.'; 8]; 8],
        };
        let mut bits = 0u64;
        for r in 0..n {
            for c in 0..n {
                if rng.below(10) < density {
                    grid.cells[r][c] = b'0';
                    bits |= 1 << (r * 8 + c);
                }
            }
        }
        assert_eq!(
            largest_region(bits) as i32,
            naive_region(&grid, b'0'),
            "case {case}:\n{}",
            grid.text()
        );
    }
    // Shapes that defeat a naive shift: wrapping across the 8-column edge must not connect.
    assert_eq!(largest_region(0x0000_0000_0000_0180), 1);
    assert_eq!(largest_region(0x8000_0000_0000_0001), 1);
    assert_eq!(largest_region(u64::MAX), 64);
    assert_eq!(largest_region(0xAAAA_AAAA_AAAA_AAAA), 8);
    assert_eq!(largest_region(0xAA55_AA55_AA55_AA55), 1);
    assert_eq!(largest_region(0), 0);
}

#[test]
fn board_rules_moves_and_outcome() {
    let board = Board::from_rows(&["01.1", "00..", ".01.", "...1"]).unwrap();
    assert_eq!(board.size(), 4);
    assert_eq!(board.to_move(), Player::Zero);
    assert_eq!(board.to_string(), "01.1\n00..\n.01.\n...1\n");
    let moves: Vec<String> = board.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(
        moves,
        [
            "(0,2)", "(1,2)", "(1,3)", "(2,0)", "(2,3)", "(3,0)", "(3,1)", "(3,2)"
        ]
    );
    assert_eq!(board.at(1, 2), Some(b'.'));
    assert_eq!(board.at(0, 1), Some(b'1'));
    assert_eq!(board.at(4, 0), None);
    assert_eq!(Game::outcome(&board), None);

    let next = board.play(Move::new(1, 2).unwrap()).unwrap();
    assert_eq!(next.at(1, 2), Some(b'0'));
    assert_eq!(next.to_move(), Player::One);
    for bad in [
        Move::new(0, 0).unwrap(),
        Move::new(4, 4).unwrap(),
        Move::new(0, 7).unwrap(),
    ] {
        assert_eq!(board.play(bad).unwrap_err().mv, bad);
        assert_eq!(board.play_unchecked(bad), board);
    }
    assert_eq!(Move::new(8, 0), None);
    assert_eq!(Move::from_index(64), None);

    // Play the game out along the first legal move each time; the outcome is the grid's.
    let mut pos = board;
    while let Some(&mv) = pos.legal_moves().as_slice().first() {
        assert_ne!(pos.hash(), pos.play_unchecked(mv).hash());
        pos = pos.play(mv).unwrap();
    }
    assert!(pos.is_full());
    let grid = Grid::from_text(&pos.to_string().lines().collect::<Vec<_>>());
    let mover = if pos.to_move() == Player::Zero {
        b'0'
    } else {
        b'1'
    };
    let expected = naive_region(&grid, mover) - naive_region(&grid, other(mover));
    assert_eq!(Game::outcome(&pos), Some(expected));
    assert_eq!(
        solve(&pos, &mut [Slot::default(); 1]),
        Err(SolveError::GameOver)
    );
}

#[test]
fn parse_errors_are_layered_and_named() {
    let err = |rows: &[&str]| Board::from_rows(rows).unwrap_err();
    let cases: Vec<(ParseError, ParseError, &str)> = vec![
        (
            err(&[]),
            ParseError::Size { size: 0 },
            "board size 0 is outside 1..8",
        ),
        (
            err(&["........."; 9]),
            ParseError::Size { size: 9 },
            "board size 9 is outside 1..8",
        ),
        (
            err(&["0.", "1x"]),
            ParseError::Row {
                row: 1,
                error: RowError::BadCharacter {
                    column: 1,
                    byte: b'x',
                },
            },
            "row 1, column 1 holds 'x', expected '0', '1' or '.'",
        ),
        (
            err(&["0.", "1\u{7f}"]),
            ParseError::Row {
                row: 1,
                error: RowError::BadCharacter {
                    column: 1,
                    byte: 0x7f,
                },
            },
            "row 1, column 1 holds byte 0x7f, expected '0', '1' or '.'",
        ),
        (
            err(&["0..", "1.", "..."]),
            ParseError::Row {
                row: 1,
                error: RowError::WrongLength {
                    found: 2,
                    expected: 3,
                },
            },
            "row 1 has 2 cells, expected 3",
        ),
        (
            err(&["00", ".."]),
            ParseError::Position(PositionError::Counts { zeros: 2, ones: 0 }),
            "2 zeros and 0 ones: there must be as many 0s as 1s, or one more 0",
        ),
        (
            err(&["1.", ".."]),
            ParseError::Position(PositionError::Counts { zeros: 0, ones: 1 }),
            "0 zeros and 1 ones: there must be as many 0s as 1s, or one more 0",
        ),
        (
            err(&["01", "10"]),
            ParseError::Position(PositionError::NoEmpty),
            "no empty cell",
        ),
        (
            err(&["0...", "....", "....", "...."]),
            ParseError::Position(PositionError::TooManyEmpties { empties: 15 }),
            "15 empty cells, at most 10",
        ),
    ];
    for (got, expected, message) in cases {
        assert_eq!(got, expected);
        assert_eq!(got.to_string(), message);
    }

    let mut builder = BoardBuilder::new(2).unwrap();
    assert_eq!(
        builder.finish(),
        Err(ParseError::MissingRows {
            found: 0,
            expected: 2
        })
    );
    builder.push_row(b"0.").unwrap();
    assert!(builder.push_row(b"0x").is_err());
    assert_eq!(builder.rows(), 1, "a bad row leaves the builder unchanged");
    builder.push_row(b"1.").unwrap();
    assert_eq!(
        builder.push_row(b".."),
        Err(ParseError::ExtraRow { expected: 2 })
    );
    assert_eq!(builder.finish().unwrap().to_move(), Player::Zero);

    // Both players to move, and boards where a player has no cell yet.
    let empty = Board::from_rows(&["..", ".."]).unwrap();
    assert_eq!(
        (empty.to_move(), empty.score(Player::Zero)),
        (Player::Zero, 0)
    );
    let one = Board::from_rows(&["0.", ".."]).unwrap();
    assert_eq!((one.to_move(), one.score(Player::One)), (Player::One, 0));
}

// ---------------------------------------------------------------------------------------------
// The solver.

#[test]
fn solver_answers_the_samples() {
    let mut table = vec![Slot::default(); TABLE_LEN];
    let a = Board::from_rows(&["01.1", "00..", ".01.", "...1"]).unwrap();
    let b = Board::from_rows(&["0.01", "0.01", "1..0", ".1.."]).unwrap();
    assert_eq!(solve(&a, &mut table).unwrap().to_string(), "(1,2) 2");
    assert_eq!(solve(&b, &mut table).unwrap().to_string(), "(2,2) -1");
    let s = solve(&b, &mut table).unwrap();
    assert_eq!(s.mv(), Move::new(2, 2).unwrap());
    // The search is deterministic and its table state does not leak between solves: the same
    // positions visited every time (these counts move only when the search or its move order
    // changes on purpose).
    assert_eq!((solve(&a, &mut table).unwrap().nodes, s.nodes), (1310, 544));
    assert_eq!(table_len(0), 1);
    assert_eq!(table_len(10), 59_049);
    assert_eq!(table_len(200), usize::MAX);
    // Any table length gives the same exact answer: shorter tables share slots between
    // patterns (keyed, so never confused), an empty one stores nothing.
    for len in [0, 1, 7, 100, 6560, 6561] {
        assert_eq!(
            solve(&a, &mut table[..len]).unwrap().to_string(),
            "(1,2) 2",
            "{len} slots"
        );
        assert_eq!(
            solve(&b, &mut table[..len]).unwrap().to_string(),
            "(2,2) -1",
            "{len} slots"
        );
    }
    // One cell: player 0 takes it and wins by one.
    let single = Board::from_rows(&["."]).unwrap();
    assert_eq!(solve(&single, &mut table).unwrap().to_string(), "(0,0) 1");
}

/// How many empties the i-th random case gets. Plain minimax visits empties! leaves (about
/// 25 µs each in the unoptimised test profile), so it takes the cases with up to 8 empties,
/// weighted towards few; the memoised minimax takes the cases with 9 and 10.
fn empties_for(i: usize, rng: &mut Rng) -> usize {
    match i {
        0..100 => 9 + rng.below(2),
        100..108 => 8,
        108..150 => 7,
        150..250 => 6,
        _ => 1 + rng.below(5),
    }
}

#[test]
fn solver_matches_minimax_on_2000_random_positions() {
    let mut rng = Rng::new(3317);
    let mut table = vec![Slot::default(); TABLE_LEN];
    let (mut ties, mut no_cell, mut player_one, mut by_empties) = (0, 0, 0, [0; 11]);
    for i in 0..2000 {
        let want = empties_for(i, &mut rng);
        // Sides that have room for the empties: 1..=8 for up to 4, 3..=8 up to 9, 4..=8 above.
        let smallest = (1..=8).find(|n| n * n >= want).unwrap_or(8);
        let n = smallest + rng.below(9 - smallest);
        let grid = random_grid(&mut rng, n, want);
        let empties = grid.empties();
        let values = if want <= 8 {
            root_values(&grid, &mut |g, m| naive_value(g, &empties, m))
        } else {
            let mut memo = HashMap::new();
            root_values(&grid, &mut |g, m| memo_value(g, &empties, m, &mut memo))
        };
        let (mv, value, tied) = best_of(&values);
        assert_eq!(
            engine(&grid, &mut table),
            (mv, value),
            "case {i}:\n{}",
            grid.text()
        );
        ties += usize::from(tied > 1);
        no_cell += usize::from(grid.count(b'0') == 0 || grid.count(b'1') == 0);
        player_one += usize::from(grid.mover() == b'1');
        by_empties[want] += 1;
    }
    assert!(ties >= 200, "tied best moves: {ties}");
    assert!(
        no_cell >= 20,
        "positions where a player has no cell: {no_cell}"
    );
    assert!(
        (600..1400).contains(&player_one),
        "player 1 to move: {player_one}"
    );
    assert!(
        by_empties[1..].iter().all(|&k| k > 0),
        "empties 1..=10: {by_empties:?}"
    );
    println!(
        "stake random: ties {ties}, no cell {no_cell}, player 1 {player_one}, by empties {by_empties:?}"
    );
}

/// `cargo test --release -p duel-tests --test it stake::plain -- --ignored`: plain minimax
/// (no pruning, no memory) on positions with ten empties, too slow for the test profile.
#[test]
#[ignore]
fn plain_minimax_on_ten_empties() {
    let mut rng = Rng::new(10);
    let mut table = vec![Slot::default(); TABLE_LEN];
    for i in 0..20 {
        let n = 4 + rng.below(5);
        let grid = random_grid(&mut rng, n, 10);
        let empties = grid.empties();
        let values = root_values(&grid, &mut |g, m| naive_value(g, &empties, m));
        let (mv, value, _) = best_of(&values);
        assert_eq!(
            engine(&grid, &mut table),
            (mv, value),
            "case {i}:\n{}",
            grid.text()
        );
    }
}

#[test]
fn small_tables_give_the_full_tables_answers() {
    // Keyed slots shared between patterns must never change an answer, only the node count.
    let mut rng = Rng::new(0x5107);
    let mut full = vec![Slot::default(); TABLE_LEN];
    let mut small = vec![Slot::default(); 97];
    for i in 0..400 {
        let n = 3 + rng.below(6);
        let empties = (1 + rng.below(10)).min(n * n);
        let grid = random_grid(&mut rng, n, empties);
        let expected = engine(&grid, &mut full);
        assert_eq!(engine(&grid, &mut small), expected, "case {i}: 97 slots");
        assert_eq!(engine(&grid, &mut []), expected, "case {i}: no table");
    }
}

#[test]
fn solver_value_is_each_root_moves_value_seen_from_the_child() {
    // The solver on every child of a position agrees with its own root choice: the root value
    // is the maximum of minus the children's values, reached first at the chosen move.
    let mut rng = Rng::new(99);
    let mut table = vec![Slot::default(); TABLE_LEN];
    for i in 0..200 {
        let n = 3 + rng.below(6);
        let empties = (2 + rng.below(9)).min(n * n);
        let grid = random_grid(&mut rng, n, empties);
        let board = board_of(&grid);
        let root = solve(&board, &mut table).unwrap();
        let mut children = Vec::new();
        for &mv in board.legal_moves().iter() {
            let child = board.play(mv).unwrap();
            let value = if child.is_full() {
                Game::outcome(&child).unwrap()
            } else {
                solve(&child, &mut table).unwrap().value
            };
            children.push((mv, -value));
        }
        let best = children.iter().map(|&(_, v)| v).max().unwrap();
        let first = children.iter().find(|&&(_, v)| v == best).unwrap().0;
        assert_eq!(
            (root.mv(), root.value),
            (first, best),
            "case {i}:\n{}",
            grid.text()
        );
    }
}

/// The finished game's value, 0 before: with a depth of the number of empties, the generic
/// search never evaluates an unfinished position.
struct OutcomeOnly;

impl duel_core::Evaluator<Board> for OutcomeOnly {
    fn evaluate(&self, pos: &Board) -> i32 {
        Game::outcome(pos).unwrap_or(0)
    }
}

#[test]
fn generic_search_over_the_game_trait_finds_the_same_values() {
    use duel_core::{Budget, Entry, SearchConfig, Searcher};
    let mut rng = Rng::new(77);
    let mut table = vec![Slot::default(); TABLE_LEN];
    let mut entries = vec![Entry::default(); 1 << 12];
    for i in 0..200 {
        let n = 2 + rng.below(7);
        let empties = (2 + rng.below(6)).min(n * n);
        let grid = random_grid(&mut rng, n, empties);
        let board = board_of(&grid);
        let mut searcher = Searcher::new(&mut entries);
        searcher.table().clear();
        let config = SearchConfig {
            max_depth: empties as u8,
            aspiration: 0,
        };
        let result = searcher.search(
            &board,
            &OutcomeOnly,
            config,
            &mut Budget::unlimited(),
            &mut |_| {},
        );
        let exact = solve(&board, &mut table).unwrap();
        assert_eq!(result.score, exact.value, "case {i}:\n{}", grid.text());
    }
}

// ---------------------------------------------------------------------------------------------
// The protocol, through the real programs.

const SAMPLE_A: &str = "4\n01.1\n00..\n.01.\n...1\n";

/// A file of the shared material: beside the checkout, or, in a linked git worktree, beside the
/// main checkout that owns the repository.
fn shared_file(relative: &str) -> String {
    let mut path = shared(relative);
    if !path.exists() {
        let out = std::process::Command::new("git")
            .args(["rev-parse", "--path-format=absolute", "--git-common-dir"])
            .current_dir(duel_tests::workspace())
            .output()
            .expect("git runs");
        let common = std::path::PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
        path = common.join("../../shared").join(relative);
    }
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn sample_input() -> String {
    shared_file("data/stake-your-claim/sample_input.txt")
}

fn sample_answer() -> String {
    shared_file("data/stake-your-claim/sample_answer.txt")
}

/// Both ways to run the protocol, with the name each error line starts with.
fn programs() -> Vec<(std::path::PathBuf, Vec<&'static str>, &'static str)> {
    vec![
        (bin("stake-your-claim"), vec![], "stake-your-claim"),
        (bin("duel"), vec!["solve", "stake"], "duel solve stake"),
    ]
}

#[test]
fn samples_through_both_programs() {
    let expected = sample_answer();
    for (program, args, _) in programs() {
        let out = run(&program, &args, &sample_input());
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            expected.trim_end().to_string() + "\n"
        );
        assert_eq!(out.stdout, b"(1,2) 2\n(2,2) -1\n");
        assert!(
            out.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.status.code(), Some(0));
    }
}

#[test]
fn both_programs_have_help() {
    for (program, mut args, name) in programs() {
        args.push("--help");
        let out = run(&program, &args, "");
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{name}");
        assert!(text.contains(&format!("Usage: {name}")), "{name}: {text}");
        assert!(text.contains("(r,c) v"), "{name}: {text}");
    }
}

#[test]
fn protocol_accepts_crlf_whitespace_blank_lines_and_refuses_a_missing_terminator() {
    let program = bin("stake-your-claim");
    let messy =
        "\r\n  4 \r\n 01.1\r\n00..  \r\n\t.01.\r\n...1\r\n\r\n\r\n4\n0.01\n0.01\n1..0\n.1..";
    let out = run(&program, &[], &format!("{messy}\r\n 0 \r\n"));
    assert_eq!(out.stdout, b"(1,2) 2\n(2,2) -1\n");
    assert_eq!(out.status.code(), Some(0));
    // Without the closing 0: the complete cases are answered, then one line and status 2.
    let out = run(&program, &[], messy);
    assert_eq!(out.stdout, b"(1,2) 2\n(2,2) -1\n");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "stake-your-claim: input ends after 2 cases without the closing line 0\n"
    );
    assert_eq!(out.status.code(), Some(2));
    // Input after the terminating 0 is not read.
    let out = run(&program, &[], &format!("{SAMPLE_A}0\ngarbage\n"));
    assert_eq!(
        (out.stdout.as_slice(), out.status.code()),
        (&b"(1,2) 2\n"[..], Some(0))
    );
    // An empty input is refused the same way.
    let out = run(&program, &[], "");
    assert_eq!((out.stdout.len(), out.status.code()), (0, Some(2)));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "stake-your-claim: input ends without a case or the closing line 0\n"
    );
}

#[test]
fn protocol_answers_random_batches_like_the_core() {
    let mut rng = Rng::new(5);
    let mut table = vec![Slot::default(); TABLE_LEN];
    let (mut input, mut expected) = (String::new(), String::new());
    for _ in 0..300 {
        let n = 1 + rng.below(8);
        let empties = (1 + rng.below(10)).min(n * n);
        let grid = random_grid(&mut rng, n, empties);
        input.push_str(&format!("{n}\n{}", grid.text()));
        expected.push_str(&format!(
            "{}\n",
            solve(&board_of(&grid), &mut table).unwrap()
        ));
    }
    input.push_str("0\n");
    let out = run(&bin("stake-your-claim"), &[], &input);
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn malformed_input_keeps_earlier_answers_and_names_the_case() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "bad character",
            "4\n01.1\n00x.\n.01.\n...1\n0\n",
            "row 1, column 2 holds 'x', expected '0', '1' or '.'",
        ),
        (
            "space in a row",
            "3\n0 1\n...\n...\n0\n",
            "row 0, column 1 holds ' ', expected '0', '1' or '.'",
        ),
        (
            "space at a row's end",
            "2\n0 \n1.\n0\n",
            "row 0 has 1 cell, expected 2",
        ),
        (
            "long row",
            "4\n01.1\n00...\n.01.\n...1\n0\n",
            "row 1 has 5 cells, expected 4",
        ),
        (
            "short row",
            "3\n0.1\n..\n...\n0\n",
            "row 1 has 2 cells, expected 3",
        ),
        ("blank row", "2\n0.\n\n0\n", "row 1 has 0 cells, expected 2"),
        (
            "two more 0s",
            "2\n00\n..\n0\n",
            "2 zeros and 0 ones: there must be as many 0s as 1s, or one more 0",
        ),
        (
            "more 1s",
            "2\n1.\n..\n0\n",
            "0 zeros and 1 ones: there must be as many 0s as 1s, or one more 0",
        ),
        ("no empty", "2\n01\n10\n0\n", "no empty cell"),
        (
            "too many empties",
            "4\n0...\n....\n....\n....\n0\n",
            "15 empty cells, at most 10",
        ),
        ("size 9", "9\n", "board size 9 is outside 1..8"),
        ("negative size", "-3\n", "board size -3 is outside 1..8"),
        (
            "huge size",
            "99999999999999999999\n",
            "board size 99999999999999999999 is outside 1..8",
        ),
        (
            "not a number",
            "four\n",
            "expected the board size n, found \"four\"",
        ),
        (
            "two numbers",
            "4 4\n",
            "expected the board size n, found \"4 4\"",
        ),
        (
            "a row where n belongs",
            "01.1\n",
            "expected the board size n, found \"01.1\"",
        ),
        (
            "input ends mid-case",
            "4\n01.1\n00..\n",
            "input ends after 2 of 4 rows",
        ),
        ("input ends after n", "3", "input ends after 0 of 3 rows"),
    ];
    for (program, args, name) in programs() {
        for &(kind, bad, message) in cases {
            // As the second case, after blank lines: the first answer stays.
            let out = run(&program, &args, &format!("{SAMPLE_A}\n{bad}"));
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.stdout, b"(1,2) 2\n", "{kind}");
            assert_eq!(stderr, format!("{name}: case 2: {message}\n"), "{kind}");
            assert_eq!(out.status.code(), Some(2), "{kind}");
            // As the first case: nothing printed.
            let out = run(&program, &args, bad);
            assert!(out.stdout.is_empty(), "{kind}");
            assert_eq!(
                String::from_utf8_lossy(&out.stderr),
                format!("{name}: case 1: {message}\n")
            );
            assert_eq!(out.status.code(), Some(2), "{kind}");
        }
    }
}

#[test]
fn batch_function_reports_bytes_that_are_not_text() {
    let mut input = SAMPLE_A.as_bytes().to_vec();
    input.extend_from_slice(b"2\n0\xff\n1.\n0\n");
    let mut output = Vec::new();
    let error = solve_batch(&input[..], &mut output).unwrap_err();
    assert_eq!(output, b"(1,2) 2\n");
    assert!(matches!(error, BatchError::Case { case: 2, .. }));
    assert_eq!(
        error.to_string(),
        "case 2: row 0, column 1 holds byte 0xff, expected '0', '1' or '.'"
    );
    let mut output = Vec::new();
    assert_eq!(
        solve_batch(sample_input().as_bytes(), &mut output).unwrap(),
        2
    );
    assert_eq!(output, b"(1,2) 2\n(2,2) -1\n");
}

/// A writer that fails every write.
struct Broken;

impl std::io::Write for Broken {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(std::io::Error::new(
            std::io::ErrorKind::BrokenPipe,
            "closed",
        ))
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn batch_function_reports_a_failing_output() {
    let error = solve_batch(SAMPLE_A.as_bytes(), Broken).unwrap_err();
    assert!(matches!(error, BatchError::Io(_)));
    assert_eq!(error.to_string(), "i/o error: closed");
}

// ---------------------------------------------------------------------------------------------
// Figures.

/// `cargo test --release -p duel-tests --test it stake::bench -- --ignored --nocapture`:
/// 1,000 random 8×8 positions with ten empties: one timed pass, and each case's fastest of
/// five runs (which filters out preemption on a shared machine).
#[test]
#[ignore]
fn bench_ten_empties_on_8x8() {
    use std::time::{Duration, Instant};
    let mut rng = Rng::new(2026);
    let mut table = vec![Slot::default(); TABLE_LEN];
    let boards: Vec<Board> = (0..1000)
        .map(|_| board_of(&random_grid(&mut rng, 8, 10)))
        .collect();
    let start = Instant::now();
    let mut nodes = Vec::new();
    for board in &boards {
        nodes.push(solve(board, &mut table).unwrap().nodes);
    }
    let pass = start.elapsed();
    let mut best_times = Vec::new();
    for board in &boards {
        let fastest = (0..5)
            .map(|_| {
                let t = Instant::now();
                std::hint::black_box(solve(std::hint::black_box(board), &mut table).unwrap());
                t.elapsed()
            })
            .min()
            .unwrap_or(Duration::ZERO);
        best_times.push(fastest);
    }
    let mut ranked: Vec<usize> = (0..boards.len()).collect();
    ranked.sort_by_key(|&i| std::cmp::Reverse(best_times[i]));
    for &i in ranked.iter().take(5) {
        println!("slow: {:?} nodes {}", best_times[i], nodes[i]);
    }
    let sum: Duration = best_times.iter().sum();
    let slowest = best_times.iter().max().copied().unwrap_or_default();
    println!(
        "stake: 1000 cases, 8x8, 10 empties: one pass {pass:?}; fastest-of-5 per case: sum {sum:?}, \
         mean {:?}, slowest {slowest:?}; nodes mean {}, most {}",
        sum / 1000,
        nodes.iter().sum::<u64>() / 1000,
        nodes.iter().max().unwrap_or(&0)
    );
}
