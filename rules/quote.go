package rules

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Errors name the input at fault, but input can be megabytes long (a FEN
// pasted by mistake, a corrupted line from a program): an error quotes at
// most a short prefix of it, escaped so that it stays one printable line.

// quoteBytes bounds a quotation in an error message, quotes and escapes
// included.
const quoteBytes = 48

// Quote returns s quoted as Go would (%q) for an error message, cut to at
// most a short prefix (with "…" after the closing quote when it was cut).
func Quote(s string) string {
	prefix, cut := runePrefix(s, quoteBytes)
	q := strconv.Quote(prefix)
	for len(q) > quoteBytes {
		_, size := utf8.DecodeLastRuneInString(prefix)
		prefix, cut = prefix[:len(prefix)-size], true
		q = strconv.Quote(prefix)
	}
	if cut {
		q += "…"
	}
	return q
}

// printable shows a move as typed, unquoted: control characters become '?'
// and a long text is cut to a short prefix with "…".
func printable(text string) string {
	prefix, cut := runePrefix(text, 40)
	clean := strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return '?'
		}
		return r
	}, strings.ToValidUTF8(prefix, "?"))
	if cut {
		clean += "…"
	}
	return clean
}

// runePrefix returns the longest prefix of s of at most n bytes that does
// not split a UTF-8 sequence, and whether it is shorter than s. It looks at
// no more of s than that.
func runePrefix(s string, n int) (string, bool) {
	if len(s) <= n {
		return s, false
	}
	end := n
	for end > 0 && !utf8.RuneStart(s[end]) {
		end--
	}
	return s[:end], true
}
