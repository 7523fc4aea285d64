package scenes

import (
	"testing"

	"bashni/i18n"
	"bashni/sprites"
)

// TestLanguageChangesAtOnce: choosing a language (as Settings does,
// scenes/settings) switches the game's words without a restart, on every
// scene the game holds (the title; the game in progress: scenes/play), and saves the
// choice; choosing System again follows the system.
func TestLanguageChangesAtOnce(t *testing.T) {
	defer sprites.UseLanguage(i18n.English)
	a := NewApp(Options{NoAttract: true})
	a.sized(1280, 800)
	a.layoutNow()
	title := a.stack[0].scene.(*TitleScene)
	a.relayoutAll()
	if got := title.btnNew.Label; got != "New game" {
		t.Fatalf("English title button %q", got)
	}

	st := a.Settings()
	st.Language = "ru"
	a.SetSettings(st)

	if a.Text().Lang() != i18n.Russian || a.Settings().Language != "ru" {
		t.Fatalf("language %v, saved %q", a.Text().Lang(), a.Settings().Language)
	}
	for _, c := range []struct{ what, got, want string }{
		{"title's New game", title.btnNew.Label, "Новая партия"},
	} {
		if c.got != c.want {
			t.Errorf("%s: %q, want %q", c.what, c.got, c.want)
		}
	}

	// System: the language of the environment (the test's: POSIX
	// variables).
	t.Setenv("LANGUAGE", "")
	t.Setenv("LC_ALL", "ja_JP.UTF-8")
	st.Language = ""
	a.SetSettings(st)
	if a.Text().Lang() != i18n.Japanese || title.btnNew.Label != a.Text().T("common.new_game") {
		t.Fatalf("System: language %v, title button %q", a.Text().Lang(), title.btnNew.Label)
	}
}
