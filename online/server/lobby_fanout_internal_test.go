package server

import (
	"context"
	"strconv"
	"testing"
	"time"

	"bashni/online/lobby"
	"bashni/online/protocol"
	"bashni/online/store"
)

// TestPushEvery: the lobby pushes every period while its watchers take at
// most fanoutPerSec messages a second together, less often beyond, and
// never less often than maxPushEvery (or the period, if longer), in
// whole periods.
func TestPushEvery(t *testing.T) {
	for _, c := range []struct {
		every    time.Duration
		watchers int
		want     time.Duration
	}{
		{250 * time.Millisecond, 0, 250 * time.Millisecond},
		{250 * time.Millisecond, 1000, 250 * time.Millisecond},
		{250 * time.Millisecond, 5000, 250 * time.Millisecond},
		{250 * time.Millisecond, 10000, 500 * time.Millisecond},
		{250 * time.Millisecond, 5001, 500 * time.Millisecond},
		{250 * time.Millisecond, 100000, 500 * time.Millisecond},
		{100 * time.Millisecond, 100000, 600 * time.Millisecond},
		{time.Second, 100000, time.Second},
		{50 * time.Millisecond, 2000, 100 * time.Millisecond},
	} {
		if got := pushEvery(c.every, c.watchers); got != c.want {
			t.Errorf("pushEvery(%v, %d) = %v, want %v", c.every, c.watchers, got, c.want)
		}
	}
}

// BenchmarkLobbyPush10000: one lobby update (a seek added) to 10,000
// watchers, as far as the hub goes: encoded once, queued on every
// watcher's connection. The writes themselves are each connection's
// writer's (conn.go); bashni-load -lobby measures them.
func BenchmarkLobbyPush10000(b *testing.B) {
	ctx := context.Background()
	st, err := store.Open(ctx, b.TempDir()+"/games.db")
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	s, err := New(Config{Store: st, Lobby: LobbyConfig{Every: time.Hour}})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	h := s.hub
	conns := make([]*conn, 10000)
	h.mu.Lock()
	for i := range conns {
		conns[i] = &conn{s: s, out: make(chan outMsg, outQueue)}
		h.watchers[conns[i]] = struct{}{}
	}
	h.mu.Unlock()
	req := lobby.Request{Variant: "bashni", Clock: protocol.Clock{Initial: 300, Increment: 3}, Color: protocol.Random}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		h.mu.Lock()
		h.board.Add(lobby.NewSeek("s"+strconv.Itoa(i), "o"+strconv.Itoa(i), "n", lobby.Seeker{}, req, nil, time.Now()))
		h.pushed = time.Time{}
		h.mu.Unlock()
		h.push()
		b.StopTimer()
		for _, c := range conns {
			if len(c.out) != 1 {
				b.Fatalf("a watcher has %d messages queued, want 1", len(c.out))
			}
			<-c.out
		}
		b.StartTimer()
	}
}
