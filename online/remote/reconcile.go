package remote

import (
	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/rules"
	"bashni/session"
)

// reconciler decides, and only decides: given what the server said and
// what this device holds (the session's game as Observe mirrored it, the
// offers made and answered here), it queues what the session is to be
// told (steps, read by Poll) and returns what is to be sent. It does no
// input or output, so every rule of docs/ONLINE.md's "The game as a
// client" is tested without a server (reconcile_test.go); the Player
// carries out its decisions on the link.
type reconciler struct {
	spectator bool
	local     rules.Color // the seat at this device (meaningless for a spectator)

	offer  openOffer
	answer givenAnswer
	seen   int64  // the version of the last state or update taken
	over   bool   // the session has the end, or has been told it
	steps  []step // what the session is to be told, in order
	desync bool   // the server's game can no longer be followed move by move

	out []send // decided while taking one input, returned by it
}

// openOffer is the session's open offer (kind 0: none).
type openOffer struct {
	kind session.EventKind // DrawOffered, TakebackRequested
	side rules.Color
	// confirmed: the server has had it (its update came back, or it was
	// restored from the server's state).
	confirmed bool
}

// givenAnswer is the local side's last answer to the other side's offer,
// and the game's version it answered (see staleAnswer).
type givenAnswer struct {
	kind    session.EventKind // DrawOffered, TakebackRequested; 0: none to watch
	accept  bool
	version int64
}

// step is one thing for the session: an action, or a server's move (given
// when the session's game has reached its ply, parsed on that position).
type step struct {
	action session.Action
	move   string
	ply    int
}

// here is the session's game as Observe mirrored it.
type here struct {
	moves []string // in notation, from the start position
	ended bool     // the game is over
}

// send is one request for the server.
type send struct {
	kind   sendKind
	move   string            // sendMove
	ply    int               // sendMove: the plies before it
	offer  session.EventKind // sendOffer, sendAnswer: DrawOffered or TakebackRequested
	accept bool              // sendAnswer, sendRematchAnswer
}

type sendKind uint8

const (
	sendMove sendKind = iota + 1
	sendOffer
	sendAnswer
	sendResign
	sendSync // ask for the whole game
	sendRematch
	sendRematchAnswer
)

func (r *reconciler) send(s send) { r.out = append(r.out, s) }

func (r *reconciler) act(a session.Action) { r.steps = append(r.steps, step{action: a}) }

// decided returns what was decided to be sent since the last call.
func (r *reconciler) decided() []send {
	out := r.out
	r.out = nil
	return out
}

// reset starts again from the server's whole state st, with which a new
// session begins (ended: its game is over already): an offer standing on
// the server is shown.
func (r *reconciler) reset(st protocol.GameState, ended bool) []send {
	r.over = ended
	r.steps, r.desync = nil, false
	r.offer.kind, r.answer.kind, r.seen = 0, 0, st.Version
	if !r.spectator {
		r.syncOffers(st)
	}
	return r.decided()
}

// observe follows an event of the session: its open offer, and the local
// side's doings to send.
func (r *reconciler) observe(ev *session.Event) []send {
	local := !r.spectator && ev.Side == r.local
	switch ev.Kind {
	case session.MovePlayed:
		r.offer.kind = 0
		if local {
			r.send(send{kind: sendMove, move: ev.Move.String(), ply: ev.Ply - 1})
		}
	case session.Undone:
		r.offer.kind = 0
	case session.DrawOffered, session.TakebackRequested:
		// A restored offer stands on the server already.
		r.offer.kind, r.offer.side, r.offer.confirmed = ev.Kind, ev.Side, ev.Restored
		if local && !ev.Restored {
			r.send(send{kind: sendOffer, offer: ev.Kind})
		}
	case session.DrawDeclined:
		r.offer.kind = 0
		if local {
			r.answerOffer(session.DrawOffered, false)
		}
	case session.TakebackAnswered:
		r.offer.kind = 0
		if local {
			r.answerOffer(session.TakebackRequested, ev.Accept)
		}
	case session.GameOver:
		r.over = true
		if !local {
			break
		}
		switch ev.Outcome.Reason {
		case rules.Resignation:
			r.send(send{kind: sendResign})
		case rules.Agreement:
			// Accepting the other side's offer (or offering while it stands).
			r.answerOffer(session.DrawOffered, true)
		}
		r.offer.kind = 0
	}
	return r.decided()
}

