package main

import (
	"bytes"
	"context"
	"debug/macho"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"howett.net/plist"

	"bashni/cmd/release/internal/macapp"
	"bashni/cmd/release/internal/winapp"
	"bashni/version"
	"bashni/version/stamp"
)

// TestReleaseTwice makes the whole release twice from the checkout's
// commit, once here and once in a fresh clone in another folder, each with
// `go run ./cmd/release -out …`, and checks that the two wrote identical
// files (the same SHA256SUMS, byte for byte, and every file the same), and
// that the numeric versions a player's system shows are the release number
// of version/VERSION, not 0.0.0: Windows' FileVersion, macOS'
// CFBundleShortVersionString and CFBundleVersion.
//
// It takes two full releases (about 10–30 minutes each on a shared 2-core
// machine, most of it Brotli at quality 11 for the web site), so it runs
// only when asked:
//
//	BASHNI_RELEASE_TWICE=1 go test -run TestReleaseTwice -timeout 3h -v ./cmd/release
//
// The checkout must have no uncommitted changes (the clone has none).
func TestReleaseTwice(t *testing.T) {
	if os.Getenv("BASHNI_RELEASE_TWICE") == "" {
		t.Skip("two full releases: BASHNI_RELEASE_TWICE=1 runs it (see the comment)")
	}
	ctx := context.Background()
	root, err := moduleRoot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	info, err := stamp.Describe(ctx, root)
	if err != nil {
		t.Fatal(err)
	}
	if info.Dirty {
		t.Fatalf("the checkout has uncommitted changes (%s): commit them first", info.Version)
	}
	work := t.TempDir()
	clone := filepath.Join(work, "elsewhere", "bashni")
	if out, err := exec.Command("git", "clone", "-q", "--no-hardlinks", root, clone).CombinedOutput(); err != nil {
		t.Fatalf("git clone: %v\n%s", err, out)
	}
	release := func(dir, out string) {
		t.Helper()
		start := time.Now()
		cmd := exec.CommandContext(ctx, "go", "run", "./cmd/release", "-out", out)
		cmd.Dir = dir
		var log bytes.Buffer
		cmd.Stdout, cmd.Stderr = &log, &log
		if err := cmd.Run(); err != nil {
			t.Fatalf("release in %s: %v\n%s", dir, err, log.String())
		}
		t.Logf("release in %s: %.0f s\n%s", dir, time.Since(start).Seconds(), log.String())
	}
	one, two := filepath.Join(work, "one"), filepath.Join(work, "two")
	release(root, one)
	release(clone, two)

	dir1, dir2 := filepath.Join(one, info.Version), filepath.Join(two, info.Version)
	sums1, err := os.ReadFile(filepath.Join(dir1, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	sums2, err := os.ReadFile(filepath.Join(dir2, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("SHA256SUMS of %s:\n%s", info.Version, sums1)
	if !bytes.Equal(sums1, sums2) {
		t.Errorf("the two releases differ:\n%s\n%s", sums1, sums2)
	}
	names1, _ := filepath.Glob(filepath.Join(dir1, "*"))
	names2, _ := filepath.Glob(filepath.Join(dir2, "*"))
	if len(names1) != len(names2) || len(names1) != strings.Count(string(sums1), "\n")+1 {
		t.Errorf("files: %d and %d, SHA256SUMS lists %d", len(names1), len(names2), strings.Count(string(sums1), "\n"))
	}
	for _, p := range names1 {
		a, _ := os.ReadFile(p)
		b, err := os.ReadFile(filepath.Join(dir2, filepath.Base(p)))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s differs between the releases (%v)", filepath.Base(p), err)
		}
	}
	for _, want := range []string{"windows-amd64.zip", "windows-arm64.zip", "macos-universal.zip", "linux-amd64.tar.gz", "linux-arm64.tar.gz", "web.zip"} {
		if !strings.Contains(string(sums1), "bashni-"+info.Version+"-"+want) {
			t.Errorf("no bashni-%s-%s", info.Version, want)
		}
	}
	for _, want := range []string{"bashni-server-" + info.Version + "-linux-amd64.tar.gz", "bashni-server-" + info.Version + "-linux-arm64.tar.gz"} {
		if !strings.Contains(string(sums1), want) {
			t.Errorf("no %s", want)
		}
	}

	// The numbers a player's system shows.
	n, ok := info.Numeric()
	if !ok || n == [4]uint16{} {
		t.Fatalf("the release number %q", info.Number)
	}
	num, err := version.ParseNumber(info.Number)
	if err != nil {
		t.Fatal(err)
	}
	win, _ := os.ReadFile(filepath.Join(dir1, "bashni-"+info.Version+"-windows-amd64.zip"))
	files := unzip(t, win)
	facts, err := winapp.Inspect([]byte(files["bashni-"+info.Version+"-windows-amd64/bashni.exe"]))
	if err != nil {
		t.Fatal(err)
	}
	wantFile := info.Number + "." + strconv.Itoa(int(n[3]))
	if facts.FileVersion != wantFile || strings.HasPrefix(facts.FileVersion, "0.0.0") {
		t.Errorf("bashni.exe's FileVersion %q, want %q", facts.FileVersion, wantFile)
	}
	t.Logf("bashni.exe: FileVersion %s, ProductVersion %q", facts.FileVersion, facts.ProductVersion)
	mac, _ := os.ReadFile(filepath.Join(dir1, "bashni-"+info.Version+"-macos-universal.zip"))
	var p map[string]any
	if _, err := plist.Unmarshal([]byte(unzip(t, mac)["Bashni.app/Contents/Info.plist"]), &p); err != nil {
		t.Fatal(err)
	}
	if p["CFBundleShortVersionString"] != info.Number || p["CFBundleShortVersionString"] == "0.0.0" || !strings.HasPrefix(p["CFBundleVersion"].(string), strconv.Itoa(int(num[0]))+"."+strconv.Itoa(int(num[1]))+".") {
		t.Errorf("Info.plist: CFBundleShortVersionString %v, CFBundleVersion %v; want %s", p["CFBundleShortVersionString"], p["CFBundleVersion"], info.Number)
	}
	t.Logf("Info.plist: CFBundleShortVersionString %v, CFBundleVersion %v", p["CFBundleShortVersionString"], p["CFBundleVersion"])

	// What a player meets: one folder per download (the Mac game is
	// Bashni.app), the app's signature naming it, PROTOCOL.txt beside
	// every engine.
	fat, err := macho.NewFatFile(strings.NewReader(unzip(t, mac)["Bashni.app/Contents/MacOS/bashni"]))
	if err != nil {
		t.Fatal(err)
	}
	if sig, err := macapp.ReadSignature(slice(t, unzip(t, mac)["Bashni.app/Contents/MacOS/bashni"], fat.Arches[1])); err != nil || sig.Identifier != bundleID {
		t.Errorf("the app's arm64 signature: %+v, %v", sig, err)
	}
	for _, p := range names1 {
		name := filepath.Base(p)
		data, _ := os.ReadFile(p)
		var names []string
		switch {
		case strings.HasSuffix(name, ".zip"):
			names = keys(unzip(t, data))
		case strings.HasSuffix(name, ".tar.gz"):
			files, _ := untar(t, data)
			names = keys(files)
		default:
			continue
		}
		if strings.HasSuffix(name, "-macos-universal.zip") && strings.HasPrefix(name, "bashni-"+info.Version) {
			continue // Bashni.app
		}
		dir := oneFolder(t, name, names)
		if strings.HasPrefix(name, "bashni-engine-") && !slices.Contains(names, dir+protocolName) {
			t.Errorf("%s has no %s", name, protocolName)
		}
	}
}
