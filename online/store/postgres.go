package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
)

var postgresDialect = dialect{name: "postgres", dollar: true, schema: []string{
	`CREATE TABLE IF NOT EXISTS games (
		id TEXT PRIMARY KEY,
		version BIGINT NOT NULL,
		status TEXT NOT NULL,
		result TEXT NOT NULL,
		white_token BYTEA,
		black_token BYTEA,
		created_at BIGINT NOT NULL,
		updated_at BIGINT NOT NULL,
		deadline BIGINT)`,
	`CREATE TABLE IF NOT EXISTS events (
		game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
		version BIGINT NOT NULL,
		data TEXT NOT NULL,
		PRIMARY KEY (game_id, version))`,
	`CREATE INDEX IF NOT EXISTS games_deadline ON games(deadline) WHERE status = 'playing'`,
	`CREATE INDEX IF NOT EXISTS games_updated ON games(updated_at)`,
}}

// schemaLock is the advisory lock nodes take while creating the schema, so
// that two nodes starting at once do not race on CREATE … IF NOT EXISTS.
const schemaLock = 0x6261736e69 // "basni"

// postgresStore serves any number of nodes: every append is its own
// transaction whose conditional UPDATE takes the game's row lock, so appends
// to one game from different nodes are serialised by the database.
type postgresStore struct {
	reader
	players
}

// OpenPostgres connects to PostgreSQL and creates the schema if needed.
func OpenPostgres(ctx context.Context, dsn string) (Store, error) {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("opening PostgreSQL: %w", err)
	}
	db.SetMaxOpenConns(16)
	db.SetMaxIdleConns(16)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("connecting to PostgreSQL: %w", err)
	}
	if err := inTx(ctx, db, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, schemaLock); err != nil {
			return err
		}
		for _, stmt := range slices.Concat(postgresDialect.schema, playersSchema("BYTEA", "DOUBLE PRECISION"), seekSchema, arenaSchema("BYTEA")) {
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		db.Close()
		return nil, fmt.Errorf("creating the schema: %w", err)
	}
	s := &postgresStore{reader: reader{d: postgresDialect, db: db}}
	s.players = players{pd: postgresDialect, pdb: db, tx: s.playersTx, forUpdate: " FOR UPDATE"}
	return s, nil
}

func inTx(ctx context.Context, db *sql.DB, fn func(tx *sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

func (s *postgresStore) Create(ctx context.Context, g NewGame) error {
	return inTx(ctx, s.db, func(tx *sql.Tx) error { return s.d.create(ctx, tx, g) })
}

func (s *postgresStore) Append(ctx context.Context, a Append) error {
	return inTx(ctx, s.db, func(tx *sql.Tx) error { return s.d.append(ctx, tx, a) })
}

func (s *postgresStore) Expire(ctx context.Context, idleBefore, finishedBefore time.Time) (int, error) {
	return s.d.expire(ctx, s.db, idleBefore, finishedBefore)
}

func (s *postgresStore) Close() error { return s.db.Close() }
