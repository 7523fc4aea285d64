package remote

import (
	"reflect"
	"testing"

	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/rules"
	"bashni/session"
)

// The reconciler's tables: what the server said and what this device holds
// in, the session's steps and the requests to send out; no server. The
// rules are docs/ONLINE.md's "The game as a client".

// game is a Bashni game in which each side plays its first legal move, and
// its moves in notation.
func game(n int) (*rules.Game, []string) {
	g := rules.NewGame(rules.Bashni)
	var line []string
	for range n {
		m := g.LegalMoves()[0]
		if err := g.Play(m); err != nil {
			panic(err)
		}
		line = append(line, m.String())
	}
	return g, line
}

var (
	_, mv = game(6)
	// alt1 is another answer than mv[1] to mv[0].
	alt1 = func() string { g, _ := game(1); return g.LegalMoves()[1].String() }()
)

// state is the server's game at version v with moves, playing unless a
// change says otherwise.
func state(v int64, moves []string, changes ...func(*protocol.GameState)) protocol.GameState {
	st := protocol.GameState{Version: v, Variant: "bashni", Status: protocol.StatusPlaying, Result: "*",
		Moves: moves, Ply: len(moves), You: protocol.White}
	for _, c := range changes {
		c(&st)
	}
	return st
}

func drawBy(seat string) func(*protocol.GameState) {
	return func(st *protocol.GameState) { st.DrawOffer = seat }
}

func takebackBy(seat string) func(*protocol.GameState) {
	return func(st *protocol.GameState) { st.Takeback = seat }
}

func ended(result, reason string) func(*protocol.GameState) {
	return func(st *protocol.GameState) { st.Status, st.Result, st.Reason = protocol.StatusOver, result, reason }
}

// The steps and requests the tables expect.
func play(ply int) step         { return step{move: mv[ply], ply: ply} }
func act(a session.Action) step { return step{action: a} }
func refuse(ply int) step {
	return act(session.Action{Kind: session.ActRefuse, Ply: ply, Refusal: session.RefusedDiverged})
}
func restore(k session.EventKind, by rules.Color) step {
	return act(session.Action{Kind: session.ActRestoreOffer, Offer: k, By: by})
}
func end(res rules.Result, why rules.Reason) step {
	return act(session.Action{Kind: session.ActEnd, Outcome: rules.Outcome{Result: res, Reason: why}})
}
func answered(kind session.ActionKind, accept bool) step {
	return act(session.Action{Kind: kind, Accept: accept})
}

var (
	syncAll    = send{kind: sendSync}
	offerDraw  = send{kind: sendOffer, offer: session.DrawOffered}
	resign     = send{kind: sendResign}
	resendMove = func(ply int) send { return send{kind: sendMove, move: mv[ply], ply: ply} }
	answer     = func(k session.EventKind, accept bool) send { return send{kind: sendAnswer, offer: k, accept: accept} }
)

// White at this device, Black elsewhere; and a watcher.
var (
	white   = reconciler{local: rules.White}
	watcher = reconciler{spectator: true}
)

func withOffer(r reconciler, k session.EventKind, side rules.Color, confirmed bool) reconciler {
	r.offer = openOffer{kind: k, side: side, confirmed: confirmed}
	return r
}

func withAnswer(r reconciler, k session.EventKind, accept bool, version int64) reconciler {
	r.answer = givenAnswer{kind: k, accept: accept, version: version}
	return r
}

// decision is what one input decided.
type decision struct {
	steps  []step
	sends  []send
	desync bool
}

func (d decision) check(t *testing.T, r *reconciler, sends []send) {
	t.Helper()
	if len(r.steps) != 0 || len(d.steps) != 0 {
		if !reflect.DeepEqual(r.steps, d.steps) {
			t.Errorf("steps\n got %+v\nwant %+v", r.steps, d.steps)
		}
	}
	if len(sends) != 0 || len(d.sends) != 0 {
		if !reflect.DeepEqual(sends, d.sends) {
			t.Errorf("sends\n got %+v\nwant %+v", sends, d.sends)
		}
	}
	if r.desync != d.desync {
		t.Errorf("desync %v, want %v", r.desync, d.desync)
	}
}

