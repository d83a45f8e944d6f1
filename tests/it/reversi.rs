//! Tests of reversi: perft against the data file, the bitboard rules against a naive grid
//! generator, the solver against plain minimax, FFO #40, conversions, `duel solve reversi`,
//! and a whole game played by the engine.

use duel_core::reversi::{
    self, Board, Colour, ContestError, Engine, IllegalMoveError, Move, ParseBoardError, PerftSlot,
    SolveMode, Square, disc_difference, outcome_score, perft, perft_hashed, solve, solve_with,
    think_time_millis,
};
use duel_core::{Budget, Entry, Game};
use duel_grader::clock::WallClock;
use duel_tests::{Rng, bin, run, shared};
use std::path::PathBuf;

/// A shared data file: `../shared` beside the checkout, or two levels up from a worktree in
/// `wt/<name>`.
fn data(relative: &str) -> PathBuf {
    let path = shared(relative);
    if path.exists() {
        path
    } else {
        duel_tests::workspace().join("../../shared").join(relative)
    }
}

// ---------------------------------------------------------------------------------------------
// A naive grid model of the rules: cells, and eight directions walked square by square.

/// 0 empty, 1 the side to move, 2 the other side.
type Grid = [u8; 64];

const STEPS: [(i32, i32); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

fn grid_of(board: &Board) -> Grid {
    let mut g = [0u8; 64];
    for (i, cell) in g.iter_mut().enumerate() {
        if board.player() >> i & 1 == 1 {
            *cell = 1;
        } else if board.opponent() >> i & 1 == 1 {
            *cell = 2;
        }
    }
    g
}

/// The squares a move on `sq` flips for the side whose discs are `me` (1 or 2).
fn naive_flips(g: &Grid, sq: usize, me: u8) -> u64 {
    if g[sq] != 0 {
        return 0;
    }
    let them = 3 - me;
    let (r0, c0) = ((sq / 8) as i32, (sq % 8) as i32);
    let mut all = 0u64;
    for (dr, dc) in STEPS {
        let (mut r, mut c) = (r0 + dr, c0 + dc);
        let mut line = 0u64;
        while (0..8).contains(&r) && (0..8).contains(&c) && g[(r * 8 + c) as usize] == them {
            line |= 1 << (r * 8 + c);
            r += dr;
            c += dc;
        }
        if line != 0 && (0..8).contains(&r) && (0..8).contains(&c) && g[(r * 8 + c) as usize] == me
        {
            all |= line;
        }
    }
    all
}

fn naive_moves(g: &Grid, me: u8) -> u64 {
    (0..64)
        .filter(|&sq| naive_flips(g, sq, me) != 0)
        .fold(0, |m, sq| m | 1 << sq)
}

fn random_move(board: &Board, rng: &mut Rng) -> Option<Move> {
    let moves = board.legal_moves();
    let list = moves.as_slice();
    if list.is_empty() {
        None
    } else {
        Some(list[rng.below(list.len())])
    }
}

/// A position after `plies` random moves from the start (fewer if the game ends first).
fn random_position(rng: &mut Rng, plies: usize) -> Board {
    let mut b = Board::start();
    for _ in 0..plies {
        match random_move(&b, rng) {
            Some(mv) => b = b.play(mv).expect("a listed move is legal"),
            None => break,
        }
    }
    b
}

// ---------------------------------------------------------------------------------------------

#[test]
fn perft_matches_the_data_file() {
    let text = std::fs::read_to_string(data("data/reversi/perft.txt")).expect("perft.txt");
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut it = line.split_whitespace();
        let depth: u32 = it.next().expect("depth").parse().expect("depth number");
        let nodes: u64 = it.next().expect("nodes").parse().expect("node count");
        if depth <= 9 {
            assert_eq!(perft(&Board::start(), depth), nodes, "perft {depth}");
            checked += 1;
        }
    }
    assert_eq!(checked, 9);
    assert_eq!(perft(&Board::start(), 0), 1);
}

#[test]
fn hashed_perft_equals_plain_perft() {
    let mut rng = Rng::new(17);
    // A tiny table forces replacements; a bigger one finds transpositions.
    for slots in [0usize, 7, 1 << 12] {
        let mut table = vec![PerftSlot::default(); slots];
        for _ in 0..6 {
            let plies = rng.below(50);
            let b = random_position(&mut rng, plies);
            for depth in 0..=5 {
                assert_eq!(
                    perft_hashed(&b, depth, &mut table),
                    perft(&b, depth),
                    "{b} depth {depth}"
                );
            }
        }
        assert_eq!(perft_hashed(&Board::start(), 8, &mut table), 390_216);
    }
}

