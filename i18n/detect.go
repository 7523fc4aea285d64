package i18n

import (
	"net/url"
	"strings"
)

// Detect returns the language the player's system asks for, or English
// when it asks for none the game speaks: on a desktop the POSIX locale
// (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), then on Windows and macOS the
// user's UI languages; in the browser the page's ?lang= parameter, then
// navigator.languages. ok is false when nothing matched (English is then
// a default, not a choice).
func Detect() (l Lang, ok bool) { return detect() }

// FromEnv reads the POSIX locale through getenv: the first of LC_ALL,
// LC_MESSAGES and LANG that is set is the locale for messages; when it is
// not "C" or "POSIX", GNU's LANGUAGE list ("ru:en") comes before it.
func FromEnv(getenv func(string) string) (Lang, bool) {
	locale := ""
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := strings.TrimSpace(getenv(k)); v != "" {
			locale = v
			break
		}
	}
	if base, _, _ := strings.Cut(locale, "."); base == "C" || base == "POSIX" {
		return English, false
	}
	var prefs []string
	if list := getenv("LANGUAGE"); list != "" {
		prefs = strings.Split(list, ":")
	}
	prefs = append(prefs, locale)
	for _, p := range prefs {
		if l, ok := Parse(p); ok {
			return l, true
		}
	}
	return English, false
}

// FromBrowser picks the language of a page: its ?lang= parameter (in the
// query string search, as location.search has it) when it names one the
// game speaks, else the first of languages (navigator.languages) that it
// speaks.
func FromBrowser(search string, languages []string) (Lang, bool) {
	if q, err := url.ParseQuery(strings.TrimPrefix(search, "?")); err == nil {
		if l, ok := Parse(q.Get("lang")); ok {
			return l, true
		}
	}
	for _, p := range languages {
		if l, ok := Parse(p); ok {
			return l, true
		}
	}
	return English, false
}
