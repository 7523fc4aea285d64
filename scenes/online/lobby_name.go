package online

import (
	"strings"
	"unicode"

	"bashni/i18n/fonts"
	"bashni/scenes"
)

// namedScripts are the scripts whose names the lobby says when a letter
// of theirs is refused (lobby.script_*, in the player's language): those
// of the languages most likely typed. A letter of another script is
// refused without its script's name.
var namedScripts = []struct {
	key   string
	table *unicode.RangeTable
}{
	{"arabic", unicode.Arabic}, {"armenian", unicode.Armenian}, {"bengali", unicode.Bengali},
	{"devanagari", unicode.Devanagari}, {"ethiopic", unicode.Ethiopic}, {"georgian", unicode.Georgian},
	{"hebrew", unicode.Hebrew}, {"khmer", unicode.Khmer}, {"lao", unicode.Lao},
	{"myanmar", unicode.Myanmar}, {"tamil", unicode.Tamil}, {"thai", unicode.Thai},
}

// undrawable is the first letter or digit of name that the game's fonts
// cannot draw on every screen, and its Unicode script when the lobby names
// it (namedScripts; "" otherwise); ok is false when there is none. The
// server's identity.CheckNewName makes the same test (fonts.CanDraw) on the
// name in NFC, and its refusal stays the last word: the lobby only says
// which letter before asking when NFC cannot change that letter, without
// the normalization tables (53 KB of the page, gzip). A combining mark, a
// conjoining Hangul jamo, a compatibility ideograph or a letterlike
// singleton (mayCompose) is left to the server, which may draw what NFC
// makes of it; the browser's CanDraw is looser within the names fonts'
// blocks.
func undrawable(name string) (r rune, script string, ok bool) {
	for _, r := range strings.TrimSpace(name) {
		if r == '_' || r == '-' || mayCompose(r) || fonts.CanDraw(r) {
			continue
		}
		for _, sc := range namedScripts {
			if unicode.Is(sc.table, r) {
				return r, sc.key, true
			}
		}
		return r, "", true
	}
	return 0, "", false
}

// mayCompose reports whether NFC may turn r into another letter, alone or
// with its neighbours: the marks that compose with the letter before them,
// Hangul's conjoining jamo, and the characters NFC maps to another one
// (CJK compatibility ideographs, Greek with oxia, the ohm, kelvin and
// ångström signs).
func mayCompose(r rune) bool {
	switch {
	case unicode.Is(unicode.M, r):
		return true
	case r >= 0x1100 && r <= 0x11FF, r >= 0xA960 && r <= 0xA97F, r >= 0xD7B0 && r <= 0xD7FF:
		return true
	case r >= 0xF900 && r <= 0xFAFF, r >= 0x2F800 && r <= 0x2FA1F:
		return true
	case r >= 0x1F00 && r <= 0x1FFF, r == 0x2126, r == 0x212A, r == 0x212B:
		return true
	}
	return false
}

// nameLetterWords says, in the player's language, why name cannot be
// saved when a letter of it cannot be drawn ("" when every one can).
func nameLetterWords(c scenes.Context, name string) string {
	r, script, ok := undrawable(name)
	if !ok {
		return ""
	}
	t := c.Text()
	if script != "" {
		return t.F("lobby.bad_letter_script", "Letter", string(r), "Script", t.T("lobby.script_"+script))
	}
	return t.F("lobby.bad_letter", "Letter", string(r))
}
