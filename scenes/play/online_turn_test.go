//go:build !js

package play

import (
	"testing"
	"time"

	"bashni/i18n"
	"bashni/internal/testwait"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/scenetest"
)

// TestOnlineStatusSaysWhoseMove: on the real play screen of an online
// game (a server's arena pairing, the screen made as the app makes it)
// where this device plays Black, the status line says it is the
// opponent's move while White is to move — never "Your move" — and,
// once White has moved on the other device, that it is Black's (yours);
// in every language. A player told "Your move" on the opponent's turn
// waits for nothing or tries moves the board refuses.
func TestOnlineStatusSaysWhoseMove(t *testing.T) {
	pair := arenaPair(t, "boris", "Konstantin_Ivanovich")
	black, white := pair[0], pair[1]
	if black.Local() != rules.Black {
		black, white = white, black
	}
	if black.Local() != rules.Black || white.Local() != rules.White {
		t.Fatalf("seats: %v and %v, want one Black and one White", black.Local(), white.Local())
	}
	a, _ := newApp(t, scenes.Options{})
	bs := newOnlinePlayScene(a, black)
	a.ShowOnly(bs)
	bs.Layout(a, 1280, 800, 1)
	wa, _ := newApp(t, scenes.Options{})
	ws := newOnlinePlayScene(wa, white)
	wa.ShowOnly(ws)
	ws.Layout(wa, 1280, 800, 1)

	cats := map[i18n.Lang]*i18n.Catalog{}
	for _, l := range i18n.Langs() {
		cats[l] = scenetest.LangApp(t, l).Text()
	}
	// check says what the black screen's status line is in each language.
	check := func(when string, want func(*i18n.Catalog) string, not func(*i18n.Catalog) string) {
		t.Helper()
		for _, l := range i18n.Langs() {
			la := scenetest.LangApp(t, l)
			bs.setWords(la)
			got, _ := bs.statusText()
			if got != want(cats[l]) || got == not(cats[l]) {
				t.Errorf("%s, %s: the status line says %q, want %q", l.Code(), when, got, want(cats[l]))
			}
		}
		bs.setWords(a)
	}
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	if got := bs.sess.Game().Position().SideToMove(); got != rules.White {
		t.Fatalf("side to move %v, want White at the start", got)
	}
	their := func(c *i18n.Catalog) string { return c.T("play.their_move") }
	yours := func(c *i18n.Catalog) string { return c.T("play.your_move") }
	check("White to move", their, yours)

	mv := ws.sess.Game().Position().LegalMoves(nil)[0]
	if err := ws.sess.Play(mv); err != nil {
		t.Fatal(err)
	}
	testwait.Wait{Every: 10 * time.Millisecond}.For(t, "White's move on Black's screen", func() bool {
		if err := wa.Update(); err != nil {
			t.Fatal(err)
		}
		if err := a.Update(); err != nil {
			t.Fatal(err)
		}
		return bs.sess.Game().Ply() == 1
	})
	check("after White's move", yours, their)
}
