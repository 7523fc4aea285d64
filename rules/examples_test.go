package rules

import (
	"slices"
	"strings"
	"testing"
)

// moveNames lists the legal moves of p in notation, sorted.
func moveNames(p *Position) []string {
	var names []string
	for _, m := range p.LegalMoves(nil) {
		names = append(names, m.String())
	}
	slices.Sort(names)
	return names
}

// playAll plays space-separated moves (move numbers allowed) from p.
func playAll(t *testing.T, g *Game, moves string) {
	t.Helper()
	for _, w := range strings.Fields(moves) {
		if w = stripMoveNumber(w); w == "" {
			continue
		}
		if _, err := g.PlayText(w); err != nil {
			t.Fatalf("playing %s: %v", w, err)
		}
	}
}

// TestWorkedGame is RULES.md's first worked example.
func TestWorkedGame(t *testing.T) {
	g := NewGame(Bashni)
	playAll(t, g, "1. c3-b4 b6-c5 2. b4-a5 a7-b6 3. b2-c3 c5-b4")
	if got := moveNames(g.Position()); !slices.Equal(got, []string{"a3:c5:a7"}) {
		t.Fatalf("move 4: White's moves = %v, want only a3:c5:a7", got)
	}
	playAll(t, g, "4. a3:c5:a7 c7-b6")
	if got := moveNames(g.Position()); !slices.Equal(got, []string{"a5:c7:e5", "a7:c5"}) {
		t.Fatalf("move 5: White's moves = %v, want a5:c7:e5 and a7:c5", got)
	}
	playAll(t, g, "5. a5:c7:e5")
	if c := g.Position().Column(mustSquare(t, "e5")); c.Stack() != "0/00" || c.Owner() != White {
		t.Fatalf("e5 before f6:d4:b2 = %s owned by %v, want a white man over two black men", c.Stack(), c.Owner())
	}
	playAll(t, g, "f6:d4:b2")
	if c := g.Position().Column(mustSquare(t, "e5")); c.Owner() != Black || c.Stack() != "00" {
		t.Fatalf("e5 after f6:d4:b2 = %s owned by %v, want Black column of two men", c.Stack(), c.Owner())
	}
	playAll(t, g, "6. a1:c3 d8-c7")
	want, err := ParseFEN(Bashni, "W:Wa7-0/00,b2-00,c3-0/0,c1,d2,e1,e3,f2,g1,g3,h2:Be5-00,b8,c7,e7,f8,g7,h6,h8")
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Position(); !got.Equal(want) {
		t.Fatalf("final position\n got %s\nwant %s", got.FEN(), want.FEN())
	}
	if n := g.Position().PieceCount(); n != 24 {
		t.Fatalf("final position has %d pieces, want 24", n)
	}
}

// TestWorkedPromotionStop is RULES.md's second worked example: a man crowned
// on a1 mid-capture must stop because the jumped man on b2 blocks the long
// diagonal.
func TestWorkedPromotionStop(t *testing.T) {
	g := NewGame(Bashni)
	playAll(t, g, "1. a3-b4 b6-a5 2. b2-a3 f6-e5 3. a1-b2 e5-d4 4. c3:e5")
	if got := moveNames(g.Position()); !slices.Equal(got, []string{"a5:c3:a1", "d6:f4"}) {
		t.Fatalf("Black's moves = %v, want a5:c3:a1 and d6:f4", got)
	}
	m, err := g.Position().ParseMove("a5:c3:a1")
	if err != nil {
		t.Fatal(err)
	}
	if m.PromotionIndex() != 2 {
		t.Errorf("a5:c3:a1 promotion index = %d, want 2 (crowned on a1)", m.PromotionIndex())
	}
	after := g.Position().Play(m)
	if c := after.Column(mustSquare(t, "a1")); !c.Top().IsKing() || c.Owner() != Black || c.Height() != 3 {
		t.Errorf("a1 after a5:c3:a1 = %s (owner %v), want a black king over two white men", c.Stack(), c.Owner())
	}
}

func mustSquare(t *testing.T, s string) Square {
	t.Helper()
	sq, err := ParseSquare(Bashni, s)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}
