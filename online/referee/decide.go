package referee

import (
	"time"

	"bashni/online/protocol"
	"bashni/rules"
)

// Command is a seated player's request.
type Command struct {
	Type   string // protocol.TypeMove, TypeResign, TypeOfferDraw, …
	Seat   rules.Color
	Move   string // move
	Ply    int    // move: the ply the player saw
	Accept bool   // answers
	// NewGame is the code the rematch gets if this command agrees to one
	// (offer-rematch when the opponent offered already, or an accepted
	// answer-rematch); the server draws it beforehand.
	NewGame string
}

// Decide checks a command against the game and returns the event it makes.
// The server first gives the clock its due (Timeout), so a move after the
// flag has fallen finds the game over. Refusals are *protocol.Error.
func (s *State) Decide(c Command, now time.Time) (Event, error) {
	e := Event{At: now.UnixMilli(), By: SeatName(c.Seat)}
	mine, theirs := int8(c.Seat), int8(c.Seat.Opponent())
	switch c.Type {
	case protocol.TypeOfferRematch, protocol.TypeAnswerRematch:
		if s.arena != "" {
			return e, protocol.Errorf(protocol.ErrNotArena, "arena games have no rematch: the arena pairs your next game")
		}
		return s.decideRematch(c, e, mine, theirs)
	}
	if err := s.mustBePlaying(); err != nil {
		return e, err
	}
	switch c.Type {
	case protocol.TypeMove:
		if c.Seat != s.SideToMove() {
			return e, protocol.Errorf(protocol.ErrNotYourTurn, "it is %s's turn", s.SideToMove())
		}
		if c.Ply != s.Ply() {
			return e, protocol.Errorf(protocol.ErrStale, "the move was meant for ply %d but the game is at ply %d", c.Ply, s.Ply())
		}
		m, err := s.position().ParseMove(c.Move)
		if err != nil {
			return e, protocol.Errorf(protocol.ErrIllegalMove, "%v", err)
		}
		e.Kind, e.Move = protocol.EventMove, m.String()
	case protocol.TypeResign:
		e.Kind = protocol.EventResigned
	case protocol.TypeOfferDraw:
		switch s.drawOffer {
		case mine:
			return e, protocol.Errorf(protocol.ErrAlreadyOffered, "your draw offer stands")
		case theirs:
			e.Kind = protocol.EventDrawAgreed // both offered: agreed
		default:
			e.Kind = protocol.EventDrawOffered
		}
	case protocol.TypeAnswerDraw:
		if s.drawOffer != theirs {
			return e, protocol.Errorf(protocol.ErrNoOffer, "no draw offer to answer")
		}
		e.Kind = protocol.EventDrawDeclined
		if c.Accept {
			e.Kind = protocol.EventDrawAgreed
		}
	case protocol.TypeBerserk:
		return s.decideBerserk(c, e)
	case protocol.TypeRequestTakeback:
		if s.arena != "" {
			return e, protocol.Errorf(protocol.ErrNotArena, "arena games have no takebacks")
		}
		if s.takeback != noSeat {
			return e, protocol.Errorf(protocol.ErrAlreadyOffered, "a takeback request stands")
		}
		if s.takebackPlies(c.Seat) == 0 {
			return e, protocol.Errorf(protocol.ErrNothingToTakeBack, "you have made no move to take back")
		}
		e.Kind = protocol.EventTakebackRequested
	case protocol.TypeAnswerTakeback:
		if s.takeback != theirs {
			return e, protocol.Errorf(protocol.ErrNoOffer, "no takeback request to answer")
		}
		e.Kind = protocol.EventTakebackDeclined
		if c.Accept {
			e.Kind, e.By = protocol.EventTakenBack, SeatName(c.Seat.Opponent())
			e.Undo = s.takebackPlies(c.Seat.Opponent())
		}
	default:
		return e, protocol.Errorf(protocol.ErrBadMessage, "%q is not a game command", c.Type)
	}
	return e, nil
}

