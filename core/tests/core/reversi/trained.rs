//! The trained midgame evaluation (`reversi::trained`): its weight file, its features square
//! by square, its symmetry, and the engine playing with it.

use super::naive::{minimax, naive_cell, naive_score_in};
use super::{assert_symmetric, pattern_in_views, random_position};
use crate::support::Rng;
use duel_core::reversi::pattern::view;
use duel_core::reversi::train::Engine;
use duel_core::reversi::trained::{
    self, FOLDED_VIEWS, PATTERN_CELLS, PATTERN_OFFSET, PATTERN_SQUARES, PATTERNS, PHASE_CELLS,
    PHASE_WEIGHTS, PHASES, SCALARS, WEIGHT_BYTES,
};
use duel_core::reversi::{Board, Eval, Trained};
use duel_core::{Budget, Entry, Evaluator};

#[test]
fn trained_layout_is_the_documented_one() {
    assert_eq!(PATTERN_SQUARES.len(), PATTERNS);
    for k in 0..PATTERNS {
        assert_eq!(
            PATTERN_CELLS[k],
            3usize.pow(PATTERN_SQUARES[k].len() as u32)
        );
        let end = if k + 1 < PATTERNS {
            PATTERN_OFFSET[k + 1]
        } else {
            PHASE_CELLS
        };
        assert_eq!(end - PATTERN_OFFSET[k], PATTERN_CELLS[k]);
    }
    assert_eq!(PHASE_CELLS, 167_265);
    assert_eq!(PHASE_WEIGHTS, PHASE_CELLS + SCALARS);
    assert_eq!(WEIGHT_BYTES, 2 * PHASES * PHASE_WEIGHTS);
    // Every phase from 60 empties down to 0 has its set, five empties each.
    let phases: Vec<usize> = (0..=60).map(trained::phase).collect();
    assert_eq!(phases[0], 0);
    assert_eq!(phases[60], PHASES - 1);
    assert!(phases.windows(2).all(|w| w[1] == w[0] || w[1] == w[0] + 1));
}

#[test]
fn trained_weights_load_and_every_phase_is_fitted() {
    // Each phase's weights are non-zero (the file is the fit's, not a placeholder), and the
    // constant-free sum of a position is what raw_score reads from the file.
    let mut rng = Rng::new(5);
    let mut seen = [false; PHASES];
    for _ in 0..3000 {
        let plies = rng.below(61);
        let b = random_position(&mut rng, plies);
        let f = trained::features(b.player().bits(), b.opponent().bits());
        if trained::raw_score(&f) != 0 {
            seen[f.phase] = true;
        }
    }
    assert!(
        seen.iter().all(|&s| s),
        "phases with only zero weights: {seen:?}"
    );
}

#[test]
fn trained_features_read_each_view_square_by_square() {
    let mut rng = Rng::new(53);
    for _ in 0..300 {
        let plies = rng.below(61);
        let b = random_position(&mut rng, plies);
        let (p, o) = (b.player().bits(), b.opponent().bits());
        let f = trained::features(p, o);
        for (v, cells) in f.indices.iter().enumerate() {
            let (vp, vo) = (view(p, v), view(o, v));
            let want: Vec<u16> = PATTERN_SQUARES
                .iter()
                .map(|sq| naive_cell(vp, vo, sq))
                .collect();
            assert_eq!(cells.to_vec(), want, "view {v} of {b}");
        }
        assert_eq!(f.scalars[0], 1);
        assert_eq!(f.scalars[1], b.move_mask().len() as i32);
        assert_eq!(f.scalars[2], b.pass().move_mask().len() as i32);
        assert_eq!(f.phase, trained::phase(b.empties()));
    }
}

/// The committed weight file's bytes.
fn committed_weights() -> Vec<u8> {
    std::fs::read(crate::support::workspace().join("core/src/reversi/trained.bin"))
        .expect("trained.bin")
}

/// The evaluation summed weight by weight from the file's bytes, the naive twin of
/// `Trained::score`.
fn naive_score(b: &Board) -> i32 {
    naive_score_in(&committed_weights(), b)
}

#[test]
fn trained_score_equals_the_naive_sum_over_random_games() {
    let mut rng = Rng::new(59);
    for _ in 0..40 {
        let mut b = Board::start();
        while !b.is_over() {
            if b.has_move() {
                assert_eq!(
                    Trained::score(b.player().bits(), b.opponent().bits()),
                    naive_score(&b),
                    "{b}"
                );
            }
            match super::random_move(&b, &mut rng) {
                Some(mv) => b = b.play(mv).expect("legal"),
                None => break,
            }
        }
    }
}

#[test]
fn trained_evaluation_is_the_same_in_every_view() {
    let mut rng = Rng::new(61);
    for _ in 0..500 {
        let plies = rng.below(61);
        let b = random_position(&mut rng, plies);
        let s = Trained::score(b.player().bits(), b.opponent().bits());
        for v in 1..8 {
            assert_eq!(
                Trained::score(view(b.player().bits(), v), view(b.opponent().bits(), v)),
                s,
                "{b} view {v}"
            );
        }
        assert_eq!(Trained.evaluate(&b), s);
    }
}

#[test]
fn engines_with_either_evaluation_play_legal_moves_and_solve_exactly() {
    let mut rng = Rng::new(67);
    let mut table = vec![Entry::default(); 1 << 12];
    for _ in 0..10 {
        let b = random_position(&mut rng, 50);
        if b.is_over() {
            continue;
        }
        let c = Engine::new(&mut table).choose(&b, &mut Budget::unlimited());
        assert!(c.exact, "{b}");
        assert_eq!(c.score, minimax(&b));
        let h = Engine::with_eval(&mut table, Eval).choose(&b, &mut Budget::unlimited());
        assert_eq!(h.score, c.score);
    }
    for _ in 0..20 {
        let plies = 4 + rng.below(36);
        let b = random_position(&mut rng, plies);
        if b.is_over() || !b.has_move() {
            continue;
        }
        let c = Engine::new(&mut table).choose(&b, &mut Budget::nodes(3000));
        assert!(b.play(c.mv).is_ok(), "{b}");
        let h = Engine::with_eval(&mut table, Eval).choose(&b, &mut Budget::nodes(3000));
        assert!(b.play(h.mv).is_ok(), "{b}");
    }
}

#[test]
fn folded_views_are_the_first_view_of_each_square_set_with_its_count() {
    assert_eq!(FOLDED_VIEWS.len(), PATTERNS);
    for (k, &(views, times)) in FOLDED_VIEWS.iter().enumerate() {
        let sets = pattern_in_views(k);
        let sorted = |v: usize| {
            let mut s = sets[v].clone();
            s.sort_unstable();
            s
        };
        let firsts: Vec<usize> = (0..8)
            .filter(|&v| (0..v).all(|u| sorted(u) != sorted(v)))
            .collect();
        assert_eq!(views, &firsts[..], "pattern {k}");
        for &v in views {
            let count = (0..8).filter(|&u| sorted(u) == sorted(v)).count();
            assert_eq!(count as i32, times, "pattern {k} view {v}");
        }
    }
}

#[test]
fn trained_tables_are_symmetric_where_their_pattern_is() {
    assert_symmetric(&committed_weights());
}
