package ui

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/internal/text"
	"bashni/sprites"
)

// Kind is a button's look.
type Kind uint8

const (
	// Secondary is a filled button in the theme's button colour.
	Secondary Kind = iota
	// Primary is the accent-coloured button, one per screen.
	Primary
	// Flat has no fill until hovered: toolbars and list rows.
	Flat
)

// IconFunc draws an icon centred at (cx, cy), size physical pixels wide.
type IconFunc func(dst *ebiten.Image, p *Painter, cx, cy, size float64, c color.NRGBA)

// Button is a labelled, optionally iconned button.
type Button struct {
	Rect     Rect
	Label    string
	Sub      string // a second, dimmer line (optional)
	Icon     IconFunc
	Kind     Kind
	Disabled bool
	Toggled  bool // drawn pressed-in (a chosen option)
	// Name names an icon-only button for assistive technology (the
	// page's mirror of the controls); a labelled button's name is its
	// Label.
	Name     string
	TextSize float64 // dp; 0 means 17; smaller when the label needs it

	hover, pressed bool
	fit            fitted
}

// press tracking shared by widgets: a click is a press and a release inside
// the same widget.
func track(r Rect, p *Pointer, hover, pressed *bool, disabled bool) (clicked, changed bool) {
	p.logHit(r)
	h := !disabled && p.In(r) && !p.Touch
	if h != *hover {
		*hover, changed = h, true
	}
	if disabled {
		if *pressed {
			*pressed, changed = false, true
		}
		return false, changed
	}
	if p.Pressed && !p.Consumed && p.In(r) {
		*pressed, changed = true, true
		p.Consumed = true
	}
	if *pressed && p.Down && !p.In(r) && p.Touch {
		// A finger that slides off cancels (it is probably scrolling).
		*pressed, changed = false, true
	}
	if p.Released && *pressed {
		*pressed, changed = false, true
		if p.In(r) && !p.Consumed {
			clicked = true
			p.Consumed = true
		}
	}
	return clicked, changed
}

// Update feeds the pointer to the button; clicked is true on a completed
// click, changed when its look changed (hover, pressed).
func (b *Button) Update(p *Pointer) (clicked, changed bool) {
	return track(b.Rect, p, &b.hover, &b.pressed, b.Disabled)
}

// Hovered reports whether the mouse is over the button.
func (b *Button) Hovered() bool { return b.hover }

