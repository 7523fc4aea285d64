package storage

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestSettingsNormalize(t *testing.T) {
	def := Defaults()
	with := func(change func(*Settings)) Settings {
		s := Defaults()
		change(&s)
		return s
	}
	tests := []struct {
		name     string
		in, want Settings
	}{
		{"defaults stay", def, def},
		{"volume above 1", with(func(s *Settings) { s.Volume = 7 }), with(func(s *Settings) { s.Volume = 1 })},
		{"volume below 0", with(func(s *Settings) { s.Volume = -0.5 }), with(func(s *Settings) { s.Volume = 0 })},
		{"volume NaN", with(func(s *Settings) { s.Volume = math.NaN() }), def},
		{"volume infinite", with(func(s *Settings) { s.Volume = math.Inf(1) }), def},
		{"empty theme", with(func(s *Settings) { s.Theme = "  " }), def},
		{"theme trimmed to one line", with(func(s *Settings) { s.Theme = " dark\nwood " }), with(func(s *Settings) { s.Theme = "dark wood" })},
		{"theme too long", with(func(s *Settings) { s.Theme = strings.Repeat("ж", 100) }), with(func(s *Settings) { s.Theme = strings.Repeat("ж", maxThemeRunes) })},
		{"speed letter case", with(func(s *Settings) { s.AnimationSpeed = "FAST" }), with(func(s *Settings) { s.AnimationSpeed = SpeedFast })},
		{"unknown speed", with(func(s *Settings) { s.AnimationSpeed = "ludicrous" }), def},
		{"unknown input", with(func(s *Settings) { s.Input = "telepathy" }), def},
		{"drag only kept", with(func(s *Settings) { s.Input = InputDragOnly }), with(func(s *Settings) { s.Input = InputDragOnly })},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.in
			got.Normalize()
			if got != tt.want {
				t.Errorf("got %#v\nwant %#v", got, tt.want)
			}
		})
	}
}

func TestSettingsHelpers(t *testing.T) {
	for _, tt := range []struct {
		mode      InputMode
		tap, drag bool
	}{{InputTapAndDrag, true, true}, {InputTapOnly, true, false}, {InputDragOnly, false, true}} {
		if tt.mode.AllowsTap() != tt.tap || tt.mode.AllowsDrag() != tt.drag {
			t.Errorf("%s: tap=%v drag=%v", tt.mode, tt.mode.AllowsTap(), tt.mode.AllowsDrag())
		}
	}
	if SpeedSlow.Multiplier() >= SpeedNormal.Multiplier() || SpeedNormal.Multiplier() >= SpeedFast.Multiplier() {
		t.Error("speed multipliers are not increasing")
	}
}

// Fields missing from a saved file (written before they existed) keep their
// defaults instead of becoming false or zero.
func TestSettingsMissingFieldsKeepDefaults(t *testing.T) {
	got, err := SettingsDocument().Decode([]byte(`{"schema": 1, "kind": "settings", "data": {"volume": 0.25}}`))
	if err != nil {
		t.Fatal(err)
	}
	want := Defaults()
	want.Volume = 0.25
	if got != want {
		t.Errorf("got %#v\nwant %#v", got, want)
	}
}

