package store

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"sync"
	"time"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver: CGO_ENABLED=0 builds keep working
)

var sqliteDialect = dialect{name: "sqlite", schema: []string{
	`CREATE TABLE IF NOT EXISTS games (
		id TEXT PRIMARY KEY,
		version INTEGER NOT NULL,
		status TEXT NOT NULL,
		result TEXT NOT NULL,
		white_token BLOB,
		black_token BLOB,
		created_at INTEGER NOT NULL,
		updated_at INTEGER NOT NULL,
		deadline INTEGER)`,
	`CREATE TABLE IF NOT EXISTS events (
		game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
		version INTEGER NOT NULL,
		data TEXT NOT NULL,
		PRIMARY KEY (game_id, version)) WITHOUT ROWID`,
	`CREATE INDEX IF NOT EXISTS games_deadline ON games(deadline) WHERE status = 'playing'`,
	`CREATE INDEX IF NOT EXISTS games_updated ON games(updated_at)`,
}}

// sqliteStore is one SQLite file in WAL mode: every write goes through one
// goroutine that commits whatever writes are
// waiting in a single transaction (group commit), each write in its own
// savepoint so that one write's conflict does not undo the others. A write
// is answered only after its commit: an acknowledged move survives a crash
// of the server (synchronous=NORMAL in WAL mode: not necessarily a power
// cut of the machine).
type sqliteStore struct {
	reader
	w     *sql.DB
	stmts map[string]*sql.Stmt // the write queries, prepared on w

	mu     sync.Mutex
	closed bool
	reqs   chan *writeReq
	done   chan struct{}
}

type writeReq struct {
	fn func(ctx context.Context, x execer) error
	// partial: fn may fail after writing something (an append that also
	// creates a game), so it runs in a savepoint that a failure rolls back.
	// Other writes fail, if at all, before writing anything.
	partial bool
	err     chan error
}

// maxBatch bounds the writes in one transaction.
const maxBatch = 512

// OpenSQLite opens (or creates) the SQLite file at path.
//
// One connection does everything, in locking_mode=EXCLUSIVE: it keeps the
// file's lock for its whole life, which spares every transaction the lock
// system calls that were most of a move's cost, and keeps a second server
// from opening the same file. Reads (loading a game) are rare and short;
// they wait for the writer's current transaction.
func OpenSQLite(ctx context.Context, path string) (Store, error) {
	q := url.Values{}
	for _, p := range []string{"busy_timeout(10000)", "locking_mode(EXCLUSIVE)", "journal_mode(WAL)", "synchronous(NORMAL)", "foreign_keys(ON)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate")
	w, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxIdleTime(0)
	w.SetConnMaxLifetime(0)
	for _, stmt := range sqliteDialect.schema {
		if _, err := w.ExecContext(ctx, stmt); err != nil {
			w.Close()
			return nil, fmt.Errorf("creating the schema in %s: %w", path, err)
		}
	}
	// Prepared now, on the only connection (later, inside a transaction,
	// preparing on the DB would wait for a second connection forever).
	stmts := map[string]*sql.Stmt{}
	for _, q := range writeQueries {
		stmt, err := w.PrepareContext(ctx, q)
		if err != nil {
			w.Close()
			return nil, fmt.Errorf("preparing the statements for %s: %w", path, err)
		}
		stmts[q] = stmt
	}
	s := &sqliteStore{reader: reader{d: sqliteDialect, db: w}, w: w, stmts: stmts, reqs: make(chan *writeReq, maxBatch), done: make(chan struct{})}
	go s.writer()
	return s, nil
}

// write queues fn and waits for its commit. It does not give up when ctx
// ends: a caller that left early could not tell whether its write landed.
func (s *sqliteStore) write(partial bool, fn func(ctx context.Context, x execer) error) error {
	req := &writeReq{fn: fn, partial: partial, err: make(chan error, 1)}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return fmt.Errorf("the store is closed")
	}
	s.reqs <- req
	s.mu.Unlock()
	return <-req.err
}

func (s *sqliteStore) writer() {
	defer close(s.done)
	batch := make([]*writeReq, 0, maxBatch)
	for req := range s.reqs {
		batch = append(batch[:0], req)
	drain:
		for len(batch) < maxBatch {
			select {
			case r, ok := <-s.reqs:
				if !ok {
					break drain
				}
				batch = append(batch, r)
			default:
				break drain
			}
		}
		s.commit(batch)
	}
}

func (s *sqliteStore) commit(batch []*writeReq) {
	ctx := context.Background()
	errs := make([]error, len(batch))
	tx, err := s.w.BeginTx(ctx, nil)
	if err == nil {
		x := preparedTx{tx: tx, s: s}
		for i, req := range batch {
			if !req.partial {
				errs[i] = req.fn(ctx, x)
				continue
			}
			if _, err = tx.ExecContext(ctx, "SAVEPOINT w"); err != nil {
				break
			}
			if errs[i] = req.fn(ctx, x); errs[i] != nil {
				if _, err = tx.ExecContext(ctx, "ROLLBACK TO w"); err != nil {
					break
				}
			}
			if _, err = tx.ExecContext(ctx, "RELEASE w"); err != nil {
				break
			}
		}
		if err == nil {
			err = tx.Commit()
		} else {
			tx.Rollback()
		}
	}
	for i, req := range batch {
		if err != nil {
			req.err <- fmt.Errorf("writing to SQLite: %w", err)
		} else {
			req.err <- errs[i]
		}
	}
}

// preparedTx runs the writer's statements in its transaction, each
// prepared once for the life of the store: parsing SQL costs more than
// running these small statements.
type preparedTx struct {
	tx *sql.Tx
	s  *sqliteStore
}

func (p preparedTx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if stmt := p.s.stmts[query]; stmt != nil {
		return p.tx.StmtContext(ctx, stmt).ExecContext(ctx, args...)
	}
	return p.tx.ExecContext(ctx, query, args...)
}

func (s *sqliteStore) Create(_ context.Context, g NewGame) error {
	return s.write(true, func(ctx context.Context, x execer) error { return s.d.create(ctx, x, g) })
}

func (s *sqliteStore) Append(_ context.Context, a Append) error {
	return s.write(a.Create != nil, func(ctx context.Context, x execer) error { return s.d.append(ctx, x, a) })
}

func (s *sqliteStore) Expire(_ context.Context, idleBefore, finishedBefore time.Time) (int, error) {
	var n int
	err := s.write(false, func(ctx context.Context, x execer) error {
		var err error
		n, err = s.d.expire(ctx, x, idleBefore, finishedBefore)
		return err
	})
	return n, err
}

func (s *sqliteStore) Close() error {
	s.mu.Lock()
	if !s.closed {
		s.closed = true
		close(s.reqs)
	}
	s.mu.Unlock()
	<-s.done
	for _, stmt := range s.stmts {
		stmt.Close()
	}
	return s.w.Close()
}
