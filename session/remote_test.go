package session

import (
	"testing"
	"time"

	"bashni/rules"
)

// fakeRemote is a remote player as the online package makes one: what the
// network brings arrives on a channel from another goroutine, and what the
// local side does is "sent" (kept in sent).
type fakeRemote struct {
	side  rules.Color
	in    chan Action
	sent  []Event
	turns int
}

func newFakeRemote(side rules.Color) *fakeRemote {
	return &fakeRemote{side: side, in: make(chan Action, 8)}
}

func (r *fakeRemote) Kind() Kind { return Remote }
func (r *fakeRemote) Begin(Turn) { r.turns++ }
func (r *fakeRemote) Cancel()    {}
func (r *fakeRemote) Observe(e *Event) {
	if e.Side != r.side {
		ev := *e
		ev.Moves = append([]rules.Move(nil), e.Moves...)
		r.sent = append(r.sent, ev)
	}
}

func (r *fakeRemote) Poll(int64) (Action, bool) {
	select {
	case a := <-r.in:
		return a, true
	default:
		return Action{}, false
	}
}

// arrive delivers a from the network a little later, from another
// goroutine.
func (r *fakeRemote) arrive(a Action) {
	go func() {
		time.Sleep(2 * time.Millisecond)
		r.in <- a
	}()
}

// sentLast is the last event of kind k the remote player sent.
func (r *fakeRemote) sentLast(k EventKind) (Event, bool) {
	for i := len(r.sent) - 1; i >= 0; i-- {
		if r.sent[i].Kind == k {
			return r.sent[i], true
		}
	}
	return Event{}, false
}

// TestRemotePlayer: moves arrive from the network; the person's moves are
// sent; the server refuses one (taken back); undo is a takeback request the
// other side answers; the other side asks for one too.
func TestRemotePlayer(t *testing.T) {
	remote := newFakeRemote(rules.Black)
	s := mustNew(t, Config{Variant: rules.Bashni, Players: [2]Player{NewPerson(), remote}})
	c := newClock(t, s)

	playText(t, s, "c3-d4")
	if ev, ok := remote.sentLast(MovePlayed); !ok || ev.Move.String() != "c3-d4" || ev.Ply != 1 {
		t.Fatalf("the person's move was not sent: %+v", remote.sent)
	}
	c.tick(true)
	if remote.turns != 1 {
		t.Fatalf("the remote player's turn began %d times", remote.turns)
	}
	remote.arrive(Action{Kind: ActMove, Move: mustMove(t, s.Game().Position(), "f6-g5"), Ply: 1})
	c.until("the remote move", func() bool { return s.Game().Ply() == 2 })
	if ev, _ := c.last(MovePlayed); ev.Side != rules.Black || ev.Move.String() != "f6-g5" {
		t.Fatalf("remote move event %+v", ev)
	}
	if len(remote.sent) != 1 {
		t.Fatalf("the remote player's own move was sent back: %v", kinds(remote.sent))
	}
	// A move for another position is refused, not played.
	remote.arrive(Action{Kind: ActMove, Move: mustMove(t, s.Game().PositionAt(1), "f6-e5"), Ply: 1})
	c.until("the stale move refused", func() bool { return c.count(Refused) == 1 })
	if s.Game().Ply() != 2 {
		t.Fatal("a stale remote move was played")
	}
	if ev, _ := c.last(Refused); ev.Refusal.Code != RefusedStale {
		t.Fatalf("the stale move was refused with %q", ev.Refusal.Code)
	}

	// The server refuses the person's next move: it is taken back.
	playText(t, s, "b2-c3")
	remote.arrive(Action{Kind: ActRefuse, Ply: 2, Refusal: "not-your-turn"})
	c.until("the refusal", func() bool { return s.Game().Ply() == 2 })
	if ev, _ := c.last(Refused); ev.Side != rules.White || ev.Refusal.Code != "not-your-turn" || ev.Move.String() != "b2-c3" {
		t.Fatalf("refusal event %+v", ev)
	}
	if ev, _ := c.last(Undone); ev.Ply != 2 || len(ev.Moves) != 1 || !s.PersonToMove() {
		t.Fatalf("undone %+v", ev)
	}

	// Undo is a takeback request: declined, then accepted.
	if s.CanRedo() {
		t.Error("redo against a remote player")
	}
	if !s.Undo() || s.Game().Ply() != 2 {
		t.Fatal("undo did not ask, or took back at once")
	}
	if _, ok := remote.sentLast(TakebackRequested); !ok || s.CanUndo() {
		t.Fatal("the request was not sent, or can be sent twice")
	}
	if k, side, ok := s.Offer(); !ok || k != TakebackRequested || side != rules.White {
		t.Fatalf("open offer %v %v %v", k, side, ok)
	}
	remote.arrive(Action{Kind: ActAnswerTakeback, Accept: false})
	c.until("the answer", func() bool { _, _, open := s.Offer(); return !open })
	if ev, _ := c.last(TakebackAnswered); ev.Accept || ev.Side != rules.Black || s.Game().Ply() != 2 {
		t.Fatalf("declined: %+v at ply %d", ev, s.Game().Ply())
	}
	s.Undo()
	remote.arrive(Action{Kind: ActAnswerTakeback, Accept: true})
	c.until("the takeback", func() bool { return s.Game().Ply() == 0 })

	// The other side asks to take back its move.
	playText(t, s, "c3-d4")
	c.tick(true)
	remote.arrive(Action{Kind: ActMove, Move: mustMove(t, s.Game().Position(), "f6-g5"), Ply: 1})
	c.until("the remote move", func() bool { return s.Game().Ply() == 2 })
	remote.arrive(Action{Kind: ActRequestTakeback})
	c.until("the request", func() bool { _, _, open := s.Offer(); return open })
	if ev, _ := c.last(TakebackRequested); ev.Side != rules.Black {
		t.Fatalf("request %+v", ev)
	}
	if err := s.AnswerTakeback(true); err != nil || s.Game().Ply() != 1 || s.ToMove() != rules.Black {
		t.Fatalf("accepting: %v, ply %d", err, s.Game().Ply())
	}
	if ev, ok := remote.sentLast(TakebackAnswered); !ok || !ev.Accept {
		t.Fatal("the answer was not sent")
	}
	checkMoves(t, c)
}

