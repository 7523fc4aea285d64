//go:build !js

package remote_test

import (
	"testing"

	"bashni/internal/onlinetest"
	"bashni/internal/testwait"
	"bashni/online/remote"
	"bashni/online/server"
	"bashni/rules"
	"bashni/storage"
)

// TestLobbyListsArenas: the lobby's own connection, of a player without a
// name, lists the server's scheduled arenas (the hourly Bashni blitz, made
// an hour ahead), each with its id, name and times.
func TestLobbyListsArenas(t *testing.T) {
	_, url := onlinetest.Server(t, server.Config{Arenas: server.ArenaConfig{RequestsPerMinute: -1}}, nil)
	ctx := ctxT(t)
	a, _, err := remote.OpenAccount(ctx, storage.OpenMemory(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if err := a.EnterLobby(ctx); err != nil {
		t.Fatal(err)
	}
	// The server schedules its arenas as it starts, off the request path.
	var list []remote.ArenaInfo
	testwait.For(t, "the scheduled arenas", func() bool {
		var err error
		list, err = a.Arenas(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return len(list) > 0
	})
	variants := map[rules.Variant]bool{}
	for _, x := range list {
		if x.ID == "" || x.Name == "" || !x.Ends.After(x.Starts) {
			t.Errorf("arena %+v: no id, no name or no span", x)
		}
		if x.Status == remote.ArenaFinished {
			continue
		}
		variants[x.Variant] = true
	}
	if !variants[rules.Bashni] {
		t.Errorf("the lobby lists %d arenas, variants %v: want the hourly Bashni blitz", len(list), variants)
	}
	// The lobby goes on over the same connection.
	if !a.View().Connected {
		t.Error("the lobby's connection is gone after listing the arenas")
	}
}
