//go:build !js

// The tests run natively: they start a real server, which does not build for js/wasm.

package client_test

import (
	"context"
	"errors"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/online/server"
	"bashni/online/store"
)

func TestSocketURL(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"http://127.0.0.1:8080", "ws://127.0.0.1:8080/online/ws"},
		{"https://bashni.example/", "wss://bashni.example/online/ws"},
		{"https://example.org/games", "wss://example.org/games/online/ws"},
		{"ws://h:1/online/ws", "ws://h:1/online/ws"},
		{"ftp://h", ""},
		{"::", ""},
		{"http:///games", ""}, // no host
	} {
		got, err := client.SocketURL(tc.in)
		if got != tc.want || (err != nil) != (tc.want == "") {
			t.Errorf("SocketURL(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	if _, err := client.SocketURL("http:///games"); !errors.Is(err, client.ErrNoHost) {
		t.Errorf("an address without a host: %v, want ErrNoHost", err)
	}
}

// TestEvents checks the client's copy of the game against a real server:
// every event carries the state after it, and the connection's end is the
// last event.
func TestEvents(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv, err := server.New(server.Config{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	h := httptest.NewServer(srv.Handler())
	defer h.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()

	a, err := client.Dial(ctx, h.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := client.Dial(ctx, h.URL)
	if err != nil {
		t.Fatal(err)
	}
	seat, err := a.Create(ctx, client.Game{Variant: "lasca", Color: protocol.Black})
	if err != nil {
		t.Fatal(err)
	}
	if s := a.State(); s.Game != seat.Game || s.You != protocol.Black || s.Variant != "lasca" || s.Status != protocol.StatusWaiting || a.Seat() != seat {
		t.Fatalf("after create: %+v, seat %+v", s, a.Seat())
	}
	if _, err := b.Join(ctx, seat.Game); err != nil {
		t.Fatal(err)
	}
	next := func(c *client.Conn) client.Event {
		t.Helper()
		select {
		case ev := <-c.Events():
			return ev
		case <-ctx.Done():
			t.Fatal("no event")
		}
		return client.Event{}
	}
	for {
		ev := next(a)
		if ev.Kind == client.KindUpdate && ev.Update.Event == protocol.EventJoined {
			if ev.State.Status != protocol.StatusPlaying || !ev.State.White.Seated || ev.State.You != protocol.Black {
				t.Fatalf("joined: %+v", ev.State)
			}
			break
		}
	}
	if err := b.Move(ctx, "c3-d4"); err != nil {
		t.Fatal(err)
	}
	for {
		ev := next(a)
		if ev.Kind == client.KindUpdate {
			if ev.Update.Move != "c3-d4" || ev.State.Ply != 1 || len(ev.State.Moves) != 1 {
				t.Fatalf("move: %+v", ev)
			}
			break
		}
	}
	b.Close()
	for {
		ev := next(a)
		if ev.Kind == client.KindPresence {
			if ev.Seat != protocol.White || ev.Online || ev.State.White.Online {
				t.Fatalf("presence: %+v", ev)
			}
			break
		}
	}
	srv.Close()
	for {
		ev, open := <-a.Events()
		if !open {
			t.Fatal("events closed without a closed event")
		}
		if ev.Kind == client.KindClosed {
			if ev.Err == nil || a.Err() == nil {
				t.Fatal("closed without a reason")
			}
			break
		}
	}
	if _, open := <-a.Events(); open {
		t.Fatal("events after the closed event")
	}
	if err := a.Ping(ctx); err == nil {
		t.Fatal("a request on a closed connection succeeded")
	}
}
