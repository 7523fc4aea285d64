package ai

import (
	"context"
	"time"

	"bashni/rules"
)

// Level is the strength of the computer at one of the levels for people.
// Level 1 glances at the board instead of searching (Glance); levels 2–6 are
// bounded by nodes, not time, so that they play the same moves on a fast
// desktop and a slow phone; level 7 thinks for MoveTime.
type Level struct {
	Depth    int           // deepest iteration (0: no limit)
	Nodes    int64         // nodes a move (0: no limit)
	MoveTime time.Duration // time a move (0: no limit)
	// QLimit caps the capture plies of the quiescence search (0: none):
	// the low levels miss long capture sequences, as people do.
	QLimit int
	// Margin: the level picks at random among the moves scoring within
	// Margin centipawns of the best, the closer the likelier.
	Margin int
	// OpeningPlies and OpeningMargin widen the margin during the first plies
	// of a game so that games differ.
	OpeningPlies, OpeningMargin int
	// Glance, if not zero, replaces the search by the look of a player on
	// their first day (newcomer.go); the fields above are then unused.
	Glance Glance
}

// levels are the definitions of levels 1 to 7 (levels[0] is unused), checked
// by matches against the scripted newcomer (Greedy) and between adjacent
// levels (TUNING.md, cmd/bashni-ladder). Level 1, the newcomer, looks one
// move ahead and at the opponent's answering capture: it overlooks chains
// of three jumps or more, sometimes forgets to look at the answer, and
// misjudges by about half a man, yet it captures what it sees; the scripted
// newcomer beats it in most games. Level 2 glances the same way but more
// carefully (it forgets the answer one move in twenty, misjudges less) and
// scores about half against the scripted newcomer: the step between "I beat
// it" and "it beats me" (issue 21). Level 3 is the first that searches: one
// ply and up to four plies of captures, picking among moves within 30 cp,
// so it sees every shot of one move but no combination. From level 4 on
// each level searches about four times the nodes of the one below and
// picks more narrowly; level 7 is the full engine for two seconds. Levels
// 1–6 do not depend on the machine's speed.
var levels = [8]Level{
	{},
	{Glance: Glance{Hops: 2, NoticePercent: 50, Sight: 2, CarelessPercent: 20, Noise: 40}},
	{Glance: Glance{Hops: 2, NoticePercent: 50, Sight: 2, CarelessPercent: 8, Noise: 35}},
	{Depth: 1, Nodes: 2_000, QLimit: 4, Margin: 30, OpeningPlies: 8, OpeningMargin: 40},
	{Depth: 5, Nodes: 30_000, Margin: 25, OpeningPlies: 8, OpeningMargin: 30},
	{Nodes: 120_000, Margin: 12, OpeningPlies: 8, OpeningMargin: 20},
	{Nodes: 500_000, Margin: 4, OpeningPlies: 8, OpeningMargin: 15},
	{MoveTime: 2 * time.Second, OpeningPlies: 6, OpeningMargin: 10},
}

// LevelSettings returns the definition of a level (clamped to 1–7).
func LevelSettings(level int) Level { return levels[max(MinLevel, min(level, MaxLevel))] }

// MinLevel and MaxLevel bound the levels for people.
const (
	MinLevel = 1
	MaxLevel = 7
)

// ChooseMove returns the move the computer plays at level (1–7) in the last
// position of history, or the zero Move if the game is over. It uses the
// engine's random source, so the same seed and the same calls give the same
// moves.
func (e *Engine) ChooseMove(ctx context.Context, history []*rules.Position, level int) rules.Move {
	return e.PlayLevel(ctx, history, level, Limits{}, nil).Best
}

// PlayLevel is ChooseMove with the search's details: caps, if not zero, bound
// the level's own limits further, and onInfo sees every iteration. The
// Result's Best is the move chosen, which may differ from the first move of
// its PV when the level picks a near-equal move. Level 1 does not search: it
// looks one move ahead whatever the caps, and onInfo sees that look once.
func (e *Engine) PlayLevel(ctx context.Context, history []*rules.Position, level int, caps Limits, onInfo func(Info)) Result {
	return e.Play(ctx, history, LevelSettings(level), caps, onInfo)
}

// Play is PlayLevel with a level of one's own making (the tuner and the
// tests use it).
func (e *Engine) Play(ctx context.Context, history []*rules.Position, lv Level, caps Limits, onInfo func(Info)) Result {
	if lv.Glance != (Glance{}) {
		return e.glance(history, lv.Glance, onInfo)
	}
	lim := Limits{Depth: lv.Depth, Nodes: lv.Nodes, MoveTime: lv.MoveTime}
	lim.Depth = capLimit(lim.Depth, caps.Depth)
	lim.Nodes = capLimit(lim.Nodes, caps.Nodes)
	lim.MoveTime = capLimit(lim.MoveTime, caps.MoveTime)
	margin := lv.Margin
	if len(history) > 0 && gamePly(history[len(history)-1]) < lv.OpeningPlies {
		margin = max(margin, lv.OpeningMargin)
	}
	out := e.search(ctx, history, lim, margin, lv.QLimit, onInfo)
	if out.Best.IsZero() || margin == 0 || len(out.root) < 2 {
		return out.Result
	}
	best := out.root[0].score
	if best > winBound || best < -winBound || !out.root[0].exact {
		return out.Result // never throw away a won game, nor play on at random when lost
	}
	// Pick among the near-equal moves (exact scores only: a move that
	// failed low has only an upper bound), weighted by closeness.
	near := func(rm rootMove) (int, bool) {
		d := best - rm.score
		return margin + 1 - d, rm.exact && d <= margin
	}
	total := 0
	for _, rm := range out.root {
		if w, ok := near(rm); ok {
			total += w
		}
	}
	r := e.rng.IntN(total)
	for _, rm := range out.root {
		if w, ok := near(rm); ok {
			r -= w
			if r < 0 {
				out.Best = rm.move
				out.Score = rm.score
				out.PV = rm.pv
				break
			}
		}
	}
	return out.Result
}

// gamePly is the number of plies played since the start of the game, as told
// by the position's move number.
func gamePly(p *rules.Position) int {
	n := 2 * (p.FullmoveNumber() - 1)
	if p.SideToMove() == rules.Black {
		n++
	}
	return n
}

func capLimit[T int | int64 | time.Duration](own, limit T) T {
	switch {
	case limit <= 0:
		return own
	case own <= 0:
		return limit
	}
	return min(own, limit)
}
