package scenes

import (
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/i18n"
	"bashni/internal/text"
	"bashni/rules"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// DrawPanelBack draws the panel behind the cards, the status, the move
// list and the controls of the play screen's layout l; in portrait, where
// the cards stand around the board, only behind the move list and the
// controls.
func DrawPanelBack(p *ui.Painter, dst *ebiten.Image, l *PlayLayout) {
	t := p.Theme
	if l.Landscape {
		p.RoundRect(dst, l.Panel, p.DP(14), t.Panel, p.DP(1), t.PanelEdge)
	} else {
		p.RoundRect(dst, ui.Inset(Rect{X: l.MoveList.X, Y: l.MoveList.Y, W: l.MoveList.W, H: l.Controls.Y + l.Controls.H - l.MoveList.Y}, -p.DP(2)), p.DP(12), t.Panel, p.DP(1), t.PanelEdge)
	}
}

// DrawControls draws the row of control buttons of layout l, under a rule
// in landscape.
func DrawControls(p *ui.Painter, dst *ebiten.Image, l *PlayLayout, buttons ...*ui.Button) {
	if l.Landscape {
		p.Line(dst, l.Controls.X, l.Controls.Y-p.DP(6), l.Controls.X+l.Controls.W, l.Controls.Y-p.DP(6), p.DP(1), ui.Alpha(p.Theme.PanelEdge, 0.8))
	}
	for _, b := range buttons {
		b.Draw(dst, p)
	}
}

// TopSide is the side at the top of the board, whose card goes at the top.
func TopSide(flipped bool) rules.Color {
	if flipped {
		return rules.White
	}
	return rules.Black
}

// DrawSideCard draws a player's card: a disc of the side's colour, the
// name and a line under it; the side to move is outlined and marked with a
// dot, or a spinner while the computer thinks.
func DrawSideCard(c Context, dst *ebiten.Image, r Rect, side rules.Color, name, sub string, toMove, thinking bool) {
	DrawSideCardBeside(c, dst, r, r.X+r.W-c.Painter().DP(40), side, name, sub, toMove, thinking)
}

// SideCardTextX is where a player's card (DrawSideCard) starts its name
// and line: right of the disc.
func SideCardTextX(p *ui.Painter, r Rect) float64 {
	d := math.Min(r.H*0.62, p.DP(40))
	return r.X + p.DP(14) + d + p.DP(12)
}

// DrawSideCardBeside is DrawSideCard whose name and line stop at x
// textRight, for a page that draws more on the card's right (an online
// game's clock, an arena's Berserk button): they shrink to 12 and 10 dp,
// then lose their end to an ellipsis rather than run under it.
func DrawSideCardBeside(c Context, dst *ebiten.Image, r Rect, textRight float64, side rules.Color, name, sub string, toMove, thinking bool) {
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
	maxW := textRight - x
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
	name = Ellipsize(p, name, nameSize, sprites.Bold, maxW)
	sub = Ellipsize(p, sub, subSize, sprites.Regular, maxW)
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

// Census counts the columns side owns and the enemy pieces it holds
// prisoner.
func Census(p *rules.Position, side rules.Color) (columns, held int) {
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

// MoveList shows the moves in notation, two to a row; a tap on a move
// shows the position after it.
type MoveList struct {
	// Rect is where the list is, Scale the device scale; the screen sets
	// them in Layout.
	Rect  Rect
	Scale float64
	// Follow keeps the Current move (the ply shown on the board) in view
	// at the next Draw.
	Follow  bool
	Current int
	// NoMoves is "No moves yet", in the player's language.
	NoMoves string

	scroll  float64 // pixels scrolled from the top
	hover   int     // ply of the hovered move (0: none)
	pressed int
	dragY   float64
	drag    bool
	buf     []byte
}

// rowH is a row of moves: a touch target, so at least 44 dp.
func (m *MoveList) rowH() float64 { return math.Round(MinTouchDP * m.Scale) }

// StartOffset is 1 when the game started with Black to move (the first row
// then has an empty White cell).
func StartOffset(g *rules.Game) int {
	if g.Start().SideToMove() == rules.Black {
		return 1
	}
	return 0
}

// cellOf is the rectangle of the move that leads to ply.
func (m *MoveList) cellOf(g *rules.Game, ply int) Rect {
	k := ply - 1 + StartOffset(g)
	row, col := k/2, k%2
	numW := math.Round(48 * m.Scale)
	cw := (m.Rect.W - numW - 8*m.Scale) / 2
	return Rect{X: m.Rect.X + numW + float64(col)*cw, Y: m.Rect.Y + float64(row)*m.rowH() - m.scroll, W: cw, H: m.rowH()}
}

func (m *MoveList) rows(g *rules.Game) int {
	return (len(g.AllMoves()) + StartOffset(g) + 1) / 2
}

// maxScroll is the furthest the list scrolls: whole rows, so that the
// top row is never cut (the last row shows whole, a gap under it).
func (m *MoveList) maxScroll(g *rules.Game) float64 {
	return m.wholeRows(math.Max(0, float64(m.rows(g))*m.rowH()-m.Rect.H), math.Ceil)
}

// wholeRows rounds a scroll offset to whole rows with round (math.Round,
// math.Ceil, …).
func (m *MoveList) wholeRows(scroll float64, round func(float64) float64) float64 {
	h := m.rowH()
	if h <= 0 {
		return scroll
	}
	return round(scroll/h) * h
}

// keepInView scrolls, by whole rows, so that the move on the board shows
// whole (the start: the top of the list).
func (m *MoveList) keepInView(g *rules.Game) {
	if m.Current > 0 {
		c := m.cellOf(g, m.Current)
		top := c.Y + m.scroll - m.Rect.Y
		if top < m.scroll {
			m.scroll = m.wholeRows(top, math.Floor)
		} else if top+c.H > m.scroll+m.Rect.H {
			m.scroll = m.wholeRows(top+c.H-m.Rect.H, math.Ceil)
		}
	} else {
		m.scroll = 0
	}
	m.scroll = math.Max(0, math.Min(m.maxScroll(g), m.scroll))
}

// Update handles the pointer; it returns a ply when a move was tapped.
func (m *MoveList) Update(p *ui.Pointer, g *rules.Game) (ply int, tapped, changed bool) {
	in := p.In(m.Rect)
	if in && p.Wheel != 0 {
		step := math.Round(p.Wheel * 1.5)
		if step == 0 {
			step = math.Copysign(1, p.Wheel)
		}
		m.scroll = math.Max(0, math.Min(m.maxScroll(g), m.wholeRows(m.scroll, math.Round)-step*m.rowH()))
		m.Follow = false
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
	if p.Down && m.pressed >= 0 && (m.drag || math.Abs(p.Y-m.dragY) > 10*m.Scale) && m.dragY != 0 {
		if !m.drag {
			m.drag = true
		}
		m.scroll = math.Max(0, math.Min(m.maxScroll(g), m.scroll-(p.Y-m.dragY)))
		m.dragY = p.Y
		m.Follow = false
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
func (m *MoveList) plyAt(g *rules.Game, x, y float64) int {
	n := len(g.AllMoves())
	off := StartOffset(g)
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

// Draw draws the list of g's moves.
func (m *MoveList) Draw(c Context, dst *ebiten.Image, g *rules.Game) {
	p := c.Painter()
	t := p.Theme
	r := m.Rect
	if r.H < p.DP(20) {
		return
	}
	if m.Follow {
		m.Follow = false
		m.keepInView(g)
	}
	n := len(g.AllMoves())
	if n == 0 {
		p.Text(dst, m.NoMoves, 15, sprites.Regular, r.X+r.W/2, r.Y+p.DP(30), text.AlignCenter, text.AlignCenter, t.TextDim)
		return
	}
	sub := dst.SubImage(ui.ImageRect(r)).(*ebiten.Image)
	off := StartOffset(g)
	start := g.Start()
	rowH := m.rowH()
	first := int(m.scroll / rowH)
	last := int((m.scroll+r.H)/rowH) + 1
	numW := math.Round(48 * m.Scale)
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
			case ply == m.Current:
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

// MoveNumber is the number of the move that leads to ply in g, as the move
// list numbers it (a game from a position starts at its move number); 0
// is the start.
func MoveNumber(g *rules.Game, ply int) int {
	if ply <= 0 {
		return 0
	}
	return g.Start().FullmoveNumber() + (ply-1+StartOffset(g))/2
}

// MoveCount is how many moves the first plies of g make, counted as the
// move list numbers them (a move is White's and Black's; a game where Black
// moves first begins with "1... "), so that every screen that says "26
// moves" means the same 52 plies.
func MoveCount(g *rules.Game, plies int) int {
	if plies <= 0 {
		return 0
	}
	return (plies + StartOffset(g) + 1) / 2
}

// CensusText is a card's count: "9 columns · 1 prisoner held".
func CensusText(cat *i18n.Catalog, cols, held int) string {
	return cat.N("play.columns", cols) + cat.T("common.separator") + cat.N("play.prisoners_held", held)
}

// Ellipsize is s, or as much of its start as fits room at size with "…"
// after it: the end of a line that has no more room to shrink into.
func Ellipsize(p *ui.Painter, s string, size float64, w sprites.Weight, room float64) string {
	if p.Measure(s, size, w) <= room {
		return s
	}
	rs := []rune(s)
	for n := len(rs) - 1; n > 0; n-- {
		if t := strings.TrimRight(string(rs[:n]), " ·,") + "…"; p.Measure(t, size, w) <= room {
			return t
		}
	}
	return "…"
}
