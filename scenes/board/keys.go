package board

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"bashni/rules"
)

// keyCursor is the keyboard's cursor: the square Enter or Space acts on,
// moved by the arrow keys in screen directions (so a flipped board moves
// the way it looks).
type keyCursor struct {
	on     bool
	placed bool // sq has been set
	sq     rules.Square
}

// ShowCursor shows or hides the keyboard cursor (the screen shows it while
// the board has the keyboard focus). Shown for the first time, it stands
// on the selected column, else on the first column that can move, else on
// the middle of the board.
func (b *Board) ShowCursor(on bool) {
	if b.keys.on == on {
		return
	}
	b.keys.on = on
	if on && !b.keys.placed {
		b.keys.sq, b.keys.placed = b.cursorStart(), true
	}
	b.invalidate()
}

// cursorStart is where the cursor first stands.
func (b *Board) cursorStart() rules.Square {
	if b.takingMoves() {
		if sel := b.entry.Selected(); sel != rules.NoSquare {
			return b.entry.Current()
		}
		for _, sq := range b.g.Variant.Squares() {
			if b.entry.Selectable()&bit(sq) != 0 {
				return sq
			}
		}
	}
	n := b.g.Size()
	return b.g.SquareAtCell(n/2, n/2)
}

// Cursor is the square under the keyboard cursor (rules.NoSquare while it
// is hidden).
func (b *Board) Cursor() rules.Square {
	if !b.keys.on {
		return rules.NoSquare
	}
	return b.keys.sq
}

// SetCursor puts the keyboard cursor on sq.
func (b *Board) SetCursor(sq rules.Square) {
	if sq >= 0 && sq < 64 && b.keys.sq != sq {
		b.keys.sq, b.keys.placed = sq, true
		b.invalidate()
	}
}

// MoveCursor moves the cursor by dc columns and dr rows on the screen
// (right and down are positive), over every square, light ones included
// (as a sighted player's eye goes); it stops at the edge.
func (b *Board) MoveCursor(dc, dr int) {
	if !b.keys.on || (dc == 0 && dr == 0) {
		return
	}
	n := b.g.Size()
	col, row := b.g.Cell(b.keys.sq)
	col, row = max(0, min(n-1, col+dc)), max(0, min(n-1, row+dr))
	if sq := b.g.SquareAtCell(col, row); sq != b.keys.sq {
		b.keys.sq = sq
		b.invalidate()
	}
}

// PressCursor is Enter or Space on the board: what a tap on the cursor's
// square does (pick a column, a hop of a capture, the landing that
// completes a move, the origin again to drop the pick).
func (b *Board) PressCursor() Result {
	r := Result{Square: rules.NoSquare}
	if !b.keys.on {
		return r
	}
	sq := b.keys.sq
	if !b.Interactive {
		r.Tapped = true
		return r
	}
	b.inspector.closePinned()
	r.Rested = b.finishForInput()
	if !b.takingMoves() {
		return r
	}
	shown := max(0, len(b.entry.Path())-1)
	b.apply(&r, b.entry.Tap(sq), shown)
	return r
}

// drawCursor draws the keyboard cursor: a square outline in the accent
// colour with a dark edge outside it, over everything else.
func (b *Board) drawCursor(dst *ebiten.Image) {
	if !b.keys.on || b.keys.sq == rules.NoSquare || b.g.Square <= 0 {
		return
	}
	r := b.g.SquareRect(b.keys.sq)
	w := float32(max(2, b.g.Square*0.07))
	x, y, s := float32(r.X), float32(r.Y), float32(r.W)
	vector.StrokeRect(dst, x-w/2, y-w/2, s+w, s+w, w/2, color.NRGBA{0x10, 0x10, 0x10, 0xd0}, true)
	vector.StrokeRect(dst, x+w/2, y+w/2, s-w, s-w, w, b.r.Theme().Accent, true)
}
