//! Multi-prob-cut's regression: for a search of `depth` plies at `empties` empties, a search of
//! [`shallow_depth`] plies with value `v` predicts the deep value as `a·v + b`, with error
//! `sigma` (standard deviation). Fitted per phase (empties in bands of [`BAND_EMPTIES`]) and
//! depth by `grader/examples/reversi-mpc.rs` over the project's self-play positions.

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
    [[1027, -37, 400], [1055, -100, 361], [999, -158, 544], [1024, -72, 508], [1046, -111, 470], [1030, -16, 401], [1043, -112, 447], [1014, 36, 472], ],
    [[1027, -37, 400], [1055, -100, 361], [999, -158, 544], [1024, -72, 508], [1046, -111, 470], [1030, -16, 401], [1043, -112, 447], [1014, 36, 472], ],
    [[1027, -37, 400], [1055, -100, 361], [999, -158, 544], [1024, -72, 508], [1046, -111, 470], [1030, -16, 401], [1043, -112, 447], [1014, 36, 472], ],
    [[1027, -37, 400], [1055, -100, 361], [999, -158, 544], [1024, -72, 508], [1046, -111, 470], [1030, -16, 401], [1043, -112, 447], [1014, 36, 472], ],
    [[1057, -39, 416], [1048, -46, 425], [1077, -4, 544], [1063, -50, 505], [1061, 21, 463], [1043, -7, 393], [1060, 11, 522], [1046, 5, 415], ],
    [[1020, -75, 387], [1032, -14, 333], [1019, -116, 518], [1030, -45, 419], [1027, -45, 404], [1044, -26, 359], [1034, -29, 474], [1044, -52, 428], ],
    [[975, -29, 386], [1027, -21, 328], [969, -23, 512], [1025, 6, 430], [1032, 13, 421], [1036, 77, 376], [1040, 27, 489], [1030, 88, 424], ],
    [[986, -61, 384], [998, 25, 371], [970, -59, 470], [1000, 60, 436], [1009, 16, 328], [1029, 58, 315], [1006, 13, 390], [1036, 53, 358], ],
    [[965, 57, 368], [997, -103, 329], [947, 95, 449], [982, -106, 414], [980, 12, 377], [999, 31, 331], [975, -41, 419], [1001, 50, 373], ],
    [[999, -102, 289], [1025, 54, 248], [1027, -199, 347], [1026, 19, 375], [1042, 26, 357], [1041, -132, 317], [1046, 102, 350], [1059, -182, 322], ],
    [[999, -102, 289], [1025, 54, 248], [1027, -199, 347], [1026, 19, 375], [1042, 26, 357], [1041, -132, 317], [1046, 102, 350], [1059, -182, 322], ],
    [[999, -102, 289], [1025, 54, 248], [1027, -199, 347], [1026, 19, 375], [1042, 26, 357], [1041, -132, 317], [1046, 102, 350], [1059, -182, 322], ],
];

