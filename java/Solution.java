// The Java contest's solution class (default package, as the contest requires): duel's engine
// through JNI. Needs libduel.so on java.library.path (java/run.sh sets it).
public class Solution {
    static {
        System.loadLibrary("duel");
    }

    /**
     * Chooses a move for colour c (0 white, 1 black) on board a (8 rows of 8: -1 empty, 0 white,
     * 1 black) and writes it into move[0] (row) and move[1] (column). Within one process the
     * engine keeps its state and spreads the contest's 10 seconds over the game.
     *
     * @throws IllegalArgumentException for a null or wrongly sized array, a cell other than
     *     -1/0/1, a colour other than 0/1, or a board where c has no legal move.
     */
    public native void move(int[][] a, int c, int[] move);
}
