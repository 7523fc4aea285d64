package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Seeks keeps the lobby's open seeks and the games they paired. Taking a
// seek is one transaction that deletes it and creates its game: of any
// number of takers, on any number of nodes, exactly one succeeds.
type Seeks interface {
	// CreateSeek stores an open seek; ErrExists if its owner has an open
	// seek of the same kind (or its id is taken).
	CreateSeek(ctx context.Context, s Seek) error
	// CancelSeek deletes an open seek; ErrNotFound if it is gone.
	CancelSeek(ctx context.Context, id string) error
	// ClaimSeek takes an open seek for taker: it deletes the seek and
	// creates its game g and pairing p, all or nothing. ErrNotFound: the
	// seek is gone (taken, cancelled) or is taker's own.
	ClaimSeek(ctx context.Context, id, taker string, g NewGame, p Pairing) error
	// ListSeeks lists every open seek, oldest first.
	ListSeeks(ctx context.Context) ([]Seek, error)
	// SeeksOfKind lists up to limit open seeks of a kind, oldest first:
	// what quick pairing may take, read from the store rather than a
	// node's board, which learns of another node's seek a little later.
	SeeksOfKind(ctx context.Context, kind string, limit int) ([]Seek, error)
	// PurgeSeeks deletes the seeks of every node but keep (all of them
	// when keep is empty): seeks of nodes that have stopped.
	PurgeSeeks(ctx context.Context, keep []string) (int, error)
	// Playing lists up to limit paired games being played, highest Top
	// first.
	Playing(ctx context.Context, limit int) ([]Pairing, error)
	// CountPlaying counts the games being played, paired or not.
	CountPlaying(ctx context.Context) (int, error)
	// PairingOf is the pairing of a game; ErrNotFound if it was not
	// paired in the lobby.
	PairingOf(ctx context.Context, game string) (Pairing, error)
}

// Seek is an open seek: Owner is who may not take it and holds at most one
// seek of each Kind; Node is the node its owner is connected to; Data is
// the seek as the nodes share it (package lobby's JSON).
type Seek struct {
	ID      string
	Owner   string
	Kind    string
	Node    string
	Data    []byte
	Created time.Time
}

// Pairing is a game paired in the lobby: Data describes the players (package
// lobby's JSON); Top orders the "playing now" list (the higher rating).
type Pairing struct {
	Game    string
	Data    []byte
	Top     int
	Created time.Time
}

// seekSchema comes after the games table it refers to (OpenSQLite and
// OpenPostgres concatenate the lists); it is the same for both databases: BIGINT and TEXT mean what
// they say in PostgreSQL and have the right affinity in SQLite.
var seekSchema = []string{
	`CREATE TABLE IF NOT EXISTS seeks (
		id TEXT PRIMARY KEY,
		owner TEXT NOT NULL,
		kind TEXT NOT NULL,
		node TEXT NOT NULL,
		data TEXT NOT NULL,
		created_at BIGINT NOT NULL,
		UNIQUE (owner, kind))`,
	`CREATE TABLE IF NOT EXISTS pairings (
		game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
		data TEXT NOT NULL,
		top BIGINT NOT NULL,
		created_at BIGINT NOT NULL)`,
	`CREATE INDEX IF NOT EXISTS pairings_top ON pairings(top)`,
	`CREATE INDEX IF NOT EXISTS seeks_kind ON seeks(kind, created_at)`,
}

const (
	qCreateSeek   = `INSERT INTO seeks (id, owner, kind, node, data, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`
	qCancelSeek   = `DELETE FROM seeks WHERE id = ?`
	qClaimSeek    = `DELETE FROM seeks WHERE id = ? AND owner <> ?`
	qPairing      = `INSERT INTO pairings (game_id, data, top, created_at) VALUES (?, ?, ?, ?)`
	qPurgeAll     = `DELETE FROM seeks`
	qListSeeks    = `SELECT id, owner, kind, node, data, created_at FROM seeks ORDER BY created_at, id`
	qSeeksOfKind  = `SELECT id, owner, kind, node, data, created_at FROM seeks WHERE kind = ? ORDER BY created_at, id LIMIT ?`
	qPlaying      = `SELECT p.game_id, p.data, p.top, p.created_at FROM pairings p JOIN games g ON g.id = p.game_id WHERE g.status = 'playing' ORDER BY p.top DESC, p.created_at DESC LIMIT ?`
	qCountPlaying = `SELECT count(*) FROM games WHERE status = 'playing'`
	qPairingOf    = `SELECT game_id, data, top, created_at FROM pairings WHERE game_id = ?`
)

