// The Reversi contest's entry point, with the C++ linkage its grader.cpp expects:
//     void move(const int a[8][8], const int c, int* row, int* column);
// All the work happens in Rust (duel_contest_move in ffi/src/contest.rs); this shim only gives
// the function its C++ name.

extern "C" void duel_contest_move(const int* board, int colour, int* row, int* column);

void move(const int a[8][8], const int c, int* row, int* column) {
    duel_contest_move(&a[0][0], c, row, column);
}
