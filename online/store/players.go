package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"bashni/online/rating"
)

// Errors of the player store.
var (
	// ErrKeyMoved: the key once held an identity that has since moved to
	// another device (a transfer was claimed).
	ErrKeyMoved = errors.New("the key's identity moved to another device")
	// ErrNameTaken: another player has that name (compared folded).
	ErrNameTaken = errors.New("the name is taken")
	// ErrTooSoon: the player's name changed more recently than allowed.
	ErrTooSoon = errors.New("the name changed too recently")
)

// Player is a named (or not yet named) identity. It is public: ID and Name
// are what others see; the key that holds it is stored only as a hash and
// never read back.
type Player struct {
	ID          string
	Name        string    // "" until the player picks one
	NameChanged time.Time // when Name was last set; zero if never
	Created     time.Time
}

// Match is a game between identified players, recorded when it starts:
// White and Black are player IDs, "" for a seat held by an unnamed player.
// Only a Rated match between two named players changes ratings.
type Match struct {
	Game    string
	Variant string
	Speed   string // rating.Speed; "" for a game without a clock
	Rated   bool
	White   string
	Black   string
	Created time.Time
	// Start are White's and Black's ratings in the variant and speed when
	// the match was recorded (StartMatch reads them; nil for no player or
	// no speed): what the game's cards show, the same on every node.
	Start [2]*rating.Rating
}

// RatingChange is one player's rating before and after a rated game.
type RatingChange struct {
	Before, After rating.Rating
}

// MatchRecord is a match as a profile lists it.
type MatchRecord struct {
	Match
	WhiteName, BlackName string
	Ended                time.Time // zero while it goes on
	Result               string    // "" while it goes on
	Aborted              bool
	Status               string           // the game's status now ("" once the game has expired)
	Ratings              *[2]RatingChange // White's and Black's, for a rated game that ended
}

// PlayerRating is a player's rating in one variant and speed.
type PlayerRating struct {
	Variant, Speed             string
	Rating                     rating.Rating
	Games, Wins, Draws, Losses int
	Updated                    time.Time // the last rated game's end
}

// RatingPoint is a player's rating after one game, for a graph.
type RatingPoint struct {
	At     time.Time
	Rating float64
	RD     float64
	Game   string
}

// Leader is a line of a leaderboard.
type Leader struct {
	Player Player
	PlayerRating
}

// Rater rates a finished game: both players' ratings before it (the
// starting rating for a player's first game in the variant and speed, with
// Updated zero) to after it.
type Rater func(white, black PlayerRating) (rating.Rating, rating.Rating, error)

