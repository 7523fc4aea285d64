//go:build !js

package online

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"bashni/online/remote"
	"bashni/online/server"
	"bashni/online/store"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/scenes/ui"
	"bashni/storage"
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

// TestProfileGameOpensReplay: a recent game of a profile opens in the
// replay with its record read from the server: the moves played, the
// players' names.
func TestProfileGameOpensReplay(t *testing.T) {
	_, url, gate, _ := gatedServer(t)
	close(gate)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var accts [2]*remote.Account
	stores := [2]*storage.Store{storage.OpenMemory(), storage.OpenMemory()}
	for i, name := range []string{"anna", "boris"} {
		a, _, err := remote.OpenAccount(ctx, stores[i], url)
		if err != nil {
			t.Fatal(err)
		}
		defer a.Close()
		if _, err := a.SetName(ctx, name); err != nil {
			t.Fatal(err)
		}
		accts[i] = a
	}
	o := remote.SeekOptions{Variant: rules.Bashni, Clock: remote.LobbyClocks[2]}
	if paired, err := accts[0].QuickPair(ctx, o); err != nil || paired {
		t.Fatalf("the seek: %v %v", paired, err)
	}
	if paired, err := accts[1].QuickPair(ctx, o); err != nil || !paired {
		t.Fatalf("the pairing: %v %v", paired, err)
	}
	code, _ := accts[1].Paired()
	p, err := remote.Open(ctx, url, code, stores[1])
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close() // the game goes on, without a move yet: its record all the same
	var opened *rules.Record
	a, _ := scenetest.NewApp(t, nil, scenes.Options{SiteServer: url, Pages: scenes.Pages{Replay: func(c scenes.Context, rec *rules.Record) scenes.Scene {
		opened = rec
		return &Live{list: newList(c, nil, "x")}
	}}})
	s := NewProfile(a, accts[0], "anna")
	deadline := time.Now().Add(time.Minute)
	step := func(what string, done func() bool) {
		t.Helper()
		for !done() {
			if time.Now().After(deadline) {
				t.Fatalf("waiting for %s (error %q)", what, s.err)
			}
			a.StepScene(s, ui.Pointer{})
			time.Sleep(5 * time.Millisecond)
		}
	}
	step("the profile", func() bool { return s.prof != nil && len(s.prof.Games) == 1 })
	s.replay(a, s.prof.Games[0].Game)
	step("the replay", func() bool { return opened != nil })
	names := []string{opened.Tag("White"), opened.Tag("Black")}
	if !slices.Contains(names, "anna") || !slices.Contains(names, "boris") || len(opened.Game.AllMoves()) != 0 {
		t.Fatalf("the record opened: tags %+v, %d moves", opened.Tags, len(opened.Game.AllMoves()))
	}
}
