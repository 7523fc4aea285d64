package session

import (
	"context"
	"slices"
	"testing"

	"bashni/ai"
	"bashni/rules"
)

// TestBrainRun: a brain over the real engine lends it to a search of one's
// own (a puzzle's refutation), which finds a legal move; a brain over a
// fake engine lends nothing and says so.
func TestBrainRun(t *testing.T) {
	pos := rules.NewPosition(rules.Bashni)
	var best rules.Move
	ran := NewBrain(NewAIEngine(1)).Run(func(e *ai.Engine) {
		best = e.Search(context.Background(), []*rules.Position{pos}, ai.Limits{Nodes: 20_000}, nil).Best
	})
	if !ran || !slices.Contains(pos.LegalMoves(nil), best) {
		t.Errorf("Run over ai's engine: ran %v, best %v, want a legal move", ran, best)
	}
	called := false
	if NewBrain(firstMove{}).Run(func(*ai.Engine) { called = true }) || called {
		t.Errorf("Run over a fake engine ran f (called %v)", called)
	}
}
