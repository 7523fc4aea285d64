package sprites

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"bashni/rules"
)

// The composition overlay shows every piece of a column at once, as a strip
// of chips on the left of its square: top piece first. White chips are
// round, Black chips are diamonds, kings carry a gold dot; a gap separates
// the owner's layer from the prisoners.

const chipRatio = 0.2 // largest chip side / square

// DrawComposition draws the chip strip of column c on the square centred at
// (cx, cy). It is meant for every column at once while a key is held, drawn
// over the columns.
func (r *Renderer) DrawComposition(dst *ebiten.Image, cx, cy float64, c rules.Column) {
	h := c.Height()
	if h == 0 {
		return
	}
	a := r.sprites()
	s := r.square
	chip := chipRatio * s
	gap := 0.04 * s
	own := c.OwnCount()
	// The strip may rise above the square as tall columns do, into the
	// empty light square behind.
	avail := 1.12 * s
	step := math.Min(chip+0.025*s, (avail-gap)/float64(h))
	scale := math.Min(1, step/(chip+0.025*s))
	total := step*float64(h) + gap*b2f(own < h)
	mid := cy - 0.08*s
	x := cx - s/2 + chip/2 + 0.03*s
	r.op = ebiten.DrawImageOptions{}
	// The backing is one pixel stretched to the strip's size.
	bw := chip*scale + 0.06*s
	r.op.GeoM.Scale(bw, total+0.05*s)
	r.op.GeoM.Translate(x-bw/2, mid-total/2-0.025*s)
	r.op.ColorScale.ScaleAlpha(0.85)
	dst.DrawImage(a.stripBack(), &r.op)
	y := mid - total/2 + step/2
	for i := 0; i < h; i++ {
		if i == own && own < h {
			y += gap
		}
		r.blit(dst, a.chip(c.Piece(i)), x, y, scale, 1)
		y += step
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// stripBack is a 1×1 dark pixel, stretched behind the chips.
func (a *art) stripBack() *ebiten.Image {
	if a.chips[0] == nil {
		a.chipsInit()
	}
	return a.strip
}

func (a *art) chip(p rules.Piece) *ebiten.Image {
	if a.chips[0] == nil {
		a.chipsInit()
	}
	return a.chips[p&3]
}

func (a *art) chipsInit() {
	for p := rules.Piece(0); p < 4; p++ {
		a.chips[p] = a.keep(renderChip(a.theme, chipRatio*a.m.Square, p))
	}
	a.strip = a.keep(ebiten.NewImage(1, 1))
	a.strip.Fill(mix(a.theme.Panel, color.NRGBA{A: 255}, 0.2))
}

// renderChip draws one chip: a disc for White, a diamond for Black.
func renderChip(t *Theme, size float64, p rules.Piece) *ebiten.Image {
	h := size / 2
	img := newSprite(-h-2, -h-2, h+2, h+2)
	col := t.Side(p.Color() == rules.Black)
	edge := col.Edge
	if p.Color() == rules.Black {
		edge = mix(col.Mark, rgb(0xffffff), 0.5) // a dark diamond needs a light edge on a dark strip
	}
	var shape vector.Path
	ew := math.Max(1, size*0.1)
	if p.Color() == rules.White {
		var ring vector.Path
		addCircle(&shape, 0, 0, h*0.86)
		fill(img, &shape, col.Face)
		addRing(&ring, 0, 0, h*0.86, h*0.86, ew)
		fillEvenOdd(img, &ring, edge)
	} else {
		shape.MoveTo(0, f32(-h))
		shape.LineTo(f32(h), 0)
		shape.LineTo(0, f32(h))
		shape.LineTo(f32(-h), 0)
		shape.Close()
		fill(img, &shape, col.Face)
		strokeLines(img, &shape, ew, edge)
	}
	if p.IsKing() {
		var dot, ring vector.Path
		addCircle(&dot, 0, 0, h*0.46)
		fill(img, &dot, col.Crown)
		addRing(&ring, 0, 0, h*0.46, h*0.46, math.Max(0.8, size*0.07))
		fillEvenOdd(img, &ring, col.CrownEdge)
	}
	return img
}
