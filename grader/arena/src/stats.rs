//! Match statistics: wins, draws and losses; pentanomial counts of game pairs; the Elo
//! difference with its 95% interval; and the sequential probability ratio test (SPRT).
//!
//! The method is the one fastchess, cutechess-cli and OpenBench share. A pair is the two games
//! of one opening with the colours swapped; its score for A is 0, ½, 1, 1½ or 2 points, the five
//! pentanomial classes LL, LD, DD/WL, WD, WW. Pairs, not games, are the independent samples:
//! the opening's bias cancels inside a pair, so the variance of the pair scores is the honest
//! one. Elo is the logistic model's, `-400 log10(1/s - 1)` for a score rate `s`.
//!
//! The SPRT is the generalised SPRT of the normal approximation (Van den Bergh), as fastchess
//! computes it for the logistic Elo model: with `s0`, `s1` the expected score rates at `elo0`
//! and `elo1`, `N` pairs of mean normalised score `m` (a pair's points / 2) and per-pair
//! variance `v`, `LLR = N (s1 - s0) (2m - s0 - s1) / (2v)`. The test stops when the LLR leaves
//! `[ln(beta / (1 - alpha)), ln((1 - beta) / alpha)]`: below, H0 (at most `elo0`) is accepted;
//! above, H1 (at least `elo1`).

use std::fmt;

/// The quantile of the normal distribution for a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// How one game ended for A.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A won.
    Win,
    /// A drew.
    Draw,
    /// A lost.
    Loss,
}

impl Outcome {
    /// A's points in half points: 2 for a win, 1 for a draw, 0 for a loss.
    pub fn half_points(self) -> u8 {
        match self {
            Outcome::Win => 2,
            Outcome::Draw => 1,
            Outcome::Loss => 0,
        }
    }
}

/// Wins, draws and losses from A's side, and the sum of A's margins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games A won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
    /// The sum of A's margins over all games.
    pub margin_sum: i64,
}

impl Tally {
    /// Adds one game.
    pub fn add(&mut self, outcome: Outcome, margin: i64) {
        match outcome {
            Outcome::Win => self.wins += 1,
            Outcome::Draw => self.draws += 1,
            Outcome::Loss => self.losses += 1,
        }
        self.margin_sum += margin;
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's points: a win 1, a draw ½.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// A's score rate in 0..=1 (½ before any game).
    pub fn score_rate(&self) -> f64 {
        if self.games() == 0 {
            0.5
        } else {
            self.points() / f64::from(self.games())
        }
    }

    /// The Elo difference and its 95% interval from the games taken one by one (the
    /// trinomial model), for series whose games are not paired.
    pub fn elo(&self) -> EloEstimate {
        let n = f64::from(self.games());
        if n == 0.0 {
            return EloEstimate::UNKNOWN;
        }
        let s = self.score_rate();
        let var = (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n;
        EloEstimate::from_mean(s, (var / n).sqrt())
    }
}

/// Pentanomial counts: how many pairs A scored 0, ½, 1, 1½ and 2 points in, with the 1-point
/// pairs split into two draws (DD) and a win with a loss (WL).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// Pairs lost twice.
    pub ll: u32,
    /// Pairs of a loss and a draw.
    pub ld: u32,
    /// Pairs of two draws.
    pub dd: u32,
    /// Pairs of a win and a loss.
    pub wl: u32,
    /// Pairs of a win and a draw.
    pub wd: u32,
    /// Pairs won twice.
    pub ww: u32,
}

impl Pentanomial {
    /// Adds the pair of games `first` and `second` (A's outcomes).
    pub fn add(&mut self, first: Outcome, second: Outcome) {
        match first.half_points() + second.half_points() {
            0 => self.ll += 1,
            1 => self.ld += 1,
            2 if first == Outcome::Draw => self.dd += 1,
            2 => self.wl += 1,
            3 => self.wd += 1,
            _ => self.ww += 1,
        }
    }