// Draw draws the button.
func (b *Button) Draw(dst *ebiten.Image, p *Painter) {
	t := p.Theme
	fill, fg := t.Button, t.ButtonText
	switch b.Kind {
	case Primary:
		fill, fg = t.Accent, t.AccentText
		if b.hover {
			fill = Mix(fill, color.NRGBA{255, 255, 255, 255}, 0.12)
		}
	case Flat:
		fill = color.NRGBA{}
		if b.hover {
			fill = Alpha(t.ButtonHover, 0.7)
		}
	default:
		if b.hover {
			fill = t.ButtonHover
		}
	}
	if b.Toggled {
		fill = t.ButtonActive
		if b.Kind == Primary {
			fill = t.Accent
		}
	}
	if b.pressed {
		fill = Mix(fill, t.ButtonActive, 0.6)
		if b.Kind == Primary {
			fill = Mix(t.Accent, color.NRGBA{0, 0, 0, 255}, 0.15)
		}
	}
	if b.Disabled {
		fg = Alpha(fg, 0.35)
		if b.Kind == Primary {
			fill = Alpha(fill, 0.4)
		}
	}
	r := b.Rect
	if b.pressed {
		r = inset(r, p.DP(1))
	}
	rad := math.Min(p.DP(10), r.H/2)
	edge := color.NRGBA{}
	edgeW := 0.0
	if b.Toggled && b.Kind != Primary {
		edge, edgeW = t.Accent, p.DP(2)
	}
	if fill.A > 0 || edgeW > 0 {
		p.RoundRect(dst, r, rad, fill, edgeW, edge)
	}
	lf, toolbar := b.labelFit(p)
	size := lf.Size
	cx, cy := r.X+r.W/2, r.Y+r.H/2
	switch {
	case b.Icon != nil && b.Label != "" && toolbar:
		// Icon above a small label (toolbars).
		is := p.DP(22)
		b.Icon(dst, p, cx, cy-p.DP(9), is, fg)
		p.Text(dst, b.Label, 12, sprites.Medium, cx, cy+p.DP(14), text.AlignCenter, text.AlignCenter, Alpha(fg, 0.9))
	case b.Icon != nil && b.Label != "":
		is := p.DP(20)
		tw := p.Measure(b.Label, size, sprites.Medium)
		x0 := cx - (is+p.DP(10)+tw)/2
		b.Icon(dst, p, x0+is/2, cy, is, fg)
		p.Text(dst, b.Label, size, sprites.Medium, x0+is+p.DP(10), cy, text.AlignStart, text.AlignCenter, fg)
	case b.Icon != nil:
		b.Icon(dst, p, cx, cy, math.Min(p.DP(24), r.H*0.5), fg)
	case b.Sub != "":
		p.Text(dst, b.Label, size, sprites.Bold, cx, cy-p.DP(9), text.AlignCenter, text.AlignCenter, fg)
		p.Text(dst, b.Sub, 13, sprites.Regular, cx, cy+p.DP(12), text.AlignCenter, text.AlignCenter, Alpha(fg, 0.75))
	default:
		w := sprites.Medium
		if b.Kind == Primary {
			w = sprites.Bold
		}
		p.Text(dst, b.Label, size, w, cx, cy, text.AlignCenter, text.AlignCenter, fg)
	}
}

func inset(r Rect, d float64) Rect {
	return Rect{X: r.X + d, Y: r.Y + d, W: r.W - 2*d, H: r.H - 2*d}
}

// Inset shrinks r by d on every side.
func Inset(r Rect, d float64) Rect { return inset(r, d) }

// Segmented is a row of mutually exclusive options.
type Segmented struct {
	Rect     Rect
	Options  []string
	Selected int
	Disabled bool
	// Name is what the options choose ("Game", "Level"), drawn by the
	// screen above the row; the page's mirror of the controls names the
	// group with it.
	Name string

	hover   []bool
	pressed []bool
	// The labels' size, fitted to the segments (optionSize).
	fitFor            []string
	fitRoom, fitScale float64
	fitSize           float64
	// widths are the segments' widths when Weigh gave each label the room
	// it needs (nil: equal segments); weighFor, weighW and weighScale are
	// what they were weighed for.
	widths             []float64
	weighFor           []string
	weighW, weighScale float64
}

// Update handles the pointer; chose is true when the selection changed.
func (s *Segmented) Update(p *Pointer) (chose, changed bool) {
	n := len(s.Options)
	if len(s.hover) != n {
		s.hover, s.pressed = make([]bool, n), make([]bool, n)
	}
	for i := range s.Options {
		c, ch := track(s.segment(i), p, &s.hover[i], &s.pressed[i], s.Disabled)
		changed = changed || ch
		if c && s.Selected != i {
			s.Selected = i
			chose, changed = true, true
		}
	}
	return chose, changed
}

func (s *Segmented) segment(i int) Rect {
	if len(s.widths) == len(s.Options) && s.weighW == s.Rect.W {
		x := s.Rect.X
		for j := 0; j < i; j++ {
			x += s.widths[j]
		}
		return Rect{X: x, Y: s.Rect.Y, W: s.widths[i], H: s.Rect.H}
	}
	n := float64(len(s.Options))
	w := s.Rect.W / n
	return Rect{X: s.Rect.X + float64(i)*w, Y: s.Rect.Y, W: w, H: s.Rect.H}
}

