//! The Ataxx search and its time manager: with every pruning rule off, the search's values
//! against plain minimax; forced wins found with reductions and pruning on, each rule alone and
//! all together (checked by a brute-force solver); exact end-of-game counts under both rule
//! sets (checked by a naive count); and the time manager's decisions replayed on made-up clock
//! readings.
//! (The UAI `go` variants and `stop` through the real binary are in `tests/it/ataxx/uai.rs`.)

use crate::support::Rng;
use duel_core::Allowance;
use duel_core::Colour;
use duel_core::ataxx::train::{TimeManager, outcome_score};
use duel_core::ataxx::{Board, Eval, Evaluation, Match, Move, Player, Rules, Tuning, WIN};
use duel_core::{Bitboard, Budget, Entry, Player as _, SearchResult, TimeUse};

/// Scores at or beyond this are won games.
const DECIDED: i32 = WIN / 2;

// ---------------------------------------------------------------------------------------------
// Brute force

/// Whether the side to move can force a won end of the game within `k` of its own moves
/// (plain AND-OR search over every move, no pruning beyond stopping at the first proof).
fn wins_within(board: &Board, k: u32) -> bool {
    board.legal_moves().iter().any(|&m| wins_by(board, m, k))
}

/// Whether `mv` forces a won end of the game within `k` own moves of the side to move, `mv`
/// the first of them.
fn wins_by(board: &Board, mv: Move, k: u32) -> bool {
    if k == 0 {
        return false;
    }
    let child = board.play_unchecked(mv);
    match child.final_margin() {
        Some(margin) => margin < 0,
        None => k > 1 && opponent_loses_within(&child, k - 1),
    }
}

/// Whether every move of the side to move loses within `k` further moves of the other side.
fn opponent_loses_within(board: &Board, k: u32) -> bool {
    board.legal_moves().iter().all(|&r| {
        let after = board.play_unchecked(r);
        match after.final_margin() {
            Some(margin) => margin > 0,
            None => wins_within(&after, k),
        }
    })
}

/// A small position: an open region of `cells` cells grown from a random seed cell (the rest
/// blocked), with a few pieces of each side placed in it.
fn small_position(rng: &mut Rng, rules: Rules, cells: usize, pieces: usize) -> Board {
    let neighbours = |i: usize| {
        let (x, y) = ((i % 7) as i32, (i / 7) as i32);
        let mut out = Vec::new();
        for dy in -1..=1 {
            for dx in -1..=1 {
                let (nx, ny) = (x + dx, y + dy);
                if (dx, dy) != (0, 0) && (0..7).contains(&nx) && (0..7).contains(&ny) {
                    out.push((ny * 7 + nx) as usize);
                }
            }
        }
        out
    };
    let mut region = vec![rng.below(49)];
    while region.len() < cells {
        let from = region[rng.below(region.len())];
        let candidates = neighbours(from);
        let to = candidates[rng.below(candidates.len())];
        if !region.contains(&to) {
            region.push(to);
        }
    }
    let mut open: u64 = region.iter().map(|&i| 1u64 << i).sum();
    let mut take = |rng: &mut Rng| -> u64 {
        let cells: Vec<usize> = (0..49).filter(|i| open >> i & 1 == 1).collect();
        let i = cells[rng.below(cells.len())];
        open &= !(1u64 << i);
        1u64 << i
    };
    let (mut black, mut white) = (0u64, 0u64);
    for _ in 0..pieces {
        black |= take(rng);
        white |= take(rng);
    }
    let region_bits: u64 = region.iter().map(|&i| 1u64 << i).sum();
    let blocked = ((1u64 << 49) - 1) & !region_bits;
    let side = if rng.below(2) == 0 {
        Colour::Black
    } else {
        Colour::White
    };
    Board::from_bitboards(
        Bitboard(black),
        Bitboard(white),
        Bitboard(blocked),
        side,
        rules,
    )
}

