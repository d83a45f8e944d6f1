/* Exercises duel's C API for Stake Your Claim from C: the contest's samples, a caller-provided
 * workspace, and every error code. Prints "ok" and exits 0 when all hold. */
#include "duel.h"

#include <stdio.h>
#include <string.h>

static int failures = 0;

#define CHECK(cond)                                                                    \
    do {                                                                               \
        if (!(cond)) {                                                                 \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);   \
            failures++;                                                                \
        }                                                                              \
    } while (0)

static unsigned char workspace[DUEL_STAKE_WORKSPACE_BYTES];

int main(void) {
    const char *sample1 = "01.1" "00.." ".01." "...1";
    const char *sample2 = "0.01" "0.01" "1..0" ".1..";
    int row = -9, column = -9, value = -99;

    CHECK(duel_stake_move(4, (const uint8_t *)sample1, 16, &row, &column, &value) == DUEL_RESULT_OK);
    CHECK(row == 1 && column == 2 && value == 2);
    /* The first names of the functions are the same functions. */
    row = column = value = 77;
    CHECK(duel_stake_move(4, (const uint8_t *)sample1, 16, &row, &column, &value) == DUEL_RESULT_OK);
    CHECK(row == 1 && column == 2 && value == 2);
    row = column = value = 77;
    CHECK(duel_stake_move_in(4, (const uint8_t *)sample2, 16, NULL, 0, &row, &column, &value) == DUEL_RESULT_OK);
    CHECK(row == 2 && column == 2 && value == -1);
    CHECK(duel_stake_move_in(4, (const uint8_t *)sample2, 16, workspace, sizeof workspace, &row, &column,
                              &value) == DUEL_RESULT_OK);
    CHECK(row == 2 && column == 2 && value == -1);
    /* A misaligned workspace works too; a tiny one is refused. */
    CHECK(duel_stake_move_in(4, (const uint8_t *)sample1, 16, workspace + 1, sizeof workspace - 1, &row, &column,
                              &value) == DUEL_RESULT_OK);
    CHECK(row == 1 && column == 2 && value == 2);
    /* A tiny workspace, or none, is slower but just as exact. */
    row = column = value = 77;
    CHECK(duel_stake_move_in(4, (const uint8_t *)sample1, 16, workspace, 8, &row, &column, &value) == DUEL_RESULT_OK);
    CHECK(row == 1 && column == 2 && value == 2);
    CHECK(duel_stake_move_in(4, (const uint8_t *)sample2, 16, NULL, 0, &row, &column, &value) == DUEL_RESULT_OK);
    CHECK(row == 2 && column == 2 && value == -1);
    row = column = value = 77;

    CHECK(duel_stake_move(4, NULL, 16, &row, &column, &value) == DUEL_RESULT_NULL_POINTER);
    CHECK(duel_stake_move(4, (const uint8_t *)sample1, 16, &row, NULL, &value) == DUEL_RESULT_NULL_POINTER);
    CHECK(duel_stake_move_in(4, (const uint8_t *)sample1, 16, NULL, 64, &row, &column, &value) ==
          DUEL_RESULT_NULL_POINTER);
    CHECK(duel_stake_move(4, (const uint8_t *)sample1, 15, &row, &column, &value) == DUEL_RESULT_INVALID_SIZE);
    CHECK(duel_stake_move(9, (const uint8_t *)sample1, 81, &row, &column, &value) == DUEL_RESULT_INVALID_SIZE);
    CHECK(duel_stake_move(0, (const uint8_t *)sample1, 0, &row, &column, &value) == DUEL_RESULT_INVALID_SIZE);
    CHECK(duel_stake_move(2, (const uint8_t *)"0x1.", 4, &row, &column, &value) == DUEL_RESULT_INVALID_CELL);
    CHECK(duel_stake_move(2, (const uint8_t *)"11..", 4, &row, &column, &value) == DUEL_RESULT_INVALID_BOARD);
    CHECK(duel_stake_move(2, (const uint8_t *)"0110", 4, &row, &column, &value) == DUEL_RESULT_NO_LEGAL_MOVE);
    /* 12 empty cells: more than the contest allows. */
    CHECK(duel_stake_move(4, (const uint8_t *)"01.." "...." "...." "..10", 16, &row, &column, &value) ==
          DUEL_RESULT_INVALID_BOARD);
    CHECK(row == 77 && column == 77 && value == 77);
    CHECK(strcmp(duel_result_message(DUEL_RESULT_INVALID_BOARD), "the board breaks the game's rules") == 0);

    if (failures) return 1;
    printf("ok\n");
    return 0;
}
