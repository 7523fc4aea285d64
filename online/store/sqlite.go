package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gofrs/flock"

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
//
// The WAL is copied into the database file (checkpointed) by a goroutine
// of its own on a second connection, never by a commit: a checkpoint
// writes and syncs the database file, tens of milliseconds in which a
// commit would hold every move waiting behind it (at 2,000 moves a second
// those stalls were most of the relay time's 99th percentile).
type sqliteStore struct {
	reader
	players
	w     *sql.DB
	stmts map[string]*sql.Stmt // the write queries, prepared on w
	ckpt  *sql.DB              // the checkpointer's connection
	lock  *flock.Flock         // path+".lock": one server per file

	mu        sync.Mutex
	closed    bool
	reqs      chan *writeReq
	done      chan struct{}
	closeOnce sync.Once
	closeErr  error

	commits    chan struct{} // a commit happened (buffered 1): the checkpointer may have work
	ckptMu     sync.Mutex    // held by whoever checkpoints: the checkpointer, or the writer emptying the WAL
	ckptDone   chan struct{}
	stopCkpt   chan struct{}
	wal        string        // the WAL's path
	walLimit   int64         // walMaxBytes (smaller in tests)
	ckptEvery  time.Duration // checkpointEvery (shorter in tests)
	checkpoint checkpointStats
}

// checkpointStats counts the checkpointer's work (for tests and figures).
type checkpointStats struct {
	passes   atomic.Int64 // PASSIVE checkpoints run
	restarts atomic.Int64 // WAL restarts by the writer
	maxWAL   atomic.Int64 // the WAL's largest size after a commit, in bytes
	maxStall atomic.Int64 // the longest WAL restart, in nanoseconds
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

// walMaxBytes is the WAL's size past which the writer copies it into the
// database and empties it itself (a TRUNCATE checkpoint, one stall of the
// writes): under writes without a pause the checkpointer copies the WAL but
// never sees it all copied at once, and only then could the WAL start again
// from its beginning, so it would grow as long as the writes go on. With
// this bound the WAL takes at most walMaxBytes and one commit's worth more
// of the disk.
const walMaxBytes = 4 << 20

// walKeepBytes is what is kept of the WAL's file when the WAL starts again
// from its beginning (journal_size_limit): a WAL that grew once does not
// hold its disk space for ever.
const walKeepBytes = 1 << 20

// checkpointEvery is the checkpointer's pause between checkpoints while
// writes come: a checkpoint syncs the database file, so back to back they
// would write the same busy pages over and over.
const checkpointEvery = 500 * time.Millisecond

// OpenSQLite opens (or creates) the SQLite file at path.
//
// One connection writes and reads (reads, loading a game, are rare and
// short: they wait for the writer's current transaction); a second one
// checkpoints. A lock file beside the database (its real path, symbolic
// links resolved, +".lock") keeps a second server from opening the same
// file, by whatever name. The files it creates (the database, its WAL,
// shared memory and lock) are the owner's alone (0600): they hold the
// seats' token hashes.
func OpenSQLite(ctx context.Context, path string) (Store, error) {
	real, err := realPath(path)
	if err != nil {
		return nil, fmt.Errorf("finding the database file %s: %w", path, err)
	}
	lock := flock.New(real+".lock", flock.SetPermissions(0o600))
	locked, err := lock.TryLock()
	if err != nil {
		return nil, fmt.Errorf("locking %s: %w", path, err)
	}
	if !locked {
		if real != path {
			return nil, fmt.Errorf("%s (%s) is in use by another server (%s is locked)", path, real, lock.Path())
		}
		return nil, fmt.Errorf("%s is in use by another server (%s is locked)", path, lock.Path())
	}
	s, err := openSQLite(ctx, real, walMaxBytes, checkpointEvery)
	if err != nil {
		lock.Unlock()
		return nil, err
	}
	s.lock = lock
	return s, nil
}

// realPath is the absolute path of the file path names, through symbolic
// links (also when the file does not exist yet: then the path a link
// points to, where SQLite would create it).
func realPath(path string) (string, error) {
	p, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	for range 40 { // as many links as Linux follows
		dir, err := filepath.EvalSymlinks(filepath.Dir(p))
		if err != nil {
			return "", err
		}
		p = filepath.Join(dir, filepath.Base(p))
		fi, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return p, nil
		}
		if err != nil {
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return p, nil
		}
		target, err := os.Readlink(p)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(dir, target)
		}
		p = target
	}
	return "", fmt.Errorf("%s: too many levels of symbolic links", path)
}

