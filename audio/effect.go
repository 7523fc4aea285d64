package audio

import "fmt"

// Effect names one of the game's sound effects.
type Effect int

// The effects, in the order the game introduces them. The zero value is not an effect, so an
// unset Effect field plays nothing rather than a move sound.
const (
	// Move is a soft wooden slide and click: a piece moved without capturing.
	Move Effect = iota + 1
	// Capture is a sharper knock: one hop of a capture.
	Capture
	// ColumnFreed is a two-note "flip": a jumped column's new top changes owner.
	ColumnFreed
	// Promotion is a short bright flourish: a piece became a king.
	Promotion
	// CaptureRequired is a gentle warning blip: the player tried a quiet move while a capture
	// is compulsory.
	CaptureRequired
	// Win is a short rising jingle.
	Win
	// Loss is a short falling phrase.
	Loss
	// UITap is a quiet tick for buttons and menus.
	UITap

	effectEnd // one past the last effect; keeps loops and arrays in step with the list
)

// Effects returns every effect, in declaration order.
func Effects() []Effect {
	all := make([]Effect, 0, effectEnd-Move)
	for e := Move; e < effectEnd; e++ {
		all = append(all, e)
	}
	return all
}

// Valid reports whether e names an effect.
func (e Effect) Valid() bool {
	return e >= Move && e < effectEnd
}

// String returns the effect's name as written in Go, e.g. "ColumnFreed".
func (e Effect) String() string {
	switch e {
	case Move:
		return "Move"
	case Capture:
		return "Capture"
	case ColumnFreed:
		return "ColumnFreed"
	case Promotion:
		return "Promotion"
	case CaptureRequired:
		return "CaptureRequired"
	case Win:
		return "Win"
	case Loss:
		return "Loss"
	case UITap:
		return "UITap"
	}
	return fmt.Sprintf("Effect(%d)", int(e))
}
