package records

import (
	"bashni/scenes"
	"strings"

	"bashni/rules"
)

// The ways from Past games and the replay into the analysis board.

// analyse opens finished game i of the list on the analysis board, for the
// mistakes of the side played here, as the game-over card would have.
func (s *ArchiveScene) analyse(c scenes.Context, i int) {
	im, ok := s.read(c, i)
	if !ok {
		return
	}
	c.Play(scenes.UITap)
	openAnalysis(c, im.Game, len(im.Game.AllMoves()), s.games[i].Human.Rules())
}

// analyse opens the analysis board on the game replayed, for the mistakes
// of the side not named as the computer.
func (s *ReplayScene) analyse(c scenes.Context) {
	learner := rules.White
	if strings.HasPrefix(s.names[rules.White], "Computer") {
		learner = rules.Black
	}
	openAnalysis(c, s.game, s.last(), learner)
}

// openAnalysis opens the analysis board (a page of its own, through the
// router) on g's first upTo moves, for learner's mistakes.
func openAnalysis(c scenes.Context, g *rules.Game, upTo int, learner rules.Color) {
	if open := c.Pages().Analysis; open != nil {
		c.Push(open(c, g.Start(), append([]rules.Move(nil), g.AllMoves()[:upTo]...), learner))
	}
}