// openSQLite opens the store; the writer empties the WAL past walLimit
// bytes and the checkpointer rests every between checkpoints.
func openSQLite(ctx context.Context, path string, walLimit int64, every time.Duration) (*sqliteStore, error) {
	// Created here, not by SQLite, to be the owner's alone: SQLite gives
	// the WAL and the shared memory the database file's permissions.
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", path, err)
	}
	f.Close()
	dsn := func(pragmas ...string) string {
		q := url.Values{}
		for _, p := range pragmas {
			q.Add("_pragma", p)
		}
		q.Set("_txlock", "immediate")
		return "file:" + path + "?" + q.Encode()
	}
	w, err := sql.Open("sqlite", dsn("busy_timeout(10000)", "journal_mode(WAL)", "synchronous(NORMAL)", "foreign_keys(ON)", "wal_autocheckpoint(0)",
		fmt.Sprintf("journal_size_limit(%d)", walKeepBytes)))
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxIdleTime(0)
	w.SetConnMaxLifetime(0)
	for _, stmt := range slices.Concat(sqliteDialect.schema, playersSchema("BLOB", "REAL"), seekSchema, arenaSchema("BLOB")) {
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
	ckpt, err := sql.Open("sqlite", dsn("busy_timeout(10000)", "synchronous(NORMAL)", "wal_autocheckpoint(0)"))
	if err == nil {
		ckpt.SetMaxOpenConns(1)
		err = ckpt.PingContext(ctx)
	}
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("opening %s for checkpoints: %w", path, err)
	}
	s := &sqliteStore{reader: reader{d: sqliteDialect, db: w}, w: w, stmts: stmts, ckpt: ckpt, wal: path + "-wal", walLimit: walLimit, ckptEvery: every,
		reqs: make(chan *writeReq, maxBatch), done: make(chan struct{}),
		commits: make(chan struct{}, 1), ckptDone: make(chan struct{}), stopCkpt: make(chan struct{})}
	s.players = players{pd: sqliteDialect, pdb: w, tx: s.playersTx}
	go s.writer()
	go s.checkpointer()
	return s, nil
}

// checkpointer copies the WAL into the database file while the writer goes
// on: PASSIVE checkpoints, which never wait for the writer nor stop it,
// after commits, at most one every checkpointEvery. (The writer empties a
// WAL grown past walLimit itself.)
func (s *sqliteStore) checkpointer() {
	defer close(s.ckptDone)
	for {
		select {
		case <-s.stopCkpt:
			return
		case <-s.commits:
		}
		s.ckptMu.Lock()
		s.ckpt.Exec("PRAGMA wal_checkpoint(PASSIVE)")
		s.ckptMu.Unlock()
		s.checkpoint.passes.Add(1)
		select {
		case <-s.stopCkpt:
			return
		case <-time.After(s.ckptEvery):
		}
	}
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
		select {
		case s.commits <- struct{}{}:
		default:
		}
		// The file's size, not the checkpointer's count of frames: that is
		// up to checkpointEvery old, and a busy writer fills megabytes in
		// that time. A stat costs a microsecond, a commit far more.
		if fi, err := os.Stat(s.wal); err == nil {
			if fi.Size() > s.checkpoint.maxWAL.Load() {
				s.checkpoint.maxWAL.Store(fi.Size())
			}
			if fi.Size() > s.walLimit {
				// Copy what is left and start the WAL again, from an
				// empty file: one stall of the writes. After the
				// checkpointer's pass, if one is running: SQLite would
				// refuse a second checkpoint at once, and the writes would
				// go on growing the WAL meanwhile. If it fails all the
				// same (a full disk), the next commit tries again.
				var busy, frames, copied int
				start := time.Now()
				s.ckptMu.Lock()
				err := s.w.QueryRow("PRAGMA wal_checkpoint(TRUNCATE)").Scan(&busy, &frames, &copied)
				s.ckptMu.Unlock()
				if err == nil && busy == 0 {
					s.checkpoint.restarts.Add(1)
					if d := time.Since(start); d > time.Duration(s.checkpoint.maxStall.Load()) {
						s.checkpoint.maxStall.Store(int64(d))
					}
				}
			}
		}
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
	s.closeOnce.Do(func() {
		s.mu.Lock()
		s.closed = true
		close(s.reqs)
		s.mu.Unlock()
		<-s.done
		close(s.stopCkpt)
		<-s.ckptDone
		for _, stmt := range s.stmts {
			stmt.Close()
		}
		// Copy the WAL into the file and empty it, so that the file alone
		// is the whole store once the server has stopped.
		s.ckpt.Exec("PRAGMA wal_checkpoint(TRUNCATE)")
		s.closeErr = errors.Join(s.ckpt.Close(), s.w.Close())
		if s.lock != nil {
			s.closeErr = errors.Join(s.closeErr, s.lock.Unlock())
		}
	})
	return s.closeErr
}
