package storage

import (
	"reflect"
	"strings"
	"testing"
)

func TestSaverWritesTheNewestRequest(t *testing.T) {
	forEachStore(t, func(t *testing.T, s *Store) {
		saver := NewSaver(s)
		for i := range 20 {
			saver.SaveGame(sampleGame(i))
			saver.SaveSettings(sampleSettings(i))
		}
		if err := saver.Flush(); err != nil {
			t.Fatal(err)
		}
		if got, _, notice := s.LoadGame(); !notice.IsZero() || !reflect.DeepEqual(got, sampleGame(19)) {
			t.Errorf("LoadGame = %#v, %q; want the last game queued", got, notice)
		}
		if got, _ := s.LoadSettings(); got != sampleSettings(19) {
			t.Errorf("LoadSettings = %#v; want the last settings queued", got)
		}

		saver.SaveGame(sampleGame(1))
		saver.ClearGame()
		if err := saver.Flush(); err != nil {
			t.Fatal(err)
		}
		if _, found, _ := s.LoadGame(); found {
			t.Error("a queued save overtook ClearGame")
		}
	})
}

func TestSaverReportsFailures(t *testing.T) {
	saver := NewSaver(withTestClock(OpenMemory()))
	saver.SaveGame(SavedGame{}) // no variant: refused
	err := saver.Flush()
	if err == nil || !strings.Contains(err.Error(), "not saving game.json") {
		t.Fatalf("Flush = %v, want the refusal", err)
	}
	if err := saver.Err(); err != nil {
		t.Errorf("error reported twice: %v", err)
	}
	if err := saver.Flush(); err != nil {
		t.Errorf("Flush with nothing queued = %v", err)
	}
}
