package session

import "bashni/rules"

// Kind says what a player is. The scenes ask it to know whether the board
// takes moves for the side to move (a Person), whether to show that the
// computer thinks, and how to name the side.
type Kind uint8

const (
	// Person is someone at this device: the scenes enter their moves on
	// the board and call Session.Play; Begin, Cancel and Poll do nothing.
	Person Kind = iota + 1
	// Computer is the computer player at a level (ComputerPlayer).
	Computer
	// Scripted answers from a lesson's or a puzzle's script
	// (ScriptedPlayer).
	Scripted
	// Remote is someone elsewhere: moves, offers and answers arrive from a
	// network through Poll, and the local side's doings leave through
	// Observe (the online package implements it).
	Remote
)

// String names the kind, for tests and logs.
func (k Kind) String() string {
	switch k {
	case Person:
		return "person"
	case Computer:
		return "computer"
	case Scripted:
		return "scripted"
	case Remote:
		return "remote"
	}
	return "kind?"
}

// Player is one side of a game in progress. The session calls its methods
// from the game loop only (Tick and the Session's methods), one at a time;
// a player that works elsewhere (a search, a network) hands its results
// over to Poll itself.
type Player interface {
	// Kind says what the player is.
	Kind() Kind
	// Begin tells the player that it is its turn: the game goes on and
	// its side is to move in t. A computer starts thinking, a script
	// looks up its answer, a remote player waits for the network. The
	// answer comes back through Poll as an ActMove for t.Ply.
	Begin(t Turn)
	// Cancel withdraws the turn begun last (an undo, a resignation, the
	// game put aside): an answer to it must not come, and is dropped if
	// it does.
	Cancel()
	// Observe tells the player what happened in the game, every event in
	// order, as the scenes see it: both sides' moves, undos, offers and
	// their answers, the end. A remote player sends the other side's
	// doings from here. It must not call back into the session.
	Observe(ev *Event)
	// Poll returns the next thing the player did since the last call, if
	// any: a move, a resignation, an offer or an answer, a refusal of the
	// other side's move, a result decided elsewhere, a change of presence.
	// The session calls it every tick until it reports nothing.
	Poll(now int64) (Action, bool)
}

// Turn is what a player is asked to answer.
type Turn struct {
	// Side is the player's side, the side to move.
	Side rules.Color
	// Ply is the game's ply: the answer is the move played at it.
	Ply int
	// History is the positions from the start of the game to the one to
	// answer (the last), for repetitions. It is the player's own copy.
	History []*rules.Position
	// Moves are the moves that led there from the start (the player's
	// own copy): a script follows its line with them.
	Moves []rules.Move
	// Now is the tick the turn began (Session.Tick's now).
	Now int64
}

// Position is the position to answer.
func (t *Turn) Position() *rules.Position { return t.History[len(t.History)-1] }

// ActionKind is what a player did.
type ActionKind uint8

const (
	// ActMove plays Move at Ply (the game's ply before the move).
	ActMove ActionKind = iota + 1
	// ActResign resigns the game.
	ActResign
	// ActOfferDraw offers a draw; offering while the other side's offer
	// stands accepts it.
	ActOfferDraw
	// ActAnswerDraw answers the other side's draw offer (Accept).
	ActAnswerDraw
	// ActRequestTakeback asks to take back the player's last move (and
	// the answer to it).
	ActRequestTakeback
	// ActAnswerTakeback answers the other side's takeback request
	// (Accept).
	ActAnswerTakeback
	// ActRefuse says the other side's move at Ply was not accepted (a
	// server refused it): it is taken back, Refusal says why.
	ActRefuse
	// ActEnd ends the game with Outcome, decided elsewhere (a flag fell,
	// the other side left, a server's ruling).
	ActEnd
	// ActPresence says whether the player is connected (Connected).
	ActPresence
	// ActRestoreOffer makes the session's open offer the one that stands
	// elsewhere (a server's, after a reload or a reconnection): Offer
	// (DrawOffered or TakebackRequested) made by By, either side; Offer 0
	// means none stands. Its DrawOffered or TakebackRequested event is
	// marked Restored: the offer was made already, nothing is to be sent.
	ActRestoreOffer
)

// Action is one thing a player did, reported by Poll.
type Action struct {
	Kind      ActionKind
	Move      rules.Move    // ActMove
	Ply       int           // ActMove, ActRefuse
	Accept    bool          // ActAnswerDraw, ActAnswerTakeback
	Connected bool          // ActPresence
	Outcome   rules.Outcome // ActEnd
	Refusal   RefusalCode   // ActRefuse
	Offer     EventKind     // ActRestoreOffer
	By        rules.Color   // ActRestoreOffer
}

// Passive is a player that does nothing by itself: embed it to implement
// only the methods a player needs.
type Passive struct{}

// Begin does nothing.
func (Passive) Begin(Turn) {}

// Cancel does nothing.
func (Passive) Cancel() {}

// Observe does nothing.
func (Passive) Observe(*Event) {}

// Poll reports nothing.
func (Passive) Poll(int64) (Action, bool) { return Action{}, false }

// person is someone at this device.
type person struct{ Passive }

func (person) Kind() Kind { return Person }

// NewPerson returns a player for someone at this device: the scenes enter
// the moves with Session.Play. An analysis board has a person on both
// sides.
func NewPerson() Player { return person{} }
