//! The exact endgame against its slow, obviously right twin: a plain minimax with no table, no
//! ordering and no pruning, under the same definition (depth-limited, an unfinished position
//! at the limit scored as the worst outcome for the lower bound and the best for the upper,
//! deepened until the two meet), on 500 random positions with at most 8 empty cells per rule
//! set: blocked cells under standard rules, passes, and counters near the ply and halfmove
//! limits among them.

use crate::support::Rng;
use duel_core::Budget;
use duel_core::Colour;
use duel_core::ataxx::train::solve;
use duel_core::ataxx::{Board, Eval, HALFMOVE_LIMIT, Move, PIECE, PLY_LIMIT, Rules, WIN};
use duel_core::bitboard::Bitboard;
use duel_core::tt::Entry;

/// Above every finished game: the depth limit's value.
const HORIZON: i32 = WIN + 50 * PIECE;

fn outcome(margin: i32) -> i32 {
    margin.signum() * WIN + margin * PIECE
}

/// The lower and upper bound of `board`'s value for its mover, `depth` plies to the limit:
/// every move, no pruning. `None` once `nodes` runs out.
fn bounds(board: &Board, depth: u32, nodes: &mut u64) -> Option<(i32, i32)> {
    *nodes = nodes.checked_sub(1)?;
    if let Some(margin) = board.final_margin() {
        let s = outcome(margin);
        return Some((s, s));
    }
    if depth == 0 {
        return Some((-HORIZON, HORIZON));
    }
    let (mut lo, mut hi) = (i32::MIN, i32::MIN);
    for &mv in board.legal_moves_unordered().iter() {
        let (clo, chi) = bounds(&board.play_unchecked(mv), depth - 1, nodes)?;
        lo = lo.max(-chi);
        hi = hi.max(-clo);
    }
    Some((lo, hi))
}

/// The brute-force value of `board` and the depth at which its bounds met.
fn brute(board: &Board, nodes: &mut u64) -> Option<(i32, u32)> {
    for depth in 1..=40 {
        let (lo, hi) = bounds(board, depth, nodes)?;
        if lo == hi {
            return Some((lo, depth));
        }
    }
    None
}

/// Whether, by brute force, `mv` reaches at least `value` for `board`'s mover.
fn reaches(board: &Board, mv: Move, value: i32, from: u32, nodes: &mut u64) -> bool {
    let child = board.play_unchecked(mv);
    for depth in from..=40 {
        let Some((lo, hi)) = bounds(&child, depth, nodes) else {
            return false;
        };
        if -hi >= value {
            return true;
        }
        if -lo < value {
            return false;
        }
    }
    false
}

/// A random endgame: `empties` empty cells (1–8, clustered from 3 on), the cells within two
/// of them often one side's (so the other has few moves and brute force stays small), blocked
/// cells under standard rules, the rest dealt with a random bias; counters often near their
/// limits.
fn random_board(rng: &mut Rng, rules: Rules) -> Board {
    let empties = 1 + rng.below(8);
    let blocked_n = match rules {
        Rules::Standard if rng.below(2) == 0 => rng.below(20),
        _ => 0,
    };
    let mut cells: Vec<u8> = (0..49).collect();
    for i in (1..cells.len()).rev() {
        cells.swap(i, rng.below(i + 1));
    }
    let c = cells[0] as i32;
    let d = |i: u8| {
        let (x, y) = (i as i32 % 7, i as i32 / 7);
        (x - c % 7).abs().max((y - c / 7).abs())
    };
    if empties >= 3 || rng.below(2) == 0 {
        cells.sort_by_key(|&i| d(i));
    }
    let hole: Vec<u8> = cells[..empties].to_vec();
    let near = |i: u8| {
        hole.iter().any(|&h| {
            let (dx, dy) = (
                (i % 7) as i32 - (h % 7) as i32,
                (i / 7) as i32 - (h / 7) as i32,
            );
            dx.abs().max(dy.abs()) <= 2
        })
    };
    let one_sided = rng.below(3) > 0;
    let near_owner = rng.below(2) == 0;
    let bias = 1 + rng.below(9);
    let (mut black, mut white, mut blocked) = (0u64, 0u64, 0u64);
    for (k, &i) in cells.iter().enumerate() {
        if k < empties {
            continue;
        }
        let black_here = if one_sided && near(i) && rng.below(8) > 0 {
            near_owner
        } else {
            rng.below(10) < bias
        };
        if k < empties + blocked_n || (rules == Rules::Standard && near(i) && rng.below(5) == 0) {
            blocked |= 1 << i;
        } else if black_here {
            black |= 1 << i;
        } else {
            white |= 1 << i;
        }
    }
    let side = if rng.below(2) == 0 {
        Colour::Black
    } else {
        Colour::White
    };
    let board = Board::from_bitboards(
        Bitboard(black),
        Bitboard(white),
        Bitboard(blocked),
        side,
        rules,
    );
    // Counters through a FEN: near the limit often.
    let fen = board.fen().to_string();
    let mut fields: Vec<&str> = fen.split(' ').take(2).collect();
    let (halfmove, fullmove) = match (rules, rng.below(4)) {
        (Rules::Standard, 0 | 1) => (HALFMOVE_LIMIT - 1 - rng.below(10) as u16, 60),
        (Rules::Botzone, 0) => (0, (PLY_LIMIT - 1 - rng.below(8) as u16) / 2 + 1),
        _ => (rng.below(40) as u16, 30),
    };
    let counters = format!("{halfmove} {fullmove}");
    fields.push(&counters);
    Board::from_fen(&fields.join(" "), rules).unwrap()
}

