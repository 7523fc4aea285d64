package server_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"bashni/online/internal/smallfs"
	"bashni/online/protocol"
	"bashni/online/server"
	"bashni/online/store"
	"bashni/rules"
)

// TestMovesStoredAgainOnceTheDiskHasRoom: on a full disk a move that cannot
// be stored is refused with unavailable and changes nothing; once there is
// room again the same server, not restarted, stores the next move. The
// games live on a 2 MB tmpfs filled up with a ballast file.
func TestMovesStoredAgainOnceTheDiskHasRoom(t *testing.T) {
	smallfs.Run(t, "2m", func(dir string) {
		st, err := store.Open(context.Background(), filepath.Join(dir, "games.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		n := startNode(t, server.Config{Store: st, CreatePerMinute: -1, AttachPerMinute: -1})
		white, black := dial(t, n.url), dial(t, n.url)
		seat, _ := pair(t, white, black, protocol.Untimed)
		g := newRulesGame(1)
		playMove(t, g, white, black)

		ballast := fill(t, filepath.Join(dir, "ballast"))
		// Moves go on as long as SQLite finds room in the pages it has;
		// play until one needs more.
		var refused string
		for refused == "" {
			if g.g.Outcome().Result != rules.Ongoing {
				t.Fatalf("the game ended at ply %d before a move was refused", g.g.Ply())
			}
			mover := white
			if g.g.Position().SideToMove() == rules.Black {
				mover = black
			}
			m, v := g.pick(), mover.State().Version
			err := mover.Move(ctxT(t), m)
			if err == nil {
				g.play(t, m)
				waitVersion(t, white, v+1)
				waitVersion(t, black, v+1)
				continue
			}
			if errCode(err) != protocol.ErrUnavailable {
				t.Fatalf("a move on a full disk: %v, want %s", err, protocol.ErrUnavailable)
			}
			refused = m
			t.Logf("on the full disk move %s at ply %d was refused: %v", m, g.g.Ply(), err)
		}
		if err := os.Remove(ballast); err != nil {
			t.Fatal(err)
		}
		mover := white
		if g.g.Position().SideToMove() == rules.Black {
			mover = black
		}
		v := mover.State().Version
		if err := mover.Move(ctxT(t), refused); err != nil {
			t.Fatalf("the move once the disk has room: %v", err)
		}
		g.play(t, refused)
		waitVersion(t, white, v+1)
		waitVersion(t, black, v+1)
		stored, err := st.Load(context.Background(), seat.Game)
		if err != nil {
			t.Fatal(err)
		}
		if got := int64(len(stored.Events)); got != v+1 {
			t.Fatalf("the store holds %d events, want %d", got, v+1)
		}
	})
}

// fill writes path until the filesystem is full.
func fill(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	chunk := make([]byte, 4096)
	for {
		if _, err := f.Write(chunk); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatalf("filling the disk: %v", err)
			}
			return path
		}
	}
}
