package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"bashni/scenes/ui"
)

// Keyboard focus: Tab and Shift+Tab go from control to control of the
// screen shown, Enter or Space activates the focused one, the arrow keys
// step a choice or a slider. A screen's Tab stops are the controls it
// updates through Context.Used, and anything it registers with
// Context.Focus (a list's rows, the board), in the order it updates them,
// so every screen is reachable without code of its own. The focus shows
// as a ring (drawn by the App over the screen) only once the keyboard has
// been used for it, and a click puts it away (as a browser's
// :focus-visible).

// FocusState is what the keyboard did to one Tab stop this tick.
type FocusState struct {
	// Focused: the stop has the keyboard focus.
	Focused bool
	// Activated: Enter or Space was pressed on it.
	Activated bool
	// Step is −1 or +1 when Left or Right was pressed on it (Up and Down
	// too, for a stop that asks for them).
	Step int
}

// keyStepper is a control the keyboard can work (package ui's widgets).
type keyStepper interface {
	Bounds() ui.Rect
	KeyActivate() bool
	KeyStep(d int) bool
}

// VerticalFocus is a screen laid out as a column of controls (Settings):
// while a control has the focus, Down and Up move it as Tab and Shift+Tab
// do, when ArrowsMoveFocus says so (not while a text field types).
type VerticalFocus interface {
	ArrowsMoveFocus() bool
}

// focus is the App's keyboard focus.
type focus struct {
	index    int // the focused stop, -1: none (no ring)
	count    int // stops registered this tick
	rects    []ui.Rect
	prev     []ui.Rect // last tick's stops
	ring     ui.Rect   // the focused stop's rectangle, for the ring
	ringOn   bool
	activate bool // Enter or Space this tick
	step     int  // Left/Right this tick
	owner    Scene
	// clip is the scrolling area the stops registered now are in (set by
	// ClipFocus, none at the start of a tick); ringClip the focused
	// stop's, its ring drawn clipped to it (clipImg).
	clip, ringClip ui.Rect
	clipImg        ui.Clip
}

// beginTick reads the focus keys before the scene's Update. keys is this
// tick's actions: Enter on a focused stop is the stop's, not the screen's.
func (f *focus) beginTick(a *App) {
	kb := a.keyboard
	if a.scene != f.owner {
		f.owner, f.index, f.prev = a.scene, -1, f.prev[:0]
		f.ringOn = false
	}
	if a.ptr.Pressed {
		// A click puts the ring away; the next Tab starts from the top.
		if f.index >= 0 {
			a.Invalidate()
		}
		f.index = -1
	}
	f.activate, f.step = false, 0
	if kb.JustPressed(ebiten.KeyTab) && len(f.prev) > 0 {
		back := kb.Pressed(ebiten.KeyShift)
		switch {
		case f.index < 0 && back:
			f.index = len(f.prev) - 1
		case f.index < 0:
			f.index = 0
		case back:
			f.index = (f.index - 1 + len(f.prev)) % len(f.prev)
		default:
			f.index = (f.index + 1) % len(f.prev)
		}
		a.Invalidate()
	}
	if v, ok := a.scene.(VerticalFocus); ok && f.index >= 0 && len(f.prev) > 0 && v.ArrowsMoveFocus() {
		// A list of settings: Down and Up go to the next and the previous
		// control, stopping at the ends.
		next := f.index
		switch {
		case ui.RepeatKey(kb, ebiten.KeyArrowDown):
			next = min(f.index+1, len(f.prev)-1)
		case ui.RepeatKey(kb, ebiten.KeyArrowUp):
			next = max(f.index-1, 0)
		}
		if next != f.index {
			f.index = next
			a.Invalidate()
		}
		a.keys.Consume(ActFirst) // the arrows' actions are the focus's
		a.keys.Consume(ActLast)
	}
	if f.index >= 0 {
		if a.keys.Consume(ActConfirm) || kb.JustPressed(ebiten.KeySpace) {
			f.activate = true
		}
		// Space is the focused stop's: it does not show every column.
		a.keys.ShowAll, a.keys.changed = false, false
		switch {
		case ui.RepeatKey(kb, ebiten.KeyArrowLeft):
			f.step = -1
		case ui.RepeatKey(kb, ebiten.KeyArrowRight):
			f.step = 1
		}
	}
	f.count = 0
	f.rects = f.rects[:0]
	f.clip = ui.Rect{}
}

// stop registers the next Tab stop at r and says what the keyboard did to
// it. takesArrows: the stop uses Left and Right (a choice, a slider), so
// the screen's own arrow actions are not taken. remote: the stop's control
// was activated in the page's mirror.
func (f *focus) stop(a *App, r ui.Rect, takesArrows, remote bool) FocusState {
	i := f.count
	f.count++
	f.rects = append(f.rects, r)
	if remote {
		// Activated in the page's mirror: as Enter on it, without moving
		// the ring.
		if i != f.index {
			return FocusState{Activated: true}
		}
		f.activate = true
	}
	if i != f.index {
		return FocusState{}
	}
	st := FocusState{Focused: true, Activated: f.activate, Step: f.step}
	f.activate = false
	if takesArrows && st.Step != 0 {
		a.keys.Consume(ActPrev)
		a.keys.Consume(ActNext)
	}
	if f.ring != r || !f.ringOn || f.ringClip != f.clip {
		f.ring, f.ringOn, f.ringClip = r, true, f.clip
		a.Invalidate()
	}
	return st
}

