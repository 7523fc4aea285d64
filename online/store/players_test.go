package store_test

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"bashni/online/rating"
	"bashni/online/store"
)

// playerStores are fresh stores of each kind, the PostgreSQL one emptied of
// players too.
func playerStores(t *testing.T) map[string]store.Store {
	t.Helper()
	ss := stores(t)
	db, err := sql.Open("pgx", pg.DSN)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`TRUNCATE players, moved_keys, transfers, matches, ratings, rating_history`); err != nil {
		t.Fatal(err)
	}
	return ss
}

func mustPlayer(t *testing.T, s store.Store, id, key, name string) store.Player {
	t.Helper()
	ctx := context.Background()
	if err := s.CreatePlayer(ctx, store.Player{ID: id, Created: t0}, []byte(key)); err != nil {
		t.Fatal(err)
	}
	if name != "" {
		if err := s.SetName(ctx, id, name, name, t0, t0); err != nil {
			t.Fatal(err)
		}
	}
	p, err := s.PlayerByID(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPlayersKeysAndNames(t *testing.T) {
	ctx := context.Background()
	for name, s := range playerStores(t) {
		t.Run(name, func(t *testing.T) {
			mustPlayer(t, s, "p1", "key-1", "")
			if err := s.CreatePlayer(ctx, store.Player{ID: "p2", Created: t0}, []byte("key-1")); !errors.Is(err, store.ErrExists) {
				t.Fatalf("a second player on one key: %v", err)
			}
			p, err := s.PlayerByKey(ctx, []byte("key-1"))
			if err != nil || p.ID != "p1" || p.Name != "" {
				t.Fatalf("by key: %+v %v", p, err)
			}
			if _, err := s.PlayerByKey(ctx, []byte("key-x")); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("unknown key: %v", err)
			}
			at := t0.Add(time.Hour)
			if err := s.SetName(ctx, "p1", "Ōkami", "ōkami", at, at); err != nil {
				t.Fatal(err)
			}
			mustPlayer(t, s, "p2", "key-2", "")
			if err := s.SetName(ctx, "p2", "ŌKAMI", "ōkami", at, at); !errors.Is(err, store.ErrNameTaken) {
				t.Fatalf("a taken name: %v", err)
			}
			// Too soon: the name changed after notBefore.
			if err := s.SetName(ctx, "p1", "Wolf", "wolf", at.Add(time.Minute), at.Add(-time.Minute)); !errors.Is(err, store.ErrTooSoon) {
				t.Fatalf("a change too soon: %v", err)
			}
			// The same name in other case is not a change.
			if err := s.SetName(ctx, "p1", "ŌKAMI", "ōkami", at.Add(time.Minute), at.Add(-time.Minute)); err != nil {
				t.Fatalf("a change of case: %v", err)
			}
			if p, _ := s.PlayerByID(ctx, "p1"); p.Name != "ŌKAMI" || !p.NameChanged.Equal(at) {
				t.Fatalf("after a change of case: %+v", p)
			}
			if err := s.SetName(ctx, "p1", "Wolf", "wolf", at.Add(time.Minute), at); err != nil {
				t.Fatal(err)
			}
			// The old name is free again.
			if err := s.SetName(ctx, "p2", "Ōkami", "ōkami", at, at); err != nil {
				t.Fatal(err)
			}
			p, err = s.PlayerByName(ctx, "wolf")
			if err != nil || p.ID != "p1" || p.Name != "Wolf" || !p.NameChanged.Equal(at.Add(time.Minute)) {
				t.Fatalf("by name: %+v %v", p, err)
			}
			if err := s.SetName(ctx, "nobody", "X", "x", at, at); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("naming nobody: %v", err)
			}
		})
	}
}