fn searched(board: &Board, max_depth: u8, nodes: u64) -> SearchResult<Move> {
    let mut table = vec![Entry::default(); 1 << 16];
    let mut budget = Budget::nodes(nodes).with_max_depth(max_depth);
    match Player::new(&mut table, TimeUse::ThisMove).choose(&Match::from_board(*board), &mut budget)
    {
        Some(d) => SearchResult {
            best: Some(d.mv),
            score: d.score,
            depth: d.depth,
            nodes: d.nodes,
        },
        // A finished game: no move, its outcome (as the search reports one).
        None => SearchResult {
            best: None,
            score: duel_core::Game::outcome(board).unwrap_or(0),
            depth: 0,
            nodes: 0,
        },
    }
}

// ---------------------------------------------------------------------------------------------
// Forced wins

/// A hand-made capture of everything: black's only winning move is the jump d1d3 next to all
/// three white pieces.
#[test]
fn jump_that_captures_everything_is_found_at_once() {
    for rules in [Rules::Standard, Rules::Botzone] {
        let board = Board::from_fen("7/7/7/2ooo2/7/7/3x3 x 0 1", rules).unwrap();
        assert!(wins_within(&board, 1));
        for depth in [1, 2, 5, 9] {
            let r = searched(&board, depth, 1_000_000);
            assert_eq!(
                r.best,
                Some(Move::parse_uai("d1d3").unwrap()),
                "{rules:?} {depth}"
            );
            // Black ends with 4 pieces (d3 and the three captured), white with none.
            assert_eq!(r.score, outcome_score(4), "{rules:?} {depth}");
        }
    }
}

/// In random small positions, every forced win within 1, 2 or 3 own moves (found by brute
/// force) is found by the search with its reductions and pruning on, by depth `2k + 3`, and
/// the move it plays keeps a forced win within its horizon (the search prefers the larger
/// margin, not the shorter win, so the win it keeps may take longer than `k` moves).
#[test]
fn search_with_reductions_finds_forced_wins_in_one_to_three_moves() {
    forced_wins(2024, (9, 4), (2, 2), 3, 12, 4000, |board, k| {
        let r = searched(board, (2 * k + 3) as u8, 2_000_000);
        let fen = board.fen();
        assert!(r.score >= DECIDED, "{fen}: win in {k} scored {}", r.score);
        let mv = r.best.unwrap();
        let horizon = u32::from(r.depth).div_ceil(2);
        assert!(
            wins_by(board, mv, horizon),
            "{fen}: {mv} does not win within {horizon} moves"
        );
        true
    });
}

/// Draws random small positions (`small_position` with `cells.0 + below(cells.1)` cells and
/// `pieces.0 + below(pieces.1)` pieces a side, the rule sets in turn) from `seed` and passes
/// each whose side to move forces a win within `k ≤ max_k` own moves (the least such `k`, by
/// brute force) to `visit`, which says whether it used the position; stops when `wanted` of
/// each `k` were used, and fails unless that happened within `tries` positions.
fn forced_wins(
    seed: u64,
    cells: (usize, usize),
    pieces: (usize, usize),
    max_k: u32,
    wanted: u32,
    tries: u32,
    mut visit: impl FnMut(&Board, u32) -> bool,
) {
    let mut rng = Rng::new(seed);
    let mut found = vec![0u32; max_k as usize + 1];
    let mut tried = 0;
    while found[1..].iter().any(|&n| n < wanted) && tried < tries {
        tried += 1;
        let rules = if tried % 2 == 0 {
            Rules::Standard
        } else {
            Rules::Botzone
        };
        let (c, p) = (cells.0 + rng.below(cells.1), pieces.0 + rng.below(pieces.1));
        let board = small_position(&mut rng, rules, c, p);
        if board.is_over() {
            continue;
        }
        let Some(k) = (1..=max_k).find(|&k| wins_within(&board, k)) else {
            continue;
        };
        if found[k as usize] < wanted && visit(&board, k) {
            found[k as usize] += 1;
        }
    }
    assert!(
        found[1..].iter().all(|&n| n >= wanted),
        "found {found:?} in {tried}"
    );
}

