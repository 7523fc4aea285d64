package sprites

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2/vector"
)

// Path building helpers.
//
// Curves are built from quadratic Béziers of at most 22.5° of arc, which
// the vector package fills as they are. Its cubic Béziers and arcs are split
// into up to 64 quadratics each, and its stroker splits every curve again
// into up to 64 offset pieces for thin lines: a stroked ellipse a couple of
// pixels wide could cost a million vertices. So curved outlines here are
// filled rings and bands, and only straight polylines are stroked.

// maxArcStep is the largest arc one quadratic Bézier stands for; its
// radial error is below 0.02 % of the radius.
const maxArcStep = math.Pi / 8

// addArc continues the path along an elliptical arc centred at (cx, cy)
// from angle a0 to a1 (radians, y down, so increasing angles turn
// clockwise on screen). With move the arc starts a new sub-path; otherwise
// a line joins the current point to its start.
func addArc(p *vector.Path, cx, cy, rx, ry, a0, a1 float64, move bool) {
	x0, y0 := cx+rx*math.Cos(a0), cy+ry*math.Sin(a0)
	if move {
		p.MoveTo(f32(x0), f32(y0))
	} else {
		p.LineTo(f32(x0), f32(y0))
	}
	n := int(math.Ceil(math.Abs(a1-a0) / maxArcStep))
	if n == 0 {
		return
	}
	step := (a1 - a0) / float64(n)
	k := 1 / math.Cos(step/2) // the control point lies on the tangents' crossing
	for i := 0; i < n; i++ {
		mid := a0 + (float64(i)+0.5)*step
		end := a0 + float64(i+1)*step
		p.QuadTo(f32(cx+rx*k*math.Cos(mid)), f32(cy+ry*k*math.Sin(mid)),
			f32(cx+rx*math.Cos(end)), f32(cy+ry*math.Sin(end)))
	}
}

// addEllipse adds a closed ellipse centred at (cx, cy), wound clockwise.
func addEllipse(p *vector.Path, cx, cy, rx, ry float64) {
	addArc(p, cx, cy, rx, ry, 0, 2*math.Pi, true)
	p.Close()
}

// addCircle adds a closed circle, wound clockwise.
func addCircle(p *vector.Path, cx, cy, r float64) { addEllipse(p, cx, cy, r, r) }

// addRing adds an elliptical ring w wide centred on the ellipse (rx, ry);
// fill it with fillEvenOdd. It is how ellipses are outlined.
func addRing(p *vector.Path, cx, cy, rx, ry, w float64) {
	addEllipse(p, cx, cy, rx+w/2, ry+w/2)
	addEllipse(p, cx, cy, math.Max(0, rx-w/2), math.Max(0, ry-w/2))
}

// addArcBand adds a closed band w wide along an elliptical arc from a0 to
// a1, with square ends; it is wound clockwise whatever the arc's direction,
// so bands and circles in one path fill as a union.
func addArcBand(p *vector.Path, cx, cy, rx, ry, w, a0, a1 float64) {
	if a1 < a0 {
		a0, a1 = a1, a0
	}
	addArc(p, cx, cy, rx+w/2, ry+w/2, a0, a1, true)
	addArc(p, cx, cy, math.Max(0, rx-w/2), math.Max(0, ry-w/2), a1, a0, false)
	p.Close()
}

// addLowerHalfEllipse continues the path from (cx-rx, cy) along the lower
// half of an ellipse to (cx+rx, cy) when leftToRight, or the other way.
func addLowerHalfEllipse(p *vector.Path, cx, cy, rx, ry float64, leftToRight bool) {
	if leftToRight {
		addArc(p, cx, cy, rx, ry, math.Pi, 0, false)
		return
	}
	addArc(p, cx, cy, rx, ry, 0, math.Pi, false)
}

// addUpperHalfEllipse continues the path from (cx-rx, cy) over the top of an
// ellipse to (cx+rx, cy).
func addUpperHalfEllipse(p *vector.Path, cx, cy, rx, ry float64) {
	addArc(p, cx, cy, rx, ry, math.Pi, 2*math.Pi, false)
}

// addLowerBand adds the region between the lower halves of two ellipses of
// the same radii, centred at (cx, y0) and (cx, y1) with y0 < y1: a strip
// that follows the front of a disc's rim.
func addLowerBand(p *vector.Path, cx, y0, y1, rx, ry float64) {
	p.MoveTo(f32(cx-rx), f32(y0))
	addLowerHalfEllipse(p, cx, y0, rx, ry, true)
	p.LineTo(f32(cx+rx), f32(y1))
	addLowerHalfEllipse(p, cx, y1, rx, ry, false)
	p.Close()
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

// addRoundRect adds a closed rectangle with rounded corners, wound
// clockwise.
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
	addArc(p, x+w-r, y+r, r, r, -math.Pi/2, 0, true)
	addArc(p, x+w-r, y+h-r, r, r, 0, math.Pi/2, false)
	addArc(p, x+r, y+h-r, r, r, math.Pi/2, math.Pi, false)
	addArc(p, x+r, y+r, r, r, math.Pi, 3*math.Pi/2, false)
	p.Close()
}

// addRoundRectRing adds the outline of a rounded rectangle, w wide and
// centred on its edge; fill it with fillEvenOdd.
func addRoundRectRing(p *vector.Path, x, y, w, h, r, lw float64) {
	addRoundRect(p, x-lw/2, y-lw/2, w+lw, h+lw, r+lw/2)
	addRoundRect(p, x+lw/2, y+lw/2, w-lw, h-lw, math.Max(0, r-lw/2))
}

func f32(x float64) float32 { return float32(x) }