// answerOffer sends the local side's answer to the other side's draw offer
// or takeback request, and notes it: a state made before the server had it
// (the same version as the game answered) still shows the offer.
func (r *reconciler) answerOffer(kind session.EventKind, accept bool) {
	r.answer.kind, r.answer.accept, r.answer.version = kind, accept, r.seen
	r.send(send{kind: sendAnswer, offer: kind, accept: accept})
}

// take turns one thing the server said into steps and requests. latest is
// the server's latest state (a refusal's answer is checked against it), h
// the session's game.
func (r *reconciler) take(it item, latest protocol.GameState, h here) []send {
	if f := it.refused; f != nil {
		r.refused(f, latest)
		return r.decided()
	}
	ev := it.ev
	switch ev.Kind {
	case client.KindState:
		r.reconcile(ev.State, h)
		r.seen = ev.State.Version
	case client.KindUpdate:
		r.update(ev.Update, ev.State, h)
		r.seen = ev.State.Version
	case client.KindPresence:
		if r.remoteSide(ev.Seat) && !r.spectator {
			r.act(session.Action{Kind: session.ActPresence, Connected: ev.Online})
		}
	}
	return r.decided()
}

// refused handles the server's refusal of our move.
func (r *reconciler) refused(f *refusal, latest protocol.GameState) {
	if len(latest.Moves) > f.ply && latest.Moves[f.ply] == f.move {
		return // a resent move the server already had
	}
	switch f.err.Code {
	case protocol.ErrGameOver, protocol.ErrStale:
		r.send(send{kind: sendSync})
	case protocol.ErrRateLimited:
		// The link asks for the whole game again, which resends it.
	default:
		// The server's code, not its English message: the screen says it.
		r.act(session.Action{Kind: session.ActRefuse, Ply: f.ply, Refusal: session.RefusalCode(f.err.Code)})
	}
}

// remoteSide reports whether a seat's name is the other side's (every seat
// is, for a spectator).
func (r *reconciler) remoteSide(seat string) bool {
	return r.spectator || (seat != "" && colorOf(seat) != r.local)
}

// known is the number of moves the session holds or will hold once the
// server's moves waiting in steps are played.
func (r *reconciler) known(h here) int {
	for i := len(r.steps) - 1; i >= 0; i-- {
		if r.steps[i].action.Kind == 0 {
			return r.steps[i].ply + 1
		}
	}
	return len(h.moves)
}

// update follows one change the server made to the game.
func (r *reconciler) update(u *protocol.Update, st protocol.GameState, h here) {
	byRemote := r.remoteSide(u.By)
	watching := r.spectator
	switch u.Event {
	case protocol.EventMove:
		if byRemote {
			if r.known(h) != u.Ply-1 {
				r.send(send{kind: sendSync})
				return
			}
			r.steps = append(r.steps, step{move: u.Move, ply: u.Ply - 1})
			return
		}
		// Our own move coming back: the session has it.
		if r.known(h) < u.Ply {
			r.send(send{kind: sendSync})
		}
		return
	case protocol.EventDrawOffered:
		if byRemote && !watching {
			r.act(session.Action{Kind: session.ActOfferDraw})
		}
		r.confirm(session.DrawOffered, byRemote)
	case protocol.EventDrawDeclined:
		if byRemote && !watching {
			r.act(session.Action{Kind: session.ActAnswerDraw, Accept: false})
		}
	case protocol.EventTakebackRequested:
		if byRemote && !watching {
			r.act(session.Action{Kind: session.ActRequestTakeback})
		}
		r.confirm(session.TakebackRequested, byRemote)
	case protocol.EventTakebackDeclined:
		if byRemote && !watching {
			r.act(session.Action{Kind: session.ActAnswerTakeback, Accept: false})
		}
	case protocol.EventTakenBack:
		// By is the side whose move was taken back: ours means the other
		// side accepted our request; theirs, we accepted (done already).
		switch {
		case watching:
			r.send(send{kind: sendSync})
		case !byRemote:
			r.act(session.Action{Kind: session.ActAnswerTakeback, Accept: true})
		}
		return
	}
	if st.Status == protocol.StatusOver && !r.over && u.Event != protocol.EventMove && u.Event != protocol.EventDrawDeclined {
		// Ended off the board: a resignation, an agreed draw, the clock, an
		// abandonment. Our own resignation or agreement is in the session.
		if o, ok := outcomeOf(st); ok && (byRemote || u.Event == protocol.EventTime || u.Event == protocol.EventAbandoned) {
			r.act(session.Action{Kind: session.ActEnd, Outcome: o})
			r.over = true
		}
	}
}

