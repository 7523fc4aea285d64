package browser

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"bashni/internal/chromiumtest"
	"bashni/scenes"
	"bashni/wasm/site"
)

// theSite is the game built once for all tests.
var theSite *site.Site

func TestMain(m *testing.M) {
	if msg := chromiumtest.Missing(); msg != "" {
		fmt.Fprintln(os.Stderr, "browser tests:", msg)
		os.Exit(1)
	}
	// A guard: a cold build of main.wasm took minutes on a busy machine.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	wasm, err := site.BuildGame(ctx)
	cancel()
	if err != nil {
		fmt.Fprintln(os.Stderr, "browser tests:", err)
		os.Exit(1)
	}
	// The game's gzip copy as the release and wasm/serve -out make it
	// (libdeflate: test.sh installs libdeflate-tools), so that the plain
	// static host's test moves what a published site moves.
	if theSite, err = site.NewWithOptions(wasm, site.Options{Gzip: site.GzipBest}); err != nil {
		fmt.Fprintln(os.Stderr, "browser tests:", err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "browser tests: %s %d bytes, %d gzipped, %d with Brotli\n", theSite.WasmName, len(wasm), theSite.GzipSize(theSite.WasmName), theSite.BrotliSize(theSite.WasmName))
	os.Exit(m.Run())
}

// server serves the site on a loopback port that can be stopped (to test
// offline play) and restarted on the same address.
type server struct {
	addr string
	srv  *http.Server

	mu       sync.Mutex
	requests map[string]int // requests by path, to check what was downloaded
}

func startServer(t *testing.T) *server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &server{addr: ln.Addr().String(), requests: map[string]int{}}
	s.srv = &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		if r.Method == http.MethodGet { // HEAD asks about a file, it downloads nothing
			s.requests[r.URL.Path]++
		}
		s.mu.Unlock()
		theSite.ServeHTTP(w, r)
	})}
	go s.srv.Serve(ln)
	t.Cleanup(s.stop)
	return s
}

func (s *server) url(query string) string { return "http://" + s.addr + "/" + query }

func (s *server) stop() { s.srv.Close() }

// served is how many times a path was requested.
func (s *server) served(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.requests[path]
}

// device is the emulated screen.
type device struct {
	name          string
	width, height int64
	scale         float64
	mobile, touch bool
}

var (
	desktop = device{name: "desktop", width: 1280, height: 800, scale: 1}
	phone   = device{name: "phone", width: 390, height: 844, scale: 2, mobile: true, touch: true}
)

// browser is one headless Chromium with one tab.
type browser struct {
	t   *testing.T
	ctx context.Context
	dev device

	mu      sync.Mutex
	console []string // console messages and uncaught exceptions, in order
}

// newBrowser starts Chromium with a fresh profile (so storage and service
// workers start empty). Its audio, like a real browser's, waits for a user
// gesture; every AudioContext the page makes is recorded in
// window.__audioContexts. extra adds command-line switches.
func newBrowser(t *testing.T, dev device, extra ...chromedp.ExecAllocatorOption) *browser {
	t.Helper()
	return newBrowserFor(t, dev, 8*time.Minute, extra...)
}

// newBrowserFor is newBrowser whose Chromium is stopped after guard (a
// guard against a test that hangs, not a measure): a test that plays a
// whole game needs longer than the others on a busy machine.
func newBrowserFor(t *testing.T, dev device, guard time.Duration, extra ...chromedp.ExecAllocatorOption) *browser {
	t.Helper()
	ctx := chromiumtest.Start(t, int(dev.width), int(dev.height), guard, extra, chromedp.WithLogf(t.Logf))
	return attach(t, ctx, dev)
}

// newTab opens another tab in b's browser: the same profile, so the same
// localStorage, service worker and Web Locks, as a person's second tab.
func (b *browser) newTab() *browser {
	b.t.Helper()
	ctx, cancel := chromedp.NewContext(b.ctx)
	b.t.Cleanup(cancel)
	tab := attach(b.t, ctx, b.dev)
	// A tab that is not in front gets no animation frames: the game
	// would not draw.
	tab.run(page.BringToFront())
	return tab
}