    /// The five classes as fastchess prints them: `[LL, LD, DD+WL, WD, WW]`.
    pub fn classes(&self) -> [u32; 5] {
        [self.ll, self.ld, self.dd + self.wl, self.wd, self.ww]
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u32 {
        self.classes().iter().sum()
    }

    /// The mean normalised pair score (A's points in a pair / 2) and the per-pair variance of
    /// it; `None` before the first pair.
    pub fn mean_and_variance(&self) -> Option<(f64, f64)> {
        let n = f64::from(self.pairs());
        if n == 0.0 {
            return None;
        }
        let weights = [0.0, 0.25, 0.5, 0.75, 1.0];
        let classes = self.classes();
        let mean = classes
            .iter()
            .zip(weights)
            .map(|(&c, w)| f64::from(c) * w)
            .sum::<f64>()
            / n;
        let variance = classes
            .iter()
            .zip(weights)
            .map(|(&c, w)| f64::from(c) * (w - mean).powi(2))
            .sum::<f64>()
            / n;
        Some((mean, variance))
    }

    /// The Elo difference and its 95% interval from the pair scores.
    pub fn elo(&self) -> EloEstimate {
        match self.mean_and_variance() {
            None => EloEstimate::UNKNOWN,
            Some((mean, variance)) => {
                EloEstimate::from_mean(mean, (variance / f64::from(self.pairs())).sqrt())
            }
        }
    }
}

/// An Elo difference (A minus B) with its 95% interval; infinite where a side scored
/// everything, NaN before any game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The estimate.
    pub elo: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

impl EloEstimate {
    /// No games yet.
    pub const UNKNOWN: EloEstimate = EloEstimate {
        elo: f64::NAN,
        low: f64::NAN,
        high: f64::NAN,
    };

    /// From a mean score rate and its standard error.
    fn from_mean(mean: f64, standard_error: f64) -> Self {
        EloEstimate {
            elo: elo_of(mean),
            low: elo_of(mean - Z95 * standard_error),
            high: elo_of(mean + Z95 * standard_error),
        }
    }

