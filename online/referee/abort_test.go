package referee

import (
	"testing"
	"time"

	"bashni/online/protocol"
	"bashni/rules"
)

// TestFirstMoveAbort: a paired game is aborted when White does not move
// within the first-move time from the start, or Black within it from
// White's first move; once both have moved only the clock decides; a
// replay gives the same game.
func TestFirstMoveAbort(t *testing.T) {
	const first = 30 * time.Second
	for _, tc := range []struct {
		name  string
		moves []string
		wait  time.Duration // after the last move
		abort bool
		by    string
	}{
		{"white waits too long", nil, first, true, protocol.White},
		{"white still has time", nil, first - time.Millisecond, false, ""},
		{"black waits too long", []string{"c3-d4"}, first, true, protocol.Black},
		{"both moved", []string{"c3-d4", "f6-e5"}, first, false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := &game{t: t, s: &State{ID: "ABCDEF"}, now: t0}
			g.apply(Paired(t0, rules.Bashni, protocol.Blitz5, first))
			if !g.s.Lobby() || g.s.Status() != Playing {
				t.Fatalf("paired game: lobby %v status %v", g.s.Lobby(), g.s.Status())
			}
			for _, m := range tc.moves {
				g.now = g.now.Add(time.Second)
				g.move(m)
			}
			d, ok := g.s.Deadline()
			if want := g.now.Add(first); len(tc.moves) < 2 && (!ok || !d.Equal(want)) {
				t.Fatalf("deadline %v %v, want %v", d, ok, want)
			}
			e, ok := g.s.Timeout(g.now.Add(tc.wait))
			if ok && e.Kind == protocol.EventTime {
				ok = false // the flag, not an abort
			}
			if ok != tc.abort {
				t.Fatalf("aborted %v, want %v (%+v)", ok, tc.abort, e)
			}
			if !ok {
				return
			}
			if e.Kind != protocol.EventAborted || e.By != tc.by {
				t.Fatalf("event %+v", e)
			}
			g.apply(e)
			res, reason := g.s.Outcome()
			if g.s.Status() != Over || res != rules.Ongoing || reason != protocol.ReasonAborted || g.s.Counts() {
				t.Fatalf("after the abort: %v %v %s counts %v", g.s.Status(), res, reason, g.s.Counts())
			}
			re, err := Replay("ABCDEF", g.events)
			if err != nil || re.Status() != Over || !re.Lobby() {
				t.Fatalf("replay: %v", err)
			}
		})
	}
	// A friend game has no first-move time.
	g := newGame(t, rules.Bashni, protocol.Blitz5)
	if e, ok := g.s.Timeout(t0.Add(time.Minute)); ok {
		t.Fatalf("a friend game timed out after a minute: %+v", e)
	}
}