/// Every selective rule of [`Tuning`] off (their parameters the defaults): what is left is a
/// principal-variation alpha-beta.
fn no_pruning() -> Tuning {
    Tuning {
        rfp_depth: 0,
        null_depth: 0,
        lmr_depth: 0,
        lmp_depth: 0,
        aspiration: 0,
        probcut_depth: 0,
        ..Tuning::default()
    }
}

/// Plain minimax with the linear evaluation: every legal move `depth` plies deep, a finished
/// game scored by its margin, no table, no pruning.
fn minimax(board: &Board, eval: &Eval, depth: u32) -> i32 {
    if let Some(margin) = board.final_margin() {
        return outcome_score(margin);
    }
    if depth == 0 {
        return eval.evaluate(&eval.state_of(board), board);
    }
    board
        .legal_moves()
        .iter()
        .map(|&m| -minimax(&board.play_unchecked(m), eval, depth - 1))
        .max()
        .expect("a position that is not over has a move (a pass where the rules have one)")
}

/// With every pruning rule off, the search's value at each depth equals plain minimax on
/// random small positions of both rule sets (lines too short to repeat a position), with and
/// without a table; and its move achieves that value.
#[test]
fn search_without_pruning_equals_minimax() {
    let mut rng = Rng::new(61);
    let eval = Eval::default();
    let mut compared = 0;
    for case in 0..60 {
        let rules = if case % 2 == 0 {
            Rules::Standard
        } else {
            Rules::Botzone
        };
        let (cells, pieces) = (8 + rng.below(6), 1 + rng.below(3));
        let board = small_position(&mut rng, rules, cells, pieces);
        if board.is_over() || board.legal_moves().len() < 2 {
            continue;
        }
        for depth in 1..=3u8 {
            let want = minimax(&board, &eval, u32::from(depth));
            for table_len in [0, 1 << 12] {
                let mut table = vec![Entry::default(); table_len];
                let d = Player::new(&mut table, TimeUse::ThisMove)
                    .with_eval(Eval::default())
                    .with_tuning(no_pruning())
                    .with_solve_empties(0)
                    .choose(
                        &Match::from_board(board),
                        &mut Budget::unlimited().with_max_depth(depth),
                    )
                    .expect("a move");
                let what = format!("{} depth {depth}, table {table_len}", board.fen());
                assert_eq!((d.depth, d.score), (depth, want), "{what}");
                let child = board.play_unchecked(d.mv);
                assert_eq!(
                    -minimax(&child, &eval, u32::from(depth) - 1),
                    want,
                    "{what}: {} does not achieve the value",
                    d.mv
                );
                compared += 1;
            }
        }
    }
    assert!(compared >= 200, "only {compared} searches compared");
}

