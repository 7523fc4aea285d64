// Package e2e drives the real game headless: the game binary runs as an
// exp/vmhost guest of this test binary, which is the host (a hidden-window
// Ebitengine game). Tests inject clicks, drags, touches and keys, advance
// ticks faster than real time and check the rendered frames by content.
//
// They need a display for the host's hidden window: run them under
// xvfb-run -a -s "-screen 0 1280x1024x24" go test ./e2e
package e2e

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/exp/vmhost"

	"bashni/audio"
)

// patience bounds every wait for something that happens in real time (a
// message over the network, a file written off the game loop, the
// computer's search): it is only a guard against a condition that never
// comes, long enough for a machine whose every core is busy with other
// work (at a load average of 45 on two cores the game ran about 17 times
// slower than on an idle machine, and 2 minutes were not enough for a
// move to arrive and be animated). Tests wait for the condition, never for
// a duration.
const patience = 5 * time.Minute

// guestBin is the game built with -tags ebitenginevmguest.
var guestBin string

// host is the test binary's Ebitengine game: it runs functions that must
// happen inside a host frame (compositing, closing sessions) and otherwise
// idles with its window hidden.
type host struct {
	code    int
	started bool
	reqs    chan func()
	done    chan int
	m       *testing.M
}

var theHost *host

func (h *host) Update() error {
	if !h.started {
		h.started = true
		go func() { h.done <- h.m.Run() }()
	}
	for {
		select {
		case f := <-h.reqs:
			f()
		case h.code = <-h.done:
			return ebiten.Termination
		default:
			return nil
		}
	}
}

func (h *host) Draw(*ebiten.Image)                       {}
func (h *host) Layout(w, hh int) (int, int)              { return w, hh }
func (h *host) LayoutF(w, hh float64) (float64, float64) { return w, hh }

// inFrame runs f inside the host's next frame and waits for it.
func inFrame(f func()) {
	done := make(chan struct{})
	theHost.reqs <- func() { f(); close(done) }
	<-done
}

func TestMain(m *testing.M) {
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" && runtime.GOOS == "linux" {
		fmt.Fprintln(os.Stderr, "e2e: no display. These tests drive the game through Ebitengine's exp/vmhost, whose host needs a (hidden) window.\n"+
			"Run them under Xvfb:  xvfb-run -a -s \"-screen 0 1280x1024x24\" go test ./e2e")
		os.Exit(1)
	}
	dir, err := os.MkdirTemp("", "bashni-e2e")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	guestBin = filepath.Join(dir, "bashni-guest")
	build := exec.Command("go", "build", "-tags", "ebitenginevmguest", "-o", guestBin, "bashni")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "e2e: building the game as a vmhost guest:", err)
		os.Exit(1)
	}
	ebiten.SetWindowVisible(false)
	ebiten.SetWindowSize(320, 240)
	theHost = &host{reqs: make(chan func(), 16), done: make(chan int, 1), m: m}
	code := 0
	if err := ebiten.RunGame(theHost); err != nil && !errors.Is(err, ebiten.Termination) {
		fmt.Fprintln(os.Stderr, "e2e: host:", err)
		code = 1
	}
	if theHost.code != 0 {
		code = theHost.code
	}
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// game is one running guest.
type game struct {
	t       *testing.T
	sess    *vmhost.GuestSession
	cmd     *exec.Cmd
	screen  *ebiten.Image
	w, h    int // logical size (dp); the host's scale is 1 under Xvfb
	stderr  *syncBuffer
	streams []*vmhost.GuestAudioStream
	mu      sync.Mutex
	closed  bool
	// The game's text-input session (the launcher serves it) and text
	// waiting for one.
	ime   *vmhost.GuestTextInput
	typed string
}

type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// guestEnv is what a guest sees beyond the test's own environment. Its
// zero value gives the guest directories of its own, removed after the
// test.
type guestEnv struct {
	// config is BASHNI_CONFIG_DIR: the same directory across two runs is
	// the same player's saves.
	config string
	// home is $HOME (records are saved in its Documents folder).
	home string
	// path is put before $PATH (fake clipboard tools).
	path string
}

// start runs the game with args at w×h dp, in directories of its own.
func start(t *testing.T, w, h int, args ...string) *game {
	t.Helper()
	return startIn(t, w, h, guestEnv{}, args...)
}

