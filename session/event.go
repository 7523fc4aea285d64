package session

import "bashni/rules"

// EventKind is what happened in a session.
type EventKind uint8

const (
	// MovePlayed: Side played Move, from Before to After; the game is now
	// at Ply.
	MovePlayed EventKind = iota + 1
	// Undone: moves were taken back; the game is now at Ply. Moves are
	// the moves taken back, last first.
	Undone
	// Redone: Moves were played again from Before (first first); the game
	// is now at Ply.
	Redone
	// ThinkingStarted: the computer began to think for Side.
	ThinkingStarted
	// ThinkingStopped: the computer stopped thinking for Side (it
	// answered, or the turn was withdrawn).
	ThinkingStopped
	// HintReady: Hint is the suggestion for the side to move at Ply.
	HintReady
	// GameOver: the game ended with Outcome at Ply. Side ended it: the
	// last mover, the side resigning or accepting a draw, the side that
	// reported a result decided elsewhere.
	GameOver
	// Refused: a move of Side was refused, Refusal says why. A judge's
	// refusal keeps the move off the board; a remote refusal took it back
	// (an Undone follows).
	Refused
	// DrawOffered: Side offers a draw.
	DrawOffered
	// DrawDeclined: Side declined the draw the other side offered.
	DrawDeclined
	// TakebackRequested: Side asks to take back its last move.
	TakebackRequested
	// TakebackAnswered: Side answered the other side's takeback request
	// (Accept; an Undone follows an accepted one).
	TakebackAnswered
	// PresenceChanged: Side connected or lost its connection (Connected).
	PresenceChanged
)

// String names the kind, for tests and logs.
func (k EventKind) String() string {
	switch k {
	case MovePlayed:
		return "move"
	case Undone:
		return "undone"
	case Redone:
		return "redone"
	case ThinkingStarted:
		return "thinking"
	case ThinkingStopped:
		return "thought"
	case HintReady:
		return "hint"
	case GameOver:
		return "game-over"
	case Refused:
		return "refused"
	case DrawOffered:
		return "draw-offered"
	case DrawDeclined:
		return "draw-declined"
	case TakebackRequested:
		return "takeback-requested"
	case TakebackAnswered:
		return "takeback-answered"
	case PresenceChanged:
		return "presence"
	}
	return "event?"
}

// Event is one thing that happened in a session, for the scenes to show
// (animate a move, say who thinks, show a hint or an offer) and for the
// players to observe. The positions and moves it holds are never changed;
// Moves is the event's own copy.
type Event struct {
	Kind EventKind
	// Side is who did it: the mover, the side thinking, the side offering
	// or answering, the side whose move was refused, the side that ended
	// the game; for Undone the side to move after it.
	Side rules.Color
	// Move is the move played (MovePlayed) or refused (Refused).
	Move rules.Move
	// Moves are the moves undone (last first) or redone (first first).
	Moves []rules.Move
	// Before and After are the positions around a move played; Before is
	// where redone moves start from.
	Before, After *rules.Position
	// Ply is the game's ply after the event.
	Ply int
	// Outcome is the result of a finished game (GameOver).
	Outcome rules.Outcome
	// Hint is the suggestion (HintReady).
	Hint Hint
	// Refusal says why a move was refused (Refused).
	Refusal *Refusal
	// Accept is the answer to an offer or a request (TakebackAnswered).
	Accept bool
	// Connected is the remote side's presence (PresenceChanged).
	Connected bool
	// Restored marks an offer or a request (DrawOffered,
	// TakebackRequested) made before, which the session took up again
	// (ActRestoreOffer): it stands already and is not to be sent again.
	Restored bool
}

// RefusalCode says why a move was refused. It is a code, not a sentence:
// only a screen puts it in the player's language.
type RefusalCode string

// The session's own refusal codes. A remote player's refusals carry its
// server's code as it came ("not-your-turn", "illegal-move": the error
// codes of online/protocol), and a judge's carry the ID of its own
// message ("learn.why.occupied"), which its screen knows.
const (
	// RefusedNotWanted: a judge wants another move and says no more.
	RefusedNotWanted RefusalCode = "not-wanted"
	// RefusedIllegal: the move is not legal in the position (a player
	// reported a move the rules refuse); the protocol's word for it.
	RefusedIllegal RefusalCode = "illegal-move"
	// RefusedStale: the move was meant for another position (the game
	// moved on, or is over); the protocol's word for it.
	RefusedStale RefusalCode = "stale"
	// RefusedDiverged: the other side's game (a server's) differs from
	// here on; the game is taken back to show it as the other side has it.
	RefusedDiverged RefusalCode = "diverged"
)

// Refusal says why a move or a request was refused: a lesson's judge
// wants another move, or a server did not accept it. It is an error.
type Refusal struct {
	// Code says why; the screen that shows the refusal makes the words.
	Code RefusalCode
	// Args are the code's values as name/value pairs, for its message
	// ("Square", "d4"); none for most codes.
	Args []any
	// Squares are squares to show with it (a lesson's hint), if any.
	Squares []rules.Square
	// Move is the move refused and Ply the ply it was (to be) played at.
	Move rules.Move
	Ply  int
}

// Error names the code, for logs and tests; players read the words a
// screen makes of it.
func (r *Refusal) Error() string { return "move refused: " + string(r.Code) }

// Judge looks at a person's move before it is played: a lesson that wants
// another move returns a Refusal saying why, and the move is not played;
// nil lets it be played. g is the game as it stands, side the mover.
type Judge func(g *rules.Game, side rules.Color, mv rules.Move) *Refusal
