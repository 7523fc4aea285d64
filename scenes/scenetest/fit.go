package scenetest

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"bashni/i18n"
	"bashni/internal/testwait"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// The layout test of a page (scenes/*/fit_test.go): every message of the
// page, in every language, at 1280×800, 390×844 and 844×390, measured
// against the box the page's own layout gives it (a button, a segment, a
// card, a line). A text that is wider than its box, that wraps to more
// lines than the box shows, or that the page draws under MinTextDP to make
// it fit, fails. (The shell's own fit_test.go measures the pages still in
// package scenes the same way.)

// FitSizes are the screens measured: a laptop's and a phone's both ways
// up (dp, scale 1).
var FitSizes = [][2]float64{{1280, 800}, {390, 844}, {844, 390}}

// MinTextDP is the smallest size a text may be drawn at (dp: 12 px at the
// phone's scale).
const MinTextDP = 12

// fitBox is a text and the room it has: one line of Room pixels, or up to
// lines lines when the screen wraps it; minSize is the smallest size the
// screen shrinks it to before giving up (0: it does not shrink).
type fitBox struct {
	where   string
	fit     ui.TextFit
	lines   int
	minSize float64
}

// Fitter collects the boxes of one screen in one language and size.
type Fitter struct {
	t     *testing.T
	P     *ui.Painter
	Cat   *i18n.Catalog
	Where string
	boxes []fitBox
	debts []string        // MeasureFits' debts
	met   map[string]bool // the debts that failed something
}

// Errorf reports a box that does not fit, unless it is one of the known
// debts MeasureFits was given: then it is logged, and the debt is met.
func (f *Fitter) Errorf(where, format string, args ...any) {
	f.t.Helper()
	for _, d := range f.debts {
		if strings.Contains(where, d) {
			f.met[d] = true
			if testing.Verbose() {
				f.t.Logf("debt: "+format, args...)
			}
			return
		}
	}
	f.t.Errorf(format, args...)
}

// Line is a text shown on one line.
func (f *Fitter) Line(what string, tf ui.TextFit) {
	f.boxes = append(f.boxes, fitBox{where: f.Where + ": " + what, fit: tf, lines: 1})
}

// Shrinking is a line the screen shrinks down to min before giving up.
func (f *Fitter) Shrinking(what string, tf ui.TextFit, min float64) {
	f.boxes = append(f.boxes, fitBox{where: f.Where + ": " + what, fit: tf, lines: 1, minSize: min})
}

// Wrapped is a text the screen wraps to at most lines lines.
func (f *Fitter) Wrapped(what string, tf ui.TextFit, lines int) {
	f.boxes = append(f.boxes, fitBox{where: f.Where + ": " + what, fit: tf, lines: lines})
}

// Controls are the labels of a control (package ui's Fits).
func (f *Fitter) Controls(what string, fits []ui.TextFit) {
	for _, tf := range fits {
		f.Line(what+" "+fmt.Sprintf("%q", tf.Text), tf)
	}
}

// Buttons lists the labels of a screen's buttons.
func (f *Fitter) Buttons(bs ...*ui.Button) {
	for _, b := range bs {
		f.Controls("button", b.Fits(f.P))
	}
}

// Placeholder lists a text field's placeholder, in the lines the field
// shows at the size it draws it.
func (f *Fitter) Placeholder(what string, field *ui.TextField) {
	tf, rows := field.PlaceholderFit(f.P)
	f.Wrapped(what, tf, rows)
}

// check measures every box and reports those the text does not fit.
func (f *Fitter) check() {
	f.t.Helper()
	for _, b := range f.boxes {
		tf := b.fit
		if tf.Text == "" {
			continue
		}
		if tf.Room <= 0 {
			f.Errorf(b.where, "%s: %q has no room (%.0f px)", b.where, tf.Text, tf.Room)
			continue
		}
		if tf.Size < MinTextDP {
			f.Errorf(b.where, "%s: %q is drawn at %.1f dp, under %d", b.where, tf.Text, tf.Size, MinTextDP)
			continue
		}
		if b.lines > 1 {
			lines := f.P.Wrap(tf.Text, tf.Size, tf.Weight, tf.Room)
			widest := 0.0
			for _, l := range lines {
				widest = math.Max(widest, f.P.Measure(l, tf.Size, tf.Weight))
			}
			if len(lines) > b.lines || widest > tf.Room+0.5 {
				f.Errorf(b.where, "%s: %q takes %d lines (widest %.0f px), the box shows %d of %.0f px", b.where, tf.Text, len(lines), widest, b.lines, tf.Room)
			}
			continue
		}
		size := tf.Size
		if b.minSize > 0 {
			size = max(b.minSize, MinTextDP)
		}
		if w := f.P.Measure(tf.Text, size, tf.Weight); w > tf.Room+0.5 {
			f.Errorf(b.where, "%s: %q is %.0f px at %.1f dp, its box %.0f px", b.where, tf.Text, w, size, tf.Room)
		}
	}
	f.boxes = f.boxes[:0]
}

