package scenes

import (
	"context"
	"sync"

	"bashni/rules"
)

// Engine is the computer player as the scenes use it: a move at a level, a
// hint for the player, and a fresh start for a new game. Implementations
// need not be safe for concurrent use; a Thinker serialises its calls.
type Engine interface {
	ChooseMove(ctx context.Context, history []*rules.Position, level int) rules.Move
	Hint(ctx context.Context, history []*rules.Position) HintResult
	NewGame()
}

// HintResult is the computer's suggestion for the side to move.
type HintResult struct {
	Best rules.Move   // zero when there is nothing to suggest
	Text string       // the position in words, e.g. "White is slightly better"
	PV   []rules.Move // the expected line, Best first
}

// thinkKind tells a move from a hint in a Thinker's answers.
type thinkKind uint8

const (
	thinkMove thinkKind = iota
	thinkHint
)

// Thought is a Thinker's answer.
type Thought struct {
	Kind thinkKind
	Move rules.Move
	Hint HintResult
	Ply  int // the ply of the position it answers
	gen  int
}

// Thinker runs the computer's searches off the Update loop: Start and
// StartHint launch a goroutine, Poll (called from Update) collects the
// answer over a channel, and Stop cancels the search, whose late answer is
// then dropped. This is the one place where searches start, so that the
// browser build's yield hook (see newEngine) is wired once.
type Thinker struct {
	engine Engine
	mu     sync.Mutex // held by the goroutine using engine
	cancel context.CancelFunc
	ch     chan Thought
	gen    int
	busy   bool
	kind   thinkKind
}

// NewThinker wraps an engine.
func NewThinker(e Engine) *Thinker {
	return &Thinker{engine: e, ch: make(chan Thought, 4)}
}

// Busy reports whether a search is running.
func (t *Thinker) Busy() bool { return t.busy }

// BusyWith reports whether a search of that kind is running.
func (t *Thinker) BusyWith(k thinkKind) bool { return t.busy && t.kind == k }

// Start begins choosing a move at level in the last position of history.
// Any running search is stopped first.
func (t *Thinker) Start(history []*rules.Position, level int) {
	t.launch(history, thinkMove, func(ctx context.Context, h []*rules.Position) Thought {
		return Thought{Kind: thinkMove, Move: t.engine.ChooseMove(ctx, h, level)}
	})
}

// StartHint begins looking for the best move for the side to move.
func (t *Thinker) StartHint(history []*rules.Position) {
	t.launch(history, thinkHint, func(ctx context.Context, h []*rules.Position) Thought {
		return Thought{Kind: thinkHint, Hint: t.engine.Hint(ctx, h)}
	})
}

func (t *Thinker) launch(history []*rules.Position, kind thinkKind, run func(context.Context, []*rules.Position) Thought) {
	t.Stop()
	t.gen++
	gen := t.gen
	// The game's position slice can be rewritten by an undo and a new move
	// while the search reads it: hand over a copy (positions themselves are
	// never changed once made).
	h := append([]*rules.Position(nil), history...)
	ctx, cancel := context.WithCancel(context.Background())
	t.cancel = cancel
	t.busy = true
	t.kind = kind
	ch := t.ch
	go func() {
		t.mu.Lock()
		defer t.mu.Unlock()
		if ctx.Err() != nil {
			return
		}
		th := run(ctx, h)
		th.gen = gen
		th.Ply = len(h) - 1
		if ctx.Err() != nil {
			return
		}
		ch <- th
	}()
}

// Poll returns the answer of the current search once it is ready.
func (t *Thinker) Poll() (Thought, bool) {
	for {
		select {
		case th := <-t.ch:
			if th.gen != t.gen || !t.busy {
				continue // a stopped search answered after all
			}
			t.busy = false
			t.cancel()
			return th, true
		default:
			return Thought{}, false
		}
	}
}

// Stop cancels the running search, if any.
func (t *Thinker) Stop() {
	if t.cancel != nil {
		t.cancel()
	}
	t.busy = false
	t.gen++
}

// NewGame stops any search and tells the engine a new game begins. It waits
// for a stopped search to let go of the engine.
func (t *Thinker) NewGame() {
	t.Stop()
	go func() {
		t.mu.Lock()
		defer t.mu.Unlock()
		t.engine.NewGame()
	}()
}
