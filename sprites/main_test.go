package sprites

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// Ebitengine images can be drawn and read back only while a game loop runs,
// on its thread. TestMain therefore runs the game loop on the main thread
// and the tests on another goroutine; tests hand their drawing to the loop
// with onMain, which runs it in the next Update, one task per frame. Frames
// end between tasks as in the real game, so Ebitengine recycles its command
// buffers and the benchmark measures true steady-state frames.
//
// On Linux the loop needs an X display: CI runs the tests under Xvfb
// (xvfb-run -a go test ./sprites); without one they fail loudly rather than
// skip.

// loop is the running test game; set once in TestMain before any test runs.
var loop *testGame

type testGame struct {
	tasks chan func()
	done  chan struct{}
	exit  chan int
	code  int
}

func (g *testGame) Update() error {
	select {
	case f := <-g.tasks:
		f()
		g.done <- struct{}{}
	case code := <-g.exit:
		g.code = code
		return ebiten.Termination
	}
	return nil
}

func (*testGame) Draw(*ebiten.Image) {}

func (*testGame) Layout(int, int) (int, int) { return 64, 64 }

// onMain runs f on the game loop's thread and waits for it. Keep
// assertions that stop a test (t.Fatal) outside f: they must run on the
// test's own goroutine. Passing a func value made once avoids allocating.
func onMain(f func()) {
	loop.tasks <- f
	<-loop.done
}

const needDisplay = `sprites tests draw with Ebitengine and need a display.
Run them under Xvfb:  xvfb-run -a go test ./sprites
(Debian/Ubuntu: apt-get install -y xvfb xauth libgl1-mesa-dri)`

func TestMain(m *testing.M) {
	if runtime.GOOS == "linux" && os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		fmt.Fprintln(os.Stderr, "FAIL: no DISPLAY.\n"+needDisplay)
		os.Exit(1)
	}
	ebiten.SetWindowSize(64, 64)
	ebiten.SetWindowTitle("sprites tests")
	ebiten.SetVsyncEnabled(false)
	ebiten.SetTPS(ebiten.SyncWithFPS)
	loop = &testGame{tasks: make(chan func()), done: make(chan struct{}), exit: make(chan int, 1), code: 1}
	go func() { loop.exit <- m.Run() }()
	if err := ebiten.RunGame(loop); err != nil && !errors.Is(err, ebiten.Termination) {
		fmt.Fprintf(os.Stderr, "FAIL: Ebitengine could not start: %v\n%s\n", err, needDisplay)
		os.Exit(1)
	}
	os.Exit(loop.code)
}
