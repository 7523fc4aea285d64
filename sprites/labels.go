package sprites

import (
	"strconv"

	"bashni/rules"
)

// BadgeText is the number on a column's height badge: the height from two
// pieces up, "" for a single piece or an empty square.
func BadgeText(c rules.Column) string {
	if c.Height() < 2 {
		return ""
	}
	return strconv.Itoa(c.Height())
}

// SplitText is the height with its split between the owner's pieces and the
// prisoners, e.g. "5 (2/3)"; just the height when there are no prisoners.
func SplitText(c rules.Column) string {
	h := c.Height()
	own := c.OwnCount()
	if own == h {
		return strconv.Itoa(h)
	}
	return strconv.Itoa(h) + " (" + strconv.Itoa(own) + "/" + strconv.Itoa(h-own) + ")"
}

// CaptureOutcome is what taking the top piece of a column does to it.
type CaptureOutcome = rules.CaptureOutcome

// OutcomeOfCapture works out what taking the top of c would do.
func OutcomeOfCapture(c rules.Column) CaptureOutcome { return c.CaptureOutcome() }

// CaptureOutcomeText says in one line what taking the top of c would do, e.g.
// "Taking the top frees 2 black pieces: Black gets the column".
func CaptureOutcomeText(c rules.Column) string {
	if c.Height() == 0 {
		return ""
	}
	o := OutcomeOfCapture(c)
	if o.Empties {
		return "Taking it empties the square"
	}
	king := ""
	if o.NewTopKing {
		king = ", a king on top"
	}
	if o.Freed > 0 {
		return "Taking the top frees " + countPieces(o.Freed, o.Owner) + ": " +
			o.Owner.String() + " gets the column" + king
	}
	rest := c.WithoutTop()
	own := rest.OwnCount()
	s := "Taking the top leaves " + countPieces(own, o.Owner)
	if own < rest.Height() {
		s += " over " + countPieces(rest.Height()-own, o.Owner.Opponent())
	}
	return s + ": " + o.Owner.String() + " keeps the column" + king
}

// countPieces writes "1 white piece" or "3 black pieces".
func countPieces(n int, c rules.Color) string {
	colour := "white"
	if c == rules.Black {
		colour = "black"
	}
	if n == 1 {
		return "1 " + colour + " piece"
	}
	return strconv.Itoa(n) + " " + colour + " pieces"
}

// PieceName is "White king", "Black man" and so on, for lists.
func PieceName(p rules.Piece) string {
	rank := " man"
	if p.IsKing() {
		rank = " king"
	}
	return p.Color().String() + rank
}
