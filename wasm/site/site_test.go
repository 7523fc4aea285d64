package site

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
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

// The CJK fonts and the compiled messages are served beside main.wasm, and
// the manifests of every language with the page.
func TestFontsAndManifestsAreServed(t *testing.T) {
	s, err := New([]byte("\x00asm\x01\x00\x00\x00"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, ctype string }{
		{"/fonts/ja-regular.otf", "font/otf"}, {"/fonts/ko-bold.otf", "font/otf"}, {"/locales/ru.json", "application/json"},
		{"/manifest.ru.webmanifest", "application/manifest+json"}, {"/manifest.ja.webmanifest", "application/manifest+json"},
	} {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", tc.path, nil))
		if rec.Code != 200 || rec.Header().Get("Content-Type") != tc.ctype || rec.Body.Len() < 100 {
			t.Errorf("%s: %d %q, %d bytes", tc.path, rec.Code, rec.Header().Get("Content-Type"), rec.Body.Len())
		}
	}
}