#[test]
fn duel_perft_prints_one_line_per_depth() {
    let duel = bin("duel");
    for args in [
        &["perft", "reversi", "4"][..],
        &["perft", "reversi", "4", "--hash-mib", "1"][..],
    ] {
        let out = run(&duel, args, "");
        assert!(out.status.success());
        let stdout = String::from_utf8(out.stdout).expect("utf8");
        let counts: Vec<(String, String)> = stdout
            .lines()
            .map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                assert_eq!(f.len(), 3, "{l}");
                assert!(f[2].parse::<f64>().is_ok(), "{l}");
                (f[0].to_string(), f[1].to_string())
            })
            .collect();
        let expected: Vec<(String, String)> = [(1, 4), (2, 12), (3, 56), (4, 244)]
            .iter()
            .map(|(d, n)| (d.to_string(), n.to_string()))
            .collect();
        assert_eq!(counts, expected);
    }
    let missing = run(&duel, &["bench", "reversi", "/nonexistent/ffo.obf"], "");
    assert_eq!(missing.status.code(), Some(2));
    let err = String::from_utf8(missing.stderr).expect("utf8");
    assert!(
        err.starts_with("duel: cannot read /nonexistent/ffo.obf") && err.lines().count() == 1,
        "{err}"
    );
}

#[test]
fn bitboard_rules_agree_with_a_naive_grid_on_random_play() {
    let mut rng = Rng::new(7);
    let mut positions = 0;
    let (mut passes, mut ends) = (0, 0);
    while positions < 100_000 {
        let mut b = Board::start();
        loop {
            positions += 1;
            let g = grid_of(&b);
            let mine = naive_moves(&g, 1);
            assert_eq!(b.move_mask(), mine, "moves of {b}");
            let theirs = naive_moves(&g, 2);
            let mut m = mine;
            while m != 0 {
                let sq = m.trailing_zeros() as usize;
                m &= m - 1;
                let square = Square::new(sq as u8).expect("square");
                let f = naive_flips(&g, sq, 1);
                assert_eq!(b.flips(square), f, "flips of {square} in {b}");
                let after = b.play(Move::Place(square)).expect("legal");
                assert_eq!(after.opponent(), b.player() | f | 1 << sq);
                assert_eq!(after.player(), b.opponent() & !f);
                assert_eq!(after.to_move(), b.to_move().other());
            }
            let list = b.legal_moves();
            if mine == 0 && theirs == 0 {
                ends += 1;
                assert!(list.is_empty());
                assert!(b.is_game_over());
                let (p, o) = (
                    b.player().count_ones() as i32,
                    b.opponent().count_ones() as i32,
                );
                let e = 64 - p - o;
                let expected = if p > o {
                    p - o + e
                } else if p < o {
                    p - o - e
                } else {
                    0
                };
                assert_eq!(b.final_score(), expected);
                assert_eq!(b.outcome(), Some(outcome_score(expected)));
                assert_eq!(b.play(Move::Pass), Err(IllegalMoveError));
                break;
            }
            assert_eq!(b.outcome(), None);
            if mine == 0 {
                passes += 1;
                assert_eq!(list.as_slice(), &[Move::Pass]);
                let after = b.play(Move::Pass).expect("a forced pass is legal");
                assert_eq!(
                    (after.player(), after.opponent()),
                    (b.opponent(), b.player())
                );
            } else {
                assert_eq!(list.len(), mine.count_ones() as usize);
                assert_eq!(b.play(Move::Pass), Err(IllegalMoveError));
            }
            // Squares that flip nothing are illegal.
            for sq in 0..64u8 {
                if mine >> sq & 1 == 0 {
                    let square = Square::new(sq).expect("square");
                    assert_eq!(b.play(Move::Place(square)), Err(IllegalMoveError));
                }
            }
            let mv = random_move(&b, &mut rng).expect("not over");
            b = b.play_unchecked(mv);
        }
    }
    assert!(passes > 0 && ends > 1000, "passes {passes}, ends {ends}");
}

