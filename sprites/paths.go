package sprites

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2/vector"
)

// Path building helpers. vector.Path has circular arcs only; ellipses are
// four cubic Béziers, which is exact to 0.03 %.

const kappa = 0.5522847498

// addEllipse adds a closed ellipse centred at (cx, cy).
func addEllipse(p *vector.Path, cx, cy, rx, ry float64) {
	kx, ky := rx*kappa, ry*kappa
	p.MoveTo(f32(cx+rx), f32(cy))
	p.CubicTo(f32(cx+rx), f32(cy+ky), f32(cx+kx), f32(cy+ry), f32(cx), f32(cy+ry))
	p.CubicTo(f32(cx-kx), f32(cy+ry), f32(cx-rx), f32(cy+ky), f32(cx-rx), f32(cy))
	p.CubicTo(f32(cx-rx), f32(cy-ky), f32(cx-kx), f32(cy-ry), f32(cx), f32(cy-ry))
	p.CubicTo(f32(cx+kx), f32(cy-ry), f32(cx+rx), f32(cy-ky), f32(cx+rx), f32(cy))
	p.Close()
}

// addLowerHalfEllipse continues the path from (cx-rx, cy) along the lower
// half of an ellipse to (cx+rx, cy) when leftToRight, or the other way.
func addLowerHalfEllipse(p *vector.Path, cx, cy, rx, ry float64, leftToRight bool) {
	kx, ky := rx*kappa, ry*kappa
	if leftToRight {
		p.CubicTo(f32(cx-rx), f32(cy+ky), f32(cx-kx), f32(cy+ry), f32(cx), f32(cy+ry))
		p.CubicTo(f32(cx+kx), f32(cy+ry), f32(cx+rx), f32(cy+ky), f32(cx+rx), f32(cy))
		return
	}
	p.CubicTo(f32(cx+rx), f32(cy+ky), f32(cx+kx), f32(cy+ry), f32(cx), f32(cy+ry))
	p.CubicTo(f32(cx-kx), f32(cy+ry), f32(cx-rx), f32(cy+ky), f32(cx-rx), f32(cy))
}

// addUpperHalfEllipse continues the path from (cx-rx, cy) over the top of an
// ellipse to (cx+rx, cy).
func addUpperHalfEllipse(p *vector.Path, cx, cy, rx, ry float64) {
	kx, ky := rx*kappa, ry*kappa
	p.CubicTo(f32(cx-rx), f32(cy-ky), f32(cx-kx), f32(cy-ry), f32(cx), f32(cy-ry))
	p.CubicTo(f32(cx+kx), f32(cy-ry), f32(cx+rx), f32(cy-ky), f32(cx+rx), f32(cy))
}

// addDiscBody adds the silhouette of a disc: the face ellipse at height 0
// over a rim t pixels high.
func addDiscBody(p *vector.Path, rx, ry, t float64) {
	p.MoveTo(f32(-rx), 0)
	addUpperHalfEllipse(p, 0, 0, rx, ry)
	p.LineTo(f32(rx), f32(t))
	addLowerHalfEllipse(p, 0, t, rx, ry, false)
	p.Close()
}

// addRoundRect adds a closed rectangle with rounded corners.
func addRoundRect(p *vector.Path, x, y, w, h, r float64) {
	r = math.Min(r, math.Min(w, h)/2)
	if r <= 0 {
		p.MoveTo(f32(x), f32(y))
		p.LineTo(f32(x+w), f32(y))
		p.LineTo(f32(x+w), f32(y+h))
		p.LineTo(f32(x), f32(y+h))
		p.Close()
		return
	}
	p.MoveTo(f32(x+r), f32(y))
	p.LineTo(f32(x+w-r), f32(y))
	p.Arc(f32(x+w-r), f32(y+r), f32(r), -math.Pi/2, 0, vector.Clockwise)
	p.LineTo(f32(x+w), f32(y+h-r))
	p.Arc(f32(x+w-r), f32(y+h-r), f32(r), 0, math.Pi/2, vector.Clockwise)
	p.LineTo(f32(x+r), f32(y+h))
	p.Arc(f32(x+r), f32(y+h-r), f32(r), math.Pi/2, math.Pi, vector.Clockwise)
	p.LineTo(f32(x), f32(y+r))
	p.Arc(f32(x+r), f32(y+r), f32(r), math.Pi, 3*math.Pi/2, vector.Clockwise)
	p.Close()
}

// addCircle adds a closed circle.
func addCircle(p *vector.Path, cx, cy, r float64) {
	p.MoveTo(f32(cx+r), f32(cy))
	p.Arc(f32(cx), f32(cy), f32(r), 0, 2*math.Pi, vector.Clockwise)
	p.Close()
}

func f32(x float64) float32 { return float32(x) }
