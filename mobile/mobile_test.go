//go:build !js

package mobile

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/storage"
)

// The binding itself (bind.go) builds only for Android and iOS, with their
// SDKs. This compiles it here anyway, against the real ebiten/mobile
// package, by handing the compiler a copy without its build constraint.
func TestBindingCompiles(t *testing.T) {
	src, err := os.ReadFile("bind.go")
	if err != nil {
		t.Fatal(err)
	}
	const constraint = "//go:build android || ios\n"
	if !strings.HasPrefix(string(src), constraint) {
		t.Fatalf("bind.go must start with %q", constraint)
	}
	if !strings.Contains(string(src), "ebitenmobile.SetGame(theApp())") {
		t.Fatal("bind.go does not hand the game to ebitenmobile.SetGame")
	}
	dir := t.TempDir()
	copyPath := filepath.Join(dir, "bind.go")
	if err := os.WriteFile(copyPath, []byte(strings.TrimPrefix(string(src), constraint)), 0o644); err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs("bind.go")
	if err != nil {
		t.Fatal(err)
	}
	overlay, _ := json.Marshal(map[string]any{"Replace": map[string]string{abs: copyPath}})
	overlayPath := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(overlayPath, overlay, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "build", "-overlay="+overlayPath, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("bind.go does not compile: %v\n%s", err, out)
	}
}

func TestStoreInDataDir(t *testing.T) {
	dir := t.TempDir()
	s, err := openStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	if s.Location() != dir {
		t.Errorf("store in %q, want %q", s.Location(), dir)
	}
	st := storage.Defaults()
	st.Muted = true
	if err := s.SaveSettings(st); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) == 0 {
		t.Error("saving the settings wrote nothing in the data folder")
	}
}

// Android apps usually have no $HOME, so os.UserConfigDir fails: without
// SetDataDir the game must run, keep nothing, and say so.
func TestNoFolderFallsBackToMemory(t *testing.T) {
	t.Setenv(storage.ConfigDirEnv, "")
	t.Setenv("HOME", "")
	t.Setenv("XDG_CONFIG_HOME", "")
	if _, err := os.UserConfigDir(); err == nil {
		t.Skip("this platform has a configuration folder without $HOME")
	}
	if _, err := openStore(""); err == nil {
		t.Fatal("openStore without a folder: no error")
	}
	app := newApp("")
	if app == nil {
		t.Fatal("no game")
	}
}

func TestGameIsMadeOnce(t *testing.T) {
	SetDataDir(t.TempDir())
	g := theApp()
	if g != theApp() {
		t.Error("two games")
	}
	var _ ebiten.LayoutFer = g.(*game) // HiDPI layout reaches the App
	app := g.(*game).get()
	if app == nil || app != g.(*game).get() {
		t.Error("the App is not made once")
	}
}
