//! GGF game records (`set game` in NBoard, the arena's records): a game that parses prints as
//! a record that parses to the same game (printed the same), and its moves replay legally.
#![no_main]

use duel_protocols::ggf::GgfGame;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(game) = GgfGame::parse(text) else {
        return;
    };
    let printed = game.to_string();
    let again = GgfGame::parse(&printed).unwrap_or_else(|e| panic!("{printed}: {e}"));
    assert_eq!(again.to_string(), printed);
    assert_eq!(again.moves().len(), game.moves().len());
    assert_eq!(again.position(), game.position());
    for count in 0..=game.moves().len() {
        assert!(game.position_after(count).is_some(), "{printed}: {count}");
    }
});
