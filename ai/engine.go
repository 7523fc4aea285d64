// Package ai is the computer player of Bashni and Lasca: an iterative
// deepening principal variation search with a transposition table, a
// quiescence search over the compulsory captures, move ordering by hash move,
// killers and history, repetition and no-progress draws inside the search,
// and an evaluation made for column games whose weights were fitted to game
// results (TUNING.md).
//
// The API is small:
//
//   - NewEngine makes an Engine; Search runs a search to Limits and reports
//     each finished iteration through a callback;
//   - ChooseMove and PlayLevel play at a level from 1 (someone who learnt
//     the rules five minutes ago can win) to 7 (the full engine at about two
//     seconds a move);
//   - Analyse and Hint give the best move, the score in numbers and words
//     (ScoreText) and the principal variation;
//   - YieldEvery makes the yield hook that keeps a WebAssembly page
//     responsive while the search runs.
//
// An Engine is used from one goroutine at a time. The package imports only
// rules and the standard library and has no mutable global state.
package ai

import (
	"context"
	"math/rand/v2"
	"time"

	"bashni/rules"
)

// Options configure an Engine.
type Options struct {
	// HashMiB is the size of the transposition table in MiB (0: 16).
	HashMiB int
	// Seed drives the random choices of the levels: the same seed, the same
	// calls, the same moves.
	Seed uint64
	// Yield is called every thousand nodes or so. On js/wasm it must block
	// briefly now and then (see YieldEvery) or the page freezes, and the
	// goroutine that would cancel the search never runs: Go/wasm never
	// pre-empts a running goroutine. Nil means the default: on js/wasm
	// YieldEvery(8*time.Millisecond, time.Millisecond), on native builds no
	// hook at all.
	Yield func()
	// MaterialOnly replaces the evaluation by a bare count of the pieces each
	// side controls (men 100, kings 250): the weak baseline of match tests.
	MaterialOnly bool
	// Weights, if not nil, replace the evaluation weights of their variants
	// (index rules.Bashni, rules.Lasca); the tuner uses them.
	Weights [2]*Weights
}

// DefaultHashMiB is the transposition table size when Options.HashMiB is 0.
const DefaultHashMiB = 16

// Limits bound a search. Zero fields are no limit; a search with no limit at
// all runs to MaxDepth (or until its context is cancelled).
type Limits struct {
	Depth    int           // iterations (plies of full-width search)
	MoveTime time.Duration // wall time
	Nodes    int64         // nodes searched
}

// MaxDepth is the deepest iteration a search starts.
const MaxDepth = 64

// Info describes one finished iteration of a search.
type Info struct {
	Depth int
	Score int // centipawns from the side to move's view; see ScoreText
	Nodes int64
	Time  time.Duration
	NPS   int64
	PV    []rules.Move
}

// Result is the outcome of a search. Best is the zero Move (IsZero) when the
// game is over or the side to move has no move.
type Result struct {
	Best  rules.Move
	Score int // centipawns from the side to move's view; see ScoreText
	PV    []rules.Move
	Depth int // the last finished iteration
	Nodes int64
	Time  time.Duration
}

// Engine is a computer player: the transposition table, the search state and
// a random source for the levels. It is not safe for concurrent use.
type Engine struct {
	opts    Options
	tt      *table
	rng     *rand.Rand
	s       *searcher
	weights [2]*Weights
}

// NewEngine makes an engine.
func NewEngine(o Options) *Engine {
	if o.HashMiB <= 0 {
		o.HashMiB = DefaultHashMiB
	}
	if o.Yield == nil {
		o.Yield = defaultYield()
	}
	e := &Engine{opts: o, tt: newTable(o.HashMiB), s: newSearcher()}
	e.weights = [2]*Weights{TunedWeights(rules.Bashni), TunedWeights(rules.Lasca)}
	for v, w := range o.Weights {
		if w != nil {
			e.weights[v] = w
		}
	}
	e.SetSeed(o.Seed)
	return e
}

// SetHashMiB resizes (and clears) the transposition table.
func (e *Engine) SetHashMiB(mib int) {
	if mib <= 0 {
		mib = DefaultHashMiB
	}
	e.opts.HashMiB = mib
	e.tt = newTable(mib)
}

// SetSeed restarts the random source of the levels.
func (e *Engine) SetSeed(seed uint64) {
	e.opts.Seed = seed
	e.rng = rand.New(rand.NewPCG(seed, 0x6a09e667f3bcc909))
}

// SetYield replaces the yield hook (nil: the default of Options.Yield).
func (e *Engine) SetYield(yield func()) {
	if yield == nil {
		yield = defaultYield()
	}
	e.opts.Yield = yield
}

// NewGame forgets everything learnt in earlier searches (the transposition
// table and the move-ordering statistics), so that a game's moves depend only
// on that game.
func (e *Engine) NewGame() {
	e.tt.clear()
	e.s.history = [2][64][64]int32{}
	e.s.killers = [maxPly + 1][2]uint16{}
}

// Search finds the best move in the last position of history (the game's
// positions from its start, oldest first; the earlier ones are only used to
// recognise repetitions). onInfo, if not nil, is called after every finished
// iteration. The search stops at the limits or when ctx is done; it always
// returns a legal move when there is one, even when stopped at once. When
// the game is over (no legal move, or drawn by the rules) Best is zero.
func (e *Engine) Search(ctx context.Context, history []*rules.Position, lim Limits, onInfo func(Info)) Result {
	return e.search(ctx, history, lim, 0, 0, onInfo).Result
}

