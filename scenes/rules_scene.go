package scenes

import (
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"bashni/rules"
	"bashni/scenes/board"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// rulesPage is one page of the rules: a title, paragraphs and a small board
// on which a move plays itself over and over.
type rulesPage struct {
	title string
	paras []string
	// The diagram: a position (Variant start + moves, or a FEN) and the move
	// shown on it (in notation; "" shows the position only).
	variant rules.Variant
	setup   []string
	fen     string
	move    string
	caption string
}

var rulesPages = []rulesPage{
	{
		title: "Bashni in a minute",
		paras: []string{
			"Bashni is Russian draughts with one twist: a captured piece is not removed. It goes under the piece that took it, and they travel on together as a column.",
			"Men move one square diagonally forward, onto the dark squares. White moves first.",
			"Capturing is compulsory, forwards and backwards: jump an enemy column next to you onto the empty square beyond. After each jump the column jumps again while it can.",
		},
		setup:   []string{"c3-d4", "f6-e5"},
		move:    "d4:f6",
		caption: "White must capture: d4 jumps e5 and takes its piece along.",
	},
	{
		title: "Columns",
		paras: []string{
			"A column belongs to the player whose piece is on top, and it moves exactly as its top piece would: a man on top makes it a man, a king on top a king. Columns never split.",
			"Pieces never leave the board: there are always 24. The number beside a column is its height.",
			"To see a column piece by piece, rest the mouse on it, right-click it, or long-press it on a touch screen. Hold Space to see every column at once.",
		},
		setup:   []string{"c3-b4", "b6-c5", "b4-a5", "a7-b6", "b2-c3", "c5-b4"},
		move:    "a3:c5:a7",
		caption: "a3 jumps twice: the column that lands on a7 holds two prisoners.",
	},
	{
		title: "Only the top is taken",
		paras: []string{
			"Jumping a column takes only its top piece. The rest stays on its square, and its new top decides who owns it.",
			"So a capture can free prisoners: when a piece of the other colour comes to the top, the column changes hands — and may capture back at once.",
			"Before you jump a tall column, look at what is under its top.",
		},
		fen:     "W:Wc3,g1:Bd4-0/00,h8:H0:F10",
		move:    "c3:e5",
		caption: "White takes the black top of d4: the two white prisoners under it are free again.",
	},
	{
		title: "The Turkish strike",
		paras: []string{
			"In one move a column may be jumped only once. The captured tops go under the capturer only when the whole move is over.",
			"Until then every jumped column stays where it is, as an obstacle: it cannot be jumped again, passed over or landed on.",
			"A man that reaches the far rank during a capture becomes a king at once and goes on capturing as a king, if it can.",
		},
		setup:   []string{"a3-b4", "b6-a5", "b2-a3", "f6-e5", "a1-b2", "e5-d4", "c3:e5"},
		move:    "a5:c3:a1",
		caption: "Black is crowned on a1 and must stop: the jumped man on b2 still blocks the long diagonal.",
	},
	{
		title: "Kings",
		paras: []string{
			"A man that ends its move on the far rank becomes a king. Only the top piece of a column is crowned.",
			"Kings fly: any number of empty squares along a diagonal, forwards or backwards. A king captures at a distance, landing on any empty square beyond the column it jumps — one that lets it capture further, if there is one.",
			"A king buried in a column is still a king when it comes back to the top.",
		},
		fen:     "W:Wa1-1,c1,e1:Bd4,f6-0/0,h8:H0:F20",
		move:    "a1:e5:g7",
		caption: "The white king flies along the long diagonal and takes two tops.",
	},
	{
		title: "Winning and drawing",
		paras: []string{
			"A player who cannot move loses: all their pieces are prisoners, or every column they own is blocked.",
			"The game is drawn when the same position occurs for the third time, when 15 moves by each side pass without a capture or a promotion, or by agreement.",
			"Long columns are strong but slow: they are one piece on the board however tall they are.",
		},
		fen:     "W:Wc3-00/0,e3:Ba5,b6-0/0:H0:F30",
		move:    "",
		caption: "",
	},
	{
		title: "Lasca",
		paras: []string{
			"Emanuel Lasker's game of 1911: a 7×7 board, eleven pieces each, and the same columns.",
			"Men move and capture forward only, one step. Kings (officers) move and capture one step in any direction; they do not fly.",
			"A captured top goes under the capturer at once. A man reaching the far rank is promoted and the move ends there.",
		},
		variant: rules.Lasca,
		setup:   []string{"c3-d4", "e5-f4"},
		move:    "e3:g5",
		caption: "Lasca: 25 squares, eleven men a side.",
	},
	{
		title: "Playing on this board",
		paras: []string{
			"Tap a column, then one of the dots; or drag the column there. Ringed columns can move; a red pulsing ring means a capture is due.",
			"A capture with several jumps is entered square by square; it completes itself when only one route is left, and a tap on its last square jumps ahead. Esc, or a tap on the starting square, cancels it.",
			"Keys: U or Ctrl+Z undo, Ctrl+Y redo, F flip the board, H hint, N new game, ← → step through the moves, Esc back.",
		},
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
	text, diagram   Rect
	lines           []string
	lineSize        float64
	btnPrev, btnNxt ui.Button
	btnBack         ui.Button
	landscape       bool
}

// NewRulesScene makes the rules screen.
func NewRulesScene(c Context) *RulesScene {
	s := &RulesScene{}
	s.r = sprites.NewRenderer(c.Renderer().Theme())
	s.board = board.New(s.r, silent{c})
	s.btnPrev = ui.Button{Label: "Previous", Icon: ui.IconBack}
	s.btnNxt = ui.Button{Label: "Next", Kind: ui.Primary}
	s.btnBack = ui.Button{Label: "Close", Icon: ui.IconClose, Kind: ui.Flat}
	s.setPage(c, 0)
	return s
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

func (s *RulesScene) setPage(c Context, i int) {
	s.page = max(0, min(i, len(rulesPages)-1))
	pg := &rulesPages[s.page]
	s.start, s.move = pagePosition(pg)
	s.board.Show(s.start, rules.Move{})
	s.phase = 0
	s.cycle = c.Tick()
	s.btnPrev.Disabled = s.page == 0
	if s.page == len(rulesPages)-1 {
		s.btnNxt.Label = "Done"
	} else {
		s.btnNxt.Label = "Next"
	}
	if s.w > 0 {
		s.Layout(c, s.w, s.h, s.scale)
	}
	c.Invalidate()
}

// Name is the scene's name.
func (s *RulesScene) Name() string { return SceneRules }

// Layout places the text and the diagram.
func (s *RulesScene) Layout(c Context, w, h, scale float64) {
	dp := func(v float64) float64 { return math.Round(v * scale) }
	s.w, s.h, s.scale = w, h, scale
	s.landscape = w >= h*1.1
	pad := dp(24)
	nav := dp(56)
	top := dp(64)
	pg := &rulesPages[s.page]
	if s.landscape {
		side := math.Min(h-top-nav-3*pad, w*0.45)
		s.diagram = Rect{X: w - pad - side, Y: top + pad, W: side, H: side}
		s.text = Rect{X: pad * 2, Y: top + pad, W: s.diagram.X - 4*pad, H: h - top - nav - 3*pad}
	} else {
		side := math.Min(w-2*dp(12), h*0.38)
		s.diagram = Rect{X: (w - side) / 2, Y: top, W: side, H: side}
		y := top + side + dp(12)
		if pg.caption != "" {
			y += float64(len(c.Painter().Wrap(pg.caption, 14, sprites.Regular, side))) * dp(19)
		}
		y += dp(8)
		s.text = Rect{X: dp(20), Y: y, W: w - dp(40), H: h - y - nav - dp(24) - dp(28)}
	}
	s.board.Layout(sprites.FitGeometry(pg.variant, s.diagram.X, s.diagram.Y, s.diagram.W, s.diagram.H, false), true, Rect{W: w, H: h})
	// Text: the largest size (from 18 dp down) at which the page fits.
	s.lineSize = 18
	for ; s.lineSize > 12; s.lineSize-- {
		s.wrap(c)
		if float64(len(s.lines))*s.lineH() <= s.text.H-dp(50) {
			break
		}
	}
	bw := math.Min(dp(170), (w-3*pad)/2)
	s.btnPrev.Rect = Rect{X: pad, Y: h - pad - nav + dp(8), W: bw, H: nav}
	s.btnNxt.Rect = Rect{X: w - pad - bw, Y: h - pad - nav + dp(8), W: bw, H: nav}
	s.btnBack.Rect = Rect{X: w - dp(8) - dp(120), Y: dp(8), W: dp(120), H: dp(48)}
}

func (s *RulesScene) lineH() float64 { return math.Round(s.lineSize * 1.45 * s.scale) }

func (s *RulesScene) wrap(c Context) {
	s.lines = s.lines[:0]
	for i, para := range rulesPages[s.page].paras {
		if i > 0 {
			s.lines = append(s.lines, "")
		}
		s.lines = append(s.lines, c.Painter().Wrap(para, s.lineSize, sprites.Regular, s.text.W)...)
	}
}

// Update turns pages and plays the diagram.
func (s *RulesScene) Update(c Context) error {
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
	case c.Keys().Consume(ActBack):
		s.back(c)
		return nil
	case c.Keys().Consume(ActPrev):
		s.setPage(c, s.page-1)
	case c.Keys().Consume(ActNext), c.Keys().Consume(ActConfirm):
		s.setPage(c, s.page+1)
	}
	s.stepDiagram(c)
	return nil
}

// stepDiagram loops the page's move: the position for a moment, the move,
// the position after it for a while, and again.
func (s *RulesScene) stepDiagram(c Context) {
	if s.move.IsZero() {
		return
	}
	const before, after = 80, 150
	switch s.phase {
	case 0:
		if c.Tick()-s.cycle >= before {
			s.board.Animate(s.start, s.move, animOptions(c.Settings(), 0.5), 0)
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

func (s *RulesScene) back(c Context) {
	c.Pop()
}

// Draw draws the page.
func (s *RulesScene) Draw(c Context, dst *ebiten.Image) {
	p := c.Painter()
	t := p.Theme
	pg := &rulesPages[s.page]
	p.Text(dst, "Rules", 15, sprites.Medium, p.DP(24), p.DP(32), text.AlignStart, text.AlignCenter, t.TextDim)
	p.Text(dst, strconv.Itoa(s.page+1)+" / "+strconv.Itoa(len(rulesPages)), 15, sprites.Medium, p.DP(90), p.DP(32), text.AlignStart, text.AlignCenter, ui.Alpha(t.TextDim, 0.7))
	s.btnBack.Draw(dst, p)
	s.board.Draw(dst)
	if pg.caption != "" {
		o := s.board.Geometry().Outer()
		lines := p.Wrap(pg.caption, 14, sprites.Regular, o.W)
		y := o.Y + o.H + p.DP(16)
		for _, l := range lines {
			p.Text(dst, l, 14, sprites.Regular, o.X+o.W/2, y, text.AlignCenter, text.AlignCenter, t.TextDim)
			y += p.DP(19)
		}
	}
	x, y := s.text.X, s.text.Y
	p.Text(dst, pg.title, 30, sprites.Bold, x, y+p.DP(18), text.AlignStart, text.AlignCenter, t.Text)
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
