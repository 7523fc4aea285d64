package sprites

import (
	"strconv"
	"sync"

	"bashni/i18n"
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

// CaptureOutcomeText says in English, in one line, what taking the top of c
// would do, e.g. "Taking the top frees 2 black pieces: Black gets the
// column" (package i18n says it in the player's language).
func CaptureOutcomeText(c rules.Column) string { return english().CaptureOutcome(c) }

// PieceName is "White king", "Black man" and so on, in English, for lists.
func PieceName(p rules.Piece) string { return english().PieceName(p) }

// english is the catalogue of the English functions above.
var english = sync.OnceValue(func() *i18n.Catalog { return i18n.New(i18n.English) })
