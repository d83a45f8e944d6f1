//! The test bots' random choice and command line: `--seed N` makes a bot reproducible (the seed
//! is mixed with what the bot is asked, so that each turn differs); without it the clock and the
//! process id seed it, as the contests' sample programs do.

use std::time::{SystemTime, UNIX_EPOCH};

/// Parses the command line: `--seed N`, and `--keep-running` when `keep_running_allowed`.
/// Returns the random stream and whether to ask Botzone to keep the bot running, or a one-line
/// message for anything else.
pub fn parse_args(keep_running_allowed: bool) -> Result<(Rng, bool), String> {
    let mut seed = None;
    let mut keep_running = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seed" => {
                let value = args.next().ok_or("--seed needs a number")?;
                seed = Some(
                    value
                        .parse::<u64>()
                        .map_err(|_| format!("--seed {value:?} is not a number"))?,
                );
            }
            "--keep-running" if keep_running_allowed => keep_running = true,
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    let seed = seed.unwrap_or_else(|| {
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        nanos ^ u64::from(std::process::id()).rotate_left(32)
    });
    Ok((Rng::new(seed), keep_running))
}

/// xorshift64*, seeded through splitmix64 so that nearby seeds give unrelated streams.
pub struct Rng(u64);

impl Rng {
    /// A stream from `seed`.
    pub fn new(seed: u64) -> Rng {
        let mut x = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Rng((x ^ (x >> 31)) | 1)
    }

    /// Mixes `value` (e.g. the turn's input length) into the stream.
    pub fn mix(&mut self, value: u64) {
        *self = Rng::new(self.0 ^ value.wrapping_mul(0x2545_F491_4F6C_DD1D));
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let bits = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32;
        ((bits * n as u64) >> 32) as usize
    }
}
