package scenes

import (
	"bashni/platform"
	"bashni/scenes/ui"
	"context"
	"testing"
	"time"

	"bashni/rules"
	"bashni/session"
)

// slowEngine answers with the first legal move after a delay, or when
// cancelled, not at all.
type slowEngine struct{ delay time.Duration }

func (e slowEngine) ChooseMove(ctx context.Context, h []*rules.Position, level int) rules.Move {
	select {
	case <-time.After(e.delay):
	case <-ctx.Done():
		return rules.Move{}
	}
	return h[len(h)-1].LegalMoves(nil)[0]
}

func (e slowEngine) Hint(ctx context.Context, h []*rules.Position) session.Hint {
	return session.Hint{Best: e.ChooseMove(ctx, h, 0), Text: "equal"}
}

func (slowEngine) NewGame() {}

// newSession starts cfg's game with moves played (by whoever is to move),
// for tests of what is made of a game: records, saves, the archive.
func newSession(t *testing.T, cfg GameConfig, moves ...string) *session.Session {
	t.Helper()
	cfg.Moves, cfg.Ply = moves, len(moves)
	brain := session.NewBrain(slowEngine{delay: time.Hour})
	s, err := session.New(session.Config{Variant: cfg.Variant, Start: cfg.Start, Moves: cfg.Moves, Ply: cfg.Ply, Players: cfg.players(brain)})
	if err != nil {
		t.Fatal(err)
	}
	return s
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

// stubGame is the play screen as the shell sees it (scenes/play is a page
// the shell does not import): a Game on the session the router was asked
// for, and the configuration it was asked with.
type stubGame struct {
	stubScene
	sess *session.Session
	cfg  GameConfig
}

func (g *stubGame) Session() *session.Session { return g.sess }
func (g *stubGame) OnlineCode() string        { return "" }
func (g *stubGame) ReplacedBy(Game)           {}
func (g *stubGame) Snapshot(*platform.State)  {}

// stubPlay is a router's Play for the shell's tests: a stubGame.
func stubPlay(c Context, cfg GameConfig) Game {
	return &stubGame{stubScene: stubScene{ScenePlay}, sess: c.NewSession(cfg), cfg: cfg}
}

// buttonScene is a screen of two buttons, the second disabled: Flip
// counts its presses.
type buttonScene struct {
	stubScene
	flip, undo ui.Button
	flips      int
	// before are buttons listed ahead of Flip (rows that arrive), and
	// befores the times one of them was pressed.
	before  []ui.Button
	befores int
	// hold: the screen lists nothing (it is opening).
	hold bool
}

func newButtonScene() *buttonScene {
	s := &buttonScene{stubScene: stubScene{"buttons"}}
	s.flip = ui.Button{Label: "Flip", Rect: Rect{X: 100, Y: 100, W: 120, H: 48}}
	s.undo = ui.Button{Label: "Undo", Rect: Rect{X: 240, Y: 100, W: 120, H: 48}, Disabled: true}
	return s
}

func (s *buttonScene) Update(c Context) error {
	if s.hold {
		return nil
	}
	for i := range s.before {
		if c.Used(&s.before[i]) {
			s.befores++
		}
	}
	if c.Used(&s.flip) {
		s.flips++
	}
	c.Used(&s.undo)
	return nil
}
