package puzzles

import (
	"context"

	"bashni/ai"
	"bashni/rules"
)

// LossCode says what a wrong try costs, for a screen to put in words with
// the Loss's arguments ("after c7-b6 your column on d4 is lost").
type LossCode uint8

const (
	// MissesWin: the try loses nothing by itself, but the win is gone:
	// Loss.Missed is the material the solution wins.
	MissesWin LossCode = iota + 1
	// LosesColumn: a column of the player's with two or more pieces has its
	// top taken and goes to the opponent with the pieces in it:
	// Loss.Square is where it stands when taken, Loss.Height how many
	// pieces it holds then.
	LosesColumn
	// LosesMaterial: the player ends Loss.Material behind where it was
	// (Material: a man 1, a king 3).
	LosesMaterial
	// LosesGame: the try loses the game along the line shown.
	LosesGame
)

// Loss is what a wrong try leads to, played out along the computer's best
// line.
type Loss struct {
	Code     LossCode
	Try      rules.Move
	Line     []rules.Move // the opponent's answer and the play that follows, as far as shown
	Square   rules.Square // LosesColumn
	Height   int          // LosesColumn: the pieces in that column when taken
	Material int          // material lost: the drop in Balance for the player, at least 0
	Missed   int          // the material the solution would have won (Puzzle.Gain)
}

// PlayOutPlies bounds how far a wrong try is played out.
const PlayOutPlies = 10

// PlayOut plays a wrong try out far enough to show what it costs: the
// search (e, bounded by lim) finds the opponent's answer and the best play
// after it; the line is cut where no capture is pending (the exchange
// settled), at most PlayOutPlies moves after the try. It blocks for the
// search: call it off the frame loop.
func (a *Attempt) PlayOut(ctx context.Context, e *ai.Engine, wrong rules.Move, lim ai.Limits) Loss {
	player := a.pz.Player()
	now := a.Position()
	loss := Loss{Try: wrong, Missed: a.pz.Gain}
	after := now.Play(wrong)
	h := append(append([]*rules.Position(nil), a.history...), after)
	pv := e.Search(ctx, h, lim, nil).PV
	return explainLoss(now, wrong, pv, player, loss)
}

// explainLoss plays the try and then pv (cut where the exchange settles)
// from now and fills loss in.
func explainLoss(now *rules.Position, wrong rules.Move, pv []rules.Move, player rules.Color, loss Loss) Loss {
	start := Balance(now, player)
	q := now.Play(wrong)
	var line []rules.Move
	cut, cutPos := 0, q
	type taken struct {
		sq     rules.Square
		height int
		ply    int
	}
	var columns []taken
	for i, m := range pv {
		if i >= PlayOutPlies || !legalIn(q, m) {
			break
		}
		if q.SideToMove() != player && m.IsCapture() {
			for k := 0; k < m.CaptureCount(); k++ {
				sq := m.CapturedAt(k)
				col := q.Column(sq)
				if col.Owner() == player && col.Height() >= 2 && col.Piece(1).Color() != player {
					// The player's only piece on top is taken: the column
					// changes hands.
					columns = append(columns, taken{sq, col.Height(), i})
				}
			}
		}
		line = append(line, m)
		q = q.Play(m)
		if !q.MustCapture() {
			cut, cutPos = len(line), q
		}
	}
	loss.Line = line[:cut]
	for _, c := range columns {
		if c.ply < cut && c.height > loss.Height {
			loss.Square, loss.Height = c.sq, c.height
		}
	}
	if !cutPos.HasLegalMove() && cutPos.SideToMove() == player {
		loss.Code = LosesGame
		loss.Material = max(0, start-Balance(cutPos, player))
		return loss
	}
	loss.Material = max(0, start-Balance(cutPos, player))
	switch {
	case loss.Height > 0 && loss.Material > 0:
		loss.Code = LosesColumn
	case loss.Material > 0:
		loss.Code = LosesMaterial
	default:
		loss.Code = MissesWin
	}
	return loss
}

func legalIn(p *rules.Position, m rules.Move) bool {
	for _, l := range p.LegalMoves(nil) {
		if l == m {
			return true
		}
	}
	return false
}
