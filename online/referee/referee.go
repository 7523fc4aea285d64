// Package referee is the online game as a pure state machine: a State is
// the fold of the game's stored events; Decide and the other deciders turn a
// player's request (or the passing of time) into the next event, refusing
// anything the rules or the situation forbid; Apply folds an event in. It
// does no I/O and reads no clock: the server passes the time in, stores each
// event before applying it, and replays the events to rebuild a game, on any
// node, after a restart. Every move is checked by package rules.
package referee

import (
	"encoding/json"
	"fmt"
	"time"

	"bashni/online/protocol"
	"bashni/rules"
)

// Status is where a game is in its life.
type Status uint8

const (
	Waiting Status = iota // the second seat is free
	Playing
	Over
)

func (s Status) String() string {
	switch s {
	case Waiting:
		return protocol.StatusWaiting
	case Playing:
		return protocol.StatusPlaying
	}
	return protocol.StatusOver
}

// Event is one stored change to a game. Kind is one of protocol's Event…
// names; the other fields are those that kind needs.
type Event struct {
	Kind string `json:"k"`
	At   int64  `json:"at"`           // Unix milliseconds, from the deciding node's clock
	By   string `json:"by,omitempty"` // the seat that acted ("time", "abandoned": the loser)
	Move string `json:"m,omitempty"`  // move: the full route
	Undo int    `json:"undo,omitempty"`

	// created
	Variant   string          `json:"variant,omitempty"`
	Clock     *protocol.Clock `json:"clock,omitempty"`
	Seated    []string        `json:"seated,omitempty"`
	RematchOf string          `json:"rematchOf,omitempty"`
	Lobby     bool            `json:"lobby,omitempty"`     // paired in the lobby (abort.go)
	FirstMove int64           `json:"firstMove,omitempty"` // lobby: ms each side has for its first move
	Arena     string          `json:"arena,omitempty"`     // paired in this arena (berserk.go)

	// rematch: the new game
	Game string `json:"game,omitempty"`
}

// Marshal encodes the event for storage and the bus.
func (e Event) Marshal() []byte {
	b, err := json.Marshal(e)
	if err != nil {
		panic(err) // an Event has only plain fields
	}
	return b
}

// UnmarshalEvent decodes a stored event.
func UnmarshalEvent(b []byte) (Event, error) {
	var e Event
	if err := json.Unmarshal(b, &e); err != nil {
		return e, fmt.Errorf("decoding a stored event: %w", err)
	}
	return e, nil
}

// Created is the first event of a game.
func Created(at time.Time, variant rules.Variant, clock protocol.Clock, seated []rules.Color, rematchOf string) Event {
	e := Event{Kind: protocol.EventCreated, At: at.UnixMilli(), Variant: variantName(variant), Clock: &clock, RematchOf: rematchOf}
	for _, c := range seated {
		e.Seated = append(e.Seated, SeatName(c))
	}
	return e
}

// SeatName is a colour's name on the wire.
func SeatName(c rules.Color) string {
	if c == White {
		return protocol.White
	}
	return protocol.Black
}

// ParseSeat reads a seat's name.
func ParseSeat(s string) (rules.Color, bool) {
	switch s {
	case protocol.White:
		return White, true
	case protocol.Black:
		return Black, true
	}
	return White, false
}

// Colours, re-exported for brevity.
const (
	White = rules.White
	Black = rules.Black
)

func variantName(v rules.Variant) string {
	if v == rules.Lasca {
		return "lasca"
	}
	return "bashni"
}

// ParseVariant reads a variant's name on the wire.
func ParseVariant(s string) (rules.Variant, error) { return rules.ParseVariant(s) }

// noSeat marks an offer nobody made.
const noSeat = -1

// State is one game.
type State struct {
	ID        string
	Version   int64 // the number of events folded in
	Variant   rules.Variant
	Clock     protocol.Clock
	Created   time.Time
	Updated   time.Time // the time of the last event
	RematchOf string
	// lobby: paired in the lobby; firstMove: the time each side has for
	// its first move before the game is aborted (abort.go).
	lobby     bool
	firstMove time.Duration
	// arena: the arena that paired the game; berserk: the seats that
	// went berserk (berserk.go).
	arena   string
	berserk [2]bool

	// positions[i] is the position after i moves; moves[i] leads from
	// positions[i] to positions[i+1]. Positions are never modified once
	// made, so clones share them.
	positions   []*rules.Position
	moves       []rules.Move
	seated      [2]bool
	status      Status
	result      rules.Result
	reason      string
	drawOffer   int8
	takeback    int8
	rematch     int8
	rematchGame string

	// Live clocks: the time each side had left when turnStart began.
	// Correspondence: each side's allowance for a move.
	remaining [2]time.Duration
	turnStart time.Time
}