fn check_rules(rules: Rules, seed: u64) {
    let mut rng = Rng::new(seed);
    let mut table = vec![Entry::default(); 1 << 16];
    let eval = Eval::default();
    let (mut checked, mut skipped) = (0, 0);
    let mut by_empties = [0u32; 9];
    let (mut passes, mut blocked, mut near_limit, mut decided) = (0, 0, 0, [0u32; 3]);
    while checked < 500 {
        let board = random_board(&mut rng, rules);
        if board.is_over() {
            continue;
        }
        let mut nodes = 100_000u64;
        let Some((value, depth)) = brute(&board, &mut nodes) else {
            skipped += 1;
            continue;
        };
        // The table is shared between positions, as the player shares it between moves.
        let solution = solve(
            &board,
            &[],
            &mut table,
            &eval,
            &mut Budget::nodes(20_000_000),
        )
        .unwrap_or_else(|| panic!("no proof for {}", board.fen()));
        assert_eq!(
            solution.score,
            value,
            "{} (brute force proved it at depth {depth})",
            board.fen()
        );
        assert_eq!(outcome(solution.margin), value);
        assert!(board.is_legal(solution.mv), "{}", board.fen());
        let mut nodes = 3_000_000u64;
        assert!(
            reaches(&board, solution.mv, value, depth.max(2) - 1, &mut nodes),
            "{}: {} does not reach {value}",
            board.fen(),
            solution.mv
        );
        checked += 1;
        by_empties[board.empty().len() as usize] += 1;
        passes += usize::from(board.legal_moves().as_slice() == [Move::Pass]);
        blocked += usize::from(!board.blocked().is_empty());
        near_limit += usize::from(
            board.ply() + 8 >= PLY_LIMIT && rules == Rules::Botzone
                || board.halfmove() + 8 >= HALFMOVE_LIMIT && rules == Rules::Standard,
        );
        decided[(value.signum() + 1) as usize] += 1;
    }
    eprintln!(
        "{rules:?}: {checked} checked, {skipped} too big for brute force; by empties {by_empties:?}; \
         {passes} passes, {blocked} with blocked cells, {near_limit} near a limit; loss/draw/win {decided:?}"
    );
    // The sample covers what it claims to.
    assert!(by_empties[3..].iter().all(|&n| n >= 5), "{by_empties:?}");
    assert!(near_limit >= 100, "{near_limit}");
    assert!(
        decided[0] >= 100 && decided[1] >= 1 && decided[2] >= 100,
        "{decided:?}"
    );
    if rules == Rules::Standard {
        assert!(passes >= 5 && blocked >= 50, "{passes} {blocked}");
    }
}

#[test]
fn the_endgame_solver_equals_brute_force_under_botzone_rules() {
    check_rules(Rules::Botzone, 0xB07);
}

#[test]
fn the_endgame_solver_equals_brute_force_under_standard_rules() {
    check_rules(Rules::Standard, 0x57D);
}

/// The solver honours an excluded move, and gives no answer when the game is over or the
/// budget is too small for a proof.
#[test]
fn the_solver_keeps_out_excluded_moves_and_finished_games() {
    let mut table = vec![Entry::default(); 1 << 12];
    let eval = Eval::default();
    // Botzone: white's copy to e1 (1 capture) or f1 (2 captures, the better), and jumps.
    let board = Board::from_fen(
        "xxxxxxx/xxxxxxx/ooooooo/ooooooo/xxxxxxx/xxxxxxx/xxxx2o o 0 30",
        Rules::Botzone,
    )
    .unwrap();
    let budget = || Budget::nodes(1_000_000);
    let first = solve(&board, &[], &mut table, &eval, &mut budget()).unwrap();
    let again = solve(&board, &[first.mv], &mut table, &eval, &mut budget()).unwrap();
    assert_ne!(again.mv, first.mv);
    assert!(again.score <= first.score);
    let every: Vec<Move> = board.legal_moves().iter().copied().collect();
    // Every move excluded: the solver chooses among them all.
    let all = solve(&board, &every, &mut table, &eval, &mut budget()).unwrap();
    assert_eq!(all.score, first.score);
    let over = Board::from_fen("7/7/7/7/7/7/x6 o 0 1", Rules::Standard).unwrap();
    assert!(solve(&over, &[], &mut table, &eval, &mut budget()).is_none());
    assert!(solve(&board, &[], &mut [], &eval, &mut Budget::nodes(2)).is_none());
}

/// The player plays the proven move with its exact score where the solver reaches, within its
/// budget, and never plays an excluded (circular) move; without solving it reports a search.
#[test]
fn the_player_reports_a_proven_result_within_reach() {
    use duel_core::ataxx::{Match, Player};
    use duel_core::{Player as _, TimeUse};
    let mut rng = Rng::new(0xE4D);
    let mut table = vec![Entry::default(); 1 << 14];
    let mut exact = 0;
    for _ in 0..200 {
        let board = random_board(&mut rng, Rules::Standard);
        if board.is_over() || board.empty().len() > 1 {
            continue;
        }
        let mut nodes = 100_000u64;
        let Some((value, _)) = brute(&board, &mut nodes) else {
            continue;
        };
        let game = Match::from_board(board);
        let mut player = Player::new(&mut table, TimeUse::ThisMove);
        let d = player.choose(&game, &mut Budget::nodes(200_000)).unwrap();
        assert!(board.is_legal(d.mv));
        if d.exact {
            assert_eq!(d.score, value, "{}", board.fen());
            exact += 1;
        }
        let mut player = Player::new(&mut table, TimeUse::ThisMove).with_solve_empties(0);
        let d = player.choose(&game, &mut Budget::nodes(2_000)).unwrap();
        assert!(!d.exact);
    }
    assert!(exact >= 20, "{exact}");
}
