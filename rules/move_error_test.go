package rules

import (
	"errors"
	"testing"
)

// ParseMove's errors carry why a move was rejected, for screens that say it
// in another language; the text stays the engine's.
func TestMoveErrorProblems(t *testing.T) {
	start := NewPosition(Bashni)
	capture, err := ParseFEN(Bashni, "W:Wc3:Bd4:H0:F1")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		pos     *Position
		text    string
		problem MoveProblem
		message string
	}{
		{start, "", MoveEmpty, "bad move: empty"},
		{start, "c3-z9", MoveBadSquare, `bad move 'c3-z9': bad square "z9": not on the 8×8 board`},
		{start, "c3-d3", MoveBadSquare, `bad move 'c3-d3': bad square "d3": a light square, not playable`},
		{start, "c3", MoveTooFewSquares, "bad move 'c3': want at least two squares, like c3-d4 or c5:e3"},
		{start, "c3-d4:e5", MoveMixed, "bad move 'c3-d4:e5': mixes '-' and ':'"},
		{start, "c3-d4-e5", MoveQuietTooLong, "bad move 'c3-d4-e5': a quiet move has two squares; write captures with ':'"},
		{start, "d4-e5", MoveNoColumn, "illegal move 'd4-e5': no column on d4"},
		{start, "f6-e5", MoveNotYours, "illegal move 'f6-e5': the column on f6 is Black's, White is to move"},
		{start, "c3:e5", MoveNoCapture, "illegal move 'c3:e5': there is no capture here"},
		{start, "a3-c5", MoveIllegal, "illegal move 'a3-c5'"},
		{capture, "c3-b4", MoveCompulsory, "illegal move 'c3-b4': a capture is compulsory (c3:e5)"},
		{capture, "c3-e5", MoveCaptureColon, "illegal move 'c3-e5': a capture is written with ':'"},
	} {
		_, err := tc.pos.ParseMove(tc.text)
		var me *MoveError
		if !errors.As(err, &me) {
			t.Errorf("%q: error %v is not a *MoveError", tc.text, err)
			continue
		}
		if me.Problem != tc.problem || err.Error() != tc.message {
			t.Errorf("%q: problem %d %q, want %d %q", tc.text, me.Problem, err, tc.problem, tc.message)
		}
	}
}
