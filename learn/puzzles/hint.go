package puzzles

import "bashni/rules"

// HintGrade is how much a hint gives away. A screen offers them in turn:
// first the column to move, then the move itself.
type HintGrade uint8

const (
	// NoHint: nothing asked.
	NoHint HintGrade = iota
	// HintColumn: the square of the column that moves next.
	HintColumn
	// HintMove: the whole move (its route).
	HintMove
)

// Hint is what a hint shows: at HintColumn only From, at HintMove the Move
// too.
type Hint struct {
	Grade HintGrade
	From  rules.Square
	Move  rules.Move // zero below HintMove
}

// HintAt returns the hint of grade g for the player's next move (g above
// HintMove counts as HintMove) and marks the attempt as hinted. After the
// puzzle is solved, or for NoHint, it returns the zero Hint and marks
// nothing.
func (a *Attempt) HintAt(g HintGrade) Hint {
	if a.Done() || g == NoHint {
		return Hint{}
	}
	g = min(g, HintMove)
	a.hinted = true
	a.hintGrade = max(a.hintGrade, g)
	m := a.pz.line[a.next]
	h := Hint{Grade: g, From: m.From()}
	if g == HintMove {
		h.Move = m
	}
	return h
}

// HintGrade is the most the player has asked for in this attempt.
func (a *Attempt) HintGrade() HintGrade { return a.hintGrade }

// Step is one move of the solution for a viewer that steps through it.
type Step struct {
	Move   rules.Move
	Player bool            // the player's move (else the opponent's reply)
	After  *rules.Position // the position after the move (do not modify)
}

// Steps is the whole solution, move by move, for "View the solution".
func (p *Puzzle) Steps() []Step {
	out := make([]Step, len(p.line))
	q := p.start
	for i, m := range p.line {
		q = q.Play(m)
		out[i] = Step{Move: m, Player: i%2 == 0, After: q}
	}
	return out
}
