package scenes

import (
	"context"
	"testing"
	"time"

	"bashni/rules"
)

// slowEngine answers with the first legal move after a delay, or when
// cancelled, not at all.
type slowEngine struct{ delay time.Duration }

func (e slowEngine) ChooseMove(ctx context.Context, h []*rules.Position, level int) rules.Move {
	select {
	case <-time.After(e.delay):
	case <-ctx.Done():
		return rules.Move{}
	}
	return h[len(h)-1].LegalMoves(nil)[0]
}

func (e slowEngine) Hint(ctx context.Context, h []*rules.Position) HintResult {
	return HintResult{Best: e.ChooseMove(ctx, h, 0), Text: "equal"}
}

func (slowEngine) NewGame() {}

func pollFor(t *testing.T, th *Thinker) Thought {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if r, ok := th.Poll(); ok {
			return r
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("no answer")
	return Thought{}
}

func TestThinkerAnswersOffTheLoop(t *testing.T) {
	th := NewThinker(slowEngine{delay: 20 * time.Millisecond})
	g := rules.NewGame(rules.Bashni)
	th.Start(g.History(), 1)
	if !th.Busy() {
		t.Fatal("busy while thinking")
	}
	if _, ok := th.Poll(); ok {
		t.Fatal("answered at once")
	}
	r := pollFor(t, th)
	if r.Kind != thinkMove || r.Move.IsZero() || r.Ply != 0 {
		t.Fatalf("answer %+v", r)
	}
	if th.Busy() {
		t.Fatal("still busy after answering")
	}
}

func TestThinkerDropsStoppedSearches(t *testing.T) {
	th := NewThinker(slowEngine{delay: 30 * time.Millisecond})
	g := rules.NewGame(rules.Bashni)
	th.Start(g.History(), 1)
	th.Stop()
	time.Sleep(60 * time.Millisecond)
	if _, ok := th.Poll(); ok {
		t.Fatal("a stopped search answered")
	}
	// A new search after a stopped one answers for its own position.
	if _, err := g.PlayText("c3-d4"); err != nil {
		t.Fatal(err)
	}
	th.StartHint(g.History())
	r := pollFor(t, th)
	if r.Kind != thinkHint || r.Ply != 1 || r.Hint.Best.IsZero() {
		t.Fatalf("hint %+v", r)
	}
}
