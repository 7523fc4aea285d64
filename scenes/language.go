package scenes

import (
	"bashni/i18n"
	"bashni/platform"
	"bashni/sprites"
)

// LanguageCodes are the choices of Settings → Language, in the order of
// their segments: "" follows the system, then the languages the game
// speaks (storage.Settings.Language keeps the code).
var LanguageCodes = func() []string {
	codes := []string{""}
	for _, l := range i18n.Langs() {
		codes = append(codes, l.Code())
	}
	return codes
}()

// LanguageChoice is the segment of the saved language code (System when it
// is none the game speaks).
func LanguageChoice(code string) int {
	if l, ok := i18n.Parse(code); ok {
		for i, c := range LanguageCodes {
			if c == l.Code() {
				return i
			}
		}
	}
	return 0
}

// LanguageOptions are the segments' labels: "System" in the player's
// language, then each language's name in itself.
func LanguageOptions(cat *i18n.Catalog) []string {
	o := []string{cat.T("settings.language_system")}
	for _, l := range i18n.Langs() {
		o = append(o, l.Name())
	}
	return o
}

// languageOf is the language a saved choice means: the one named, or the
// system's.
func languageOf(code string) i18n.Lang {
	if l, ok := i18n.Parse(code); ok {
		return l
	}
	l, _ := i18n.Detect()
	return l
}

// loaded is a catalogue read off the game's goroutine.
type loaded struct {
	text *i18n.Catalog
	err  error
}

// changeLanguage switches the game to the language a saved choice means.
// On the desktop the messages are compiled in and the switch is at once;
// in a page they are fetched, so a goroutine loads them and pollLanguage
// swaps them in on the game's goroutine.
func (a *App) changeLanguage(code string) {
	l := languageOf(code)
	if !platform.InBrowser {
		text, err := i18n.Load(l)
		a.useLanguage(loaded{text, err})
		return
	}
	ch := make(chan loaded, 1)
	a.langLoading = ch
	go func() {
		text, err := i18n.Load(l)
		ch <- loaded{text, err}
	}()
}

// pollLanguage puts a catalogue that finished loading in use (once a
// tick, from Update).
func (a *App) pollLanguage() {
	if a.langLoading == nil {
		return
	}
	select {
	case ld := <-a.langLoading:
		a.langLoading = nil
		a.useLanguage(ld)
	default:
	}
}

// useLanguage makes text the game's words: the fonts follow, and every
// scene on the stack is laid out again, which looks its words up anew.
func (a *App) useLanguage(ld loaded) {
	if ld.err != nil {
		a.notify(a.text.F("settings.language_failed", "Error", ld.err.Error()))
		return
	}
	a.text = ld.text
	a.renderer.SetLanguage(a.text)
	platform.SetSpeechLanguage(a.text.Lang().Code())
	sprites.UseLanguage(a.text.Lang())
	a.relayoutAll()
}

// relayoutAll lays out every scene the game holds, not only the one shown:
// the words and the fonts changed under all of them.
func (a *App) relayoutAll() {
	a.layoutDue = 0
	a.laidOut = true
	a.painter.Scale = a.scale
	seen := map[Scene]bool{}
	layout := func(s Scene) {
		if s == nil || seen[s] {
			return
		}
		seen[s] = true
		s.Layout(a, a.w, a.h, a.scale)
	}
	for _, st := range a.stack {
		layout(st.scene)
	}
	if a.play != nil {
		layout(a.play)
	}
	layout(a.scene)
	layout(a.next)
	a.Invalidate()
}
