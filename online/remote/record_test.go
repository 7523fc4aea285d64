//go:build !js

package remote_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"bashni/online/remote"
	"bashni/rules"
	"bashni/storage"
)

// TestGameRecord: a game's record read from a real server has the moves
// both boards have, in the game's variant; a code the server does not
// keep is RefusedNotFound, a malformed one an error.
func TestGameRecord(t *testing.T) {
	url := startServer(t)
	ctx := ctxT(t)
	a, b := twoDevices(t, url, remote.Game{Variant: rules.Lasca, Seat: remote.WhiteSeat}, storage.OpenMemory(), storage.OpenMemory())
	rnd := rand.New(rand.NewPCG(24, 24))
	for range 6 {
		playOne(t, rnd, a, b)
	}
	rec, err := remote.GameRecord(ctx, url, a.p.Code())
	if err != nil {
		t.Fatal(err)
	}
	if got, want := moves(rec.Game), moves(a.s.Game()); rec.Game.Variant() != rules.Lasca || !slices.Equal(got, want) {
		t.Fatalf("the record: %v %v, want Lasca %v", rec.Game.Variant(), got, want)
	}
	for _, tc := range []struct {
		code     string
		notFound bool
	}{{"ZZZZZZ", true}, {"no!", false}} {
		_, err := remote.GameRecord(ctx, url, tc.code)
		if err == nil || (remote.RefusalOf(err) == remote.RefusedNotFound) != tc.notFound {
			t.Errorf("the record of %q: %v (not found: %v)", tc.code, err, remote.RefusalOf(err) == remote.RefusedNotFound)
		}
	}
}
