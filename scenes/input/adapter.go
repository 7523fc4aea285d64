package input

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Adapter reads Ebitengine's touch, mouse and key state once per tick and
// feeds a Recognizer. It only gathers the state; every decision is in the
// embedded Feeder, which is plain Go and tested. It allocates nothing in
// steady state.
type Adapter struct {
	Feeder
	raw       RawInput
	ids       []ebiten.TouchID
	unfocused bool
}

// NewAdapter returns an adapter that feeds r.
func NewAdapter(r *Recognizer) *Adapter {
	return &Adapter{Feeder: Feeder{R: r}, ids: make([]ebiten.TouchID, 0, maxTouches)}
}

// Update reads this tick's input and feeds the recognizer; call it once at
// the start of the game's Update, then drain the recognizer. scale is the
// number of screen pixels (Layout's coordinates) per dp: the device scale
// factor when Layout works in physical pixels, 1 when it works in dp.
func (a *Adapter) Update(tick int, scale float64) {
	in := &a.raw
	*in = RawInput{Tick: tick, Pressed: in.Pressed[:0], Held: in.Held[:0], Released: in.Released[:0]}

	a.ids = inpututil.AppendJustPressedTouchIDs(a.ids[:0])
	for _, id := range a.ids {
		x, y := ebiten.TouchPositionF(id)
		in.Pressed = append(in.Pressed, TouchPoint{ID: int(id), X: x, Y: y})
	}
	a.ids = ebiten.AppendTouchIDs(a.ids[:0])
	for _, id := range a.ids {
		x, y := ebiten.TouchPositionF(id)
		in.Held = append(in.Held, TouchPoint{ID: int(id), X: x, Y: y})
	}
	a.ids = inpututil.AppendJustReleasedTouchIDs(a.ids[:0])
	for _, id := range a.ids {
		// A released touch has no current position; its last one is the
		// drop point.
		x, y := inpututil.TouchPositionFInPreviousTick(id)
		in.Released = append(in.Released, TouchPoint{ID: int(id), X: x, Y: y})
	}

	in.CursorX, in.CursorY = ebiten.CursorPositionF()
	in.Left = ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft)
	in.LeftPressed = inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft)
	in.LeftReleased = inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft)
	in.RightPressed = inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight)
	in.Back = inpututil.IsKeyJustPressed(ebiten.KeyEscape)
	// A lost focus matters only while a button or finger is down (it must
	// end the press), and on desktop ebiten.IsFocused allocates (it runs on
	// the main thread through a closure): ask only then, so that an idle
	// frame allocates nothing.
	if in.Left || in.LeftReleased || len(in.Held) > 0 || len(in.Released) > 0 || a.R.Pressed() {
		a.unfocused = !ebiten.IsFocused()
	}
	in.Unfocused = a.unfocused

	a.Feed(in, scale)
}
