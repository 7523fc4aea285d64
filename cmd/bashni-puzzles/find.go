package main

import (
	"context"
	"fmt"

	"bashni/ai"
	"bashni/learn/puzzles"
	"bashni/rules"
)

// criteria are what makes a position a puzzle.
type criteria struct {
	quickNodes int64         // the filter search of every position
	deepNodes  int64         // the deep search that proves the first move
	lineNodes  int64         // the searches along the line (replies, later moves)
	margin     int           // the best move's lead over every other, in centipawns
	minEval    int           // the best move's score for the player
	maxPrior   int           // the opponent's score before its last move may not be below -maxPrior
	maxAhead   int           // the player's material lead (puzzles.Balance) at the start at most
	minGain    int           // material (puzzles.Material) the line must win
	maxMoves   int           // the player's moves in the line at most
	theme      puzzles.Theme // if set, only puzzles with this theme are kept
	minMoves   int           // legal moves the start position must have at least
}

var defaultCriteria = criteria{
	quickNodes: 60_000,
	deepNodes:  4_000_000,
	lineNodes:  600_000,
	margin:     puzzles.Margin,
	minEval:    puzzles.MinEval,
	maxPrior:   500,
	maxAhead:   3,
	minGain:    2,
	maxMoves:   4,
	minMoves:   3,
}

// finder looks for puzzles in games. It keeps its engines between
// positions; it is used by one goroutine.
type finder struct {
	c     criteria
	quick *ai.Engine // the filter and the prior position
	deep  *ai.Engine
	seen  map[uint64]bool // start positions already made puzzles (or lines of them)
	stats *stats
}

type stats struct {
	games, positions, filtered, deep, kept int
	rejected                               map[string]int
}

func newFinder(c criteria, st *stats) *finder {
	return &finder{
		c:     c,
		quick: ai.NewEngine(ai.Options{HashMiB: 16}),
		deep:  ai.NewEngine(ai.Options{HashMiB: 64}),
		seen:  map[uint64]bool{},
		stats: st,
	}
}

func (s *stats) reject(why string) {
	if s.rejected == nil {
		s.rejected = map[string]int{}
	}
	s.rejected[why]++
}

// scanGame looks at every position of a game (history[i] after i moves) and
// returns the puzzles found, each with its source set from source and the
// ply.
func (f *finder) scanGame(ctx context.Context, v rules.Variant, history []*rules.Position, moves []rules.Move, source string) []*puzzles.Puzzle {
	f.stats.games++
	f.quick.NewGame()
	var out []*puzzles.Puzzle
	for i := 2; i < len(history); i++ {
		if ctx.Err() != nil {
			break
		}
		p := history[i]
		if f.seen[p.Hash()] {
			continue
		}
		f.stats.positions++
		h := history[:i+1]
		if rules.StatusOf(h).Over() || len(p.LegalMoves(nil)) < max(2, f.c.minMoves) {
			continue
		}
		// A decided position is no puzzle: the cheap test first, before
		// the filter's search (the same positions pass as when it came
		// after).
		if puzzles.Balance(p, p.SideToMove()) > f.c.maxAhead {
			continue
		}
		r := f.quick.RankMoves(ctx, h, ai.Limits{Nodes: f.c.quickNodes}, f.c.margin, nil)
		if !f.clearBest(r) {
			continue
		}
		f.stats.filtered++
		prior := f.quick.Search(ctx, history[:i], ai.Limits{Nodes: f.c.quickNodes}, nil)
		if prior.Score < -f.c.maxPrior {
			f.stats.reject("already lost before the last move")
			continue
		}
		pz, why := f.prove(ctx, h, moves[i-1])
		if pz == nil {
			f.stats.reject(why)
			continue
		}
		pz.Source = fmt.Sprintf("%s ply %d", source, i)
		out = append(out, pz)
		f.stats.kept++
		// The positions of the line are not puzzles of their own.
		q := p
		f.seen[q.Hash()] = true
		for _, m := range pz.Solution() {
			q = q.Play(m)
			f.seen[q.Hash()] = true
		}
	}
	return out
}

