package home

import (
	"fmt"
	"testing"

	"bashni/i18n"
	lt "bashni/learn/text"
	"bashni/platform"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/scenes/ui"
	"bashni/sprites"
	"bashni/storage"
)

// titlePages are the router's pages of the title's tests: the title
// itself and scenetest's play screen.
func titlePages() scenes.Pages {
	return scenes.Pages{
		Title: func(c scenes.Context, notice string, attract bool) scenes.Scene {
			return NewTitleScene(c, notice, attract)
		},
		Play: scenetest.Play,
	}
}

// TestTitleLayouts lays out the title at many sizes: everything on the
// screen, nothing overlapping, touch targets of at least 44 dp.
func TestTitleLayouts(t *testing.T) {
	for _, scale := range []float64{1, 2} {
		for _, sz := range scenetest.LayoutSizes {
			w, h := sz[0]*scale, sz[1]*scale
			tl := TitleLayout(w, h, scale, true)
			scenetest.CheckRects(t, fmt.Sprintf("title %vx%v@%v", sz[0], sz[1], scale), scale, scenes.Rect{W: w, H: h},
				map[string]scenes.Rect{"continue": tl.Continue, "new": tl.NewGame, "learn": tl.Learn, "games": tl.Games, "import": tl.Import,
					"editor": tl.Editor, "rules": tl.Rules, "settings": tl.Settings, "about": tl.About}, nil)
		}
	}
}

// TestTitleFits is the layout test of the title (scenetest.MeasureFits).
func TestTitleFits(t *testing.T) {
	scenetest.MeasureFits(t, scenetest.FitSizes, []scenetest.FitScreen{{Name: "title", Fits: fitTitle}})
}

func fitTitle(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	s := NewTitleScene(a, "", false)
	s.Layout(a, w, h, 1)
	p := f.P
	s.btnContinue.Rect = TitleLayout(w, h, 1, true).Continue
	for _, b := range []*ui.Button{&s.btnContinue, &s.btnNew, &s.btnRules, &s.btnSettings, &s.btnGames, &s.btnImport, &s.btnEditor, &s.btnAbout} {
		f.Controls("button", b.Fits(p))
	}
	size, room := s.rects.HeadSize, s.rects.Menu.W
	if !s.rects.Landscape {
		room = w - p.DP(24)
	}
	// The name has a column of discs beside it.
	f.Line("name", ui.TextFit{Text: s.name, Size: size, Weight: sprites.Bold, Room: room - p.DP(size*1.05)})
	f.Line("subtitle", ui.TextFit{Text: s.subtitle, Size: 17, Weight: sprites.Regular, Room: room})
	// The offer of the lessons, or the progress, under the menu.
	for _, line := range []string{scenes.LearnWord(a, lt.ScreenOffer),
		scenes.LearnWord(a, lt.ScreenProgress, "Done", "12", "Total", "12", "Solved", "188")} {
		_, size := scenes.FitLines(p, line, 14, 12, sprites.Medium, s.learn.room, 2)
		f.Wrapped("lessons line", ui.TextFit{Text: line, Size: size, Weight: sprites.Medium, Room: s.learn.room}, 2)
	}
	if s.rects.Tagline {
		// The tagline has the room between the subtitle and the buttons.
		f.Wrapped("tagline", ui.TextFit{Text: s.tagline, Size: 14, Weight: sprites.Regular, Room: s.rects.Menu.W * 0.9}, 3)
	}
}

