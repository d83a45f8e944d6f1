//! One conformance harness for every game (the board-game-rs idea): generic checks of the
//! `duel_core::Game` contract, written once and instantiated for all five games through a
//! [`Subject`] adapter that pairs the engine's position with the game's naive twin (the twins
//! live in each game's `naive` module).
//!
//! On positions reached by random play from many seeds, every game must show:
//! - its legal moves are exactly the naive twin's, and each leads to the twin's position;
//! - no move is listed twice;
//! - the move list is empty exactly when `outcome` is `Some`;
//! - `move_key` is unique among a position's moves and below `MOVE_KEYS`;
//! - the game's checked play agrees with `play_unchecked`, and refuses exactly the moves that
//!   are not listed;
//! - the hash differs between a position and each of its children, and equal positions (by
//!   the type's `==`) hash equally;
//! - the game's own choose-a-move entry point answers a legal move under a node budget;
//!
//! and on small positions, the node-limited search (`Searcher`) reports the plain minimax value
//! of its deepest completed iteration. The perft files (one format, one parser:
//! `support::perft_rows`) are checked by the games that have them.

mod ataxx;
mod filler;
mod fruit_rage;
mod reversi;
mod stake;

use crate::support::Rng;
use duel_core::game::{Evaluator, Game, MOVE_KEYS, Score};
use duel_core::{Budget, Entry, SearchConfig, Searcher};
use std::collections::HashMap;
use std::fmt::Debug;

/// A game as the harness sees it: the engine's position, and what its naive twin says.
pub(crate) trait Subject: Game<Move: Debug> + Debug + PartialEq {
    /// A move as both the engine and the twin can name it.
    type Name: Ord + Debug + Clone;
    /// The evaluation the search and plain minimax share.
    type Eval: Evaluator<Self>;
    /// How many positions random play visits (the twins are slow; CI stays short).
    const POSITIONS: usize;
    /// How deep plain minimax goes on small positions.
    const MINIMAX_DEPTH: u8;

    /// A position to start a random game from.
    fn start(rng: &mut Rng) -> Self;
    /// A position small enough for plain minimax to [`Subject::MINIMAX_DEPTH`] plies.
    fn small(rng: &mut Rng) -> Self;
    /// The name of `mv`, one of this position's legal moves.
    fn name(&self, mv: Self::Move) -> Self::Name;
    /// The position as text, holding everything that decides the game's future, in the form
    /// the twin writes.
    fn text(&self) -> String;
    /// The twin's verdict: every legal move's name with the text of the position after it;
    /// empty exactly when the game is over.
    fn naive_children(&self) -> Vec<(Self::Name, String)>;
    /// A move of this game drawn at random, legal here or not.
    fn any_move(&self, rng: &mut Rng) -> Option<Self::Move>;
    /// The game's own checked play: `None` for a move it refuses.
    fn play_checked(&self, mv: Self::Move) -> Option<Self>;
    /// The evaluation.
    fn eval() -> Self::Eval;
    /// The game's choose-a-move entry point under a budget of `nodes`.
    fn choose(&self, nodes: u64) -> Option<Self::Move>;
}

/// Generates the harness's tests for one game: `conformance!(Board, seed)`.
macro_rules! conformance {
    ($game:ty, $seed:expr) => {
        #[test]
        fn legal_moves_are_the_naive_twins_and_lead_to_its_positions() {
            super::moves_match_the_twin::<$game>($seed);
        }

        #[test]
        fn no_move_is_listed_twice() {
            super::no_duplicate_moves::<$game>($seed + 1);
        }

        #[test]
        fn moves_are_empty_exactly_when_there_is_an_outcome() {
            super::moves_empty_iff_outcome::<$game>($seed + 2);
        }

        #[test]
        fn move_keys_are_unique_and_below_move_keys() {
            super::move_keys_are_unique_and_small::<$game>($seed + 3);
        }

        #[test]
        fn checked_play_agrees_with_play_unchecked() {
            super::play_agrees_with_play_unchecked::<$game>($seed + 4);
        }

        #[test]
        fn the_hash_changes_with_the_position() {
            super::hash_changes_with_the_position::<$game>($seed + 5);
        }

        #[test]
        fn node_limited_search_reports_plain_minimax_values() {
            super::search_agrees_with_minimax::<$game>($seed + 6);
        }

        #[test]
        fn choosing_a_move_answers_a_legal_move_everywhere() {
            super::choose_answers_legal_moves::<$game>($seed + 7);
        }
    };
}

