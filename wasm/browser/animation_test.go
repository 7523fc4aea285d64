package browser

import (
	"math"
	"net/url"
	"os"
	"strconv"
	"testing"
	"time"

	"bashni/rules"
	"bashni/scenes"
)

// press1 clicks (or, on a touch screen, taps) the centre of a button.
func (b *browser) press1(r scenes.Rect) {
	x, y := b.cssCentre(r)
	if b.dev.touch {
		b.tap(x, y)
	} else {
		b.click(x, y)
	}
}

// captureFEN: White must capture c3:e5:g7 (the same position as e2e's).
const captureFEN = "W:Wa1-1,c3-000/00,g3-0/000,d2-00/1,f2,e1:Bb6-00/0,d4-0/00,h6-1,a7,f6:H0:F18"

// animationMeter counts the page's animation frames (requestAnimationFrame)
// while window.__on(window.bashni) holds, and the frames the game drew
// meanwhile: window.__anim = {frames, ms, worst, draws, runs, steady:
// {frames, ms}}. steady leaves out the first and the last frame of each
// run: a move's first frame redraws the whole screen (the move list
// changes), and so does the frame where it comes to rest.
const animationMeter = `(() => {
  const m = window.__anim = {frames: 0, ms: 0, worst: 0, draws: 0, runs: 0, steady: {frames: 0, ms: 0}};
  let last = null, on = false, draws = 0, pending = null;
  function frame(t) {
    const s = window.bashni || {};
    const now = !!(window.__on && window.__on(s));
    if (last !== null && on && now) {
      const dt = t - last;
      m.frames++; m.ms += dt; m.worst = Math.max(m.worst, dt);
      m.draws += (s.draws || 0) - draws;
      if (pending !== null) { m.steady.frames++; m.steady.ms += pending; }
      pending = dt;
    } else {
      pending = null;
    }
    if (now && !on) { m.runs++; pending = null; }
    on = now; last = t; draws = s.draws || 0;
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
  return true;
})()`

type animCount struct {
	Frames, Draws, Runs int
	MS, Worst           float64
	Steady              struct {
		Frames int
		MS     float64
	}
}

const resetMeter = `(() => { Object.assign(window.__anim, {frames: 0, ms: 0, worst: 0, draws: 0, runs: 0, steady: {frames: 0, ms: 0}}); return true; })()`

// TestFrameRateWhileTheBoardAnimates measures the page's frame rate at
// 1280×800 (device scale 1) and 390×844 (device scale 2) while the
// must-capture ring pulses and while a capture is animated (the capture
// redone again and again): an animated frame redraws only what moves. The
// frames must be drawn (the pulse and the capture really animate); the
// frame rate is a measurement (speed is measured, not asserted in the
// suite): set BASHNI_FPS_TARGET=55 to check the target, as README says.
func TestFrameRateWhileTheBoardAnimates(t *testing.T) {
	srv := startServer(t)
	for _, dev := range []device{desktop, phone} {
		t.Run(dev.name, func(t *testing.T) {
			b := newBrowser(t, dev)
			b.open(srv.url("?fen=" + url.QueryEscape(captureFEN) + "&friend=1&mute=1"))
			b.waitState("the game", time.Minute, func(s state) bool { return s.Scene == "play" && !s.Animating })
			var ok bool
			b.eval(animationMeter, &ok)

			// The ring pulses while White is to move.
			b.eval(`(() => { window.__on = s => s.scene === "play" && !s.animating && s.ply === 0; return true; })()`, &ok)
			best := 0.0
			for window := 1; window <= 3 && best < 55; window++ {
				b.eval(resetMeter, &ok)
				time.Sleep(4 * time.Second)
				var m animCount
				b.eval(`window.__anim`, &m)
				fps := float64(m.Frames) * 1000 / m.MS
				best = math.Max(best, fps)
				t.Logf("%s, window %d, the ring pulsing: %.1f frames a second over %.1f s (longest %.0f ms), the game drew %d of %d frames",
					dev.name, window, fps, m.MS/1000, m.Worst, m.Draws, m.Frames)
				if m.Draws < m.Frames/2 {
					t.Errorf("the game drew %d of %d frames: the ring does not pulse", m.Draws, m.Frames)
				}
			}
			if target := fpsTarget(t); best < target {
				t.Errorf("%s: %.1f frames a second at best while the ring pulses, want at least %.0f", dev.name, best, target)
			}

			// Enter the capture hop by hop, then undo and redo it: each redo
			// animates the whole capture.
			st := b.state()
			for _, sq := range []string{"c3", "e5", "g7"} {
				x, y := b.squareCenter(st, sq)
				if dev.touch {
					b.tap(x, y)
				} else {
					b.click(x, y)
				}
			}
			b.waitState("the capture", 30*time.Second, func(s state) bool { return s.Ply == 1 && !s.Animating })
			b.eval(`(() => { window.__on = s => s.animating && s.ply === 1; return true; })()`, &ok)
			w, h, scale := b.physical()
			l := scenes.ComputePlayLayout(w, h, scale, rules.Bashni, false)
			buttons := l.ControlButtons(5, nil) // Undo, Redo, Flip, Hint, Menu
			undo, redo := buttons[0], buttons[1]
			best = 0
			for window := 1; window <= 2 && best < 55; window++ {
				b.eval(resetMeter, &ok)
				var m animCount
				deadline := time.Now().Add(time.Minute)
				for m.Steady.MS < 3000 && time.Now().Before(deadline) {
					b.press1(undo)
					b.waitState("the undo", 30*time.Second, func(s state) bool { return s.Ply == 0 && !s.Animating })
					b.press1(redo)
					b.waitState("the redo", 30*time.Second, func(s state) bool { return s.Ply == 1 && !s.Animating })
					b.eval(`window.__anim`, &m)
				}
				if m.Runs == 0 || m.Steady.MS == 0 {
					t.Fatalf("no capture was animated: %+v", m)
				}
				steady := float64(m.Steady.Frames) * 1000 / m.Steady.MS
				all := float64(m.Frames) * 1000 / m.MS
				best = math.Max(best, steady)
				t.Logf("%s, window %d, a capture animating: %.1f frames a second over %.1f s of %d captures without each one's first and last frame; %.1f with them (longest %.0f ms); the game drew %d of %d frames",
					dev.name, window, steady, m.Steady.MS/1000, m.Runs, all, m.Worst, m.Draws, m.Frames)
				if m.Draws < m.Frames/2 {
					t.Errorf("the game drew %d of %d frames during the captures", m.Draws, m.Frames)
				}
			}
			if target := fpsTarget(t); best < target {
				t.Errorf("%s: %.1f frames a second at best while a capture animates, want at least %.0f", dev.name, best, target)
			}
		})
	}
}

// fpsTarget is the frame rate the measuring tests assert, from
// BASHNI_FPS_TARGET (frames a second); without it they only report the
// figure. A value that is not a number fails the test.
func fpsTarget(t *testing.T) float64 {
	v := os.Getenv("BASHNI_FPS_TARGET")
	if v == "" {
		return 0
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f < 0 {
		t.Fatalf("BASHNI_FPS_TARGET=%q: want a number of frames a second", v)
	}
	return f
}