/// The selective rules one at a time (each with its default parameters, the others off),
/// then all of them: each must still find the one winning move of positions where exactly one
/// move forces a win within `k` own moves and no other within `k + 1` (found by brute force),
/// searching `k + 1` own moves deep within 300,000 nodes. Beyond a win in one (which one ply
/// sees), the winning move is never the one a one-ply search prefers, so from the second
/// iteration on it is searched with a null window below the root, where the rules act; and
/// those positions must bite: reverse futility pruning at every depth with a margin of minus
/// 100 pieces (it then cuts every node off the principal variation) must miss the winning move
/// of at least a quarter of them.
#[test]
fn each_pruning_rule_keeps_the_one_winning_move() {
    let on = Tuning::default();
    let rules_alone = [
        (
            "reverse futility",
            Tuning {
                rfp_depth: on.rfp_depth,
                ..no_pruning()
            },
        ),
        (
            "null move",
            Tuning {
                null_depth: on.null_depth,
                ..no_pruning()
            },
        ),
        (
            "late-move reductions",
            Tuning {
                lmr_depth: on.lmr_depth,
                ..no_pruning()
            },
        ),
        (
            "late-move pruning",
            Tuning {
                lmp_depth: on.lmp_depth,
                ..no_pruning()
            },
        ),
        (
            "ProbCut",
            Tuning {
                probcut_depth: on.probcut_depth,
                ..no_pruning()
            },
        ),
        ("all", on),
    ];
    let absurd = Tuning {
        rfp_depth: 60,
        rfp_margin: -10_000,
        ..no_pruning()
    };
    let (mut used, mut missed_by_absurd) = (0u32, 0u32);
    forced_wins(7, (12, 8), (2, 3), 2, 8, 6000, |board, k| {
        // The moves that force a win within k + 1 own moves (the search's horizon below): only
        // the one that wins within k. It must not be the move the board orders first (the
        // search's first, never pruned) nor, beyond a win in one, the move a one-ply search
        // prefers (which a search pruning everything would still play).
        let moves = board.legal_moves();
        let winning: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| wins_by(board, m, k + 1))
            .collect();
        let [only] = winning[..] else {
            return false;
        };
        if moves.as_slice().first() == Some(&only) || (k > 1 && first_choice(board) == only) {
            return false;
        }
        if k > 1 {
            used += 1;
            missed_by_absurd += u32::from(decision(board, k, absurd).mv != only);
        }
        for (name, tuning) in rules_alone {
            let d = decision(board, k, tuning);
            assert_eq!(d.mv, only, "{name}: {} (win in {k})", board.fen());
            assert!(
                d.score >= DECIDED,
                "{name}: {} scored {}",
                board.fen(),
                d.score
            );
        }
        true
    });
    assert!(
        missed_by_absurd * 4 >= used,
        "reverse futility everywhere missed only {missed_by_absurd} of {used}: the positions do not test pruning"
    );
}

/// The search's decision on `board` with `tuning`, `k + 1` own moves deep within 300,000 nodes,
/// solving nothing.
fn decision(board: &Board, k: u32, tuning: Tuning) -> duel_core::Decision<Move> {
    let mut table = vec![Entry::default(); 1 << 14];
    let mut budget = Budget::nodes(300_000).with_max_depth((2 * k + 1) as u8);
    Player::new(&mut table, TimeUse::ThisMove)
        .with_tuning(tuning)
        .with_solve_empties(0)
        .choose(&Match::from_board(*board), &mut budget)
        .expect("a move")
}

/// The move a one-ply search without pruning prefers.
fn first_choice(board: &Board) -> Move {
    let mut table = vec![Entry::default(); 1 << 10];
    Player::new(&mut table, TimeUse::ThisMove)
        .with_tuning(no_pruning())
        .with_solve_empties(0)
        .choose(
            &Match::from_board(*board),
            &mut Budget::unlimited().with_max_depth(1),
        )
        .expect("a move")
        .mv
}

// ---------------------------------------------------------------------------------------------
// End-of-game counts

/// Whether `pieces` can reach an empty cell (a naive grid scan).
fn naive_can_move(pieces: u64, empty: u64) -> bool {
    (0..49i32).any(|i| {
        pieces >> i & 1 == 1
            && (0..49i32).any(|j| {
                let (dx, dy) = (i % 7 - j % 7, i / 7 - j / 7);
                empty >> j & 1 == 1 && dx.abs() <= 2 && dy.abs() <= 2
            })
    })
}

/// The final margin of a finished game for the side to move, counted naively: a side without
/// pieces loses by the other's count; on Botzone a side that can still move takes the empty
/// cells.
fn naive_final_margin(board: &Board) -> i32 {
    let side = board.side();
    let (own, opp) = (board.pieces(side).bits(), board.pieces(side.other()).bits());
    let empty = ((1u64 << 49) - 1) & !(own | opp | board.blocked().bits());
    let (mut a, mut b) = (own.count_ones() as i32, opp.count_ones() as i32);
    if board.rules() == Rules::Botzone && own != 0 && opp != 0 {
        match (naive_can_move(own, empty), naive_can_move(opp, empty)) {
            (true, false) => a += empty.count_ones() as i32,
            (false, true) => b += empty.count_ones() as i32,
            _ => {}
        }
    }
    a - b
}

