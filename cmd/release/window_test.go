package main

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"bashni/cmd/release/internal/linuxapp"
)

// TestWindowMatchesDesktopEntry runs the game on the test's display (test.sh
// runs the tests under Xvfb) and reads its window's properties with xprop:
// its WM_CLASS class is the StartupWMClass of the .desktop entry the Linux
// download ships, so docks group the window with the menu entry, and the
// window carries the game's icon in several sizes (_NET_WM_ICON) instead of
// the system's generic one.
func TestWindowMatchesDesktopEntry(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Fatal("no display: run the tests under Xvfb (xvfb-run -a go test ./cmd/release), as test.sh does")
	}
	for _, tool := range []string{"xprop", "xwininfo"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is missing (Debian package x11-utils; test.sh installs it)", tool)
		}
	}
	entry := string(linuxapp.Desktop(linuxDesktop))
	m := regexp.MustCompile(`(?m)^StartupWMClass=(.+)$`).FindStringSubmatch(entry)
	if m == nil {
		t.Fatalf("the .desktop entry names no StartupWMClass:\n%s", entry)
	}
	wantClass := m[1]

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	root, err := moduleRoot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "bashni")
	build := exec.CommandContext(ctx, "go", "build", "-o", bin, ".")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the game: %v\n%s", err, out)
	}
	game := exec.CommandContext(ctx, bin, "-mute", "-size", "480x600")
	game.Env = append(os.Environ(), "BASHNI_CONFIG_DIR="+filepath.Join(dir, "config"), "HOME="+dir)
	if err := game.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- game.Wait() }()
	defer func() {
		_ = game.Process.Kill()
		<-done
	}()

	// The game's window: the one whose _NET_WM_PID is the game's.
	var id string
	for deadline := time.Now().Add(60 * time.Second); id == "" && time.Now().Before(deadline); {
		select {
		case err := <-done:
			t.Fatalf("the game stopped before its window showed: %v", err)
		case <-time.After(300 * time.Millisecond):
		}
		id = windowOf(t, game.Process.Pid)
	}
	if id == "" {
		t.Fatal("no window of the game's process appeared within 60 s")
	}

	out, err := exec.Command("xprop", "-id", id, "WM_CLASS").Output()
	if err != nil {
		t.Fatalf("xprop WM_CLASS: %v", err)
	}
	// WM_CLASS(STRING) = "bashni", "Bashni"
	wc := regexp.MustCompile(`"([^"]*)", "([^"]*)"`).FindStringSubmatch(string(out))
	if wc == nil {
		t.Fatalf("xprop says %q", out)
	}
	if wc[2] != wantClass {
		t.Errorf("the window's class is %q; the .desktop entry's StartupWMClass is %q", wc[2], wantClass)
	}
	if wc[1] != linuxDesktop.Executable {
		t.Errorf("the window's instance name is %q, want the program's name %q", wc[1], linuxDesktop.Executable)
	}

	// The icon is set a moment after the window shows.
	sizes := map[int]bool{}
	for deadline := time.Now().Add(20 * time.Second); len(sizes) == 0 && time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		// -len: all of it; xprop cuts a property short by default, before the 256 px icon.
		out, err = exec.Command("xprop", "-len", "4000000", "-id", id, "_NET_WM_ICON").Output()
		if err != nil {
			t.Fatalf("xprop _NET_WM_ICON: %v", err)
		}
		for _, s := range regexp.MustCompile(`Icon \((\d+) x (\d+)\)`).FindAllStringSubmatch(string(out), -1) {
			w, _ := strconv.Atoi(s[1])
			if s[1] != s[2] {
				t.Errorf("a %s×%s icon is not square", s[1], s[2])
			}
			sizes[w] = true
		}
	}
	for _, want := range []int{16, 32, 48, 256} {
		if !sizes[want] {
			t.Errorf("the window's icons (%v) have no %d×%d one", sizes, want, want)
		}
	}
}

// windowOf finds the top-level window of process pid ("" if none yet).
func windowOf(t *testing.T, pid int) string {
	t.Helper()
	out, err := exec.Command("xwininfo", "-root", "-tree").Output()
	if err != nil {
		t.Fatalf("xwininfo: %v", err)
	}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 || !strings.HasPrefix(f[0], "0x") {
			continue
		}
		p, err := exec.Command("xprop", "-id", f[0], "_NET_WM_PID").Output()
		if err != nil {
			continue
		}
		if strings.HasSuffix(strings.TrimSpace(string(p)), " = "+strconv.Itoa(pid)) {
			return f[0]
		}
	}
	return ""
}
