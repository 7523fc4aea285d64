package access

import (
	"strings"

	"bashni/i18n"
	"bashni/rules"
)

// Announcement is what happened in a move, for a screen reader's live
// region: who moved where, what the capture took from each square and
// what is left there, a crowning, then the result or whose turn it is.
type Announcement struct {
	Before  *rules.Position // the position the move was played in
	Move    rules.Move
	After   *rules.Position // the position after it
	Outcome rules.Outcome   // the game's result after the move (zero: going on)
	// You is the side of the person listening in a game against the
	// computer (their turn is "Your move."); YouPlay false for two
	// friends or a game watched.
	You     rules.Color
	YouPlay bool
}

// Announce says a move in c's language, e.g. "White c3 takes d4, lands on
// e5. Column of 3. d4: a black man taken, now empty. Black to move."
func Announce(c *i18n.Catalog, a Announcement) string {
	m := a.Move
	if m.IsZero() || a.Before == nil || a.After == nil {
		return ""
	}
	side := a.Before.SideToMove()
	var s []string
	from, to := m.From().String(), m.To().String()
	if m.IsCapture() {
		taken := make([]string, m.CaptureCount())
		for i := range taken {
			taken[i] = m.CapturedAt(i).String()
		}
		s = append(s, c.SideF("announce.capture", side, "From", from, "To", to, "Squares", c.List(taken)))
	} else {
		s = append(s, c.SideF("announce.move", side, "From", from, "To", to))
	}
	if h := a.After.Column(m.To()).Height(); h > 1 {
		s = append(s, c.N("announce.column_of", h))
	}
	if m.IsPromotion() {
		s = append(s, c.T("announce.crowned"))
	}
	for i := 0; i < m.CaptureCount(); i++ {
		s = append(s, takenFrom(c, a.Before, a.After, m.CapturedAt(i)))
	}
	s = append(s, turn(c, a.After, a.Outcome, a.You, a.YouPlay))
	if !a.Outcome.Over() && a.After.MustCapture() {
		// As the status line shows it: the next move must take.
		s = append(s, c.T("announce.compulsory"))
	}
	return strings.Join(s, c.T("announce.sentence_join"))
}

// takenFrom says what a capture took from sq and what is left there.
func takenFrom(c *i18n.Catalog, before, after *rules.Position, sq rules.Square) string {
	piece := pieceWords(c, before.Column(sq).Top())
	left := after.Column(sq)
	if left.IsEmpty() {
		return c.F("announce.taken.empty", "Square", sq.String(), "Piece", piece)
	}
	return c.SideNF("announce.taken_left", left.Owner(), left.Height(), "Square", sq.String(), "Piece", piece)
}

// pieceWords names a piece inside a sentence: "a black man".
func pieceWords(c *i18n.Catalog, p rules.Piece) string {
	switch {
	case p.Color() == rules.White && p.IsKing():
		return c.T("announce.piece.white_king")
	case p.Color() == rules.White:
		return c.T("announce.piece.white_man")
	case p.IsKing():
		return c.T("announce.piece.black_king")
	}
	return c.T("announce.piece.black_man")
}

// turn is the result when the game is over, else whose turn it is.
func turn(c *i18n.Catalog, p *rules.Position, o rules.Outcome, you rules.Color, youPlay bool) string {
	switch {
	case o.Over():
		return c.Outcome(o)
	case youPlay && p.SideToMove() == you:
		return c.T("announce.your_turn")
	}
	return c.Side("announce.turn", p.SideToMove())
}
