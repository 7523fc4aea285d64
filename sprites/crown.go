package sprites

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// The crown: three points with balls on a band, drawn as vector paths in a
// box of w × h centred at (cx, cy).

// crownAspect is a crown's height over its width.
const crownAspect = 0.72

// crownGeometry holds a crown's box, so that the parts line up.
type crownGeometry struct{ x0, y0, w, h float64 }

func (g crownGeometry) at(u, v float64) (float32, float32) {
	return f32(g.x0 + u*g.w), f32(g.y0 + v*g.h)
}

// balls are the centres of the balls on the tips, in box units, and their
// radius in widths.
var crownBalls = [3][2]float64{{0.03, 0.21}, {0.50, 0.09}, {0.97, 0.21}}

const crownBallRadius = 0.085

// addPoints adds the zigzag of points, whose valleys dip to half height.
func (g crownGeometry) addPoints(p *vector.Path) {
	p.MoveTo(g.at(0.10, 0.80))
	p.LineTo(g.at(0.03, 0.26))
	p.LineTo(g.at(0.30, 0.52))
	p.LineTo(g.at(0.50, 0.14))
	p.LineTo(g.at(0.70, 0.52))
	p.LineTo(g.at(0.97, 0.26))
	p.LineTo(g.at(0.90, 0.80))
	p.Close()
}

// addBand adds the band the points stand on.
func (g crownGeometry) addBand(p *vector.Path) {
	addRoundRect(p, g.x0+0.07*g.w, g.y0+0.74*g.h, 0.86*g.w, 0.22*g.h, 0)
}

func (g crownGeometry) addBalls(p *vector.Path, grow float64) {
	for _, b := range crownBalls {
		addCircle(p, g.x0+b[0]*g.w, g.y0+b[1]*g.h, crownBallRadius*g.w+grow)
	}
}

// addShape adds the whole silhouette.
func (g crownGeometry) addShape(p *vector.Path) {
	g.addPoints(p)
	g.addBand(p)
	g.addBalls(p, 0)
}

// drawCrown draws a gold crown with an outline and a soft drop shadow.
// Small crowns skip the details that would turn to mush.
func drawCrown(sc *scratch, dst *ebiten.Image, cx, cy, w float64, gold, edge color.NRGBA) {
	h := w * crownAspect
	edgeW := math.Max(0.7, 0.055*w)
	g := crownGeometry{x0: cx - w/2, y0: cy - h/2, w: w, h: h}

	var shadow vector.Path
	crownGeometry{x0: g.x0 + 0.03*w, y0: g.y0 + 0.05*w, w: w, h: h}.addShape(&shadow)
	fill(dst, &shadow, withAlpha(color.NRGBA{A: 255}, 0.35))

	top, bottom := g.y0, g.y0+h
	light := mix(gold, color.NRGBA{R: 255, G: 250, B: 225, A: 255}, 0.45)
	dark := mix(gold, color.NRGBA{A: 255}, 0.3)
	goldShading := func(_, y float64) color.NRGBA {
		v := (y - top) / (bottom - top)
		if v > 0.74 { // the band is lit from above, darker below
			return mix(light, dark, (v-0.74)/0.22)
		}
		return mix(light, gold, v*1.6)
	}
	var body vector.Path
	g.addPoints(&body)
	g.addBand(&body)
	fillShaded(sc, dst, &body, goldShading)
	var outline vector.Path
	g.addPoints(&outline)
	g.addBand(&outline)
	strokeLinesButt(dst, &outline, edgeW, edge)

	// The balls go on top of the outline of the points they sit on.
	var balls, rims vector.Path
	g.addBalls(&balls, edgeW/2)
	fill(dst, &balls, edge)
	g.addBalls(&rims, -edgeW/2)
	fillShaded(sc, dst, &rims, goldShading)

	if w >= 22 {
		// Jewels on the band.
		var j vector.Path
		jr := 0.045 * w
		for _, u := range []float64{0.3, 0.5, 0.7} {
			addCircle(&j, g.x0+u*w, top+0.85*h, jr)
		}
		fill(dst, &j, edge)
	}
}
