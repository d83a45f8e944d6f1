//! The efficiently updatable network of `duel_core::ataxx::nnue`, trained here in `f32`:
//! inputs are the board's 36 windows of 2×2 cells in their 81 patterns, seen from one side (the
//! rows `duel_core::ataxx::nnue::input_rows` names, the core's own definition); one layer of
//! [`Net::hidden`] units turns them into an accumulator for each side, both clipped to `0..=1`
//! and read by one output unit, the side to move's accumulator first. The output is a logit:
//! the predicted result of the side to move is its sigmoid.
//!
//! An accumulator is a sum of weight rows, one a window, so a move updates it by the few
//! windows it changes; training computes it whole.

use crate::Rng;
use duel_core::Bitboard;
use duel_core::ataxx::nnue::input_rows;

/// Input rows of one side's view: a window's 81 patterns, window after window.
pub const INPUTS: usize = duel_core::ataxx::nnue::INPUTS;

/// One training position, from the side to move's view.
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    /// The side to move's pieces (cells 0..49, row-major).
    pub own: Bitboard,
    /// The other side's pieces.
    pub other: Bitboard,
    /// The label: the expected result of the side to move, in `0..=1`.
    pub label: f32,
    /// A logit the network's output is added to: the linear evaluation's, so that the
    /// network learns what that evaluation misses (0 for the network alone).
    pub base: f32,
}

/// The cell `cell` (0..49, row-major on 7×7) under the board's symmetry `k` (0..8: `k & 4`
/// transposes, `k & 1` mirrors the columns, `k & 2` the rows; 0 is the identity).
pub fn symmetric_cell(cell: u8, k: u8) -> u8 {
    let (mut x, mut y) = (cell % 7, cell / 7);
    if k & 4 != 0 {
        core::mem::swap(&mut x, &mut y);
    }
    if k & 1 != 0 {
        x = 6 - x;
    }
    if k & 2 != 0 {
        y = 6 - y;
    }
    y * 7 + x
}

impl Position {
    /// This position under the board's symmetry `k` (see [`symmetric_cell`]): the same
    /// label, since Ataxx without blocked cells plays the same on every image of a board.
    pub fn symmetric(&self, k: u8) -> Position {
        let map =
            |cells: Bitboard| Bitboard(cells.map(|c| 1u64 << symmetric_cell(c as u8, k)).sum());
        Position {
            own: map(self.own),
            other: map(self.other),
            label: self.label,
            base: self.base,
        }
    }
}

/// The network's weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    /// Units of each side's accumulator.
    pub hidden: usize,
    /// Input weights, `INPUTS` rows of `hidden`.
    pub input: Vec<f32>,
    /// The accumulator's bias.
    pub input_bias: Vec<f32>,
    /// Output weights: the side to move's units, then the other side's.
    pub output: Vec<f32>,
    /// The output's bias.
    pub output_bias: f32,
}

/// What the forward pass keeps for the backward one.
struct Forward {
    /// The two accumulators before clipping: side to move, then the other side.
    acc: [Vec<f32>; 2],
    /// The output logit.
    logit: f32,
}

fn crelu(x: f32) -> f32 {
    x.clamp(0.0, 1.0)
}

