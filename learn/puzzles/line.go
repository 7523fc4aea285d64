package puzzles

import "bashni/rules"

// Unfinished reports whether a line that has reached end (the opponent to
// move, after the player's last move) stops before its point: the opponent
// must capture, and whichever capture it chooses, the player captures
// again. Such a line goes on; a puzzle may not end there.
func Unfinished(end *rules.Position) bool {
	if !end.MustCapture() {
		return false
	}
	replies := end.LegalMoves(nil)
	for _, r := range replies {
		if !end.Play(r).MustCapture() {
			return false
		}
	}
	return len(replies) > 0
}

// End is the position after the whole solution (the opponent to move).
func (p *Puzzle) End() *rules.Position {
	q := p.start
	for _, m := range p.line {
		q = q.Play(m)
	}
	return q
}