func TestSavedGameNormalize(t *testing.T) {
	with := func(change func(*SavedGame)) SavedGame {
		g := sampleGame(3)
		change(&g)
		return g
	}
	good := sampleGame(3)
	tests := []struct {
		name    string
		in      SavedGame
		want    SavedGame // when wantErr is ""
		wantErr string
	}{
		{"sample is valid", good, good, ""},
		{"variant letter case", with(func(g *SavedGame) { g.Variant = "bAsHnI" }), good, ""},
		{"moves lower-cased, x becomes colon", with(func(g *SavedGame) { g.Moves = []string{"C3-D4", "f6-e5", "D4XF6"}; g.Ply = 3 }),
			with(func(g *SavedGame) { g.Moves = []string{"c3-d4", "f6-e5", "d4:f6"}; g.Ply = 3 }), ""},
		{"level clamped up", with(func(g *SavedGame) { g.Level = 0 }), with(func(g *SavedGame) { g.Level = MinLevel }), ""},
		{"level clamped down", with(func(g *SavedGame) { g.Level = 60 }), with(func(g *SavedGame) { g.Level = MaxLevel }), ""},
		{"friend has no level", with(func(g *SavedGame) { g.Opponent = OpponentFriend }), with(func(g *SavedGame) { g.Opponent = OpponentFriend; g.Level = 0 }), ""},
		{"star result is none", with(func(g *SavedGame) { g.Result = "*" }), good, ""},
		{"finished game", with(func(g *SavedGame) { g.Result = ResultBlackWins; g.ResultReason = " No-Moves\n" }),
			with(func(g *SavedGame) { g.Result = ResultBlackWins; g.ResultReason = ReasonNoMoves }), ""},
		{"unknown reason", with(func(g *SavedGame) { g.Result = ResultBlackWins; g.ResultReason = "checkmate" }),
			with(func(g *SavedGame) { g.Result = ResultBlackWins }), ""},
		{"start FEN kept", with(func(g *SavedGame) { g.StartFEN = " W:Wc3-0:Bf6-0:H0:F1 " }), with(func(g *SavedGame) { g.StartFEN = "W:Wc3-0:Bf6-0:H0:F1" }), ""},
		{"cursor at end", with(func(g *SavedGame) { g.Ply = len(g.Moves) }), with(func(g *SavedGame) { g.Ply = len(g.Moves) }), ""},
		{"no moves yet", with(func(g *SavedGame) { g.Moves = nil; g.Ply = 0 }), with(func(g *SavedGame) { g.Moves = nil; g.Ply = 0 }), ""},
		{"unknown variant", with(func(g *SavedGame) { g.Variant = "chess" }), SavedGame{}, "unknown variant"},
		{"cursor past the end", with(func(g *SavedGame) { g.Ply = len(g.Moves) + 1 }), SavedGame{}, "move cursor"},
		{"negative cursor", with(func(g *SavedGame) { g.Ply = -1 }), SavedGame{}, "move cursor"},
		{"light square", with(func(g *SavedGame) { g.Moves[0] = "c4-d5" }), SavedGame{}, "not a move"},
		{"off the Lasca board", with(func(g *SavedGame) { g.Variant = VariantLasca; g.Moves = []string{"g7-h8"}; g.Ply = 1 }), SavedGame{}, "not a move"},
		{"capture written with dash", with(func(g *SavedGame) { g.Moves[0] = "a3-c5-e7" }), SavedGame{}, "not a move"},
		{"half a move", with(func(g *SavedGame) { g.Moves[0] = "c3" }), SavedGame{}, "not a move"},
		{"unknown opponent", with(func(g *SavedGame) { g.Opponent = "cat" }), SavedGame{}, "unknown opponent"},
		{"unknown colour", with(func(g *SavedGame) { g.Human = "red" }), SavedGame{}, "unknown colour"},
		{"unknown result", with(func(g *SavedGame) { g.Result = "2-0" }), SavedGame{}, "unknown result"},
		{"FEN without side", with(func(g *SavedGame) { g.StartFEN = "Wc3" }), SavedGame{}, "start position"},
		{"too many moves", with(func(g *SavedGame) { g.Moves = make([]string, maxGameMoves+1) }), SavedGame{}, "more than a game"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.in
			err := got.Normalize()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Normalize() = %v, want an error about %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Normalize() = %v", err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %#v\nwant %#v", got, tt.want)
			}
		})
	}
}

// Saving must not rewrite the caller's move list behind its back.
func TestSaveGameLeavesCallerSliceAlone(t *testing.T) {
	s := withTestClock(OpenMemory())
	g := sampleGame(2)
	g.Moves = []string{"C3-D4", "F6-E5"}
	if err := s.SaveGame(g); err != nil {
		t.Fatal(err)
	}
	if g.Moves[0] != "C3-D4" {
		t.Errorf("caller's move list changed to %q", g.Moves)
	}
}

func TestSaveGameRefusesInvalidGame(t *testing.T) {
	s := withTestClock(OpenMemory())
	if err := s.SaveGame(sampleGame(1)); err != nil {
		t.Fatal(err)
	}
	bad := sampleGame(2)
	bad.Ply = 99
	if err := s.SaveGame(bad); err == nil || !strings.Contains(err.Error(), "not saving game.json: move cursor") {
		t.Errorf("SaveGame(bad) = %v, want a refusal", err)
	}
	if got, _, _ := s.LoadGame(); !reflect.DeepEqual(got, sampleGame(1)) {
		t.Errorf("previous game replaced by %#v", got)
	}
	if err := s.SaveGame(SavedGame{}); err == nil {
		t.Error("saved an empty game")
	}
}

func TestSaveGameStampsTimes(t *testing.T) {
	s := withTestClock(OpenMemory())
	g := sampleGame(1)
	g.Started, g.Updated = time.Time{}, testTime.Add(-time.Hour)
	if err := s.SaveGame(g); err != nil {
		t.Fatal(err)
	}
	got, _, _ := s.LoadGame()
	if !got.Started.Equal(testTime) || !got.Updated.Equal(testTime) {
		t.Errorf("Started %v, Updated %v; want both %v", got.Started, got.Updated, testTime)
	}
	// A set start time is kept.
	got.Started = testTime.Add(-24 * time.Hour)
	if err := s.SaveGame(got); err != nil {
		t.Fatal(err)
	}
	if again, _, _ := s.LoadGame(); !again.Started.Equal(got.Started) {
		t.Errorf("Started changed to %v", again.Started)
	}
}