// TestRemoteOffersAndEnds: draw offers both ways, presence, and results
// decided elsewhere (a resignation, a flag fall).
func TestRemoteOffersAndEnds(t *testing.T) {
	remote := newFakeRemote(rules.White)
	s := mustNew(t, Config{Variant: rules.Bashni, Players: [2]Player{remote, NewPerson()}})
	c := newClock(t, s)
	if !s.CanOfferDraw() || s.OfferDraw() != nil {
		t.Fatal("no draw offer to a remote player")
	}
	if _, ok := remote.sentLast(DrawOffered); !ok {
		t.Fatal("the offer was not sent")
	}
	remote.arrive(Action{Kind: ActAnswerDraw, Accept: false})
	c.until("the answer", func() bool { return c.count(DrawDeclined) == 1 })
	remote.arrive(Action{Kind: ActPresence, Connected: false})
	c.until("the presence", func() bool { return c.count(PresenceChanged) == 1 })
	if ev, _ := c.last(PresenceChanged); ev.Connected || ev.Side != rules.White {
		t.Fatalf("presence %+v", ev)
	}
	remote.arrive(Action{Kind: ActOfferDraw})
	c.until("the offer", func() bool { return c.count(DrawOffered) == 2 })
	if err := s.AnswerDraw(true); err != nil || s.Outcome().Reason != rules.Agreement {
		t.Fatalf("accepting the draw: %v, %+v", err, s.Outcome())
	}
	if ev, ok := remote.sentLast(GameOver); !ok || ev.Outcome.Result != rules.Draw {
		t.Fatal("the end was not sent")
	}

	r2 := newFakeRemote(rules.Black)
	s2 := mustNew(t, Config{Variant: rules.Bashni, Players: [2]Player{NewPerson(), r2}})
	c2 := newClock(t, s2)
	r2.arrive(Action{Kind: ActEnd, Outcome: rules.Outcome{Result: rules.BlackWins, Reason: rules.TimeOut}})
	c2.until("the flag", func() bool { return s2.Over() })
	if s2.Outcome().Explain() != "Black wins: White ran out of time." || s2.ResultFor(rules.White) != -1 {
		t.Fatalf("flag fall: %+v", s2.Outcome())
	}

	r3 := newFakeRemote(rules.Black)
	s3 := mustNew(t, Config{Variant: rules.Bashni, Players: [2]Player{NewPerson(), r3}})
	c3 := newClock(t, s3)
	r3.arrive(Action{Kind: ActResign})
	c3.until("the resignation", func() bool { return s3.Over() })
	if s3.Outcome().Result != rules.WhiteWins || s3.Outcome().Reason != rules.Resignation {
		t.Fatalf("remote resignation: %+v", s3.Outcome())
	}
}

