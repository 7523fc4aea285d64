package protocol

import "fmt"

// Error codes (ServerMessage.Code). A refused request changes nothing.
const (
	ErrBadMessage         = "bad-message"         // not JSON, unknown type, a missing or invalid field
	ErrUnsupportedVersion = "unsupported-version" // hello named another protocol version
	ErrRateLimited        = "rate-limited"        // too many messages, games or attempts: wait
	ErrNotFound           = "not-found"           // no game with that code (or it expired)
	ErrGameFull           = "game-full"           // both seats are taken: watch instead
	ErrBadToken           = "bad-token"           // the token holds no seat of this game
	ErrNoGame             = "no-game"             // the command needs a game: create, join, resume or watch first
	ErrSpectator          = "spectator"           // spectators cannot act on the game
	ErrNotStarted         = "not-started"         // the second seat is still free
	ErrGameOver           = "game-over"           // the game has ended
	ErrNotYourTurn        = "not-your-turn"
	ErrIllegalMove        = "illegal-move"
	ErrStale              = "stale"                // the move was meant for another ply: sync and try again
	ErrNoOffer            = "no-offer"             // nothing to answer
	ErrAlreadyOffered     = "already-offered"      // an offer or request of this kind already stands
	ErrNothingToTakeBack  = "nothing-to-take-back" // you have made no move
	ErrUnavailable        = "unavailable"          // the server cannot serve this now (storage failed, shutting down): try again
	ErrOwnGame            = "own-game"             // join: this connection holds or held the game's other seat; resume it instead
	// ErrReplaced answers no request: the connection's seat was resumed
	// by another connection, which holds it now; this one has left the
	// game.
	ErrReplaced = "replaced"
)

// Error is a refusal with its code and a message that says what is wrong.
type Error struct {
	Code    string
	Message string
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// Errorf makes an Error with a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}
