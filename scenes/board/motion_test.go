package board

import (
	"testing"

	"bashni/rules"
	"bashni/scenes/anim"
)

// TestReducedMotion: a move shown without motion is on its square at the
// next tick (no frame in between), its route is the last move's marks, and
// its landing glows for a short while, then stops; with motion there are
// frames in between and no glow.
func TestReducedMotion(t *testing.T) {
	p := position(t, "W:Wc3,e1:Bd4,f6,d6,a7,h8:H0:F12")
	m, err := p.ParseMove("c3:e5:g7")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := newBoard(t)
	b.Show(p, rules.Move{})
	b.Animate(p, m, anim.Options{Instant: true}, 0)
	if !b.Step() {
		t.Fatal("a move without motion did not come to rest at the first tick")
	}
	if !b.Position().Equal(p.Play(m)) || b.last != m {
		t.Fatalf("after the move: position %s, last move %v; want the position after %v and its route", b.Position().FEN(), b.last, m)
	}
	if b.Fading() != m.To() {
		t.Fatalf("the landing %v does not glow (fading: %v)", m.To(), b.Fading())
	}
	ticks := 1
	for b.Fading() != rules.NoSquare && ticks < 100 {
		b.Step()
		ticks++
	}
	if ticks != fadeTicks {
		t.Errorf("the glow lasted %d ticks, want %d", ticks, fadeTicks)
	}

	b.Show(p, rules.Move{})
	b.Animate(p, m, anim.Options{}, 0)
	if b.Fading() != rules.NoSquare {
		t.Error("a move with motion glows")
	}
	frames := 0
	for !b.Step() && frames < 1000 {
		frames++
	}
	if frames < 10 {
		t.Errorf("the move with motion took %d frames", frames)
	}
}
