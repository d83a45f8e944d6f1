#!/usr/bin/env python3
"""Writes the seed inputs of every fuzz target into fuzz/corpus/TARGET/ (the committed corpus
is these seeds after a fuzz run and `cargo fuzz cmin`).

    python3 fuzz/make_seeds.py --data DIR

DIR is the project's shared data directory (reversi/, ataxx/, fruit-rage/, stake-your-claim/):
the FFO positions, the perft FENs, the Fruit Rage examples and the Stake samples become seeds
as they are; the rest (Botzone transcripts of random games in every form, UAI sessions, Filler
boards, C API calls) is generated here with a fixed random seed.
"""
import argparse
import hashlib
import json
import os
import random
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(20261124)


def put(target, data):
    if isinstance(data, str):
        data = data.encode()
    folder = os.path.join(HERE, "corpus", target)
    os.makedirs(folder, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


# --- Ataxx: a random legal game under Botzone's rules, naively, for transcripts ------------
def neighbours(x, y, r):
    for dx in range(-r, r + 1):
        for dy in range(-r, r + 1):
            if max(abs(dx), abs(dy)) == r and 0 <= x + dx < 7 and 0 <= y + dy < 7:
                yield x + dx, y + dy


def ataxx_moves(board, side):
    moves = []
    for (x, y), v in board.items():
        if v != side:
            continue
        for r in (1, 2):
            for (a, b) in neighbours(x, y, r):
                if board.get((a, b)) is None:
                    moves.append((x, y, a, b))
    return moves


def ataxx_game(plies):
    board = {(0, 0): 1, (6, 6): 1, (6, 0): 2, (0, 6): 2}
    side, history = 1, []
    for _ in range(plies):
        moves = ataxx_moves(board, side)
        if not moves or not ataxx_moves(board, 3 - side):
            break
        x0, y0, x1, y1 = rng.choice(moves)
        if max(abs(x1 - x0), abs(y1 - y0)) == 2:
            del board[(x0, y0)]
        board[(x1, y1)] = side
        for n in neighbours(x1, y1, 1):
            if board.get(n) == 3 - side:
                board[n] = side
        history.append((x0, y0, x1, y1))
        side = 3 - side
    return history


def botzone_simple(history, black, data_lines=()):
    """The input of our next turn: requests and responses so far, oldest first."""
    moves = ([(-1, -1, -1, -1)] + history) if black else history
    if len(moves) % 2 == 0:
        moves = moves[:-1]
    n = (len(moves) + 1) // 2
    lines = [str(n)] + [" ".join(map(str, m)) for m in moves] + list(data_lines)
    return "\n".join(lines) + "\n"


def botzone_json(history, black):
    moves = ([(-1, -1, -1, -1)] + history) if black else history
    if len(moves) % 2 == 0:
        moves = moves[:-1]
    obj = lambda m: dict(zip(("x0", "y0", "x1", "y1"), m))
    requests = [obj(m) for m in moves[0::2]]
    responses = [obj(m) for m in moves[1::2]]
    return json.dumps({"requests": requests, "responses": responses, "data": "",
                       "globaldata": "", "time_limit": 1, "memory_limit": 256},
                      separators=(",", ":")) + "\n"


def uai_square(x, y):
    return "abcdefg"[x] + str(7 - y)


def uai_move(m):
    x0, y0, x1, y1 = m
    if max(abs(x1 - x0), abs(y1 - y0)) == 1:
        return uai_square(x1, y1)
    return uai_square(x0, y0) + uai_square(x1, y1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", required=True, help="the shared data directory")
    data = parser.parse_args().data
    read = lambda rel: open(os.path.join(data, rel), encoding="utf-8").read()

    # Reversi: the FFO lines and the start position, as text and as the contest array.
    ffo = [l for l in read("reversi/ffo40-59.obf").splitlines() if l.strip()]
    ffo += [l for l in read("reversi/ffo40-59.txt").splitlines() if l.strip()]
    start = "-" * 27 + "OX" + "-" * 6 + "XO" + "-" * 27 + " X"
    for line in ffo[:8] + [start, "a1\npass\nH8\n"]:
        put("reversi_text", line + "\n")
    put("reversi_text", "\n".join(ffo) + "\n")
    for line in ffo[:10] + [start]:
        cells, side = line[:64], line[65]
        enc = bytes({"-": 0, "O": 100, "X": 200}[c] for c in cells)
        colour = bytes([200 if side == "X" else 0])
        put("reversi_contest", enc + colour + bytes([7, 0x40, 0x01]))
        put("ffi_reversi", bytes([5]) + enc + colour + bytes([1, 2, 0, 0xd0, 0x07, 0x00, 0x04, 3]))
        put("ffi_reversi", bytes([244]) + enc + colour + bytes([1, 2, 0, 0xd0, 0x07, 0x00, 0x04, 3]))

    # NBoard sessions and GGF records: the FFO positions as BO boards, with moves.
    example = ("(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]"
               "TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------"
               "------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)")
    put("ggf", example)
    put("ggf", "1 (;GM[othello] PC[GGS/os]RB[1999.5]PB[a]PW[b]RE[+12.00:t]TI[05:00//02:00]\n"
        "TY[8]BO[8 ---------------------------O*------*O--------------------------- *]\n"
        "B[e3/1.25/3]W[D3//2.5]B[c3/]W[f5];)(;GM[Othello];)")
    for line in ffo[:6]:
        board = line[:64].replace("X", "*")
        ggf = f"(;GM[Othello]PC[duel]PB[a]PW[b]RE[?]TY[8]BO[8 {board} {line[65].replace('X', '*')}];)"
        put("ggf", ggf)
        put("nboard", f"nboard 2\nset depth 3\nset game {ggf}\ngo\nhint 2\nping 1\n")
    put("nboard", f"nboard 2\nset depth 2\nset game {example}\nmove D6\ngo\nhint 3\n"
        "analyze\nlearn\nping 7\nset contempt 0\nmove PA\nbogus\nquit\n")

    # Ataxx: the perft FENs, move texts, Botzone transcripts, UAI sessions.
    fens = [l.split("|")[0].strip() for l in read("ataxx/perft-standard.txt").splitlines()
            if "|" in l and not l.startswith("#")]
    fens = list(dict.fromkeys(fens))
    for fen in fens:
        put("ataxx_fen", fen)
    put("ataxx_moves", "0 0 2 0\n-1 -1 -1 -1\n6 6 5 5\nf2\ng1e3\n0000\na7c5\n")
    for plies in (0, 1, 2, 5, 20, 60, 140):
        game = ataxx_game(plies)
        for black in (True, False):
            put("botzone", botzone_simple(game, black))
            put("botzone", botzone_json(game, black))
        put("botzone", botzone_simple(game, True, ["saved data", "global 1", "global 2"]))
        # Keep-running: a first turn, then single requests.
        first = botzone_simple(game[:2], True) if len(game) >= 2 else "1\n-1 -1 -1 -1\n"
        put("botzone", first + "data\n" + "\n".join(" ".join(map(str, m)) for m in game[3::2]) + "\n")
        moves = " ".join(uai_move(m) for m in game)
        put("uai", f"uai\nisready\nuainewgame\nposition startpos moves {moves}\ngo depth 2\nstop\n")
        put("ataxx_moves", "\n".join(" ".join(map(str, m)) for m in game) + "\n" + moves.replace(" ", "\n"))
    circular = [(0, 0, 2, 0), (6, 0, 4, 0), (2, 0, 0, 0), (4, 0, 6, 0), (0, 0, 2, 0)]
    put("botzone", "3\n" + "\n".join(" ".join(map(str, m)) for m in circular) + "\n")
    for fen in fens[:12]:
        put("uai", f"position fen {fen} moves f2\ngo movetime 10 wtime 1000 btime 900 winc 5 binc 5 nodes 100\nperft 1\n")
    for length in (16, 64, 300, 1200):
        put("ataxx_replay", bytes(rng.randrange(224) for _ in range(length)))
        put("ffi_ataxx", bytes([3, length % 256, length // 256, 1, 0xe8, 3, 0, 4, 0, 0, 5])
            + bytes(rng.randrange(224) for _ in range(length)))

    # Filler: the statement's board size range, as the protocol writes it.
    for n in (1, 2, 3, 10, 14, 20):
        rows = [" ".join(str(rng.randrange(10)) for _ in range(n)) for _ in range(n)]
        text = f"{n}\n" + "\n".join(rows) + "\n"
        put("filler_grid", text)
        put("filler_program", bytes([100, 1, 0, 50]) + text.encode())
        put("filler_program", bytes([100, 1, 0, 50]) + text.replace("\n", "\r\n").encode())
        cells = bytes(rng.randrange(10) for _ in range(n * n))
        put("ffi_filler", bytes([6, 0, n, 1, 1, 0xe8, 3, 0, 8]) + cells)

    # The Fruit Rage: the statement's examples.
    for i in range(1, 6):
        text = read(f"fruit-rage/input{i}.txt")
        put("fruit_rage_input", text)
        put("fruit_rage_program", text)
    for n in (1, 2, 5, 10, 26):
        put("ffi_fruit_rage", bytes([8, 0, n, 3]) + bytes(rng.randrange(256) for _ in range(3 * n * n + 40)))

    # Stake Your Claim: the samples, and boards as the C API reads them.
    sample = read("stake-your-claim/sample_input.txt")
    put("stake_cases", sample)
    put("stake_cases", sample.replace("\n0\n", "\n"))
    put("stake_cases", "\x04" + "01.1\n00..\n.01.\n...1\n")
    for n in (1, 2, 4, 6, 8):
        put("ffi_stake", bytes([9, 0, n, 0, 10]) + bytes(rng.randrange(256) for _ in range(2 * n * n + 8)))


if __name__ == "__main__":
    main()
