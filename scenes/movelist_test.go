package scenes

import (
	"math"
	"testing"

	"bashni/rules"
)

// TestMoveListScrollsByWholeRows: scrolled to its end, or following the
// move on the board, the move list shows its top row whole (it was cut in
// half) and the current move whole.
func TestMoveListScrollsByWholeRows(t *testing.T) {
	g := rules.NewGame(rules.Bashni)
	for g.Ply() < 61 && !g.Outcome().Over() {
		if err := g.Play(g.Position().LegalMoves(nil)[0]); err != nil {
			t.Fatal(err)
		}
	}
	if g.Ply() < 30 {
		t.Fatalf("a game of %d plies: too short to scroll", g.Ply())
	}
	for _, h := range []float64{300, 321.5, 440} {
		m := MoveList{Rect: Rect{X: 900, Y: 150, W: 380, H: h}, Scale: 1}
		rowH := m.rowH()
		whole := func(what string) {
			t.Helper()
			if r := math.Mod(m.scroll, rowH); r > 0.01 && rowH-r > 0.01 {
				t.Errorf("list %v high, %s: scrolled %v, %v into a row: the top row is cut", h, what, m.scroll, r)
			}
		}
		m.scroll = m.maxScroll(g)
		whole("at its end")
		if bottom := float64(m.rows(g))*rowH - m.scroll; bottom > h+0.01 {
			t.Errorf("list %v high, at its end: the last row ends at %v", h, bottom)
		}
		for _, ply := range []int{g.Ply(), g.Ply() / 2, 1, g.Ply() * 3 / 4} {
			m.Current = ply
			m.keepInView(g)
			whole("following a move")
			if c := m.cellOf(g, ply); c.Y < m.Rect.Y-0.01 || c.Y+c.H > m.Rect.Y+m.Rect.H+0.01 {
				t.Errorf("list %v high: ply %d's cell %+v is not whole in %+v", h, ply, c, m.Rect)
			}
		}
	}
}
