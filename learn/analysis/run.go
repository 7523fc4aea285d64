package analysis

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"bashni/ai"
	"bashni/rules"
)

// The searches of an analysis. A first, quick pass draws the whole graph
// early; the final pass refines every position, and the classification of
// the moves is the final pass's. 200,000 nodes a position reach a mean
// depth of about 13 plies (and every capture sequence to its end); on the
// reference games (docs/LEARN.md) they mark no good move as a mistake,
// which 50,000 and 100,000 nodes did. A 60-move game takes about 9 s of one
// desktop core natively and about three times that as WebAssembly; the
// quick pass a fifth of that.
var (
	DefaultQuick  = ai.Limits{Nodes: 40_000}
	DefaultLimits = ai.Limits{Nodes: 200_000}
)

// Options configure an analysis.
type Options struct {
	Limits ai.Limits // the final search of each position (zero: DefaultLimits)
	// Quick is the first pass (zero: DefaultQuick). There is no quick pass
	// when NoQuick is set or when it would search no fewer nodes than the
	// final one.
	Quick   ai.Limits
	NoQuick bool
	HashMiB int // the engine's table (0: 16, as the game's own engine)
	// Yield is the engine's yield hook (nil: package ai's default, which
	// keeps a js/wasm page drawing).
	Yield func()
}

// passes are the searches in order.
func (o Options) passes() []ai.Limits {
	final := o.Limits
	if final == (ai.Limits{}) {
		final = DefaultLimits
	}
	quick := o.Quick
	if quick == (ai.Limits{}) {
		quick = DefaultQuick
	}
	if o.NoQuick || final.Nodes == 0 || quick.Nodes == 0 || quick.Nodes >= final.Nodes {
		return []ai.Limits{final}
	}
	return []ai.Limits{quick, final}
}

// Settings names the searches in a report, e.g. "nodes 40000, then nodes
// 200000": a stored report matches a game only with the same settings.
func (o Options) Settings() string {
	var parts []string
	for _, lim := range o.passes() {
		parts = append(parts, limitsText(lim))
	}
	return strings.Join(parts, ", then ")
}

func limitsText(lim ai.Limits) string {
	var parts []string
	if lim.Depth > 0 {
		parts = append(parts, fmt.Sprintf("depth %d", lim.Depth))
	}
	if lim.Nodes > 0 {
		parts = append(parts, fmt.Sprintf("nodes %d", lim.Nodes))
	}
	if lim.MoveTime > 0 {
		parts = append(parts, fmt.Sprintf("time %v", lim.MoveTime))
	}
	if len(parts) == 0 {
		return "unlimited"
	}
	return strings.Join(parts, " ")
}

// game is a checked game: its positions and moves.
type game struct {
	history []*rules.Position
	moves   []rules.Move
}

func check(start *rules.Position, moves []rules.Move) (*game, error) {
	if start == nil {
		return nil, errors.New("analysis: no start position")
	}
	g := rules.NewGameFrom(start)
	for i, m := range moves {
		if err := g.Play(m); err != nil {
			return nil, fmt.Errorf("analysis: move %d (%v): %w", i+1, m, err)
		}
	}
	return &game{history: g.History(), moves: append([]rules.Move(nil), moves...)}, nil
}

// newReport makes the empty report of a game.
func newReport(g *game, settings string) *Report {
	start := g.history[0]
	r := &Report{
		Version:   ReportVersion,
		Variant:   start.Variant().String(),
		StartFEN:  start.FEN(),
		Settings:  settings,
		Key:       Key(start, g.moves, settings),
		Positions: make([]Position, len(g.history)),
		Reviews:   make([]Review, len(g.moves)),
	}
	for i, m := range g.moves {
		r.Moves = append(r.Moves, m.String())
		r.Reviews[i] = Review{Move: m.String(), Side: g.history[i].SideToMove().Letter()}
	}
	return r
}

// Run analyses a game (the moves played from start) and returns its report.
// It blocks: a screen uses Start. progress, if not nil, is called after
// each position with the number done and the total. A cancelled context
// stops it; the report returned then holds what was done (Complete false)
// with the context's error.
func Run(ctx context.Context, start *rules.Position, moves []rules.Move, opt Options, progress func(done, total int)) (*Report, error) {
	g, err := check(start, moves)
	if err != nil {
		return nil, err
	}
	var mu sync.Mutex
	r := newReport(g, opt.Settings())
	err = analyse(ctx, g, r, &mu, opt, progress)
	return r, err
}

