/* Exercises duel's C API for Ataxx (Botzone rules) from C: a whole game played through it, each
 * answer appended to the history the next call replays with checked moves (so an illegal or
 * circular answer would come back as DUEL_RESULT_ILLEGAL_MOVE), reproducible node budgets, and
 * every error code. Prints "ok <plies>" and exits 0 when all hold. */
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

static unsigned char workspace[1 << 16];
static int32_t history[4 * 401];

int main(void) {
    int32_t out[4], again[4];
    size_t plies = 0;
    duel_result r;
    /* A whole game, the engine playing both sides with a node budget. */
    for (;;) {
        r = duel_ataxx_move_in(history, 4 * plies, 0, 3000, workspace, sizeof workspace, out);
        if (r != DUEL_RESULT_OK) break;
        CHECK(duel_ataxx_move_in(history, 4 * plies, 0, 3000, workspace, sizeof workspace, again) ==
              DUEL_RESULT_OK);
        CHECK(memcmp(out, again, sizeof out) == 0);
        memcpy(&history[4 * plies], out, sizeof out);
        plies++;
        if (plies == 401) break;
    }
    CHECK(r == DUEL_RESULT_NO_LEGAL_MOVE || plies == 401);
    CHECK(plies > 10);

    /* The allocating variant answers the start position with a black piece's move. */
    CHECK(duel_ataxx_move(NULL, 0, 50, out) == DUEL_RESULT_OK);
    /* The first name of the function is the same function. */
    CHECK(duel_ataxx_move(NULL, 0, 50, out) == DUEL_RESULT_OK);
    CHECK(duel_ataxx_move_in(NULL, 0, 0, 0, workspace, sizeof workspace, out) == DUEL_RESULT_INVALID_SIZE);
    CHECK((out[0] == 0 && out[1] == 0) || (out[0] == 6 && out[1] == 6));

    /* A jump out and back by both sides, then the same jump again: circular. */
    int32_t circular[] = {0, 0, 2, 0, 6, 0, 4, 0, 2, 0, 0, 0, 4, 0, 6, 0, 0, 0, 2, 0};
    CHECK(duel_ataxx_move(circular, 16, 20, out) == DUEL_RESULT_OK);
    out[0] = out[1] = out[2] = out[3] = 77;
    CHECK(duel_ataxx_move(circular, 20, 20, out) == DUEL_RESULT_ILLEGAL_MOVE);
    int32_t illegal[] = {3, 3, 4, 4};
    CHECK(duel_ataxx_move(illegal, 4, 20, out) == DUEL_RESULT_ILLEGAL_MOVE);
    int32_t off_board[] = {0, 0, 0, -1};
    CHECK(duel_ataxx_move(off_board, 4, 20, out) == DUEL_RESULT_ILLEGAL_MOVE);
    CHECK(duel_ataxx_move(illegal, 3, 20, out) == DUEL_RESULT_INVALID_SIZE);
    CHECK(duel_ataxx_move(history, 4 * 402, 20, out) == DUEL_RESULT_INVALID_SIZE);
    CHECK(duel_ataxx_move_in(NULL, 0, 0, 0, workspace, sizeof workspace, out) == DUEL_RESULT_INVALID_SIZE);
    CHECK(duel_ataxx_move(NULL, 4, 20, out) == DUEL_RESULT_NULL_POINTER);
    CHECK(duel_ataxx_move(NULL, 0, 20, NULL) == DUEL_RESULT_NULL_POINTER);
    CHECK(duel_ataxx_move_in(NULL, 0, 20, 0, NULL, 16, out) == DUEL_RESULT_NULL_POINTER);
    CHECK(out[0] == 77 && out[3] == 77);
    CHECK(strcmp(duel_result_message(DUEL_RESULT_ILLEGAL_MOVE), "a move of the history is not legal where it is played") == 0);

    if (failures) return 1;
    printf("ok %zu\n", plies);
    return 0;
}
