package sprites

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"bashni/internal/text"
)

// RouteKind selects the colour of a drawn route.
type RouteKind uint8

const (
	// RouteLastMove is the path of the move just played.
	RouteLastMove RouteKind = iota
	// RouteHint is the path of a suggested move.
	RouteHint
	// RoutePreview is a capture route the selected column can take, drawn
	// for each of them while the player chooses (light, as the destination
	// rings).
	RoutePreview
	// RouteReply is the answer the engine expects to a hinted move (the
	// other side's colour: the last move's), and RouteFollow the hinting
	// side's move after it (the hint's colour, lighter): a hint's line.
	// Each has a cache of its own, so a drawn line costs no allocation.
	RouteReply
	RouteFollow
	routeKindCount
)

// routeCache holds the last route drawn of one kind. Routes change once per
// move, so the route is composed into an image only when its points change;
// other frames draw that image.
type routeCache struct {
	pts  []Point
	img  *ebiten.Image
	mine bool // a line's ply: the hinting side's (its colour)
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

// routeParts are the white pieces a route is composed of, each in a plain
// and a wider (outline) version: a line texture stretched and turned along
// each hop, a round joint and an arrowhead. Composing them with DrawImage
// keeps long routes out of the vector package (see analytic.go).
type routeParts struct {
	line, dot, arrow [2]*ebiten.Image // [0] the line itself, [1] its dark outline
	width            float64
}

const routeLineTexWidth = 4

func (a *art) routePieces() *routeParts {
	if a.route == nil {
		a.route = a.makeRouteParts(math.Max(3, 0.085*a.m.Square))
	}
	return a.route
}

// boldRoutePieces are the pieces of a hint and its line: wider, so that a
// one-square arrow on a phone's board (squares of 40 px) reads at a glance.
func (a *art) boldRoutePieces() *routeParts {
	if a.boldRoute == nil {
		a.boldRoute = a.makeRouteParts(math.Max(4, 0.12*a.m.Square))
	}
	return a.boldRoute
}

func (a *art) makeRouteParts(w float64) *routeParts {
	ow := math.Max(1, w*0.18)
	rp := &routeParts{width: w}
	for i, lw := range [2]float64{w, w + 2*ow} {
		// The line: a column of coverage across its width, stretched along
		// the hop by the draw.
		hh := math.Ceil(lw/2) + 1
		rp.line[i] = a.keep(shadedImage(image.Rect(0, int(-hh), routeLineTexWidth, int(hh)), func(_, y float64) color.NRGBA {
			return withAlpha(rgb(0xffffff), band(y, 0, lw))
		}))
		r := lw / 2
		rp.dot[i] = a.keep(newSprite(-r-1, -r-1, r+1, r+1))
		var dot vector.Path
		addCircle(&dot, 0, 0, r)
		fill(rp.dot[i], &dot, color.White)
		// The arrowhead, tip at the anchor, pointing along +x.
		head := 2.8 * w
		grow := (lw - w) * 1.2
		rp.arrow[i] = a.keep(newSprite(-head-grow-2, -head*0.62-grow-2, grow+2, head*0.62+grow+2))
		var arrow vector.Path
		arrow.MoveTo(f32(grow), 0)
		arrow.LineTo(f32(-head-grow), f32(-head*0.62-grow))
		arrow.LineTo(f32(-head*0.72), 0)
		arrow.LineTo(f32(-head-grow), f32(head*0.62+grow))
		arrow.Close()
		fill(rp.arrow[i], &arrow, color.White)
	}
	return rp
}

// DrawRoute draws a move's whole route: a line through every landing square
// (pts are square centres, from first to last, see Geometry.RoutePoints) with
// an arrowhead on the last hop. Draw it after the markers and before the
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
		switch kind {
		case RouteHint:
			clr = r.theme.Hint
		case RouteReply:
			clr = r.theme.LastMove
		case RouteFollow:
			clr = mix(r.theme.Hint, color.NRGBA{255, 255, 255, 255}, 0.45)
		case RoutePreview:
			clr = mix(withAlpha(r.theme.Destination, 1), color.NRGBA{255, 255, 255, 255}, 0.6)
		}
		rp, back := a.routePieces(), lastMoveBack
		if kind != RouteLastMove && kind != RoutePreview {
			// A suggestion's squares are empty: its arrow reaches
			// further in, wider, and a short move's stays visible.
			rp, back = a.boldRoutePieces(), hintBack
		}
		c.img = composeRoute(rp, pts, r.square, clr, back)
		c.pts = append(c.pts[:0], pts...)
	}
	r.blit(dst, c.img, 0, 0, 1, 0.85)
}

