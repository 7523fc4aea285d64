package storage

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// The fuzzers feed arbitrary bytes to Load as the stored document and check
// that it never panics, that the notice is one line, that a damaged
// document is set aside intact, and that whatever loads saves and loads
// again unchanged (so Check is idempotent and never lets through a value
// that cannot be saved).
//
// testdata/fuzz holds only inputs that once failed, kept as regression
// tests (a plain go test runs them with the seeds below): the six
// FuzzArchivedGameFields inputs failed before texts were kept valid UTF-8
// (commit 057cc0e). To look for new failures, fuzz one target at a time:
//
//	go test -run XXX -fuzz FuzzSavedGameFields -fuzztime 2m ./storage
//
// The inputs the fuzzer finds interesting stay in its cache ($(go env
// GOCACHE)/fuzz), not here; an input that fails is written to
// testdata/fuzz/<Fuzzer>/ by go test: commit it with the fix.

func FuzzLoadSettings(f *testing.F) {
	fuzzDocument(f, SettingsDocument(), Defaults(), sampleSettings(3))
}

func FuzzLoadGame(f *testing.F) {
	g := sampleGame(2)
	g.StartFEN = "B:Wc3-0:Bf6-1/00:H3:F12"
	g.Result, g.ResultReason = ResultBlackWins, ReasonNoMoves
	fuzzDocument(f, GameDocument(), sampleGame(1), g)
}

func FuzzLoadArchive(f *testing.F) {
	fuzzDocument(f, ArchiveDocument(), Archive{}, sampleArchive(2))
}

func fuzzDocument[T any](f *testing.F, doc Document[T], seeds ...T) {
	for _, seed := range seeds {
		data, err := doc.Encode(seed)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		f.Add(data[:len(data)/2])
		f.Add([]byte(strings.Replace(string(data), fmt.Sprintf(`"schema": %d`, doc.Schema), fmt.Sprintf(`"schema": %d`, doc.Schema+1), 1)))
	}
	f.Add([]byte(`{"schema": 1, "kind": "` + doc.Name + `", "data": {}}`))
	f.Add([]byte(`{"schema": 1, "kind": "` + doc.Name + `", "data": null}`))
	f.Add([]byte(`{"schema": -1}`))
	f.Add([]byte("\x00\xff"))

	f.Fuzz(func(t *testing.T, data []byte) {
		s := withTestClock(OpenMemory())
		mustWrite(t, s, doc.fileName(), data)
		v, found, notice := doc.Load(s)
		checkOneLine(t, notice)
		if !found {
			if notice.IsZero() {
				t.Fatal("nothing found and no notice, though a document was stored")
			}
			aside, err := namesWithPrefix(s.backend, doc.fileName()+".")
			if err != nil || len(aside) != 1 {
				t.Fatalf("set-aside copies %q (%v), want one", aside, err)
			}
			if kept := mustRead(t, s, aside[0]); string(kept) != string(data) {
				t.Fatalf("set-aside copy differs from the damaged data")
			}
			return
		}
		if !notice.IsZero() {
			t.Fatalf("found with notice %q", notice)
		}
		if err := doc.Save(s, v); err != nil {
			t.Fatalf("a loaded document cannot be saved: %v", err)
		}
		again, found, notice := doc.Load(s)
		if !found || !notice.IsZero() {
			t.Fatalf("reload: found=%v notice=%q", found, notice)
		}
		if !reflect.DeepEqual(again, v) {
			t.Fatalf("reload changed the document:\n was %#v\n now %#v", v, again)
		}
	})
}

// The field fuzzers reach the checks directly, which byte-level fuzzing of
// whole documents rarely gets past the JSON parser to do: whatever Normalize
// accepts must survive a save and load unchanged and be left alone by a
// second Normalize.

