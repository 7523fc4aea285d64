package browser

import (
	"fmt"
	"math"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestFrameRateSideBySide measures, in one Chromium at 1280×800 (device
// scale 1), the three frame rates issue 23 compares, close together in
// time so that the machine's load weighs on them alike:
//
//   - floor: the smallest Ebitengine page that animates, presented as the
//     game presents (testdata/present#noaa-copy, BenchmarkPresent's
//     noaa-copy): what any frame that changes costs here;
//   - ring: the game with the must-capture ring pulsing (its frames all
//     change something);
//   - thinking: the computer playing itself at level 7, between each
//     search's first half second and its answer (frameMeter's steady).
//
// The floor page and the ring stay open in two tabs of the browser, and the
// measurement brings one and then the other to the front (a tab behind gets
// no animation frames), window after window; the computer thinks in a
// third tab, opened for its window and closed after it (a search would go
// on behind the others). Each round is floor, ring, floor, ring, thinking.
// It prints the rates side by side with the load average, and the ring's
// as a share of the floor's in the same round. The frames must really be
// drawn and the computer must play; the rates are measurements (speed is
// not asserted in the suite): BASHNI_FPS_TARGET=55 checks that the page
// keeps 55 fps while the computer thinks and that the ring stays within
// 5 % of the floor (the best round of each). BASHNI_FPS_ROUNDS sets the
// rounds (2).
//
//	go test -v -run TestFrameRateSideBySide ./wasm/browser
func TestFrameRateSideBySide(t *testing.T) {
	rounds := 2
	if v := os.Getenv("BASHNI_FPS_ROUNDS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("BASHNI_FPS_ROUNDS=%q: want a number of rounds, at least 1", v)
		}
		rounds = n
	}
	present := presentServer(t)
	srv := startServer(t)
	floorTab := newBrowser(t, desktop)
	floorTab.openFloor(present)
	ringTab := floorTab.newTab()
	ringTab.openRing(srv)

	type round struct {
		floor, ring, thinking float64
		load                  string
	}
	var rs []round
	for r := 1; r <= rounds; r++ {
		var x round
		x.load = loadAverage(t)
		var floors, rings []float64
		for i := 0; i < 2; i++ {
			floors = append(floors, floorTab.frontRate(floorTab.floorOn))
			rings = append(rings, ringTab.frontRate(ringTab.ringOn))
		}
		x.floor, x.ring = mean(floors), mean(rings)
		x.thinking = floorTab.thinkingRate(srv)
		x.load += " → " + loadAverage(t)
		t.Logf("round %d (load average %s): floor %.1f (%.1f, %.1f), ring %.1f (%.1f, %.1f): %+.1f %% of the floor; thinking %.1f frames a second",
			r, x.load, x.floor, floors[0], floors[1], x.ring, rings[0], rings[1], 100*(x.ring/x.floor-1), x.thinking)
		rs = append(rs, x)
	}

	var table strings.Builder
	table.WriteString("\n| round | load average (1, 5, 15 min), start → end | floor (2×2-pixel page, the game's present) | ring pulsing | ring ÷ floor | while level 7 thinks |\n|---|---|---|---|---|---|\n")
	for i, x := range rs {
		fmt.Fprintf(&table, "| %d | %s | %.1f | %.1f | %.1f %% | %.1f |\n", i+1, x.load, x.floor, x.ring, 100*x.ring/x.floor, x.thinking)
	}
	// The best round of each: other work on the machine only lowers a rate.
	floor := maxOf(rs, func(x round) float64 { return x.floor })
	ring := maxOf(rs, func(x round) float64 { return x.ring })
	thinking := maxOf(rs, func(x round) float64 { return x.thinking })
	fmt.Fprintf(&table, "| best | | %.1f | %.1f | %.1f %% | %.1f |\n", floor, ring, 100*ring/floor, thinking)
	t.Log("frames a second at 1280×800, one Chromium:" + table.String())

	if target := fpsTarget(t); target > 0 {
		if thinking < target {
			t.Errorf("%.1f frames a second at best while level 7 thinks, want at least %.0f", thinking, target)
		}
		if ring < 0.95*floor {
			t.Errorf("the ring pulses at %.1f frames a second at best, %.1f %% under the floor's %.1f: want within 5 %%", ring, 100*(1-ring/floor), floor)
		}
	}
}

func mean(xs []float64) float64 {
	var sum float64
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}

func maxOf[T any](xs []T, f func(T) float64) float64 {
	m := math.Inf(-1)
	for _, x := range xs {
		m = math.Max(m, f(x))
	}
	return m
}

// loadAverage is the machine's load average over 1, 5 and 15 minutes.
func loadAverage(t *testing.T) string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		t.Fatalf("/proc/loadavg: %q", b)
	}
	return strings.Join(f[:3], ", ")
}

