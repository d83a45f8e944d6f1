//! The exact endgame solver: against plain minimax, its win/loss pre-pass against its own
//! children, its budget, and FFO #40.

use super::naive::minimax;
use super::{first_ffo_line, random_position};
use crate::support::Rng;
use duel_core::reversi::Board;
use duel_core::reversi::train::{SolveMode, solve, solve_with};
use duel_core::{Budget, Entry, Game};

#[test]
fn solver_agrees_with_plain_minimax() {
    let mut rng = Rng::new(11);
    let mut table = vec![Entry::default(); 1 << 14];
    let mut n = 0;
    while n < 1000 {
        let empties = 1 + rng.below(10);
        let b = random_position(&mut rng, 60 - empties);
        if b.is_over() {
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