// attach sets up a browser tab for the tests: console capture, the
// device's screen, the audio recorder.
func attach(t *testing.T, ctx context.Context, dev device) *browser {
	t.Helper()
	b := &browser{t: t, ctx: ctx, dev: dev}
	chromedp.ListenTarget(ctx, func(ev any) {
		switch e := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			var parts []string
			for _, a := range e.Args {
				if len(a.Value) > 0 {
					var s string
					if json.Unmarshal(a.Value, &s) == nil {
						parts = append(parts, s)
						continue
					}
					parts = append(parts, string(a.Value))
				} else {
					parts = append(parts, a.Description)
				}
			}
			b.log(string(e.Type) + ": " + strings.Join(parts, " "))
		case *runtime.EventExceptionThrown:
			msg := e.ExceptionDetails.Text
			if e.ExceptionDetails.Exception != nil {
				msg += " " + e.ExceptionDetails.Exception.Description
			}
			b.log("exception: " + msg)
		}
	})
	b.run(
		emulation.SetDeviceMetricsOverride(dev.width, dev.height, dev.scale, dev.mobile),
		emulation.SetTouchEmulationEnabled(dev.touch),
		chromedp.ActionFunc(func(ctx context.Context) error {
			_, err := page.AddScriptToEvaluateOnNewDocument(recordAudioContexts).Do(ctx)
			return err
		}),
	)
	t.Cleanup(b.checkConsole)
	return b
}

// recordAudioContexts runs before the page's scripts: it keeps every
// AudioContext the page creates, to check that sound is unlocked by the
// first gesture and that ?mute=1 creates none.
const recordAudioContexts = `(() => {
  const made = window.__audioContexts = [];
  for (const name of ['AudioContext', 'webkitAudioContext']) {
    const C = window[name];
    if (typeof C !== 'function') continue;
    window[name] = class extends C {
      constructor(...args) { super(...args); made.push(this); }
    };
  }
})();`

func (b *browser) log(line string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.console = append(b.console, line)
}

// checkConsole fails the test on a Go panic or an uncaught exception in the
// page, and logs the page's console when the test failed.
func (b *browser) checkConsole() {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, l := range b.console {
		if strings.Contains(l, "panic:") || strings.Contains(l, "fatal error:") || strings.HasPrefix(l, "exception:") {
			b.t.Errorf("page (%s): %s", b.dev.name, l)
		}
	}
	if b.t.Failed() {
		for _, l := range b.console {
			b.t.Logf("console (%s): %s", b.dev.name, l)
		}
	}
}

func (b *browser) run(actions ...chromedp.Action) {
	b.t.Helper()
	if err := chromedp.Run(b.ctx, actions...); err != nil {
		b.t.Fatalf("browser (%s): %v", b.dev.name, err)
	}
}

// state is window.bashni, the game's read-only state for tools and tests
// (main_js.go).
type state struct {
	Scene     string   `json:"scene"`
	FEN       string   `json:"fen"`
	Status    string   `json:"status"`
	Moves     []string `json:"moves"`
	Ply       int      `json:"ply"`
	FPS       float64  `json:"fps"`
	TPS       float64  `json:"tps"`
	Thinking  bool     `json:"thinking"`
	Animating bool     `json:"animating"`
	Inspect   string   `json:"inspect"`
	Scale     float64  `json:"scale"`
	Board     struct {
		X, Y, Square float64
		Size         int
		Flipped      bool
	} `json:"board"`
}

func (b *browser) state() state {
	b.t.Helper()
	var raw string
	b.run(chromedp.Evaluate(`JSON.stringify(window.bashni || null)`, &raw))
	var s state
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		b.t.Fatalf("window.bashni = %s: %v", raw, err)
	}
	return s
}

