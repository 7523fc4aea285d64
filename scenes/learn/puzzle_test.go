package learn

import (
	"fmt"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/internal/testwait"
	"bashni/learn/puzzles"
	lt "bashni/learn/text"
	"bashni/platform"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/session"
	"bashni/storage"
)

// analysisAsked is what the router was asked to open on the analysis
// board.
type analysisAsked struct {
	start   *rules.Position
	moves   []rules.Move
	learner rules.Color
}

// puzzleApp is an App with instant animations whose router's analysis
// board is a lesson list standing in for it, keeping what it was asked;
// real makes its engine the real one (a wrong try's play-out).
func puzzleApp(t *testing.T, real bool) (*scenes.App, scenetest.Keys, *[]analysisAsked) {
	t.Helper()
	st := storage.Defaults()
	st.InstantAnimations = true
	var asked []analysisAsked
	opts := scenes.Options{Settings: st, Pages: scenes.Pages{
		Analysis: func(c scenes.Context, start *rules.Position, moves []rules.Move, learner rules.Color) scenes.Scene {
			asked = append(asked, analysisAsked{start, moves, learner})
			return NewLessonsScene(c)
		}}}
	if real {
		opts.Engine = func(seed uint64) session.Engine { return session.NewAIEngine(seed) }
	}
	a, kb := scenetest.NewApp(t, nil, opts)
	return a, kb, &asked
}

// puzzleOf is the first shipped puzzle of v for which ok holds.
func puzzleOf(t *testing.T, v rules.Variant, ok func(*puzzles.Puzzle) bool) *puzzles.Puzzle {
	t.Helper()
	set, err := puzzles.Load(v)
	if err != nil {
		t.Fatal(err)
	}
	for _, pz := range set.All() {
		if ok(pz) {
			return pz
		}
	}
	t.Fatal("no such puzzle")
	return nil
}

// showPuzzle shows the puzzle screen at pz.
func showPuzzle(t *testing.T, a *scenes.App, pz *puzzles.Puzzle) *PuzzleScene {
	t.Helper()
	s := NewPuzzleScene(a, pz.Variant()).(*PuzzleScene)
	scenetest.Show(t, a, s)
	s.open(a, pz)
	settle(t, a, s)
	return s
}

// settle ticks the App until the board rests and the person may move or
// nothing is pending.
func settle(t *testing.T, a *scenes.App, s *PuzzleScene) {
	t.Helper()
	for i := 0; s.board.Animating() || (s.sess != nil && !s.sess.PersonToMove() && !s.solved && s.wrong.IsZero()); i++ {
		if i > 1000 {
			t.Fatal("the board never rests")
		}
		_ = a.Update()
	}
}

// play enters mv for the person and lets the opponent answer.
func play(t *testing.T, a *scenes.App, s *PuzzleScene, mv rules.Move) {
	t.Helper()
	if err := s.sess.Play(mv); err != nil {
		t.Fatalf("%v: %v", mv, err)
	}
	settle(t, a, s)
}

// TestPuzzleFromBlacksSide: a puzzle with Black to move is shown from
// Black's side, one with White to move from White's.
func TestPuzzleFromBlacksSide(t *testing.T) {
	a, _, _ := puzzleApp(t, false)
	for _, v := range rules.Variants {
		for _, side := range []rules.Color{rules.Black, rules.White} {
			pz := puzzleOf(t, v, func(p *puzzles.Puzzle) bool { return p.Player() == side })
			s := showPuzzle(t, a, pz)
			if got := s.board.Geometry().Flipped; got != (side == rules.Black) {
				t.Errorf("%v %s (%v to move): the board is flipped %v", v, pz.ID, side, got)
			}
			a.Pop()
		}
	}
}

// TestGradedHints: the first hint names the column to move and marks its
// square, the second the move; then Hint is spent. Solving after it says
// that it counts as not solved, with the rating's fall, never "Solved!".
func TestGradedHints(t *testing.T) {
	a, _, _ := puzzleApp(t, false)
	pz := puzzleOf(t, rules.Bashni, func(p *puzzles.Puzzle) bool { return p.Player() == rules.Black && len(p.Solution()) == 1 })
	s := showPuzzle(t, a, pz)
	first := pz.Solution()[0]
	s.press(a, PuzzleHint)
	if s.say.ID != lt.ScreenHintColumn || s.say.Args["Square"] != first.From().String() || !s.att.Hinted() {
		t.Errorf("first hint: %+v, want the column on %v", s.say, first.From())
	}
	s.press(a, PuzzleHint)
	if s.say.ID != lt.ScreenHintMove || s.say.Args["Move"] != first.String() || s.att.HintGrade() != puzzles.HintMove {
		t.Errorf("second hint: %+v, want the move %v", s.say, first)
	}
	if !s.btns[PuzzleHint].Disabled {
		t.Error("Hint is still offered after the move was given")
	}
	before := s.statsOf().Rating.R
	play(t, a, s, first)
	if !s.solved || s.say.ID != lt.PuzzleSolvedHint {
		t.Fatalf("solved %v, says %q, want %q", s.solved, s.say.ID, lt.PuzzleSolvedHint)
	}
	if after := s.statsOf().Rating.R; after >= before || s.sayExtra[0] != '-' {
		t.Errorf("a solve after a hint moved the rating %.0f → %.0f (%s)", before, after, s.sayExtra)
	}
	if st := s.statsOf(); st.Solved != 0 {
		t.Errorf("a solve after a hint counted as solved: %+v", st)
	}
}

