//go:build !js

package play

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/internal/onlinetest"
	"bashni/internal/testwait"
	"bashni/online/server"
	"bashni/platform"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/online"
	"bashni/scenes/scenetest"
	"bashni/session"
)

// TestSpectatorIsOfferedNothingOfThePlayers: someone else's game, opened
// as the title's "watch the top game" opens it (a real server in this
// process, two players two moves in), offers the spectator no Undo, Redo,
// Hint, resignation, draw offer or takeback — not as buttons on the
// canvas, not in the page's mirror (with the menu open too), not by the
// typed commands nor the keys — and none of them changes the game shown
// or the players' game. The report was an enabled Undo on the watch view:
// it took the shown game back a move off the server's.
func TestSpectatorIsOfferedNothingOfThePlayers(t *testing.T) {
	url, players := gameBeingPlayed(t, 2)
	a, kb := newApp(t, scenes.Options{SiteServer: url})
	scenetest.Show(t, a, online.NewWatch(a, true))
	var ps *Screen
	tick := testwait.Wait{Every: 5 * time.Millisecond, Step: func() { _ = a.Update() }, Failed: func() string {
		return fmt.Sprintf("shown %s", a.Shown().Name())
	}}
	tick.For(t, "the top game on the play screen", func() bool {
		ps, _ = a.Shown().(*Screen)
		return ps != nil && ps.sess.Game().Ply() == 2
	})
	if ps.online == nil || !ps.online.p.Spectator() {
		t.Fatal("the top game opened with a seat, not as a spectator's")
	}
	ps.Layout(a, 1280, 800, 1)
	cat := a.Text()
	mirrored := func() []string {
		var st platform.State
		a.Snapshot(&st)
		var names []string
		for _, c := range st.Controls {
			names = append(names, c.Name)
		}
		return names
	}
	// untouched fails unless the spectator's game and the players' stand
	// as the players left them: two moves, nothing asked, not over.
	untouched := func(t *testing.T, after string) {
		t.Helper()
		for i, s := range []*session.Session{ps.sess, players[0], players[1]} {
			_, _, asked := s.Offer()
			if g := s.Game(); g.Ply() != 2 || len(g.AllMoves()) != 2 || s.Over() || asked {
				t.Fatalf("after %s, game %d (0: the spectator's) stands at ply %d of %d, over %v, an offer open %v", after, i, g.Ply(), len(g.AllMoves()), s.Over(), asked)
			}
		}
		if _, ok := ps.sess.Hint(); ok || ps.sess.HintPending() {
			t.Fatalf("after %s, a hint is shown or looked for", after)
		}
	}
	// The row the spectator keeps, and what they may still do: the test
	// reads what is really there.
	_ = a.Update()
	for _, want := range []string{cat.T("play.flip"), cat.T("play.menu_button")} {
		if !slices.Contains(mirrored(), want) {
			t.Fatalf("%q is not in the mirror %q", want, mirrored())
		}
	}
	ps.openMenu(a)
	_ = a.Update()
	menu, menuMirrored := slices.Clone(ps.menu.Items), mirrored()
	if !slices.Contains(menu, cat.T("online.copy_link")) || !slices.Contains(menuMirrored, cat.T("online.copy_link")) {
		t.Fatalf("the menu %q (mirrored %q) has no %q", menu, menuMirrored, cat.T("online.copy_link"))
	}
	scenetest.Press(a, kb, ebiten.KeyEscape)
	untouched(t, "the menu")

	for _, tc := range []struct {
		what  string
		names []string     // its button's or menu entry's words
		typed string       // its typed command
		keys  []ebiten.Key // its keys
	}{
		{"Undo", []string{cat.T("play.undo"), cat.T("online.ask_takeback")}, "undo", []ebiten.Key{ebiten.KeyU}},
		{"Redo", []string{cat.T("play.redo")}, "redo", []ebiten.Key{ebiten.KeyControl, ebiten.KeyY}},
		{"Hint", []string{cat.T("play.hint")}, "hint", []ebiten.Key{ebiten.KeyH}},
		{"Resign", []string{cat.T("play.menu.resign"), cat.T("play.menu.resign_ellipsis"),
			cat.Side("play.menu.side_resigns_ellipsis", rules.White), cat.Side("play.menu.side_resigns_ellipsis", rules.Black)}, "resign", nil},
		{"Offer a draw", []string{cat.T("online.offer_draw"), cat.T("play.menu.draw")}, "draw", nil},
		{"Accept", []string{cat.T("online.accept_draw"), cat.T("online.accept_takeback")}, "accept", nil},
	} {
		t.Run(tc.what, func(t *testing.T) {
			_ = a.Update()
			for _, b := range ps.ctl.row {
				if slices.Contains(tc.names, b.Label) {
					t.Errorf("the canvas shows a %q button", b.Label)
				}
			}
			for _, name := range tc.names {
				if slices.Contains(mirrored(), name) {
					t.Errorf("the mirror lists %q: %q", name, mirrored())
				}
				if slices.Contains(menu, name) || slices.Contains(menuMirrored, name) {
					t.Errorf("the menu offers %q: %q", name, menu)
				}
			}
			ps.PageCommand(a, tc.typed)
			_ = a.Update()
			untouched(t, fmt.Sprintf("typing %q", tc.typed))
			if len(tc.keys) > 0 {
				scenetest.Press(a, kb, tc.keys...)
				untouched(t, fmt.Sprintf("the keys %v", tc.keys))
			}
		})
	}

	// Whatever the spectator asked went nowhere: the players play on, and
	// the spectator sees their next move, with nothing asked of them.
	playMove(t, players, 2)
	tick.For(t, "the players' third move on the spectator's board", func() bool { return ps.sess.Game().Ply() == 3 })
	for i, s := range []*session.Session{ps.sess, players[0], players[1]} {
		if _, _, asked := s.Offer(); asked || s.Over() || len(s.Game().AllMoves()) != 3 {
			t.Errorf("game %d after the third move: an offer open %v, over %v, %d moves", i, asked, s.Over(), len(s.Game().AllMoves()))
		}
	}
}

