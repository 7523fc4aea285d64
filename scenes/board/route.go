package board

import "bashni/rules"

// triedRoute is the route a refused square ends: the selected column's
// square and the landings entered (as the marks show them before the
// refusal), then sq; only sq when nothing was selected or sq is a column
// of the side to move (a new choice of column).
func (b *Board) triedRoute(sq rules.Square) []rules.Square {
	if b.selected == rules.NoSquare || sq == b.selected || b.pos == nil {
		return []rules.Square{sq}
	}
	if col := b.pos.Column(sq); !col.IsEmpty() && col.Owner() == b.pos.SideToMove() {
		return []rules.Square{sq}
	}
	route := make([]rules.Square, 0, len(b.entered)+2)
	route = append(route, b.selected)
	route = append(route, b.entered...)
	return append(route, sq)
}
