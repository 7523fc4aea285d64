package ai

import (
	"context"
	"time"

	"bashni/rules"
)

// Scores are in centipawns from the side to move's view. A side with no legal
// move has lost: it scores -winScore+ply at ply plies from the root, so that
// quicker wins score higher. Draws (repetition, the 30-ply rule) score 0.
const (
	maxPly   = MaxDepth + 36 // room for extensions and captures beyond the deepest iteration
	inf      = 32000
	winScore = 30000
	winBound = winScore - 2*maxPly // scores beyond ±winBound are forced wins or losses

	pollInterval = 1024 // nodes between looks at the clock, the context and the yield hook
)

// frame is the per-ply scratch of the search: the moves of the node, the
// order in which to try them and their ordering scores.
type frame struct {
	moves  []rules.Move
	order  []int32
	scores []int32
	undo   rules.Undo
}

// rootMove is a move at the root with its score from the last iteration.
type rootMove struct {
	move  rules.Move
	index int  // in LegalMoves order
	score int  // from the last search of the move
	exact bool // score is exact, not a bound (a move within the margin)
	pv    []rules.Move
}

// searcher is the state of one search. An Engine keeps one and reuses its
// buffers between searches.
type searcher struct {
	pos     rules.Position
	ev      *evaluator
	tt      *table
	hashes  []uint64 // the game's positions, then the current line's
	rootIx  int      // index in hashes of the root position
	frames  [maxPly + 1]frame
	killers [maxPly + 1][2]uint16
	history [2][64][64]int32
	pv      [maxPly + 1][maxPly + 1]rules.Move
	pvLen   [maxPly + 1]int

	nodes    int64
	nextPoll int64
	stopped  bool

	ctx       context.Context
	deadline  time.Time // zero: none
	nodeLimit int64     // 0: none
	yield     func()
	qLimit    int // capture plies searched in quiescence; ≤ 0: unlimited

	root      []rootMove
	rootDepth int
	margin    int // root moves within margin of the best get exact scores
}

func newSearcher() *searcher {
	s := &searcher{}
	for i := range s.frames {
		s.frames[i].moves = make([]rules.Move, 0, 32)
		s.frames[i].order = make([]int32, 0, 32)
		s.frames[i].scores = make([]int32, 0, 32)
	}
	return s
}

func (s *searcher) poll() {
	s.nextPoll = s.nodes + pollInterval
	if s.nodeLimit > 0 {
		if s.nodes >= s.nodeLimit {
			s.stopped = true
			return
		}
		s.nextPoll = min(s.nextPoll, s.nodeLimit)
	}
	if s.yield != nil {
		s.yield()
	}
	if s.ctx.Err() != nil || (!s.deadline.IsZero() && time.Now().After(s.deadline)) {
		s.stopped = true
	}
}

// isRepetition reports whether the current position repeats one of the
// line since the root (a draw inside the search), or occurred twice in the
// game before (so that this is its third occurrence). Only positions since
// the last capture or promotion can repeat.
func (s *searcher) isRepetition(hash uint64, halfmove int) bool {
	n := len(s.hashes) - 1
	before := 0
	for i := n - 2; i >= 0 && i >= n-halfmove; i -= 2 {
		if s.hashes[i] == hash {
			if i >= s.rootIx {
				return true
			}
			before++
			if before >= 2 {
				return true
			}
		}
	}
	return false
}

func scoreToTT(score, ply int) int {
	switch {
	case score > winBound:
		return score + ply
	case score < -winBound:
		return score - ply
	}
	return score
}

func scoreFromTT(score, ply int) int {
	switch {
	case score > winBound:
		return score - ply
	case score < -winBound:
		return score + ply
	}
	return score
}

func quietKey(m *rules.Move) uint16 { return uint16(m.From())<<8 | uint16(m.To()) }

// orderMoves fills the frame's order and scores: the transposition table's
// move first, then captures by what they take, then promotions, killers and
// the history of quiet moves.
func (s *searcher) orderMoves(f *frame, ply, ttMove int) {
	n := len(f.moves)
	f.order = f.order[:0]
	f.scores = f.scores[:0]
	p := &s.pos
	side := p.SideToMove()
	for i := range f.moves {
		m := &f.moves[i]
		var sc int32
		switch {
		case i == ttMove:
			sc = 1 << 30
		case m.IsCapture():
			sc = 1 << 20
			for k := 0; k < m.CaptureCount(); k++ {
				col := p.Column(m.CapturedAt(k))
				if col.Top().IsKing() {
					sc += 300
				} else {
					sc += 100
				}
				if o, _, pr, _ := col.Census(); o == 1 {
					sc += 100 * int32(pr)
				}
			}
			if m.IsPromotion() {
				sc += 200
			}
		case m.IsPromotion():
			sc = 1 << 22
		default:
			k := quietKey(m)
			switch k {
			case s.killers[ply][0]:
				sc = 1 << 21
			case s.killers[ply][1]:
				sc = 1<<21 - 1
			default:
				sc = s.history[side][m.From()][m.To()]
			}
		}
		f.order = append(f.order, int32(i))
		f.scores = append(f.scores, sc)
	}
	_ = n
}

