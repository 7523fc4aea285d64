package e2e

import (
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/rules"
	"bashni/scenes/home"
)

// TestLanguageScreenshots renders the title, the settings, a game, its
// typed-move line and a rules page in each language at 1280×800 and
// 390×844 into BASHNI_SCREENSHOTS/lang
// (docs/lang holds them, made small with pngquant: see the README):
//
//	BASHNI_SCREENSHOTS=$PWD/docs xvfb-run -a go test ./e2e -run TestLanguageScreenshots
func TestLanguageScreenshots(t *testing.T) {
	dir := filepath.Join(screenshotDir(t), "lang")
	for _, lang := range []string{"en", "ru", "ko", "ja"} {
		for _, sz := range screenshotSizes {
			w, h := float64(sz[0]), float64(sz[1])
			g := start(t, sz[0], sz[1], "-seed", "11", "-mute", "-lang", lang)
			g.ticks(600)
			g.shot(dir, lang+"-title")
			tl := home.TitleLayout(w, h, 1, false)
			g.click(mid(tl.Settings))
			g.ticks(30)
			g.shot(dir, lang+"-settings")
			g.key(ebiten.KeyEscape)
			g.ticks(30)
			g.click(mid(tl.Rules))
			g.ticks(30)
			g.key(ebiten.KeyArrowRight)
			g.ticks(60)
			g.shot(dir, lang+"-rules")
			g.close()

			g = start(t, sz[0], sz[1], "-seed", "1", "-mute", "-level", "3", "-fen", showcaseFEN, "-lang", lang)
			b := playBoard(w, h, rules.Bashni, false)
			g.ticks(30)
			g.click(b.centre("c3"))
			g.click(b.centre("d4"))
			g.ticks(240)
			g.shot(dir, lang+"-play")
			// The typed-move line (/), its placeholder in two lines.
			g.key(ebiten.KeySlash)
			g.ticks(30)
			g.shot(dir, lang+"-command")
			g.close()
		}
	}
}
