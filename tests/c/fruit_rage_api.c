/* Exercises duel's C API for The Fruit Rage from C: the first official example (claim the two
 * 1s at B1 for 4 points), the box after gravity, a large box with little time, the
 * allocation-free variant with a node limit and a misaligned workspace, and every error code.
 * Prints "ok". */
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

#define E DUEL_FRUIT_RAGE_EMPTY

int main(void) {
    uint8_t example[4] = {0, 1, 2, 1}, after[4];
    int32_t row = -1, column = -1, points = -1;
    CHECK(duel_fruit_rage_move(2, example, 4, 123600, &row, &column, &points, after, 4) == DUEL_RESULT_OK);
    CHECK(row == 0 && column == 1 && points == 4);
    uint8_t expected[4] = {0, E, 2, E};
    CHECK(memcmp(after, expected, 4) == 0);

    /* A full 26x26 box with 50 ms left: an instant legal move, gravity applied. */
    static uint8_t big[676], big_after[676];
    unsigned seed = 42;
    for (int i = 0; i < 676; i++) {
        seed = seed * 1103515245u + 12345u;
        big[i] = (uint8_t)((seed >> 16) % 4);
    }
    CHECK(duel_fruit_rage_move(26, big, 676, 50, &row, &column, &points, big_after, 676) == DUEL_RESULT_OK);
    CHECK(row >= 0 && row < 26 && column >= 0 && column < 26 && points >= 1);
    int emptied = 0;
    for (int i = 0; i < 676; i++) emptied += big_after[i] == E;
    CHECK(emptied * emptied == points);
    for (int c = 0; c < 26; c++)
        for (int r = 1; r < 26; r++)
            CHECK(!(big_after[(r - 1) * 26 + c] != E && big_after[r * 26 + c] == E));

    /* The variant without allocation: a node limit and no time limit, reproducible; a
     * workspace at an odd address. */
    static unsigned char workspace[4096 + 1];
    int32_t row2 = -1, column2 = -1, points2 = -1;
    uint8_t big_after2[676];
    CHECK(duel_fruit_rage_move_in(2, example, 4, 0, 1000, workspace + 1, 4096, &row, &column, &points, after, 4) == DUEL_RESULT_OK);
    CHECK(row == 0 && column == 1 && points == 4 && memcmp(after, expected, 4) == 0);
    CHECK(duel_fruit_rage_move_in(26, big, 676, 0, 5000, workspace + 1, 4096, &row, &column, &points, big_after, 676) == DUEL_RESULT_OK);
    CHECK(duel_fruit_rage_move_in(26, big, 676, 0, 5000, workspace + 1, 4096, &row2, &column2, &points2, big_after2, 676) == DUEL_RESULT_OK);
    CHECK(row == row2 && column == column2 && points == points2 && memcmp(big_after, big_after2, 676) == 0);
    CHECK(duel_fruit_rage_move_in(26, big, 676, 0, 5000, NULL, 0, &row2, &column2, &points2, big_after2, 676) == DUEL_RESULT_OK);

    row = column = points = 77;
    CHECK(duel_fruit_rage_move_in(2, example, 4, 0, 0, workspace, 64, &row, &column, &points, after, 4) == DUEL_RESULT_INVALID_SIZE);
    CHECK(duel_fruit_rage_move_in(2, example, 4, 0, 100, NULL, 64, &row, &column, &points, after, 4) == DUEL_RESULT_NULL_POINTER);
    uint8_t floating[4] = {0, 1, E, 1}, bad[4] = {0, 1, 12, 1}, empty[4] = {E, E, E, E};
    CHECK(duel_fruit_rage_move(2, floating, 4, 1000, &row, &column, &points, after, 4) == DUEL_RESULT_INVALID_BOARD);
    CHECK(duel_fruit_rage_move(2, bad, 4, 1000, &row, &column, &points, after, 4) == DUEL_RESULT_INVALID_CELL);
    CHECK(duel_fruit_rage_move(2, empty, 4, 1000, &row, &column, &points, after, 4) == DUEL_RESULT_NO_LEGAL_MOVE);
    CHECK(duel_fruit_rage_move(2, example, 3, 1000, &row, &column, &points, after, 4) == DUEL_RESULT_INVALID_SIZE);
    CHECK(duel_fruit_rage_move(2, example, 4, 1000, &row, &column, &points, after, 3) == DUEL_RESULT_INVALID_SIZE);
    CHECK(duel_fruit_rage_move(27, big, 729, 1000, &row, &column, &points, big_after, 729) == DUEL_RESULT_INVALID_SIZE);
    CHECK(duel_fruit_rage_move(2, NULL, 4, 1000, &row, &column, &points, after, 4) == DUEL_RESULT_NULL_POINTER);
    CHECK(duel_fruit_rage_move(2, example, 4, 1000, &row, &column, &points, NULL, 4) == DUEL_RESULT_NULL_POINTER);
    CHECK(row == 77 && column == 77 && points == 77);

    if (failures) return 1;
    printf("ok\n");
    return 0;
}
