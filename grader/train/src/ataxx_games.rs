//! The compact record of Ataxx self-play games: moves and results, never positions or labels,
//! small enough to commit, so that a network can be refit from the repository by replaying
//! the games and labelling their positions again (`ataxx-train label`).
//!
//! A file is the 8 bytes `AXGAMES1`, then one record a game, in index order:
//!
//! ```text
//! varint index   varint random-plies   result byte   varint move-count   varint move…
//! ```
//!
//! The result is black's: 0 lost, 1 drawn, 2 won. Each move is its position in
//! [`Board::legal_moves_unordered`] of the position it is played in (under standard rules,
//! from the start), so most moves take one byte, and a record that does not replay legally is
//! refused. Varints are LEB128: seven bits a byte, least significant first, the high bit set
//! on every byte but the last.

use duel_core::Colour;
use duel_core::ataxx::{Board, Move, Rules};

/// The first bytes of a record file.
pub const MAGIC: &[u8; 8] = b"AXGAMES1";

/// One finished self-play game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's number in its run (`generate`'s index).
    pub index: u64,
    /// How many of the first moves were drawn at random (not the engine's choice).
    pub random_plies: u32,
    /// Black's result: 0 lost, 1 drawn, 2 won.
    pub black_result: u8,
    /// Every move from the start, the random ones first.
    pub moves: Vec<Move>,
}

impl GameRecord {
    /// Black's result as the trainers' labels write it: `0`, `0.5` or `1`.
    pub fn black_score(&self) -> f64 {
        f64::from(self.black_result) / 2.0
    }

    /// The boards before each move (the first is the start) and the board after the last.
    ///
    /// # Errors
    /// A move that is not legal where it is played, naming the game and the ply.
    pub fn boards(&self) -> Result<Vec<Board>, String> {
        let mut board = Board::start(Rules::Standard);
        let mut boards = vec![board];
        for (ply, &mv) in self.moves.iter().enumerate() {
            board = board
                .play(mv)
                .map_err(|e| format!("game {}: ply {}: {mv}: {e}", self.index, ply + 1))?;
            boards.push(board);
        }
        Ok(boards)
    }
}

/// Black's result (0, 1 or 2) of a finished board.
pub fn black_result(board: &Board) -> Option<u8> {
    let margin = board.final_margin()?;
    let for_black = if board.side() == Colour::Black {
        margin
    } else {
        -margin
    };
    Some((for_black.signum() + 1) as u8)
}

fn push_varint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8 & 0x7f) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// Reads a varint at `*at`, moving `*at` past it.
fn read_varint(bytes: &[u8], at: &mut usize) -> Result<u64, String> {
    let mut n = 0u64;
    for shift in (0..64).step_by(7) {
        let &byte = bytes
            .get(*at)
            .ok_or_else(|| format!("cut short at byte {}", *at))?;
        *at += 1;
        n |= u64::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            return Ok(n);
        }
    }
    Err(format!("a number longer than 64 bits at byte {}", *at))
}

/// The bytes of a record file holding `games` in the order given.
///
/// # Errors
/// A game whose result is above 2, or whose moves do not replay legally (or are not in the
/// generation-order list where played), naming the game and the ply.
pub fn encode(games: &[GameRecord]) -> Result<Vec<u8>, String> {
    let mut out = MAGIC.to_vec();
    for game in games {
        push_varint(&mut out, game.index);
        push_varint(&mut out, u64::from(game.random_plies));
        if game.black_result > 2 {
            return Err(format!(
                "game {}: result {} (0, 1 or 2)",
                game.index, game.black_result
            ));
        }
        out.push(game.black_result);
        push_varint(&mut out, game.moves.len() as u64);
        let boards = game.boards()?;
        for (ply, (board, mv)) in boards.iter().zip(&game.moves).enumerate() {
            let at = board
                .legal_moves_unordered()
                .as_slice()
                .iter()
                .position(|m| m == mv)
                .ok_or_else(|| {
                    format!("game {}: ply {}: {mv} is not listed", game.index, ply + 1)
                })?;
            push_varint(&mut out, at as u64);
        }
    }
    Ok(out)
}

