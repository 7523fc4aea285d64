package scenes

import "bashni/scenes/ui"

// The pages' tests, in packages of their own, drive an App through these
// (package scenetest); the game itself never calls them.

// SetKeyboard makes k the one reader of the keyboard (a test's fake keys).
func (a *App) SetKeyboard(k ui.Keyboard) { a.keyboard = k }

// Resize makes the screen w×h physical pixels at scale and lays the
// scenes out for it at once, as a settled window does.
func (a *App) Resize(w, h, scale float64) {
	a.w, a.h, a.scale = w, h, scale
	a.sizeChanged = false
	a.layoutNow()
}

// Shown is the scene shown (during a transition the one leaving).
func (a *App) Shown() Scene { return a.scene }

// Depth is the number of scenes on the stack, the title included.
func (a *App) Depth() int { return len(a.stack) }

// StepScene runs one Update of s, on the stack or not, with the pointer
// as given and the keyboard focus kept as in a tick of the App.
func (a *App) StepScene(s Scene, p ui.Pointer) {
	a.ptr = p
	a.ptr.Valid = true
	a.focus.beginTick(a)
	_ = s.Update(a)
	a.focus.endTick(a)
}

// FocusClip is the area the focus ring is clipped to (Rect{} when none).
func (a *App) FocusClip() Rect { return a.focus.ringClip }

// FlushSaves writes what is queued for the disk.
func (a *App) FlushSaves() error {
	if a.saver == nil {
		return nil
	}
	return a.saver.Flush()
}

// ShowOnly shows s at once over the title (or the title alone when s is
// it), with no transition: a test walking every screen.
func (a *App) ShowOnly(s Scene) {
	title := a.stack[0].scene
	a.stack = a.stack[:1]
	if s != title {
		a.stack = append(a.stack, stacked{s, title})
	}
	a.scene, a.next, a.transition = s, nil, 0
}

// FocusStops are the Tab stops the last tick registered.
func (a *App) FocusStops() []Rect { return a.focus.rects }

// SetTouch makes the pointer a finger's (no hover) and logs the
// rectangles the widgets hit-test into hits (ui.Pointer.HitLog).
func (a *App) SetTouch(hits *[]Rect) {
	a.ptr.Touch = true
	a.ptr.HitLog = hits
}

// Title is the scene at the bottom of the stack.
func (a *App) Title() Scene { return a.stack[0].scene }