// TestReconcileState: the server's whole game (a resumed connection, a
// sync) against the session's.
func TestReconcileState(t *testing.T) {
	tests := []struct {
		name  string
		r     reconciler
		have  []string // the session's moves
		ended bool     // the session's game is over
		st    protocol.GameState
		want  decision
	}{
		{"in step: nothing to do", white, mv[:2], false, state(3, mv[:2]), decision{}},

		// Moves.
		{"a move the board lacks is played", white, mv[:1], false, state(3, mv[:2]),
			decision{steps: []step{play(1)}}},
		{"a watcher plays every move the board lacks", watcher, nil, false, state(4, mv[:3]),
			decision{steps: []step{play(0), play(1), play(2)}}},
		{"a move of ours played elsewhere: the game is shown afresh", white, mv[:1], false, state(4, mv[:3]),
			decision{steps: []step{play(1)}, desync: true}},
		{"a move of ours the server lacks is sent again", white, mv[:3], false, state(3, mv[:2]),
			decision{sends: []send{resendMove(2)}}},
		{"a move of ours the server lacks after the end is taken back", white, mv[:3], false, state(5, mv[:2], ended("0-1", protocol.ReasonResignation)),
			decision{steps: []step{refuse(2), end(rules.BlackWins, rules.Resignation)}}},
		{"the other side's move the server lacks is taken back", white, mv[:2], false, state(2, mv[:1]),
			decision{steps: []step{refuse(1)}}},
		{"a divergence is taken back to the server's game", white, mv[:3], false, state(3, []string{mv[0], alt1}),
			decision{steps: []step{refuse(1), {move: alt1, ply: 1}}}},
		{"a watcher's board that differs is shown afresh", watcher, mv[:2], false, state(3, []string{mv[0], alt1}),
			decision{desync: true}},
		{"an ended board that differs is shown afresh", white, mv[:2], true, state(2, mv[:1]),
			decision{desync: true}},

		// The end.
		{"an end off the board is told", white, mv[:2], false, state(4, mv[:2], ended("1-0", protocol.ReasonResignation)),
			decision{steps: []step{end(rules.WhiteWins, rules.Resignation)}}},
		{"a loss on time is told", white, mv[:2], false, state(4, mv[:2], ended("0-1", protocol.ReasonTime)),
			decision{steps: []step{end(rules.BlackWins, rules.TimeOut)}}},
		{"an end on the board is the session's own", white, mv[:2], false, state(4, mv[:2], ended("0-1", protocol.ReasonNoMoves)),
			decision{}},
		{"an end told already is not told again", func() reconciler { r := white; r.over = true; return r }(), mv[:2], false,
			state(4, mv[:2], ended("1-0", protocol.ReasonResignation)), decision{}},
		{"no offer is shown once the game is over", white, mv[:2], false, state(4, mv[:2], ended("1-0", protocol.ReasonResignation), drawBy(protocol.Black)),
			decision{steps: []step{end(rules.WhiteWins, rules.Resignation)}}},

		// Offers standing on the server.
		{"own draw offer after a reload is shown pending, not sent again", white, mv[:2], false, state(4, mv[:2], drawBy(protocol.White)),
			decision{steps: []step{restore(session.DrawOffered, rules.White)}}},
		{"own takeback request after a reload is shown pending, not sent again", white, mv[:3], false, state(4, mv[:3], takebackBy(protocol.White)),
			decision{steps: []step{restore(session.TakebackRequested, rules.White)}}},
		{"the other side's offer asks for an answer", white, mv[:2], false, state(4, mv[:2], drawBy(protocol.Black)),
			decision{steps: []step{restore(session.DrawOffered, rules.Black)}}},
		{"the other side's request before our offer", white, mv[:2], false, state(5, mv[:2], drawBy(protocol.White), takebackBy(protocol.Black)),
			decision{steps: []step{restore(session.TakebackRequested, rules.Black)}}},
		{"a takeback request before a draw offer", white, mv[:2], false, state(5, mv[:2], drawBy(protocol.Black), takebackBy(protocol.Black)),
			decision{steps: []step{restore(session.TakebackRequested, rules.Black)}}},
		{"offers follow the moves to come", white, mv[:1], false, state(4, mv[:2], drawBy(protocol.Black)),
			decision{steps: []step{play(1), restore(session.DrawOffered, rules.Black)}}},
		{"a watcher is asked nothing", watcher, mv[:2], false, state(4, mv[:2], drawBy(protocol.Black)), decision{}},

		// Our open offer, no longer on the server.
		{"own draw offer declined while down", withOffer(white, session.DrawOffered, rules.White, true), mv[:2], false, state(5, mv[:2]),
			decision{steps: []step{answered(session.ActAnswerDraw, false)}}},
		{"own takeback request declined while down", withOffer(white, session.TakebackRequested, rules.White, true), mv[:3], false, state(5, mv[:3]),
			decision{steps: []step{answered(session.ActAnswerTakeback, false)}}},
		{"own takeback carried out while down shows accepted", withOffer(white, session.TakebackRequested, rules.White, true), mv[:3], false, state(5, mv[:2]),
			decision{steps: []step{answered(session.ActAnswerTakeback, true)}}},
		{"own takeback carried out with the answer to it shows accepted", withOffer(white, session.TakebackRequested, rules.White, true), mv[:4], false, state(6, mv[:2]),
			decision{steps: []step{answered(session.ActAnswerTakeback, true)}}},
		{"own offer that never reached the server is sent again", withOffer(white, session.DrawOffered, rules.White, false), mv[:2], false, state(3, mv[:2]),
			decision{sends: []send{offerDraw}}},
		{"own offer is not sent again while moves come that end it", withOffer(white, session.DrawOffered, rules.White, false), mv[:1], false, state(3, mv[:2]),
			decision{steps: []step{play(1)}}},
		{"the other side's offer answered from another device of ours", withOffer(white, session.DrawOffered, rules.Black, true), mv[:2], false, state(5, mv[:2]),
			decision{steps: []step{restore(0, rules.White)}}},

		// Our answer to the other side's offer, not yet on the server.
		{"answer sent again for the same version still showing the offer", withAnswer(white, session.DrawOffered, false, 5), mv[:2], false, state(5, mv[:2], drawBy(protocol.Black)),
			decision{sends: []send{answer(session.DrawOffered, false)}}},
		{"a later version still showing the offer asks again", withAnswer(white, session.DrawOffered, false, 5), mv[:2], false, state(7, mv[:2], drawBy(protocol.Black)),
			decision{steps: []step{restore(session.DrawOffered, rules.Black)}}},
		{"the answer was had: nothing to send", withAnswer(white, session.DrawOffered, false, 5), mv[:2], false, state(6, mv[:2]),
			decision{}},
		{"an accepted takeback not yet carried out is sent again, the board kept", withAnswer(white, session.TakebackRequested, true, 5), mv[:1], false, state(5, mv[:2], takebackBy(protocol.Black)),
			decision{sends: []send{answer(session.TakebackRequested, true)}}},
		{"a declined takeback not yet had is sent again", withAnswer(white, session.TakebackRequested, false, 5), mv[:2], false, state(5, mv[:2], takebackBy(protocol.Black)),
			decision{sends: []send{answer(session.TakebackRequested, false)}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.r
			sends := r.take(item{ev: client.Event{Kind: client.KindState, State: tc.st}}, tc.st, here{moves: tc.have, ended: tc.ended})
			tc.want.check(t, &r, sends)
			if r.seen != tc.st.Version {
				t.Errorf("seen %d, want %d", r.seen, tc.st.Version)
			}
		})
	}
}

