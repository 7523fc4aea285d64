package site

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A site written by WriteDir and loaded back serves every file as the
// site it was written from does: the same bytes in every encoding, the same
// types, ETags and cache policies, under the same names.
func TestLoad(t *testing.T) {
	s := testSite(t)
	dir := t.TempDir()
	if err := s.WriteDir(dir); err != nil {
		t.Fatal(err)
	}
	loaded, err := Load(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	same(t, s, loaded)

	// Without the compressed copies (a folder put together by hand), the
	// files are compressed on loading; the answers decode to the same.
	bare := t.TempDir()
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".br") || strings.HasSuffix(p, ".gz") {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		os.MkdirAll(filepath.Join(bare, filepath.Dir(rel)), 0o755)
		b, _ := os.ReadFile(p)
		return os.WriteFile(filepath.Join(bare, rel), b, 0o644)
	})
	fromBare, err := Load(os.DirFS(bare))
	if err != nil {
		t.Fatal(err)
	}
	for _, enc := range []string{"br", "gzip"} {
		res := get(fromBare, "/"+s.WasmName, "Accept-Encoding", enc)
		if res.Header.Get("Content-Encoding") != enc || !bytes.Equal(decoded(t, res), s.files[s.WasmName].data) {
			t.Errorf("%s from a folder without copies: %s", enc, res.Header)
		}
	}
}

func same(t *testing.T, want, got *Site) {
	t.Helper()
	if got.Version != want.Version || got.WasmName != want.WasmName || !slices.Equal(got.Names(), want.Names()) {
		t.Fatalf("loaded %s %s %v\nwant   %s %s %v", got.Version, got.WasmName, got.Names(), want.Version, want.WasmName, want.Names())
	}
	for _, name := range want.Names() {
		for _, enc := range []string{"", "gzip", "br"} {
			a, b := get(want, "/"+name, "Accept-Encoding", enc), get(got, "/"+name, "Accept-Encoding", enc)
			ab, _ := io.ReadAll(a.Body)
			bb, _ := io.ReadAll(b.Body)
			if a.StatusCode != b.StatusCode || !bytes.Equal(ab, bb) {
				t.Errorf("%s (%q): %d, %d bytes; want %d, %d bytes", name, enc, b.StatusCode, len(bb), a.StatusCode, len(ab))
			}
			for _, h := range []string{"Content-Type", "Content-Encoding", "Cache-Control", "ETag", "Vary"} {
				if a.Header.Get(h) != b.Header.Get(h) {
					t.Errorf("%s (%q): %s %q, want %q", name, enc, h, b.Header.Get(h), a.Header.Get(h))
				}
			}
		}
	}
}

func TestLoadRefuses(t *testing.T) {
	s := testSite(t)
	for _, tc := range []struct {
		name  string
		spoil func(dir string)
		want  string
	}{
		{"no build.json", func(dir string) { os.Remove(filepath.Join(dir, "build.json")) }, "build.json"},
		{"another game", func(dir string) { os.WriteFile(filepath.Join(dir, s.WasmName), []byte("\x00asm other"), 0o644) }, "not the one build.json names"},
		{"no game", func(dir string) { os.Remove(filepath.Join(dir, s.WasmName)) }, "no " + s.WasmName},
		{"no page", func(dir string) { os.Remove(filepath.Join(dir, "index.html")) }, "no index.html"},
		{"half the copies", func(dir string) { os.Remove(filepath.Join(dir, "sw.js.gz")) }, "go together"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := s.WriteDir(dir); err != nil {
				t.Fatal(err)
			}
			tc.spoil(dir)
			if _, err := Load(os.DirFS(dir)); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error saying %q", err, tc.want)
			}
		})
	}
}
