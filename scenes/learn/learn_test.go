package learn

import (
	"fmt"
	"testing"

	"bashni/learn/lessons"
	"bashni/learn/puzzles"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// TestLearnFits is the layout test of the lessons list, a lesson, the
// puzzles and the analysis board (scenetest.MeasureFits).
func TestLearnFits(t *testing.T) {
	scenetest.MeasureFits(t, scenetest.FitSizes, []scenetest.FitScreen{
		{Name: "lessons", Fits: fitLessons},
		{Name: "lesson", Fits: fitLesson},
		{Name: "puzzle", Fits: fitPuzzle},
		{Name: "analysis", Fits: fitAnalysis},
	})
}

func fitLessons(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	s := NewLessonsScene(a)
	s.Layout(a, w, h, 1)
	f.Buttons(&s.btnBack, &s.btnBash, &s.btnLas)
	for i := range s.rows {
		f.Buttons(&s.rows[i])
	}
	// The heading and the count under it, centred, clear of Back.
	room := w - 2*(s.rects.Back.X+s.rects.Back.W+f.P.DP(8))
	f.Line("heading", ui.TextFit{Text: s.heading, Size: 30, Weight: sprites.Bold, Room: room})
	f.Line("lessons done", ui.TextFit{Text: s.sub, Size: 15, Weight: sprites.Regular, Room: room})
	checkLessonsRects(t, fmt.Sprintf("%s %gx%g", f.Cat.Lang().Code(), w, h), s.rects, len(s.rows), w, h)
}

// checkLessonsRects: every lesson's row and the puzzles' buttons are on
// the screen, none under a touch target's height, none overlapping
// another or Back, and the rows start below the heading's lines.
func checkLessonsRects(t *testing.T, where string, l LessonsRects, n int, w, h float64) {
	t.Helper()
	if len(l.Rows) != n {
		t.Fatalf("%s: %d rows for %d lessons", where, len(l.Rows), n)
	}
	all := append(append([]scenes.Rect{l.Back}, l.Rows...), l.BashniPuzzles, l.Lascas)
	for i, r := range all {
		if r.X < 0 || r.Y < 0 || r.X+r.W > w || r.Y+r.H > h {
			t.Errorf("%s: control %d at %+v is off the %gx%g screen", where, i, r, w, h)
		}
		if r.H < scenes.MinTouchDP || r.W < scenes.MinTouchDP {
			t.Errorf("%s: control %d at %+v is under %d dp", where, i, r, scenes.MinTouchDP)
		}
		for j := range i {
			if q := all[j]; r.X < q.X+q.W && q.X < r.X+r.W && r.Y < q.Y+q.H && q.Y < r.Y+r.H {
				t.Errorf("%s: control %d at %+v overlaps control %d at %+v", where, i, r, j, q)
			}
		}
	}
	if first := l.Rows[0]; first.Y < l.HeadingY+56 {
		t.Errorf("%s: the first row at y %g is under the heading's lines (heading at %g)", where, first.Y, l.HeadingY)
	}
}

func fitLesson(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	s := NewLessonScene(a, 0)
	s.Layout(a, w, h, 1)
	for i := range s.btns {
		f.Buttons(&s.btns[i])
	}
	// A finished step waits for "Next step" on the Next button.
	s.pending = true
	s.words(a)
	f.Buttons(&s.btns[LessonNext])
	// Every lesson's title in the heading, shrunk no further than
	// lessonTitleMin (lesson 5's was cut off on a phone).
	for i := range lessons.All() {
		s := NewLessonScene(a, i)
		s.Layout(a, w, h, 1)
		f.Shrinking(fmt.Sprintf("lesson %d's title", i+1), s.TitleFit(f.P), lessonTitleMin)
	}
}

func fitPuzzle(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	s := NewPuzzleScene(a, rules.Bashni).(*PuzzleScene)
	s.Layout(a, w, h, 1)
	f.Buttons(&s.btnVar, &s.btnTier, &s.btnTheme, &s.btnSol, &s.btnAn)
	for i := range s.btns {
		f.Buttons(&s.btns[i])
	}
	// Every theme's and tier's name on its button.
	for _, th := range puzzles.AllThemes {
		s.btnTheme.Label = scenes.LearnWord(a, th.TextID())
		f.Buttons(&s.btnTheme)
	}
	for _, tr := range puzzles.Tiers {
		s.btnTier.Label = scenes.LearnWord(a, tr.TextID())
		f.Buttons(&s.btnTier)
	}
	// The solution viewer's row.
	s.viewSolution(a)
	f.Buttons(&s.btnPrev, &s.btnSol, &s.btnAn)
}

func fitAnalysis(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	start := rules.NewPosition(rules.Bashni)
	var moves []rules.Move
	for p := start; len(moves) < 30 && p.HasLegalMove(); {
		m := p.LegalMoves(nil)[0]
		moves, p = append(moves, m), p.Play(m)
	}
	s := NewAnalysisScene(a, start, moves, rules.White)
	defer s.leave(a)
	s.Layout(a, w, h, 1)
	for i := range s.btns {
		f.Buttons(&s.btns[i])
	}
	// The move list's chips, and in a branch the back-to-the-game button.
	for i := range s.chips {
		f.Buttons(&s.chips[i])
	}
	s.boardMove(a, s.tree.Current().Position.LegalMoves(nil)[0])
	f.Buttons(&s.btns[AnalysisLearn])
	// The evaluation bar's widest labels.
	for _, l := range []string{"+9.9", "-9.9", "=", "1-0", "M12"} {
		f.Line("the evaluation bar's label", s.BarLabelFit(l))
	}
}

// TestTouchTargetsOnAPhone: every control of the learning screens, in
// every language, on a phone held both ways, is at least
// scenes.MinTouchDP either way.
func TestTouchTargetsOnAPhone(t *testing.T) {
	scenetest.OnPhones(t, func(a *scenes.App, hits *[]scenes.Rect, where string, w, h float64) {
		for _, s := range []scenes.Scene{NewLessonsScene(a), NewLessonScene(a, 0), NewPuzzleScene(a, rules.Bashni),
			NewAnalysisScene(a, rules.NewPosition(rules.Bashni), nil, rules.White)} {
			name := where + " " + s.Name()
			// The puzzle's board takes its taps itself: its buttons are
			// measured as Tab stops.
			if n := scenetest.TouchTargets(t, a, hits, name, s, w, h, nil); n == 0 && s.Name() != scenes.ScenePuzzle {
				t.Errorf("%s: no widget hit-tested anything", name)
			}
			if as, ok := s.(*AnalysisScene); ok {
				as.leave(a)
			}
		}
	})
}

// TestNames: the names the page publishes in window.bashni.scene are
// today's.
func TestNames(t *testing.T) {
	for _, tc := range []struct {
		s    scenes.Scene
		want string
	}{
		{&LessonsScene{}, scenes.SceneLessons},
		{&LessonScene{}, scenes.SceneLesson},
		{&PuzzleScene{}, scenes.ScenePuzzle},
		{&AnalysisScene{}, scenes.SceneAnalysis},
	} {
		if got := tc.s.Name(); got != tc.want {
			t.Errorf("%T is named %q, want %q", tc.s, got, tc.want)
		}
	}
}
