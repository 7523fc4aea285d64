package records

import (
	"bashni/scenes"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/internal/text"
	"bashni/scenes/ui"
	"bashni/sprites"
	"bashni/storage"
)

// ArchiveRects is where the list of finished games puts things.
type ArchiveRects struct {
	Card, List, Back scenes.Rect
	RowH             float64
	titleY, subY     float64
}

// ArchiveLayout lays out the list of n finished games: the card grows
// with the list up to the screen's height.
func ArchiveLayout(w, h, scale float64, n int) ArchiveRects {
	dp := func(v float64) float64 { return math.Round(v * scale) }
	var r ArchiveRects
	cw := math.Min(w-dp(16), dp(640))
	rows := math.Max(float64(n), 4)
	ch := math.Min(h-dp(16), dp(20+66+12+52+20)+rows*dp(68))
	r.Card = scenes.Rect{X: math.Round((w - cw) / 2), Y: math.Round((h - ch) / 2), W: cw, H: ch}
	pad := dp(20)
	r.titleY = r.Card.Y + pad + dp(18)
	r.subY = r.Card.Y + pad + dp(48)
	top := r.Card.Y + pad + dp(66)
	btn := dp(52)
	r.Back = scenes.Rect{X: r.Card.X + pad, Y: r.Card.Y + ch - pad - btn, W: math.Min(dp(160), cw-2*pad), H: btn}
	r.List = scenes.Rect{X: r.Card.X + dp(8), Y: top, W: cw - dp(16), H: r.Back.Y - dp(12) - top}
	r.RowH = dp(68)
	return r
}

// ArchiveScene lists the finished games, newest first: date, opponent,
// result and length. A tap opens one in the replay view, its Analysis
// button on the analysis board.
type ArchiveScene struct {
	rects ArchiveRects
	games []storage.ArchivedGame
	note  string

	btnBack ui.Button
	scroll  float64
	hover   int // row under the mouse, -1 none
	pressed int
	pressY  float64
	dragged bool

	// The words shown, in the player's language (set in Layout).
	title, sub string
	empty      []string
	rows       []archiveRow
	pillW      float64 // the result's pill: as wide as its longest word needs
	// analysis labels each row's button that opens the game on the
	// analysis board (a tap elsewhere on the row replays it), beside its
	// icon where the row has room for it (empty on a phone, where the icon
	// alone keeps the row's words readable); analysisW is its width.
	analysis  string
	analysisW float64
}

// archiveAnalysisRect is where the Analysis button of the row whose inset
// rectangle is in goes, at its right end: a touch target of MinTouchDP.
func archiveAnalysisRect(in scenes.Rect, w, scale float64) scenes.Rect {
	h := scenes.MinTouchDP * scale
	return scenes.Rect{X: in.X + in.W - w - 6*scale, Y: in.Y + (in.H-h)/2, W: w, H: h}
}

// AnalysisButtonOf is where the Analysis button of row i shows (tests
// press it by position).
func (s *ArchiveScene) AnalysisButtonOf(i int, scale float64) scenes.Rect {
	l, rh := s.rects.List, s.rects.RowH
	in := ui.Inset(scenes.Rect{X: l.X, Y: l.Y + float64(i)*rh - s.scroll, W: l.W, H: rh}, 3*scale)
	return archiveAnalysisRect(in, s.analysisW, scale)
}

// NewArchiveScene loads the archive.
func NewArchiveScene(c scenes.Context) *ArchiveScene {
	s := &ArchiveScene{hover: -1, pressed: -1}
	s.btnBack = ui.Button{Icon: ui.IconBack}
	if c.Store() == nil {
		s.note = c.Text().T("archive.not_kept")
		return s
	}
	games, notice := c.Archive()
	s.games = games
	s.note = scenes.NoticeWords(c.Text(), notice)
	return s
}

// Name is the scene's name.
func (s *ArchiveScene) Name() string { return scenes.SceneArchive }

// Games is the list shown.
func (s *ArchiveScene) Games() []storage.ArchivedGame { return s.games }

// Layout places the list.
func (s *ArchiveScene) Layout(c scenes.Context, w, h, scale float64) {
	s.rects = ArchiveLayout(w, h, scale, len(s.games))
	s.btnBack.Rect = s.rects.Back
	s.clamp()
	s.setWords(c)
}

