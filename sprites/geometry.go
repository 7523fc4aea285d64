package sprites

import (
	"math"

	"bashni/rules"
)

// Point is a position in physical pixels.
type Point struct{ X, Y float64 }

// Rect is an axis-aligned rectangle in physical pixels.
type Rect struct{ X, Y, W, H float64 }

// Contains reports whether (x, y) lies inside r (left/top edges inclusive).
func (r Rect) Contains(x, y float64) bool {
	return x >= r.X && y >= r.Y && x < r.X+r.W && y < r.Y+r.H
}

// Geometry places a board on the screen and maps squares to pixels and back.
// It is a plain value: the input code and the renderer share one per layout.
//
// X, Y is the top-left corner of the playing area (the squares only); the
// frame with the coordinates lies around it, FrameWidth(Square) wide.
type Geometry struct {
	Variant rules.Variant
	X, Y    float64 // top-left corner of the playing area, physical pixels
	Square  float64 // side of one square, physical pixels
	Flipped bool    // true when the board is seen from Black's side (h1 top-left)
}

// FrameWidth is the width of the board frame around the squares for a given
// square size: wide enough for the coordinate labels, which it holds.
func FrameWidth(square float64) float64 {
	return math.Round(math.Max(0.36*square, 8))
}

// FitGeometry returns the largest board, frame included, that fits the
// rectangle (x, y, w, h), centred in it. The square size is a whole number of
// pixels so that square edges stay crisp.
func FitGeometry(v rules.Variant, x, y, w, h float64, flipped bool) Geometry {
	n := float64(v.Size())
	side := math.Min(w, h)
	// side = n*s + 2*FrameWidth(s); FrameWidth is about 0.36*s, so start
	// there and step down until the rounded frame also fits.
	s := math.Floor(side / (n + 0.72))
	for s > 1 && n*s+2*FrameWidth(s) > side {
		s--
	}
	s = math.Max(s, 1)
	inner := n * s
	return Geometry{
		Variant: v,
		X:       math.Round(x + (w-inner)/2),
		Y:       math.Round(y + (h-inner)/2),
		Square:  s,
		Flipped: flipped,
	}
}

// Size is the number of files and ranks (8 or 7).
func (g Geometry) Size() int { return g.Variant.Size() }

// Side is the width (and height) of the playing area.
func (g Geometry) Side() float64 { return float64(g.Size()) * g.Square }

// Frame is the width of the frame around the playing area.
func (g Geometry) Frame() float64 { return FrameWidth(g.Square) }

// Outer is the whole board, frame included.
func (g Geometry) Outer() Rect {
	f := g.Frame()
	return Rect{X: g.X - f, Y: g.Y - f, W: g.Side() + 2*f, H: g.Side() + 2*f}
}

// Inner is the playing area (the squares).
func (g Geometry) Inner() Rect { return Rect{X: g.X, Y: g.Y, W: g.Side(), H: g.Side()} }

// Cell returns the screen column and row (0 = left, 0 = top) of a square.
func (g Geometry) Cell(sq rules.Square) (col, row int) {
	n := g.Size()
	if g.Flipped {
		return n - 1 - sq.File(), sq.Rank()
	}
	return sq.File(), n - 1 - sq.Rank()
}

// SquareAtCell is the inverse of Cell.
func (g Geometry) SquareAtCell(col, row int) rules.Square {
	n := g.Size()
	if g.Flipped {
		return rules.SquareAt(n-1-col, row)
	}
	return rules.SquareAt(col, n-1-row)
}

// SquareRect is the area of a square on the screen.
func (g Geometry) SquareRect(sq rules.Square) Rect {
	col, row := g.Cell(sq)
	return Rect{X: g.X + float64(col)*g.Square, Y: g.Y + float64(row)*g.Square, W: g.Square, H: g.Square}
}

// SquareCenter is the centre of a square on the screen; columns are drawn
// there.
func (g Geometry) SquareCenter(sq rules.Square) (x, y float64) {
	col, row := g.Cell(sq)
	return g.X + (float64(col)+0.5)*g.Square, g.Y + (float64(row)+0.5)*g.Square
}

// SquareAt returns the square under the pixel (x, y), light or dark, and
// whether the point is on the playing area at all. Check v.Playable for a
// square a piece can stand on.
func (g Geometry) SquareAt(x, y float64) (rules.Square, bool) {
	if g.Square <= 0 {
		return rules.NoSquare, false
	}
	col := int(math.Floor((x - g.X) / g.Square))
	row := int(math.Floor((y - g.Y) / g.Square))
	n := g.Size()
	if col < 0 || row < 0 || col >= n || row >= n {
		return rules.NoSquare, false
	}
	return g.SquareAtCell(col, row), true
}

// RoutePoints appends the centres of squares to dst, for DrawRoute. Pass a
// reused slice (dst[:0]) to avoid allocating every frame.
func (g Geometry) RoutePoints(dst []Point, squares []rules.Square) []Point {
	for _, sq := range squares {
		x, y := g.SquareCenter(sq)
		dst = append(dst, Point{x, y})
	}
	return dst
}
