package online

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"bashni/i18n/fonts"
	"bashni/scenes"
)

// namedScripts are the scripts whose names the lobby says when a letter
// of theirs is refused (lobby.script_*, in the player's language): those
// of the languages most likely typed. A letter of another script is
// refused without its script's name.
var namedScripts = map[string]string{
	"Arabic": "arabic", "Armenian": "armenian", "Bengali": "bengali", "Devanagari": "devanagari",
	"Ethiopic": "ethiopic", "Georgian": "georgian", "Hebrew": "hebrew", "Khmer": "khmer",
	"Lao": "lao", "Myanmar": "myanmar", "Tamil": "tamil", "Thai": "thai",
}

// undrawable is the first letter, digit or mark of name that the game's
// fonts cannot draw on every screen, and its Unicode script ("" for
// Common and Inherited); ok is false when there is none. It is the test
// the server's identity.CheckNewName makes (fonts.CanDraw on the name in
// NFC), so that the lobby can say which letter before it asks; the
// server's refusal stays the last word (the browser's CanDraw is looser
// within the names fonts' blocks).
func undrawable(name string) (r rune, script string, ok bool) {
	for _, r := range norm.NFC.String(strings.TrimSpace(name)) {
		if r == '_' || r == '-' || fonts.CanDraw(r) {
			continue
		}
		for sc, table := range unicode.Scripts {
			if sc != "Common" && sc != "Inherited" && unicode.Is(table, r) {
				return r, sc, true
			}
		}
		return r, "", true
	}
	return 0, "", false
}

// nameLetterWords says, in the player's language, why name cannot be
// saved when a letter of it cannot be drawn ("" when every one can).
func nameLetterWords(c scenes.Context, name string) string {
	r, script, ok := undrawable(name)
	if !ok {
		return ""
	}
	t := c.Text()
	if key, named := namedScripts[script]; named {
		return t.F("lobby.bad_letter_script", "Letter", string(r), "Script", t.T("lobby.script_"+key))
	}
	return t.F("lobby.bad_letter", "Letter", string(r))
}
