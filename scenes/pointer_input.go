package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"bashni/scenes/input"
)

// gestureInput reads Ebitengine's touch, mouse and Esc state once per tick
// into package input's Feeder, exactly as input.Adapter does, except that it
// asks whether the window has the focus only while a button or finger is
// down (when a lost focus must end the press): on desktop ebiten.IsFocused
// allocates (it runs on the main thread through a closure), and an idle
// frame must allocate nothing.
type gestureInput struct {
	input.Feeder
	raw       input.RawInput
	ids       []ebiten.TouchID
	unfocused bool
}

func newGestureInput(r *input.Recognizer) *gestureInput {
	return &gestureInput{Feeder: input.Feeder{R: r}, ids: make([]ebiten.TouchID, 0, 10)}
}

// Update feeds this tick's input; scale is physical pixels per dp.
func (g *gestureInput) Update(tick int, scale float64) {
	in := &g.raw
	*in = input.RawInput{Tick: tick, Pressed: in.Pressed[:0], Held: in.Held[:0], Released: in.Released[:0]}
	g.ids = inpututil.AppendJustPressedTouchIDs(g.ids[:0])
	for _, id := range g.ids {
		x, y := ebiten.TouchPositionF(id)
		in.Pressed = append(in.Pressed, input.TouchPoint{ID: int(id), X: x, Y: y})
	}
	g.ids = ebiten.AppendTouchIDs(g.ids[:0])
	for _, id := range g.ids {
		x, y := ebiten.TouchPositionF(id)
		in.Held = append(in.Held, input.TouchPoint{ID: int(id), X: x, Y: y})
	}
	g.ids = inpututil.AppendJustReleasedTouchIDs(g.ids[:0])
	for _, id := range g.ids {
		x, y := inpututil.TouchPositionFInPreviousTick(id)
		in.Released = append(in.Released, input.TouchPoint{ID: int(id), X: x, Y: y})
	}
	in.CursorX, in.CursorY = ebiten.CursorPositionF()
	in.Left = ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft)
	in.LeftPressed = inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft)
	in.LeftReleased = inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft)
	in.RightPressed = inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight)
	in.Back = inpututil.IsKeyJustPressed(ebiten.KeyEscape)
	if in.Left || in.LeftReleased || len(in.Held) > 0 || len(in.Released) > 0 || g.R.Pressed() {
		g.unfocused = !ebiten.IsFocused()
	}
	in.Unfocused = g.unfocused
	g.Feed(in, scale)
}
