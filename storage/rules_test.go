package storage

import (
	"testing"

	"bashni/rules"
)

// TestRulesWords: the words of the documents and the rules' types
// translate both ways.
func TestRulesWords(t *testing.T) {
	for _, v := range []rules.Variant{rules.Bashni, rules.Lasca} {
		w := VariantOf(v)
		if w.Rules() != v {
			t.Errorf("%v → %q → %v", v, w, w.Rules())
		}
		if back, ok := parseVariant(v.String()); !ok || back != w {
			t.Errorf("%v is written %q, its name reads as %q", v, w, back)
		}
	}
	for _, c := range []rules.Color{rules.White, rules.Black} {
		w := ColorOf(c)
		if w.Rules() != c {
			t.Errorf("%v → %q → %v", c, w, w.Rules())
		}
		if back, ok := parseColor(c.String()); !ok || back != w {
			t.Errorf("%v is written %q, its name reads as %q", c, w, back)
		}
	}
	for r := rules.NoMoves; r <= rules.Abandonment; r++ {
		w := ReasonOf(r)
		if back, ok := parseReason(string(w)); !ok || back != w || w.Rules() != r {
			t.Errorf("%v → %q → %v (parsed: %v)", r, w, w.Rules(), ok)
		}
	}
	if ReasonOf(rules.NoReason) != ReasonNone || ReasonNone.Rules() != rules.NoReason {
		t.Error("no reason is not the empty code")
	}
}
