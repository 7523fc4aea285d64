package scenes

import (
	"context"

	"bashni/ai"
	"bashni/rules"
)

// aiEngine adapts the computer player of package ai to Engine.
type aiEngine struct{ e *ai.Engine }

// NewEngine returns the real computer player with a seed for its random
// choices. On the browser build its search yields now and then so that the
// page keeps drawing (searchYield, per platform).
func NewEngine(seed uint64) Engine {
	return &aiEngine{e: ai.NewEngine(ai.Options{HashMiB: 16, Seed: seed, Yield: searchYield()})}
}

func (a *aiEngine) ChooseMove(ctx context.Context, history []*rules.Position, level int) rules.Move {
	return a.e.ChooseMove(ctx, history, level)
}

func (a *aiEngine) Hint(ctx context.Context, history []*rules.Position) HintResult {
	an := a.e.Hint(ctx, history)
	return HintResult{Best: an.Best, Text: an.Text, PV: an.PV}
}

func (a *aiEngine) NewGame() { a.e.NewGame() }