// Players keeps identities, names, transfer codes, matches and ratings.
type Players interface {
	// PlayerByKey finds the player a key hash holds: ErrNotFound if none,
	// ErrKeyMoved if the key's identity moved to another device.
	PlayerByKey(ctx context.Context, keyHash []byte) (Player, error)
	// CreatePlayer makes a player held by keyHash (ErrExists if that hash,
	// or a moved one, is known).
	CreatePlayer(ctx context.Context, p Player, keyHash []byte) error
	// PlayerByName finds a player by the folded form of a name.
	PlayerByName(ctx context.Context, folded string) (Player, error)
	PlayerByID(ctx context.Context, id string) (Player, error)
	// SetName gives the player a name (folded: its comparison form). It
	// fails with ErrNameTaken if another player's name folds the same, and
	// ErrTooSoon if the player's name was set after notBefore (a first
	// name is always allowed, and so is the same name written in other
	// case, which keeps the time of the last change).
	SetName(ctx context.Context, id, name, folded string, at, notBefore time.Time) error
	// NewTransfer stores a transfer code's hash for the player, replacing
	// any earlier one.
	NewTransfer(ctx context.Context, id string, codeHash []byte, expires time.Time) error
	// ClaimTransfer moves the identity of an unused, unexpired code to
	// newKeyHash; the old key's hash is kept as moved. The code is used up.
	// It returns the player and the old key's hash. ErrNotFound if no such
	// code is usable; ErrExists if newKeyHash already holds an identity.
	ClaimTransfer(ctx context.Context, codeHash, newKeyHash []byte, now time.Time) (Player, error)

	// StartMatch records a game between identified players.
	StartMatch(ctx context.Context, m Match) error
	// MatchOf reads a game's match; ErrNotFound if it has none.
	MatchOf(ctx context.Context, game string) (MatchRecord, error)
	// FinishMatch records a match's result, once: the first call for a
	// game decides, in one transaction, and rates a rated match between
	// two named players with rate; later calls change nothing. It returns
	// the match as recorded (ErrNotFound if the game has no match).
	FinishMatch(ctx context.Context, game, result string, at time.Time, rate Rater) (MatchRecord, error)
	// UnratedEnds lists up to limit matches whose game is over but whose
	// end was not recorded (a node stopped between the two): the janitor
	// finishes them.
	UnratedEnds(ctx context.Context, limit int) ([]string, error)
	// AbortMatch marks an unfinished match aborted: it will never be
	// rated. It reports whether it did (false: finished or aborted
	// already).
	AbortMatch(ctx context.Context, game string, at time.Time) (bool, error)
	// Ratings are a player's ratings, every variant and speed played.
	Ratings(ctx context.Context, id string) ([]PlayerRating, error)
	// RatingHistory is a player's rating after each of the last limit rated
	// games in a variant and speed, oldest first.
	RatingHistory(ctx context.Context, id, variant, speed string, limit int) ([]RatingPoint, error)
	// Matches are a player's latest matches, newest first.
	Matches(ctx context.Context, id string, limit int) ([]MatchRecord, error)
	// Leaderboard lists the highest rated named players of a variant and
	// speed whose rating is established (RD ≤ maxRD) and who played a rated
	// game since activeSince.
	Leaderboard(ctx context.Context, variant, speed string, maxRD float64, activeSince time.Time, limit int) ([]Leader, error)
}

// playersSchema are the tables of Players, created in existing databases
// too (CREATE … IF NOT EXISTS: a database made before them gains them when
// a server opens it). blob and real are the dialect's types.
func playersSchema(blob, real string) []string {
	return []string{
		`CREATE TABLE IF NOT EXISTS players (
			id TEXT PRIMARY KEY,
			key_hash ` + blob + ` NOT NULL UNIQUE,
			name TEXT,
			name_folded TEXT UNIQUE,
			name_changed_at BIGINT,
			created_at BIGINT NOT NULL)`,
		`CREATE TABLE IF NOT EXISTS moved_keys (
			key_hash ` + blob + ` PRIMARY KEY,
			player_id TEXT NOT NULL,
			moved_at BIGINT NOT NULL)`,
		`CREATE TABLE IF NOT EXISTS transfers (
			player_id TEXT PRIMARY KEY,
			code_hash ` + blob + ` NOT NULL UNIQUE,
			expires_at BIGINT NOT NULL)`,
		`CREATE TABLE IF NOT EXISTS matches (
			game_id TEXT PRIMARY KEY,
			variant TEXT NOT NULL,
			speed TEXT NOT NULL,
			rated INTEGER NOT NULL,
			white TEXT,
			black TEXT,
			created_at BIGINT NOT NULL,
			ended_at BIGINT,
			result TEXT,
			aborted INTEGER NOT NULL DEFAULT 0,
			white_before ` + real + `, white_rd_before ` + real + `, white_after ` + real + `, white_rd_after ` + real + `,
			black_before ` + real + `, black_rd_before ` + real + `, black_after ` + real + `, black_rd_after ` + real + `)`,
		`CREATE INDEX IF NOT EXISTS matches_white ON matches(white, created_at)`,
		`CREATE INDEX IF NOT EXISTS matches_black ON matches(black, created_at)`,
		`CREATE INDEX IF NOT EXISTS matches_open ON matches(game_id) WHERE ended_at IS NULL AND aborted = 0`,
		`CREATE TABLE IF NOT EXISTS ratings (
			player_id TEXT NOT NULL,
			variant TEXT NOT NULL,
			speed TEXT NOT NULL,
			rating ` + real + ` NOT NULL,
			rd ` + real + ` NOT NULL,
			volatility ` + real + ` NOT NULL,
			games INTEGER NOT NULL,
			wins INTEGER NOT NULL,
			draws INTEGER NOT NULL,
			losses INTEGER NOT NULL,
			updated_at BIGINT NOT NULL,
			PRIMARY KEY (player_id, variant, speed))`,
		`CREATE INDEX IF NOT EXISTS ratings_board ON ratings(variant, speed, rating)`,
		`CREATE TABLE IF NOT EXISTS rating_history (
			player_id TEXT NOT NULL,
			variant TEXT NOT NULL,
			speed TEXT NOT NULL,
			at BIGINT NOT NULL,
			game_id TEXT NOT NULL,
			rating ` + real + ` NOT NULL,
			rd ` + real + ` NOT NULL,
			PRIMARY KEY (player_id, variant, speed, at, game_id))`,
	}
}

