package main

import (
	"bytes"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bashni/wasm/site"
)

// A server download: the binary with the web site beside it in web/.
func download(t *testing.T) (exe string, s *site.Site) {
	t.Helper()
	dir := t.TempDir()
	exe = filepath.Join(dir, "bashni-server")
	if err := os.WriteFile(exe, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	s, err := site.New(bytes.Repeat([]byte("\x00asm a game "), 1000))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.WriteDir(filepath.Join(dir, siteFolder)); err != nil {
		t.Fatal(err)
	}
	return exe, s
}

func TestBesideExecutable(t *testing.T) {
	exe, _ := download(t)
	want := filepath.Join(filepath.Dir(exe), "web")
	if got := besideExecutable(exe); got != want {
		t.Errorf("besideExecutable(%s) = %q, want %q", exe, got, want)
	}
	// Started through a link elsewhere (/usr/local/bin/bashni-server).
	link := filepath.Join(t.TempDir(), "bashni-server")
	if err := os.Symlink(exe, link); err != nil {
		t.Fatal(err)
	}
	if got := besideExecutable(link); got != want {
		t.Errorf("through a link: %q, want %q", got, want)
	}
	// A server built from the checkout (go run, go build) has none.
	if got := besideExecutable(filepath.Join(t.TempDir(), "bashni-server")); got != "" {
		t.Errorf("no web/ beside it, yet %q", got)
	}
}

func TestFindSite(t *testing.T) {
	if dir, err := findSite("/srv/web", ""); dir != "/srv/web" || err != nil {
		t.Errorf("-web: %q, %v", dir, err)
	}
	if _, err := findSite("/srv/web", "main.wasm"); err == nil {
		t.Error("-web and -wasm together are accepted")
	}
	if dir, err := findSite("", "main.wasm"); dir != "" || err != nil {
		t.Errorf("-wasm: %q, %v (want the game built around it)", dir, err)
	}
	// The test binary has no web/ beside it: the game would be built.
	if dir, err := findSite("", ""); dir != "" || err != nil {
		t.Errorf("no flags: %q, %v", dir, err)
	}
}

func TestLoadSite(t *testing.T) {
	exe, want := download(t)
	s, err := loadSite(besideExecutable(exe))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"/", "/" + want.WasmName} {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", name, nil))
		body, _ := io.ReadAll(rec.Result().Body)
		if rec.Code != 200 || len(body) == 0 {
			t.Errorf("GET %s: %d, %d bytes", name, rec.Code, len(body))
		}
		if name == "/" && !strings.Contains(string(body), want.WasmName) {
			t.Errorf("the page does not load %s", want.WasmName)
		}
	}
	if _, err := loadSite(t.TempDir()); err == nil || !strings.Contains(err.Error(), "build.json") {
		t.Errorf("an empty folder: %v", err)
	}
}