func TestPlayersTransfer(t *testing.T) {
	ctx := context.Background()
	for name, s := range playerStores(t) {
		t.Run(name, func(t *testing.T) {
			mustPlayer(t, s, "p1", "old-key", "Anna")
			mustPlayer(t, s, "p2", "other-key", "")
			if err := s.NewTransfer(ctx, "p1", []byte("code-1"), t0.Add(10*time.Minute)); err != nil {
				t.Fatal(err)
			}
			// A new code replaces the old one.
			if err := s.NewTransfer(ctx, "p1", []byte("code-2"), t0.Add(10*time.Minute)); err != nil {
				t.Fatal(err)
			}
			if _, err := s.ClaimTransfer(ctx, []byte("code-1"), []byte("new-key"), t0); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("a replaced code: %v", err)
			}
			// A key that holds an identity cannot take another.
			if _, err := s.ClaimTransfer(ctx, []byte("code-2"), []byte("other-key"), t0); !errors.Is(err, store.ErrExists) {
				t.Fatalf("claimed onto a key in use: %v", err)
			}
			p, err := s.ClaimTransfer(ctx, []byte("code-2"), []byte("new-key"), t0)
			if err != nil || p.ID != "p1" || p.Name != "Anna" {
				t.Fatalf("claim: %+v %v", p, err)
			}
			if _, err := s.ClaimTransfer(ctx, []byte("code-2"), []byte("newer-key"), t0); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("a code used twice: %v", err)
			}
			if _, err := s.PlayerByKey(ctx, []byte("old-key")); !errors.Is(err, store.ErrKeyMoved) {
				t.Fatalf("the old key: %v", err)
			}
			if err := s.CreatePlayer(ctx, store.Player{ID: "p3", Created: t0}, []byte("old-key")); !errors.Is(err, store.ErrExists) {
				t.Fatalf("a moved key made a new player: %v", err)
			}
			if p, err := s.PlayerByKey(ctx, []byte("new-key")); err != nil || p.ID != "p1" {
				t.Fatalf("the new key: %+v %v", p, err)
			}
			// An expired code is refused and used up.
			if err := s.NewTransfer(ctx, "p1", []byte("code-3"), t0.Add(time.Minute)); err != nil {
				t.Fatal(err)
			}
			if _, err := s.ClaimTransfer(ctx, []byte("code-3"), []byte("late-key"), t0.Add(2*time.Minute)); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("an expired code: %v", err)
			}
			if _, err := s.ClaimTransfer(ctx, []byte("code-3"), []byte("late-key"), t0); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("an expired code, tried again in time: %v", err)
			}
		})
	}
}

