package server

import (
	"context"
	"encoding/json"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"bashni/online/lobby"
	"bashni/online/protocol"
	"bashni/online/store"
)

// hubServer is a server of cfg on a fresh SQLite file, for a test of its
// hub; it stops when the test ends.
func hubServer(tb testing.TB, cfg Config) *Server {
	tb.Helper()
	st, err := store.Open(context.Background(), tb.TempDir()+"/games.db")
	if err != nil {
		tb.Fatal(err)
	}
	cfg.Store = st
	s, err := New(cfg)
	if err != nil {
		st.Close()
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close(); st.Close() })
	return s
}

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

// TestPushInBatches: a push queues its update fanBatch watchers at a time,
// the next batch once the last is written, and leaves the lobby's lock
// free meanwhile (a pairing does not wait for the fan-out).
func TestPushInBatches(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := hubServer(t, Config{Lobby: LobbyConfig{Every: time.Hour}})
	h := s.hub
	h.fanWait = time.Hour // a batch goes out only once written
	release := make(chan struct{})
	taken := make(chan struct{}, 3*fanBatch)
	h.mu.Lock()
	for range 3 * fanBatch {
		c := &conn{s: s, out: make(chan outMsg, outQueue)}
		h.watchers[c] = struct{}{}
		go func() {
			select {
			case m := <-c.out:
				taken <- struct{}{}
				<-release
				m.batch.written()
			case <-ctx.Done():
			}
		}()
	}
	req := lobby.Request{Variant: "bashni", Clock: protocol.Clock{Initial: 300, Increment: 3}, Color: protocol.Random}
	h.board.Add(lobby.NewSeek("s1", "o1", "n", lobby.Seeker{}, req, nil, time.Now()))
	h.mu.Unlock()
	pushed := make(chan struct{})
	go func() {
		h.push()
		close(pushed)
	}()
	for range fanBatch {
		<-taken
	}
	if !h.mu.TryLock() {
		t.Fatal("the lobby's lock is held while the update goes out")
	}
	queued := 0
	for c := range h.watchers {
		queued += len(c.out)
	}
	h.mu.Unlock()
	if queued != 0 || len(taken) != 0 {
		t.Fatalf("%d more updates queued before the first batch of %d was written", queued+len(taken), fanBatch)
	}
	close(release)
	<-pushed
	if n := len(taken) + fanBatch; n != 3*fanBatch {
		t.Fatalf("%d watchers got the update, want %d", n, 3*fanBatch)
	}
}

// BenchmarkLobbyPush10000: one lobby update (a seek added) to 10,000
// watchers, as far as the hub goes: encoded once, queued on every
// watcher's connection a batch at a time, each batch taken by stand-ins
// for the connections' writers (which write nothing: bashni-load -lobby
// measures the writes).
func BenchmarkLobbyPush10000(b *testing.B) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := hubServer(b, Config{Lobby: LobbyConfig{Every: time.Hour}})
	h := s.hub
	var got atomic.Int64
	h.mu.Lock()
	for range 10000 {
		c := &conn{s: s, out: make(chan outMsg, outQueue)}
		h.watchers[c] = struct{}{}
		go func() {
			for {
				select {
				case m := <-c.out:
					got.Add(1)
					m.batch.written()
				case <-ctx.Done():
					return
				}
			}
		}()
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
	}
	b.StopTimer()
	if want := int64(b.N) * 10000; got.Load() != want {
		b.Fatalf("the watchers took %d messages, want %d", got.Load(), want)
	}
}

// TestPushFollowsTheClusterWatchers: a node pushes at the pace of the
// whole cluster's watchers, as the other nodes tell theirs in their counts,
// not of its own: one watcher here and 1,999 on node b push every 100 ms
// (pushEvery(50 ms, 2000)), where one watcher alone is told every 50 ms.
func TestPushFollowsTheClusterWatchers(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const every = 50 * time.Millisecond
	s := hubServer(t, Config{Node: "a", Lobby: LobbyConfig{Every: every}})
	h := s.hub
	want := pushEvery(every, 2000)
	if want != 2*every {
		t.Fatalf("pushEvery(%v, 2000) = %v: the test wants two periods", every, want)
	}
	counts, err := json.Marshal(lobbyMsg{Kind: "counts", Node: "b", Players: 2500, Watchers: 1999})
	if err != nil {
		t.Fatal(err)
	}
	req := lobby.Request{Variant: "bashni", Clock: protocol.Clock{Initial: 300, Increment: 3}, Color: protocol.Random}
	seeks := 0
	addSeek := func() {
		seeks++
		id := "s" + strconv.Itoa(seeks)
		h.board.Add(lobby.NewSeek(id, "o"+id, "n", lobby.Seeker{}, req, nil, time.Now()))
	}
	// The one watcher here records when each push it gets was decided
	// (h.pushed: the next push waits until this one's batch is written,
	// however long a busy machine takes: no fanWait), and leaves a new
	// seek for the next. fanWait is set before the watcher is added, so
	// no push reads it meanwhile.
	h.fanWait = time.Hour
	w := &conn{s: s, out: make(chan outMsg, outQueue)}
	pushes := make(chan time.Time, 16)
	h.onBus(&nats.Msg{Data: counts})
	h.mu.Lock()
	h.watchers[w] = struct{}{}
	addSeek()
	h.mu.Unlock()
	go func() {
		for {
			select {
			case m := <-w.out:
				h.onBus(&nats.Msg{Data: counts}) // node b stays alive
				h.mu.Lock()
				at := h.pushed
				addSeek()
				h.mu.Unlock()
				m.batch.written()
				select {
				case pushes <- at:
				default:
				}
			case <-ctx.Done():
				return
			}
		}
	}()
	var last time.Time
	for i := range 8 {
		at := <-pushes
		if i > 0 {
			if gap := at.Sub(last); gap < want-every/2 {
				t.Fatalf("push %d came %v after the one before: the cluster's 2,000 watchers call for one every %v", i, gap, want)
			}
		}
		last = at
	}
}
