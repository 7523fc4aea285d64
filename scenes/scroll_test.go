package scenes

import (
	"testing"
	"time"

	"bashni/platform"
	"bashni/scenes/ui"
	"bashni/session"
	"bashni/storage"
)

// TestScrollAreaList: a list that owns its rows (About's) scrolls with a
// drag past the slop, which taps nothing; a press and release that hardly
// move tap the row under them; the wheel scrolls by its step; all within
// [0, max].
func TestScrollAreaList(t *testing.T) {
	a := NewApp(Options{Settings: storage.Defaults(), NoAttract: true, Clipboard: &platform.Memory{},
		Engine: func(uint64) session.Engine { return slowEngine{delay: time.Hour} }})
	t.Cleanup(func() { _ = a.Close() })
	a.scale = 1
	bounds := Rect{X: 0, Y: 100, W: 300, H: 400}
	const rowH, maxOff = 50.0, 600.0
	var s ScrollArea
	rowAt := func(x, y float64) int { return int((y - bounds.Y + s.Offset) / rowH) }
	step := func(p ui.Pointer) (pressed, tapped int) {
		a.ptr = p
		a.ptr.Valid = true
		return s.Update(a, bounds, rowH, maxOff, rowAt)
	}
	// A drag of 200 px up: the list follows, nothing is pressed or tapped.
	if pr, tp := step(ui.Pointer{X: 10, Y: 400, Down: true, Pressed: true, Touch: true}); pr != 6 || tp != -1 {
		t.Fatalf("press on row 6: pressed %d, tapped %d", pr, tp)
	}
	for y := 380.0; y >= 200; y -= 20 {
		if pr, tp := step(ui.Pointer{X: 10, Y: y, Down: true, Touch: true}); (pr != -1 && y < 389) || tp != -1 {
			t.Fatalf("dragging at %.0f: pressed %d, tapped %d; want none once it drags", y, pr, tp)
		}
	}
	if pr, tp := step(ui.Pointer{X: 10, Y: 200, Released: true, Touch: true}); pr != -1 || tp != -1 {
		t.Fatalf("release after a drag: pressed %d, tapped %d; want none", pr, tp)
	}
	if s.Offset != 200 {
		t.Fatalf("a 200 px drag scrolled %.0f", s.Offset)
	}
	// A tap that moves 5 px taps the row under it.
	step(ui.Pointer{X: 10, Y: 120, Down: true, Pressed: true, Touch: true})
	step(ui.Pointer{X: 10, Y: 125, Down: true, Touch: true})
	if _, tp := step(ui.Pointer{X: 10, Y: 125, Released: true, Touch: true}); tp != 4 {
		t.Fatalf("a tap at the top, scrolled by 4 rows: tapped %d, want 4", tp)
	}
	// The wheel: a notch is a row; the ends hold.
	step(ui.Pointer{X: 10, Y: 300, Wheel: -1})
	if s.Offset != 250 {
		t.Fatalf("a notch down: offset %.0f, want 250", s.Offset)
	}
	for i := 0; i < 30; i++ {
		step(ui.Pointer{X: 10, Y: 300, Wheel: -1})
	}
	if s.Offset != maxOff {
		t.Fatalf("many notches down: offset %.0f, want %.0f", s.Offset, maxOff)
	}
	step(ui.Pointer{X: 10, Y: 300, Wheel: 100})
	if s.Offset != 0 {
		t.Fatalf("a big flick up: offset %.0f, want 0", s.Offset)
	}
}
