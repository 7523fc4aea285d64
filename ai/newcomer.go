package ai

import (
	"math"
	"time"

	"bashni/rules"
)

// Glance is how someone who learnt the rules five minutes ago looks at the
// board: at each of their moves and at the captures that follow it (the
// opponent's answer, their own recapture), no further: no quiet move of the
// opponent, so no plan and no combination. They capture when they must (the
// rules leave no choice), they see a single or double jump coming, and they
// judge positions roughly as the engine's evaluation does; but they overlook
// long capture chains, sometimes forget to look at the answer at all, and
// misjudge by a random amount, so they now and then take the smaller capture
// or leave a column hanging. It costs a few dozen evaluations a move and no
// search.
//
// The zero Glance means no glance: the level searches (levels 2–7).
type Glance struct {
	// Hops is the longest capture, in jumps, that the player always sees.
	// The opponent's longer answers are overlooked altogether; the player's
	// own longer routes are noticed only by chance (NoticePercent).
	Hops int
	// NoticePercent is the chance, for each jump beyond Hops, that the
	// player notices an own capture route that long. A route is noticed
	// only if every one of its extra jumps is; when none is, the shortest
	// routes are played (a capture is compulsory, and those are in plain
	// sight).
	NoticePercent int
	// Sight is how many plies of captures the player follows after each of
	// its moves: 1, the opponent's answering capture; 2, also its own
	// recapture.
	Sight int
	// CarelessPercent is the chance, for each move considered, that the
	// player does not look at the opponent's answering captures at all.
	CarelessPercent int
	// Noise is the spread (standard deviation, centipawns) of the player's
	// misjudgement of each move.
	Noise int
}

// glance chooses the move of a player with Glance gl in the last position of
// history. It uses the engine's random source, so the same seed and calls
// give the same moves.
func (e *Engine) glance(history []*rules.Position, gl Glance, onInfo func(Info)) Result {
	start := time.Now()
	if len(history) == 0 {
		return Result{}
	}
	if rules.StatusOf(history).Over() {
		return Result{Score: outcomeScore(history)}
	}
	cur := history[len(history)-1]
	ev := newEvaluator(cur.Variant(), e.weights[cur.Variant()&1])
	ev.materialOnly = e.opts.MaterialOnly
	moves := e.noticedMoves(cur.LegalMoves(nil), gl)
	g := glancer{e: e, gl: gl, ev: ev, pos: *cur}
	best, bestScore := 0, math.MinInt
	for i := range moves {
		m := &moves[i]
		var u rules.Undo
		g.pos.MakeMove(m, &u)
		score := g.judge()
		g.pos.UnmakeMove(m, &u)
		if score < winBound && score > -winBound {
			score += int(math.Round(e.rng.NormFloat64() * float64(gl.Noise)))
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	r := Result{Best: moves[best], Score: bestScore, PV: []rules.Move{moves[best]}, Depth: 1, Nodes: g.nodes, Time: time.Since(start)}
	if onInfo != nil {
		onInfo(Info{Depth: 1, Score: r.Score, Nodes: r.Nodes, Time: r.Time, NPS: nps(r.Nodes, r.Time), PV: r.PV})
	}
	return r
}

// noticedMoves keeps the legal moves the player notices: all of them, except
// that capture routes longer than gl.Hops jumps may be overlooked.
func (e *Engine) noticedMoves(moves []rules.Move, gl Glance) []rules.Move {
	if len(moves) < 2 || !moves[0].IsCapture() {
		return moves
	}
	noticed := make([]rules.Move, 0, len(moves))
	shortest := math.MaxInt
	for _, m := range moves {
		shortest = min(shortest, m.CaptureCount())
		seen := true
		for extra := m.CaptureCount() - gl.Hops; extra > 0 && seen; extra-- {
			seen = e.rng.IntN(100) < gl.NoticePercent
		}
		if seen {
			noticed = append(noticed, m)
		}
	}
	if len(noticed) > 0 {
		return noticed
	}
	for _, m := range moves {
		if m.CaptureCount() == shortest {
			noticed = append(noticed, m)
		}
	}
	return noticed
}

// glancer is the state of one glance: the position, which it changes and
// restores, the count of positions looked at and a move buffer for each ply
// of captures followed.
type glancer struct {
	e     *Engine
	gl    Glance
	ev    *evaluator
	pos   rules.Position
	nodes int64
	bufs  [][]rules.Move
}

// judge scores the position after one of the player's moves (the opponent
// to move) from the player's view, as the player sees it: unless careless,
// the player follows the captures it sees for gl.Sight plies.
func (g *glancer) judge() int {
	depth := g.gl.Sight
	if g.e.rng.IntN(100) < g.gl.CarelessPercent {
		depth = 0
	}
	return -g.captures(depth)
}

// captures scores the position from the side to move's view, following the
// captures of at most gl.Hops jumps for depth plies (every capture is
// compulsory, so the side to move takes the best one it sees).
func (g *glancer) captures(depth int) int {
	p := &g.pos
	g.nodes++
	for len(g.bufs) <= depth {
		g.bufs = append(g.bufs, nil)
	}
	moves := p.AppendCaptures(g.bufs[depth])
	g.bufs[depth] = moves
	if len(moves) == 0 {
		score, stuck := g.ev.evalQuiet(p)
		if stuck {
			return -winScore + 1 // no move: lost
		}
		return score
	}
	best, seen := 0, false
	if depth > 0 {
		for i := range moves {
			m := &moves[i]
			if m.CaptureCount() > g.gl.Hops {
				continue
			}
			var u rules.Undo
			p.MakeMove(m, &u)
			score := -g.captures(depth - 1)
			p.UnmakeMove(m, &u)
			if !seen || score > best {
				best, seen = score, true
			}
		}
	}
	if !seen {
		return g.ev.eval(p)
	}
	return best
}
