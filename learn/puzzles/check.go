package puzzles

import (
	"context"
	"fmt"
	"slices"

	"bashni/ai"
	"bashni/rules"
)

// QuickCheck repeats, cheaply, the shallowest part of the generator's proof:
// a fresh engine (ai.Options{HashMiB: 16}, so pass one made that way or
// nil) searching the puzzle's position to depth Found finds the first move
// of the solution, scoring at least MinEval and at least Margin ahead of
// every other move; and the themes are what the line shows. The tests run
// it on every shipped puzzle; `bashni-puzzles verify` runs the deep check.
func (p *Puzzle) QuickCheck(ctx context.Context, e *ai.Engine) error {
	if e == nil {
		e = ai.NewEngine(ai.Options{HashMiB: 16})
	}
	if p.Found < 1 {
		return fmt.Errorf("puzzle %s: no depth recorded", p.ID)
	}
	e.NewGame()
	r := e.RankMoves(ctx, []*rules.Position{p.before, p.start}, ai.Limits{Depth: p.Found}, Margin, nil)
	if err := ClearlyBest(r, p.line[0]); err != nil {
		return fmt.Errorf("puzzle %s at depth %d: %w", p.ID, p.Found, err)
	}
	if got := DetectThemes(p.start, p.line); !slices.Equal(got, p.Themes) {
		return fmt.Errorf("puzzle %s: themes %v, the line shows %v", p.ID, p.Themes, got)
	}
	return nil
}

// ClearlyBest reports why a ranking does not show want as the clearly best
// move (first, at least MinEval, at least Margin ahead of the second), or
// nil if it does.
func ClearlyBest(r ai.Ranking, want rules.Move) error {
	switch {
	case len(r.Moves) == 0:
		return fmt.Errorf("no legal move")
	case r.Moves[0].Move != want:
		return fmt.Errorf("the search prefers %v (%d) to %v", r.Moves[0].Move, r.Moves[0].Score, want)
	case r.Moves[0].Score < MinEval:
		return fmt.Errorf("%v scores only %d", want, r.Moves[0].Score)
	case len(r.Moves) > 1 && r.Moves[1].Score > r.Moves[0].Score-Margin:
		return fmt.Errorf("%v (%d) is within %d of %v (%d)", r.Moves[1].Move, r.Moves[1].Score, Margin, want, r.Moves[0].Score)
	}
	return nil
}
