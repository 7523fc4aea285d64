package storage

import (
	"reflect"
	"testing"
	"time"
)

// TestSavedGameShapesRoundTrip saves and loads the games "Continue" must
// bring back exactly, on every back end: moves taken back (Redo replays
// them), Lasca, a game from a set position, a game between friends, a
// game that Black began, and a finished game.
func TestSavedGameShapesRoundTrip(t *testing.T) {
	games := map[string]SavedGame{
		"undone moves": {Variant: VariantBashni, Moves: []string{"c3-d4", "f6-e5", "d4:f6", "g7:e5"}, Ply: 2,
			Opponent: OpponentComputer, Level: 6, Human: White},
		"Lasca": {Variant: VariantLasca, Moves: []string{"c3-d4", "e5:c3", "b2:d4"}, Ply: 3,
			Opponent: OpponentComputer, Level: 2, Human: Black},
		"from a position": {Variant: VariantBashni, StartFEN: "B:Wc3-1/00,a1-0:Bf6-0,b8-0:H3:F7",
			Moves: []string{"b8-a7", "c3:g7"}, Ply: 1, Opponent: OpponentComputer, Level: 4, Human: Black},
		"Lasca from a position between friends": {Variant: VariantLasca, StartFEN: "W:Wa1-0,g1-01/1:Bb6-0,d6-0/0:H0:F1",
			Moves: nil, Ply: 0, Opponent: OpponentFriend, Human: Black},
		"finished by resignation": {Variant: VariantBashni, Moves: []string{"c3-d4"}, Ply: 1, Opponent: OpponentComputer,
			Level: 1, Human: Black, Result: ResultWhiteWins, ResultReason: ReasonResignation},
	}
	forEachStore(t, func(t *testing.T, s *Store) {
		for name, g := range games {
			t.Run(name, func(t *testing.T) {
				g.Started = testTime.Add(-time.Hour)
				if err := s.SaveGame(g); err != nil {
					t.Fatal(err)
				}
				got, found, notice := s.LoadGame()
				if !found || !notice.IsZero() {
					t.Fatalf("found %v, notice %q", found, notice)
				}
				want := g
				if want.Moves == nil {
					want.Moves = got.Moves // null and [] read back alike
				}
				want.Updated = testTime
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("round trip:\n got %#v\nwant %#v", got, want)
				}
			})
		}
	})
}