// TestCleanSolve: a puzzle solved with no hint and no mistake is
// "Solved!" with the rating up, and a new player's rating starts at the
// set's StartRating.
func TestCleanSolve(t *testing.T) {
	a, _, _ := puzzleApp(t, false)
	pz := puzzleOf(t, rules.Bashni, func(p *puzzles.Puzzle) bool { return len(p.Solution()) >= 3 })
	s := showPuzzle(t, a, pz)
	set, _ := puzzles.Load(rules.Bashni)
	if got := s.statsOf().Rating.R; got != set.StartRating() {
		t.Errorf("a new player's rating is %.0f, want the set's start %.0f", got, set.StartRating())
	}
	for i, mv := range pz.Solution() {
		if i%2 == 0 {
			play(t, a, s, mv)
		}
	}
	if !s.solved || s.say.ID != lt.PuzzleSolved || s.sayExtra[0] != '+' || s.statsOf().Solved != 1 {
		t.Errorf("solved %v, says %q %s, record %+v", s.solved, s.say.ID, s.sayExtra, s.statsOf())
	}
}

// TestViewSolution: the viewer steps through the whole line by its
// buttons and the arrow keys, back and forth, ends on the line's last
// position, and counts the puzzle as not solved.
func TestViewSolution(t *testing.T) {
	a, kb, _ := puzzleApp(t, false)
	pz := puzzleOf(t, rules.Bashni, func(p *puzzles.Puzzle) bool { return len(p.Solution()) >= 3 })
	s := showPuzzle(t, a, pz)
	s.viewSolution(a)
	if !s.viewing || s.step != 0 || !s.board.Position().Equal(pz.Start()) {
		t.Fatalf("the viewer opens at step %d (viewing %v)", s.step, s.viewing)
	}
	if st := s.statsOf(); st.Played != 1 || st.Solved != 0 {
		t.Errorf("viewing the solution is not counted as a miss: %+v", st)
	}
	steps := pz.Steps()
	for i := range steps {
		scenetest.Press(a, kb, ebiten.KeyArrowRight)
		settle(t, a, s)
		if s.step != i+1 || !s.board.Position().Equal(steps[i].After) {
			t.Fatalf("after %d steps the viewer is at %d", i+1, s.step)
		}
	}
	scenetest.Press(a, kb, ebiten.KeyArrowRight)
	if s.step != len(steps) || !s.btnSol.Disabled {
		t.Errorf("the viewer stepped past the end: %d of %d", s.step, len(steps))
	}
	scenetest.Press(a, kb, ebiten.KeyArrowLeft)
	if s.step != len(steps)-1 || !s.board.Position().Equal(steps[len(steps)-2].After) {
		t.Errorf("back a step: at %d", s.step)
	}
	s.press(a, PuzzleBack) // leaves the viewer: the puzzle again, from its start
	settle(t, a, s)
	if s.viewing || !s.failed || !s.board.Position().Equal(pz.Start()) || a.Shown() != s {
		t.Errorf("Back in the viewer: viewing %v, failed %v, shown %s", s.viewing, s.failed, a.Shown().Name())
	}
}

// TestWrongTryPlayedOut: a wrong try is answered and played out with the
// real engine, and the screen says what it loses in words naming the
// answer.
func TestWrongTryPlayedOut(t *testing.T) {
	a, _, _ := puzzleApp(t, true)
	pz := puzzleOf(t, rules.Bashni, func(p *puzzles.Puzzle) bool { return len(p.Start().LegalMoves(nil)) >= 3 })
	s := showPuzzle(t, a, pz)
	var wrong rules.Move
	for _, m := range pz.Start().LegalMoves(nil) {
		if m != pz.Solution()[0] {
			wrong = m
			break
		}
	}
	if err := s.sess.Play(wrong); err != nil {
		t.Fatal(err)
	}
	lossIDs := []string{lt.PuzzleLossColumn, lt.PuzzleLossMaterial, lt.PuzzleLossGame, lt.PuzzleLossMissed, lt.PuzzleWrongTry}
	testwait.Wait{
		Step:   func() { _ = a.Update() },
		Failed: func() string { return fmt.Sprintf("it says %q", s.say.ID) },
	}.For(t, fmt.Sprintf("the wrong try %v played out", wrong), func() bool { return s.loss != nil && !s.board.Animating() && s.lossSet })
	t.Logf("%s: %v answered %v: %s", pz.ID, wrong, s.loss.Line, s.say.English())
	if !slices.Contains(lossIDs, s.say.ID) {
		t.Fatalf("after the play-out the screen says %q", s.say.ID)
	}
	if len(s.loss.Line) > 0 {
		if s.say.Args["Move"] != s.loss.Line[0].String() {
			t.Errorf("the words name %q, the answer was %v", s.say.Args["Move"], s.loss.Line[0])
		}
		end := pz.Start().Play(wrong)
		for _, m := range s.loss.Line {
			end = end.Play(m)
		}
		if !s.board.Position().Equal(end) {
			t.Errorf("the board does not show the end of the play-out %v", s.loss.Line)
		}
	}
	s.press(a, PuzzleRetry)
	settle(t, a, s)
	if !s.board.Position().Equal(pz.Start()) || !s.wrong.IsZero() {
		t.Error("Retry did not put the pieces back")
	}
}

