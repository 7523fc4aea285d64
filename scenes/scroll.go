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

// ScrollArea is the state of one scrolling area: its offset and a press
// that may become a drag.
type ScrollArea struct {
	Offset  float64
	pressY  float64
	down    bool
	dragged bool
}

// scrollSlop is how far (dp) a press moves before it scrolls: less is a
// tap.
const scrollSlop = 10

// wheel scrolls by step per notch of the wheel over bounds.
func (a *ScrollArea) wheel(c Context, bounds Rect, step, maxOff float64) {
	if p := c.Pointer(); p.In(bounds) && p.Wheel != 0 {
		a.scrollTo(c, a.Offset-p.Wheel*step, maxOff)
	}
}

// scrollTo moves the offset to off, kept within [0, maxOff], and redraws
// when it changed.
func (a *ScrollArea) scrollTo(c Context, off, maxOff float64) {
	off = math.Max(0, math.Min(off, maxOff))
	if off != a.Offset {
		a.Offset = off
		c.Invalidate()
	}
}

// follow follows the press taken (a.down) while it is down: once it has
// moved scrollSlop it drags the area. It reports whether the press is
// still down.
func (a *ScrollArea) follow(c Context, maxOff float64) bool {
	p := c.Pointer()
	if !p.Down {
		a.down = false
		return false
	}
	if a.dragged || math.Abs(p.Y-a.pressY) > c.Scale()*scrollSlop {
		a.dragged = true
		a.scrollTo(c, a.Offset-(p.Y-a.pressY), maxOff)
		a.pressY = p.Y
	}
	return true
}

// update scrolls an area of the given bounds with the wheel (step per
// notch) and with a drag of the mouse or a finger. With itemAt, a press and
// release on one item without a drag is a tap: pressed is the item held
// down (-1 none) and tapped the one tapped (-1 none).
func (a *ScrollArea) Update(c Context, bounds Rect, step, maxOff float64, itemAt func(x, y float64) int) (pressed, tapped int) {
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
func (a *ScrollArea) updateControls(c Context, bounds Rect, step, maxOff float64, keep ...Rect) {
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
func (a *ScrollArea) keepInView(c Context, top, h, view, maxOff float64) {
	off := a.Offset
	off = math.Max(off, top+h-view)
	off = math.Min(off, top)
	a.scrollTo(c, off, maxOff)
}

// DrawScrollbar draws the thumb of an area scrolled by off of at most
// maxOff, when it scrolls at all.
func DrawScrollbar(p *ui.Painter, dst *ebiten.Image, area Rect, off, maxOff float64) {
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
func (a *ScrollArea) keys(c Context, page, row, maxOff float64, arrows bool) {
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
		a.scrollTo(c, a.Offset+d, maxOff)
	}
}

// DrawBodyEdges marks a card's body whose rows scroll (maxOff > 0): a rule
// at each edge the rows scroll under, and the scroll bar.
func DrawBodyEdges(p *ui.Painter, dst *ebiten.Image, body Rect, off, maxOff float64) {
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
	DrawScrollbar(p, dst, Rect{X: body.X, Y: body.Y + p.DP(4), W: body.W - p.DP(4), H: body.H - p.DP(8)}, off, maxOff)
}

// CardBody is the body of a card whose rows scroll between its title and
// its buttons when they do not fit the screen (New game, Play a friend
// online): the scroller, the clip the rows are drawn into, and the row
// last scrolled into view for the keyboard focus.
type CardBody struct {
	ScrollArea
	clip    ui.Clip
	rect    Rect    // the body, on the screen
	MaxOff  float64 // how far the rows scroll: 0 when they fit
	FocusAt float64 // the focused row's top in the rows, scrolled into view once
	valid   bool    // the pointer's Valid, while the rows update (beginRows)
}

// layout sets the body and how far its rows scroll, keeping the offset
// within it.
func (b *CardBody) Layout(body Rect, maxOff float64) {
	b.rect, b.MaxOff = body, maxOff
	b.Offset = math.Min(b.Offset, maxOff)
}

// scroll scrolls the rows by the wheel and a drag over them (not one that
// starts in keep), and, with keys, Page Up/Down, Home, End and ↑ ↓ while
// no control has the focus. It reports whether they moved.
func (b *CardBody) Scroll(c Context, keys bool, keep ...Rect) bool {
	if b.MaxOff <= 0 {
		return false
	}
	before := b.Offset
	row := c.Scale() * 48
	b.updateControls(c, b.rect, row, b.MaxOff, keep...)
	if keys {
		b.keys(c, b.rect.H-row, row, b.MaxOff, true)
	}
	return b.Offset != before
}

// beginRows comes before the rows take the pointer and register their Tab
// stops: where they scroll, a pointer outside the body (over the title or
// the buttons) reaches none of them, and their focus ring is clipped to
// it. endRows undoes it, before the buttons.
func (b *CardBody) BeginRows(c Context) {
	ptr := c.Pointer()
	b.valid = ptr.Valid
	if b.MaxOff > 0 {
		c.ClipFocus(b.rect)
		if !ptr.In(b.rect) {
			ptr.Valid = false
		}
	}
}

func (b *CardBody) EndRows(c Context) {
	c.Pointer().Valid = b.valid
	c.ClipFocus(Rect{})
}

// show scrolls as little as brings [top, bottom) of the rows (screen
// pixels when scrolled to the top) into the body; it reports whether they
// moved.
func (b *CardBody) Show(c Context, top, bottom float64) bool {
	before := b.Offset
	b.keepInView(c, top-b.rect.Y, bottom-top, b.rect.H, b.MaxOff)
	return b.Offset != before
}

// showFocused scrolls a row that has just taken the focus (its top, its
// label's top and its bottom, when scrolled to the top) into view, once:
// after the player scrolls away from it, it stays where they put it. It
// reports whether the rows moved.
func (b *CardBody) ShowFocused(c Context, top, labelTop, bottom float64) bool {
	if top == b.FocusAt {
		return false
	}
	b.FocusAt = top
	return b.Show(c, labelTop, bottom+c.Scale()*8)
}

// target is where the rows are drawn: dst, or dst clipped to the body
// when they scroll.
func (b *CardBody) Target(dst *ebiten.Image) *ebiten.Image {
	if b.MaxOff > 0 {
		return b.clip.Of(dst, b.rect)
	}
	return dst
}