func TestMatchesAndRatings(t *testing.T) {
	ctx := context.Background()
	rater := func(score float64) store.Rater {
		return func(w, b store.PlayerRating) (rating.Rating, rating.Rating, error) {
			return rating.Default.Game(w.Rating, b.Rating, score)
		}
	}
	for name, s := range playerStores(t) {
		t.Run(name, func(t *testing.T) {
			mustPlayer(t, s, "a", "ka", "Alice")
			mustPlayer(t, s, "b", "kb", "Bob")
			mustPlayer(t, s, "c", "kc", "")
			start := func(game string, rated bool, white, black string, at time.Time) {
				t.Helper()
				if err := s.StartMatch(ctx, store.Match{Game: game, Variant: "bashni", Speed: "blitz", Rated: rated, White: white, Black: black, Created: at}); err != nil {
					t.Fatal(err)
				}
			}
			start("G1", true, "a", "b", t0)
			if err := s.StartMatch(ctx, store.Match{Game: "G1", Variant: "bashni", Speed: "blitz", Created: t0}); !errors.Is(err, store.ErrExists) {
				t.Fatalf("a match recorded twice: %v", err)
			}
			rec, err := s.FinishMatch(ctx, "G1", "1-0", t0.Add(time.Minute), rater(rating.Win))
			if err != nil {
				t.Fatal(err)
			}
			if rec.Ratings == nil || rec.Ratings[0].Before.Rating != 1500 || !(rec.Ratings[0].After.Rating > 1500) || !(rec.Ratings[1].After.Rating < 1500) {
				t.Fatalf("the rated match: %+v", rec)
			}
			if rec.WhiteName != "Alice" || rec.BlackName != "Bob" || rec.Result != "1-0" {
				t.Fatalf("the record: %+v", rec)
			}
			// A second finish (another node, a retry) changes nothing.
			again, err := s.FinishMatch(ctx, "G1", "0-1", t0.Add(2*time.Minute), rater(rating.Loss))
			if err != nil || again.Result != "1-0" || *again.Ratings != *rec.Ratings {
				t.Fatalf("finished twice: %+v %v", again, err)
			}
			// Casual, unnamed and aborted games rate nothing.
			start("G2", false, "a", "b", t0.Add(2*time.Minute))
			start("G3", true, "a", "c", t0.Add(3*time.Minute))
			start("G4", true, "b", "a", t0.Add(4*time.Minute))
			start("G5", true, "b", "a", t0.Add(5*time.Minute))
			for _, g := range []string{"G2", "G3"} {
				if rec, err := s.FinishMatch(ctx, g, "0-1", t0.Add(6*time.Minute), rater(rating.Loss)); err != nil || rec.Ratings != nil {
					t.Fatalf("%s: %+v %v", g, rec, err)
				}
			}
			// A match records the ratings its players start with.
			g4, err := s.MatchOf(ctx, "G4")
			if err != nil || g4.Start[0] == nil || g4.Start[1] == nil || g4.Start[0].Rating != rec.Ratings[1].After.Rating ||
				g4.Start[1].Rating != rec.Ratings[0].After.Rating || g4.Ratings != nil {
				t.Fatalf("G4 (Bob v Alice) starts at %+v %+v, %v", g4.Start[0], g4.Start[1], err)
			}
			if g2, _ := s.MatchOf(ctx, "G2"); g2.Start[0] == nil || g2.Start[0].Rating != rec.Ratings[0].After.Rating {
				t.Fatalf("a casual match starts at %+v", g2.Start[0])
			}
			if ok, err := s.AbortMatch(ctx, "G4", t0.Add(6*time.Minute)); !ok || err != nil {
				t.Fatalf("abort: %v %v", ok, err)
			}
			if ok, _ := s.AbortMatch(ctx, "G1", t0.Add(6*time.Minute)); ok {
				t.Fatal("aborted a finished match")
			}
			if rec, err := s.FinishMatch(ctx, "G4", "1-0", t0.Add(7*time.Minute), rater(rating.Win)); err != nil || rec.Ratings != nil || !rec.Aborted {
				t.Fatalf("an aborted match rated: %+v %v", rec, err)
			}
			if _, err := s.FinishMatch(ctx, "G9", "1-0", t0, rater(rating.Win)); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("no such match: %v", err)
			}
			if _, err := s.FinishMatch(ctx, "G5", "2-0", t0, rater(rating.Win)); err == nil {
				t.Fatal("a bad result accepted")
			}
			if _, err := s.FinishMatch(ctx, "G5", "1/2-1/2", t0.Add(8*time.Minute), rater(rating.Draw)); err != nil {
				t.Fatal(err)
			}
			rs, err := s.Ratings(ctx, "a")
			if err != nil || len(rs) != 1 {
				t.Fatalf("ratings: %+v %v", rs, err)
			}
			if r := rs[0]; r.Games != 2 || r.Wins != 1 || r.Draws != 1 || r.Losses != 0 || r.Variant != "bashni" || r.Speed != "blitz" {
				t.Fatalf("Alice's rating: %+v", r)
			}
			hist, err := s.RatingHistory(ctx, "a", "bashni", "blitz", 10)
			if err != nil || len(hist) != 2 || hist[0].Game != "G1" || hist[1].Game != "G5" || hist[1].Rating != rs[0].Rating.Rating {
				t.Fatalf("history: %+v %v", hist, err)
			}
			ms, err := s.Matches(ctx, "a", 10)
			if err != nil || len(ms) != 5 || ms[0].Game != "G5" || ms[4].Game != "G1" {
				t.Fatalf("matches: %+v %v", ms, err)
			}
			// Leaderboard: only established ratings, only the active.
			board, err := s.Leaderboard(ctx, "bashni", "blitz", 350, t0, 10)
			if err != nil || len(board) != 2 || board[0].Player.Name != "Alice" {
				t.Fatalf("board: %+v %v", board, err)
			}
			if board, _ := s.Leaderboard(ctx, "bashni", "blitz", rating.ProvisionalRD, t0, 10); len(board) != 0 {
				t.Fatalf("provisional players on the board: %+v", board)
			}
			if board, _ := s.Leaderboard(ctx, "bashni", "blitz", 350, t0.Add(time.Hour), 10); len(board) != 0 {
				t.Fatalf("inactive players on the board: %+v", board)
			}
		})
	}
}

