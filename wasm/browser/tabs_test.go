package browser

import (
	"strings"
	"testing"
	"time"
)

// TestTwoTabs plays a game in two tabs of one browser, which share
// localStorage: the second tab keeps its game in its own slot (claimed with
// the Web Locks API), so the first tab's saved game is not overwritten.
func TestTwoTabs(t *testing.T) {
	srv := startServer(t)
	first := newBrowser(t, desktop)
	first.open(srv.url("?seed=3"))
	st := first.startNewGame(false)
	m := first.humanMove(st)
	st = first.playByTaps(st, m)
	firstMoves := strings.Join(st.Moves, " ")

	second := first.newTab()
	second.open(srv.url("?seed=4"))
	var locks bool
	second.eval(`!!(navigator.locks && navigator.locks.request)`, &locks)
	if !locks {
		t.Fatal("this Chromium has no Web Locks API")
	}
	st2 := second.startNewGame(false)
	second.playByTaps(st2, second.humanMove(st2))

	var saved map[string]string
	second.waitFor("the second tab's save", `localStorage.getItem('bashni/game-2.json') !== null`, 30*time.Second)
	second.eval(`({first: localStorage.getItem('bashni/game.json') || '', second: localStorage.getItem('bashni/game-2.json') || ''})`, &saved)
	for _, m := range st.Moves {
		if !strings.Contains(saved["first"], `"`+m+`"`) {
			t.Errorf("the first tab's saved game lost its moves %s:\n%s", firstMoves, saved["first"])
			break
		}
	}
	if !strings.Contains(saved["second"], `"kind": "game-2"`) {
		t.Errorf("the second tab saved %q", saved["second"])
	}
}
