package e2e

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/sprites"
)

// sacrificeFEN: the engine's hint gives a man (c3-d4) and takes two back.
const sacrificeFEN = "W:Wa3,c3,e3,g3,b2,f2:Bb6,d6,f6,h6,c7,g7:H0:F10"

// TestHintScreenshots shows a hint at 1280×800 and 390×844 (issue 21: the
// expected line on the board, why in words): docs/hint-<w>x<h>.png with
// BASHNI_SCREENSHOTS=$PWD/docs go test ./e2e -run TestHintScreenshots.
// The hint is searched in real time off the game loop, so the shot waits
// for its arrow (pixels of the theme's hint colour) to be drawn.
func TestHintScreenshots(t *testing.T) {
	dir := screenshotDir(t)
	hint := sprites.Themes()[0].Hint
	for _, sz := range screenshotSizes {
		g := start(t, sz[0], sz[1], "-seed", "1", "-mute", "-level", "3", "-fen", sacrificeFEN)
		g.ticks(30)
		g.key(ebiten.KeyH)
		shown := false
		for i := 0; i < 3000 && !shown; i++ {
			g.ticks(5)
			shown = hintPixels(g.frame(), hint) > 300
		}
		if !shown {
			t.Fatalf("%dx%d: no hint arrow drawn", sz[0], sz[1])
		}
		g.ticks(20)
		g.shot(dir, "hint")
		g.close()
	}
}

// hintPixels counts the pixels of img close to the hint colour c.
func hintPixels(img *image.RGBA, c interface{ RGBA() (r, g, b, a uint32) }) int {
	r, gg, b, _ := c.RGBA()
	n := 0
	for i := 0; i+3 < len(img.Pix); i += 4 {
		if absDiff(img.Pix[i], uint8(r>>8)) < 24 && absDiff(img.Pix[i+1], uint8(gg>>8)) < 24 && absDiff(img.Pix[i+2], uint8(b>>8)) < 24 {
			n++
		}
	}
	return n
}
