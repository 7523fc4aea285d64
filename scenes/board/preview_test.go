package board

import (
	"testing"

	"bashni/rules"
)

// TestCaptureRoutePreviews: a selected column that must capture shows every
// route open from it with rings on their final landings; a tap on a final
// landing only one route reaches plays that whole route; after a hop only
// the routes still open are shown.
func TestCaptureRoutePreviews(t *testing.T) {
	p := position(t, "W:Wc3:Bd4,f6,d6:H0:F1") // c3:e5:g7 and c3:e5:c7
	sq := func(s string) rules.Square {
		q, err := rules.ParseSquare(rules.Bashni, s)
		if err != nil {
			t.Fatal(err)
		}
		return q
	}
	b, _ := newBoard(t)
	b.show(p)
	b.tap("c3")
	if len(b.preview.routes) != 2 {
		t.Fatalf("%d routes previewed from c3, want 2: %v", len(b.preview.routes), b.preview.routes)
	}
	for _, s := range []string{"e5", "g7", "c7"} {
		if b.dests&bit(sq(s)) == 0 {
			t.Errorf("no ring on %s (the next landing and both final ones)", s)
		}
	}
	r := b.tap("g7")
	if r.Move.String() != "c3:e5:g7" || r.Shown != 0 {
		t.Errorf("a tap on g7 played %v (shown %d), want the whole route c3:e5:g7 animated from the start", r.Move, r.Shown)
	}

	// Hop by hop: after e5 both routes are still open; the previews follow.
	b2, _ := newBoard(t)
	b2.show(p)
	b2.tap("c3")
	b2.tap("e5")
	if len(b2.preview.routes) != 2 || b2.dests&bit(sq("g7")) == 0 || b2.dests&bit(sq("c7")) == 0 {
		t.Errorf("after e5: routes %v, dests %x", b2.preview.routes, b2.dests)
	}
	if r := b2.tap("c7"); r.Move.String() != "c3:e5:c7" || r.Shown != 1 {
		t.Errorf("a tap on c7 after e5 played %v (shown %d), want c3:e5:c7 with one hop shown", r.Move, r.Shown)
	}
	// No previews for quiet moves.
	b3, _ := newBoard(t)
	b3.show(rules.NewPosition(rules.Bashni))
	b3.tap("c3")
	if len(b3.preview.routes) != 0 {
		t.Errorf("quiet moves previewed as routes: %v", b3.preview.routes)
	}
}
