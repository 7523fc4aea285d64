package sprites

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// MarkerKind is a highlight drawn on a square. Shapes, not only colours, tell
// them apart: rings under columns, a dot, square frames, corner brackets and
// a cross.
type MarkerKind uint8

const (
	// MarkerMovable is a thin ring round the foot of a column that can move.
	// Draw it before the column.
	MarkerMovable MarkerKind = iota
	// MarkerMustCapture is a thick ring with four ticks round the foot of a
	// column that must capture, and a ring pulsing out of it with the phase.
	// Draw it before the column.
	MarkerMustCapture
	// MarkerDestination is a ring with a dark outline and a centre dot on a
	// square the selected column can reach.
	MarkerDestination
	// MarkerSelected tints and frames the selected square.
	MarkerSelected
	// MarkerHover is a light frame on the square under the pointer.
	MarkerHover
	// MarkerLastFrom is a hollow square frame where the last move started.
	MarkerLastFrom
	// MarkerLastTo is a tint with four corner brackets where it ended.
	MarkerLastTo
	// MarkerCaptured is a small crossed disc in the corner of a square whose
	// top piece the last move took.
	MarkerCaptured
	// MarkerHintFrom and MarkerHintTo are MarkerLastFrom and MarkerLastTo in
	// the hint colour, for a suggested move.
	MarkerHintFrom
	MarkerHintTo
	markerCount
)

// DrawMarker draws a marker on the square centred at (cx, cy). phase, in
// [0, 1), drives the pulse of MarkerMustCapture (advance it by about one per
// second and wrap); other markers ignore it.
func (r *Renderer) DrawMarker(dst *ebiten.Image, kind MarkerKind, cx, cy, phase float64) {
	if kind >= markerCount {
		return
	}
	a := r.sprites()
	r.blit(dst, a.marker(kind), cx, cy, 1, 1)
	if kind == MarkerMustCapture {
		phase -= math.Floor(phase)
		ease := 1 - (1-phase)*(1-phase)
		r.blit(dst, a.pulseSprite(), cx, cy+r.footY(), 1+0.45*ease, 0.9*(1-phase))
	}
}

// footY is the height of a column's foot ring below the square centre.
func (r *Renderer) footY() float64 { return footY(r.m) }

func footY(m DiscMetrics) float64 { return float64(m.Thickness)/2 + 0.02*m.Square }

func (a *art) marker(k MarkerKind) *ebiten.Image {
	if a.markers[k] == nil {
		a.markers[k] = a.keep(renderMarker(a.theme, a.m, k))
	}
	return a.markers[k]
}

// pulseSprite is the ring that grows out of a must-capture marker; it is
// anchored at the centre of the foot ellipse so that it scales from there.
func (a *art) pulseSprite() *ebiten.Image {
	if a.pulse == nil {
		m := a.m
		rx, ry := footRadii(m)
		w := math.Max(1.5, 0.04*m.Square)
		img := newSprite(-rx-w-2, -ry-w-2, rx+w+2, ry+w+2)
		var p vector.Path
		addRing(&p, 0, 0, rx, ry, w)
		fillEvenOdd(img, &p, a.theme.MustCapture)
		a.pulse = a.keep(img)
	}
	return a.pulse
}

// footRadii are the radii of the ring round a column's foot.
func footRadii(m DiscMetrics) (rx, ry float64) { return m.Radius * 1.13, m.FaceHalf * 1.3 }

