/*
 * The C API under AddressSanitizer and UndefinedBehaviorSanitizer (tests/it/sanitizers.rs
 * builds this with -fsanitize=address,undefined and links libduel.a): every function called
 * many thousands of times with null pointers, wrong lengths, out-of-range values, misaligned
 * buffers and random boards. Checked on every call: the result is a known code and never
 * DUEL_RESULT_PANIC; on error every out-parameter is untouched; on success the answer is in
 * range; no call writes outside its buffers (guard bytes around each). Prints the number of
 * calls and "ok", or the failed checks and exits 1.
 */
#include "duel.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The contest's move, behind the C++ shim (not in duel.h: C++ callers declare `move`). */
void duel_contest_move(const int32_t *board, int32_t colour, int32_t *row, int32_t *column);

static unsigned long calls;
static unsigned long failures;

#define CHECK(cond, ...)                                                                       \
    do {                                                                                       \
        if (!(cond)) {                                                                         \
            failures++;                                                                        \
            if (failures < 20) {                                                               \
                printf("%s:%d: ", __FILE__, __LINE__);                                         \
                printf(__VA_ARGS__);                                                           \
                printf("\n");                                                                  \
            }                                                                                  \
        }                                                                                      \
    } while (0)

/* xorshift64* */
static uint64_t state = 0x9E3779B97F4A7C15ull;
static uint64_t next(void) {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 0x2545F4914F6CDD1Dull;
}
static uint32_t below(uint32_t n) { return (uint32_t)((next() >> 32) % n); }

/* A buffer of `len` bytes starting `offset` (0..7) bytes past an aligned address, with 16
 * guard bytes on each side. */
enum { GUARD = 16, GUARD_BYTE = 0xCD, SENTINEL = 0xA5 };
struct buffer {
    unsigned char *raw;
    unsigned char *data;
    size_t len;
};
static struct buffer buffer_new(size_t len, unsigned offset, unsigned char fill) {
    struct buffer b;
    b.raw = malloc(len + 2 * GUARD + 8);
    if (!b.raw) {
        printf("out of memory\n");
        exit(1);
    }
    memset(b.raw, GUARD_BYTE, len + 2 * GUARD + 8);
    b.data = b.raw + GUARD + (offset % 8);
    b.len = len;
    memset(b.data, fill, len);
    return b;
}
static int guards_intact(const struct buffer *b) {
    for (const unsigned char *p = b->raw; p < b->data; p++)
        if (*p != GUARD_BYTE) return 0;
    for (size_t i = 0; i < GUARD; i++)
        if (b->data[b->len + i] != GUARD_BYTE) return 0;
    return 1;
}
static int all_bytes(const struct buffer *b, unsigned char v) {
    for (size_t i = 0; i < b->len; i++)
        if (b->data[i] != v) return 0;
    return 1;
}
static void buffer_free(struct buffer *b) {
    CHECK(guards_intact(b), "a call wrote outside a buffer");
    free(b->raw);
}
static void put_int(struct buffer *b, size_t i, int32_t v) { memcpy(b->data + 4 * i, &v, 4); }
static int32_t get_int(const struct buffer *b, size_t i) {
    int32_t v;
    memcpy(&v, b->data + 4 * i, 4);
    return v;
}
/* A pointer to int `i` of a buffer, possibly misaligned: passed on, never dereferenced here. */
static int32_t *int_ptr(struct buffer *b, size_t i) { return (int32_t *)(void *)(b->data + 4 * i); }

static int known(duel_result r) {
    return r <= DUEL_RESULT_ILLEGAL_MOVE || r == DUEL_RESULT_PANIC;
}
static void check_result(duel_result r, const char *what) {
    calls++;
    CHECK(known(r), "%s: unknown code %u", what, (unsigned)r);
    CHECK(r != DUEL_RESULT_PANIC, "%s: panic", what);
}

