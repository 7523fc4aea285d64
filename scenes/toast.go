package scenes

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/internal/text"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// Timing of a toast, in ticks.
const (
	toastTicks = 240 // how long a message stays
	toastFade  = 30  // the last ticks of it, fading out
)

// Toast is a short message (copied, saved, a refused move) shown on its own
// over the lower part of the board for a few seconds and then faded out,
// so that it never takes the place of the status line ("Your move", the
// must-capture banner).
type Toast struct {
	text  string
	Until int64 // the tick it is gone (0: none)
	alpha float64
}

// show puts msg up for toastTicks from now.
func (t *Toast) Show(c Context, msg string) {
	t.text, t.Until, t.alpha = msg, c.Tick()+toastTicks, 1
	c.Invalidate()
}

// Text is the message up (empty: none), for pages' tests and speech.
func (t *Toast) Text() string {
	if t.Until == 0 {
		return ""
	}
	return t.text
}

// tick fades the message out at the end of its time and removes it.
func (t *Toast) Tick(c Context) {
	if t.Until == 0 {
		return
	}
	left := t.Until - c.Tick()
	switch {
	case left <= 0:
		t.text, t.Until, t.alpha = "", 0, 0
		c.Invalidate()
	case left < toastFade:
		t.alpha = float64(left) / toastFade
		c.Invalidate()
	}
}

// draw draws the message centred near the bottom of area (the board).
func (t *Toast) Draw(c Context, dst *ebiten.Image, area Rect) {
	if t.Until == 0 || t.text == "" {
		return
	}
	p := c.Painter()
	th := p.Theme
	maxW := math.Min(area.W-p.DP(32), p.DP(520))
	lines := p.Wrap(t.text, 15, sprites.Medium, maxW-p.DP(32))
	if len(lines) > 3 {
		lines = lines[:3]
	}
	w := 0.0
	for _, l := range lines {
		w = math.Max(w, p.Measure(l, 15, sprites.Medium))
	}
	lh := p.DP(20)
	r := Rect{W: math.Ceil(w + p.DP(32)), H: math.Ceil(float64(len(lines))*lh + p.DP(20))}
	r.X = math.Round(area.X + (area.W-r.W)/2)
	r.Y = math.Round(area.Y + area.H - r.H - p.DP(20))
	a := t.alpha
	p.RoundRect(dst, r, r.H/2, ui.Alpha(th.Panel, 0.95*a), p.DP(1), ui.Alpha(th.PanelEdge, a))
	y := r.Y + p.DP(10) + lh/2
	for _, l := range lines {
		p.Text(dst, l, 15, sprites.Medium, r.X+r.W/2, y, text.AlignCenter, text.AlignCenter, ui.Alpha(th.Text, a))
		y += lh
	}
}