func (d dialect) createSeek(ctx context.Context, x execer, s Seek) error {
	res, err := x.ExecContext(ctx, d.q(qCreateSeek), s.ID, s.Owner, s.Kind, s.Node, string(s.Data), s.Created.UnixMilli())
	if err != nil {
		return fmt.Errorf("storing seek %s: %w", s.ID, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return ErrExists
	}
	return nil
}

func (d dialect) cancelSeek(ctx context.Context, x execer, id string) error {
	res, err := x.ExecContext(ctx, d.q(qCancelSeek), id)
	if err != nil {
		return fmt.Errorf("cancelling seek %s: %w", id, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return ErrNotFound
	}
	return nil
}

func (d dialect) claimSeek(ctx context.Context, x execer, id, taker string, g NewGame, p Pairing) error {
	res, err := x.ExecContext(ctx, d.q(qClaimSeek), id, taker)
	if err != nil {
		return fmt.Errorf("taking seek %s: %w", id, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return ErrNotFound
	}
	if err := d.create(ctx, x, g); err != nil {
		return err
	}
	if _, err := x.ExecContext(ctx, d.q(qPairing), g.ID, string(p.Data), p.Top, p.Created.UnixMilli()); err != nil {
		return fmt.Errorf("storing the pairing of game %s: %w", g.ID, err)
	}
	return nil
}

func (d dialect) purgeSeeks(ctx context.Context, x execer, keep []string) (int, error) {
	query, args := qPurgeAll, []any{}
	if len(keep) > 0 {
		query += ` WHERE node NOT IN (?` + strings.Repeat(", ?", len(keep)-1) + `)`
		for _, n := range keep {
			args = append(args, n)
		}
	}
	res, err := x.ExecContext(ctx, d.q(query), args...)
	if err != nil {
		return 0, fmt.Errorf("purging seeks: %w", err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

func (r reader) ListSeeks(ctx context.Context) ([]Seek, error) {
	return queryAll(ctx, r.db, r.d, "listing seeks", qListSeeks, scanSeek)
}

func (r reader) SeeksOfKind(ctx context.Context, kind string, limit int) ([]Seek, error) {
	return queryAll(ctx, r.db, r.d, "listing seeks of kind "+kind, qSeeksOfKind, scanSeek, kind, limit)
}

func scanSeek(row rowScanner) (Seek, error) {
	var s Seek
	var data string
	var created int64
	err := row.Scan(&s.ID, &s.Owner, &s.Kind, &s.Node, &data, &created)
	s.Data, s.Created = []byte(data), time.UnixMilli(created)
	return s, err
}

func (r reader) Playing(ctx context.Context, limit int) ([]Pairing, error) {
	return queryAll(ctx, r.db, r.d, "listing the games playing", qPlaying, scanPairing, limit)
}

func scanPairing(row rowScanner) (Pairing, error) {
	var p Pairing
	var data string
	var created int64
	if err := row.Scan(&p.Game, &data, &p.Top, &created); err != nil {
		return p, err
	}
	p.Data, p.Created = []byte(data), time.UnixMilli(created)
	return p, nil
}

func (r reader) CountPlaying(ctx context.Context) (int, error) {
	var n int
	if err := r.db.QueryRowContext(ctx, qCountPlaying).Scan(&n); err != nil {
		return 0, fmt.Errorf("counting the games playing: %w", err)
	}
	return n, nil
}

func (r reader) PairingOf(ctx context.Context, game string) (Pairing, error) {
	p, err := scanPairing(r.db.QueryRowContext(ctx, r.d.q(qPairingOf), game))
	if errors.Is(err, sql.ErrNoRows) {
		return p, ErrNotFound
	}
	if err != nil {
		return p, fmt.Errorf("reading the pairing of game %s: %w", game, err)
	}
	return p, nil
}

// SQLite: every write through the writer goroutine.

func (s *sqliteStore) CreateSeek(_ context.Context, sk Seek) error {
	return s.write(false, func(ctx context.Context, x execer) error { return s.d.createSeek(ctx, x, sk) })
}

func (s *sqliteStore) CancelSeek(_ context.Context, id string) error {
	return s.write(false, func(ctx context.Context, x execer) error { return s.d.cancelSeek(ctx, x, id) })
}

func (s *sqliteStore) ClaimSeek(_ context.Context, id, taker string, g NewGame, p Pairing) error {
	return s.write(true, func(ctx context.Context, x execer) error { return s.d.claimSeek(ctx, x, id, taker, g, p) })
}

func (s *sqliteStore) PurgeSeeks(_ context.Context, keep []string) (int, error) {
	var n int
	err := s.write(false, func(ctx context.Context, x execer) error {
		var err error
		n, err = s.d.purgeSeeks(ctx, x, keep)
		return err
	})
	return n, err
}

// PostgreSQL: each write its own transaction; two claims of one seek
// serialise on its row, and the second deletes nothing.

func (s *postgresStore) CreateSeek(ctx context.Context, sk Seek) error {
	return s.d.createSeek(ctx, s.db, sk)
}

func (s *postgresStore) CancelSeek(ctx context.Context, id string) error {
	return s.d.cancelSeek(ctx, s.db, id)
}

// qClaimSeekPostgres is claimSeek in one statement: a pairing's path
// waits on every round trip to the database, and on a busy machine each is
// a process to wake (six for BEGIN, the three inserts, the delete and
// COMMIT). The games, events and pairings rows are made from the deleted
// seek's row, so there are none when the seek is gone or the taker's own;
// a second claim of the seek waits for the first's row lock and then
// deletes nothing. A game id taken already fails the whole statement
// (23505: the seek stays), where claimSeek's ON CONFLICT finds no row.
const qClaimSeekPostgres = `WITH s AS (DELETE FROM seeks WHERE id = $1 AND owner <> $2 RETURNING id),
	g AS (INSERT INTO games (id, version, status, result, white_token, black_token, created_at, updated_at, deadline)
		SELECT $3::text, 1, $4::text, $5::text, $6::bytea, $7::bytea, $8::bigint, $9::bigint, $10::bigint FROM s RETURNING id),
	e AS (INSERT INTO events (game_id, version, data) SELECT id, 1, $11::text FROM g),
	p AS (INSERT INTO pairings (game_id, data, top, created_at) SELECT id, $12::text, $13::bigint, $14::bigint FROM g)
	SELECT count(*) FROM s`

func (s *postgresStore) ClaimSeek(ctx context.Context, id, taker string, g NewGame, p Pairing) error {
	var n int
	err := s.db.QueryRowContext(ctx, qClaimSeekPostgres, id, taker,
		g.ID, g.Meta.Status, g.Meta.Result, nullBytes(g.Tokens[0]), nullBytes(g.Tokens[1]),
		g.Created.UnixMilli(), g.Meta.Updated.UnixMilli(), nullTime(g.Meta.Deadline),
		string(g.Event), string(p.Data), p.Top, p.Created.UnixMilli()).Scan(&n)
	switch {
	case isUnique(err):
		return ErrExists
	case err != nil:
		return fmt.Errorf("taking seek %s: %w", id, err)
	case n == 0:
		return ErrNotFound
	}
	return nil
}

func (s *postgresStore) PurgeSeeks(ctx context.Context, keep []string) (int, error) {
	return s.d.purgeSeeks(ctx, s.db, keep)
}