/// Plain minimax without pruning over the final disc difference.
fn minimax(b: &Board) -> i32 {
    let moves = b.legal_moves();
    if moves.is_empty() {
        return b.final_score();
    }
    moves
        .iter()
        .map(|&mv| -minimax(&b.play_unchecked(mv)))
        .max()
        .expect("moves")
}

#[test]
fn solver_agrees_with_plain_minimax() {
    let mut rng = Rng::new(11);
    let mut table = vec![Entry::default(); 1 << 14];
    let mut n = 0;
    while n < 1000 {
        let empties = 1 + rng.below(10);
        let b = random_position(&mut rng, 60 - empties);
        if b.is_game_over() {
            continue;
        }
        n += 1;
        // Values of every root move, to know the set of best moves.
        let mut values = Vec::new();
        for &mv in b.legal_moves().iter() {
            values.push((mv, -minimax(&b.play_unchecked(mv))));
        }
        let best = values.iter().map(|v| v.1).max().expect("a move");
        if n % 2 == 0 {
            table.fill(Entry::default());
        }
        let s = solve(&b, &mut table, &mut Budget::unlimited()).expect("unlimited");
        assert_eq!(s.score, best, "score of {b}");
        assert!(
            values.iter().any(|&(mv, v)| mv == s.best && v == best),
            "move {} of {b}",
            s.best
        );
        let w = solve_with(
            &b,
            &mut table,
            &mut Budget::unlimited(),
            SolveMode::WinLossDraw,
        )
        .expect("wld");
        assert_eq!(w.score, best.signum(), "wld of {b}");
    }
}

#[test]
fn solver_with_its_win_loss_prepass_agrees_with_its_children() {
    // At 16 empties the exact solve starts with a win/draw/loss pass and then converges on the
    // score by null-window searches (MTD(f)); the children (15 empties) are solved without
    // either, each with a fresh table. Every other root gets a tiny table, so that the
    // converging searches cannot lean on stored results.
    let mut rng = Rng::new(23);
    let mut table = vec![Entry::default(); 1 << 16];
    let (mut n, mut wins, mut losses) = (0, 0, 0);
    while n < 16 {
        let b = random_position(&mut rng, 44);
        if b.empties() != 16 || !b.has_move() {
            continue;
        }
        n += 1;
        table.fill(Entry::default());
        let size = if n % 2 == 0 { 8 } else { table.len() };
        let s = solve(&b, &mut table[..size], &mut Budget::unlimited()).expect("unlimited");
        wins += usize::from(s.score > 0);
        losses += usize::from(s.score < 0);
        let mut best = i32::MIN;
        let mut value_of_choice = None;
        for &mv in b.legal_moves().iter() {
            table.fill(Entry::default());
            let child = b.play_unchecked(mv);
            let v = -solve(&child, &mut table, &mut Budget::unlimited())
                .expect("unlimited")
                .score;
            best = best.max(v);
            if mv == s.best {
                value_of_choice = Some(v);
            }
        }
        assert_eq!(s.score, best, "{b}");
        assert_eq!(value_of_choice, Some(best), "{b}");
    }
    assert!(wins > 0 && losses > 0, "{wins} wins, {losses} losses");
}

#[test]
fn solver_stops_on_its_budget() {
    let line = first_ffo_line();
    let b = Board::parse_text(&line).expect("ffo line");
    let mut table = vec![Entry::default(); 1 << 10];
    assert_eq!(solve(&b, &mut table, &mut Budget::nodes(1000)), None);
}

fn first_ffo_line() -> String {
    let text = std::fs::read_to_string(data("data/reversi/ffo40-59.txt")).expect("ffo txt");
    text.lines().next().expect("a line").to_string()
}

#[test]
fn ffo_40_is_plus_38_with_a2() {
    let line = first_ffo_line();
    let b = Board::parse_text(&line).expect("ffo line");
    assert_eq!(b.empties(), 20);
    let mut table = vec![Entry::default(); 1 << 20];
    let s = solve(&b, &mut table, &mut Budget::unlimited()).expect("unlimited");
    assert_eq!((s.best.to_string().as_str(), s.score), ("a2", 38));
    // The file agrees.
    let fields: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(fields[2], "+38");
    assert_eq!(fields[3], "a2");
}