// TestRestoreOffer: an offer that stands on the server is taken up again
// by a new session (after a reload), the person's own as well as the other
// side's: it is open, marked Restored (so nothing is sent again), the
// person cannot make it twice, and the other side's answer to it is shown
// as if there had been no reload.
func TestRestoreOffer(t *testing.T) {
	for _, tc := range []struct {
		name    string
		moves   []string
		offer   EventKind
		by      rules.Color
		answer  Action
		opens   bool // the restored offer is taken up
		after   int  // the ply after the answer
		outcome rules.Reason
	}{
		{name: "own draw offer, declined", offer: DrawOffered, by: rules.White, opens: true,
			answer: Action{Kind: ActAnswerDraw, Accept: false}},
		{name: "own draw offer, accepted", offer: DrawOffered, by: rules.White, opens: true,
			answer: Action{Kind: ActOfferDraw}, outcome: rules.Agreement},
		{name: "own takeback request, declined", moves: []string{"c3-d4", "f6-g5"}, offer: TakebackRequested, by: rules.White, opens: true,
			answer: Action{Kind: ActAnswerTakeback, Accept: false}, after: 2},
		{name: "own takeback request, accepted", moves: []string{"c3-d4", "f6-g5"}, offer: TakebackRequested, by: rules.White, opens: true,
			answer: Action{Kind: ActAnswerTakeback, Accept: true}, after: 0},
		{name: "own takeback request with nothing to take back", offer: TakebackRequested, by: rules.White},
		{name: "the other side's draw offer", moves: []string{"c3-d4"}, offer: DrawOffered, by: rules.Black, opens: true, after: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			remote := newFakeRemote(rules.Black)
			s := mustNew(t, Config{Variant: rules.Bashni, Moves: tc.moves, Ply: len(tc.moves), Players: [2]Player{NewPerson(), remote}})
			c := newClock(t, s)
			remote.in <- Action{Kind: ActRestoreOffer, Offer: tc.offer, By: tc.by}
			remote.in <- Action{Kind: ActRestoreOffer, Offer: tc.offer, By: tc.by} // a second state says it again
			c.tick(true)
			if len(remote.in) != 0 {
				t.Fatal("the restore was not taken")
			}
			k, side, open := s.Offer()
			if !tc.opens {
				if open || c.count(tc.offer) != 0 {
					t.Fatalf("an offer that cannot stand was taken up: %v %v", k, side)
				}
				return
			}
			if !open || k != tc.offer || side != tc.by {
				t.Fatalf("open offer %v by %v (%v), want %v by %v", k, side, open, tc.offer, tc.by)
			}
			if n := c.count(tc.offer); n != 1 {
				t.Fatalf("%d %v events for one restored offer", n, tc.offer)
			}
			if ev, _ := c.last(tc.offer); !ev.Restored || ev.Side != tc.by {
				t.Fatalf("event %+v is not marked restored", ev)
			}
			if tc.by == rules.Black {
				// The other side's: the person answers it.
				if err := s.AnswerDraw(false); err != nil {
					t.Fatal(err)
				}
				if ev, ok := remote.sentLast(DrawDeclined); !ok || ev.Side != rules.White {
					t.Fatalf("the answer was not sent: %v", kinds(remote.sent))
				}
				return
			}
			// The person's own: not to be made again, nor a takeback asked
			// while it is open.
			if s.CanOfferDraw() == (tc.offer == DrawOffered) || s.CanUndo() {
				t.Fatalf("with the own %v restored: can offer a draw %v, can undo %v", tc.offer, s.CanOfferDraw(), s.CanUndo())
			}
			remote.arrive(tc.answer)
			c.until("the answer", func() bool { _, _, open := s.Offer(); return !open })
			switch {
			case tc.outcome != 0:
				if s.Outcome().Reason != tc.outcome {
					t.Fatalf("the game ends %+v", s.Outcome())
				}
			case tc.offer == DrawOffered:
				if ev, ok := c.last(DrawDeclined); !ok || ev.Side != rules.Black || !s.CanOfferDraw() {
					t.Fatalf("decline %+v (%v), can offer again %v", ev, ok, s.CanOfferDraw())
				}
			default:
				c.until("the takeback's end", func() bool { return s.Game().Ply() == tc.after })
				if ev, ok := c.last(TakebackAnswered); !ok || ev.Accept != tc.answer.Accept || ev.Side != rules.Black {
					t.Fatalf("answer %+v (%v)", ev, ok)
				}
			}
		})
	}

	// None standing any more: the open offer is withdrawn.
	remote := newFakeRemote(rules.Black)
	s := mustNew(t, Config{Variant: rules.Bashni, Players: [2]Player{NewPerson(), remote}})
	c := newClock(t, s)
	remote.arrive(Action{Kind: ActRestoreOffer, Offer: DrawOffered, By: rules.White})
	c.until("the restore", func() bool { _, _, open := s.Offer(); return open })
	remote.arrive(Action{Kind: ActRestoreOffer})
	c.until("the withdrawal", func() bool { _, _, open := s.Offer(); return !open })
	if !s.CanOfferDraw() {
		t.Fatal("no draw offer after the withdrawal")
	}
}