// querier is a transaction: the writes of execer and reads.
type querier interface {
	execer
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func (p preparedTx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return p.tx.QueryContext(ctx, query, args...)
}

func (p preparedTx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return p.tx.QueryRowContext(ctx, query, args...)
}

// players implements Players for both databases: d and db read, tx runs a
// function in a write transaction (SQLite: through its one writer),
// forUpdate locks the rows a transaction reads to change (PostgreSQL).
type players struct {
	pd        dialect
	pdb       *sql.DB
	tx        func(ctx context.Context, fn func(ctx context.Context, q querier) error) error
	forUpdate string
}

func (s *sqliteStore) playersTx(_ context.Context, fn func(ctx context.Context, q querier) error) error {
	return s.write(true, func(ctx context.Context, x execer) error { return fn(ctx, x.(preparedTx)) })
}

func (s *postgresStore) playersTx(ctx context.Context, fn func(ctx context.Context, q querier) error) error {
	return inTx(ctx, s.reader.db, func(tx *sql.Tx) error { return fn(ctx, tx) })
}

func ms(t time.Time) int64 { return t.UnixMilli() }

func fromMS(v sql.NullInt64) time.Time {
	if !v.Valid {
		return time.Time{}
	}
	return time.UnixMilli(v.Int64)
}

const playerColumns = `id, COALESCE(name, ''), name_changed_at, created_at`

func scanPlayer(row rowScanner) (Player, error) {
	var p Player
	var changed sql.NullInt64
	var created int64
	err := row.Scan(&p.ID, &p.Name, &changed, &created)
	p.NameChanged, p.Created = fromMS(changed), time.UnixMilli(created)
	return p, err
}

func (s players) playerWhere(ctx context.Context, where string, arg any) (Player, error) {
	p, err := scanPlayer(s.pdb.QueryRowContext(ctx, s.pd.q(`SELECT `+playerColumns+` FROM players WHERE `+where), arg))
	if errors.Is(err, sql.ErrNoRows) {
		return p, ErrNotFound
	}
	if err != nil {
		return p, fmt.Errorf("reading a player: %w", err)
	}
	return p, nil
}

func (s players) PlayerByKey(ctx context.Context, keyHash []byte) (Player, error) {
	p, err := s.playerWhere(ctx, `key_hash = ?`, keyHash)
	if !errors.Is(err, ErrNotFound) {
		return p, err
	}
	var id string
	err = s.pdb.QueryRowContext(ctx, s.pd.q(`SELECT player_id FROM moved_keys WHERE key_hash = ?`), keyHash).Scan(&id)
	switch {
	case err == nil:
		return Player{}, ErrKeyMoved
	case errors.Is(err, sql.ErrNoRows):
		return Player{}, ErrNotFound
	}
	return Player{}, fmt.Errorf("reading moved keys: %w", err)
}

func (s players) PlayerByName(ctx context.Context, folded string) (Player, error) {
	return s.playerWhere(ctx, `name_folded = ?`, folded)
}

func (s players) PlayerByID(ctx context.Context, id string) (Player, error) {
	return s.playerWhere(ctx, `id = ?`, id)
}

// keyKnown: a key hash that holds or held an identity.
func (s players) keyKnown(ctx context.Context, q querier, keyHash []byte) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, s.pd.q(`SELECT (SELECT COUNT(*) FROM players WHERE key_hash = ?) + (SELECT COUNT(*) FROM moved_keys WHERE key_hash = ?)`), keyHash, keyHash).Scan(&n)
	return n > 0, err
}

