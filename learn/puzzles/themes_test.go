package puzzles

import (
	"slices"
	"testing"

	"bashni/learn/text"
	"bashni/rules"
)

func line(t *testing.T, p *rules.Position, moves ...string) []rules.Move {
	t.Helper()
	var out []rules.Move
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
		p = p.Play(m)
	}
	return out
}

func TestDetectThemes(t *testing.T) {
	tests := []struct {
		name    string
		variant rules.Variant
		fen     string
		line    []string
		want    []Theme
	}{
		{"free two prisoners", rules.Bashni, "W:Wc3,h4:Bd4-0/00,g5,a7", []string{"c3:e5"}, []Theme{FreePrisoners}},
		{"free one prisoner: not the point", rules.Bashni, "W:Wc3,h4:Bd4-0/0,g5,a7", []string{"c3:e5"}, []Theme{}},
		{"a column of four freeing prisoners", rules.Bashni, "W:Wa3,e3:Bb4-00/0,f4-0/000,h8", []string{"e3:g5"}, []Theme{FreePrisoners}},
		{"a tall column changes hands", rules.Bashni, "W:Wa3,e3:Bb4-00/0,f4-0/0000,h8", []string{"e3:g5"}, []Theme{WinColumn}},
		{"the top of a column that stays the enemy's", rules.Bashni, "W:Wa3,e3:Bb4-00/0,f4-0/000,h8", []string{"a3:c5"}, []Theme{}},
		{"crowned during the capture", rules.Bashni, "W:Wb6:Ba3,c7,f6", []string{"b6:d8:g5"}, []Theme{PromotionCapture}},
		{"a king takes two", rules.Bashni, "W:Wa1-1:Bc3,f4,d6,h8", []string{"a1:e5:g3"}, []Theme{KingShot}},
		// Black's e5:c3 cannot jump d4 a second time (rule 13) and stops
		// on c3, where White takes it.
		{"turkish strike", rules.Bashni, "W:Wc3-00,d2,e1:Be5,h8", []string{"c3-d4", "e5:c3", "d2:b4"}, []Theme{TurkishStrike}},
		// The player's own capture stopping is no Turkish strike for him.
		{"the player's capture stops", rules.Bashni, "W:Wh4:Ba7,b2,e5,g5,g7", []string{"h4:f6:h8"}, []Theme{PromotionCapture}},
		{"the other route", rules.Bashni, "W:Wh4:Bb2,e5,g5,g7", []string{"h4:f6:d4"}, []Theme{}},
		{"blockade: no move left", rules.Bashni, "W:Wa5,c5,f6,g7:Ba7,h8", []string{"a5-b6"}, []Theme{Blockade}},
		// After d4-c5 h8 is stuck and a7-b6, Black's only move, gives the
		// man away.
		{"blockade: every move gives a piece", rules.Bashni, "W:Wa5,d4,f6,g7:Ba7,h8", []string{"d4-c5"}, []Theme{Blockade}},
		// d4-e5 gives the king and a man (f6:d4:b2), a1:c3 frees both.
		// The line's reply a7-b6 gives the man away (the search found
		// nothing better for Black).
		{"blockade: the reply gives a piece", rules.Bashni, "W:Wa5,c3:Ba7,e7", []string{"c3-d4", "a7-b6", "a5:c7"}, []Theme{Blockade}},
		{"sacrifice", rules.Bashni, "W:Wa1,c3,d4-1:Bf6,g7,h8", []string{"d4-e5", "f6:d4:b2", "a1:c3"}, []Theme{Sacrifice}},
		{"two men given", rules.Bashni, "W:Wa1,c3,d4:Bf6,h8", []string{"d4-e5", "f6:d4:b2", "a1:c3"}, []Theme{}},
		{"one man given: an exchange", rules.Bashni, "W:Wa1,b2,c3:Be5,h8", []string{"c3-d4", "e5:c3", "b2:d4"}, []Theme{}},
		{"lasca: crowned in a capture", rules.Lasca, "W:Wc5:Ba1,d6,f6", []string{"c5:e7"}, []Theme{PromotionCapture}},
	}
	for _, tc := range tests {
		p, err := rules.ParseFEN(tc.variant, tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		got := DetectThemes(p, line(t, p, tc.line...))
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestTurkishStrikeExample: in RULES.md's second worked example Black's
// a5:c3:a1 stops because of the Turkish strike, and d6:f4 does not.
func TestTurkishStrikeExample(t *testing.T) {
	g := rules.NewGame(rules.Bashni)
	for _, s := range []string{"a3-b4", "b6-a5", "b2-a3", "f6-e5", "a1-b2", "e5-d4", "c3:e5"} {
		if _, err := g.PlayText(s); err != nil {
			t.Fatal(err)
		}
	}
	p := g.Position()
	for _, tc := range []struct {
		move string
		want bool
	}{{"a5:c3:a1", true}, {"d6:f4", false}} {
		m, err := p.ParseMove(tc.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := StoppedByTurkishStrike(p, m); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.move, got, tc.want)
		}
	}
}

func TestMaterial(t *testing.T) {
	p, err := rules.ParseFEN(rules.Bashni, "W:Wa1-1,c3-00/0:Bd4-0/00,h8")
	if err != nil {
		t.Fatal(err)
	}
	// White: a king (3) and two men on top of c3 (2); Black: d4's top man
	// and h8 (2). Prisoners count for nobody.
	if w, b := Material(p, rules.White), Material(p, rules.Black); w != 5 || b != 2 {
		t.Errorf("material %d and %d, want 5 and 2", w, b)
	}
	if Balance(p, rules.Black) != -3 {
		t.Errorf("balance %d, want -3", Balance(p, rules.Black))
	}
}

func TestTextIDs(t *testing.T) {
	var ids []string
	for _, th := range AllThemes {
		ids = append(ids, th.TextID())
	}
	for _, tier := range Tiers {
		ids = append(ids, tier.TextID())
	}
	ids = append(ids, PromptID(rules.White), PromptID(rules.Black))
	for _, id := range ids {
		if _, ok := text.Lookup(id); !ok {
			t.Errorf("text %q is not in the catalogue", id)
		}
	}
}