/* ---- Reversi ------------------------------------------------------------------------- */
static void reversi(int rounds) {
    for (int i = 0; i < rounds; i++) {
        struct buffer board = buffer_new(64 * 4, below(8), 0);
        for (int c = 0; c < 64; c++) {
            uint32_t k = below(100);
            int32_t v = k < 40 ? -1 : k < 70 ? 0 : k < 99 ? 1 : (int32_t)next();
            put_int(&board, c, v);
        }
        /* Often the start position, so that legal positions come up. */
        if (below(3) == 0) {
            for (int c = 0; c < 64; c++) put_int(&board, c, -1);
            put_int(&board, 27, 0), put_int(&board, 28, 1);
            put_int(&board, 35, 1), put_int(&board, 36, 0);
        }
        int32_t colour = below(10) < 9 ? (int32_t)below(2) : (int32_t)next();
        struct buffer outs = buffer_new(8, below(8), SENTINEL);
        size_t ws_len = below(4) == 0 ? 0 : below(8192);
        struct buffer ws = buffer_new(ws_len, below(8), 0xEE);
        uint32_t shape = below(16);
        const int32_t *b = shape == 1 ? NULL : int_ptr(&board, 0);
        int32_t *row = shape == 2 ? NULL : int_ptr(&outs, 0);
        int32_t *col = shape == 3 ? NULL : int_ptr(&outs, 1);
        uint8_t *w = shape == 4 ? NULL : ws.data;
        uint32_t millis = below(4) == 0 ? 1 : 0;
        uint64_t nodes = below(2000);
        duel_result r;
        if (i % 4 == 0) {
            r = duel_reversi_move(b, colour, 1, row, col);
        } else {
            r = duel_reversi_move_in(b, colour, millis, nodes, w, ws_len, row, col);
        }
        check_result(r, "reversi");
        if (!b || !row || !col || (shape == 4 && ws_len != 0 && i % 4 != 0))
            CHECK(r == DUEL_RESULT_NULL_POINTER, "reversi: null pointer gave %u", (unsigned)r);
        else if (i % 4 != 0 && millis == 0 && nodes == 0)
            CHECK(r == DUEL_RESULT_INVALID_SIZE, "reversi: no budget gave %u", (unsigned)r);
        if (r == DUEL_RESULT_OK) {
            int32_t rr = get_int(&outs, 0), cc = get_int(&outs, 1);
            CHECK(rr >= 0 && rr < 8 && cc >= 0 && cc < 8, "reversi: answer %d %d", rr, cc);
            CHECK(get_int(&board, rr * 8 + cc) == -1, "reversi: answer on a disc");
        } else {
            CHECK(all_bytes(&outs, SENTINEL), "reversi: outs written on error %u", (unsigned)r);
        }
        /* The contest's move on a board it must refuse writes -1 -1 at once. */
        if (i % 10 == 0) {
            memset(outs.data, SENTINEL, outs.len);
            duel_contest_move(shape < 8 ? NULL : int_ptr(&board, 0), 2 + (int32_t)below(100),
                              int_ptr(&outs, 0), int_ptr(&outs, 1));
            calls++;
            CHECK(get_int(&outs, 0) == -1 && get_int(&outs, 1) == -1, "move: not -1 -1");
            duel_contest_move(NULL, 0, NULL, NULL);
            calls++;
        }
        buffer_free(&board), buffer_free(&outs), buffer_free(&ws);
    }
}

