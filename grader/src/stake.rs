//! Stake Your Claim: the contest's batch protocol, shared by `stake-your-claim` and
//! `duel solve stake`.
