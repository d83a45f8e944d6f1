//! The trained midgame evaluation (`reversi::trained`): its compact weight file
//! (`reversi::weight_file`), its features square by square, its symmetry, and the engine
//! playing with it.

use super::naive::{minimax, naive_cell, naive_score_in};
use super::{assert_symmetric, naive_decode, pattern_in_views, random_position};
use crate::support::Rng;
use duel_core::reversi::pattern::view;
use duel_core::reversi::train::Engine;
use duel_core::reversi::trained::{
    self, FOLDED_VIEWS, PATTERN_CELLS, PATTERN_OFFSET, PATTERN_SQUARES, PATTERNS, PHASE_CELLS,
    PHASE_WEIGHTS, PHASES, SCALARS,
};
use duel_core::reversi::weight_file::{self, FileError, WEIGHTS};
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
    assert_eq!(WEIGHTS, PHASES * PHASE_WEIGHTS);
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

/// The committed weight file's full table, decoded by the naive twin (once).
fn committed_weights() -> &'static [i16] {
    static TABLE: std::sync::OnceLock<Vec<i16>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| naive_decode(weight_file_bytes()))
}

/// The committed weight file.
fn weight_file_bytes() -> &'static [u8] {
    trained::WEIGHT_FILE
}

/// The embedded table the evaluation reads.
fn embedded_table() -> Vec<i16> {
    trained::embedded()
        .iter()
        .map(|x| x.load(std::sync::atomic::Ordering::Relaxed))
        .collect()
}

#[test]
fn the_embedded_table_is_the_committed_file_decoded_naively() {
    let naive = committed_weights();
    assert_eq!(embedded_table(), naive);
    // The committed file is the one in the repository, and its form is the compact one: under a
    // sixth of the 4 MB table (the archive refit of 2026-12-03 starts each phase from the same
    // phase of the self-play weights, so phases differ more from each other than a fit chained
    // phase to phase, and the change-from-the-phase-before encoding gains less: 644,751 bytes).
    let on_disk = std::fs::read(crate::support::workspace().join("core/src/reversi/trained.bin"))
        .expect("trained.bin");
    assert_eq!(on_disk, weight_file_bytes());
    assert!(on_disk.len() < 2 * WEIGHTS / 6, "{} bytes", on_disk.len());
}

#[test]
fn the_weight_file_round_trips_byte_for_byte() {
    let table = committed_weights();
    let mut out = vec![0u8; 3 * WEIGHTS + 4];
    let n = weight_file::encode(table, &mut out).expect("encode");
    assert_eq!(&out[..n], weight_file_bytes());
    let mut back = vec![1i16; WEIGHTS];
    weight_file::decode(&out[..n], &mut back[..]).expect("decode");
    assert_eq!(back, table);
    // Any symmetric table: random values and the extremes in every cell, long zero runs, the
    // largest differences between phases. Changed cell by cell, it is not symmetric and is
    // refused; made symmetric, it round-trips, by both decoders.
    let mut rng = Rng::new(71);
    let changed: Vec<i16> = table
        .iter()
        .map(|&x| match rng.below(5) {
            0 => 0,
            1 => i16::MAX,
            2 => i16::MIN,
            3 => rng.below(200) as i16 - 100,
            _ => x,
        })
        .collect();
    assert!(matches!(
        weight_file::encode(&changed[..], &mut out),
        Err(FileError::NotSymmetric(_))
    ));
    let symmetric = symmetrise(&changed);
    let n = weight_file::encode(&symmetric[..], &mut out).expect("a symmetric table");
    let mut back = vec![0i16; WEIGHTS];
    weight_file::decode(&out[..n], &mut back[..]).expect("decode");
    assert_eq!(back, symmetric);
    assert_eq!(naive_decode(&out[..n]), symmetric);
}

/// `w` with each pattern cell set to the value of the least cell its views map it to.
fn symmetrise(w: &[i16]) -> Vec<i16> {
    let mut out = w.to_vec();
    for phase in 0..PHASES {
        for k in 0..PATTERNS {
            let base = phase * PHASE_WEIGHTS + PATTERN_OFFSET[k];
            for cell in 0..PATTERN_CELLS[k] {
                out[base + cell] = w[base + weight_file::canonical(k, cell)];
            }
        }
    }
    out
}

#[test]
fn bad_weight_files_get_their_error_and_no_panic() {
    let good = weight_file_bytes();
    let mut table = vec![0i16; WEIGHTS];
    let mut decode = |bytes: &[u8]| weight_file::decode(bytes, &mut table[..]);
    assert_eq!(decode(b""), Err(FileError::Magic));
    assert_eq!(decode(b"DRW2"), Err(FileError::Magic));
    assert_eq!(decode(b"DRW1"), Err(FileError::Truncated));
    assert_eq!(decode(&good[..good.len() - 1]), Err(FileError::Truncated));
    let mut longer = good.to_vec();
    longer.push(0);
    assert_eq!(decode(&longer), Err(FileError::Trailing));
    // One run of zeros longer than the table.
    assert_eq!(decode(b"DRW1\xff\xff\xff\x7f"), Err(FileError::Trailing));
    // A token of six bytes, and one beyond 32 bits.
    assert_eq!(
        decode(b"DRW1\x80\x80\x80\x80\x80\x00"),
        Err(FileError::Overflow(0))
    );
    assert_eq!(
        decode(b"DRW1\x80\x80\x80\x80\x7f"),
        Err(FileError::Overflow(0))
    );
    // A first entry beyond i16: zigzag 70000 (35000).
    let t = 70000u32 << 1;
    let token = [
        0x80 | (t & 0x7F) as u8,
        0x80 | (t >> 7 & 0x7F) as u8,
        (t >> 14) as u8,
    ];
    assert_eq!(
        decode(&[&b"DRW1"[..], &token].concat()),
        Err(FileError::Overflow(0))
    );
    let mut small = [0i16; 10];
    assert_eq!(
        weight_file::decode(good, &mut small[..]),
        Err(FileError::TableSize(10))
    );
    let mut out = [0u8; 100];
    assert_eq!(
        weight_file::encode(committed_weights(), &mut out),
        Err(FileError::OutputFull)
    );
    // Errors read as one line.
    for e in [
        FileError::Magic,
        FileError::NotSymmetric(3),
        FileError::Overflow(9),
    ] {
        assert!(!e.to_string().contains('\n'));
    }
}

/// The evaluation summed weight by weight from the committed table, the naive twin of
/// `Trained::score`.
fn naive_score(b: &Board) -> i32 {
    naive_score_in(committed_weights(), b)
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
    assert_symmetric(committed_weights());
}
