package referee

import (
	"time"

	"bashni/online/protocol"
	"bashni/rules"
)

// A game paired in the lobby is aborted when the side to move has not made
// its first move within the game's first-move time: White from the start,
// Black from White's first move (as lichess does). An aborted game is over
// with no result ("*", reason "aborted"): nobody won, nothing is rated.

// Paired is the first event of a game paired in the lobby: both seats
// taken, and firstMove (when positive) for each side's first move.
func Paired(at time.Time, variant rules.Variant, clock protocol.Clock, firstMove time.Duration) Event {
	e := Created(at, variant, clock, []rules.Color{White, Black}, "")
	e.Lobby = true
	if firstMove > 0 {
		e.FirstMove = firstMove.Milliseconds()
	}
	return e
}

// Lobby reports whether the game was paired in the lobby.
func (s *State) Lobby() bool { return s.lobby }

// Counts reports whether the game's result counts (for ratings and
// records of wins and losses): a finished game that was not aborted. The
// ratings code must skip games for which it is false.
func (s *State) Counts() bool { return s.status == Over && s.reason != protocol.ReasonAborted }

// abortDue is when the game is aborted unless the side to move moves
// first: while either side has yet to make its first move.
func (s *State) abortDue() (time.Time, bool) {
	if s.status != Playing || s.firstMove <= 0 || len(s.moves) >= 2 {
		return time.Time{}, false
	}
	return s.turnStart.Add(s.firstMove), true
}

// abort is the event that aborts the game, if its first-move time is up at
// now.
func (s *State) abort(now time.Time) (Event, bool) {
	d, ok := s.abortDue()
	if !ok || now.Before(d) {
		return Event{}, false
	}
	return Event{Kind: protocol.EventAborted, At: now.UnixMilli(), By: SeatName(s.SideToMove())}, true
}