#[test]
fn contest_array_round_trips_and_rejects_bad_input() {
    let start = Board::start();
    let a = start.to_contest();
    assert_eq!(a[3][3], 1);
    assert_eq!(a[4][4], 1);
    assert_eq!(a[3][4], 0);
    assert_eq!(a[4][3], 0);
    assert_eq!(a[0][0], -1);
    assert_eq!(Board::from_contest(&a, 1), Ok(start));
    let mut rng = Rng::new(3);
    for _ in 0..500 {
        let plies = rng.below(61);
        let b = random_position(&mut rng, plies);
        let c = b.to_move().contest_value();
        assert_eq!(Board::from_contest(&b.to_contest(), c), Ok(b));
        let mut text = [0u8; 64];
        b.write_text(&mut text);
        let line = format!(
            "{} {}",
            std::str::from_utf8(&text).expect("ascii"),
            b.to_move().letter() as char
        );
        assert_eq!(Board::parse_text(&line), Ok(b));
        assert_eq!(b.to_string(), line);
        assert_eq!(Board::from_text(&text, b.to_move()), Ok(b));
        let back = Board::from_colours(b.black(), b.white(), b.to_move()).expect("disjoint");
        assert_eq!(back, b);
    }
    // White to move on the same discs swaps the sides.
    let w = Board::from_contest(&a, 0).expect("valid");
    assert_eq!(w.to_move(), Colour::White);
    assert_eq!(
        (w.player(), w.opponent()),
        (start.opponent(), start.player())
    );
    for bad in [2, -2, 7, i32::MIN, i32::MAX] {
        let mut x = a;
        x[5][6] = bad;
        assert_eq!(Board::from_contest(&x, 1), Err(ContestError::InvalidCell));
        assert_eq!(
            Board::from_contest_to_move(&x, 1),
            Err(ContestError::InvalidCell)
        );
    }
    for c in [-1, 2, 100, i32::MIN] {
        assert_eq!(Board::from_contest(&a, c), Err(ContestError::InvalidColour));
    }
    // A side with no legal move: accepted by from_contest, rejected by from_contest_to_move.
    let mut lone = [[-1; 8]; 8];
    lone[0][0] = 1;
    lone[7][7] = 0;
    assert!(Board::from_contest(&lone, 1).is_ok());
    assert_eq!(
        Board::from_contest_to_move(&lone, 1),
        Err(ContestError::NoLegalMove)
    );
    assert_eq!(Board::from_contest_to_move(&a, 1), Ok(start));
    assert_eq!(
        ContestError::NoLegalMove.to_string(),
        "the colour to move has no legal move"
    );
}

#[test]
fn text_form_rejects_bad_input() {
    let cells = "---------------------------XO------OX--------------------------- X";
    assert_eq!(Board::parse_text(cells), Ok(Board::start()));
    assert_eq!(
        Board::parse_text(
            "  ---------------------------XO------OX---------------------------\tX; a"
        ),
        Ok(Board::start())
    );
    let base = cells.as_bytes().to_vec();
    assert_eq!(
        Board::parse_text(&cells[..40]),
        Err(ParseBoardError::TooShort)
    );
    assert_eq!(Board::parse_text(""), Err(ParseBoardError::TooShort));
    assert_eq!(
        Board::parse_text(&cells[..64]),
        Err(ParseBoardError::MissingSide)
    );
    assert_eq!(
        Board::parse_text(&format!("{}   ", &cells[..64])),
        Err(ParseBoardError::MissingSide)
    );
    assert_eq!(
        Board::parse_text(&format!("{}- X", &cells[..64])),
        Err(ParseBoardError::MissingSide)
    );
    assert_eq!(
        Board::parse_text(&format!("{} Y", &cells[..64])),
        Err(ParseBoardError::InvalidSide)
    );
    let mut bad = base.clone();
    bad[10] = b'Z';
    assert_eq!(
        Board::parse_text(std::str::from_utf8(&bad).expect("ascii")),
        Err(ParseBoardError::InvalidCell)
    );
    let mut spaced = base;
    spaced[20] = b' ';
    assert_eq!(
        Board::parse_text(std::str::from_utf8(&spaced).expect("ascii")),
        Err(ParseBoardError::TooShort)
    );
    assert_eq!(
        Board::from_text(b"XO", Colour::Black),
        Err(ParseBoardError::TooShort)
    );
    // Square and move names.
    assert_eq!(Square::parse("a1").map(Square::index), Ok(0));
    assert_eq!(Square::parse("b1").map(Square::index), Ok(1));
    assert_eq!(Square::parse("a2").map(Square::index), Ok(8));
    assert_eq!(Square::parse("H8").map(Square::index), Ok(63));
    for bad in ["", "a", "a0", "a9", "i1", "a10", "pas"] {
        assert!(Square::parse(bad).is_err(), "{bad}");
        assert!(Move::parse(bad).is_err(), "{bad}");
    }
    assert_eq!(Move::parse("pass"), Ok(Move::Pass));
    assert_eq!(
        Square::at(1, 0).map(|s| s.to_string()),
        Some("a2".to_string())
    );
    assert_eq!(Square::new(64), None);
    assert_eq!(Square::at(8, 0), None);
    assert_eq!(disc_difference(outcome_score(-12)), Some(-12));
    assert_eq!(disc_difference(outcome_score(64)), Some(64));
    assert_eq!(disc_difference(outcome_score(0)), Some(0));
    assert_eq!(disc_difference(500), None);
}

