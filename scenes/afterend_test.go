//go:build !js

package scenes

import (
	"testing"
)

// TestFinishedGameArchivedOnce plays the way the issue found two entries
// for one game: resign, Undo (the key and the button), resign again,
// Redo; then the game-over card's Analysis, where moves are taken back
// and the game ended again. Past games holds one entry, and the analysis
// board is neither archived nor saved over the game.
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

	// The analysis of the finished game takes moves back and plays on.
	an := NewPlayScene(a, analysisOf(play.sess, play.cfg))
	a.Start(an)
	if an.sess.Over() || !an.sess.CanUndo() {
		t.Fatalf("the analysis board: over %v, can undo %v", an.sess.Over(), an.sess.CanUndo())
	}
	an.undo(a)
	if an.sess.Game().Ply() != len(cfg.Moves)-1 {
		t.Errorf("undo on the analysis board went to ply %d", an.sess.Game().Ply())
	}
	an.resign(a) // not offered in the menu; does nothing to the archive either way
	if games, _ := a.Archive(); len(games) != 1 {
		t.Errorf("after the analysis: %d games in the archive, want 1", len(games))
	}
}
