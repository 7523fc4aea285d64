package scenes

import (
	"bashni/session"
)

// analysisOf is the configuration of an analysis board for the game of s
// (finished): the same start and moves, at the same ply, with a person on
// both sides, hints and undo; it is neither saved nor archived, so the
// finished game stays as it ended. bottom is the side at the bottom of
// the board.
func analysisOf(s *session.Session, cfg GameConfig) GameConfig {
	g := s.Game()
	a := GameConfig{Variant: g.Variant(), Start: g.Start(), Ply: g.Ply(), Human: cfg.Human, Analysis: true}
	for _, mv := range g.AllMoves()[:g.Ply()] {
		a.Moves = append(a.Moves, mv.String())
	}
	return a
}
