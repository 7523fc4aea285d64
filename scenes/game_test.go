package scenes

import (
	"testing"

	"bashni/ai"
	"bashni/rules"
)

// TestMatchLevelRange: the computer's level is clamped to 1–7.
func TestMatchLevelRange(t *testing.T) {
	for _, tt := range []struct{ in, want int }{{-3, 1}, {0, 1}, {1, 1}, {7, 7}, {8, 7}} {
		s := newSession(t, GameConfig{Variant: rules.Bashni, Level: tt.in})
		if got, _ := ComputerLevel(s, rules.Black); got != tt.want {
			t.Errorf("level %d became %d, want %d", tt.in, got, tt.want)
		}
	}
}

// TestFallbackLevel: -fen and -watch without a level play the lowest.
func TestFallbackLevel(t *testing.T) {
	if a := NewApp(Options{NoAttract: true}); a.opts.Level != ai.MinLevel {
		t.Errorf("the fallback level of -fen and -watch is %d, want %d", a.opts.Level, ai.MinLevel)
	}
}