// TestReconcileStateReplacesSteps: a whole state replaces what earlier
// updates queued and the session has not taken.
func TestReconcileStateReplacesSteps(t *testing.T) {
	r := white
	r.steps = []step{play(1), act(session.Action{Kind: session.ActOfferDraw})}
	st := state(4, mv[:2])
	sends := r.take(item{ev: client.Event{Kind: client.KindState, State: st}}, st, here{moves: mv[:1]})
	decision{steps: []step{play(1)}}.check(t, &r, sends)
}

// TestReconcileUpdate: one change on the server.
func TestReconcileUpdate(t *testing.T) {
	update := func(event, by string, ply int, changes ...func(*protocol.GameState)) *protocol.Update {
		u := &protocol.Update{Event: event, By: by, GameState: state(9, nil, changes...)}
		u.Ply = ply
		if event == protocol.EventMove {
			u.Move = mv[ply-1]
		}
		return u
	}
	overR := white
	overR.over = true
	tests := []struct {
		name string
		r    reconciler
		have []string
		u    *protocol.Update
		want decision
		// offer is the open offer after, when it matters.
		offer *openOffer
		over  bool
	}{
		{"the other side's move in step is queued", white, mv[:1], update(protocol.EventMove, protocol.Black, 2),
			decision{steps: []step{play(1)}}, nil, false},
		{"the other side's move out of step asks for the whole game", white, mv[:1], update(protocol.EventMove, protocol.Black, 4),
			decision{sends: []send{syncAll}}, nil, false},
		{"a move queued counts as known", func() reconciler { r := reconciler{local: rules.Black}; r.steps = []step{play(0)}; return r }(), nil,
			update(protocol.EventMove, protocol.White, 3), decision{steps: []step{play(0)}, sends: []send{syncAll}}, nil, false},
		{"our own move coming back: the session has it", white, mv[:1], update(protocol.EventMove, protocol.White, 1),
			decision{}, nil, false},
		{"our own move the session lacks asks for the whole game", white, nil, update(protocol.EventMove, protocol.White, 1),
			decision{sends: []send{syncAll}}, nil, false},
		{"a watcher queues both sides' moves", watcher, mv[:1], update(protocol.EventMove, protocol.Black, 2),
			decision{steps: []step{play(1)}}, nil, false},

		{"the other side's draw offer is asked", white, mv[:2], update(protocol.EventDrawOffered, protocol.Black, 2, drawBy(protocol.Black)),
			decision{steps: []step{act(session.Action{Kind: session.ActOfferDraw})}}, nil, false},
		{"our draw offer coming back is confirmed", withOffer(white, session.DrawOffered, rules.White, false), mv[:2],
			update(protocol.EventDrawOffered, protocol.White, 2, drawBy(protocol.White)),
			decision{}, &openOffer{kind: session.DrawOffered, side: rules.White, confirmed: true}, false},
		{"our takeback request coming back is confirmed", withOffer(white, session.TakebackRequested, rules.White, false), mv[:3],
			update(protocol.EventTakebackRequested, protocol.White, 3, takebackBy(protocol.White)),
			decision{}, &openOffer{kind: session.TakebackRequested, side: rules.White, confirmed: true}, false},
		{"the other side declines our draw", white, mv[:2], update(protocol.EventDrawDeclined, protocol.Black, 2),
			decision{steps: []step{answered(session.ActAnswerDraw, false)}}, nil, false},
		{"our own decline coming back: nothing", white, mv[:2], update(protocol.EventDrawDeclined, protocol.White, 2),
			decision{}, nil, false},
		{"the other side's takeback request is asked", white, mv[:2], update(protocol.EventTakebackRequested, protocol.Black, 2, takebackBy(protocol.Black)),
			decision{steps: []step{act(session.Action{Kind: session.ActRequestTakeback})}}, nil, false},
		{"the other side declines our takeback", white, mv[:3], update(protocol.EventTakebackDeclined, protocol.Black, 3),
			decision{steps: []step{answered(session.ActAnswerTakeback, false)}}, nil, false},
		{"our move taken back: the other side accepted", white, mv[:3], update(protocol.EventTakenBack, protocol.White, 2),
			decision{steps: []step{answered(session.ActAnswerTakeback, true)}}, nil, false},
		{"their move taken back: we accepted, done already", white, mv[:1], update(protocol.EventTakenBack, protocol.Black, 1),
			decision{}, nil, false},
		{"a watcher asks for the whole game after a takeback", watcher, mv[:2], update(protocol.EventTakenBack, protocol.Black, 1),
			decision{sends: []send{syncAll}}, nil, false},
		{"a watcher is asked nothing", watcher, mv[:2], update(protocol.EventDrawOffered, protocol.Black, 2, drawBy(protocol.Black)),
			decision{}, nil, false},

		{"the other side resigns", white, mv[:2], update(protocol.EventResigned, protocol.Black, 2, ended("1-0", protocol.ReasonResignation)),
			decision{steps: []step{end(rules.WhiteWins, rules.Resignation)}}, nil, true},
		{"our own resignation coming back: the session has it", white, mv[:2], update(protocol.EventResigned, protocol.White, 2, ended("0-1", protocol.ReasonResignation)),
			decision{}, nil, false},
		{"our flag falls", white, mv[:2], update(protocol.EventTime, protocol.White, 2, ended("0-1", protocol.ReasonTime)),
			decision{steps: []step{end(rules.BlackWins, rules.TimeOut)}}, nil, true},
		{"the other side abandons", white, mv[:2], update(protocol.EventAbandoned, protocol.Black, 2, ended("1-0", protocol.ReasonAbandonment)),
			decision{steps: []step{end(rules.WhiteWins, rules.Abandonment)}}, nil, true},
		{"an end told already", overR, mv[:2], update(protocol.EventResigned, protocol.Black, 2, ended("1-0", protocol.ReasonResignation)),
			decision{}, nil, true},
		{"a watcher is told a resignation", watcher, mv[:2], update(protocol.EventResigned, protocol.White, 2, ended("0-1", protocol.ReasonResignation)),
			decision{steps: []step{end(rules.BlackWins, rules.Resignation)}}, nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.r
			ev := client.Event{Kind: client.KindUpdate, Update: tc.u, State: tc.u.GameState}
			sends := r.take(item{ev: ev}, ev.State, here{moves: tc.have})
			tc.want.check(t, &r, sends)
			if tc.offer != nil && r.offer != *tc.offer {
				t.Errorf("offer %+v, want %+v", r.offer, *tc.offer)
			}
			if r.over != tc.over {
				t.Errorf("over %v, want %v", r.over, tc.over)
			}
			if r.seen != 9 {
				t.Errorf("seen %d, want 9", r.seen)
			}
		})
	}
}