func (s players) CreatePlayer(ctx context.Context, p Player, keyHash []byte) error {
	return s.tx(ctx, func(ctx context.Context, q querier) error {
		known, err := s.keyKnown(ctx, q, keyHash)
		if err != nil {
			return fmt.Errorf("creating a player: %w", err)
		}
		if known {
			return ErrExists
		}
		_, err = q.ExecContext(ctx, s.pd.q(`INSERT INTO players (id, key_hash, created_at) VALUES (?, ?, ?)`), p.ID, keyHash, ms(p.Created))
		if isUnique(err) {
			return ErrExists
		}
		if err != nil {
			return fmt.Errorf("creating a player: %w", err)
		}
		return nil
	})
}

// isUnique reports a unique constraint's refusal (SQLite's or
// PostgreSQL's 23505): a row another transaction made meanwhile.
func isUnique(err error) bool {
	if err == nil {
		return false
	}
	s := err.Error()
	return strings.Contains(s, "UNIQUE constraint failed") || strings.Contains(s, "SQLSTATE 23505")
}

func (s players) SetName(ctx context.Context, id, name, folded string, at, notBefore time.Time) error {
	return s.tx(ctx, func(ctx context.Context, q querier) error {
		var changed sql.NullInt64
		var current string
		err := q.QueryRowContext(ctx, s.pd.q(`SELECT name_changed_at, COALESCE(name_folded, '') FROM players WHERE id = ?`+s.forUpdate), id).Scan(&changed, &current)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("naming a player: %w", err)
		}
		if current == folded {
			// The same name written otherwise ("anna" → "Anna"): always
			// allowed, and it does not start a new month.
			_, err := q.ExecContext(ctx, s.pd.q(`UPDATE players SET name = ? WHERE id = ?`), name, id)
			if err != nil {
				return fmt.Errorf("naming a player: %w", err)
			}
			return nil
		}
		if changed.Valid && time.UnixMilli(changed.Int64).After(notBefore) {
			return ErrTooSoon
		}
		var other string
		err = q.QueryRowContext(ctx, s.pd.q(`SELECT id FROM players WHERE name_folded = ?`), folded).Scan(&other)
		if err == nil && other != id {
			return ErrNameTaken
		}
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("naming a player: %w", err)
		}
		_, err = q.ExecContext(ctx, s.pd.q(`UPDATE players SET name = ?, name_folded = ?, name_changed_at = ? WHERE id = ?`), name, folded, ms(at), id)
		if isUnique(err) {
			return ErrNameTaken
		}
		if err != nil {
			return fmt.Errorf("naming a player: %w", err)
		}
		return nil
	})
}

func (s players) NewTransfer(ctx context.Context, id string, codeHash []byte, expires time.Time) error {
	return s.tx(ctx, func(ctx context.Context, q querier) error {
		if _, err := q.ExecContext(ctx, s.pd.q(`DELETE FROM transfers WHERE player_id = ?`), id); err != nil {
			return fmt.Errorf("making a transfer code: %w", err)
		}
		_, err := q.ExecContext(ctx, s.pd.q(`INSERT INTO transfers (player_id, code_hash, expires_at) VALUES (?, ?, ?)`), id, codeHash, ms(expires))
		if isUnique(err) {
			return ErrExists
		}
		if err != nil {
			return fmt.Errorf("making a transfer code: %w", err)
		}
		return nil
	})
}

