package settings

import (
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"fmt"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/scenes/ui"
	"bashni/storage"
)

// scrollSizes are screens on which Settings' rows do not fit (a phone on
// its side, a small window) and two on which they do (dp, and the device
// scale).
var scrollSizes = []struct {
	w, h, scale float64
	scrolls     bool
}{
	{844, 390, 2, true},
	{800, 600, 1, true},
	{1280, 800, 1, false},
	{390, 844, 2, false},
}

// scrollingSettings is Settings on a w×h dp screen at scale.
func scrollingSettings(t *testing.T, w, h, scale float64) (*scenes.App, *Screen, scenetest.Keys) {
	t.Helper()
	a, s, kb := settingsApp(t, storage.OpenMemory(), scenes.Options{})
	a.Resize(w*scale, h*scale, scale)
	_ = a.Update() // the screen's first tick registers its Tab stops
	return a, s, kb
}

// TestSettingsRowsReachable: where the rows do not fit, the card fits the
// screen with its title and Done, and Tab brings every control, with its
// label, whole into the card's body; where they fit nothing scrolls.
func TestSettingsRowsReachable(t *testing.T) {
	for _, sz := range scrollSizes {
		t.Run(fmt.Sprintf("%gx%g@%g", sz.w, sz.h, sz.scale), func(t *testing.T) {
			a, s, kb := scrollingSettings(t, sz.w, sz.h, sz.scale)
			screen := screenOf(a)
			r := s.rects
			if got := r.MaxScroll() > 0; got != sz.scrolls {
				t.Fatalf("scrolls %v (rows %.0f px in a body of %.0f), want %v", got, r.Content, r.Body.H, sz.scrolls)
			}
			if !scenetest.Inside(r.Card, screen) || !scenetest.Inside(r.Done, r.Card) || !scenetest.Inside(r.Body, r.Card) {
				t.Fatalf("card %v, body %v or Done %v off the screen %v", r.Card, r.Body, r.Done, screen)
			}
			if r.TitleY < r.Card.Y || r.TitleY > r.Body.Y || r.Done.Y < r.Body.Y+r.Body.H {
				t.Fatalf("title at %.0f or Done %v inside the rows' body %v", r.TitleY, r.Done, r.Body)
			}
			// Every stop but Done, in Tab order, with its label.
			stops := []struct {
				name  string
				rect  *scenes.Rect
				label int // the row whose label is above it, -1 none
			}{
				{"theme", &s.theme.Rect, 0}, {"volume", &s.volume.Rect, -1}, {"sound", &s.sound.Rect, -1},
				{"speed", &s.speed.Rect, 3}, {"instant", &s.instant.Rect, -1}, {"coordinates", &s.coords.Rect, -1},
				{"destinations", &s.dests.Rect, -1}, {"move by", &s.input.Rect, 7}, {"flip", &s.flip.Rect, -1},
				{"language", &s.language.Rect, 9}, {"online field", &s.online.field.Rect, -1}, {"save", &s.online.btnSave.Rect, -1},
			}
			// Start at the bottom (as a player who scrolled down), so that
			// the first Tabs have to scroll back up.
			s.body.Offset = r.MaxScroll()
			s.place()
			for i, st := range stops {
				scenetest.Press(a, kb, ebiten.KeyTab)
				if ring, ok := a.FocusRing(); !ok || ring != *st.rect {
					t.Fatalf("Tab %d: ring on %v, want %s %v", i+1, ring, st.name, *st.rect)
				}
				if want := (scenes.Rect{}); a.FocusClip() != r.Body && (sz.scrolls || a.FocusClip() != want) {
					t.Errorf("%s's focus ring is clipped to %v, want the body %v when the rows scroll", st.name, a.FocusClip(), r.Body)
				}
				if !scenetest.Inside(*st.rect, r.Body) {
					t.Errorf("%s %v is not inside the body %v once focused (scrolled %.0f)", st.name, *st.rect, r.Body, s.Scroll())
				}
				if st.label >= 0 {
					l := s.labels[labelIndex(st.label)]
					if l.y < r.Body.Y || l.y > r.Body.Y+r.Body.H {
						t.Errorf("%s's label at %.0f is outside the body %v", st.name, l.y, r.Body)
					}
				}
				if st.name == "online field" {
					if top := s.online.statusY; top < r.Body.Y || top+a.Painter().DP(onlineStatusH) > r.Body.Y+r.Body.H+0.5 {
						t.Errorf("the line under the field (%.0f) is outside the body %v", top, r.Body)
					}
				}
				if s.btnBack.Rect != r.Done || !scenetest.Inside(s.btnBack.Rect, screen) {
					t.Fatalf("Done moved to %v (screen %v)", s.btnBack.Rect, screen)
				}
			}
			scenetest.Press(a, kb, ebiten.KeyTab)
			if ring, _ := a.FocusRing(); ring != s.btnBack.Rect || a.FocusClip() != (scenes.Rect{}) {
				t.Fatalf("last Tab on %v (clipped to %v), want Done %v unclipped", ring, a.FocusClip(), s.btnBack.Rect)
			}
			if !sz.scrolls && s.Scroll() != 0 {
				t.Fatalf("scrolled %.0f where everything fits", s.Scroll())
			}
		})
	}
}

