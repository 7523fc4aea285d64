package e2e

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/rules"
)

// TestSignalSavesTheGame ends a real game process with SIGTERM or SIGINT
// (a logout, Ctrl+C in a terminal) during a game: it must exit cleanly
// (status 0) after its exit save, so Continue finds the game as it was.
// The game started from a position with no move yet is saved by the exit
// save alone.
func TestSignalSavesTheGame(t *testing.T) {
	const w, h = 1280, 800
	const start = "W:Wc3,e3,g1:Bf6,h8:H0:F5"
	for _, tc := range []struct {
		name   string
		signal syscall.Signal
		moves  int
	}{
		{"SIGTERM before a move", syscall.SIGTERM, 0},
		{"SIGINT after a move", syscall.SIGINT, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			config := t.TempDir()
			g := startIn(t, w, h, guestEnv{config: config}, "-fen", start, "-friend", "-mute")
			g.ticks(30)
			b := playBoard(w, h, rules.Bashni, false)
			cur, err := rules.ParseFEN(rules.Bashni, start)
			if err != nil {
				t.Fatal(err)
			}
			g.waitFor(b, cur, 100, "the start")
			var played []string
			for range tc.moves {
				m := quietOrFirst(cur)
				g.clickMove(b, m)
				cur = cur.Play(m)
				g.waitFor(b, cur, 200, "after "+m.String())
				played = append(played, m.String())
			}

			if err := g.cmd.Process.Signal(tc.signal); err != nil {
				t.Fatal(err)
			}
			// The game notices the signal at its next tick and ends as if
			// its window were closed (its Update returns Termination).
			for i := 0; i < 600 && g.sess.Err() == nil; i++ {
				g.sess.AdvanceTicks(1)
				g.sess.WaitTicks()
			}
			if err := g.sess.Err(); !errors.Is(err, ebiten.Termination) {
				t.Fatalf("after %v the game did not end itself: %v\n%s", tc.signal, err, g.stderr.String())
			}
			// Closing the session lets RunGame return in the guest; the
			// exit save follows, then a clean exit (close checks it).
			g.close()
			if t.Failed() {
				return
			}

			data, err := os.ReadFile(filepath.Join(config, "game.json"))
			if err != nil {
				t.Fatalf("no saved game after %v: %v", tc.signal, err)
			}
			var sg struct {
				Data struct {
					StartFEN string   `json:"startFen"`
					Moves    []string `json:"moves"`
					Ply      int      `json:"ply"`
				} `json:"data"`
			}
			if err := json.Unmarshal(data, &sg); err != nil {
				t.Fatal(err)
			}
			if want, _ := rules.ParseFEN(rules.Bashni, start); sg.Data.StartFEN != want.FEN() || len(sg.Data.Moves) != len(played) || sg.Data.Ply != len(played) {
				t.Fatalf("saved %+v, want the game from %s with moves %v", sg.Data, start, played)
			}
			for i := range played {
				if sg.Data.Moves[i] != played[i] {
					t.Fatalf("saved moves %v, want %v", sg.Data.Moves, played)
				}
			}
		})
	}
}
