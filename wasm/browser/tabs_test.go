package browser

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"bashni/rules"
)

// TestTwoTabs plays a game in two tabs of one browser, which share
// localStorage: the second tab keeps its game in its own slot (claimed with
// the Web Locks API), so the first tab's saved game is not overwritten.
// Both are games between friends from a position, so that no computer
// thinks and no menu has to be crossed (the test runs two pages at once).
func TestTwoTabs(t *testing.T) {
	const start = "W:Wc3,e3,g1:Bf6,h8:H0:F5"
	srv := startServer(t)
	page := srv.url("?mute=1&friend=1&fen=" + url.QueryEscape(start))

	play := func(b *browser, pick func([]rules.Move) rules.Move) string {
		t.Helper()
		st := b.waitState("the game", 3*time.Minute, func(s state) bool { return s.Scene == "play" && !s.Animating && s.Board.Square > 0 })
		m := pick(b.position(st).LegalMoves(nil))
		for i := 0; i < m.PathLen(); i++ {
			b.press(b.squareCenter(st, m.PathAt(i).String()))
		}
		b.waitState("the move "+m.String(), 2*time.Minute, func(s state) bool { return s.Ply == 1 && !s.Animating })
		return m.String()
	}

	first := newBrowser(t, desktop)
	first.open(page)
	firstMove := play(first, func(ms []rules.Move) rules.Move { return ms[0] })
	first.waitFor("the first tab's save", `(localStorage.getItem('bashni/game.json') || '').includes('"`+firstMove+`"')`, time.Minute)

	second := first.newTab()
	second.open(page)
	var locks bool
	second.eval(`!!(navigator.locks && navigator.locks.request)`, &locks)
	if !locks {
		t.Fatal("this Chromium has no Web Locks API")
	}
	secondMove := play(second, func(ms []rules.Move) rules.Move { return ms[len(ms)-1] })
	second.waitFor("the second tab's save", `localStorage.getItem('bashni/game-2.json') !== null`, time.Minute)

	var saved map[string]string
	second.eval(`({first: localStorage.getItem('bashni/game.json') || '', second: localStorage.getItem('bashni/game-2.json') || ''})`, &saved)
	if !strings.Contains(saved["first"], `"`+firstMove+`"`) || (secondMove != firstMove && strings.Contains(saved["first"], `"`+secondMove+`"`)) {
		t.Errorf("the first tab's saved game (move %s) became:\n%s", firstMove, saved["first"])
	}
	if !strings.Contains(saved["second"], `"kind": "game-2"`) || !strings.Contains(saved["second"], `"`+secondMove+`"`) {
		t.Errorf("the second tab (move %s) saved:\n%s", secondMove, saved["second"])
	}
}
