// duel's Java grader for the Reversi contest: the protocol of grader/reversi/grader.cpp (the
// colour on the first line, then 8x8 boards; each answered with "row column"), calling
// Solution.move like the contest's Grader.java.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.StreamTokenizer;

public class Grader {
    public static void main(String[] args) throws IOException {
        StreamTokenizer in = new StreamTokenizer(new BufferedReader(new InputStreamReader(System.in)));
        PrintStream out = System.out;
        if (in.nextToken() != StreamTokenizer.TT_NUMBER) {
            System.err.println("Grader: expected the colour (0 or 1) on the first line");
            System.exit(2);
        }
        int c = (int) in.nval;
        Solution solution = new Solution();
        int[][] a = new int[8][8];
        while (true) {
            for (int r = 0; r < 8; r++) {
                for (int k = 0; k < 8; k++) {
                    int token = in.nextToken();
                    if (token == StreamTokenizer.TT_EOF && r == 0 && k == 0) {
                        return;
                    }
                    if (token != StreamTokenizer.TT_NUMBER) {
                        System.err.println("Grader: board row " + r + ": expected 8 integers");
                        System.exit(2);
                    }
                    a[r][k] = (int) in.nval;
                }
            }
            int[] move = {-1, -1};
            try {
                solution.move(a, c, move);
            } catch (IllegalArgumentException e) {
                System.err.println("Grader: " + e.getMessage());
            }
            out.println(move[0] + " " + move[1]);
            out.flush();
        }
    }
}
