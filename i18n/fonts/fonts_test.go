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
	"golang.org/x/image/math/fixed"

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
	goFonts := parse(t, GoFont(GoRegular), GoFont(GoMedium), GoFont(GoBold))
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

// Russian is drawn with the Go fonts alone: their subsets keep Cyrillic,
// and the Latin and Greek letters of the names players choose online or
// a game record holds.
func TestGoFontsHaveLatinGreekCyrillic(t *testing.T) {
	goFonts := parse(t, GoFont(GoRegular), GoFont(GoMedium), GoFont(GoBold))
	for _, r := range "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя«»—…№ ÄÖÜßäöüÉéèçñÅåØøÆæŁłŃńŚśŹźŻżČčŠšŽžŘřĞğİıŞşŐőŰűȘșȚțẀẁ€™~@#$%^&*|<>{} ΑΒΓΔΩαβγδωάέ ЄєІіЇїЎўҐґ" {
		if !has(goFonts, r) {
			t.Errorf("the Go font subsets lack %c U+%04X", r, r)
		}
	}
}

// The Go font subsets draw every glyph they keep exactly as the Go fonts
// do: the same outline and the same advance, at the sizes the game uses
// (hinting, the part dropped, is something x/image's rasterizer never
// runs). And they keep nothing else.
func TestGoSubsetsDrawAsTheGoFonts(t *testing.T) {
	kept, err := os.ReadFile("runes-go.txt")
	if err != nil {
		t.Fatal(err)
	}
	runes := []rune(strings.TrimRight(string(kept), "\n"))
	if len(runes) < 300 {
		t.Fatalf("runes-go.txt has %d runes: want Latin, Cyrillic and the messages' (go generate ./i18n/fonts)", len(runes))
	}
	for _, c := range []struct {
		name         string
		subset, orig []byte
	}{
		{"regular", GoFont(GoRegular), goregular.TTF},
		{"medium", GoFont(GoMedium), gomedium.TTF},
		{"bold", GoFont(GoBold), gobold.TTF},
	} {
		t.Run(c.name, func(t *testing.T) {
			fonts := parse(t, c.subset, c.orig)
			sub, orig := fonts[0], fonts[1]
			if got := sub.NumGlyphs(); got > len(runes)+1 || got < len(runes)/2 {
				t.Errorf("%d glyphs for the %d runes kept (and .notdef)", got, len(runes))
			}
			var sb, ob sfnt.Buffer
			for _, r := range runes {
				si, err := sub.GlyphIndex(&sb, r)
				if err != nil || si == 0 {
					t.Errorf("%c U+%04X: not in the subset (%v)", r, r, err)
					continue
				}
				oi, err := orig.GlyphIndex(&ob, r)
				if err != nil {
					t.Fatal(err)
				}
				for _, ppem := range []fixed.Int26_6{fixed.I(13), fixed.I(21) + 32, fixed.I(64)} {
					sa, err := sub.GlyphAdvance(&sb, si, ppem, 0)
					if err != nil {
						t.Fatal(err)
					}
					oa, err := orig.GlyphAdvance(&ob, oi, ppem, 0)
					if err != nil {
						t.Fatal(err)
					}
					if sa != oa {
						t.Errorf("%c U+%04X at %v: advance %v, the Go font's %v", r, r, ppem, sa, oa)
					}
					ss, err := sub.LoadGlyph(&sb, si, ppem, nil)
					if err != nil {
						t.Fatal(err)
					}
					ss = slices.Clone(ss)
					og, err := orig.LoadGlyph(&ob, oi, ppem, nil)
					if err != nil {
						t.Fatal(err)
					}
					if !slices.Equal(ss, og) {
						t.Errorf("%c U+%04X at %v: the outline differs from the Go font's", r, r, ppem)
					}
				}
			}
			// A rune not kept is not there: the subset is smaller.
			if i, err := sub.GlyphIndex(&sb, '─'); err != nil || i != 0 {
				t.Errorf("─ (box drawing, kept by no range and no message): glyph %d, %v; want none", i, err)
			}
		})
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

// CanDraw says which letters of players' names every screen can draw: the
// server refuses the others.
func TestCanDraw(t *testing.T) {
	for _, tc := range []struct {
		r    rune
		want bool
	}{
		{'a', true}, {'Ж', true}, {'Ω', true}, {'ő', true}, {'7', true},
		{'김', true}, {'힣', true}, {'ㅋ', true}, {'た', true}, {'ヴ', true}, {'ー', true}, {'々', true},
		{'山', true}, {'钱', true}, {'龍', true},
		{'ب', false}, {'क', false}, {'ก', false}, {'ა', false}, {'א', false},
		{'\U00020BB7', false}, // 𠮷, beyond the Basic Multilingual Plane
		{'\u9fa6', false},     // a unified ideograph in no national set
		{'ㄅ', false},          // Bopomofo, in the compatibility jamo's block
	} {
		if got := CanDraw(tc.r); got != tc.want {
			t.Errorf("CanDraw(%c U+%04X) = %v, want %v", tc.r, tc.r, got, tc.want)
		}
	}
}

// Every rune gen.go put in a names font is in it, where NameFile says.
func TestNamesFontsHaveTheirRunes(t *testing.T) {
	for _, set := range []string{"hangul", "kana", "han"} {
		b, err := os.ReadFile("runes-names-" + set + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, r := range strings.TrimSpace(string(b)) {
			n++
			if !InNameFont(r) || !CanDraw(r) {
				t.Errorf("%s: %c U+%04X is not drawn (%q)", set, r, r, NameFile(r))
			}
		}
		if n < 150 {
			t.Errorf("%s: %d runes only", set, n)
		}
	}
}
