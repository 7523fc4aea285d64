// Package learn is the learning page: the lessons list, a lesson, the
// puzzles and the analysis board. The shell opens it through its router
// (scenes.Pages: Lessons, Analysis), which startup fills.
package learn

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/i18n/linebreak"
	"bashni/internal/text"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/board"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// LearnLayout places a lesson or puzzle screen: the board as on the play
// screen, a heading where the opponent's card goes, the texts in the
// panel and a row of buttons.
type LearnLayout struct {
	scenes.PlayLayout
	Heading scenes.Rect
	Text    scenes.Rect
	Buttons []scenes.Rect
}

// ComputeLearnLayout lays out a learning screen with n buttons in its
// control row.
func ComputeLearnLayout(w, h, scale float64, v rules.Variant, n int) LearnLayout {
	l := LearnLayout{PlayLayout: scenes.ComputePlayLayout(w, h, scale, v, false)}
	l.Heading = l.TopCard
	if l.Landscape {
		l.Text = scenes.Rect{X: l.Status.X, Y: l.Status.Y, W: l.Status.W, H: l.BottomCard.Y + l.BottomCard.H - l.Status.Y}
	} else {
		l.Text = scenes.Rect{X: l.BottomCard.X, Y: l.BottomCard.Y, W: l.BottomCard.W, H: l.Controls.Y - l.DP(6) - l.BottomCard.Y}
	}
	l.Buttons = l.ControlButtons(n, nil)
	return l
}

// drawLearnPanel draws the panel behind the texts and the buttons.
func drawLearnPanel(p *ui.Painter, dst *ebiten.Image, l *LearnLayout) {
	t := p.Theme
	if l.Landscape {
		p.RoundRect(dst, l.Panel, p.DP(14), t.Panel, p.DP(1), t.PanelEdge)
		return
	}
	r := scenes.Rect{X: l.Text.X, Y: l.Text.Y, W: l.Text.W, H: l.Controls.Y + l.Controls.H - l.Text.Y}
	p.RoundRect(dst, ui.Inset(r, -p.DP(2)), p.DP(12), t.Panel, p.DP(1), t.PanelEdge)
}

// tone is a paragraph's colour.
type tone uint8

const (
	toneText tone = iota
	toneDim
	toneGood
	toneBad
	toneHint
)

func (t tone) color(th *sprites.Theme) color.NRGBA {
	switch t {
	case toneDim:
		return th.TextDim
	case toneGood:
		return th.Accent
	case toneBad:
		return ui.Mix(th.MustCapture, th.Text, 0.25)
	case toneHint:
		return ui.Mix(th.Hint, th.Text, 0.3)
	}
	return th.Text
}

// para is one paragraph of a textBlock.
type para struct {
	s      string
	size   float64
	weight sprites.Weight
	tone   tone
}

// textBlock is paragraphs wrapped to a width once, when they or the layout
// change, so that Draw only draws lines.
type textBlock struct {
	paras []para
	lines []textLine
	rect  scenes.Rect
	p     *ui.Painter
}

type textLine struct {
	s      string
	size   float64
	weight sprites.Weight
	tone   tone
	y      float64
}

// set replaces the paragraphs.
func (b *textBlock) set(ps ...para) {
	b.paras = append(b.paras[:0], ps...)
	b.wrap()
}

// layout puts the block in r.
func (b *textBlock) layout(p *ui.Painter, r scenes.Rect) {
	b.p, b.rect = p, r
	b.wrap()
}

func (b *textBlock) wrap() {
	b.lines = b.lines[:0]
	if b.p == nil {
		return
	}
	p := b.p
	pad := p.DP(12)
	y := b.rect.Y + pad
	for i, pr := range b.paras {
		if pr.s == "" {
			continue
		}
		if i > 0 {
			y += p.DP(6)
		}
		size := pr.size
		weight := pr.weight
		// linebreak breaks Japanese, which has no spaces, as well.
		lines := linebreak.Wrap(pr.s, b.rect.W-2*pad, func(t string) float64 { return p.Measure(t, size, weight) })
		for _, ln := range lines {
			b.lines = append(b.lines, textLine{s: ln, size: size, weight: pr.weight, tone: pr.tone, y: y})
			y += p.DP(size * 1.35)
		}
	}
	// Too tall: shrink every paragraph a little, down to a floor.
	if y > b.rect.Y+b.rect.H && len(b.paras) > 0 && b.paras[0].size > 11 {
		for i := range b.paras {
			b.paras[i].size = math.Max(11, b.paras[i].size-1)
		}
		b.wrap()
	}
}

// draw draws the lines.
func (b *textBlock) draw(dst *ebiten.Image) {
	if b.p == nil {
		return
	}
	p := b.p
	x := b.rect.X + p.DP(12)
	for _, ln := range b.lines {
		p.Text(dst, ln.s, ln.size, ln.weight, x, ln.y, text.AlignStart, text.AlignStart, ln.tone.color(p.Theme))
	}
}

// whyMarks draws what explains a try on the board: a route (the capture
// that was compulsory, the opponent's answer) as a line from square to
// square, and the tried move fainter under it.
type whyMarks struct {
	route []rules.Square
	tried []rules.Square
}

func (w *whyMarks) clear() { w.route, w.tried = nil, nil }

func (w *whyMarks) draw(p *ui.Painter, dst *ebiten.Image, b *board.Board) {
	g := b.Geometry()
	drawRoute(p, dst, g, w.tried, ui.Alpha(p.Theme.LastMove, 0.8), g.Square*0.08)
	drawRoute(p, dst, g, w.route, ui.Alpha(p.Theme.MustCapture, 0.9), g.Square*0.11)
}

// drawRoute draws a route over the board: a ring on its first square,
// lines between the squares and a dot on the last.
func drawRoute(p *ui.Painter, dst *ebiten.Image, g sprites.Geometry, route []rules.Square, c color.NRGBA, width float64) {
	if len(route) == 0 {
		return
	}
	x0, y0 := g.SquareCenter(route[0])
	p.Ring(dst, x0, y0, g.Square*0.42, width*0.8, c)
	for _, sq := range route[1:] {
		x1, y1 := g.SquareCenter(sq)
		p.Line(dst, x0, y0, x1, y1, width, c)
		x0, y0 = x1, y1
	}
	if len(route) > 1 {
		p.Circle(dst, x0, y0, width*1.6, c)
	}
}