    /// Half the interval's width (`±` in a progress line); infinite when an end is.
    pub fn half_width(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

impl fmt::Display for EloEstimate {
    /// `+34.9 ± 20.1` (fastchess's form); `+inf`, `-inf` or `?` where a number is not finite.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ± {}",
            signed(self.elo, 1),
            unsigned(self.half_width(), 1)
        )
    }
}

/// The Elo difference whose expected score rate is `s` (logistic model).
pub fn elo_of(s: f64) -> f64 {
    if s.is_nan() {
        f64::NAN
    } else if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// The expected score rate at an Elo difference (logistic model).
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// `x` with a sign and `decimals` decimals; `+inf`, `-inf`, or `?` for NaN.
pub fn signed(x: f64, decimals: usize) -> String {
    if x.is_nan() {
        "?".into()
    } else if x.is_infinite() {
        if x > 0.0 { "+inf" } else { "-inf" }.into()
    } else {
        // `+ 0.0` turns a negative zero into a positive one.
        format!("{:+.decimals$}", x + 0.0)
    }
}

fn unsigned(x: f64, decimals: usize) -> String {
    if x.is_nan() {
        "?".into()
    } else if x.is_infinite() {
        "inf".into()
    } else {
        format!("{x:.decimals$}")
    }
}

/// A sequential probability ratio test: is A at least `elo1` stronger than B, or at most
/// `elo0`, with false-positive rate `alpha` and false-negative rate `beta`?
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtState {
    /// Neither bound is crossed yet.
    Running,
    /// The LLR fell to the lower bound: A is at most `elo0` stronger.
    AcceptH0,
    /// The LLR rose to the upper bound: A is at least `elo1` stronger.
    AcceptH1,
}

impl Sprt {
    /// Parses `elo0=0 elo1=5 alpha=0.05 beta=0.05` (keys in any order, `alpha` and `beta`
    /// 0.05 when left out).
    ///
    /// # Errors
    /// An unknown key, a value that is not a number, `elo0` or `elo1` missing, `elo1 <= elo0`,
    /// or `alpha`/`beta` outside (0, 0.5).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let (mut elo0, mut elo1) = (None, None);
        let (mut alpha, mut beta) = (0.05, 0.05);
        for word in text.split([' ', ',']).filter(|w| !w.is_empty()) {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| format!("--sprt: expected key=value, got {word:?}"))?;
            let value: f64 = value
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| format!("--sprt: {key} is not a number: {value:?}"))?;
            match key {
                "elo0" => elo0 = Some(value),
                "elo1" => elo1 = Some(value),
                "alpha" => alpha = value,
                "beta" => beta = value,
                _ => {
                    return Err(format!(
                        "--sprt: unknown key {key:?} (elo0, elo1, alpha, beta)"
                    ));
                }
            }
        }
        let (Some(elo0), Some(elo1)) = (elo0, elo1) else {
            return Err("--sprt needs elo0=… and elo1=…".into());
        };
        if elo1 <= elo0 {
            return Err(format!("--sprt: elo1 ({elo1}) must be above elo0 ({elo0})"));
        }
        for (name, p) in [("alpha", alpha), ("beta", beta)] {
            if !(p > 0.0 && p < 0.5) {
                return Err(format!("--sprt: {name} must be in (0, 0.5), got {p}"));
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The lower and upper LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 given the pairs so far (0 before any pair).
    ///
    /// While every pair scored the same there is no variance to measure: the sample is then
    /// taken with one drawn pair (DD) added, so that a one-sided match still ends, but only
    /// after a run that would be unlikely between equals (at elo1 = 10, ten won pairs in a row;
    /// at elo1 = 50, four).
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        let Some((mut mean, mut variance)) = pairs.mean_and_variance() else {
            return 0.0;
        };
        let mut n = f64::from(pairs.pairs());
        if variance <= 0.0 {
            let regularised = Pentanomial {
                dd: pairs.dd + 1,
                ..*pairs
            };
            (mean, variance) = regularised.mean_and_variance().unwrap_or((0.5, 0.0));
            n += 1.0;
            if variance <= 0.0 {
                // Only even pairs (WL, DD): no evidence either way yet.
                return 0.0;
            }
        }
        let (s0, s1) = (score_of(self.elo0), score_of(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    /// The state after `llr`.
    pub fn state(&self, llr: f64) -> SprtState {
        let (low, high) = self.bounds();
        if llr <= low {
            SprtState::AcceptH0
        } else if llr >= high {
            SprtState::AcceptH1
        } else {
            SprtState::Running
        }
    }
}

/// Pairs scored by margin, for games where the seat often decides a board whoever holds it
/// (Filler, The Fruit Rage): a pair is won when A's margins over its two games sum above
/// zero, lost below, drawn at zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MarginPairs {
    /// Pairs whose margins sum above zero.
    pub won: u32,
    /// Pairs whose margins sum to zero.
    pub drawn: u32,
    /// Pairs whose margins sum below zero.
    pub lost: u32,
}

impl MarginPairs {
    /// Adds a pair with A's two margins.
    pub fn add(&mut self, first: i64, second: i64) {
        match (first + second).signum() {
            1 => self.won += 1,
            -1 => self.lost += 1,
            _ => self.drawn += 1,
        }
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u32 {
        self.won + self.drawn + self.lost
    }

    /// These pairs as a [`Pentanomial`] of whole pairs: a won pair counts as two wins, a
    /// drawn one as two draws, a lost one as two losses. The Elo and the SPRT of a game whose
    /// targets count pairs are taken on it.
    pub fn as_pentanomial(&self) -> Pentanomial {
        Pentanomial {
            ll: self.lost,
            dd: self.drawn,
            ww: self.won,
            ..Pentanomial::default()
        }
    }

    /// A's pair score rate (a drawn pair counts ½), ½ before any pair.
    pub fn score_rate(&self) -> f64 {
        let n = self.pairs();
        if n == 0 {
            0.5
        } else {
            (f64::from(self.won) + f64::from(self.drawn) / 2.0) / f64::from(n)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn margin_pairs_enter_the_sprt_as_whole_pairs() {
        let margins = MarginPairs {
            won: 12,
            drawn: 1,
            lost: 2,
        };
        let pairs = margins.as_pentanomial();
        assert_eq!(pairs.classes(), [2, 0, 1, 0, 12]);
        assert!((pairs.mean_and_variance().unwrap().0 - margins.score_rate()).abs() < 1e-12);
        let sprt = Sprt::parse("elo0=0 elo1=50").unwrap();
        assert!(sprt.llr(&pairs) > 1.0, "{}", sprt.llr(&pairs));
        // The same 30 games read as outcomes: every pair a win and a loss, no information.
        let seats = Pentanomial {
            wl: 15,
            ..Pentanomial::default()
        };
        assert_eq!(sprt.llr(&seats), 0.0);
    }

    fn pairs(ll: u32, ld: u32, dd: u32, wl: u32, wd: u32, ww: u32) -> Pentanomial {
        Pentanomial {
            ll,
            ld,
            dd,
            wl,
            wd,
            ww,
        }
    }

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() < tolerance
    }

    #[test]
    fn pairs_are_classed_by_their_two_outcomes() {
        use Outcome::*;
        let mut p = Pentanomial::default();
        for (a, b) in [
            (Loss, Loss),
            (Loss, Draw),
            (Draw, Loss),
            (Draw, Draw),
            (Win, Loss),
            (Loss, Win),
            (Win, Draw),
            (Win, Win),
        ] {
            p.add(a, b);
        }
        assert_eq!(p, pairs(1, 2, 1, 2, 1, 1));
        assert_eq!(p.classes(), [1, 2, 3, 1, 1]);
    }

    /// [1, 4, 30, 12, 3] over 50 pairs, by hand: the mean pair score is (4·¼ + 30·½ + 12·¾ +
    /// 3)/50 = 0.56; the variance (0.56²·1 + 0.31²·4 + 0.06²·30 + 0.19²·12 + 0.44²·3)/50 =
    /// 1.82/50 = 0.0364; with s0 = ½ and s1 = 1/(1 + 10^(-10/400)) = 0.514387, the LLR is
    /// 50 · 0.014387 · (1.12 - 1.014387) / (2 · 0.0364) = 1.044.
    #[test]
    fn llr_and_elo_match_hand_computed_values() {
        let p = pairs(1, 4, 30, 0, 12, 3);
        let (mean, variance) = p.mean_and_variance().unwrap();
        assert!(close(mean, 0.56, 1e-12) && close(variance, 0.0364, 1e-12));
        let sprt = Sprt::parse("elo0=0 elo1=10 alpha=0.05 beta=0.05").unwrap();
        assert_eq!(format!("{:.3}", sprt.llr(&p)), "1.044");
        let elo = p.elo();
        assert_eq!(
            format!("{:.1} {:.1} {:.1}", elo.elo, elo.low, elo.high),
            "41.9 4.9 79.8"
        );
        // Two more vectors, from the same formulas.
        let sprt5 = Sprt::parse("elo0=0 elo1=5").unwrap();
        assert_eq!(
            format!("{:.3}", sprt5.llr(&pairs(10, 20, 30, 10, 25, 5))),
            "-0.177"
        );
        let sprt50 = Sprt::parse("elo1=50 elo0=0").unwrap();
        assert_eq!(
            format!("{:.3}", sprt50.llr(&pairs(5, 15, 60, 0, 50, 20))),
            "13.650"
        );
    }

    #[test]
    fn bounds_states_and_degenerate_samples() {
        let sprt = Sprt::parse("elo0=0 elo1=5 alpha=0.05 beta=0.05").unwrap();
        let (low, high) = sprt.bounds();
        assert_eq!(format!("{low:.3} {high:.3}"), "-2.944 2.944");
        assert_eq!(sprt.state(3.0), SprtState::AcceptH1);
        assert_eq!(sprt.state(-3.0), SprtState::AcceptH0);
        assert_eq!(sprt.state(0.0), SprtState::Running);
        assert_eq!(sprt.llr(&Pentanomial::default()), 0.0);
        // Seven WW pairs, taken with a DD pair added: mean 7.5/8 = 0.9375, variance
        // (7 · 0.0625² + 0.4375²)/8 = 0.0273438; the LLR is
        // 8 · 0.0071955 · (1.875 - 1.0071955) / (2 · 0.0273438) = 0.913. One WW pair alone:
        // mean 0.75, variance 0.0625, LLR 2 · 0.0071955 · 0.4928045 / 0.125 = 0.057.
        let llr = |p: Pentanomial| format!("{:.3}", sprt.llr(&p));
        assert_eq!(llr(pairs(0, 0, 0, 0, 0, 7)), "0.913");
        assert_eq!(llr(pairs(0, 0, 0, 0, 0, 1)), "0.057");
        assert_eq!(llr(pairs(7, 0, 0, 0, 0, 0)), "-0.929");
        // Only even pairs give no evidence either way (not an infinite LLR).
        assert_eq!(llr(pairs(0, 0, 1, 0, 0, 0)), "0.000");
        assert_eq!(llr(pairs(0, 0, 0, 3, 0, 0)), "0.000");
        // At elo1 = 50 a run of won pairs ends the test at the fourth (LLR 3.254), not before.
        let sprt50 = Sprt::parse("elo0=0 elo1=50").unwrap();
        assert_eq!(
            sprt50.state(sprt50.llr(&pairs(0, 0, 0, 0, 0, 3))),
            SprtState::Running
        );
        assert_eq!(
            format!("{:.3}", sprt50.llr(&pairs(0, 0, 0, 0, 0, 4))),
            "3.254"
        );
        assert!(Pentanomial::default().elo().elo.is_nan());
        assert_eq!(pairs(0, 0, 0, 0, 0, 3).elo().elo, f64::INFINITY);
    }

    #[test]
    fn trinomial_elo_of_games() {
        let mut t = Tally::default();
        for _ in 0..6 {
            t.add(Outcome::Win, 3);
        }
        for _ in 0..2 {
            t.add(Outcome::Draw, 0);
        }
        for _ in 0..2 {
            t.add(Outcome::Loss, -1);
        }
        // Score 0.7: Elo -400 log10(1/0.7 - 1) = 147.2.
        assert_eq!(format!("{:.1}", t.elo().elo), "147.2");
        assert_eq!(t.margin_sum, 16);
    }

    #[test]
    fn margin_pairs_count_the_sum() {
        let mut m = MarginPairs::default();
        m.add(5, -3);
        m.add(-5, 5);
        m.add(-6, 2);
        assert_eq!((m.won, m.drawn, m.lost), (1, 1, 1));
        assert!(close(m.score_rate(), 0.5, 1e-12));
    }

    #[test]
    fn sprt_parse_errors_name_the_problem() {
        assert!(Sprt::parse("elo0=0").unwrap_err().contains("elo1"));
        assert!(Sprt::parse("elo0=5 elo1=0").unwrap_err().contains("above"));
        assert!(
            Sprt::parse("elo0=0 elo1=5 gamma=1")
                .unwrap_err()
                .contains("gamma")
        );
        assert!(
            Sprt::parse("elo0=0 elo1=x")
                .unwrap_err()
                .contains("not a number")
        );
        assert!(
            Sprt::parse("elo0=0 elo1=5 alpha=0.7")
                .unwrap_err()
                .contains("alpha")
        );
    }
}
