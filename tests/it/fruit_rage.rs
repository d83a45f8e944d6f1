//! The Fruit Rage: the bitboard engine against a naive grid model, parsing, the contest program
//! run for real, and games against the course's opponents.

use duel_core::fruit_rage::{
    self, Board, BoardError, Cell, InputError, ParseError, greedy_move, minimax3_move, parse_input,
    random_move, think_micros,
};
use duel_core::{Budget, Entry};
use duel_tests::{Rng, bin, shared};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

// ---------------------------------------------------------------------------------------------
// The naive model: a flat grid, row-major, row 0 at the top, breadth-first groups.

const EMPTY: u8 = u8::MAX;

#[derive(Clone, Debug, PartialEq)]
struct Grid {
    n: usize,
    cells: Vec<u8>,
}

/// A group as the naive model sees it: its first cell in row-major order, its size, its cells.
#[derive(Clone, Debug)]
struct NaiveGroup {
    first: (usize, usize),
    cells: Vec<usize>,
}

impl Grid {
    fn from_rows(rows: &[&str]) -> Grid {
        let n = rows.len();
        let mut cells = Vec::with_capacity(n * n);
        for r in rows {
            assert_eq!(r.len(), n);
            for b in r.bytes() {
                cells.push(if b == b'*' { EMPTY } else { b - b'0' });
            }
        }
        Grid { n, cells }
    }

    fn text(&self) -> String {
        let mut s = String::new();
        for r in 0..self.n {
            for c in 0..self.n {
                let v = self.cells[r * self.n + c];
                s.push(if v == EMPTY {
                    '*'
                } else {
                    char::from(b'0' + v)
                });
            }
            s.push('\n');
        }
        s
    }

    fn is_empty(&self) -> bool {
        self.cells.iter().all(|&v| v == EMPTY)
    }

