package scenes

import (
	"testing"

	"bashni/ai"
	"bashni/rules"
	"bashni/storage"
)

// TestNewGameLevels: the level choice offers 1 to 7 under their numbers and
// names (from "First steps" to "Master"), the button chosen is the level
// played, and the first visit offers level 1, one a newcomer can beat
// (issue 21).
func TestNewGameLevels(t *testing.T) {
	a := NewApp(Options{NoAttract: true}) // a new player's settings
	s := NewNewGameScene(a)
	levelNames := func(n int) string { return levelName(a.Text(), n) }
	names := []string{"First steps", "Beginner", "Casual", "Club player", "Strong", "Expert", "Master"}
	if len(s.level.Options) != len(names) {
		t.Fatalf("%d level options %q, want %d", len(s.level.Options), s.level.Options, len(names))
	}
	if got := s.Config(1).Level; got != 1 || levelNames(got) != "1 · First steps" {
		t.Errorf("first visit: level %d (%s), want 1 (1 · First steps)", got, levelNames(got))
	}
	for i, name := range names {
		s.level.Selected = i
		level := s.Config(1).Level
		if want := string(rune('1' + i)); s.level.Options[i] != want || level != i+1 || levelNames(level) != want+" · "+name {
			t.Errorf("button %q plays level %d named %q, want %s, level %d, %q", s.level.Options[i], level, levelNames(level), want, i+1, name)
		}
	}
}

// TestSavedLevelStays: a player who chose a level keeps it; only a fresh
// install (no choice saved) starts at the lowest level.
func TestSavedLevelStays(t *testing.T) {
	st := storage.Defaults()
	if st.NewGame.Level != ai.MinLevel {
		t.Errorf("a new player's level is %d, want %d", st.NewGame.Level, ai.MinLevel)
	}
	if a := NewApp(Options{NoAttract: true}); a.opts.Level != ai.MinLevel {
		t.Errorf("the fallback level of -fen and -watch is %d, want %d", a.opts.Level, ai.MinLevel)
	}
	st.NewGame.Level = 4
	a := NewApp(Options{NoAttract: true, Settings: st})
	if got := NewNewGameScene(a).Config(1).Level; got != 4 {
		t.Errorf("a player who chose level 4 is offered level %d", got)
	}
}

// TestMatchLevelRange: the computer's level is clamped to 1–7.
func TestMatchLevelRange(t *testing.T) {
	for _, tt := range []struct{ in, want int }{{-3, 1}, {0, 1}, {1, 1}, {7, 7}, {8, 7}} {
		s := newSession(t, GameConfig{Variant: rules.Bashni, Level: tt.in})
		if got, _ := ComputerLevel(s, rules.Black); got != tt.want {
			t.Errorf("level %d became %d, want %d", tt.in, got, tt.want)
		}
	}
}
