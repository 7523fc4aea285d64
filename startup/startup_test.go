//go:build !js

package startup

import (
	"errors"
	"strings"
	"testing"

	"bashni/platform"
	"bashni/storage"
)

// TestWithoutAFolder: when the settings cannot be kept the game starts
// anyway, keeps them in memory and says so on the title.
func TestWithoutAFolder(t *testing.T) {
	g := New(Options{Mute: true, Store: func() (*storage.Store, error) { return nil, errors.New("no home") }})
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
	g := New(Options{Mute: true, FEN: "W:Wc3:Bf6:H0:F1", Level: 1,
		Store: func() (*storage.Store, error) { return storage.Open(dir) }})
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
