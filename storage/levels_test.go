package storage

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// The files in testdata/levels1-6 were written by the storage code of
// commit e97c113, the last with levels 1–6 (schema 1 of the saved game).
// Their computer games must keep their strength: level n of that scale is
// level n+1 today.
func TestSchema1GamesKeepTheirStrength(t *testing.T) {
	for _, tt := range []struct {
		file     string
		opponent Opponent
		level    int
	}{
		{"game-level1.json", OpponentComputer, 2},
		{"game-level3.json", OpponentComputer, 4},
		{"game-level6.json", OpponentComputer, 7},
		{"game-friend.json", OpponentFriend, 0},
	} {
		t.Run(tt.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", "levels1-6", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(data), schemaField(1)) {
				t.Fatalf("%s is not a schema-1 document", tt.file)
			}
			forEachStore(t, func(t *testing.T, s *Store) {
				mustWrite(t, s, "game.json", data)
				g, found, notice := s.LoadGame()
				if !found || !notice.IsZero() {
					t.Fatalf("LoadGame: found=%v notice=%q", found, notice)
				}
				if g.Opponent != tt.opponent || g.Level != tt.level {
					t.Errorf("opponent %q level %d, want %q level %d", g.Opponent, g.Level, tt.opponent, tt.level)
				}
				wantMoves := []string{"c3-d4", "f6-e5", "d4:f6", "g7:e5"}
				if !reflect.DeepEqual(g.Moves, wantMoves) || g.Ply != 3 || g.Human != Black || g.Variant != VariantBashni {
					t.Errorf("the rest of the game changed: %#v", g)
				}
				// Saved again it is today's schema and loads at the same
				// level: the upgrade happens once.
				if err := s.SaveGame(g); err != nil {
					t.Fatal(err)
				}
				if data := mustRead(t, s, "game.json"); !strings.Contains(string(data), schemaField(GameSchema)) {
					t.Errorf("saved as:\n%s", data)
				}
				again, found, notice := s.LoadGame()
				if !found || !notice.IsZero() || again.Level != tt.level {
					t.Errorf("reloaded: found=%v notice=%q level %d, want %d", found, notice, again.Level, tt.level)
				}
			})
		})
	}
}

// TestUpgradeGame: the level of a schema-1 game against the computer is
// clamped to 1–6 as schema 1 read it, then raised by one; nothing else
// changes, and what is not a game is left for Decode and Normalize to
// reject.
func TestUpgradeGame(t *testing.T) {
	for _, tt := range []struct {
		name, data string
		level      int    // the level loaded, when wantErr is ""
		wantErr    string // from Decode
	}{
		{"level 2", `{"opponent": "computer", "level": 2}`, 3, ""},
		{"opponent letter case", `{"opponent": " Computer", "level": 5}`, 6, ""},
		{"missing level", `{"opponent": "computer"}`, 2, ""},
		{"level 0", `{"opponent": "computer", "level": 0}`, 2, ""},
		{"level above 6", `{"opponent": "computer", "level": 60}`, 7, ""},
		{"friend", `{"opponent": "friend", "level": 3}`, 0, ""},
		{"level not a number", `{"opponent": "computer", "level": "three"}`, 0, "level:"},
		{"unknown opponent", `{"opponent": "cat", "level": 3}`, 0, "unknown opponent"},
		{"opponent not a string", `{"opponent": 7, "level": 3}`, 0, "opponent"},
		{"data not an object", `[1, 2]`, 0, "cannot unmarshal array"},
		{"no data", `null`, 0, "no data"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			data := tt.data
			// Complete an object to a game around the fields under test.
			var fields map[string]any
			if json.Unmarshal([]byte(tt.data), &fields) == nil && fields != nil {
				fields["variant"], fields["moves"], fields["ply"], fields["human"] = "bashni", []string{"c3-d4"}, 1, "white"
				b, _ := json.Marshal(fields)
				data = string(b)
			}
			doc := `{"schema": 1, "kind": "game", "data": ` + data + `}`
			g, err := GameDocument().Decode([]byte(doc))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Decode = %v, want an error about %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if g.Level != tt.level || !reflect.DeepEqual(g.Moves, []string{"c3-d4"}) {
				t.Errorf("level %d moves %v, want level %d", g.Level, g.Moves, tt.level)
			}
		})
	}
	// Schema 2 documents are read as they are.
	g, err := GameDocument().Decode([]byte(`{"schema": 2, "kind": "game", "data": {"variant": "bashni", "moves": [], "opponent": "computer", "level": 1, "human": "white"}}`))
	if err != nil || g.Level != 1 {
		t.Errorf("schema 2, level 1: got level %d, %v", g.Level, err)
	}
}

