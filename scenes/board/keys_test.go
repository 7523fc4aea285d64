package board

import (
	"testing"

	"bashni/audio"

	"bashni/rules"
	"bashni/sprites"
)

func sqOf(t *testing.T, s string) rules.Square {
	t.Helper()
	// Any square, light ones too (ParseSquare takes only playable ones).
	return rules.SquareAt(int(s[0]-'a'), int(s[1]-'1'))
}

// TestCursorMovesOnTheScreen: the arrows move the cursor the way the board
// looks, flipped or not, and stop at the edge.
func TestCursorMovesOnTheScreen(t *testing.T) {
	for _, tc := range []struct {
		flipped bool
		start   string
		dc, dr  int
		want    string
	}{
		{false, "c3", 1, 0, "d3"},
		{false, "c3", 0, -1, "c4"}, // up the screen is up the ranks for White
		{false, "c3", -1, 1, "b2"},
		{true, "c3", 1, 0, "b3"}, // flipped: right on the screen is towards a
		{true, "c3", 0, -1, "c2"},
		{false, "a1", -1, 1, "a1"}, // the corner: stays
		{false, "h8", 1, -1, "h8"},
		{true, "h8", -1, 1, "h8"}, // flipped, h8 is the bottom left corner
		{true, "h8", 1, -1, "g7"},
	} {
		h := &host{}
		b := New(sprites.NewRenderer(sprites.Themes()[0]), h)
		b.Layout(sprites.FitGeometry(rules.Bashni, 0, 0, 800, 800, tc.flipped), false, Rect{W: 800, H: 800})
		b.ShowCursor(true)
		b.SetCursor(sqOf(t, tc.start))
		b.MoveCursor(tc.dc, tc.dr)
		if got := b.Cursor(); got != sqOf(t, tc.want) {
			t.Errorf("flipped=%v: from %s by (%d, %d): cursor on %v, want %s", tc.flipped, tc.start, tc.dc, tc.dr, got, tc.want)
		}
	}
}

// TestCursorEntersACaptureHopByHop: Enter on the cursor's square picks,
// hops and lands, as taps do; a pick is dropped by pressing it again.
func TestCursorEntersACaptureHopByHop(t *testing.T) {
	b, h := newBoard(t)
	p := position(t, "W:Wc3,e1:Bd4,f6,d6,a7,h8:H0:F12")
	b.Show(p, rules.Move{})
	b.Accept(p, p.LegalMoves(nil))
	if b.Cursor() != rules.NoSquare {
		t.Fatalf("the cursor shows before the board has the focus")
	}
	b.ShowCursor(true)
	if got := b.Cursor(); got != sqOf(t, "c3") {
		t.Fatalf("the cursor starts on %v, want c3 (the one column that can move)", got)
	}
	press := func(s string) Result {
		b.SetCursor(sqOf(t, s))
		return b.PressCursor()
	}
	press("c3")
	if !b.Selecting() {
		t.Fatalf("Enter on c3 did not pick it")
	}
	press("c3")
	if b.Selecting() {
		t.Fatalf("Enter on the picked column again did not drop the pick")
	}
	press("c3")
	if r := press("e5"); !r.Move.IsZero() {
		t.Fatalf("the first hop completed a move: %v", r.Move)
	}
	if len(h.sounds) == 0 || h.sounds[len(h.sounds)-1] != audio.Capture {
		t.Errorf("the hop made no capture sound: %v", h.sounds)
	}
	r := press("g7")
	want, err := p.ParseMove("c3:e5:g7")
	if err != nil {
		t.Fatal(err)
	}
	if r.Move != want || r.Shown != 1 {
		t.Fatalf("got move %v (shown %d), want %v with one hop shown", r.Move, r.Shown, want)
	}
	b.ShowCursor(false)
	if b.Cursor() != rules.NoSquare {
		t.Fatalf("the cursor still shows without the focus")
	}
}