// Weigh sizes the segments to their labels when equal segments would
// shrink a label under the largest size: each segment gets what its label
// needs at the largest size where all fit, and at least minTouch dp, and
// the rest of the row is shared equally. Call it when the control's Rect
// or Options change (in Layout): Update hit-tests the segments it gives.
func (s *Segmented) Weigh(p *Painter) {
	if s.weighW == s.Rect.W && s.weighScale == p.Scale && slicesEqual(s.weighFor, s.Options) {
		return
	}
	s.weighW, s.weighScale = s.Rect.W, p.Scale
	s.weighFor = append(s.weighFor[:0], s.Options...)
	s.widths = s.widths[:0]
	n := len(s.Options)
	if n == 0 {
		return
	}
	over := 2*p.DP(3) + 2*p.DP(segmentPad) // a label's room inside its segment
	equal := s.Rect.W/float64(n) - over
	fits := true
	for _, o := range s.Options {
		fits = fits && p.Measure(o, 16, sprites.Bold) <= equal
	}
	if fits {
		return
	}
	for size := 16.0; size >= minLabelSize; size -= 0.5 {
		s.widths = s.widths[:0]
		total := 0.0
		for _, o := range s.Options {
			w := math.Max(math.Ceil(p.Measure(o, size, sprites.Bold))+over, p.DP(minTouch))
			s.widths = append(s.widths, w)
			total += w
		}
		if total <= s.Rect.W {
			extra := (s.Rect.W - total) / float64(n)
			for i := range s.widths {
				s.widths[i] += extra
			}
			return
		}
	}
	s.widths = s.widths[:0] // nothing fits: equal segments, the smallest labels
}

// Draw draws the control.
func (s *Segmented) Draw(dst *ebiten.Image, p *Painter) {
	t := p.Theme
	rad := math.Min(p.DP(10), s.Rect.H/2)
	p.RoundRect(dst, s.Rect, rad, Mix(t.Panel, t.Button, 0.55), p.DP(1), t.PanelEdge)
	size := s.optionSize(p)
	for i, o := range s.Options {
		r := inset(s.segment(i), p.DP(3))
		fill, fg := s.look(i, t)
		if fill.A != 0 {
			p.RoundRect(dst, r, rad-p.DP(2), fill, 0, color.NRGBA{})
		}
		wt := sprites.Medium
		if i == s.Selected && !s.Disabled {
			wt = sprites.Bold
		}
		p.Text(dst, o, size, wt, r.X+r.W/2, r.Y+r.H/2, text.AlignCenter, text.AlignCenter, fg)
	}
}

// look is how segment i is drawn: its fill (none when transparent) and
// its text colour. A disabled control (the computer's level when playing a
// friend) highlights nothing: its choice does not apply.
func (s *Segmented) look(i int, t *sprites.Theme) (fill, fg color.NRGBA) {
	switch {
	case s.Disabled:
		return color.NRGBA{}, Alpha(t.TextDim, 0.4)
	case i == s.Selected:
		return t.Accent, t.AccentText
	case i < len(s.hover) && s.hover[i]:
		return t.ButtonHover, t.Text
	}
	return color.NRGBA{}, t.TextDim
}

// Toggle is a labelled on/off switch; the whole row is the target.
type Toggle struct {
	Rect  Rect
	Label string
	On    bool

	hover, pressed bool
	fit            fitted
}

// Update handles the pointer; flipped is true when On changed.
func (tg *Toggle) Update(p *Pointer) (flipped, changed bool) {
	c, ch := track(tg.Rect, p, &tg.hover, &tg.pressed, false)
	if c {
		tg.On = !tg.On
		return true, true
	}
	return false, ch
}

