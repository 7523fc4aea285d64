package main

import (
	"strings"
	"testing"

	"bashni/rules"
)

// TestGo: info lines then a legal bestmove, for each kind of limit and at
// every level; "bestmove none" in finished games; errors for bad limits.
func TestGo(t *testing.T) {
	legalAfter := func(t *testing.T, setup []string, out []string) {
		t.Helper()
		if len(out) == 0 || !strings.HasPrefix(out[len(out)-1], "bestmove ") {
			t.Fatalf("output %q does not end with bestmove", out)
		}
		for _, l := range out[:len(out)-1] {
			if !strings.HasPrefix(l, "info depth ") || !strings.Contains(l, " score ") || !strings.Contains(l, " nodes ") ||
				!strings.Contains(l, " nps ") || !strings.Contains(l, " time ") || !strings.Contains(l, " pv ") {
				t.Fatalf("bad info line %q", l)
			}
		}
		// Replay the setup on a fresh engine and play the move.
		move := strings.TrimPrefix(out[len(out)-1], "bestmove ")
		check := runLines(t, append(setup, "legal")...)
		legal := strings.Fields(check[len(check)-1])[2:]
		for _, m := range legal {
			if m == move {
				return
			}
		}
		t.Fatalf("bestmove %s is not among %v", move, legal)
	}
	for _, goCmd := range []string{"go depth 4", "go nodes 5000", "go movetime 50", "go depth 30 nodes 20000", "go depth 2 movetime 1000 nodes 100000"} {
		setup := []string{"position startpos moves c3-d4 f6-e5 d4:f6 g7:e5"}
		legalAfter(t, setup, runLines(t, append(setup, goCmd)...))
	}
	for level := 1; level <= 6; level++ {
		setup := []string{"variant lasca", "position startpos moves c3-d4"}
		out := runLines(t, append(setup, "setoption name level value "+string(rune('0'+level)), "setoption name seed value 5", "go")...)
		legalAfter(t, setup, out[1:]) // out[0] is "variant lasca"
	}
	setup := []string{"position startpos"}
	legalAfter(t, setup, runLines(t, "setoption name eval value material", "setoption name hash value 1", "position startpos", "go depth 2"))
	if out := runLines(t, "position fen B:Wa1,c1:Bb2", "go depth 3"); len(out) != 1 || out[0] != "bestmove none" {
		t.Fatalf("no-move position: %q", out)
	}
	if out := runLines(t, "position fen W:Wa1-1:Bh6-1 moves a1-b2 h6-g5 b2-a1 g5-h6 a1-b2 h6-g5 b2-a1 g5-h6", "go"); len(out) != 1 || out[0] != "bestmove none" {
		t.Fatalf("drawn position: %q", out)
	}
	for _, bad := range []string{"go depth", "go depth 0", "go depth 1000", "go movetime -5", "go nodes x", "go ponder 1", "setoption name eval value clever"} {
		if out := runLines(t, bad); len(out) != 1 || !strings.HasPrefix(out[0], "error ") {
			t.Errorf("%q answered %q", bad, out)
		}
	}
}

// TestGoSelfPlay: the engine plays whole fast games against itself through
// the protocol, every move legal, until the rules end the game.
func TestGoSelfPlay(t *testing.T) {
	for _, v := range rules.Variants {
		g := rules.NewGame(v)
		var moves []string
		for !g.Outcome().Over() && g.Ply() < 300 {
			cmd := []string{"variant " + strings.ToLower(v.String()), "position startpos"}
			if len(moves) > 0 {
				cmd[1] += " moves " + strings.Join(moves, " ")
			}
			out := runLines(t, append(cmd, "go nodes 2000")...)
			best := strings.TrimPrefix(out[len(out)-1], "bestmove ")
			if _, err := g.PlayText(best); err != nil {
				t.Fatalf("%v ply %d: %v", v, g.Ply(), err)
			}
			moves = append(moves, best)
		}
	}
}