// clearBest reports whether a ranking has one move that wins and leads all
// others by the margin.
func (f *finder) clearBest(r ai.Ranking) bool {
	if len(r.Moves) == 0 || r.Moves[0].Score < f.c.minEval {
		return false
	}
	return len(r.Moves) == 1 || r.Moves[1].Score <= r.Moves[0].Score-f.c.margin
}

// prove runs the deep search on the last position of h (reached by setup),
// builds the solution line and returns the puzzle, or the reason it is none.
func (f *finder) prove(ctx context.Context, h []*rules.Position, setup rules.Move) (*puzzles.Puzzle, string) {
	f.stats.deep++
	start := h[len(h)-1]
	player := start.SideToMove()
	f.deep.NewGame()
	r := f.deep.RankMoves(ctx, h, ai.Limits{Nodes: f.c.deepNodes}, f.c.margin, nil)
	if ctx.Err() != nil {
		return nil, "interrupted"
	}
	if !f.clearBest(r) {
		return nil, "deep search: no clear best move"
	}
	// At least two moves are legal (scanGame): the lead over the second
	// best is a lower bound when the second's score is.
	lead := r.Moves[0].Score - r.Moves[1].Score
	startBalance := puzzles.Balance(start, player)

	var line []rules.Move
	hist := append([]*rules.Position(nil), h...)
	pv := r.Moves[0].PV
	best := r.Moves[0].Move
	gain := 0
	for {
		line = append(line, best)
		q := hist[len(hist)-1].Play(best)
		hist = append(hist, q)
		if rules.StatusOf(hist).Over() {
			if w, ok := rules.StatusOf(hist).Winner(); !ok || w != player {
				return nil, "line ends in a draw"
			}
			gain = puzzles.Balance(q, player) - startBalance
			break
		}
		// Done when the line itself has won the material, and the captures
		// expected to follow (the opponent's take-backs) leave it won.
		if puzzles.Balance(q, player)-startBalance >= f.c.minGain {
			if g := realised(q, pv[1:], player) - startBalance; g >= f.c.minGain {
				gain = g
				break
			}
		}
		if (len(line)+1)/2 >= f.c.maxMoves {
			return nil, "line too long"
		}
		// The opponent's best reply.
		reply := f.deep.Search(ctx, hist, ai.Limits{Nodes: f.c.lineNodes}, nil)
		if reply.Best.IsZero() {
			return nil, "no reply"
		}
		line = append(line, reply.Best)
		q = q.Play(reply.Best)
		hist = append(hist, q)
		if rules.StatusOf(hist).Over() {
			return nil, "line ends after the opponent's move"
		}
		// The player's next move must be clearly best too, by the search
		// verify repeats: a fresh table, so that both agree.
		f.deep.NewGame()
		next := f.deep.RankMoves(ctx, hist, ai.Limits{Nodes: f.c.lineNodes}, f.c.margin, nil)
		if ctx.Err() != nil {
			return nil, "interrupted"
		}
		if len(next.Moves) > 1 && !f.clearBest(next) {
			return nil, "a later move of the line is not clearly best"
		}
		if next.Moves[0].Score < f.c.minEval {
			return nil, "the line does not keep the win"
		}
		best, pv = next.Moves[0].Move, next.Moves[0].PV
	}
	// The point of a combination comes after the forced captures: the line
	// goes on while the opponent must capture and the player then captures
	// again.
	line, why := continueLine(ctx, f.deep, h, line, f.c)
	if why != "" {
		return nil, why
	}
	gain = min(gain, puzzles.Balance(playLine(start, line), player)-startBalance)
	if gain < f.c.minGain && playLine(start, line).HasLegalMove() {
		return nil, "the forced captures give the material back"
	}
	pz := &puzzles.Puzzle{
		ID:     "new",
		FEN:    h[len(h)-2].FEN(),
		Setup:  setup.String(),
		Eval:   r.Moves[0].Score,
		Margin: lead,
		Depth:  r.Depth,
		Gain:   gain,
	}
	for _, m := range line {
		pz.Line = append(pz.Line, m.String())
	}
	if err := pz.Prepare(start.Variant()); err != nil {
		panic(err) // the moves came from package rules
	}
	pz.Found = foundDepth(ctx, h, line[0], f.c, r.Depth)
	if pz.Found == 0 {
		return nil, "a fresh engine does not show the first move clearly best"
	}
	pz.Themes = puzzles.DetectThemes(start, line)
	if f.c.theme != "" && !pz.HasTheme(f.c.theme) {
		return nil, "not of the theme wanted"
	}
	pz.Rating = rate(pz)
	return pz, ""
}