// TestAnalyseThisPosition: the button opens the analysis board through the
// router on the position shown, for the side to move.
func TestAnalyseThisPosition(t *testing.T) {
	a, _, asked := puzzleApp(t, false)
	pz := puzzleOf(t, rules.Lasca, func(p *puzzles.Puzzle) bool { return true })
	s := showPuzzle(t, a, pz)
	s.analyse(a)
	if len(*asked) != 1 || !(*asked)[0].start.Equal(pz.Start()) || len((*asked)[0].moves) != 0 || (*asked)[0].learner != pz.Player() {
		t.Fatalf("the router was asked %+v", *asked)
	}
	if !s.att.Hinted() {
		t.Error("analysing before solving is not counted as a hint")
	}
}

// TestThemeAndTierChoice: the theme button walks the themes the set has,
// and the puzzle offered has the theme chosen; the tier button the tiers.
func TestThemeAndTierChoice(t *testing.T) {
	a, _, _ := puzzleApp(t, false)
	s := NewPuzzleScene(a, rules.Bashni).(*PuzzleScene)
	scenetest.Show(t, a, s)
	seen := 0
	for range puzzles.AllThemes {
		s.theme = s.nextTheme()
		s.next(a)
		if s.theme == "" {
			break
		}
		seen++
		if s.pz == nil || !s.pz.HasTheme(s.theme) {
			t.Errorf("theme %s: puzzle %v", s.theme, s.pz)
		}
	}
	if seen < 5 {
		t.Errorf("the theme button offers %d themes", seen)
	}
	s.tier = puzzles.Beginner
	s.next(a)
	if s.pz == nil || s.pz.Tier() != puzzles.Beginner {
		t.Errorf("the beginner tier offers %v", s.pz)
	}
}

// TestPuzzleMirror: the page's accessibility mirror lists the choices,
// the hints, the solution and the analysis by name, in the viewer too,
// and each is a Tab stop.
func TestPuzzleMirror(t *testing.T) {
	a, _, _ := puzzleApp(t, false)
	pz := puzzleOf(t, rules.Bashni, func(p *puzzles.Puzzle) bool { return true })
	s := showPuzzle(t, a, pz)
	names := func() []string {
		_ = a.Update()
		var st platform.State
		a.Snapshot(&st)
		var out []string
		for _, c := range st.Controls {
			out = append(out, c.Name)
		}
		return out
	}
	cat := a.Text()
	want := []string{cat.T("learn.screen.all_themes"), cat.T("learn.screen.all_tiers"), cat.T("learn.screen.hint"),
		cat.T("learn.screen.view_solution"), cat.T("learn.screen.analyse_position")}
	got := names()
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("the mirror %q has no %q", got, w)
		}
	}
	// Each is a Tab stop: reachable by the keyboard.
	for _, r := range []scenes.Rect{s.btnVar.Rect, s.btnTier.Rect, s.btnTheme.Rect, s.btnSol.Rect, s.btnAn.Rect, s.btns[PuzzleHint].Rect} {
		if !slices.Contains(a.FocusStops(), r) {
			t.Errorf("%+v is no Tab stop: %v", r, a.FocusStops())
		}
	}
	s.viewSolution(a)
	got = names()
	for _, w := range []string{cat.T("learn.screen.prev_step"), cat.T("learn.screen.next_step"), cat.T("learn.screen.analyse")} {
		if !slices.Contains(got, w) {
			t.Errorf("the viewer's mirror %q has no %q", got, w)
		}
	}
}

// TestNextSkips: Next on a puzzle left untouched offers another one and
// leaves the rating as it was.
func TestNextSkips(t *testing.T) {
	a, _, _ := puzzleApp(t, false)
	s := NewPuzzleScene(a, rules.Bashni).(*PuzzleScene)
	scenetest.Show(t, a, s)
	first, before := s.pz, s.statsOf().Rating.R
	s.press(a, PuzzleNext)
	if s.pz == nil || s.pz == first {
		t.Errorf("Next offered %v again", first.ID)
	}
	if st := s.statsOf(); st.Rating.R != before || st.Played != 0 {
		t.Errorf("skipping changed the record: %+v", st)
	}
}