// TestWatchedGameStaysThePlayers: a game watched at this device (remote
// players on both sides, as a spectator's session is) offers nothing that
// would change it here — no undo, redo, resignation, draw offer, takeback
// answer or hint — and doing any of them leaves the board as the players
// left it; a takeback the players agree between them is still followed.
func TestWatchedGameStaysThePlayers(t *testing.T) {
	white, black := newFakeRemote(rules.White), newFakeRemote(rules.Black)
	s := mustNew(t, Config{Variant: rules.Bashni, Players: [2]Player{white, black},
		Moves: []string{"c3-d4", "f6-g5", "b2-c3"}, Ply: 2})
	c := newClock(t, s)
	for _, tc := range []struct {
		name string
		can  func() bool
		do   func() bool // reports whether it claimed to act
	}{
		{"undo", s.CanUndo, s.Undo},
		{"redo", s.CanRedo, s.Redo},
		{"resign", s.CanResign, func() bool { return s.Resign() == nil }},
		{"offer a draw", s.CanOfferDraw, func() bool { return s.OfferDraw() == nil }},
		{"hint", s.CanAskHint, s.AskHint},
		{"accept a takeback", func() bool { return false }, func() bool { return s.AnswerTakeback(true) == nil }},
	} {
		if tc.can() {
			t.Errorf("%s is offered on a watched game", tc.name)
		}
		if tc.do() {
			t.Errorf("%s acted on a watched game", tc.name)
		}
		c.tick(true)
		if s.Game().Ply() != 2 || len(s.Game().AllMoves()) != 3 || s.Over() {
			t.Fatalf("after %s the watched game stands at ply %d of %d (over: %v), want 2 of 3", tc.name, s.Game().Ply(), len(s.Game().AllMoves()), s.Over())
		}
	}
	// Black asks to take back f6-g5 and White agrees: the watcher's board
	// follows them.
	black.arrive(Action{Kind: ActRequestTakeback})
	c.until("Black's request", func() bool { _, _, open := s.Offer(); return open })
	white.arrive(Action{Kind: ActAnswerTakeback, Accept: true})
	c.until("the takeback the players agreed", func() bool { return s.Game().Ply() == 1 })
	if s.CanUndo() || s.CanRedo() {
		t.Error("after the players' takeback, the watcher is offered undo or redo")
	}
}