// labelIndex is the index in s.labels of row i's label.
func labelIndex(row int) int {
	n := 0
	for i := 0; i < row; i++ {
		if settingsChoice[i] {
			n++
		}
	}
	return n
}

// TestSettingsWheelAndDrag: the wheel and a finger scroll the rows, no
// further than their ends; a drag that starts on a switch does not flip
// it, a tap that wobbles a little does.
func TestSettingsWheelAndDrag(t *testing.T) {
	for _, sz := range scrollSizes[:2] {
		t.Run(fmt.Sprintf("%gx%g@%g", sz.w, sz.h, sz.scale), func(t *testing.T) {
			a, s, _ := scrollingSettings(t, sz.w, sz.h, sz.scale)
			body, maxOff, dp := s.rects.Body, s.rects.MaxScroll(), sz.scale
			cx, cy := body.X+body.W/2, body.Y+body.H/2
			scenetest.PointerTick(a, s, ui.Pointer{X: cx, Y: cy, Wheel: -1})
			if got, want := s.Scroll(), 48*dp; got != want {
				t.Fatalf("one notch down: scrolled %.0f, want %.0f", got, want)
			}
			if s.sound.Rect.Y != s.rects.Rows[2].Y-s.Scroll() {
				t.Fatalf("the rows did not move with the scroll: sound at %.0f", s.sound.Rect.Y)
			}
			for i := 0; i < 40; i++ {
				scenetest.PointerTick(a, s, ui.Pointer{X: cx, Y: cy, Wheel: -1})
			}
			if s.Scroll() != maxOff {
				t.Fatalf("many notches down: scrolled %.0f, want the end %.0f", s.Scroll(), maxOff)
			}
			for i := 0; i < 40; i++ {
				scenetest.PointerTick(a, s, ui.Pointer{X: cx, Y: cy, Wheel: 3})
			}
			if s.Scroll() != 0 {
				t.Fatalf("many notches up: scrolled %.0f, want 0", s.Scroll())
			}
			// The wheel outside the body (over the title) does nothing.
			scenetest.PointerTick(a, s, ui.Pointer{X: cx, Y: s.rects.TitleY, Wheel: -1})
			if s.Scroll() != 0 {
				t.Fatalf("the wheel over the title scrolled %.0f", s.Scroll())
			}

			// A finger drags up from the sound switch: the rows follow it,
			// the switch stays as it was.
			on := s.sound.On
			sw := s.sound.Rect
			scenetest.FingerDrag(a, s, sw.X+sw.W/2, sw.Y+sw.H/2, sw.Y+sw.H/2-100*dp, 10)
			if got := s.Scroll(); math.Abs(got-100*dp) > 0.5 {
				t.Fatalf("a 100 dp drag scrolled %.0f px, want %.0f", got, 100*dp)
			}
			if s.sound.On != on {
				t.Fatal("the drag that started on the sound switch flipped it")
			}
			// Dragged far beyond the end: held at the end.
			scenetest.FingerDrag(a, s, cx, body.Y+body.H-dp, body.Y+dp, 10)
			scenetest.FingerDrag(a, s, cx, body.Y+body.H-dp, body.Y+dp, 10)
			if s.Scroll() != maxOff {
				t.Fatalf("dragged past the end: scrolled %.0f, want %.0f", s.Scroll(), maxOff)
			}
			scenetest.FingerDrag(a, s, cx, body.Y+dp, body.Y+body.H-dp, 4)
			scenetest.FingerDrag(a, s, cx, body.Y+dp, body.Y+body.H-dp, 4)
			scenetest.FingerDrag(a, s, cx, body.Y+dp, body.Y+body.H-dp, 4)
			if s.Scroll() != 0 {
				t.Fatalf("dragged past the top: scrolled %.0f, want 0", s.Scroll())
			}

			// A tap that wobbles by 4 dp still flips the switch, and does
			// not scroll.
			sw = s.sound.Rect
			on = s.sound.On
			scenetest.FingerDrag(a, s, sw.X+sw.W-30*dp, sw.Y+sw.H/2, sw.Y+sw.H/2-4*dp, 2)
			if s.sound.On == on {
				t.Fatal("a tap that moved 4 dp did not flip the sound switch")
			}
			if s.Scroll() != 0 {
				t.Fatalf("a tap scrolled %.0f", s.Scroll())
			}
			if a.Settings().Muted == s.sound.On {
				t.Fatal("the flipped switch was not saved in the settings")
			}
			// The volume slider keeps a drag that starts on it: it moves,
			// the rows do not.
			v := s.volume.Rect
			scenetest.FingerDrag(a, s, v.X+v.W-40*dp, v.Y+v.H/2, v.Y+v.H/2-60*dp, 6)
			if s.Scroll() != 0 {
				t.Fatalf("a drag on the volume scrolled %.0f", s.Scroll())
			}
			// Done takes its tap, not a row scrolled out of sight under it.
			d := s.btnBack.Rect
			scenetest.PointerTick(a, s, ui.Pointer{X: d.X + d.W/2, Y: d.Y + d.H/2, Touch: true, Down: true, Pressed: true})
			scenetest.PointerTick(a, s, ui.Pointer{X: d.X + d.W/2, Y: d.Y + d.H/2, Touch: true, Released: true})
			if s.online.field.Focused() || a.Depth() != 1 {
				t.Fatalf("a tap on Done: %d scenes on the stack, the online field focused %v; want Settings left", a.Depth(), s.online.field.Focused())
			}
		})
	}
}

