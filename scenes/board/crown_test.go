package board

import (
	"slices"
	"testing"

	"bashni/audio"
	"bashni/rules"
)

// TestCrownedMidCapture: a man that lands on the far rank in the middle of
// a capture entered hop by hop stands there crowned at once, with the
// promotion's sound, and is offered a king's landings to go on.
func TestCrownedMidCapture(t *testing.T) {
	b, h := newBoard(t)
	p := position(t, "W:Wb6:Bc7,f6:H0:F1")
	b.show(p)
	b.tap("b6")
	if r := b.tap("d8"); !r.Move.IsZero() {
		t.Fatalf("b6:d8 completed a move: %v", r.Move)
	}
	if len(b.flyers) != 1 {
		t.Fatalf("the column does not stand on d8: flyers %+v", b.flyers)
	}
	if top := b.flyers[0].col.Top(); !top.IsKing() {
		t.Errorf("the man on d8 is not crowned while the capture goes on: %v", top)
	}
	if !slices.Contains(h.sounds, audio.Promotion) {
		t.Errorf("no promotion sound when the man reached d8: %v", h.sounds)
	}
	g5, _ := rules.ParseSquare(rules.Bashni, "g5")
	h4, _ := rules.ParseSquare(rules.Bashni, "h4")
	if b.dests&bit(g5) == 0 || b.dests&bit(h4) == 0 {
		t.Errorf("a king's landings g5 and h4 are not offered: dests %x", b.dests)
	}
	// Before the far rank the man is a man.
	b.Back()
	b.tap("b6")
	if len(b.flyers) != 0 {
		t.Errorf("a selected column flies before any hop: %+v", b.flyers)
	}
}