#[test]
fn duel_solve_answers_lines_and_stops_at_a_malformed_one() {
    let duel = bin("duel");
    let txt = first_ffo_line();
    let obf = std::fs::read_to_string(data("data/reversi/ffo40-59.obf")).expect("obf");
    let obf_first = obf.lines().next().expect("line");
    // A position 4 plies further on, solved in the test by plain minimax... too deep; instead a
    // random 8-empty position checked against minimax.
    let mut rng = Rng::new(5);
    let small = loop {
        let b = random_position(&mut rng, 52);
        if !b.is_game_over() && b.has_move() {
            break b;
        }
    };
    let small_value = minimax(&small);
    let input = format!("# comment\n\n{txt}\n{obf_first}\n{small}\nnot a board\n{txt}\n");
    let out = run(&duel, &["solve", "reversi"], &input);
    let stdout = String::from_utf8(out.stdout).expect("utf8");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert_eq!(lines[0], "a2 +38");
    assert_eq!(lines[1], "a2 +38");
    let fields: Vec<&str> = lines[2].split_whitespace().collect();
    assert_eq!(fields[1], format!("{small_value:+}"));
    let mv = Move::parse(fields[0]).expect("a move");
    assert_eq!(-minimax(&small.play(mv).expect("legal")), small_value);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).expect("utf8"),
        "duel: line 6: fewer than 64 cells\n"
    );
    // --help works.
    let help = run(&duel, &["solve", "reversi", "--help"], "");
    assert!(help.status.success());
}

#[test]
fn engine_plays_a_whole_game_against_a_random_mover() {
    let clock = WallClock::start();
    let mut table = vec![Entry::default(); 1 << 16];
    let mut engine = Engine::new(&mut table);
    let mut rng = Rng::new(99);
    let mut b = Board::start();
    let mut remaining = 2_000u64;
    let mut engine_moves = 0;
    while !b.is_game_over() {
        if b.to_move() == Colour::Black {
            let millis = think_time_millis(&b, remaining).max(1);
            assert!(millis <= remaining);
            let start = clock_now(&clock);
            let c = engine.choose(&b, &mut Budget::millis(&clock, millis));
            remaining = remaining.saturating_sub((clock_now(&clock) - start) / 1000);
            b = b
                .play(c.mv)
                .unwrap_or_else(|_| panic!("engine played illegal {} in {b}", c.mv));
            engine_moves += 1;
        } else {
            let mv = random_move(&b, &mut rng).expect("not over");
            b = b.play(mv).expect("legal");
        }
    }
    assert!(engine_moves >= 20);
    assert!(b.is_game_over());
    // (Whether it wins depends on how much CPU the machine gives it; only legality is
    // asserted here, so a loaded CI machine cannot make this test flaky.)
}

fn clock_now(clock: &WallClock) -> u64 {
    duel_core::Clock::now_micros(clock)
}

