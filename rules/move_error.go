package rules

import (
	"fmt"
	"strings"
)

// SquareProblem is why a square's name was rejected.
type SquareProblem uint8

const (
	SquareMalformed SquareProblem = iota // not a letter and a digit
	SquareOffBoard                       // beyond the variant's board
	SquareLight                          // a light square, never played on
)

// SquareError is why ParseSquare rejected a name. Its text is the engine's
// (shared/PROTOCOL.md); the fields let a screen say the same in the player's
// language.
type SquareError struct {
	Problem SquareProblem
	Text    string // the name as given
	Size    int    // the board's size (SquareOffBoard)
}

func (e *SquareError) Error() string {
	switch e.Problem {
	case SquareOffBoard:
		return fmt.Sprintf("bad square %s: not on the %d×%d board", Quote(e.Text), e.Size, e.Size)
	case SquareLight:
		return fmt.Sprintf("bad square %s: a light square, not playable", Quote(e.Text))
	}
	return fmt.Sprintf("bad square %s", Quote(e.Text))
}

// MoveProblem is why ParseMove rejected a move.
type MoveProblem uint8

const (
	MoveEmpty          MoveProblem = iota // nothing written
	MoveBadSquare                         // a square is wrong: MoveError.Square holds why
	MoveTooManySquares                    // longer than any route
	MoveTooFewSquares                     // one square
	MoveMixed                             // '-' and ':' together
	MoveQuietTooLong                      // a quiet move with more than two squares
	MoveAmbiguous                         // a short capture that several routes fit: Candidates
	MoveIllegal                           // no legal move fits, for no reason given below
	MoveNoLegalMove                       // the side to move has none
	MoveNoColumn                          // nothing on From
	MoveNotYours                          // the column on From is Owner's, ToMove is to move
	MoveCaptureColon                      // the capture was written with '-'
	MoveCompulsory                        // a capture is compulsory, e.g. Compulsory
	MoveNoCapture                         // written as a capture where there is none
)

// MoveError is why ParseMove rejected a move text. Error() is the engine's
// message, byte for byte; the fields let a screen say the same in the
// player's language.
type MoveError struct {
	Problem    MoveProblem
	Text       string       // the move as typed, made printable and cut short
	Square     *SquareError // MoveBadSquare
	From       Square       // MoveNoColumn, MoveNotYours
	Owner      Color        // MoveNotYours: whose column it is
	ToMove     Color        // MoveNotYours: who is to move
	Candidates []Move       // MoveAmbiguous
	Compulsory Move         // MoveCompulsory: one capture that must be made instead
}

func (e *MoveError) Error() string {
	switch e.Problem {
	case MoveEmpty:
		return "bad move: empty"
	case MoveBadSquare:
		return fmt.Sprintf("bad move '%s': %v", e.Text, e.Square)
	case MoveTooManySquares:
		return fmt.Sprintf("bad move '%s': too many squares", e.Text)
	case MoveTooFewSquares:
		return fmt.Sprintf("bad move '%s': want at least two squares, like c3-d4 or c5:e3", e.Text)
	case MoveMixed:
		return fmt.Sprintf("bad move '%s': mixes '-' and ':'", e.Text)
	case MoveQuietTooLong:
		return fmt.Sprintf("bad move '%s': a quiet move has two squares; write captures with ':'", e.Text)
	case MoveAmbiguous:
		names := make([]string, len(e.Candidates))
		for i, m := range e.Candidates {
			names[i] = m.String()
		}
		return fmt.Sprintf("ambiguous move '%s': %s", e.Text, strings.Join(names, " "))
	}
	return fmt.Sprintf("illegal move '%s'%s", e.Text, e.why())
}

// why is the suffix of an illegal move's message, e.g. ": a capture is
// compulsory (a3:c5)".
func (e *MoveError) why() string {
	switch e.Problem {
	case MoveNoLegalMove:
		return ": no legal move in this position"
	case MoveNoColumn:
		return fmt.Sprintf(": no column on %v", e.From)
	case MoveNotYours:
		return fmt.Sprintf(": the column on %v is %s's, %s is to move", e.From, e.Owner, e.ToMove)
	case MoveCaptureColon:
		return ": a capture is written with ':'"
	case MoveCompulsory:
		return fmt.Sprintf(": a capture is compulsory (%v)", e.Compulsory)
	case MoveNoCapture:
		return ": there is no capture here"
	}
	return ""
}

// Unwrap gives the square's error of a MoveBadSquare.
func (e *MoveError) Unwrap() error {
	if e.Square == nil {
		return nil
	}
	return e.Square
}
