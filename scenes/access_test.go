package scenes

import (
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/access"
	"bashni/platform"
	"bashni/rules"
	"bashni/session"
	"bashni/storage"
)

// press runs one tick of the app with keys down (a modifier first), then
// one with them up.
func press(a *App, kb fakeKeys, keys ...ebiten.Key) {
	for _, k := range keys {
		kb[k] = 1
	}
	_ = a.Update()
	for _, k := range keys {
		delete(kb, k)
	}
	_ = a.Update()
}

// keyApp is an App at 1280×800 on a game from fen (the person plays the
// side to move; the computer never answers), driven by a fake keyboard.
func keyApp(t *testing.T, fen string) (*App, fakeKeys) {
	t.Helper()
	st := storage.Defaults()
	st.InstantAnimations = true
	a := NewApp(Options{Settings: st, NoAttract: true, Clipboard: &platform.Memory{}, FEN: fen, Variant: rules.Bashni,
		Engine: func(uint64) session.Engine { return slowEngine{delay: time.Hour} }})
	kb := fakeKeys{}
	a.keyboard = kb
	a.w, a.h, a.scale = 1280, 800, 1
	a.sizeChanged = false
	a.layoutNow()
	_ = a.Update()
	if a.scene.Name() != ScenePlay {
		t.Fatalf("the game did not start: %s", a.scene.Name())
	}
	return a, kb
}

// TestTabReachesTheBoardAndTheControls: Tab goes to the board first, then
// the play screen's buttons in order; Shift+Tab goes back; a click puts
// the ring away.
func TestTabReachesTheBoardAndTheControls(t *testing.T) {
	a, kb := keyApp(t, "W:Wc3,e1:Bd4,f6,d6,a7,h8:H0:F12")
	ps := a.scene.(*PlayScene)
	if a.KeyboardFocus() {
		t.Fatal("a ring shows before any Tab")
	}
	press(a, kb, ebiten.KeyTab)
	if a.focus.ring != ps.layout.Board.Outer() || ps.board.Cursor() == rules.NoSquare {
		t.Fatalf("first Tab: ring on %v, cursor %v; want the board with its cursor", a.focus.ring, ps.board.Cursor())
	}
	// Undo and Redo are disabled (nothing played): Flip comes next.
	press(a, kb, ebiten.KeyTab)
	if a.focus.ring != ps.btnFlip.Rect {
		t.Fatalf("second Tab: ring on %v, want Flip %v", a.focus.ring, ps.btnFlip.Rect)
	}
	if ps.board.Cursor() != rules.NoSquare {
		t.Fatal("the cursor stays when the board lost the focus")
	}
	press(a, kb, ebiten.KeyEnter)
	if !ps.flipped {
		t.Fatal("Enter on Flip did not flip the board")
	}
	kb[ebiten.KeyShift] = 1
	press(a, kb, ebiten.KeyTab)
	delete(kb, ebiten.KeyShift)
	if a.focus.ring != ps.layout.Board.Outer() {
		t.Fatalf("Shift+Tab: ring on %v, want the board", a.focus.ring)
	}
	// The flipped board: Right goes towards a (c3 → b3).
	ps.board.SetCursor(rules.SquareAt(2, 2))
	press(a, kb, ebiten.KeyArrowRight)
	if got := ps.board.Cursor(); got != rules.SquareAt(1, 2) {
		t.Fatalf("Right on the flipped board: cursor on %v, want b3", got)
	}
	a.ptr.Pressed = true // a click
	a.focus.beginTick(a)
	a.ptr.Pressed = false
	if a.KeyboardFocus() {
		t.Fatal("a click did not put the ring away")
	}
}

// TestTypedCommands: the play screen's command line plays typed moves
// (the short form of a capture too), refuses illegal ones with the
// engine's words, answers the questions, and announces each move.
func TestTypedCommands(t *testing.T) {
	const fen = "W:Wc3,e1:Bd4,f6,d6,a7,h8:H0:F12"
	a, kb := keyApp(t, fen)
	ps := a.scene.(*PlayScene)
	// One tick with / down (the field's text input needs a running game
	// from the next tick on: the test calls the line's command directly).
	kb[ebiten.KeySlash] = 1
	_ = a.Update()
	delete(kb, ebiten.KeySlash)
	if !ps.cmd.open || !ps.cmd.field.Focused() {
		t.Fatal("/ did not open the command line")
	}
	var answers []string
	answer := func(_ Context, s string) { answers = append(answers, s) }
	p := mustPosition(t, fen)

	ps.command(a, "e1-f2", answer)
	if ps.sess.Game().Ply() != 0 || len(answers) != 1 {
		t.Fatalf("an illegal move was played, or no answer: %v", answers)
	}
	_, err := p.ParseMove("e1-f2")
	if err == nil || answers[0] != a.Text().Error(err) {
		t.Errorf("answer %q, want the engine's error %v", answers[0], err)
	}
	ps.command(a, "board", answer)
	if want := access.Board(a.Text(), p, rules.Outcome{}); answers[1] != want {
		t.Errorf("board: %q, want %q", answers[1], want)
	}
	ps.command(a, "column d4", answer)
	if !strings.Contains(answers[2], "d4") {
		t.Errorf("column d4: %q", answers[2])
	}
	ps.command(a, "c3:g7", answer) // the short form of c3:e5:g7
	want := mustMove(t, p, "c3:e5:g7")
	g := ps.sess.Game()
	if g.Ply() != 1 || g.AllMoves()[0] != want {
		t.Fatalf("c3:g7 did not play %v: ply %d", want, g.Ply())
	}
	if !strings.HasPrefix(ps.cmd.reply, "White c3 takes d4, f6, lands on g7.") || !strings.Contains(ps.cmd.reply, "Column of 3.") {
		t.Errorf("the move's announcement: %q", ps.cmd.reply)
	}
	ps.command(a, g.LegalMoves()[0].String(), answer) // Black's move, the computer's
	if got := answers[len(answers)-1]; got != a.Text().T("command.not_now") {
		t.Errorf("a move on the computer's turn: %q", got)
	}
	kb[ebiten.KeyEscape] = 1
	_ = a.Update() // Esc is read before the field
	if ps.cmd.open {
		t.Fatal("Esc did not close the command line")
	}
}

// TestSystemMotion: the system's reduced-motion preference is the default
// of InstantAnimations until the player chooses in Settings.
func TestSystemMotion(t *testing.T) {
	for _, tc := range []struct {
		chosen, instant, prefers, want bool
	}{
		{false, false, true, true},
		{false, true, false, true}, // on in an older save: the player's choice
		{false, false, false, false},
		{true, false, true, false}, // the player turned it off
		{true, true, false, true},
	} {
		s := storage.Defaults()
		s.MotionChosen, s.InstantAnimations = tc.chosen, tc.instant
		if got := followSystemMotion(s, tc.prefers).InstantAnimations; got != tc.want {
			t.Errorf("chosen=%v instant=%v prefers=%v: instant %v, want %v", tc.chosen, tc.instant, tc.prefers, got, tc.want)
		}
	}
}