// TestTitleTouchTargets: every control of the title, in every language,
// on a phone held both ways, is at least scenes.MinTouchDP either way.
func TestTitleTouchTargets(t *testing.T) {
	for _, l := range i18n.Langs() {
		for _, sz := range [][2]float64{{390, 844}, {844, 390}} {
			cat, err := i18n.Load(l)
			if err != nil {
				t.Fatal(err)
			}
			st := storage.Defaults()
			st.InstantAnimations = true
			a, _ := scenetest.NewApp(t, nil, scenes.Options{Text: cat, Settings: st, Clipboard: &platform.Memory{}, Pages: titlePages()})
			a.Resize(sz[0], sz[1], 1)
			var hits []scenes.Rect
			a.SetTouch(&hits)
			name := l.Code() + " title"
			if n := scenetest.TouchTargets(t, a, &hits, name, a.Title(), sz[0], sz[1], nil); n == 0 {
				t.Errorf("%s %gx%g: no widget hit-tested anything", name, sz[0], sz[1])
			}
		}
	}
}

// TestTitleLanguageChangesAtOnce: choosing a language (as Settings does,
// scenes/settings) switches the title's words without a restart; choosing
// System again follows the system.
func TestTitleLanguageChangesAtOnce(t *testing.T) {
	defer sprites.UseLanguage(i18n.English)
	a, _ := scenetest.NewApp(t, nil, scenes.Options{Pages: titlePages()})
	title := a.Title().(*TitleScene)
	if got := title.btnNew.Label; got != "New game" {
		t.Fatalf("English title button %q", got)
	}
	st := a.Settings()
	st.Language = "ru"
	a.SetSettings(st)
	if a.Text().Lang() != i18n.Russian || a.Settings().Language != "ru" {
		t.Fatalf("language %v, saved %q", a.Text().Lang(), a.Settings().Language)
	}
	if got, want := title.btnNew.Label, "Новая партия"; got != want {
		t.Errorf("title's New game: %q, want %q", got, want)
	}
	// System: the language of the environment (the test's: POSIX
	// variables).
	t.Setenv("LANGUAGE", "")
	t.Setenv("LC_ALL", "ja_JP.UTF-8")
	st.Language = ""
	a.SetSettings(st)
	if a.Text().Lang() != i18n.Japanese || title.btnNew.Label != a.Text().T("common.new_game") {
		t.Fatalf("System: language %v, title button %q", a.Text().Lang(), title.btnNew.Label)
	}
}

// TestTitleContinue: the game saved by one run is offered by the next
// one's title, and Continue makes it the game in progress as it was.
func TestTitleContinue(t *testing.T) {
	store := storage.OpenMemory()
	a, _ := scenetest.NewApp(t, store, scenes.Options{Pages: titlePages()})
	if a.Title().(*TitleScene).canContinue(a) {
		t.Fatal("Continue with no game saved")
	}
	cfg := scenes.GameConfig{Variant: rules.Bashni, Human: rules.Black, Level: 3, Moves: []string{"c3-d4", "f6-e5"}, Ply: 2}
	want := scenetest.Play(a, cfg)
	if ply := want.Session().Game().Ply(); ply != 2 {
		t.Fatalf("the game to save is at ply %d, want 2", ply)
	}
	a.SetGame(want)
	want.Session().Save()
	if err := a.FlushSaves(); err != nil {
		t.Fatal(err)
	}
	if sg, ok, _ := store.LoadGame(); !ok || len(sg.Moves) != 2 {
		t.Fatalf("saved %+v (found %v)", sg, ok)
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}

	b, _ := scenetest.NewApp(t, store, scenes.Options{Pages: titlePages()})
	title := b.Title().(*TitleScene)
	if !title.canContinue(b) {
		t.Fatal("no Continue after a restart")
	}
	title.continueGame(b)
	g, ok := b.Game().(*scenetest.Game)
	if !ok {
		t.Fatalf("Continue made %T the game in progress", b.Game())
	}
	if got, wg := g.Session().Game(), want.Session().Game(); g.Cfg.Human != rules.Black || got.Variant() != rules.Bashni ||
		!got.Position().Equal(wg.Position()) || got.Ply() != 2 {
		t.Errorf("restored %+v at %s, want Black's Bashni at %s", g.Cfg, got.Position().FEN(), wg.Position().FEN())
	}
	if b.Depth() != 2 {
		t.Errorf("Continue left %d screens on the stack, want the title and the game", b.Depth())
	}
}
