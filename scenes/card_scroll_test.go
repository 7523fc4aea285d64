package scenes

import (
	"bashni/platform"
	"bashni/session"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/scenes/ui"
	"bashni/storage"
)

// A card whose rows scroll between its title and its buttons on a short
// screen (New game, Play a friend online), as the tests see it.
type scrollCard struct {
	scene    Scene
	body     Rect
	maxOff   float64
	titleY   float64
	scroll   func() float64
	stops    []cardStop // the rows' Tab stops, in order
	others   []*Rect    // rows that are no Tab stop
	buttons  []*Rect    // pinned at the card's foot, Tab'd after the rows
	after    []cardStop // Tab'd after the buttons (below them where all fits)
	choice   *ui.Segmented
	choiceAt func() Rect // where the choice is now
}

type cardStop struct {
	name  string
	rect  *Rect
	label func() float64 // the top of its label, as shown
}

// scrollCards make the cards measured, shown in a.
var scrollCards = []struct {
	name string
	open func(a *App) scrollCard
}{
	{"new game", func(a *App) scrollCard {
		s := NewNewGameScene(a)
		showScene(a, s)
		label := func(i int, row *Rect) func() float64 {
			return func() float64 { return 2*s.shown.labelY[i] - row.Y }
		}
		return scrollCard{
			scene: s, body: s.rects.Body, maxOff: s.rects.MaxScroll(), titleY: s.rects.titleY, scroll: s.Scroll,
			stops: []cardStop{
				{"game", &s.variant.Rect, label(0, &s.variant.Rect)}, {"opponent", &s.opponent.Rect, label(1, &s.opponent.Rect)},
				{"level", &s.level.Rect, label(2, &s.level.Rect)}, {"you play", &s.side.Rect, label(3, &s.side.Rect)},
			},
			buttons: []*Rect{&s.btnBack.Rect, &s.btnStart.Rect},
			choice:  &s.side, choiceAt: func() Rect { return s.side.Rect },
		}
	}},
}

// showScene pushes s and runs the App until it shows, and once more so
// that its Tab stops are registered.
func showScene(a *App, s Scene) {
	a.Push(s)
	for i := 0; i < 60 && a.scene != s; i++ {
		_ = a.Update()
	}
	_ = a.Update()
}

// cardApp is an App on a w×h dp screen at scale, with fake keys.
func cardApp(t *testing.T, w, h, scale float64) (*App, fakeKeys) {
	t.Helper()
	opts := Options{Store: storage.OpenMemory(), NoAttract: true, Clipboard: &platform.Memory{}}
	opts.Engine = func(uint64) session.Engine { return slowEngine{delay: time.Hour} }
	a := NewApp(opts)
	t.Cleanup(func() { _ = a.Close() })
	kb := fakeKeys{}
	a.keyboard = kb
	a.sizeChanged = false
	a.w, a.h, a.scale = w*scale, h*scale, scale
	a.layoutNow()
	return a, kb
}

// TestCardRowsReachable: on a phone on its side New game and Play a
// friend online fit the screen with their title and buttons, and Tab
// brings every row, with its label, whole into the body, the buttons
// never moving; where the rows fit nothing scrolls.
func TestCardRowsReachable(t *testing.T) {
	for _, card := range scrollCards {
		for _, sz := range scrollSizes {
			t.Run(fmt.Sprintf("%s %gx%g@%g", card.name, sz.w, sz.h, sz.scale), func(t *testing.T) {
				a, kb := cardApp(t, sz.w, sz.h, sz.scale)
				c := card.open(a)
				screen := Rect{W: a.w, H: a.h}
				scrolls := sz.w == 844 // both fit at 800×600
				if got := c.maxOff > 0; got != scrolls {
					t.Fatalf("scrolls %v (by %.0f px, body %v), want %v", got, c.maxOff, c.body, scrolls)
				}
				pinned := make([]Rect, len(c.buttons))
				for i, b := range c.buttons {
					pinned[i] = *b
					if !inside(*b, screen) {
						t.Fatalf("button %v is off the screen %v", *b, screen)
					}
					if scrolls && b.Y < c.body.Y+c.body.H {
						t.Fatalf("button %v is inside the rows' body %v", *b, c.body)
					}
				}
				if !inside(c.body, screen) || c.titleY > c.body.Y {
					t.Fatalf("body %v off the screen %v, or the title (%.0f) in it", c.body, screen, c.titleY)
				}
				for i, st := range c.stops {
					press(a, kb, ebiten.KeyTab)
					ring, ok := a.FocusRing()
					if !ok || ring != *st.rect {
						t.Fatalf("Tab %d: ring on %v, want %s %v", i+1, ring, st.name, *st.rect)
					}
					if !inside(*st.rect, c.body) {
						t.Errorf("%s %v is not inside the body %v once focused (scrolled %.0f)", st.name, *st.rect, c.body, c.scroll())
					}
					if l := st.label(); l < c.body.Y-0.5 {
						t.Errorf("%s's label (top %.0f) is above the body %v once focused", st.name, l, c.body)
					}
					if scrolls && a.focus.ringClip != c.body {
						t.Errorf("%s's ring is clipped to %v, want the body %v", st.name, a.focus.ringClip, c.body)
					}
				}
				if scrolls && c.scroll() == 0 {
					t.Error("Tab through the rows never scrolled")
				}
				for i, b := range c.buttons {
					press(a, kb, ebiten.KeyTab)
					if ring, _ := a.FocusRing(); ring != *b || a.focus.ringClip != (Rect{}) {
						t.Fatalf("Tab to button %d: ring on %v clipped to %v, want %v unclipped", i, ring, a.focus.ringClip, *b)
					}
					if *b != pinned[i] {
						t.Fatalf("button %d moved from %v to %v", i, pinned[i], *b)
					}
				}
				for _, st := range c.after {
					press(a, kb, ebiten.KeyTab)
					if ring, _ := a.FocusRing(); ring != *st.rect {
						t.Fatalf("Tab after the buttons: ring on %v, want %s %v", ring, st.name, *st.rect)
					}
				}
				if !scrolls && c.scroll() != 0 {
					t.Fatalf("scrolled %.0f where everything fits", c.scroll())
				}
			})
		}
	}
}

