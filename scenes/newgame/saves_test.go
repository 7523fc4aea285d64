//go:build !js

package newgame

import (
	"testing"

	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/storage"
)

// fileApp is an App keeping its settings and games in dir, whose play
// screen is scenetest's stub.
func fileApp(t *testing.T, dir string) *scenes.App {
	t.Helper()
	store, err := storage.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := scenetest.NewApp(t, store, scenes.Options{Pages: scenes.Pages{Play: scenetest.Play}})
	t.Cleanup(func() { _ = a.FlushSaves() })
	return a
}

// TestNewGameChoicesAreSettings: the choices of the game started are
// offered next time, also after a restart (they are saved settings); a
// game played on from a position keeps the variant and side chosen before.
func TestNewGameChoicesAreSettings(t *testing.T) {
	dir := t.TempDir()
	a := fileApp(t, dir)
	s := New(a)
	s.variant.Selected, s.opponent.Selected, s.level.Selected, s.side.Selected = 1, 1, 5, 2
	s.start(a)
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	b := fileApp(t, dir)
	got := New(b)
	if got.variant.Selected != 1 || got.opponent.Selected != 1 || got.level.Selected != 5 || got.side.Selected != 2 {
		t.Fatalf("after a restart the screen offers variant %d, opponent %d, level %d, side %d; want 1, 1, 5, 2",
			got.variant.Selected, got.opponent.Selected, got.level.Selected, got.side.Selected)
	}
	from := PlayFrom(b, scenes.GameConfig{Start: rules.NewPosition(rules.Bashni)})
	from.opponent.Selected, from.level.Selected = 0, 2
	from.start(b)
	if nc := b.Settings().NewGame; nc.Variant != storage.VariantLasca || nc.Side != storage.SideRandom ||
		nc.Opponent != storage.OpponentComputer || nc.Level != 3 {
		t.Fatalf("after playing on from a position: %+v", nc)
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
}
