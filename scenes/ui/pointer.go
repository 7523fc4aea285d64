// Package ui holds the game's widgets: buttons, segmented choices, toggles,
// sliders and scrolling lists, all drawn from the theme's colours with the Go
// fonts, in physical pixels, with touch targets of at least 44 dp. Widgets
// are plain structs: a scene lays them out, feeds them the pointer each tick
// and draws them when its screen is dirty.
package ui

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Pointer is the state of the primary pointer (mouse or first finger) for
// one tick, in physical screen pixels.
type Pointer struct {
	X, Y     float64
	Down     bool // a button or finger is down
	Pressed  bool // it went down this tick
	Released bool // it went up this tick
	Touch    bool // the pointer is a finger (no hover)
	Valid    bool // the position means something (a mouse over the window, or a finger down or just lifted)
	Moved    bool // the position changed since the last tick
	Wheel    float64
	// Consumed is set by the widget that handled this tick's press or release
	// so that nothing under it reacts too.
	Consumed bool
	// HitLog, when not nil, collects the rectangle of every hit test a
	// widget makes (its touch target, which may be larger than what it
	// draws): the touch-target tests read it. Nil in the game.
	HitLog *[]Rect

	touchID ebiten.TouchID
	touches []ebiten.TouchID
	lastX   float64
	lastY   float64
}

// Read updates p from Ebitengine's input state. Call it once per Update.
func (p *Pointer) Read() {
	p.Pressed, p.Released, p.Consumed, p.Moved = false, false, false, false
	p.Wheel = 0
	p.touches = ebiten.AppendTouchIDs(p.touches[:0])
	switch {
	case p.Touch && p.Down:
		// Follow the finger that went down until it lifts.
		still := false
		for _, id := range p.touches {
			if id == p.touchID {
				still = true
				x, y := ebiten.TouchPosition(id)
				p.X, p.Y = float64(x), float64(y)
			}
		}
		if !still {
			p.Down = false
			p.Released = true
		}
	case len(p.touches) > 0 && !p.Down:
		// A new finger: take the first one that just went down.
		for _, id := range p.touches {
			if inpututil.IsTouchJustReleased(id) {
				continue
			}
			p.touchID = id
			x, y := ebiten.TouchPosition(id)
			p.X, p.Y = float64(x), float64(y)
			p.Touch, p.Down, p.Pressed, p.Valid = true, true, true, true
			break
		}
	default:
		x, y := ebiten.CursorPosition()
		fx, fy := float64(x), float64(y)
		down := ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft)
		if p.Touch && !p.Down {
			// After a finger lifts, the position stays until the mouse moves.
			if fx == p.lastX && fy == p.lastY && !down {
				p.Valid = false
				return
			}
		}
		p.Touch = false
		p.X, p.Y = fx, fy
		p.Valid = true
		p.Pressed = down && !p.Down
		p.Released = !down && p.Down
		p.Down = down
		_, wy := ebiten.Wheel()
		p.Wheel = wy
	}
	if p.X != p.lastX || p.Y != p.lastY {
		p.Moved = true
	}
	p.lastX, p.lastY = p.X, p.Y
}

// SecondFinger reports whether more than one finger is down.
func (p *Pointer) SecondFinger() bool { return p.Touch && len(p.touches) > 1 }

// In reports whether the pointer is over r (a finger only while it is down
// or on the tick it lifts).
func (p *Pointer) In(r Rect) bool {
	if !p.Valid {
		return false
	}
	if p.Touch && !p.Down && !p.Released {
		return false
	}
	return r.Contains(p.X, p.Y)
}

// logHit adds r to the hit log, when there is one.
func (p *Pointer) logHit(r Rect) {
	if p.HitLog != nil {
		*p.HitLog = append(*p.HitLog, r)
	}
}
