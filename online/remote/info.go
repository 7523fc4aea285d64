package remote

import (
	"strings"
	"time"

	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/rules"
)

// What the screens show and choose, in the game's types: the wire's
// strings (online/protocol) are read and written here, in one place, so
// that no screen imports the protocol or the client.

// Status is where the game stands on the server.
type Status uint8

const (
	// Waiting: created, the second seat is still free.
	Waiting Status = iota + 1
	Playing
	Over
)

// Seat is one side's seat, or none: whose offer stands, whose clock runs,
// which seat a new game's creator takes.
type Seat uint8

const (
	// NoSeat is nobody's; in Game, the seat the server draws.
	NoSeat Seat = iota
	WhiteSeat
	BlackSeat
)

// SeatOf is side's seat.
func SeatOf(side rules.Color) Seat {
	if side == rules.Black {
		return BlackSeat
	}
	return WhiteSeat
}

// Color is the seat's side; false for NoSeat.
func (s Seat) Color() (rules.Color, bool) {
	switch s {
	case WhiteSeat:
		return rules.White, true
	case BlackSeat:
		return rules.Black, true
	}
	return rules.White, false
}

func seatFrom(wire string) Seat {
	switch wire {
	case protocol.White:
		return WhiteSeat
	case protocol.Black:
		return BlackSeat
	}
	return NoSeat
}

func (s Seat) wire() string {
	switch s {
	case WhiteSeat:
		return protocol.White
	case BlackSeat:
		return protocol.Black
	}
	return protocol.Random
}

// ClockKind is what kind of time control a game has.
type ClockKind uint8

const (
	NoClock ClockKind = iota
	// LiveClock: each side has Initial for the game, Increment added
	// after each move.
	LiveClock
	// CorrespondenceClock: each side has Days for each move.
	CorrespondenceClock
)

// Clock is a game's time control.
type Clock struct {
	Kind      ClockKind
	Initial   time.Duration // LiveClock (whole seconds)
	Increment time.Duration // LiveClock (whole seconds)
	Days      int           // CorrespondenceClock
}

// The time controls the screens offer.
var (
	Untimed = Clock{}
	Blitz5  = Clock{Kind: LiveClock, Initial: 5 * time.Minute, Increment: 3 * time.Second}  // 5+3
	Rapid10 = Clock{Kind: LiveClock, Initial: 10 * time.Minute, Increment: 5 * time.Second} // 10+5
)

// Correspondence is a correspondence clock of days a move.
func Correspondence(days int) Clock { return Clock{Kind: CorrespondenceClock, Days: days} }

func clockFrom(c protocol.Clock) Clock {
	switch c.Kind {
	case protocol.ClockLive:
		return Clock{Kind: LiveClock, Initial: time.Duration(c.Initial) * time.Second, Increment: time.Duration(c.Increment) * time.Second}
	case protocol.ClockCorrespondence:
		return Correspondence(c.Days)
	}
	return Untimed
}

func (c Clock) wire() protocol.Clock {
	switch c.Kind {
	case LiveClock:
		return protocol.Clock{Kind: protocol.ClockLive, Initial: int(c.Initial / time.Second), Increment: int(c.Increment / time.Second)}
	case CorrespondenceClock:
		return protocol.Clock{Kind: protocol.ClockCorrespondence, Days: c.Days}
	}
	return protocol.Untimed
}

// Game is what Create asks the server for.
type Game struct {
	Variant rules.Variant
	Seat    Seat // the creator's; NoSeat: the server draws it
	Clock   Clock
}

func (g Game) wire() client.Game {
	return client.Game{Variant: strings.ToLower(g.Variant.String()), Color: g.Seat.wire(), Clock: g.Clock.wire()}
}

