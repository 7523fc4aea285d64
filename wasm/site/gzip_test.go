package site

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGameGzip: GzipBest makes the game's gzip copy with libdeflate
// (test.sh installs libdeflate-tools), smaller than Go's and the same
// bytes every time, keeps it in the cache and reads it back, remakes a
// damaged copy, and fails with the fix when the command is missing;
// GzipBestIfInstalled then falls back to Go's encoder.
func TestGameGzip(t *testing.T) {
	game := gameLike()
	quick, err := NewWithOptions(game, Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	opts := Options{Gzip: GzipBest, BrotliCache: dir}
	best, err := NewWithOptions(game, opts)
	if err != nil {
		t.Fatal(err)
	}
	q, b := quick.GzipSize(quick.WasmName), best.GzipSize(best.WasmName)
	if b >= q {
		t.Errorf("libdeflate's copy is %d bytes, Go's %d: want it smaller", b, q)
	}
	res := get(best, "/"+best.WasmName, "Accept-Encoding", "gzip")
	if got := res.Header.Get("Content-Encoding"); got != "gzip" {
		t.Fatalf("Content-Encoding %q, want gzip", got)
	}
	if !bytes.Equal(decoded(t, res), game) {
		t.Error("the sent copy does not decode to the game")
	}
	cached := filepath.Join(dir, strings.TrimSuffix(best.WasmName, ".wasm")+".ld12.gz")
	made, err := os.ReadFile(cached)
	if err != nil {
		t.Fatalf("no cached copy: %v", err)
	}
	if len(made) != b {
		t.Errorf("cached %d bytes, the site sends %d", len(made), b)
	}
	// Without the cache the same bytes again (a release is reproducible).
	again, err := NewWithOptions(game, Options{Gzip: GzipBest})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again.files[again.WasmName].gz, made) {
		t.Error("two runs of libdeflate made different copies")
	}
	// A later start sends the cached copy: put Go's (a valid stream of the
	// same game) there to tell it from a new one.
	goCopy, err := compressGzip(game)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cached, goCopy, 0o644); err != nil {
		t.Fatal(err)
	}
	later, err := NewWithOptions(game, opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := later.GzipSize(later.WasmName); got != len(goCopy) {
		t.Errorf("a later start sent %d bytes, not the cached %d", got, len(goCopy))
	}
	// A damaged copy is made again.
	if err := os.WriteFile(cached, []byte("not gzip"), 0o644); err != nil {
		t.Fatal(err)
	}
	fixed, err := NewWithOptions(game, opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := fixed.GzipSize(fixed.WasmName); got != b {
		t.Errorf("after damage: %d bytes, want a new copy of %d", got, b)
	}

	// A PATH with the go command (the site reads wasm_exec.js from its
	// GOROOT) and without libdeflate-gzip.
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	if err := os.Symlink(goCmd, filepath.Join(bin, "go")); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin)
	if _, err := NewWithOptions(game, Options{Gzip: GzipBest}); err == nil || !strings.Contains(err.Error(), "apt-get install libdeflate-tools") {
		t.Errorf("GzipBest without libdeflate-gzip: %v, want an error naming the package", err)
	}
	fallback, err := NewWithOptions(game, Options{Gzip: GzipBestIfInstalled})
	if err != nil {
		t.Fatal(err)
	}
	if got := fallback.GzipSize(fallback.WasmName); got != q {
		t.Errorf("GzipBestIfInstalled without the command: %d bytes, want Go's %d", got, q)
	}
}

// gameLike is a megabyte of varied but compressible bytes, where
// libdeflate's near-optimal parse finds more than Go's greedy one.
func gameLike() []byte {
	var b bytes.Buffer
	b.WriteString("\x00asm")
	x := uint32(1)
	words := strings.Fields("local.get i32.add call br_if block loop end i64.load i32.store global.set runtime.mallocgc bashni/rules.Game")
	for b.Len() < 1<<20 {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		b.WriteString(words[x%uint32(len(words))])
		b.WriteByte(byte(x >> 24 & 7))
	}
	return b.Bytes()
}
