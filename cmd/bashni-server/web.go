package main

import (
	"errors"
	"fmt"
	"io/fs"
	"log"
	"os"
	"path/filepath"

	"bashni/wasm/site"
)

// siteFolder is where the server download keeps the web site, beside the
// binary.
const siteFolder = "web"

// findSite is the folder of a built web site to serve, or "" to build the
// game: -web's folder; else, without -wasm, web/ beside the executable
// when it holds a site (the server download), so that a released server
// needs no Go toolchain and no flag.
func findSite(webDir, prebuilt string) (string, error) {
	if webDir != "" {
		if prebuilt != "" {
			return "", errors.New("-web and -wasm: give one")
		}
		return webDir, nil
	}
	if prebuilt != "" {
		return "", nil
	}
	exe, err := os.Executable()
	if err != nil {
		return "", nil
	}
	return besideExecutable(exe), nil
}

// besideExecutable is exe's web/ folder when it holds a site, else "".
func besideExecutable(exe string) string {
	if resolved, err := filepath.EvalSymlinks(exe); err == nil {
		exe = resolved // a link in /usr/local/bin to the unpacked download
	}
	dir := filepath.Join(filepath.Dir(exe), siteFolder)
	if _, err := os.Stat(filepath.Join(dir, "build.json")); err != nil {
		return ""
	}
	return dir
}

// loadSite loads the site in dir (site.Load).
func loadSite(dir string) (*site.Site, error) {
	s, err := site.Load(os.DirFS(dir))
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("-web %s: %w", dir, err)
		}
		return nil, fmt.Errorf("the web site in %s: %w", dir, err)
	}
	log.Printf("serving the web site in %s (%s, site version %s)", dir, s.WasmName, s.Version)
	return s, nil
}
