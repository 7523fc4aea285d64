// Package scenetest drives a scenes.App in the tests of the pages
// (scenes/settings, …), which cannot reach the App's insides: fake keys,
// a computer that never answers, pointer ticks and the layout test's
// measurer (fit.go). Only tests import it.
package scenetest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/i18n"
	"bashni/platform"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/ui"
	"bashni/session"
	"bashni/storage"
)

// Keys is a fake keyboard: a key's value is how many ticks it has been
// down (1: pressed this tick).
type Keys map[ebiten.Key]int

// Pressed reports whether k is down.
func (f Keys) Pressed(k ebiten.Key) bool {
	_, ok := f[k]
	return ok
}

// JustPressed reports whether k went down this tick.
func (f Keys) JustPressed(k ebiten.Key) bool { return f[k] == 1 }

// Duration is how many ticks k has been down.
func (f Keys) Duration(k ebiten.Key) int { return f[k] }

// AppendChars types nothing.
func (f Keys) AppendChars(dst []rune) []rune { return dst }

// Press runs one tick of the app with keys down (a modifier first), then
// one with them up.
func Press(a *scenes.App, kb Keys, keys ...ebiten.Key) {
	for _, k := range keys {
		kb[k] = 1
	}
	_ = a.Update()
	for _, k := range keys {
		delete(kb, k)
	}
	_ = a.Update()
}

// SlowEngine answers with the first legal move after Delay, or when
// cancelled, not at all.
type SlowEngine struct{ Delay time.Duration }

// ChooseMove is session.Engine's.
func (e SlowEngine) ChooseMove(ctx context.Context, h []*rules.Position, level int) rules.Move {
	select {
	case <-time.After(e.Delay):
	case <-ctx.Done():
		return rules.Move{}
	}
	return h[len(h)-1].LegalMoves(nil)[0]
}

// Hint is session.Engine's.
func (e SlowEngine) Hint(ctx context.Context, h []*rules.Position) session.Hint {
	return session.Hint{Best: e.ChooseMove(ctx, h, 0), Text: "equal"}
}

// NewGame is session.Engine's.
func (SlowEngine) NewGame() {}

// Never is an engine that never answers in a test's time.
func Never(uint64) session.Engine { return SlowEngine{Delay: time.Hour} }

// NewApp is an App at 1280×800 with its settings kept in store (a memory
// one if nil), a computer that never answers and fake keys; opts gives the
// rest.
func NewApp(t *testing.T, store *storage.Store, opts scenes.Options) (*scenes.App, Keys) {
	t.Helper()
	if store == nil {
		store = storage.OpenMemory()
	}
	settings, notice := store.LoadSettings()
	if !notice.IsZero() {
		t.Fatalf("notice: %s", notice)
	}
	if opts.Settings == (storage.Settings{}) {
		opts.Settings = settings
	}
	opts.Store, opts.NoAttract = store, true
	if opts.Clipboard == nil {
		opts.Clipboard = &platform.Memory{}
	}
	if opts.Engine == nil {
		opts.Engine = Never
	}
	a := scenes.NewApp(opts)
	t.Cleanup(func() { _ = a.Close() })
	kb := Keys{}
	a.SetKeyboard(kb)
	a.Resize(1280, 800, 1)
	return a, kb
}

// Show pushes s and runs the App until it shows, and one tick more (its
// first tick registers its Tab stops).
func Show(t *testing.T, a *scenes.App, s scenes.Scene) {
	t.Helper()
	a.Push(s)
	for i := 0; i < 60 && a.Shown() != s; i++ {
		_ = a.Update()
	}
	if a.Shown() != s {
		t.Fatalf("%s did not show: %s", s.Name(), a.Shown().Name())
	}
}

// PointerTick runs one Update of a screen with the pointer as given.
func PointerTick(a *scenes.App, s scenes.Scene, p ui.Pointer) { a.StepScene(s, p) }

// FingerDrag presses a finger at (x, y0), moves it to y1 in steps and
// lifts it.
func FingerDrag(a *scenes.App, s scenes.Scene, x, y0, y1 float64, steps int) {
	PointerTick(a, s, ui.Pointer{X: x, Y: y0, Touch: true, Down: true, Pressed: true})
	for i := 1; i <= steps; i++ {
		y := y0 + (y1-y0)*float64(i)/float64(steps)
		PointerTick(a, s, ui.Pointer{X: x, Y: y, Touch: true, Down: true, Moved: true})
	}
	PointerTick(a, s, ui.Pointer{X: x, Y: y1, Touch: true, Released: true})
}

// FocusOn presses Tab until the ring is on r.
func FocusOn(t *testing.T, a *scenes.App, kb Keys, r scenes.Rect, what string) {
	t.Helper()
	for i := 0; ; i++ {
		if ring, ok := a.FocusRing(); ok && ring == r && a.KeyboardFocus() {
			return
		}
		if i > 20 {
			t.Fatalf("Tab never reached %s", what)
		}
		Press(a, kb, ebiten.KeyTab)
	}
}

// Inside reports whether r lies within outer.
func Inside(r, outer scenes.Rect) bool {
	return r.X >= outer.X-0.5 && r.Y >= outer.Y-0.5 && r.X+r.W <= outer.X+outer.W+0.5 && r.Y+r.H <= outer.Y+outer.H+0.5
}

