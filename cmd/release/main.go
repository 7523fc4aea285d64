// Command release builds everything the studio ships from the checkout it is
// run in, for every platform, into release/<version>/:
//
//	bashni-<v>-windows-amd64.zip, -arm64.zip   bashni.exe (icon, version, no console)
//	bashni-<v>-macos-universal.zip             Bashni.app, one binary for Intel and Apple silicon (unsigned)
//	bashni-<v>-linux-amd64.tar.gz, -arm64      the game, its .desktop entry, icons, install script
//	bashni-<v>-web.zip                         the static web site (wasm/serve -out)
//	bashni-server-<v>-linux-amd64.tar.gz, -arm64  bashni-server with that site beside it, a systemd unit
//	bashni-engine-<v>-<platform>.zip/.tar.gz   the text-protocol engine for each desktop, with PROTOCOL.txt
//	SHA256SUMS                                 sha256sum -c SHA256SUMS checks them
//
// <v> is `git describe --tags --always --dirty`; the numeric versions
// (Windows' FileVersion, macOS' CFBundleShortVersionString) are the release
// number of version/VERSION and the commits since it changed. Every program is built
// without cgo, with -trimpath and the version stamped by the linker, and
// every archive has fixed times, owners and order, so two runs from one
// commit give identical files (compare their SHA256SUMS).
//
//	go run ./cmd/release              # writes release/<version>/
//	go run ./cmd/release -out /tmp/r  # writes /tmp/r/<version>/
package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"bashni/cmd/release/internal/archive"
	"bashni/internal/targets"
	"bashni/licenses"
	"bashni/version"
	"bashni/version/stamp"
	"bashni/wasm/site"
)

func main() {
	out := flag.String("out", "", "folder to write <version>/ into (default: release/ in the module)")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("release: ")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, *out); err != nil {
		log.Fatal(err)
	}
}

// release is one run.
type release struct {
	info       version.Info
	protocol   []byte // the engine protocol's description (protocolFile)
	serverUnit []byte // the systemd unit example (serverUnitFile)
}

// newRelease reads what the packages take from the snapshot besides the
// binaries.
func newRelease(stage string, info version.Info) (*release, error) {
	protocol, err := os.ReadFile(filepath.Join(stage, filepath.FromSlash(protocolFile)))
	if err != nil {
		return nil, fmt.Errorf("the engine protocol's description: %w", err)
	}
	unit, err := os.ReadFile(filepath.Join(stage, filepath.FromSlash(serverUnitFile)))
	if err != nil {
		return nil, fmt.Errorf("the server's systemd unit: %w", err)
	}
	return &release{info: info, protocol: protocol, serverUnit: unit}, nil
}

func run(ctx context.Context, outRoot string) error {
	start := time.Now()
	root, err := moduleRoot(ctx)
	if err != nil {
		return err
	}
	info, err := stamp.Describe(ctx, root)
	if err != nil {
		return err
	}
	if outRoot == "" {
		outRoot = filepath.Join(root, "release")
	}
	if err := stamp.CheckRelease(info); err != nil {
		return err
	}
	n, _ := info.Numeric()
	log.Printf("version %s, numbered %d.%d.%d.%d (commit %s, %s)", info.Version, n[0], n[1], n[2], n[3], info.Commit, info.Date.Format(time.RFC3339))
	if info.Dirty {
		log.Print("the checkout has uncommitted changes: this is a -dirty build, not a release to publish")
	}

	stage, err := snapshot(ctx, root)
	if err != nil {
		return err
	}
	defer os.RemoveAll(stage)
	b := &builder{stage: stage, info: info}
	r, err := newRelease(stage, info)
	if err != nil {
		return err
	}

	var arts []artifact
	built := map[targets.Target]binaries{}
	for _, t := range targets.Desktop {
		t0 := time.Now()
		bins, err := b.buildTarget(ctx, t)
		if err != nil {
			return err
		}
		if err := b.check(ctx, bins); err != nil {
			return err
		}
		built[t] = bins
		log.Printf("built %s in %.0f s: bashni %.1f MB, bashni-engine %.1f MB", t, time.Since(t0).Seconds(), mb(len(bins.game)), mb(len(bins.engine)))
	}
	for _, t := range targets.Desktop {
		var a []artifact
		var err error
		switch t.OS {
		case "windows":
			a, err = r.packWindows(built[t])
		case "linux":
			a, err = r.packLinux(built[t])
		case "darwin":
			if t.Arch != "arm64" {
				continue // one universal bundle, made with the arm64 build
			}
			a, err = r.packMac(built[targets.Target{OS: "darwin", Arch: "amd64"}], built[t])
		}
		if err != nil {
			return fmt.Errorf("packaging for %s: %w", t, err)
		}
		arts = append(arts, a...)
	}

	t0 := time.Now()
	site, web, err := r.buildWeb(ctx, stage)
	if err != nil {
		return err
	}
	arts = append(arts, web)
	log.Printf("built the web site in %.0f s", time.Since(t0).Seconds())

	t0 = time.Now()
	servers, err := r.buildServers(ctx, b, site)
	if err != nil {
		return err
	}
	arts = append(arts, servers...)
	log.Printf("built the servers in %.0f s", time.Since(t0).Seconds())

	dir, err := writeRelease(filepath.Join(outRoot, info.Version), arts)
	if err != nil {
		return err
	}
	for _, a := range arts {
		log.Printf("%10.2f MB  %s", mb(len(a.data)), a.name)
	}
	log.Printf("wrote %s (SHA256SUMS beside) in %.0f s", dir, time.Since(start).Seconds())
	return nil
}

