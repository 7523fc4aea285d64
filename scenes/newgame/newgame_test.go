package newgame

import (
	"math"
	"testing"

	"bashni/access"
	"bashni/ai"
	"bashni/i18n"
	"bashni/platform"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/scenes/ui"
	"bashni/sprites"
	"bashni/storage"
)

// TestNewGameLevels: the level choice offers 1 to 7 under their numbers and
// names (from "First steps" to "Master"), the button chosen is the level
// played, and the first visit offers level 1, one a newcomer can beat
// (issue 21).
func TestNewGameLevels(t *testing.T) {
	a := scenes.NewApp(scenes.Options{NoAttract: true}) // a new player's settings
	s := New(a)
	levelNames := func(n int) string { return levelName(a.Text(), n) }
	names := []string{"First steps", "Beginner", "Casual", "Club player", "Strong", "Expert", "Master"}
	if len(s.level.Options) != len(names) {
		t.Fatalf("%d level options %q, want %d", len(s.level.Options), s.level.Options, len(names))
	}
	if got := s.Config(1).Level; got != 1 || levelNames(got) != "1 · First steps" {
		t.Errorf("first visit: level %d (%s), want 1 (1 · First steps)", got, levelNames(got))
	}
	for i, name := range names {
		s.level.Selected = i
		level := s.Config(1).Level
		if want := string(rune('1' + i)); s.level.Options[i] != want || level != i+1 || levelNames(level) != want+" · "+name {
			t.Errorf("button %q plays level %d named %q, want %s, level %d, %q", s.level.Options[i], level, levelNames(level), want, i+1, name)
		}
	}
}

// TestSavedLevelStays: a player who chose a level keeps it; only a fresh
// install (no choice saved) starts at the lowest level.
func TestSavedLevelStays(t *testing.T) {
	st := storage.Defaults()
	if st.NewGame.Level != ai.MinLevel {
		t.Errorf("a new player's level is %d, want %d", st.NewGame.Level, ai.MinLevel)
	}
	st.NewGame.Level = 4
	a := scenes.NewApp(scenes.Options{NoAttract: true, Settings: st})
	if got := New(a).Config(1).Level; got != 4 {
		t.Errorf("a player who chose level 4 is offered level %d", got)
	}
}

// A typed "new" (from the title, or the play screen through the router's
// StartTyped) starts the game it names and keeps its choices.
func TestTypedNewGame(t *testing.T) {
	a, _ := scenetest.NewApp(t, nil, scenes.Options{Pages: scenes.Pages{Play: scenetest.Play}})
	cmd, err := access.Parse(a.Text(), rules.NewPosition(rules.Bashni), "new lasca black 2")
	if err != nil {
		t.Fatal(err)
	}
	StartTyped(a, cmd)
	g, ok := a.Game().(*scenetest.Game)
	if !ok {
		t.Fatal("no new game")
	}
	if g.Cfg.Variant != rules.Lasca || g.Cfg.Human != rules.Black || g.Cfg.Level != 2 || g.Cfg.Friend {
		t.Errorf("new lasca black 2 asked for %+v", g.Cfg)
	}
	if lv := a.Settings().NewGame.Level; lv != 2 {
		t.Errorf("new game level %d, want 2", lv)
	}
}

// TestSceneName: the name the page publishes in window.bashni.scene.
func TestSceneName(t *testing.T) {
	if got := (&Screen{}).Name(); got != "newgame" {
		t.Errorf("New game is named %q, want newgame", got)
	}
}

// TestLayouts: every control on the screen and at least MinTouchDP tall,
// each level segment at least MinTouchDP wide.
func TestLayouts(t *testing.T) {
	for _, sz := range [][2]float64{{1280, 800}, {390, 844}, {800, 600}, {360, 640}, {1920, 1080}} {
		w, h := sz[0], sz[1]
		screen := scenes.Rect{W: w, H: h}
		ng := Layout(w, h, 1)
		for _, r := range []scenes.Rect{ng.Variant, ng.Opponent, ng.Level, ng.Side, ng.Back, ng.Start} {
			if !scenetest.Inside(r, screen) || r.H < scenes.MinTouchDP {
				t.Errorf("new game %vx%v: control %v", w, h, r)
			}
		}
		if levels := float64(len(levelOptions())); levels != levelCount || ng.Level.W/levels < scenes.MinTouchDP {
			t.Errorf("new game %vx%v: level segments %v wide", w, h, ng.Level.W/levels)
		}
	}
}

// TestFits is the layout test of New game (scenetest.MeasureFits).
func TestFits(t *testing.T) {
	scenetest.MeasureFits(t, scenetest.FitSizes, []scenetest.FitScreen{{Name: "new game", Fits: fitNewGame}})
}

// TestCardsFitWhenTheyScroll is the layout test of New game on a phone
// on its side, where its rows scroll: the words fit their boxes, the card
// and its buttons the screen.
func TestCardsFitWhenTheyScroll(t *testing.T) {
	sizes := [][2]float64{{844, 390}}
	if Layout(844, 390, 1).MaxScroll() <= 0 {
		t.Fatal("the rows fit at 844×390: this test measures the card where it scrolls")
	}
	scenetest.MeasureFits(t, sizes, []scenetest.FitScreen{{Name: "new game", Fits: fitNewGame}})
}

