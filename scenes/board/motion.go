package board

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"bashni/rules"
)

// fadeTicks is how long a landing square glows after a move shown without
// motion (a third of a second).
const fadeTicks = 20

// landingFade is what reduced motion shows instead of a sliding column:
// the column is at once where it went, its route is drawn (the last
// move's marks) and its landing square glows and fades.
type landingFade struct {
	sq   rules.Square
	left int // ticks of glow left; 0: none
}

// startFade begins the glow on mv's landing when it is shown without
// motion.
func (b *Board) startFade(mv rules.Move, instant bool) {
	if !instant || mv.IsZero() {
		b.fade.left = 0
		return
	}
	b.fade = landingFade{sq: mv.To(), left: fadeTicks}
}

// Fading reports the square glowing after a move shown without motion
// (rules.NoSquare: none).
func (b *Board) Fading() rules.Square {
	if b.fade.left <= 0 {
		return rules.NoSquare
	}
	return b.fade.sq
}

// tickFade counts the glow down.
func (b *Board) tickFade() {
	if b.fade.left > 0 {
		b.fade.left--
		b.invalidate()
	}
}

// drawFade draws the landing square's glow: the accent colour, fading out.
func (b *Board) drawFade(dst *ebiten.Image) {
	if b.fade.left <= 0 || b.g.Square <= 0 {
		return
	}
	a := float32(b.fade.left) / fadeTicks
	acc := b.r.Theme().Accent
	r := b.g.SquareRect(b.fade.sq)
	w := float32(max(2, b.g.Square*0.08))
	c := color.NRGBA{acc.R, acc.G, acc.B, uint8(200 * a)}
	vector.StrokeRect(dst, float32(r.X)+w/2, float32(r.Y)+w/2, float32(r.W)-w, float32(r.H)-w, w, c, true)
	fill := color.NRGBA{acc.R, acc.G, acc.B, uint8(70 * a)}
	vector.FillRect(dst, float32(r.X), float32(r.Y), float32(r.W), float32(r.H), fill, false)
}