// buildWeb builds the game for the browser from the snapshot and zips the
// site wasm/site makes of it, the same as `go run ./wasm/serve -out` (with
// Brotli at its best quality, which takes a few minutes). It returns the
// site's files too, for the server downloads.
func (r *release) buildWeb(ctx context.Context, stage string) ([]archive.File, artifact, error) {
	game, err := site.BuildGameAt(ctx, stage, r.info)
	if err != nil {
		return nil, artifact{}, err
	}
	s, err := site.NewWithOptions(game, site.Options{BrotliQuality: site.BestBrotliQuality, Gzip: site.GzipBest, Release: r.info})
	if err != nil {
		return nil, artifact{}, err
	}
	files, err := siteFiles(s)
	if err != nil {
		return nil, artifact{}, err
	}
	// The browser build is the game: its licences are the game's (the
	// module graph for js/wasm is a subset of the one licenses lists).
	licence := []byte(licenses.Document(productName, licenses.All()))
	web, err := r.packWeb(files, licence)
	return files, web, err
}

// siteFiles are the files of a site as WriteDir writes them (with their .br
// and .gz copies), named relative to the site's folder.
func siteFiles(s *site.Site) ([]archive.File, error) {
	dir, err := os.MkdirTemp("", "bashni-site-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if err := s.WriteDir(dir); err != nil {
		return nil, err
	}
	var files []archive.File
	err = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files = append(files, archive.File{Name: filepath.ToSlash(rel), Data: data})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading the site: %w", err)
	}
	return files, nil
}

// buildServers builds bashni-server for each server platform, checks it
// and packs it with the site (packServer).
func (r *release) buildServers(ctx context.Context, b *builder, site []archive.File) ([]artifact, error) {
	licence, err := serverLicences(ctx, b.stage)
	if err != nil {
		return nil, err
	}
	var arts []artifact
	for _, t := range serverTargets {
		t0 := time.Now()
		server, err := b.buildServer(ctx, t)
		if err != nil {
			return nil, err
		}
		a, err := r.packServer(t, server, site, licence)
		if err != nil {
			return nil, fmt.Errorf("packaging the server for %s: %w", t, err)
		}
		arts = append(arts, a)
		log.Printf("built bashni-server for %s in %.0f s: %.1f MB", t, time.Since(t0).Seconds(), mb(len(server)))
	}
	return arts, nil
}

// writeRelease writes the artifacts and SHA256SUMS into dir, replacing an
// earlier run's: everything goes to a temporary folder that is then renamed.
func writeRelease(dir string, arts []artifact) (string, error) {
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), "."+filepath.Base(dir)+".tmp-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	for _, a := range arts {
		if err := os.WriteFile(filepath.Join(tmp, a.name), a.data, 0o644); err != nil {
			return "", err
		}
	}
	if err := os.WriteFile(filepath.Join(tmp, "SHA256SUMS"), sums(arts), 0o644); err != nil {
		return "", err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return "", err
	}
	if err := os.RemoveAll(dir); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, dir); err != nil {
		return "", err
	}
	return dir, nil
}

func moduleRoot(ctx context.Context) (string, error) {
	out, err := exec.CommandContext(ctx, "go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("finding the module: %w", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", fmt.Errorf("run the release inside the bashni module (go run ./cmd/release)")
	}
	return filepath.Dir(mod), nil
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func mb(n int) float64 { return float64(n) / 1e6 }
