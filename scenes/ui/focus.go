package ui

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// Keyboard access to the widgets. A screen's controls are Tab stops in the
// order the screen updates them (scenes.App keeps the focus); the focused
// one is drawn with a ring (DrawFocusRing) and Enter or Space activates it
// as a click would, the arrow keys step a Segmented or a Slider.

// Bounds is the button's target.
func (b *Button) Bounds() Rect { return b.Rect }

// KeyActivate is Enter or Space on the focused button: a click, unless it
// is disabled.
func (b *Button) KeyActivate() bool { return !b.Disabled }

// KeyStep does nothing on a button.
func (b *Button) KeyStep(int) bool { return false }

// Bounds is the control's target.
func (s *Segmented) Bounds() Rect { return s.Rect }

// KeyActivate chooses the next option (round to the first).
func (s *Segmented) KeyActivate() bool {
	if s.Disabled || len(s.Options) < 2 {
		return false
	}
	s.Selected = (s.Selected + 1) % len(s.Options)
	return true
}

// KeyStep chooses the option d places away (Left −1, Right +1), stopping
// at the ends.
func (s *Segmented) KeyStep(d int) bool {
	if s.Disabled {
		return false
	}
	n := max(0, min(len(s.Options)-1, s.Selected+d))
	if n == s.Selected {
		return false
	}
	s.Selected = n
	return true
}

// Bounds is the row.
func (tg *Toggle) Bounds() Rect { return tg.Rect }

// KeyActivate flips the switch.
func (tg *Toggle) KeyActivate() bool {
	tg.On = !tg.On
	return true
}

// KeyStep does nothing on a switch.
func (tg *Toggle) KeyStep(int) bool { return false }

// Bounds is the row.
func (s *Slider) Bounds() Rect { return s.Rect }

// KeyActivate does nothing: the arrows move a slider.
func (s *Slider) KeyActivate() bool { return false }

// KeyStep moves the value by a twentieth (the pointer's step).
func (s *Slider) KeyStep(d int) bool {
	v := math.Max(0, math.Min(1, math.Round(s.Value*20+float64(d))/20))
	if v == s.Value {
		return false
	}
	s.Value = v
	return true
}

// DrawFocusRing draws the keyboard focus around r: a thick ring in the
// theme's accent with a thin light edge inside, so that it shows on light
// and dark backgrounds alike.
func (p *Painter) DrawFocusRing(dst *ebiten.Image, r Rect) {
	gap := p.DP(3)
	o := Rect{X: r.X - gap, Y: r.Y - gap, W: r.W + 2*gap, H: r.H + 2*gap}
	rad := math.Min(p.DP(12), o.H/2)
	p.RoundRect(dst, o, rad, color.NRGBA{}, p.DP(3), p.Theme.Accent)
	in := Rect{X: o.X + p.DP(3), Y: o.Y + p.DP(3), W: o.W - p.DP(6), H: o.H - p.DP(6)}
	p.RoundRect(dst, in, math.Max(0, rad-p.DP(3)), color.NRGBA{}, p.DP(1), color.NRGBA{0xff, 0xff, 0xff, 0xd0})
}
