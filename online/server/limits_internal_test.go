//go:build unix

package server

import (
	"math"
	"syscall"
	"testing"

	"bashni/online/store"
)

// nopStore is a store for checking a Config's defaults; it is never used.
type nopStore struct{ store.Store }

// TestMaxConnsFromOpenFileLimit: the default -max-conns is the open-file
// limit less a reserve for the listener, the database and the rest (half
// of a limit too small for that), and the default per-address cap a quarter
// of it, at most 256.
func TestMaxConnsFromOpenFileLimit(t *testing.T) {
	for _, c := range []struct {
		files    uint64
		max, per int
	}{
		{1024, 896, 224},
		{20000, 19872, 256},
		{4096, 3968, 256},
		{257, 129, 32},
		{256, 128, 32},
		{100, 50, 12},
		{3, 1, 1},
		{0, 1, 1},
		{math.MaxUint64, 1 << 20, 256}, // unlimited
	} {
		max := maxConnsFor(c.files)
		if per := perAddressFor(max); max != c.max || per != c.per {
			t.Errorf("%d files: %d connections, %d per address; want %d, %d", c.files, max, per, c.max, c.per)
		}
	}
}

// TestDefaultMaxConnsReadsTheLimit: the default follows the process's soft
// open-file limit as it is when the node starts.
func TestDefaultMaxConnsReadsTheLimit(t *testing.T) {
	var was syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &was); err != nil {
		t.Fatal(err)
	}
	if was.Cur < 1000 {
		t.Fatalf("the test lowers the open-file limit to 1000, but it is %d already", was.Cur)
	}
	lower := was
	lower.Cur = 1000
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lower); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &was); err != nil {
			t.Fatal(err)
		}
	}()
	if n := DefaultMaxConns(); n != 1000-fdReserve {
		t.Fatalf("at 1000 open files DefaultMaxConns is %d, want %d", n, 1000-fdReserve)
	}
	cfg := Config{Store: nopStore{}}
	if err := cfg.defaults(); err != nil {
		t.Fatal(err)
	}
	if cfg.MaxConns != 1000-fdReserve || cfg.ConnsPerAddress != (1000-fdReserve)/4 {
		t.Fatalf("a node's defaults at 1000 open files: %d connections, %d per address", cfg.MaxConns, cfg.ConnsPerAddress)
	}
}

// TestAddressKey: the per-address cap counts IPv4 addresses one by one and
// IPv6 addresses by /64.
func TestAddressKey(t *testing.T) {
	for ip, want := range map[string]string{
		"203.0.113.7":        "203.0.113.7",
		"::ffff:203.0.113.7": "203.0.113.7",
		"2001:db8::1":        "2001:db8::/64",
		"2001:db8::ffff:1":   "2001:db8::/64",
		"2001:db8:0:1::1":    "2001:db8:0:1::/64",
		"fe80::1%eth0":       "fe80::/64",
		"not an address":     "not an address",
	} {
		if got := addressKey(ip); got != want {
			t.Errorf("addressKey(%q) = %q, want %q", ip, got, want)
		}
	}
}