// TestFinishMatchOnce: nodes finishing one game at once rate it once.
func TestFinishMatchOnce(t *testing.T) {
	ctx := context.Background()
	for name, s := range playerStores(t) {
		t.Run(name, func(t *testing.T) {
			mustPlayer(t, s, "a", "ka", "Alice")
			mustPlayer(t, s, "b", "kb", "Bob")
			if err := s.StartMatch(ctx, store.Match{Game: "G1", Variant: "lasca", Speed: "rapid", Rated: true, White: "a", Black: "b", Created: t0}); err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			var mu sync.Mutex
			rated := 0
			for range 8 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, err := s.FinishMatch(ctx, "G1", "1-0", t0, func(w, b store.PlayerRating) (rating.Rating, rating.Rating, error) {
						mu.Lock()
						rated++
						mu.Unlock()
						return rating.Default.Game(w.Rating, b.Rating, rating.Win)
					})
					if err != nil {
						t.Error(err)
					}
				}()
			}
			wg.Wait()
			if rated != 1 {
				t.Fatalf("rated %d times", rated)
			}
			if rs, _ := s.Ratings(ctx, "b"); len(rs) != 1 || rs[0].Games != 1 {
				t.Fatalf("Bob: %+v", rs)
			}
		})
	}
}

// oldSchema is the schema before players (SQLite's, PostgreSQL's), and a
// game in it.
var oldSchema = map[string][]string{
	"sqlite": {
		`CREATE TABLE games (id TEXT PRIMARY KEY, version INTEGER NOT NULL, status TEXT NOT NULL, result TEXT NOT NULL,
			white_token BLOB, black_token BLOB, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, deadline INTEGER)`,
		`CREATE TABLE events (game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, version INTEGER NOT NULL,
			data TEXT NOT NULL, PRIMARY KEY (game_id, version)) WITHOUT ROWID`,
		`INSERT INTO games VALUES ('AAAAAA', 1, 'waiting', '*', x'01', NULL, 1, 1, NULL)`,
		`INSERT INTO events VALUES ('AAAAAA', 1, '{"k":"created"}')`,
	},
	"postgres": {
		`CREATE TABLE games (id TEXT PRIMARY KEY, version BIGINT NOT NULL, status TEXT NOT NULL, result TEXT NOT NULL,
			white_token BYTEA, black_token BYTEA, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL, deadline BIGINT)`,
		`CREATE TABLE events (game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, version BIGINT NOT NULL,
			data TEXT NOT NULL, PRIMARY KEY (game_id, version))`,
		`INSERT INTO games VALUES ('AAAAAA', 1, 'waiting', '*', '\x01', NULL, 1, 1, NULL)`,
		`INSERT INTO events VALUES ('AAAAAA', 1, '{"k":"created"}')`,
	},
}

// TestMigrationAddsPlayers: a database made before players existed gains
// the tables when a server opens it, and keeps its games.
func TestMigrationAddsPlayers(t *testing.T) {
	ctx := context.Background()
	// A database of its own on the test's PostgreSQL.
	admin, err := sql.Open("pgx", pg.DSN)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	admin.Exec(`DROP DATABASE IF EXISTS bashni_old`)
	if _, err := admin.Exec(`CREATE DATABASE bashni_old`); err != nil {
		t.Fatal(err)
	}
	dsns := map[string]string{
		"sqlite":   filepath.Join(t.TempDir(), "old.db"),
		"postgres": strings.Replace(pg.DSN, "/bashni?", "/bashni_old?", 1),
	}
	for name, dsn := range dsns {
		t.Run(name, func(t *testing.T) {
			driver := map[string]string{"sqlite": "sqlite", "postgres": "pgx"}[name]
			db, err := sql.Open(driver, dsn)
			if err != nil {
				t.Fatal(err)
			}
			for _, stmt := range oldSchema[name] {
				if _, err := db.Exec(stmt); err != nil {
					t.Fatal(err)
				}
			}
			db.Close()
			s, err := store.Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if g, err := s.Load(ctx, "AAAAAA"); err != nil || len(g.Events) != 1 || string(g.Tokens[0]) != "\x01" {
				t.Fatalf("the old game: %+v %v", g, err)
			}
			mustPlayer(t, s, "p1", "k1", "Anna")
		})
	}
}