/// The logistic function.
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Net {
    /// A network of `hidden` units with small random weights drawn from `seed`.
    pub fn new(hidden: usize, seed: u64) -> Net {
        let mut rng = Rng::new(seed, 0);
        let mut uniform = |scale: f32| {
            let unit = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
            (2.0 * unit - 1.0) * scale
        };
        let input = (0..INPUTS * hidden).map(|_| uniform(0.1)).collect();
        let input_bias = (0..hidden).map(|_| 0.25 + uniform(0.05)).collect();
        let output = (0..2 * hidden).map(|_| uniform(0.3)).collect();
        Net {
            hidden,
            input,
            input_bias,
            output,
            output_bias: 0.0,
        }
    }

    /// The accumulator of the side whose pieces are `mine` against `theirs`.
    fn accumulate(&self, mine: Bitboard, theirs: Bitboard) -> Vec<f32> {
        let h = self.hidden;
        let mut acc = self.input_bias.clone();
        for row in input_rows(mine, theirs) {
            for (a, w) in acc.iter_mut().zip(&self.input[row * h..(row + 1) * h]) {
                *a += w;
            }
        }
        acc
    }

    fn forward(&self, p: &Position) -> Forward {
        let acc = [
            self.accumulate(p.own, p.other),
            self.accumulate(p.other, p.own),
        ];
        let mut logit = self.output_bias;
        for (side, a) in acc.iter().enumerate() {
            let weights = &self.output[side * self.hidden..(side + 1) * self.hidden];
            logit += a
                .iter()
                .zip(weights)
                .map(|(&x, w)| crelu(x) * w)
                .sum::<f32>();
        }
        Forward { acc, logit }
    }

    /// The output logit of a position (its predicted result is the sigmoid of it).
    pub fn logit(&self, p: &Position) -> f32 {
        self.forward(p).logit
    }

    /// The squared error of the prediction for `p`.
    pub fn loss(&self, p: &Position) -> f32 {
        let e = sigmoid(p.base + self.logit(p)) - p.label;
        e * e
    }

    /// Adds the gradient of [`Net::loss`] at `p` to `grad` (laid out as the weights).
    pub fn backward(&self, p: &Position, grad: &mut Net) -> f32 {
        let h = self.hidden;
        let f = self.forward(p);
        let y = sigmoid(p.base + f.logit);
        let e = y - p.label;
        let d = 2.0 * e * y * (1.0 - y);
        grad.output_bias += d;
        let views = [(p.own, p.other), (p.other, p.own)];
        for (side, (mine, theirs)) in views.into_iter().enumerate() {
            let weights = &self.output[side * h..(side + 1) * h];
            let grads = &mut grad.output[side * h..(side + 1) * h];
            let mut dacc = vec![0.0f32; h];
            for (((da, &x), &w), g) in dacc.iter_mut().zip(&f.acc[side]).zip(weights).zip(grads) {
                *g += d * crelu(x);
                if x > 0.0 && x < 1.0 {
                    *da = d * w;
                }
            }
            for (b, g) in grad.input_bias.iter_mut().zip(&dacc) {
                *b += g;
            }
            for row in input_rows(mine, theirs) {
                for (w, g) in grad.input[row * h..(row + 1) * h].iter_mut().zip(&dacc) {
                    *w += g;
                }
            }
        }
        e * e
    }

    /// A network of zeros shaped like this one (a gradient).
    pub fn zeros_like(&self) -> Net {
        Net {
            hidden: self.hidden,
            input: vec![0.0; self.input.len()],
            input_bias: vec![0.0; self.input_bias.len()],
            output: vec![0.0; self.output.len()],
            output_bias: 0.0,
        }
    }

    /// Every weight in one order (input, input bias, output, output bias).
    pub fn weights_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        self.input
            .iter_mut()
            .chain(self.input_bias.iter_mut())
            .chain(self.output.iter_mut())
            .chain(std::iter::once(&mut self.output_bias))
    }

    /// The weights as little-endian `f32`s, after a header of the hidden size (`u32`).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = (self.hidden as u32).to_le_bytes().to_vec();
        let mut copy = self.clone();
        for w in copy.weights_mut() {
            bytes.extend_from_slice(&w.to_le_bytes());
        }
        bytes
    }
}

impl Net {
    /// The network in integers, in the byte layout of `duel_core::ataxx::nnue::Network`:
    /// input weights and bias scaled by `QA`, output weights by `QB`, the output bias by both
    /// (rounded, clamped to the integer types).
    pub fn quantise(&self) -> Vec<u8> {
        use duel_core::ataxx::nnue::{QA, QB};
        let q16 = |x: f32, scale: i32| {
            (x * scale as f32)
                .round()
                .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
        };
        let mut bytes = (self.hidden as u32).to_le_bytes().to_vec();
        for &w in self.input.iter().chain(&self.input_bias) {
            bytes.extend_from_slice(&q16(w, QA).to_le_bytes());
        }
        for &w in &self.output {
            bytes.extend_from_slice(&q16(w, QB).to_le_bytes());
        }
        let bias = (f64::from(self.output_bias) * f64::from(QA * QB)).round();
        bytes.extend_from_slice(
            &(bias.clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32).to_le_bytes(),
        );
        bytes
    }
}

