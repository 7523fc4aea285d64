package scenetest

import (
	"fmt"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/scenes"
	"bashni/scenes/ui"
)

// A card whose rows scroll between its title and its buttons on a short
// screen (New game, Play a friend online), as its page's tests see it
// (CardRowsReachable, CardWheelAndDrag, CardScrollKeys).
type ScrollCard struct {
	Scene    scenes.Scene
	Body     scenes.Rect
	MaxOff   float64
	TitleY   float64
	Scroll   func() float64
	Stops    []CardStop     // the rows' Tab stops, in order
	Others   []*scenes.Rect // rows that are no Tab stop
	Buttons  []*scenes.Rect // pinned at the card's foot, Tab'd after the rows
	After    []CardStop     // Tab'd after the buttons (below them where all fits)
	Choice   *ui.Segmented
	ChoiceAt func() scenes.Rect // where the choice is now
}

// CardStop is a row's Tab stop.
type CardStop struct {
	Name  string
	Rect  *scenes.Rect
	Label func() float64 // the top of its label, as shown
}

// ScrollSizes are screens on which a card's rows do not fit (a phone on
// its side, a small window) and two on which they do (dp, and the device
// scale).
var ScrollSizes = []struct {
	W, H, Scale float64
	Scrolls     bool
}{
	{844, 390, 2, true},
	{800, 600, 1, true},
	{1280, 800, 1, false},
	{390, 844, 2, false},
}

// CardApp is an App on a w×h dp screen at scale, with fake keys.
func CardApp(t *testing.T, w, h, scale float64) (*scenes.App, Keys) {
	t.Helper()
	a, kb := NewApp(t, nil, scenes.Options{})
	a.Resize(w*scale, h*scale, scale)
	return a, kb
}

// ShowCard pushes s and runs the App until it shows, and once more so
// that its Tab stops are registered.
func ShowCard(t *testing.T, a *scenes.App, s scenes.Scene) {
	t.Helper()
	Show(t, a, s)
	_ = a.Update()
}

// CardRowsReachable: on a phone on its side the card open shows fits the
// screen with its title and buttons, and Tab brings every row, with its
// label, whole into the body, the buttons never moving; where the rows fit
// nothing scrolls.
func CardRowsReachable(t *testing.T, name string, open func(a *scenes.App) ScrollCard) {

	for _, sz := range ScrollSizes {
		t.Run(fmt.Sprintf("%s %gx%g@%g", name, sz.W, sz.H, sz.Scale), func(t *testing.T) {
			a, kb := CardApp(t, sz.W, sz.H, sz.Scale)
			c := open(a)
			w, h, _ := a.Size()
			screen := scenes.Rect{W: w, H: h}
			scrolls := sz.W == 844 // both fit at 800×600
			if got := c.MaxOff > 0; got != scrolls {
				t.Fatalf("scrolls %v (by %.0f px, body %v), want %v", got, c.MaxOff, c.Body, scrolls)
			}
			pinned := make([]scenes.Rect, len(c.Buttons))
			for i, b := range c.Buttons {
				pinned[i] = *b
				if !Inside(*b, screen) {
					t.Fatalf("button %v is off the screen %v", *b, screen)
				}
				if scrolls && b.Y < c.Body.Y+c.Body.H {
					t.Fatalf("button %v is inside the rows' body %v", *b, c.Body)
				}
			}
			if !Inside(c.Body, screen) || c.TitleY > c.Body.Y {
				t.Fatalf("body %v off the screen %v, or the title (%.0f) in it", c.Body, screen, c.TitleY)
			}
			for i, st := range c.Stops {
				Press(a, kb, ebiten.KeyTab)
				ring, ok := a.FocusRing()
				if !ok || ring != *st.Rect {
					t.Fatalf("Tab %d: ring on %v, want %s %v", i+1, ring, st.Name, *st.Rect)
				}
				if !Inside(*st.Rect, c.Body) {
					t.Errorf("%s %v is not inside the body %v once focused (scrolled %.0f)", st.Name, *st.Rect, c.Body, c.Scroll())
				}
				if l := st.Label(); l < c.Body.Y-0.5 {
					t.Errorf("%s's label (top %.0f) is above the body %v once focused", st.Name, l, c.Body)
				}
				if scrolls && a.FocusClip() != c.Body {
					t.Errorf("%s's ring is clipped to %v, want the body %v", st.Name, a.FocusClip(), c.Body)
				}
			}
			if scrolls && c.Scroll() == 0 {
				t.Error("Tab through the rows never scrolled")
			}
			for i, b := range c.Buttons {
				Press(a, kb, ebiten.KeyTab)
				if ring, _ := a.FocusRing(); ring != *b || a.FocusClip() != (scenes.Rect{}) {
					t.Fatalf("Tab to button %d: ring on %v clipped to %v, want %v unclipped", i, ring, a.FocusClip(), *b)
				}
				if *b != pinned[i] {
					t.Fatalf("button %d moved from %v to %v", i, pinned[i], *b)
				}
			}
			for _, st := range c.After {
				Press(a, kb, ebiten.KeyTab)
				if ring, _ := a.FocusRing(); ring != *st.Rect {
					t.Fatalf("Tab after the buttons: ring on %v, want %s %v", ring, st.Name, *st.Rect)
				}
			}
			if !scrolls && c.Scroll() != 0 {
				t.Fatalf("scrolled %.0f where everything fits", c.Scroll())
			}
		})
	}
}

