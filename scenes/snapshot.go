package scenes

import (
	"bashni/platform"
	"bashni/rules"
	"bashni/sprites"
)

// Snapshot fills s with the current state of the game. Call it between
// Updates (from the same goroutine as Update); it does not allocate.
func (a *App) Snapshot(s *platform.State) {
	s.Scene = a.scene.Name()
	s.Scale = a.scale
	s.Redraw = a.dirty || len(a.parts) > 0
	s.Animating = a.transition > 0
	s.ReducedMotion = a.settings.InstantAnimations
	s.Thinking = false
	s.Game = nil
	s.Outcome = rules.Outcome{}
	s.Board = sprites.Geometry{}
	s.Inspect = rules.NoSquare
	s.Online = ""
	s.Controls, s.ControlsGen = a.mirror.shown, a.mirror.gen
	s.NamesFonts = sprites.NamesFonts()
	if a.play != nil {
		s.Online = a.play.OnlineCode()
		s.Game = a.play.Session().Game()
		s.Outcome = s.Game.Outcome()
	}
	if sc, ok := a.scene.(Snapshotter); ok {
		sc.Snapshot(s)
	}
}

// Snapshotter is a scene that adds what it shows to the state (a page
// asserts it: var _ scenes.Snapshotter = (*Screen)(nil)).
type Snapshotter interface {
	Snapshot(s *platform.State)
}
