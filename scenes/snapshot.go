package scenes

import (
	"bashni/rules"
	"bashni/sprites"
)

// Snapshot is what the game shows, read once a tick for tools and tests
// outside the game (the browser build publishes it as window.bashni). It is
// filled in place by App.Snapshot without allocating, so that it can be read
// every tick; the caller compares fields to see what changed.
type Snapshot struct {
	// Scene names the scene on screen (Scene.Name): "title", "newgame",
	// "play", "gameover", "settings", "rules", ….
	Scene string
	// Game is the game in progress, kept while a menu or the game-over card
	// shows over it; nil before the first game. Read it, never change it.
	Game *rules.Game
	// Outcome is the game's result at its current ply (zero: ongoing or no
	// game).
	Outcome rules.Outcome
	// Thinking: the computer searches for a move or a hint in the game on
	// screen (the title's background game does not count).
	Thinking bool
	// Animating: a scene transition or a move is being animated, so the
	// screen is redrawn every frame.
	Animating bool
	// Board is where the board of the game on screen is, in physical
	// pixels (divide by Scale for CSS or device-independent pixels); its
	// Square is 0 when no game board is on screen.
	Board sprites.Geometry
	// Scale is the device scale factor (physical pixels per
	// device-independent pixel).
	Scale float64
	// Inspect is the square whose column inspector is open on the game
	// board (rules.NoSquare: none).
	Inspect rules.Square
	// Redraw: the next Draw draws the screen (something changed); without
	// it Draw leaves the last frame on the screen.
	Redraw bool

	sceneOf Scene // the scene Scene was named for
}

// Snapshot fills s with the current state of the game. Call it between
// Updates (from the same goroutine as Update); it allocates only when the
// scene changes to one it has not named yet.
func (a *App) Snapshot(s *Snapshot) {
	if a.scene != s.sceneOf || s.Scene == "" {
		s.sceneOf = a.scene
		s.Scene = a.scene.Name()
	}
	s.Scale = a.scale
	s.Redraw = a.dirty
	s.Animating = a.transition > 0
	s.Thinking = false
	s.Game = nil
	s.Outcome = rules.Outcome{}
	s.Board = sprites.Geometry{}
	s.Inspect = rules.NoSquare
	if a.play != nil {
		s.Game = a.play.sess.Game()
		s.Outcome = s.Game.Outcome()
	}
	if sc, ok := a.scene.(snapshotter); ok {
		sc.snapshot(s)
	}
}

// snapshotter is a scene that adds what it shows to a Snapshot.
type snapshotter interface {
	snapshot(s *Snapshot)
}

// snapshot adds the game on screen: whether the computer thinks, whether a
// move is animated, where the board is, which column is inspected.
func (s *PlayScene) snapshot(snap *Snapshot) {
	snap.Thinking = s.sess.Busy()
	snap.Animating = snap.Animating || s.board.Animating()
	snap.Board = s.board.Geometry()
	snap.Inspect = s.board.Inspecting()
}

// snapshot adds whether the background game animates a move.
func (s *TitleScene) snapshot(snap *Snapshot) {
	snap.Animating = snap.Animating || s.board.Animating()
}
