package scenes

import (
	"strings"

	"bashni/rules"
)

// The ways into the analysis board (scenes/learn, opened through the
// router) from the other screens.

// openAnalysis opens the analysis board on the game from start through
// moves, for learner's mistakes.
func openAnalysis(c Context, start *rules.Position, moves []rules.Move, learner rules.Color) {
	if open := c.Pages().Analysis; open != nil {
		c.Push(open(c, start, moves, learner))
	}
}

// openAnalysisOfGame opens the analysis board on g's first upTo moves.
func openAnalysisOfGame(c Context, g *rules.Game, upTo int, learner rules.Color) {
	moves := append([]rules.Move(nil), g.AllMoves()[:upTo]...)
	openAnalysis(c, g.Start(), moves, learner)
}

// analyse opens finished game i of the list on the analysis board, for the
// mistakes of the side played here, as the game-over card would have.
func (s *ArchiveScene) analyse(c Context, i int) {
	im, ok := s.read(c, i)
	if !ok {
		return
	}
	c.Play(UITap)
	openAnalysisOfGame(c, im.Game, len(im.Game.AllMoves()), s.games[i].Human.Rules())
}

// analyse opens the analysis board on the game replayed, for the mistakes
// of the side not named as the computer.
func (s *ReplayScene) analyse(c Context) {
	learner := rules.White
	if strings.HasPrefix(s.names[rules.White], "Computer") {
		learner = rules.Black
	}
	openAnalysisOfGame(c, s.game, s.last(), learner)
}

// analyseOrOpen asks the computer about the position in place; asked
// again once it has answered, it opens the position on the analysis
// board.
func (s *EditorScene) analyseOrOpen(c Context) {
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
