package linuxapp

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var app = App{
	ID: "bashni", Name: "Bashni", GenericName: "Column draughts", Comment: "Bashni and Lasca",
	Executable: "bashni", WMClass: "Bashni",
	Categories: []string{"Game", "BoardGame"}, Keywords: []string{"draughts", "checkers"},
}

func TestDesktop(t *testing.T) {
	want := `[Desktop Entry]
Type=Application
Version=1.4
Name=Bashni
GenericName=Column draughts
Comment=Bashni and Lasca
Exec=bashni
TryExec=bashni
Icon=bashni
Terminal=false
StartupWMClass=Bashni
Categories=Game;BoardGame;
Keywords=draughts;checkers;
`
	if got := string(Desktop(app)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	a := app
	a.Comment = `two\lines` + "\nhere"
	if got := string(Desktop(a)); !strings.Contains(got, `Comment=two\\lines\nhere`+"\n") {
		t.Errorf("escapes: %s", got)
	}
}

func draw(size int) image.Image { return image.NewNRGBA(image.Rect(0, 0, size, size)) }

func TestIcons(t *testing.T) {
	files, err := Icons(app, "icons", draw)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(IconSizes) {
		t.Fatalf("%d icons", len(files))
	}
	for i, f := range files {
		s := IconSizes[i]
		img, err := png.Decode(bytes.NewReader(f.Data))
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if img.Bounds().Dx() != s || img.Bounds().Dy() != s {
			t.Errorf("%s is %v", f.Name, img.Bounds())
		}
		if want := fmt.Sprintf("icons/hicolor/%dx%d/apps/bashni.png", s, s); f.Name != want {
			t.Errorf("name %s, want %s", f.Name, want)
		}
	}
	if _, err := Icons(app, "icons", func(int) image.Image { return draw(3) }); err == nil {
		t.Error("a wrong-sized drawing is accepted")
	}
}

// execArg is the specification's quoting of one Exec argument, written
// independently of the script's sed expressions to check them.
func execArg(s string) string {
	quoted := strings.NewReplacer(`"`, `\"`, "`", "\\`", `$`, `\$`, `\`, `\\`).Replace(s)
	quoted = strings.ReplaceAll(quoted, "%", "%%")
	return `"` + strings.ReplaceAll(quoted, `\`, `\\`) + `"`
}

// The install script, run by /bin/sh as a player would, in a folder whose
// name needs every escape, into a fresh home.
// unpacked lays out what the Linux download holds beside the script in
// dir: the icons, the .desktop file, the executable and the script.
func unpacked(t *testing.T, dir string) (script string) {
	t.Helper()
	files, err := Icons(app, "icons", draw)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		p := filepath.Join(dir, f.Name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, f.Data, 0o644)
	}
	os.WriteFile(filepath.Join(dir, "bashni.desktop"), Desktop(app), 0o644)
	os.WriteFile(filepath.Join(dir, "bashni"), []byte("#!/bin/sh\n"), 0o755)
	script = filepath.Join(dir, "install-desktop-entry.sh")
	os.WriteFile(script, InstallScript(app, "icons"), 0o755)
	return script
}

// runScript runs the install script as a player would, with only the
// system's programs on PATH.
func runScript(t *testing.T, script string, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command(script, args...)
	cmd.Env = append([]string{"PATH=/usr/bin:/bin"}, env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("install-desktop-entry.sh %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// withoutMade is an installed entry without the script's notes of what it
// made, and the notes.
func withoutMade(entry string) (string, []string) {
	var keep []string
	var made []string
	for _, line := range strings.SplitAfter(entry, "\n") {
		if p, ok := strings.CutPrefix(line, MadeMark); ok {
			made = append(made, strings.TrimSuffix(p, "\n"))
			continue
		}
		keep = append(keep, line)
	}
	return strings.Join(keep, ""), made
}

func TestInstallScript(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, `My "Games" $HOME 100% \back`+"`tick`", "bashni-v1.2.0-linux-amd64")
	home := filepath.Join(root, "home")
	os.Mkdir(home, 0o755)
	script := unpacked(t, dir)
	env := []string{"HOME=" + home}

	out := runScript(t, script, env)
	entry := filepath.Join(home, ".local/share/applications/bashni.desktop")
	if !strings.Contains(out, entry) {
		t.Errorf("output %q does not name %s", out, entry)
	}
	b, err := os.ReadFile(entry)
	if err != nil {
		t.Fatal(err)
	}
	got, made := withoutMade(string(b))
	exe := filepath.Join(dir, "bashni")
	wantExec := "Exec=" + execArg(exe) + "\n"
	wantTry := "TryExec=" + strings.ReplaceAll(exe, `\`, `\\`) + "\n"
	if !strings.Contains(got, wantExec) || !strings.Contains(got, wantTry) {
		t.Errorf("entry:\n%s\nwant lines\n%s%s", got, wantExec, wantTry)
	}
	if want := strings.Replace(strings.Replace(string(Desktop(app)), "Exec=bashni\n", wantExec, 1), "TryExec=bashni\n", wantTry, 1); got != want {
		t.Errorf("entry:\n%s\nwant\n%s", got, want)
	}
	// The home was empty: the script made .local, .local/share and every
	// folder below, and notes them.
	for _, p := range []string{".local", ".local/share", ".local/share/applications", ".local/share/icons/hicolor/16x16/apps"} {
		if !slices.Contains(made, filepath.Join(home, p)) {
			t.Errorf("the entry does not note that the script made %s: %q", p, made)
		}
	}
	// freedesktop.org's own validator accepts both entries (test.sh installs
	// desktop-file-utils).
	validate := func(path string) {
		t.Helper()
		if out, err := exec.Command("desktop-file-validate", path).CombinedOutput(); err != nil || len(out) > 0 {
			t.Errorf("desktop-file-validate %s: %v\n%s", path, err, out)
		}
	}
	validate(filepath.Join(dir, "bashni.desktop"))
	validate(entry)
	for _, s := range IconSizes {
		p := filepath.Join(home, ".local/share/icons/hicolor", fmt.Sprintf("%dx%d", s, s), "apps/bashni.png")
		if _, err := os.Stat(p); err != nil {
			t.Errorf("icon not installed: %v", err)
		}
	}
	// Where the tools are, the caches were made, and noted.
	for tool, cache := range map[string]string{"gtk-update-icon-cache": ".local/share/icons/hicolor/icon-theme.cache", "update-desktop-database": ".local/share/applications/mimeinfo.cache"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Logf("no %s here: its cache is not tested", tool)
			continue
		}
		if _, err := os.Stat(filepath.Join(home, cache)); err != nil || !slices.Contains(made, filepath.Join(home, cache)) {
			t.Errorf("%s: %v; noted %v", cache, err, slices.Contains(made, filepath.Join(home, cache)))
		}
	}
	runScript(t, script, env, "--uninstall")
	// Everything the script added is gone: the home is empty again.
	if left := tree(t, home); len(left) > 0 {
		t.Errorf("left in the home after --uninstall: %q", left)
	}
}

// tree lists every file and folder under dir (relative, sorted), with "/"
// after folders.
func tree(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.IsDir() {
			rel += "/"
		}
		out = append(out, rel)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// --uninstall takes away exactly what the script added and leaves what was
// there before: another program's icons, entry and the caches that
// existed, which it brings up to date. An XDG_DATA_HOME that did not exist
// goes as a whole. Installing twice (after moving the folder) and then
// uninstalling leaves nothing either.
func TestUninstallLeavesWhatWasThere(t *testing.T) {
	root := t.TempDir()
	script := unpacked(t, filepath.Join(root, "bashni-v1.2.0-linux-amd64"))
	moved := unpacked(t, filepath.Join(root, "moved", "bashni-v1.2.0-linux-amd64"))
	_, haveIconCache := exec.LookPath("gtk-update-icon-cache")

	t.Run("a new XDG_DATA_HOME, installed twice", func(t *testing.T) {
		base := filepath.Join(root, "xdg")
		os.Mkdir(base, 0o755)
		env := []string{"HOME=" + filepath.Join(root, "nohome"), "XDG_DATA_HOME=" + filepath.Join(base, "deep", "share")}
		runScript(t, script, env)
		runScript(t, moved, env)
		b, err := os.ReadFile(filepath.Join(base, "deep/share/applications/bashni.desktop"))
		if err != nil || !strings.Contains(string(b), filepath.Join(root, "moved")) {
			t.Fatalf("the second install does not point at the moved folder: %v\n%s", err, b)
		}
		if _, made := withoutMade(string(b)); len(made) != len(slices.Compact(slices.Sorted(slices.Values(made)))) {
			t.Errorf("notes repeated: %q", made)
		}
		runScript(t, script, env, "--uninstall")
		if left := tree(t, base); len(left) > 0 {
			t.Errorf("left after --uninstall: %q", left)
		}
		if _, err := os.Stat(filepath.Join(root, "nohome")); !os.IsNotExist(err) {
			t.Errorf("HOME was made: %v", err)
		}
	})

	t.Run("a data folder in use", func(t *testing.T) {
		home := filepath.Join(root, "used")
		data := filepath.Join(home, ".local/share")
		for _, p := range []string{"icons/hicolor/48x48/apps/other.png", "icons/hicolor/16x16/apps/other.png", "applications/other.desktop", "applications/empty-folder-of-its-own/"} {
			p = filepath.Join(data, p)
			if strings.HasSuffix(p, "/") {
				os.MkdirAll(p, 0o755)
				continue
			}
			os.MkdirAll(filepath.Dir(p), 0o755)
			os.WriteFile(p, []byte("other"), 0o644)
		}
		os.WriteFile(filepath.Join(data, "applications/mimeinfo.cache"), []byte("[MIME Cache]\n"), 0o644)
		if haveIconCache == nil {
			os.WriteFile(filepath.Join(data, "icons/hicolor/icon-theme.cache"), nil, 0o644)
		}
		before := tree(t, home)
		env := []string{"HOME=" + home}
		runScript(t, script, env)
		b, _ := os.ReadFile(filepath.Join(data, "applications/bashni.desktop"))
		_, made := withoutMade(string(b))
		for _, p := range made {
			if slices.Contains(before, strings.TrimPrefix(p, home+"/")) || slices.Contains(before, strings.TrimPrefix(p, home+"/")+"/") {
				t.Errorf("noted as made, but was there before: %s", p)
			}
		}
		runScript(t, script, env, "--uninstall")
		if after := tree(t, home); !slices.Equal(after, before) {
			t.Errorf("after --uninstall:\n%q\nbefore install:\n%q", after, before)
		}
		if haveIconCache == nil {
			// The icon cache that was there is brought up to date
			// (it no longer lists the game's icon).
			if b, err := os.ReadFile(filepath.Join(data, "icons/hicolor/icon-theme.cache")); err != nil || len(b) == 0 || bytes.Contains(b, []byte("bashni")) {
				t.Errorf("the icon cache that was there: %d bytes, %v, mentions bashni: %v", len(b), err, bytes.Contains(b, []byte("bashni")))
			}
		}
	})
}