// Info is what the screens show of the online game besides the board: the
// server's latest view of it, and the connection.
type Info struct {
	Version int64 // grows with every change on the server (redraw when it does)
	Variant rules.Variant
	Clock   Clock
	Status  Status
	Moves   []string      // every move so far, in notation
	Outcome rules.Outcome // once Over
	// DrawOffer, Takeback and Rematch are the seats whose offer or request
	// stands (NoSeat: none).
	DrawOffer, Takeback, Rematch Seat
	// RematchAgreed: both sides agreed a rematch; Player.Rematch opens it.
	RematchAgreed bool
	// Rated: the game was rated and is over; Ratings are White's and
	// Black's changes (players.go).
	Rated   bool
	Ratings [2]RatingChange
	// Players are White's and Black's names and ratings, in a game
	// between identified players (zero in a game by link).
	Players [2]Card

	// Timed: the game has a clock; Running's goes down from Received.
	Timed    bool
	Running  Seat
	left     [2]time.Duration // when Received
	Received time.Time
	online   [2]bool

	// Arena is the id of the arena that paired this game ("" for any
	// other game); Berserk, White's and Black's going berserk in it.
	Arena   string
	Berserk [2]bool

	// Connected: the connection is up; false while it is dialled again.
	Connected bool
	// Err is the last connection or refusal error, for the screens to say.
	Err error
}

// infoOf reads the server's latest word.
func infoOf(w wire) Info {
	st := w.state
	i := Info{
		Version: st.Version, Clock: clockFrom(st.Clock), Moves: st.Moves,
		DrawOffer: seatFrom(st.DrawOffer), Takeback: seatFrom(st.Takeback), Rematch: seatFrom(st.Rematch),
		RematchAgreed: st.RematchGame != "",
		Received:      w.received, online: [2]bool{st.White.Online, st.Black.Online},
		Connected: w.up, Err: w.err,
	}
	i.Rated, i.Ratings = ratingsFrom(st.Ratings)
	i.Players = [2]Card{cardOf(st.White), cardOf(st.Black)}
	i.Arena = st.Arena
	for _, seat := range st.Berserk {
		switch seat {
		case protocol.White:
			i.Berserk[0] = true
		case protocol.Black:
			i.Berserk[1] = true
		}
	}
	// An unknown variant cannot be played: Config says so.
	i.Variant, _ = rules.ParseVariant(st.Variant)
	switch st.Status {
	case protocol.StatusWaiting:
		i.Status = Waiting
	case protocol.StatusPlaying:
		i.Status = Playing
	case protocol.StatusOver:
		i.Status = Over
		i.Outcome, _ = outcomeOf(st)
	}
	if cl := st.Clocks; cl != nil {
		i.Timed, i.Running = true, seatFrom(cl.Running)
		i.left = [2]time.Duration{time.Duration(cl.White) * time.Millisecond, time.Duration(cl.Black) * time.Millisecond}
	}
	return i
}

// Ply is the number of moves played.
func (i Info) Ply() int { return len(i.Moves) }

// ClockLeft is side's time left at now, and whether the game has a clock.
func (i Info) ClockLeft(side rules.Color, now time.Time) (time.Duration, bool) {
	if !i.Timed {
		return 0, false
	}
	left := i.left[side&1]
	if i.Running == SeatOf(side) && i.Status == Playing {
		left -= now.Sub(i.Received)
	}
	return max(left, 0), true
}

// Online reports whether side's holder is connected to the server.
func (i Info) Online(side rules.Color) bool { return i.online[side&1] }

// NormalizeCode reads a game's code as a person may type it (any case,
// spaces or dashes between groups): the code, or an error saying what no
// code contains.
func NormalizeCode(typed string) (string, error) {
	return protocol.NormalizeCode(typed)
}

// ErrNoHost: a server address names no host ("http:///x").
var ErrNoHost = client.ErrNoHost

// CheckServer reports whether the game can dial a server at addr
// (http://, https://, ws:// or wss://, with a host); an error wraps
// ErrNoHost or net/url's.
func CheckServer(addr string) error {
	_, err := client.SocketURL(addr)
	return err
}

// Link is the address to share: the site with ?game=CODE.
func Link(server, code string) string {
	return strings.TrimRight(server, "/") + "/?game=" + code
}
