package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestDesktopBinaryRuns starts the real desktop game (not a vmhost guest)
// on the test's display for a few seconds: it must keep running, with or
// without a sound device (without one it says so in one line and plays
// silently).
func TestDesktopBinaryRuns(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "bashni")
	build := exec.Command("go", "build", "-o", bin, "bashni")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		t.Fatalf("building the game: %v", err)
	}
	var out syncBuffer
	cmd := exec.Command(bin, "-watch", "-level", "1", "-seed", "1")
	cmd.Env = append(os.Environ(), "BASHNI_CONFIG_DIR="+filepath.Join(dir, "config"))
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		t.Fatalf("the game stopped after less than 5 s (%v):\n%s", err, out.String())
	case <-time.After(5 * time.Second):
	}
	_ = cmd.Process.Kill()
	<-done
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if line != "" {
			t.Logf("game output: %s", line)
		}
	}
	if n := strings.Count(out.String(), "sound:"); n > 1 {
		t.Errorf("the sound notice should be one line, got %d:\n%s", n, out.String())
	}
}
