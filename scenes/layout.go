package scenes

import (
	"math"

	"bashni/rules"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// Rect is a rectangle in physical pixels (the same type sprites uses).
type Rect = sprites.Rect

// MinTouchDP is the smallest side of anything the player taps, in
// device-independent pixels.
const MinTouchDP = 44

// PlayLayout places the play screen for a screen of W × H physical pixels
// at Scale physical pixels per device-independent pixel (dp). It is plain
// Go: the game and its end-to-end tests compute the very same layout, so a
// test knows where every square is from the window size alone.
//
// Landscape puts the panel beside the board; portrait puts the opponent's
// card above the board and everything else below it.
type PlayLayout struct {
	W, H      float64
	Scale     float64
	Landscape bool

	Board sprites.Geometry // the board, frame included in Outer()

	// The panel's parts. In landscape they stack in Panel beside the board:
	// top player, status, move list, bottom player, controls. In portrait the
	// top player sits above the board and the rest below it.
	Panel      Rect
	TopCard    Rect // the player at the top of the board (the opponent when not flipped)
	BottomCard Rect
	Status     Rect // one line: whose move, "you must capture", the review banner
	MoveList   Rect
	Controls   Rect // the row of control buttons
}

// DP converts device-independent pixels to physical pixels.
func (l *PlayLayout) DP(v float64) float64 { return v * l.Scale }

// ComputePlayLayout lays out the play screen for variant v.
func ComputePlayLayout(w, h, scale float64, v rules.Variant, flipped bool) PlayLayout {
	if scale <= 0 || math.IsNaN(scale) {
		scale = 1
	}
	l := PlayLayout{W: w, H: h, Scale: scale}
	dp := func(x float64) float64 { return math.Round(x * scale) }
	// Landscape when there is room for a usable panel beside a board that
	// fills the height.
	l.Landscape = w >= h*1.15 && w/scale >= 600
	if l.Landscape {
		m := dp(20)
		panelW := math.Min(math.Max(w*0.3, dp(300)), dp(440))
		boardW := w - panelW - 3*m
		l.Board = sprites.FitGeometry(v, m, m, boardW, h-2*m, flipped)
		outer := l.Board.Outer()
		// The panel takes what the board leaves, up to a comfortable width.
		px := outer.X + outer.W + m
		pw := math.Min(w-px-m, dp(460))
		l.Panel = Rect{X: px, Y: outer.Y, W: pw, H: outer.H}
		if l.Panel.H < dp(420) { // a very wide, very short window: use the full height
			l.Panel.Y, l.Panel.H = m, h-2*m
		}
		pad := dp(14)
		inner := Rect{X: l.Panel.X + pad, Y: l.Panel.Y + pad, W: l.Panel.W - 2*pad, H: l.Panel.H - 2*pad}
		card := dp(64)
		ctl := dp(56)
		status := dp(40)
		gap := dp(10)
		l.TopCard = Rect{X: inner.X, Y: inner.Y, W: inner.W, H: card}
		l.Status = Rect{X: inner.X, Y: l.TopCard.Y + card + gap, W: inner.W, H: status}
		l.Controls = Rect{X: inner.X, Y: inner.Y + inner.H - ctl, W: inner.W, H: ctl}
		l.BottomCard = Rect{X: inner.X, Y: l.Controls.Y - gap - card, W: inner.W, H: card}
		listY := l.Status.Y + status + gap
		l.MoveList = Rect{X: inner.X, Y: listY, W: inner.W, H: math.Max(0, l.BottomCard.Y-gap-listY)}
		return l
	}

	// Portrait: opponent card, board, own card, status, move list, controls.
	m := dp(8)
	card := dp(52)
	ctl := dp(60)
	status := dp(36)
	gap := dp(6)
	minList := dp(56)
	// The board gets the width, but leaves room for everything else.
	rest := 2*card + status + ctl + minList + 6*gap + 2*m
	side := math.Min(w-2*m, h-rest)
	side = math.Max(side, dp(160))
	top := m + card + gap
	l.Board = sprites.FitGeometry(v, (w-side)/2, top, side, side, flipped)
	outer := l.Board.Outer()
	inner := Rect{X: m, W: w - 2*m}
	l.TopCard = Rect{X: inner.X, Y: outer.Y - gap - card, W: inner.W, H: card}
	y := outer.Y + outer.H + gap
	l.BottomCard = Rect{X: inner.X, Y: y, W: inner.W, H: card}
	y += card + gap
	l.Status = Rect{X: inner.X, Y: y, W: inner.W, H: status}
	y += status + gap
	l.Controls = Rect{X: inner.X, Y: h - m - ctl, W: inner.W, H: ctl}
	l.MoveList = Rect{X: inner.X, Y: y, W: inner.W, H: math.Max(0, l.Controls.Y-gap-y)}
	l.Panel = Rect{X: 0, Y: outer.Y + outer.H, W: w, H: h - (outer.Y + outer.H)}
	return l
}

// ControlButtons splits the control row into n equal buttons with gaps.
func (l *PlayLayout) ControlButtons(n int, dst []Rect) []Rect {
	gap := math.Round(l.DP(8))
	w := (l.Controls.W - gap*float64(n-1)) / float64(n)
	for i := 0; i < n; i++ {
		dst = append(dst, Rect{X: math.Round(l.Controls.X + float64(i)*(w+gap)), Y: l.Controls.Y, W: math.Floor(w), H: l.Controls.H})
	}
	return dst
}

// Text that must fit a box in every language: a line that shrinks, a few
// lines that shrink. Screens call these in Layout (or when the text
// changes), never in Draw; the layout test (fit_test.go) measures what
// they chose against the box.

// FitSize is the size, from size down to min in half steps, at which text
// fits room on one line (min when none does).
func FitSize(p *ui.Painter, text string, size, min float64, w sprites.Weight, room float64) float64 {
	for size > min && p.Measure(text, size, w) > room {
		size -= 0.5
	}
	return size
}

// FitLines wraps text into at most maxLines lines of room, at size or a
// smaller one down to min; lines past maxLines at min are dropped (the
// layout test fails on them).
func FitLines(p *ui.Painter, text string, size, min float64, w sprites.Weight, room float64, maxLines int) ([]string, float64) {
	for {
		lines := p.Wrap(text, size, w, room)
		if len(lines) <= maxLines {
			return lines, size
		}
		if size <= min {
			return lines[:maxLines], size
		}
		size = max(min, size-1)
	}
}

// StatusFit fits a status line: one line from 16 dp down to 13, else two
// lines from 13 dp down to 11.
func StatusFit(p *ui.Painter, text string, room float64) ([]string, float64) {
	if size := FitSize(p, text, 16, 13, sprites.Medium, room); p.Measure(text, size, sprites.Medium) <= room {
		return []string{text}, size
	}
	return FitLines(p, text, 13, 11, sprites.Medium, room, 2)
}