// TestCardWheelAndDrag: the wheel and a finger scroll the rows of both
// cards, no further than their ends; the wheel over the title does
// nothing; a drag that starts on a choice does not choose, a tap that
// wobbles a little does; a tap on a button is the button's, not a row's
// scrolled under it.
func TestCardWheelAndDrag(t *testing.T) {
	for _, card := range scrollCards {
		t.Run(card.name, func(t *testing.T) {
			const dp = 2
			a, _ := cardApp(t, 844, 390, dp)
			c := card.open(a)
			body, maxOff := c.body, c.maxOff
			// Near the card's right edge: right of the code field (which
			// keeps a press to select in it, as Settings' field does).
			cx, cy := body.X+body.W-40*dp, body.Y+body.H/2
			first := *c.stops[0].rect
			pointerTick(a, c.scene, ui.Pointer{X: cx, Y: cy, Wheel: -1})
			if got := c.scroll(); got != 48*dp {
				t.Fatalf("one notch down: scrolled %.0f, want %d", got, 48*dp)
			}
			if c.stops[0].rect.Y != first.Y-48*dp {
				t.Fatalf("the rows did not move with the scroll: the first at %.0f", c.stops[0].rect.Y)
			}
			for i := 0; i < 20; i++ {
				pointerTick(a, c.scene, ui.Pointer{X: cx, Y: cy, Wheel: -1})
			}
			if c.scroll() != maxOff {
				t.Fatalf("many notches down: scrolled %.0f, want the end %.0f", c.scroll(), maxOff)
			}
			for _, r := range append([]*Rect{c.stops[len(c.stops)-1].rect}, c.others...) {
				if !inside(*r, body) {
					t.Errorf("scrolled to the end, %v is not inside the body %v", *r, body)
				}
			}
			for i := 0; i < 20; i++ {
				pointerTick(a, c.scene, ui.Pointer{X: cx, Y: cy, Wheel: 3})
			}
			if c.scroll() != 0 {
				t.Fatalf("many notches up: scrolled %.0f, want 0", c.scroll())
			}
			pointerTick(a, c.scene, ui.Pointer{X: cx, Y: c.titleY, Wheel: -1})
			if c.scroll() != 0 {
				t.Fatalf("the wheel over the title scrolled %.0f", c.scroll())
			}

			// A finger drags up from the first choice: the rows follow, the
			// choice stays.
			sel := c.stops[0]
			r := *sel.rect
			fingerDrag(a, c.scene, r.X+r.W*0.8, r.Y+r.H/2, r.Y+r.H/2-100*dp, 10)
			if got := c.scroll(); math.Abs(got-100*dp) > 0.5 {
				t.Fatalf("a 100 dp drag scrolled %.0f px, want %d", got, 100*dp)
			}
			// Past the ends: held there.
			for i := 0; i < 3; i++ {
				fingerDrag(a, c.scene, cx, body.Y+body.H-dp, body.Y+dp, 10)
			}
			if c.scroll() != maxOff {
				t.Fatalf("dragged past the end: scrolled %.0f, want %.0f", c.scroll(), maxOff)
			}
			// A tap that wobbles by 4 dp on the last choice's first
			// segment chooses it and does not scroll.
			ch := c.choiceAt()
			if !inside(ch, body) {
				t.Fatalf("at the end, the choice %v is not in the body %v", ch, body)
			}
			c.choice.Selected = len(c.choice.Options) - 1
			fingerDrag(a, c.scene, ch.X+ch.W/(2*float64(len(c.choice.Options))), ch.Y+ch.H/2, ch.Y+ch.H/2-4*dp, 2)
			if c.choice.Selected != 0 {
				t.Fatalf("a tap that moved 4 dp did not choose the first segment: %d chosen", c.choice.Selected)
			}
			if c.scroll() != maxOff {
				t.Fatalf("a tap scrolled to %.0f", c.scroll())
			}
			// A drag from that choice scrolls and does not choose.
			ch = c.choiceAt()
			fingerDrag(a, c.scene, ch.X+ch.W-dp*20, ch.Y+ch.H/2, ch.Y+ch.H/2+60*dp, 6)
			if c.choice.Selected != 0 {
				t.Fatalf("a drag that started on a segment chose it: %d", c.choice.Selected)
			}
			if got := c.scroll(); math.Abs(got-(maxOff-60*dp)) > 0.5 {
				t.Fatalf("a 60 dp drag down scrolled to %.0f, want %.0f", got, maxOff-60*dp)
			}
			for i := 0; i < 3; i++ {
				fingerDrag(a, c.scene, cx, body.Y+dp, body.Y+body.H-dp, 4)
			}
			if c.scroll() != 0 {
				t.Fatalf("dragged past the top: scrolled %.0f, want 0", c.scroll())
			}
			// With a row under it, the first button (Back) takes its tap:
			// the card leaves.
			b := *c.buttons[0]
			n := len(a.stack)
			pointerTick(a, c.scene, ui.Pointer{X: b.X + b.W/2, Y: b.Y + b.H/2, Touch: true, Down: true, Pressed: true})
			pointerTick(a, c.scene, ui.Pointer{X: b.X + b.W/2, Y: b.Y + b.H/2, Touch: true, Released: true})
			if len(a.stack) != n-1 {
				t.Fatalf("a tap on Back: %d scenes on the stack, want %d", len(a.stack), n-1)
			}
		})
	}
}

