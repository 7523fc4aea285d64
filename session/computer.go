package session

import (
	"context"
	"sync"

	"bashni/ai"
	"bashni/learn/explain"
	"bashni/rules"
)

// Engine is the computer player as a session uses it: a move at a level, a
// hint for a person, a fresh start for a new game. It need not be safe for
// concurrent use: a Brain runs one search at a time.
type Engine interface {
	ChooseMove(ctx context.Context, history []*rules.Position, level int) rules.Move
	Hint(ctx context.Context, history []*rules.Position) Hint
	NewGame()
}

// Hint is the computer's suggestion for the side to move.
type Hint struct {
	Best rules.Move // zero when there is nothing to suggest
	Text string     // the position in words, e.g. "White is slightly better"
	// Verdict is the position in a form to put in words in any language
	// (i18n's Catalog.Verdict); HasVerdict is false when the engine gave
	// none (the game is over, a test's engine).
	Verdict    ai.Verdict
	HasVerdict bool
	PV         []rules.Move // the expected line, Best first
	// Score is the engine's score in centipawns from the side to move's
	// view (ai.Analysis.Score): learn/explain.Teach reads it, with Best and
	// PV, to say why the move is good.
	Score int
	// Why explains the hint (learn/explain.Teach: the line the board draws
	// and the reasons, in codes, the screen puts in words). It is worked
	// out with the search, off the game loop; nil when the hint cannot be
	// explained (no move, a line the rules refuse).
	Why *explain.Hint
}

// aiEngine adapts package ai's computer player to Engine.
type aiEngine struct{ e *ai.Engine }

// NewAIEngine returns the real computer player with a seed for its random
// choices. In the browser its search pauses now and then so that the page
// keeps drawing (package ai's default yield hook on js/wasm).
func NewAIEngine(seed uint64) Engine {
	return &aiEngine{e: ai.NewEngine(ai.Options{HashMiB: 16, Seed: seed})}
}

func (a *aiEngine) ChooseMove(ctx context.Context, history []*rules.Position, level int) rules.Move {
	return a.e.ChooseMove(ctx, history, level)
}

func (a *aiEngine) Hint(ctx context.Context, history []*rules.Position) Hint {
	an := a.e.Hint(ctx, history)
	h := Hint{Best: an.Best, Text: an.Text, PV: an.PV, Score: an.Score}
	if !an.Best.IsZero() && len(history) > 0 {
		h.Verdict, h.HasVerdict = ai.VerdictOf(an.Score, history[len(history)-1].SideToMove()), true
	}
	return h
}

func (a *aiEngine) NewGame() { a.e.NewGame() }

func (a *aiEngine) searcher() *ai.Engine { return a.e }

// searcherEngine is an Engine that is package ai's engine underneath, so
// that searches other than a move or a hint (a puzzle's refutation, a
// verdict on a try) can share it.
type searcherEngine interface{ searcher() *ai.Engine }

// Brain is an Engine shared by the searches of a session (the computer's
// moves, the hints): every search runs on a goroutine of its own, off the
// game loop, and holds the engine while it runs, so that one engine (and
// its hash table) serves them one after another.
type Brain struct {
	mu     sync.Mutex // held by the goroutine using engine
	engine Engine
}

// NewBrain shares e.
func NewBrain(e Engine) *Brain { return &Brain{engine: e} }

// NewGame tells the engine a new game begins, once a search that was
// stopped has let go of it (without waiting for that).
func (b *Brain) NewGame() {
	go func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		b.engine.NewGame()
	}()
}