#[test]
fn engine_answers_exactly_in_the_endgame_and_without_a_clock() {
    let mut rng = Rng::new(21);
    let mut table = vec![Entry::default(); 1 << 12];
    for _ in 0..20 {
        let b = random_position(&mut rng, 50);
        if b.is_game_over() {
            continue;
        }
        let mut engine = Engine::new(&mut table);
        let c = engine.choose(&b, &mut Budget::unlimited());
        assert!(c.exact, "{b}");
        assert_eq!(c.score, minimax(&b));
        assert!(b.play(c.mv).is_ok());
    }
    // A midgame position with a node budget only: a legal move, not exact.
    let b = random_position(&mut rng, 10);
    let mut engine = Engine::new(&mut table);
    let c = engine.choose(&b, &mut Budget::nodes(5000));
    assert!(!c.exact);
    assert!(b.play(c.mv).is_ok());
    let _ = reversi::Eval;
}

// ---------------------------------------------------------------------------------------------
// The pattern evaluation the solver orders by.

/// `x` with every square (row r, column c) moved to `to(r, c)`, one square at a time.
fn naive_map(x: u64, to: impl Fn(usize, usize) -> (usize, usize)) -> u64 {
    (0..64)
        .filter(|&sq| x >> sq & 1 == 1)
        .map(|sq| to(sq / 8, sq % 8))
        .fold(0, |m, (r, c)| m | 1 << (r * 8 + c))
}

#[test]
fn pattern_views_are_the_eight_symmetries_square_by_square() {
    use reversi::pattern::{mirror, transpose, view};
    let mut rng = Rng::new(41);
    for _ in 0..2000 {
        let x = rng.next_u64() & rng.next_u64();
        assert_eq!(mirror(x), naive_map(x, |r, c| (r, 7 - c)));
        assert_eq!(transpose(x), naive_map(x, |r, c| (c, r)));
        assert_eq!(x.swap_bytes(), naive_map(x, |r, c| (7 - r, c)));
        let views: Vec<u64> = (0..8).map(|v| view(x, v)).collect();
        let naive: Vec<u64> = [
            |r, c| (r, c),
            |r, c| (r, 7 - c),
            |r, c| (7 - r, c),
            |r, c| (7 - r, 7 - c),
            |r, c| (c, r),
            |r, c| (7 - c, r),
            |r, c| (c, 7 - r),
            |r, c| (7 - c, 7 - r),
        ]
        .iter()
        .map(|f: &fn(usize, usize) -> (usize, usize)| naive_map(x, f))
        .collect();
        assert_eq!(views, naive, "views of {x:#x}");
    }
}

/// The pattern cell of `squares` (in digit order) read square by square: 0 empty, 1 the
/// player's, 2 the opponent's.
fn naive_cell(p: u64, o: u64, squares: &[usize]) -> u16 {
    squares.iter().rev().fold(0u16, |acc, &sq| {
        acc * 3 + (p >> sq & 1) as u16 + 2 * (o >> sq & 1) as u16
    })
}

#[test]
fn pattern_features_read_each_view_square_by_square() {
    use reversi::pattern::{features, view};
    const ROW: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
    const BLOCK: [usize; 8] = [0, 1, 2, 3, 8, 9, 10, 11];
    const DIAGONAL: [usize; 8] = [0, 9, 18, 27, 36, 45, 54, 63];
    let mut rng = Rng::new(43);
    for _ in 0..300 {
        let plies = 10 + rng.below(50);
        let b = random_position(&mut rng, plies);
        let (p, o) = (b.player(), b.opponent());
        let f = features(p, o);
        for (v, cells) in f.indices.iter().enumerate() {
            let (vp, vo) = (view(p, v), view(o, v));
            let want = [ROW, BLOCK, DIAGONAL].map(|sq| naive_cell(vp, vo, &sq));
            assert_eq!(*cells, want, "view {v} of {b}");
        }
        let empty = !(p | o);
        assert_eq!(f.scalars[1], b.move_mask().count_ones() as i32);
        assert_eq!(f.scalars[2], b.pass().move_mask().count_ones() as i32);
        assert_eq!(f.phase, reversi::pattern::phase(empty.count_ones()));
    }
}

#[test]
fn pattern_evaluation_is_the_same_in_every_view() {
    use reversi::pattern::{score, view};
    let mut rng = Rng::new(47);
    for _ in 0..500 {
        let plies = 20 + rng.below(40);
        let b = random_position(&mut rng, plies);
        let s = score(b.player(), b.opponent());
        for v in 1..8 {
            assert_eq!(
                score(view(b.player(), v), view(b.opponent(), v)),
                s,
                "{b} view {v}"
            );
        }
    }
}