// Replay rebuilds a game from its stored events, oldest first.
func Replay(id string, events [][]byte) (*State, error) {
	if len(events) == 0 {
		return nil, fmt.Errorf("game %s has no events", id)
	}
	s := &State{ID: id}
	for i, b := range events {
		e, err := UnmarshalEvent(b)
		if err != nil {
			return nil, fmt.Errorf("game %s event %d: %w", id, i+1, err)
		}
		if err := s.Apply(e); err != nil {
			return nil, fmt.Errorf("game %s event %d: %w", id, i+1, err)
		}
	}
	return s, nil
}

// Clone returns an independent copy; the server applies an event to a
// clone, stores it, and keeps the clone only once the store has it. The
// copy shares the (immutable) positions; its slices are capped so that
// appending to either never writes into the other.
func (s *State) Clone() *State {
	c := *s
	c.positions = s.positions[:len(s.positions):len(s.positions)]
	c.moves = s.moves[:len(s.moves):len(s.moves)]
	return &c
}

// position is the current position.
func (s *State) position() *rules.Position { return s.positions[len(s.positions)-1] }

// Status is the game's status.
func (s *State) Status() Status { return s.status }

// Seated reports whether c's seat is taken.
func (s *State) Seated(c rules.Color) bool { return s.seated[c] }

// Outcome is the result and the protocol's reason word.
func (s *State) Outcome() (rules.Result, string) { return s.result, s.reason }

// Ply is the number of moves played.
func (s *State) Ply() int { return len(s.moves) }

// Moves returns the moves played in notation.
func (s *State) Moves() []string {
	out := make([]string, len(s.moves))
	for i, m := range s.moves {
		out[i] = m.String()
	}
	return out
}

// Game returns the moves as a rules.Game (a new one, for records and tests).
func (s *State) Game() *rules.Game {
	g := rules.NewGameFrom(s.positions[0])
	for _, m := range s.moves {
		if err := g.Play(m); err != nil {
			panic(fmt.Sprintf("replaying a legal game: %v", err))
		}
	}
	return g
}

// Position is the current position. Do not modify it.
func (s *State) Position() *rules.Position { return s.position() }

// SideToMove is whose turn it is.
func (s *State) SideToMove() rules.Color { return s.position().SideToMove() }

// RematchGame is the rematch's code once agreed.
func (s *State) RematchGame() string { return s.rematchGame }

func (s *State) timed() bool {
	return s.Clock.Kind == protocol.ClockLive || s.Clock.Kind == protocol.ClockCorrespondence
}

// Deadline is when time decides the game if nobody acts first: the side
// to move loses on time, or a paired game is aborted for want of a first
// move (abort.go), whichever comes first.
func (s *State) Deadline() (time.Time, bool) {
	flag, ok := s.flagDeadline()
	if abort, due := s.abortDue(); due && (!ok || abort.Before(flag)) {
		return abort, true
	}
	return flag, ok
}

// flagDeadline is when the side to move loses on time, if a clock runs.
func (s *State) flagDeadline() (time.Time, bool) {
	if s.status != Playing || !s.timed() {
		return time.Time{}, false
	}
	return s.turnStart.Add(s.remaining[s.SideToMove()]), true
}

// Left is the time c has left at now.
func (s *State) Left(c rules.Color, now time.Time) time.Duration {
	left := s.remaining[c]
	if s.status == Playing && c == s.SideToMove() {
		left -= now.Sub(s.turnStart)
	}
	return max(left, 0)
}

