package sprites

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// The crown: three points with balls on a band, drawn as vector paths in a
// box of w × h centred at (cx, cy).

// crownAspect is a crown's height over its width.
const crownAspect = 0.72

// addCrownShape adds the crown's silhouette (points, balls and band) to p.
func addCrownShape(p *vector.Path, cx, cy, w, h float64) {
	x0, y0 := cx-w/2, cy-h/2
	at := func(u, v float64) (float32, float32) { return f32(x0 + u*w), f32(y0 + v*h) }
	// The points: a zigzag whose valleys dip to half height.
	p.MoveTo(at(0.10, 0.80))
	p.LineTo(at(0.03, 0.26))
	p.LineTo(at(0.30, 0.52))
	p.LineTo(at(0.50, 0.14))
	p.LineTo(at(0.70, 0.52))
	p.LineTo(at(0.97, 0.26))
	p.LineTo(at(0.90, 0.80))
	p.Close()
	// The band.
	addRoundRect(p, x0+0.07*w, y0+0.74*h, 0.86*w, 0.22*h, 0.06*h)
	// Balls on the tips.
	r := 0.085 * w
	addCircle(p, x0+0.03*w, y0+0.21*h, r)
	addCircle(p, x0+0.50*w, y0+0.09*h, r)
	addCircle(p, x0+0.97*w, y0+0.21*h, r)
}

// drawCrown draws a gold crown with an outline and a soft drop shadow.
// Small crowns skip the details that would turn to mush.
func drawCrown(dst *ebiten.Image, cx, cy, w float64, gold, edge color.NRGBA) {
	h := w * crownAspect
	edgeW := max(0.7, 0.055*w)

	var shadow vector.Path
	addCrownShape(&shadow, cx+0.03*w, cy+0.05*w, w, h)
	fill(dst, &shadow, withAlpha(color.NRGBA{A: 255}, 0.35))

	var p vector.Path
	addCrownShape(&p, cx, cy, w, h)
	top, bottom := cy-h/2, cy+h/2
	light := mix(gold, color.NRGBA{R: 255, G: 250, B: 225, A: 255}, 0.45)
	dark := mix(gold, color.NRGBA{A: 255}, 0.3)
	fillShaded(dst, &p, func(x, y float64) color.NRGBA {
		v := (y - top) / (bottom - top)
		c := mix(light, gold, v*1.6)
		if v > 0.74 { // the band is lit from above, darker below
			c = mix(light, dark, (v-0.74)/0.22)
		}
		return c
	})
	stroke(dst, &p, edgeW, edge)

	if w >= 22 {
		// Jewels on the band.
		var j vector.Path
		jr := 0.045 * w
		for _, u := range []float64{0.3, 0.5, 0.7} {
			addCircle(&j, cx-w/2+u*w, top+0.85*h, jr)
		}
		fill(dst, &j, edge)
	}
}
