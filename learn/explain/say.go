package explain

import "strings"

// Catalog is the part of the game's message catalogue (i18n.Catalog) that
// Say needs: the words come from the player's language, never from here.
type Catalog interface {
	T(id string) string
	N(id string, n int) string
	F(id string, pairs ...any) string
	NF(id string, n int, pairs ...any) string
}

// The message IDs of the reasons' words (section hint of
// i18n/locales/*.toml).
const (
	msgPrefix = "hint."
	// msgPieces is a counted phrase, "a piece", "2 pieces", filled into
	// the reasons that name two counts (the plural of the other).
	msgPieces = "hint.pieces"
	// msgFrees is FreesPrisoners when nothing is given first.
	msgFrees = "hint.frees"
)

// MessageID is the ID of the reason's message.
func (r Reason) MessageID() string {
	if r.Code == FreesPrisoners && r.Gives == 0 {
		return msgFrees
	}
	return msgPrefix + strings.ReplaceAll(string(r.Code), "-", "_")
}

// messageIDs are every message Say may use for a code.
func messageIDs(c ReasonCode) []string {
	id := Reason{Code: c, Gives: 1}.MessageID()
	switch c {
	case FreesPrisoners:
		return []string{id, msgFrees, msgPieces}
	case Sacrifice:
		return []string{id, msgPieces}
	}
	return []string{id}
}

// Say puts the reason in words with the player's catalogue, e.g. "Gives a
// piece and wins 2 back by move 14."
func (r Reason) Say(c Catalog) string {
	id := r.MessageID()
	switch r.Code {
	case OnlyMove, Quiet:
		return c.T(id)
	case WinsGame, HoldsOut, Exchange, LeastLoss, GivesForPlay:
		return c.N(id, r.Count)
	case WinsMaterial:
		return c.NF(id, r.Count, "ByMove", r.ByMove)
	case FreesPrisoners:
		if r.Gives == 0 {
			return c.NF(id, r.Count, "ByMove", r.ByMove)
		}
		return c.NF(id, r.Count, "Gives", c.N(msgPieces, r.Gives))
	case Sacrifice:
		return c.NF(id, r.Count, "Gives", c.N(msgPieces, r.Gives), "ByMove", r.ByMove)
	case OnlySaves, SavesColumn:
		return c.F(id, "Square", r.Square.String())
	case Prevents:
		return c.F(id, "Move", r.Move.String())
	case Crowns:
		return c.F(id, "Square", r.Square.String(), "ByMove", r.ByMove)
	}
	return c.T(id)
}
