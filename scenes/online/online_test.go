package online

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/i18n"
	"bashni/platform"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/scenes/ui"
	"bashni/sprites"
	"bashni/storage"
)

// TestOnlineFits is the layout test of Play a friend online
// (scenetest.MeasureFits), and where its rows scroll, on a phone on its
// side, the card and its buttons fit the screen too.
func TestOnlineFits(t *testing.T) {
	scenetest.MeasureFits(t, scenetest.FitSizes, []scenetest.FitScreen{{Name: "online", Fits: fitOnline}})
	if Layout(844, 390, 1).MaxScroll() <= 0 {
		t.Fatal("the rows fit at 844×390: this test measures the card where they scroll")
	}
}

// fitOnline measures Play a friend online: its title, labels, choices,
// buttons, the code field's placeholder and the line under it.
func fitOnline(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	s := New(a, "")
	s.Layout(a, w, h, 1)
	p := f.P
	r := s.rects
	screen := scenes.Rect{W: w, H: h}
	if !scenetest.Inside(r.Card, screen) {
		t.Errorf("%s: the card %v is off the screen", f.Where, r.Card)
	}
	for _, b := range []*ui.Button{&s.btnBack, &s.btnCreate} {
		if !scenetest.Inside(b.Rect, screen) {
			t.Errorf("%s: %q %v is off the screen", f.Where, b.Label, b.Rect)
		}
	}
	f.Line("title", ui.TextFit{Text: s.words.title, Size: 26, Weight: sprites.Bold, Room: r.Card.W - 2*r.pad})
	for _, l := range [...]string{s.words.game, s.words.side, s.words.clock, s.words.join} {
		f.Line("label", ui.TextFit{Text: l, Size: 15, Weight: sprites.Medium, Room: r.Card.W - 2*r.pad - p.DP(4)})
	}
	for _, sg := range []*ui.Segmented{&s.variant, &s.side, &s.clock} {
		f.Controls("choice", sg.Fits(p))
	}
	f.Buttons(&s.btnBack, &s.btnCreate, &s.btnJoin)
	f.Placeholder("code placeholder", s.code)
	for _, msg := range []string{f.Cat.T("online.connecting"), f.Cat.T("online.bad_code")} {
		f.Wrapped("status", ui.TextFit{Text: msg, Size: 13, Weight: sprites.Medium, Room: r.Card.W - 2*r.pad - p.DP(28)}, 3)
	}
}

// card is the card as the scrolling tests see it, shown in a.
func card(t *testing.T) func(a *scenes.App) scenetest.ScrollCard {
	return func(a *scenes.App) scenetest.ScrollCard {
		s := New(a, "")
		scenetest.ShowCard(t, a, s)
		label := func(i int, row *scenes.Rect) func() float64 {
			return func() float64 { return 2*s.shown.labelY[i] - row.Y }
		}
		c := scenetest.ScrollCard{
			Scene: s, Body: s.rects.Body, MaxOff: s.rects.MaxScroll(), TitleY: s.rects.titleY, Scroll: s.Scroll,
			Stops: []scenetest.CardStop{
				{Name: "game", Rect: &s.variant.Rect, Label: label(0, &s.variant.Rect)},
				{Name: "you play", Rect: &s.side.Rect, Label: label(1, &s.side.Rect)},
				{Name: "clock", Rect: &s.clock.Rect, Label: label(2, &s.clock.Rect)},
			},
			Others:  []*scenes.Rect{&s.code.Rect},
			Buttons: []*scenes.Rect{&s.btnBack.Rect, &s.btnCreate.Rect},
			Choice:  &s.clock, ChoiceAt: func() scenes.Rect { return s.clock.Rect },
		}
		// The code field is no Tab stop: Join, beside it, is. Where all
		// fits it is below the buttons, and Tab'd after them.
		join := scenetest.CardStop{Name: "join", Rect: &s.btnJoin.Rect, Label: label(3, &s.btnJoin.Rect)}
		if c.MaxOff > 0 {
			c.Stops = append(c.Stops, join)
		} else {
			c.After = append(c.After, join)
		}
		return c
	}
}

// TestCardRowsReachable, TestCardWheelAndDrag and TestCardScrollKeys are
// the scrolling card's tests (scenetest) on this card.
func TestCardRowsReachable(t *testing.T) { scenetest.CardRowsReachable(t, "online", card(t)) }
func TestCardWheelAndDrag(t *testing.T)  { scenetest.CardWheelAndDrag(t, "online", card(t)) }
func TestCardScrollKeys(t *testing.T)    { scenetest.CardScrollKeys(t, "online", card(t)) }

// TestOnlineWrongCodeShown: a wrong code confirmed with Enter, the rows
// scrolled to the top, scrolls the line that says so into view.
func TestOnlineWrongCodeShown(t *testing.T) {
	a, kb := scenetest.CardApp(t, 844, 390, 2)
	s := New(a, "")
	scenetest.ShowCard(t, a, s)
	s.code.SetText("??")
	scenetest.Press(a, kb, ebiten.KeyEnter)
	if s.err == "" {
		t.Fatal("a wrong code joined: no error said")
	}
	body := s.rects.Body
	dp := a.Painter().DP(16)
	if s.Scroll() == 0 || s.shown.statusY+dp > body.Y+body.H || s.shown.statusY-dp < body.Y {
		t.Fatalf("the error's line (centre %.0f) is not inside the body %v (scrolled %.0f)", s.shown.statusY, body, s.Scroll())
	}
}

// TestTouchTargetsOnAPhone: every control of the card, in every language,
// on a phone held both ways, is at least scenes.MinTouchDP either way.
func TestTouchTargetsOnAPhone(t *testing.T) {
	for _, l := range i18n.Langs() {
		for _, sz := range [][2]float64{{390, 844}, {844, 390}} {
			cat, err := i18n.Load(l)
			if err != nil {
				t.Fatal(err)
			}
			st := storage.Defaults()
			st.InstantAnimations = true
			a, _ := scenetest.NewApp(t, nil, scenes.Options{Text: cat, Settings: st, Clipboard: &platform.Memory{}})
			a.Resize(sz[0], sz[1], 1)
			var hits []scenes.Rect
			a.SetTouch(&hits)
			if n := scenetest.TouchTargets(t, a, &hits, l.Code()+" online", New(a, ""), sz[0], sz[1], nil); n == 0 {
				t.Errorf("%s %gx%g: no widget hit-tested anything", l.Code(), sz[0], sz[1])
			}
		}
	}
}
