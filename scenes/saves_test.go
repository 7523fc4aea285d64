//go:build !js

package scenes

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"bashni/rules"
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
	if notice != "" {
		t.Fatalf("notice: %s", notice)
	}
	a := NewApp(Options{Settings: settings, Store: store, NoAttract: true, Clipboard: &memoryClipboard{},
		Engine: func(uint64) Engine { return slowEngine{delay: time.Hour} }})
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
		{"Bashni as Black, an undone pair", GameConfig{Variant: rules.Bashni, Opponent: OpponentComputer, Level: 5, Human: rules.Black},
			[]string{"c3-d4", "f6-e5", "d4:f6", "g7:e5", "b2-c3", "h6-g5"}, 1},
		{"Lasca between friends", GameConfig{Variant: rules.Lasca, Opponent: OpponentFriend, Human: rules.White},
			[]string{"c3-d4", "e5:c3", "b2:d4"}, 1},
		{"from a position", GameConfig{Start: mustPosition(t, "B:Wc3-1/00,a1:Bf6,b8:H0:F7"), Opponent: OpponentComputer, Level: 2, Human: rules.Black},
			[]string{"b8-a7", "c3:g7"}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			a, _ := newTestApp(t, dir)
			ps := NewPlayScene(a, c.cfg)
			a.play = ps
			play(t, ps.match, c.play...)
			for i := 0; i < c.undo; i++ {
				ps.match.Undo()
			}
			a.saveGame(ps)
			want := ps.match
			if err := a.Close(); err != nil {
				t.Fatal(err)
			}

			b, _ := newTestApp(t, dir)
			if !b.title.canContinue(b) {
				t.Fatal("no Continue after a restart")
			}
			b.title.continueGame(b)
			got := b.play.match
			if !got.Game.Position().Equal(want.Game.Position()) || got.Game.Ply() != want.Game.Ply() ||
				len(got.Game.AllMoves()) != len(want.Game.AllMoves()) {
				t.Fatalf("restored %s at ply %d of %d, want %s at ply %d of %d",
					got.Game.Position().FEN(), got.Game.Ply(), len(got.Game.AllMoves()),
					want.Game.Position().FEN(), want.Game.Ply(), len(want.Game.AllMoves()))
			}
			if got.Cfg.Opponent != want.Cfg.Opponent || got.Cfg.Human != want.Cfg.Human ||
				(want.Cfg.Opponent == OpponentComputer && got.Cfg.Level != want.Cfg.Level) {
				t.Fatalf("restored %+v, want %+v", got.Cfg, want.Cfg)
			}
			if !got.Game.Start().Equal(want.Game.Start()) {
				t.Fatal("a different start position")
			}
			if want.CanUndo() != got.CanUndo() || want.CanRedo() != got.CanRedo() {
				t.Fatal("undo and redo differ")
			}
			if got.CanUndo() {
				got.Undo()
				want.Undo()
				if !got.Game.Position().Equal(want.Game.Position()) {
					t.Fatal("undo after the restart goes elsewhere")
				}
			}
			if b.play.flipped != (want.Cfg.Human == rules.Black) {
				t.Fatal("the board is not turned for the side played")
			}
		})
	}
}

// TestFinishedGameIsArchivedOnce finishes a game, shows the game-over
// card twice, and finds one entry in the archive.
func TestFinishedGameIsArchivedOnce(t *testing.T) {
	dir := t.TempDir()
	a, store := newTestApp(t, dir)
	ps := NewPlayScene(a, GameConfig{Start: mustPosition(t, "W:Wc3,g1:Bd4:H0:F30"), Opponent: OpponentComputer, Level: 2, Human: rules.White})
	a.play, a.scene = ps, ps
	play(t, ps.match, "c3:e5")
	for i := 0; i < 3; i++ {
		ps.checkOver(a)
		a.tick += gameOverPause
	}
	ps.overShown = false
	ps.checkOver(a)
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	games, notice := store.LoadArchive()
	if len(games) != 1 || notice != "" {
		t.Fatalf("%d games archived (notice %q)", len(games), notice)
	}
	if games[0].Result != storage.ResultWhiteWins || games[0].Plies != 1 {
		t.Fatalf("entry %+v", games[0])
	}
}

func mustPosition(t *testing.T, fen string) *rules.Position {
	t.Helper()
	p, err := rules.ParseFEN(rules.Bashni, fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// A damaged archive is set aside when a finished game is added to it; the
// player is told (it used to be dropped on the floor).
func TestDamagedArchiveIsTold(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "archive.json"), []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	a, store := newTestApp(t, dir)
	ps := NewPlayScene(a, GameConfig{Start: mustPosition(t, "W:Wc3,g1:Bd4:H0:F30"), Opponent: OpponentComputer, Level: 2, Human: rules.White})
	a.play, a.scene = ps, ps
	play(t, ps.match, "c3:e5")
	ps.checkOver(a)
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