// TestReconcileRefusal: the server's no to a move of ours.
func TestReconcileRefusal(t *testing.T) {
	no := func(code string) *refusal {
		return &refusal{move: mv[2], ply: 2, err: &protocol.Error{Code: code, Message: "said by the server"}}
	}
	tests := []struct {
		name   string
		latest []string // the server's moves
		f      *refusal
		want   decision
	}{
		{"a resent move the server had is no refusal", mv[:3], no(protocol.ErrStale), decision{}},
		{"stale: the whole game is asked for", mv[:2], no(protocol.ErrStale), decision{sends: []send{syncAll}}},
		{"over: the whole game is asked for", mv[:2], no(protocol.ErrGameOver), decision{sends: []send{syncAll}}},
		{"rate-limited: the link asks again", mv[:2], no(protocol.ErrRateLimited), decision{}},
		{"illegal: taken back with the server's code", mv[:2], no(protocol.ErrIllegalMove),
			decision{steps: []step{act(session.Action{Kind: session.ActRefuse, Ply: 2, Refusal: session.RefusalCode(protocol.ErrIllegalMove)})}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := white
			sends := r.take(item{refused: tc.f}, state(4, tc.latest), here{moves: mv[:3]})
			tc.want.check(t, &r, sends)
		})
	}
}