/// The value for the side to move of a game that ends within `depth` plies on every line,
/// by plain minimax over the legal moves, counted naively at the end; `None` when some line
/// does not end within `depth` plies.
fn exact_value(board: &Board, depth: u32) -> Option<i32> {
    if board.is_over() {
        return Some(outcome_score(naive_final_margin(board)));
    }
    if depth == 0 {
        return None;
    }
    let mut best = None;
    for &m in board.legal_moves().iter() {
        let v = -exact_value(&board.play_unchecked(m), depth - 1)?;
        best = Some(best.map_or(v, |b: i32| b.max(v)));
    }
    best
}

/// Copy races: two or three empty cells, four or more apart, whose rings at distance two are
/// blocked, so that the only moves are copies into them (or passes). Every line ends within
/// six plies (three copies and as many passes), and the search's score is exactly the best final count, under both rule sets
/// (on Botzone a side left without a move gives the other the empty cells).
#[test]
fn end_of_game_count_is_exact() {
    let mut rng = Rng::new(77);
    let mut checked = [0u32; 2];
    let mut forced = 0;
    for case in 0..4000 {
        if checked.iter().all(|&n| n >= 40) {
            break;
        }
        let rules = [Rules::Botzone, Rules::Standard][case % 2];
        let mut empties: Vec<usize> = Vec::new();
        let want = 2 + rng.below(2);
        for _ in 0..50 {
            let e = rng.below(49);
            let far = |f: &usize| {
                let (dx, dy) = ((e % 7).abs_diff(f % 7), (e / 7).abs_diff(f / 7));
                dx.max(dy) >= 4
            };
            if empties.len() < want && empties.iter().all(far) {
                empties.push(e);
            }
        }
        let distance = |a: usize, b: usize| (a % 7).abs_diff(b % 7).max((a / 7).abs_diff(b / 7));
        let (mut black, mut white, mut blocked) = (0u64, 0u64, 0u64);
        for i in 0..49 {
            let nearest = empties.iter().map(|&e| distance(i, e)).min().unwrap();
            match nearest {
                0 => {}
                2 => blocked |= 1 << i,
                _ if rng.below(2) == 0 => black |= 1 << i,
                _ => white |= 1 << i,
            }
        }
        let board = Board::from_bitboards(
            Bitboard(black),
            Bitboard(white),
            Bitboard(blocked),
            Colour::Black,
            rules,
        );
        if board.is_over() {
            continue;
        }
        assert!(
            board
                .legal_moves()
                .iter()
                .all(|m| matches!(m, Move::Single(_) | Move::Pass)),
            "{}",
            board.fen()
        );
        let best = exact_value(&board, 6).expect("a copy race ends");
        let moves = board.legal_moves();
        if let [only] = moves.as_slice() {
            // A forced move is played at once, scored exactly when it ends the game.
            forced += 1;
            let r = searched(&board, 8, 1_000_000);
            assert_eq!(r.best, Some(*only));
            if board.play_unchecked(*only).is_over() {
                assert_eq!(r.score, best, "{}", board.fen());
            }
        } else {
            for depth in [6, 9] {
                let r = searched(&board, depth, 1_000_000);
                assert_eq!(r.score, best, "{} depth {depth}", board.fen());
                let after = board.play_unchecked(r.best.unwrap());
                assert_eq!(-exact_value(&after, 6).unwrap(), best, "{}", board.fen());
            }
        }
        checked[case % 2] += 1;
    }
    assert!(checked.iter().all(|&n| n >= 40), "checked {checked:?}");
    assert!(forced > 0, "no forced move among the races");
}