func (s players) ClaimTransfer(ctx context.Context, codeHash, newKeyHash []byte, now time.Time) (Player, error) {
	var p Player
	err := s.tx(ctx, func(ctx context.Context, q querier) error {
		var id string
		var expires int64
		err := q.QueryRowContext(ctx, s.pd.q(`SELECT player_id, expires_at FROM transfers WHERE code_hash = ?`+s.forUpdate), codeHash).Scan(&id, &expires)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("claiming a transfer: %w", err)
		}
		if _, err := q.ExecContext(ctx, s.pd.q(`DELETE FROM transfers WHERE player_id = ?`), id); err != nil {
			return fmt.Errorf("claiming a transfer: %w", err)
		}
		if time.UnixMilli(expires).Before(now) {
			return ErrNotFound // used up all the same: expired codes are deleted as they are tried
		}
		known, err := s.keyKnown(ctx, q, newKeyHash)
		if err != nil {
			return fmt.Errorf("claiming a transfer: %w", err)
		}
		if known {
			return ErrExists
		}
		var old []byte
		if err := q.QueryRowContext(ctx, s.pd.q(`SELECT key_hash FROM players WHERE id = ?`+s.forUpdate), id).Scan(&old); err != nil {
			return fmt.Errorf("claiming a transfer: %w", err)
		}
		if _, err := q.ExecContext(ctx, s.pd.q(`INSERT INTO moved_keys (key_hash, player_id, moved_at) VALUES (?, ?, ?)`), old, id, ms(now)); err != nil {
			return fmt.Errorf("claiming a transfer: %w", err)
		}
		if _, err := q.ExecContext(ctx, s.pd.q(`UPDATE players SET key_hash = ? WHERE id = ?`), newKeyHash, id); err != nil {
			if isUnique(err) {
				return ErrExists
			}
			return fmt.Errorf("claiming a transfer: %w", err)
		}
		p, err = scanPlayer(q.QueryRowContext(ctx, s.pd.q(`SELECT `+playerColumns+` FROM players WHERE id = ?`), id))
		return err
	})
	// An expired code is deleted, and that deletion must be kept: the
	// transaction above rolls it back with the refusal, so delete again.
	if errors.Is(err, ErrNotFound) {
		s.tx(ctx, func(ctx context.Context, q querier) error {
			_, err := q.ExecContext(ctx, s.pd.q(`DELETE FROM transfers WHERE code_hash = ? AND expires_at < ?`), codeHash, ms(now))
			return err
		})
	}
	return p, err
}

