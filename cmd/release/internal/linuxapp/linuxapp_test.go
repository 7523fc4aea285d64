package linuxapp

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
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
func TestInstallScript(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, `My "Games" $HOME 100% \back`+"`tick`", "bashni-v1.2.0-linux-amd64")
	home := filepath.Join(root, "home")
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
	script := filepath.Join(dir, "install-desktop-entry.sh")
	os.WriteFile(script, InstallScript(app, "icons"), 0o755)

	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(script, args...)
		cmd.Env = []string{"HOME=" + home, "PATH=/usr/bin:/bin"}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("install-desktop-entry.sh %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	out := run()
	entry := filepath.Join(home, ".local/share/applications/bashni.desktop")
	if !strings.Contains(out, entry) {
		t.Errorf("output %q does not name %s", out, entry)
	}
	b, err := os.ReadFile(entry)
	if err != nil {
		t.Fatal(err)
	}
	got := string(b)
	exe := filepath.Join(dir, "bashni")
	wantExec := "Exec=" + execArg(exe) + "\n"
	wantTry := "TryExec=" + strings.ReplaceAll(exe, `\`, `\\`) + "\n"
	if !strings.Contains(got, wantExec) || !strings.Contains(got, wantTry) {
		t.Errorf("entry:\n%s\nwant lines\n%s%s", got, wantExec, wantTry)
	}
	if want := strings.Replace(strings.Replace(string(Desktop(app)), "Exec=bashni\n", wantExec, 1), "TryExec=bashni\n", wantTry, 1); got != want {
		t.Errorf("entry:\n%s\nwant\n%s", got, want)
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
	run("--uninstall")
	if _, err := os.Stat(entry); !os.IsNotExist(err) {
		t.Errorf("entry still there after --uninstall: %v", err)
	}
	if left, _ := filepath.Glob(filepath.Join(home, ".local/share/icons/hicolor/*/apps/bashni.png")); len(left) > 0 {
		t.Errorf("icons left: %v", left)
	}
}
