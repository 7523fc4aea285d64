package ai

import (
	"context"
	"fmt"
	"time"

	"bashni/rules"
)

// Analysis is what the game shows for a hint or in its analysis view.
type Analysis struct {
	Best       rules.Move   // zero when the game is over
	Score      int          // centipawns from the side to move's view
	WhiteScore int          // the same from White's view
	Text       string       // the score in words, e.g. "White is slightly better"
	PV         []rules.Move // the expected line, Best first
	Depth      int
	Nodes      int64
	Time       time.Duration
}

// HintNodes is the budget of Hint. Nodes, not wall time, so that a loaded
// machine or a slow phone gives the same advice as a fast desktop (issue
// 21); it is five times the analysis board's 200,000 nodes a position
// (learn/analysis.DefaultLimits, which must not exceed it: a hint that saw
// less than the analysis could contradict it), about 0.4 s of one desktop
// core natively and a second or so as WebAssembly.
const HintNodes = 1_000_000

// Analyse searches the last position of history to lim and describes the
// result. onInfo, if not nil, sees every finished iteration (for a live
// analysis view).
func (e *Engine) Analyse(ctx context.Context, history []*rules.Position, lim Limits, onInfo func(Info)) Analysis {
	if len(history) == 0 {
		return Analysis{}
	}
	p := history[len(history)-1]
	if o := rules.StatusOf(history); o.Over() {
		a := Analysis{Score: outcomeScore(history), Text: o.Explain()}
		a.WhiteScore = whiteView(a.Score, p.SideToMove())
		return a
	}
	r := e.Search(ctx, history, lim, onInfo)
	return Analysis{
		Best: r.Best, Score: r.Score, WhiteScore: whiteView(r.Score, p.SideToMove()),
		Text: ScoreText(r.Score, p.SideToMove()), PV: r.PV, Depth: r.Depth, Nodes: r.Nodes, Time: r.Time,
	}
}

// Hint is Analyse for HintNodes nodes: the move the full engine would play,
// with its score in words. The same engine state and position give the
// same hint however fast the machine is.
func (e *Engine) Hint(ctx context.Context, history []*rules.Position) Analysis {
	return e.Analyse(ctx, history, Limits{Nodes: HintNodes}, nil)
}

func whiteView(score int, side rules.Color) int {
	if side == rules.Black {
		return -score
	}
	return score
}

// IsWinScore reports whether a score announces a forced win or loss, and the
// number of plies to its end.
func IsWinScore(score int) (plies int, ok bool) {
	if score > winBound || score < -winBound {
		return winScore - abs(score), true
	}
	return 0, false
}

// ScoreText puts a score (centipawns from side's view, as in Result and
// Analysis) in words from White's and Black's names: "The position is
// equal", "White is slightly better", "Black is better", "White is much
// better", "Black is winning", or for a forced end "White wins in 5 moves"
// (the loser is left without a legal move). Package i18n says the same
// Verdict in the player's language.
func ScoreText(score int, side rules.Color) string {
	v := VerdictOf(score, side)
	switch v.Kind {
	case VerdictEqual:
		return "The position is equal"
	case VerdictSlightlyBetter:
		return fmt.Sprintf("%s is slightly better", v.Leader)
	case VerdictBetter:
		return fmt.Sprintf("%s is better", v.Leader)
	case VerdictMuchBetter:
		return fmt.Sprintf("%s is much better", v.Leader)
	case VerdictWinning:
		return fmt.Sprintf("%s is winning", v.Leader)
	case VerdictHasWon:
		return fmt.Sprintf("%s has won", v.Leader)
	}
	if v.Moves == 1 {
		return fmt.Sprintf("%s wins in 1 move", v.Leader)
	}
	return fmt.Sprintf("%s wins in %d moves", v.Leader, v.Moves)
}

// VerdictKind is how a score stands, in the words a player reads.
type VerdictKind uint8

const (
	VerdictEqual VerdictKind = iota
	VerdictSlightlyBetter
	VerdictBetter
	VerdictMuchBetter
	VerdictWinning
	VerdictWinsIn // a forced win in Verdict.Moves moves
	VerdictHasWon
)

// Verdict is a score in words, without the words: who leads and by how
// much, or in how many moves they win.
type Verdict struct {
	Kind   VerdictKind
	Leader rules.Color // the side ahead (White when equal)
	Moves  int         // the winner's moves to a forced win (VerdictWinsIn)
}

// VerdictOf judges a score (centipawns from side's view).
func VerdictOf(score int, side rules.Color) Verdict {
	w := whiteView(score, side)
	v := Verdict{Leader: rules.White}
	if w < 0 {
		v.Leader = rules.Black
	}
	if plies, ok := IsWinScore(score); ok {
		// The winner makes the last move: count the winner's moves.
		v.Moves = (plies + 1) / 2
		v.Kind = VerdictWinsIn
		if v.Moves <= 0 {
			v.Kind = VerdictHasWon
		}
		return v
	}
	switch a := abs(w); {
	case a < 30:
		v.Kind = VerdictEqual
	case a < 80:
		v.Kind = VerdictSlightlyBetter
	case a < 180:
		v.Kind = VerdictBetter
	case a < 400:
		v.Kind = VerdictMuchBetter
	default:
		v.Kind = VerdictWinning
	}
	return v
}