// pick moves the best-scored of the untried moves to position i of the order
// and returns its index in f.moves.
func pick(f *frame, i int) int {
	best := i
	for j := i + 1; j < len(f.order); j++ {
		if f.scores[j] > f.scores[best] {
			best = j
		}
	}
	f.order[i], f.order[best] = f.order[best], f.order[i]
	f.scores[i], f.scores[best] = f.scores[best], f.scores[i]
	return int(f.order[i])
}

func (s *searcher) makeMove(m *rules.Move, ply int) {
	s.pos.MakeMove(m, &s.frames[ply].undo)
	s.hashes = append(s.hashes, s.pos.Hash())
}

func (s *searcher) unmakeMove(m *rules.Move, ply int) {
	s.pos.UnmakeMove(m, &s.frames[ply].undo)
	s.hashes = s.hashes[:len(s.hashes)-1]
}

func (s *searcher) updatePV(ply int, m *rules.Move) {
	s.pv[ply][ply] = *m
	for i := ply + 1; i < s.pvLen[ply+1]; i++ {
		s.pv[ply][i] = s.pv[ply+1][i]
	}
	s.pvLen[ply] = max(s.pvLen[ply+1], ply+1)
}

// search is the principal variation search of a node below the root.
func (s *searcher) search(depth, alpha, beta, ply int, pvNode bool) int {
	s.pvLen[ply] = ply
	p := &s.pos
	hash := p.Hash()
	if s.isRepetition(hash, p.HalfmoveClock()) {
		return 0
	}
	if p.HalfmoveClock() >= rules.NoProgressPlies && p.Variant().HasNoProgressRule() {
		if !p.HasLegalMove() {
			return -winScore + ply // no legal move loses before the 30-ply rule draws
		}
		return 0
	}
	if depth <= 0 {
		return s.qsearch(alpha, beta, ply, 0)
	}
	s.nodes++
	if s.nodes >= s.nextPoll {
		s.poll()
	}
	if s.stopped {
		return 0
	}
	// Mate distance pruning: no line from here beats a win at this ply.
	alpha = max(alpha, -winScore+ply)
	beta = min(beta, winScore-ply-1)
	if alpha >= beta {
		return alpha
	}
	if ply >= maxPly-1 {
		return s.ev.eval(p)
	}
	ttMove := noMove
	if e, ok := s.tt.probe(hash); ok {
		ttMove = int(e.move)
		if !pvNode && int(e.depth) >= depth {
			sc := scoreFromTT(int(e.score), ply)
			switch e.flags & 3 {
			case boundExact:
				return sc
			case boundLower:
				if sc >= beta {
					return sc
				}
			case boundUpper:
				if sc <= alpha {
					return sc
				}
			}
		}
	}
	f := &s.frames[ply]
	f.moves = p.LegalMoves(f.moves)
	n := len(f.moves)
	if n == 0 {
		return -winScore + ply
	}
	ext := 0
	if n == 1 && ply < 2*s.rootDepth+8 {
		ext = 1 // a forced reply costs no depth
	}
	s.orderMoves(f, ply, ttMove)
	quiet := !f.moves[0].IsCapture()
	side := p.SideToMove()
	best, bestIx := -inf, noMove
	origAlpha := alpha
	for i := 0; i < n; i++ {
		ix := pick(f, i)
		m := &f.moves[ix]
		isKiller := f.scores[i] >= 1<<21-1 && quiet
		s.makeMove(m, ply)
		newDepth := depth - 1 + ext
		var score int
		if i == 0 {
			score = -s.search(newDepth, -beta, -alpha, ply+1, pvNode)
		} else {
			r := 0
			if quiet && depth >= 3 && i >= 3 && !isKiller && !m.IsPromotion() {
				r = 1
				if i >= 8 && depth >= 5 {
					r = 2
				}
			}
			score = -s.search(newDepth-r, -alpha-1, -alpha, ply+1, false)
			if score > alpha && r > 0 {
				score = -s.search(newDepth, -alpha-1, -alpha, ply+1, false)
			}
			if score > alpha && score < beta {
				score = -s.search(newDepth, -beta, -alpha, ply+1, true)
			}
		}
		s.unmakeMove(m, ply)
		if s.stopped {
			return 0
		}
		if score > best {
			best = score
			if ix < noMove {
				bestIx = ix
			}
			if score > alpha {
				alpha = score
				s.updatePV(ply, m)
				if score >= beta {
					if quiet {
						k := quietKey(m)
						if s.killers[ply][0] != k {
							s.killers[ply][1] = s.killers[ply][0]
							s.killers[ply][0] = k
						}
						h := &s.history[side][m.From()][m.To()]
						*h += int32(depth * depth)
						if *h > 1<<19 {
							s.ageHistory()
						}
					}
					break
				}
			}
		}
	}
	bound := uint8(boundExact)
	switch {
	case best >= beta:
		bound = boundLower
	case best <= origAlpha:
		bound = boundUpper
	}
	s.tt.store(hash, scoreToTT(best, ply), depth, bound, bestIx)
	return best
}

