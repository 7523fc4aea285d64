package site

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"strings"
	"time"
)

// wasmName is the game's name as NewWithOptions gives it.
var wasmName = regexp.MustCompile(`^main-[0-9a-f]{12}\.wasm$`)

// Load reads back a site that WriteDir wrote (wasm/serve -out, the web/
// folder of a release's server download, the web download unzipped), for
// a server with no Go toolchain to build the game: every file, with the
// .br and .gz copies beside it as its compressed forms (a file without
// them is compressed here, with DefaultBrotliQuality). build.json names
// the game and the site's version; the game must match the hash in its
// name. Files are served as NewWithOptions serves them: the same types,
// ETags and cache policies.
func Load(fsys fs.FS) (*Site, error) {
	b, err := fs.ReadFile(fsys, "build.json")
	if err != nil {
		return nil, fmt.Errorf("not a site written by wasm/serve -out (no build.json): %w", err)
	}
	var build struct {
		Version string `json:"version"`
		Wasm    string `json:"wasm"`
	}
	if err := json.Unmarshal(b, &build); err != nil {
		return nil, fmt.Errorf("the site's build.json: %w", err)
	}
	if build.Version == "" || !wasmName.MatchString(build.Wasm) {
		return nil, fmt.Errorf("the site's build.json names no version or game: %s", b)
	}
	s := &Site{
		Version:  build.Version,
		WasmName: build.Wasm,
		files:    map[string]*siteFile{},
		modified: time.Now().UTC().Truncate(time.Second),
	}
	exists := func(name string) bool {
		info, err := fs.Stat(fsys, name)
		return err == nil && info.Mode().IsRegular()
	}
	err = fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		base := strings.TrimSuffix(strings.TrimSuffix(p, ".br"), ".gz")
		if base != p && exists(base) {
			return nil // a compressed copy: read with its file
		}
		if strings.HasPrefix(baseName(p), ".") {
			return nil // WriteDir's temporary files, editors' and hosts' own
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		f := s.newFile(p, data)
		if compressible(p) {
			br, errBr := fs.ReadFile(fsys, p+".br")
			gz, errGz := fs.ReadFile(fsys, p+".gz")
			switch {
			case errBr == nil && errGz == nil:
				f.br, f.gz = br, gz
			case errors.Is(errBr, fs.ErrNotExist) && errors.Is(errGz, fs.ErrNotExist):
				if f.gz, err = compressGzip(data); err != nil {
					return err
				}
				if f.br, err = compressBrotli(data, DefaultBrotliQuality); err != nil {
					return err
				}
			default:
				return fmt.Errorf("%s: the .br and .gz copies go together: %w", p, errors.Join(errBr, errGz))
			}
		}
		s.files[p] = f
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading the site: %w", err)
	}
	for _, name := range []string{"index.html", "sw.js", "wasm_exec.js", s.WasmName} {
		if _, ok := s.files[name]; !ok {
			return nil, fmt.Errorf("the site has no %s", name)
		}
	}
	if got := "main-" + contentHash(s.files[s.WasmName].data)[:12] + ".wasm"; got != s.WasmName {
		return nil, fmt.Errorf("the site's game %s is not the one build.json names (its content is %s)", s.WasmName, got)
	}
	return s, nil
}

// baseName is the last element of a slash-separated name.
func baseName(name string) string { return name[strings.LastIndexByte(name, '/')+1:] }
