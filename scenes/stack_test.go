package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"
	"testing"
	"time"

	"bashni/platform"
	"bashni/rules"
	"bashni/session"
	"bashni/storage"
)

// TestSceneStack: screens open over one another and go back to the one
// they were opened from; a new game starts over the title; Home goes back
// to it. Backdrops are the scene under.
func TestSceneStack(t *testing.T) {
	st := storage.Defaults()
	st.InstantAnimations = true // no transitions: the scene shown is the top
	a := NewApp(Options{Settings: st, NoAttract: true, Clipboard: &platform.Memory{}, Pages: Pages{Play: stubPlay},
		Engine: func(uint64) session.Engine { return slowEngine{delay: time.Hour} }})
	names := func() []string {
		var n []string
		for _, e := range a.stack {
			n = append(n, e.scene.Name())
		}
		return n
	}
	want := func(what string, w ...string) {
		t.Helper()
		got := names()
		if len(got) != len(w) || a.scene != a.top() {
			t.Fatalf("%s: stack %v (showing %s), want %v", what, got, a.scene.Name(), w)
		}
		for i := range w {
			if got[i] != w[i] {
				t.Fatalf("%s: stack %v, want %v", what, got, w)
			}
		}
	}
	want("start", "title")
	a.Push(&stubScene{"about"})
	want("about", "title", "about")
	if a.under(a.scene) != a.stack[0].scene {
		t.Fatal("the about card's backdrop is not the title")
	}
	a.Pop()
	want("back", "title")
	// New game starts a game as scenes/newgame does: it becomes the game
	// in progress and replaces New game over the title.
	a.Push(&stubScene{SceneNewGame})
	g := stubPlay(a, GameConfig{Variant: rules.Bashni, Human: rules.White, Level: 1})
	a.SetGame(g)
	a.Start(g)
	want("a new game", "title", "play")
	a.Push(&stubScene{"about"})
	if a.under(a.scene) != a.Game() {
		t.Fatal("the about card over a game do not show the game behind them")
	}
	a.Push(&stubScene{"rules"})
	want("rules over about over the game", "title", "play", "about", "rules")
	a.Home()
	want("home", "title")
	if a.Game() == nil || a.Game().Session().Game().Variant() != rules.Bashni {
		t.Fatal("the game in progress was lost going home")
	}
	a.Push(a.Game())
	a.Start(&stubScene{SceneNewGame})
	want("a new game from the game", "title", "newgame")
}

// stubScene is a card of another package (About, Rules) as the stack
// sees it: a name.
type stubScene struct{ name string }

func (s *stubScene) Name() string                          { return s.name }
func (s *stubScene) Layout(c Context, w, h, scale float64) {}
func (s *stubScene) Update(c Context) error                { return nil }
func (s *stubScene) Draw(c Context, dst *ebiten.Image)     {}
