package learn

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/internal/testwait"
	"bashni/learn/analysis"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/scenes/ui"
	"bashni/storage"
)

// click presses and releases the pointer at the centre of r.
func click(a *scenes.App, s scenes.Scene, r scenes.Rect) {
	x, y := r.X+r.W/2, r.Y+r.H/2
	scenetest.PointerTick(a, s, ui.Pointer{X: x, Y: y, Down: true, Pressed: true})
	scenetest.PointerTick(a, s, ui.Pointer{X: x, Y: y, Released: true})
}

// currentRow is the move list's row of the position shown, or nil.
func currentRow(s *AnalysisScene) *analysis.Row {
	for i := range s.rows {
		if s.rows[i].Current {
			return &s.rows[i]
		}
	}
	return nil
}

// openAnalysis shows the analysis board on a phone (390×844, instant
// animations) on four moves from the start, c3-d4 f6-g5 g3-h4 g5-f4,
// for White's mistakes: the App, its keys, the board and the moves.
func openAnalysis(t *testing.T) (*scenes.App, scenetest.Keys, *AnalysisScene, []rules.Move) {
	t.Helper()
	st := storage.Defaults()
	st.InstantAnimations = true
	a, kb := scenetest.NewApp(t, nil, scenes.Options{Settings: st})
	a.Resize(390, 844, 1)
	start := rules.NewPosition(rules.Bashni)
	var moves []rules.Move
	p := start
	for _, m := range []string{"c3-d4", "f6-g5", "g3-h4", "g5-f4"} {
		mv, err := p.ParseMove(m)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, mv)
		p = p.Play(mv)
	}
	s := NewAnalysisScene(a, start, moves, rules.White)
	t.Cleanup(func() { s.leave(a) })
	scenetest.Show(t, a, s)
	return a, kb, s, moves
}

// TestAnalysisBranches drives the analysis board as a player would: a
// free move makes a branch in the move list, "To the game" goes back in
// one tap, a chip jumps to its move, the keyboard steps through the line,
// and a branch's position is searched for its best move, shown with the
// evaluation bar's label (never "M0").
func TestAnalysisBranches(t *testing.T) {
	a, kb, s, moves := openAnalysis(t)

	s.show(a, 2)
	free, _ := s.tree.Current().Position.ParseMove("e3-f4")
	s.boardMove(a, free)
	row := currentRow(s)
	if row == nil || row.Depth != 1 || row.Text != "e3-f4" || !s.tree.InBranch() {
		t.Fatalf("after a free move: current row %+v", row)
	}
	back := &s.btns[AnalysisLearn]
	if back.Label != "To the game" || back.Kind != ui.Primary || back.Disabled {
		t.Fatalf("the back-to-the-game button: %q kind %v disabled %v", back.Label, back.Kind, back.Disabled)
	}
	// The branch's position is searched off the frame loop: its best move
	// is drawn and the bar labelled.
	testwait.Wait{Step: func() { _ = a.Update() }}.For(t, "the branch's position searched", func() bool { return s.tree.Current().Eval != nil })
	if _, ok := s.tree.Current().Best(); !ok || !s.bar.Known || s.bar.Label == "" || s.bar.Label == "M0" {
		t.Errorf("a searched branch: bar %+v", s.bar)
	}
	// The game's chip for Black's first move: a tap jumps there.
	for i, r := range s.chipRows {
		if r.Node.Main && r.Node.Ply == 2 {
			click(a, s, s.chips[i].Rect)
			break
		}
	}
	if n := s.tree.Current(); n.Ply != 2 || !n.Main {
		t.Fatalf("after a tap on the chip of move 1…: at ply %d, main %v", n.Ply, n.Main)
	}
	// → from there follows the line last shown from it: the branch.
	scenetest.Press(a, kb, ebiten.KeyArrowRight)
	if n := s.tree.Current(); n.Move.String() != "e3-f4" {
		t.Fatalf("→ from the branch point: %v", n.Move)
	}
	click(a, s, s.btns[AnalysisLearn].Rect)
	if s.tree.InBranch() || s.tree.Current().Ply != 2 {
		t.Fatalf("To the game: at ply %d, in a branch %v", s.tree.Current().Ply, s.tree.InBranch())
	}
	// End from a branch goes back to the game too.
	s.boardMove(a, free)
	scenetest.Press(a, kb, ebiten.KeyEnd)
	if s.tree.InBranch() {
		t.Fatal("End did not go back to the game")
	}
	// The game's moves are still the main line, the branch kept.
	main := 0
	for _, r := range s.tree.Rows(nil) {
		if r.Depth == 0 {
			main++
		}
	}
	if main != len(moves) {
		t.Errorf("%d moves on the main line, want %d", main, len(moves))
	}
}

// TestAnalysisTypedMoves: a move typed into the page's command line (how
// a screen reader explores) is a free move on the analysis board — a
// branch, as if entered on the board; a move the position does not allow
// changes nothing and says what is wrong.
func TestAnalysisTypedMoves(t *testing.T) {
	a, _, s, _ := openAnalysis(t)
	s.show(a, 2)
	for _, tc := range []struct {
		line   string
		branch bool   // the move is played as a branch
		row    string // the move list's current row after it
	}{
		{"a1-b2", false, "f6-g5"},   // no column there
		{"e3-f4", true, "e3-f4"},    // a free move: a branch
		{"g5:c5", true, "g5:e3:c5"}, // and on in the branch (a capture)
		{"d4-e5", true, "g5:e3:c5"}, // not legal here: nothing changes
		{"board", true, "g5:e3:c5"}, // a question changes nothing
	} {
		s.say = ""
		s.PageCommand(a, tc.line)
		row := currentRow(s)
		if row == nil || row.Text != tc.row || s.tree.InBranch() != tc.branch {
			t.Fatalf("%q: current row %+v, in a branch %v", tc.line, row, s.tree.InBranch())
		}
		if illegal := tc.line == "a1-b2" || tc.line == "d4-e5"; illegal && s.say == "" {
			t.Errorf("%q: nothing says what is wrong", tc.line)
		}
	}
}

// TestAnalysisBranchSearchesOneAtATime: stepping quickly through a
// branch's moves starts a search of each position shown and stops the
// last; a stopped search may still be running when the next begins, and
// the two must not share the engine (they did: under load the engine's
// root moves were changed under a running search, which panicked). Each
// step is made at once, without waiting; the position shown at the end is
// searched.
func TestAnalysisBranchSearchesOneAtATime(t *testing.T) {
	a, kb, s, _ := openAnalysis(t)
	s.show(a, 2)
	// A branch of four free moves.
	for range 4 {
		pos := s.tree.Current().Position
		s.boardMove(a, pos.LegalMoves(nil)[0])
	}
	if !s.tree.InBranch() {
		t.Fatal("the free moves made no branch")
	}
	for i := range 60 {
		key := ebiten.KeyArrowLeft
		if i/3%2 == 1 {
			key = ebiten.KeyArrowRight
		}
		scenetest.Press(a, kb, key)
		// A new search each step: forget what the last one found.
		if n := s.tree.Current(); !n.Main {
			n.Eval = nil
			s.evaluating = nil
			s.evaluate(n)
		}
	}
	cur := s.tree.Current()
	testwait.Wait{Step: func() { _ = a.Update() }}.For(t, "the position shown searched", func() bool { return cur.Eval != nil })
}
