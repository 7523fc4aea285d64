package i18n

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"bashni/ai"
	"bashni/rules"
)

// The game's own things in words: sides, pieces, results, the computer's
// verdict, the column inspector and why a typed move is rejected.

// sideKey is the last part of a message ID that has one text per side.
func sideKey(c rules.Color) string {
	if c == rules.Black {
		return "black"
	}
	return "white"
}

// Side returns the message id.white or id.black for side c: sentences
// about a side have one message a side, since languages inflect the
// side's name ("Ход белых", "Белые выиграли").
func (c *Catalog) Side(id string, side rules.Color) string {
	return c.cached(cacheKey{id: id, side: int8(side)}, func() string {
		return c.localize(id+"."+sideKey(side), -1, nil)
	})
}

// SideF is Side for a message with placeholders.
func (c *Catalog) SideF(id string, side rules.Color, pairs ...any) string {
	return c.localize(id+"."+sideKey(side), -1, data(pairs))
}

// SideNF is Side for a message with a count.
func (c *Catalog) SideNF(id string, side rules.Color, n int, pairs ...any) string {
	d := data(pairs)
	d["Count"] = n
	return c.localize(id+"."+sideKey(side), n, d)
}

// ColorName is "White" or "Black".
func (c *Catalog) ColorName(side rules.Color) string {
	if side == rules.Black {
		return c.T("common.black")
	}
	return c.T("common.white")
}

// VariantName is "Bashni" or "Lasca".
func (c *Catalog) VariantName(v rules.Variant) string {
	if v == rules.Lasca {
		return c.T("common.lasca")
	}
	return c.T("common.bashni")
}

// ToMove is "White to move" or "Black to move".
func (c *Catalog) ToMove(side rules.Color) string { return c.Side("common.to_move", side) }

func pieceKey(p rules.Piece) string {
	k := sideKey(p.Color())
	if p.IsKing() {
		return k + "_king"
	}
	return k + "_man"
}

// PieceName is "White king", "Black man" and so on, for lists.
func (c *Catalog) PieceName(p rules.Piece) string { return c.T("piece." + pieceKey(p)) }

// Outcome says a result and its reason (rules.Outcome.Explain in the
// player's language).
func (c *Catalog) Outcome(o rules.Outcome) string {
	winner, _ := o.Winner()
	switch o.Reason {
	case rules.NoMoves:
		return c.Side("outcome.no_moves", winner)
	case rules.Resignation:
		return c.Side("outcome.resignation", winner)
	case rules.Repetition:
		return c.T("outcome.repetition")
	case rules.NoProgress:
		return c.T("outcome.no_progress")
	case rules.Agreement:
		return c.T("outcome.agreement")
	case rules.TimeOut, rules.Abandonment:
		// Decided off the board: either side may win, or neither.
		id := offBoardID(o.Reason)
		if o.Result == rules.Draw {
			return c.T(id + ".draw")
		}
		return c.Side(id, winner)
	}
	return c.T("outcome.ongoing")
}

// offBoardID is the messages' ID of a reason decided off the board.
func offBoardID(r rules.Reason) string {
	if r == rules.TimeOut {
		return "outcome.time_out"
	}
	return "outcome.abandonment"
}

// ShortReason is a result's reason in a word or two, for lists: "no
// moves left", "resignation", "repetition", "15-move rule", "agreed",
// "out of time", "abandoned"; "" for a game in progress.
func (c *Catalog) ShortReason(r rules.Reason) string {
	switch r {
	case rules.NoMoves:
		return c.T("outcome.short.no_moves")
	case rules.Resignation:
		return c.T("outcome.short.resignation")
	case rules.Repetition:
		return c.T("outcome.short.repetition")
	case rules.NoProgress:
		return c.T("outcome.short.no_progress")
	case rules.Agreement:
		return c.T("outcome.short.agreement")
	case rules.TimeOut, rules.Abandonment:
		return c.T(offBoardID(r) + ".short")
	}
	return ""
}

// Verdict puts the computer's judgement of a position in words: "White is
// slightly better", "Black wins in 3 moves".
func (c *Catalog) Verdict(v ai.Verdict) string {
	switch v.Kind {
	case ai.VerdictEqual:
		return c.T("verdict.equal")
	case ai.VerdictSlightlyBetter:
		return c.Side("verdict.slightly_better", v.Leader)
	case ai.VerdictBetter:
		return c.Side("verdict.better", v.Leader)
	case ai.VerdictMuchBetter:
		return c.Side("verdict.much_better", v.Leader)
	case ai.VerdictWinning:
		return c.Side("verdict.winning", v.Leader)
	case ai.VerdictHasWon:
		return c.Side("verdict.has_won", v.Leader)
	}
	return c.SideNF("verdict.wins_in", v.Leader, v.Moves)
}

// Date writes a date and time for lists of games: "2 Jan 2026, 15:04",
// "2 янв. 2026, 15:04", "2026년 1월 2일 15:04", "2026年1月2日 15:04".
func (c *Catalog) Date(t time.Time) string {
	month := c.T("common.month.m" + t.Format("01"))
	return c.F("common.date", "Day", t.Day(), "Month", month, "MonthNumber", int(t.Month()), "Year", t.Year(), "Time", t.Format("15:04"))
}

