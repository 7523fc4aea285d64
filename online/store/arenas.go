package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Arenas keeps arena tournaments: the arenas, who entered them, and their
// games. The standings are not stored: they are the fold of the arena's
// games (package arena), so every node recomputes the same table. Pairing
// is exact: a game is created only while both players wait (one
// conditional UPDATE of both entries, in the transaction that creates the
// game), and only by the node that holds the arena's lease, checked in the
// same transaction; so no player is in two games of an arena and no
// pairing is made twice, whichever node pairs.
type Arenas interface {
	// CreateArena stores an arena; ErrExists if its schedule already made
	// one starting then (or its id is taken).
	CreateArena(ctx context.Context, a Arena) error
	// Arena reads one arena; ErrNotFound if there is none.
	Arena(ctx context.Context, id string) (Arena, error)
	// ListArenas lists up to limit arenas that end after endsAfter, by start.
	ListArenas(ctx context.Context, endsAfter time.Time, limit int) ([]Arena, error)
	// LeaseArena makes node the arena's pairer until until, if it is
	// already or if the lease of the last one ran out before now.
	LeaseArena(ctx context.Context, id, node string, now, until time.Time) (bool, error)
	// ReleaseArena gives up node's lease (a node that stops).
	ReleaseArena(ctx context.Context, id, node string) error
	// JoinArena enters a player, or brings one back from a pause: the
	// entry is no longer paused and is held by e.Node. It returns the
	// entry as stored.
	JoinArena(ctx context.Context, e Entry) (Entry, error)
	// PauseEntry pauses a player's entry (left, or the connection is
	// gone) if node still holds it ("" for any node); ErrNotFound if the
	// player has not entered.
	PauseEntry(ctx context.Context, arena, player, node string) error
	// PauseNode pauses every entry that node holds (a node that died).
	PauseNode(ctx context.Context, node string) (int, error)
	// Entries lists an arena's entries.
	Entries(ctx context.Context, arena string) ([]Entry, error)
	// WaitingEntries lists an arena's entries waiting to be paired: not
	// playing, not paused.
	WaitingEntries(ctx context.Context, arena string) ([]Entry, error)
	// PairArena starts game g between two waiting, unpaused entries,
	// if node holds the arena's lease (no other node took it over since
	// now, when node last had it); ErrConflict if it does not or either
	// player is not waiting any more.
	PairArena(ctx context.Context, arena, node string, now time.Time, white, black string, g NewGame) error
	// FinishArenaGame records the end of an arena game and puts both
	// players back to waiting, once: false if it was recorded already or
	// is no arena game.
	FinishArenaGame(ctx context.Context, game, result string, plies int, berserk [2]bool, ended time.Time) (bool, error)
	// ArenaGames lists an arena's games, oldest first.
	ArenaGames(ctx context.Context, arena string) ([]ArenaGame, error)
	// EndedArenaGames lists up to limit of an arena's games whose end is
	// stored in the games table but not recorded in the arena (a node
	// stopped between the two).
	EndedArenaGames(ctx context.Context, arena string, limit int) ([]string, error)
	// ArenaVersion grows with every pairing, end and entry of the arena.
	ArenaVersion(ctx context.Context, arena string) (int64, error)
	// PlayerArenas lists up to limit arenas a player entered, newest first.
	PlayerArenas(ctx context.Context, player string, limit int) ([]Arena, error)
}

// Arena is a stored arena: Data is its settings (package arena's JSON).
type Arena struct {
	ID       string
	Data     []byte
	Starts   time.Time
	Ends     time.Time
	Creator  string // the player who made it; "" for the server's schedule
	Schedule string // the schedule that made it; "" for a player's
	Created  time.Time
	Lease    string // the node that holds (or last held) its lease, as read
}

// Entry is a player in an arena.
type Entry struct {
	Arena     string
	Player    string
	Name      string
	Rating    int
	TokenHash []byte    // the seat token the player holds in every game of the arena
	Playing   string    // the game being played; "" while waiting
	Paused    bool      // not to be paired
	Node      string    // the node holding the player's connection
	Last      string    // the last opponent
	Colour    int       // games as White less games as Black
	Since     time.Time // waiting since
	Joined    time.Time
}

// ArenaGame is a game an arena paired.
type ArenaGame struct {
	Game    string
	Arena   string
	White   string
	Black   string
	Result  string // "*" until recorded
	Plies   int
	Berserk [2]bool
	Created time.Time
	Ended   time.Time // zero until recorded
}

