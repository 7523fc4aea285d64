package play

import (
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/launch"
	"bashni/platform"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/storage"
)

// pages is the router of the play page's tests: this page, and the other
// pages' entries given (nil: that screen does not open).
func pages(p scenes.Pages) scenes.Pages {
	p.Play = func(c scenes.Context, cfg scenes.GameConfig) scenes.Game { return New(c, cfg) }
	p.OpenOnlineGame = OpenOnlineGame
	return p
}

// newApp is an App at 1280×800 with instant animations, a computer that
// never answers, a memory store and fake keys, whose router opens this
// page; opts gives the rest.
func newApp(t *testing.T, opts scenes.Options) (*scenes.App, scenetest.Keys) {
	t.Helper()
	if opts.Settings == (storage.Settings{}) {
		opts.Settings = storage.Defaults()
		opts.Settings.InstantAnimations = true
	}
	if opts.Clipboard == nil {
		opts.Clipboard = &platform.Memory{}
	}
	opts.Pages = pages(opts.Pages)
	return scenetest.NewApp(t, nil, opts)
}

// keyApp is newApp on a game from fen (the person plays the side to move),
// shown.
func keyApp(t *testing.T, fen string) (*scenes.App, scenetest.Keys, *Screen) {
	t.Helper()
	a, kb := newApp(t, scenes.Options{Launch: launch.Launch{FEN: fen, Variant: rules.Bashni}})
	_ = a.Update()
	ps, ok := a.Shown().(*Screen)
	if !ok {
		t.Fatalf("the game did not start: %s", a.Shown().Name())
	}
	return a, kb, ps
}

// start shows the game cfg describes as the game in progress.
func start(t *testing.T, a *scenes.App, cfg scenes.GameConfig) *Screen {
	t.Helper()
	ps := New(a, cfg)
	a.SetGame(ps)
	a.Start(ps)
	for i := 0; i < 60 && a.Shown() != scenes.Scene(ps); i++ {
		_ = a.Update()
	}
	if a.Shown() != scenes.Scene(ps) {
		t.Fatalf("the play screen did not show: %s", a.Shown().Name())
	}
	return ps
}

func mustPosition(t *testing.T, fen string) *rules.Position {
	t.Helper()
	p, err := rules.ParseFEN(rules.Bashni, fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustMove(t *testing.T, p *rules.Position, text string) rules.Move {
	t.Helper()
	m, err := p.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// stubScene is another page's screen, opened through the router.
type stubScene struct{ name string }

func (s *stubScene) Name() string                                     { return s.name }
func (s *stubScene) Layout(scenes.Context, float64, float64, float64) {}
func (s *stubScene) Update(scenes.Context) error                      { return nil }
func (s *stubScene) Draw(scenes.Context, *ebiten.Image)               {}

// chooseMenu runs the item labelled label of the play screen's open menu.
func chooseMenu(t *testing.T, ps *Screen, label string) {
	t.Helper()
	i := slices.Index(ps.menu.Items, label)
	if !ps.menu.Open || i < 0 {
		t.Fatalf("no %q in the menu (open %v, items %v)", label, ps.menu.Open, ps.menu.Items)
	}
	ps.menu.Open = false
	ps.menu.actions[i]()
}
