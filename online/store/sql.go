package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The statements that write, with ? placeholders (dialect.q rewrites them
// for PostgreSQL); SQLite prepares them once (writeQueries).
const (
	qCreateGame = `INSERT INTO games (id, version, status, result, white_token, black_token, created_at, updated_at, deadline)
		VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`
	qCreateEvent = `INSERT INTO events (game_id, version, data) VALUES (?, 1, ?)`
	qAppendGame  = `UPDATE games SET version = ?, status = ?, result = ?, updated_at = ?, deadline = ?,
		white_token = COALESCE(?, white_token), black_token = COALESCE(?, black_token)
		WHERE id = ? AND version = ?`
	qAppendEvent = `INSERT INTO events (game_id, version, data) VALUES (?, ?, ?)`
	qExpire      = `DELETE FROM games WHERE (status <> 'over' AND updated_at < ?) OR (status = 'over' AND updated_at < ?)`
)

// writeQueries are the statements the SQLite writer prepares.
var writeQueries = []string{qCreateGame, qCreateEvent, qAppendGame, qAppendEvent, qExpire}

// dialect holds what differs between SQLite and PostgreSQL.
type dialect struct {
	name   string
	schema []string
	dollar bool // placeholders are $1, $2, … instead of ?
}

// q writes a query with ? placeholders in the dialect's form.
func (d dialect) q(query string) string {
	if !d.dollar {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// execer is a *sql.Tx or *sql.Conn or *sql.DB.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

func nullTime(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UnixMilli()
}

func nullBytes(b []byte) any {
	if b == nil {
		return nil
	}
	return b
}

func (d dialect) create(ctx context.Context, x execer, g NewGame) error {
	res, err := x.ExecContext(ctx, d.q(qCreateGame),
		g.ID, g.Meta.Status, g.Meta.Result, nullBytes(g.Tokens[0]), nullBytes(g.Tokens[1]),
		g.Created.UnixMilli(), g.Meta.Updated.UnixMilli(), nullTime(g.Meta.Deadline))
	if err != nil {
		return fmt.Errorf("creating game %s: %w", g.ID, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return ErrExists
	}
	if _, err := x.ExecContext(ctx, d.q(qCreateEvent), g.ID, string(g.Event)); err != nil {
		return fmt.Errorf("creating game %s: %w", g.ID, err)
	}
	return nil
}

func (d dialect) append(ctx context.Context, x execer, a Append) error {
	var white, black any
	if a.Token != nil {
		if a.Seat == 0 {
			white = a.Token
		} else {
			black = a.Token
		}
	}
	res, err := x.ExecContext(ctx, d.q(qAppendGame),
		a.Version, a.Meta.Status, a.Meta.Result, a.Meta.Updated.UnixMilli(), nullTime(a.Meta.Deadline),
		white, black, a.Game, a.Version-1)
	if err != nil {
		return fmt.Errorf("appending to game %s: %w", a.Game, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return ErrConflict
	}
	if _, err := x.ExecContext(ctx, d.q(qAppendEvent), a.Game, a.Version, string(a.Event)); err != nil {
		return fmt.Errorf("appending to game %s: %w", a.Game, err)
	}
	if a.Create != nil {
		return d.create(ctx, x, *a.Create)
	}
	return nil
}

func (d dialect) expire(ctx context.Context, x execer, idleBefore, finishedBefore time.Time) (int, error) {
	res, err := x.ExecContext(ctx, d.q(qExpire),
		idleBefore.UnixMilli(), finishedBefore.UnixMilli())
	if err != nil {
		return 0, fmt.Errorf("expiring games: %w", err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// reader holds the queries that only read.
type reader struct {
	d  dialect
	db *sql.DB
}

func (r reader) Load(ctx context.Context, id string) (*Game, error) {
	// Events first, then the tokens: a token is set in the same
	// transaction as the event that seats its holder and never changes, so
	// the row read second has every token the events need.
	rows, err := r.db.QueryContext(ctx, r.d.q(`SELECT data FROM events WHERE game_id = ? ORDER BY version`), id)
	if err != nil {
		return nil, fmt.Errorf("loading game %s: %w", id, err)
	}
	g := &Game{}
	for rows.Next() {
		var data string
		if err := rows.Scan(&data); err != nil {
			rows.Close()
			return nil, fmt.Errorf("loading game %s: %w", id, err)
		}
		g.Events = append(g.Events, []byte(data))
	}
	if err := rows.Close(); err != nil {
		return nil, fmt.Errorf("loading game %s: %w", id, err)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("loading game %s: %w", id, err)
	}
	if len(g.Events) == 0 {
		return nil, ErrNotFound
	}
	err = r.db.QueryRowContext(ctx, r.d.q(`SELECT white_token, black_token FROM games WHERE id = ?`), id).Scan(&g.Tokens[0], &g.Tokens[1])
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound // expired between the two reads
	}
	if err != nil {
		return nil, fmt.Errorf("loading game %s: %w", id, err)
	}
	return g, nil
}

func (r reader) Version(ctx context.Context, id string) (int64, error) {
	var v int64
	err := r.db.QueryRowContext(ctx, r.d.q(`SELECT version FROM games WHERE id = ?`), id).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("reading game %s: %w", id, err)
	}
	return v, nil
}

func (r reader) Due(ctx context.Context, now time.Time, limit int) ([]string, error) {
	return queryAll(ctx, r.db, r.d, "finding games out of time", `SELECT id FROM games WHERE status = 'playing' AND deadline IS NOT NULL AND deadline <= ? ORDER BY deadline LIMIT ?`,
		scanString, now.UnixMilli(), limit)
}

// rowScanner is a row to scan: *sql.Row or *sql.Rows.
type rowScanner interface{ Scan(...any) error }

// queryAll runs query (in d's placeholders) on db and scans every row it
// returns with scan; what says what was being read, in errors.
func queryAll[T any](ctx context.Context, db *sql.DB, d dialect, what, query string, scan func(rowScanner) (T, error), args ...any) ([]T, error) {
	rows, err := db.QueryContext(ctx, d.q(query), args...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// scanString reads a row of one text column (an id).
func scanString(r rowScanner) (string, error) {
	var s string
	err := r.Scan(&s)
	return s, err
}
