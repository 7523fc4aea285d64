package scenetest

import (
	"github.com/hajimehoshi/ebiten/v2"

	"bashni/platform"
	"bashni/scenes"
	"bashni/session"
)

// Game is the play screen as a page's test sees it (scenes/play is a page
// the others do not import): a scenes.Game on the session the router was
// asked for, and the configuration it was asked with.
type Game struct {
	Cfg  scenes.GameConfig
	sess *session.Session
}

// Play is a router's Play for the pages' tests (scenes.Pages.Play): a
// Game on c's session for cfg.
func Play(c scenes.Context, cfg scenes.GameConfig) scenes.Game {
	return &Game{Cfg: cfg, sess: c.NewSession(cfg)}
}

func (g *Game) Name() string                                 { return scenes.ScenePlay }
func (g *Game) Layout(c scenes.Context, w, h, scale float64) {}
func (g *Game) Update(c scenes.Context) error                { return nil }
func (g *Game) Draw(c scenes.Context, dst *ebiten.Image)     {}
func (g *Game) Session() *session.Session                    { return g.sess }
func (g *Game) OnlineCode() string                           { return "" }
func (g *Game) ReplacedBy(scenes.Game)                       {}
func (g *Game) Snapshot(*platform.State)                     {}

// Stub is a screen of another page as a page's test sees it: a name, and
// nothing to draw or do.
type Stub struct{ Named string }

func (s *Stub) Name() string                                 { return s.Named }
func (s *Stub) Layout(c scenes.Context, w, h, scale float64) {}
func (s *Stub) Update(c scenes.Context) error                { return nil }
func (s *Stub) Draw(c scenes.Context, dst *ebiten.Image)     {}