func FuzzSettingsFields(f *testing.F) {
	f.Add("classic", 0.8, "normal", "tap-and-drag", true, "Bashni", "computer", 4, "white")
	f.Add(" dark\twood ", -3.5, "FAST", "drag", false, "LASCA", "Friend", 0, " Random")
	f.Add(strings.Repeat("é", 70), 1e308, "", "telepathy", true, "chess", "", 99, "b")
	f.Fuzz(func(t *testing.T, theme string, volume float64, speed, input string, flag bool, variant, opponent string, level int, side string) {
		in := Settings{
			Theme: theme, Volume: volume, Muted: flag, AnimationSpeed: AnimationSpeed(speed),
			InstantAnimations: !flag, Input: InputMode(input), ShowCoordinates: flag,
			NewGame: NewGameChoice{Variant: Variant(variant), Opponent: Opponent(opponent), Level: level, Side: Color(side)},
		}
		checkFieldRoundTrip(t, SettingsDocument(), in, func(s *Settings) error { s.Normalize(); return nil })
	})
}

func FuzzSavedGameFields(f *testing.F) {
	f.Add("Bashni", "", "c3-d4 f6-e5 d4:f6", 2, "computer", 4, "white", "", "")
	f.Add("lasca", "B:Wc3-0:Bf6-1/00:H3:F12", "A3XC5XE7", 1, "Friend", 9, "B", "0-1", "no\nmoves")
	f.Add("bashni", "W:", "h8-g7 g7-h8", 3, "computer", -1, "black", "*", "")
	f.Fuzz(func(t *testing.T, variant, fen, moves string, ply int, opponent string, level int, human, result, reason string) {
		in := SavedGame{
			Variant: Variant(variant), StartFEN: fen, Moves: strings.Fields(moves), Ply: ply,
			Opponent: Opponent(opponent), Level: level, Human: Color(human),
			Result: Result(result), ResultReason: Reason(reason), Started: testTime,
		}
		checkFieldRoundTrip(t, GameDocument(), in, (*SavedGame).Normalize)
	})
}

func FuzzArchivedGameFields(f *testing.F) {
	f.Add("Lasca", "computer", "white", "1/2-1/2", "repetition", 40, "1. c3-d4 *")
	f.Add("Lasca", "Computer (level 4)", "white", "1/2-1/2", "Draw by agreement.", 40, "1. c3-d4 *")
	f.Add("BASHNI", "Friend\n", "b", " 1-0", "", -5, "")
	f.Fuzz(func(t *testing.T, variant, opponent, human, result, reason string, plies int, record string) {
		in := Archive{Games: []ArchivedGame{{
			Finished: testTime, Variant: Variant(variant), Opponent: Opponent(opponent), Human: Color(human),
			Result: Result(result), Reason: Reason(reason), Plies: plies, Record: record,
		}}}
		checkFieldRoundTrip(t, ArchiveDocument(), in, func(a *Archive) error { a.Normalize(); return nil })
	})
}

func checkFieldRoundTrip[T any](t *testing.T, doc Document[T], in T, normalize func(*T) error) {
	t.Helper()
	if err := normalize(&in); err != nil {
		if _, encErr := doc.Encode(in); encErr == nil {
			t.Fatalf("Normalize rejects (%v) but Encode accepts %#v", err, in)
		}
		return
	}
	twice := in
	if err := normalize(&twice); err != nil || !reflect.DeepEqual(twice, in) {
		t.Fatalf("Normalize is not idempotent (%v):\n once %#v\ntwice %#v", err, in, twice)
	}
	data, err := doc.Encode(in)
	if err != nil {
		t.Fatalf("normalised value cannot be encoded: %v", err)
	}
	out, err := doc.Decode(data)
	if err != nil {
		t.Fatalf("encoded value cannot be decoded: %v\n%s", err, data)
	}
	if !reflect.DeepEqual(out, in) {
		t.Fatalf("round trip changed the value:\n  in %#v\n out %#v", in, out)
	}
}
