//go:build !js

package scenes

import (
	"testing"

	"bashni/rules"
)

// TestReplayPausesAndCountsMoves: the game-over card's Replay counts moves
// as the move list does (two half-moves a move) and can be paused where it
// is and played on.
func TestReplayPausesAndCountsMoves(t *testing.T) {
	a, _ := newTestApp(t, t.TempDir())
	cfg := GameConfig{Variant: rules.Bashni, Human: rules.White, Level: 1}
	g := rules.NewGame(rules.Bashni)
	for g.Ply() < 5 {
		mv := g.Position().LegalMoves(nil)[0]
		cfg.Moves = append(cfg.Moves, mv.String())
		if err := g.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	cfg.Ply = len(cfg.Moves)
	ps := NewPlayScene(a, cfg)
	a.Start(ps)
	ps.resign(a)
	if ps.sess.Game().Ply() != 5 || !ps.sess.Over() {
		t.Fatalf("the game to replay: %d half-moves, over %v", ps.sess.Game().Ply(), ps.sess.Over())
	}
	ps.StartReplay(a)
	run := func(until func() bool, max int) {
		t.Helper()
		for i := 0; i < max && !until(); i++ {
			a.tick++
			if err := ps.Update(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	run(func() bool { return ps.shownPly() == 3 && !ps.board.Animating() }, 2000)
	if got, _ := ps.statusText(); got != "Replaying · move 2 of 3" {
		t.Errorf("replaying the 3rd half-move of 5, the status line says %q, want move 2 of 3", got)
	}
	if !ps.reviewing() {
		t.Fatal("no playback controls while replaying")
	}
	ps.togglePlayback(a) // Pause
	run(func() bool { return false }, 400)
	if ps.shownPly() != 3 || ps.replaying {
		t.Fatalf("paused at half-move 3, the replay went on to %d (replaying %v)", ps.shownPly(), ps.replaying)
	}
	run(func() bool { return false }, 1)
	if got, _ := ps.statusText(); got != "Move 2 of 3" {
		t.Errorf("paused, the status line says %q", got)
	}
	ps.togglePlayback(a) // Play on
	run(func() bool { return ps.live() && !ps.replaying }, 3000)
	if !ps.live() || ps.replaying {
		t.Errorf("the replay did not play on to the end: ply %d, replaying %v", ps.shownPly(), ps.replaying)
	}
}
