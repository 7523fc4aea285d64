package scenes

import (
	"image/color"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"bashni/rules"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// drawPanel draws the players, the status line, the move list and the
// controls.
func (s *PlayScene) drawPanel(c Context, dst *ebiten.Image) {
	p := c.Painter()
	t := p.Theme
	l := &s.layout
	drawPanelBack(p, dst, l)
	top := topSide(s.flipped)
	s.drawCard(c, dst, l.TopCard, top)
	s.drawCard(c, dst, l.BottomCard, top.Opponent())

	// Status.
	st := l.Status
	msg, warn := s.statusText()
	col := t.Text
	if warn {
		col = t.MustCapture
		p.RoundRect(dst, st, p.DP(10), ui.Alpha(t.MustCapture, 0.16), p.DP(1), ui.Alpha(t.MustCapture, 0.6))
	}
	maxW := st.W - p.DP(24)
	if !s.live() || s.replaying {
		maxW -= s.btnReturn.Rect.W + p.DP(8)
		s.btnReturn.Draw(dst, p)
	}
	size := 16.0
	for size > 13 && p.Measure(msg, size, sprites.Medium) > maxW {
		size--
	}
	if p.Measure(msg, size, sprites.Medium) <= maxW {
		p.Text(dst, msg, size, sprites.Medium, st.X+p.DP(12), st.Y+st.H/2, text.AlignStart, text.AlignCenter, col)
	} else {
		// Two lines, smaller.
		lines := p.Wrap(msg, 13, sprites.Medium, maxW)
		if len(lines) > 2 {
			lines = lines[:2]
		}
		y := st.Y + st.H/2 - p.DP(8)*float64(len(lines)-1)
		for _, ln := range lines {
			p.Text(dst, ln, 13, sprites.Medium, st.X+p.DP(12), y, text.AlignStart, text.AlignCenter, col)
			y += p.DP(16)
		}
	}

	s.moves.draw(c, dst, s.sess.Game())
	if s.reviewing() {
		drawControls(p, dst, l, s.pb.buttons()...)
	} else {
		drawControls(p, dst, l, &s.btnUndo, &s.btnRedo, &s.btnFlip, &s.btnHint, &s.btnMenu)
	}
	if s.sess.HintPending() {
		r := s.btnHint.Rect
		c.Renderer().DrawSpinner(dst, r.X+r.W-p.DP(14), r.Y+p.DP(14), p.DP(14), float64(c.Tick()%60)/60, t.Accent)
	}
}

// drawPanelBack draws the panel behind the cards, the status, the move
// list and the controls of the play screen's layout l; in portrait, where
// the cards stand around the board, only behind the move list and the
// controls.
func drawPanelBack(p *ui.Painter, dst *ebiten.Image, l *PlayLayout) {
	t := p.Theme
	if l.Landscape {
		p.RoundRect(dst, l.Panel, p.DP(14), t.Panel, p.DP(1), t.PanelEdge)
	} else {
		p.RoundRect(dst, ui.Inset(Rect{X: l.MoveList.X, Y: l.MoveList.Y, W: l.MoveList.W, H: l.Controls.Y + l.Controls.H - l.MoveList.Y}, -p.DP(2)), p.DP(12), t.Panel, p.DP(1), t.PanelEdge)
	}
}

// drawControls draws the row of control buttons of layout l, under a rule
// in landscape.
func drawControls(p *ui.Painter, dst *ebiten.Image, l *PlayLayout, buttons ...*ui.Button) {
	if l.Landscape {
		p.Line(dst, l.Controls.X, l.Controls.Y-p.DP(6), l.Controls.X+l.Controls.W, l.Controls.Y-p.DP(6), p.DP(1), ui.Alpha(p.Theme.PanelEdge, 0.8))
	}
	for _, b := range buttons {
		b.Draw(dst, p)
	}
}

// topSide is the side at the top of the board, whose card goes at the top.
func topSide(flipped bool) rules.Color {
	if flipped {
		return rules.White
	}
	return rules.Black
}

// drawCard draws one player's card.
func (s *PlayScene) drawCard(c Context, dst *ebiten.Image, r Rect, side rules.Color) {
	pos := s.board.Position()
	if pos == nil {
		pos = s.sess.Game().Position()
	}
	toMove := !s.sess.Over() && pos.SideToMove() == side
	name, sub := s.cardText(c, side, pos)
	if s.online != nil {
		name = s.online.name(side)
	}
	thinkingSide, thinking := s.sess.Thinking()
	thinking = thinking && thinkingSide == side && toMove && s.live()
	drawSideCard(c, dst, r, side, name, sub, toMove, thinking)
	if s.online != nil {
		s.online.drawCard(c, dst, r, side)
	}
}

// drawSideCard draws a player's card: a disc of the side's colour, the
// name and a line under it; the side to move is outlined and marked with a
// dot, or a spinner while the computer thinks.
func drawSideCard(c Context, dst *ebiten.Image, r Rect, side rules.Color, name, sub string, toMove, thinking bool) {
	p := c.Painter()
	t := p.Theme
	fill := ui.Mix(t.Panel, t.Button, 0.35)
	edge, edgeW := t.PanelEdge, p.DP(1)
	if toMove {
		fill = ui.Mix(t.Panel, t.ButtonActive, 0.45)
		edge, edgeW = t.Accent, p.DP(2)
	}
	p.RoundRect(dst, r, p.DP(12), fill, edgeW, edge)

	// A disc of the side's colour, as on the board.
	d := math.Min(r.H*0.62, p.DP(40))
	cx, cy := r.X+p.DP(14)+d/2, r.Y+r.H/2
	p.Circle(dst, cx, cy, d*0.62, ui.Alpha(t.Background, 0.5))
	m := c.Renderer().Metrics()
	if m.Radius > 0 {
		c.Renderer().DrawDisc(dst, cx, cy, rules.NewPiece(side, false), sprites.DiscOptions{Scale: d / (2 * m.Radius)})
	}

	x := cx + d/2 + p.DP(12)
	maxW := r.X + r.W - x - p.DP(40)
	compact := r.H < p.DP(58)
	nameSize, subSize, dy, subDy := 18.0, 13.5, p.DP(11), p.DP(12)
	if compact {
		nameSize, subSize, dy, subDy = 17, 12.5, p.DP(9), p.DP(11)
	}
	for nameSize > 12 && p.Measure(name, nameSize, sprites.Bold) > maxW {
		nameSize--
	}
	for subSize > 10 && p.Measure(sub, subSize, sprites.Regular) > maxW {
		subSize -= 0.5
	}
	if sub == "" {
		p.Text(dst, name, nameSize, sprites.Bold, x, cy, text.AlignStart, text.AlignCenter, t.Text)
	} else {
		p.Text(dst, name, nameSize, sprites.Bold, x, cy-dy, text.AlignStart, text.AlignCenter, t.Text)
		p.Text(dst, sub, subSize, sprites.Regular, x, cy+subDy, text.AlignStart, text.AlignCenter, t.TextDim)
	}
	// Thinking: a spinner on the right.
	if thinking {
		sz := p.DP(26)
		c.Renderer().DrawSpinner(dst, r.X+r.W-p.DP(14)-sz/2, cy, sz, float64(c.Tick()%90)/90, t.Accent)
	} else if toMove {
		p.Circle(dst, r.X+r.W-p.DP(22), cy, p.DP(5), t.Accent)
	}
}

// census counts the columns side owns and the enemy pieces it holds
// prisoner.
func census(p *rules.Position, side rules.Color) (columns, held int) {
	for _, sq := range p.Variant().Squares() {
		c := p.Column(sq)
		if c.IsEmpty() || c.Owner() != side {
			continue
		}
		columns++
		held += c.Height() - c.OwnCount()
	}
	return columns, held
}

// --- the move list --------------------------------------------------------

// moveList shows the moves in notation, two to a row; a tap on a move
// shows the position after it.
type moveList struct {
	rect    Rect
	scale   float64
	scroll  float64 // pixels scrolled from the top
	follow  bool    // keep the current move in view
	current int     // the ply shown on the board
	hover   int     // ply of the hovered move (0: none)
	pressed int
	dragY   float64
	drag    bool
	buf     []byte
	noMoves string // "No moves yet", in the player's language
}

// rowH is a row of moves: a touch target, so at least 44 dp.
func (m *moveList) rowH() float64 { return math.Round(MinTouchDP * m.scale) }

// startOffset is 1 when the game started with Black to move (the first row
// then has an empty White cell).
func startOffset(g *rules.Game) int {
	if g.Start().SideToMove() == rules.Black {
		return 1
	}
	return 0
}

// cellOf is the rectangle of the move that leads to ply.
func (m *moveList) cellOf(g *rules.Game, ply int) Rect {
	k := ply - 1 + startOffset(g)
	row, col := k/2, k%2
	numW := math.Round(48 * m.scale)
	cw := (m.rect.W - numW - 8*m.scale) / 2
	return Rect{X: m.rect.X + numW + float64(col)*cw, Y: m.rect.Y + float64(row)*m.rowH() - m.scroll, W: cw, H: m.rowH()}
}

func (m *moveList) rows(g *rules.Game) int {
	return (len(g.AllMoves()) + startOffset(g) + 1) / 2
}

// maxScroll is the furthest the list scrolls: whole rows, so that the
// top row is never cut (the last row shows whole, a gap under it).
func (m *moveList) maxScroll(g *rules.Game) float64 {
	return m.wholeRows(math.Max(0, float64(m.rows(g))*m.rowH()-m.rect.H), math.Ceil)
}

// wholeRows rounds a scroll offset to whole rows with round (math.Round,
// math.Ceil, …).
func (m *moveList) wholeRows(scroll float64, round func(float64) float64) float64 {
	h := m.rowH()
	if h <= 0 {
		return scroll
	}
	return round(scroll/h) * h
}

// keepInView scrolls, by whole rows, so that the move on the board shows
// whole (the start: the top of the list).
func (m *moveList) keepInView(g *rules.Game) {
	if m.current > 0 {
		c := m.cellOf(g, m.current)
		top := c.Y + m.scroll - m.rect.Y
		if top < m.scroll {
			m.scroll = m.wholeRows(top, math.Floor)
		} else if top+c.H > m.scroll+m.rect.H {
			m.scroll = m.wholeRows(top+c.H-m.rect.H, math.Ceil)
		}
	} else {
		m.scroll = 0
	}
	m.scroll = math.Max(0, math.Min(m.maxScroll(g), m.scroll))
}

// update handles the pointer; it returns a ply when a move was tapped.
func (m *moveList) update(p *ui.Pointer, g *rules.Game) (ply int, tapped, changed bool) {
	in := p.In(m.rect)
	if in && p.Wheel != 0 {
		step := math.Round(p.Wheel * 1.5)
		if step == 0 {
			step = math.Copysign(1, p.Wheel)
		}
		m.scroll = math.Max(0, math.Min(m.maxScroll(g), m.wholeRows(m.scroll, math.Round)-step*m.rowH()))
		m.follow = false
		changed = true
	}
	hov := 0
	if in && !p.Touch {
		hov = m.plyAt(g, p.X, p.Y)
	}
	if hov != m.hover {
		m.hover, changed = hov, true
	}
	if p.Pressed && !p.Consumed && in {
		m.pressed = m.plyAt(g, p.X, p.Y)
		m.dragY = p.Y
		m.drag = false
		p.Consumed = true
		changed = true
	}
	if p.Down && m.pressed >= 0 && (m.drag || math.Abs(p.Y-m.dragY) > 10*m.scale) && m.dragY != 0 {
		if !m.drag {
			m.drag = true
		}
		m.scroll = math.Max(0, math.Min(m.maxScroll(g), m.scroll-(p.Y-m.dragY)))
		m.dragY = p.Y
		m.follow = false
		changed = true
	}
	if p.Released && m.dragY != 0 {
		if m.drag {
			m.scroll = math.Max(0, math.Min(m.maxScroll(g), m.wholeRows(m.scroll, math.Round)))
		}
		if !m.drag && m.pressed > 0 && m.plyAt(g, p.X, p.Y) == m.pressed {
			ply, tapped = m.pressed, true
			p.Consumed = true
		}
		m.pressed, m.dragY, m.drag = 0, 0, false
		changed = true
	}
	return ply, tapped, changed
}

// plyAt is the ply of the move under (x, y), 0 for none.
func (m *moveList) plyAt(g *rules.Game, x, y float64) int {
	n := len(g.AllMoves())
	off := startOffset(g)
	for ply := 1; ply <= n; ply++ {
		if ply+off-1 < 0 {
			continue
		}
		if m.cellOf(g, ply).Contains(x, y) {
			return ply
		}
	}
	return 0
}

func (m *moveList) draw(c Context, dst *ebiten.Image, g *rules.Game) {
	p := c.Painter()
	t := p.Theme
	r := m.rect
	if r.H < p.DP(20) {
		return
	}
	if m.follow {
		m.follow = false
		m.keepInView(g)
	}
	n := len(g.AllMoves())
	if n == 0 {
		p.Text(dst, m.noMoves, 15, sprites.Regular, r.X+r.W/2, r.Y+p.DP(30), text.AlignCenter, text.AlignCenter, t.TextDim)
		return
	}
	sub := dst.SubImage(ui.ImageRect(r)).(*ebiten.Image)
	off := startOffset(g)
	start := g.Start()
	rowH := m.rowH()
	first := int(m.scroll / rowH)
	last := int((m.scroll+r.H)/rowH) + 1
	numW := math.Round(48 * m.scale)
	for row := first; row <= last && row < m.rows(g); row++ {
		y := r.Y + float64(row)*rowH - m.scroll
		if row%2 == 1 {
			p.Fill(sub, Rect{X: r.X, Y: y, W: r.W, H: rowH}, ui.Alpha(t.Button, 0.35))
		}
		m.buf = strconv.AppendInt(m.buf[:0], int64(start.FullmoveNumber()+row), 10)
		m.buf = append(m.buf, '.')
		p.Text(sub, string(m.buf), 14, sprites.Regular, r.X+numW-p.DP(10), y+rowH/2, text.AlignEnd, text.AlignCenter, t.TextDim)
		for col := 0; col < 2; col++ {
			ply := row*2 + col + 1 - off
			if ply < 1 || ply > n {
				if ply < 1 {
					c := m.cellOf(g, 1)
					p.Text(sub, "…", 15, sprites.Regular, c.X-c.W+p.DP(10), y+rowH/2, text.AlignStart, text.AlignCenter, t.TextDim)
				}
				continue
			}
			c := m.cellOf(g, ply)
			fg := t.Text
			if ply > g.Ply() {
				fg = ui.Alpha(t.TextDim, 0.6) // undone moves that redo would replay
			}
			switch {
			case ply == m.current:
				p.RoundRect(sub, ui.Inset(c, p.DP(2)), p.DP(6), t.Accent, 0, color.NRGBA{})
				fg = t.AccentText
			case ply == m.hover:
				p.RoundRect(sub, ui.Inset(c, p.DP(2)), p.DP(6), t.ButtonHover, 0, color.NRGBA{})
			}
			mv := g.AllMoves()[ply-1]
			size := 15.0
			txt := mv.String()
			for size > 10 && p.Measure(txt, size, sprites.Medium) > c.W-p.DP(16) {
				size--
			}
			p.Text(sub, txt, size, sprites.Medium, c.X+p.DP(10), c.Y+rowH/2, text.AlignStart, text.AlignCenter, fg)
		}
	}
	// A scroll hint.
	if ms := m.maxScroll(g); ms > 0 {
		h := r.H * r.H / (r.H + ms)
		y := r.Y + (r.H-h)*m.scroll/ms
		p.RoundRect(dst, Rect{X: r.X + r.W - p.DP(4), Y: y, W: p.DP(3), H: h}, p.DP(1.5), ui.Alpha(t.TextDim, 0.5), 0, color.NRGBA{})
	}
}