func fitNewGame(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	s := New(a)
	s.Layout(a, w, h, 1)
	p := f.P
	r := s.rects
	screen := scenes.Rect{W: w, H: h}
	if !scenetest.Inside(r.Card, screen) {
		t.Errorf("%s: the card %v is off the screen", f.Where, r.Card)
	}
	for _, b := range []*ui.Button{&s.btnBack, &s.btnStart} {
		if !scenetest.Inside(b.Rect, screen) {
			t.Errorf("%s: %q %v is off the screen", f.Where, b.Label, b.Rect)
		}
		f.Controls("button", b.Fits(p))
	}
	for _, sg := range []*ui.Segmented{&s.variant, &s.opponent, &s.level, &s.side} {
		f.Controls("choice", sg.Fits(p))
	}
	iw := r.Card.W - 2*r.pad - p.DP(4)
	f.Line("title", ui.TextFit{Text: s.title, Size: 28, Weight: sprites.Bold, Room: r.Card.W - 2*r.pad})
	s.preset = &scenes.GameConfig{}
	s.setWords(a)
	f.Line("title", ui.TextFit{Text: s.title, Size: 28, Weight: sprites.Bold, Room: r.Card.W - 2*r.pad})
	// Each row: its label on the left, its note on the right, for every
	// choice that changes them.
	for preset := 0; preset < 2; preset++ {
		if preset == 0 {
			s.preset = nil
		}
		for v := 0; v < 2; v++ {
			for o := 0; o < 2; o++ {
				for lv := 0; lv < levelCount; lv++ {
					s.variant.Selected, s.opponent.Selected, s.level.Selected, s.side.Selected = v, o, lv, 0
					s.setWords(a)
					for i := range s.labels {
						note := 0.0
						if s.notes[i] != "" {
							note = p.Measure(s.notes[i], 14, sprites.Regular) + p.DP(12)
						}
						f.Line("row label", ui.TextFit{Text: s.labels[i], Size: 15, Weight: sprites.Medium, Room: iw - note})
					}
				}
			}
		}
	}
}

// card is the card as the scrolling tests see it, shown in a.
func card(t *testing.T) func(a *scenes.App) scenetest.ScrollCard {
	return func(a *scenes.App) scenetest.ScrollCard {
		s := New(a)
		scenetest.ShowCard(t, a, s)
		label := func(i int, row *scenes.Rect) func() float64 {
			return func() float64 { return 2*s.shown.labelY[i] - row.Y }
		}
		return scenetest.ScrollCard{
			Scene: s, Body: s.rects.Body, MaxOff: s.rects.MaxScroll(), TitleY: s.rects.titleY, Scroll: s.Scroll,
			Stops: []scenetest.CardStop{
				{Name: "game", Rect: &s.variant.Rect, Label: label(0, &s.variant.Rect)},
				{Name: "opponent", Rect: &s.opponent.Rect, Label: label(1, &s.opponent.Rect)},
				{Name: "level", Rect: &s.level.Rect, Label: label(2, &s.level.Rect)},
				{Name: "you play", Rect: &s.side.Rect, Label: label(3, &s.side.Rect)},
			},
			Buttons: []*scenes.Rect{&s.btnBack.Rect, &s.btnStart.Rect},
			Choice:  &s.side, ChoiceAt: func() scenes.Rect { return s.side.Rect },
		}
	}
}

// TestCardRowsReachable, TestCardWheelAndDrag and TestCardScrollKeys are
// the scrolling card's tests (scenetest) on this card.
func TestCardRowsReachable(t *testing.T) { scenetest.CardRowsReachable(t, "new game", card(t)) }
func TestCardWheelAndDrag(t *testing.T)  { scenetest.CardWheelAndDrag(t, "new game", card(t)) }
func TestCardScrollKeys(t *testing.T)    { scenetest.CardScrollKeys(t, "new game", card(t)) }

// TestCardRowsUnderButtonsTakeNoTap: a row scrolled under the buttons
// takes no tap there; the button does.
func TestCardRowsUnderButtonsTakeNoTap(t *testing.T) {
	a, _ := scenetest.CardApp(t, 844, 390, 2)
	s := New(a)
	scenetest.ShowCard(t, a, s)
	// Scroll so that the side choice lies under Back.
	back := s.btnBack.Rect
	s.body.Offset = math.Max(0, math.Min(s.rects.MaxScroll(), s.rects.Side.Y-back.Y))
	s.place()
	if s.side.Rect.Y+s.side.Rect.H <= back.Y {
		t.Fatalf("scrolled %.0f, the side choice %v is not under Back %v", s.Scroll(), s.side.Rect, back)
	}
	want, n := s.side.Selected, a.Depth()
	x, y := back.X+back.W/2, math.Max(back.Y+2, s.side.Rect.Y+2)
	scenetest.PointerTick(a, s, ui.Pointer{X: x, Y: y, Touch: true, Down: true, Pressed: true})
	scenetest.PointerTick(a, s, ui.Pointer{X: x, Y: y, Touch: true, Released: true})
	if s.side.Selected != want {
		t.Fatalf("a tap on Back chose %d of the row hidden under it", s.side.Selected)
	}
	if a.Depth() != n-1 {
		t.Fatal("a tap on Back did not leave New game")
	}
}

// TestTouchTargetsOnAPhone: every control of New game, in every
// language, on a phone held both ways, is at least scenes.MinTouchDP
// either way.
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
			name := l.Code() + " new game"
			if n := scenetest.TouchTargets(t, a, &hits, name, New(a), sz[0], sz[1], nil); n == 0 {
				t.Errorf("%s %gx%g: no widget hit-tested anything", name, sz[0], sz[1])
			}
		}
	}
}
