package i18n

import "strings"

// Lang is one of the game's languages.
type Lang uint8

const (
	English Lang = iota
	Russian
	Korean
	Japanese
	langCount
)

// Langs lists the languages in the order Settings offers them.
func Langs() []Lang { return []Lang{English, Russian, Korean, Japanese} }

var langCodes = [langCount]string{"en", "ru", "ko", "ja"}

// endonyms name each language in itself, as a language menu shows them.
var endonyms = [langCount]string{"English", "Русский", "한국어", "日本語"}

// Code is the language's BCP 47 code: "en", "ru", "ko", "ja".
func (l Lang) Code() string {
	if l >= langCount {
		return langCodes[English]
	}
	return langCodes[l]
}

// Name is the language's name in itself: "English", "Русский", "한국어",
// "日本語".
func (l Lang) Name() string {
	if l >= langCount {
		return endonyms[English]
	}
	return endonyms[l]
}

// String is the code.
func (l Lang) String() string { return l.Code() }

// NeedsCJKFont reports whether the language's text needs the CJK font
// (Hangul, kana, kanji), which the Go fonts do not have.
func (l Lang) NeedsCJKFont() bool { return l == Korean || l == Japanese }

// Parse reads a language from a code as browsers, settings and POSIX
// locales write it: "ru", "ru-RU", "ru_RU.UTF-8", "ja-JP", "ko_KR@euro",
// "EN". ok is false for a language the game does not speak (and for "C"
// and "POSIX").
func Parse(code string) (l Lang, ok bool) {
	c := strings.TrimSpace(code)
	// "ru_RU.UTF-8@euro": the language is what comes before the first
	// '_', '-', '.' or '@'.
	if i := strings.IndexAny(c, "_-.@"); i >= 0 {
		c = c[:i]
	}
	c = strings.ToLower(c)
	for i, lc := range langCodes {
		if c == lc {
			return Lang(i), true
		}
	}
	return English, false
}

// Match picks the first language of prefs (most preferred first, as
// navigator.languages and LANGUAGE list them) that the game speaks, or
// English.
func Match(prefs ...string) Lang {
	for _, p := range prefs {
		if l, ok := Parse(p); ok {
			return l
		}
	}
	return English
}