// How far short of its last square's centre an arrow's tip stops, in
// squares: a played move's clear of the column standing there, a hint's
// (whose squares are empty) close to the centre, where its number is.
const (
	lastMoveBack = 0.66
	hintBack     = 0.3
)

// MaxLineRoutes is how many plies of a hint's line the renderer draws
// (DrawLineRoute), the hint included: the engine sees further, but twelve
// arrows covered a phone's board (docs/hint-390x844.png), and a newcomer
// follows a few moves.
const MaxLineRoutes = 9

// LineColor is the colour of a ply of a hint's line: the hinting side's
// moves in the hint's colour, lighter after the hint itself; the other
// side's in the last move's.
func (r *Renderer) LineColor(ply int, mine bool) color.NRGBA {
	switch {
	case !mine:
		return r.theme.LastMove
	case ply == 0:
		return r.theme.Hint
	}
	return mix(r.theme.Hint, color.NRGBA{255, 255, 255, 255}, 0.35)
}

// DrawLineRoute draws ply (1 … MaxLineRoutes-1) of a hint's line, the
// hinting side's move if mine (ply 0 is the hint: DrawRoute with
// RouteHint). Each ply has a cache of its own, so a drawn line costs no
// allocation; later plies are fainter, the near ones stand out.
func (r *Renderer) DrawLineRoute(dst *ebiten.Image, pts []Point, ply int, mine bool) {
	if len(pts) < 2 || ply < 1 || ply >= MaxLineRoutes {
		return
	}
	a := r.sprites()
	c := &a.lines[ply]
	if !c.matches(pts) || c.mine != mine {
		if c.img != nil {
			c.img.Deallocate()
		}
		c.img = composeRoute(a.boldRoutePieces(), pts, r.square, r.LineColor(ply, mine), hintBack)
		c.pts = append(c.pts[:0], pts...)
		c.mine = mine
	}
	r.blit(dst, c.img, 0, 0, 1, math.Max(0.5, 0.85-0.04*float64(ply)))
}

// stepKey names a numbered mark of a hint's line.
type stepKey struct {
	n    int
	mine bool
	hint bool
}

// DrawLineStep draws the number n of ply (0: the hint) of a hint's line,
// the hinting side's if mine, centred on (cx, cy): a disc in the ply's
// colour, large enough to read on a phone's board (never under 20 px),
// with a dark edge.
func (r *Renderer) DrawLineStep(dst *ebiten.Image, n, ply int, mine bool, cx, cy float64) {
	a := r.sprites()
	k := stepKey{n: n, mine: mine, hint: ply == 0}
	img, ok := a.steps[k]
	if !ok {
		img = a.keep(renderStep(r.fonts, strconv.Itoa(n), r.LineColor(ply, mine), LineStepSize(r.square)))
		a.steps[k] = img
	}
	r.blit(dst, img, cx, cy, 1, 1)
}

// LineStepSize is the diameter of a numbered mark on squares of size s.
func LineStepSize(s float64) float64 { return math.Max(20, math.Round(0.46*s)) }

