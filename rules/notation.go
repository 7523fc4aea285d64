package rules

import (
	"strings"
)

// ParseMove reads a move in the notation of PROTOCOL.md and returns the legal
// move it names in p. A capture is written with ":" (or "x") and may be
// shortened to "from:to" when exactly one capture goes from there to there; a
// capture written with "-" is not legal. Errors say what is wrong in words a
// player can use.
func (p *Position) ParseMove(text string) (Move, error) {
	text = strings.TrimSpace(text)
	route, capture, err := p.parseRoute(text)
	if err != nil {
		return Move{}, err
	}
	moves := p.LegalMoves(nil)
	for _, m := range moves {
		if m.IsCapture() == capture && sameRoute(m, route) {
			return m, nil
		}
	}
	if capture && len(route) == 2 {
		var found []Move
		for _, m := range moves {
			if m.IsCapture() && m.From() == route[0] && m.To() == route[1] {
				found = append(found, m)
			}
		}
		if len(found) == 1 {
			return found[0], nil
		}
		if len(found) > 1 {
			return Move{}, &MoveError{Problem: MoveAmbiguous, Text: printable(text), Candidates: found}
		}
	}
	e := p.whyIllegal(route, capture, moves)
	e.Text = printable(text)
	return Move{}, e
}

// parseRoute splits move text into squares and tells whether it is written
// as a capture.
func (p *Position) parseRoute(text string) ([]Square, bool, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	if t == "" {
		return nil, false, &MoveError{Problem: MoveEmpty}
	}
	var route []Square
	quiet, capture := false, false
	start := 0
	for i := 0; i <= len(t); i++ {
		if i < len(t) {
			switch t[i] {
			case '-':
				quiet = true
			case ':', 'x':
				capture = true
			default:
				continue
			}
		}
		sq, err := ParseSquare(p.variant, t[start:i])
		if err != nil {
			return nil, false, &MoveError{Problem: MoveBadSquare, Text: printable(text), Square: err.(*SquareError)}
		}
		route = append(route, sq)
		if len(route) > maxPath {
			return nil, false, &MoveError{Problem: MoveTooManySquares, Text: printable(text)}
		}
		start = i + 1
	}
	switch {
	case len(route) < 2:
		return nil, false, &MoveError{Problem: MoveTooFewSquares, Text: printable(text)}
	case quiet && capture:
		return nil, false, &MoveError{Problem: MoveMixed, Text: printable(text)}
	case quiet && len(route) > 2:
		return nil, false, &MoveError{Problem: MoveQuietTooLong, Text: printable(text)}
	}
	return route, capture, nil
}

func sameRoute(m Move, route []Square) bool {
	if int(m.npath) != len(route) {
		return false
	}
	for i, sq := range route {
		if m.path[i] != sq {
			return false
		}
	}
	return true
}

// whyIllegal says why a move that parsed is not legal (the error's Text is
// left to the caller).
func (p *Position) whyIllegal(route []Square, capture bool, moves []Move) *MoveError {
	if len(moves) == 0 {
		return &MoveError{Problem: MoveNoLegalMove}
	}
	from := p.Column(route[0])
	switch {
	case from.IsEmpty():
		return &MoveError{Problem: MoveNoColumn, From: route[0]}
	case from.Owner() != p.side:
		return &MoveError{Problem: MoveNotYours, From: route[0], Owner: from.Owner(), ToMove: p.side}
	}
	if moves[0].IsCapture() {
		if !capture {
			for _, m := range moves {
				if sameRoute(m, route) {
					return &MoveError{Problem: MoveCaptureColon}
				}
			}
		}
		return &MoveError{Problem: MoveCompulsory, Compulsory: moves[0]}
	}
	if capture {
		return &MoveError{Problem: MoveNoCapture}
	}
	return &MoveError{Problem: MoveIllegal}
}
