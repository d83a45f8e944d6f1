//! The iterative-deepening driver (`duel_core::deepening`) on a scripted root: the windows it
//! asks for, what it keeps of an interrupted iteration, and when it stops.

use duel_core::Budget;
use duel_core::deepening::{
    Aspiration, Deepening, Pace, RootScore, RootSearch, SearchResult, iterate,
};

const INF: i32 = 10_000;

/// Windows of 300 from depth 3 below 1,000, doubled, opened beyond 1,000 (Reversi's shape).
const POLICY: Deepening = Deepening {
    infinity: INF,
    aspiration: Aspiration {
        window: 300,
        within: 1_000,
        open_beyond: 1_000,
    },
    pace: Pace::Budget,
    keep_interrupted: false,
};

/// A root that answers from a script (score, best move, later) and records every window; it
/// spends `cost` nodes a call, and its deepening stops after depth `last`.
struct Scripted<'c> {
    budget: Budget<'c>,
    script: Vec<(i32, u8, bool)>,
    windows: Vec<(u8, i32, i32)>,
    cost: u64,
    last: u8,
}

impl RootSearch for Scripted<'_> {
    type Move = u8;

    fn budget(&self) -> &Budget<'_> {
        &self.budget
    }

    fn root(&mut self, depth: u8, alpha: i32, beta: i32) -> RootScore<u8> {
        self.windows.push((depth, alpha, beta));
        for _ in 0..self.cost {
            if self.budget.tick() {
                break;
            }
        }
        let (score, best, later) = self.script[self.windows.len() - 1];
        RootScore { score, best, later }
    }

    fn completed(&mut self, result: &SearchResult<u8>) -> bool {
        result.depth < self.last
    }
}

fn scripted(script: &[(i32, u8, bool)], budget: Budget<'static>, last: u8) -> Scripted<'static> {
    Scripted {
        budget,
        script: script.to_vec(),
        windows: Vec::new(),
        cost: 10,
        last,
    }
}

#[test]
fn windows_start_at_their_depth_widen_on_a_miss_and_open_beyond_their_limit() {
    let script = [
        (50, 1, false),
        (60, 2, false),
        // Depth 3 in (-240, 360): fails high twice, the second time past the limit.
        (400, 3, false),
        (1_200, 4, true),
        (1_100, 5, false),
        // Depth 4 after a decided score: a full window.
        (1_100, 6, false),
    ];
    let mut root = scripted(&script, Budget::unlimited(), 4);
    let r = iterate(&mut root, &POLICY, 0, 0, 10);
    assert_eq!(
        root.windows,
        [
            (1, -INF, INF),
            (2, -INF, INF),
            (3, -240, 360),
            (3, -240, 1_000),
            (3, -240, INF),
            (4, -INF, INF),
        ]
    );
    assert_eq!((r.best, r.score, r.depth, r.nodes), (Some(6), 1_100, 4, 60));
}

#[test]
fn a_fail_low_moves_only_the_lower_side() {
    let script = [
        (0, 1, false),
        (0, 1, false),
        (-500, 2, false),
        (-500, 2, false),
    ];
    let mut root = scripted(&script, Budget::unlimited(), 3);
    let r = iterate(&mut root, &POLICY, 0, 0, 3);
    assert_eq!(
        root.windows,
        [
            (1, -INF, INF),
            (2, -INF, INF),
            (3, -300, 300),
            (3, -1_100, 300)
        ]
    );
    assert_eq!((r.score, r.depth), (-500, 3));
}

#[test]
fn an_interrupted_iteration_is_dropped_unless_its_later_move_is_kept() {
    // Depth 3's first search (in a window) runs out of nodes at the third call.
    let script = [(10, 1, false), (20, 2, false), (900, 3, true)];
    let mut root = scripted(&script, Budget::nodes(25), 9);
    let r = iterate(&mut root, &POLICY, 7, -3, 9);
    assert_eq!((r.best, r.score, r.depth, r.nodes), (Some(2), 20, 2, 25));

    // With a full window and keep_interrupted, the later move stands, at the last depth.
    let keep = Deepening {
        aspiration: Aspiration::OFF,
        keep_interrupted: true,
        ..POLICY
    };
    let mut root = scripted(&script, Budget::nodes(25), 9);
    let r = iterate(&mut root, &keep, 7, -3, 9);
    assert_eq!((r.best, r.score, r.depth), (Some(3), 900, 2));

    // Before depth 1 completes the result is the first move and the given score.
    let mut root = scripted(&script, Budget::nodes(5), 9);
    let r = iterate(&mut root, &keep, 7, -3, 9);
    assert_eq!((r.best, r.score, r.depth, r.nodes), (Some(7), -3, 0, 5));
}

#[test]
fn the_depth_limit_and_the_game_end_the_deepening() {
    let script = [(1, 1, false); 8];
    let mut root = scripted(&script, Budget::unlimited(), 99);
    assert_eq!(iterate(&mut root, &POLICY, 0, 0, 5).depth, 5);
    let mut root = scripted(&script, Budget::unlimited(), 2);
    assert_eq!(iterate(&mut root, &POLICY, 0, 0, 5).depth, 2);
    let mut root = scripted(&script, Budget::unlimited(), 99);
    assert_eq!(iterate(&mut root, &POLICY, 0, 0, 0).depth, 1, "1 at least");
}