// gameBeingPlayed starts a server in this process, pairs two players in
// its lobby and plays moves moves of their game; it returns the server's
// address and the players' sessions (White's first).
func gameBeingPlayed(t *testing.T, moves int) (string, [2]*session.Session) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	// The game is never aborted for want of a first move, however long a
	// busy machine takes to make it.
	_, url := onlinetest.Server(t, server.Config{Lobby: server.LobbyConfig{FirstMove: -1}}, nil)
	var players [2]*session.Session
	for _, seat := range onlinetest.Pair(ctx, t, url) {
		players[seat.Player.Local()&1] = seat.Session
	}
	if players[0] == nil || players[1] == nil {
		t.Fatal("both players have the same seat")
	}
	for ply := 0; ply < moves; ply++ {
		playMove(t, players, ply)
	}
	return url, players
}

// playMove has the side to move play its first legal move at ply and
// waits for both players' games to have it.
func playMove(t *testing.T, players [2]*session.Session, ply int) {
	t.Helper()
	var now int64
	both := func() {
		now++
		for _, s := range players {
			s.Tick(now, true)
		}
	}
	testwait.Wait{Every: 5 * time.Millisecond, Step: both}.For(t, fmt.Sprintf("ply %d on both sides", ply), func() bool {
		return players[0].Game().Ply() == ply && players[1].Game().Ply() == ply
	})
	s := players[ply%2]
	if err := s.Play(s.Game().Position().LegalMoves(nil)[0]); err != nil {
		t.Fatalf("move %d: %v", ply+1, err)
	}
	testwait.Wait{Every: 5 * time.Millisecond, Step: both}.For(t, fmt.Sprintf("move %d on both sides", ply+1), func() bool {
		return players[0].Game().Ply() == ply+1 && players[1].Game().Ply() == ply+1
	})
}