// setWords puts the list in the player's language, each row fitted to the
// width it has.
func (s *ArchiveScene) setWords(c scenes.Context) {
	cat, p, r := c.Text(), c.Painter(), s.rects
	s.btnBack.Label = cat.T("common.back")
	s.title = cat.T("archive.title")
	s.sub = cat.N("archive.kept", storage.ArchiveLimit)
	s.empty = p.Wrap(cat.T("archive.empty"), 16, sprites.Regular, r.List.W-p.DP(48))
	in := ui.Inset(scenes.Rect{X: r.List.X, W: r.List.W, H: r.RowH}, p.DP(3))
	s.pillW = archivePillWidth(cat, p, s.games, in.W)
	s.analysis, s.analysisW = "", p.DP(scenes.MinTouchDP)
	if in.W >= p.DP(480) {
		s.analysis = cat.T("ux.analysis")
		s.analysisW += p.Measure(s.analysis, 14, sprites.Medium) + p.DP(10)
	}
	x := in.X + p.DP(10) + s.pillW + p.DP(14)
	maxW := in.X + in.W - x - s.analysisW - p.DP(12) // the button, 6 dp from the edge and 6 from the words
	s.rows = s.rows[:0]
	for _, g := range s.games {
		row := archiveRowWords(cat, p, g, maxW, s.pillW)
		row.name = strings.Join([]string{row.outcome, row.line1, row.line2}, cat.T("announce.sentence_join"))
		s.rows = append(s.rows, row)
	}
}

func (s *ArchiveScene) maxScroll() float64 {
	return math.Max(0, float64(len(s.games))*s.rects.RowH-s.rects.List.H)
}

func (s *ArchiveScene) clamp() { s.scroll = math.Max(0, math.Min(s.scroll, s.maxScroll())) }

// rowAt is the row under y, or -1.
func (s *ArchiveScene) rowAt(x, y float64) int {
	l := s.rects.List
	if !l.Contains(x, y) {
		return -1
	}
	i := int((y - l.Y + s.scroll) / s.rects.RowH)
	if i < 0 || i >= len(s.games) {
		return -1
	}
	return i
}

// Update handles the list and the button.
func (s *ArchiveScene) Update(c scenes.Context) error {
	p := c.Pointer()
	if c.Used(&s.btnBack) {
		s.back(c)
		return nil
	}
	if c.Keys().Consume(scenes.ActBack) {
		s.back(c)
		return nil
	}
	if s.focusRows(c) {
		return nil
	}
	hov := -1
	if !p.Touch {
		hov = s.rowAt(p.X, p.Y)
	}
	if hov != s.hover {
		s.hover = hov
		c.Invalidate()
	}
	if p.In(s.rects.List) && p.Wheel != 0 {
		s.scroll -= p.Wheel * s.rects.RowH
		s.clamp()
		c.Invalidate()
	}
	if p.Pressed && !p.Consumed && p.In(s.rects.List) {
		p.Consumed = true
		s.pressed, s.pressY, s.dragged = s.rowAt(p.X, p.Y), p.Y, false
		c.Invalidate()
	}
	if s.pressY != 0 && p.Down {
		if s.dragged || math.Abs(p.Y-s.pressY) > c.Scale()*10 {
			s.dragged = true
			s.scroll -= p.Y - s.pressY
			s.pressY = p.Y
			s.clamp()
			c.Invalidate()
		}
	}
	if s.pressY != 0 && (p.Released || !p.Down) {
		row := s.rowAt(p.X, p.Y)
		open := !s.dragged && row >= 0 && row == s.pressed
		s.pressY, s.pressed = 0, -1
		c.Invalidate()
		switch {
		case open && s.AnalysisButtonOf(row, c.Scale()).Contains(p.X, p.Y):
			s.analyse(c, row)
		case open:
			s.open(c, row)
		}
	}
	return nil
}

// open shows a finished game in the replay view.
func (s *ArchiveScene) open(c scenes.Context, i int) {
	if im, ok := s.read(c, i); ok {
		c.Play(scenes.UITap)
		c.Push(NewReplayScene(c, im))
	}
}

func (s *ArchiveScene) back(c scenes.Context) {
	c.Pop()
}

