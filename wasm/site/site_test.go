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
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"

	"bashni/version"
)

var cachedSite *Site

func testSite(t *testing.T) *Site {
	t.Helper()
	if cachedSite != nil {
		return cachedSite
	}
	fake := bytes.Repeat([]byte("\x00asm fake game "), 5000)
	s, err := New(fake)
	if err != nil {
		t.Fatal(err)
	}
	cachedSite = s
	return s
}

func get(s *Site, path string, header ...string) *http.Response {
	req := httptest.NewRequest("GET", path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	return rec.Result()
}

// decoded is the body of res, decompressed as its Content-Encoding says.
func decoded(t *testing.T, res *http.Response) []byte {
	t.Helper()
	var r io.Reader = res.Body
	switch res.Header.Get("Content-Encoding") {
	case "gzip":
		zr, err := gzip.NewReader(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	case "br":
		r = brotli.NewReader(res.Body)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestServe(t *testing.T) {
	s := testSite(t)
	wasm := "/" + s.WasmName
	tests := []struct {
		path, accept    string
		status          int
		contentType     string
		encoding, cache string
		bodyContains    string
	}{
		{"/", "gzip, deflate, br", 200, "text/html; charset=utf-8", "br", "no-cache", s.WasmName},
		{"/index.html", "", 200, "text/html; charset=utf-8", "", "no-cache", s.Version},
		{wasm, "gzip, deflate, br", 200, "application/wasm", "br", "immutable", "asm fake"},
		{wasm + "?v=x", "gzip", 200, "application/wasm", "gzip", "immutable", "asm fake"},
		{wasm, "", 200, "application/wasm", "", "immutable", "asm fake"},
		{"/wasm_exec.js", "br;q=0.5, gzip", 200, "text/javascript; charset=utf-8", "gzip", "no-cache", "Go"},
		{"/sw.js", "", 200, "text/javascript; charset=utf-8", "", "no-cache", "const WASM = '" + s.WasmName},
		{"/manifest.webmanifest", "", 200, "application/manifest+json", "", "max-age", "Bashni"},
		{"/build.json", "", 200, "application/json", "", "no-cache", `"wasmBytes":75000`},
		{"/icons/icon-192.png", "gzip, br", 200, "image/png", "", "max-age", "PNG"},
		{"/main.wasm", "", 404, "", "", "", ""},
		{"/nothing", "", 404, "", "", "", ""},
		{"/../../etc/passwd", "", 404, "", "", "", ""},
	}
	for _, tc := range tests {
		res := get(s, tc.path, "Accept-Encoding", tc.accept)
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
		if res.Header.Get("ETag") == "" || res.Header.Get("Last-Modified") == "" {
			t.Errorf("%s: no ETag or Last-Modified", tc.path)
		}
		body := decoded(t, res)
		if !bytes.Contains(body, []byte(tc.bodyContains)) {
			t.Errorf("%s: body does not contain %q", tc.path, tc.bodyContains)
		}
		if bytes.Contains(body, []byte("{{VERSION}}")) || bytes.Contains(body, []byte("{{WASM}}")) {
			t.Errorf("%s: placeholder left in", tc.path)
		}
	}
}

// Accept-Encoding is negotiated as HTTP says: q-values, q=0 refusing a
// coding, "*" for any other, the server's preference (Brotli) on a tie.
func TestNegotiation(t *testing.T) {
	s := testSite(t)
	for accept, want := range map[string]string{
		"":                         "",
		"identity":                 "",
		"gzip":                     "gzip",
		"GZIP":                     "gzip",
		"br":                       "br",
		"gzip, deflate, br, zstd":  "br",
		"gzip;q=1.0, br;q=0.8":     "gzip",
		"br;q=0, gzip":             "gzip",
		"br;q=0, gzip;q=0":         "",
		"*":                        "br",
		"*;q=0.5, gzip":            "gzip",
		"br;q=0, *":                "gzip",
		"gzip;q=0, *;q=0.1":        "br",
		"deflate, x-gzip":          "",
		"gzip;q=0.001, br;q=0.002": "br",
	} {
		res := get(s, "/wasm_exec.js", "Accept-Encoding", accept)
		if got := res.Header.Get("Content-Encoding"); got != want {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, want %q", accept, got, want)
		}
		if res.Header.Get("Vary") != "Accept-Encoding" {
			t.Errorf("Accept-Encoding %q: no Vary", accept)
		}
	}
}

// A check of the page or the service worker costs a 304, not the file:
// by ETag (per encoding) and by date.
func TestRevalidation(t *testing.T) {
	s := testSite(t)
	for _, path := range []string{"/", "/index.html", "/sw.js", "/wasm_exec.js", "/" + s.WasmName} {
		for _, accept := range []string{"", "gzip", "br"} {
			first := get(s, path, "Accept-Encoding", accept)
			etag, modified := first.Header.Get("ETag"), first.Header.Get("Last-Modified")
			if again := get(s, path, "Accept-Encoding", accept, "If-None-Match", etag); again.StatusCode != http.StatusNotModified {
				t.Errorf("%s (%q) with its ETag %s: status %d, want 304", path, accept, etag, again.StatusCode)
			}
			if again := get(s, path, "Accept-Encoding", accept, "If-Modified-Since", modified); again.StatusCode != http.StatusNotModified {
				t.Errorf("%s (%q) since %s: status %d, want 304", path, accept, modified, again.StatusCode)
			}
			if again := get(s, path, "Accept-Encoding", accept, "If-None-Match", `"other"`); again.StatusCode != http.StatusOK {
				t.Errorf("%s (%q) with another ETag: status %d, want 200", path, accept, again.StatusCode)
			}
		}
		plain, br := get(s, path).Header.Get("ETag"), get(s, path, "Accept-Encoding", "br").Header.Get("ETag")
		if plain == br {
			t.Errorf("%s: the Brotli copy has the ETag of the plain one (%s)", path, plain)
		}
	}
}

// The game's file name follows its content: another game, another name.
func TestWasmNameFollowsContent(t *testing.T) {
	a := testSite(t)
	b, err := New(bytes.Repeat([]byte("\x00asm another game "), 100))
	if err != nil {
		t.Fatal(err)
	}
	if a.WasmName == b.WasmName || a.Version == b.Version || !strings.HasPrefix(a.WasmName, "main-") {
		t.Errorf("names %s and %s, versions %s and %s", a.WasmName, b.WasmName, a.Version, b.Version)
	}
}

func TestWriteDir(t *testing.T) {
	s := testSite(t)
	dir := t.TempDir()
	if err := s.WriteDir(dir); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"index.html", "index.html.gz", "index.html.br", s.WasmName, s.WasmName + ".gz", s.WasmName + ".br", "wasm_exec.js", "sw.js", "manifest.webmanifest", "build.json", "icons/icon-512.png", "icons/maskable-512.png"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("missing %s: %v", name, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "icons/icon-512.png.gz")); err == nil {
		t.Error("PNGs should not be compressed")
	}
	br, _ := os.ReadFile(filepath.Join(dir, s.WasmName+".br"))
	if plain, _ := io.ReadAll(brotli.NewReader(bytes.NewReader(br))); !bytes.Equal(plain, s.files[s.WasmName].data) {
		t.Error("the .br copy does not decode to the game")
	}
	// Serving the written folder with a plain file server works too.
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()
	res, err := http.Get(srv.URL + "/" + s.WasmName)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("static folder: %v %v", err, res)
	}
}

// -out never writes through a symbolic link it finds in the folder: a
// link at a file's name is replaced by the file, a linked folder is
// refused; what the links point to is left alone.
func TestWriteDirDoesNotFollowLinks(t *testing.T) {
	s := testSite(t)
	outside := t.TempDir()
	victim := filepath.Join(outside, "victim")
	if err := os.WriteFile(victim, []byte("keep me"), 0o600); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, name := range []string{"index.html", "sw.js.gz", s.WasmName + ".br"} {
		if err := os.Symlink(victim, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.WriteDir(dir); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(victim); string(b) != "keep me" {
		t.Fatalf("the file a link pointed to was overwritten: %.40q", b)
	}
	for _, name := range []string{"index.html", "sw.js.gz", s.WasmName + ".br"} {
		if info, err := os.Lstat(filepath.Join(dir, name)); err != nil || !info.Mode().IsRegular() {
			t.Errorf("%s is not a regular file now: %v %v", name, info, err)
		}
	}

	linked := t.TempDir()
	if err := os.Symlink(outside, filepath.Join(linked, "icons")); err != nil {
		t.Fatal(err)
	}
	err := s.WriteDir(linked)
	if err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("writing into a folder whose icons/ is a link: %v", err)
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 1 {
		t.Errorf("files were written where the link points: %v", entries)
	}
}

// The CJK fonts, the names fonts and the compiled messages are served
// beside main.wasm, and
// the manifests of every language with the page.
func TestFontsAndManifestsAreServed(t *testing.T) {
	s, err := New([]byte("\x00asm\x01\x00\x00\x00"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, ctype string }{
		{"/fonts/ja-regular.otf", "font/otf"}, {"/fonts/ko-bold.otf", "font/otf"}, {"/locales/ru.json", "application/json"},
		{"/fonts/names-ac00.otf", "font/otf"}, {"/fonts/names-3000.otf", "font/otf"}, {"/fonts/names-5c00.otf", "font/otf"}, // players' names
		{"/manifest.ru.webmanifest", "application/manifest+json"}, {"/manifest.ja.webmanifest", "application/manifest+json"},
	} {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", tc.path, nil))
		if rec.Code != 200 || rec.Header().Get("Content-Type") != tc.ctype || rec.Body.Len() < 100 {
			t.Errorf("%s: %d %q, %d bytes", tc.path, rec.Code, rec.Header().Get("Content-Type"), rec.Body.Len())
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
	s, err := NewWithOptions(fake, Options{Release: version.Info{Version: "v1.2.0-3-ge97c113", Commit: "e97c113abc", Date: time.Date(2026, 12, 1, 1, 0, 0, 0, time.UTC), Number: "1.2.0"}})
	if err != nil {
		t.Fatal(err)
	}
	m := read(s)
	if m["release"] != "v1.2.0-3-ge97c113" || m["number"] != "1.2.0" || m["commit"] != "e97c113abc" || m["date"] != "2026-12-01T01:00:00Z" || m["version"] != s.Version {
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

// TestPageTextHasTheCJKFont: the page's own elements (the command line,
// the loader) name the game's CJK font after the system's, and every font
// file the page's @font-face rules point at is served with the page, so a
// system without a Korean or Japanese font still shows them.
func TestPageTextHasTheCJKFont(t *testing.T) {
	s := testSite(t)
	page := string(decoded(t, get(s, "/index.html")))
	urls := regexp.MustCompile(`url\((fonts/[a-z]+-(regular|bold)\.otf)\)`).FindAllStringSubmatch(page, -1)
	want := map[string]bool{"fonts/ko-regular.otf": false, "fonts/ko-bold.otf": false, "fonts/ja-regular.otf": false, "fonts/ja-bold.otf": false}
	for _, u := range urls {
		want[u[1]] = true
	}
	for f, found := range want {
		if !found {
			t.Errorf("index.html has no @font-face pointing at %s", f)
			continue
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", "/"+f, nil))
		if rec.Code != 200 || rec.Body.Len() < 1000 {
			t.Errorf("/%s: %d, %d bytes", f, rec.Code, rec.Body.Len())
		}
	}
	for _, rule := range []string{`font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Bashni CJK", sans-serif`, `font: 17px system-ui, "Bashni CJK", sans-serif`} {
		if !strings.Contains(page, rule) {
			t.Errorf("index.html lacks %s", rule)
		}
	}
}

// TestBrotliCache: the game's Brotli copy is made once per build and
// quality and read back from the cache on later starts; a damaged copy is
// made again.
func TestBrotliCache(t *testing.T) {
	dir := t.TempDir()
	game := bytes.Repeat([]byte("\x00asm cached game "), 4000)
	opts := Options{BrotliQuality: DefaultBrotliQuality, BrotliCache: dir} // 11 takes minutes for the whole site
	first, err := NewWithOptions(game, opts)
	if err != nil {
		t.Fatal(err)
	}
	cached := filepath.Join(dir, strings.TrimSuffix(first.WasmName, ".wasm")+".q5.br")
	br, err := os.ReadFile(cached)
	if err != nil {
		t.Fatalf("no cached copy: %v", err)
	}
	if len(br) != first.BrotliSize(first.WasmName) {
		t.Errorf("cached %d bytes, the site sends %d", len(br), first.BrotliSize(first.WasmName))
	}
	// A later start sends the cached copy: mark it (a valid stream of the
	// same game, made at another quality) to tell it from a new one.
	other, err := compressBrotli(game, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cached, other, 0o644); err != nil {
		t.Fatal(err)
	}
	again, err := NewWithOptions(game, opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := again.BrotliSize(again.WasmName); got != len(other) {
		t.Errorf("a later start sent %d bytes, not the cached %d", got, len(other))
	}
	// A damaged copy is made again.
	if err := os.WriteFile(cached, []byte("not brotli"), 0o644); err != nil {
		t.Fatal(err)
	}
	fixed, err := NewWithOptions(game, opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := fixed.BrotliSize(fixed.WasmName); got != len(br) {
		t.Errorf("after damage: %d bytes, want a new copy of %d", got, len(br))
	}
	res := get(fixed, "/"+fixed.WasmName, "Accept-Encoding", "br")
	if !bytes.Equal(decoded(t, res), game) {
		t.Error("the sent copy does not decode to the game")
	}
}
