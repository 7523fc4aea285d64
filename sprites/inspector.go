package sprites

import (
	"image/color"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"bashni/i18n"
	"bashni/i18n/linebreak"
	"bashni/internal/text"
	"bashni/rules"
)

// The column inspector is a panel listing a column from top to bottom: each
// piece as a small disc with its number, colour and rank, the owner, and
// what taking its top would do.

type inspectorKey struct {
	c    rules.Column
	sq   rules.Square
	lang i18n.Lang
	dp   float64
}

// maxInspectors bounds the panel cache; a game shows a handful of columns.
const maxInspectors = 32

// Inspector returns the inspector panel for column c standing on sq
// (rules.NoSquare to leave the square out of the title). The image has its
// top-left corner at (0, 0); it is cached, so asking every frame is cheap.
func (r *Renderer) Inspector(c rules.Column, sq rules.Square) *ebiten.Image {
	a := r.sprites()
	k := inspectorKey{c, sq, r.words.Lang(), r.dp}
	img, ok := a.inspectors[k]
	if !ok {
		if len(a.inspectors) >= maxInspectors {
			a.releaseInspectors()
		}
		img = renderInspector(&r.theme, r.fonts, r.words, a, c, sq, r.dp)
		a.inspectors[k] = img
	}
	return img
}

// DrawInspector draws the inspector panel of c with its top-left corner at
// (x, y).
func (r *Renderer) DrawInspector(dst *ebiten.Image, x, y float64, c rules.Column, sq rules.Square) {
	r.blit(dst, r.Inspector(c, sq), x, y, 1, 1)
}

func (a *art) releaseInspectors() {
	for k, img := range a.inspectors {
		img.Deallocate()
		delete(a.inspectors, k)
	}
}

// inspectorUnit is the panel's base length (about one line of text) for
// squares of square physical pixels at dp physical pixels per dp. Its
// smallest text (0.7 units) is at least 12 dp: readable on a phone, whose
// squares are small.
func inspectorUnit(square, dp float64) float64 {
	if dp <= 0 {
		dp = 1
	}
	return math.Max(math.Ceil(InspectorMinTextDP/0.7*dp), math.Min(48*dp, math.Round(0.3*square)))
}

// InspectorMinTextDP is the size of the inspector's smallest text, in dp,
// at the least.
const InspectorMinTextDP = 12

// SetDeviceScale tells the renderer the device scale (physical pixels per
// dp), so that the inspector's text keeps a readable size.
func (r *Renderer) SetDeviceScale(dp float64) { r.dp = dp }

// InspectorTitle is the panel's heading in English, e.g. "d4 · White
// column" (the panel speaks the renderer's language: SetLanguage).
func InspectorTitle(c rules.Column, sq rules.Square) string {
	return english().InspectorTitle(c, sq)
}

func renderInspector(t *Theme, fonts *Fonts, words *i18n.Catalog, a *art, c rules.Column, sq rules.Square, dp float64) *ebiten.Image {
	u := inspectorUnit(a.m.Square, dp)
	pad := 0.7 * u
	h := c.Height()
	own := c.OwnCount()
	// 12.5 units wide, or wider when the heading or a row needs it (a
	// language with longer words): text never runs into its neighbour.
	w := 12.5 * u
	width := func(s string, size float64, wt Weight) float64 { x, _ := fonts.Measure(s, size, wt); return x }
	if h > 0 {
		w = max(w, 2*pad+width(words.InspectorTitle(c, sq), 0.92*u, Bold)+0.3*u+width(SplitText(c), 0.85*u, Medium))
	}
	for i := 0; i < h; i++ {
		row := 3.7*u + width(words.PieceName(c.Piece(i)), 0.85*u, Medium)
		if tag := words.InspectorTag(c, i); tag != "" {
			row += 0.3*u + width(tag, 0.7*u, Regular)
		}
		w = max(w, row+pad)
	}
	w = math.Ceil(w)
	rowH := 1.5 * u
	if h > 8 {
		rowH = 1.15 * u
	}
	footSize := 0.78 * u
	measure := func(s string) float64 { x, _ := fonts.Measure(s, footSize, Regular); return x }
	foot := linebreak.Wrap(words.CaptureOutcome(c), w-2*pad, measure)
	footLine := footSize * 1.35

	titleH := 1.5 * u
	layerGap := 0.0
	if own < h {
		layerGap = 0.5 * u
	}
	height := pad + titleH + 0.3*u + float64(h)*rowH + layerGap + 0.5*u + float64(len(foot))*footLine + pad
	// The panel is painted on the CPU: a vector path this large would slow
	// every later vector fill (see analytic.go).
	img := roundRectPanel(w, height, 0.5*u, math.Max(1, 0.07*u), t.Panel, t.PanelEdge)

	y := pad
	fonts.Draw(img, words.InspectorTitle(c, sq), 0.92*u, Bold, pad, y+titleH/2, text.AlignStart, text.AlignCenter, t.Text)
	if h > 0 {
		fonts.Draw(img, SplitText(c), 0.85*u, Medium, w-pad, y+titleH/2, text.AlignEnd, text.AlignCenter, t.TextDim)
	}
	y += titleH
	rule(img, pad, y, w-2*pad, t.PanelEdge, u)
	y += 0.3 * u

	discScale := 1.6 * u / (2 * a.m.Radius)
	for i := 0; i < h; i++ {
		if i == own && own < h {
			y += layerGap / 2
			rule(img, pad+3.6*u, y, w-4.6*u, t.PanelEdge, u)
			y += layerGap / 2
		}
		p := c.Piece(i)
		prisoner := p.Color() != c.Owner()
		mid := y + rowH/2
		txt, tag := t.Text, words.InspectorTag(c, i)
		if prisoner {
			txt = t.TextDim
		}
		fonts.Draw(img, strconv.Itoa(i+1), 0.72*u, Medium, pad+0.9*u, mid, text.AlignEnd, text.AlignCenter, t.TextDim)
		disc := a.disc(p, prisoner)
		faceY := mid - float64(a.m.Thickness)*discScale/2
		drawAt(img, disc, pad+2.4*u, faceY, discScale, ebiten.ColorScale{})
		fonts.Draw(img, words.PieceName(p), 0.85*u, Medium, pad+3.7*u, mid, text.AlignStart, text.AlignCenter, txt)
		if tag != "" {
			fonts.Draw(img, tag, 0.7*u, Regular, w-pad, mid, text.AlignEnd, text.AlignCenter, t.TextDim)
		}
		y += rowH
	}
	y += 0.25 * u
	rule(img, pad, y, w-2*pad, t.PanelEdge, u)
	y += 0.25*u + footLine/2
	for _, line := range foot {
		fonts.Draw(img, line, footSize, Regular, pad, y, text.AlignStart, text.AlignCenter, t.Text)
		y += footLine
	}
	return img
}

// rule draws a thin horizontal divider.
func rule(img *ebiten.Image, x, y, w float64, c color.NRGBA, u float64) {
	vector.FillRect(img, f32(x), f32(y), f32(w), f32(math.Max(1, math.Round(0.05*u))), c, false) // not anti-aliased: no stencil pass (see analytic.go)
}