impl Net {
    /// The network whose [`Net::quantise`] gave `bytes` (the integer weights divided back by
    /// their scales): a committed network as the start of a new fit. An error names what is
    /// wrong with bytes that are not a network.
    pub fn from_quantised(bytes: &[u8]) -> Result<Net, String> {
        use duel_core::ataxx::nnue::{QA, QB};
        let header: [u8; 4] = bytes
            .get(..4)
            .and_then(|b| b.try_into().ok())
            .ok_or("shorter than a network's 4-byte header")?;
        let hidden = u32::from_le_bytes(header) as usize;
        let expected = 4 + 2 * (INPUTS * hidden + hidden + 2 * hidden) + 4;
        if hidden == 0 || hidden > 4096 || bytes.len() != expected {
            return Err(format!(
                "{} bytes do not hold a network of {hidden} units ({expected} bytes)",
                bytes.len()
            ));
        }
        let i16s: Vec<f32> = bytes[4..expected - 4]
            .chunks_exact(2)
            .map(|b| f32::from(i16::from_le_bytes([b[0], b[1]])))
            .collect();
        let (first, output) = i16s.split_at(INPUTS * hidden + hidden);
        let bias = i32::from_le_bytes(bytes[expected - 4..].try_into().map_err(|_| "no bias")?);
        Ok(Net {
            hidden,
            input: first[..INPUTS * hidden]
                .iter()
                .map(|w| w / QA as f32)
                .collect(),
            input_bias: first[INPUTS * hidden..]
                .iter()
                .map(|w| w / QA as f32)
                .collect(),
            output: output.iter().map(|w| w / QB as f32).collect(),
            output_bias: (f64::from(bias) / f64::from(QA * QB)) as f32,
        })
    }
}

/// Adam over the weights of a [`Net`].
pub struct Adam {
    rate: f32,
    step: i32,
    m: Net,
    v: Net,
}

impl Adam {
    /// An optimiser for `net` at learning rate `rate`.
    pub fn new(net: &Net, rate: f32) -> Adam {
        Adam {
            rate,
            step: 0,
            m: net.zeros_like(),
            v: net.zeros_like(),
        }
    }

    /// One step of `net` along the mean gradient `grad` of `count` positions.
    pub fn step(&mut self, net: &mut Net, grad: &mut Net, count: usize) {
        let (b1, b2) = (0.9f32, 0.999f32);
        self.step += 1;
        let (c1, c2) = (1.0 - b1.powi(self.step), 1.0 - b2.powi(self.step));
        let n = count.max(1) as f32;
        let params = net
            .weights_mut()
            .zip(grad.weights_mut())
            .zip(self.m.weights_mut().zip(self.v.weights_mut()));
        for ((w, g), (m, v)) in params {
            let g = *g / n;
            *m = b1 * *m + (1.0 - b1) * g;
            *v = b2 * *v + (1.0 - b2) * g * g;
            *w -= self.rate * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
        }
    }
}

/// The mean loss of `net` over `positions`.
pub fn mean_loss(net: &Net, positions: &[Position]) -> f32 {
    let sum: f64 = positions.iter().map(|p| f64::from(net.loss(p))).sum();
    (sum / positions.len().max(1) as f64) as f32
}

/// Empty cells of a position (standard rules: no blocked cells).
pub fn empties(p: &Position) -> usize {
    49usize.saturating_sub((p.own.len() + p.other.len()) as usize)
}

/// The mean loss of `net` over `positions` by phase: entry `i` is `(positions, mean loss)` of
/// those with `i * width ..= i * width + width - 1` empty cells (`width` at least 1), up to 49.
pub fn mean_loss_by_empties(net: &Net, positions: &[Position], width: usize) -> Vec<(usize, f32)> {
    let width = width.max(1);
    let mut sums = vec![(0usize, 0.0f64); 49 / width + 1];
    for p in positions {
        let bucket = &mut sums[empties(p).min(49) / width];
        bucket.0 += 1;
        bucket.1 += f64::from(net.loss(p));
    }
    sums.into_iter()
        .map(|(n, sum)| (n, (sum / n.max(1) as f64) as f32))
        .collect()
}

/// How [`train`] goes: `epochs` passes of shuffled minibatches of `batch` positions, Adam's
/// learning rate `rate` in the first pass and multiplied by `decay` after each, the shuffles
/// drawn from `seed`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    /// Passes over the training positions.
    pub epochs: u32,
    /// Positions a step.
    pub batch: usize,
    /// Adam's learning rate in the first pass.
    pub rate: f32,
    /// The learning rate's factor from one pass to the next.
    pub decay: f32,
    /// Seed of the shuffles.
    pub seed: u64,
}

