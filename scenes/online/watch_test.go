//go:build !js

package online

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/internal/onlinetest"
	"bashni/internal/testwait"
	"bashni/online/remote"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/session"
	"bashni/storage"
)

// TestWatchFromTitle: the games being played opened with no lobby under
// them (the title's Top game, the router's Live) dial an account of their
// own, list the game going on and follow it at once onto the play screen;
// leaving the game ends the following and closes that account. Opened
// and left by Back before anything shows, the screen leaves no
// connection open.
func TestWatchFromTitle(t *testing.T) {
	srv, url, gate, _ := gatedServer(t)
	close(gate)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	// A game going on between two players.
	code := onlinetest.Pair(ctx, t, url)[1].Player.Code()
	base := srv.Stats().Connections

	var shown []string
	st := storage.Defaults()
	st.InstantAnimations = true
	a, kb := scenetest.NewApp(t, nil, scenes.Options{SiteServer: url, Settings: st, Pages: scenes.Pages{OpenOnlineGame: func(c scenes.Context, p *remote.Player) {
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
		c.SetGame(g)
		c.Start(g)
	}}})
	tick := testwait.Wait{Every: 5 * time.Millisecond, Step: func() { _ = a.Update() }, Failed: func() string {
		return fmt.Sprintf("shown %v, %d connections (%d before)", shown, srv.Stats().Connections, base)
	}}

	// Left by Back while it dials or lists: nothing stays open.
	left := NewWatch(a, true)
	scenetest.Show(t, a, left)
	scenetest.Press(a, kb, ebiten.KeyEscape)
	if a.OnTop() == scenes.Scene(left) {
		t.Fatal("Back did not leave the games being played")
	}
	tick.For(t, "no connection of the screen left", func() bool { return srv.Stats().Connections == base })

	s := NewWatch(a, true)
	scenetest.Show(t, a, s)
	tick.For(t, "the top game shown", func() bool { return len(shown) == 1 })
	if shown[0] != code || len(s.games) != 1 || s.games[0].Code != code {
		t.Fatalf("shown %v from the list %+v, want %s", shown, s.games, code)
	}
	if s.acct == nil || !s.acct.View().Connected {
		t.Fatal("the screen's own account is not connected while it follows")
	}
	// The player goes to the title: the following ends, its account and
	// the game's connection closed.
	a.Home()
	tick.For(t, "the following's account closed", func() bool { return !s.acct.View().Connected })
}
