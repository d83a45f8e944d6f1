/* Exercises duel's C API for Reversi from C: every result code, both variants, a caller-provided
 * workspace (no heap in duel's call), and the messages. Prints "ok" and exits 0 when all hold. */
#include "duel.h"

#include <stdio.h>
#include <string.h>

static int failures = 0;

#define CHECK(cond)                                                   \
    do {                                                              \
        if (!(cond)) {                                                \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                               \
        }                                                             \
    } while (0)

static void start(int board[64]) {
    for (int i = 0; i < 64; i++) board[i] = -1;
    board[3 * 8 + 3] = 1; board[4 * 8 + 4] = 1;  /* black */
    board[3 * 8 + 4] = 0; board[4 * 8 + 3] = 0;  /* white */
}

/* Black's legal first moves from the contest's start position. */
static int legal_first(int row, int column) {
    return (row == 2 && column == 4) || (row == 3 && column == 5) ||
           (row == 4 && column == 2) || (row == 5 && column == 3);
}

/* A workspace in static memory, as an embedded caller would have it: 64 KiB. */
static unsigned char workspace[1 << 16];

int main(void) {
    int board[64];
    int row = 99, column = 99;
    start(board);

    CHECK(duel_reversi_move(board, 1, 100, &row, &column) == DUEL_RESULT_OK);
    CHECK(legal_first(row, column));

    row = column = 99;
    CHECK(duel_reversi_move_in(board, 1, 0, 20000, workspace, sizeof workspace, &row, &column) == DUEL_RESULT_OK);
    CHECK(legal_first(row, column));
    /* A node budget is reproducible. */
    int row2 = 99, column2 = 99;
    CHECK(duel_reversi_move_in(board, 1, 0, 20000, workspace, sizeof workspace, &row2, &column2) == DUEL_RESULT_OK);
    CHECK(row == row2 && column == column2);
    /* The first name of the function is the same function. */
    row2 = column2 = 99;
    CHECK(duel_reversi_move_in(board, 1, 0, 20000, workspace, sizeof workspace, &row2, &column2) == DUEL_RESULT_OK);
    CHECK(row == row2 && column == column2);
    CHECK(duel_reversi_move(NULL, 1, 10, &row2, &column2) == DUEL_RESULT_NULL_POINTER);
    /* A misaligned, tiny, or absent workspace still plays legal moves. */
    CHECK(duel_reversi_move_in(board, 1, 0, 5000, workspace + 3, 40, &row, &column) == DUEL_RESULT_OK);
    CHECK(legal_first(row, column));
    CHECK(duel_reversi_move_in(board, 1, 0, 5000, NULL, 0, &row, &column) == DUEL_RESULT_OK);
    CHECK(legal_first(row, column));

    /* Every error code, and out-parameters untouched on error. */
    row = column = 77;
    CHECK(duel_reversi_move(NULL, 1, 10, &row, &column) == DUEL_RESULT_NULL_POINTER);
    CHECK(duel_reversi_move(board, 1, 10, NULL, &column) == DUEL_RESULT_NULL_POINTER);
    CHECK(duel_reversi_move(board, 1, 10, &row, NULL) == DUEL_RESULT_NULL_POINTER);
    CHECK(duel_reversi_move_in(board, 1, 10, 0, NULL, 64, &row, &column) == DUEL_RESULT_NULL_POINTER);
    CHECK(duel_reversi_move_in(board, 1, 0, 0, workspace, sizeof workspace, &row, &column) == DUEL_RESULT_INVALID_SIZE);
    CHECK(duel_reversi_move(board, 2, 10, &row, &column) == DUEL_RESULT_INVALID_COLOUR);
    CHECK(duel_reversi_move(board, -1, 10, &row, &column) == DUEL_RESULT_INVALID_COLOUR);
    board[0] = 2;
    CHECK(duel_reversi_move(board, 1, 10, &row, &column) == DUEL_RESULT_INVALID_CELL);
    board[0] = -2;
    CHECK(duel_reversi_move_in(board, 1, 10, 0, workspace, sizeof workspace, &row, &column) == DUEL_RESULT_INVALID_CELL);
    /* A full board of black: nobody can move. */
    for (int i = 0; i < 64; i++) board[i] = 1;
    CHECK(duel_reversi_move(board, 0, 10, &row, &column) == DUEL_RESULT_NO_LEGAL_MOVE);
    CHECK(duel_reversi_move(board, 1, 10, &row, &column) == DUEL_RESULT_NO_LEGAL_MOVE);
    CHECK(row == 77 && column == 77);

    /* The version: MAJOR.MINOR.PATCH. */
    unsigned major, minor, patch;
    CHECK(duel_version() != NULL && sscanf(duel_version(), "%u.%u.%u", &major, &minor, &patch) == 3);

    /* Messages: every code named, unknown codes too, never NULL. */
    CHECK(strcmp(duel_result_message(DUEL_RESULT_OK), "ok") == 0);
    unsigned codes[] = {DUEL_RESULT_NULL_POINTER, DUEL_RESULT_INVALID_CELL, DUEL_RESULT_INVALID_COLOUR,
                        DUEL_RESULT_NO_LEGAL_MOVE, DUEL_RESULT_INVALID_SIZE, DUEL_RESULT_INVALID_BOARD,
                        DUEL_RESULT_ILLEGAL_MOVE,
                        DUEL_RESULT_PANIC, 12345};
    for (unsigned i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        const char *m = duel_result_message(codes[i]);
        CHECK(m != NULL && strlen(m) > 3 && strcmp(m, "ok") != 0);
    }

    if (failures) return 1;
    printf("ok\n");
    return 0;
}