// analyse fills r position by position, pass by pass, holding mu while it
// writes. A move is reviewed once both its positions are done in the same
// pass, so that a review never compares searches of different depths.
func analyse(ctx context.Context, g *game, r *Report, mu *sync.Mutex, opt Options, progress func(done, total int)) error {
	hash := opt.HashMiB
	if hash <= 0 {
		hash = 16
	}
	e := ai.NewEngine(ai.Options{HashMiB: hash, Yield: opt.Yield})
	passes := opt.passes()
	n := len(g.history)
	total := n * len(passes)
	for pass, lim := range passes {
		for i := range g.history {
			if err := ctx.Err(); err != nil {
				return err
			}
			a := e.Analyse(ctx, g.history[:i+1], lim, nil)
			if err := ctx.Err(); err != nil {
				return err // a stopped search is not an evaluation
			}
			pos := Position{Done: true, Pass: pass + 1, Score: a.WhiteScore, Depth: a.Depth, Nodes: a.Nodes}
			if !a.Best.IsZero() {
				pos.Best = a.Best.String()
				for _, m := range a.PV {
					pos.PV = append(pos.PV, m.String())
				}
			}
			mu.Lock()
			r.Positions[i] = pos
			if i > 0 {
				r.Reviews[i-1] = review(r, i-1, g.history[i-1].SideToMove())
			}
			if i == n-1 {
				r.Passes = pass + 1
				r.Complete = pass == len(passes)-1
			}
			mu.Unlock()
			if progress != nil {
				progress(pass*n+i+1, total)
			}
		}
	}
	return nil
}

// review judges move i from the evaluations before and after it.
func review(r *Report, i int, mover rules.Color) Review {
	rv := r.Reviews[i]
	before, after := r.Positions[i], r.Positions[i+1]
	best := fromWhite(before.Score, mover)
	got := fromWhite(after.Score, mover)
	rv.Done = true
	rv.Loss, rv.Drop, rv.Class, rv.Best = 0, 0, Good, ""
	if before.Best == rv.Move {
		return rv
	}
	rv.Loss = max(0, clampCP(best)-clampCP(got))
	rv.Drop = max(0, Expected(best)-Expected(got))
	rv.Class = Classify(rv.Drop)
	if rv.Loss > 0 {
		rv.Best = before.Best
	}
	return rv
}

func fromWhite(score int, side rules.Color) int {
	if side == rules.Black {
		return -score
	}
	return score
}

// clampCP bounds a score for losses in centipawns: a forced win counts as
// twenty men.
func clampCP(s int) int { return max(-2000, min(2000, s)) }

// Job is an analysis running in the background. Its methods may be called
// from the frame loop while it runs; none of them blocks except Wait.
type Job struct {
	mu     sync.Mutex
	report *Report
	done   int
	total  int
	err    error
	over   bool
	cancel context.CancelFunc
	end    chan struct{}
}

// Start begins analysing a game in a goroutine. The moves are checked
// first: an illegal move is an error and no job starts.
func Start(start *rules.Position, moves []rules.Move, opt Options) (*Job, error) {
	g, err := check(start, moves)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	j := &Job{
		report: newReport(g, opt.Settings()),
		total:  len(g.history) * len(opt.passes()),
		cancel: cancel,
		end:    make(chan struct{}),
	}
	go func() {
		defer close(j.end)
		err := analyse(ctx, g, j.report, &j.mu, opt, func(done, _ int) {
			j.mu.Lock()
			j.done = done
			j.mu.Unlock()
		})
		j.mu.Lock()
		j.err, j.over = err, true
		j.mu.Unlock()
	}()
	return j, nil
}

// Progress is the number of position searches done and the total (every
// position once per pass).
func (j *Job) Progress() (done, total int) {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.done, j.total
}

// Done reports whether the job has ended (finished, cancelled or failed).
func (j *Job) Done() bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.over
}

// Snapshot returns a copy of the report as it stands: the positions done so
// far, for a graph that fills in as the analysis runs.
func (j *Job) Snapshot() *Report {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.report.clone()
}

// Cancel stops the analysis; the job ends soon after (Done).
func (j *Job) Cancel() { j.cancel() }

// Wait blocks until the job ends and returns the report and the error, if
// any (context.Canceled after Cancel).
func (j *Job) Wait() (*Report, error) {
	<-j.end
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.report.clone(), j.err
}

func (r *Report) clone() *Report {
	c := *r
	c.Moves = append([]string(nil), r.Moves...)
	c.Positions = append([]Position(nil), r.Positions...)
	c.Reviews = append([]Review(nil), r.Reviews...)
	return &c
}
