package sprites

import (
	"testing"

	"bashni/rules"
)

func TestSquareCenterCorners(t *testing.T) {
	cases := []struct {
		v        rules.Variant
		flipped  bool
		sq       string
		col, row int
	}{
		{rules.Bashni, false, "a1", 0, 7},
		{rules.Bashni, false, "h8", 7, 0},
		{rules.Bashni, false, "a8", 0, 0},
		{rules.Bashni, true, "a1", 7, 0},
		{rules.Bashni, true, "h8", 0, 7},
		{rules.Bashni, true, "d4", 4, 3},
		{rules.Lasca, false, "a1", 0, 6},
		{rules.Lasca, false, "g7", 6, 0},
		{rules.Lasca, true, "a1", 6, 0},
		{rules.Lasca, true, "g7", 0, 6},
		{rules.Lasca, false, "d4", 3, 3},
	}
	for _, c := range cases {
		g := Geometry{Variant: c.v, X: 100, Y: 50, Square: 40, Flipped: c.flipped}
		sq := mustSquare(t, c.sq)
		col, row := g.Cell(sq)
		if col != c.col || row != c.row {
			t.Errorf("%v flipped=%v %s: cell (%d,%d), want (%d,%d)", c.v, c.flipped, c.sq, col, row, c.col, c.row)
		}
		x, y := g.SquareCenter(sq)
		wx, wy := 100+40*float64(c.col)+20, 50+40*float64(c.row)+20
		if x != wx || y != wy {
			t.Errorf("%v flipped=%v %s: centre (%v,%v), want (%v,%v)", c.v, c.flipped, c.sq, x, y, wx, wy)
		}
	}
}

func TestSquareAtRoundTrip(t *testing.T) {
	for _, v := range rules.Variants {
		for _, flipped := range []bool{false, true} {
			g := Geometry{Variant: v, X: 13.5, Y: 7.25, Square: 37.5, Flipped: flipped}
			n := v.Size()
			for rank := 0; rank < n; rank++ {
				for file := 0; file < n; file++ {
					sq := rules.SquareAt(file, rank)
					x, y := g.SquareCenter(sq)
					r := g.SquareRect(sq)
					// The centre, and points just inside each corner, map back.
					for _, p := range []Point{{x, y}, {r.X + 0.01, r.Y + 0.01}, {r.X + r.W - 0.01, r.Y + r.H - 0.01}} {
						got, ok := g.SquareAt(p.X, p.Y)
						if !ok || got != sq {
							t.Fatalf("%v flipped=%v: SquareAt(%v) = %v,%v want %v", v, flipped, p, got, ok, sq)
						}
					}
				}
			}
			in := g.Inner()
			for _, p := range []Point{{in.X - 0.01, in.Y + 1}, {in.X + 1, in.Y - 0.01}, {in.X + in.W, in.Y + 1}, {in.X + 1, in.Y + in.H}} {
				if sq, ok := g.SquareAt(p.X, p.Y); ok {
					t.Errorf("%v flipped=%v: SquareAt(%v) off the board gave %v", v, flipped, p, sq)
				}
			}
		}
	}
}

func TestFlippedIsPointMirror(t *testing.T) {
	for _, v := range rules.Variants {
		g := Geometry{Variant: v, Square: 10}
		f := g
		f.Flipped = true
		side := g.Side()
		for _, sq := range v.Squares() {
			x, y := g.SquareCenter(sq)
			fx, fy := f.SquareCenter(sq)
			if fx != side-x || fy != side-y {
				t.Errorf("%v %v: flipped centre (%v,%v), want (%v,%v)", v, sq, fx, fy, side-x, side-y)
			}
		}
	}
}

func TestFitGeometry(t *testing.T) {
	for _, v := range rules.Variants {
		for _, size := range []struct{ w, h float64 }{{320, 480}, {1280, 720}, {2000, 2000}, {90, 90}} {
			g := FitGeometry(v, 10, 20, size.w, size.h, false)
			o := g.Outer()
			if o.X < 10-0.5 || o.Y < 20-0.5 || o.X+o.W > 10+size.w+0.5 || o.Y+o.H > 20+size.h+0.5 {
				t.Errorf("%v in %vx%v: outer %+v does not fit", v, size.w, size.h, o)
			}
			if g.Square != float64(int(g.Square)) {
				t.Errorf("%v: square %v not whole pixels", v, g.Square)
			}
			// One pixel more per square would not fit.
			bigger := float64(v.Size())*(g.Square+1) + 2*FrameWidth(g.Square+1)
			if bigger <= min(size.w, size.h) {
				t.Errorf("%v in %vx%v: square %v is not the largest", v, size.w, size.h, g.Square)
			}
		}
	}
}

func TestRoutePointsDoesNotAllocateWithCapacity(t *testing.T) {
	g := Geometry{Variant: rules.Bashni, Square: 50}
	route := []rules.Square{mustSquare(t, "c3"), mustSquare(t, "e5"), mustSquare(t, "c7")}
	buf := make([]Point, 0, 8)
	allocs := testing.AllocsPerRun(100, func() { buf = g.RoutePoints(buf[:0], route) })
	if allocs != 0 {
		t.Errorf("RoutePoints allocated %v times", allocs)
	}
	if len(buf) != 3 || buf[1] != (Point{225, 175}) {
		t.Errorf("RoutePoints = %v", buf)
	}
}

// mustSquare reads an algebraic square name, light or dark.
func mustSquare(t testing.TB, s string) rules.Square {
	t.Helper()
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		t.Fatalf("bad square %q", s)
	}
	return rules.SquareAt(int(s[0]-'a'), int(s[1]-'1'))
}
