package referee

import (
	"time"

	"bashni/online/protocol"
	"bashni/rules"
)

// A game paired in an arena (docs/ONLINE.md "Arenas") knows its arena, and
// either player may go berserk before their first move: their clock drops
// to half its initial time and gains no increment, for an extra point on a
// win (package arena scores it). Arena games have no takebacks and no
// rematches: the arena pairs the next game.

// ArenaPaired is the first event of a game paired in arena: as Paired,
// with the arena's id.
func ArenaPaired(at time.Time, variant rules.Variant, clock protocol.Clock, firstMove time.Duration, arena string) Event {
	e := Paired(at, variant, clock, firstMove)
	e.Arena = arena
	return e
}

// Arena is the id of the arena the game was paired in; "" for others.
func (s *State) Arena() string { return s.arena }

// Berserk reports which seats went berserk.
func (s *State) Berserk() [2]bool { return s.berserk }

// decideBerserk checks a berserk request: an arena game with a live clock,
// being played, before the player's first move, once.
func (s *State) decideBerserk(c Command, e Event) (Event, error) {
	switch {
	case s.arena == "":
		return e, protocol.Errorf(protocol.ErrNotArena, "berserk is for arena games only")
	case s.Clock.Kind != protocol.ClockLive:
		return e, protocol.Errorf(protocol.ErrNotArena, "berserk needs a live clock")
	case s.berserk[c.Seat]:
		return e, protocol.Errorf(protocol.ErrAlreadyOffered, "you went berserk already")
	case s.Ply() > int(c.Seat):
		return e, protocol.Errorf(protocol.ErrTooLate, "berserk only before your first move")
	}
	e.Kind = protocol.EventBerserk
	return e, nil
}

// applyBerserk halves by's clock. White may go berserk while its first
// clock runs: its time left at the turn's start becomes the half, and the
// time since keeps counting.
func (s *State) applyBerserk(by rules.Color) {
	s.berserk[by] = true
	half := time.Duration(s.Clock.Initial) * time.Second / 2
	s.remaining[by] = min(s.remaining[by], half)
}

// berserkSeats lists the berserk seats' names for the wire, nil if none.
func (s *State) berserkSeats() []string {
	var out []string
	for c, b := range s.berserk {
		if b {
			out = append(out, SeatName(rules.Color(c)))
		}
	}
	return out
}
