package scenes

import (
	"strings"
	"testing"

	"bashni/i18n"
	"bashni/online/arena"
)

// TestArenaTitle: every arena the server schedules by default has a title
// of its own in every language, not the server's English and not its code;
// a player's arena keeps the name they typed; a schedule this version does
// not know shows the server's readable name.
func TestArenaTitle(t *testing.T) {
	scheds := arena.DefaultSchedules()
	if len(scheds) == 0 {
		t.Fatal("no default schedules to check")
	}
	for _, lang := range i18n.Langs() {
		cat := i18n.New(lang)
		seen := map[string]string{}
		for _, sc := range scheds {
			got := ArenaTitle(cat, sc.Key, sc.Settings.Name)
			key := arenaScheduleKeys[sc.Key]
			switch {
			case key == "":
				t.Errorf("%s: schedule %q has no message in arenaScheduleKeys", lang, sc.Key)
			case got == "" || got == key || got == sc.Key || strings.Contains(got, "{{"):
				t.Errorf("%s: schedule %q titled %q: the catalogue lacks %s", lang, sc.Key, got, key)
			case lang != i18n.English && got == sc.Settings.Name:
				t.Errorf("%s: schedule %q titled %q, the server's English", lang, sc.Key, got)
			}
			if other, dup := seen[got]; dup {
				t.Errorf("%s: schedules %q and %q share the title %q", lang, other, sc.Key, got)
			}
			seen[got] = sc.Key
		}
		for _, tc := range []struct {
			what, schedule, name, want string
		}{
			{"a player's arena", "", "Anna's Friday blitz", "Anna's Friday blitz"},
			{"a player's arena named like a schedule", "", "hourly-bashni-blitz", "hourly-bashni-blitz"},
			{"an operator's schedule", "weekly-lasca", "Weekly Lasca", "Weekly Lasca"},
			{"an unknown schedule without a name", "weekly-lasca", "", "weekly-lasca"},
		} {
			if got := ArenaTitle(cat, tc.schedule, tc.name); got != tc.want {
				t.Errorf("%s: %s (%q, %q) titled %q, want %q", lang, tc.what, tc.schedule, tc.name, got, tc.want)
			}
		}
	}
	en := i18n.New(i18n.English)
	if got := ArenaTitle(en, "hourly-bashni-blitz", "whatever the server says"); got != "Hourly Bashni Blitz" {
		t.Errorf("English hourly title %q: the schedule's code, not the server's name, makes the title", got)
	}
}
