package storage

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"

	"bashni/rules"
)

// TestSchema2ArchiveIsMigrated: testdata/archive-schema2/archive.json was
// written by the game before the archive kept codes. Read today, every game
// is there, in the same order, with its opponent and reason as codes and
// everything else as it was; the migrated archive is written back at once
// with schema 3 (the old file kept as the backup), so the next read
// migrates nothing.
func TestSchema2ArchiveIsMigrated(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "archive-schema2", "archive.json"))
	if err != nil {
		t.Fatal(err)
	}
	// The games as schema 2 had them: the reference for what must not change.
	var old struct {
		Data struct {
			Games []map[string]any `json:"games"`
		} `json:"data"`
	}
	if err := json.Unmarshal(data, &old); err != nil {
		t.Fatal(err)
	}
	want := []struct {
		opponent Opponent
		level    int
		human    Color
		result   Result
		reason   Reason
	}{
		{OpponentComputer, 4, White, ResultBlackWins, ReasonResignation},
		{OpponentOnline, 0, Black, ResultWhiteWins, ReasonResignation},
		{OpponentOnline, 0, White, ResultDraw, ReasonTime},
		{OpponentOnline, 0, Black, ResultDraw, ReasonAbandonment},
		{OpponentOnline, 0, White, ResultWhiteWins, ReasonAbandonment},
		{OpponentOnline, 0, Black, ResultBlackWins, ReasonTime},
		{OpponentOnline, 0, White, ResultBlackWins, ReasonTime},
		{OpponentComputer, 1, White, ResultDraw, ReasonNoProgress},
		{OpponentFriend, 0, Black, ResultDraw, ReasonRepetition},
		{OpponentFriend, 0, White, ResultDraw, ReasonAgreement},
		{OpponentComputer, 7, Black, ResultWhiteWins, ReasonResignation},
		{OpponentComputer, 2, White, ResultWhiteWins, ReasonNoMoves},
	}
	if len(old.Data.Games) != len(want) {
		t.Fatalf("the fixture has %d games, the test expects %d", len(old.Data.Games), len(want))
	}
	forEachStore(t, func(t *testing.T, s *Store) {
		mustWrite(t, s, "archive.json", data)
		games, notice := s.LoadArchive()
		if !notice.IsZero() || len(games) != len(want) {
			t.Fatalf("%d games, notice %q", len(games), notice)
		}
		for i, w := range want {
			g, o := games[i], old.Data.Games[i]
			if g.Opponent != w.opponent || g.Level != w.level || g.Reason != w.reason || g.OpponentText != "" || g.ReasonText != "" {
				t.Errorf("game %d: %q level %d, reason %q (texts %q, %q); want %q level %d, %q",
					i, g.Opponent, g.Level, g.Reason, g.OpponentText, g.ReasonText, w.opponent, w.level, w.reason)
			}
			if g.Human != w.human || g.Result != w.result || string(g.Variant) != o["variant"] || g.Record != o["record"] ||
				float64(g.Plies) != o["plies"] || g.Finished.Format("2006-01-02T15:04:05Z07:00") != o["finished"] {
				t.Errorf("game %d changed: %+v, was %v", i, g, o)
			}
		}
		// Migrated once: the file says schema 3 and the backup is the
		// file as it was.
		migrated := mustRead(t, s, "archive.json")
		if !bytes.Contains(migrated, []byte(schemaField(ArchiveSchema))) {
			t.Errorf("not written back with schema %d:\n%.200s", ArchiveSchema, migrated)
		}
		if backup := mustRead(t, s, "archive.json.bak"); !bytes.Equal(backup, data) {
			t.Errorf("the backup is not the schema 2 file:\n%.200s", backup)
		}
		again, notice := s.LoadArchive()
		if !notice.IsZero() || !reflect.DeepEqual(again, games) {
			t.Errorf("read again: %d games, notice %q", len(again), notice)
		}
		if now := mustRead(t, s, "archive.json"); !bytes.Equal(now, migrated) {
			t.Error("the second read wrote the archive again")
		}
	})
}

