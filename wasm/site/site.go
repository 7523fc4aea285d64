// Package site assembles the browser build of the game into a static site
// (page shell, service worker, manifest, icons, wasm_exec.js, the game) and
// serves it with the right types, caching and compression. wasm/serve and
// the browser tests use it.
//
// Caching: the game is served under a name made from its content
// (main-<hash>.wasm), so it can be kept for good ("immutable"); the page,
// the service worker, wasm_exec.js and build.json must be checked on every
// visit ("no-cache") and carry an ETag and a Last-Modified date, so that a
// check costs a 304 instead of the file. Compression: every compressible
// file is compressed once, with Brotli and with gzip, and each request gets
// the encoding its Accept-Encoding prefers (q-values and "*" included).
package site

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/andybalholm/brotli"

	"bashni/version"
	"bashni/wasm"
)

// Site is the complete static site in memory: every file with its type, its
// cache policy and, for compressible files, Brotli and gzip copies made
// once at start-up (so requests cost no compression time).
type Site struct {
	// Version names this build of the whole site (the service worker's
	// cache); it changes when any file does.
	Version string
	// WasmName is the game's file name, main-<hash of the game>.wasm.
	WasmName string
	files    map[string]*siteFile
	modified time.Time // Last-Modified of every file: when the site was made
}

type siteFile struct {
	data, gz, br []byte
	etag         string // of the raw data; encoded copies add a suffix
	contentType  string
	cacheControl string
}

// Options tune how the site is made.
type Options struct {
	// BrotliQuality is the Brotli quality, 0–11. Quality 11 makes main.wasm
	// 15 % smaller than quality 5 but takes minutes instead of seconds:
	// worth it once for a published site (wasm/serve -out), not for every
	// local start. Zero means DefaultBrotliQuality.
	BrotliQuality int
	// Release, when set, is the game's version (bashni/version) that
	// build.json names: "release" (git describe), "number" (version/VERSION),
	// "commit" and "date" (the commit's).
	Release version.Info
	// BrotliCache, when set, is a folder where the game's Brotli copy (and
	// its GzipBest copy) is kept by the game's content hash and quality, so
	// that a build is compressed once: wasm/serve and bashni-server start at once with
	// the best quality after the first start of a build (CacheDir).
	BrotliCache string
	// Gzip is how the game's gzip copy is made; GzipBest's copy is kept in
	// BrotliCache too.
	Gzip GzipMode
}

// DefaultBrotliQuality is quick enough for every start of wasm/serve and the
// browser tests (main.wasm in a few seconds) and still well below gzip.
const DefaultBrotliQuality = 5

// BestBrotliQuality is for publishing and for the servers, which keep the
// result (Options.BrotliCache).
const BestBrotliQuality = 11

// CacheDir is where wasm/serve and bashni-server keep the game's Brotli
// copies: the user's cache folder, or none when there is none.
func CacheDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "bashni", "site")
}

// contentTypes are set explicitly: browsers refuse to stream-compile wasm
// served with another type, and manifest and service worker types matter.
var contentTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".wasm":        "application/wasm",
	".json":        "application/json",
	".webmanifest": "application/manifest+json",
	".png":         "image/png",
	".otf":         "font/otf",
}

// New assembles the site around a built game with the default options.
func New(game []byte) (*Site, error) { return NewWithOptions(game, Options{}) }

