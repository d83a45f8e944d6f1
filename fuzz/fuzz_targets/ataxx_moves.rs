//! Ataxx move notations: Botzone's `x0 y0 x1 y1` and UAI's `f2` / `g1e3` / `0000` parse,
//! print and parse again to the same move; a Botzone move's squares are on the board and one
//! or two cells apart.
#![no_main]

use duel_core::ataxx::{BotzoneMove, Move};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for line in text.lines() {
        if let Ok(bm) = BotzoneMove::parse(line) {
            let printed = bm.to_string();
            assert_eq!(BotzoneMove::parse(&printed), Ok(bm));
            if let Ok((from, to)) = bm.squares() {
                assert!(matches!(from.distance(to), 1 | 2));
                assert_eq!(BotzoneMove::between(from, to), bm);
            }
        }
        if let Ok(mv) = Move::parse_uai(line) {
            let printed = mv.to_string();
            assert_eq!(Move::parse_uai(&printed), Ok(mv), "{line:?} -> {printed:?}");
        }
    }
});
