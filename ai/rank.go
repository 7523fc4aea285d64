package ai

import (
	"context"

	"bashni/rules"
)

// MoveScore is one root move of RankMoves with its score from the side to
// move's view. Exact is false when the search only proved an upper bound:
// the move scores at most Score, which is at most the best score minus the
// margin. (A move searched before a better one was found may have an exact
// score below that too.)
type MoveScore struct {
	Move  rules.Move
	Score int
	Exact bool
	PV    []rules.Move // the expected line, Move first (only the move itself for bounds)
}

// Ranking is the outcome of RankMoves: every legal move, best first, and
// the search's statistics.
type Ranking struct {
	Moves []MoveScore
	Result
}

// RankMoves searches the last position of history like Search, but scores
// every root move that comes within margin centipawns of the best exactly
// (MultiPV-style); each other move gets an upper bound that is proven to lie
// at least margin below the best. The puzzle generator uses it to prove that
// a position has one clearly best move, the analysis board to show a second
// choice. A margin below 1 is taken as 1. Moves is empty when the game is
// over.
func (e *Engine) RankMoves(ctx context.Context, history []*rules.Position, lim Limits, margin int, onInfo func(Info)) Ranking {
	margin = max(margin, 1)
	out := e.search(ctx, history, lim, margin, 0, onInfo)
	r := Ranking{Result: out.Result}
	for _, rm := range out.root {
		pv := rm.pv
		if len(pv) == 0 || !rm.exact {
			pv = []rules.Move{rm.move}
		}
		r.Moves = append(r.Moves, MoveScore{Move: rm.move, Score: rm.score, Exact: rm.exact, PV: pv})
	}
	return r
}
