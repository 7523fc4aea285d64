package settings

import (
	"testing"

	"bashni/i18n"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/scenes/ui"
	"bashni/sprites"
	"bashni/storage"
)

// TestSettingsFits is the layout test of Settings (scenetest.MeasureFits):
// its words fit their boxes in every language at the three sizes.
func TestSettingsFits(t *testing.T) {
	scenetest.MeasureFits(t, scenetest.FitSizes, []scenetest.FitScreen{{Name: "settings", Fits: fitSettings}})
}

// scrollFitSizes are screens too short for Settings' rows, which scroll
// there (a phone on its side, a small window).
var scrollFitSizes = [][2]float64{{844, 390}, {800, 600}}

// TestSettingsFitsWhenItScrolls is the layout test of Settings where its
// rows scroll: the same words fit their boxes, the card and Done the
// screen.
func TestSettingsFitsWhenItScrolls(t *testing.T) {
	for _, sz := range scrollFitSizes {
		if Layout(sz[0], sz[1], 1).MaxScroll() <= 0 {
			t.Fatalf("%gx%g: the rows fit: this test measures Settings where they scroll", sz[0], sz[1])
		}
	}
	scenetest.MeasureFits(t, scrollFitSizes, []scenetest.FitScreen{{Name: "settings", Fits: fitSettings}})
}

func fitSettings(t *testing.T, a *scenes.App, f *scenetest.Fitter, w, h float64) {
	s := New(a)
	s.Layout(a, w, h, 1)
	p := f.P
	if s.card.Y+s.card.H > h {
		t.Errorf("%s: the card (%.0f px tall) is taller than the screen", f.Where, s.card.H)
	}
	if d := s.btnBack.Rect; d.Y < 0 || d.Y+d.H > h || d.X < 0 || d.X+d.W > w {
		t.Errorf("%s: Done %v is off the screen", f.Where, d)
	}
	for _, sg := range []*ui.Segmented{&s.theme, &s.speed, &s.input, &s.language} {
		f.Controls("choice", sg.Fits(p))
	}
	for _, tg := range []*ui.Toggle{&s.sound, &s.instant, &s.coords, &s.dests, &s.flip} {
		f.Controls("switch", tg.Fits(p))
	}
	f.Controls("slider", s.volume.Fits(p))
	f.Controls("button", s.btnBack.Fits(p))
	for _, l := range s.labels {
		f.Line("label", ui.TextFit{Text: l.text, Size: 15, Weight: sprites.Medium, Room: s.card.X + s.card.W - l.x - p.DP(12)})
	}
	f.Line("title", ui.TextFit{Text: s.heading, Size: 28, Weight: sprites.Bold, Room: s.card.W - p.DP(48)})
	f.Wrapped("no sound", ui.TextFit{Text: s.noticeText, Size: s.noSoundSize, Weight: sprites.Regular, Room: s.noSoundRoom(p)}, 3)
	// Whether the desktop speaks is known once its probe ends, which may
	// come before the screen or after: each notice it may show is measured
	// (the sound device's notice is, above, whatever the probe said).
	cat := a.Text()
	for _, key := range []string{"settings.speech_on", "settings.speech_off"} {
		s.speech = cat.T(key)
		s.fitNotice(a)
		f.Wrapped(key, ui.TextFit{Text: s.noticeText, Size: s.noSoundSize, Weight: sprites.Regular, Room: s.noSoundRoom(p)}, 3)
	}
	fitOnlineRow(f, s.online)
}

// fitOnlineRow lists the boxes of Settings' online server row: the line
// under the field says each of its messages in two lines (at 12 dp at
// the smallest).
func fitOnlineRow(f *scenetest.Fitter, r *onlineRow) {
	p := f.P
	f.Line("online label", ui.TextFit{Text: r.label.text, Size: 15, Weight: sprites.Medium, Room: r.field.Rect.X + r.field.Rect.W - r.label.x})
	f.Controls("online button", r.btnSave.Fits(p))
	f.Placeholder("online placeholder", r.field)
	for _, id := range []string{"hint", "site", "in_use", "unsaved", "given_flag", "given_page", "bad_scheme", "no_host", "bad_space", "too_long", "bad_address"} {
		msg := f.Cat.F("settings_online."+id, "Limit", storage.MaxServerLen, "Error", `parse "http://a:b": invalid port ":b" after host`)
		_, size := scenes.FitLines(p, msg, onlineStatusSize, 12, sprites.Medium, r.statusRoom, 2)
		f.Wrapped("online line", ui.TextFit{Text: msg, Size: size, Weight: sprites.Medium, Room: r.statusRoom}, 2)
	}
}

// TestTouchTargetsOnAPhone: every control of Settings, in every language,
// on a phone held both ways, is at least scenes.MinTouchDP either way.
func TestTouchTargetsOnAPhone(t *testing.T) {
	scenetest.TouchTargetsOnPhones(t, func(a *scenes.App) []scenes.Scene { return []scenes.Scene{New(a)} })
}

// TestNameAndLanguages: the name the page publishes (window.bashni.scene)
// is today's, and the language row speaks the language chosen: Russian
// once it is chosen, as the App relays the game out.
func TestNameAndLanguages(t *testing.T) {
	defer sprites.UseLanguage(i18n.English)
	if got := (&Screen{}).Name(); got != scenes.SceneSettings {
		t.Errorf("Settings is named %q", got)
	}
	a, _ := scenetest.NewApp(t, nil, scenes.Options{})
	s := New(a)
	scenetest.Show(t, a, s)
	ru := scenes.LanguageChoice("ru")
	if scenes.LanguageCodes[ru] != "ru" || s.language.Options[ru] != "Русский" {
		t.Fatalf("choice %d: code %q, option %q", ru, scenes.LanguageCodes[ru], s.language.Options[ru])
	}
	s.language.Selected = ru
	st := a.Settings()
	st.Language = scenes.LanguageCodes[s.language.Selected]
	a.SetSettings(st)
	for deadline := 0; a.Text().Lang() != i18n.Russian && deadline < 600; deadline++ {
		_ = a.Update()
	}
	if a.Text().Lang() != i18n.Russian {
		t.Fatalf("language %v", a.Text().Lang())
	}
	for _, c := range []struct{ what, got, want string }{
		{"settings' heading", s.heading, "Настройки"},
		{"settings' System", s.language.Options[0], "Авто"},
	} {
		if c.got != c.want {
			t.Errorf("%s: %q, want %q", c.what, c.got, c.want)
		}
	}
}
