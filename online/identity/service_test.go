package identity_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"bashni/online/identity"
	"bashni/online/protocol"
	"bashni/online/rating"
	"bashni/online/store"
)

// TestIdleRatingsMoveMore: a player back after a year away is less sure of
// their rating, so the same result moves it more than it would have.
func TestIdleRatingsMoveMore(t *testing.T) {
	changes := map[string]int{}
	for name, params := range map[string]rating.Params{"idle": rating.Default, "no idle": func() rating.Params {
		p := rating.Default
		p.PeriodsPerDay = 0
		return p
	}()} {
		ctx := context.Background()
		st, err := store.Open(ctx, filepath.Join(t.TempDir(), "games.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		now := time.UnixMilli(1_800_000_000_000)
		svc := &identity.Service{Store: st, Now: func() time.Time { return now }, Params: params}
		var ids [2]string
		for i, n := range []string{"Anna", "Boris"} {
			p, err := svc.Identify(ctx, protocol.NewKey())
			if err != nil {
				t.Fatal(err)
			}
			if _, err := svc.SetName(ctx, p.ID, n); err != nil {
				t.Fatal(err)
			}
			ids[i] = p.ID
		}
		var last *protocol.GameRatings
		for g, result := range []string{"1-0", "0-1", "1-0", "0-1", "1-0", "0-1", "1/2-1/2", "1-0"} {
			code := protocol.NewCode()
			if err := svc.StartMatch(ctx, code, "lasca", protocol.Rapid10, true, ids[0], ids[1]); err != nil {
				t.Fatal(err)
			}
			if g == 7 {
				now = now.AddDate(1, 0, 0) // a year away before the last game
			}
			if last, err = svc.Finish(ctx, code, result); err != nil || last == nil {
				t.Fatalf("game %d: %+v %v", g, last, err)
			}
			now = now.Add(time.Hour)
		}
		changes[name] = last.White.Change
	}
	if !(changes["idle"] > changes["no idle"]) {
		t.Fatalf("a win after a year away moved the rating %+d, without the year %+d", changes["idle"], changes["no idle"])
	}
}

func TestStartMatchRefusesUntimedRated(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	svc := &identity.Service{Store: st}
	if err := svc.StartMatch(ctx, "AAAAAA", "bashni", protocol.Untimed, true, "a", "b"); err == nil {
		t.Fatal("a rated game without a clock was recorded")
	}
	if err := svc.StartMatch(ctx, "AAAAAA", "bashni", protocol.Untimed, false, "a", ""); err != nil {
		t.Fatalf("a casual game without a clock: %v", err)
	}
}
