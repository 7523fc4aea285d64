package e2e

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/launch"
	"bashni/scenes"
	"bashni/scenes/home"
	"bashni/scenes/settings"
	"bashni/startup"
)

// TestSettingsScrollOnLandscapePhone opens Settings on a phone on its side
// (844×390), where its rows do not fit: the wheel scrolls them to the
// online server's row, whose field then takes a click and an address
// (saved in the settings file); a finger drags them back up; the title and
// Done stay where they are all along, and Done leaves. With
// BASHNI_SCREENSHOTS set it writes docs' settings-landscape-top.png and
// settings-landscape-scrolled.png.
func TestSettingsScrollOnLandscapePhone(t *testing.T) {
	const w, h = 844, 390
	const addr = "http://192.168.1.5:8080"
	config := t.TempDir()
	g := startIn(t, w, h, guestEnv{config: config}, "-mute", "-seed", "3")
	g.ticks(30)
	tl := home.TitleLayout(w, h, 1, false)
	sl := settings.Layout(w, h, 1)
	maxOff := sl.MaxScroll()
	if maxOff <= 0 {
		t.Fatalf("Settings' rows fit at %dx%d: nothing to scroll (rows %.0f, body %.0f)", w, h, sl.Content, sl.Body.H)
	}
	g.click(mid(tl.Settings))
	g.ticks(40)
	g.move(1, 1)
	g.ticks(5)
	top := g.frame()
	shot := func(name string) {
		if dir := os.Getenv("BASHNI_SCREENSHOTS"); dir != "" {
			if err := save(g.frame(), filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
		}
	}
	shot("settings-landscape-top.png")
	// The title, down to the rule drawn at the rows' top edge once they
	// have scrolled.
	title := scenes.Rect{X: sl.Card.X, Y: sl.Card.Y, W: sl.Card.W, H: sl.Body.Y - sl.Card.Y - 2}

	// The wheel over the rows, down to their end: the online server's row
	// shows whole above Done.
	x, y := mid(sl.Body)
	g.wheelDown(x, y, maxOff)
	scrolled := g.frame()
	if d := differing(top, scrolled, sl.Body); d < 0.05 {
		t.Fatalf("the wheel did not scroll the rows (%.1f%% of the body changed)", 100*d)
	}
	for what, r := range map[string]scenes.Rect{"title": title, "Done": sl.Done} {
		if d := differing(top, scrolled, r); d != 0 {
			t.Errorf("the %s moved or changed while the rows scrolled (%.1f%% of it)", what, 100*d)
		}
	}
	field := sl.OnlineField
	field.Y -= maxOff
	if field.Y < sl.Body.Y || field.Y+field.H > sl.Body.Y+sl.Body.H {
		t.Fatalf("scrolled to the end, the online server's field %v is outside the body %v", field, sl.Body)
	}
	g.click(mid(field))
	g.typeText(addr)
	g.key(ebiten.KeyEnter)
	// The settings file is written in the background, in real time: wait
	// until it holds the address.
	g.until("the address typed in the scrolled field in the settings file", func() bool { return savedServer(t, config) == addr })
	g.move(1, 1)
	g.ticks(5)
	shot("settings-landscape-scrolled.png")

	// Back at the top, Tab puts the ring on the first row; scrolled
	// under the title, the ring is clipped with it.
	g.key(ebiten.KeyHome)
	g.key(ebiten.KeyTab)
	g.move(x, y)
	g.sess.ScrollWheel(0, -1)
	g.ticks(2)
	g.move(1, 1)
	g.ticks(5)
	if d := differing(top, g.frame(), title); d != 0 {
		t.Errorf("the focus ring of a row scrolled under the title shows over it (%.1f%% of the title changed)", 100*d)
	}

	// A finger drags the rows back down to their top.
	g.touchDrag(x, sl.Body.Y+10, x, sl.Body.Y+sl.Body.H-10)
	g.touchDrag(x, sl.Body.Y+10, x, sl.Body.Y+sl.Body.H-10)
	g.ticks(5)
	back := g.frame()
	if d := differing(top, back, scenes.Rect{X: sl.Body.X, Y: sl.Body.Y, W: sl.Body.W, H: sl.OnlineField.Y - 60 - sl.Body.Y}); d > 0.02 {
		t.Errorf("dragged back to the top, the first rows look different from before (%.1f%% changed)", 100*d)
	}

	// Done, pinned at the card's foot, leaves Settings.
	g.tap(mid(sl.Done))
	g.ticks(40)
	if d := differing(top, g.frame(), sl.Card); d < 0.2 {
		t.Fatalf("Done did not leave Settings (%.1f%% of the card changed)", 100*d)
	}
}

// wheelDown turns the wheel at (x, y) by enough notches (48 dp each) to
// scroll by px and more, then moves the mouse away and lets it settle.
func (g *game) wheelDown(x, y, px float64) {
	g.move(x, y)
	for i := 0; i < int(math.Ceil(px/48))+2; i++ {
		g.sess.ScrollWheel(0, -1)
		g.ticks(2)
	}
	g.move(1, 1)
	g.ticks(5)
}

// TestSettingsScrollingDrawAllocatesNothing draws Settings where its rows
// scroll (844×390: clipped to the card's body, with a scroll bar) again and
// again: the game's code allocates nothing in a redraw (Ebitengine's text
// and draw commands do, within a frame, and pool them across frames).
func TestSettingsScrollingDrawAllocatesNothing(t *testing.T) {
	inFrame(func() {
		const w, h = 844, 390
		app := scenes.NewApp(scenes.Options{Launch: launch.Launch{Seed: 1}, Pages: startup.Pages(), NoAttract: true})
		screen := ebiten.NewImage(w, h)
		app.LayoutF(w, h)
		s := settings.New(app)
		s.Layout(app, w, h, 1)
		if settings.Layout(w, h, 1).MaxScroll() <= 0 {
			t.Fatal("Settings' rows fit: nothing scrolls")
		}
		for i := 0; i < 3; i++ {
			s.Draw(app, screen)
		}
		for where, n := range ownAllocs(50, func() { s.Draw(app, screen) }) {
			t.Errorf("50 redraws of Settings with its rows scrolling: %s allocates %d times, want 0", where, n)
		}
	})
}

// ownAllocs runs f n times and counts, by function, the allocations the
// game's own code makes (a bashni function allocating itself, or through
// the runtime: boxing a value, growing a slice), not Ebitengine's under it:
// those (a text's glyphs, the frame's draw commands) are its own business,
// pooled across frames.
func ownAllocs(n int, f func()) map[string]int64 {
	old := runtime.MemProfileRate
	runtime.MemProfileRate = 1
	defer func() { runtime.MemProfileRate = old }()
	snapshot := func() map[[32]uintptr]runtime.MemProfileRecord {
		runtime.GC()
		runtime.GC()
		var recs []runtime.MemProfileRecord
		for {
			size, _ := runtime.MemProfile(nil, true)
			recs = make([]runtime.MemProfileRecord, size+50)
			if size, ok := runtime.MemProfile(recs, true); ok {
				recs = recs[:size]
				break
			}
		}
		m := make(map[[32]uintptr]runtime.MemProfileRecord, len(recs))
		for _, r := range recs {
			m[r.Stack0] = r
		}
		return m
	}
	before := snapshot()
	for i := 0; i < n; i++ {
		f()
	}
	after := snapshot()
	own := map[string]int64{}
	for k, r := range after {
		d := r.AllocObjects - before[k].AllocObjects
		if d <= 0 {
			continue
		}
		frames := runtime.CallersFrames(r.Stack())
		for {
			fr, more := frames.Next()
			if !strings.HasPrefix(fr.Function, "runtime.") {
				// internal/text is Ebitengine's text/v2 copied unchanged
				// (without its shaping engine, for the page's size): its
				// allocations are the library's, as they were before the copy.
				if strings.HasPrefix(fr.Function, "bashni/") && !strings.HasPrefix(fr.Function, "bashni/e2e.") && !strings.HasPrefix(fr.Function, "bashni/internal/text.") {
					own[fmt.Sprintf("%s (%s:%d)", fr.Function, filepath.Base(fr.File), fr.Line)] += d
				}
				break
			}
			if !more {
				break
			}
		}
	}
	return own
}
