// Package follow joins a session's events to the board that shows the
// game: a move played is animated from the hops the person's own entry
// already shows, moves redone follow one another a little faster. The
// play screen, the lessons and the puzzles use it (issue 26: it was
// copied in each); what an event means in words, and what the screen
// does besides (the moves a person may enter next, a hint, the end of the
// game), stays with the screen.
package follow

import (
	"bashni/rules"
	"bashni/scenes/anim"
	"bashni/session"
)

// Board is what a Follower moves: scenes/board's Board.
type Board interface {
	// Animate shows mv from before, from its hop skip on (the hops the
	// board already shows).
	Animate(before *rules.Position, mv rules.Move, opts anim.Options, skip int)
	// Queue shows mv after the animation running.
	Queue(mv rules.Move, opts anim.Options)
}

// redoSpeed is how much faster than a move played a move redone goes.
const redoSpeed = 1.5

// Follower shows a session's moves on a board. The zero value needs its
// Board and Entry.
type Follower struct {
	Board Board
	// Entry reports whether side's moves are entered on this board (the
	// person at the device): those start from the hops already shown.
	Entry func(side rules.Color) bool
	// shown is how many hops of the move just entered the board shows.
	shown int
}

// Entered says the person's next move shows hops already (an entry hop by
// hop, or a drag dropped at the end: board.Result.Shown).
func (f *Follower) Entered(hops int) { f.shown = hops }

// Forget drops the hops entered: the move was not played.
func (f *Follower) Forget() { f.shown = 0 }

// Show moves the board for ev with opts (the player's animation settings)
// and reports whether it did: a move played or moves redone. The screen
// then hands the board the moves a person may enter; other events are
// the screen's alone.
func (f *Follower) Show(ev session.Event, opts anim.Options) bool {
	switch ev.Kind {
	case session.MovePlayed:
		skip := 0
		if f.Entry != nil && f.Entry(ev.Side) {
			skip, f.shown = f.shown, 0
		}
		f.Board.Animate(ev.Before, ev.Move, opts, skip)
		return true
	case session.Redone:
		if len(ev.Moves) == 0 {
			return false
		}
		opts.Speed *= redoSpeed
		f.Board.Animate(ev.Before, ev.Moves[0], opts, 0)
		for _, mv := range ev.Moves[1:] {
			f.Board.Queue(mv, opts)
		}
		return true
	}
	return false
}