/// The player honours its node budget exactly, and its depth limit stops the search after
/// the iteration that reached it.
#[test]
fn budget_and_depth_limit_bound_the_search() {
    let board = Board::start(Rules::Standard);
    let game = Match::from_board(board);
    let mut table = vec![Entry::default(); 1 << 12];
    let mut budget = Budget::nodes(5_000);
    let r = Player::new(&mut table, TimeUse::ThisMove)
        .choose(&game, &mut budget)
        .unwrap();
    assert_eq!(r.nodes, 5_000);
    assert!(board.is_legal(r.mv));
    let mut seen = Vec::new();
    let r = Player::new(&mut table, TimeUse::ThisMove)
        .choose_reporting(
            &game,
            &mut Budget::unlimited().with_max_depth(3),
            &mut |r| seen.push(r.depth),
        )
        .unwrap();
    assert_eq!(seen, [1, 2, 3]);
    assert_eq!(r.depth, 3);
    // Tuning off everything selective still searches legally.
    let off = Tuning {
        rfp_depth: 0,
        null_depth: 0,
        lmr_depth: 0,
        lmp_depth: 0,
        probcut_depth: 0,
        ..Tuning::default()
    };
    let r = Player::new(&mut table, TimeUse::ThisMove)
        .with_tuning(off)
        .choose(&game, &mut Budget::unlimited().with_max_depth(3))
        .unwrap();
    assert_eq!(r.depth, 3);
    assert!(board.is_legal(r.mv));
}

// ---------------------------------------------------------------------------------------------
// The time manager, on made-up clock readings

fn iteration(depth: u8, best: &str) -> SearchResult<Move> {
    SearchResult {
        best: Some(Move::parse_uai(best).unwrap()),
        score: 0,
        depth,
        nodes: 0,
    }
}

const MS: u64 = 1000;

#[test]
fn per_move_time_is_used_to_its_deadline() {
    // Botzone: 1 s from the turn's start (process start), nothing kept back.
    let mut tm = TimeManager::new(5 * MS, Allowance::PerMove { micros: 900 * MS }, 0);
    assert_eq!(tm.deadline(), 905 * MS);
    // Time saved is lost, so even a long last iteration does not stop the next one.
    assert!(tm.deepen(100 * MS, &iteration(5, "f2")));
    assert!(tm.deepen(700 * MS, &iteration(6, "f2")));
    assert!(!tm.deepen(905 * MS, &iteration(7, "f2")));
    // UAI movetime keeps the overhead in hand.
    let tm = TimeManager::new(0, Allowance::PerMove { micros: 100 * MS }, 10 * MS);
    assert_eq!(tm.deadline(), 90 * MS);
    let tm = TimeManager::new(0, Allowance::Unlimited, 10 * MS);
    assert_eq!(tm.deadline(), u64::MAX);
}

#[test]
fn game_clock_aims_at_a_target_within_a_hard_limit() {
    // 60 s left, no increment: a target of 60/25 = 2.4 s, a hard limit of 3 × 2.4 = 7.2 s.
    let clock = Allowance::Clock {
        left: 60_000 * MS,
        increment: 0,
    };
    let tm = TimeManager::new(0, clock, 0);
    assert_eq!(tm.target(), 2_400 * MS);
    assert_eq!(tm.deadline(), 7_200 * MS);
    // Iterations ending at 0.1, 0.4, 1.3 s (growth 3) go on; at 2.5 s the target is passed.
    let mut tm = TimeManager::new(0, clock, 0);
    assert!(tm.deepen(100 * MS, &iteration(4, "f2")));
    assert!(tm.deepen(400 * MS, &iteration(5, "f2")));
    assert!(tm.deepen(1_300 * MS, &iteration(6, "f2")));
    assert!(!tm.deepen(2_500 * MS, &iteration(7, "f2")));
    // With an increment: 60/25 + 3/4 of 2 s.
    let with_inc = Allowance::Clock {
        left: 60_000 * MS,
        increment: 2_000 * MS,
    };
    assert_eq!(TimeManager::new(0, with_inc, 0).target(), 3_900 * MS);
    // Little time left: at most half of it (less the overhead) for the target.
    let short = Allowance::Clock {
        left: 100 * MS,
        increment: 1_000 * MS,
    };
    let tm = TimeManager::new(0, short, 10 * MS);
    assert_eq!(tm.target(), 45 * MS);
    assert!(tm.deadline() <= 90 * MS);
}

