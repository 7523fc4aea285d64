package sprites

import (
	"bytes"
	"image/color"
	"runtime"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/font/opentype"

	"bashni/i18n"
	"bashni/internal/testwait"
	"bashni/internal/text"
)

// useLanguage switches the game's fonts to l and waits until they are in
// use.
func useLanguage(t *testing.T, l i18n.Lang) {
	t.Helper()
	UseLanguage(l)
	testwait.For(t, "the "+l.String()+" fonts to load", func() bool {
		if _, err := PollFonts(); err != nil {
			t.Fatal(err)
		}
		return FontsReady(l)
	})
}

// glyphPixels draws s in white on black and returns the image's pixels.
func glyphPixels(f *Fonts, s string) []byte {
	img := ebiten.NewImage(200, 60)
	defer img.Deallocate()
	f.Draw(img, s, 40, Regular, 4, 30, text.AlignStart, text.AlignCenter, color.White)
	px := make([]byte, 4*200*60)
	img.ReadPixels(px)
	return px
}

func inked(px []byte) int {
	n := 0
	for i := 0; i < len(px); i += 4 {
		if px[i] > 128 {
			n++
		}
	}
	return n
}

// Korean and Japanese text is drawn with its own glyphs once the language's
// subset is in use, and Latin and Cyrillic still with the Go fonts.
func TestCJKGlyphsAreDrawn(t *testing.T) {
	defer UseLanguage(i18n.English)
	f := NewFonts()
	for _, tc := range []struct {
		l    i18n.Lang
		a, b string
	}{
		{i18n.Japanese, "バ", "ニ"},
		{i18n.Japanese, "駒", "捕"},
		{i18n.Korean, "바", "니"},
	} {
		useLanguage(t, tc.l)
		var pa, pb []byte
		onMain(func() { pa, pb = glyphPixels(f, tc.a), glyphPixels(f, tc.b) })
		if inked(pa) < 50 || inked(pb) < 50 {
			t.Errorf("%s: %q and %q draw %d and %d pixels", tc.l, tc.a, tc.b, inked(pa), inked(pb))
		}
		// A missing glyph draws the same box for both.
		if bytes.Equal(pa, pb) {
			t.Errorf("%s: %q and %q look the same: no glyphs", tc.l, tc.a, tc.b)
		}
	}
	// The language names are there whatever the language.
	useLanguage(t, i18n.English)
	var pa, pb []byte
	onMain(func() { pa, pb = glyphPixels(f, "한"), glyphPixels(f, "日") })
	if inked(pa) < 50 || bytes.Equal(pa, pb) {
		t.Error("the language names are not drawn in English")
	}
	// Without the Japanese subset kana are drawn too (a player's name
	// may be in kana: the names fonts); a letter of a script no font has
	// is a missing glyph, the same box as any other.
	onMain(func() { pa, pb = glyphPixels(f, "バ"), glyphPixels(f, "ニ") })
	if inked(pa) < 50 || bytes.Equal(pa, pb) {
		t.Error("kana are not drawn without the Japanese subset")
	}
	onMain(func() { pa, pb = glyphPixels(f, "ب"), glyphPixels(f, "ت") })
	if !bytes.Equal(pa, pb) {
		t.Error("Arabic letters are drawn: no font should have them")
	}
}

// Drawing Latin and Cyrillic text through the fallback faces allocates no
// more than drawing it with the Go font alone, as the game did before it
// had fallback fonts (text/v2's Draw itself allocates a little per call in
// Ebitengine v2.10.4: the glyph filter and the line's glyph imager).
// Korean and Japanese text costs one more imager per run of characters
// from another font; the test logs it.
func TestFallbackFacesCostNothingForLatin(t *testing.T) {
	defer UseLanguage(i18n.English)
	useLanguage(t, i18n.Japanese)
	f := NewFonts()
	img := ebiten.NewImage(400, 300)
	defer img.Deallocate()
	latin := []string{"Bashni · White to move", "Ход белых · бить обязательно", "Taking the top frees 2 black pieces"}
	goOnly := [weightCount]text.Face{}
	for w := range weightCount {
		xf, err := opentype.NewFace(gameFonts().goFonts[w], &opentype.FaceOptions{Size: 18, DPI: 72})
		if err != nil {
			t.Fatal(err)
		}
		goOnly[w] = text.NewGoXFace(xf)
	}
	op := &text.DrawOptions{}
	var lines []string
	var face func(Weight) text.Face
	drawText := func() {
		for i, s := range lines {
			for _, w := range []Weight{Regular, Bold} {
				op.GeoM.Reset()
				op.GeoM.Translate(4, float64(10+i*50+int(w)*20))
				text.Draw(img, s, face(w), op)
			}
		}
	}
	measure := func() int64 {
		for i := 0; i < 20; i++ {
			onMain(drawText)
		}
		rate := runtime.MemProfileRate
		runtime.MemProfileRate = 1
		defer func() { runtime.MemProfileRate = rate }()
		before := allocsUnder("TestFallbackFacesCostNothingForLatin.func1")
		for range 30 {
			onMain(drawText)
		}
		var n int64
		for stack, a := range allocsUnder("TestFallbackFacesCostNothingForLatin.func1") {
			// Ebitengine's command queue grows its buffers now and then,
			// whatever is drawn: not the fonts' doing.
			if !strings.Contains(stack, "graphicscommand") {
				n += a - before[stack]
			}
		}
		return n
	}
	lines, face = latin, func(w Weight) text.Face { return goOnly[w] }
	plain := measure()
	face = func(w Weight) text.Face { return f.Face(18, w) }
	multi := measure()
	if multi != plain {
		t.Errorf("Latin and Cyrillic text: %d allocations through the fallback faces, %d with the Go font alone", multi, plain)
	}
	lines = []string{"白の番 · 取らなければなりません", "d4 が e5 を飛び越えます。"}
	t.Logf("30 frames of %d lines: Latin %d allocations (Go font alone %d); Japanese %d", 2*len(latin), multi, plain, measure())
}

// A switch of language remakes the faces of every Fonts already made.
func TestLanguageSwitchRemakesFaces(t *testing.T) {
	defer UseLanguage(i18n.English)
	useLanguage(t, i18n.English)
	f := NewFonts()
	before := f.Face(20, Regular)
	useLanguage(t, i18n.Korean)
	if f.Face(20, Regular) == before {
		t.Error("the face was not remade for Korean")
	}
	if !FontsReady(i18n.Korean) || FontsReady(i18n.Japanese) {
		t.Error("FontsReady")
	}
}
