package online

import "bashni/i18n"

// letterRefusals are the lobby's words for a name with a letter the game
// cannot draw, in cat's language: with each script it names (Thai's ก as
// the letter: drawn as a box, as wide as any) and without one.
func letterRefusals(cat *i18n.Catalog) map[string]string {
	out := map[string]string{"bad letter": cat.F("lobby.bad_letter", "Letter", "\U00020BB7")}
	for _, sc := range namedScripts {
		k := sc.key
		out["bad letter ("+k+")"] = cat.F("lobby.bad_letter_script", "Letter", "ก", "Script", cat.T("lobby.script_"+k))
	}
	return out
}