/// Trains `net` on `train` as `schedule` says, calling `report(epoch, net, training loss)`
/// after each pass.
pub fn train(
    net: &mut Net,
    train: &mut [Position],
    schedule: Schedule,
    report: &mut dyn FnMut(u32, &Net, f32),
) {
    let mut adam = Adam::new(net, schedule.rate);
    let mut rng = Rng::new(schedule.seed, 1);
    let mut grad = net.zeros_like();
    for epoch in 1..=schedule.epochs {
        for i in (1..train.len()).rev() {
            train.swap(i, rng.below(i + 1));
        }
        let mut sum = 0.0f64;
        for chunk in train.chunks(schedule.batch.max(1)) {
            grad.weights_mut().for_each(|g| *g = 0.0);
            for p in chunk {
                sum += f64::from(net.backward(p, &mut grad));
            }
            adam.step(net, &mut grad, chunk.len());
        }
        adam.rate *= schedule.decay;
        report(epoch, net, (sum / train.len().max(1) as f64) as f32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random_position(rng: &mut Rng) -> Position {
        let (mut own, mut other) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for cell in 0..49 {
            match rng.below(3) {
                0 => own = own.union(Bitboard::square(cell)),
                1 => other = other.union(Bitboard::square(cell)),
                _ => {}
            }
        }
        Position {
            own,
            other,
            label: rng.below(3) as f32 / 2.0,
            base: 0.0,
        }
    }

    /// A quantised network read back quantises to the same bytes, and the committed network
    /// reads; bytes of the wrong length or units are refused.
    #[test]
    fn a_quantised_network_reads_back_to_its_bytes() {
        let mut net = Net::new(16, 9);
        net.output_bias = -0.37;
        let bytes = net.quantise();
        let back = Net::from_quantised(&bytes).expect("a network");
        assert_eq!(back.hidden, 16);
        assert_eq!(back.quantise(), bytes);
        let committed = include_bytes!("../../../core/src/ataxx/network.bin");
        let read = Net::from_quantised(committed).expect("the committed network");
        assert_eq!(read.hidden, duel_core::ataxx::nnue::TRAINED_UNITS);
        assert_eq!(read.quantise(), committed.to_vec());
        assert!(Net::from_quantised(&bytes[..bytes.len() - 1]).is_err());
        assert!(Net::from_quantised(&bytes[..3]).is_err());
        let mut wrong_units = bytes.clone();
        wrong_units[0] = 17;
        assert!(Net::from_quantised(&wrong_units).is_err());
        assert!(Net::from_quantised(&[0, 0, 0, 0, 0, 0, 0, 0]).is_err());
    }

    /// The backward pass is the loss's gradient: central differences agree with it.
    #[test]
    fn the_gradient_equals_finite_differences() {
        let mut rng = Rng::new(5, 0);
        let net = Net::new(8, 3);
        for _ in 0..5 {
            let p = random_position(&mut rng);
            let mut grad = net.zeros_like();
            net.backward(&p, &mut grad);
            let analytic: Vec<f32> = grad.clone().weights_mut().map(|g| *g).collect();
            let count = analytic.len();
            for k in (0..count).step_by(7) {
                let eps = 1e-2f32;
                let mut plus = net.clone();
                *plus.weights_mut().nth(k).expect("a weight") += eps;
                let mut minus = net.clone();
                *minus.weights_mut().nth(k).expect("a weight") -= eps;
                let numeric = (plus.loss(&p) - minus.loss(&p)) / (2.0 * eps);
                assert!(
                    (numeric - analytic[k]).abs() <= 2e-3 + 0.05 * numeric.abs(),
                    "weight {k}: numeric {numeric}, analytic {}",
                    analytic[k]
                );
            }
        }
    }

    /// The core's integer network, from [`Net::quantise`], scores as this `f32` one does, on
    /// 10,000 random positions: with random weights of the trainer's initial size within 6
    /// score units on average and 25 at worst (0.06 and 0.25 of a piece; measured 4.8 and
    /// 18.4: each of the 36 rows a view rounds), and with weights ten times as large within 12
    /// and 60 (measured 9.4 and 50.7).
    #[test]
    fn the_quantised_network_equals_the_float_one_within_a_bound() {
        use duel_core::Colour;
        use duel_core::ataxx::nnue::{LOGIT_SCORE, Network};
        use duel_core::ataxx::{Board, Rules};
        let mut rng = Rng::new(11, 0);
        for (seed, scale, mean_bound, worst_bound) in
            [(1, 1.0f32, 6.0, 25.0), (2, 10.0, 12.0, 60.0)]
        {
            let mut net = Net::new(32, seed);
            net.weights_mut().for_each(|w| *w *= scale);
            let quantised = Network::<32>::from_le_bytes(&net.quantise()).expect("32 units' bytes");
            let (mut worst, mut sum) = (0.0f32, 0.0f32);
            for _ in 0..10_000 {
                let p = random_position(&mut rng);
                let side = if rng.below(2) == 0 {
                    Colour::Black
                } else {
                    Colour::White
                };
                let (black, white) = match side {
                    Colour::Black => (p.own, p.other),
                    Colour::White => (p.other, p.own),
                };
                let board =
                    Board::from_bitboards(black, white, Bitboard::EMPTY, side, Rules::Standard);
                let float = net.logit(&p) * LOGIT_SCORE as f32;
                let integer = quantised.evaluate(&quantised.accumulate(&board), side) as f32;
                worst = worst.max((float - integer).abs());
                sum += (float - integer).abs();
            }
            let mean = sum / 10_000.0;
            assert!(
                mean <= mean_bound && worst <= worst_bound,
                "weights ×{scale}: mean {mean}, worst {worst}"
            );
        }
    }

    /// The eight symmetries are distinct permutations of the cells, the identity first, and
    /// each maps the start position's corners to corners.
    #[test]
    fn the_symmetries_permute_the_cells() {
        let mut images = std::collections::BTreeSet::new();
        for k in 0..8u8 {
            let image: Vec<u8> = (0..49).map(|c| symmetric_cell(c, k)).collect();
            let mut sorted = image.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..49).collect::<Vec<u8>>(), "symmetry {k}");
            for corner in [0, 6, 42, 48] {
                assert!([0, 6, 42, 48].contains(&symmetric_cell(corner, k)));
            }
            assert_eq!(symmetric_cell(24, k), 24);
            images.insert(image);
        }
        assert_eq!(images.len(), 8);
        assert!((0..49).all(|c| symmetric_cell(c, 0) == c));
    }

    /// The losses by phase are those of their positions alone, and together make the mean.
    #[test]
    fn losses_by_phase_partition_the_mean() {
        let mut rng = Rng::new(4, 0);
        let data: Vec<Position> = (0..500).map(|_| random_position(&mut rng)).collect();
        let net = Net::new(8, 3);
        let phases = mean_loss_by_empties(&net, &data, 10);
        assert_eq!(phases.len(), 5);
        assert_eq!(phases.iter().map(|(n, _)| n).sum::<usize>(), data.len());
        let total: f64 = phases.iter().map(|&(n, l)| n as f64 * f64::from(l)).sum();
        let mean = f64::from(mean_loss(&net, &data));
        assert!(
            (total / data.len() as f64 - mean).abs() < 1e-5,
            "{total} vs {mean}"
        );
        for (i, &(n, loss)) in phases.iter().enumerate() {
            let own: Vec<Position> = data
                .iter()
                .filter(|p| empties(p) / 10 == i)
                .cloned()
                .collect();
            assert_eq!(own.len(), n);
            assert!((mean_loss(&net, &own) - loss).abs() < 1e-6);
        }
    }

    /// Training lowers the loss on a rule the inputs decide (more own pieces wins).
    #[test]
    fn training_learns_a_piece_count_rule() {
        let mut rng = Rng::new(9, 0);
        let mut data: Vec<Position> = (0..2000)
            .map(|_| {
                let mut p = random_position(&mut rng);
                p.label = if p.own.len() > p.other.len() {
                    1.0
                } else {
                    0.0
                };
                p
            })
            .collect();
        let mut net = Net::new(16, 1);
        let before = mean_loss(&net, &data);
        let schedule = Schedule {
            epochs: 20,
            batch: 64,
            rate: 0.01,
            decay: 1.0,
            seed: 2,
        };
        train(&mut net, &mut data, schedule, &mut |_, _, _| {});
        let after = mean_loss(&net, &data);
        assert!(after < before / 3.0, "loss {before} -> {after}");
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), 4 + 4 * (INPUTS * 16 + 16 + 32 + 1));
    }
}
