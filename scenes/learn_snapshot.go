package scenes

import "bashni/platform"

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
	snap.Thinking = s.opp.busy()
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
