//go:build !js

package scenes

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"bashni/platform"
	"bashni/rules"
	"bashni/session"
	"bashni/storage"
)

// newTestApp starts the game on the store in dir, as main does.
func newTestApp(t *testing.T, dir string) (*App, *storage.Store) {
	t.Helper()
	store, err := storage.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	settings, notice := store.LoadSettings()
	if !notice.IsZero() {
		t.Fatalf("notice: %s", notice)
	}
	a := NewApp(Options{Settings: settings, Store: store, NoAttract: true, Clipboard: &platform.Memory{}, Pages: Pages{Play: stubPlay},
		Engine: func(uint64) session.Engine { return slowEngine{delay: time.Hour} }})
	// Every move saves, off the game loop: let the writes end before dir
	// goes (the test's own cleanups run first).
	t.Cleanup(func() {
		a.archiver.wg.Wait()
		_ = a.saver.Flush()
	})
	return a, store
}

// TestSettingsSurviveARestart changes every setting, quits, and starts
// again on the same directory.
func TestSettingsSurviveARestart(t *testing.T) {
	dir := t.TempDir()
	a, _ := newTestApp(t, dir)
	want := a.Settings()
	want.Theme = "High contrast"
	want.Volume = 0.35
	want.Muted = true
	want.AnimationSpeed = storage.SpeedFast
	want.InstantAnimations = true
	want.Input = storage.InputDragOnly
	want.ShowCoordinates = false
	want.ShowDestinations = false
	want.FlipForBlack = false
	a.SetSettings(want)
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	b, _ := newTestApp(t, dir)
	if got := b.Settings(); !reflect.DeepEqual(got, want) {
		t.Fatalf("after a restart:\n got %+v\nwant %+v", got, want)
	}
}

// TestContinueRestoresTheGame plays a game against the computer as Black
// with moves taken back, quits, and continues it after a restart: the same
// position, the same moves to redo, the same opponent, level and side.
func TestContinueRestoresTheGame(t *testing.T) {
	for _, c := range []struct {
		name string
		cfg  GameConfig
		play []string
		undo int
	}{
		{"Bashni as Black, an undone pair", GameConfig{Variant: rules.Bashni, Level: 5, Human: rules.Black},
			[]string{"c3-d4", "f6-e5", "d4:f6", "g7:e5", "b2-c3", "h6-g5"}, 1},
		{"Lasca between friends", GameConfig{Variant: rules.Lasca, Friend: true, Human: rules.White},
			[]string{"c3-d4", "e5:c3", "b2:d4"}, 1},
		{"from a position", GameConfig{Start: mustPosition(t, "B:Wc3-1/00,a1:Bf6,b8:H0:F7"), Level: 2, Human: rules.Black},
			[]string{"b8-a7", "c3:g7"}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			a, _ := newTestApp(t, dir)
			cfg := c.cfg
			cfg.Moves, cfg.Ply = c.play, len(c.play)
			ps := stubPlay(a, cfg)
			a.play = ps
			want := ps.Session()
			for i := 0; i < c.undo; i++ {
				want.Undo()
			}
			want.Save()
			if err := a.Close(); err != nil {
				t.Fatal(err)
			}

			b, bstore := newTestApp(t, dir)
			t.Cleanup(func() {
				if err := b.Close(); err != nil { // the undo below saves too
					t.Error(err)
				}
			})
			continueSaved(t, b, bstore)
			got := b.play.Session()
			gg, wg := got.Game(), want.Game()
			if !gg.Position().Equal(wg.Position()) || gg.Ply() != wg.Ply() || len(gg.AllMoves()) != len(wg.AllMoves()) {
				t.Fatalf("restored %s at ply %d of %d, want %s at ply %d of %d",
					gg.Position().FEN(), gg.Ply(), len(gg.AllMoves()), wg.Position().FEN(), wg.Ply(), len(wg.AllMoves()))
			}
			for _, side := range []rules.Color{rules.White, rules.Black} {
				gl, _ := ComputerLevel(got, side)
				wl, _ := ComputerLevel(want, side)
				if got.Kind(side) != want.Kind(side) || gl != wl {
					t.Fatalf("restored %v: %v at level %d, want %v at level %d", side, got.Kind(side), gl, want.Kind(side), wl)
				}
			}
			if got := b.play.(*stubGame).cfg.Human; got != cfg.Human {
				t.Fatalf("restored the board for %v, want %v", got, cfg.Human)
			}
			if !gg.Start().Equal(wg.Start()) {
				t.Fatal("a different start position")
			}
			if want.CanUndo() != got.CanUndo() || want.CanRedo() != got.CanRedo() {
				t.Fatal("undo and redo differ")
			}
			if got.CanUndo() {
				// The game as it was, without saves (the first App is
				// closed): undo there and here go to the same position.
				ref := newSession(t, c.cfg, c.play...)
				for i := 0; i <= c.undo; i++ {
					ref.Undo()
				}
				got.Undo()
				if !gg.Position().Equal(ref.Game().Position()) {
					t.Fatal("undo after the restart goes elsewhere")
				}
			}
		})
	}
}

// A damaged archive is set aside when a finished game is added to it; the
// player is told (it used to be dropped on the floor).
func TestDamagedArchiveIsTold(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "archive.json"), []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	a, store := newTestApp(t, dir)
	m := a.NewSession(GameConfig{Start: mustPosition(t, "W:Wc3,g1:Bd4:H0:F30"), Level: 2, Human: rules.White})
	if err := m.Play(mustMove(t, m.Game().Position(), "c3:e5")); err != nil {
		t.Fatal(err)
	}
	a.archiver.wg.Wait()
	msg := a.takeSaveMessage()
	if !strings.Contains(msg, "game archive was damaged") || !strings.Contains(msg, "archive.json.broken-") {
		t.Errorf("the player is told %q, want the damaged archive and where it was kept", msg)
	}
	if again := a.takeSaveMessage(); again != "" {
		t.Errorf("told twice: %q", again)
	}
	if games, _ := store.LoadArchive(); len(games) != 1 {
		t.Errorf("%d games in the new archive, want the one just finished", len(games))
	}
}
