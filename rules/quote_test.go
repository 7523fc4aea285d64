package rules

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestQuote(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", `""`},
		{"z9", `"z9"`},
		{"a\x01b", `"a\x01b"`},
		{strings.Repeat("x", 100), `"` + strings.Repeat("x", 46) + `"…`},
		{strings.Repeat("\x01", 100), `"` + strings.Repeat(`\x01`, 11) + `"…`},
		{strings.Repeat("é", 100), `"` + strings.Repeat("é", 23) + `"…`},
		{"\xff\xfe", `"\xff\xfe"`},
	} {
		if got := Quote(tc.in); got != tc.want {
			t.Errorf("Quote(%.20q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

// Errors about huge input stay one short, valid line: a 10 MB FEN or
// record must not come back as a 20 MB error.
func TestErrorsQuoteAShortPrefix(t *testing.T) {
	huge := strings.Repeat("z\x01é", 1<<18)
	var errs []error
	for _, fen := range []string{huge, "W:W" + huge + ":B", "W:Wa1-" + huge + ":B", "W:Wa1:Bh8:H" + huge, "W:Wa1:Bh8:" + huge, "White: " + huge + ". White to move."} {
		_, err := ParseFEN(Bashni, fen)
		errs = append(errs, err)
	}
	for _, rec := range []string{"[Variant \"" + huge + "\"]\n1. c3-d4", "[FEN \"" + huge + "\"]", "1. " + huge, "[" + huge} {
		_, err := ParseRecord(rec)
		errs = append(errs, err)
	}
	_, err := NewPosition(Bashni).ParseMove(huge)
	errs = append(errs, err)
	for i, err := range errs {
		if err == nil {
			t.Errorf("input %d: no error", i)
			continue
		}
		if msg := err.Error(); len(msg) > 200 || !utf8.ValidString(msg) || strings.ContainsAny(msg, "\x01\n") {
			t.Errorf("input %d: error of %d bytes: %.200q", i, len(msg), msg)
		}
	}
}
