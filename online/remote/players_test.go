//go:build !js

package remote_test

import (
	"path/filepath"
	"testing"

	"bashni/online/remote"
	"bashni/storage"
)

// The device's player key is made once per server, kept across restarts,
// and replaced by the key a transfer was claimed with.
func TestPlayerKeyKept(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	st, err := storage.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	a, err := remote.PlayerKey(st, "https://one.example")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := remote.PlayerKey(st, "https://two.example")
	if a == b || len(a) != 43 {
		t.Fatalf("keys %q %q", a, b)
	}
	st2, err := storage.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := remote.PlayerKey(st2, "https://ONE.example/"); again != a {
		t.Fatalf("after a restart: %q, want %q", again, a)
	}
	moved := remote.NewPlayerKey()
	if err := remote.SavePlayerKey(st2, "https://one.example", moved); err != nil {
		t.Fatal(err)
	}
	if got, _ := remote.FindPlayerKey(st2, "https://one.example"); got != moved {
		t.Fatalf("after a transfer: %q", got)
	}
	if got, _ := remote.FindPlayerKey(st2, "https://two.example"); got != b {
		t.Fatalf("the other server's key changed: %q", got)
	}
	if err := remote.SavePlayerKey(st2, "https://one.example", "not a key"); err == nil {
		t.Fatal("a malformed key was kept")
	}
	for _, server := range []string{"https://one.example", "https://one.example/"} {
		if l := remote.TransferLink(server, "ABCDEFGHJK"); l != "https://one.example/?transfer=ABCDEFGHJK" {
			t.Fatalf("link %s", l)
		}
	}
}