// waitFor polls a JavaScript condition (which may return a promise). It
// does not use chromedp.Poll, which evaluates as a user gesture and so would
// unlock the page's audio by itself.
func (b *browser) waitFor(what, js string, timeout time.Duration) {
	b.t.Helper()
	timeout = max(timeout, patience)
	deadline := time.Now().Add(timeout)
	var err error
	for time.Now().Before(deadline) {
		var ok bool
		// A page that is being replaced (reload, navigation) loses its
		// JavaScript context for a moment: errors just mean "not yet".
		err = chromedp.Run(b.ctx, chromedp.Evaluate(`Promise.resolve((() => { try { return `+js+`; } catch (e) { return false; } })()).then(v => !!v)`, &ok,
			func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
		if err == nil && ok {
			return
		}
		if b.ctx.Err() != nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	var raw string
	_ = chromedp.Run(b.ctx, chromedp.Evaluate(`JSON.stringify(window.bashni || null) + " " + (window.bashniLoadError || "")`, &raw))
	b.t.Fatalf("%s: waited %v for %s (%s; last error %v); state: %s", b.dev.name, timeout, what, js, err, raw)
}

// patience is the least time waitFor and waitState wait before they fail:
// only a guard against what never comes, long enough for a machine whose
// every core is busy with other work (a test's own timeout, when longer,
// is kept; e2e's patience says why 5 min).
const patience = 5 * time.Minute

// waitScreen takes screenshots until ok holds for one and returns it,
// failing after patience: what the page draws reaches the screen a frame
// or more later, and a busy machine draws slowly.
func (b *browser) waitScreen(name, what string, ok func(image.Image) bool) image.Image {
	b.t.Helper()
	deadline := time.Now().Add(patience)
	for {
		img := b.screenshot(name)
		if ok(img) {
			return img
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("%s: waited %v for %s on the screen", b.dev.name, patience, what)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// nextFrame waits until the page has drawn a frame after now: two of its
// animation frames, the one under way and the next, so that what
// window.bashni said last is on the screen (a busy machine draws late).
func (b *browser) nextFrame(what string) {
	b.t.Helper()
	b.waitFor(what, `new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`, time.Minute)
}

// covered reports whether most of r's pixels (physical, as the
// screenshots are) differ between two screenshots: something was drawn
// over r.
func covered(before, after image.Image, r scenes.Rect) bool {
	n, diff := 0, 0
	for y := int(r.Y); y < int(r.Y+r.H); y++ {
		for x := int(r.X); x < int(r.X+r.W); x++ {
			n++
			r0, g0, b0, _ := before.At(x, y).RGBA()
			r1, g1, b1, _ := after.At(x, y).RGBA()
			if r0 != r1 || g0 != g1 || b0 != b1 {
				diff++
			}
		}
	}
	return n > 0 && diff*2 > n
}

// waitState polls window.bashni until cond holds and returns that state.
func (b *browser) waitState(what string, timeout time.Duration, cond func(state) bool) state {
	b.t.Helper()
	timeout = max(timeout, patience)
	deadline := time.Now().Add(timeout)
	for {
		s := b.state()
		if cond(s) {
			return s
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("%s: waited %v for %s; state: %+v", b.dev.name, timeout, what, s)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// eval evaluates JavaScript, awaiting a promise it returns.
func (b *browser) eval(js string, out any) {
	b.t.Helper()
	b.run(chromedp.Evaluate(js, out, func(p *runtime.EvaluateParams) *runtime.EvaluateParams {
		return p.WithAwaitPromise(true)
	}))
}

// startup is how long the page took to show the game's first frame.
type startup struct {
	wall time.Duration // the test's clock, from Navigate or Reload to the first frame seen
	page float64       // window.bashniStartupMs: navigation start to the first frame, in the page
}

func (s startup) String() string {
	return fmt.Sprintf("%.2f s (page: %.2f s)", s.wall.Seconds(), s.page/1000)
}

// open navigates and waits for the game's first interactive frame.
func (b *browser) open(url string) startup {
	b.t.Helper()
	start := time.Now()
	b.run(chromedp.Navigate(url))
	return b.waitReady(start)
}

// reload reloads the page (from the HTTP and service-worker caches, as a
// person's reload) and waits for the game's first frame.
func (b *browser) reload() startup {
	b.t.Helper()
	start := time.Now()
	b.run(chromedp.Reload())
	return b.waitReady(start)
}

func (b *browser) waitReady(start time.Time) startup {
	b.t.Helper()
	b.waitFor("the first frame", `window.bashni && window.bashni.scene && window.bashniStartupMs > 0`, 3*time.Minute)
	st := startup{wall: time.Since(start)}
	b.eval(`window.bashniStartupMs`, &st.page)
	return st
}

// squareCenter is the centre of a square in CSS pixels, from window.bashni.board.
func (b *browser) squareCenter(s state, name string) (float64, float64) {
	b.t.Helper()
	if len(name) != 2 || s.Board.Square <= 0 || s.Board.Size == 0 {
		b.t.Fatalf("no board geometry for %q in %+v", name, s.Board)
	}
	file, rank := float64(name[0]-'a'), float64(name[1]-'1')
	size := float64(s.Board.Size)
	col, row := file, size-1-rank
	if s.Board.Flipped {
		col, row = size-1-file, rank
	}
	return s.Board.X + (col+0.5)*s.Board.Square, s.Board.Y + (row+0.5)*s.Board.Square
}

// click presses and releases the left button, holding it for 80 ms so that
// the game sees the press in at least one frame.
func (b *browser) click(x, y float64) {
	b.t.Helper()
	b.run(
		chromedp.MouseEvent(input.MouseMoved, x, y),
		chromedp.MouseEvent(input.MousePressed, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)),
		chromedp.Sleep(80*time.Millisecond),
		chromedp.MouseEvent(input.MouseReleased, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)),
		chromedp.Sleep(80*time.Millisecond),
	)
}

// drag moves the mouse with the button held, in steps, from one point to another.
func (b *browser) drag(x0, y0, x1, y1 float64) {
	b.t.Helper()
	actions := []chromedp.Action{
		chromedp.MouseEvent(input.MouseMoved, x0, y0),
		chromedp.MouseEvent(input.MousePressed, x0, y0, chromedp.ButtonLeft, chromedp.ClickCount(1)),
		chromedp.Sleep(80 * time.Millisecond),
	}
	for i := 1; i <= 10; i++ {
		f := float64(i) / 10
		x, y := x0+(x1-x0)*f, y0+(y1-y0)*f
		actions = append(actions, chromedp.MouseEvent(input.MouseMoved, x, y, chromedp.ButtonLeft), chromedp.Sleep(30*time.Millisecond))
	}
	actions = append(actions,
		chromedp.Sleep(80*time.Millisecond),
		chromedp.MouseEvent(input.MouseReleased, x1, y1, chromedp.ButtonLeft, chromedp.ClickCount(1)),
		chromedp.Sleep(80*time.Millisecond))
	b.run(actions...)
}

// tap touches the screen with one finger for 80 ms.
func (b *browser) tap(x, y float64) {
	b.t.Helper()
	pt := []*input.TouchPoint{{X: x, Y: y, ID: 1, RadiusX: 4, RadiusY: 4, Force: 1}}
	b.run(
		input.DispatchTouchEvent(input.TouchStart, pt),
		chromedp.Sleep(80*time.Millisecond),
		input.DispatchTouchEvent(input.TouchEnd, []*input.TouchPoint{}),
		chromedp.Sleep(80*time.Millisecond),
	)
}

// touchDrag slides one finger from one point to another.
func (b *browser) touchDrag(x0, y0, x1, y1 float64) {
	b.t.Helper()
	actions := []chromedp.Action{
		input.DispatchTouchEvent(input.TouchStart, []*input.TouchPoint{{X: x0, Y: y0, ID: 1, RadiusX: 4, RadiusY: 4, Force: 1}}),
		chromedp.Sleep(80 * time.Millisecond),
	}
	for i := 1; i <= 10; i++ {
		f := float64(i) / 10
		actions = append(actions,
			input.DispatchTouchEvent(input.TouchMove, []*input.TouchPoint{{X: x0 + (x1-x0)*f, Y: y0 + (y1-y0)*f, ID: 1, RadiusX: 4, RadiusY: 4, Force: 1}}),
			chromedp.Sleep(30*time.Millisecond))
	}
	actions = append(actions,
		chromedp.Sleep(80*time.Millisecond),
		input.DispatchTouchEvent(input.TouchEnd, []*input.TouchPoint{}),
		chromedp.Sleep(80*time.Millisecond))
	b.run(actions...)
}

// screenshot captures the page as an image (device pixels), and saves it to
// $BASHNI_SHOTS/<name>.png when that is set, for looking at.
func (b *browser) screenshot(name string) image.Image {
	b.t.Helper()
	var buf []byte
	b.run(chromedp.CaptureScreenshot(&buf))
	img, err := png.Decode(bytes.NewReader(buf))
	if err != nil {
		b.t.Fatalf("screenshot: %v", err)
	}
	if dir := os.Getenv("BASHNI_SHOTS"); dir != "" {
		_ = os.MkdirAll(dir, 0o755)
		_ = os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644)
	}
	return img
}

// press is a click with the mouse, or a tap with a finger on a touch device.
func (b *browser) press(x, y float64) {
	b.t.Helper()
	if b.dev.touch {
		b.tap(x, y)
	} else {
		b.click(x, y)
	}
}

// slide drags with the mouse, or with a finger on a touch device.
func (b *browser) slide(x0, y0, x1, y1 float64) {
	b.t.Helper()
	if b.dev.touch {
		b.touchDrag(x0, y0, x1, y1)
	} else {
		b.drag(x0, y0, x1, y1)
	}
}

// touchDown puts one finger down and leaves it there; touchUp lifts it.
func (b *browser) touchDown(x, y float64) {
	b.t.Helper()
	b.run(input.DispatchTouchEvent(input.TouchStart, []*input.TouchPoint{{X: x, Y: y, ID: 1, RadiusX: 4, RadiusY: 4, Force: 1}}))
}

func (b *browser) touchUp() {
	b.t.Helper()
	b.run(input.DispatchTouchEvent(input.TouchEnd, []*input.TouchPoint{}), chromedp.Sleep(80*time.Millisecond))
}
