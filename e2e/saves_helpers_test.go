package e2e

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/exp/vmhost"
)

// guestEnv is what a guest started by startIn sees beyond the test's own
// environment.
type guestEnv struct {
	// config is BASHNI_CONFIG_DIR: the same directory across two runs is
	// the same player's saves.
	config string
	// home is $HOME (records are saved in its Documents folder).
	home string
	// path is put before $PATH (fake clipboard tools).
	path string
}

// startIn runs the game like start, in the directories of env, and serves
// the game's text input (exp/textinput) as an IME would: text given to
// g.typeText is committed into the focused text field.
func startIn(t *testing.T, w, h int, env guestEnv, args ...string) *game {
	t.Helper()
	var g *game
	var err error
	for attempt := 0; attempt < 2; attempt++ {
		g, err = tryStartIn(t, w, h, env, args...)
		if err == nil {
			break
		}
		t.Logf("starting the guest (attempt %d): %v", attempt+1, err)
	}
	if err != nil {
		t.Fatalf("starting the game: %v", err)
	}
	t.Cleanup(g.close)
	return g
}

func tryStartIn(t *testing.T, w, h int, env guestEnv, args ...string) (*game, error) {
	dir, err := os.MkdirTemp("", "bg")
	if err != nil {
		return nil, err
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	ln, err := net.Listen("unix", filepath.Join(dir, "g.sock"))
	if err != nil {
		return nil, err
	}
	defer ln.Close()
	endpoint, err := vmhost.EndpointURLFromAddr(ln.Addr())
	if err != nil {
		return nil, err
	}
	if env.config == "" {
		env.config = filepath.Join(dir, "config")
	}
	if env.home == "" {
		env.home = filepath.Join(dir, "home")
	}
	g := &game{t: t, w: w, h: h, stderr: &syncBuffer{}}
	g.cmd = exec.Command(guestBin, args...)
	vars := append([]string(nil), os.Environ()...)
	vars = append(vars, "EBITENGINE_VM_ENDPOINT="+endpoint, "BASHNI_CONFIG_DIR="+env.config, "HOME="+env.home)
	if env.path != "" {
		vars = append(vars, "PATH="+env.path+string(os.PathListSeparator)+os.Getenv("PATH"))
	}
	g.cmd.Env = vars
	g.cmd.Stderr = g.stderr
	g.cmd.Stdout = g.stderr
	if err := g.cmd.Start(); err != nil {
		return nil, err
	}
	if ul, ok := ln.(*net.UnixListener); ok {
		_ = ul.SetDeadline(time.Now().Add(20 * time.Second))
	}
	conn, err := ln.Accept()
	if err != nil {
		_ = g.cmd.Process.Kill()
		_ = g.cmd.Wait()
		return nil, fmt.Errorf("accepting the guest: %w (guest output: %s)", err, g.stderr.String())
	}
	g.sess, err = vmhost.NewGuestSession(conn, &vmhost.NewGuestSessionOptions{
		IdleTimeout: 30 * time.Second,
		OnAudioStream: func(s *vmhost.GuestAudioStream) {
			g.mu.Lock()
			g.streams = append(g.streams, s)
			g.mu.Unlock()
		},
		OnTextInput: func(ti *vmhost.GuestTextInput) {
			// Runs on the test goroutine, during AdvanceTicks and WaitTicks.
			g.ime = ti
			g.flushTyped()
		},
	})
	if err != nil {
		_ = g.cmd.Process.Kill()
		_ = g.cmd.Wait()
		return nil, err
	}
	var serr error
	inFrame(func() {
		g.screen = ebiten.NewImage(w, h)
		serr = g.sess.SetOutsideScreen(g.screen)
	})
	if serr != nil {
		return nil, serr
	}
	return g, nil
}

// typeText types s into the game's focused text field, as an IME commit
// (the way a phone keyboard, an input method or the browser's paste into
// Ebitengine's text area delivers it).
func (g *game) typeText(s string) {
	g.t.Helper()
	g.typed += s
	g.flushTyped()
	g.ticks(3)
	if g.typed != "" {
		g.t.Fatalf("the game has no text field open to type %q into", g.typed)
	}
}

func (g *game) flushTyped() {
	if g.typed == "" || g.ime == nil || g.ime.IsClosed() {
		return
	}
	g.ime.Commit(g.typed)
	g.typed = ""
}