#[test]
fn game_clock_skips_an_iteration_that_cannot_finish() {
    let clock = Allowance::Clock {
        left: 60_000 * MS,
        increment: 0,
    };
    let mut tm = TimeManager::new(0, clock, 0);
    assert!(tm.deepen(100 * MS, &iteration(4, "f2")));
    // 2.0 s is before the 2.4 s target, but the last iteration took 19 times the one before
    // (the growth counted is at most 6): the next would end near 13 s, past the 7.2 s limit.
    assert!(!tm.deepen(2_000 * MS, &iteration(5, "f2")));
}

#[test]
fn game_clock_spends_more_while_the_best_move_changes() {
    let clock = Allowance::Clock {
        left: 60_000 * MS,
        increment: 0,
    };
    let mut tm = TimeManager::new(0, clock, 0);
    assert!(tm.deepen(100 * MS, &iteration(4, "f2")));
    // Each change adds one target (2.4 s), at most two, capped by the hard limit.
    assert!(tm.deepen(400 * MS, &iteration(5, "b6")));
    assert_eq!(tm.target(), 4_800 * MS);
    assert!(tm.deepen(1_300 * MS, &iteration(6, "f2")));
    assert_eq!(tm.target(), 7_200 * MS);
    // A stable iteration gives back half a target: 6 s. At 2.5 s (where a stable search
    // stopped) this one goes on.
    assert!(tm.deepen(2_500 * MS, &iteration(7, "f2")));
    assert_eq!(tm.target(), 6_000 * MS);
    // 4.4 s is within the 4.8 s target, but the next iteration (1.9 s × 1.56) would end
    // past 7.2 s.
    assert!(!tm.deepen(4_400 * MS, &iteration(8, "f2")));
    assert_eq!(tm.target(), 4_800 * MS);
    // Changes before depth 4 do not count (shallow iterations flip often).
    let mut tm = TimeManager::new(0, clock, 0);
    assert!(tm.deepen(10 * MS, &iteration(2, "f2")));
    assert!(tm.deepen(20 * MS, &iteration(3, "b6")));
    assert_eq!(tm.target(), 2_400 * MS);
}

// ---------------------------------------------------------------------------------------------
// The evaluation

/// The committed weight file is what the evaluation uses: two phases of `FEATURES`
/// little-endian `i16`s, the class terms positive in the endgame (a piece is worth having).
#[test]
fn weight_file_loads() {
    use duel_core::ataxx::Eval;
    use duel_core::ataxx::train::FEATURES;
    let bytes =
        std::fs::read(crate::support::workspace().join("core/src/ataxx/weights.bin")).unwrap();
    assert_eq!(bytes.len(), 2 * 2 * FEATURES);
    let read: Vec<i16> = bytes
        .chunks_exact(2)
        .map(|b| i16::from_le_bytes([b[0], b[1]]))
        .collect();
    assert_eq!(read, Eval::default().weights.to_vec());
    assert!(
        read[FEATURES..FEATURES + 10].iter().all(|&w| w > 0),
        "{read:?}"
    );
}

/// The eight symmetries of the board leave the evaluation unchanged, and swapping the colours
/// with the side to move too.
#[test]
fn evaluation_is_symmetric() {
    use duel_core::ataxx::Eval;
    let transform = |bb: u64, t: usize| -> u64 {
        let mut out = 0;
        for i in 0..49 {
            if bb >> i & 1 == 1 {
                let (x, y) = (i % 7, i / 7);
                let (x, y) = if t & 4 != 0 { (y, x) } else { (x, y) };
                let x = if t & 1 != 0 { 6 - x } else { x };
                let y = if t & 2 != 0 { 6 - y } else { y };
                out |= 1u64 << (y * 7 + x);
            }
        }
        out
    };
    let eval = Eval::default();
    let mut rng = Rng::new(9);
    for _ in 0..200 {
        let mut board = Board::start(Rules::Standard);
        for _ in 0..rng.below(60) {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            board = board.play_unchecked(moves.as_slice()[rng.below(moves.len())]);
        }
        let (black, white) = (
            board.pieces(Colour::Black).bits(),
            board.pieces(Colour::White).bits(),
        );
        let score = eval.score(&board);
        for t in 0..8 {
            let b = Board::from_bitboards(
                Bitboard(transform(black, t)),
                Bitboard(transform(white, t)),
                Bitboard::EMPTY,
                board.side(),
                Rules::Standard,
            );
            assert_eq!(eval.score(&b), score, "{} t{t}", board.fen());
        }
        let swapped = Board::from_bitboards(
            Bitboard(white),
            Bitboard(black),
            Bitboard::EMPTY,
            board.side().other(),
            Rules::Standard,
        );
        assert_eq!(eval.score(&swapped), score, "{}", board.fen());
    }
}

