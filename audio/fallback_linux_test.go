//go:build linux && !android

package audio

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// These tests run a real Ebitengine program (internal/cmd/soundcheck) under Xvfb in made-up
// sound environments. They need xvfb-run (Debian: xvfb xauth libgl1-mesa-dri) and libasound2;
// without them they fail, since CI installs them. -short skips them, saying so.

const soundcheckSummary = "soundcheck: ran 120 ticks; "

type soundTools struct {
	soundcheck, soundcheckGuest, vmcheck string
}

func TestGameRunsWithAndWithoutSoundDevice(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the Ebitengine runs under Xvfb")
	}
	requireXvfbAndALSA(t)
	tools := buildSoundTools(t)
	envs := newSoundEnvironments(t)

	t.Run("no device: runs silently with one notice", func(t *testing.T) {
		start := time.Now()
		out := runUnderXvfb(t, envs.noDevice, tools.soundcheck)
		if out.err != nil {
			t.Fatalf("soundcheck failed without a device: %v\n%s", out.err, out)
		}
		// Without the fallback the game dies about half a second in (see the control below).
		if elapsed := time.Since(start); elapsed < time.Second {
			t.Errorf("ran only %v", elapsed)
		}
		wantSummary(t, out, "available=false; context=false")
		notices := soundNotices(out.stderr)
		if len(notices) != 1 || !strings.HasPrefix(notices[0], "sound: no audio device, playing silently (") {
			t.Errorf("notices %q, want one \"sound: no audio device, playing silently (…)\"", notices)
		}
		if strings.Contains(out.stderr, "ALSA lib") {
			t.Errorf("libasound's messages leaked:\n%s", out.stderr)
		}
	})

	t.Run("control: a bare audio context kills RunGame without a device", func(t *testing.T) {
		out := runUnderXvfb(t, envs.noDevice, tools.soundcheck, "-raw")
		if out.err == nil || !strings.Contains(out.stderr, "audio error") {
			t.Fatalf("want RunGame to fail with an audio error (else this environment has a device "+
				"and the test above proves nothing); got err %v\n%s", out.err, out)
		}
	})

	t.Run("muted: no context, no notice", func(t *testing.T) {
		out := runUnderXvfb(t, envs.noDevice, tools.soundcheck, "-mute")
		if out.err != nil {
			t.Fatalf("soundcheck -mute failed: %v\n%s", out.err, out)
		}
		wantSummary(t, out, "available=false; context=false")
		if n := soundNotices(out.stderr); len(n) != 0 {
			t.Errorf("muted start printed %q", n)
		}
	})

	t.Run("ALSA null device: sound works, no notice", func(t *testing.T) {
		out := runUnderXvfb(t, envs.nullDevice, tools.soundcheck)
		if out.err != nil {
			t.Fatalf("soundcheck failed with the null device: %v\n%s", out.err, out)
		}
		wantSummary(t, out, "available=true; context=true")
		if n := soundNotices(out.stderr); len(n) != 0 {
			t.Errorf("printed %q with a working device", n)
		}
	})

	t.Run("vmhost guest without device: the host hears every effect", func(t *testing.T) {
		var out runResult
		for attempt := 1; attempt <= 2; attempt++ { // vmhost launches are occasionally flaky
			if out = runUnderXvfb(t, envs.noDevice, tools.vmcheck, "-guest", tools.soundcheckGuest); out.err == nil {
				break
			}
			t.Logf("attempt %d: %v\n%s", attempt, out.err, out)
		}
		if out.err != nil {
			t.Fatal("vmcheck failed twice")
		}
		var want []string
		for _, e := range Effects() {
			want = append(want, e.String())
		}
		if line := "vmcheck: heard " + strings.Join(want, ","); !strings.Contains(out.stdout, line+"\n") {
			t.Errorf("want %q\n%s", line, out)
		}
		// soundcheck plays effect i at its tick 12(i+1), ebiten.Tick() 12(i+1)−1, and calls
		// Update every tick, so under vmhost each stream starts on exactly that tick.
		for i, e := range Effects() {
			line := fmt.Sprintf("started at tick %d: %v ", 12*(i+1)-1, e)
			if !strings.Contains(out.stdout, line) {
				t.Errorf("want %q\n%s", line, out)
			}
		}
	})
}