    /// Every group, in row-major order of first cells.
    fn groups(&self) -> Vec<NaiveGroup> {
        let n = self.n;
        let mut seen = vec![false; n * n];
        let mut out = Vec::new();
        let mut stack = Vec::with_capacity(n * n);
        for start in 0..n * n {
            if seen[start] || self.cells[start] == EMPTY {
                continue;
            }
            let fruit = self.cells[start];
            stack.push(start);
            seen[start] = true;
            let mut cells = Vec::new();
            while let Some(i) = stack.pop() {
                cells.push(i);
                let (r, c) = (i / n, i % n);
                let near = [
                    (r > 0).then(|| i - n),
                    (r + 1 < n).then(|| i + n),
                    (c > 0).then(|| i - 1),
                    (c + 1 < n).then(|| i + 1),
                ];
                for j in near.into_iter().flatten() {
                    if !seen[j] && self.cells[j] == fruit {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
            out.push(NaiveGroup {
                first: (start % n, start / n),
                cells,
            });
        }
        out
    }

    /// The group holding (column, row), if that cell has fruit.
    fn group_at(&self, column: usize, row: usize) -> Option<NaiveGroup> {
        let i = row * self.n + column;
        self.groups().into_iter().find(|g| g.cells.contains(&i))
    }

    /// Claims `group`, then lets every column fall; returns the points.
    fn claim(&mut self, group: &NaiveGroup) -> i64 {
        for &i in &group.cells {
            self.cells[i] = EMPTY;
        }
        let n = self.n;
        for c in 0..n {
            let column: Vec<u8> = (0..n)
                .rev()
                .map(|r| self.cells[r * n + c])
                .filter(|&v| v != EMPTY)
                .collect();
            for r in 0..n {
                let height = n - 1 - r;
                self.cells[r * n + c] = column.get(height).copied().unwrap_or(EMPTY);
            }
        }
        let s = group.cells.len() as i64;
        s * s
    }

    /// The exact value of the rest of the game for the side to move, by brute force.
    fn exact_value(&self) -> i64 {
        let groups = self.groups();
        if groups.is_empty() {
            return 0;
        }
        groups
            .iter()
            .map(|g| {
                let mut child = self.clone();
                let points = child.claim(g);
                points - child.exact_value()
            })
            .max()
            .unwrap()
    }
}

fn random_grid(rng: &mut Rng, n: usize, kinds: usize) -> Grid {
    let mut cells: Vec<u8> = (0..n * n).map(|_| rng.below(kinds) as u8).collect();
    // Empty the top of some columns, so boxes in mid-game are covered from the start too.
    if rng.below(2) == 0 {
        for c in 0..n {
            let gone = rng.below(n + 1);
            for r in 0..gone {
                cells[r * n + c] = EMPTY;
            }
        }
    }
    let mut grid = Grid { n, cells };
    if grid.is_empty() {
        grid.cells[(n - 1) * n] = 0;
    }
    grid
}

fn input_text(grid: &Grid, kinds: usize, seconds: &str) -> String {
    format!("{}\n{}\n{}\n{}", grid.n, kinds, seconds, grid.text())
}

fn board_of(grid: &Grid) -> Board {
    parse_input(&input_text(grid, 10, "100"))
        .expect("a valid grid parses")
        .board
}

// ---------------------------------------------------------------------------------------------
// Engine against the naive model.

/// Checks that the engine's groups `moves` of `board` are exactly the naive `groups` of
/// `grid`: the same first cells with the same sizes, and largest first.
fn assert_same_groups(
    board: &Board,
    moves: &fruit_rage::MoveList,
    grid: &Grid,
    groups: &[NaiveGroup],
) {
    let n = grid.n;
    let mut ours = vec![0u32; n * n];
    for &m in moves.iter() {
        let cell = board.label(m);
        let slot = &mut ours[usize::from(cell.row) * n + usize::from(cell.column)];
        assert_eq!(*slot, 0, "two groups named {cell}");
        *slot = m.size();
    }
    let mut naive = vec![0u32; n * n];
    for g in groups {
        naive[g.first.1 * n + g.first.0] = g.cells.len() as u32;
    }
    assert_eq!(ours, naive, "groups differ on\n{}", grid.text());
    assert!(
        moves
            .as_slice()
            .windows(2)
            .all(|w| w[0].size() >= w[1].size()),
        "not largest first"
    );
}

#[test]
fn groups_claim_and_gravity_match_the_naive_grid_on_100000_moves() {
    let mut rng = Rng::new(4);
    let mut moves = 0;
    while moves < 100_000 {
        let n = 1 + rng.below(26);
        let kinds = 1 + rng.below(10);
        let mut grid = random_grid(&mut rng, n, kinds);
        let mut board = board_of(&grid);
        assert_eq!(board.to_string(), grid.text());
        let mut lead = 0i64;
        while !grid.is_empty() {
            let groups = grid.groups();
            let legal = board.legal_moves();
            assert_same_groups(&board, &legal, &grid, &groups);
            let mv = legal.as_slice()[rng.below(legal.len())];
            let cell = board.label(mv);
            assert_eq!(board.move_at(cell), Ok(mv));
            let first = (cell.column as usize, cell.row as usize);
            let group = groups
                .iter()
                .find(|g| g.first == first)
                .expect("the label is a group's first cell");
            let points = grid.claim(group);
            assert_eq!(i64::from(mv.points()), points);
            board = board.play(mv).expect("a legal move plays");
            lead = -(lead + points);
            assert_eq!(i64::from(board.lead()), lead);
            assert_eq!(board.to_string(), grid.text());
            if moves % 8 == 0 && !grid.is_empty() {
                // The box written and read back is the same position (lead aside), same hash.
                let reread = board_of(&grid).with_lead(board.lead());
                assert_eq!(reread, board);
                assert_eq!(reread.hash(), board.hash());
            }
            assert_eq!(
                board.cells() as usize,
                grid.cells.iter().filter(|&&v| v != EMPTY).count()
            );
            moves += 1;
        }
        assert!(board.is_empty() && board.legal_moves().is_empty());
    }
}

#[test]
fn checked_play_refuses_what_is_not_a_group() {
    let board = board_of(&Grid::from_rows(&["01", "00"]));
    let moves = board.legal_moves();
    assert_eq!(moves.len(), 2);
    let big = moves.as_slice()[0];
    assert_eq!(
        (big.size(), board.label(big).to_string()),
        (3, "A1".to_string())
    );
    let small = moves.as_slice()[1];
    assert_eq!(board.label(small).to_string(), "B1");
    // A move of another box: same cell, wrong size.
    let other = board_of(&Grid::from_rows(&["11", "00"]));
    let foreign = other.move_at(Cell::parse("A2").unwrap()).unwrap();
    assert_eq!(
        board.play(foreign),
        Err(fruit_rage::IllegalMoveError::NotAGroup)
    );
    assert_eq!(
        board.move_at(Cell::parse("C1").unwrap()),
        Err(fruit_rage::IllegalMoveError::OutsideBox)
    );
    let after = board.play(big).unwrap();
    assert_eq!(after.to_string(), "**\n*1\n");
    assert_eq!(
        after.move_at(Cell::parse("A1").unwrap()),
        Err(fruit_rage::IllegalMoveError::EmptyCell)
    );
    assert_eq!(
        Cell::parse("a1"),
        Err(fruit_rage::IllegalMoveError::BadName)
    );
    assert_eq!(
        Cell::parse("A0"),
        Err(fruit_rage::IllegalMoveError::BadName)
    );
    assert_eq!(
        Cell::parse("Z26"),
        Ok(Cell {
            column: 25,
            row: 25
        })
    );
}

// ---------------------------------------------------------------------------------------------
// Search against brute force.

#[test]
fn unlimited_full_width_search_finds_the_exact_value_of_small_boxes() {
    let mut rng = Rng::new(11);
    let mut table = vec![Entry::default(); 1 << 12];
    for case in 0..300 {
        let n = 1 + rng.below(3) + usize::from(case % 10 == 0);
        let kinds = 1 + rng.below(if n == 4 { 2 } else { 4 });
        let grid = random_grid(&mut rng, n, kinds);
        let board = board_of(&grid);
        let exact = grid.exact_value();
        let result = fruit_rage::search_with(
            &board,
            &fruit_rage::GreedyEval::<4>,
            &mut Budget::unlimited(),
            &mut table,
        );
        let mv = result.best.expect("a box with fruit has a move");
        if board.legal_moves().len() > 1 {
            assert_eq!(
                i64::from(result.score),
                exact,
                "search value on\n{}",
                grid.text()
            );
        }
        // The move chosen reaches the exact value.
        let cell = board.label(mv);
        let mut child = grid.clone();
        let points = child.claim(
            &grid
                .group_at(cell.column as usize, cell.row as usize)
                .unwrap(),
        );
        assert_eq!(
            points - child.exact_value(),
            exact,
            "move {cell} on\n{}",
            grid.text()
        );
        // Plain minimax deep enough to reach the end agrees too.
        if grid.cells.iter().filter(|&&v| v != EMPTY).count() <= 8 {
            assert_eq!(i64::from(fruit_rage::minimax(&board, 8)), exact);
        }
        table.fill(Entry::default());
    }
}

#[test]
fn pruned_search_is_the_full_search_when_nothing_is_pruned_and_legal_otherwise() {
    use duel_core::Game;
    let mut rng = Rng::new(13);
    let mut table = vec![Entry::default(); 1 << 12];
    for _ in 0..200 {
        let n = 1 + rng.below(3);
        let kinds = 1 + rng.below(4);
        let grid = random_grid(&mut rng, n, kinds);
        let board = board_of(&grid);
        // At most 9 cells, so at most 9 groups: K = 9 prunes nothing.
        let wide = fruit_rage::search_pruned::<9, _>(
            &board,
            &fruit_rage::GreedyEval::<4>,
            &mut Budget::unlimited(),
            &mut table,
        );
        table.fill(Entry::default());
        let exact = grid.exact_value();
        if board.legal_moves().len() > 1 {
            assert_eq!(i64::from(wide.score), exact, "on\n{}", grid.text());
        }
        // Pruned to one group below the root: still a legal move, and every root move listed.
        let root = fruit_rage::Pruned::<1>::root(board);
        assert_eq!(root.legal_moves().as_ref(), board.legal_moves().as_slice());
        let child = root.play_unchecked(board.legal_moves().as_slice()[0]);
        assert!(child.legal_moves().as_ref().len() <= 1);
        let narrow = fruit_rage::search_pruned::<1, _>(
            &board,
            &fruit_rage::LeadEval,
            &mut Budget::nodes(500),
            &mut table,
        );
        table.fill(Entry::default());
        assert!(board.legal_moves().iter().any(|&m| Some(m) == narrow.best));
    }
}

#[test]
fn greedy_minimax3_and_random_moves_are_what_they_say() {
    let mut rng = Rng::new(12);
    for _ in 0..40 {
        let n = 2 + rng.below(5);
        let grid = random_grid(&mut rng, n, 3);
        let board = board_of(&grid);
        let moves = board.legal_moves();
        let largest = grid.groups().iter().map(|g| g.cells.len()).max().unwrap();
        assert_eq!(greedy_move(&board).unwrap().size() as usize, largest);
        // minimax3: the best move by depth-3 brute force over the naive grid.
        let depth3 = |g: &Grid| -> i64 {
            fn value(g: &Grid, depth: u32) -> i64 {
                let groups = g.groups();
                if depth == 0 || groups.is_empty() {
                    return 0;
                }
                groups
                    .iter()
                    .map(|x| {
                        let mut c = g.clone();
                        let p = c.claim(x);
                        p - value(&c, depth - 1)
                    })
                    .max()
                    .unwrap()
            }
            value(g, 3)
        };
        let mv = minimax3_move(&board, 3).unwrap();
        let cell = board.label(mv);
        let mut child = grid.clone();
        let points = child.claim(
            &grid
                .group_at(cell.column as usize, cell.row as usize)
                .unwrap(),
        );
        let chosen = points - {
            fn value2(g: &Grid, depth: u32) -> i64 {
                let groups = g.groups();
                if depth == 0 || groups.is_empty() {
                    return 0;
                }
                groups
                    .iter()
                    .map(|x| {
                        let mut c = g.clone();
                        let p = c.claim(x);
                        p - value2(&c, depth - 1)
                    })
                    .max()
                    .unwrap()
            }
            value2(&child, 2)
        };
        assert_eq!(chosen, depth3(&grid), "minimax3 on\n{}", grid.text());
        let r1 = random_move(&board, 7).unwrap();
        assert_eq!(
            random_move(&board, 7),
            Some(r1),
            "seeded: the same seed, the same move"
        );
        assert!(moves.iter().any(|&m| m == r1));
    }
    // Random moves spread over all groups.
    let board = board_of(&Grid::from_rows(&["0101", "1010", "0101", "1010"]));
    let mut seen = std::collections::HashSet::new();
    for seed in 0..400 {
        seen.insert(random_move(&board, seed).unwrap().key());
    }
    assert_eq!(seen.len(), 16);
}

// ---------------------------------------------------------------------------------------------
// Time management.

#[test]
fn think_time_is_instant_when_short_and_never_spends_the_reserve() {
    assert_eq!(think_micros(999_999, 300, 676, None), 0);
    assert_eq!(think_micros(50_000, 300, 676, None), 0);
    assert_eq!(think_micros(300_000_000, 1, 676, None), 0);
    let five = think_micros(5_000_000, 200, 676, None);
    assert!(five > 0 && five <= 250_000, "{five}");
    assert!(think_micros(300_000_000, 300, 676, None) <= fruit_rage::play::MAX_THINK_MICROS);
    // A calibrated fast machine caps a move at MAX_THINK_NODES' worth of time.
    assert_eq!(think_micros(300_000_000, 3, 9, Some(1 << 24)), 1_000_000);
    // A whole game of greedy self-play on a full 26×26 box, each side charged every microsecond
    // it is allowed: neither ever runs out, and each keeps the reserve.
    for seed in 0..5 {
        let mut board = Board::random(26, 3 + seed as u8, seed).unwrap();
        let mut left = [300_000_000u64; 2];
        let mut side = 0;
        while let Some(mv) = greedy_move(&board) {
            let t = think_micros(
                left[side],
                board.legal_moves().len() as u32,
                board.cells(),
                None,
            );
            assert!(t < left[side] / 6 + 1, "{t} of {}", left[side]);
            left[side] -= t + 20_000; // plus the process's own overhead
            board = board.play_unchecked(mv);
            side ^= 1;
        }
        assert!(left.iter().all(|&l| l > 2_000_000), "{left:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Games in process: our search under the real time function, charged on a simulated clock.

/// Microseconds one search node is charged on the simulated clock (about what a node of a
/// full 26×26 box costs on a slow, busy machine).
const SIMULATED_MICROS_PER_NODE: u64 = 200;

/// Plays one game from `board`; `ours_first` says who moves first. Our side searches under
/// [`think_micros`] with `seconds` for the whole game on a simulated clock that charges every
/// node searched; the node budget makes the game reproducible. Returns our points minus theirs.
fn game(
    mut board: Board,
    ours_first: bool,
    seconds: u64,
    theirs: &dyn Fn(&Board) -> fruit_rage::Move,
) -> i64 {
    let mut table = vec![Entry::default(); 1 << 16];
    let mut left = seconds * 1_000_000;
    let mut ours_to_move = ours_first;
    let mut diff = 0i64;
    while !board.is_empty() {
        let mv = if ours_to_move {
            let think = think_micros(left, board.legal_moves().len() as u32, board.cells(), None);
            let nodes = think / SIMULATED_MICROS_PER_NODE;
            let mv = if nodes == 0 {
                greedy_move(&board).unwrap()
            } else {
                let r = fruit_rage::search(&board, &mut Budget::nodes(nodes), &mut table);
                left = left.saturating_sub(r.nodes * SIMULATED_MICROS_PER_NODE);
                r.best.unwrap()
            };
            left = left.saturating_sub(20_000);
            assert!(left > 0, "out of time");
            mv
        } else {
            theirs(&board)
        };
        let points = i64::from(mv.points());
        board = board.play(mv).expect("both sides play legal moves");
        diff += if ours_to_move { points } else { -points };
        ours_to_move = !ours_to_move;
    }
    diff
}

/// On boxes this small the first player wins under exact play: an exact solver moving second
/// loses to minimax3 on every 6×6 box tried. So each game here has us move first, on ten
/// different boxes.
#[test]
fn search_beats_minimax3_moving_first_in_every_game() {
    for g in 0..10u64 {
        let board = Board::random(8, 4, 2000 + g).unwrap();
        let diff = game(board, true, 20, &|b| minimax3_move(b, 3).unwrap());
        assert!(diff > 0, "game {g}: lost or drew by {diff}");
    }
}

#[test]
fn search_beats_random_in_every_game_either_side() {
    for g in 0..10u64 {
        let board = Board::random(8 + (g % 3) as usize, 3 + (g % 3) as u8, 200 + g / 2).unwrap();
        let diff = game(board, g % 2 == 0, 20, &|b| {
            random_move(b, g * 7919 + b.hash()).unwrap()
        });
        assert!(diff > 0, "game {g}: lost or drew by {diff}");
    }
}

// ---------------------------------------------------------------------------------------------
// Parsing.

#[test]
fn parsing_accepts_crlf_no_final_newline_and_any_digit() {
    let lf = parse_input("2\n3\n123.6\n01\n21\n").unwrap();
    let crlf = parse_input("2\r\n3\r\n123.6\r\n01\r\n21\r\n").unwrap();
    let bare = parse_input("2\n3\n123.6\n01\n21").unwrap();
    assert_eq!(lf, crlf);
    assert_eq!(lf, bare);
    assert_eq!(
        (lf.kinds, lf.seconds, lf.board.to_string()),
        (3, 123.6, "01\n21\n".to_string())
    );
    assert_eq!(lf.remaining_micros(), 123_600_000);
    // A 9 with p = 2, and p = 10 as the official example 4 declares.
    assert_eq!(
        parse_input("1\n2\n1\n9\n").unwrap().board.to_string(),
        "9\n"
    );
    assert!(parse_input("1\n10\n1\n0\n").is_ok());
    // Trailing blank lines are fine.
    assert!(parse_input("1\n1\n1\n0\n\n\r\n").is_ok());
}

/// Every kind of malformed input, with the error the parser must give.
fn malformed_inputs() -> Vec<(&'static str, String, InputError)> {
    use InputError::{Board as B, Parse as P};
    let e = |x: ParseError| P(x);
    vec![
        ("empty file", String::new(), e(ParseError::BadSize)),
        ("side 0", "0\n1\n1\n".into(), e(ParseError::BadSize)),
        (
            "side 27",
            format!("27\n1\n1\n{}", "0".repeat(27) + "\n"),
            e(ParseError::BadSize),
        ),
        (
            "side not a number",
            "two\n1\n1\n00\n00\n".into(),
            e(ParseError::BadSize),
        ),
        (
            "side negative",
            "-2\n1\n1\n00\n00\n".into(),
            e(ParseError::BadSize),
        ),
        ("p 0", "2\n0\n1\n00\n00\n".into(), e(ParseError::BadKinds)),
        ("p 11", "2\n11\n1\n00\n00\n".into(), e(ParseError::BadKinds)),
        ("p missing", "2\n".into(), e(ParseError::BadKinds)),
        ("time 0", "2\n1\n0\n00\n00\n".into(), e(ParseError::BadTime)),
        (
            "time negative",
            "2\n1\n-3.5\n00\n00\n".into(),
            e(ParseError::BadTime),
        ),
        (
            "time text",
            "2\n1\nsoon\n00\n00\n".into(),
            e(ParseError::BadTime),
        ),
        (
            "time inf",
            "2\n1\ninf\n00\n00\n".into(),
            e(ParseError::BadTime),
        ),
        (
            "time nan",
            "2\n1\nNaN\n00\n00\n".into(),
            e(ParseError::BadTime),
        ),
        ("time missing", "2\n1\n".into(), e(ParseError::BadTime)),
        (
            "row short",
            "2\n1\n1\n00\n0\n".into(),
            e(ParseError::RowLength { row: 2 }),
        ),
        (
            "row long",
            "2\n1\n1\n000\n00\n".into(),
            e(ParseError::RowLength { row: 1 }),
        ),
        (
            "row with a space",
            "2\n1\n1\n00 \n00\n".into(),
            e(ParseError::RowLength { row: 1 }),
        ),
        (
            "bad character",
            "2\n1\n1\n0a\n00\n".into(),
            e(ParseError::BadCharacter { row: 1, column: 2 }),
        ),
        (
            "dot for empty",
            "2\n1\n1\n.0\n00\n".into(),
            e(ParseError::BadCharacter { row: 1, column: 1 }),
        ),
        (
            "rows missing",
            "3\n1\n1\n000\n000\n".into(),
            e(ParseError::MissingRows { found: 2 }),
        ),
        (
            "rows missing, lf",
            "3\n1\n1\n000\n000\n\n".into(),
            e(ParseError::MissingRows { found: 2 }),
        ),
        (
            "trailing text",
            "2\n1\n1\n00\n00\n00\n".into(),
            e(ParseError::TrailingText),
        ),
        (
            "floating fruit",
            "2\n1\n1\n0*\n*0\n".into(),
            B(BoardError::Floating { column: 0 }),
        ),
        (
            "floating in last column",
            "3\n2\n1\n**1\n01*\n011\n".into(),
            B(BoardError::Floating { column: 2 }),
        ),
        (
            "all empty",
            "2\n1\n1\n**\n**\n".into(),
            B(BoardError::Empty),
        ),
    ]
}

#[test]
fn parsing_refuses_every_kind_of_malformed_input() {
    for (what, text, error) in malformed_inputs() {
        assert_eq!(parse_input(&text), Err(error), "{what}");
        let message = error.to_string();
        assert!(
            !message.is_empty() && message.chars().next().unwrap().is_lowercase(),
            "{message}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// The contest program.

/// A fresh empty directory under the target directory.
fn temp_dir(name: &str) -> PathBuf {
    let dir = duel_tests::target_dir().join("fruit-rage-tests").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the program in `dir` with `args`; returns its output and wall time.
fn run_in(dir: &Path, args: &[&str]) -> (Output, Duration) {
    let start = Instant::now();
    let out = Command::new(bin("fruit-rage"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("fruit-rage runs");
    (out, start.elapsed())
}

/// Checks an output.txt against the naive model: a legal move and exactly its board.
fn check_output(input: &str, output: &str) -> String {
    let parsed = parse_input(input).unwrap();
    let rows: Vec<String> = parsed.board.to_string().lines().map(String::from).collect();
    let row_refs: Vec<&str> = rows.iter().map(String::as_str).collect();
    let grid = Grid::from_rows(&row_refs);
    let (first, _) = output.split_once('\n').expect("a move line");
    let cell = Cell::parse(first).expect("a cell name");
    let group = grid
        .group_at(cell.column as usize, cell.row as usize)
        .expect("the move names a fruit");
    assert_eq!(
        group.first,
        (cell.column as usize, cell.row as usize),
        "named by its first cell"
    );
    let mut after = grid.clone();
    after.claim(&group);
    assert_eq!(output, format!("{first}\n{}", after.text()));
    first.to_string()
}

#[test]
fn official_examples_through_the_program() {
    for i in 1..=5 {
        let dir = temp_dir(&format!("example{i}"));
        let input =
            std::fs::read_to_string(shared_file(&format!("data/fruit-rage/input{i}.txt"))).unwrap();
        let official =
            std::fs::read_to_string(shared_file(&format!("data/fruit-rage/output{i}.txt")))
                .unwrap();
        std::fs::write(dir.join("input.txt"), &input).unwrap();
        let (out, _) = run_in(&dir, &[]);
        assert!(
            out.status.success(),
            "example {i}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let ours = std::fs::read_to_string(dir.join("output.txt")).unwrap();
        let ours_move = check_output(&input, &ours);
        // The official answer is right by the naive model too (its move need not be the first
        // cell of its group: example 5 names G8 for the group whose first cell is H5).
        let official_board = official.split_once('\n').unwrap().1;
        let official_cell = Cell::parse(official.lines().next().unwrap()).unwrap();
        let parsed = parse_input(&input).unwrap().board;
        let their = parsed.move_at(official_cell).unwrap();
        assert_eq!(parsed.play_unchecked(their).to_string(), official_board);
        if ours_move == official.lines().next().unwrap()
            || parsed.move_at(Cell::parse(&ours_move).unwrap()) == Ok(their)
        {
            assert_eq!(
                ours.split_once('\n').unwrap().1,
                official_board,
                "example {i}"
            );
        }
        if ours_move == official.lines().next().unwrap() {
            assert_eq!(ours, official, "example {i}");
        }
    }
}

#[test]
fn malformed_input_writes_nothing_and_fails() {
    for (what, text, _) in malformed_inputs() {
        let dir = temp_dir("malformed");
        std::fs::write(dir.join("input.txt"), &text).unwrap();
        let (out, _) = run_in(&dir, &[]);
        assert!(!out.status.success(), "{what}: exit status");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(
            stderr.lines().count(),
            1,
            "{what}: one line on stderr: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{what}");
        assert!(
            !dir.join("output.txt").exists(),
            "{what}: output.txt written"
        );
    }
    // No input.txt at all.
    let dir = temp_dir("no-input");
    let (out, _) = run_in(&dir, &[]);
    assert!(!out.status.success());
    assert_eq!(String::from_utf8(out.stderr).unwrap().lines().count(), 1);
    assert!(!dir.join("output.txt").exists());
    // A bad argument.
    let (out, _) = run_in(&dir, &["--frobnicate"]);
    assert!(!out.status.success());
    assert_eq!(String::from_utf8(out.stderr).unwrap().lines().count(), 1);
    // --help works.
    let (out, _) = run_in(&dir, &["--help"]);
    assert!(out.status.success() && String::from_utf8(out.stdout).unwrap().contains("calibrate"));
}

/// A file of the shared test data: `shared()` from the main checkout, or from a worktree one
/// level further down (`/work/wt/NAME` beside `/work/shared`).
fn shared_file(relative: &str) -> PathBuf {
    let path = shared(relative);
    if path.exists() {
        path
    } else {
        duel_tests::workspace().join("../../shared").join(relative)
    }
}

fn full_box_input(seed: u64, seconds: &str) -> (String, Board) {
    let board = Board::random(26, 4, seed).unwrap();
    (format!("26\n4\n{seconds}\n{board}"), board)
}

#[test]
fn the_program_answers_fast_when_time_is_short() {
    for (seconds, limit) in [
        ("5", Duration::from_millis(900)),
        ("0.05", Duration::from_millis(250)),
    ] {
        let dir = temp_dir(&format!("short-{seconds}"));
        let (input, _) = full_box_input(5, seconds);
        std::fs::write(dir.join("input.txt"), &input).unwrap();
        let (out, took) = run_in(&dir, &[]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        check_output(
            &input,
            &std::fs::read_to_string(dir.join("output.txt")).unwrap(),
        );
        assert!(took < limit, "{seconds} s left: took {took:?}");
    }
}

#[test]
fn calibration_is_written_read_and_a_bad_one_ignored() {
    let dir = temp_dir("calibrate");
    let (out, took) = run_in(&dir, &["calibrate"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(took < Duration::from_secs(10));
    let text = std::fs::read_to_string(dir.join("calibration.txt")).unwrap();
    let nps: u64 = text
        .strip_prefix("nodes_per_second ")
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(nps > 0);
    assert_eq!(
        duel_grader::fruit_rage::read_calibration(&dir),
        Ok(Some(nps))
    );
    let (input, _) = full_box_input(6, "3");
    std::fs::write(dir.join("input.txt"), &input).unwrap();
    let (out, _) = run_in(&dir, &[]);
    assert!(out.status.success() && out.stderr.is_empty());
    check_output(
        &input,
        &std::fs::read_to_string(dir.join("output.txt")).unwrap(),
    );
    // A malformed calibration: a warning line, and the move is still played.
    std::fs::write(dir.join("calibration.txt"), "fast\n").unwrap();
    std::fs::remove_file(dir.join("output.txt")).unwrap();
    let (out, _) = run_in(&dir, &[]);
    assert!(out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("warning") && stderr.lines().count() == 1,
        "{stderr}"
    );
    check_output(
        &input,
        &std::fs::read_to_string(dir.join("output.txt")).unwrap(),
    );
}