func arenaSchema(blob string) []string {
	return []string{
		`CREATE TABLE IF NOT EXISTS arenas (
			id TEXT PRIMARY KEY,
			data TEXT NOT NULL,
			starts BIGINT NOT NULL,
			ends BIGINT NOT NULL,
			creator TEXT NOT NULL,
			sched TEXT,
			lease_node TEXT NOT NULL DEFAULT '',
			lease_until BIGINT NOT NULL DEFAULT 0,
			version BIGINT NOT NULL DEFAULT 0,
			created_at BIGINT NOT NULL,
			UNIQUE (sched, starts))`,
		`CREATE INDEX IF NOT EXISTS arenas_ends ON arenas(ends)`,
		`CREATE TABLE IF NOT EXISTS arena_entries (
			arena_id TEXT NOT NULL REFERENCES arenas(id) ON DELETE CASCADE,
			player TEXT NOT NULL,
			name TEXT NOT NULL,
			rating BIGINT NOT NULL,
			token_hash ` + blob + ` NOT NULL,
			game TEXT NOT NULL DEFAULT '',
			paused BIGINT NOT NULL DEFAULT 0,
			node TEXT NOT NULL,
			last_opp TEXT NOT NULL DEFAULT '',
			colour BIGINT NOT NULL DEFAULT 0,
			since BIGINT NOT NULL,
			joined_at BIGINT NOT NULL,
			PRIMARY KEY (arena_id, player))`,
		`CREATE INDEX IF NOT EXISTS arena_entries_player ON arena_entries(player)`,
		`CREATE INDEX IF NOT EXISTS arena_entries_node ON arena_entries(node)`,
		`CREATE TABLE IF NOT EXISTS arena_games (
			game_id TEXT PRIMARY KEY,
			arena_id TEXT NOT NULL REFERENCES arenas(id) ON DELETE CASCADE,
			white TEXT NOT NULL,
			black TEXT NOT NULL,
			result TEXT NOT NULL DEFAULT '*',
			plies BIGINT NOT NULL DEFAULT 0,
			berserk_white BIGINT NOT NULL DEFAULT 0,
			berserk_black BIGINT NOT NULL DEFAULT 0,
			created_at BIGINT NOT NULL,
			ended_at BIGINT)`,
		`CREATE INDEX IF NOT EXISTS arena_games_arena ON arena_games(arena_id)`,
	}
}

