//! `--shard K/N`: a share of a run split over processes.

use std::fmt;
use std::str::FromStr;

/// Shard `k` of `n`: the items (games, positions) whose index is `k` modulo `n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// This shard, below `n`.
    pub k: u64,
    /// The shards in all, at least 1.
    pub n: u64,
}

impl Shard {
    /// The whole run in one shard, `0/1`.
    pub const ALL: Shard = Shard { k: 0, n: 1 };

    /// Reads `K/N`.
    ///
    /// # Errors
    /// Not two numbers separated by `/`, or K not below N, as one line naming `--shard`.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("--shard {text}: not K/N with K < N");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (k, n): (u64, u64) = (k.parse().map_err(|_| bad())?, n.parse().map_err(|_| bad())?);
        if k >= n {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }

    /// The shard's indices below `total`, in order.
    pub fn indices(self, total: u64) -> impl Iterator<Item = u64> {
        // `n` fits a usize wherever there are as many items.
        (self.k..total).step_by(usize::try_from(self.n).unwrap_or(usize::MAX))
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Shard, String> {
        Shard::parse(text)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_k_of_n_and_takes_every_nth_index() {
        let shard = Shard::parse("1/3").expect("a shard");
        assert_eq!(shard, Shard { k: 1, n: 3 });
        assert_eq!(shard.to_string(), "1/3");
        assert_eq!(shard.indices(8).collect::<Vec<_>>(), [1, 4, 7]);
        assert_eq!(Shard::ALL.indices(3).collect::<Vec<_>>(), [0, 1, 2]);
        for bad in ["", "1", "3/3", "0/0", "a/2", "1/b", "-1/2", "1/2/3"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }
}