// renderStep draws a numbered disc of diameter d in colour c, its number
// dark or white, whichever reads on c.
func renderStep(fonts *Fonts, label string, c color.NRGBA, d float64) *ebiten.Image {
	r := d / 2
	img := newSprite(-r-2, -r-2, r+2, r+3)
	var shadow, edge, disc vector.Path
	addCircle(&shadow, 0, 1, r)
	fill(img, &shadow, color.NRGBA{A: 100})
	addCircle(&edge, 0, 0, r)
	fill(img, &edge, color.NRGBA{30, 24, 20, 255})
	addCircle(&disc, 0, 0, r-math.Max(1.5, d*0.07))
	fill(img, &disc, c)
	fg := color.NRGBA{255, 255, 255, 255}
	if lum := 0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B); lum > 150 {
		fg = color.NRGBA{20, 20, 24, 255}
	}
	size := d * 0.62
	if len(label) > 1 {
		size = d * 0.5
	}
	fonts.Draw(img, label, size, Bold, 0, -d*0.02, text.AlignCenter, text.AlignCenter, fg)
	return img
}

// composeRoute draws the route into an image covering just its bounds, in
// screen coordinates: first every piece's dark outline, then the line.
func composeRoute(rp *routeParts, pts []Point, s float64, clr color.NRGBA, back float64) *ebiten.Image {
	w := rp.width
	minX, minY, maxX, maxY := pts[0].X, pts[0].Y, pts[0].X, pts[0].Y
	for _, p := range pts {
		minX, minY = math.Min(minX, p.X), math.Min(minY, p.Y)
		maxX, maxY = math.Max(maxX, p.X), math.Max(maxY, p.Y)
	}
	m := 4*w + 4
	b := image.Rect(int(math.Floor(minX-m)), int(math.Floor(minY-m)), int(math.Ceil(maxX+m)), int(math.Ceil(maxY+m)))
	img := ebiten.NewImageWithOptions(b, nil)

	// The line stops short of the last square's centre: the arrowhead's tip
	// is near the square's corner, clear of the column standing there.
	last, prev := pts[len(pts)-1], pts[len(pts)-2]
	angle := math.Atan2(last.Y-prev.Y, last.X-prev.X)
	ux, uy := math.Cos(angle), math.Sin(angle)
	tip := Point{last.X - ux*back*s, last.Y - uy*back*s}
	end := Point{tip.X - ux*2.8*w*0.8, tip.Y - uy*2.8*w*0.8}

	dark := withAlpha(color.NRGBA{A: 255}, 0.4)
	for i, c := range [2]color.NRGBA{dark, clr} {
		part := 1 - i // the outline version first
		var cs ebiten.ColorScale
		cs.ScaleWithColor(c)
		from := pts[0]
		for j := 1; j < len(pts); j++ {
			to := pts[j]
			if j == len(pts)-1 {
				to = end
			}
			drawHop(img, rp.line[part], from, to, cs)
			drawPiece(img, rp.dot[part], from, 0, cs)
			from = to
		}
		drawPiece(img, rp.dot[part], end, 0, cs)
		drawPiece(img, rp.arrow[part], tip, angle, cs)
	}
	// A larger dot where the route starts.
	var cs ebiten.ColorScale
	cs.ScaleWithColor(clr)
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	anchor(&op.GeoM, rp.dot[0])
	op.GeoM.Scale(1.8, 1.8)
	op.GeoM.Translate(pts[0].X, pts[0].Y)
	op.ColorScale = cs
	img.DrawImage(rp.dot[0], op)
	return img
}

// drawHop stretches the line texture from a to b.
func drawHop(dst, line *ebiten.Image, a, b Point, cs ebiten.ColorScale) {
	l := math.Hypot(b.X-a.X, b.Y-a.Y)
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	anchor(&op.GeoM, line)
	op.GeoM.Scale(l/routeLineTexWidth, 1)
	op.GeoM.Rotate(math.Atan2(b.Y-a.Y, b.X-a.X))
	op.GeoM.Translate(a.X, a.Y)
	op.ColorScale = cs
	dst.DrawImage(line, op)
}

// drawPiece draws a route piece at p, turned by angle.
func drawPiece(dst, piece *ebiten.Image, p Point, angle float64, cs ebiten.ColorScale) {
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	anchor(&op.GeoM, piece)
	op.GeoM.Rotate(angle)
	op.GeoM.Translate(p.X, p.Y)
	op.ColorScale = cs
	dst.DrawImage(piece, op)
}
