package sprites

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// RouteKind selects the colour of a drawn route.
type RouteKind uint8

const (
	// RouteLastMove is the path of the move just played.
	RouteLastMove RouteKind = iota
	// RouteHint is the path of a suggested move.
	RouteHint
	routeKindCount
)

// routeCache holds the last route drawn of one kind. Routes change once per
// move, so the polyline is built with vector paths only when the points
// change; other frames draw the cached image.
type routeCache struct {
	pts []Point
	img *ebiten.Image
}

func (c *routeCache) matches(pts []Point) bool {
	if c.img == nil || len(c.pts) != len(pts) {
		return false
	}
	for i := range pts {
		if c.pts[i] != pts[i] {
			return false
		}
	}
	return true
}

// DrawRoute draws a move's whole route: a line through every landing square
// (pts are square centres, from first to last, see Geometry.RoutePoints) with
// an arrowhead before the last one. Draw it after the markers and before the
// columns, so that pieces stand on it.
func (r *Renderer) DrawRoute(dst *ebiten.Image, pts []Point, kind RouteKind) {
	if len(pts) < 2 || kind >= routeKindCount {
		return
	}
	a := r.sprites()
	c := &a.routes[kind]
	if !c.matches(pts) {
		if c.img != nil {
			c.img.Deallocate()
		}
		clr := r.theme.LastMove
		if kind == RouteHint {
			clr = r.theme.Hint
		}
		c.img = renderRoute(pts, r.square, clr)
		c.pts = append(c.pts[:0], pts...)
	}
	r.blit(dst, c.img, 0, 0, 1, 0.85)
}

// renderRoute draws the route into an image covering just its bounds, in
// screen coordinates.
func renderRoute(pts []Point, s float64, clr color.NRGBA) *ebiten.Image {
	w := math.Max(3, 0.085*s)
	minX, minY, maxX, maxY := pts[0].X, pts[0].Y, pts[0].X, pts[0].Y
	for _, p := range pts {
		minX, minY = math.Min(minX, p.X), math.Min(minY, p.Y)
		maxX, maxY = math.Max(maxX, p.X), math.Max(maxY, p.Y)
	}
	m := 2*w + 4
	b := image.Rect(int(math.Floor(minX-m)), int(math.Floor(minY-m)), int(math.Ceil(maxX+m)), int(math.Ceil(maxY+m)))
	img := ebiten.NewImageWithOptions(b, nil)

	// The line stops short of the last square's centre: the arrowhead's tip
	// is near the square's corner, clear of the column standing there.
	last, prev := pts[len(pts)-1], pts[len(pts)-2]
	dx, dy := last.X-prev.X, last.Y-prev.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		l = 1
	}
	ux, uy := dx/l, dy/l
	tip := Point{last.X - ux*0.66*s, last.Y - uy*0.66*s}
	head := 2.8 * w
	end := Point{tip.X - ux*head*0.8, tip.Y - uy*head*0.8}

	var line vector.Path
	line.MoveTo(f32(pts[0].X), f32(pts[0].Y))
	for _, p := range pts[1 : len(pts)-1] {
		line.LineTo(f32(p.X), f32(p.Y))
	}
	line.LineTo(f32(end.X), f32(end.Y))
	var arrow vector.Path
	arrow.MoveTo(f32(tip.X), f32(tip.Y))
	arrow.LineTo(f32(tip.X-ux*head-uy*head*0.62), f32(tip.Y-uy*head+ux*head*0.62))
	arrow.LineTo(f32(tip.X-ux*head*0.72), f32(tip.Y-uy*head*0.72))
	arrow.LineTo(f32(tip.X-ux*head+uy*head*0.62), f32(tip.Y-uy*head-ux*head*0.62))
	arrow.Close()

	dark := withAlpha(color.NRGBA{A: 255}, 0.4)
	stroke(img, &line, w+2*math.Max(1, w*0.18), dark)
	stroke(img, &arrow, 2*math.Max(1, w*0.18), dark)
	stroke(img, &line, w, clr)
	fill(img, &arrow, clr)
	stroke(img, &arrow, 1, clr)
	// A dot where the route starts.
	var dot vector.Path
	addCircle(&dot, pts[0].X, pts[0].Y, w*0.9)
	fill(img, &dot, clr)
	return img
}
