//! Multi-prob-cut's regression: for a search of `depth` plies at `empties` empties, a search of
//! [`shallow_depth`] plies with value `v` predicts the deep value as `a·v + b`, with error
//! `sigma` (standard deviation). Fitted per phase (empties in bands of [`BAND_EMPTIES`]) and
//! depth by `grader/train/src/bin/reversi-mpc.rs` on the trained evaluation of issue 60 (the
//! WTHOR refit), over 8,406 distinct positions of 14 to 59 empties: 5,195 from the WTHOR
//! archive's games (every 40th game, every 25th position) and 3,211 from 600 self-play games
//! (every 6th position); a band with fewer than 100 distinct positions (55–60 empties: the
//! archive's openings repeat) takes the nearest fitted band's row.

use crate::game::Score;

/// The shallowest depth multi-prob-cut applies at.
pub const MIN_DEPTH: u8 = 3;

/// The deepest fitted depth; deeper searches use its fit (with their own shallow depth).
pub const MAX_DEPTH: u8 = 10;

/// Empties per phase band.
pub const BAND_EMPTIES: u32 = 5;

/// Phase bands: 0–4, 5–9, … 55–60 empties.
pub const BANDS: usize = 12;

/// The fitted depths, [`MIN_DEPTH`]..=[`MAX_DEPTH`].
pub const DEPTHS: usize = (MAX_DEPTH - MIN_DEPTH + 1) as usize;

/// The threshold, in hundredths of `sigma`, of the hosted engine.
pub const DEFAULT_PERCENT: u32 = 150;

/// `a` is stored in units of 1/`A_UNIT`.
pub const A_UNIT: i32 = 1024;

/// The shallow search's depth for a deep search of `depth` plies: about half, of the same
/// parity (Reversi's values swing with the side that moved last).
pub const fn shallow_depth(depth: u8) -> u8 {
    let half = depth / 2;
    if (depth - half) % 2 == 1 {
        if half > 1 { half - 1 } else { 1 }
    } else {
        half
    }
}

/// One fitted regression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fit {
    /// The shallow search's depth.
    pub shallow: u8,
    /// The slope, in 1/[`A_UNIT`].
    pub a: i32,
    /// The intercept, in 1/100 disc.
    pub b: i32,
    /// The error of the prediction, in 1/100 disc.
    pub sigma: i32,
}

impl Fit {
    /// The least shallow value `v` with `a·v + b ≥ x`.
    pub fn shallow_bound_up(&self, x: Score) -> Score {
        let num = (i64::from(x) - i64::from(self.b)) * i64::from(A_UNIT);
        let a = i64::from(self.a.max(1));
        num.div_euclid(a) as Score + Score::from(num.rem_euclid(a) != 0)
    }

    /// The greatest shallow value `v` with `a·v + b ≤ x`.
    pub fn shallow_bound_down(&self, x: Score) -> Score {
        let num = (i64::from(x) - i64::from(self.b)) * i64::from(A_UNIT);
        num.div_euclid(i64::from(self.a.max(1))) as Score
    }
}

/// The fit for a search of `depth` plies at `empties` empties (`None` below [`MIN_DEPTH`]).
pub fn fit(empties: u32, depth: u8) -> Option<Fit> {
    if depth < MIN_DEPTH {
        return None;
    }
    let band = ((empties / BAND_EMPTIES) as usize).min(BANDS - 1);
    let d = depth.min(MAX_DEPTH);
    let [a, b, sigma] = *TABLE.get(band)?.get(usize::from(d - MIN_DEPTH))?;
    Some(Fit {
        shallow: shallow_depth(depth),
        a: i32::from(a),
        b: i32::from(b),
        sigma: i32::from(sigma),
    })
}

/// `TABLE[band][depth - MIN_DEPTH] = [a (1/1024), b (1/100 disc), sigma (1/100 disc)]`.
#[rustfmt::skip]
static TABLE: [[[i16; 3]; DEPTHS]; BANDS] = [
    [[1054, -53, 431], [1043, 6, 365], [1044, -88, 572], [1024, -48, 451], [1026, -17, 455], [1023, 25, 454], [1059, 17, 550], [1013, -26, 495], ],
    [[1054, -53, 431], [1043, 6, 365], [1044, -88, 572], [1024, -48, 451], [1026, -17, 455], [1023, 25, 454], [1059, 17, 550], [1013, -26, 495], ],
    [[1054, -53, 431], [1043, 6, 365], [1044, -88, 572], [1024, -48, 451], [1026, -17, 455], [1023, 25, 454], [1059, 17, 550], [1013, -26, 495], ],
    [[1040, -22, 413], [1044, -8, 374], [1067, -33, 549], [1070, -20, 515], [1076, -21, 481], [1068, -5, 461], [1083, -7, 571], [1083, 12, 544], ],
    [[1001, -66, 365], [1009, 2, 311], [990, -125, 454], [1013, 1, 393], [1031, -62, 379], [1042, 16, 371], [1049, -49, 461], [1064, 18, 445], ],
    [[988, -39, 354], [984, -19, 310], [970, -66, 433], [967, -12, 394], [986, -28, 372], [991, 34, 322], [968, -40, 418], [980, 79, 369], ],
    [[986, -29, 369], [989, -30, 321], [978, -31, 453], [979, -48, 393], [1006, -5, 354], [1004, 6, 325], [988, 12, 391], [984, 12, 367], ],
    [[975, 5, 377], [983, -58, 325], [938, 18, 441], [956, -78, 391], [964, 48, 348], [981, -23, 324], [953, 71, 391], [960, -18, 374], ],
    [[948, -74, 394], [970, 6, 329], [914, -105, 463], [917, 8, 395], [941, 9, 361], [942, -22, 329], [919, 57, 390], [919, -51, 367], ],
    [[918, -7, 391], [954, -48, 318], [886, 12, 440], [895, -42, 374], [912, -11, 325], [914, 51, 292], [880, -54, 350], [890, 67, 298], ],
    [[845, 38, 417], [899, -50, 346], [785, 50, 463], [810, -57, 374], [842, 39, 306], [855, -32, 267], [815, 56, 303], [824, -50, 270], ],
    [[845, 38, 417], [899, -50, 346], [785, 50, 463], [810, -57, 374], [842, 39, 306], [855, -32, 267], [815, 56, 303], [824, -50, 270], ],
];
