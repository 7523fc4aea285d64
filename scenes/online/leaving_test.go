//go:build !js

package online

import (
	"bashni/internal/onlinetest"
	"bashni/internal/testwait"
	"context"
	"fmt"
	"net/http"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/online/remote"
	"bashni/online/server"
	"bashni/platform"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/scenes/ui"
	"bashni/session"
	"bashni/storage"
)

// gatedServer is a real online server whose WebSocket handshakes wait
// until the gate opens (a slow network), counting those served.
func gatedServer(t *testing.T) (srv *server.Server, url string, gate chan struct{}, served *atomic.Int64) {
	t.Helper()
	gate, served = make(chan struct{}), &atomic.Int64{}
	srv, url = onlinetest.Server(t, server.Config{}, func(inner http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			<-gate
			served.Add(1)
			inner.ServeHTTP(w, r)
		})
	})
	return srv, url, gate, served
}

// TestLobbyLeftWhileDialling: a lobby closed while its connection is
// being made leaves no connection open once the dial goes through (the
// screen is off the stack: its Update never takes the account).
func TestLobbyLeftWhileDialling(t *testing.T) {
	srv, url, gate, served := gatedServer(t)
	a, _ := scenetest.NewApp(t, nil, scenes.Options{SiteServer: url})
	l := NewLobby(a)
	l.leave() // Back while dialling
	close(gate)
	testwait.Wait{Every: 5 * time.Millisecond, Failed: func() string {
		return fmt.Sprintf("%d handshakes served, %d connections open", served.Load(), srv.Stats().Connections)
	}}.For(t, "the lobby's connection closed after it was left", func() bool {
		return served.Load() != 0 && srv.Stats().Connections == 0
	})
}

// TestProfileGameOpensReplay: a recent game of a profile opens in the
// replay with its record read from the server: the moves played, the
// players' names.
func TestProfileGameOpensReplay(t *testing.T) {
	_, url, gate, _ := gatedServer(t)
	close(gate)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	seats := onlinetest.Pair(ctx, t, url, "anna", "boris") // the game goes on, without a move yet: its record all the same
	var opened *rules.Record
	a, _ := scenetest.NewApp(t, nil, scenes.Options{SiteServer: url, Pages: scenes.Pages{Replay: func(c scenes.Context, rec *rules.Record) scenes.Scene {
		opened = rec
		return &Live{list: newList(c, nil, "x")}
	}}})
	s := NewProfile(a, seats[0].Account, "anna")
	step := func(what string, done func() bool) {
		t.Helper()
		testwait.Wait{
			Every:  5 * time.Millisecond,
			Step:   func() { a.StepScene(s, ui.Pointer{}) },
			Failed: func() string { return fmt.Sprintf("error %q", s.err) },
		}.For(t, what, done)
	}
	step("the profile", func() bool { return s.prof != nil && len(s.prof.Games) == 1 })
	s.replay(a, s.prof.Games[0].Game)
	step("the replay", func() bool { return opened != nil })
	names := []string{opened.Tag("White"), opened.Tag("Black")}
	if !slices.Contains(names, "anna") || !slices.Contains(names, "boris") || len(opened.Game.AllMoves()) != 0 {
		t.Fatalf("the record opened: tags %+v, %d moves", opened.Tags, len(opened.Game.AllMoves()))
	}
}

// shownGame stands in for the play screen of an online game.
type shownGame struct {
	p *remote.Player
	s *session.Session
}

func (g *shownGame) Name() string                                 { return "play" }
func (g *shownGame) Layout(c scenes.Context, w, h, scale float64) {}
func (g *shownGame) Update(c scenes.Context) error                { return nil }
func (g *shownGame) Draw(c scenes.Context, dst *ebiten.Image)     {}
func (g *shownGame) Session() *session.Session                    { return g.s }
func (g *shownGame) OnlineCode() string                           { return g.p.Code() }
func (g *shownGame) ReplacedBy(next scenes.Game)                  { g.p.Close() }
func (g *shownGame) Snapshot(s *platform.State)                   {}

// TestWatchTopFollows: "watch the top game" shows the top game and, when
// it ends, the next top game in its place; once the player leaves the
// game's screen the following ends and its account is closed.
func TestWatchTopFollows(t *testing.T) {
	srv, url, gate, _ := gatedServer(t)
	close(gate)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	pair := func() (*remote.Player, *session.Session) {
		taker := onlinetest.Pair(ctx, t, url)[1]
		return taker.Player, taker.Session
	}
	first, _ := pair()
	second, secondSession := pair()
	var shown []string
	st := storage.Defaults()
	st.InstantAnimations = true
	a, _ := scenetest.NewApp(t, nil, scenes.Options{SiteServer: url, Settings: st, Pages: scenes.Pages{OpenOnlineGame: func(c scenes.Context, p *remote.Player) {
		shown = append(shown, p.Code())
		cfg, err := p.Config()
		if err != nil {
			t.Fatal(err)
		}
		s, err := session.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		g := &shownGame{p: p, s: s}
		if old := c.Game(); old != nil {
			old.ReplacedBy(g)
		}
		c.SetGame(g)
		c.Start(g)
	}}})
	tv, _, err := remote.OpenAccount(ctx, storage.OpenMemory(), url)
	if err != nil {
		t.Fatal(err)
	}
	code, err := tv.WatchTop(ctx)
	if err != nil || code != second.Code() {
		t.Fatalf("the top game: %q %v, want the newer %s", code, err, second.Code())
	}
	f := followTop(a, tv, a.OnTop(), code)
	ended := false // the following ended: f.step reported false
	// follow steps the following until done, or until the following
	// ends: it reports whether done came first.
	follow := func(what string, done func() bool) bool {
		t.Helper()
		testwait.Wait{
			Every:  5 * time.Millisecond,
			Step:   func() { ended = !f.step(a) },
			Failed: func() string { return fmt.Sprintf("shown %v", shown) },
		}.For(t, what, func() bool { return ended || done() })
		return !ended
	}
	follow("the top game shown", func() bool { return len(shown) == 1 })
	if shown[0] != second.Code() {
		t.Fatalf("shown %v, want %s", shown, second.Code())
	}
	secondSession.Resign()
	follow("the next top game shown", func() bool { return len(shown) == 2 })
	if shown[1] != first.Code() {
		t.Fatalf("shown %v, want %s after %s ended", shown, first.Code(), second.Code())
	}
	// The player goes to the title: the following ends, its account closed.
	a.Home()
	if follow("the following to end", func() bool { return false }) {
		t.Fatal("unreachable")
	}
	testwait.Wait{Every: 5 * time.Millisecond, Failed: func() string {
		return fmt.Sprintf("%d connections", srv.Stats().Connections)
	}}.For(t, "the account to disconnect after the following ended", func() bool { return !tv.View().Connected })
}