/* ---- Ataxx --------------------------------------------------------------------------- */
static void ataxx(int games) {
    for (int g = 0; g < games; g++) {
        /* A self-played history, one engine call per ply, then corrupted copies of it. */
        int32_t history[4 * 120];
        size_t len = 0;
        int over = 0;
        size_t plies = 1 + below(100);
        /* One call more than the plies played: whether the game is over after them. */
        while (len / 4 <= plies) {
            struct buffer moves = buffer_new(len * 4, below(8), 0);
            for (size_t i = 0; i < len; i++) put_int(&moves, i, history[i]);
            struct buffer out = buffer_new(16, below(8), SENTINEL);
            size_t ws_len = below(4096);
            struct buffer ws = buffer_new(ws_len, below(8), 0xEE);
            duel_result r = duel_ataxx_move_in(int_ptr(&moves, 0), len, 0, 1 + below(300),
                                                    ws.data, ws_len, int_ptr(&out, 0));
            check_result(r, "ataxx self-play");
            if (r == DUEL_RESULT_OK) {
                for (int k = 0; k < 4; k++) {
                    int32_t v = get_int(&out, k);
                    CHECK(v >= 0 && v < 7, "ataxx: coordinate %d", v);
                    history[len + k] = v;
                }
            } else {
                CHECK(r == DUEL_RESULT_NO_LEGAL_MOVE, "ataxx self-play: %u", (unsigned)r);
                CHECK(all_bytes(&out, SENTINEL), "ataxx: out written on error");
            }
            buffer_free(&moves), buffer_free(&out), buffer_free(&ws);
            if (r != DUEL_RESULT_OK) {
                over = 1;
                break;
            }
            if (len / 4 == plies) break;
            len += 4;
        }
        for (int k = 0; k < 40; k++) {
            size_t n = below(4) == 0 ? len : below((uint32_t)len + 6);
            struct buffer moves = buffer_new(n * 4 + 4, below(8), 0);
            for (size_t i = 0; i < n; i++) put_int(&moves, i, i < len ? history[i] : (int32_t)below(9) - 1);
            int corrupted = 0;
            if (n > 0 && below(2) == 0) {
                put_int(&moves, below((uint32_t)n), below(3) == 0 ? (int32_t)next() : (int32_t)below(9) - 1);
                corrupted = 1;
            }
            struct buffer out = buffer_new(16, below(8), SENTINEL);
            uint32_t shape = below(12);
            const int32_t *m = shape == 1 ? NULL : int_ptr(&moves, 0);
            int32_t *o = shape == 2 ? NULL : int_ptr(&out, 0);
            duel_result r;
            size_t ws_len = below(2048);
            int null_workspace = k % 4 != 0 && shape == 3 && ws_len != 0;
            if (k % 4 == 0) {
                r = duel_ataxx_move(m, n, 1, o);
            } else {
                struct buffer ws = buffer_new(ws_len, below(8), 0xEE);
                r = duel_ataxx_move_in(m, n, 0, 1 + below(200), shape == 3 ? NULL : ws.data,
                                            ws_len, o);
                buffer_free(&ws);
            }
            check_result(r, "ataxx");
            if (!o || (!m && n != 0) || null_workspace)
                CHECK(r == DUEL_RESULT_NULL_POINTER, "ataxx: null pointer gave %u", (unsigned)r);
            else if (n % 4 != 0)
                CHECK(r == DUEL_RESULT_INVALID_SIZE, "ataxx: length %zu gave %u", n, (unsigned)r);
            else if (!corrupted && (n < len || (n == len && !over)))
                CHECK(r == DUEL_RESULT_OK, "ataxx: a played prefix gave %u", (unsigned)r);
            if (r != DUEL_RESULT_OK) CHECK(all_bytes(&out, SENTINEL), "ataxx: out written on error");
            buffer_free(&moves), buffer_free(&out);
        }
    }
}

/* ---- Filler -------------------------------------------------------------------------- */
static void filler(int rounds) {
    for (int i = 0; i < rounds; i++) {
        uint32_t n = below(20) == 0 ? (uint32_t)next() : 1 + below(21);
        size_t cells = n <= 21 ? (size_t)n * n : 16;
        size_t len = below(10) == 0 ? cells + below(3) - 1 : cells;
        struct buffer board = buffer_new(len, below(8), 0);
        for (size_t c = 0; c < len; c++) board.data[c] = below(200) == 0 ? (unsigned char)next() : below(10);
        struct buffer out = buffer_new(4, below(8), SENTINEL);
        size_t ws_len = below(4096);
        struct buffer ws = buffer_new(ws_len, below(8), 0xEE);
        uint32_t shape = below(16);
        const uint8_t *b = shape == 1 ? NULL : board.data;
        int32_t *c = shape == 2 ? NULL : int_ptr(&out, 0);
        duel_result r = i % 4 == 0
                            ? duel_filler_move(n, b, len, 1, c)
                            : duel_filler_move_in(n, b, len, 0, 1 + below(500),
                                                    shape == 3 ? NULL : ws.data, ws_len, c);
        check_result(r, "filler");
        if (!b || !c) CHECK(r == DUEL_RESULT_NULL_POINTER, "filler: null gave %u", (unsigned)r);
        if (n >= 1 && n <= 20 && len != cells) CHECK(r != DUEL_RESULT_OK, "filler: wrong length accepted");
        if (r == DUEL_RESULT_OK) {
            int32_t colour = get_int(&out, 0);
            CHECK(colour >= 0 && colour <= 9, "filler: colour %d", colour);
            CHECK(colour != board.data[cells - 1], "filler: the forbidden colour");
        } else {
            CHECK(all_bytes(&out, SENTINEL), "filler: out written on error");
        }
        buffer_free(&board), buffer_free(&out), buffer_free(&ws);
    }
}

