package editor

import (
	"bashni/rules"
	"bashni/scenes"
)

// The way from the editor to the analysis board (scenes/learn, opened
// through the router).

// openAnalysis opens the analysis board on the game from start through
// moves, for learner's mistakes.
func openAnalysis(c scenes.Context, start *rules.Position, moves []rules.Move, learner rules.Color) {
	if open := c.Pages().Analysis; open != nil {
		c.Push(open(c, start, moves, learner))
	}
}

// analyseOrOpen asks the computer about the position in place; asked
// again once it has answered, it opens the position on the analysis
// board.
func (s *EditorScene) analyseOrOpen(c scenes.Context) {
	if s.analysed {
		if ok, _ := s.model.Check(); ok {
			s.stopAnalysis()
			pos := s.model.Position()
			openAnalysis(c, pos, nil, pos.SideToMove())
			return
		}
	}
	s.analyse(c)
}
