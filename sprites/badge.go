package sprites

import (
	"image/color"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"bashni/internal/text"
	"bashni/rules"
)

// badgeHeight is the height of a column's height badge on a square of size s.
func badgeHeight(s float64) float64 { return math.Max(13, math.Round(0.27*s)) }

// badge returns the height badge showing n, centred on its anchor.
func (a *art) badge(n int, fonts *Fonts) *ebiten.Image {
	img, ok := a.badges[n]
	if !ok {
		img = a.keep(renderBadge(a.theme, fonts, strconv.Itoa(n), badgeHeight(a.m.Square)))
		a.badges[n] = img
	}
	return img
}

// renderBadge draws a pill with a number, in the theme's badge colours.
func renderBadge(t *Theme, fonts *Fonts, label string, h float64) *ebiten.Image {
	size := h * 0.72
	tw, _ := fonts.Measure(label, size, Bold)
	w := math.Max(h, tw+h*0.62)
	pad := 2.0
	img := newSprite(-w/2-pad, -h/2-pad, w/2+pad, h/2+pad+1)
	var shadow, pill, edge vector.Path
	addRoundRect(&shadow, -w/2, -h/2+1, w, h, h/2)
	fill(img, &shadow, color.NRGBA{A: 90})
	addRoundRect(&pill, -w/2, -h/2, w, h, h/2)
	fill(img, &pill, t.Badge)
	ew := math.Max(1, h*0.08)
	addRoundRectRing(&edge, -w/2+ew/2, -h/2+ew/2, w-ew, h-ew, h/2-ew/2, ew)
	fillEvenOdd(img, &edge, t.BadgeEdge)
	fonts.Draw(img, label, size, Bold, 0, -h*0.03, text.AlignCenter, text.AlignCenter, t.BadgeText)
	return img
}

// crownSprite returns a free-standing crown of side c, scaled up by sharp.
func (a *art) crownSprite(c rules.Color, sharp float64) *ebiten.Image {
	if a.crown[c&1] == nil {
		w := 0.98 * a.m.Radius * sharp
		h := w * crownAspect
		img := newSprite(-w/2-4, -h/2-4, w/2+4, h/2+4+0.05*w)
		col := discColorsFor(a.theme, c, false)
		drawCrown(a.sc, img, 0, 0, w, col.Crown, col.CrownEdge)
		a.crown[c&1] = a.keep(img)
	}
	return a.crown[c&1]
}