func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (s players) StartMatch(ctx context.Context, m Match) error {
	return s.tx(ctx, func(ctx context.Context, q querier) error {
		var start [4]any // white's rating and RD, black's
		for i, id := range []string{m.White, m.Black} {
			if id == "" || m.Speed == "" {
				continue
			}
			pr, err := s.rating(ctx, q, id, m.Variant, m.Speed)
			if err != nil {
				return fmt.Errorf("recording match %s: %w", m.Game, err)
			}
			start[2*i], start[2*i+1] = pr.Rating.Rating, pr.Rating.RD
		}
		_, err := q.ExecContext(ctx, s.pd.q(`INSERT INTO matches (game_id, variant, speed, rated, white, black, created_at,
			white_before, white_rd_before, black_before, black_rd_before) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
			m.Game, m.Variant, m.Speed, boolInt(m.Rated), nullString(m.White), nullString(m.Black), ms(m.Created),
			start[0], start[1], start[2], start[3])
		if isUnique(err) {
			return ErrExists
		}
		if err != nil {
			return fmt.Errorf("recording match %s: %w", m.Game, err)
		}
		return nil
	})
}

const matchColumns = `m.game_id, m.variant, m.speed, m.rated, COALESCE(m.white, ''), COALESCE(m.black, ''), m.created_at,
	COALESCE(pw.name, ''), COALESCE(pb.name, ''), m.ended_at, COALESCE(m.result, ''), m.aborted, COALESCE(g.status, ''),
	m.white_before, m.white_rd_before, m.white_after, m.white_rd_after, m.black_before, m.black_rd_before, m.black_after, m.black_rd_after`

const matchFrom = ` FROM matches m LEFT JOIN players pw ON pw.id = m.white LEFT JOIN players pb ON pb.id = m.black LEFT JOIN games g ON g.id = m.game_id `

func scanMatch(row rowScanner) (MatchRecord, error) {
	var r MatchRecord
	var rated, aborted int
	var created int64
	var ended sql.NullInt64
	var f [8]sql.NullFloat64
	err := row.Scan(&r.Game, &r.Variant, &r.Speed, &rated, &r.White, &r.Black, &created,
		&r.WhiteName, &r.BlackName, &ended, &r.Result, &aborted, &r.Status,
		&f[0], &f[1], &f[2], &f[3], &f[4], &f[5], &f[6], &f[7])
	if err != nil {
		return r, err
	}
	r.Rated, r.Aborted = rated != 0, aborted != 0
	r.Created, r.Ended = time.UnixMilli(created), fromMS(ended)
	for i := range r.Start {
		if f[4*i].Valid {
			r.Start[i] = &rating.Rating{Rating: f[4*i].Float64, RD: f[4*i+1].Float64}
		}
	}
	if f[2].Valid {
		r.Ratings = &[2]RatingChange{
			{Before: rating.Rating{Rating: f[0].Float64, RD: f[1].Float64}, After: rating.Rating{Rating: f[2].Float64, RD: f[3].Float64}},
			{Before: rating.Rating{Rating: f[4].Float64, RD: f[5].Float64}, After: rating.Rating{Rating: f[6].Float64, RD: f[7].Float64}},
		}
	}
	return r, nil
}

func (s players) MatchOf(ctx context.Context, game string) (MatchRecord, error) {
	return s.matchOf(ctx, s.pdb, game)
}

func (s players) matchOf(ctx context.Context, q interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}, game string) (MatchRecord, error) {
	r, err := scanMatch(q.QueryRowContext(ctx, s.pd.q(`SELECT `+matchColumns+matchFrom+`WHERE m.game_id = ?`), game))
	if errors.Is(err, sql.ErrNoRows) {
		return r, ErrNotFound
	}
	if err != nil {
		return r, fmt.Errorf("reading match %s: %w", game, err)
	}
	return r, nil
}

// score is White's score for a result.
func score(result string) (float64, bool) {
	switch result {
	case "1-0":
		return rating.Win, true
	case "0-1":
		return rating.Loss, true
	case "1/2-1/2":
		return rating.Draw, true
	}
	return 0, false
}

func (s players) FinishMatch(ctx context.Context, game, result string, at time.Time, rate Rater) (MatchRecord, error) {
	sc, ok := score(result)
	if !ok {
		return MatchRecord{}, fmt.Errorf("finishing match %s: result %q is not 1-0, 0-1 or 1/2-1/2", game, result)
	}
	var rec MatchRecord
	err := s.tx(ctx, func(ctx context.Context, q querier) error {
		res, err := q.ExecContext(ctx, s.pd.q(`UPDATE matches SET ended_at = ?, result = ? WHERE game_id = ? AND ended_at IS NULL AND aborted = 0`), ms(at), result, game)
		if err != nil {
			return fmt.Errorf("finishing match %s: %w", game, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		m, err := s.matchOf(ctx, q, game)
		if err != nil || n == 0 || !m.Rated || m.WhiteName == "" || m.BlackName == "" || m.Speed == "" {
			rec = m
			return err // already finished, aborted, or not to be rated
		}
		// Both players' rows locked in one order (PostgreSQL), so that two
		// of a player's games ending at once are rated one after the other
		// and never deadlock.
		if s.forUpdate != "" {
			lo, hi := min(m.White, m.Black), max(m.White, m.Black)
			rows, err := q.QueryContext(ctx, s.pd.q(`SELECT id FROM players WHERE id IN (?, ?) ORDER BY id`+s.forUpdate), lo, hi)
			if err != nil {
				return fmt.Errorf("rating match %s: %w", game, err)
			}
			for rows.Next() { // read to the end: each row is locked as it is read
			}
			if err := errors.Join(rows.Err(), rows.Close()); err != nil {
				return fmt.Errorf("rating match %s: %w", game, err)
			}
		}
		var before [2]PlayerRating
		for i, id := range []string{m.White, m.Black} {
			if before[i], err = s.rating(ctx, q, id, m.Variant, m.Speed); err != nil {
				return err
			}
		}
		w, b, err := rate(before[0], before[1])
		if err != nil {
			return fmt.Errorf("rating match %s: %w", game, err)
		}
		after := [2]rating.Rating{w, b}
		scores := [2]float64{sc, 1 - sc}
		for i, id := range []string{m.White, m.Black} {
			pr := before[i]
			pr.Rating = after[i]
			pr.Games++
			switch scores[i] {
			case rating.Win:
				pr.Wins++
			case rating.Loss:
				pr.Losses++
			default:
				pr.Draws++
			}
			if err := s.putRating(ctx, q, id, pr, at); err != nil {
				return err
			}
			if _, err := q.ExecContext(ctx, s.pd.q(`INSERT INTO rating_history (player_id, variant, speed, at, game_id, rating, rd) VALUES (?, ?, ?, ?, ?, ?, ?)`),
				id, m.Variant, m.Speed, ms(at), game, after[i].Rating, after[i].RD); err != nil {
				return fmt.Errorf("rating match %s: %w", game, err)
			}
		}
		if _, err := q.ExecContext(ctx, s.pd.q(`UPDATE matches SET white_before = ?, white_rd_before = ?, white_after = ?, white_rd_after = ?,
			black_before = ?, black_rd_before = ?, black_after = ?, black_rd_after = ? WHERE game_id = ?`),
			before[0].Rating.Rating, before[0].Rating.RD, w.Rating, w.RD, before[1].Rating.Rating, before[1].Rating.RD, b.Rating, b.RD, game); err != nil {
			return fmt.Errorf("rating match %s: %w", game, err)
		}
		rec, err = s.matchOf(ctx, q, game)
		return err
	})
	return rec, err
}

// rating reads (and on PostgreSQL locks) a player's rating; a player
// without one starts at rating.Start.
func (s players) rating(ctx context.Context, q querier, id, variant, speed string) (PlayerRating, error) {
	pr := PlayerRating{Variant: variant, Speed: speed, Rating: rating.Start}
	var updated int64
	err := q.QueryRowContext(ctx, s.pd.q(`SELECT rating, rd, volatility, games, wins, draws, losses, updated_at FROM ratings
		WHERE player_id = ? AND variant = ? AND speed = ?`+s.forUpdate), id, variant, speed).
		Scan(&pr.Rating.Rating, &pr.Rating.RD, &pr.Rating.Volatility, &pr.Games, &pr.Wins, &pr.Draws, &pr.Losses, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return pr, nil
	}
	if err != nil {
		return pr, fmt.Errorf("reading a rating: %w", err)
	}
	pr.Updated = time.UnixMilli(updated)
	return pr, nil
}

func (s players) putRating(ctx context.Context, q querier, id string, pr PlayerRating, at time.Time) error {
	_, err := q.ExecContext(ctx, s.pd.q(`INSERT INTO ratings (player_id, variant, speed, rating, rd, volatility, games, wins, draws, losses, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (player_id, variant, speed) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility,
		games = excluded.games, wins = excluded.wins, draws = excluded.draws, losses = excluded.losses, updated_at = excluded.updated_at`),
		id, pr.Variant, pr.Speed, pr.Rating.Rating, pr.Rating.RD, pr.Rating.Volatility, pr.Games, pr.Wins, pr.Draws, pr.Losses, ms(at))
	if err != nil {
		return fmt.Errorf("storing a rating: %w", err)
	}
	return nil
}

func (s players) AbortMatch(ctx context.Context, game string, at time.Time) (bool, error) {
	var done bool
	err := s.tx(ctx, func(ctx context.Context, q querier) error {
		res, err := q.ExecContext(ctx, s.pd.q(`UPDATE matches SET aborted = 1, ended_at = ? WHERE game_id = ? AND ended_at IS NULL AND aborted = 0`), ms(at), game)
		if err != nil {
			return fmt.Errorf("aborting match %s: %w", game, err)
		}
		n, err := res.RowsAffected()
		done = n == 1
		return err
	})
	return done, err
}

func (s players) Ratings(ctx context.Context, id string) ([]PlayerRating, error) {
	return queryAll(ctx, s.pdb, s.pd, "reading ratings", `SELECT variant, speed, rating, rd, volatility, games, wins, draws, losses, updated_at FROM ratings
		WHERE player_id = ? ORDER BY variant, speed`, func(row rowScanner) (PlayerRating, error) {
		var pr PlayerRating
		var updated int64
		err := row.Scan(&pr.Variant, &pr.Speed, &pr.Rating.Rating, &pr.Rating.RD, &pr.Rating.Volatility, &pr.Games, &pr.Wins, &pr.Draws, &pr.Losses, &updated)
		pr.Updated = time.UnixMilli(updated)
		return pr, err
	}, id)
}

func (s players) RatingHistory(ctx context.Context, id, variant, speed string, limit int) ([]RatingPoint, error) {
	out, err := queryAll(ctx, s.pdb, s.pd, "reading a rating's history", `SELECT at, rating, rd, game_id FROM rating_history
		WHERE player_id = ? AND variant = ? AND speed = ? ORDER BY at DESC, game_id DESC LIMIT ?`, func(row rowScanner) (RatingPoint, error) {
		var p RatingPoint
		var at int64
		err := row.Scan(&at, &p.Rating, &p.RD, &p.Game)
		p.At = time.UnixMilli(at)
		return p, err
	}, id, variant, speed, limit)
	slices.Reverse(out) // the newest last
	return out, err
}

func (s players) Matches(ctx context.Context, id string, limit int) ([]MatchRecord, error) {
	return queryAll(ctx, s.pdb, s.pd, "reading matches", `SELECT `+matchColumns+matchFrom+`WHERE m.white = ? OR m.black = ? ORDER BY m.created_at DESC, m.game_id LIMIT ?`, scanMatch, id, id, limit)
}

func (s players) Leaderboard(ctx context.Context, variant, speed string, maxRD float64, activeSince time.Time, limit int) ([]Leader, error) {
	return queryAll(ctx, s.pdb, s.pd, "reading the leaderboard", `SELECT `+playerColumnsP+`, r.rating, r.rd, r.volatility, r.games, r.wins, r.draws, r.losses, r.updated_at
		FROM ratings r JOIN players p ON p.id = r.player_id
		WHERE r.variant = ? AND r.speed = ? AND r.rd <= ? AND r.updated_at >= ? AND p.name IS NOT NULL
		ORDER BY r.rating DESC, p.name_folded LIMIT ?`, func(row rowScanner) (Leader, error) {
		var l Leader
		var changed sql.NullInt64
		var created, updated int64
		err := row.Scan(&l.Player.ID, &l.Player.Name, &changed, &created, &l.Rating.Rating, &l.Rating.RD, &l.Rating.Volatility,
			&l.Games, &l.Wins, &l.Draws, &l.Losses, &updated)
		l.Player.NameChanged, l.Player.Created, l.Updated = fromMS(changed), time.UnixMilli(created), time.UnixMilli(updated)
		l.Variant, l.Speed = variant, speed
		return l, err
	}, variant, speed, maxRD, ms(activeSince), limit)
}

const playerColumnsP = `p.id, COALESCE(p.name, ''), p.name_changed_at, p.created_at`

func (s players) UnratedEnds(ctx context.Context, limit int) ([]string, error) {
	return queryAll(ctx, s.pdb, s.pd, "finding matches to finish", `SELECT m.game_id FROM matches m JOIN games g ON g.id = m.game_id
		WHERE m.ended_at IS NULL AND m.aborted = 0 AND g.status = 'over' LIMIT ?`, scanString, limit)
}
