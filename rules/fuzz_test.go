package rules

import (
	"strings"
	"testing"
)

// FuzzParseFEN: any text either fails with a one-line error or gives a valid
// position whose canonical FEN reads back to the same position.
func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{
		StartFEN(Bashni), StartFEN(Lasca), "B:Wc1-1/0000:Bb2-00:H3:F12", "W:W:B",
		"White: c1 – 1/0000, d6 – 000000. Black: a1 – 110101/1, b2 – 00. White to move.",
		"W:Wa1-0/:B", "W:Wa1,a1:B", "white: none. black: none. black to move.",
	} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, text string, lasca bool) {
		v := Bashni
		if lasca {
			v = Lasca
		}
		p, err := ParseFEN(v, text)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("ParseFEN(%q) gave an invalid position: %v", text, err)
		}
		q, err := ParseFEN(v, p.FEN())
		if err != nil || *q != *p {
			t.Fatalf("canonical FEN %q does not read back: %v", p.FEN(), err)
		}
		r, err := ParseFEN(v, p.ReadableFEN())
		if err != nil || !r.Equal(p) {
			t.Fatalf("readable FEN %q does not read back: %v", p.ReadableFEN(), err)
		}
		p.LegalMoves(nil)
		p.Perft(2)
	})
}

// FuzzParseMove: any move text in a few positions is either rejected with a
// one-line error or names a legal move.
func FuzzParseMove(f *testing.F) {
	positions := []*Position{
		NewPosition(Bashni),
		NewPosition(Lasca),
	}
	for _, fen := range []string{"W:We3:Bd4,f4,d6,f6", "W:Wa1-1:Bc3,g3", "W:Wb6:Bc7,f6", "B:Wa5-0/00,c3:Bb4,d6-1/0"} {
		p, err := ParseFEN(Bashni, fen)
		if err != nil {
			f.Fatal(err)
		}
		positions = append(positions, p)
	}
	for _, s := range []string{"c3-d4", "e3:e3", "e3xg5xe7xc5xe3", "a1:h2", "a1:e5:h2", "b6:h4", "C3-D4", "c3", "-", ":", "a1:b2:c3:d4:e5:f6:g7:h8:a1:b2:c3:d4:e5:f6"} {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, text string, which uint8) {
		p := positions[int(which)%len(positions)]
		m, err := p.ParseMove(text)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		legal := false
		for _, l := range p.LegalMoves(nil) {
			legal = legal || l == m
		}
		if !legal {
			t.Fatalf("ParseMove(%q) = %v, not a legal move", text, m)
		}
		back, err := p.ParseMove(m.String())
		if err != nil || back != m {
			t.Fatalf("%v does not read back: %v", m, err)
		}
	})
}

// FuzzParseRecord: any text is either rejected with a one-line error or is a
// game whose written record reads back to the same game.
func FuzzParseRecord(f *testing.F) {
	for _, s := range []string{
		"1. c3-b4 b6-c5 2. b4-a5 a7-b6 3. b2-c3 c5-b4 4. a3:c5:a7 c7-b6 *",
		"[Event \"x\"]\n[Variant \"Lasca\"]\n\n1. a3-b4 c5:a3 1-0",
		"[FEN \"B:Wc3:Bd4\"]\n1... d4:b2 0-1",
		"1. c3-d4 {comment} (1. a3-b4) f6-e5 ; rest\n2. d4:f6 1/2-1/2",
		"[Result \"1-0\"]\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := ParseRecord(text)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		out := FormatRecord(rec.Game, rec.Tags)
		again, err := ParseRecord(out)
		if err != nil {
			t.Fatalf("written record does not read back: %v\n%s", err, out)
		}
		if again.Game.Ply() != rec.Game.Ply() || !again.Game.Position().Equal(rec.Game.Position()) || again.Game.Outcome() != rec.Game.Outcome() {
			t.Fatalf("round trip changed the game:\n%s", out)
		}
	})
}
