package analysis

import (
	"context"

	"bashni/ai"
	"bashni/rules"
)

// Line is one of the best lines of a position.
type Line struct {
	Moves []rules.Move // the line, its first move first
	Score int          // centipawns from White's view
}

// linesMargin is how far below the best a line may score and still be
// shown.
const linesMargin = 300

// Lines returns up to n of the best lines in the last position of history,
// best first, each with an exact score, from a search bounded by lim (the
// analysis board's "best line" and its alternatives). It blocks for the
// search: run it off the frame loop. It returns nothing when the game is
// over.
func Lines(ctx context.Context, e *ai.Engine, history []*rules.Position, lim ai.Limits, n int) []Line {
	if len(history) == 0 || n <= 0 {
		return nil
	}
	side := history[len(history)-1].SideToMove()
	r := e.RankMoves(ctx, history, lim, linesMargin, nil)
	var out []Line
	for i, m := range r.Moves {
		if len(out) == n || (i > 0 && (!m.Exact || m.Score < r.Moves[0].Score-linesMargin)) {
			break
		}
		out = append(out, Line{Moves: m.PV, Score: fromWhite(m.Score, side)})
	}
	return out
}

// Verdict is what Judge says of a move tried at a moment of the game.
type Verdict struct {
	Good bool // as good as the best, or nearly (less than an inaccuracy worse)
	Loss int  // centipawns below the best move, from the mover's view
	Best rules.Move
}

// Judge compares a move tried in the last position of history with the
// best move, by a search bounded by lim: the replay of "learn from your
// mistakes" asks it whether the player found a good move. It blocks for
// the search.
func Judge(ctx context.Context, e *ai.Engine, history []*rules.Position, try rules.Move, lim ai.Limits) Verdict {
	r := e.RankMoves(ctx, history, lim, 1000, nil)
	if len(r.Moves) == 0 {
		return Verdict{}
	}
	best := r.Moves[0]
	for _, m := range r.Moves {
		if m.Move == try {
			loss := max(0, clampCP(best.Score)-clampCP(m.Score))
			drop := Expected(best.Score) - Expected(m.Score)
			return Verdict{Good: m.Move == best.Move || drop < InaccuracyDrop, Loss: loss, Best: best.Move}
		}
	}
	return Verdict{Best: best.Move} // not a legal move
}
