//! The engine (`reversi::train::Engine`): a whole game on a short clock, exact answers in the endgame.

use super::naive::minimax;
use super::{random_move, random_position};
use crate::support::Rng;
use duel_core::Colour;
use duel_core::reversi::train::{Engine, think_time_millis};
use duel_core::reversi::{self, Board};
use duel_core::{Budget, Entry};
use std::time::Instant;

/// The wall clock: microseconds since the clock was made.
struct WallClock(Instant);

impl duel_core::Clock for WallClock {
    fn now_micros(&self) -> u64 {
        self.0.elapsed().as_micros() as u64
    }
}

#[test]
fn engine_plays_a_whole_game_against_a_random_mover() {
    let clock = WallClock(Instant::now());
    let mut table = vec![Entry::default(); 1 << 16];
    let mut engine = Engine::new(&mut table);
    let mut rng = Rng::new(99);
    let mut b = Board::start();
    let mut remaining = 2_000u64;
    let mut engine_moves = 0;
    while !b.is_over() {
        if b.to_move() == Colour::Black {
            // The plan never exceeds what is left (which a loaded machine may have used up:
            // then the engine still gets a millisecond).
            assert!(think_time_millis(&b, remaining) <= remaining);
            let millis = think_time_millis(&b, remaining).max(1);
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
    assert!(b.is_over());
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
        if b.is_over() {
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

/// A depth limit (NBoard's `set depth`) bounds the midgame search and, without a clock, solves
/// exactly from six empties more than the depth: the solve's answer is the exact solver's.
#[test]
fn a_depth_limit_bounds_the_search_and_moves_the_exact_solve() {
    let mut rng = Rng::new(1404);
    let mut table = vec![Entry::default(); 1 << 16];
    let mut checked = 0;
    while checked < 6 {
        let board = random_position(&mut rng, 44);
        if board.empties() != 16 || duel_core::Game::legal_moves(&board).as_slice().len() < 2 {
            continue;
        }
        checked += 1;
        let shallow = Engine::new(&mut table)
            .with_max_depth(3)
            .choose(&board, &mut Budget::unlimited());
        assert!(!shallow.exact && shallow.depth <= 3, "{shallow:?}");
        let deep = Engine::new(&mut table)
            .with_max_depth(10)
            .choose(&board, &mut Budget::unlimited());
        let exact = reversi::train::solve(&board, &mut table, &mut Budget::unlimited()).unwrap();
        assert!(deep.exact, "16 empties are solved at depth 10: {deep:?}");
        assert_eq!(deep.score, exact.score, "{board}");
    }
}