// LangApp is the game in language l with its fonts in use.
func LangApp(t *testing.T, l i18n.Lang) *scenes.App {
	t.Helper()
	cat, err := i18n.Load(l)
	if err != nil {
		t.Fatal(err)
	}
	a := scenes.NewApp(scenes.Options{Text: cat, NoAttract: true, Engine: Never})
	UseFont(t, l)
	return a
}

// UseFont draws and measures text in l's font from now on, once it has
// loaded (sprites.UseLanguage(i18n.English) goes back).
func UseFont(t *testing.T, l i18n.Lang) {
	t.Helper()
	sprites.UseLanguage(l)
	testwait.For(t, "the "+l.Name()+" font to load", func() bool {
		if !l.NeedsCJKFont() {
			return true
		}
		changed, err := sprites.PollFonts()
		if err != nil {
			t.Fatal(err)
		}
		return changed
	})
}

// FitScreen lays a screen out and lists its boxes.
type FitScreen struct {
	Name string
	Fits func(t *testing.T, a *scenes.App, f *Fitter, w, h float64)
}

// MeasureFits lays screens out at each size in every language and checks
// that their words fit their boxes. debts are the boxes known not to fit
// yet (work left for issue 22): a failure whose place contains one is
// logged, not failed, and a debt that fails nothing fails the test (strike
// it off).
func MeasureFits(t *testing.T, sizes [][2]float64, screens []FitScreen, debts ...string) {
	met := map[string]bool{}
	defer func() {
		for _, d := range debts {
			if !met[d] {
				t.Errorf("%q fits now: strike it off the debts", d)
			}
		}
	}()
	for _, l := range i18n.Langs() {
		t.Run(l.Code(), func(t *testing.T) {
			a := LangApp(t, l)
			defer sprites.UseLanguage(i18n.English)
			for _, sz := range sizes {
				w, h := sz[0], sz[1]
				a.Resize(w, h, 1)
				f := &Fitter{t: t, P: a.Painter(), Cat: a.Text(), debts: debts, met: met}
				for _, screen := range screens {
					f.Where = fmt.Sprintf("%s %gx%g %s", l.Code(), w, h, screen.Name)
					screen.Fits(t, a, f, w, h)
					f.check()
				}
			}
		})
	}
}

// Menu lists a popup menu's title and items.
func (f *Fitter) Menu(what string, m *scenes.PopupMenu) {
	f.Line(what+" title", ui.TextFit{Text: m.Title, Size: 22, Weight: sprites.Bold, Room: m.Card.W - f.P.DP(40)})
	for i := range m.Buttons {
		f.Controls(what, m.Buttons[i].Fits(f.P))
	}
}

// Sample fills a message's placeholders with long but likely values.
func Sample(cat *i18n.Catalog, id string, n int) string {
	return cat.NF(id, n, "Ply", 188, "Plies", 188, "Move", "a3:c5:e7", "Level", 7, "Error", "disk full",
		"Reason", cat.T("clipboard.hint_wayland"), "Variant", cat.VariantName(rules.Bashni), "Other", cat.VariantName(rules.Lasca),
		"Name", "bashni-20261129-153012.pdn", "Place", "/home/player/Documents/bashni-20261129-153012.pdn", "Percent", 100,
		"Page", 8, "Pages", 8, "White", 12, "Black", 12, "Limit", 12, "Stack", "1/0000", "Square", "d4")
}

// Samples are a message in the forms it takes: each side's for a message
// split by side (id.white, id.black), and the plural forms of 1, 3, 5 and
// 22 (one, few, many, other in Russian).
func Samples(cat *i18n.Catalog, id string) []string {
	ids := []string{id}
	if cat.Has(id+".white") || !cat.Has(id) {
		ids = []string{id + ".white", id + ".black"}
	}
	var out []string
	for _, id := range ids {
		for _, n := range []int{1, 3, 5, 22} {
			out = append(out, Sample(cat, id, n))
		}
	}
	return out
}
