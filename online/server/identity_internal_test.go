package server

import (
	"context"
	"testing"

	"bashni/online/protocol"
	"bashni/online/store"
)

// TestPlayerRating: what the lobby reads of a connection.
func TestPlayerRating(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, t.TempDir()+"/games.db")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	s, err := New(Config{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	c := &conn{s: s, ctx: ctx}
	if _, _, ok, err := c.PlayerRating(ctx, "bashni", protocol.Blitz5); ok || err != nil {
		t.Fatalf("an unidentified connection: %v %v", ok, err)
	}
	p, err := s.ids.svc.Identify(ctx, protocol.NewKey())
	if err != nil {
		t.Fatal(err)
	}
	if p, err = s.ids.svc.SetName(ctx, p.ID, "Lobbyist"); err != nil {
		t.Fatal(err)
	}
	s.ids.bind(c, p)
	got, r, ok, err := c.PlayerRating(ctx, "lasca", protocol.Rapid10)
	if !ok || err != nil || got.Name != "Lobbyist" || r.Rating != 1500 || r.Speed != "rapid" || r.Variant != "lasca" || !r.Provisional {
		t.Fatalf("%+v %+v %v %v", got, r, ok, err)
	}
	s.ids.forget(c)
	if _, ok := c.Player(); ok {
		t.Fatal("a forgotten connection still has its player")
	}
}
