//! The native side of `scripts/web-speed.sh`: times [`duel_wasm::respond`] (the code the
//! page's `.wasm` runs) on the cases of standard input and prints one JSON line a case:
//! `{"game":0,"nodes":200000,"millis":123.4}` (its best run). A case is a line
//! `GAME NODES MILLIS REPEATS` (a node limit, or a time limit when NODES is 0), the position's
//! text, and a line `%%`.

use duel_core::{Clock, Limits};
use duel_wasm::{numbered, respond};
use std::io::Read;
use std::time::Instant;

/// The process's clock, as the page's `performance.now()`.
struct Wall(Instant);

impl Clock for Wall {
    fn now_micros(&self) -> u64 {
        self.0.elapsed().as_micros() as u64
    }
}

fn main() {
    let clock = Wall(Instant::now());
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("speed: cannot read standard input: {e}");
        std::process::exit(2);
    }
    for case in input.split("%%\n").filter(|c| !c.trim().is_empty()) {
        let (head, text) = case.split_once('\n').unwrap_or((case, ""));
        let numbers: Vec<u64> = head
            .split_whitespace()
            .filter_map(|w| w.parse().ok())
            .collect();
        let (Some(game), [_, nodes, millis, repeats]) = (
            numbers
                .first()
                .and_then(|&n| numbered(u32::try_from(n).ok()?)),
            numbers.as_slice(),
        ) else {
            eprintln!("speed: not a case header: {head:?}");
            std::process::exit(2);
        };
        // The best of `repeats` runs by nodes a millisecond: each allocates its table, as the
        // page's calls do.
        let limits = Limits::millis(*millis).or_nodes((*nodes > 0).then_some(*nodes));
        let (mut best, mut searched) = (f64::INFINITY, 0);
        for _ in 0..*repeats {
            let started = Instant::now();
            let answer = respond(game, text, &limits, &clock).unwrap_or_else(|e| {
                eprintln!("speed: {e}");
                std::process::exit(2);
            });
            let took = started.elapsed().as_secs_f64() * 1000.0;
            let nodes = answer
                .split("\"nodes\":")
                .nth(1)
                .and_then(|rest| rest.split(',').next())
                .and_then(|n| n.parse::<u64>().ok())
                .unwrap_or(0);
            if best.is_infinite() || nodes as f64 / took > searched as f64 / best {
                (best, searched) = (took, nodes);
            }
        }
        println!(
            "{{\"game\":{},\"nodes\":{searched},\"millis\":{best:.3}}}",
            numbers[0]
        );
    }
}