// searchOutput is a Result with the root moves' scores, for the levels.
type searchOutput struct {
	Result
	root []rootMove // best first; scores from the last finished iteration
}

func (e *Engine) search(ctx context.Context, history []*rules.Position, lim Limits, margin, qLimit int, onInfo func(Info)) searchOutput {
	start := time.Now()
	if len(history) == 0 {
		return searchOutput{}
	}
	if ctx == nil {
		ctx = context.Background()
	}
	cur := history[len(history)-1]
	if rules.StatusOf(history).Over() {
		return searchOutput{Result: Result{Score: outcomeScore(history)}}
	}
	s := e.s
	s.pos = *cur
	v := cur.Variant()
	s.ev = newEvaluator(v, e.weights[v&1])
	s.ev.materialOnly = e.opts.MaterialOnly
	s.tt = e.tt
	s.tt.newSearch()
	s.hashes = s.hashes[:0]
	for _, p := range history {
		s.hashes = append(s.hashes, p.Hash())
	}
	s.rootIx = len(s.hashes) - 1
	s.nodes, s.stopped = 0, false
	s.nextPoll = pollInterval
	s.ctx = ctx
	s.deadline = time.Time{}
	if lim.MoveTime > 0 {
		s.deadline = start.Add(lim.MoveTime)
	}
	s.nodeLimit = lim.Nodes
	if s.nodeLimit > 0 {
		s.nextPoll = min(s.nextPoll, s.nodeLimit)
	}
	s.yield = e.opts.Yield
	s.qLimit = qLimit
	s.margin = margin
	s.ageHistory()
	for i := range s.killers {
		s.killers[i] = [2]uint16{}
	}

	// Root moves, ordered as an inner node would order them.
	f := &s.frames[0]
	f.moves = s.pos.LegalMoves(f.moves)
	ttMove := noMove
	if te, ok := s.tt.probe(s.pos.Hash()); ok {
		ttMove = int(te.move)
	}
	s.orderMoves(f, 0, ttMove)
	s.root = s.root[:0]
	for i := range f.moves {
		ix := pick(f, i)
		s.root = append(s.root, rootMove{move: f.moves[ix], index: ix, score: -inf})
	}
	out := searchOutput{Result: Result{Best: s.root[0].move, PV: []rules.Move{s.root[0].move}}}
	maxDepth := MaxDepth
	if lim.Depth > 0 {
		maxDepth = min(lim.Depth, MaxDepth)
	}
	var finished []rootMove
	score := 0
	for depth := 1; depth <= maxDepth; depth++ {
		alpha, beta := -inf, inf
		if depth >= 4 && margin == 0 && score > -winBound && score < winBound {
			alpha, beta = score-60, score+60
		}
		for {
			score = s.searchRoot(depth, alpha, beta)
			if s.stopped {
				break
			}
			if score <= alpha {
				alpha = max(-inf, alpha-240)
				if score <= -winBound {
					alpha = -inf
				}
				continue
			}
			if score >= beta {
				beta = min(inf, beta+240)
				if score >= winBound {
					beta = inf
				}
				continue
			}
			break
		}
		if s.stopped {
			// A partial iteration counts only for a new best move, which the
			// search proved better than the last iteration's best.
			if s.root[0].move != out.Best {
				out.Best = s.root[0].move
				out.PV = append([]rules.Move(nil), s.root[0].pv...)
			}
			break
		}
		sortRoot(s.root)
		finished = append(finished[:0], s.root...)
		out.Best = s.root[0].move
		out.Score = s.root[0].score
		out.PV = append([]rules.Move(nil), s.root[0].pv...)
		out.Depth = depth
		elapsed := time.Since(start)
		if onInfo != nil {
			onInfo(Info{Depth: depth, Score: out.Score, Nodes: s.nodes, Time: elapsed, NPS: nps(s.nodes, elapsed), PV: out.PV})
		}
		// A forced win or loss seen within the full-width depth is final.
		if out.Score > winBound || out.Score < -winBound {
			if winScore-abs(out.Score) <= depth {
				break
			}
		}
		if len(s.root) == 1 && lim.Depth == 0 && lim.Nodes == 0 {
			break // the only move: no need to think
		}
		// With a move time, iterate until it is nearly used up: even an
		// unfinished iteration may find a better move (see above).
		if lim.MoveTime > 0 && elapsed > lim.MoveTime*85/100 {
			break
		}
	}
	if finished == nil {
		finished = append(finished, s.root...)
	}
	for i := range finished {
		finished[i].pv = append([]rules.Move(nil), finished[i].pv...)
	}
	out.root = finished
	out.Nodes = s.nodes
	out.Time = time.Since(start)
	return out
}

func sortRoot(r []rootMove) {
	// Insertion sort: stable and fast for the few root moves.
	for i := 1; i < len(r); i++ {
		for j := i; j > 0 && r[j].score > r[j-1].score; j-- {
			r[j], r[j-1] = r[j-1], r[j]
		}
	}
}

func nps(nodes int64, d time.Duration) int64 {
	if d <= 0 {
		return 0
	}
	return int64(float64(nodes) / d.Seconds())
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// outcomeScore scores a finished game from the side to move's view: a loss
// (no legal move) or a draw.
func outcomeScore(history []*rules.Position) int {
	o := rules.StatusOf(history)
	if w, ok := o.Winner(); ok {
		if w == history[len(history)-1].SideToMove() {
			return winScore
		}
		return -winScore
	}
	return 0
}
