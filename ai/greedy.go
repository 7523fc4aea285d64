package ai

import (
	"math/rand/v2"

	"bashni/rules"
)

// Greedy is the scripted newcomer of issue 21, the yardstick of the lowest
// levels: a player who looks one ply ahead and counts jumps, nothing else.
//
//   - If it must capture, it takes a capture that jumps the most columns.
//   - Otherwise it plays a quiet move after which the opponent can capture
//     nothing.
//   - If every quiet move lets the opponent capture, it plays one whose
//     worst answer jumps the fewest columns (the smallest loss).
//
// Ties are broken at random by rng, so that games differ; the same rng
// state and position give the same move. It returns the zero Move when
// there is no legal move. It keeps no state and searches nothing (a few
// move generations a move), so it plays the same on any machine.
func Greedy(p *rules.Position, rng *rand.Rand) rules.Move {
	moves := p.LegalMoves(nil)
	if len(moves) == 0 {
		return rules.Move{}
	}
	// cost scores a move: lower is better.
	var cost func(m *rules.Move) int
	if moves[0].IsCapture() {
		cost = func(m *rules.Move) int { return -m.CaptureCount() }
	} else {
		pos := *p
		var buf []rules.Move
		cost = func(m *rules.Move) int {
			var u rules.Undo
			pos.MakeMove(m, &u)
			buf = pos.AppendCaptures(buf)
			worst := 0
			for i := range buf {
				worst = max(worst, buf[i].CaptureCount())
			}
			pos.UnmakeMove(m, &u)
			return worst
		}
	}
	var best []int
	bestCost := 0
	for i := range moves {
		c := cost(&moves[i])
		switch {
		case len(best) == 0 || c < bestCost:
			best, bestCost = append(best[:0], i), c
		case c == bestCost:
			best = append(best, i)
		}
	}
	return moves[best[rng.IntN(len(best))]]
}
