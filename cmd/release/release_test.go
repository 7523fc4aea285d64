package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"debug/macho"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"howett.net/plist"

	"bashni/cmd/release/internal/macapp"
	"bashni/cmd/release/internal/winapp"
	"bashni/internal/targets"
	"bashni/version"
)

var testInfo = version.Info{
	Version: "v1.2.0-3-ge97c113",
	Commit:  "e97c113abcdef0123456789abcdef0123456789a",
	Date:    time.Date(2026, 12, 1, 1, 4, 5, 0, time.UTC),
	Number:  "1.2.0",
	Since:   3,
}

// TestCrossBuild builds the game and the engine for every desktop platform
// exactly as the release does (no cgo, -trimpath, the version stamped, the
// Windows resources and GUI subsystem) and checks each executable: its
// format and CPU, the Windows icon, version and subsystem, and on this
// machine's platform what -version prints. A Windows- or macOS-only break
// fails here. Then it packages the real binaries and reads the downloads
// back. (That packaging is reproducible is tested in internal/archive and
// shown by two release runs: see docs/MEASUREMENTS.md.)
//
// It compiles the game six times: about 5 minutes on two cores with an
// empty build cache, under a minute with a warm one (see docs/MEASUREMENTS.md).
func TestCrossBuild(t *testing.T) {
	ctx := context.Background()
	root, err := moduleRoot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	stage, err := snapshot(ctx, root)
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(stage)
	b := &builder{stage: stage, info: testInfo}
	built := map[targets.Target]binaries{}
	for _, tg := range targets.Desktop {
		t.Run(strings.ReplaceAll(tg.String(), "/", "-"), func(t *testing.T) {
			start := time.Now()
			bins, err := b.buildTarget(ctx, tg)
			if err != nil {
				t.Fatal(err)
			}
			if err := b.check(ctx, bins); err != nil {
				t.Fatal(err)
			}
			built[tg] = bins
			t.Logf("built in %.0f s: game %.1f MB, engine %.1f MB", time.Since(start).Seconds(), mb(len(bins.game)), mb(len(bins.engine)))
		})
	}
	if len(built) != len(targets.Desktop) {
		t.Fatal("not every platform built")
	}
	r, err := newRelease(stage, testInfo)
	if err != nil {
		t.Fatal(err)
	}

	t.Run("windows package", func(t *testing.T) {
		arts, err := r.packWindows(built[targets.Target{OS: "windows", Arch: "amd64"}])
		if err != nil {
			t.Fatal(err)
		}
		if arts[0].name != "bashni-v1.2.0-3-ge97c113-windows-amd64.zip" || arts[1].name != "bashni-engine-v1.2.0-3-ge97c113-windows-amd64.zip" {
			t.Errorf("names %s, %s", arts[0].name, arts[1].name)
		}
		// Each zip unpacks into one folder of its own name, like the
		// Linux tarballs.
		files := unzip(t, arts[0].data)
		dir := oneFolder(t, arts[0].name, keys(files))
		exe := files[dir+"bashni.exe"]
		facts, err := winapp.Inspect([]byte(exe))
		if err != nil {
			t.Fatal(err)
		}
		if !facts.GUI || facts.ProductVersion != "1.2.0 (v1.2.0-3-ge97c113)" || facts.FileVersion != "1.2.0.3" || len(facts.IconSizes) != len(winapp.IconSizes) {
			t.Errorf("bashni.exe in the zip: %+v", facts)
		}
		if !strings.Contains(files[dir+"README.txt"], "Run anyway") || !strings.Contains(files[dir+licenceName], "Apache License") {
			t.Errorf("README.txt or the licences are wrong:\n%.300s", files[dir+"README.txt"])
		}
		engine := unzip(t, arts[1].data)
		dir = oneFolder(t, arts[1].name, keys(engine))
		// The engine has no Ebitengine in it, so its licences are Go's alone.
		if _, ok := engine[dir+"bashni-engine.exe"]; !ok || strings.Contains(engine[dir+licenceName], "Apache") {
			t.Errorf("engine zip: %v", keys(engine))
		}
		// It comes with the protocol's description, for Notepad.
		if p := engine[dir+protocolName]; p != string(crlf(r.protocol)) || !strings.Contains(p, "# Text formats and the engine protocol\r\n") {
			t.Errorf("%s in the engine zip: %.200q", protocolName, p)
		}
	})

	t.Run("macOS package", func(t *testing.T) {
		arts, err := r.packMac(built[targets.Target{OS: "darwin", Arch: "amd64"}], built[targets.Target{OS: "darwin", Arch: "arm64"}])
		if err != nil {
			t.Fatal(err)
		}
		files := unzip(t, arts[0].data)
		var info map[string]any
		if _, err := plist.Unmarshal([]byte(files["Bashni.app/Contents/Info.plist"]), &info); err != nil {
			t.Fatalf("Info.plist: %v", err)
		}
		if info["CFBundleExecutable"] != "bashni" || info["CFBundleIconFile"] != "bashni.icns" || info["BashniVersion"] != testInfo.Version ||
			info["CFBundleShortVersionString"] != "1.2.0" || info["CFBundleVersion"] != "1.2.3" {
			t.Errorf("Info.plist: %v", info)
		}
		if _, ok := files["Bashni.app/Contents/Resources/bashni.icns"]; !ok {
			t.Errorf("no icon: %v", keys(files))
		}
		fat, err := macho.NewFatFile(strings.NewReader(files["Bashni.app/Contents/MacOS/bashni"]))
		if err != nil {
			t.Fatalf("the app's binary is not universal: %v", err)
		}
		var cpus []macho.Cpu
		for _, a := range fat.Arches {
			cpus = append(cpus, a.Cpu)
		}
		if len(cpus) != 2 || cpus[0] != macho.CpuAmd64 || cpus[1] != macho.CpuArm64 {
			t.Errorf("architectures %v", cpus)
		}
		// Apple silicon runs only signed code: the arm64 slice has an
		// ad-hoc signature, every page's hash right, naming the app by
		// its bundle identifier (the Go linker's says "a.out").
		sig, err := macapp.ReadSignature(slice(t, files["Bashni.app/Contents/MacOS/bashni"], fat.Arches[1]))
		if err != nil || sig.Identifier != bundleID {
			t.Errorf("the arm64 slice's signature: %+v, %v; want the identifier %s", sig, err, bundleID)
		}
		if arts[1].name != "bashni-engine-v1.2.0-3-ge97c113-macos-universal.zip" {
			t.Errorf("engine zip named %s", arts[1].name)
		}
		engine := unzip(t, arts[1].data)
		dir := oneFolder(t, arts[1].name, keys(engine))
		efat, err := macho.NewFatFile(strings.NewReader(engine[dir+"bashni-engine"]))
		if err != nil || len(efat.Arches) != 2 {
			t.Fatalf("the engine is not universal: %v", err)
		}
		if sig, err := macapp.ReadSignature(slice(t, engine[dir+"bashni-engine"], efat.Arches[1])); err != nil || sig.Identifier != engineSigningID {
			t.Errorf("the engine's arm64 signature: %+v, %v", sig, err)
		}
		if engine[dir+protocolName] != string(r.protocol) {
			t.Errorf("no %s in the engine zip: %v", protocolName, keys(engine))
		}
	})

	t.Run("Linux package", func(t *testing.T) {
		arts, err := r.packLinux(built[targets.Target{OS: "linux", Arch: "amd64"}])
		if err != nil {
			t.Fatal(err)
		}
		files, modes := untar(t, arts[0].data)
		dir := "bashni-v1.2.0-3-ge97c113-linux-amd64/"
		for name, exe := range map[string]bool{
			"bashni": true, "bashni.desktop": false, "install-desktop-entry.sh": true, "README.txt": false, licenceName: false,
			"icons/hicolor/16x16/apps/bashni.png": false, "icons/hicolor/512x512/apps/bashni.png": false,
		} {
			mode, ok := modes[dir+name]
			if !ok {
				t.Errorf("no %s in %v", name, keys(files))
				continue
			}
			if (mode&0o111 != 0) != exe {
				t.Errorf("%s: mode %o", name, mode)
			}
		}
		if !strings.Contains(files[dir+"bashni.desktop"], "Exec=bashni\n") {
			t.Errorf("desktop entry:\n%s", files[dir+"bashni.desktop"])
		}
		oneFolder(t, arts[0].name, keys(files))
		engine, _ := untar(t, arts[1].data)
		dir = oneFolder(t, arts[1].name, keys(engine))
		if engine[dir+protocolName] != string(r.protocol) || !strings.Contains(engine[dir+"README.txt"], protocolName) {
			t.Errorf("the engine tarball: %v", keys(engine))
		}
	})
}