// measureWindow is how long each frame rate is measured.
const measureWindow = 3 * time.Second

// openFloor opens the present page and starts animationMeter on it.
func (b *browser) openFloor(base string) {
	b.t.Helper()
	b.run(chromedp.Navigate(base + "/present.html#noaa-copy"))
	b.waitFor("the present page animating", `document.querySelector("canvas") !== null && window.frames > 60`, time.Minute)
	var ok bool
	b.eval(animationMeter, &ok)
	b.eval(`(() => { window.__on = () => true; return true; })()`, &ok)
}

// floorOn checks a window of the present page: every frame counts (it
// changes a 2×2 square).
func (b *browser) floorOn(m animCount) {
	if m.Frames < 10 {
		b.t.Fatalf("the present page drew %d frames in %.1f s", m.Frames, m.MS/1000)
	}
}

// openRing opens the game on captureFEN, where White must capture and the
// ring pulses, and starts animationMeter on it.
func (b *browser) openRing(srv *server) {
	b.t.Helper()
	b.open(srv.url("?fen=" + url.QueryEscape(captureFEN) + "&friend=1&mute=1"))
	b.waitState("the game", time.Minute, func(s state) bool { return s.Scene == "play" && !s.Animating })
	var ok bool
	b.eval(animationMeter, &ok)
	b.eval(`(() => { window.__on = s => s.scene === "play" && !s.animating && s.ply === 0; return true; })()`, &ok)
}

// ringOn checks a window of the ring: the game drew at least half of the
// frames (the ring really pulses).
func (b *browser) ringOn(m animCount) {
	if m.Frames < 10 {
		b.t.Fatalf("the ring: %d frames in %.1f s", m.Frames, m.MS/1000)
	}
	if m.Draws < m.Frames/2 {
		b.t.Errorf("the game drew %d of %d frames: the ring does not pulse", m.Draws, m.Frames)
	}
}

// frontRate brings b's tab to the front, waits until it shows and has
// drawn (a tab coming to the front redraws), and measures its frame rate
// over measureWindow (and at least ten frames) with its animationMeter;
// check says whether the window is what it should be.
func (b *browser) frontRate(check func(animCount)) float64 {
	b.t.Helper()
	b.run(page.BringToFront())
	b.waitFor("the tab in front", `document.visibilityState === "visible"`, time.Minute)
	b.nextFrame("the tab in front, drawn")
	var ok bool
	b.eval(resetMeter, &ok)
	time.Sleep(measureWindow)
	var m animCount
	b.eval(`window.__anim`, &m)
	// A machine busy with other work may draw a frame a second: the
	// window then lasts until it has ten frames to count.
	for deadline := time.Now().Add(patience); m.Frames < 10 && time.Now().Before(deadline); {
		time.Sleep(500 * time.Millisecond)
		b.eval(`window.__anim`, &m)
	}
	check(m)
	return float64(m.Frames) * 1000 / m.MS
}

// thinkingRate opens the game watching level 7 play itself in a new tab of
// b's browser and measures the frame rate over some seconds of
// searching (frameMeter's steady frames; 4 s at least); the computer must play. The tab
// is closed after.
func (parent *browser) thinkingRate(srv *server) float64 {
	parent.t.Helper()
	ctx, closeTab := chromedp.NewContext(parent.ctx)
	defer closeTab()
	b := attach(parent.t, ctx, parent.dev)
	b.run(page.BringToFront())
	b.open(srv.url("?watch=1&level=7&mute=1"))
	start := b.state()
	var ok bool
	b.eval(frameMeter, &ok)
	var m struct {
		Steady struct {
			Frames int
			MS     float64
		}
		Draws, Searches int
	}
	deadline := time.Now().Add(patience)
	for m.Steady.MS < 4000 {
		if time.Now().After(deadline) {
			b.t.Fatalf("the computer thought for only %.1f s in %v; state %+v", m.Steady.MS/1000, patience, b.state())
		}
		time.Sleep(500 * time.Millisecond)
		b.eval(`window.__meter`, &m)
	}
	if max := 3 * m.Searches; m.Draws > max {
		b.t.Errorf("the game drew %d frames during %d searches: it should draw only when something changes", m.Draws, m.Searches)
	}
	b.waitState("a move played", 2*time.Minute, func(s state) bool { return s.Ply > start.Ply })
	return float64(m.Steady.Frames) * 1000 / m.Steady.MS
}