/* ---- The Fruit Rage ------------------------------------------------------------------ */
static void fruit_rage(int rounds) {
    for (int i = 0; i < rounds; i++) {
        uint32_t n = below(30) == 0 ? (uint32_t)next() : 1 + below(27);
        size_t cells = n <= 27 ? (size_t)n * n : 9;
        size_t len = below(12) == 0 ? cells + below(3) - 1 : cells;
        size_t after_len = below(12) == 0 ? len + below(3) - 1 : len;
        struct buffer board = buffer_new(len, below(8), DUEL_FRUIT_RAGE_EMPTY);
        uint32_t kinds = 1 + below(10);
        int gravity = below(8) != 0;
        size_t side = n <= 27 ? n : 3;
        for (size_t col = 0; col < side; col++) {
            size_t height = below((uint32_t)side + 1);
            for (size_t row = 0; row < side; row++) {
                size_t at = row * side + col;
                if (at >= len) continue;
                int filled = gravity ? row >= side - height : below(2);
                board.data[at] = !filled ? DUEL_FRUIT_RAGE_EMPTY
                                 : below(300) == 0 ? (unsigned char)next()
                                                    : (unsigned char)below(kinds);
            }
        }
        struct buffer after = buffer_new(after_len, below(8), SENTINEL);
        struct buffer outs = buffer_new(12, below(8), SENTINEL);
        size_t ws_len = below(4096);
        struct buffer ws = buffer_new(ws_len, below(8), 0xEE);
        uint32_t shape = below(20);
        const uint8_t *b = shape == 1 ? NULL : board.data;
        uint8_t *a = shape == 2 ? NULL : after.data;
        int32_t *row = shape == 3 ? NULL : int_ptr(&outs, 0);
        int32_t *col = shape == 4 ? NULL : int_ptr(&outs, 1);
        int32_t *pts = shape == 5 ? NULL : int_ptr(&outs, 2);
        duel_result r = i % 4 == 0
                            ? duel_fruit_rage_move(n, b, len, below(999), row, col, pts, a, after_len)
                            : duel_fruit_rage_move_in(n, b, len, 0, 1 + below(400),
                                                      shape == 6 ? NULL : ws.data, ws_len, row,
                                                      col, pts, a, after_len);
        check_result(r, "fruit rage");
        if (!b || !a || !row || !col || !pts)
            CHECK(r == DUEL_RESULT_NULL_POINTER, "fruit rage: null gave %u", (unsigned)r);
        if (r == DUEL_RESULT_OK) {
            int32_t rr = get_int(&outs, 0), cc = get_int(&outs, 1), p = get_int(&outs, 2);
            CHECK(rr >= 0 && (uint32_t)rr < n && cc >= 0 && (uint32_t)cc < n, "fruit rage: cell");
            CHECK(board.data[rr * n + cc] != DUEL_FRUIT_RAGE_EMPTY, "fruit rage: an empty cell");
            int emptied = 0;
            for (size_t c = 0; c < len; c++)
                emptied += (after.data[c] == DUEL_FRUIT_RAGE_EMPTY) - (board.data[c] == DUEL_FRUIT_RAGE_EMPTY);
            CHECK(emptied > 0 && p == emptied * emptied, "fruit rage: %d points, %d emptied", p, emptied);
        } else {
            CHECK(all_bytes(&outs, SENTINEL) && all_bytes(&after, SENTINEL),
                  "fruit rage: outs written on error");
        }
        buffer_free(&board), buffer_free(&after), buffer_free(&outs), buffer_free(&ws);
    }
}

