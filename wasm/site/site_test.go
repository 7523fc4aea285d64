package site

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"bashni/version"
)

func testSite(t *testing.T) *Site {
	t.Helper()
	fake := bytes.Repeat([]byte("\x00asm fake game "), 5000)
	s, err := New(fake)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestServe(t *testing.T) {
	s := testSite(t)
	tests := []struct {
		path, accept    string
		status          int
		contentType     string
		encoding, cache string
		bodyContains    string
	}{
		{"/", "gzip", 200, "text/html; charset=utf-8", "gzip", "no-cache", "wasm_exec.js"},
		{"/index.html", "", 200, "text/html; charset=utf-8", "", "no-cache", s.Version},
		{"/main.wasm?v=x", "gzip, deflate, br", 200, "application/wasm", "gzip", "immutable", ""},
		{"/main.wasm", "br", 200, "application/wasm", "", "immutable", "asm fake"},
		{"/main.wasm", "gzip;q=0", 200, "application/wasm", "", "immutable", "asm fake"},
		{"/wasm_exec.js", "gzip", 200, "text/javascript; charset=utf-8", "gzip", "max-age", "Go"},
		{"/sw.js", "", 200, "text/javascript; charset=utf-8", "", "no-cache", "const VERSION = '" + s.Version},
		{"/manifest.webmanifest", "", 200, "application/manifest+json", "", "max-age", "Bashni"},
		{"/build.json", "", 200, "application/json", "", "no-cache", `"wasmBytes":75000`},
		{"/icons/icon-192.png", "gzip", 200, "image/png", "", "max-age", "PNG"},
		{"/nothing", "", 404, "", "", "", ""},
		{"/../../etc/passwd", "", 404, "", "", "", ""},
	}
	for _, tc := range tests {
		req := httptest.NewRequest("GET", tc.path, nil)
		if tc.accept != "" {
			req.Header.Set("Accept-Encoding", tc.accept)
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		res := rec.Result()
		if res.StatusCode != tc.status {
			t.Errorf("%s: status %d, want %d", tc.path, res.StatusCode, tc.status)
			continue
		}
		if tc.status != 200 {
			continue
		}
		if got := res.Header.Get("Content-Type"); got != tc.contentType {
			t.Errorf("%s: Content-Type %q, want %q", tc.path, got, tc.contentType)
		}
		if got := res.Header.Get("Content-Encoding"); got != tc.encoding {
			t.Errorf("%s: Content-Encoding %q, want %q", tc.path, got, tc.encoding)
		}
		if got := res.Header.Get("Cache-Control"); !strings.Contains(got, tc.cache) {
			t.Errorf("%s: Cache-Control %q, want %q", tc.path, got, tc.cache)
		}
		body, _ := io.ReadAll(res.Body)
		if tc.encoding == "gzip" {
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatalf("%s: %v", tc.path, err)
			}
			body, _ = io.ReadAll(zr)
		}
		if !bytes.Contains(body, []byte(tc.bodyContains)) {
			t.Errorf("%s: body does not contain %q", tc.path, tc.bodyContains)
		}
		if bytes.Contains(body, []byte("{{VERSION}}")) {
			t.Errorf("%s: version placeholder left in", tc.path)
		}
	}
}

func TestWriteDir(t *testing.T) {
	s := testSite(t)
	dir := t.TempDir()
	if err := s.WriteDir(dir); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"index.html", "index.html.gz", "main.wasm", "main.wasm.gz", "wasm_exec.js", "sw.js", "manifest.webmanifest", "build.json", "icons/icon-512.png", "icons/maskable-512.png"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("missing %s: %v", name, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "icons/icon-512.png.gz")); err == nil {
		t.Error("PNGs should not be gzipped")
	}
	// Serving the written folder with a plain file server works too.
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()
	res, err := http.Get(srv.URL + "/main.wasm")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("static folder: %v %v", err, res)
	}
}

func TestAcceptsGzip(t *testing.T) {
	for h, want := range map[string]bool{"": false, "gzip": true, "GZIP": true, "deflate, gzip;q=1.0": true, "gzip;q=0": false, "br": false, "x-gzip": false} {
		if got := acceptsGzip(h); got != want {
			t.Errorf("acceptsGzip(%q) = %v", h, got)
		}
	}
}

// build.json names the release when the site is told it, and only then.
func TestBuildJSONRelease(t *testing.T) {
	fake := []byte("\x00asm fake game")
	read := func(s *Site) map[string]any {
		t.Helper()
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", "/build.json", nil))
		var m map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
			t.Fatalf("build.json: %v: %s", err, rec.Body.Bytes())
		}
		return m
	}
	s, err := New(fake, WithRelease(version.Info{Version: "v1.2.0-3-ge97c113", Commit: "e97c113abc", Date: time.Date(2026, 12, 1, 1, 0, 0, 0, time.UTC)}))
	if err != nil {
		t.Fatal(err)
	}
	m := read(s)
	if m["release"] != "v1.2.0-3-ge97c113" || m["commit"] != "e97c113abc" || m["date"] != "2026-12-01T01:00:00Z" || m["version"] != s.Version {
		t.Errorf("build.json %v", m)
	}
	plain, err := New(fake)
	if err != nil {
		t.Fatal(err)
	}
	if m := read(plain); m["release"] != nil || m["commit"] != nil {
		t.Errorf("build.json without a release: %v", m)
	}
}
