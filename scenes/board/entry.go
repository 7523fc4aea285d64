package board

import (
	"bashni/audio"
	"bashni/rules"
	"bashni/scenes/input"
	"bashni/scenes/ui"
)

// Result is what a tick's gestures did on the board.
type Result struct {
	// Move is the move a person completed (zero: none); Shown is how many
	// of its hops the board already shows (entered hop by hop, or dropped
	// at the end by a drag), for Animate's skipHops. The board takes no
	// further move until Accept.
	Move  rules.Move
	Shown int
	// Refused is why the last square was refused (input.NoReason: none),
	// for the screen to explain; Square is that square. The board has
	// played the sound of it.
	Refused input.Reason
	Square  rules.Square
	// Tried is the route refused: the squares entered before it, then
	// Square (a lesson explains it). A tap that drops the selection
	// (input.NotATarget) counts as refused too.
	Tried []rules.Square
	// Tapped: a tap on the board while it is not Interactive (the screen
	// shows a replay or an earlier position).
	Tapped bool
	// Rested: a tap or a drag finished a running animation; the board
	// rests on the position after it.
	Rested bool
}

// Update turns this tick's gestures (package input; gs in dp, scale the
// physical pixels per dp) into selections, hops, moves, drags and the
// column inspector, and keeps the hover mark on the square under the mouse.
func (b *Board) Update(gs []input.Gesture, p *ui.Pointer, scale float64) Result {
	b.updateHover(p)
	r := Result{Square: rules.NoSquare}
	for _, g := range gs {
		if b.inspector.handle(g, scale, b.anim != nil) {
			continue
		}
		x, y := g.X*scale, g.Y*scale
		switch g.Kind {
		case input.Tap:
			sq, on := b.SquareAt(g.StartX*scale, g.StartY*scale)
			b.inspector.closePinned() // a tap anywhere dismisses it
			if !on {
				continue
			}
			if !b.Interactive {
				r.Tapped = true
				continue
			}
			r.Rested = b.finishForInput() || r.Rested
			if !b.takingMoves() || (!b.AllowTap && b.entry.Selected() == rules.NoSquare) {
				continue
			}
			// The column already stands on the landings entered so far.
			shown := max(0, len(b.entry.Path())-1)
			b.apply(&r, b.entry.Tap(sq), shown)
		case input.DragStart:
			sq, on := b.SquareAt(g.StartX*scale, g.StartY*scale)
			if !on || !b.Interactive {
				continue
			}
			b.inspector.closePinned()
			r.Rested = b.finishForInput() || r.Rested
			if !b.takingMoves() {
				continue
			}
			res := b.entry.Grab(sq)
			if res.Outcome == input.Selected && b.entry.Current() == sq {
				b.dragging = true
				b.dragX, b.dragY = x, y
				b.host.Play(audio.UITap)
			}
			b.apply(&r, res, 0)
		case input.DragMove:
			if b.dragging {
				b.dragX, b.dragY = x, y
				b.refreshMarks()
				b.invalidate()
			}
		case input.DragEnd:
			if !b.dragging {
				continue
			}
			b.dragging = false
			sq, on := b.SquareAt(x, y)
			if !on {
				sq = rules.NoSquare
			}
			// A dropped column is where the player put it: the animation
			// only shows what happens after that landing.
			shown := len(b.entry.Path())
			b.apply(&r, b.entry.Drop(sq), shown)
		case input.DragCancel:
			b.CancelDrag()
		case input.Back:
			// Esc is the screen's (its Back action also maps Backspace); the
			// recognizer turned it into DragCancel when a drag was live.
		}
	}
	return r
}

// apply acts on what the move entry did. shownHops is how many hops of a
// completed move the board already shows.
func (b *Board) apply(r *Result, res input.Result, shownHops int) {
	switch res.Outcome {
	case input.Completed:
		b.dragging = false
		r.Move, r.Shown = res.Move, shownHops
	case input.Extended:
		b.host.Play(audio.Capture)
		if b.crownedAt() == len(b.entry.Path())-1 {
			b.host.Play(audio.Promotion)
		}
	case input.Cancelled:
		if res.Reason != input.NoReason {
			r.Refused, r.Square, r.Tried = res.Reason, res.Square, b.triedRoute(res.Square)
		}
	case input.Rejected:
		r.Refused, r.Square, r.Tried = res.Reason, res.Square, b.triedRoute(res.Square)
		switch res.Reason {
		case input.CaptureCompulsory:
			b.host.Play(audio.CaptureRequired)
			b.phase = 0
		case input.MustContinue:
			b.host.Play(audio.CaptureRequired)
		}
	}
	b.refreshMarks()
	b.invalidate()
}

// finishForInput completes a running move animation so that the input acts
// on the position after it; it reports whether there was one.
func (b *Board) finishForInput() bool {
	if b.anim == nil {
		return false
	}
	b.Finish()
	return true
}

// CancelDrag puts a dragged column back.
func (b *Board) CancelDrag() {
	if !b.dragging {
		return
	}
	b.dragging = false
	b.refreshMarks()
	b.invalidate()
}

// Back is Esc on the board: it puts a dragged column back, closes an
// open inspector (a resting mouse, a long press or a right click opened
// it), or drops the selection and a capture
// under way. It reports whether it did one of them.
func (b *Board) Back() bool {
	switch {
	case b.dragging:
		b.CancelDrag()
	case b.inspector.closeOpen():
	case b.Selecting():
		b.entry.Cancel()
		b.refreshMarks()
		b.invalidate()
	default:
		return false
	}
	return true
}

// ClosePinned closes an inspector a right click pinned; it reports whether
// there was one.
func (b *Board) ClosePinned() bool { return b.inspector.closePinned() }

// updateHover marks the square under the mouse when it is one the player
// can act on.
func (b *Board) updateHover(p *ui.Pointer) {
	hov := rules.NoSquare
	if p.Valid && !p.Touch && !p.Down {
		if sq, on := b.SquareAt(p.X, p.Y); on {
			hov = sq
		}
	}
	if hov == b.hoverSq {
		return
	}
	b.hoverSq = hov
	marked := rules.NoSquare
	if hov != rules.NoSquare && b.takingMoves() && (b.entry.Selectable()&bit(hov) != 0 || b.entry.Targets()&bit(hov) != 0) {
		marked = hov
	}
	if b.hover != marked {
		b.hover = marked
		b.invalidate()
	}
}
