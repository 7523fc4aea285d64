package sprites

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"bashni/rules"
)

// discKind says which disc sprite to draw: a piece, whether it is a prisoner
// (subdued colours), and whether it is a band segment of a compressed column
// (hatched rim, no face marks), with its rim height in pixels.
type discKind struct {
	piece    rules.Piece
	prisoner bool
	band     bool
	thick    int
}

// discColorsFor returns the colours of a side, subdued for prisoners.
func discColorsFor(t *Theme, c rules.Color, prisoner bool) DiscColors {
	d := *t.Side(c == rules.Black)
	if prisoner {
		k := t.PrisonerMix
		d.Face = mix(d.Face, t.PrisonerTint, k)
		d.Rim = mix(d.Rim, t.PrisonerTint, k)
		d.Highlight = mix(d.Highlight, t.PrisonerTint, k)
		d.Mark = mix(d.Mark, t.PrisonerTint, k*0.5)
		d.Crown = mix(d.Crown, t.PrisonerTint, k*0.5)
	}
	return d
}

// discEdgeWidth is the outline width of discs on a square of size s.
func discEdgeWidth(s float64) float64 { return math.Max(1, 0.024*s) }

// renderDisc draws one disc sprite. Its anchor (0, 0) is the centre of the
// top face; the rim hangs below it.
func renderDisc(sc *scratch, t *Theme, m DiscMetrics, k discKind) *ebiten.Image {
	a, e, th := m.Radius, m.FaceHalf, float64(k.thick)
	black := k.piece.Color() == rules.Black
	col := discColorsFor(t, k.piece.Color(), k.prisoner)
	edgeW := discEdgeWidth(m.Square)
	pad := edgeW + 2
	img := newSprite(-a-pad, -e-pad, a+pad, e+th+pad)

	// The outline is the silhouette grown by half the edge width, the
	// body inside shrunk by as much: curves are outlined by filling, never
	// stroked (see paths.go).
	var edge vector.Path
	addDiscBody(&edge, a+edgeW/2, e+edgeW/2, th)
	fill(img, &edge, col.Edge)
	ai, ei := a-edgeW/2, e-edgeW/2
	var body vector.Path
	addDiscBody(&body, ai, ei, th)
	fillShaded(sc, img, &body, rimShading(col, a, e, th, k.band, black))
	if !k.band {
		drawRimMarks(img, col, m, th, black)
	}
	if k.piece.IsKing() {
		drawRimCrown(sc, img, col, m, th, !k.band)
	}

	var face vector.Path
	addEllipse(&face, 0, 0, ai, ei)
	fillShaded(sc, img, &face, faceShading(col, a, e, seedOf(k)))
	if !k.band {
		drawFaceMarks(img, col, m, black)
		if k.piece.IsKing() {
			drawCrown(sc, img, 0, -0.04*e, 0.98*a, col.Crown, col.CrownEdge)
		}
	}

	// A dark lip where the face meets the rim. Black's face also gets a
	// bright line along its back edge: the "double outline" that tells it
	// apart from White without colour.
	var lip vector.Path
	addLowerBand(&lip, 0, -edgeW*0.3, edgeW*0.3, ai, ei)
	fill(img, &lip, withAlpha(col.Edge, 0.55))
	if black {
		var back vector.Path
		inset := edgeW * 1.4
		addArcBand(&back, 0, 0, ai-inset, ei-inset*e/a, edgeW*0.8, math.Pi*1.08, math.Pi*1.92)
		fill(img, &back, withAlpha(col.Highlight, 0.8))
	}
	return img
}

// seedOf gives each disc sprite its own grain, so neighbours differ.
func seedOf(k discKind) uint32 {
	s := uint32(k.piece)*7 + 3
	if k.prisoner {
		s += 13
	}
	return s
}

// rimShading lights the rim as a short cylinder lit from the upper left:
// brighter left of centre with a soft sheen, dark at both ends and along
// the bottom edge. Band segments get fine horizontal lines, one per few
// pixels, the look of many thin discs pressed together.
func rimShading(col DiscColors, a, e, th float64, band, black bool) shading {
	return func(x, y float64) color.NRGBA {
		u := math.Max(-1, math.Min(1, x/a))
		s := math.Sqrt(1 - u*u)
		v := clamp01((y - e*s) / th) // 0 at the top of the rim, 1 at its bottom
		light := 0.42*(-0.5*u+0.8*s) - 0.22
		light += 0.28 * math.Exp(-sq((u+0.42)/0.16))
		light -= 0.35 * smoothstep(0.8, 1, math.Abs(u))
		light -= 0.22 * smoothstep(0.72, 1, v)
		light += 0.10 * (1 - smoothstep(0, 0.2, v))
		if band {
			yy := y - e*s
			if math.Mod(yy+100, 2.5) < 0.9 {
				light -= 0.28
			}
		}
		if black {
			light *= 1.25 // dark colours need a stronger sheen to read as round
		}
		return lit(col.Rim, col.Highlight, light)
	}
}