// CardWheelAndDrag: the wheel and a finger scroll the card's rows, no
// further than their ends; the wheel over the title does nothing; a drag
// that starts on a choice does not choose, a tap that wobbles a little
// does; a tap on a button is the button's, not a row's scrolled under it.
func CardWheelAndDrag(t *testing.T, name string, open func(a *scenes.App) ScrollCard) {

	t.Run(name, func(t *testing.T) {
		const dp = 2
		a, _ := CardApp(t, 844, 390, dp)
		c := open(a)
		body, maxOff := c.Body, c.MaxOff
		// Near the card's right edge: right of the code field (which
		// keeps a press to select in it, as Settings' field does).
		cx, cy := body.X+body.W-40*dp, body.Y+body.H/2
		first := *c.Stops[0].Rect
		PointerTick(a, c.Scene, ui.Pointer{X: cx, Y: cy, Wheel: -1})
		if got := c.Scroll(); got != 48*dp {
			t.Fatalf("one notch down: scrolled %.0f, want %d", got, 48*dp)
		}
		if c.Stops[0].Rect.Y != first.Y-48*dp {
			t.Fatalf("the rows did not move with the scroll: the first at %.0f", c.Stops[0].Rect.Y)
		}
		for i := 0; i < 20; i++ {
			PointerTick(a, c.Scene, ui.Pointer{X: cx, Y: cy, Wheel: -1})
		}
		if c.Scroll() != maxOff {
			t.Fatalf("many notches down: scrolled %.0f, want the end %.0f", c.Scroll(), maxOff)
		}
		for _, r := range append([]*scenes.Rect{c.Stops[len(c.Stops)-1].Rect}, c.Others...) {
			if !Inside(*r, body) {
				t.Errorf("scrolled to the end, %v is not inside the body %v", *r, body)
			}
		}
		for i := 0; i < 20; i++ {
			PointerTick(a, c.Scene, ui.Pointer{X: cx, Y: cy, Wheel: 3})
		}
		if c.Scroll() != 0 {
			t.Fatalf("many notches up: scrolled %.0f, want 0", c.Scroll())
		}
		PointerTick(a, c.Scene, ui.Pointer{X: cx, Y: c.TitleY, Wheel: -1})
		if c.Scroll() != 0 {
			t.Fatalf("the wheel over the title scrolled %.0f", c.Scroll())
		}

		// A finger drags up from the first choice: the rows follow, the
		// choice stays.
		sel := c.Stops[0]
		r := *sel.Rect
		FingerDrag(a, c.Scene, r.X+r.W*0.8, r.Y+r.H/2, r.Y+r.H/2-100*dp, 10)
		if got := c.Scroll(); math.Abs(got-100*dp) > 0.5 {
			t.Fatalf("a 100 dp drag scrolled %.0f px, want %d", got, 100*dp)
		}
		// Past the ends: held there.
		for i := 0; i < 3; i++ {
			FingerDrag(a, c.Scene, cx, body.Y+body.H-dp, body.Y+dp, 10)
		}
		if c.Scroll() != maxOff {
			t.Fatalf("dragged past the end: scrolled %.0f, want %.0f", c.Scroll(), maxOff)
		}
		// A tap that wobbles by 4 dp on the last choice's first
		// segment chooses it and does not scroll.
		ch := c.ChoiceAt()
		if !Inside(ch, body) {
			t.Fatalf("at the end, the choice %v is not in the body %v", ch, body)
		}
		c.Choice.Selected = len(c.Choice.Options) - 1
		FingerDrag(a, c.Scene, ch.X+ch.W/(2*float64(len(c.Choice.Options))), ch.Y+ch.H/2, ch.Y+ch.H/2-4*dp, 2)
		if c.Choice.Selected != 0 {
			t.Fatalf("a tap that moved 4 dp did not choose the first segment: %d chosen", c.Choice.Selected)
		}
		if c.Scroll() != maxOff {
			t.Fatalf("a tap scrolled to %.0f", c.Scroll())
		}
		// A drag from that choice scrolls and does not choose.
		ch = c.ChoiceAt()
		FingerDrag(a, c.Scene, ch.X+ch.W-dp*20, ch.Y+ch.H/2, ch.Y+ch.H/2+60*dp, 6)
		if c.Choice.Selected != 0 {
			t.Fatalf("a drag that started on a segment chose it: %d", c.Choice.Selected)
		}
		if got := c.Scroll(); math.Abs(got-(maxOff-60*dp)) > 0.5 {
			t.Fatalf("a 60 dp drag down scrolled to %.0f, want %.0f", got, maxOff-60*dp)
		}
		for i := 0; i < 3; i++ {
			FingerDrag(a, c.Scene, cx, body.Y+dp, body.Y+body.H-dp, 4)
		}
		if c.Scroll() != 0 {
			t.Fatalf("dragged past the top: scrolled %.0f, want 0", c.Scroll())
		}
		// With a row under it, the first button (Back) takes its tap:
		// the card leaves.
		b := *c.Buttons[0]
		n := a.Depth()
		PointerTick(a, c.Scene, ui.Pointer{X: b.X + b.W/2, Y: b.Y + b.H/2, Touch: true, Down: true, Pressed: true})
		PointerTick(a, c.Scene, ui.Pointer{X: b.X + b.W/2, Y: b.Y + b.H/2, Touch: true, Released: true})
		if a.Depth() != n-1 {
			t.Fatalf("a tap on Back: %d scenes on the stack, want %d", a.Depth(), n-1)
		}
	})
}

// CardScrollKeys: Page Down, End, Home scroll the card's rows.
func CardScrollKeys(t *testing.T, name string, open func(a *scenes.App) ScrollCard) {

	t.Run(name, func(t *testing.T) {
		a, kb := CardApp(t, 844, 390, 2)
		c := open(a)
		Press(a, kb, ebiten.KeyPageDown)
		if c.Scroll() <= 0 || c.Scroll() > c.MaxOff {
			t.Fatalf("Page Down: scrolled %.0f of %.0f", c.Scroll(), c.MaxOff)
		}
		Press(a, kb, ebiten.KeyEnd)
		if c.Scroll() != c.MaxOff {
			t.Fatalf("End: scrolled %.0f, want %.0f", c.Scroll(), c.MaxOff)
		}
		Press(a, kb, ebiten.KeyHome)
		if c.Scroll() != 0 {
			t.Fatalf("Home: scrolled %.0f, want 0", c.Scroll())
		}
	})
}