// TestReconcilePresence: only the other side's coming and going is said.
func TestReconcilePresence(t *testing.T) {
	tests := []struct {
		name string
		r    reconciler
		seat string
		want decision
	}{
		{"the other side leaves", white, protocol.Black, decision{steps: []step{act(session.Action{Kind: session.ActPresence})}}},
		{"our own seat", white, protocol.White, decision{}},
		{"a watcher", watcher, protocol.Black, decision{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.r
			ev := client.Event{Kind: client.KindPresence, Seat: tc.seat, Online: false, State: state(3, mv[:2])}
			sends := r.take(item{ev: ev}, ev.State, here{moves: mv[:2]})
			tc.want.check(t, &r, sends)
		})
	}
}

// TestReconcileObserve: the session's events, the local side's sent.
func TestReconcileObserve(t *testing.T) {
	g, _ := game(1)
	m0 := g.Moves()[0]
	tests := []struct {
		name   string
		r      reconciler
		ev     session.Event
		sends  []send
		offer  openOffer
		answer givenAnswer
		over   bool
	}{
		{"our move is sent for its ply", withOffer(white, session.DrawOffered, rules.Black, true),
			session.Event{Kind: session.MovePlayed, Side: rules.White, Move: m0, Ply: 1},
			[]send{resendMove(0)}, openOffer{side: rules.Black, confirmed: true}, givenAnswer{}, false},
		{"the other side's move is not", white,
			session.Event{Kind: session.MovePlayed, Side: rules.Black, Move: m0, Ply: 2}, nil, openOffer{}, givenAnswer{}, false},
		{"an undo ends the open offer", withOffer(white, session.TakebackRequested, rules.White, true),
			session.Event{Kind: session.Undone, Ply: 2}, nil, openOffer{side: rules.White, confirmed: true}, givenAnswer{}, false},
		{"our draw offer is sent", white, session.Event{Kind: session.DrawOffered, Side: rules.White},
			[]send{offerDraw}, openOffer{kind: session.DrawOffered, side: rules.White}, givenAnswer{}, false},
		{"our restored offer is not sent again", white, session.Event{Kind: session.DrawOffered, Side: rules.White, Restored: true},
			nil, openOffer{kind: session.DrawOffered, side: rules.White, confirmed: true}, givenAnswer{}, false},
		{"our takeback request is sent", white, session.Event{Kind: session.TakebackRequested, Side: rules.White},
			[]send{{kind: sendOffer, offer: session.TakebackRequested}}, openOffer{kind: session.TakebackRequested, side: rules.White}, givenAnswer{}, false},
		{"the other side's offer is noted", white, session.Event{Kind: session.DrawOffered, Side: rules.Black},
			nil, openOffer{kind: session.DrawOffered, side: rules.Black}, givenAnswer{}, false},
		{"our decline is sent and noted with the version answered", func() reconciler { r := white; r.seen = 7; return r }(),
			session.Event{Kind: session.DrawDeclined, Side: rules.White},
			[]send{answer(session.DrawOffered, false)}, openOffer{}, givenAnswer{kind: session.DrawOffered, version: 7}, false},
		{"our takeback answer is sent", white, session.Event{Kind: session.TakebackAnswered, Side: rules.White, Accept: true},
			[]send{answer(session.TakebackRequested, true)}, openOffer{}, givenAnswer{kind: session.TakebackRequested, accept: true}, false},
		{"the other side's answer is not", white, session.Event{Kind: session.TakebackAnswered, Side: rules.Black, Accept: true},
			nil, openOffer{}, givenAnswer{}, false},
		{"our resignation is sent", white,
			session.Event{Kind: session.GameOver, Side: rules.White, Outcome: rules.Outcome{Result: rules.BlackWins, Reason: rules.Resignation}},
			[]send{resign}, openOffer{}, givenAnswer{}, true},
		{"our agreement accepts the draw", withOffer(white, session.DrawOffered, rules.Black, true),
			session.Event{Kind: session.GameOver, Side: rules.White, Outcome: rules.Outcome{Result: rules.Draw, Reason: rules.Agreement}},
			[]send{answer(session.DrawOffered, true)}, openOffer{side: rules.Black, confirmed: true}, givenAnswer{kind: session.DrawOffered, accept: true}, true},
		{"an end by the other side sends nothing", white,
			session.Event{Kind: session.GameOver, Side: rules.Black, Outcome: rules.Outcome{Result: rules.WhiteWins, Reason: rules.Resignation}},
			nil, openOffer{}, givenAnswer{}, true},
		{"a watcher sends nothing", watcher, session.Event{Kind: session.DrawOffered, Side: rules.White},
			nil, openOffer{kind: session.DrawOffered, side: rules.White}, givenAnswer{}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.r
			sends := r.observe(&tc.ev)
			decision{sends: tc.sends}.check(t, &r, sends)
			if r.offer != tc.offer || r.answer != tc.answer || r.over != tc.over {
				t.Errorf("offer %+v answer %+v over %v; want %+v %+v %v", r.offer, r.answer, r.over, tc.offer, tc.answer, tc.over)
			}
		})
	}
}

// TestReconcileReset: a new session from the server's state forgets the
// old one's offers and shows what stands.
func TestReconcileReset(t *testing.T) {
	r := withAnswer(withOffer(white, session.DrawOffered, rules.White, false), session.DrawOffered, false, 2)
	r.steps, r.desync = []step{play(1)}, true
	sends := r.reset(state(6, mv[:2], drawBy(protocol.White)), false)
	decision{steps: []step{restore(session.DrawOffered, rules.White)}}.check(t, &r, sends)
	if r.offer.kind != 0 || r.answer.kind != 0 || r.seen != 6 || r.over {
		t.Errorf("after reset: offer %+v answer %+v seen %d over %v", r.offer, r.answer, r.seen, r.over)
	}
	if w := watcher; len(w.reset(state(6, mv[:2], drawBy(protocol.White)), true)) != 0 || len(w.steps) != 0 || !w.over {
		t.Errorf("a watcher's reset: steps %+v over %v", w.steps, w.over)
	}
}
