package e2e

import (
	"image"
	"image/color"
	"runtime"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/launch"
	"bashni/platform"
	"bashni/scenes"
	"bashni/startup"
)

// captureFEN is the showcase middle game with White to move and bound to
// capture: c3 must take d4 and f6 (c3:e5:g7; its must-capture ring pulses).
const captureFEN = "W:Wa1-1,c3-000/00,g3-0/000,d2-00/1,f2,e1:Bb6-00/0,d4-0/00,h6-1,a7,f6:H0:F18"

// panelMarker is a pixel of the side panel at 1280×800, right of the board.
var panelMarker = image.Pt(1200, 780)

// newLayerApp makes a game on captureFEN at w×h: the person's move (rings
// pulsing) or, with watch, the computer capturing at once.
func newLayerApp(watch bool, w, h int) (*scenes.App, *ebiten.Image) {
	app := scenes.NewApp(scenes.Options{Launch: launch.Launch{FEN: captureFEN, Level: 1, Watch: watch, Seed: 1}, Pages: startup.Pages(), NoAttract: true})
	screen := ebiten.NewImage(w, h)
	app.LayoutF(float64(w), float64(h))
	return app, screen
}

// diffPixels counts the pixels where a and b differ by more than one step
// in a channel, and returns the first.
func diffPixels(a, b []byte, w int) (n int, first image.Point) {
	for i := 0; i+3 < len(a); i += 4 {
		for k := 0; k < 4; k++ {
			d := int(a[i+k]) - int(b[i+k])
			if d > 1 || d < -1 {
				if n == 0 {
					first = image.Pt(i/4%w, i/4/w)
				}
				n++
				break
			}
		}
	}
	return n, first
}

// TestAnimatedFramesRedrawOnlyTheBoard: while the must-capture rings pulse
// and while a capture is animated, a frame redraws only what moves on the
// board (the side panel is left alone) and leaves the screen exactly as a
// whole redraw would.
func TestAnimatedFramesRedrawOnlyTheBoard(t *testing.T) {
	for _, tc := range []struct {
		name  string
		watch bool
	}{{"pulse", false}, {"capture", true}} {
		t.Run(tc.name, func(t *testing.T) {
			var problems []string
			partial, compared, animatedPartial := 0, 0, 0
			inFrame(func() {
				const w, h = 1280, 800
				app, screen := newLayerApp(tc.watch, w, h)
				full := ebiten.NewImage(w, h)
				got, want := make([]byte, 4*w*h), make([]byte, 4*w*h)
				var st platform.State
				for i := 0; i < 3; i++ {
					_ = app.Update()
					app.Draw(screen)
				}
				marker := color.RGBA{255, 0, 255, 255}
				screen.Set(panelMarker.X, panelMarker.Y, marker)
				animated := false
				deadline := time.Now().Add(patience) // a guard: the computer thinks in real time
				for tick := 0; time.Now().Before(deadline) && compared < 24; tick++ {
					_ = app.Update()
					app.Snapshot(&st)
					animated = animated || st.Animating
					if !st.Redraw {
						time.Sleep(time.Millisecond) // the computer thinks on its goroutine
						continue
					}
					app.Draw(screen)
					if c := screen.At(panelMarker.X, panelMarker.Y); c != marker {
						// A whole redraw: put the marker back.
						screen.Set(panelMarker.X, panelMarker.Y, marker)
						continue
					}
					partial++
					if st.Animating {
						animatedPartial++
					}
					screen.ReadPixels(got)
					app.Invalidate()
					full.Fill(color.Black)
					app.Draw(full)
					full.Set(panelMarker.X, panelMarker.Y, marker)
					full.ReadPixels(want)
					compared++
					if n, p := diffPixels(got, want, w); n > 0 && len(problems) < 5 {
						problems = append(problems, "tick "+itoa(tick)+": "+itoa(n)+" pixels differ from a whole redraw, first at "+p.String())
					}
				}
				if tc.watch && (!animated || animatedPartial < 20) {
					problems = append(problems, "the capture's animation drew "+itoa(animatedPartial)+" part frames, want at least 20")
				}
			})
			for _, p := range problems {
				t.Error(p)
			}
			if partial < 24 {
				t.Errorf("only %d of the animated frames left the panel alone: every frame redraws the whole screen", partial)
			}
			t.Logf("%d part frames, %d compared with a whole redraw", partial, compared)
		})
	}
}

func itoa(n int) string {
	const digits = "0123456789"
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{digits[n%10]}, b...)
	}
	return string(b)
}

// BenchmarkAnimatedFrame1280x800 is a frame of the pulsing must-capture
// rings at 1280×800: Update and Draw as the game loop runs them, with the
// CPU time of Draw per frame. Compare with BenchmarkRedraw1280x800, the
// whole redraw every frame cost before the board kept its static layer.
func BenchmarkAnimatedFrame1280x800(b *testing.B) {
	var app *scenes.App
	var screen *ebiten.Image
	inFrame(func() {
		app, screen = newLayerApp(false, 1280, 800)
		for i := 0; i < 5; i++ {
			_ = app.Update()
			app.Draw(screen)
		}
	})
	var spent time.Duration
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		inFrame(func() {
			_ = app.Update()
			t0 := time.Now()
			app.Draw(screen)
			spent += time.Since(t0)
		})
	}
	b.StopTimer()
	runtime.ReadMemStats(&ms1)
	b.ReportMetric(float64(spent.Nanoseconds())/float64(b.N), "draw-ns/frame")
	b.ReportMetric(float64(ms1.Mallocs-ms0.Mallocs)/float64(b.N), "allocs/frame")
}

