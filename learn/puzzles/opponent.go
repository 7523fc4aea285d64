package puzzles

import (
	"context"
	"slices"

	"bashni/ai"
	"bashni/rules"
	"bashni/session"
)

// Opponent is the other side of a puzzle as a session.Player: it answers
// along the solution (Answer, told while the player's move is judged), and
// a wrong try with the computer's answer, played out (PlayOut) with a
// session.Brain on a goroutine of its own, so that the game loop goes on.
// Its methods are called from the game loop only.
type Opponent struct {
	session.Passive
	brain *session.Brain
	delay int64 // ticks between the turn and the answer

	ply     int
	due     int64
	next    rules.Move // the answer along the line, told before the turn
	pending bool       // a turn is begun and not answered yet
	ready   bool       // move is known
	move    rules.Move

	result chan Loss // the play-out under way
	stop   context.CancelFunc
	loss   Loss
	known  bool // loss is the last play-out's
}

// NewOpponent is a puzzle's opponent searching with brain and answering
// delay ticks after its turn begins.
func NewOpponent(brain *session.Brain, delay int64) *Opponent {
	return &Opponent{brain: brain, delay: delay}
}

// Kind is Scripted: the answers come from the puzzle.
func (o *Opponent) Kind() session.Kind { return session.Scripted }

// Answer is the reply along the solution to the move being played.
func (o *Opponent) Answer(mv rules.Move) { o.next = mv }

// Refute starts playing a's wrong try out (Attempt.PlayOut, bounded by
// lim): the opponent's turn then answers with the line's first move, and
// Loss says what the try costs once the search is done. A brain that
// cannot search (a test's engine) finds no answer: Loss is then known with
// no line.
func (o *Opponent) Refute(a *Attempt, wrong rules.Move, lim ai.Limits) {
	o.Stop()
	// The search reads its own copy: the screen may go on with a.
	cp := *a
	cp.history = slices.Clone(a.history)
	ctx, stop := context.WithCancel(context.Background())
	ch := make(chan Loss, 1)
	o.stop, o.result = stop, ch
	brain := o.brain
	go func() {
		loss := Loss{Try: wrong, Missed: cp.pz.Gain}
		brain.Run(func(e *ai.Engine) { loss = cp.PlayOut(ctx, e, wrong, lim) })
		ch <- loss
	}()
}

// Busy reports whether a play-out is being searched.
func (o *Opponent) Busy() bool { return o.result != nil }

// Loss is what the last wrong try costs, once its play-out is done.
func (o *Opponent) Loss() (Loss, bool) {
	o.collect()
	return o.loss, o.known
}

// collect takes the play-out's result if it has come.
func (o *Opponent) collect() {
	if o.result == nil {
		return
	}
	select {
	case l := <-o.result:
		o.result, o.stop = nil, nil
		o.loss, o.known = l, true
	default:
	}
}

// Stop stops a search under way and forgets a reply and a loss.
func (o *Opponent) Stop() {
	if o.stop != nil {
		o.stop()
	}
	o.stop, o.result = nil, nil
	o.pending, o.ready = false, false
	o.next = rules.Move{}
	o.loss, o.known = Loss{}, false
}

// Begin takes the turn: the reply along the line is due after the delay; a
// refutation when its search is done.
func (o *Opponent) Begin(t session.Turn) {
	o.ply, o.due = t.Ply, t.Now+o.delay
	o.pending = true
	o.ready = !o.next.IsZero()
	o.move, o.next = o.next, rules.Move{}
}

// Cancel withdraws the turn.
func (o *Opponent) Cancel() { o.pending = false }

// Poll plays the answer when it is due.
func (o *Opponent) Poll(now int64) (session.Action, bool) {
	if !o.pending {
		return session.Action{}, false
	}
	if !o.ready {
		o.collect()
		if !o.known {
			return session.Action{}, false
		}
		if len(o.loss.Line) == 0 {
			o.pending = false // nothing to answer: the screen says what the try cost
			return session.Action{}, false
		}
		o.ready, o.move = true, o.loss.Line[0]
	}
	if now < o.due {
		return session.Action{}, false
	}
	o.pending, o.ready = false, false
	return session.Action{Kind: session.ActMove, Move: o.move, Ply: o.ply}, true
}
