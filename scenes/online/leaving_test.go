//go:build !js

package online

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"bashni/online/server"
	"bashni/online/store"
	"bashni/scenes"
	"bashni/scenes/scenetest"
)

// gatedServer is a real online server whose WebSocket handshakes wait
// until the gate opens (a slow network), counting those served.
func gatedServer(t *testing.T) (srv *server.Server, url string, gate chan struct{}, served *atomic.Int64) {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	srv, err = server.New(server.Config{Store: st, MessagesPerSec: -1, CreatePerMinute: -1, AttachPerMinute: -1})
	if err != nil {
		t.Fatal(err)
	}
	gate, served = make(chan struct{}), &atomic.Int64{}
	inner := srv.Handler()
	h := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-gate
		served.Add(1)
		inner.ServeHTTP(w, r)
	}))
	t.Cleanup(func() { srv.Close(); h.Close(); st.Close() })
	return srv, h.URL, gate, served
}

// TestLobbyLeftWhileDialling: a lobby closed while its connection is
// being made leaves no connection open once the dial goes through (the
// screen is off the stack: its Update never takes the account).
func TestLobbyLeftWhileDialling(t *testing.T) {
	srv, url, gate, served := gatedServer(t)
	a, _ := scenetest.NewApp(t, nil, scenes.Options{SiteServer: url})
	l := NewLobby(a)
	l.leave() // Back while dialling
	close(gate)
	deadline := time.Now().Add(time.Minute)
	for served.Load() == 0 || srv.Stats().Connections != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("a minute after the lobby was left: %d handshakes served, %d connections open", served.Load(), srv.Stats().Connections)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