// NewWithOptions assembles the site around a built game.
func NewWithOptions(game []byte, opts Options) (*Site, error) {
	if opts.BrotliQuality == 0 {
		opts.BrotliQuality = DefaultBrotliQuality
	}
	if opts.BrotliQuality < 0 || opts.BrotliQuality > BestBrotliQuality {
		return nil, fmt.Errorf("brotli quality %d: want 0 to %d", opts.BrotliQuality, BestBrotliQuality)
	}
	execJS, err := wasmExecJS()
	if err != nil {
		return nil, err
	}
	shell := map[string][]byte{"wasm_exec.js": execJS}
	err = fs.WalkDir(wasm.Web, "web", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := wasm.Web.ReadFile(p)
		shell[strings.TrimPrefix(p, "web/")] = b
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("reading the page shell: %w", err)
	}

	s := &Site{
		WasmName: "main-" + contentHash(game)[:12] + ".wasm",
		files:    map[string]*siteFile{},
		modified: time.Now().UTC().Truncate(time.Second),
	}
	whole := sha256.New()
	whole.Write(game)
	for _, name := range sortedKeys(shell) {
		whole.Write([]byte(name))
		whole.Write(shell[name])
	}
	s.Version = hex.EncodeToString(whole.Sum(nil))[:12]

	for _, name := range sortedKeys(shell) {
		b := shell[name]
		if name == "index.html" || name == "sw.js" {
			b = bytes.ReplaceAll(b, []byte("{{VERSION}}"), []byte(s.Version))
			b = bytes.ReplaceAll(b, []byte("{{WASM}}"), []byte(s.WasmName))
		}
		if err := s.add(name, b, opts); err != nil {
			return nil, err
		}
	}
	if err := s.add(s.WasmName, game, opts); err != nil {
		return nil, err
	}
	if err := s.addLanguages(opts); err != nil {
		return nil, err
	}
	w := s.files[s.WasmName]
	build := map[string]any{
		"version":     s.Version,
		"wasm":        s.WasmName,
		"wasmBytes":   len(game),
		"gzipBytes":   len(w.gz),
		"brotliBytes": len(w.br),
	}
	if r := opts.Release; r.Version != "" {
		build["release"] = r.Version
		if r.Number != "" {
			build["number"] = r.Number
		}
		build["commit"] = r.Commit
		if !r.Date.IsZero() {
			build["date"] = r.Date.UTC().Format(time.RFC3339)
		}
	}
	info, _ := json.Marshal(build)
	return s, s.add("build.json", info, opts)
}

func contentHash(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func (s *Site) add(name string, data []byte, opts Options) error {
	f := s.newFile(name, data)
	if compressible(name) {
		var err error
		if name == s.WasmName {
			gzCache := ""
			if opts.BrotliCache != "" {
				gzCache = filepath.Join(opts.BrotliCache, strings.TrimSuffix(name, ".wasm")+".ld12.gz")
			}
			f.gz, err = gameGzip(data, opts.Gzip, gzCache)
		} else {
			f.gz, err = compressGzip(data)
		}
		if err != nil {
			return fmt.Errorf("compressing %s: %w", name, err)
		}
		cache := ""
		if name == s.WasmName && opts.BrotliCache != "" {
			cache = filepath.Join(opts.BrotliCache, fmt.Sprintf("%s.q%d.br", strings.TrimSuffix(name, ".wasm"), opts.BrotliQuality))
		}
		if f.br, err = cachedBrotli(data, opts.BrotliQuality, cache); err != nil {
			return fmt.Errorf("compressing %s: %w", name, err)
		}
	}
	s.files[name] = f
	return nil
}

// compressible: every file but the PNG icons (compressed already).
func compressible(name string) bool { return path.Ext(name) != ".png" }

// newFile is a file of the site without its compressed copies: its type,
// ETag and cache policy.
func (s *Site) newFile(name string, data []byte) *siteFile {
	ext := path.Ext(name)
	f := &siteFile{data: data, contentType: contentTypes[ext], etag: `"` + contentHash(data)[:16] + `"`}
	if f.contentType == "" {
		f.contentType = mime.TypeByExtension(ext)
	}
	switch {
	case name == s.WasmName:
		// Its name changes with its content: keep it for good.
		f.cacheControl = "public, max-age=31536000, immutable"
	case ext == ".png" || ext == ".webmanifest":
		f.cacheControl = "public, max-age=86400"
	default:
		// The page, the service worker, wasm_exec.js (which must match the
		// game) and build.json: checked on every visit, a 304 when unchanged.
		f.cacheControl = "no-cache"
	}
	return f
}

// cachedBrotli is compressBrotli, kept in the file cache (when not empty)
// and read back from it on later starts. A cached copy that does not
// decompress to data is made again.
func cachedBrotli(data []byte, quality int, cache string) ([]byte, error) {
	if cache != "" {
		if br, err := os.ReadFile(cache); err == nil {
			if raw, err := io.ReadAll(brotli.NewReader(bytes.NewReader(br))); err == nil && bytes.Equal(raw, data) {
				return br, nil
			}
		}
	}
	br, err := compressBrotli(data, quality)
	if err != nil || cache == "" {
		return br, err
	}
	// The cache only saves time: failing to write it is no error.
	if os.MkdirAll(filepath.Dir(cache), 0o755) == nil {
		tmp := cache + ".tmp" + strconv.Itoa(os.Getpid())
		if os.WriteFile(tmp, br, 0o644) == nil {
			os.Rename(tmp, cache)
		}
		os.Remove(tmp)
	}
	return br, nil
}

func compressBrotli(data []byte, quality int) ([]byte, error) {
	var buf bytes.Buffer
	// A 16 MiB window (the largest browsers must accept) lets the whole
	// game match against itself.
	bw := brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: quality, LGWin: 24})
	if _, err := bw.Write(data); err != nil {
		return nil, err
	}
	if err := bw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Size is the size of a file, or 0.
