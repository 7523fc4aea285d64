package play

import (
	"bashni/scenes"
	"github.com/hajimehoshi/ebiten/v2"

	"bashni/internal/text"
	"bashni/rules"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// drawPanel draws the players, the status line, the move list and the
// controls.
func (s *Screen) drawPanel(c scenes.Context, dst *ebiten.Image) {
	p := c.Painter()
	t := p.Theme
	l := &s.layout
	scenes.DrawPanelBack(p, dst, l)
	top := scenes.TopSide(s.flipped)
	s.drawCard(c, dst, l.TopCard, top)
	s.drawCard(c, dst, s.ownCard(), top.Opponent())

	// Status.
	st := l.Status
	msg, warn := s.statusText()
	col := t.Text
	if warn {
		col = t.MustCapture
		p.RoundRect(dst, st, p.DP(10), ui.Alpha(t.MustCapture, 0.16), p.DP(1), ui.Alpha(t.MustCapture, 0.6))
	}
	maxW := st.W - p.DP(24)
	if !s.live() || s.review.replaying {
		maxW -= s.review.btnReturn.Rect.W + p.DP(8)
		s.review.btnReturn.Draw(dst, p)
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

	s.moves.Draw(c, dst, s.sess.Game())
	s.drawNote(c, dst)
	if s.reviewing() {
		scenes.DrawControls(p, dst, l, s.review.pb.buttons()...)
	} else {
		scenes.DrawControls(p, dst, l, s.ctl.row...)
	}
	if s.sess.HintPending() {
		r := s.ctl.btnHint.Rect
		c.Renderer().DrawSpinner(dst, r.X+r.W-p.DP(14), r.Y+p.DP(14), p.DP(14), float64(c.Tick()%60)/60, t.Accent)
	}
}

// drawCard draws one player's card.
func (s *Screen) drawCard(c scenes.Context, dst *ebiten.Image, r scenes.Rect, side rules.Color) {
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
	if s.online == nil {
		scenes.DrawSideCard(c, dst, r, side, name, sub, toMove, thinking)
		return
	}
	scenes.DrawSideCardBeside(c, dst, r, s.online.textRight(c, s, r, side), side, name, sub, toMove, thinking)
	s.online.drawCard(c, s, dst, r, side)
}
