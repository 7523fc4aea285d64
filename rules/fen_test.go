package rules

import (
	"strings"
	"testing"
)

func TestFENRoundTrip(t *testing.T) {
	tests := []struct {
		variant Variant
		in      string
		want    string // canonical output
	}{
		{Bashni, StartFEN(Bashni), "W:Wa1-0,c1-0,e1-0,g1-0,b2-0,d2-0,f2-0,h2-0,a3-0,c3-0,e3-0,g3-0:Bb6-0,d6-0,f6-0,h6-0,a7-0,c7-0,e7-0,g7-0,b8-0,d8-0,f8-0,h8-0:H0:F1"},
		{Lasca, StartFEN(Lasca), "W:Wa1-0,c1-0,e1-0,g1-0,b2-0,d2-0,f2-0,a3-0,c3-0,e3-0,g3-0:Ba5-0,c5-0,e5-0,g5-0,b6-0,d6-0,f6-0,a7-0,c7-0,e7-0,g7-0:H0:F1"},
		{Bashni, "B:Wg3,c1-1/0000:Bh8,b2-00:H3:F12", "B:Wc1-1/0000,g3-0:Bb2-00,h8-0:H3:F12"},
		{Bashni, "w:wC1-1/0000:b", "W:Wc1-1/0000:B:H0:F1"},
		{Bashni, " W : W a1 - 0 , c3 : B h8 ", "W:Wa1-0,c3-0:Bh8-0:H0:F1"},
		{Bashni, "W:B:W", "W:W:B:H0:F1"},
		{Lasca, "B:Wd4-10/01:Bg7:F3", "B:Wd4-10/01:Bg7-0:H0:F3"},
	}
	for _, tc := range tests {
		p, err := ParseFEN(tc.variant, tc.in)
		if err != nil {
			t.Errorf("ParseFEN(%q): %v", tc.in, err)
			continue
		}
		if got := p.FEN(); got != tc.want {
			t.Errorf("ParseFEN(%q).FEN() = %q, want %q", tc.in, got, tc.want)
		}
		q, err := ParseFEN(tc.variant, p.ReadableFEN())
		if err != nil || *q != *p && !q.Equal(p) {
			t.Errorf("readable round trip of %q via %q: %v", tc.in, p.ReadableFEN(), err)
		}
	}
}

func TestReadableFEN(t *testing.T) {
	// The example of PROTOCOL.md.
	in := "White: c1 – 1/0000, d6 – 000000, f4 – 0000. Black: a1 – 110101/1, b2 – 00. White to move."
	p, err := ParseFEN(Bashni, in)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.FEN(), "W:Wc1-1/0000,f4-0000,d6-000000:Ba1-110101/1,b2-00:H0:F1"; got != want {
		t.Errorf("FEN = %q, want %q", got, want)
	}
	if got, want := p.ReadableFEN(), "White: c1 – 1/0000, f4 – 0000, d6 – 000000. Black: a1 – 110101/1, b2 – 00. White to move."; got != want {
		t.Errorf("readable = %q\nwant       %q", got, want)
	}
	if c := p.Column(mustSquare(t, "a1")); c.Height() != 7 || c.Owner() != Black || !c.Top().IsKing() || c.Piece(6) != WhiteKing {
		t.Errorf("a1 = %v", c.Pieces())
	}
	if _, err := ParseFEN(Bashni, "white: c1 - 1. black: none. black to move."); err != nil {
		t.Errorf("hyphen and lower case: %v", err)
	}
}

func TestFENErrors(t *testing.T) {
	tests := []struct {
		variant Variant
		in      string
		wantErr string
	}{
		{Bashni, "", "empty"},
		{Bashni, "X:W:B", "side to move \"X\""},
		{Bashni, "W:Wa1:Wc1:B", "White's columns given twice"},
		{Bashni, "W:Wa1", "want both a W and a B field"},
		{Bashni, "W:Wz9:B", `column "z9": bad square "z9"`},
		{Bashni, "W:Wa2:B", `column "a2": bad square "a2": a light square`},
		{Lasca, "W:Wh8:B", "not on the 7×7 board"},
		{Bashni, "W:Wa1,a1:B", "square a1 given twice"},
		{Bashni, "W:Wa1:Ba1", "square a1 given twice"},
		{Bashni, "W:Wa1-0x1:B", `'x' is not a piece`},
		{Bashni, "W:Wa1-0/0/0:B", "more than one '/'"},
		{Bashni, "W:Wa1-:B", "empty stack"},
		{Bashni, "W:Wa1-/0:B", "no piece of the owner on top"},
		{Bashni, "W:Wa1-0/:B", "empty prisoner part"},
		{Bashni, "W:Wa1-0000000000000:B", "more than 12 white pieces"},
		{Bashni, "W:W:B:Hx", `counter "Hx" is not a number`},
		{Bashni, "W:W:B:F0", "at least 1"},
		{Bashni, "W:W:B:Q5", `unknown field "Q5"`},
		{Bashni, "W:W:B::", "empty field"},
		{Bashni, "White: a1. Black: h8.", "missing \"White to move.\""},
		{Bashni, "White: a1. Black: h8. Purple to move.", "must be White or Black"},
		{Bashni, "White: a1 – 2. Black: none. White to move.", `'2' is not a piece`},
		{Bashni, "White: a1. White to move.", "want both"},
	}
	for _, tc := range tests {
		_, err := ParseFEN(tc.variant, tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("ParseFEN(%q) error = %v, want one containing %q", tc.in, err, tc.wantErr)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("ParseFEN(%q) error is not one line: %q", tc.in, err)
		}
	}
}
