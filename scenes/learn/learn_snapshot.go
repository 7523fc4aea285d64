package learn

import (
	"bashni/platform"
	"bashni/scenes"
)

// snapshot shows the lesson's game: its position, the board, a move
// being animated.
func (s *LessonScene) Snapshot(snap *platform.State) {
	if s.sess != nil {
		snap.Game = s.sess.Game()
		snap.Outcome = snap.Game.Outcome()
	}
	snap.Animating = snap.Animating || s.board.Animating()
	snap.Board = s.board.Geometry()
	snap.Inspect = s.board.Inspecting()
}

// snapshot shows the puzzle's game; Thinking while a refutation is
// searched.
func (s *PuzzleScene) Snapshot(snap *platform.State) {
	if s.sess != nil {
		snap.Game = s.sess.Game()
		snap.Outcome = snap.Game.Outcome()
	}
	snap.Thinking = s.opp.Busy()
	snap.Animating = snap.Animating || s.board.Animating()
	snap.Board = s.board.Geometry()
	snap.Inspect = s.board.Inspecting()
}

// snapshot shows the board; Thinking while the analysis or a verdict of
// "learn from your mistakes" is searched.
func (s *AnalysisScene) Snapshot(snap *platform.State) {
	snap.Thinking = s.job != nil || s.judging != nil
	snap.Animating = snap.Animating || s.board.Animating()
	snap.Board = s.board.Geometry()
	snap.Inspect = s.board.Inspecting()
}

// The shell asks the screens what they show through scenes.Snapshotter;
// a method that stopped matching it would go unnoticed but for these.
var (
	_ scenes.Snapshotter = (*LessonScene)(nil)
	_ scenes.Snapshotter = (*PuzzleScene)(nil)
	_ scenes.Snapshotter = (*AnalysisScene)(nil)
)
