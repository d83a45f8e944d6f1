/* Exercises duel's C API for Filler from C: allowed colours on ordinary and degenerate boards,
 * reproducible node budgets, a caller workspace, and every error code. Prints "ok". */
#include "duel.h"

#include <stdio.h>

static int failures = 0;

#define CHECK(cond)                                                                    \
    do {                                                                               \
        if (!(cond)) {                                                                 \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);   \
            failures++;                                                                \
        }                                                                              \
    } while (0)

static unsigned char workspace[1 << 16];

static void fill(uint8_t *board, int n, unsigned seed) {
    for (int i = 0; i < n * n; i++) {
        seed = seed * 1103515245u + 12345u;
        board[i] = (uint8_t)((seed >> 16) % 10);
    }
}

int main(void) {
    uint8_t board[400];
    int32_t colour = -1, again = -1;
    for (int n = 10; n <= 20; n += 5) {
        for (unsigned seed = 1; seed <= 5; seed++) {
            fill(board, n, seed * 7919u + (unsigned)n);
            CHECK(duel_filler_move_in((uint32_t)n, board, (size_t)(n * n), 0, 2000, workspace, sizeof workspace,
                                        &colour) == DUEL_RESULT_OK);
            CHECK(duel_filler_move_in((uint32_t)n, board, (size_t)(n * n), 0, 2000, workspace, sizeof workspace,
                                        &again) == DUEL_RESULT_OK);
            CHECK(colour == again);
            /* The first name of the function is the same function. */
            CHECK(duel_filler_move_in((uint32_t)n, board, (size_t)(n * n), 0, 2000, workspace, sizeof workspace,
                                        &again) == DUEL_RESULT_OK);
            CHECK(colour == again);
            CHECK(colour >= 0 && colour <= 9 && colour != board[n * n - 1]);
        }
    }
    /* Degenerate: both start cells one colour, the whole board one colour. */
    for (int i = 0; i < 100; i++) board[i] = 4;
    CHECK(duel_filler_move(10, board, 100, 30, &colour) == DUEL_RESULT_OK);
    CHECK(colour >= 0 && colour <= 9 && colour != 4);

    colour = 77;
    CHECK(duel_filler_move(10, NULL, 100, 30, &colour) == DUEL_RESULT_NULL_POINTER);
    CHECK(duel_filler_move(10, board, 100, 30, NULL) == DUEL_RESULT_NULL_POINTER);
    CHECK(duel_filler_move_in(10, board, 100, 30, 0, NULL, 8, &colour) == DUEL_RESULT_NULL_POINTER);
    CHECK(duel_filler_move(10, board, 99, 30, &colour) == DUEL_RESULT_INVALID_SIZE);
    CHECK(duel_filler_move(21, board, 441, 30, &colour) == DUEL_RESULT_INVALID_SIZE);
    CHECK(duel_filler_move(0, board, 0, 30, &colour) == DUEL_RESULT_INVALID_SIZE);
    CHECK(duel_filler_move_in(10, board, 100, 0, 0, workspace, sizeof workspace, &colour) == DUEL_RESULT_INVALID_SIZE);
    board[17] = 10;
    CHECK(duel_filler_move(10, board, 100, 30, &colour) == DUEL_RESULT_INVALID_CELL);
    CHECK(colour == 77);

    if (failures) return 1;
    printf("ok\n");
    return 0;
}