func renderMarker(t *Theme, m DiscMetrics, k MarkerKind) *ebiten.Image {
	s := m.Square
	h := s / 2
	img := newSprite(-h-2, -h-2, h+2, h+2)
	switch k {
	case MarkerMovable:
		rx, ry := footRadii(m)
		fy := footY(m)
		var glow, ring vector.Path
		addEllipse(&glow, 0, fy, rx, ry)
		fill(img, &glow, withAlpha(t.Movable, 0.22))
		addRing(&ring, 0, fy, rx, ry, math.Max(1.5, 0.035*s))
		fillEvenOdd(img, &ring, t.Movable)
	case MarkerMustCapture:
		rx, ry := footRadii(m)
		fy := footY(m)
		w := math.Max(2, 0.06*s)
		var glow, shade, ring, ticks vector.Path
		addEllipse(&glow, 0, fy, rx, ry)
		fill(img, &glow, withAlpha(t.MustCapture, 0.3))
		addRing(&shade, 0, fy, rx, ry, w*1.6)
		fillEvenOdd(img, &shade, withAlpha(color.NRGBA{A: 255}, 0.35))
		addRing(&ring, 0, fy, rx, ry, w)
		fillEvenOdd(img, &ring, t.MustCapture)
		// Four ticks pointing in, like a target: a shape no other marker has.
		tl := 0.09 * s
		for _, d := range [][2]float64{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			x0, y0 := d[0]*(rx+tl), fy+d[1]*(ry+tl)
			x1, y1 := d[0]*(rx-tl*0.2), fy+d[1]*(ry-tl*0.2)
			ticks.MoveTo(f32(x0), f32(y0))
			ticks.LineTo(f32(x1), f32(y1))
		}
		strokeLines(img, &ticks, w*1.6, withAlpha(color.NRGBA{A: 255}, 0.35))
		strokeLines(img, &ticks, w, t.MustCapture)
	case MarkerDestination:
		// A ring with an outline on both edges and a small centre dot, as
		// lidraughts draws them: the ring is light, the outline dark, so one
		// of them stands out on any square of any theme.
		r := 0.16 * s
		w := math.Max(3.5, 0.06*s)
		ow := math.Max(1.5, 0.025*s)
		light := mix(withAlpha(t.Destination, 1), color.NRGBA{255, 255, 255, 255}, 0.7)
		dark := color.NRGBA{0x10, 0x10, 0x10, 230}
		var edge, ring, dot, dotEdge vector.Path
		addRing(&edge, 0, 0, r, r, w+2*ow)
		fillEvenOdd(img, &edge, dark)
		addRing(&ring, 0, 0, r, r, w)
		fillEvenOdd(img, &ring, light)
		dr := math.Max(1.5, 0.045*s)
		addCircle(&dotEdge, 0, 0, dr+ow)
		fill(img, &dotEdge, dark)
		addCircle(&dot, 0, 0, dr)
		fill(img, &dot, light)
	case MarkerSelected:
		var sqr, frame vector.Path
		addRoundRect(&sqr, -h, -h, s, s, 0)
		fill(img, &sqr, t.Selected)
		w := math.Max(2, 0.055*s)
		addRoundRect(&frame, -h+w/2, -h+w/2, s-w, s-w, 0)
		strokeLinesButt(img, &frame, w, withAlpha(t.Selected, 1))
	case MarkerHover:
		w := math.Max(1.5, 0.04*s)
		var frame vector.Path
		addRoundRect(&frame, -h+w/2, -h+w/2, s-w, s-w, 0)
		strokeLinesButt(img, &frame, w, t.Hover)
	case MarkerLastFrom, MarkerHintFrom:
		c := t.LastMove
		if k == MarkerHintFrom {
			c = t.Hint
		}
		w := math.Max(2, 0.06*s)
		in := 0.1 * s
		var shade, frame vector.Path
		addRoundRectRing(&shade, -h+in, -h+in, s-2*in, s-2*in, 0.04*s, w*1.7)
		fillEvenOdd(img, &shade, withAlpha(color.NRGBA{A: 255}, 0.3))
		addRoundRectRing(&frame, -h+in, -h+in, s-2*in, s-2*in, 0.04*s, w)
		fillEvenOdd(img, &frame, c)
	case MarkerLastTo, MarkerHintTo:
		c := t.LastMove
		if k == MarkerHintTo {
			c = t.Hint
		}
		var tint vector.Path
		addRoundRect(&tint, -h, -h, s, s, 0)
		fill(img, &tint, withAlpha(c, 0.28))
		w := math.Max(2, 0.075*s)
		in, l := 0.05*s+w/2, 0.28*s
		var br vector.Path
		for _, d := range [][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
			x, y := d[0]*(h-in), d[1]*(h-in)
			br.MoveTo(f32(x-d[0]*l), f32(y))
			br.LineTo(f32(x), f32(y))
			br.LineTo(f32(x), f32(y-d[1]*l))
		}
		strokeLines(img, &br, w*1.7, withAlpha(color.NRGBA{A: 255}, 0.3))
		strokeLines(img, &br, w, c)
	case MarkerCaptured:
		r := 0.13 * s
		x, y := h-r-0.06*s, h-r-0.06*s
		var disc, ring, cross vector.Path
		addCircle(&disc, x, y, r)
		fill(img, &disc, withAlpha(color.NRGBA{A: 255}, 0.55))
		addRing(&ring, x, y, r, r, math.Max(1, 0.025*s))
		fillEvenOdd(img, &ring, t.Captured)
		d := r * 0.5
		cross.MoveTo(f32(x-d), f32(y-d))
		cross.LineTo(f32(x+d), f32(y+d))
		cross.MoveTo(f32(x+d), f32(y-d))
		cross.LineTo(f32(x-d), f32(y+d))
		strokeLines(img, &cross, math.Max(1.5, 0.045*s), t.Captured)
	}
	return img
}