use conformance;

/// Positions reached by random play: games from [`Subject::start`] played to their end with
/// uniformly random legal moves, finished positions included, `S::POSITIONS` in all.
fn random_positions<S: Subject>(seed: u64) -> Vec<S> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(S::POSITIONS);
    while out.len() < S::POSITIONS {
        let mut pos = S::start(&mut rng);
        loop {
            out.push(pos);
            let moves = pos.legal_moves();
            let moves = moves.as_ref();
            if moves.is_empty() || out.len() >= S::POSITIONS {
                break;
            }
            pos = pos.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
    out
}

fn moves_match_the_twin<S: Subject>(seed: u64) {
    let (mut finished, mut moves_seen) = (0, 0);
    for pos in random_positions::<S>(seed) {
        let mut naive = pos.naive_children();
        naive.sort();
        let mut ours: Vec<(S::Name, String)> = pos
            .legal_moves()
            .as_ref()
            .iter()
            .map(|&mv| (pos.name(mv), pos.play_unchecked(mv).text()))
            .collect();
        ours.sort();
        let names = |v: &[(S::Name, String)]| v.iter().map(|c| c.0.clone()).collect::<Vec<_>>();
        assert_eq!(names(&ours), names(&naive), "moves of {}", pos.text());
        for (a, b) in ours.iter().zip(&naive) {
            assert_eq!(a.1, b.1, "position after {:?} from {}", a.0, pos.text());
        }
        finished += usize::from(naive.is_empty());
        moves_seen += naive.len();
    }
    assert!(finished > 0, "random play never finished a game");
    assert!(moves_seen > S::POSITIONS, "{moves_seen} moves");
}

fn no_duplicate_moves<S: Subject>(seed: u64) {
    for pos in random_positions::<S>(seed) {
        let moves = pos.legal_moves();
        let moves = moves.as_ref();
        for (i, a) in moves.iter().enumerate() {
            assert!(!moves[i + 1..].contains(a), "{a:?} twice in {}", pos.text());
        }
        let mut names: Vec<S::Name> = moves.iter().map(|&m| pos.name(m)).collect();
        names.sort();
        names.dedup();
        assert_eq!(
            names.len(),
            moves.len(),
            "two moves, one name: {}",
            pos.text()
        );
    }
}

fn moves_empty_iff_outcome<S: Subject>(seed: u64) {
    let mut over = 0;
    for pos in random_positions::<S>(seed) {
        let empty = pos.legal_moves().as_ref().is_empty();
        assert_eq!(empty, pos.outcome().is_some(), "{}", pos.text());
        over += usize::from(empty);
    }
    assert!(over > 0, "no finished game");
}

fn move_keys_are_unique_and_small<S: Subject>(seed: u64) {
    for pos in random_positions::<S>(seed) {
        let mut keys: Vec<u16> = pos
            .legal_moves()
            .as_ref()
            .iter()
            .map(|&m| S::move_key(m))
            .collect();
        assert!(
            keys.iter().all(|&k| usize::from(k) < MOVE_KEYS),
            "{keys:?} in {}",
            pos.text()
        );
        let count = keys.len();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), count, "shared keys in {}", pos.text());
    }
}

fn play_agrees_with_play_unchecked<S: Subject>(seed: u64) {
    let mut rng = Rng::new(seed ^ 0xA5A5);
    let (mut refused, mut accepted) = (0, 0);
    for pos in random_positions::<S>(seed) {
        let moves = pos.legal_moves();
        let moves = moves.as_ref();
        for &mv in moves {
            assert_eq!(
                pos.play_checked(mv),
                Some(pos.play_unchecked(mv)),
                "{mv:?} in {}",
                pos.text()
            );
        }
        for _ in 0..4 {
            let Some(mv) = pos.any_move(&mut rng) else {
                continue;
            };
            let played = pos.play_checked(mv);
            assert_eq!(
                played.is_some(),
                moves.contains(&mv),
                "{mv:?} in {}",
                pos.text()
            );
            match played {
                Some(child) => {
                    assert_eq!(child, pos.play_unchecked(mv));
                    accepted += 1;
                }
                None => refused += 1,
            }
        }
    }
    assert!(
        refused > 0 && accepted > 0,
        "{refused} refused, {accepted} accepted"
    );
}