// TestPulseFromKeptFrames: after the first second of the must-capture
// pulse the board copies each step from the frames it kept
// (scenes/board/pulse.go); those frames must leave the screen exactly as a
// whole redraw of the same step does. Two games on the same position tick
// together: one draws as the game loop does, the other is redrawn whole
// every frame for comparison (a whole redraw forgets the kept frames, so
// one game cannot do both).
func TestPulseFromKeptFrames(t *testing.T) {
	var problems []string
	partial, compared, exact := 0, 0, 0
	var moving image.Rectangle
	inFrame(func() {
		const w, h = 1280, 800
		app, screen := newLayerApp(false, w, h)
		ref, full := newLayerApp(false, w, h)
		got, want, prev := make([]byte, 4*w*h), make([]byte, 4*w*h), make([]byte, 4*w*h)
		prevOK := false
		var st, rst platform.State
		marker := color.RGBA{255, 0, 255, 255}
		// Three seconds of pulse: the first draws the steps, the next two
		// copy them.
		for tick := 0; tick < 3*60; tick++ {
			_ = app.Update()
			_ = ref.Update()
			app.Snapshot(&st)
			ref.Snapshot(&rst)
			if st.Redraw != rst.Redraw {
				problems = append(problems, "tick "+itoa(tick)+": the two games disagree on redrawing")
				break
			}
			if !st.Redraw {
				continue
			}
			app.Draw(screen)
			if screen.At(panelMarker.X, panelMarker.Y) != marker {
				screen.Set(panelMarker.X, panelMarker.Y, marker)
				continue // a whole redraw
			}
			partial++
			screen.ReadPixels(got)
			if tick < 60 {
				// The first second: where the pulse changes the screen.
				if prevOK {
					moving = moving.Union(changedBox(prev, got, w))
				}
				prev, got, prevOK = got, prev, true
				continue
			}
			ref.Invalidate()
			full.Fill(color.Black)
			ref.Draw(full)
			full.Set(panelMarker.X, panelMarker.Y, marker)
			full.ReadPixels(want)
			compared++
			// A pixel may differ by one step in a channel, as the part
			// redraws drawn step by step did before (the faded, scaled
			// ring drawn into a clip of the screen: 1–4 pixels a frame by
			// one step, measured with the kept frames turned off); the
			// exact differences are counted for the log.
			n, _ := samePixelsIn(got, want, w, moving)
			exact += n
			if n, p := diffPixels(got, want, w); n > 0 && len(problems) < 5 {
				problems = append(problems, "tick "+itoa(tick)+": "+itoa(n)+" pixels differ from a whole redraw, first at "+p.String())
			}
		}
	})
	for _, p := range problems {
		t.Error(p)
	}
	if moving.Dx() < 20 || moving.Dy() < 20 {
		t.Errorf("the pulse changed only %v of the screen in its first second", moving)
	}
	t.Logf("%d kept frames compared; %d pixels of the pulse's %v differ by one step in all", compared, exact, moving)
	if compared < 60 {
		t.Errorf("compared %d kept pulse frames with a whole redraw (%d part frames), want at least 60", compared, partial)
	}
}

// samePixelsIn counts the pixels inside r where a and b differ at all,
// and returns the first.
func samePixelsIn(a, b []byte, w int, r image.Rectangle) (n int, first image.Point) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			i := 4 * (y*w + x)
			if a[i] != b[i] || a[i+1] != b[i+1] || a[i+2] != b[i+2] || a[i+3] != b[i+3] {
				if n == 0 {
					first = image.Pt(x, y)
				}
				n++
			}
		}
	}
	return n, first
}

// changedBox is the smallest rectangle holding every pixel where a and b
// differ.
func changedBox(a, b []byte, w int) image.Rectangle {
	var r image.Rectangle
	for i := 0; i+3 < len(a); i += 4 {
		if a[i] != b[i] || a[i+1] != b[i+1] || a[i+2] != b[i+2] || a[i+3] != b[i+3] {
			p := image.Pt(i/4%w, i/4/w)
			r = r.Union(image.Rectangle{Min: p, Max: p.Add(image.Pt(1, 1))})
		}
	}
	return r
}

// BenchmarkPulseKeptFrame is a frame of the pulse after its first second,
// copied from the kept frames (scenes/board/pulse.go): compare with
// BenchmarkAnimatedFrame1280x800, whose frame is drawn step by step.
func BenchmarkPulseKeptFrame(b *testing.B) {
	var app *scenes.App
	var screen *ebiten.Image
	inFrame(func() {
		app, screen = newLayerApp(false, 1280, 800)
		for i := 0; i < 70; i++ { // the first second draws the steps
			_ = app.Update()
			app.Draw(screen)
		}
	})
	var spent time.Duration
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		inFrame(func() {
			_ = app.Update()
			t0 := time.Now()
			app.Draw(screen)
			spent += time.Since(t0)
		})
	}
	b.StopTimer()
	runtime.ReadMemStats(&ms1)
	b.ReportMetric(float64(spent.Nanoseconds())/float64(b.N), "draw-ns/frame")
	b.ReportMetric(float64(ms1.Mallocs-ms0.Mallocs)/float64(b.N), "allocs/frame")
}
