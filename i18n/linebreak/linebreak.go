// Package linebreak breaks text into lines that fit a width, in the game's
// four languages: at spaces (English, Russian, Korean, which writes spaces
// between words) and between Chinese characters and kana (Japanese, which
// writes none), never before closing punctuation such as 、。」) nor after
// opening punctuation such as 「(. It measures with a function, so it knows
// nothing of fonts.
package linebreak

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Wrap breaks s into lines no wider than width as measure measures them. A
// unit that cannot be broken and is wider than width gets a line of its own.
// Line breaks in s are kept.
func Wrap(s string, width float64, measure func(string) float64) []string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		lines = appendWrapped(lines, para, width, measure)
	}
	return lines
}

func appendWrapped(lines []string, s string, width float64, measure func(string) float64) []string {
	line := ""
	for _, u := range units(s) {
		if line == "" {
			line = u.text
			continue
		}
		try := line + u.sep + u.text
		if measure(try) > width {
			lines = append(lines, line)
			line = u.text
			continue
		}
		line = try
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// unit is a piece of text that stays on one line, with what separates it
// from the previous one when both share a line ("" or " ").
type unit struct {
	sep, text string
}

// units splits s at the places a line may break.
func units(s string) []unit {
	var out []unit
	for _, word := range strings.Fields(s) {
		start := 0
		for i := 0; i < len(word); {
			r, n := utf8.DecodeRuneInString(word[i:])
			next := i + n
			if next < len(word) {
				r2, _ := utf8.DecodeRuneInString(word[next:])
				if breakBetween(r, r2) {
					out = appendUnit(out, word[start:next], start == 0)
					start = next
				}
			}
			i = next
		}
		out = appendUnit(out, word[start:], start == 0)
	}
	return out
}

func appendUnit(out []unit, text string, startsWord bool) []unit {
	sep := ""
	if startsWord && len(out) > 0 {
		sep = " "
	}
	return append(out, unit{sep: sep, text: text})
}

// breakBetween reports whether a line may break between a and b inside a
// word: after or before a Chinese character or kana, unless b closes (or a
// opens) a bracket or is punctuation that must not start a line.
func breakBetween(a, b rune) bool {
	if !ideographic(a) && !ideographic(b) {
		return false
	}
	return !noBreakBefore(b) && !noBreakAfter(a)
}

// ideographic reports whether r is written without spaces around it:
// Chinese characters, kana and CJK punctuation.
func ideographic(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) ||
		(r >= 0x3000 && r <= 0x303F) || (r >= 0xFF00 && r <= 0xFFEF) || r == 'ー'
}

// noBreakBefore are characters that must not start a line (kinsoku).
func noBreakBefore(r rune) bool {
	return strings.ContainsRune("、。，．・：；？！ー」』）】〕〉》”’)]}!?.,:;…‥々ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ", r)
}

// noBreakAfter are characters that must not end a line.
func noBreakAfter(r rune) bool {
	return strings.ContainsRune("「『（【〔〈《“‘([{", r)
}