// confirm notes that the server has the local side's open offer of kind
// (its update came back).
func (r *reconciler) confirm(kind session.EventKind, byRemote bool) {
	if !byRemote && !r.spectator && r.offer.kind == kind && r.offer.side == r.local {
		r.offer.confirmed = true
	}
}

// reconcile brings the session to the server's whole state: moves the
// session lacks are played, a move of ours the server lacks is sent again
// (or taken back), offers and an end off the board follow.
func (r *reconciler) reconcile(st protocol.GameState, h here) {
	r.steps = r.steps[:0]
	if !r.spectator && r.answer.kind == session.TakebackRequested && r.answer.accept && r.staleAnswer(st) {
		// Our acceptance of the other side's takeback, not yet carried
		// out on the server: its moves are the ones taken back here, and
		// the other side is to move (nothing of ours to send).
		return
	}
	have := h.moves
	k := 0
	for k < len(have) && k < len(st.Moves) && have[k] == st.Moves[k] {
		k++
	}
	if k < len(have) && r.takenBackAway(have, st) {
		// Our takeback request was accepted while we were away.
		r.act(session.Action{Kind: session.ActAnswerTakeback, Accept: true})
		return
	}
	if k < len(have) {
		if !r.spectator && k == len(st.Moves) && len(have) == k+1 && moverAt(k) == r.local && st.Status != protocol.StatusOver {
			// Our last move, lost with the connection or not yet arrived
			// when this state was sent: send it (again). A refusal of a
			// move the server turns out to have is ignored.
			r.send(send{kind: sendMove, move: have[k], ply: k})
			return
		}
		if r.spectator || h.ended {
			r.desync = true
			return
		}
		r.act(session.Action{Kind: session.ActRefuse, Ply: k, Refusal: session.RefusedDiverged})
	}
	for i := k; i < len(st.Moves); i++ {
		if !r.spectator && moverAt(i) == r.local {
			r.desync = true
			return
		}
		r.steps = append(r.steps, step{move: st.Moves[i], ply: i})
	}
	if st.Status == protocol.StatusOver && !r.over {
		if o, ok := outcomeOf(st); ok && offBoard(o.Reason) {
			r.act(session.Action{Kind: session.ActEnd, Outcome: o})
			r.over = true
		}
	}
	if !r.spectator {
		r.syncOffers(st)
	}
}

// staleAnswer reports whether st is the game as it was when the local side
// answered the other side's offer that st still shows: the answer is on its
// way, or was lost with the connection. It is sent again (a copy of one
// that arrived is refused and changes nothing; a resumed connection brings
// its state twice) instead of the offer being asked again.
func (r *reconciler) staleAnswer(st protocol.GameState) bool {
	a := r.answer
	if a.kind == 0 || st.Version != a.version || st.Status != protocol.StatusPlaying {
		return false
	}
	them := seatOf(r.local.Opponent())
	if (a.kind == session.DrawOffered && st.DrawOffer != them) || (a.kind == session.TakebackRequested && st.Takeback != them) {
		return false
	}
	r.send(send{kind: sendAnswer, offer: a.kind, accept: a.accept})
	return true
}