func requireXvfbAndALSA(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"xvfb-run", "Xvfb", "xauth"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s not found: these tests run the game under Xvfb; install it with "+
				"`apt-get install -y xvfb xauth libgl1-mesa-dri` (or run go test -short to skip them)", tool)
		}
	}
	if _, err := loadALSA(); err != nil {
		t.Fatalf("%v: the ALSA null device needs libasound; install it with `apt-get install -y libasound2`", err)
	}
}

func buildSoundTools(t *testing.T) soundTools {
	t.Helper()
	dir := t.TempDir()
	tools := soundTools{
		soundcheck:      filepath.Join(dir, "soundcheck"),
		soundcheckGuest: filepath.Join(dir, "soundcheck-guest"),
		vmcheck:         filepath.Join(dir, "vmcheck"),
	}
	for _, b := range []struct {
		out  string
		args []string
	}{
		{tools.soundcheck, []string{"./internal/cmd/soundcheck"}},
		{tools.soundcheckGuest, []string{"-tags", "ebitenginevmguest", "./internal/cmd/soundcheck"}},
		{tools.vmcheck, []string{"./internal/cmd/vmcheck"}},
	} {
		args := append([]string{"build", "-o", b.out}, b.args...)
		cmd := exec.Command("go", args...)
		// Ebitengine on Linux needs no cgo; building without it is what DESIGN.md prescribes.
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	return tools
}

type soundEnvironments struct {
	noDevice, nullDevice []string
}

// newSoundEnvironments makes two environments that do not depend on the machine's own sound
// setup: in both, PulseAudio is unreachable and ALSA reads only the configuration given here.
// noDevice's default PCM is a card that does not exist; nullDevice's is ALSA's null plugin,
// which accepts and discards sound, as a CI machine's stand-in for a sound card.
func newSoundEnvironments(t *testing.T) soundEnvironments {
	t.Helper()
	dir := t.TempDir()
	runtimeDir := filepath.Join(dir, "run") // XDG_RUNTIME_DIR without pulse/native
	home := filepath.Join(dir, "home")      // no ~/.asoundrc, no pulse cookie
	for _, d := range []string{runtimeDir, home} {
		if err := os.Mkdir(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	noCard := filepath.Join(dir, "no-card.conf")
	null := filepath.Join(dir, "null.conf")
	for path, text := range map[string]string{
		noCard: "pcm.!default { type hw card 99 }\n",
		null:   "pcm.!default { type null }\n",
	} {
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}

	var base []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(name, "PULSE_") || strings.HasPrefix(name, "ALSA_") ||
			strings.HasPrefix(name, "EBITENGINE_") || name == "XDG_RUNTIME_DIR" || name == "HOME" {
			continue
		}
		base = append(base, kv)
	}
	base = append(base,
		"HOME="+home,
		"XDG_RUNTIME_DIR="+runtimeDir,
		"PULSE_SERVER=unix:"+filepath.Join(runtimeDir, "no-pulse-here"),
	)
	with := func(kv string) []string { return append(append([]string(nil), base...), kv) }
	return soundEnvironments{
		noDevice:   with("ALSA_CONFIG_PATH=" + noCard),
		nullDevice: with("ALSA_CONFIG_PATH=/usr/share/alsa/alsa.conf:" + null),
	}
}

type runResult struct {
	stdout, stderr string
	err            error
}

func (r runResult) String() string {
	return "stdout:\n" + r.stdout + "stderr:\n" + r.stderr
}

func runUnderXvfb(t *testing.T, env []string, program string, args ...string) runResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "xvfb-run", append([]string{"-a", "-s", "-screen 0 640x480x24", program}, args...)...)
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	return runResult{stdout: stdout.String(), stderr: stderr.String(), err: err}
}

func wantSummary(t *testing.T, out runResult, state string) {
	t.Helper()
	if want := soundcheckSummary + state; !strings.Contains(out.stdout, want) {
		t.Errorf("want %q\n%s", want, out)
	}
}

func soundNotices(stderr string) []string {
	var notices []string
	for _, line := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(line, "sound:") {
			notices = append(notices, line)
		}
	}
	return notices
}