/* ---- Stake Your Claim ---------------------------------------------------------------- */
static void stake(int rounds) {
    for (int i = 0; i < rounds; i++) {
        uint32_t n = below(30) == 0 ? (uint32_t)next() : 1 + below(9);
        size_t cells = n <= 9 ? (size_t)n * n : 4;
        size_t len = below(12) == 0 ? cells + below(3) - 1 : cells;
        struct buffer board = buffer_new(len, below(8), '.');
        size_t empties = 1 + below(11);
        char digit = '0';
        for (size_t c = 0; c < len; c++) {
            if (below(400) == 0) {
                board.data[c] = (unsigned char)next();
            } else if (c + empties < cells || below(20) == 0) {
                board.data[c] = (unsigned char)digit;
                digit = digit == '0' ? '1' : '0';
            }
        }
        struct buffer outs = buffer_new(12, below(8), SENTINEL);
        struct buffer outs2 = buffer_new(12, below(8), SENTINEL);
        size_t ws_len = below(2) ? below(4096) : DUEL_STAKE_WORKSPACE_BYTES + below(64);
        struct buffer ws = buffer_new(ws_len, below(8), 0xEE);
        uint32_t shape = below(20);
        const uint8_t *b = shape == 1 ? NULL : board.data;
        int32_t *p[3];
        for (uint32_t k = 0; k < 3; k++) p[k] = shape == 2 + k ? NULL : int_ptr(&outs, k);
        duel_result r = duel_stake_move_in(n, b, len, shape == 5 ? NULL : ws.data, ws_len, p[0], p[1], p[2]);
        check_result(r, "stake");
        if (!b || !p[0] || !p[1] || !p[2] || (shape == 5 && ws_len != 0))
            CHECK(r == DUEL_RESULT_NULL_POINTER, "stake: null gave %u", (unsigned)r);
        if (r == DUEL_RESULT_OK) {
            /* The exact answer does not depend on the workspace. */
            duel_result r2 = duel_stake_move(n, board.data, len, int_ptr(&outs2, 0),
                                              int_ptr(&outs2, 1), int_ptr(&outs2, 2));
            check_result(r2, "stake");
            CHECK(r2 == DUEL_RESULT_OK && memcmp(outs.data, outs2.data, 12) == 0,
                  "stake: the two variants disagree");
            int32_t rr = get_int(&outs, 0), cc = get_int(&outs, 1);
            CHECK(rr >= 0 && (uint32_t)rr < n && cc >= 0 && (uint32_t)cc < n, "stake: cell");
            CHECK(board.data[rr * n + cc] == '.', "stake: not an empty cell");
        } else {
            CHECK(all_bytes(&outs, SENTINEL), "stake: outs written on error");
        }
        buffer_free(&board), buffer_free(&outs), buffer_free(&outs2), buffer_free(&ws);
    }
}

int main(int argc, char **argv) {
    int scale = argc > 1 ? atoi(argv[1]) : 1;
    if (scale < 1) scale = 1;
    for (uint32_t code = 0; code < 300; code++) {
        const char *m = duel_result_message(code);
        calls++;
        CHECK(m != NULL && strlen(m) > 0, "message of %u", code);
    }
    CHECK(strcmp(duel_result_message(0xFFFFFFFFu), "unknown duel_result code") == 0, "unknown");
    reversi(3000 * scale);
    ataxx(25 * scale);
    filler(3000 * scale);
    fruit_rage(3000 * scale);
    stake(3000 * scale);
    if (failures) {
        printf("%lu failed checks in %lu calls\n", failures, calls);
        return 1;
    }
    printf("ok %lu calls\n", calls);
    return 0;
}
