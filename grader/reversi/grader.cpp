// duel's grader for the Reversi contest (protocol: docs/rules/reversi.md).
//
// It knows nothing of duel: like the contest's own grader it only declares `move`, which the
// solution provides. Link it with duel's library:
//     g++ -std=c++11 grader.cpp -L target/release -lduel <system libraries> -o solution
//
// Protocol, over standard input and output, one game a process: the first line is the player's
// colour c (0 white, 1 black); then each request is 8 lines of 8 space-separated integers (the
// board: -1 empty, 0 white, 1 black), answered by one line "row column", flushed. End of input
// ends the program with status 0; malformed input ends it with status 2 and a line on stderr.
#include <cstdio>

void move(const int a[8][8], const int c, int* row, int* column);

int main() {
    int c;
    if (std::scanf("%d", &c) != 1) {
        std::fprintf(stderr, "grader: expected the colour (0 or 1) on the first line\n");
        return 2;
    }
    if (c != 0 && c != 1) {
        std::fprintf(stderr, "grader: colour must be 0 or 1, not %d\n", c);
        return 2;
    }
    int a[8][8];
    for (;;) {
        for (int r = 0; r < 8; ++r) {
            for (int k = 0; k < 8; ++k) {
                int got = std::scanf("%d", &a[r][k]);
                if (got == EOF && r == 0 && k == 0) {
                    return 0;
                }
                if (got != 1) {
                    std::fprintf(stderr, "grader: board row %d: expected 8 integers\n", r);
                    return 2;
                }
            }
        }
        int row = -1, column = -1;
        move(a, c, &row, &column);
        std::printf("%d %d\n", row, column);
        std::fflush(stdout);
    }
}
