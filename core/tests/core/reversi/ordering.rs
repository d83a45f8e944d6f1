//! The exact solver's two move orderings (`endgame::CompactOrder`, the firmware's, and
//! `endgame::TrainedOrder`, the hosted default with its deeper ordering searches from 18 and
//! 22 empties) give the same exact scores, and each best move reaches it.

use super::random_position;
use crate::support::Rng;
use duel_core::reversi::train::{CompactOrder, OrderEval, TrainedOrder};
use duel_core::reversi::train::{SolveMode, solve, solve_ordered};
use duel_core::reversi::{Board, Move};
use duel_core::{Budget, Entry};

fn exact<O: OrderEval>(b: &Board, table: &mut [Entry]) -> (Move, i32) {
    table.fill(Entry::default());
    let s = solve_ordered::<O>(b, table, &mut Budget::unlimited(), SolveMode::Exact)
        .expect("unlimited");
    (s.best, s.score)
}

#[test]
fn both_orderings_solve_to_the_same_score_from_18_to_22_empties() {
    let mut rng = Rng::new(71);
    let mut table = vec![Entry::default(); 1 << 16];
    let mut n = 0;
    while n < 3 {
        let empties = 18 + rng.below(5);
        let b = random_position(&mut rng, 60 - empties);
        if b.is_over() || !b.has_move() {
            continue;
        }
        n += 1;
        let (tm, ts) = exact::<TrainedOrder>(&b, &mut table);
        let (cm, cs) = exact::<CompactOrder>(&b, &mut table);
        assert_eq!(ts, cs, "{b}");
        // The default is the trained ordering (on hosted targets).
        table.fill(Entry::default());
        let d = solve(&b, &mut table, &mut Budget::unlimited()).expect("unlimited");
        assert_eq!((d.best, d.score), (tm, ts), "{b}");
        // Each ordering's move is a best one: its child, solved by the other, agrees.
        for (mv, by_other) in [(tm, true), (cm, false)] {
            let child = b.play(mv).expect("legal");
            let v = if by_other {
                -exact::<CompactOrder>(&child, &mut table).1
            } else {
                -exact::<TrainedOrder>(&child, &mut table).1
            };
            assert_eq!(v, ts, "{b} {mv}");
        }
    }
}
