package puzzles

import (
	"context"

	"bashni/ai"
	"bashni/learn/explain"
	"bashni/rules"
)

// Result is what a try in a puzzle did.
type Result uint8

const (
	// Refused: the try was not a legal move (Verdict.Why says why).
	Refused Result = iota
	// Right: the move of the solution; the opponent has answered
	// (Verdict.Reply) and the player moves again.
	Right
	// Solved: the last move of the solution.
	Solved
	// Wrong: a legal move that is not the solution. The position stays as
	// it was; Attempt.Refute finds the opponent's answer to show.
	Wrong
)

// Verdict is the answer to a try.
type Verdict struct {
	Result Result
	Move   rules.Move   // the legal move tried
	Reply  rules.Move   // the opponent's answer along the line, already played (Right)
	Why    *explain.Why // why a try was refused
}

// Attempt is one go at a puzzle: the position moves on along the solution
// with every right move. It remembers whether the player erred or asked for
// a hint, which decides the rating (Clean).
type Attempt struct {
	pz        *Puzzle
	next      int               // index in the line of the player's next move
	history   []*rules.Position // Before, Start, then one per move played
	mistakes  int
	hinted    bool
	hintGrade HintGrade
}

// Begin starts an attempt at the puzzle's position (after the setup move).
func (p *Puzzle) Begin() *Attempt {
	return &Attempt{pz: p, history: []*rules.Position{p.before, p.start}}
}

// Puzzle is the puzzle attempted.
func (a *Attempt) Puzzle() *Puzzle { return a.pz }

// Position is the position on the board (do not modify).
func (a *Attempt) Position() *rules.Position { return a.history[len(a.history)-1] }

// History is every position from before the setup move to the current one,
// for a search (do not modify).
func (a *Attempt) History() []*rules.Position { return a.history }

// Done reports whether the puzzle is solved.
func (a *Attempt) Done() bool { return a.next >= len(a.pz.line) }

// Mistakes counts the wrong moves so far; Hinted whether a hint was asked.
func (a *Attempt) Mistakes() int { return a.mistakes }
func (a *Attempt) Hinted() bool  { return a.hinted }

// Clean reports whether the puzzle was solved with no mistake and no hint:
// a win for the rating; anything else is a loss.
func (a *Attempt) Clean() bool { return a.Done() && a.mistakes == 0 && !a.hinted }

// Hint returns the solution's next move: HintAt(HintMove).Move. Asking
// marks the attempt as hinted.
func (a *Attempt) Hint() rules.Move { return a.HintAt(HintMove).Move }

// TryPath checks a route the player showed (see explain.Try) and, if it is
// a legal move, plays it as Try does.
func (a *Attempt) TryPath(path []rules.Square) Verdict {
	if a.Done() {
		return Verdict{Result: Refused, Why: &explain.Why{Code: explain.GameOver}}
	}
	m, why := explain.Try(a.Position(), path)
	if why != nil || m.IsZero() {
		return Verdict{Result: Refused, Why: why}
	}
	return a.Try(m)
}

// Try checks a legal move against the solution. The right move is played
// with the opponent's answer; a wrong one is counted and not played.
func (a *Attempt) Try(m rules.Move) Verdict {
	if a.Done() {
		return Verdict{Result: Refused, Move: m, Why: &explain.Why{Code: explain.GameOver}}
	}
	if m != a.pz.line[a.next] {
		legal := false
		for _, l := range a.Position().LegalMoves(nil) {
			legal = legal || l == m
		}
		if !legal {
			_, why := explain.Try(a.Position(), m.Path())
			return Verdict{Result: Refused, Move: m, Why: why}
		}
		a.mistakes++
		return Verdict{Result: Wrong, Move: m}
	}
	a.play(m)
	a.next++
	if a.Done() {
		return Verdict{Result: Solved, Move: m}
	}
	reply := a.pz.line[a.next]
	a.play(reply)
	a.next++
	return Verdict{Result: Right, Move: m, Reply: reply}
}

func (a *Attempt) play(m rules.Move) {
	a.history = append(a.history, a.Position().Play(m))
}

// RefuteLimits bound the search of Refute: a fraction of a second.
var RefuteLimits = ai.Limits{Nodes: 300_000}

// Refute finds what is wrong with a wrong move: the opponent's best answer
// and the expected line after it (from a search with e, bounded by lim),
// and the score for the player after the wrong move, in centipawns. It
// blocks for the search: call it off the frame loop. The line is empty when
// the wrong move ends the game.
func (a *Attempt) Refute(ctx context.Context, e *ai.Engine, wrong rules.Move, lim ai.Limits) (line []rules.Move, score int) {
	h := append(append([]*rules.Position(nil), a.history...), a.Position().Play(wrong))
	r := e.Search(ctx, h, lim, nil)
	return r.PV, -r.Score
}
