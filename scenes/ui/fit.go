package ui

import (
	"math"

	"bashni/sprites"
)

// TextFit is a line of text a control draws and the width it has for it,
// in physical pixels: the layout test (scenes) measures every label of
// every screen in every language against its room. The rooms follow the
// controls' Draw: change both together.
type TextFit struct {
	Text   string
	Size   float64 // dp
	Weight sprites.Weight
	Room   float64
}

// The padding a label keeps from its control's edges, in dp.
const (
	labelPad     = 8 // a button's label from its sides
	iconLabelPad = 4 // an iconned button's label and icon from its sides
	toolbarPad   = 3 // a toolbar button's small label under its icon
	segmentPad   = 5 // a segment's label from its sides
)

// fitted remembers the size a label was fitted at, so that a control
// measures its label again only when the label or its room changed (Draw
// stays cheap).
type fitted struct {
	text        string
	room, scale float64
	size        float64
	lines       []string // the label in lines (fitLines)
}

// twoLineMin is the smallest size (dp) a switch's label shrinks to on one
// line before it takes two lines instead.
const twoLineMin = 15

// fitLines fits a switch's label: one line at size or smaller down to
// twoLineMin, else two lines from twoLineMin down to minLabelSize, else
// one line at minLabelSize (the layout test finds it).
func (f *fitted) fitLines(p *Painter, text string, size float64, w sprites.Weight, room float64) ([]string, float64) {
	if f.text == text && f.room == room && f.scale == p.Scale && f.size != 0 && len(f.lines) > 0 {
		return f.lines, f.size
	}
	f.text, f.room, f.scale = text, room, p.Scale
	f.lines = append(f.lines[:0], text)
	for f.size = size; f.size >= twoLineMin; f.size -= 0.5 {
		if p.Measure(text, f.size, w) <= room {
			return f.lines, f.size
		}
	}
	for f.size = twoLineMin; f.size >= minLabelSize; f.size -= 0.5 {
		lines := p.Wrap(text, f.size, w, room)
		fits := len(lines) <= 2
		for _, l := range lines {
			fits = fits && p.Measure(l, f.size, w) <= room
		}
		if fits {
			f.lines = append(f.lines[:0], lines...)
			return f.lines, f.size
		}
	}
	f.size = minLabelSize
	return f.lines, f.size
}

// minLabelSize is the smallest size (dp) a control shrinks its label to
// before it lets it overflow: a longer word in another language still fits
// its button.
const minLabelSize = 12

// fit returns the size at which text fits room: size, or smaller down to
// minLabelSize (never under it; the layout test finds what still does not
// fit).
func (f *fitted) fit(p *Painter, text string, size float64, w sprites.Weight, room float64) float64 {
	if f.text == text && f.room == room && f.scale == p.Scale && f.size != 0 {
		return f.size
	}
	f.text, f.room, f.scale = text, room, p.Scale
	f.size = size
	for f.size > minLabelSize && p.Measure(text, f.size, w) > room {
		f.size -= 0.5
	}
	return f.size
}

// labelFit is where and how the button draws its label.
func (b *Button) labelFit(p *Painter) (tf TextFit, toolbar bool) {
	r := b.Rect
	size := b.TextSize
	if size == 0 {
		size = 17
	}
	switch {
	case b.Icon != nil && r.H >= p.DP(52) && r.W < p.DP(140):
		return TextFit{b.Label, 12, sprites.Medium, r.W - 2*p.DP(toolbarPad)}, true
	case b.Icon != nil:
		tf = TextFit{b.Label, size, sprites.Medium, r.W - p.DP(20) - p.DP(10) - 2*p.DP(iconLabelPad)}
	case b.Sub != "":
		tf = TextFit{b.Label, size, sprites.Bold, r.W - 2*p.DP(labelPad)}
	default:
		w := sprites.Medium
		if b.Kind == Primary {
			w = sprites.Bold
		}
		tf = TextFit{b.Label, size, w, r.W - 2*p.DP(labelPad)}
	}
	tf.Size = b.fit.fit(p, tf.Text, tf.Size, tf.Weight, tf.Room)
	return tf, false
}

// Fits are the lines the button draws and their room.
func (b *Button) Fits(p *Painter) []TextFit {
	if b.Label == "" {
		return nil
	}
	tf, _ := b.labelFit(p)
	if b.Sub != "" && b.Icon == nil {
		return []TextFit{tf, {b.Sub, 13, sprites.Regular, b.Rect.W - 2*p.DP(labelPad)}}
	}
	return []TextFit{tf}
}

// optionSize is the size of the segments' labels: one size for all, the
// largest at which every label fits its segment (the chosen one is drawn
// bold, so every label is measured bold).
func (s *Segmented) optionSize(p *Painter) float64 {
	room := s.optionRoom(p)
	if s.fitRoom == room && s.fitScale == p.Scale && s.fitSize != 0 && slicesEqual(s.fitFor, s.Options) {
		return s.fitSize
	}
	s.fitRoom, s.fitScale = room, p.Scale
	s.fitFor = append(s.fitFor[:0], s.Options...)
	s.fitSize = 16
	for i, o := range s.Options {
		for s.fitSize > minLabelSize && p.Measure(o, s.fitSize, sprites.Bold) > s.labelRoom(p, i) {
			s.fitSize -= 0.5
		}
	}
	return s.fitSize
}

// optionRoom is the narrowest label's room (the segments differ when
// Weigh sized them), which says when the size must be found again.
func (s *Segmented) optionRoom(p *Painter) float64 {
	if len(s.Options) == 0 {
		return 0
	}
	room := math.Inf(1)
	for i := range s.Options {
		room = math.Min(room, s.labelRoom(p, i))
	}
	return room
}

// labelRoom is the room of segment i's label.
func (s *Segmented) labelRoom(p *Painter, i int) float64 {
	return inset(s.segment(i), p.DP(3)).W - 2*p.DP(segmentPad)
}

func slicesEqual(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Fits are the segments' labels and their room.
func (s *Segmented) Fits(p *Painter) []TextFit {
	var f []TextFit
	size := s.optionSize(p)
	for i, o := range s.Options {
		f = append(f, TextFit{o, size, sprites.Bold, s.labelRoom(p, i)})
	}
	return f
}

// rowLabelRoom is the room of a settings row's label: from its left edge
// to what the row draws on the right (a switch, a slider's track).
func rowLabelFit(p *Painter, f *fitted, label string, room float64) TextFit {
	return TextFit{label, f.fit(p, label, 17, sprites.Regular, room), sprites.Regular, room}
}

// labelLines are the switch's label in one line or two, their size and
// their room.
func (tg *Toggle) labelLines(p *Painter) ([]string, float64, float64) {
	room := tg.Rect.W - p.DP(12) - p.DP(52) - p.DP(12) - p.DP(labelPad)
	lines, size := tg.fit.fitLines(p, tg.Label, 17, sprites.Regular, room)
	return lines, size, room
}

func (s *Slider) labelFit(p *Painter) TextFit {
	x0, _, _ := s.track()
	return rowLabelFit(p, &s.fit, s.Label, x0-s.Rect.X-p.DP(12)-p.DP(labelPad))
}

// Fits are the row's label's lines and their room, left of the switch.
func (tg *Toggle) Fits(p *Painter) []TextFit {
	lines, size, room := tg.labelLines(p)
	var f []TextFit
	for _, l := range lines {
		f = append(f, TextFit{l, size, sprites.Regular, room})
	}
	return f
}

// Fits is the row's label and its room, left of the track.
func (s *Slider) Fits(p *Painter) []TextFit { return []TextFit{s.labelFit(p)} }