// endTick keeps the focus on the same control when the screen's stops
// changed (a button appeared before it, a menu opened).
func (f *focus) endTick(a *App) {
	f.prev = append(f.prev[:0], f.rects...)

	if f.index < 0 {
		if f.ringOn {
			f.ringOn = false
			a.Invalidate()
		}
		return
	}
	if f.index < len(f.rects) && f.rects[f.index] == f.ring {
		return
	}
	for i, r := range f.rects {
		if r == f.ring {
			f.index = i
			return
		}
	}
	// The focused control went (a menu closed, another opened): the focus
	// goes to the first stop.
	f.index = 0
	if len(f.rects) == 0 {
		f.index = -1
	}
	f.ringOn = false
	a.Invalidate()
}

// Focus registers a Tab stop at r (physical pixels) and reports what the
// keyboard did to it this tick.
func (a *App) Focus(r ui.Rect) FocusState { return a.focus.stop(a, r, false, false) }

// FocusArrows is Focus for a stop that takes the arrow keys itself (the
// board): while it has the focus the screen's arrow actions are its.
func (a *App) FocusArrows(r ui.Rect) FocusState {
	st := a.focus.stop(a, r, true, false)
	if st.Focused {
		for _, act := range []Action{ActPrev, ActNext, ActFirst, ActLast} {
			a.keys.Consume(act)
		}
	}
	return st
}

// KeyboardFocus reports whether a stop has the keyboard focus (its ring
// shows).
func (a *App) KeyboardFocus() bool { return a.focus.index >= 0 }

// FocusRing is the focused stop's rectangle, as this tick's Update
// registered it.
func (a *App) FocusRing() (ui.Rect, bool) {
	if a.focus.index < 0 || !a.focus.ringOn {
		return ui.Rect{}, false
	}
	return a.focus.ring, true
}

// ClipFocus says that the stops registered from now on in this tick are
// in a scrolling area r: their ring is drawn clipped to it, so that it
// does not spill over what the area scrolls under. ClipFocus(Rect{})
// ends the area.
func (a *App) ClipFocus(r ui.Rect) { a.focus.clip = r }

// drawFocus draws the focus ring over the screen.
func (a *App) drawFocus(screen *ebiten.Image) {
	f := &a.focus
	if f.index < 0 || !f.ringOn {
		return
	}
	dst := screen
	if f.ringClip.W > 0 {
		dst = f.clipImg.Of(screen, f.ringClip)
	}
	a.painter.DrawFocusRing(dst, f.ring)
}

// usedByKeys makes w a Tab stop (unless it is a disabled button) and
// applies Enter, Space and the arrows to it, or the page mirror's
// activation; it reports whether they used it, and its stop (-1: none).
func (a *App) usedByKeys(w Widget, k keyStepper) (bool, int) {
	arrows := false
	switch w := w.(type) {
	case *ui.Button:
		if w.Disabled {
			return false, -1
		}
	case *ui.Segmented, *ui.Slider:
		arrows = true
	}
	stop := a.focus.count
	pick := -1
	remote := false
	if a.mirror.looking() {
		if c, ok := controlOf(w, stop); ok && a.mirror.wants(c.Role, c.Name) {
			remote, pick = true, a.mirror.clicked().pick
		}
	}
	st := a.focus.stop(a, k.Bounds(), arrows, remote)
	if st.Activated && pick >= 0 {
		// A choice made in the page: that option, that value.
		switch w := w.(type) {
		case *ui.Segmented:
			if !w.Disabled && pick < len(w.Options) {
				w.Selected = pick
				return true, stop
			}
			return false, stop
		case *ui.Slider:
			w.Value = float64(min(max(pick, 0), 20)) / 20
			return true, stop
		}
	}
	used := st.Activated && k.KeyActivate()
	if st.Step != 0 && k.KeyStep(st.Step) {
		used = true
	}
	return used, stop
}

// updateIn runs the menu's buttons through c.Used, so that Tab reaches
// them and Enter chooses; it returns the index of the chosen item,
// MenuDismissed (a tap outside the card), or -1.
func (m *PopupMenu) UpdateIn(c Context) int {
	for i := range m.Buttons {
		if c.Used(&m.Buttons[i]) {
			return i
		}
	}
	if p := c.Pointer(); p.Pressed && !p.Consumed && !p.In(m.Card) {
		p.Consumed = true
		c.Invalidate()
		return MenuDismissed // a tap outside closes the menu
	}
	return -1
}