// Draw draws the row.
func (tg *Toggle) Draw(dst *ebiten.Image, p *Painter) {
	t := p.Theme
	if tg.hover {
		p.RoundRect(dst, tg.Rect, p.DP(10), Alpha(t.ButtonHover, 0.5), 0, color.NRGBA{})
	}
	lines, size, _ := tg.labelLines(p)
	step := math.Round(p.DP(size * 1.25))
	y := tg.Rect.Y + tg.Rect.H/2 - step*float64(len(lines)-1)/2
	for i, l := range lines {
		p.Text(dst, l, size, sprites.Regular, tg.Rect.X+p.DP(12), y+float64(i)*step, text.AlignStart, text.AlignCenter, t.Text)
	}
	sw, sh := p.DP(52), p.DP(30)
	sx := tg.Rect.X + tg.Rect.W - sw - p.DP(12)
	sy := tg.Rect.Y + (tg.Rect.H-sh)/2
	track := t.Button
	if tg.On {
		track = t.Accent
	}
	p.RoundRect(dst, Rect{X: sx, Y: sy, W: sw, H: sh}, sh/2, track, p.DP(1), t.PanelEdge)
	kx := sx + sh/2
	if tg.On {
		kx = sx + sw - sh/2
	}
	p.Circle(dst, kx, sy+sh/2, sh/2-p.DP(3), color.NRGBA{0xfa, 0xf7, 0xf0, 0xff})
}

// Slider chooses a value in [0, 1].
type Slider struct {
	Rect  Rect // the whole row, label included
	Label string
	Value float64
	Text  string // the value as text, drawn on the right

	hover, dragging bool
	fit             fitted
}

func (s *Slider) track() (x0, x1, y float64) {
	x0 = s.Rect.X + s.Rect.W*0.42
	x1 = s.Rect.X + s.Rect.W - s.Rect.H*0.9
	return x0, x1, s.Rect.Y + s.Rect.H/2
}

// Update handles the pointer; moved is true when Value changed.
func (s *Slider) Update(p *Pointer) (moved, changed bool) {
	p.logHit(s.Rect)
	h := p.In(s.Rect) && !p.Touch
	if h != s.hover {
		s.hover, changed = h, true
	}
	if p.Pressed && !p.Consumed && p.In(s.Rect) {
		s.dragging = true
		p.Consumed = true
	}
	if s.dragging {
		x0, x1, _ := s.track()
		v := math.Max(0, math.Min(1, (p.X-x0)/(x1-x0)))
		v = math.Round(v*20) / 20
		if v != s.Value {
			s.Value, moved, changed = v, true, true
		}
		if !p.Down {
			s.dragging = false
			changed = true
		}
	}
	return moved, changed
}

// Draw draws the row.
func (s *Slider) Draw(dst *ebiten.Image, p *Painter) {
	t := p.Theme
	if s.hover || s.dragging {
		p.RoundRect(dst, s.Rect, p.DP(10), Alpha(t.ButtonHover, 0.5), 0, color.NRGBA{})
	}
	p.Text(dst, s.Label, s.labelFit(p).Size, sprites.Regular, s.Rect.X+p.DP(12), s.Rect.Y+s.Rect.H/2, text.AlignStart, text.AlignCenter, t.Text)
	x0, x1, y := s.track()
	th := p.DP(6)
	p.RoundRect(dst, Rect{X: x0, Y: y - th/2, W: x1 - x0, H: th}, th/2, t.Button, 0, color.NRGBA{})
	kx := x0 + (x1-x0)*s.Value
	if kx-x0 >= 1 {
		p.RoundRect(dst, Rect{X: x0, Y: y - th/2, W: kx - x0, H: th}, th/2, t.Accent, 0, color.NRGBA{})
	}
	p.Circle(dst, kx, y, p.DP(11), color.NRGBA{0xfa, 0xf7, 0xf0, 0xff})
	p.Ring(dst, kx, y, p.DP(11), p.DP(2), t.Accent)
	if s.Text != "" {
		p.Text(dst, s.Text, 15, sprites.Medium, s.Rect.X+s.Rect.W-p.DP(8), y, text.AlignEnd, text.AlignCenter, t.TextDim)
	}
}

// minTouch is the smallest touch target (dp), as scenes.MinTouchDP.
const minTouch = 44
