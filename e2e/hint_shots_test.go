package e2e

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/scenes"
)

// sacrificeFEN: the engine's hint gives a man (c3-d4) and takes two back.
const sacrificeFEN = "W:Wa3,c3,e3,g3,b2,f2:Bb6,d6,f6,h6,c7,g7:H0:F10"

// TestHintScreenshots shows a hint at 1280×800, 390×844 and on a phone on
// its side, 844×390 (issue 21: the expected line on the board, why in
// words in the panel beside it): docs/hint-<w>x<h>.png with
// BASHNI_SCREENSHOTS=$PWD/docs go test ./e2e -run TestHintScreenshots.
func TestHintScreenshots(t *testing.T) {
	dir := screenshotDir(t)
	for _, sz := range append(screenshotSizes, [2]int{844, 390}) {
		g := start(t, sz[0], sz[1], "-seed", "1", "-mute", "-level", "3", "-fen", sacrificeFEN)
		g.ticks(30)
		g.key(ebiten.KeyH)
		g.untilHint()
		g.ticks(20)
		g.shot(dir, "hint")
		g.close()
	}
}

// untilHint waits for the hint asked for: it is searched in real time off
// the game loop, and shown as an arrow (pixels of the theme's hint colour)
// with its note in the panel. It advances two ticks a look.
func (g *game) untilHint() {
	g.t.Helper()
	g.wait("the hint's arrow", patience, 2, func() bool {
		img := g.frame()
		all := scenes.Rect{W: float64(img.Bounds().Dx()), H: float64(img.Bounds().Dy())}
		return pixelsNear(img, all, theme.Hint, 23) > 300
	})
}
