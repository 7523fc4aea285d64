package scenes

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/scenes/ui"
)

// Scrolling areas: About's list of licences and a licence's text (which
// own their rows) and Settings' body (whose controls take their own taps)
// scroll with the wheel, a drag of the mouse or a finger past a small
// threshold, and the keys their screens map; what they show is drawn into
// a sub-image of the screen, clipped to the area (ui.Clip).

// scrollArea is the state of one scrolling area: its offset and a press
// that may become a drag.
type scrollArea struct {
	offset  float64
	pressY  float64
	down    bool
	dragged bool
}

// scrollSlop is how far (dp) a press moves before it scrolls: less is a
// tap.
const scrollSlop = 10

// wheel scrolls by step per notch of the wheel over bounds.
func (a *scrollArea) wheel(c Context, bounds Rect, step, maxOff float64) {
	if p := c.Pointer(); p.In(bounds) && p.Wheel != 0 {
		a.scrollTo(c, a.offset-p.Wheel*step, maxOff)
	}
}

// scrollTo moves the offset to off, kept within [0, maxOff], and redraws
// when it changed.
func (a *scrollArea) scrollTo(c Context, off, maxOff float64) {
	off = math.Max(0, math.Min(off, maxOff))
	if off != a.offset {
		a.offset = off
		c.Invalidate()
	}
}

// follow follows the press taken (a.down) while it is down: once it has
// moved scrollSlop it drags the area. It reports whether the press is
// still down.
func (a *scrollArea) follow(c Context, maxOff float64) bool {
	p := c.Pointer()
	if !p.Down {
		a.down = false
		return false
	}
	if a.dragged || math.Abs(p.Y-a.pressY) > c.Scale()*scrollSlop {
		a.dragged = true
		a.scrollTo(c, a.offset-(p.Y-a.pressY), maxOff)
		a.pressY = p.Y
	}
	return true
}

// update scrolls an area of the given bounds with the wheel (step per
// notch) and with a drag of the mouse or a finger. With itemAt, a press and
// release on one item without a drag is a tap: pressed is the item held
// down (-1 none) and tapped the one tapped (-1 none).
func (a *scrollArea) update(c Context, bounds Rect, step, maxOff float64, itemAt func(x, y float64) int) (pressed, tapped int) {
	p := c.Pointer()
	pressed, tapped = -1, -1
	a.wheel(c, bounds, step, maxOff)
	if p.Pressed && !p.Consumed && p.In(bounds) {
		p.Consumed = true
		a.down, a.pressY, a.dragged = true, p.Y, false
	}
	if !a.down {
		return -1, -1
	}
	if a.follow(c, maxOff) {
		if itemAt != nil && !a.dragged {
			pressed = itemAt(p.X, p.Y)
		}
		return pressed, -1
	}
	// Released.
	if itemAt != nil && !a.dragged && p.Released {
		tapped = itemAt(p.X, p.Y)
	}
	return -1, tapped
}

// updateControls scrolls an area of controls that take their own presses
// (Settings' rows). Call it before the controls see the pointer: a press
// in bounds (but not in keep, a slider that drags sideways or a text
// field that selects) is shared with them; once it moves scrollSlop it
// scrolls the area, and its release is no tap on the control under it.
func (a *scrollArea) updateControls(c Context, bounds Rect, step, maxOff float64, keep ...Rect) {
	p := c.Pointer()
	a.wheel(c, bounds, step, maxOff)
	if p.Pressed && !p.Consumed && p.In(bounds) && maxOff > 0 {
		a.down, a.pressY, a.dragged = true, p.Y, false
		for _, k := range keep {
			if p.In(k) {
				a.down = false
			}
		}
	}
	if a.down {
		a.follow(c, maxOff)
		if a.dragged {
			// A drag, and the release that ends it, are the area's.
			p.Consumed = true
		}
	}
}

// keepInView scrolls by as little as makes [top, top+h) (offsets from the
// area's top) show in an area view high.
func (a *scrollArea) keepInView(c Context, top, h, view, maxOff float64) {
	off := a.offset
	off = math.Max(off, top+h-view)
	off = math.Min(off, top)
	a.scrollTo(c, off, maxOff)
}

// drawScrollbar draws the thumb of an area scrolled by off of at most
// maxOff, when it scrolls at all.
func drawScrollbar(p *ui.Painter, dst *ebiten.Image, area Rect, off, maxOff float64) {
	if maxOff <= 0 {
		return
	}
	h := math.Max(p.DP(24), area.H*area.H/(area.H+maxOff))
	y := area.Y + (area.H-h)*off/maxOff
	p.RoundRect(dst, Rect{X: area.X + area.W - p.DP(5), Y: y, W: p.DP(3), H: h}, p.DP(1.5), ui.Alpha(p.Theme.TextDim, 0.5), 0, color.NRGBA{})
}

// keys scrolls an area by the keys: Page Up/Down by page, Home and End to
// the ends, and, with arrows, ↑ ↓ by row (when no control has the focus:
// with one, they are its own).
func (a *scrollArea) keys(c Context, page, row, maxOff float64, arrows bool) {
	kb := c.Keyboard()
	d := 0.0
	switch {
	case kb.JustPressed(ebiten.KeyPageDown):
		d = page
	case kb.JustPressed(ebiten.KeyPageUp):
		d = -page
	case kb.JustPressed(ebiten.KeyHome):
		d = -maxOff
	case kb.JustPressed(ebiten.KeyEnd):
		d = maxOff
	case arrows && !c.KeyboardFocus() && ui.RepeatKey(kb, ebiten.KeyArrowDown):
		d = row
	case arrows && !c.KeyboardFocus() && ui.RepeatKey(kb, ebiten.KeyArrowUp):
		d = -row
	}
	if d != 0 {
		a.scrollTo(c, a.offset+d, maxOff)
	}
}

// drawBodyEdges marks a card's body whose rows scroll (maxOff > 0): a rule
// at each edge the rows scroll under, and the scroll bar.
func drawBodyEdges(p *ui.Painter, dst *ebiten.Image, body Rect, off, maxOff float64) {
	if maxOff <= 0 {
		return
	}
	rule := Rect{X: body.X + p.DP(12), W: body.W - p.DP(24), H: math.Max(1, math.Round(p.DP(1)))}
	edge := ui.Alpha(p.Theme.PanelEdge, 0.8)
	if off > 0 {
		rule.Y = body.Y
		p.RoundRect(dst, rule, 0, edge, 0, color.NRGBA{})
	}
	if off < maxOff {
		rule.Y = body.Y + body.H - rule.H
		p.RoundRect(dst, rule, 0, edge, 0, color.NRGBA{})
	}
	drawScrollbar(p, dst, Rect{X: body.X, Y: body.Y + p.DP(4), W: body.W - p.DP(4), H: body.H - p.DP(8)}, off, maxOff)
}
