package identity_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"bashni/online/identity"
	"bashni/online/protocol"
	"bashni/online/store"
)

// benchPlayers seeds a SQLite store with n named players who have each
// played rated blitz games against their neighbours.
func benchPlayers(b *testing.B, n, games int) (*identity.Service, []string) {
	b.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(b.TempDir(), "games.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	now := time.UnixMilli(1_800_000_000_000)
	svc := &identity.Service{Store: st, Now: func() time.Time { return now }}
	ids := make([]string, n)
	for i := range ids {
		p, err := svc.Identify(ctx, protocol.NewKey())
		if err != nil {
			b.Fatal(err)
		}
		if _, err := svc.SetName(ctx, p.ID, fmt.Sprintf("player%05d", i)); err != nil {
			b.Fatal(err)
		}
		ids[i] = p.ID
	}
	for g := range games {
		w, k := ids[g%n], ids[(g+1)%n]
		code := protocol.NewCode() + fmt.Sprint(g)
		if err := svc.StartMatch(ctx, code, "bashni", protocol.Blitz5, true, w, k); err != nil {
			b.Fatal(err)
		}
		if _, err := svc.Finish(ctx, code, []string{"1-0", "0-1", "1/2-1/2"}[g%3]); err != nil {
			b.Fatal(err)
		}
	}
	return svc, ids
}

// BenchmarkFinish: recording and rating one game's end (one SQLite
// transaction: both ratings read, computed, written, with their history).
func BenchmarkFinish(b *testing.B) {
	svc, ids := benchPlayers(b, 100, 0)
	ctx := context.Background()
	codes := make([]string, b.N)
	for i := range codes {
		codes[i] = fmt.Sprint("G", i)
		if err := svc.StartMatch(ctx, codes[i], "bashni", protocol.Blitz5, true, ids[i%100], ids[(i+7)%100]); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for i := range b.N {
		if r, err := svc.Finish(ctx, codes[i], "1-0"); err != nil || r == nil {
			b.Fatal(r, err)
		}
	}
}

// BenchmarkProfile: a profile of a player with 100 rated games.
func BenchmarkProfile(b *testing.B) {
	svc, _ := benchPlayers(b, 20, 1000)
	ctx := context.Background()
	b.ResetTimer()
	for range b.N {
		p, err := svc.Profile(ctx, "player00003")
		if err != nil || len(p.Ratings) != 1 || len(p.Ratings[0].History) != identity.HistoryPoints || len(p.Games) != identity.ProfileGames {
			b.Fatalf("%+v %v", p, err)
		}
	}
}