// startIn runs the game with args at w×h dp, in the directories of env,
// and serves the game's text input (exp/textinput) as an IME would: text
// given to g.typeText is committed into the focused text field.
func startIn(t *testing.T, w, h int, env guestEnv, args ...string) *game {
	t.Helper()
	var g *game
	var err error
	for attempt := 0; attempt < 2; attempt++ { // vmhost launches are occasionally flaky
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
		// A guard against a guest that hangs, not a limit on a slow one:
		// on a machine whose cores are all busy, a guest searching (a
		// hint, an analysis) was silent over a frame for more than 30 s.
		IdleTimeout: patience,
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

func (g *game) close() {
	if g.closed {
		return
	}
	g.closed = true
	inFrame(func() { _ = g.sess.Close() })
	done := make(chan error, 1)
	go func() { done <- g.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			g.t.Errorf("the game exited with an error: %v\n%s", err, g.stderr.String())
		}
	case <-time.After(30 * time.Second):
		_ = g.cmd.Process.Kill()
		<-done
		g.t.Errorf("the game did not exit after its session closed")
	}
}

// ticks advances the game n ticks and waits for them.
func (g *game) ticks(n int) {
	g.t.Helper()
	g.sess.AdvanceTicks(n)
	if !g.sess.WaitTicks() {
		g.t.Fatalf("the game stopped: %v\n%s", g.sess.Err(), g.stderr.String())
	}
}

// frame renders the current state and reads it back.
func (g *game) frame() *image.RGBA {
	g.t.Helper()
	g.sess.AdvanceFrame()
	if !g.sess.WaitFrame() {
		g.t.Fatalf("no frame: %v\n%s", g.sess.Err(), g.stderr.String())
	}
	img := image.NewRGBA(image.Rect(0, 0, g.w, g.h))
	ok := false
	inFrame(func() {
		ok = g.sess.CompositeFrame()
		g.screen.ReadPixels(img.Pix)
	})
	if !ok {
		g.t.Logf("CompositeFrame reported no new frame")
	}
	return img
}

// save writes a frame as a PNG.
func save(img image.Image, path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return png.Encode(f, img)
}

// snap saves a frame under the test's output directory when
// BASHNI_E2E_FRAMES is set (for looking at failures).
func (g *game) snap(img image.Image, name string) {
	if dir := os.Getenv("BASHNI_E2E_FRAMES"); dir != "" {
		_ = save(img, filepath.Join(dir, g.t.Name()+"-"+name+".png"))
	}
}

// screenshotSizes are the window sizes of the screenshots: a laptop's and
// a phone's.
var screenshotSizes = [][2]int{{1280, 800}, {390, 844}}

// screenshotDir is where the screenshot tests write, BASHNI_SCREENSHOTS;
// without it they are skipped.
func screenshotDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("BASHNI_SCREENSHOTS")
	if dir == "" {
		t.Skip("set BASHNI_SCREENSHOTS=<dir> to write the screenshots")
	}
	return dir
}

// shot saves a frame as dir/<what>-<w>x<h>.png.
func (g *game) shot(dir, what string) {
	g.t.Helper()
	if err := save(g.frame(), filepath.Join(dir, what+"-"+strconv.Itoa(g.w)+"x"+strconv.Itoa(g.h)+".png")); err != nil {
		g.t.Fatal(err)
	}
}

// --- input -------------------------------------------------------------------

func (g *game) click(x, y float64) {
	g.sess.MoveCursor(x, y)
	g.ticks(1)
	g.sess.PressMouseButton(ebiten.MouseButtonLeft)
	g.ticks(2)
	g.sess.ReleaseMouseButton(ebiten.MouseButtonLeft)
	g.ticks(2)
}

func (g *game) move(x, y float64) {
	g.sess.MoveCursor(x, y)
	g.ticks(1)
}

// drag drags the mouse from one point to another in steps.
func (g *game) drag(x0, y0, x1, y1 float64) {
	g.sess.MoveCursor(x0, y0)
	g.ticks(1)
	g.sess.PressMouseButton(ebiten.MouseButtonLeft)
	g.ticks(2)
	const steps = 8
	for i := 1; i <= steps; i++ {
		f := float64(i) / steps
		g.sess.MoveCursor(x0+(x1-x0)*f, y0+(y1-y0)*f)
		g.ticks(1)
	}
	g.ticks(1)
	g.sess.ReleaseMouseButton(ebiten.MouseButtonLeft)
	g.ticks(2)
}

func (g *game) tap(x, y float64) {
	g.sess.PressTouch(1, x, y)
	g.ticks(3)
	g.sess.ReleaseTouch(1)
	g.ticks(2)
}

func (g *game) touchDrag(x0, y0, x1, y1 float64) {
	g.sess.PressTouch(2, x0, y0)
	g.ticks(3)
	const steps = 8
	for i := 1; i <= steps; i++ {
		f := float64(i) / steps
		g.sess.MoveTouch(2, x0+(x1-x0)*f, y0+(y1-y0)*f)
		g.ticks(1)
	}
	g.ticks(1)
	g.sess.ReleaseTouch(2)
	g.ticks(2)
}

func (g *game) key(k ebiten.Key, mods ...ebiten.Key) {
	for _, m := range mods {
		g.sess.PressKey(m)
	}
	g.sess.PressKey(k)
	g.ticks(2)
	g.sess.ReleaseKey(k)
	for _, m := range mods {
		g.sess.ReleaseKey(m)
	}
	g.ticks(2)
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

// effects identifies the sound effects the game has played so far.
func (g *game) effects() []audio.Effect {
	bank, err := audio.NewBank(g.sess.AudioSampleRate())
	if err != nil || g.sess.AudioSampleRate() == 0 {
		return nil
	}
	g.mu.Lock()
	streams := append([]*vmhost.GuestAudioStream(nil), g.streams...)
	g.mu.Unlock()
	var out []audio.Effect
	for _, s := range streams {
		buf := make([]byte, 1<<20)
		n, _ := s.Read(buf)
		if e, ok := bank.Identify(buf[:n]); ok {
			out = append(out, e)
		}
	}
	return out
}

// --- pixels ------------------------------------------------------------------

func at(img *image.RGBA, x, y float64) color.NRGBA {
	return color.NRGBA(img.RGBAAt(int(x), int(y)))
}

// near reports whether two colours differ by at most tol in each channel.
func near(a, b color.NRGBA, tol int) bool {
	d := func(x, y uint8) int {
		if x > y {
			return int(x - y)
		}
		return int(y - x)
	}
	return d(a.R, b.R) <= tol && d(a.G, b.G) <= tol && d(a.B, b.B) <= tol
}
