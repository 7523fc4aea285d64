package scenes

import (
	"testing"

	"bashni/rules"
)

// TestNewGameLevels: the level choice offers 1 to 7 under their names, the
// button chosen is the level played, and the first visit offers level 4
// (Club player, the strength of the old default, level 3 of 1–6).
func TestNewGameLevels(t *testing.T) {
	a := NewApp(Options{NoAttract: true}) // a new player's settings
	s := NewNewGameScene(a)
	levelNames := func(n int) string { return levelName(a.Text(), n) }
	names := []string{"Newcomer", "Beginner", "Casual", "Club player", "Strong", "Expert", "Master"}
	if len(s.level.Options) != len(names) {
		t.Fatalf("%d level options %q, want %d", len(s.level.Options), s.level.Options, len(names))
	}
	if got := s.Config(1).Level; got != 4 || levelNames(got) != "Club player" {
		t.Errorf("first visit: level %d (%s), want 4 (Club player)", got, levelNames(got))
	}
	for i, name := range names {
		s.level.Selected = i
		level := s.Config(1).Level
		if want := string(rune('1' + i)); s.level.Options[i] != want || level != i+1 || levelNames(level) != name {
			t.Errorf("button %q plays level %d named %q, want %s, level %d, %q", s.level.Options[i], level, levelNames(level), want, i+1, name)
		}
	}
}

// TestMatchLevelRange: the computer's level is clamped to 1–7.
func TestMatchLevelRange(t *testing.T) {
	for _, tt := range []struct{ in, want int }{{-3, 1}, {0, 1}, {1, 1}, {7, 7}, {8, 7}} {
		s := newSession(t, GameConfig{Variant: rules.Bashni, Level: tt.in})
		if got, _ := level(s, rules.Black); got != tt.want {
			t.Errorf("level %d became %d, want %d", tt.in, got, tt.want)
		}
	}
}