// Run runs f with the brain's engine as package ai's, holding it against
// the brain's other searches for as long as f runs (call it off the game
// loop: f blocks for its search). It reports false, and does not run f,
// when the brain's engine is not ai's (a test's fake engine).
func (b *Brain) Run(f func(e *ai.Engine)) bool {
	s, ok := b.engine.(searcherEngine)
	if !ok {
		return false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	f(s.searcher())
	return true
}

// thought is a search's answer.
type thought struct {
	move rules.Move
	hint Hint
	ply  int // the ply of the position it answers
	gen  int
}

// thinker runs one kind of search of a Brain off the game loop: start
// launches a goroutine, poll (from the game loop) collects the answer over
// a channel, and stop cancels the search, whose late answer is then
// dropped.
type thinker struct {
	brain  *Brain
	cancel context.CancelFunc
	ch     chan thought
	gen    int
	busy   bool
}

func newThinker(b *Brain) *thinker { return &thinker{brain: b, ch: make(chan thought, 4)} }

// start stops any running search and begins run on the last position of
// history.
func (t *thinker) start(history []*rules.Position, run func(context.Context, Engine, []*rules.Position) thought) {
	t.stop()
	t.gen++
	gen := t.gen
	// The game's position slice can be rewritten by an undo and a new move
	// while the search reads it: hand over a copy (positions themselves are
	// never changed once made).
	h := append([]*rules.Position(nil), history...)
	ctx, cancel := context.WithCancel(context.Background())
	t.cancel = cancel
	t.busy = true
	ch, b := t.ch, t.brain
	go func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		if ctx.Err() != nil {
			return
		}
		th := run(ctx, b.engine, h)
		th.gen = gen
		th.ply = len(h) - 1
		if ctx.Err() != nil {
			return
		}
		ch <- th
	}()
}

// poll returns the answer of the current search once it is ready.
func (t *thinker) poll() (thought, bool) {
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
			return thought{}, false
		}
	}
}

// stop cancels the running search, if any.
func (t *thinker) stop() {
	if t.cancel != nil {
		t.cancel()
	}
	t.busy = false
	t.gen++
}

// ComputerPlayer is the computer at a level. Its search runs off the game
// loop; its answer is played no sooner than MinTicks after its turn began,
// so that a quick answer does not look like a reflex.
type ComputerPlayer struct {
	search   *thinker
	level    int
	minTicks int64

	ply     int   // the ply of the turn begun
	begun   int64 // when
	pending bool  // a turn is begun and not answered yet
	answer  rules.Move
}

// NewComputer returns the computer at level (clamped to ai's levels),
// thinking with b and answering no sooner than minTicks after its turn
// begins.
func NewComputer(b *Brain, level int, minTicks int64) *ComputerPlayer {
	return &ComputerPlayer{search: newThinker(b), level: max(ai.MinLevel, min(level, ai.MaxLevel)), minTicks: minTicks}
}

// Kind is Computer.
func (c *ComputerPlayer) Kind() Kind { return Computer }

// Level is the computer's level.
func (c *ComputerPlayer) Level() int { return c.level }

// Begin starts the search.
func (c *ComputerPlayer) Begin(t Turn) {
	c.ply, c.begun, c.pending, c.answer = t.Ply, t.Now, true, rules.Move{}
	level := c.level
	c.search.start(t.History, func(ctx context.Context, e Engine, h []*rules.Position) thought {
		return thought{move: e.ChooseMove(ctx, h, level)}
	})
}

// Cancel stops the search; its answer is dropped.
func (c *ComputerPlayer) Cancel() {
	c.search.stop()
	c.pending, c.answer = false, rules.Move{}
}

// Observe does nothing: the computer needs only its turns.
func (c *ComputerPlayer) Observe(*Event) {}

// Poll reports the answer once the search has found it and MinTicks have
// passed.
func (c *ComputerPlayer) Poll(now int64) (Action, bool) {
	if !c.pending {
		return Action{}, false
	}
	if th, ok := c.search.poll(); ok && th.ply == c.ply && !th.move.IsZero() {
		c.answer = th.move
	}
	if c.answer.IsZero() || now-c.begun < c.minTicks {
		return Action{}, false
	}
	a := Action{Kind: ActMove, Move: c.answer, Ply: c.ply}
	c.pending, c.answer = false, rules.Move{}
	return a, true
}
