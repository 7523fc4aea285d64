package sprites

import (
	"testing"

	"bashni/i18n"
	"bashni/internal/text"
)

// names are players' names of every script the server allows, with
// letters no message uses (a Korean screen's subset has 바 and 니, not 김).
var names = []string{"김철수", "ㅋㅋㅋ", "たろう", "山田太郎", "佐々木", "钱学森", "Иван", "Ōkami", "Αλέξης"}

// TestNamesDrawInEveryLanguage: every name is drawn with glyphs of its own,
// not boxes, in every screen language and weight: measuring or drawing a
// line puts the names fonts it needs in use (desktop builds at once).
func TestNamesDrawInEveryLanguage(t *testing.T) {
	defer UseLanguage(i18n.English)
	for _, l := range i18n.Langs() {
		useLanguage(t, l)
		f := NewFonts()
		for _, name := range names {
			for _, w := range []Weight{Regular, Medium, Bold} {
				f.Measure(name, 18, w)
				face := f.Face(18, w)
				for _, r := range name {
					if !text.HasGlyph(face, r) {
						t.Errorf("%s: %q in %d: no glyph for %c U+%04X", l, name, w, r, r)
					}
				}
			}
		}
	}
}

// NeedRunes, which every Draw and Measure call, allocates nothing once a
// line's runes have been seen, and a line of ASCII never looks further.
func TestNeedRunesAllocatesNothing(t *testing.T) {
	f := NewFonts()
	for _, s := range append([]string{"Bashni · White to move"}, names...) {
		f.NeedRunes(s)
		f.Face(18, Regular)
		if n := testing.AllocsPerRun(100, func() { f.NeedRunes(s); f.Face(18, Regular) }); n != 0 {
			t.Errorf("%q: %v allocations a line", s, n)
		}
	}
}