fn hash_changes_with_the_position<S: Subject>(seed: u64) {
    // Equal positions (bucketed by their text) must hash equally.
    let mut seen: HashMap<String, Vec<(S, u64)>> = HashMap::new();
    for pos in random_positions::<S>(seed) {
        let hash = pos.hash();
        let text = pos.text();
        let bucket = seen.entry(text.clone()).or_default();
        for (other, other_hash) in bucket.iter() {
            if *other == pos {
                assert_eq!(*other_hash, hash, "{text}");
            }
        }
        bucket.push((pos, hash));
        for &mv in pos.legal_moves().as_ref() {
            let child = pos.play_unchecked(mv);
            assert_ne!(child.hash(), hash, "{mv:?} keeps the hash of {text}");
        }
    }
}

/// Plain minimax: every legal move to `depth`, the evaluation below, no pruning, no memory.
fn minimax<G: Game, E: Evaluator<G>>(pos: &G, eval: &E, depth: u8) -> Score {
    let moves = pos.legal_moves();
    let moves = moves.as_ref();
    if moves.is_empty() {
        return pos
            .outcome()
            .expect("a position without moves has an outcome");
    }
    if depth == 0 {
        return eval.evaluate(pos);
    }
    moves
        .iter()
        .map(|&m| -minimax(&pos.play_unchecked(m), eval, depth - 1))
        .max()
        .expect("moves")
}

fn search_agrees_with_minimax<S: Subject>(seed: u64) {
    let mut rng = Rng::new(seed);
    let eval = S::eval();
    let mut table = vec![Entry::default(); 1 << 10];
    let (mut exact, mut cut_short) = (0, 0);
    for case in 0..40 {
        let pos = S::small(&mut rng);
        let moves = pos.legal_moves();
        let moves = moves.as_ref();
        for depth in 1..=S::MINIMAX_DEPTH {
            for limit in [u64::MAX, 30, 300] {
                table.fill(Entry::default());
                // Half the cases without a table, half with one; aspiration windows sometimes.
                let entries: &mut [Entry] = if case % 2 == 0 { &mut table } else { &mut [] };
                let config = SearchConfig {
                    max_depth: depth,
                    aspiration: if case % 4 == 1 { 16 } else { 0 },
                };
                let r = Searcher::new(entries).search(
                    &pos,
                    &eval,
                    config,
                    &mut Budget::nodes(limit),
                    &mut |_| {},
                );
                let what = format!("depth {depth}, {limit} nodes: {}", pos.text());
                match moves {
                    [] => {
                        assert_eq!(r.best, None, "{what}");
                        assert_eq!(Some(r.score), pos.outcome(), "{what}");
                    }
                    [only] => {
                        assert_eq!(r.best, Some(*only), "{what}");
                        let child = pos.play_unchecked(*only);
                        assert_eq!(r.score, -eval.evaluate(&child), "{what}");
                    }
                    _ => {
                        let best = r.best.expect("a move while the game goes on");
                        assert!(moves.contains(&best), "{best:?} not legal: {what}");
                        assert!(r.depth <= depth, "{what}");
                        if limit == u64::MAX {
                            assert_eq!(r.depth, depth, "{what}");
                        } else if r.depth < depth {
                            cut_short += 1;
                        }
                        if r.depth > 0 {
                            let value = minimax(&pos, &eval, r.depth);
                            assert_eq!(r.score, value, "{what}");
                            let child = pos.play_unchecked(best);
                            assert_eq!(-minimax(&child, &eval, r.depth - 1), value, "{what}");
                            exact += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(exact > 40, "only {exact} searches compared");
    assert!(cut_short > 0, "no node limit ever cut a search short");
}

fn choose_answers_legal_moves<S: Subject>(seed: u64) {
    let mut asked = 0;
    for (i, pos) in random_positions::<S>(seed).into_iter().enumerate() {
        let moves = pos.legal_moves();
        if moves.as_ref().is_empty() {
            continue;
        }
        let nodes = [1, 50, 400][i % 3];
        let mv = pos.choose(nodes);
        assert!(
            mv.is_some_and(|m| moves.as_ref().contains(&m)),
            "{mv:?} with {nodes} nodes in {}",
            pos.text()
        );
        asked += 1;
    }
    assert!(asked > 0);
}

/// Leaf nodes `depth` plies below `pos` through the `Game` trait alone.
fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    let moves = moves.as_ref();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| perft(&pos.play_unchecked(m), depth - 1))
        .sum()
}