// TestSchema1ArchiveIsRelabelled: testdata/levels1-6/archive.json was
// written by the game of commit e97c113 (games against levels 6, 1 and 4 and
// a friend). Loaded today, the computer's level and the record's tag name
// the same strength on today's scale; the opponent and the reason become
// codes (schema 3); nothing else changes.
func TestSchema1ArchiveIsRelabelled(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "levels1-6", "archive.json"))
	if err != nil {
		t.Fatal(err)
	}
	old, err := Document[Archive]{Name: "archive", Schema: 1}.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	forEachStore(t, func(t *testing.T, s *Store) {
		mustWrite(t, s, "archive.json", data)
		games, notice := s.LoadArchive()
		if !notice.IsZero() || len(games) != len(old.Games) {
			t.Fatalf("%d games, notice %q", len(games), notice)
		}
		for i, want := range []struct {
			opponent Opponent
			level    int
			tag      string
		}{
			{OpponentComputer, 7, `[Black "Computer (level 7)"]`},
			{OpponentComputer, 2, `[White "Computer (level 2)"]`},
			{OpponentFriend, 0, `[White "White"]`},
			{OpponentComputer, 5, `[Black "Computer (level 5)"]`},
		} {
			g := games[i]
			if g.Opponent != want.opponent || g.Level != want.level || !strings.Contains(g.Record, want.tag+"\n") {
				t.Errorf("game %d: opponent %q level %d, record\n%s\nwant %q %d and %s", i, g.Opponent, g.Level, g.Record, want.opponent, want.level, want.tag)
			}
			// Only the level's digit differs from what was archived.
			o := old.Games[i]
			if len(g.Record) != len(o.Record) || strings.Count(g.Record, "\n") != strings.Count(o.Record, "\n") {
				t.Errorf("game %d: the record changed beyond its level", i)
			}
			if g.Reason == ReasonNone || g.ReasonText != "" {
				t.Errorf("game %d: reason %q (text %q), was %q", i, g.Reason, g.ReasonText, o.ReasonText)
			}
			g.Opponent, g.Level, g.Record, g.Reason = "", 0, "", ""
			o.Opponent, o.Level, o.Record, o.Reason, o.ReasonText = "", 0, "", "", ""
			if !reflect.DeepEqual(g, o) {
				t.Errorf("game %d changed: %#v, was %#v", i, g, o)
			}
		}
		// Reading it wrote schema 3; archiving one more game relabels
		// nothing twice.
		if data := mustRead(t, s, "archive.json"); !strings.Contains(string(data), schemaField(ArchiveSchema)) {
			t.Errorf("saved as:\n%s", data)
		}
		if _, err := s.AddToArchive(sampleArchivedGame(9)); err != nil {
			t.Fatal(err)
		}
		again, _ := s.LoadArchive()
		if len(again) != len(games)+1 || again[1].Level != 7 || again[2].Level != 2 {
			t.Errorf("after another game: %d games, levels %d, %d", len(again), again[1].Level, again[2].Level)
		}
	})
}

// TestUpgradeArchive: entries that are not games, and labels that are not
// the computer's level, pass through the relabelling untouched.
func TestUpgradeArchive(t *testing.T) {
	for _, tt := range []struct{ name, in, want string }{
		{"computer", `{"games":[{"opponent":"Computer (level 3)"}]}`, `{"games":[{"opponent":"Computer (level 4)"}]}`},
		{"watching", `{"games":[{"opponent":"Computer against itself"}]}`, `{"games":[{"opponent":"Computer against itself"}]}`},
		{"not a level of schema 1", `{"games":[{"opponent":"Computer (level 9)"}]}`, `{"games":[{"opponent":"Computer (level 9)"}]}`},
		{"a tag in the record", `{"games":[{"record":"[White \"Computer (level 6)\"]\n[Black \"Player\"]\n\n1. c3-d4 *"}]}`,
			`{"games":[{"record":"[White \"Computer (level 7)\"]\n[Black \"Player\"]\n\n1. c3-d4 *"}]}`},
		{"the label in a comment is not a tag", `{"games":[{"record":"1. c3-d4 {Computer (level 2)} *"}]}`, `{"games":[{"record":"1. c3-d4 {Computer (level 2)} *"}]}`},
		{"entry not an object", `{"games":[7,{"opponent":"Computer (level 1)"}]}`, `{"games":[7,{"opponent":"Computer (level 2)"}]}`},
		{"games not a list", `{"games":{"x":1}}`, `{"games":{"x":1}}`},
		{"not an object", `[1]`, `[1]`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := upgradeArchive1(json.RawMessage(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			var g, w any
			if err := json.Unmarshal(got, &g); err != nil {
				t.Fatalf("%s: %v", got, err)
			}
			json.Unmarshal([]byte(tt.want), &w)
			if !reflect.DeepEqual(g, w) {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}
