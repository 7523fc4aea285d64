//go:build !js

package scenes

import (
	"testing"
)

// TestFinishedGameArchivedOnce plays the way the issue found two entries
// for one game: resign, Undo (the key and the button), resign again,
// Redo, agree a draw. Past games holds one entry and the finished game
// stays as it ended.
func TestFinishedGameArchivedOnce(t *testing.T) {
	a, _ := newTestApp(t, t.TempDir())
	cfg := GameConfig{Variant: 0, Human: 0, Level: 1, Moves: []string{"c3-d4", "f6-g5", "d4-c5", "b6:d4"}}
	cfg.Ply = len(cfg.Moves)
	play := NewPlayScene(a, cfg)
	a.Start(play)
	play.resign(a)
	if !play.sess.Over() {
		t.Fatal("the player could not resign")
	}
	play.undo(a)
	play.resign(a)
	play.redo(a)
	play.agreeDraw(a)
	if games, _ := a.Archive(); len(games) != 1 {
		t.Fatalf("after resign, undo, resign: %d games in the archive, want 1", len(games))
	}
	if !play.sess.Over() || play.sess.Game().Ply() != len(cfg.Moves) {
		t.Errorf("the finished game changed: over %v at ply %d", play.sess.Over(), play.sess.Game().Ply())
	}

}
