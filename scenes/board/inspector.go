package board

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/rules"
	"bashni/scenes/input"
)

// inspectorGestures opens and closes a board's column inspector from the
// pointer, alike on the screens that show a game (play and replay): a mouse
// resting on a column of two or more shows it while it rests, a long press
// shows any column until the finger lifts, and a right click pins one until
// it is dismissed.
type inspectorGestures struct {
	board *Board

	hoverHeld bool // the mouse rests on the board (HoverStill until HoverEnd)
	hoverX    float64
	hoverY    float64
	pinned    bool // opened by a right click: stays until dismissed
	longPress bool // opened by a long press: closes when the finger lifts

}

// handle acts on gs if it is one of the inspector's gestures (a long press
// and its end, a resting mouse and its end, a right click) and reports
// whether it was. While busy (a move being animated) a resting mouse opens
// nothing.
func (in *inspectorGestures) handle(gs input.Gesture, scale float64, busy bool) bool {
	b := in.board
	switch gs.Kind {
	case input.LongPress:
		if sq, on := b.SquareAt(gs.StartX*scale, gs.StartY*scale); on && !b.pos.Column(sq).IsEmpty() {
			b.inspect, in.longPress, in.pinned = sq, true, false
			in.board.invalidate()
		}
	case input.LongPressEnd:
		if in.longPress {
			in.longPress = false
			in.close()
		}
	case input.HoverStill:
		in.hoverHeld, in.hoverX, in.hoverY = true, gs.X*scale, gs.Y*scale
		in.hover(busy)
	case input.HoverEnd:
		in.hoverHeld = false
		if !in.pinned && !in.longPress && b.inspect != rules.NoSquare {
			in.close()
		}
	case input.SecondaryClick:
		sq, on := b.SquareAt(gs.X*scale, gs.Y*scale)
		switch {
		case !on:
		case b.inspect == sq && in.pinned:
			in.close()
		case !b.pos.Column(sq).IsEmpty():
			b.inspect, in.pinned = sq, true
			in.board.invalidate()
		}
	default:
		return false
	}
	return true
}

// hover opens the inspector of a column the mouse rests on (a column of two
// or more; a right click shows any). While busy it waits: call it again
// when the board has settled.
func (in *inspectorGestures) hover(busy bool) {
	if !in.hoverHeld || in.pinned || (in.longPress && !in.board.HoverOverLongPress) || busy {
		return
	}
	b := in.board
	if sq, on := b.SquareAt(in.hoverX, in.hoverY); on && b.pos.Column(sq).Height() >= 2 && b.inspect != sq {
		b.inspect = sq
		in.board.invalidate()
	}
}

// reset forgets how the inspector was opened, once the board has closed it
// to show another position.
func (in *inspectorGestures) reset() { in.pinned, in.longPress = false, false }

// closePinned closes an inspector opened by a right click; it reports
// whether there was one.
func (in *inspectorGestures) closePinned() bool {
	if in.pinned && in.board.inspect != rules.NoSquare {
		in.close()
		return true
	}
	return false
}

// closeOpen closes the inspector however it was opened (Esc: the inspector
// goes before anything else does); it reports whether one was open.
func (in *inspectorGestures) closeOpen() bool {
	if in.board.inspect == rules.NoSquare {
		return false
	}
	in.close()
	in.longPress = false
	return true
}

func (in *inspectorGestures) close() {
	in.board.inspect = rules.NoSquare
	in.pinned = false
	in.board.invalidate()
}

// DrawOverlay draws what goes over everything else on the screen: the
// column inspector. A screen calls it after its panels (and before a menu
// or card over the whole screen), so that the inspector of a column next to
// a panel is never hidden under it.
func (b *Board) DrawOverlay(dst *ebiten.Image) {
	if b.pos == nil || b.inspect == rules.NoSquare || b.hideTop[b.inspect] != 0 {
		return
	}
	c := b.pos.Column(b.inspect)
	if c.IsEmpty() {
		return
	}
	img := b.r.Inspector(c, b.inspect)
	ir := PlaceInspector(b.g.SquareRect(b.inspect), b.g.Outer(), b.bounds,
		float64(img.Bounds().Dx()), float64(img.Bounds().Dy()), b.g.Square*0.15)
	b.r.DrawInspector(dst, ir.X, ir.Y, c, b.inspect)
}

// PlaceInspector places an inspector w×h beside the square sr, gap away:
// on the right of the square or, when it does not fit there, on the left —
// preferably inside the board (area), so that it covers no panel, else
// inside the screen (bounds); if neither side fits it is centred on the
// square. It is always whole inside bounds (when it can be) and vertically
// centred on the square as far as bounds allow.
func PlaceInspector(sr, area, bounds Rect, w, h, gap float64) Rect {
	right := sr.X + sr.W + gap
	left := sr.X - gap - w
	fits := func(x float64, in Rect) bool { return x >= in.X && x+w <= in.X+in.W }
	var x float64
	switch {
	case fits(right, area):
		x = right
	case fits(left, area):
		x = left
	case fits(right, bounds):
		x = right
	case fits(left, bounds):
		x = left
	default:
		x = sr.X + sr.W/2 - w/2
	}
	x = math.Max(bounds.X, math.Min(x, bounds.X+bounds.W-w))
	y := sr.Y + sr.H/2 - h/2
	y = math.Max(bounds.Y, math.Min(y, bounds.Y+bounds.H-h))
	return Rect{X: math.Round(x), Y: math.Round(y), W: w, H: h}
}