// List joins items with the language's list separator.
func (c *Catalog) List(items []string) string {
	return strings.Join(items, c.T("common.list_separator"))
}

// InspectorTitle is the column inspector's heading: "d4 · White column",
// "Empty square" (the square is left out when sq is rules.NoSquare).
func (c *Catalog) InspectorTitle(col rules.Column, sq rules.Square) string {
	t := c.T("inspector.empty_square")
	if !col.IsEmpty() {
		t = c.Side("inspector.column", col.Owner())
	}
	if sq != rules.NoSquare {
		t = c.F("inspector.with_square", "Square", sq.String(), "Title", t)
	}
	return t
}

// InspectorTag is the tag beside a piece of the inspector's list: "top"
// for the first, "prisoner" for the other side's pieces, "" otherwise.
func (c *Catalog) InspectorTag(col rules.Column, i int) string {
	switch {
	case i == 0:
		return c.T("inspector.top")
	case col.Piece(i).Color() != col.Owner():
		return c.T("inspector.prisoner")
	}
	return ""
}

// CaptureOutcome says in one line what taking the top of col would do:
// "Taking the top frees 2 black pieces: Black gets the column".
func (c *Catalog) CaptureOutcome(col rules.Column) string {
	if col.IsEmpty() {
		return ""
	}
	o := col.CaptureOutcome()
	if o.Empties {
		return c.T("inspector.empties")
	}
	king := ""
	if o.NewTopKing {
		king = "_king"
	}
	pieces := c.SideNF("inspector.pieces", o.Owner, o.OwnLeft)
	switch {
	case o.Freed > 0:
		return c.SideF("inspector.frees"+king, o.Owner, "Pieces", pieces)
	case o.OwnLeft < o.Left:
		prisoners := c.SideNF("inspector.pieces", o.Owner.Opponent(), o.Left-o.OwnLeft)
		return c.SideF("inspector.leaves_over"+king, o.Owner, "Pieces", pieces, "Prisoners", prisoners)
	}
	return c.SideF("inspector.leaves"+king, o.Owner, "Pieces", pieces)
}

// Error says err in the player's language when it is one the game knows
// (a rejected move or square), and as it is otherwise.
func (c *Catalog) Error(err error) string {
	if err == nil {
		return ""
	}
	var me *rules.MoveError
	if errors.As(err, &me) {
		return c.MoveError(me)
	}
	var se *rules.SquareError
	if errors.As(err, &se) {
		return c.SquareError(se)
	}
	return err.Error()
}

// SquareError says why a square's name was rejected.
func (c *Catalog) SquareError(e *rules.SquareError) string {
	switch e.Problem {
	case rules.SquareOffBoard:
		return c.F("square_error.off_board", "Text", e.Text, "Size", e.Size)
	case rules.SquareLight:
		return c.F("square_error.light", "Text", e.Text)
	}
	return c.F("square_error.bad", "Text", e.Text)
}

// MoveError says why a typed move was rejected, as the engine does
// (rules.MoveError) but in the player's language.
func (c *Catalog) MoveError(e *rules.MoveError) string {
	text := "Text"
	switch e.Problem {
	case rules.MoveEmpty:
		return c.T("move_error.empty")
	case rules.MoveBadSquare:
		problem := ""
		if e.Square != nil {
			problem = c.SquareError(e.Square)
		}
		return c.F("move_error.bad_square", text, e.Text, "Problem", problem)
	case rules.MoveTooManySquares:
		return c.F("move_error.too_many_squares", text, e.Text)
	case rules.MoveTooFewSquares:
		return c.F("move_error.too_few_squares", text, e.Text)
	case rules.MoveMixed:
		return c.F("move_error.mixed", text, e.Text)
	case rules.MoveQuietTooLong:
		return c.F("move_error.quiet_long", text, e.Text)
	case rules.MoveAmbiguous:
		names := make([]string, len(e.Candidates))
		for i, m := range e.Candidates {
			names[i] = m.String()
		}
		return c.F("move_error.ambiguous", text, e.Text, "Moves", strings.Join(names, " "))
	case rules.MoveNoLegalMove:
		return c.F("move_error.no_legal_move", text, e.Text)
	case rules.MoveNoColumn:
		return c.F("move_error.no_column", text, e.Text, "Square", e.From.String())
	case rules.MoveNotYours:
		// One message a side: the column is Owner's while the other
		// side is to move.
		return c.SideF("move_error.not_yours", e.Owner, text, e.Text, "Square", e.From.String())
	case rules.MoveCaptureColon:
		return c.F("move_error.capture_colon", text, e.Text)
	case rules.MoveCompulsory:
		return c.F("move_error.compulsory", text, e.Text, "Move", e.Compulsory.String())
	case rules.MoveNoCapture:
		return c.F("move_error.no_capture", text, e.Text)
	}
	return c.F("move_error.illegal", text, e.Text)
}

// Percent writes a percentage: "50%", "50 %".
func (c *Catalog) Percent(p int) string {
	return c.F("settings.volume_value", "Percent", strconv.Itoa(p))
}
