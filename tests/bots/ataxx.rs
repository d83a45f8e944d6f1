//! Botzone Ataxx as much as a random mover needs, written cell by cell: the start board, the
//! move rule (copy to a cell at distance 1, jump to one at distance 2, neighbours captured), and
//! the replay of a turn's requests and responses. Moves are `[x0, y0, x1, y1]`, x the column.

use std::io::{BufRead, Write};

/// The request black receives on its first turn.
pub const NONE: Move = [-1, -1, -1, -1];

/// The line that asks Botzone to keep the bot running.
pub const KEEP_RUNNING: &str = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<";

/// A move as Botzone writes it.
pub type Move = [i32; 4];

const EMPTY: u8 = 0;

/// The board and whose turn it is, black = 1, white = 2.
pub struct Board {
    cells: [[u8; 7]; 7],
    to_move: u8,
}

impl Board {
    /// Botzone's start: black on (0,0) and (6,6), white on (6,0) and (0,6); black moves.
    pub fn start() -> Board {
        let mut cells = [[EMPTY; 7]; 7];
        cells[0][0] = 1;
        cells[6][6] = 1;
        cells[0][6] = 2;
        cells[6][0] = 2;
        Board { cells, to_move: 1 }
    }

    fn at(&self, x: i32, y: i32) -> Option<u8> {
        let row = self.cells.get(usize::try_from(y).ok()?)?;
        row.get(usize::try_from(x).ok()?).copied()
    }

    /// Plays `mv` for the side to move, or says why it is not legal.
    pub fn play(&mut self, mv: Move) -> Result<(), String> {
        let [x0, y0, x1, y1] = mv;
        let me = self.to_move;
        let distance = (x1 - x0).abs().max((y1 - y0).abs());
        if self.at(x0, y0) != Some(me) || self.at(x1, y1) != Some(EMPTY) || distance > 2 {
            return Err(format!("illegal move {x0} {y0} {x1} {y1}"));
        }
        if distance == 2 {
            self.cells[y0 as usize][x0 as usize] = EMPTY;
        }
        self.cells[y1 as usize][x1 as usize] = me;
        for y in y1 - 1..=y1 + 1 {
            for x in x1 - 1..=x1 + 1 {
                if matches!(self.at(x, y), Some(c) if c != EMPTY && c != me) {
                    self.cells[y as usize][x as usize] = me;
                }
            }
        }
        self.to_move = 3 - me;
        Ok(())
    }

    /// The cells as one number, to vary a seeded bot's choice with the position.
    pub fn digest(&self) -> u64 {
        self.cells
            .iter()
            .flatten()
            .fold(u64::from(self.to_move), |h, &c| {
                h.wrapping_mul(3).wrapping_add(u64::from(c))
            })
    }

    /// Every (source, destination) pair the side to move can play.
    pub fn moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        for y0 in 0..7 {
            for x0 in 0..7 {
                if self.at(x0, y0) != Some(self.to_move) {
                    continue;
                }
                for y1 in y0 - 2..=y0 + 2 {
                    for x1 in x0 - 2..=x0 + 2 {
                        if self.at(x1, y1) == Some(EMPTY) {
                            out.push([x0, y0, x1, y1]);
                        }
                    }
                }
            }
        }
        out
    }

    /// Plays a turn's history: requests and responses alternate, a request first, and the
    /// last request is the opponent's newest move (black's first request is [`NONE`]).
    pub fn replay(requests: &[Move], responses: &[Move]) -> Result<Board, String> {
        if requests.len() != responses.len() + 1 {
            return Err(format!(
                "{} requests and {} responses",
                requests.len(),
                responses.len()
            ));
        }
        let mut board = Board::start();
        for (i, &request) in requests.iter().enumerate() {
            if !(i == 0 && request == NONE) {
                board.play(request)?;
            }
            if let Some(&response) = responses.get(i) {
                board.play(response)?;
            }
        }
        Ok(board)
    }
}

/// Serves one game: answers the first turn (`first_turn` reads it and replays it), then, in
/// keep-running mode, every later request (`next_request` reads one from a line). `answer`
/// formats a move.
pub fn serve(
    rng: &mut crate::rng::Rng,
    keep_running: bool,
    first_turn: impl FnOnce(&mut dyn BufRead) -> Result<Board, String>,
    next_request: impl Fn(&str) -> Result<Move, String>,
    answer: impl Fn(Move) -> String,
) -> Result<(), String> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut board = first_turn(&mut input)?;
    rng.mix(board.digest());
    let mut out = std::io::stdout().lock();
    loop {
        let moves = board.moves();
        let mv = if moves.is_empty() {
            NONE
        } else {
            moves[rng.below(moves.len())]
        };
        if mv != NONE {
            board.play(mv)?;
        }
        writeln!(out, "{}", answer(mv)).map_err(|e| e.to_string())?;
        if !keep_running {
            return out.flush().map_err(|e| e.to_string());
        }
        writeln!(out, "{KEEP_RUNNING}").map_err(|e| e.to_string())?;
        out.flush().map_err(|e| e.to_string())?;
        let request = loop {
            let mut line = String::new();
            if input.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
                return Ok(());
            }
            if !line.trim().is_empty() {
                break next_request(line.trim())?;
            }
        };
        board.play(request)?;
    }
}

/// Reads one line, failing at the end of input.
pub fn read_line(input: &mut dyn BufRead) -> Result<String, String> {
    let mut line = String::new();
    match input.read_line(&mut line) {
        Ok(0) => Err("input ends early".to_string()),
        Ok(_) => Ok(line),
        Err(e) => Err(e.to_string()),
    }
}
