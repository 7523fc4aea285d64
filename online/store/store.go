// Package store keeps online games: each game is a row with a version and
// the list of its events (package referee folds them into the game). The
// database is the truth: an event is appended only if the game is still at
// the version the appender saw (optimistic concurrency: the conditional
// UPDATE locks the row, so of two nodes appending to one game at once
// exactly one succeeds and the other gets ErrConflict, reloads and decides
// again). SQLite (pure Go, the default) serves one node; PostgreSQL serves
// any number of nodes.
package store

import (
	"context"
	"errors"
	"strings"
	"time"
)

var (
	// ErrNotFound: no game with that code.
	ErrNotFound = errors.New("no such game")
	// ErrConflict: the game changed since the appender loaded it.
	ErrConflict = errors.New("the game changed meanwhile")
	// ErrExists: a game with that code exists already.
	ErrExists = errors.New("a game with that code exists")
)

// Meta is what the games row says about the game after an event, for
// finding games without replaying them: games whose flag falls, games to
// expire.
type Meta struct {
	Status   string    // protocol.Status…
	Result   string    // "*", "1-0", …
	Updated  time.Time // the time of the event
	Deadline time.Time // when the side to move loses on time; zero if no clock runs
}

// NewGame is a game to create: its code, its first event and the hashes of
// the tokens of the seats taken (nil for a free seat).
type NewGame struct {
	ID      string
	Event   []byte
	Tokens  [2][]byte
	Created time.Time
	Meta    Meta
}

// Append is one event to append to a game.
type Append struct {
	Game    string
	Version int64 // the event's version; the game must be at Version-1
	Event   []byte
	Meta    Meta
	// Seat and Token, when Token is not nil, give the seat (0 white,
	// 1 black) its token hash (a player joined).
	Seat  int
	Token []byte
	// Create, when not nil, is created in the same transaction (the
	// rematch agreed by this event).
	Create *NewGame
}

// Game is a stored game.
type Game struct {
	Events [][]byte  // oldest first; the version is len(Events)
	Tokens [2][]byte // token hashes, nil for a free seat
}

// Store keeps games.
type Store interface {
	Create(ctx context.Context, g NewGame) error
	Append(ctx context.Context, a Append) error
	Load(ctx context.Context, id string) (*Game, error)
	// Version is the game's current version, a cheap check whether a
	// cached copy is fresh.
	Version(ctx context.Context, id string) (int64, error)
	// Due lists up to limit playing games whose deadline is at or before
	// now.
	Due(ctx context.Context, now time.Time, limit int) ([]string, error)
	// Expire deletes games not over and unchanged since idleBefore, and
	// games over since finishedBefore; it returns how many.
	Expire(ctx context.Context, idleBefore, finishedBefore time.Time) (int, error)
	Players // identities and ratings (players.go)
	Seeks   // the lobby (seeks.go)
	Arenas  // arena tournaments (arenas.go)
	Close() error
}

// Open opens the store a -db flag names: a postgres:// or postgresql:// URL
// for PostgreSQL, anything else is the path of a SQLite file (created if
// missing).
func Open(ctx context.Context, dsn string) (Store, error) {
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		return OpenPostgres(ctx, dsn)
	}
	return OpenSQLite(ctx, dsn)
}
