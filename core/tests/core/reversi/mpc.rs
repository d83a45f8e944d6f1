//! Multi-prob-cut (`reversi::mpc`): its bound arithmetic against a plain scan, and it never
//! changes the exact solver's answers (FFO #40–#44 played on, and 200 random endgames).

use super::random_position;
use crate::support::Rng;
use duel_core::reversi::mpc::{self, A_UNIT, Fit};
use duel_core::reversi::train::{Engine, solve};
use duel_core::reversi::train::{Options, Search};
use duel_core::reversi::{Board, Trained};
use duel_core::{Budget, Entry, Game};

/// The prediction `a·v + b` of a fit, exactly (a rational number compared without rounding).
fn predicted_at_least(f: &Fit, v: i32, x: i32) -> bool {
    i64::from(f.a) * i64::from(v) + i64::from(f.b) * i64::from(A_UNIT)
        >= i64::from(x) * i64::from(A_UNIT)
}

fn predicted_at_most(f: &Fit, v: i32, x: i32) -> bool {
    i64::from(f.a) * i64::from(v) + i64::from(f.b) * i64::from(A_UNIT)
        <= i64::from(x) * i64::from(A_UNIT)
}

#[test]
fn shallow_bounds_are_the_extreme_values_a_scan_finds() {
    let mut rng = Rng::new(3);
    for _ in 0..300 {
        let f = Fit {
            shallow: 2,
            a: 700 + rng.below(700) as i32,
            b: rng.below(200) as i32 - 100,
            sigma: 300,
        };
        let x = rng.below(2000) as i32 - 1000;
        let up = f.shallow_bound_up(x);
        assert!(predicted_at_least(&f, up, x) && !predicted_at_least(&f, up - 1, x));
        let down = f.shallow_bound_down(x);
        assert!(predicted_at_most(&f, down, x) && !predicted_at_most(&f, down + 1, x));
    }
}

#[test]
fn every_fitted_phase_and_depth_is_present_and_shallower() {
    for empties in 0..=60 {
        assert!(mpc::fit(empties, mpc::MIN_DEPTH - 1).is_none());
        for depth in mpc::MIN_DEPTH..=30 {
            let f = mpc::fit(empties, depth).expect("a fit");
            assert!(f.shallow >= 1 && f.shallow < depth, "{depth}: {f:?}");
            assert!(f.a > 0 && f.sigma > 0, "{empties} {depth}: {f:?}");
        }
    }
}

/// The engine's path: a midgame search (with or without multi-prob-cut) fills the shared
/// table, then the solver runs over it.
fn solve_after_midgame(b: &Board, table: &mut [Entry], mpc_percent: u32, depth: u8) -> i32 {
    let options = Options {
        mpc_percent,
        ..Options::default()
    };
    let mut budget = Budget::unlimited();
    let r = Search::new(table, &Trained, &mut budget, options).iterate(b, depth);
    assert!(b.play(r.best).is_ok());
    solve(b, table, &mut Budget::unlimited())
        .expect("unlimited")
        .score
}

#[test]
fn multi_prob_cut_never_changes_the_solver_on_ffo_40_to_44_played_on() {
    // FFO #40-#44 (20-24 empties) played on by their first legal moves to 16 empties: solved in
    // milliseconds each, so the test stays fast in CI.
    let text = crate::support::data_text("reversi/ffo40-59.txt");
    let mut table = vec![Entry::default(); 1 << 16];
    for line in text.lines().take(5) {
        let mut b = Board::parse_text(line).expect("ffo line");
        while b.empties() > 16 {
            let moves = b.legal_moves();
            b = b.play_unchecked(*moves.as_slice().first().expect("not over"));
        }
        let fresh = solve(
            &b,
            &mut vec![Entry::default(); 1 << 16],
            &mut Budget::unlimited(),
        )
        .expect("unlimited")
        .score;
        for percent in [0, mpc::DEFAULT_PERCENT, 50] {
            table.fill(Entry::default());
            assert_eq!(
                solve_after_midgame(&b, &mut table, percent, 8),
                fresh,
                "{b}"
            );
        }
    }
}

#[test]
fn multi_prob_cut_never_changes_exact_answers_of_200_random_endgames() {
    let mut rng = Rng::new(17);
    let mut table = vec![Entry::default(); 1 << 14];
    let mut n = 0;
    while n < 200 {
        let plies = 46 + rng.below(8);
        let b = random_position(&mut rng, plies);
        if b.is_over() || !b.has_move() {
            continue;
        }
        n += 1;
        table.fill(Entry::default());
        let plain = solve_after_midgame(&b, &mut table, 0, 5);
        table.fill(Entry::default());
        let pruned = solve_after_midgame(&b, &mut table, mpc::DEFAULT_PERCENT, 5);
        assert_eq!(plain, pruned, "{b}");
        // And the engine, with or without it, answers the same exact score.
        let on = Engine::new(&mut table).choose(&b, &mut Budget::unlimited());
        let off = Engine::new(&mut table)
            .with_options(Options::exact())
            .choose(&b, &mut Budget::unlimited());
        if on.exact || off.exact {
            assert_eq!((on.exact, on.score), (off.exact, off.score), "{b}");
        }
    }
}

#[test]
fn engine_with_multi_prob_cut_plays_legal_moves_to_the_end_of_random_games() {
    let mut rng = Rng::new(23);
    let mut table = vec![Entry::default(); 1 << 14];
    for game in 0..4 {
        let plies = rng.below(10);
        let mut b = random_position(&mut rng, plies);
        while !b.is_over() {
            let c = Engine::new(&mut table).choose(&b, &mut Budget::nodes(3000 + game * 1000));
            b = b
                .play(c.mv)
                .unwrap_or_else(|_| panic!("illegal {} in {b}", c.mv));
        }
    }
}