// Apply folds an event in. Events come from Decide (checked) or from the
// store (checked when they were decided), so an error here means a damaged
// store or a bug; the state is then left as it was.
func (s *State) Apply(e Event) error {
	if s.positions == nil && e.Kind != protocol.EventCreated {
		return fmt.Errorf("first event is %q, not created", e.Kind)
	}
	at := time.UnixMilli(e.At)
	by, byOK := ParseSeat(e.By)
	switch e.Kind {
	case protocol.EventCreated:
		if s.positions != nil {
			return fmt.Errorf("created twice")
		}
		v, err := rules.ParseVariant(e.Variant)
		if err != nil {
			return err
		}
		if e.Clock == nil {
			return fmt.Errorf("created without a clock")
		}
		s.Variant, s.Clock, s.Created, s.RematchOf = v, *e.Clock, at, e.RematchOf
		s.lobby, s.firstMove = e.Lobby, time.Duration(e.FirstMove)*time.Millisecond
		s.arena = e.Arena
		s.positions = []*rules.Position{rules.NewPosition(v)}
		s.drawOffer, s.takeback, s.rematch = noSeat, noSeat, noSeat
		for _, name := range e.Seated {
			c, ok := ParseSeat(name)
			if !ok {
				return fmt.Errorf("created with seat %q", name)
			}
			s.seated[c] = true
		}
		switch s.Clock.Kind {
		case protocol.ClockLive:
			s.remaining = [2]time.Duration{time.Duration(s.Clock.Initial) * time.Second, time.Duration(s.Clock.Initial) * time.Second}
		case protocol.ClockCorrespondence:
			d := time.Duration(s.Clock.Days) * 24 * time.Hour
			s.remaining = [2]time.Duration{d, d}
		}
		if s.seated[White] && s.seated[Black] {
			s.status, s.turnStart = Playing, at
		}
	case protocol.EventJoined:
		if !byOK || s.seated[by] || s.status != Waiting {
			return fmt.Errorf("joined seat %q that is not free", e.By)
		}
		s.seated[by] = true
		s.status, s.turnStart = Playing, at
	case protocol.EventMove:
		if s.status != Playing || !byOK || by != s.SideToMove() {
			return fmt.Errorf("move %q by %q out of turn", e.Move, e.By)
		}
		m, err := s.position().ParseMove(e.Move)
		if err != nil {
			return err
		}
		s.positions = append(s.positions, s.position().Play(m))
		s.moves = append(s.moves, m)
		s.charge(by, at)
		if s.Clock.Kind == protocol.ClockLive && !s.berserk[by] {
			s.remaining[by] += time.Duration(s.Clock.Increment) * time.Second
		}
		// A move answers the opponent's draw offer with no; the mover's
		// own offer stands. A takeback request is about the position
		// before the move, so any move ends it.
		if s.drawOffer != int8(by) {
			s.drawOffer = noSeat
		}
		s.takeback = noSeat
		if o := rules.StatusOf(s.positions); o.Over() {
			s.end(o.Result, o.Reason.Code())
		}
	case protocol.EventDrawOffered:
		s.drawOffer = int8(by)
	case protocol.EventDrawDeclined:
		s.drawOffer = noSeat
	case protocol.EventDrawAgreed:
		s.charge(s.SideToMove(), at)
		s.end(rules.Draw, protocol.ReasonAgreement)
	case protocol.EventTakebackRequested:
		s.takeback = int8(by)
	case protocol.EventTakebackDeclined:
		s.takeback = noSeat
	case protocol.EventTakenBack:
		if e.Undo < 1 || e.Undo > 2 || e.Undo > len(s.moves) {
			return fmt.Errorf("taking back %d of %d plies", e.Undo, len(s.moves))
		}
		s.charge(s.SideToMove(), at)
		n := len(s.moves) - e.Undo
		s.moves, s.positions = s.moves[:n:n], s.positions[:n+1:n+1]
		s.takeback, s.drawOffer = noSeat, noSeat
	case protocol.EventResigned:
		s.charge(s.SideToMove(), at)
		s.end(rules.WinFor(by.Opponent()), protocol.ReasonResignation)
	case protocol.EventTime:
		s.remaining[by] = 0
		s.end(rules.WinFor(by.Opponent()), protocol.ReasonTime)
	case protocol.EventAbandoned:
		s.charge(s.SideToMove(), at)
		s.end(rules.WinFor(by.Opponent()), protocol.ReasonAbandonment)
	case protocol.EventAborted:
		if s.status != Playing {
			return fmt.Errorf("aborted a game that is not being played")
		}
		s.end(rules.Ongoing, protocol.ReasonAborted)
	case protocol.EventBerserk:
		if s.status != Playing || !byOK || s.berserk[by] || s.arena == "" {
			return fmt.Errorf("berserk by %q out of place", e.By)
		}
		s.applyBerserk(by)
	case protocol.EventRematchOffered:
		s.rematch = int8(by)
	case protocol.EventRematchDeclined:
		s.rematch = noSeat
	case protocol.EventRematch:
		if e.Game == "" {
			return fmt.Errorf("rematch without a game")
		}
		s.rematch, s.rematchGame = noSeat, e.Game
	default:
		return fmt.Errorf("unknown event %q", e.Kind)
	}
	s.Version++
	s.Updated = at
	return nil
}

// charge stops the running clock at at: c (the side to move) used the time
// since its turn began, and the next turn begins at at.
func (s *State) charge(c rules.Color, at time.Time) {
	if s.status != Playing {
		return
	}
	if s.Clock.Kind == protocol.ClockLive {
		s.remaining[c] = max(s.remaining[c]-at.Sub(s.turnStart), 0)
	}
	s.turnStart = at
}

func (s *State) end(r rules.Result, reason string) {
	s.status, s.result, s.reason = Over, r, reason
	s.drawOffer, s.takeback = noSeat, noSeat
}
