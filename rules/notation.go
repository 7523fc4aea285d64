package rules

import (
	"fmt"
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
			names := make([]string, len(found))
			for i, m := range found {
				names[i] = m.String()
			}
			return Move{}, fmt.Errorf("ambiguous move '%s': %s", printable(text), strings.Join(names, " "))
		}
	}
	return Move{}, fmt.Errorf("illegal move '%s'%s", printable(text), p.whyIllegal(route, capture, moves))
}

// parseRoute splits move text into squares and tells whether it is written
// as a capture.
func (p *Position) parseRoute(text string) ([]Square, bool, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	if t == "" {
		return nil, false, fmt.Errorf("bad move: empty")
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
			return nil, false, fmt.Errorf("bad move '%s': %w", printable(text), err)
		}
		route = append(route, sq)
		if len(route) > maxPath {
			return nil, false, fmt.Errorf("bad move '%s': too many squares", printable(text))
		}
		start = i + 1
	}
	switch {
	case len(route) < 2:
		return nil, false, fmt.Errorf("bad move '%s': want at least two squares, like c3-d4 or c5:e3", printable(text))
	case quiet && capture:
		return nil, false, fmt.Errorf("bad move '%s': mixes '-' and ':'", printable(text))
	case quiet && len(route) > 2:
		return nil, false, fmt.Errorf("bad move '%s': a quiet move has two squares; write captures with ':'", printable(text))
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

// whyIllegal explains a rejected move in a short suffix, e.g. ": a capture is
// compulsory (a3:c5)".
func (p *Position) whyIllegal(route []Square, capture bool, moves []Move) string {
	if len(moves) == 0 {
		return ": no legal move in this position"
	}
	from := p.Column(route[0])
	switch {
	case from.IsEmpty():
		return fmt.Sprintf(": no column on %v", route[0])
	case from.Owner() != p.side:
		return fmt.Sprintf(": the column on %v is %s's, %s is to move", route[0], from.Owner(), p.side)
	}
	if moves[0].IsCapture() {
		if !capture {
			for _, m := range moves {
				if sameRoute(m, route) {
					return ": a capture is written with ':'"
				}
			}
		}
		return fmt.Sprintf(": a capture is compulsory (%v)", moves[0])
	}
	if capture {
		return ": there is no capture here"
	}
	return ""
}
