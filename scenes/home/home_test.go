package home

import (
	"fmt"
	"testing"

	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// TestHomeFits is the layout test of About and the rules
// (scenetest.MeasureFits).
func TestHomeFits(t *testing.T) {
	scenetest.MeasureFits(t, scenetest.FitSizes, []scenetest.FitScreen{{Name: "rules", Fits: fitRules}, {Name: "about", Fits: fitAbout}},
		"844x390 rules", // the pages and captions on a phone on its side
	)
}

func fitAbout(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	s := NewAboutScene(a)
	s.Layout(a, w, h, 1)
	f.Buttons(&s.btnBack)
}

func fitRules(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	p := f.P
	s := NewRulesScene(a)
	s.Layout(a, w, h, 1)
	for i := range rulesPages {
		s.setPage(a, i)
		f.Buttons(&s.btnPrev, &s.btnNxt, &s.btnBack)
		page := fmt.Sprintf("page %d", i+1)
		f.Line(page+" title", ui.TextFit{Text: s.title, Size: s.titleSize, Weight: sprites.Bold, Room: s.text.W})
		f.Line("header", ui.TextFit{Text: s.header, Size: 15, Weight: sprites.Medium, Room: s.counterX - p.DP(8)})
		f.Line("page counter", ui.TextFit{Text: s.counter, Size: 15, Weight: sprites.Medium, Room: s.btnBack.Rect.X - p.DP(8) - p.DP(24) - s.counterX})
		for _, l := range s.lines {
			f.Line(page+" text", ui.TextFit{Text: l, Size: s.lineSize, Weight: sprites.Regular, Room: s.text.W})
		}
		// The text fits its box at 12 dp or more.
		if used := float64(len(s.lines))*s.lineH() + p.DP(50); used > s.text.H+0.5 {
			f.Errorf(f.Where, "%s: %s takes %.0f px at %.0f dp, the box %.0f px", f.Where, page, used, s.lineSize, s.text.H)
		}
		// The caption lies between the board and the buttons.
		if n := len(s.captionLines); n > 0 {
			o := s.board.Geometry().Outer()
			bottom := o.Y + o.H + p.DP(16) + float64(n-1)*p.DP(19) + p.DP(10)
			limit := s.btnPrev.Rect.Y // the page dots are beside the buttons
			if !s.landscape {
				limit = s.text.Y
			}
			if bottom > limit+0.5 {
				f.Errorf(f.Where, "%s: %s's caption (%d lines) reaches %.0f px, past %.0f px", f.Where, page, n, bottom, limit)
			}
		}
	}
}

// TestTouchTargetsOnAPhone: every control of About and the rules, in
// every language, on a phone held both ways, is at least
// scenes.MinTouchDP either way.
func TestTouchTargetsOnAPhone(t *testing.T) {
	scenetest.TouchTargetsOnPhones(t, func(a *scenes.App) []scenes.Scene {
		return []scenes.Scene{NewRulesScene(a), NewAboutScene(a)}
	})
}

// TestNames: the names the page publishes in window.bashni.scene are
// today's.
func TestNames(t *testing.T) {
	for _, tc := range []struct {
		s    scenes.Scene
		want string
	}{
		{&RulesScene{}, scenes.SceneRules},
		{&AboutScene{}, scenes.SceneAbout},
		{&TitleScene{}, scenes.SceneTitle},
	} {
		if got := tc.s.Name(); got != tc.want {
			t.Errorf("%T is named %q, want %q", tc.s, got, tc.want)
		}
	}
}

// TestRulesForVariant: the rules opened for a variant (a Lasca game's
// menu) show that variant's first page.
func TestRulesForVariant(t *testing.T) {
	a, _ := scenetest.NewApp(t, nil, scenes.Options{})
	for _, v := range []rules.Variant{rules.Bashni, rules.Lasca} {
		s := NewRulesSceneFor(a, v)
		if got := rulesPages[s.page].variant; got != v {
			t.Errorf("the rules opened for %v show a page of %v", v, got)
		}
		if s.page > 0 && rulesPages[s.page-1].variant == v {
			t.Errorf("the rules for %v open at page %d, after another of its pages", v, s.page)
		}
	}
}