// TestUpgradeArchive2: what schema 2 wrote becomes a code; anything else is
// kept as text.
func TestUpgradeArchive2(t *testing.T) {
	for _, tt := range []struct{ name, in, want string }{
		{"computer", `{"games":[{"opponent":"Computer (level 7)","reason":"Black wins: White ran out of time."}]}`,
			`{"games":[{"opponent":"computer","level":7,"reason":"time"}]}`},
		{"friend", `{"games":[{"opponent":"Friend","reason":"Draw by agreement."}]}`, `{"games":[{"opponent":"friend","reason":"agreement"}]}`},
		{"online", `{"games":[{"opponent":"Black","reason":"White wins: Black left the game."}]}`, `{"games":[{"opponent":"online","reason":"abandonment"}]}`},
		{"itself", `{"games":[{"opponent":"Computer against itself"}]}`, `{"games":[{"opponent":"itself"}]}`},
		{"no reason", `{"games":[{"opponent":"Friend","reason":""}]}`, `{"games":[{"opponent":"friend"}]}`},
		{"unknown label", `{"games":[{"opponent":"Computer (level 9)","reason":"Draw: the cat sat on the board."}]}`,
			`{"games":[{"opponentText":"Computer (level 9)","reasonText":"Draw: the cat sat on the board."}]}`},
		{"not strings", `{"games":[{"opponent":3,"reason":false}]}`, `{"games":[{"opponent":3,"reason":false}]}`},
		{"entry not an object", `{"games":[7,{"opponent":"Friend"}]}`, `{"games":[7,{"opponent":"friend"}]}`},
		{"not an object", `[1]`, `[1]`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := upgradeArchive2(json.RawMessage(tt.in))
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

// TestArchivedTextsSurvive: a label kept as text loads, and an unknown kind
// or code is kept as text too.
func TestArchivedTextsSurvive(t *testing.T) {
	g := sampleArchivedGame(1)
	g.Opponent, g.Reason = "robot", "checkmate"
	if err := g.Normalize(); err != nil {
		t.Fatal(err)
	}
	if g.Opponent != "" || g.OpponentText != "robot" || g.Level != 0 || g.Reason != ReasonNone || g.ReasonText != "checkmate" {
		t.Errorf("normalised to %+v", g)
	}
}

// TestSchema2ReasonsAreWhatTheRulesWrote: the frozen sentences of the
// migration are every explanation schema 2 stored (rules.Outcome.Explain,
// unchanged since), each with its reason.
func TestSchema2ReasonsAreWhatTheRulesWrote(t *testing.T) {
	n := 0
	for r := rules.NoMoves; r <= rules.Abandonment; r++ {
		for _, res := range []rules.Result{rules.WhiteWins, rules.BlackWins, rules.Draw} {
			o := rules.Outcome{Result: res, Reason: r}
			draw := r == rules.Repetition || r == rules.NoProgress || r == rules.Agreement
			if (res == rules.Draw) != draw && r != rules.TimeOut && r != rules.Abandonment {
				continue // not a result the rules give for this reason
			}
			n++
			if got, ok := schema2Reasons[o.Explain()]; !ok || got != ReasonOf(r) {
				t.Errorf("%q: %q, %v; want %q", o.Explain(), got, ok, ReasonOf(r))
			}
		}
	}
	if n != len(schema2Reasons) {
		t.Errorf("%d explanations, %d frozen sentences", n, len(schema2Reasons))
	}
}

// TestGameSchema2ReasonIsACode: a finished saved game of schema 2 keeps its
// result, and its English reason becomes the code; a sentence schema 2
// never wrote is dropped.
func TestGameSchema2ReasonIsACode(t *testing.T) {
	for _, tc := range []struct {
		reason string
		want   Reason
	}{
		{"Black wins: White ran out of time.", ReasonTime},
		{"Draw by agreement.", ReasonAgreement},
		{"", ReasonNone},
		{"Draw: the cat sat on the board.", ReasonNone},
	} {
		doc := `{"schema": 2, "kind": "game", "data": {"variant": "Bashni", "moves": ["c3-d4"], "ply": 1, "opponent": "friend",
			"human": "white", "result": "0-1", "resultReason": ` + strconv.Quote(tc.reason) + `}}`
		g, err := GameDocument().Decode([]byte(doc))
		if err != nil || g.ResultReason != tc.want || g.Result != ResultBlackWins || len(g.Moves) != 1 {
			t.Errorf("%q: %+v, %v; want the reason %q", tc.reason, g, err, tc.want)
		}
	}
}
