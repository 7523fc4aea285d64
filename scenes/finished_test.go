package scenes

import (
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

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