// TestCardRowsUnderButtonsTakeNoTap: a row scrolled under the buttons
// takes no tap there; the button does.
func TestCardRowsUnderButtonsTakeNoTap(t *testing.T) {
	a, _ := cardApp(t, 844, 390, 2)
	s := NewNewGameScene(a)
	showScene(a, s)
	// Scroll so that the side choice lies under Back.
	back := s.btnBack.Rect
	s.body.Offset = math.Max(0, math.Min(s.rects.MaxScroll(), s.rects.Side.Y-back.Y))
	s.place()
	if s.side.Rect.Y+s.side.Rect.H <= back.Y {
		t.Fatalf("scrolled %.0f, the side choice %v is not under Back %v", s.Scroll(), s.side.Rect, back)
	}
	want, n := s.side.Selected, len(a.stack)
	x, y := back.X+back.W/2, math.Max(back.Y+2, s.side.Rect.Y+2)
	pointerTick(a, s, ui.Pointer{X: x, Y: y, Touch: true, Down: true, Pressed: true})
	pointerTick(a, s, ui.Pointer{X: x, Y: y, Touch: true, Released: true})
	if s.side.Selected != want {
		t.Fatalf("a tap on Back chose %d of the row hidden under it", s.side.Selected)
	}
	if len(a.stack) != n-1 {
		t.Fatal("a tap on Back did not leave New game")
	}
}

// TestCardScrollKeys: Page Down, End, Home scroll the rows of both cards.
func TestCardScrollKeys(t *testing.T) {
	for _, card := range scrollCards {
		t.Run(card.name, func(t *testing.T) {
			a, kb := cardApp(t, 844, 390, 2)
			c := card.open(a)
			press(a, kb, ebiten.KeyPageDown)
			if c.scroll() <= 0 || c.scroll() > c.maxOff {
				t.Fatalf("Page Down: scrolled %.0f of %.0f", c.scroll(), c.maxOff)
			}
			press(a, kb, ebiten.KeyEnd)
			if c.scroll() != c.maxOff {
				t.Fatalf("End: scrolled %.0f, want %.0f", c.scroll(), c.maxOff)
			}
			press(a, kb, ebiten.KeyHome)
			if c.scroll() != 0 {
				t.Fatalf("Home: scrolled %.0f, want 0", c.scroll())
			}
		})
	}
}