func TestArchiveNormalizeDropsBadEntries(t *testing.T) {
	bad := sampleArchivedGame(2)
	bad.Result = "*"
	huge := sampleArchivedGame(3)
	huge.Record = strings.Repeat("x", maxRecordBytes+1)
	messy := sampleArchivedGame(4)
	messy.Opponent, messy.Level, messy.Plies, messy.Result = " Computer\n", 12, -3, " 1-0 "
	a := Archive{Games: []ArchivedGame{sampleArchivedGame(1), bad, huge, messy}}
	a.Normalize()
	tidy := sampleArchivedGame(4)
	tidy.Opponent, tidy.Level, tidy.Plies, tidy.Result = OpponentComputer, MaxLevel, 0, ResultWhiteWins
	if want := []ArchivedGame{sampleArchivedGame(1), tidy}; !reflect.DeepEqual(a.Games, want) {
		t.Errorf("got %#v\nwant %#v", a.Games, want)
	}
}

// Document is the generic mechanism; a later document kind with an older
// schema on disk is upgraded on load.
func TestDocumentUpgrade(t *testing.T) {
	type statsV2 struct {
		Wins  int `json:"wins"`
		Games int `json:"games"`
	}
	doc := Document[statsV2]{
		Name: "stats", Label: "statistics file", Schema: 2,
		Upgrade: func(schema int, data json.RawMessage) (json.RawMessage, error) {
			// Schema 1 called the field "won".
			var v1 struct{ Won, Games int }
			if err := json.Unmarshal(data, &v1); err != nil {
				return nil, err
			}
			return json.Marshal(statsV2{Wins: v1.Won, Games: v1.Games})
		},
	}
	s := withTestClock(OpenMemory())
	mustWrite(t, s, "stats.json", []byte(`{"schema": 1, "kind": "stats", "data": {"won": 3, "games": 5}}`))
	got, found, notice := doc.Load(s)
	if !found || !notice.IsZero() || got != (statsV2{Wins: 3, Games: 5}) {
		t.Errorf("Load = %#v, %v, %q", got, found, notice)
	}
	if err := doc.Save(s, got); err != nil {
		t.Fatal(err)
	}
	if data := mustRead(t, s, "stats.json"); !strings.Contains(string(data), `"schema": 2`) {
		t.Errorf("saved without the new schema:\n%s", data)
	}

	// Without an upgrader an older schema counts as damaged.
	doc.Upgrade = nil
	mustWrite(t, s, "stats.json", []byte(`{"schema": 1, "kind": "stats", "data": {"won": 3}}`))
	if _, found, notice := doc.Load(s); found || !strings.Contains(notice.String(), "schema 1 is too old") {
		t.Errorf("found=%v notice=%q, want the old schema refused", found, notice)
	}
}

func TestDocumentNamesAreChecked(t *testing.T) {
	s := withTestClock(OpenMemory())
	for _, name := range []string{"", "../evil", "Settings", "a b", ".hidden"} {
		doc := Document[int]{Name: name, Schema: 1}
		if err := doc.Save(s, 1); err == nil {
			t.Errorf("saved a document named %q", name)
		}
		if _, found, notice := doc.Load(s); found || notice.IsZero() {
			t.Errorf("loading %q: found=%v notice=%q", name, found, notice)
		}
	}
	if err := (Document[int]{Name: "ok"}).Save(s, 1); err == nil {
		t.Error("saved a document without a schema version")
	}
}

func TestNoticesAreOneLine(t *testing.T) {
	if got := oneLine(errors.New("a\nb  c\r\n d ")); got != "a b c d" {
		t.Errorf("oneLine = %q", got)
	}
}

// Nothing is written larger than the reader accepts: an archive of long
// records whose characters JSON escapes drops its oldest games to fit
// (written whole it would be taken for damage and set aside, all its games
// lost), and Encode refuses an oversized document.
func TestDocumentsFitTheReader(t *testing.T) {
	// One back end is enough: the limit is the documents' own; encoding
	// 16 MB over and over takes a while.
	func(t *testing.T, s *Store) {
		long := strings.Repeat(`"`, maxRecordBytes) // 128 KiB once escaped
		var full Archive
		for i := 127; i >= 1; i-- { // 16.7 MB: just fits
			g := sampleArchivedGame(i)
			g.Record = long
			full.Games = append(full.Games, g)
		}
		if err := ArchiveDocument().Save(s, full); err != nil {
			t.Fatal(err)
		}
		for i := 128; i <= 129; i++ {
			g := sampleArchivedGame(i)
			g.Record = long
			if _, err := s.AddToArchive(g); err != nil {
				t.Fatalf("game %d: %v", i, err)
			}
		}
		data := mustRead(t, s, "archive.json")
		games, notice := s.LoadArchive()
		t.Logf("archive.json: %d bytes, %d games kept", len(data), len(games))
		if !notice.IsZero() || len(data) > maxDocumentBytes || len(games) < 100 || len(games) > 127 || games[0].Plies != 129 || games[1].Plies != 128 {
			t.Errorf("archive.json has %d bytes and %d games (notice %q)", len(data), len(games), notice)
		}
		_, err := ArchiveDocument().Encode(Archive{Games: slices.Repeat([]ArchivedGame{{Variant: VariantBashni, Result: ResultDraw, Human: White, Record: long}}, 200)})
		if err == nil || !strings.Contains(err.Error(), "more than the") {
			t.Errorf("Encode of an oversized archive: %v", err)
		}
	}(t, allStoreMakers()[0].open(t))
}
