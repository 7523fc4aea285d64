package storage

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// testTime is the fixed clock of test stores, so set-aside names and game
// timestamps are predictable.
var testTime = time.Date(2026, 11, 29, 20, 15, 0, 0, time.UTC)

const testStamp = "20261129T201500"

// storeMaker opens a fresh, empty store of one back end.
type storeMaker struct {
	name string
	open func(t *testing.T) *Store
}

// allStoreMakers lists the back ends of this platform plus memory; the
// contract tests run against each.
func allStoreMakers() []storeMaker {
	return append(platformStoreMakers(), storeMaker{"memory", func(t *testing.T) *Store {
		return withTestClock(OpenMemory())
	}})
}

func withTestClock(s *Store) *Store {
	s.now = func() time.Time { return testTime }
	return s
}

// forEachStore runs f as a subtest on a fresh store of every back end.
func forEachStore(t *testing.T, f func(t *testing.T, s *Store)) {
	for _, m := range allStoreMakers() {
		t.Run(m.name, func(t *testing.T) { f(t, m.open(t)) })
	}
}

func sampleSettings(i int) Settings {
	return Settings{
		Theme:             fmt.Sprintf("theme-%d", i),
		Volume:            float64(i%10) / 10,
		Muted:             i%2 == 1,
		AnimationSpeed:    SpeedFast,
		InstantAnimations: true,
		Input:             InputTapOnly,
		ShowCoordinates:   false,
		ShowDestinations:  i%2 == 0,
		FlipForBlack:      false,
		NewGame:           NewGameChoice{Variant: VariantLasca, Opponent: OpponentFriend, Level: MinLevel + i%MaxLevel, Side: SideRandom},
	}
}

func sampleGame(i int) SavedGame {
	moves := []string{"c3-d4", "f6-e5", "d4:f6", "g7:e5", "b2-c3", "h6-g5"}
	return SavedGame{
		Variant:      VariantBashni,
		Moves:        moves,
		Ply:          i % (len(moves) + 1),
		Opponent:     OpponentComputer,
		Level:        1 + i%6,
		Human:        Black,
		ResultReason: "",
		Started:      testTime.Add(-time.Hour),
		Updated:      testTime,
	}
}

func sampleArchivedGame(i int) ArchivedGame {
	return ArchivedGame{
		Finished: testTime.Add(time.Duration(i) * time.Minute),
		Variant:  VariantLasca,
		Opponent: OpponentComputer,
		Level:    1 + i%6,
		Human:    White,
		Result:   ResultDraw,
		Reason:   ReasonRepetition,
		Plies:    i,
		Record: "[Event \"Casual game\"]\n[Variant \"Lasca\"]\n[Result \"1/2-1/2\"]\n\n" +
			fmt.Sprintf("1. c3-d4 e5-f4 %d. b2-c3 1/2-1/2\n", i),
	}
}

// sampleArchive is an archive of n games, newest first.
func sampleArchive(n int) Archive {
	var a Archive
	for i := n; i >= 1; i-- {
		a.Games = append(a.Games, sampleArchivedGame(i))
	}
	return a
}

// docCase drives one document kind through the generic contract tests.
type docCase struct {
	file   string
	schema int // the schema it is saved with
	save   func(s *Store, version int) error
	load   func(s *Store) (v any, found bool, notice Notice)
	value  func(version int) any // what load returns after save(version)
	fresh  any                   // what load returns when nothing is usable
	// badValue breaks a good encoding in a way only Check notices, or
	// makes a field the wrong JSON type.
	badValue func(data []byte) []byte
}

