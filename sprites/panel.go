package sprites

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// PanelStyle selects the colours of a panel or button drawn by DrawPanel.
type PanelStyle uint8

const (
	PanelPlain        PanelStyle = iota // a panel or dialog: Panel, outlined with PanelEdge
	PanelButton                         // a button at rest
	PanelButtonHover                    // a button under the pointer
	PanelButtonActive                   // a button pressed, or a toggle that is on
	PanelAccent                         // the primary button: Accent
	panelStyleCount
)

// panelKey is a cached 9-slice: a style at a corner radius in pixels.
type panelKey struct {
	style  PanelStyle
	radius int
}

// nineSlice is a rounded rectangle cut into corners, edges and centre, so
// that it can be drawn at any size by stretching the edges and the centre.
type nineSlice struct {
	src   *ebiten.Image
	parts [9]*ebiten.Image // row by row: top-left, top, top-right, left, centre, …
	c     int              // corner size in pixels
}

// panelCache keeps 9-slices by style and radius; they depend on the theme
// but not on the square size.
type panelCache struct {
	slices map[panelKey]*nineSlice
}

func (pc *panelCache) release() {
	for k, s := range pc.slices {
		s.src.Deallocate()
		delete(pc.slices, k)
	}
}

// panelColors returns the fill and edge colours of a style.
func panelColors(t *Theme, s PanelStyle) (fillC, edge color.NRGBA) {
	switch s {
	case PanelButton:
		return t.Button, lit(t.Button, rgb(0xffffff), 0.12)
	case PanelButtonHover:
		return t.ButtonHover, lit(t.ButtonHover, rgb(0xffffff), 0.16)
	case PanelButtonActive:
		return t.ButtonActive, lit(t.ButtonActive, rgb(0xffffff), 0.2)
	case PanelAccent:
		return t.Accent, lit(t.Accent, rgb(0xffffff), 0.25)
	}
	return t.Panel, t.PanelEdge
}

// DrawPanel draws a rounded rectangle in one of the theme's panel or button
// styles, filling rect, with corners of the given radius (pixels). Any size
// costs nine DrawImage calls of one cached 9-slice: use it for every panel
// and button rather than filling large vector paths (see analytic.go).
func (r *Renderer) DrawPanel(dst *ebiten.Image, rect Rect, radius float64, style PanelStyle) {
	if style >= panelStyleCount || rect.W < 1 || rect.H < 1 {
		return
	}
	x0, y0 := math.Round(rect.X), math.Round(rect.Y)
	x1, y1 := math.Round(rect.X+rect.W), math.Round(rect.Y+rect.H)
	w, h := x1-x0, y1-y0
	rad := int(math.Round(math.Max(0, math.Min(radius, math.Min(w, h)/2-1))))
	ns := r.nineSlice(panelKey{style, rad})
	c := float64(ns.c)
	// Column and row edges: the corners keep their size, the middle stretches.
	xs := [4]float64{x0, x0 + c, x1 - c, x1}
	ys := [4]float64{y0, y0 + c, y1 - c, y1}
	for row := 0; row < 3; row++ {
		for col := 0; col < 3; col++ {
			part := ns.parts[row*3+col]
			pw, ph := float64(part.Bounds().Dx()), float64(part.Bounds().Dy())
			sx, sy := (xs[col+1]-xs[col])/pw, (ys[row+1]-ys[row])/ph
			if sx <= 0 || sy <= 0 {
				continue
			}
			// A sub-image is drawn with its own top-left corner at the
			// origin of the transformation.
			r.op = ebiten.DrawImageOptions{}
			r.op.GeoM.Scale(sx, sy)
			r.op.GeoM.Translate(xs[col], ys[row])
			dst.DrawImage(part, &r.op)
		}
	}
}

func (r *Renderer) nineSlice(k panelKey) *nineSlice {
	if r.panels.slices == nil {
		r.panels.slices = map[panelKey]*nineSlice{}
	}
	ns, ok := r.panels.slices[k]
	if !ok {
		ns = renderNineSlice(&r.theme, k)
		r.panels.slices[k] = ns
	}
	return ns
}

// renderNineSlice paints a rounded rectangle just big enough for its corners
// and a one-pixel middle, then cuts it.
func renderNineSlice(t *Theme, k panelKey) *nineSlice {
	fillC, edge := panelColors(t, k.style)
	rad := float64(k.radius)
	edgeW := math.Max(1, math.Round(rad*0.1))
	c := k.radius + int(edgeW) + 1
	size := 2*c + 1
	full := Rect{W: float64(size), H: float64(size)}
	src := shadedImage(image.Rect(0, 0, size, size), func(x, y float64) color.NRGBA {
		// Flat: the middle row and column are stretched, so any gradient
		// would show only in the corners.
		d := roundRectDist(x, y, full, rad)
		cc := withAlpha(fillC, cover(d))
		return over(cc, edge, band(d, -edgeW/2, edgeW)*cover(d))
	})
	ns := &nineSlice{src: src, c: c}
	cuts := [4]int{0, c, c + 1, size}
	for row := 0; row < 3; row++ {
		for col := 0; col < 3; col++ {
			ns.parts[row*3+col] = src.SubImage(image.Rect(cuts[col], cuts[row], cuts[col+1], cuts[row+1])).(*ebiten.Image)
		}
	}
	return ns
}
