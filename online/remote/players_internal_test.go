package remote

import (
	"testing"

	"bashni/online/protocol"
)

// A rated game's end shows both changes in Info; any other game none.
func TestInfoRatings(t *testing.T) {
	st := protocol.GameState{Status: protocol.StatusOver, Result: "0-1", Reason: protocol.ReasonResignation,
		Ratings: &protocol.GameRatings{Speed: "blitz",
			White: protocol.RatingChange{Before: 1500, After: 1338, Change: -162, Provisional: true},
			Black: protocol.RatingChange{Before: 1600, After: 1620, Change: 20}}}
	st.White = protocol.Player{Seated: true, Name: "Анна", Rating: 1500, Provisional: true}
	i := infoOf(wire{state: st})
	if i.Players != [2]Card{{Name: "Анна", Rating: 1500, Provisional: true}, {}} {
		t.Fatalf("cards %+v", i.Players)
	}
	want := [2]RatingChange{{Before: 1500, After: 1338, Change: -162, Provisional: true}, {Before: 1600, After: 1620, Change: 20}}
	if !i.Rated || i.Ratings != want {
		t.Fatalf("rated: %v %+v", i.Rated, i.Ratings)
	}
	st.Ratings = nil
	if i := infoOf(wire{state: st}); i.Rated || i.Ratings != ([2]RatingChange{}) {
		t.Fatalf("casual: %v %+v", i.Rated, i.Ratings)
	}
}