// TestSettingsScrollKeys: Page Down, End, Home and Page Up scroll the rows
// when no control has the focus.
func TestSettingsScrollKeys(t *testing.T) {
	a, s, kb := scrollingSettings(t, 844, 390, 2)
	maxOff := s.rects.MaxScroll()
	scenetest.Press(a, kb, ebiten.KeyPageDown)
	if s.Scroll() <= 0 || s.Scroll() > maxOff {
		t.Fatalf("Page Down: scrolled %.0f of %.0f", s.Scroll(), maxOff)
	}
	scenetest.Press(a, kb, ebiten.KeyEnd)
	if s.Scroll() != maxOff {
		t.Fatalf("End: scrolled %.0f, want %.0f", s.Scroll(), maxOff)
	}
	scenetest.Press(a, kb, ebiten.KeyPageUp)
	if s.Scroll() >= maxOff {
		t.Fatalf("Page Up: scrolled %.0f", s.Scroll())
	}
	scenetest.Press(a, kb, ebiten.KeyHome)
	if s.Scroll() != 0 {
		t.Fatalf("Home: scrolled %.0f, want 0", s.Scroll())
	}
	scenetest.Press(a, kb, ebiten.KeyArrowDown)
	if s.Scroll() != 48*2 {
		t.Fatalf("Down: scrolled %.0f, want one row (96)", s.Scroll())
	}
}

// TestSettingsArrowsMoveFocus: with a row focused, Down and Up go from
// row to row (stopping at the ends) and scroll each into view.
func TestSettingsArrowsMoveFocus(t *testing.T) {
	a, s, kb := scrollingSettings(t, 844, 390, 2)
	body := s.rects.Body
	scenetest.Press(a, kb, ebiten.KeyTab)
	if ring, _ := a.FocusRing(); ring != s.theme.Rect {
		t.Fatalf("Tab: ring on %v, want the theme %v", ring, s.theme.Rect)
	}
	stops := []*scenes.Rect{&s.volume.Rect, &s.sound.Rect, &s.speed.Rect, &s.instant.Rect, &s.coords.Rect, &s.dests.Rect,
		&s.input.Rect, &s.flip.Rect, &s.language.Rect, &s.online.field.Rect, &s.online.btnSave.Rect, &s.btnBack.Rect, &s.btnBack.Rect}
	for i, want := range stops {
		scenetest.Press(a, kb, ebiten.KeyArrowDown)
		ring, _ := a.FocusRing()
		if ring != *want {
			t.Fatalf("Down %d: ring on %v, want %v", i+1, ring, *want)
		}
		if *want != s.btnBack.Rect && !scenetest.Inside(ring, body) {
			t.Errorf("Down %d: the focused row %v is outside the body %v", i+1, ring, body)
		}
	}
	for i := 0; i < 20; i++ {
		scenetest.Press(a, kb, ebiten.KeyArrowUp)
	}
	if ring, _ := a.FocusRing(); ring != s.theme.Rect || s.Scroll() != 0 {
		t.Fatalf("Up to the top: ring on %v scrolled %.0f, want the theme %v at 0", ring, s.Scroll(), s.theme.Rect)
	}
}

// TestSettingsDoneShowsAWrongAddress: Done with a wrong address typed
// stays, and scrolls the online server's row into view to say what is
// wrong, however far the rows were scrolled from it.
func TestSettingsDoneShowsAWrongAddress(t *testing.T) {
	a, s, _ := scrollingSettings(t, 800, 600, 1)
	s.online.field.SetText("192.168.1.5:8080") // no scheme
	d := s.btnBack.Rect
	scenetest.PointerTick(a, s, ui.Pointer{X: d.X + d.W/2, Y: d.Y + d.H/2, Down: true, Pressed: true})
	scenetest.PointerTick(a, s, ui.Pointer{X: d.X + d.W/2, Y: d.Y + d.H/2, Released: true})
	if a.Depth() != 2 || s.online.err == "" {
		t.Fatalf("Done with a wrong address: %d scenes, error %q; want Settings kept and the error said", a.Depth(), s.online.err)
	}
	body := s.rects.Body
	if top, bottom := s.online.label.y, s.online.statusY+a.Painter().DP(onlineStatusH); s.Scroll() == 0 || top < body.Y || bottom > body.Y+body.H+0.5 {
		t.Fatalf("the online row (%.0f to %.0f) is not in the body %v (scrolled %.0f)", top, bottom, body, s.Scroll())
	}
}
