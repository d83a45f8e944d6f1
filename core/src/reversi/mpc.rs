//! Multi-prob-cut's regression: for a search of `depth` plies at `empties` empties, a search of
//! [`shallow_depth`] plies with value `v` predicts the deep value as `a·v + b`, with error
//! `sigma` (standard deviation). Fitted per phase (empties in bands of [`BAND_EMPTIES`]) and
//! depth by `grader/train/src/bin/reversi-mpc.rs` over the project's self-play positions (3,175
//! positions of 15 to 54 empties; a band with fewer than 100 takes the nearest fitted band's
//! row).

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
    [[1034, -48, 408], [1057, 6, 348], [1012, -89, 525], [1035, 8, 484], [1043, -39, 456], [1035, -1, 381], [1063, -44, 478], [1013, 15, 447], ],
    [[1034, -48, 408], [1057, 6, 348], [1012, -89, 525], [1035, 8, 484], [1043, -39, 456], [1035, -1, 381], [1063, -44, 478], [1013, 15, 447], ],
    [[1034, -48, 408], [1057, 6, 348], [1012, -89, 525], [1035, 8, 484], [1043, -39, 456], [1035, -1, 381], [1063, -44, 478], [1013, 15, 447], ],
    [[1034, -48, 408], [1057, 6, 348], [1012, -89, 525], [1035, 8, 484], [1043, -39, 456], [1035, -1, 381], [1063, -44, 478], [1013, 15, 447], ],
    [[1039, -51, 420], [1038, -38, 381], [1054, -22, 542], [1061, -42, 488], [1055, 13, 468], [1053, -4, 394], [1062, 18, 512], [1058, 19, 439], ],
    [[1014, -67, 395], [1027, -18, 328], [1011, -95, 497], [1023, -25, 422], [1028, -17, 403], [1038, -9, 371], [1029, 16, 462], [1047, -35, 433], ],
    [[1012, -53, 392], [1027, -20, 337], [1012, -44, 498], [1034, 5, 415], [1030, -1, 382], [1039, 54, 356], [1039, -3, 443], [1044, 79, 407], ],
    [[998, -61, 370], [1005, 35, 338], [991, -71, 471], [1006, 51, 409], [1017, -7, 350], [1026, 42, 320], [1015, -4, 407], [1025, 49, 361], ],
    [[1003, 25, 380], [1016, -99, 335], [988, 57, 457], [998, -102, 420], [991, 13, 366], [1004, 44, 326], [988, -18, 416], [1008, 70, 372], ],
    [[1012, -121, 290], [1029, 57, 233], [1021, -211, 343], [1015, 16, 346], [1010, 47, 349], [1011, -114, 303], [1009, 134, 339], [1026, -168, 304], ],
    [[1012, -121, 290], [1029, 57, 233], [1021, -211, 343], [1015, 16, 346], [1010, 47, 349], [1011, -114, 303], [1009, 134, 339], [1026, -168, 304], ],
    [[1012, -121, 290], [1029, 57, 233], [1021, -211, 343], [1015, 16, 346], [1010, 47, 349], [1011, -114, 303], [1009, 134, 339], [1026, -168, 304], ],
];