// faceShading lights the top face: a gentle slope from the upper left, a
// bevelled edge (bright at the back, dark at the front) and faint lathe
// rings with a little grain.
func faceShading(col DiscColors, a, e float64, seed uint32) shading {
	return func(x, y float64) color.NRGBA {
		ux, uy := x/a, y/e
		r := math.Min(1, math.Hypot(ux, uy))
		light := 0.12 * (-0.5*ux - 0.85*uy)
		bevel := smoothstep(0.82, 0.98, r)
		if r > 0 {
			light += bevel * 0.38 * (-0.45*ux/r - 0.9*uy/r)
		}
		n := fbm(x*0.18, y*0.18, seed, 3) - 0.5
		light += (1 - bevel) * 0.03 * math.Sin(r*2*math.Pi*8+n*5)
		light += 0.05 * n
		return lit(col.Face, col.Highlight, light)
	}
}

// drawFaceMarks draws the side's mark on the face: White an engraved thin
// ring, Black a ring of raised beads.
func drawFaceMarks(img *ebiten.Image, col DiscColors, m DiscMetrics, black bool) {
	a, e := m.Radius, m.FaceHalf
	const ringScale = 0.66
	rw := math.Max(1, 0.05*a)
	if !black {
		// A thin engraved line, without the lit lip that made it read as
		// the edge of a second, smaller disc on top.
		var ring vector.Path
		addRing(&ring, 0, 0, a*ringScale, e*ringScale, rw*0.8)
		fillEvenOdd(img, &ring, withAlpha(col.Mark, 0.75))
		return
	}
	const beads = 12
	br := math.Max(1, 0.055*a)
	var shadow, bead vector.Path
	for i := 0; i < beads; i++ {
		th := 2 * math.Pi * (float64(i) + 0.5) / beads
		x, y := a*ringScale*math.Cos(th), e*ringScale*math.Sin(th)
		addEllipse(&shadow, x+br*0.25, y+br*0.35, br, br*0.8)
		addEllipse(&bead, x, y, br, br*0.8)
	}
	fill(img, &shadow, withAlpha(color.NRGBA{A: 255}, 0.6))
	fill(img, &bead, col.Mark)
}

// drawRimMarks draws the side's mark on the rim: Black vertical notches (a
// reeded edge); White's rim stays smooth. A groove running round the rim
// made a single man look like two stacked discs, and the height of a
// column is the game.
func drawRimMarks(img *ebiten.Image, col DiscColors, m DiscMetrics, th float64, black bool) {
	a, e := m.Radius, m.FaceHalf
	if th < 3 || !black {
		return
	}
	const notches = 17
	nw := math.Max(0.9, 0.045*a)
	var p vector.Path
	for i := 0; i < notches; i++ {
		ang := math.Pi * (float64(i) + 0.5) / notches
		s := math.Sin(ang)
		if s < 0.3 { // too foreshortened near the ends to read
			continue
		}
		x := -a * math.Cos(ang)
		y := e * s
		p.MoveTo(f32(x), f32(y+th*0.22))
		p.LineTo(f32(x), f32(y+th*0.78))
	}
	strokeLinesButt(img, &p, nw, withAlpha(col.Mark, 0.85))
}

// drawRimCrown marks a king on its rim, where it still shows when buried in
// a column: a gold inlay band, with a small crown on the front if medallion.
func drawRimCrown(sc *scratch, img *ebiten.Image, col DiscColors, m DiscMetrics, th float64, medallion bool) {
	a, e := m.Radius, m.FaceHalf
	bh := math.Max(1, th*0.26)
	lw := math.Max(0.6, bh*0.25)
	y0, y1 := th*0.5-bh/2, th*0.5+bh/2
	var inlay, edges vector.Path
	addLowerBand(&inlay, 0, y0, y1, a, e)
	fill(img, &inlay, col.Crown)
	addLowerBand(&edges, 0, y0-lw/2, y0+lw/2, a, e)
	addLowerBand(&edges, 0, y1-lw/2, y1+lw/2, a, e)
	fill(img, &edges, withAlpha(col.CrownEdge, 0.7))
	// The crown medallion on the front of the rim.
	cw := th * 1.5
	if medallion && cw >= 7 {
		var plate, ring vector.Path
		addEllipse(&plate, 0, e+th*0.5, cw*0.62, th*0.5)
		fill(img, &plate, col.Rim)
		addRing(&ring, 0, e+th*0.5, cw*0.62, th*0.5, math.Max(0.7, th*0.06))
		fillEvenOdd(img, &ring, col.Crown)
		drawCrown(sc, img, 0, e+th*0.5, cw*0.68, col.Crown, col.CrownEdge)
	}
}

// renderShadow draws the soft shadow a column casts, anchored at the centre
// of its footprint.
func renderShadow(sc *scratch, t *Theme, m DiscMetrics) *ebiten.Image {
	rx, ry := m.Radius*1.12, m.FaceHalf*1.25
	img := newSprite(-rx-2, -ry-2, rx+2, ry+2)
	var p vector.Path
	addEllipse(&p, 0, 0, rx, ry)
	fillShaded(sc, img, &p, func(x, y float64) color.NRGBA {
		d := math.Hypot(x/rx, y/ry)
		return withAlpha(t.Shadow, 1-smoothstep(0.45, 1, d))
	})
	return img
}

func sq(x float64) float64 { return x * x }
