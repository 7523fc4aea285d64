//go:build !js

package scenes

import (
	"os"
	"path/filepath"
	"testing"

	"bashni/rules"
	"bashni/session"
	"bashni/storage"
)

// TestSavesOfEarlierVersions: settings and games saved by the game as it
// was before saved games spoke the rules' types (commit e97c113, files in
// testdata/saves-e97c113 and ../storage/testdata/levels1-6) load, and
// Continue brings the game back: the same variant, start, moves, side and
// opponent (levels of that schema count one higher today).
func TestSavesOfEarlierVersions(t *testing.T) {
	for _, tc := range []struct {
		name, settings, game string
		variant              rules.Variant
		startFEN             string
		moves                []string
		ply                  int
		human                rules.Color
		level                int // 0: friends
	}{
		{"Lasca from a position, as Black", "testdata/saves-e97c113/settings.json", "testdata/saves-e97c113/game.json",
			rules.Lasca, "B:Wa1,c3-0/0,e3:Bc5,e5-00,g7:H2:F9", []string{"g7-f6", "a1-b2", "e5-d4", "c3:e5:g7"}, 3, rules.Black, 6},
		{"Bashni against level 3", "", "../storage/testdata/levels1-6/game-level3.json",
			rules.Bashni, "", []string{"c3-d4", "f6-e5", "d4:f6", "g7:e5"}, 3, rules.Black, 4},
		{"Bashni between friends", "", "../storage/testdata/levels1-6/game-friend.json",
			rules.Bashni, "", []string{"c3-d4", "f6-e5", "d4:f6", "g7:e5"}, 3, rules.Black, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			copyFile(t, tc.game, filepath.Join(dir, "game.json"))
			if tc.settings != "" {
				copyFile(t, tc.settings, filepath.Join(dir, "settings.json"))
			}
			a, store := newTestApp(t, dir) // fails on a notice
			t.Cleanup(func() {
				if err := a.Close(); err != nil {
					t.Error(err)
				}
			})
			if tc.settings != "" {
				st := a.Settings()
				if st.Theme != "High contrast" || st.Volume != 0.35 || st.Input != storage.InputTapOnly || st.NewGame != storage.Defaults().NewGame {
					t.Fatalf("settings %+v", st)
				}
			}
			continueSaved(t, a, store)
			s := a.Game().Session()
			g := s.Game()
			want := rules.NewGame(tc.variant)
			if tc.startFEN != "" {
				want = rules.NewGameFrom(mustFEN(t, tc.variant, tc.startFEN))
			}
			for _, m := range tc.moves[:tc.ply] {
				if _, err := want.PlayText(m); err != nil {
					t.Fatal(err)
				}
			}
			if g.Variant() != tc.variant || !g.Position().Equal(want.Position()) || g.Ply() != tc.ply || len(g.AllMoves()) != len(tc.moves) {
				t.Fatalf("restored %v %s at ply %d of %d", g.Variant(), g.Position().FEN(), g.Ply(), len(g.AllMoves()))
			}
			if got := a.Game().(*stubGame).cfg.Human; got != tc.human {
				t.Errorf("the board is for %v, want %v", got, tc.human)
			}
			if tc.level == 0 {
				if !Friends(s) {
					t.Errorf("friends restored as %v and %v", s.Kind(rules.White), s.Kind(rules.Black))
				}
				return
			}
			if local, ok := s.Local(); !ok || local != tc.human || s.Kind(tc.human.Opponent()) != session.Computer {
				t.Fatalf("restored %v against %v", local, s.Kind(tc.human.Opponent()))
			}
			if lvl, _ := ComputerLevel(s, tc.human.Opponent()); lvl != tc.level {
				t.Errorf("the computer plays at level %d, want %d", lvl, tc.level)
			}
		})
	}
}

// continueSaved brings back the game saved in store as the title's
// Continue does (scenes/home): a game not over, with moves or from a
// position, made the game in progress on the router's play screen.
func continueSaved(t *testing.T, a *App, store *storage.Store) {
	t.Helper()
	sg, ok, notice := store.LoadGame()
	if !ok || !notice.IsZero() || sg.Result != storage.ResultNone || (len(sg.Moves) == 0 && sg.StartFEN == "") {
		t.Fatalf("no game to continue: %+v (found %v, notice %v)", sg, ok, notice)
	}
	cfg, err := ConfigOfSaved(sg)
	if err != nil {
		t.Fatal(err)
	}
	a.SetGame(a.opts.Pages.Play(a, cfg))
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func mustFEN(t *testing.T, v rules.Variant, fen string) *rules.Position {
	t.Helper()
	p, err := rules.ParseFEN(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
