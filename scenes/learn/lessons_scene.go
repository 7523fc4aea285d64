package learn

import (
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/internal/text"
	"bashni/learn/lessons"
	"bashni/learn/record"
	lt "bashni/learn/text"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// LessonsRects is where the lessons list puts things (physical pixels).
type LessonsRects struct {
	Back                  scenes.Rect
	HeadingY              float64
	Rows                  []scenes.Rect // one a lesson, in course order
	BashniPuzzles, Lascas scenes.Rect   // the puzzles of each game
}

// LessonsLayout lays out the list of n lessons: a column of rows; on a
// wide screen too short for one column, two or three columns of them with
// the heading beside Back (a phone on its side: 14 lessons in two columns
// of seven ran off a 390 px high screen).
func LessonsLayout(w, h, scale float64, n int) LessonsRects {
	dp := func(v float64) float64 { return math.Round(v * scale) }
	var r LessonsRects
	m := dp(16)
	r.Back = scenes.Rect{X: m, Y: m, W: dp(scenes.MinTouchDP + 56), H: dp(scenes.MinTouchDP)}
	r.HeadingY = m + dp(scenes.MinTouchDP) + dp(14)
	top := r.HeadingY + dp(62)
	rowH, gap := dp(48), dp(6)
	puzH, puzGap := dp(52), dp(10)
	cols := 1
	colW := math.Min(w-2*m, dp(520))
	fits := func(cols int, top, rowH, gap float64) bool {
		per := (n + cols - 1) / cols
		return top+float64(per)*(rowH+gap)+puzGap+puzH+m <= h
	}
	if !fits(1, top, rowH, gap) && w >= dp(760) {
		cols = 2
		colW = math.Min((w-3*m)/2, dp(440))
		if !fits(2, top, rowH, gap) {
			// Wide and short: the heading goes up beside Back, the rows
			// and the puzzles' buttons close up to a touch target's
			// height, in as few columns (two or three) as hold them.
			r.HeadingY = m - dp(4)
			top = r.HeadingY + dp(62)
			rowH, gap, puzH, puzGap = dp(scenes.MinTouchDP), dp(4), dp(scenes.MinTouchDP), dp(8)
			if !fits(2, top, rowH, gap) {
				cols = 3
				colW = math.Min((w-4*m)/3, dp(360))
			}
		}
	}
	if below := puzGap + puzH + m; cols == 1 && top+float64(n)*(rowH+gap)+below > h {
		// A phone held upright: the heading goes up beside Back and the
		// rows close up (never under a touch target's height), so that
		// every lesson and the puzzles stay on the screen.
		r.HeadingY = m - dp(4)
		top = r.HeadingY + dp(62)
		per := (h - top - below) / float64(n)
		rowH = math.Max(dp(scenes.MinTouchDP), math.Min(dp(48), per-dp(4)))
		gap = math.Max(dp(2), per-rowH)
	}
	perCol := (n + cols - 1) / cols
	x0 := (w - float64(cols)*colW - float64(cols-1)*m) / 2
	for i := 0; i < n; i++ {
		col, row := i/perCol, i%perCol
		r.Rows = append(r.Rows, scenes.Rect{X: x0 + float64(col)*(colW+m), Y: top + float64(row)*(rowH+gap), W: colW, H: rowH})
	}
	y := top + float64(perCol)*(rowH+gap) + puzGap
	full := float64(cols)*colW + float64(cols-1)*m
	half := (full - dp(10)) / 2
	r.BashniPuzzles = scenes.Rect{X: x0, Y: y, W: half, H: puzH}
	r.Lascas = scenes.Rect{X: x0 + half + dp(10), Y: y, W: half, H: puzH}
	return r
}

// LessonsScene lists the lessons with the ones finished ticked, and opens
// the puzzles.
type LessonsScene struct {
	rects   LessonsRects
	all     []*lessons.Lesson
	rec     record.Record
	rows    []ui.Button
	btnBack ui.Button
	btnBash ui.Button
	btnLas  ui.Button
	heading string
	sub     string
	w       float64
}

// NewLessonsScene makes the list.
func NewLessonsScene(c scenes.Context) *LessonsScene {
	s := &LessonsScene{all: lessons.All()}
	s.rows = make([]ui.Button, len(s.all))
	s.btnBack = ui.Button{Icon: ui.IconBack, Kind: ui.Flat}
	s.btnBash = ui.Button{Kind: ui.Secondary, TextSize: 15}
	s.btnLas = ui.Button{Kind: ui.Secondary, TextSize: 15}
	s.refresh(c)
	return s
}

// Name is the scene's name.
func (s *LessonsScene) Name() string { return scenes.SceneLessons }

// refresh reads the progress again (a lesson may have been finished) and
// the words.
func (s *LessonsScene) refresh(c scenes.Context) {
	s.rec = record.Load(c.Store())
	s.btnBack.Label = c.Text().T("common.back")
	s.heading = scenes.LearnWord(c, lt.ScreenLessons)
	s.sub = scenes.LearnWord(c, lt.ScreenLessonsDone, "Done", strconv.Itoa(s.rec.Lessons.Count()), "Total", strconv.Itoa(len(s.all)))
	s.btnBash.Label = scenes.LearnWord(c, lt.ScreenPuzzlesOf, "Game", c.Text().T("common.bashni"))
	s.btnLas.Label = scenes.LearnWord(c, lt.ScreenPuzzlesOf, "Game", c.Text().T("common.lasca"))
	next := s.rec.Lessons.Next()
	for i, l := range s.all {
		b := &s.rows[i]
		b.Label = strconv.Itoa(i+1) + ". " + scenes.LearnWord(c, l.Title)
		b.Kind = ui.Flat
		b.TextSize = 16
		b.Icon = nil
		if s.rec.Lessons.IsDone(l.ID) {
			b.Icon = ui.IconCheck
		}
		if next != nil && next.ID == l.ID {
			b.Kind = ui.Primary
		}
	}
	c.Invalidate()
}

// Layout places the list.
func (s *LessonsScene) Layout(c scenes.Context, w, h, scale float64) {
	s.w = w
	s.rects = LessonsLayout(w, h, scale, len(s.all))
	s.btnBack.Rect = s.rects.Back
	for i := range s.rows {
		s.rows[i].Rect = s.rects.Rows[i]
	}
	s.btnBash.Rect = s.rects.BashniPuzzles
	s.btnLas.Rect = s.rects.Lascas
	s.refresh(c)
}

// Update opens a lesson or the puzzles.
func (s *LessonsScene) Update(c scenes.Context) error {
	if c.Used(&s.btnBack) || c.Keys().Consume(scenes.ActBack) {
		c.Pop()
		return nil
	}
	for i := range s.rows {
		if c.Used(&s.rows[i]) {
			c.Push(NewLessonScene(c, i))
			return nil
		}
	}
	if c.Used(&s.btnBash) {
		c.Push(NewPuzzleScene(c, rules.Bashni))
		return nil
	}
	if c.Used(&s.btnLas) {
		c.Push(NewPuzzleScene(c, rules.Lasca))
		return nil
	}
	return nil
}

// Draw draws the list.
func (s *LessonsScene) Draw(c scenes.Context, dst *ebiten.Image) {
	p := c.Painter()
	t := p.Theme
	dst.Fill(t.Background)
	s.btnBack.Draw(dst, p)
	cx := s.w / 2
	p.Text(dst, s.heading, 30, sprites.Bold, cx, s.rects.HeadingY+p.DP(16), text.AlignCenter, text.AlignCenter, t.Text)
	p.Text(dst, s.sub, 15, sprites.Regular, cx, s.rects.HeadingY+p.DP(44), text.AlignCenter, text.AlignCenter, t.TextDim)
	for i := range s.rows {
		r := s.rows[i].Rect
		if s.rows[i].Kind == ui.Flat {
			p.RoundRect(dst, r, p.DP(10), ui.Mix(t.Panel, t.Button, 0.3), p.DP(1), t.PanelEdge)
		}
		s.rows[i].Draw(dst, p)
	}
	s.btnBash.Draw(dst, p)
	s.btnLas.Draw(dst, p)
}