// slice is one architecture's executable inside a universal binary.
func slice(t *testing.T, fat string, a macho.FatArch) []byte {
	t.Helper()
	if uint64(a.Offset)+uint64(a.Size) > uint64(len(fat)) {
		t.Fatalf("slice %v outside the file", a.Cpu)
	}
	return []byte(fat[a.Offset : a.Offset+a.Size])
}

// oneFolder checks that an archive's entries all lie in one folder named
// after the archive (without .zip or .tar.gz) and returns "<folder>/".
func oneFolder(t *testing.T, archive string, names []string) string {
	t.Helper()
	dir := strings.TrimSuffix(strings.TrimSuffix(archive, ".zip"), ".tar.gz") + "/"
	for _, n := range names {
		if !strings.HasPrefix(n, dir) {
			t.Errorf("%s: %s is not in the folder %s", archive, n, dir)
		}
	}
	return dir
}

func unzip(t *testing.T, data []byte) map[string]string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, f := range zr.File {
		if f.FileInfo().IsDir() {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		files[f.Name] = string(b)
	}
	return files
}

func untar(t *testing.T, data []byte) (map[string]string, map[string]int64) {
	t.Helper()
	gz, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	files, modes := map[string]string{}, map[string]int64{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return files, modes
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(tr)
		files[h.Name] = string(b)
		modes[h.Name] = h.Mode
	}
}

func keys[V any](m map[string]V) []string {
	var k []string
	for name := range m {
		k = append(k, name)
	}
	return k
}

func TestSums(t *testing.T) {
	got := string(sums([]artifact{{"b.zip", []byte("b")}, {"a.tar.gz", []byte("")}}))
	want := "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  a.tar.gz\n" +
		"3e23e8160039594a33894f6564e1b1348bbd7a0088d42c4acb73eeaed59c009d  b.zip\n"
	if got != want {
		t.Errorf("got\n%swant\n%s", got, want)
	}
}

func TestVersionLine(t *testing.T) {
	got := versionLine(testInfo, targets.Target{OS: "windows", Arch: "arm64"})
	if !strings.HasPrefix(got, "1.2.0 (v1.2.0-3-ge97c113, commit e97c113abcde, 2026-12-01) go") || !strings.HasSuffix(got, " windows/arm64") {
		t.Errorf("%q", got)
	}
}