// TouchTargets shows s alone over the title of a (laid out at w×h dp,
// SetTouch given hits), runs setup, ticks, and fails when one of its Tab
// stops or of the rectangles its widgets hit-test is smaller than
// scenes.MinTouchDP either way. It reports the number of hit areas.
func TouchTargets(t *testing.T, a *scenes.App, hits *[]scenes.Rect, name string, s scenes.Scene, w, h float64, setup func()) int {
	t.Helper()
	n, _ := TouchTargetsOwing(t, a, hits, name, s, w, h, setup, nil)
	return n
}

// TouchTargetsOwing is TouchTargets with known debts: a control
// or hit area under scenes.MinTouchDP for which owed is true is logged,
// not failed; met says whether one was.
func TouchTargetsOwing(t *testing.T, a *scenes.App, hits *[]scenes.Rect, name string, s scenes.Scene, w, h float64, setup func(), owed func(scenes.Rect) bool) (n int, met bool) {
	t.Helper()
	a.ShowOnly(s)
	s.Layout(a, w, h, 1)
	if setup != nil {
		setup()
	}
	for i := 0; i < 3; i++ {
		*hits = (*hits)[:0]
		if err := a.Update(); err != nil {
			t.Fatal(err)
		}
	}
	small := func(r scenes.Rect) bool {
		return r.W < scenes.MinTouchDP-0.5 || r.H < scenes.MinTouchDP-0.5
	}
	report := func(what string, r scenes.Rect) {
		if owed != nil && owed(r) {
			met = true
			t.Logf("debt: %s: %s at (%.0f, %.0f) is %.1f×%.1f dp", name, what, r.X, r.Y, r.W, r.H)
			return
		}
		t.Errorf("%s: %s at (%.0f, %.0f) is %.1f×%.1f dp, under %d dp", name, what, r.X, r.Y, r.W, r.H, scenes.MinTouchDP)
	}
	stops := a.FocusStops()
	if len(stops) == 0 {
		t.Fatalf("%s: no controls found", name)
	}
	for _, r := range stops {
		if small(r) {
			report("control", r)
		}
	}
	for _, r := range *hits {
		if r.W == 0 && r.H == 0 {
			continue // a control not shown
		}
		n++
		if small(r) {
			report("hit area", r)
		}
	}
	return n, met
}

// PhoneSizes are a phone held upright and on its side, in dp.
var PhoneSizes = [][2]float64{{390, 844}, {844, 390}}

// OnPhones runs check in every language on a phone held both ways: a is an
// App in that language at that size (animations instant, a memory
// clipboard) whose widgets' hit areas are gathered in hits, and where names
// the language and the size ("ru 390x844") for failures.
func OnPhones(t *testing.T, check func(a *scenes.App, hits *[]scenes.Rect, where string, w, h float64)) {
	t.Helper()
	for _, l := range i18n.Langs() {
		for _, sz := range PhoneSizes {
			cat, err := i18n.Load(l)
			if err != nil {
				t.Fatal(err)
			}
			st := storage.Defaults()
			st.InstantAnimations = true
			a, _ := NewApp(t, nil, scenes.Options{Text: cat, Settings: st, Clipboard: &platform.Memory{}})
			a.Resize(sz[0], sz[1], 1)
			hits := new([]scenes.Rect)
			a.SetTouch(hits)
			check(a, hits, fmt.Sprintf("%s %gx%g", l.Code(), sz[0], sz[1]), sz[0], sz[1])
		}
	}
}

// TouchTargetsOnPhones checks the screens that screens makes in every
// language on a phone held both ways (OnPhones): every control is at least
// scenes.MinTouchDP either way (TouchTargets), and each screen hit-tests
// something.
func TouchTargetsOnPhones(t *testing.T, screens func(a *scenes.App) []scenes.Scene) {
	t.Helper()
	OnPhones(t, func(a *scenes.App, hits *[]scenes.Rect, where string, w, h float64) {
		for _, s := range screens(a) {
			name := where + " " + s.Name()
			if n := TouchTargets(t, a, hits, name, s, w, h, nil); n == 0 {
				t.Errorf("%s: no widget hit-tested anything", name)
			}
		}
	})
}

// Overlap reports whether a and b share more than half a pixel.
func Overlap(a, b scenes.Rect) bool {
	return a.X < b.X+b.W-0.5 && b.X < a.X+a.W-0.5 && a.Y < b.Y+b.H-0.5 && b.Y < a.Y+a.H-0.5
}

// CheckRects fails when one of a layout's rectangles is off screen, two
// overlap, or one of targets (what a finger presses) is smaller than
// scenes.MinTouchDP either way at scale; what names the layout.
func CheckRects(t *testing.T, what string, scale float64, screen scenes.Rect, targets, others map[string]scenes.Rect) {
	t.Helper()
	all := map[string]scenes.Rect{}
	for n, r := range targets {
		all[n] = r
		if r.H < scenes.MinTouchDP*scale-0.5 || r.W < scenes.MinTouchDP*scale-0.5 {
			t.Errorf("%s: %s is %.0f×%.0f, under %d dp", what, n, r.W/scale, r.H/scale, scenes.MinTouchDP)
		}
	}
	for n, r := range others {
		all[n] = r
	}
	for n, r := range all {
		if !Inside(r, screen) {
			t.Errorf("%s: %s %v is off the screen", what, n, r)
		}
		for m, q := range all {
			if n < m && Overlap(r, q) {
				t.Errorf("%s: %s %v overlaps %s %v", what, n, r, m, q)
			}
		}
	}
}

// LayoutSizes are the screens (dp) the layout tests lay pages out at,
// each at scale 1 and 2.
var LayoutSizes = [][2]float64{{1280, 800}, {390, 844}, {360, 640}, {800, 600}, {1920, 1080}, {320, 568}, {1024, 1366}}