// syncOffers brings the session's open offer to what stands on the server
// (either side's: after a reload the session knows none), once the moves
// queued before are played. An offer of ours the server no longer has at
// the same ply was declined while we were away if the server had it, and
// is sent again if it never reached it.
func (r *reconciler) syncOffers(st protocol.GameState) {
	if st.Status != protocol.StatusPlaying {
		return
	}
	if kind, by, ok := r.standing(st); ok {
		if by != r.local && r.staleAnswer(st) {
			return
		}
		// The session takes up an offer it holds already without a word.
		r.act(session.Action{Kind: session.ActRestoreOffer, Offer: kind, By: by})
		return
	}
	if r.offer.kind == 0 || len(r.steps) > 0 {
		return // none open, or moves to come that end it
	}
	switch {
	case r.offer.side != r.local:
		// The other side's, answered from another device of ours.
		r.act(session.Action{Kind: session.ActRestoreOffer})
	case !r.offer.confirmed:
		r.send(send{kind: sendOffer, offer: r.offer.kind})
	case r.offer.kind == session.DrawOffered:
		r.act(session.Action{Kind: session.ActAnswerDraw, Accept: false})
	default:
		r.act(session.Action{Kind: session.ActAnswerTakeback, Accept: false})
	}
}

// standing is the offer or request on the server for the session to show:
// the other side's first (the person is to answer it), a takeback request
// before a draw offer (the server can hold both).
func (r *reconciler) standing(st protocol.GameState) (session.EventKind, rules.Color, bool) {
	them, us := r.local.Opponent(), r.local
	switch {
	case st.Takeback == seatOf(them):
		return session.TakebackRequested, them, true
	case st.DrawOffer == seatOf(them):
		return session.DrawOffered, them, true
	case st.Takeback == seatOf(us):
		return session.TakebackRequested, us, true
	case st.DrawOffer == seatOf(us):
		return session.DrawOffered, us, true
	}
	return 0, 0, false
}

// takenBackAway reports whether the server's game is ours with our open
// takeback request carried out: our last move (and the answer to it)
// gone, nothing else changed, nothing standing.
func (r *reconciler) takenBackAway(have []string, st protocol.GameState) bool {
	if r.spectator || r.offer.kind != session.TakebackRequested || r.offer.side != r.local ||
		st.Status != protocol.StatusPlaying || st.Takeback != "" {
		return false
	}
	n := len(st.Moves)
	if n >= len(have) || len(have)-n > 2 || moverAt(n) != r.local {
		return false
	}
	for i, mv := range st.Moves {
		if have[i] != mv {
			return false
		}
	}
	return true
}

// moverAt is the side that moves at ply i (every online game starts from
// the start position, White first).
func moverAt(i int) rules.Color {
	if i%2 == 1 {
		return rules.Black
	}
	return rules.White
}

func offBoard(r rules.Reason) bool {
	switch r {
	case rules.Resignation, rules.Agreement, rules.TimeOut, rules.Abandonment:
		return true
	}
	return false
}

// outcomeOf is the server's result in the rules' words.
func outcomeOf(st protocol.GameState) (rules.Outcome, bool) {
	res, err := rules.ParseResult(st.Result)
	if err != nil || res == rules.Ongoing {
		return rules.Outcome{}, false
	}
	for r := rules.NoMoves; r <= rules.Abandonment; r++ {
		if r.Code() == st.Reason {
			return rules.Outcome{Result: res, Reason: r}, true
		}
	}
	return rules.Outcome{}, false
}

func colorOf(seat string) rules.Color {
	if seat == protocol.Black {
		return rules.Black
	}
	return rules.White
}

func seatOf(c rules.Color) string {
	if c == rules.Black {
		return protocol.Black
	}
	return protocol.White
}