// Draw draws the list.
func (s *ArchiveScene) Draw(c scenes.Context, dst *ebiten.Image) {
	p := c.Painter()
	t := p.Theme
	r := s.rects
	c.DrawBackdrop(dst)
	p.RoundRect(dst, r.Card, p.DP(20), t.Panel, p.DP(1), t.PanelEdge)
	x := r.Card.X + p.DP(22)
	p.Text(dst, s.title, 28, sprites.Bold, x, r.titleY, text.AlignStart, text.AlignCenter, t.Text)
	sub := s.sub
	if s.note != "" {
		sub = s.note
	}
	for size := 14.0; size >= 11; size-- {
		if p.Measure(sub, size, sprites.Regular) <= r.Card.W-p.DP(44) || size == 11 {
			p.Text(dst, sub, size, sprites.Regular, x, r.subY, text.AlignStart, text.AlignCenter, t.TextDim)
			break
		}
	}
	l := r.List
	if len(s.games) == 0 {
		msg := s.empty
		y := l.Y + l.H/2 - float64(len(msg)-1)*p.DP(11)
		for _, m := range msg {
			p.Text(dst, m, 16, sprites.Regular, l.X+l.W/2, y, text.AlignCenter, text.AlignCenter, t.TextDim)
			y += p.DP(22)
		}
	}
	clip := dst.SubImage(ui.ImageRect(l)).(*ebiten.Image)
	first := int(s.scroll / r.RowH)
	for i := first; i < len(s.games); i++ {
		y := l.Y + float64(i)*r.RowH - s.scroll
		if y > l.Y+l.H {
			break
		}
		s.drawRow(c, clip, scenes.Rect{X: l.X, Y: y, W: l.W, H: r.RowH}, i)
	}
	if ms := s.maxScroll(); ms > 0 {
		h := l.H * l.H / (l.H + ms)
		y := l.Y + (l.H-h)*s.scroll/ms
		p.RoundRect(dst, scenes.Rect{X: l.X + l.W - p.DP(4), Y: y, W: p.DP(3), H: h}, p.DP(1.5), ui.Alpha(t.TextDim, 0.5), 0, color.NRGBA{})
	}
	s.btnBack.Draw(dst, p)
}

// drawRow draws finished game i in rect r.
func (s *ArchiveScene) drawRow(c scenes.Context, dst *ebiten.Image, r scenes.Rect, i int) {
	p := c.Painter()
	t := p.Theme
	if i >= len(s.rows) {
		return
	}
	row := &s.rows[i]
	in := ui.Inset(r, p.DP(3))
	switch {
	case i == s.pressed:
		p.RoundRect(dst, in, p.DP(10), t.ButtonActive, 0, color.NRGBA{})
	case i == s.hover:
		p.RoundRect(dst, in, p.DP(10), t.ButtonHover, 0, color.NRGBA{})
	case i%2 == 1:
		p.RoundRect(dst, in, p.DP(10), ui.Alpha(t.Button, 0.35), 0, color.NRGBA{})
	}
	// The result, as a pill.
	outcome := row.outcome
	pill := scenes.Rect{X: in.X + p.DP(10), Y: in.Y + (in.H-p.DP(30))/2, W: s.pillW, H: p.DP(30)}
	fill, fg := ui.Alpha(t.TextDim, 0.25), t.Text
	switch row.kind {
	case outcomeWon:
		fill, fg = t.Accent, t.AccentText
	case outcomeDraw:
		fill = ui.Alpha(t.Hint, 0.45)
	}
	p.RoundRect(dst, pill, pill.H/2, fill, 0, color.NRGBA{})
	p.Text(dst, outcome, row.outcomeSize, sprites.Bold, pill.X+pill.W/2, pill.Y+pill.H/2, text.AlignCenter, text.AlignCenter, fg)

	x := pill.X + pill.W + p.DP(14)
	p.Text(dst, row.line1, row.size1, sprites.Medium, x, in.Y+in.H/2-p.DP(10), text.AlignStart, text.AlignCenter, t.Text)
	p.Text(dst, row.line2, row.size2, sprites.Regular, x, in.Y+in.H/2+p.DP(11), text.AlignStart, text.AlignCenter, t.TextDim)
	b := archiveAnalysisRect(in, s.analysisW, c.Scale())
	p.RoundRect(dst, b, p.DP(10), t.Button, p.DP(1), t.PanelEdge)
	icon := p.DP(scenes.MinTouchDP) / 2 // the icon's centre: a square's middle
	ui.IconHint(dst, p, b.X+icon, b.Y+b.H/2, p.DP(20), t.Text)
	if s.analysis != "" {
		p.Text(dst, s.analysis, 14, sprites.Medium, b.X+2*icon, b.Y+b.H/2, text.AlignStart, text.AlignCenter, t.Text)
	}
}

// read parses finished game i's record for the replay or the analysis
// board; a record that no longer reads is said on the screen (ok false).
func (s *ArchiveScene) read(c scenes.Context, i int) (im *imported, ok bool) {
	g := s.games[i]
	im, err := parseImport(g.Record, g.Variant.Rules())
	if err != nil {
		s.note = c.Text().F("archive.unreadable", "Error", scenes.ErrorWords(c.Text(), err))
		c.Invalidate()
		return nil, false
	}
	return im, true
}
