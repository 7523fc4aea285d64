package board

import "testing"

// TestPlaceInspector: beside the square on the side that stays on the
// board, else on the screen, always whole inside the screen.
func TestPlaceInspector(t *testing.T) {
	screen := Rect{W: 1280, H: 800}
	area := Rect{X: 60, Y: 20, W: 760, H: 760} // the board; the panel is to its right
	tests := []struct {
		name     string
		sq       Rect
		w, h     float64
		wantLeft bool // the inspector is left of the square
	}{
		{"a-file: right", Rect{X: 90, Y: 300, W: 87, H: 87}, 325, 300, false},
		{"g-file: left, off the panel", Rect{X: 612, Y: 300, W: 87, H: 87}, 325, 300, true},
		{"h-file, bottom row: left", Rect{X: 699, Y: 690, W: 87, H: 87}, 325, 300, true},
		{"d-file, too wide for the board: right, on the screen", Rect{X: 351, Y: 40, W: 87, H: 87}, 500, 200, false},
	}
	for _, tt := range tests {
		r := PlaceInspector(tt.sq, area, screen, tt.w, tt.h, 13)
		if r.X < screen.X || r.Y < screen.Y || r.X+r.W > screen.W || r.Y+r.H > screen.H {
			t.Errorf("%s: %+v is not whole on the screen", tt.name, r)
		}
		if left := r.X+r.W <= tt.sq.X; left != tt.wantLeft || (!left && r.X < tt.sq.X+tt.sq.W) {
			t.Errorf("%s: %+v covers the square %+v or is on the wrong side (want left %v)", tt.name, r, tt.sq, tt.wantLeft)
		}
	}
	// A phone: neither side has room; it is centred on the square and kept
	// on the screen.
	r := PlaceInspector(Rect{X: 300, Y: 400, W: 44, H: 44}, Rect{X: 0, Y: 0, W: 390, H: 390}, Rect{W: 390, H: 844}, 380, 200, 6)
	if r.X < 0 || r.X+r.W > 390 {
		t.Errorf("phone: %+v is off the screen", r)
	}
}