func (s *State) mustBePlaying() error {
	switch s.status {
	case Waiting:
		return protocol.Errorf(protocol.ErrNotStarted, "the other seat is still free: share the game's code %s", s.ID)
	case Over:
		return protocol.Errorf(protocol.ErrGameOver, "the game is over (%s %s)", s.result.Score(), s.reason)
	}
	return nil
}

// takebackPlies is how many plies a takeback for c removes: its last move
// and, if the opponent has answered it, that answer too.
func (s *State) takebackPlies(c rules.Color) int {
	ply := s.Ply()
	if ply == 0 {
		return 0
	}
	if s.SideToMove() != c {
		return 1 // c made the last move
	}
	if ply >= 2 {
		return 2
	}
	return 0
}

func (s *State) decideRematch(c Command, e Event, mine, theirs int8) (Event, error) {
	if s.status != Over {
		return e, protocol.Errorf(protocol.ErrNotStarted, "a rematch can be offered once the game is over")
	}
	if s.rematchGame != "" {
		return e, protocol.Errorf(protocol.ErrAlreadyOffered, "the rematch is game %s", s.rematchGame)
	}
	accept := false
	switch c.Type {
	case protocol.TypeOfferRematch:
		switch s.rematch {
		case mine:
			return e, protocol.Errorf(protocol.ErrAlreadyOffered, "your rematch offer stands")
		case theirs:
			accept = true
		default:
			e.Kind = protocol.EventRematchOffered
			return e, nil
		}
	case protocol.TypeAnswerRematch:
		if s.rematch != theirs {
			return e, protocol.Errorf(protocol.ErrNoOffer, "no rematch offer to answer")
		}
		if !c.Accept {
			e.Kind = protocol.EventRematchDeclined
			return e, nil
		}
		accept = true
	}
	if accept {
		e.Kind, e.Game = protocol.EventRematch, c.NewGame
	}
	return e, nil
}

// Rematch is the first event of the rematch agreed in e: same variant and
// clock, colours swapped, both seats taken.
func (s *State) Rematch(e Event) Event {
	return Created(time.UnixMilli(e.At), s.Variant, s.Clock, []rules.Color{White, Black}, s.ID)
}

// Join is the event of a newcomer taking the free seat.
func (s *State) Join(now time.Time) (Event, rules.Color, error) {
	if s.status != Waiting {
		if s.status == Over {
			return Event{}, 0, protocol.Errorf(protocol.ErrGameOver, "the game is over (%s %s)", s.result.Score(), s.reason)
		}
		return Event{}, 0, protocol.Errorf(protocol.ErrGameFull, "both seats of game %s are taken: watch it instead", s.ID)
	}
	seat := White
	if s.seated[White] {
		seat = Black
	}
	return Event{Kind: protocol.EventJoined, At: now.UnixMilli(), By: SeatName(seat)}, seat, nil
}

// Timeout is the flag falling: if the side to move's time is up at now, the
// event that ends the game.
func (s *State) Timeout(now time.Time) (Event, bool) {
	if e, ok := s.abort(now); ok {
		return e, true
	}
	d, ok := s.flagDeadline()
	if !ok || now.Before(d) {
		return Event{}, false
	}
	return Event{Kind: protocol.EventTime, At: now.UnixMilli(), By: SeatName(s.SideToMove())}, true
}

// Abandon is the event that ends the game because c left it: the server
// calls it when c has been gone longer than it allows while the opponent
// stayed. Correspondence games are never abandoned: their clock decides.
func (s *State) Abandon(c rules.Color, now time.Time) (Event, bool) {
	if s.status != Playing || s.Clock.Kind == protocol.ClockCorrespondence {
		return Event{}, false
	}
	return Event{Kind: protocol.EventAbandoned, At: now.UnixMilli(), By: SeatName(c)}, true
}
