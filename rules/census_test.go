package rules

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestCensusAndCaptures compares Column.Census with a piece-by-piece count on
// every column of random games and on hand-made columns, and checks the
// narrower move queries against LegalMoves.
func TestCensusAndCaptures(t *testing.T) {
	slow := func(c Column) (own, ownKings, pris, prisKings int) {
		for i := 0; i < c.Height(); i++ {
			p := c.Piece(i)
			switch {
			case p.Color() == c.Owner() && pris == 0:
				own++
				if p.IsKing() {
					ownKings++
				}
			default:
				pris++
				if p.IsKing() {
					prisKings++
				}
			}
		}
		return
	}
	check := func(c Column) {
		t.Helper()
		a, b, x, y := c.Census()
		A, B, X, Y := slow(c)
		if a != A || b != B || x != X || y != Y {
			t.Fatalf("Census(%s) = %d %d %d %d, want %d %d %d %d", c.Stack(), a, b, x, y, A, B, X, Y)
		}
	}
	check(0)
	check(ColumnOf(WhiteMan))
	check(ColumnOf(BlackKing, BlackMan, WhiteKing, WhiteMan))
	full := Column(0)
	for i := 0; i < 24; i++ {
		full = full.WithBottom(BlackKing)
	}
	check(full)
	rng := rand.New(rand.NewPCG(3, 4))
	for _, v := range Variants {
		for g := 0; g < 300; g++ {
			p := NewPosition(v)
			for ply := 0; ply < 200; ply++ {
				for _, sq := range v.Squares() {
					check(p.Column(sq))
				}
				moves := p.LegalMoves(nil)
				caps := p.AppendCaptures(nil)
				if p.MustCapture() != (len(caps) > 0) || (len(caps) > 0 && !slices.Equal(caps, moves)) {
					t.Fatalf("AppendCaptures disagrees with LegalMoves in %s", p.FEN())
				}
				if len(caps) == 0 && p.HasQuietMove() != (len(moves) > 0) {
					t.Fatalf("HasQuietMove disagrees with LegalMoves in %s", p.FEN())
				}
				if len(moves) == 0 {
					break
				}
				m := moves[rng.IntN(len(moves))]
				var u Undo
				p.MakeMove(&m, &u)
			}
		}
	}
}
