//go:build !js

package storage

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSchema3ArchiveLoadsWithNames: testdata/archive-schema3/archive.json
// was written by today's version before archived games kept an online
// opponent's name (its README). It loads as it is, with its three games
// and no names, and a game added with a name and a rating is kept beside
// them, read back from the disk the same.
func TestSchema3ArchiveLoadsWithNames(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "archive-schema3", "archive.json"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "archive.json"), data, 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	games, notice := s.LoadArchive()
	if !notice.IsZero() || len(games) != 3 {
		t.Fatalf("%d games, notice %+v", len(games), notice)
	}
	for i, want := range []Opponent{OpponentOnline, OpponentFriend, OpponentComputer} {
		if g := games[i]; g.Opponent != want || g.OpponentName != "" || g.OpponentRating != 0 {
			t.Errorf("game %d: %+v, want an unnamed %s", i, g, want)
		}
	}
	named := games[0]
	named.Finished = named.Finished.Add(time.Hour)
	named.OpponentName, named.OpponentRating, named.OpponentProvisional = "Ёжик_42", 1623, true
	if _, err := s.AddToArchive(named); err != nil {
		t.Fatal(err)
	}
	again, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	games, notice = again.LoadArchive()
	if !notice.IsZero() || len(games) != 4 {
		t.Fatalf("after adding: %d games, notice %+v", len(games), notice)
	}
	if g := games[0]; g.OpponentName != "Ёжик_42" || g.OpponentRating != 1623 || !g.OpponentProvisional || g.Opponent != OpponentOnline {
		t.Errorf("the named game reads back as %+v", g)
	}
	if g := games[3]; g.Opponent != OpponentComputer || g.Level != 3 {
		t.Errorf("the oldest game reads back as %+v", g)
	}
}

// TestOpponentNameIsBounded: a name and a rating an archive holds are
// bounded like every other field: kept only for an online opponent, a name
// of at most 40 letters on one line, a rating between 0 and 9999.
func TestOpponentNameIsBounded(t *testing.T) {
	base := ArchivedGame{Variant: VariantBashni, Human: White, Result: ResultWhiteWins, Opponent: OpponentOnline}
	for _, tt := range []struct {
		name     string
		in       ArchivedGame
		wantName string
		rating   int
		prov     bool
	}{
		{"kept", ArchivedGame{Opponent: OpponentOnline, OpponentName: "alice", OpponentRating: 1500, OpponentProvisional: true}, "alice", 1500, true},
		{"a long name clipped", ArchivedGame{Opponent: OpponentOnline, OpponentName: strings.Repeat("я", 50)}, strings.Repeat("я", 40), 0, false},
		{"a line break", ArchivedGame{Opponent: OpponentOnline, OpponentName: "bob\nsmith"}, "bob smith", 0, false},
		{"a negative rating", ArchivedGame{Opponent: OpponentOnline, OpponentName: "c", OpponentRating: -5, OpponentProvisional: true}, "c", 0, false},
		{"a huge rating", ArchivedGame{Opponent: OpponentOnline, OpponentRating: 1 << 40}, "", 9999, false},
		{"not online", ArchivedGame{Opponent: OpponentFriend, OpponentName: "alice", OpponentRating: 1500}, "", 0, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := base
			g.Opponent, g.OpponentName, g.OpponentRating, g.OpponentProvisional = tt.in.Opponent, tt.in.OpponentName, tt.in.OpponentRating, tt.in.OpponentProvisional
			if err := g.Normalize(); err != nil {
				t.Fatal(err)
			}
			if g.OpponentName != tt.wantName || g.OpponentRating != tt.rating || g.OpponentProvisional != tt.prov {
				t.Errorf("got %q %d %v, want %q %d %v", g.OpponentName, g.OpponentRating, g.OpponentProvisional, tt.wantName, tt.rating, tt.prov)
			}
		})
	}
}