func (s *searcher) ageHistory() {
	for c := range s.history {
		for i := range s.history[c] {
			for j := range s.history[c][i] {
				s.history[c][i][j] /= 2
			}
		}
	}
}

// qsearch resolves captures. Captures are compulsory, so a side that can
// capture has no "stand pat": every capture is searched. A side with no
// capture takes the static evaluation (or loses if it cannot move at all).
func (s *searcher) qsearch(alpha, beta, ply, qply int) int {
	s.pvLen[ply] = ply
	s.nodes++
	if s.nodes >= s.nextPoll {
		s.poll()
	}
	if s.stopped {
		return 0
	}
	p := &s.pos
	f := &s.frames[ply]
	f.moves = p.AppendCaptures(f.moves)
	n := len(f.moves)
	if n == 0 {
		score, stuck := s.ev.evalQuiet(p)
		if stuck {
			return -winScore + ply
		}
		return score
	}
	if ply >= maxPly-1 || (s.qLimit > 0 && qply >= s.qLimit) {
		return s.ev.eval(p)
	}
	if n > 1 {
		s.orderMoves(f, ply, noMove)
	} else {
		f.order = append(f.order[:0], 0)
		f.scores = append(f.scores[:0], 0)
	}
	best := -inf
	for i := 0; i < n; i++ {
		ix := pick(f, i)
		m := &f.moves[ix]
		p.MakeMove(m, &f.undo)
		score := -s.qsearch(-beta, -alpha, ply+1, qply+1)
		p.UnmakeMove(m, &f.undo)
		if s.stopped {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				alpha = score
				if score >= beta {
					break
				}
			}
		}
	}
	return best
}

// searchRoot searches every root move to depth. The first move gets the full
// window; the others a null window at alpha-margin, and a full re-search when
// they beat it, so that every move within margin of the best gets an exact
// score (margin 0 is plain PVS). It returns the best score; s.root is
// re-sorted best first. If the search is stopped, moves not searched keep
// their old scores and the first root move is still the best proven one.
func (s *searcher) searchRoot(depth, alpha, beta int) int {
	s.rootDepth = depth
	s.pvLen[0] = 0
	best := -inf
	for i := range s.root {
		rm := &s.root[i]
		s.makeMove(&rm.move, 0)
		var score int
		exact := false
		if i == 0 {
			score = -s.search(depth-1, -beta, -alpha, 1, true)
			exact = score > alpha && score < beta
		} else {
			a := alpha - s.margin
			if best == -inf {
				a = alpha
			}
			a = max(a, -inf+1)
			score = -s.search(depth-1, -a-1, -a, 1, false)
			if score > a && score < beta {
				score = -s.search(depth-1, -beta, -a, 1, true)
				// Fail-soft: a score at or below a is only an upper bound.
				exact = score > a && score < beta
			}
		}
		s.unmakeMove(&rm.move, 0)
		if s.stopped {
			break
		}
		rm.score = score
		rm.exact = exact
		if score > best {
			best = score
		}
		if score > alpha || i == 0 {
			rm.pv = append(rm.pv[:0], rm.move)
			rm.pv = append(rm.pv, s.pv[1][1:s.pvLen[1]]...)
			if score > alpha {
				alpha = score
			}
			if i > 0 && score > s.root[0].score {
				// The new best goes first; the order of the others is
				// settled when the iteration ends.
				s.root[0], s.root[i] = s.root[i], s.root[0]
			}
			if score >= beta {
				break
			}
		} else if score > alpha-s.margin {
			rm.pv = append(rm.pv[:0], rm.move)
			rm.pv = append(rm.pv, s.pv[1][1:s.pvLen[1]]...)
		}
	}
	return best
}
