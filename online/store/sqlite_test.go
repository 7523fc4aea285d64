package store_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"bashni/online/store"
)

// playGames creates n games in s and appends moves to each, from several
// goroutines at once (so that commits overlap checkpoints).
func playGames(t *testing.T, s store.Store, n, moves int) {
	t.Helper()
	ctx := context.Background()
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := fmt.Sprintf("G%05d", i)
			if err := s.Create(ctx, newGame(id)); err != nil {
				t.Error(err)
				return
			}
			for v := int64(2); v <= int64(moves)+1; v++ {
				if err := s.Append(ctx, store.Append{Game: id, Version: v, Event: fmt.Appendf(nil, `{"k":"move","ply":%d}`, v),
					Meta: store.Meta{Status: "playing", Result: "*", Updated: t0}}); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// checkGames checks that s holds playGames' games whole.
func checkGames(t *testing.T, s store.Store, n, moves int) {
	t.Helper()
	for i := range n {
		g, err := s.Load(context.Background(), fmt.Sprintf("G%05d", i))
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Events) != moves+1 || !strings.Contains(string(g.Events[moves]), fmt.Sprintf(`"ply":%d`, moves+1)) {
			t.Fatalf("game %d: %d events, last %s", i, len(g.Events), g.Events[len(g.Events)-1])
		}
	}
}

// TestSQLiteFileAloneAfterClose: the checkpoints happen beside the writes,
// not in them, yet once the store is closed the database file alone holds
// every game (the WAL was copied into it and emptied).
func TestSQLiteFileAloneAfterClose(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "games.db")
	s, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	playGames(t, s, 40, 30)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path + "-wal"); err == nil && fi.Size() != 0 {
		t.Errorf("the WAL holds %d bytes after Close", fi.Size())
	}

	// The file alone, copied elsewhere, is the whole store.
	alone := filepath.Join(t.TempDir(), "copy.db")
	copyFile(t, path, alone)
	c, err := store.Open(context.Background(), alone)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	checkGames(t, c, 40, 30)
}

// TestSQLiteOneServerPerFile: a second server cannot open a file a server
// has open, and is told why; once the first has closed it, it can.
func TestSQLiteOneServerPerFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	first, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if second, err := store.Open(context.Background(), path); err == nil {
		second.Close()
		t.Fatal("a second server opened the file in use")
	} else if !strings.Contains(err.Error(), "in use by another server") || !strings.Contains(err.Error(), path) {
		t.Fatalf("the refusal does not say why: %v", err)
	}
	first.Close()
	second, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatalf("after the first closed: %v", err)
	}
	second.Close()
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestSQLiteOneServerPerRealFile: the lock is taken on the file itself,
// not on the name it is given: a second server given a symbolic link to
// the file (or to its folder) is refused, and one given a link to a file
// not made yet creates it where the link points.
func TestSQLiteOneServerPerRealFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "games.db")
	first, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	link := filepath.Join(t.TempDir(), "link.db")
	if err := os.Symlink(path, link); err != nil {
		t.Fatal(err)
	}
	folder := filepath.Join(t.TempDir(), "folder")
	if err := os.Symlink(dir, folder); err != nil {
		t.Fatal(err)
	}
	relative := filepath.Join(dir, "relative.db")
	if err := os.Symlink("games.db", relative); err != nil {
		t.Fatal(err)
	}
	for _, other := range []string{link, filepath.Join(folder, "games.db"), relative} {
		if second, err := store.Open(context.Background(), other); err == nil {
			second.Close()
			t.Fatalf("a second server opened %s, a link to the file in use", other)
		} else if !strings.Contains(err.Error(), "in use by another server") || !strings.Contains(err.Error(), other) {
			t.Fatalf("the refusal does not say why: %v", err)
		}
	}

	// A link to a file that does not exist yet: the store is made where
	// the link points, and locked there.
	target := filepath.Join(t.TempDir(), "new.db")
	dangling := filepath.Join(t.TempDir(), "dangling.db")
	if err := os.Symlink(target, dangling); err != nil {
		t.Fatal(err)
	}
	viaLink, err := store.Open(context.Background(), dangling)
	if err != nil {
		t.Fatal(err)
	}
	defer viaLink.Close()
	if fi, err := os.Lstat(target); err != nil || !fi.Mode().IsRegular() {
		t.Fatalf("the link's target is not the database: %v", err)
	}
	if second, err := store.Open(context.Background(), target); err == nil {
		second.Close()
		t.Fatal("a second server opened the file a link had created")
	}
}

// TestSQLiteFilesAreTheOwnersAlone: the database, its WAL, its shared
// memory and its lock file are created 0600 (they hold the seats' token
// hashes), whatever the umask allows.
func TestSQLiteFilesAreTheOwnersAlone(t *testing.T) {
	old := syscall.Umask(0)
	defer syscall.Umask(old)
	path := filepath.Join(t.TempDir(), "games.db")
	s, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	playGames(t, s, 2, 3) // the WAL and shared memory exist once written to
	for _, name := range []string{path, path + "-wal", path + "-shm", path + ".lock"} {
		fi, err := os.Stat(name)
		if err != nil {
			t.Fatal(err)
		}
		if perm := fi.Mode().Perm(); perm != 0o600 {
			t.Errorf("%s is %#o, want 0600", filepath.Base(name), perm)
		}
	}
}