func (s *Site) Size(name string) int {
	if f, ok := s.files[name]; ok {
		return len(f.data)
	}
	return 0
}

// GzipSize is the gzip-compressed size of a file, or 0.
func (s *Site) GzipSize(name string) int {
	if f, ok := s.files[name]; ok {
		return len(f.gz)
	}
	return 0
}

// BrotliSize is the Brotli-compressed size of a file, or 0.
func (s *Site) BrotliSize(name string) int {
	if f, ok := s.files[name]; ok {
		return len(f.br)
	}
	return 0
}

// TransferSizes adds up the site's files as sent with Brotli, with gzip and
// uncompressed: what a first visit downloads, since the service worker
// keeps every file for offline play.
func (s *Site) TransferSizes() (brotli, gzip, raw int) {
	for _, f := range s.files {
		raw += len(f.data)
		if f.gz == nil {
			brotli += len(f.data)
			gzip += len(f.data)
			continue
		}
		brotli += len(f.br)
		gzip += len(f.gz)
	}
	return brotli, gzip, raw
}

// Names lists the site's files.
func (s *Site) Names() []string { return sortedKeys(s.files) }

// ServeHTTP serves the site, compressed as the browser prefers.
func (s *Site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if name == "" {
		name = "index.html"
	}
	f, ok := s.files[name]
	if !ok {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", f.contentType)
	h.Set("Cache-Control", f.cacheControl)
	h.Set("X-Content-Type-Options", "nosniff")
	body, etag := f.data, f.etag
	if f.gz != nil {
		h.Set("Vary", "Accept-Encoding")
		switch negotiateEncoding(r) {
		case "br":
			h.Set("Content-Encoding", "br")
			body, etag = f.br, strings.TrimSuffix(etag, `"`)+`-br"`
		case "gzip":
			h.Set("Content-Encoding", "gzip")
			body, etag = f.gz, strings.TrimSuffix(etag, `"`)+`-gz"`
		}
	}
	// Each encoding is a different representation, so it has its own
	// ETag. ServeContent answers If-None-Match, If-Modified-Since and
	// ranges.
	h.Set("ETag", etag)
	http.ServeContent(w, r, name, s.modified, bytes.NewReader(body))
}

// negotiateEncoding picks "br", "gzip" or "" (identity) for the request's
// Accept-Encoding. The Brotli package's HTTP compressor does the
// negotiation (q-values, "*", Brotli first on a tie); it is asked on a
// scratch response and its choice read back, since the bodies here are
// compressed already.
func negotiateEncoding(r *http.Request) string {
	probe := probeWriter{header: http.Header{}}
	brotli.HTTPCompressorWithLevel(probe, r, 0) // never written to or closed: nothing is compressed
	return probe.header.Get("Content-Encoding")
}

// probeWriter is a ResponseWriter that only keeps headers.
type probeWriter struct{ header http.Header }

func (p probeWriter) Header() http.Header         { return p.header }
func (p probeWriter) Write(b []byte) (int, error) { return len(b), nil }
func (p probeWriter) WriteHeader(int)             {}