func docCases() []docCase {
	return []docCase{
		{
			file:   "settings.json",
			schema: SettingsSchema,
			save:   func(s *Store, i int) error { return s.SaveSettings(sampleSettings(i)) },
			load: func(s *Store) (any, bool, Notice) {
				v, found, notice := SettingsDocument().Load(s)
				return v, found, notice
			},
			value: func(i int) any { return sampleSettings(i) },
			fresh: Defaults(),
			badValue: func(data []byte) []byte {
				return replaceOnce(data, `"muted": `, `"muted": "loud", "x": `)
			},
		},
		{
			file:   "game.json",
			schema: GameSchema,
			save:   func(s *Store, i int) error { return s.SaveGame(sampleGame(i)) },
			load: func(s *Store) (any, bool, Notice) {
				v, found, notice := s.LoadGame()
				return v, found, notice
			},
			value: func(i int) any { return sampleGame(i) },
			fresh: SavedGame{},
			badValue: func(data []byte) []byte {
				return replaceOnce(data, `"ply": `, `"ply": 99, "x": `)
			},
		},
		{
			file:   "archive.json",
			schema: ArchiveSchema,
			save:   func(s *Store, i int) error { return ArchiveDocument().Save(s, sampleArchive(i)) },
			load: func(s *Store) (any, bool, Notice) {
				v, found, notice := ArchiveDocument().Load(s)
				return v, found, notice
			},
			value: func(i int) any { return sampleArchive(i) },
			fresh: Archive{},
			badValue: func(data []byte) []byte {
				return replaceOnce(data, `"games": [`, `"games": {"x": [`)
			},
		},
	}
}

// replaceOnce replaces the first old in data, failing loudly (through a
// result that cannot decode) if old is missing so a stale test shows up.
func replaceOnce(data []byte, old, new string) []byte {
	s := string(data)
	if !strings.Contains(s, old) {
		return []byte("replaceOnce: missing " + old)
	}
	return []byte(strings.Replace(s, old, new, 1))
}

// damage is one way a saved file goes bad.
type damage struct {
	name  string
	apply func(dc docCase, data []byte) []byte
	// aside is the reason part of the set-aside name.
	aside string
}

func damages() []damage {
	return []damage{
		{"truncated", func(_ docCase, d []byte) []byte { return d[:len(d)/2] }, "broken"},
		{"empty", func(_ docCase, d []byte) []byte { return nil }, "broken"},
		{"garbage", func(_ docCase, d []byte) []byte { return []byte("\x00\xff{not json\n") }, "broken"},
		{"not an object", func(_ docCase, d []byte) []byte { return []byte(`[1, 2, 3]`) }, "broken"},
		{"no schema", func(dc docCase, d []byte) []byte { return replaceOnce(d, schemaField(dc.schema), "") }, "broken"},
		{"future schema", func(dc docCase, d []byte) []byte { return replaceOnce(d, schemaField(dc.schema), `"schema": 7,`) }, "newer"},
		{"wrong kind", func(_ docCase, d []byte) []byte { return replaceOnce(d, `"kind": "`, `"kind": "x`) }, "broken"},
		{"no data", func(dc docCase, d []byte) []byte {
			return fmt.Appendf(nil, `{"schema": %d, "kind": %q}`, dc.schema, kindOf(d))
		}, "broken"},
		{"bad value", func(dc docCase, d []byte) []byte { return dc.badValue(d) }, "broken"},
	}
}

// schemaField is the envelope's schema field as Encode writes it.
func schemaField(schema int) string { return fmt.Sprintf(`"schema": %d,`, schema) }

// kindOf extracts the "kind" of an encoded document.
func kindOf(data []byte) string {
	_, after, _ := strings.Cut(string(data), `"kind": "`)
	kind, _, _ := strings.Cut(after, `"`)
	return kind
}

func mustRead(t *testing.T, s *Store, name string) []byte {
	t.Helper()
	data, err := s.backend.read(name)
	if err != nil {
		t.Fatalf("reading %s: %v", name, err)
	}
	return data
}

func mustWrite(t *testing.T, s *Store, name string, data []byte) {
	t.Helper()
	if err := s.backend.write(name, data); err != nil {
		t.Fatalf("writing %s: %v", name, err)
	}
}

func exists(t *testing.T, s *Store, name string) bool {
	t.Helper()
	_, err := s.backend.read(name)
	return err == nil
}

func checkOneLine(t *testing.T, n Notice) {
	t.Helper()
	if strings.ContainsAny(n.String(), "\r\n") {
		t.Errorf("notice is not one line: %q", n)
	}
}
