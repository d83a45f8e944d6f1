//! Reversi's midgame search (`reversi::search`) without multi-prob-cut against plain minimax at
//! small depths, with and without a table, in full and narrow windows.

use super::random_position;
use crate::support::Rng;
use duel_core::Colour;
use duel_core::Entry;
use duel_core::game::Evaluator;
use duel_core::reversi::bits;
use duel_core::reversi::train::{INFINITY, Options, Search};
use duel_core::reversi::{Board, Eval, Trained, outcome_score};
use duel_core::{Budget, Game};

/// Plain negamax to `depth` with the search's conventions: a pass uses no depth, a finished
/// game is `outcome_score`, depth 0 is the evaluation.
fn negamax<E: Evaluator<Board>>(eval: &E, b: &Board, depth: u8) -> i32 {
    if depth == 0 {
        return eval.evaluate(&Board::from_relative(
            b.player(),
            b.opponent(),
            Colour::Black,
        ));
    }
    let moves = b.legal_moves();
    if moves.is_empty() {
        return outcome_score(b.final_margin());
    }
    if bits::moves(b.player().bits(), b.opponent().bits()) == 0 {
        return -negamax(eval, &b.pass(), depth);
    }
    moves
        .iter()
        .map(|&m| -negamax(eval, &b.play_unchecked(m), depth - 1))
        .max()
        .expect("a move")
}

fn midgame_positions(seed: u64, n: usize) -> Vec<Board> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let plies = 4 + rng.below(50);
        let b = random_position(&mut rng, plies);
        if !b.is_over() {
            out.push(b);
        }
    }
    out
}

#[test]
fn search_without_pruning_equals_minimax() {
    let mut table = vec![Entry::default(); 1 << 12];
    for (i, b) in midgame_positions(5, 60).iter().enumerate() {
        for depth in 1..=4u8 {
            let want = negamax(&Trained, b, depth);
            for len in [0, table.len()] {
                let mut budget = Budget::unlimited();
                let mut s = Search::new(&mut table[..len], &Trained, &mut budget, Options::exact());
                let got = s.pvs(
                    b.player().bits(),
                    b.opponent().bits(),
                    depth,
                    -INFINITY,
                    INFINITY,
                    true,
                );
                assert_eq!(got, want, "position {i} {b} depth {depth} table {len}");
            }
            // Iterative deepening with aspiration windows ends on the same value.
            let mut budget = Budget::unlimited();
            let r =
                Search::new(&mut table, &Trained, &mut budget, Options::exact()).iterate(b, depth);
            assert_eq!(r.score, want, "iterate: position {i} {b} depth {depth}");
            assert!(b.play(r.best).is_ok());
            table.fill(Entry::default());
        }
    }
}

#[test]
fn search_with_the_hand_evaluation_equals_minimax() {
    let mut table = vec![Entry::default(); 1 << 12];
    for b in midgame_positions(6, 30) {
        for depth in 1..=3u8 {
            let mut budget = Budget::unlimited();
            let r =
                Search::new(&mut table, &Eval, &mut budget, Options::exact()).iterate(&b, depth);
            assert_eq!(r.score, negamax(&Eval, &b, depth), "{b} depth {depth}");
        }
    }
}

#[test]
fn null_and_narrow_windows_bound_the_minimax_value() {
    let mut rng = Rng::new(8);
    let mut table = vec![Entry::default(); 1 << 12];
    for b in midgame_positions(7, 60) {
        let depth = 1 + rng.below(4) as u8;
        let v = negamax(&Trained, &b, depth);
        for _ in 0..4 {
            let alpha = v - 300 + rng.below(600) as i32;
            let beta = alpha + 1 + rng.below(200) as i32;
            let mut budget = Budget::unlimited();
            let mut s = Search::new(&mut table, &Trained, &mut budget, Options::exact());
            let got = s.pvs(
                b.player().bits(),
                b.opponent().bits(),
                depth,
                alpha,
                beta,
                beta - alpha > 1,
            );
            if v <= alpha {
                assert!(got <= alpha, "{b}: {got} for {v} in ({alpha}, {beta})");
            } else if v >= beta {
                assert!(got >= beta, "{b}: {got} for {v} in ({alpha}, {beta})");
            } else {
                assert_eq!(got, v, "{b} in ({alpha}, {beta})");
            }
        }
    }
}

#[test]
fn a_node_budget_stops_the_search_with_a_legal_move() {
    let mut table = vec![Entry::default(); 1 << 12];
    for b in midgame_positions(9, 20) {
        for nodes in [1, 50, 2000] {
            let mut budget = Budget::nodes(nodes);
            let r =
                Search::new(&mut table, &Trained, &mut budget, Options::default()).iterate(&b, 60);
            assert!(b.play(r.best).is_ok(), "{b}: {}", r.best);
            assert!(r.nodes <= nodes);
        }
    }
}
