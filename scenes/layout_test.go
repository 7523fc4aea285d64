package scenes

import (
	"fmt"
	"testing"

	"bashni/rules"
)

func inside(r, outer Rect) bool {
	return r.X >= outer.X-0.5 && r.Y >= outer.Y-0.5 && r.X+r.W <= outer.X+outer.W+0.5 && r.Y+r.H <= outer.Y+outer.H+0.5
}

func overlap(a, b Rect) bool {
	return a.X < b.X+b.W-0.5 && b.X < a.X+a.W-0.5 && a.Y < b.Y+b.H-0.5 && b.Y < a.Y+a.H-0.5
}

// TestPlayLayoutShapes checks the two shapes the issue asks for: the panel
// beside the board in landscape, below it in portrait.
func TestPlayLayoutShapes(t *testing.T) {
	l := ComputePlayLayout(1280, 800, 1, rules.Bashni, false)
	if !l.Landscape {
		t.Fatal("1280×800 is landscape")
	}
	o := l.Board.Outer()
	if l.Panel.X < o.X+o.W {
		t.Errorf("landscape: the panel %v should be right of the board %v", l.Panel, o)
	}
	p := ComputePlayLayout(390, 844, 1, rules.Bashni, false)
	if p.Landscape {
		t.Fatal("390×844 is portrait")
	}
	o = p.Board.Outer()
	if p.MoveList.Y < o.Y+o.H || p.Controls.Y < o.Y+o.H {
		t.Errorf("portrait: the move list %v and controls %v should be below the board %v", p.MoveList, p.Controls, o)
	}
	if p.Board.Square < 40 {
		t.Errorf("portrait 390 wide: squares of %v px are too small", p.Board.Square)
	}
}

// TestPlayLayoutAnySize lays out many window sizes and scales: everything
// on screen, nothing overlapping, touch targets of at least 44 dp.
func TestPlayLayoutAnySize(t *testing.T) {
	for _, v := range rules.Variants {
		for _, scale := range []float64{1, 1.5, 2, 3} {
			for w := 320.0; w <= 2600; w += 170 {
				for h := 400.0; h <= 1700; h += 130 {
					name := fmt.Sprintf("%v %vx%v@%v", v, w, h, scale)
					l := ComputePlayLayout(w*scale, h*scale, scale, v, false)
					screen := Rect{W: w * scale, H: h * scale}
					parts := map[string]Rect{"board": l.Board.Outer(), "top": l.TopCard, "bottom": l.BottomCard,
						"status": l.Status, "list": l.MoveList, "controls": l.Controls}
					for n, r := range parts {
						if !inside(r, screen) {
							t.Errorf("%s: %s %v is off the screen %v", name, n, r, screen)
						}
						for m, q := range parts {
							if n < m && overlap(r, q) {
								t.Errorf("%s: %s %v overlaps %s %v", name, n, r, m, q)
							}
						}
					}
					for i, b := range l.ControlButtons(5, nil) {
						if b.H < MinTouchDP*scale-0.5 || b.W < MinTouchDP*scale-0.5 {
							t.Errorf("%s: control %d is %v×%v px, under %d dp", name, i, b.W, b.H, MinTouchDP)
						}
					}
				}
			}
		}
	}
}

// TestHiDPIScalesEverything: the same window at scale 2 is the scale-1
// layout doubled (within rounding), so text and art stay crisp.
func TestHiDPIScalesEverything(t *testing.T) {
	a := ComputePlayLayout(1280, 800, 1, rules.Bashni, false)
	b := ComputePlayLayout(2560, 1600, 2, rules.Bashni, false)
	if d := b.Board.Square - 2*a.Board.Square; d < -2 || d > 2 {
		t.Errorf("square %v at scale 2, %v at scale 1", b.Board.Square, a.Board.Square)
	}
	if d := b.Controls.H - 2*a.Controls.H; d < -2 || d > 2 {
		t.Errorf("controls %v at scale 2, %v at scale 1", b.Controls.H, a.Controls.H)
	}
}
