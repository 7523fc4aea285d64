// Package site assembles the browser build of the game into a static site
// (page shell, service worker, manifest, icons, wasm_exec.js, the game) and
// serves it with the right types and compression. wasm/serve and the browser
// tests use it.
package site

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"bashni/version"
	"bashni/wasm"
)

// Site is the complete static site in memory: every file with its type, its
// cache policy and, for compressible files, a gzip-compressed copy made once
// at start-up (so requests cost no compression time).
type Site struct {
	Version string
	release version.Info // the game's version for build.json (WithRelease)
	files   map[string]*siteFile
}

// An Option adjusts the site New makes.
type Option func(*Site)

// WithRelease writes the game's version (bashni/version) into build.json:
// "release" (git describe), "commit" and "date" (the commit's).
func WithRelease(info version.Info) Option {
	return func(s *Site) { s.release = info }
}

type siteFile struct {
	data, gz     []byte
	contentType  string
	cacheControl string
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
}

// New assembles the site around a built game.
func New(game []byte, opts ...Option) (*Site, error) {
	sum := sha256.Sum256(game)
	s := &Site{Version: hex.EncodeToString(sum[:6]), files: map[string]*siteFile{}}
	for _, o := range opts {
		o(s)
	}
	err := fs.WalkDir(wasm.Web, "web", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := wasm.Web.ReadFile(p)
		if err != nil {
			return err
		}
		name := strings.TrimPrefix(p, "web/")
		if name == "index.html" || name == "sw.js" {
			b = bytes.ReplaceAll(b, []byte("{{VERSION}}"), []byte(s.Version))
		}
		return s.add(name, b)
	})
	if err != nil {
		return nil, fmt.Errorf("reading the page shell: %w", err)
	}
	execJS, err := wasmExecJS()
	if err != nil {
		return nil, err
	}
	if err := s.add("wasm_exec.js", execJS); err != nil {
		return nil, err
	}
	if err := s.add("main.wasm", game); err != nil {
		return nil, err
	}
	build := map[string]any{
		"version":   s.Version,
		"wasmBytes": len(game),
		"gzipBytes": len(s.files["main.wasm"].gz),
	}
	if s.release.Version != "" {
		build["release"] = s.release.Version
		build["commit"] = s.release.Commit
		if !s.release.Date.IsZero() {
			build["date"] = s.release.Date.UTC().Format(time.RFC3339)
		}
	}
	info, _ := json.Marshal(build)
	return s, s.add("build.json", info)
}

func (s *Site) add(name string, data []byte) error {
	ext := path.Ext(name)
	f := &siteFile{data: data, contentType: contentTypes[ext]}
	if f.contentType == "" {
		f.contentType = mime.TypeByExtension(ext)
	}
	switch name {
	case "index.html", "sw.js", "build.json":
		f.cacheControl = "no-cache"
	case "main.wasm":
		// Requested as main.wasm?v=<version>: safe to keep for good.
		f.cacheControl = "public, max-age=31536000, immutable"
	default:
		f.cacheControl = "public, max-age=86400"
	}
	if ext != ".png" {
		var buf bytes.Buffer
		zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		if err != nil {
			return err
		}
		if _, err := zw.Write(data); err != nil {
			return err
		}
		if err := zw.Close(); err != nil {
			return err
		}
		f.gz = buf.Bytes()
	}
	s.files[name] = f
	return nil
}

// GzipSize is the compressed size of a file, or 0.
func (s *Site) GzipSize(name string) int {
	if f, ok := s.files[name]; ok {
		return len(f.gz)
	}
	return 0
}

// Names lists the site's files.
func (s *Site) Names() []string {
	var names []string
	for n := range s.files {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// ServeHTTP serves the site, gzip-compressed when the browser accepts it.
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
	body := f.data
	if f.gz != nil {
		h.Set("Vary", "Accept-Encoding")
		if acceptsGzip(r.Header.Get("Accept-Encoding")) {
			h.Set("Content-Encoding", "gzip")
			body = f.gz
		}
	}
	h.Set("Content-Length", fmt.Sprint(len(body)))
	if r.Method == http.MethodHead {
		return
	}
	w.Write(body)
}

func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(coding), "gzip") && !strings.Contains(strings.ReplaceAll(params, " ", ""), "q=0") {
			return true
		}
	}
	return false
}

// WriteDir writes the site to dir, with a .gz copy beside every compressible
// file for hosts that serve pre-compressed files (nginx gzip_static, most
// static hosting services).
func (s *Site) WriteDir(dir string) error {
	for _, name := range s.Names() {
		f := s.files[name]
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("writing the site: %w", err)
		}
		if err := os.WriteFile(p, f.data, 0o644); err != nil {
			return fmt.Errorf("writing the site: %w", err)
		}
		if f.gz != nil {
			if err := os.WriteFile(p+".gz", f.gz, 0o644); err != nil {
				return fmt.Errorf("writing the site: %w", err)
			}
		}
	}
	return nil
}
