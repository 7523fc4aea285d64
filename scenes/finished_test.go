package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"slices"
	"testing"
	"time"

	"bashni/platform"
	"bashni/rules"
	"bashni/scenes/ui"
	"bashni/session"
	"bashni/storage"
)

// analysed is what the router was asked to open on the analysis board
// (which lives in scenes/learn, out of the shell's reach).
type analysed struct {
	start   *rules.Position
	moves   []rules.Move
	learner rules.Color
}

// analysisStub stands for the analysis board on the stack.
type analysisStub struct{ analysed }

func (*analysisStub) Name() string                              { return SceneAnalysis }
func (*analysisStub) Layout(Context, float64, float64, float64) {}
func (*analysisStub) Update(Context) error                      { return nil }
func (*analysisStub) Draw(Context, *ebiten.Image)               {}

// finishedApp is an app with instant transitions (the scene shown is the
// top of the stack), a computer that never answers, and store; its router
// opens a stub analysis board that keeps what it was asked.
func finishedApp(store *storage.Store) *App {
	st := storage.Defaults()
	st.InstantAnimations = true
	return NewApp(Options{Settings: st, Store: store, NoAttract: true, Clipboard: &platform.Memory{},
		Engine: func(uint64) session.Engine { return slowEngine{delay: time.Hour} },
		Pages: Pages{Analysis: func(c Context, start *rules.Position, moves []rules.Move, learner rules.Color) Scene {
			return &analysisStub{analysed{start, moves, learner}}
		}}})
}

// TestFinishedGameMenu: once the game is over, the in-game menu opens it in
// replay and on the analysis board, as the game-over card did (issue 21);
// a game in progress offers neither.
func TestFinishedGameMenu(t *testing.T) {
	a := finishedApp(nil)
	cat := a.Text()
	replay, analyse := cat.T("gameover.replay"), cat.T("ux.analysis")
	ps := NewPlayScene(a, GameConfig{Variant: rules.Bashni, Human: rules.White, Level: 1,
		Start: mustPosition(t, "W:Wc3:Bd4:H0:F30")})
	a.SetGame(ps)
	a.Push(ps)
	ps.Layout(a, 1280, 800, 1)
	ps.openMenu(a)
	if slices.Contains(ps.menu.Items, replay) || slices.Contains(ps.menu.Items, analyse) {
		t.Fatalf("a game in progress offers %q", ps.menu.Items)
	}
	ps.menu.Open = false
	if err := ps.sess.Play(mustMove(t, ps.sess.Game().Position(), "c3:e5")); err != nil {
		t.Fatal(err)
	}
	if !ps.sess.Over() {
		t.Fatal("the game is not over")
	}
	choose := func(label string) {
		t.Helper()
		ps.openMenu(a)
		i := slices.Index(ps.menu.Items, label)
		if i < 0 {
			t.Fatalf("the menu of a finished game %q has no %q", ps.menu.Items, label)
		}
		ps.menu.Open = false
		ps.menu.actions[i]()
	}
	choose(analyse)
	as, ok := a.top().(*analysisStub)
	if !ok {
		t.Fatalf("Analysis opened %s", a.top().Name())
	}
	if len(as.moves) != 1 || as.learner != rules.White {
		t.Errorf("the analysis board has %d moves for %v, want the game's 1 for White", len(as.moves), as.learner)
	}
	a.Pop()
	choose(replay)
	if !ps.replaying || ps.shownPly() != 0 {
		t.Errorf("Replay: replaying %v at ply %d, want a replay from the start", ps.replaying, ps.shownPly())
	}
}

// TestPastGamesOpenInReplayAndAnalysis: a row of Past games opens its game
// in the replay view; its Analysis button, a full touch target, on the
// analysis board for the side played here.
func TestPastGamesOpenInReplayAndAnalysis(t *testing.T) {
	m := newSession(t, GameConfig{Start: mustPosition(t, "B:Wc3,e3:Bf6,h6:H0:F30"), Human: rules.Black, Level: 2},
		"f6-g5", "c3-d4", "g5-f4", "e3:g5", "h6:f4")
	if err := m.Resign(); err != nil { // the game ends: Past games keeps finished games
		t.Fatal(err)
	}
	ag, ok := archivedGameOf(m, rules.Black, testDate)
	if !ok {
		t.Fatal("the game is not archived")
	}
	store := storage.OpenMemory()
	if _, err := store.AddToArchive(ag); err != nil {
		t.Fatal(err)
	}
	a := finishedApp(store)
	s := NewArchiveScene(a)
	a.Push(s)
	s.Layout(a, 390, 844, 1)
	tap := func(x, y float64) {
		pointerTick(a, s, ui.Pointer{X: x, Y: y, Touch: true, Down: true, Pressed: true})
		pointerTick(a, s, ui.Pointer{X: x, Y: y, Touch: true, Released: true})
	}
	b := s.AnalysisButtonOf(0, 1)
	if b.W < MinTouchDP || b.H < MinTouchDP || !s.rects.List.Contains(b.X, b.Y) || !s.rects.List.Contains(b.X+b.W-1, b.Y+b.H-1) {
		t.Fatalf("the Analysis button %+v is not a touch target inside the list %+v", b, s.rects.List)
	}
	tap(b.X+b.W/2, b.Y+b.H/2)
	as, ok := a.top().(*analysisStub)
	if !ok {
		t.Fatalf("the Analysis button opened %s", a.top().Name())
	}
	if len(as.moves) != 5 || as.learner != rules.Black || as.start.Variant() != rules.Bashni {
		t.Errorf("the analysis board has %d moves of %v for %v, want the game's 5 of Bashni for Black", len(as.moves), as.start.Variant(), as.learner)
	}
	a.Pop()
	s.Layout(a, 390, 844, 1) // back on top, laid out again
	row := s.rects.List
	tap(row.X+row.W/3, row.Y+s.rects.RowH/2)
	rs, ok := a.top().(*ReplayScene)
	if !ok {
		t.Fatalf("a tap on the row opened %s", a.top().Name())
	}
	if rs.last() != 5 {
		t.Errorf("the replay has %d plies, want 5", rs.last())
	}
}
