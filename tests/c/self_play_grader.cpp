// A grader written for duel's tests, not the project's own: like the contest's grader.cpp it only
// declares `move`, and links with libduel.a. It referees GAMES games between the linked solution
// (colour C) and a random mover of its own, all in one process, checking every answer against its
// own rules code and timing the solution's thinking per game.
// Output: one line per game "game K: discs ours=X theirs=Y thinking_ms=T", then "done".
// Exit status 1 on the first illegal or out-of-range answer (with a line on stderr).
#include <chrono>
#include <cstdio>
#include <cstdlib>

void move(const int a[8][8], const int c, int* row, int* column);

namespace {

const int DR[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
const int DC[8] = {-1, 0, 1, -1, 1, -1, 0, 1};

int flips_in(const int b[8][8], int colour, int r, int c, int d) {
    int n = 0, rr = r + DR[d], cc = c + DC[d];
    while (rr >= 0 && rr < 8 && cc >= 0 && cc < 8 && b[rr][cc] == 1 - colour) {
        ++n;
        rr += DR[d];
        cc += DC[d];
    }
    if (n == 0 || rr < 0 || rr >= 8 || cc < 0 || cc >= 8 || b[rr][cc] != colour) return 0;
    return n;
}

bool legal(const int b[8][8], int colour, int r, int c) {
    if (r < 0 || r >= 8 || c < 0 || c >= 8 || b[r][c] != -1) return false;
    for (int d = 0; d < 8; ++d)
        if (flips_in(b, colour, r, c, d)) return true;
    return false;
}

bool has_move(const int b[8][8], int colour) {
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 8; ++c)
            if (legal(b, colour, r, c)) return true;
    return false;
}

void play(int b[8][8], int colour, int r, int c) {
    for (int d = 0; d < 8; ++d) {
        int n = flips_in(b, colour, r, c, d);
        for (int k = 1; k <= n; ++k) b[r + k * DR[d]][c + k * DC[d]] = colour;
    }
    b[r][c] = colour;
}

}  // namespace

int main(int argc, char** argv) {
    int games = argc > 1 ? std::atoi(argv[1]) : 1;
    std::srand(12345);
    for (int g = 0; g < games; ++g) {
        int ours = g % 2;  // alternate colours: black (1) moves first
        int b[8][8];
        for (int r = 0; r < 8; ++r)
            for (int c = 0; c < 8; ++c) b[r][c] = -1;
        b[3][3] = b[4][4] = 1;
        b[3][4] = b[4][3] = 0;
        int to_move = 1;
        double thinking_ms = 0;
        while (has_move(b, 0) || has_move(b, 1)) {
            if (!has_move(b, to_move)) {
                to_move = 1 - to_move;
                continue;
            }
            int r = -1, c = -1;
            if (to_move == ours) {
                auto t0 = std::chrono::steady_clock::now();
                move(b, ours, &r, &c);
                thinking_ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
                if (!legal(b, ours, r, c)) {
                    std::fprintf(stderr, "game %d: illegal answer %d %d\n", g, r, c);
                    return 1;
                }
            } else {
                int options[64][2], n = 0;
                for (int rr = 0; rr < 8; ++rr)
                    for (int cc = 0; cc < 8; ++cc)
                        if (legal(b, to_move, rr, cc)) {
                            options[n][0] = rr;
                            options[n][1] = cc;
                            ++n;
                        }
                int k = std::rand() % n;
                r = options[k][0];
                c = options[k][1];
            }
            play(b, to_move, r, c);
            to_move = 1 - to_move;
        }
        int mine = 0, theirs = 0;
        for (int r = 0; r < 8; ++r)
            for (int c = 0; c < 8; ++c) {
                if (b[r][c] == ours) ++mine;
                if (b[r][c] == 1 - ours) ++theirs;
            }
        std::printf("game %d: discs ours=%d theirs=%d thinking_ms=%.0f\n", g, mine, theirs, thinking_ms);
        std::fflush(stdout);
    }
    std::printf("done\n");
    return 0;
}