// maxForcedMoves is how many moves of the player continueLine may add.
const maxForcedMoves = 5

// continueLine extends a line played from the last position of h while it
// is puzzles.Unfinished: the opponent's best reply (a capture, it has no
// other) and the player's capture after it, which must be the only legal
// move or clearly best by the line's search. It returns the longer line,
// or why the line cannot go on.
func continueLine(ctx context.Context, e *ai.Engine, h []*rules.Position, line []rules.Move, c criteria) ([]rules.Move, string) {
	hist := append([]*rules.Position(nil), h...)
	for _, m := range line {
		hist = append(hist, hist[len(hist)-1].Play(m))
	}
	for added := 0; puzzles.Unfinished(hist[len(hist)-1]); added++ {
		if added >= maxForcedMoves {
			return nil, "the forced captures go on too long"
		}
		reply := e.Search(ctx, hist, ai.Limits{Nodes: c.lineNodes}, nil)
		if ctx.Err() != nil {
			return nil, "interrupted"
		}
		if reply.Best.IsZero() {
			return nil, "no reply"
		}
		line = append(line, reply.Best)
		hist = append(hist, hist[len(hist)-1].Play(reply.Best))
		e.NewGame()
		next := e.RankMoves(ctx, hist, ai.Limits{Nodes: c.lineNodes}, c.margin, nil)
		if ctx.Err() != nil {
			return nil, "interrupted"
		}
		if len(next.Moves) == 0 {
			return nil, "no move after the forced capture"
		}
		if len(next.Moves) > 1 && puzzles.ClearlyBest(next, next.Moves[0].Move) != nil {
			return nil, "a move after the forced captures is not clearly best"
		}
		line = append(line, next.Moves[0].Move)
		hist = append(hist, hist[len(hist)-1].Play(next.Moves[0].Move))
	}
	return line, ""
}

// playLine is the position after the moves of line played from p.
func playLine(p *rules.Position, line []rules.Move) *rules.Position {
	for _, m := range line {
		p = p.Play(m)
	}
	return p
}

// foundDepth is the shallowest depth, up to max, at which a fresh engine's
// RankMoves shows first as the clearly best move, or 0. The quick check of
// the shipped puzzles repeats that search.
func foundDepth(ctx context.Context, h []*rules.Position, first rules.Move, c criteria, max int) int {
	e := ai.NewEngine(ai.Options{HashMiB: 16})
	for d := 1; d <= max; d++ {
		e.NewGame()
		r := e.RankMoves(ctx, h, ai.Limits{Depth: d}, c.margin, nil)
		if puzzles.ClearlyBest(r, first) == nil {
			return d
		}
	}
	return 0
}

// realised is the player's material balance in q once the captures that
// follow on the expected line pv are played out.
func realised(q *rules.Position, pv []rules.Move, player rules.Color) int {
	for _, m := range pv {
		if !m.IsCapture() {
			break
		}
		q = q.Play(m)
	}
	return puzzles.Balance(q, player)
}

// rate is a puzzle's difficulty rating: puzzles.RatingOf its line.
func rate(pz *puzzles.Puzzle) int { return puzzles.RatingOf(pz.Start(), pz.Solution()) }
