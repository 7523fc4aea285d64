package home

import (
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/internal/text"
	"bashni/learn/lessons"
	"bashni/learn/record"
	lt "bashni/learn/text"
	"bashni/scenes"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// titleLearn is the title screen's way into the lessons and puzzles: the
// Learn button, and under the menu an offer of the lessons on the first
// start (no game played yet) or the player's progress.
type titleLearn struct {
	btn   ui.Button
	first bool // no game played or saved yet
	line  string
	lines []string // line, wrapped to the screen
	size  float64  // dp
	room  float64  // the lines' width (physical pixels)
	y     float64
}

// init finds out whether this is the player's first start: no game saved
// and none finished.
func (l *titleLearn) init(c scenes.Context, noSavedGame bool) {
	l.btn = ui.Button{Kind: ui.Secondary}
	l.first = false
	if st := c.Store(); noSavedGame && st != nil {
		l.first = !st.HasArchive()
	}
}

// layout places the button and reads the progress again (a lesson may
// have been finished since).
func (l *titleLearn) layout(c scenes.Context, r TitleRects, canContinue bool) {
	l.btn.Rect = r.Learn
	l.btn.Label = scenes.LearnWord(c, lt.ScreenLearn)
	l.btn.TextSize = 15
	rec := record.Load(c.Store())
	done := rec.Lessons.Count()
	l.btn.Kind = ui.Secondary
	switch {
	case l.first && done == 0 && !canContinue:
		l.line = scenes.LearnWord(c, lt.ScreenOffer)
		l.btn.Kind = ui.Primary
	case done > 0 || rec.Solved() > 0:
		l.line = scenes.LearnWord(c, lt.ScreenProgress, "Done", strconv.Itoa(done), "Total", strconv.Itoa(len(lessons.All())), "Solved", strconv.Itoa(rec.Solved()))
	default:
		l.line = ""
	}
	l.y = r.Settings.Y + r.Settings.H + c.Scale()*22
	// Under the menu, as wide as the screen's column allows: two lines
	// when one does not fit, at 14 dp or a little smaller.
	p := c.Painter()
	l.room = r.Menu.W - p.DP(32)
	l.lines, l.size = nil, 14
	if l.line != "" {
		l.lines, l.size = scenes.FitLines(p, l.line, 14, 12, sprites.Medium, l.room, 2)
	}
}

// update opens the lessons when the button is pressed.
func (l *titleLearn) update(c scenes.Context) bool {
	if c.Used(&l.btn) {
		scenes.Open(c, c.Pages().Lessons)
		return true
	}
	return false
}

// draw draws the button and the line under the menu, centred on cx.
func (l *titleLearn) draw(c scenes.Context, dst *ebiten.Image, cx float64) {
	p := c.Painter()
	l.btn.Draw(dst, p)
	if l.line != "" {
		col := p.Theme.TextDim
		if l.first {
			col = p.Theme.Accent
		}
		for i, ln := range l.lines {
			p.Text(dst, ln, l.size, sprites.Medium, cx, l.y+float64(i)*p.DP(l.size*1.3), text.AlignCenter, text.AlignCenter, col)
		}
	}
}
