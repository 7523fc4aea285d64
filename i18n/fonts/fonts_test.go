//go:build !js

package fonts

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"

	"bashni/i18n"
	"bashni/i18n/locales"
)

// has reports whether every font in fonts has a glyph for r.
func has(fonts []*sfnt.Font, r rune) bool {
	var buf sfnt.Buffer
	for _, f := range fonts {
		if i, err := f.GlyphIndex(&buf, r); err != nil || i == 0 {
			return false
		}
	}
	return true
}

func parse(t *testing.T, data ...[]byte) []*sfnt.Font {
	t.Helper()
	var out []*sfnt.Font
	for _, d := range data {
		f, err := sfnt.Parse(d)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, f)
	}
	return out
}

func subset(t *testing.T, set string) []*sfnt.Font {
	t.Helper()
	r, err := Subset(set, Regular)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Subset(set, Bold)
	if err != nil {
		t.Fatal(err)
	}
	return parse(t, r, b)
}

// runesOf are the distinct runes of every message of l.
func runesOf(t *testing.T, l i18n.Lang) []rune {
	t.Helper()
	msgs, err := locales.Parse(l.Code())
	if err != nil {
		t.Fatal(err)
	}
	var rs []rune
	for _, forms := range msgs {
		for _, s := range forms {
			for _, r := range s {
				if r > ' ' && !slices.Contains(rs, r) {
					rs = append(rs, r)
				}
			}
		}
	}
	return rs
}

// TestEveryGlyphIsThere fails when a message uses a character that neither
// the Go fonts (all three weights the game draws with) nor the subsets that
// language's text is drawn with have: run `go generate ./i18n/fonts`.
func TestEveryGlyphIsThere(t *testing.T) {
	goFonts := parse(t, goregular.TTF, gomedium.TTF, gobold.TTF)
	common := parse(t, Common(Regular), Common(Bold))
	for _, l := range i18n.Langs() {
		var cjk []*sfnt.Font
		if l.NeedsCJKFont() {
			cjk = subset(t, l.Code())
		}
		var lacking []string
		for _, r := range runesOf(t, l) {
			if !has(goFonts, r) && !has(common, r) && (cjk == nil || !has(cjk, r)) {
				lacking = append(lacking, fmt.Sprintf("%c U+%04X", r, r))
			}
		}
		if len(lacking) > 0 {
			t.Errorf("%s: no glyph for %s (go generate ./i18n/fonts)", l, strings.Join(lacking, ", "))
		}
	}
	// The language menu shows every language's name in every language.
	for _, l := range i18n.Langs() {
		for _, r := range l.Name() {
			if !has(goFonts, r) && !has(common, r) {
				t.Errorf("no glyph for %c of %q", r, l.Name())
			}
		}
	}
}

// Russian is drawn with the Go fonts alone: they have Cyrillic.
func TestGoFontsHaveCyrillic(t *testing.T) {
	goFonts := parse(t, goregular.TTF, gomedium.TTF, gobold.TTF)
	for _, r := range "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя«»—…№" {
		if !has(goFonts, r) {
			t.Errorf("the Go fonts lack %c", r)
		}
	}
}

// The subsets hold only what the messages need: a glyph nobody draws is
// download weight for nothing. (The rune lists beside the fonts are what
// the generator asked for.)
func TestSubsetsAreSmall(t *testing.T) {
	for _, set := range []string{"ko", "ja"} {
		want, err := os.ReadFile("runes-" + set + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		n := len([]rune(strings.TrimSpace(string(want))))
		for _, f := range subset(t, set) {
			// The glyphs asked for, .notdef, and nothing else.
			if got := f.NumGlyphs(); got != n+1 {
				t.Errorf("%s: %d glyphs for %d runes", set, got, n)
			}
		}
	}
}
