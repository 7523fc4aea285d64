package e2e

import (
	"image/color"
	"runtime"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/launch"
	"bashni/scenes"
	"bashni/startup"
)

// The frame-cost measurements run the game's App inside this test binary's
// own game loop (the host's frames), drawing into an offscreen 1280×800
// screen: Draw's CPU time is the time to issue the frame's draw commands;
// the GPU work happens when Ebitengine flushes them at the end of the frame.

// newBenchApp makes a game in the middle of a position with tall columns
// and kings, the human to move, laid out at 1280×800.
func newBenchApp() (*scenes.App, *ebiten.Image) {
	app := scenes.NewApp(scenes.Options{Launch: launch.Launch{FEN: showcaseFEN, Level: 1, Seed: 1}, Pages: startup.Pages(), NoAttract: true})
	screen := ebiten.NewImage(1280, 800)
	app.LayoutF(1280, 800)
	return app, screen
}

// TestIdleFrameDrawsNothing checks that a frame in which nothing changed
// leaves the screen alone and allocates nothing.
func TestIdleFrameDrawsNothing(t *testing.T) {
	inFrame(func() {
		app, screen := newBenchApp()
		for i := 0; i < 5; i++ { // settle: layout, first draw
			if err := app.Update(); err != nil {
				t.Fatal(err)
			}
			app.Draw(screen)
		}
		marker := color.RGBA{255, 0, 255, 255}
		screen.Fill(marker)
		allocs := testing.AllocsPerRun(200, func() {
			_ = app.Update()
			app.Draw(screen)
		})
		if allocs != 0 {
			t.Errorf("an idle frame allocates %v times, want 0", allocs)
		}
		if c := screen.At(640, 400).(color.RGBA); c != marker {
			t.Errorf("an idle frame drew over the screen: %v", c)
		}
	})
}

// BenchmarkIdleFrame is Update and Draw when nothing changes: the cost of a
// frame most of the time.
func BenchmarkIdleFrame(b *testing.B) {
	inFrame(func() {
		app, screen := newBenchApp()
		for i := 0; i < 5; i++ {
			_ = app.Update()
			app.Draw(screen)
		}
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			_ = app.Update()
			app.Draw(screen)
		}
	})
}

// BenchmarkRedraw1280x800 redraws the whole play screen (board, 11 columns
// up to 5 high, kings, markers, panel, move list) once per host frame, as
// during an animation, and reports the CPU time of Draw per frame.
func BenchmarkRedraw1280x800(b *testing.B) {
	var app *scenes.App
	var screen *ebiten.Image
	inFrame(func() {
		app, screen = newBenchApp()
		for i := 0; i < 5; i++ {
			_ = app.Update()
			app.Invalidate()
			app.Draw(screen)
		}
	})
	var spent time.Duration
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		inFrame(func() {
			t0 := time.Now()
			app.Invalidate()
			app.Draw(screen)
			spent += time.Since(t0)
		})
	}
	b.StopTimer()
	runtime.ReadMemStats(&ms1)
	b.ReportMetric(float64(spent.Nanoseconds())/float64(b.N), "draw-ns/frame")
	b.ReportMetric(float64(ms1.Mallocs-ms0.Mallocs)/float64(b.N), "allocs/frame")
}