// ---------------------------------------------------------------------------------------------
// The player seam

/// `Match::since_copy` equals the hashes of every position since the last copy, recomputed
/// from the whole game, over random standard games (and stays empty under Botzone's rules).
#[test]
fn match_keeps_the_positions_since_the_last_copy() {
    use duel_core::Game;
    use duel_core::ataxx::{Match, REPETITION_CAPACITY};
    let mut rng = Rng::new(15);
    for game_no in 0..40 {
        let rules = if game_no % 4 == 3 {
            Rules::Botzone
        } else {
            Rules::Standard
        };
        let mut game = Match::from_board(Board::start(rules));
        let mut boards = vec![*game.board()];
        let mut moves: Vec<Move> = Vec::new();
        while !game.board().is_over() && moves.len() < 300 {
            let legal = game.board().legal_moves();
            // Mostly jumps, so that long runs without a copy occur.
            let jumps: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| !matches!(m, Move::Single(_)))
                .collect();
            let mv = if !jumps.is_empty() && rng.below(4) != 0 {
                jumps[rng.below(jumps.len())]
            } else {
                legal.as_slice()[rng.below(legal.len())]
            };
            game.play(mv).unwrap();
            moves.push(mv);
            boards.push(*game.board());
            let last_copy = moves
                .iter()
                .rposition(|m| matches!(m, Move::Single(_)))
                .map_or(0, |i| i + 1);
            let mut naive: Vec<u64> = boards[last_copy..boards.len() - 1]
                .iter()
                .map(Game::hash)
                .collect();
            if rules == Rules::Botzone {
                naive.clear();
            }
            let keep = naive.len().saturating_sub(REPETITION_CAPACITY);
            assert_eq!(game.since_copy(), &naive[keep..], "game {game_no}");
        }
    }
}

/// The player answers a legal, non-circular move under Botzone's rules, within a node budget,
/// and none at the end of the game; a whole-game budget without a clock is the move's.
#[test]
fn player_answers_legal_moves_and_honours_circular_moves() {
    use duel_core::ataxx::{BotzoneMove, Match, Player};
    use duel_core::{Player as _, TimeUse};
    let mut table = vec![Entry::default(); 1 << 12];
    let bz = |x0, y0, x1, y1| BotzoneMove { x0, y0, x1, y1 };
    // Back and forth: the fifth ply would repeat the first pair of boards.
    let game = Match::replay_botzone([
        bz(0, 0, 2, 0),
        bz(6, 0, 4, 0),
        bz(2, 0, 0, 0),
        bz(4, 0, 6, 0),
    ])
    .unwrap();
    for time in [TimeUse::ThisMove, TimeUse::WholeGame] {
        let mut player = Player::new(&mut table, time);
        let mut budget = Budget::nodes(20_000);
        let decision = player.choose(&game, &mut budget).unwrap();
        assert!(game.board().is_legal(decision.mv));
        assert!(!game.history().is_circular(game.board(), decision.mv));
        assert!(budget.nodes_used() <= 20_000);
        assert!(decision.nodes <= 20_000);
    }
    let over = Board::from_fen("7/7/7/7/7/7/x6 o 0 1", Rules::Botzone).unwrap();
    let mut player = Player::new(&mut table, TimeUse::ThisMove);
    assert!(
        player
            .choose(&Match::from_board(over), &mut Budget::nodes(100))
            .is_none()
    );
}
