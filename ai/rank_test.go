package ai

import (
	"context"
	"testing"

	"bashni/rules"
)

// TestRankMoves: with a margin wider than any score gap every move gets an
// exact score, sorted best first, and the best agrees with Search; with a
// narrow margin, every move that is not exact is proven at least the margin
// below the best.
func TestRankMoves(t *testing.T) {
	fens := append([]string{}, benchFENs[:4]...)
	for _, tc := range tactics[:2] {
		fens = append(fens, tc.fen)
	}
	for _, fen := range fens {
		p := mustFEN(t, rules.Bashni, fen)
		h := []*rules.Position{p}
		lim := Limits{Depth: 5}
		want := NewEngine(Options{HashMiB: 4}).Search(context.Background(), h, lim, nil)

		all := NewEngine(Options{HashMiB: 4}).RankMoves(context.Background(), h, lim, 2*inf, nil)
		if got, n := len(all.Moves), len(p.LegalMoves(nil)); got != n {
			t.Fatalf("%s: %d moves ranked, %d legal", fen, got, n)
		}
		for i, m := range all.Moves {
			if !m.Exact {
				t.Errorf("%s: %v not exact with an unbounded margin", fen, m.Move)
			}
			if i > 0 && m.Score > all.Moves[i-1].Score {
				t.Errorf("%s: %v (%d) ranked below %v (%d)", fen, m.Move, m.Score, all.Moves[i-1].Move, all.Moves[i-1].Score)
			}
			if !isLegal(p, m.Move) || m.PV[0] != m.Move {
				t.Errorf("%s: %v illegal or its line %v does not start with it", fen, m.Move, m.PV)
			}
		}
		if all.Moves[0].Score != want.Score {
			t.Errorf("%s: best ranked %d, Search %d", fen, all.Moves[0].Score, want.Score)
		}

		const margin = 150
		narrow := NewEngine(Options{HashMiB: 4}).RankMoves(context.Background(), h, lim, margin, nil)
		best := narrow.Moves[0]
		if !best.Exact || best.Score != want.Score {
			t.Errorf("%s: best %v %d exact=%v, want exact %d", fen, best.Move, best.Score, best.Exact, want.Score)
		}
		for _, m := range narrow.Moves[1:] {
			if !m.Exact && m.Score > best.Score-margin {
				t.Errorf("%s: bound %d of %v not %d below the best %d", fen, m.Score, m.Move, margin, best.Score)
			}
		}
	}
}

// TestRankMovesTactic: in a hand-made tactic the winning move is the only
// one within half the tactic's gap.
func TestRankMovesTactic(t *testing.T) {
	for _, tc := range tactics {
		p := mustFEN(t, rules.Bashni, tc.fen)
		r := NewEngine(Options{HashMiB: 8}).RankMoves(context.Background(), []*rules.Position{p}, Limits{Depth: 10}, tc.gap/2, nil)
		if r.Moves[0].Move.String() != tc.best {
			t.Errorf("%s: best %v, want %s", tc.name, r.Moves[0].Move, tc.best)
			continue
		}
		for _, m := range r.Moves[1:] {
			if m.Score > r.Moves[0].Score-tc.gap/2 {
				t.Errorf("%s: %v (%d) within %d of the best (%d)", tc.name, m.Move, m.Score, tc.gap/2, r.Moves[0].Score)
			}
		}
	}
}