/// The games of a record file.
///
/// # Errors
/// A file without the magic bytes, cut short, with a result above 2, or with a move index
/// beyond its position's moves, as one line naming the game (and ply).
pub fn decode(bytes: &[u8]) -> Result<Vec<GameRecord>, String> {
    let body = bytes
        .strip_prefix(MAGIC.as_slice())
        .ok_or("not an Ataxx game record (it does not start with AXGAMES1)")?;
    let mut at = 0;
    let mut games = Vec::new();
    while at < body.len() {
        let game_no = games.len() + 1;
        let context = |e: String| format!("game record {game_no}: {e}");
        let index = read_varint(body, &mut at).map_err(context)?;
        let random_plies = read_varint(body, &mut at).map_err(context)?;
        let random_plies = u32::try_from(random_plies)
            .map_err(|_| format!("game {index}: {random_plies} random plies"))?;
        let &black_result = body
            .get(at)
            .ok_or_else(|| format!("game {index}: cut short before its result"))?;
        at += 1;
        if black_result > 2 {
            return Err(format!("game {index}: result {black_result} (0, 1 or 2)"));
        }
        let count = read_varint(body, &mut at).map_err(|e| format!("game {index}: {e}"))?;
        let mut board = Board::start(Rules::Standard);
        let mut moves = Vec::new();
        for ply in 1..=count {
            let k = read_varint(body, &mut at).map_err(|e| format!("game {index}: {e}"))?;
            let legal = board.legal_moves_unordered();
            let &mv = usize::try_from(k)
                .ok()
                .and_then(|k| legal.as_slice().get(k))
                .ok_or_else(|| {
                    format!(
                        "game {index}: ply {ply}: move {k} of {} legal moves",
                        legal.len()
                    )
                })?;
            board = board.play_unchecked(mv);
            moves.push(mv);
        }
        games.push(GameRecord {
            index,
            random_plies,
            black_result,
            moves,
        });
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game of `plies` moves, each the `k`-th legal move for a varying `k`.
    fn game(index: u64, plies: usize) -> GameRecord {
        let mut board = Board::start(Rules::Standard);
        let mut moves = Vec::new();
        for ply in 0..plies {
            let legal = board.legal_moves_unordered();
            if legal.is_empty() {
                break;
            }
            let mv = legal.as_slice()[(ply * 7 + index as usize) % legal.len()];
            moves.push(mv);
            board = board.play_unchecked(mv);
        }
        GameRecord {
            index,
            random_plies: 8,
            black_result: (index % 3) as u8,
            moves,
        }
    }

    #[test]
    fn records_round_trip_and_take_about_a_byte_a_move() {
        let games: Vec<GameRecord> = (0..20).map(|i| game(i * 1000, 60)).collect();
        let bytes = encode(&games).unwrap();
        assert_eq!(decode(&bytes).unwrap(), games);
        let moves: usize = games.iter().map(|g| g.moves.len()).sum();
        assert!(
            bytes.len() < MAGIC.len() + moves * 2,
            "{} bytes",
            bytes.len()
        );
    }

    #[test]
    fn varints_round_trip_at_their_edges() {
        for n in [
            0,
            1,
            127,
            128,
            16_383,
            16_384,
            u64::from(u32::MAX),
            u64::MAX,
        ] {
            let mut out = Vec::new();
            push_varint(&mut out, n);
            let mut at = 0;
            assert_eq!(read_varint(&out, &mut at), Ok(n));
            assert_eq!(at, out.len());
        }
    }

    #[test]
    fn bad_records_are_one_line_errors() {
        assert!(decode(b"AXGAMES0").unwrap_err().contains("AXGAMES1"));
        let bytes = encode(&[game(5, 30)]).unwrap();
        let cut = decode(&bytes[..bytes.len() - 1]).unwrap_err();
        assert!(cut.starts_with("game 5: cut short"), "{cut}");
        // The first move's index made too large for the start's moves.
        let mut wrong = bytes.clone();
        let first_move = MAGIC.len() + 4;
        wrong[first_move] = 100;
        let err = decode(&wrong).unwrap_err();
        assert!(err.starts_with("game 5: ply 1: move 100 of"), "{err}");
        let mut result = bytes;
        result[MAGIC.len() + 2] = 3;
        assert!(decode(&result).unwrap_err().contains("result 3"));
    }
}
