package input

// TouchPoint is one finger in screen pixels.
type TouchPoint struct {
	ID   int     // Ebitengine's touch id
	X, Y float64 // position in screen pixels
}

// RawInput is one tick of raw pointer and key input, in screen pixels, as
// the Adapter reads it from Ebitengine. Tests (and a future platform) can
// build it by hand and pass it to Feeder.Feed.
type RawInput struct {
	Tick int // the tick this input belongs to
	// Pressed are the touches that began this tick, Held every touch down
	// this tick (Pressed included), Released the touches that ended this
	// tick at their last position.
	Pressed, Held, Released []TouchPoint
	// CursorX, CursorY is the mouse cursor.
	CursorX, CursorY float64
	// Left is the left button's state; LeftPressed and LeftReleased say it
	// changed this tick. RightPressed is a right click.
	Left, LeftPressed, LeftReleased, RightPressed bool
	// Back is Esc (or the back key) pressed this tick.
	Back bool
	// Unfocused is true while the window does not have the focus.
	Unfocused bool
}

// mouseQuietTicks is how long the mouse is ignored after any touch: some
// platforms also report a touch as mouse events, which would otherwise make
// a second, mouse-sized gesture.
const mouseQuietTicks = 30

// Feeder turns RawInput into Recognizer events. It holds what must be
// remembered between ticks: when the last touch happened, where the cursor
// was, whether the window had the focus. The Adapter embeds one.
type Feeder struct {
	// R receives the events.
	R *Recognizer

	touched   bool // a touch has been seen
	lastTouch int  // tick of the last touch activity
	// The cursor counts as a mouse only once it has moved (or clicked):
	// on a touch-only device it sits at (0, 0) forever and must not hover.
	cursorKnown bool
	cursorMoved bool
	cursorX     float64
	cursorY     float64
	unfocused   bool
}

// Feed passes one tick of input to the recognizer, converting screen pixels
// to dp by dividing by scale (screen pixels per dp; zero or negative means
// 1), then runs the recognizer's timers for the tick.
func (f *Feeder) Feed(in *RawInput, scale float64) {
	if !(scale > 0) {
		scale = 1
	}
	r, t := f.R, in.Tick
	if in.Unfocused && !f.unfocused {
		// Releases are not reported to an unfocused window: forget the
		// pointers rather than drag forever. Keep feeding, though: the
		// click that gives the focus back must still count.
		r.Reset(t)
	}
	f.unfocused = in.Unfocused

	if len(in.Pressed)+len(in.Held)+len(in.Released) > 0 {
		f.touched, f.lastTouch = true, t
		r.HoverLeave(t)
	}
	for _, p := range in.Pressed {
		r.Down(p.ID, p.X/scale, p.Y/scale, t, true)
	}
	for _, p := range in.Held {
		r.Move(p.ID, p.X/scale, p.Y/scale, t, true)
	}
	for _, p := range in.Released {
		r.Up(p.ID, p.X/scale, p.Y/scale, t, true)
	}
	if len(in.Held) == 0 {
		// No finger is down whatever the recognizer believes: a release it
		// never heard of must not leave touch input blocked for good.
		r.touchesGone(t)
	}

	cx, cy := in.CursorX, in.CursorY
	if f.cursorKnown && (cx != f.cursorX || cy != f.cursorY) {
		f.cursorMoved = true
	}
	f.cursorKnown, f.cursorX, f.cursorY = true, cx, cy
	if !f.touched || t-f.lastTouch > mouseQuietTicks {
		x, y := cx/scale, cy/scale
		if in.LeftPressed {
			f.cursorMoved = true
			r.Down(MouseID, x, y, t, false)
		}
		if in.Left || in.LeftReleased {
			r.Move(MouseID, x, y, t, false)
		}
		if in.LeftReleased {
			r.Up(MouseID, x, y, t, false)
		}
		if in.RightPressed {
			r.RightClick(x, y, t)
		}
		if !in.Left && !in.LeftReleased && f.cursorMoved && !in.Unfocused {
			r.Hover(x, y, t)
		}
	}
	if in.Back {
		r.Back(t)
	}
	r.Update(t)
}
