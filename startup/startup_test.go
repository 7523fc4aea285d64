//go:build !js

package startup

import (
	"errors"
	"strings"
	"testing"

	"bashni/i18n"
	"bashni/launch"
	"bashni/platform"
	"bashni/storage"
)

// TestWithoutAFolder: when the settings cannot be kept the game starts
// anyway, keeps them in memory and says so on the title.
func TestWithoutAFolder(t *testing.T) {
	g := New(Options{Launch: launch.Launch{Mute: true}, Store: func() (*storage.Store, error) { return nil, errors.New("no home") }})
	if g.App.Store() == nil {
		t.Fatal("no store at all")
	}
	var st platform.State
	g.Snapshot(&st)
	if st.Scene != "title" || st.Game != nil {
		t.Fatalf("started on %q with a game %v", st.Scene, st.Game)
	}
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestGameFromAPosition: -fen starts the game at once, and the settings
// and saves go to the folder given.
func TestGameFromAPosition(t *testing.T) {
	dir := t.TempDir()
	g := New(Options{Launch: launch.Launch{Mute: true, FEN: "W:Wc3:Bf6:H0:F1", Level: 1}, Store: func() (*storage.Store, error) { return storage.Open(dir) }})
	var st platform.State
	g.Snapshot(&st)
	if st.Scene != "play" || st.Game == nil || !strings.HasPrefix(st.Game.Position().FEN(), "W:Wc3") {
		t.Fatalf("started on %q", st.Scene)
	}
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := g.App.Store().LoadGame(); !ok {
		t.Fatal("the game was not saved in the folder given")
	}
}

// TestChooseLanguage: the language asked for at start wins over the one
// chosen in Settings, which wins over the system's; codes the game does not
// speak are passed over.
func TestChooseLanguage(t *testing.T) {
	t.Setenv("LANGUAGE", "")
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "ja_JP.UTF-8")
	for _, tc := range []struct {
		asked, chosen string
		want          i18n.Lang
	}{
		{"ru", "ko", i18n.Russian},
		{"", "ko", i18n.Korean},
		{"xx", "en", i18n.English},
		{"", "", i18n.Japanese},
		{"de", "", i18n.Japanese},
	} {
		if got := chooseLanguage(tc.asked, tc.chosen); got != tc.want {
			t.Errorf("chooseLanguage(%q, %q) = %v, want %v", tc.asked, tc.chosen, got, tc.want)
		}
	}
}

// TestStartsInTheLanguageAsked: the scenes get the catalogue of the
// language asked for.
func TestStartsInTheLanguageAsked(t *testing.T) {
	g := New(Options{Launch: launch.Launch{Mute: true, Lang: "ru"}, Store: func() (*storage.Store, error) { return storage.OpenMemory(), nil }})
	defer g.Close()
	if got := g.App.Text().Lang(); got != i18n.Russian {
		t.Fatalf("language %v, want ru", got)
	}
	if got := g.App.Text().T("common.back"); got == "Back" || got == "" {
		t.Fatalf("common.back in Russian is %q", got)
	}
}