const (
	qCreateArena  = `INSERT INTO arenas (id, data, starts, ends, creator, sched, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`
	arenaCols     = `id, data, starts, ends, creator, sched, created_at, lease_node`
	qLeaseArena   = `UPDATE arenas SET lease_node = ?, lease_until = ? WHERE id = ? AND (lease_node = ? OR lease_until < ?)`
	qReleaseArena = `UPDATE arenas SET lease_until = 0 WHERE id = ? AND lease_node = ?`
	// The fence of a pairing: the lease still this node's (no other node
	// took it over meanwhile, even if it ran out while a long round went
	// on), the arena's row locked (PostgreSQL) until the pairing commits,
	// its version bumped.
	qFenceArena = `UPDATE arenas SET version = version + 1 WHERE id = ? AND lease_node = ?`
	qBumpArena  = `UPDATE arenas SET version = version + 1 WHERE id = ?`
	qJoinArena  = `INSERT INTO arena_entries (arena_id, player, name, rating, token_hash, node, since, joined_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (arena_id, player) DO UPDATE SET paused = 0, node = excluded.node, token_hash = excluded.token_hash, name = excluded.name,
		since = CASE WHEN arena_entries.paused = 1 THEN excluded.since ELSE arena_entries.since END`
	entryCols   = `arena_id, player, name, rating, token_hash, game, paused, node, last_opp, colour, since, joined_at`
	qPauseEntry = `UPDATE arena_entries SET paused = 1 WHERE arena_id = ? AND player = ? AND (? = '' OR node = ?)`
	qPauseNode  = `UPDATE arena_entries SET paused = 1 WHERE node = ? AND paused = 0`
	qPairEntry  = `UPDATE arena_entries SET game = ?, colour = colour + ? WHERE arena_id = ? AND player = ? AND game = '' AND paused = 0`
	qArenaGame  = `INSERT INTO arena_games (game_id, arena_id, white, black, created_at) VALUES (?, ?, ?, ?, ?)`
	qEndGame    = `UPDATE arena_games SET result = ?, plies = ?, berserk_white = ?, berserk_black = ?, ended_at = ? WHERE game_id = ? AND ended_at IS NULL`
	qFreeEntry  = `UPDATE arena_entries SET game = '', since = ?,
		last_opp = CASE WHEN player = (SELECT white FROM arena_games WHERE game_id = ?) THEN (SELECT black FROM arena_games WHERE game_id = ?) ELSE (SELECT white FROM arena_games WHERE game_id = ?) END
		WHERE arena_id = (SELECT arena_id FROM arena_games WHERE game_id = ?) AND game = ?`
	qBumpGameArena = `UPDATE arenas SET version = version + 1 WHERE id = (SELECT arena_id FROM arena_games WHERE game_id = ?)`
	gameCols       = `game_id, arena_id, white, black, result, plies, berserk_white, berserk_black, created_at, ended_at`
)

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (d dialect) createArena(ctx context.Context, x execer, a Arena) error {
	res, err := x.ExecContext(ctx, d.q(qCreateArena), a.ID, string(a.Data), a.Starts.UnixMilli(), a.Ends.UnixMilli(), a.Creator, nullString(a.Schedule), a.Created.UnixMilli())
	if err != nil {
		return fmt.Errorf("storing arena %s: %w", a.ID, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return ErrExists
	}
	return nil
}

func (d dialect) leaseArena(ctx context.Context, x execer, id, node string, now, until time.Time) (bool, error) {
	res, err := x.ExecContext(ctx, d.q(qLeaseArena), node, until.UnixMilli(), id, node, now.UnixMilli())
	if err != nil {
		return false, fmt.Errorf("leasing arena %s: %w", id, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (d dialect) joinArena(ctx context.Context, x execer, e Entry) error {
	_, err := x.ExecContext(ctx, d.q(qJoinArena), e.Arena, e.Player, e.Name, e.Rating, e.TokenHash, e.Node, e.Since.UnixMilli(), e.Joined.UnixMilli())
	if err != nil {
		return fmt.Errorf("entering arena %s: %w", e.Arena, err)
	}
	_, err = x.ExecContext(ctx, d.q(qBumpArena), e.Arena)
	return err
}

func (d dialect) pauseEntry(ctx context.Context, x execer, arena, player, node string) error {
	res, err := x.ExecContext(ctx, d.q(qPauseEntry), arena, player, node, node)
	if err != nil {
		return fmt.Errorf("pausing an entry of arena %s: %w", arena, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return ErrNotFound
	}
	_, err = x.ExecContext(ctx, d.q(qBumpArena), arena)
	return err
}

func (d dialect) pairArena(ctx context.Context, x execer, arena, node string, now time.Time, white, black string, g NewGame) error {
	res, err := x.ExecContext(ctx, d.q(qFenceArena), arena, node)
	if err != nil {
		return fmt.Errorf("pairing in arena %s: %w", arena, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return ErrConflict // the lease is lost
	}
	for _, p := range []struct {
		player string
		colour int
	}{{white, 1}, {black, -1}} {
		res, err := x.ExecContext(ctx, d.q(qPairEntry), g.ID, p.colour, arena, p.player)
		if err != nil {
			return fmt.Errorf("pairing in arena %s: %w", arena, err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return ErrConflict // playing or paused meanwhile
		}
	}
	if err := d.create(ctx, x, g); err != nil {
		return err
	}
	if _, err := x.ExecContext(ctx, d.q(qArenaGame), g.ID, arena, white, black, g.Created.UnixMilli()); err != nil {
		return fmt.Errorf("pairing in arena %s: %w", arena, err)
	}
	return nil
}

func (d dialect) finishArenaGame(ctx context.Context, x execer, game, result string, plies int, berserk [2]bool, ended time.Time) (bool, error) {
	res, err := x.ExecContext(ctx, d.q(qEndGame), result, plies, b2i(berserk[0]), b2i(berserk[1]), ended.UnixMilli(), game)
	if err != nil {
		return false, fmt.Errorf("recording the end of arena game %s: %w", game, err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return false, err
	}
	if _, err := x.ExecContext(ctx, d.q(qFreeEntry), ended.UnixMilli(), game, game, game, game, game); err != nil {
		return false, fmt.Errorf("recording the end of arena game %s: %w", game, err)
	}
	if _, err := x.ExecContext(ctx, d.q(qBumpGameArena), game); err != nil {
		return false, fmt.Errorf("recording the end of arena game %s: %w", game, err)
	}
	return true, nil
}

func scanArena(row rowScanner) (Arena, error) {
	var a Arena
	var data string
	var sched sql.NullString
	var starts, ends, created int64
	if err := row.Scan(&a.ID, &data, &starts, &ends, &a.Creator, &sched, &created, &a.Lease); err != nil {
		return a, err
	}
	a.Data, a.Schedule = []byte(data), sched.String
	a.Starts, a.Ends, a.Created = time.UnixMilli(starts), time.UnixMilli(ends), time.UnixMilli(created)
	return a, nil
}

func (r reader) Arena(ctx context.Context, id string) (Arena, error) {
	a, err := scanArena(r.db.QueryRowContext(ctx, r.d.q(`SELECT `+arenaCols+` FROM arenas WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return a, ErrNotFound
	}
	if err != nil {
		return a, fmt.Errorf("reading arena %s: %w", id, err)
	}
	return a, nil
}

func (r reader) arenas(ctx context.Context, what, query string, args ...any) ([]Arena, error) {
	return queryAll(ctx, r.db, r.d, "listing "+what, query, scanArena, args...)
}

func (r reader) ListArenas(ctx context.Context, endsAfter time.Time, limit int) ([]Arena, error) {
	return r.arenas(ctx, "arenas", `SELECT `+arenaCols+` FROM arenas WHERE ends > ? ORDER BY starts, id LIMIT ?`, endsAfter.UnixMilli(), limit)
}

func (r reader) PlayerArenas(ctx context.Context, player string, limit int) ([]Arena, error) {
	return r.arenas(ctx, "a player's arenas", `SELECT a.id, a.data, a.starts, a.ends, a.creator, a.sched, a.created_at, a.lease_node FROM arenas a
		JOIN arena_entries e ON e.arena_id = a.id WHERE e.player = ? ORDER BY a.starts DESC, a.id LIMIT ?`, player, limit)
}

func (r reader) Entries(ctx context.Context, arena string) ([]Entry, error) {
	return r.entries(ctx, `SELECT `+entryCols+` FROM arena_entries WHERE arena_id = ? ORDER BY joined_at, player`, arena)
}

func (r reader) WaitingEntries(ctx context.Context, arena string) ([]Entry, error) {
	return r.entries(ctx, `SELECT `+entryCols+` FROM arena_entries WHERE arena_id = ? AND game = '' AND paused = 0 ORDER BY player`, arena)
}

func (r reader) entries(ctx context.Context, query string, args ...any) ([]Entry, error) {
	return queryAll(ctx, r.db, r.d, fmt.Sprintf("listing the entries of arena %s", args[0]), query, func(row rowScanner) (Entry, error) {
		var e Entry
		var paused, since, joined int64
		err := row.Scan(&e.Arena, &e.Player, &e.Name, &e.Rating, &e.TokenHash, &e.Playing, &paused, &e.Node, &e.Last, &e.Colour, &since, &joined)
		e.Paused, e.Since, e.Joined = paused != 0, time.UnixMilli(since), time.UnixMilli(joined)
		return e, err
	}, args...)
}

func (r reader) ArenaGames(ctx context.Context, arena string) ([]ArenaGame, error) {
	return queryAll(ctx, r.db, r.d, "listing the games of arena "+arena, `SELECT `+gameCols+` FROM arena_games WHERE arena_id = ? ORDER BY created_at, game_id`, func(row rowScanner) (ArenaGame, error) {
		var g ArenaGame
		var bw, bb, created int64
		var ended sql.NullInt64
		err := row.Scan(&g.Game, &g.Arena, &g.White, &g.Black, &g.Result, &g.Plies, &bw, &bb, &created, &ended)
		g.Berserk, g.Created = [2]bool{bw != 0, bb != 0}, time.UnixMilli(created)
		if ended.Valid {
			g.Ended = time.UnixMilli(ended.Int64)
		}
		return g, err
	}, arena)
}

func (r reader) EndedArenaGames(ctx context.Context, arena string, limit int) ([]string, error) {
	return queryAll(ctx, r.db, r.d, "finding ended games of arena "+arena, `SELECT ag.game_id FROM arena_games ag JOIN games g ON g.id = ag.game_id
		WHERE ag.arena_id = ? AND ag.ended_at IS NULL AND g.status = 'over' LIMIT ?`, scanString, arena, limit)
}

func (r reader) ArenaVersion(ctx context.Context, arena string) (int64, error) {
	var v int64
	err := r.db.QueryRowContext(ctx, r.d.q(`SELECT version FROM arenas WHERE id = ?`), arena).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("reading arena %s: %w", arena, err)
	}
	return v, nil
}

// SQLite: every write through the writer goroutine.

func (s *sqliteStore) CreateArena(_ context.Context, a Arena) error {
	return s.write(false, func(ctx context.Context, x execer) error { return s.d.createArena(ctx, x, a) })
}

func (s *sqliteStore) LeaseArena(_ context.Context, id, node string, now, until time.Time) (bool, error) {
	var ok bool
	err := s.write(false, func(ctx context.Context, x execer) error {
		var err error
		ok, err = s.d.leaseArena(ctx, x, id, node, now, until)
		return err
	})
	return ok, err
}

func (s *sqliteStore) ReleaseArena(_ context.Context, id, node string) error {
	return s.write(false, func(ctx context.Context, x execer) error {
		_, err := x.ExecContext(ctx, s.d.q(qReleaseArena), id, node)
		return err
	})
}

func (s *sqliteStore) JoinArena(ctx context.Context, e Entry) (Entry, error) {
	if err := s.write(true, func(ctx context.Context, x execer) error { return s.d.joinArena(ctx, x, e) }); err != nil {
		return e, err
	}
	return s.entry(ctx, e.Arena, e.Player)
}

func (s *sqliteStore) PauseEntry(_ context.Context, arena, player, node string) error {
	return s.write(true, func(ctx context.Context, x execer) error { return s.d.pauseEntry(ctx, x, arena, player, node) })
}

func (s *sqliteStore) PauseNode(_ context.Context, node string) (int, error) {
	var n int64
	err := s.write(false, func(ctx context.Context, x execer) error {
		res, err := x.ExecContext(ctx, s.d.q(qPauseNode), node)
		if err == nil {
			n, err = res.RowsAffected()
		}
		return err
	})
	return int(n), err
}

func (s *sqliteStore) PairArena(_ context.Context, arena, node string, now time.Time, white, black string, g NewGame) error {
	return s.write(true, func(ctx context.Context, x execer) error {
		return s.d.pairArena(ctx, x, arena, node, now, white, black, g)
	})
}

func (s *sqliteStore) FinishArenaGame(_ context.Context, game, result string, plies int, berserk [2]bool, ended time.Time) (bool, error) {
	var ok bool
	err := s.write(true, func(ctx context.Context, x execer) error {
		var err error
		ok, err = s.d.finishArenaGame(ctx, x, game, result, plies, berserk, ended)
		return err
	})
	return ok, err
}

// entry reads one entry.
func (r reader) entry(ctx context.Context, arena, player string) (Entry, error) {
	es, err := r.entries(ctx, `SELECT `+entryCols+` FROM arena_entries WHERE arena_id = ? AND player = ?`, arena, player)
	if err != nil {
		return Entry{}, err
	}
	if len(es) == 0 {
		return Entry{}, ErrNotFound
	}
	return es[0], nil
}

// PostgreSQL: each write its own transaction; the pairing's fence locks
// the arena's row until it commits.

func (s *postgresStore) CreateArena(ctx context.Context, a Arena) error {
	return s.d.createArena(ctx, s.db, a)
}

func (s *postgresStore) LeaseArena(ctx context.Context, id, node string, now, until time.Time) (bool, error) {
	return s.d.leaseArena(ctx, s.db, id, node, now, until)
}

func (s *postgresStore) ReleaseArena(ctx context.Context, id, node string) error {
	_, err := s.db.ExecContext(ctx, s.d.q(qReleaseArena), id, node)
	return err
}

func (s *postgresStore) JoinArena(ctx context.Context, e Entry) (Entry, error) {
	if err := inTx(ctx, s.db, func(tx *sql.Tx) error { return s.d.joinArena(ctx, tx, e) }); err != nil {
		return e, err
	}
	return s.entry(ctx, e.Arena, e.Player)
}

func (s *postgresStore) PauseEntry(ctx context.Context, arena, player, node string) error {
	return inTx(ctx, s.db, func(tx *sql.Tx) error { return s.d.pauseEntry(ctx, tx, arena, player, node) })
}

func (s *postgresStore) PauseNode(ctx context.Context, node string) (int, error) {
	res, err := s.db.ExecContext(ctx, s.d.q(qPauseNode), node)
	if err != nil {
		return 0, fmt.Errorf("pausing the entries of node %s: %w", node, err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

func (s *postgresStore) PairArena(ctx context.Context, arena, node string, now time.Time, white, black string, g NewGame) error {
	return inTx(ctx, s.db, func(tx *sql.Tx) error { return s.d.pairArena(ctx, tx, arena, node, now, white, black, g) })
}

func (s *postgresStore) FinishArenaGame(ctx context.Context, game, result string, plies int, berserk [2]bool, ended time.Time) (bool, error) {
	var ok bool
	err := inTx(ctx, s.db, func(tx *sql.Tx) error {
		var err error
		ok, err = s.d.finishArenaGame(ctx, tx, game, result, plies, berserk, ended)
		return err
	})
	return ok, err
}
