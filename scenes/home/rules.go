package home

import (
	"bashni/scenes"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/internal/text"
	"bashni/rules"
	"bashni/scenes/board"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// rulesPage is one page of the rules: its words (messages rules.<id>.title,
// .p1–.p3 and .caption in i18n/locales) and a small board on which a move
// plays itself over and over.
type rulesPage struct {
	id        string
	captioned bool // the diagram has a caption
	// The diagram: a position (Variant start + moves, or a FEN) and the move
	// shown on it (in notation; "" shows the position only).
	variant rules.Variant
	setup   []string
	fen     string
	move    string
}

// rulesParagraphs is the number of paragraphs of a page.
const rulesParagraphs = 3

var rulesPages = []rulesPage{
	{
		id:        "minute",
		captioned: true,
		setup:     []string{"c3-d4", "f6-e5"},
		move:      "d4:f6",
	},
	{
		id:        "columns",
		captioned: true,
		setup:     []string{"c3-b4", "b6-c5", "b4-a5", "a7-b6", "b2-c3", "c5-b4"},
		move:      "a3:c5:a7",
	},
	{
		id:        "top",
		captioned: true,
		fen:       "W:Wc3,g1:Bd4-0/00,h8:H0:F10",
		move:      "c3:e5",
	},
	{
		id:        "turkish",
		captioned: true,
		setup:     []string{"a3-b4", "b6-a5", "b2-a3", "f6-e5", "a1-b2", "e5-d4", "c3:e5"},
		move:      "a5:c3:a1",
	},
	{
		id:        "kings",
		captioned: true,
		fen:       "W:Wa1-1,c1,e1:Bd4,f6-0/0,h8:H0:F20",
		move:      "a1:e5:g7",
	},
	{
		id:  "ending",
		fen: "W:Wc3-00/0,e3:Ba5,b6-0/0:H0:F30",
	},
	{
		id:        "lasca",
		captioned: true,
		variant:   rules.Lasca,
		setup:     []string{"c3-d4", "e5-f4"},
		move:      "e3:g5",
	},
	{
		id:    "board",
		setup: []string{"c3-d4", "b6-c5"},
		move:  "d4:b6",
	},
}

// RulesScene shows the rules page by page.
type RulesScene struct {
	page  int
	r     *sprites.Renderer
	board *board.Board
	start *rules.Position
	move  rules.Move
	cycle int64
	phase int // 0 before the move, 1 moving, 2 after

	w, h, scale     float64
	text, diagram   scenes.Rect
	lines           []string
	lineSize        float64
	btnPrev, btnNxt ui.Button
	btnBack         ui.Button
	landscape       bool

	// The page's words in the player's language (setWords).
	header, counter, title, caption string
	paras                           []string
	captionLines                    []string
	counterX                        float64 // the page counter's place after the header
	titleSize                       float64
}

// NewRulesScene makes the rules screen.
func NewRulesScene(c scenes.Context) *RulesScene {
	s := &RulesScene{}
	s.r = sprites.NewRenderer(c.Renderer().Theme())
	s.board = board.New(s.r, scenes.Silent{C: c})
	s.btnPrev = ui.Button{Icon: ui.IconBack}
	s.btnNxt = ui.Button{Kind: ui.Primary}
	s.btnBack = ui.Button{Icon: ui.IconClose, Kind: ui.Flat}
	s.setPage(c, 0)
	return s
}

// setWords looks up the page's words in the player's language.
func (s *RulesScene) setWords(c scenes.Context) {
	cat := c.Text()
	pg := &rulesPages[s.page]
	s.btnPrev.Label = cat.T("rules.previous")
	s.btnBack.Label = cat.T("common.close")
	if s.page == len(rulesPages)-1 {
		s.btnNxt.Label = cat.T("common.done")
	} else {
		s.btnNxt.Label = cat.T("common.next")
	}
	s.header = cat.T("rules.header")
	s.counter = cat.F("rules.page_of", "Page", s.page+1, "Pages", len(rulesPages))
	s.title = cat.T("rules." + pg.id + ".title")
	s.paras = s.paras[:0]
	for i := 1; i <= rulesParagraphs; i++ {
		s.paras = append(s.paras, cat.T("rules."+pg.id+".p"+strconv.Itoa(i)))
	}
	s.caption = ""
	if pg.captioned {
		s.caption = cat.T("rules." + pg.id + ".caption")
	}
}

// pagePosition builds a page's diagram position and move.
func pagePosition(pg *rulesPage) (*rules.Position, rules.Move) {
	var pos *rules.Position
	if pg.fen != "" {
		p, err := rules.ParseFEN(pg.variant, pg.fen)
		if err != nil {
			return rules.NewPosition(pg.variant), rules.Move{}
		}
		pos = p
	} else {
		g := rules.NewGame(pg.variant)
		for _, mv := range pg.setup {
			if _, err := g.PlayText(mv); err != nil {
				break
			}
		}
		pos = g.Position()
	}
	var mv rules.Move
	if pg.move != "" {
		if m, err := pos.ParseMove(pg.move); err == nil {
			mv = m
		}
	}
	return pos, mv
}

func (s *RulesScene) setPage(c scenes.Context, i int) {
	s.page = max(0, min(i, len(rulesPages)-1))
	pg := &rulesPages[s.page]
	s.start, s.move = pagePosition(pg)
	s.board.Show(s.start, rules.Move{})
	s.phase = 0
	s.cycle = c.Tick()
	s.btnPrev.Disabled = s.page == 0
	s.setWords(c)
	if s.w > 0 {
		s.Layout(c, s.w, s.h, s.scale)
	}
	c.Invalidate()
}

// Name is the scene's name.
func (s *RulesScene) Name() string { return scenes.SceneRules }

// Layout places the text and the diagram.
func (s *RulesScene) Layout(c scenes.Context, w, h, scale float64) {
	dp := func(v float64) float64 { return math.Round(v * scale) }
	s.w, s.h, s.scale = w, h, scale
	s.landscape = w >= h*1.1
	pad := dp(24)
	nav := dp(56)
	top := dp(64)
	pg := &rulesPages[s.page]
	s.setWords(c)
	if s.landscape {
		side := math.Min(h-top-nav-3*pad, w*0.45)
		s.diagram = scenes.Rect{X: w - pad - side, Y: top + pad, W: side, H: side}
		s.text = scenes.Rect{X: pad * 2, Y: top + pad, W: s.diagram.X - 4*pad, H: h - top - nav - 3*pad}
	} else {
		side := math.Min(w-2*dp(12), h*0.38)
		s.diagram = scenes.Rect{X: (w - side) / 2, Y: top, W: side, H: side}
		y := top + side + dp(12)
		if s.caption != "" {
			y += float64(len(c.Painter().Wrap(s.caption, 14, sprites.Regular, side))) * dp(19)
		}
		y += dp(8)
		s.text = scenes.Rect{X: dp(20), Y: y, W: w - dp(40), H: h - y - nav - dp(24) - dp(28)}
	}
	s.board.Layout(sprites.FitGeometry(pg.variant, s.diagram.X, s.diagram.Y, s.diagram.W, s.diagram.H, false), true, scenes.Rect{W: w, H: h})
	s.counterX = math.Max(dp(66), c.Painter().Measure(s.header, 15, sprites.Medium)+dp(12))
	s.titleSize = scenes.FitSize(c.Painter(), s.title, 30, 22, sprites.Bold, s.text.W)
	s.captionLines = s.captionLines[:0]
	if s.caption != "" {
		s.captionLines = c.Painter().Wrap(s.caption, 14, sprites.Regular, s.board.Geometry().Outer().W)
	}
	// Text: the largest size (from 18 dp down) at which the page fits.
	s.lineSize = 18
	for ; s.lineSize > 12; s.lineSize-- {
		s.wrap(c)
		if float64(len(s.lines))*s.lineH() <= s.text.H-dp(50) {
			break
		}
	}
	bw := math.Min(dp(170), (w-3*pad)/2)
	s.btnPrev.Rect = scenes.Rect{X: pad, Y: h - pad - nav + dp(8), W: bw, H: nav}
	s.btnNxt.Rect = scenes.Rect{X: w - pad - bw, Y: h - pad - nav + dp(8), W: bw, H: nav}
	s.btnBack.Rect = scenes.Rect{X: w - dp(8) - dp(120), Y: dp(8), W: dp(120), H: dp(48)}
}

func (s *RulesScene) lineH() float64 { return math.Round(s.lineSize * 1.45 * s.scale) }

func (s *RulesScene) wrap(c scenes.Context) {
	s.lines = s.lines[:0]
	for i, para := range s.paras {
		if i > 0 {
			s.lines = append(s.lines, "")
		}
		s.lines = append(s.lines, c.Painter().Wrap(para, s.lineSize, sprites.Regular, s.text.W)...)
	}
}

// Update turns pages and plays the diagram.
func (s *RulesScene) Update(c scenes.Context) error {
	if c.Used(&s.btnPrev) {
		s.setPage(c, s.page-1)
	}
	if c.Used(&s.btnNxt) {
		if s.page == len(rulesPages)-1 {
			s.back(c)
			return nil
		}
		s.setPage(c, s.page+1)
	}
	if c.Used(&s.btnBack) {
		s.back(c)
		return nil
	}
	switch {
	case c.Keys().Consume(scenes.ActBack):
		s.back(c)
		return nil
	case c.Keys().Consume(scenes.ActPrev):
		s.setPage(c, s.page-1)
	case c.Keys().Consume(scenes.ActNext), c.Keys().Consume(scenes.ActConfirm):
		s.setPage(c, s.page+1)
	}
	s.stepDiagram(c)
	return nil
}

// stepDiagram loops the page's move: the position for a moment, the move,
// the position after it for a while, and again.
func (s *RulesScene) stepDiagram(c scenes.Context) {
	if s.move.IsZero() {
		return
	}
	const before, after = 80, 150
	switch s.phase {
	case 0:
		if c.Tick()-s.cycle >= before {
			s.board.Animate(s.start, s.move, scenes.AnimOptions(c.Settings(), 0.5), 0)
			s.cycle = c.Tick()
			s.phase = 1
		}
	case 1:
		if s.board.Step() {
			s.cycle = c.Tick()
			s.phase = 2
		}
	case 2:
		if c.Tick()-s.cycle >= after {
			s.board.Show(s.start, rules.Move{})
			s.cycle = c.Tick()
			s.phase = 0
		}
	}
}

func (s *RulesScene) back(c scenes.Context) {
	c.Pop()
}

// Draw draws the page.
func (s *RulesScene) Draw(c scenes.Context, dst *ebiten.Image) {
	p := c.Painter()
	t := p.Theme
	p.Text(dst, s.header, 15, sprites.Medium, p.DP(24), p.DP(32), text.AlignStart, text.AlignCenter, t.TextDim)
	p.Text(dst, s.counter, 15, sprites.Medium, p.DP(24)+s.counterX, p.DP(32), text.AlignStart, text.AlignCenter, ui.Alpha(t.TextDim, 0.7))
	s.btnBack.Draw(dst, p)
	s.board.Draw(dst)
	if len(s.captionLines) > 0 {
		o := s.board.Geometry().Outer()
		y := o.Y + o.H + p.DP(16)
		for _, l := range s.captionLines {
			p.Text(dst, l, 14, sprites.Regular, o.X+o.W/2, y, text.AlignCenter, text.AlignCenter, t.TextDim)
			y += p.DP(19)
		}
	}
	x, y := s.text.X, s.text.Y
	p.Text(dst, s.title, s.titleSize, sprites.Bold, x, y+p.DP(18), text.AlignStart, text.AlignCenter, t.Text)
	y += p.DP(56)
	for _, l := range s.lines {
		if l != "" {
			p.Text(dst, l, s.lineSize, sprites.Regular, x, y, text.AlignStart, text.AlignStart, t.Text)
		}
		y += s.lineH()
	}
	// Page dots.
	n := len(rulesPages)
	dy := s.btnNxt.Rect.Y + s.btnNxt.Rect.H/2
	if !s.landscape {
		dy = s.btnNxt.Rect.Y - p.DP(18)
	}
	gap := p.DP(16)
	x0 := s.w/2 - gap*float64(n-1)/2
	for i := 0; i < n; i++ {
		c := ui.Alpha(t.TextDim, 0.4)
		r := p.DP(4)
		if i == s.page {
			c, r = t.Accent, p.DP(5)
		}
		p.Circle(dst, x0+float64(i)*gap, dy, r, c)
	}
	s.btnPrev.Draw(dst, p)
	s.btnNxt.Draw(dst, p)
	s.board.DrawOverlay(dst)
}
