package home

import (
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"strings"
	"testing"
	"time"

	"bashni/i18n"
	"bashni/internal/testwait"
	"bashni/licenses"
	"bashni/platform"
	"bashni/sprites"
	"bashni/storage"
	"bashni/version"
)

func newAboutApp(t *testing.T, l i18n.Lang) *scenes.App {
	t.Helper()
	st := storage.Defaults()
	st.InstantAnimations = true
	return scenes.NewApp(scenes.Options{Settings: st, NoAttract: true, Clipboard: &platform.Memory{}, Text: i18n.New(l),
		Engine: scenetest.Never})
}

// Every licence the licenses package lists has its row on the About page,
// in the same order, and opens in full: every word of its text is on the
// page, in order, at a laptop's width and at a phone's.
func TestAboutListsEveryLicenceInFull(t *testing.T) {
	a := newAboutApp(t, i18n.English)
	all := licenses.All()
	if len(all) < 10 {
		t.Fatalf("the licenses package lists %d notices; the game ships more", len(all))
	}
	for _, size := range [][2]float64{{1280, 800}, {390, 844}} {
		s := NewAboutScene(a)
		a.Push(s)
		s.Layout(a, size[0], size[1], 1)
		rows := s.Rows()
		if len(rows) != len(all) {
			t.Fatalf("%v: %d rows for %d notices", size, len(rows), len(all))
		}
		for i, n := range all {
			if rows[i] != AboutNoticeTitle(n) || rows[i] == "" {
				t.Errorf("%v: row %d is %q, want %q", size, i, rows[i], AboutNoticeTitle(n))
			}
			s.openLicence(a, i)
			if s.Opened() != rows[i] {
				t.Fatalf("%v: opened %q, want %q", size, s.Opened(), rows[i])
			}
			// The same characters in the same order; only the white space
			// (where lines break) may differ.
			if got, want := strings.Join(strings.Fields(s.LicenceText()), ""), strings.Join(strings.Fields(n.Text), ""); got != want {
				t.Errorf("%v: %s (%s) is not shown in full: %d characters of %d", size, n.Name, n.File, len(got), len(want))
			}
			// Every line fits the text area.
			for _, l := range s.lines {
				if w := a.Painter().Measure(l, AboutTextSize, sprites.Regular); w > s.rects.Text.W {
					t.Errorf("%v: %s: a line %.0f px wide in a %.0f px area: %q", size, n.Name, w, s.rects.Text.W, l)
				}
			}
			s.back(a)
			if s.Opened() != "" {
				t.Fatalf("back from a licence leaves %q open", s.Opened())
			}
		}
		a.Pop()
	}
	names := map[string]bool{}
	for _, n := range all {
		names[AboutNoticeTitle(n)] = true
	}
	for _, want := range []string{"Go", "github.com/hajimehoshi/ebiten/v2", "Go fonts", "Noto Sans CJK"} {
		if !names[want] {
			t.Errorf("no licence of %s on the About page", want)
		}
	}
}

// The page's own words fit a phone's width, upright and on its side, in
// every language, and the list shows at least three rows.
func TestAboutWordsFit(t *testing.T) {
	for _, sz := range [][2]float64{{390, 844}, {844, 390}} {
		for _, l := range i18n.Langs() {
			aboutWordsFit(t, l, sz[0], sz[1])
		}
	}
	sprites.UseLanguage(i18n.English)
}

func aboutWordsFit(t *testing.T, l i18n.Lang, w, h float64) {
	t.Helper()
	sprites.UseLanguage(l)
	// The fonts load in the background: wait until they are in use (a
	// minute is only a guard; a busy machine can take seconds).
	testwait.For(t, "the "+l.Name()+" fonts to load", func() bool {
		if _, err := sprites.PollFonts(); err != nil {
			t.Fatal(err)
		}
		return sprites.FontsReady(l)
	})
	a := newAboutApp(t, l)
	s := NewAboutScene(a)
	// A release built from a tree with changes: the longest lines.
	s.info = version.Info{Version: "v1.12.10-123-ge97c113-dirty", Commit: "e97c113abcdef0123456789abcdef0123456789a",
		Date: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), Dirty: true}
	a.Push(s)
	s.Layout(a, w, h, 1)
	p := a.Painter()
	r := s.rects
	if got := float64(len(s.what)) * s.whatLineH(); got > r.What.H {
		t.Errorf("%s: what the game is takes %.0f px in a %.0f px box", l, got, r.What.H)
	}
	for _, line := range s.what {
		if p.Measure(line, s.whatSize, sprites.Regular) > r.What.W {
			t.Errorf("%s: %q is wider than the column", l, line)
		}
	}
	for _, tc := range []struct {
		s    string
		size float64
		wt   sprites.Weight
	}{
		{s.versionText, AboutVersionSize, sprites.Medium},
		{s.details[0], s.detailSize[0], sprites.Regular}, {s.details[1], s.detailSize[1], sprites.Regular},
		{s.head, 20, sprites.Bold}, {s.hint, s.hintSize, sprites.Regular},
	} {
		if tc.s == "" {
			t.Errorf("%s: an empty line on the page", l)
		}
		if tc.size < 12 {
			t.Errorf("%s: %q needs %v dp to fit: shorten it", l, tc.s, tc.size)
		}
		col := r.Column
		if tc.s == s.head || tc.s == s.hint {
			col = r.ListColumn
		}
		if p.Measure(tc.s, tc.size, tc.wt) > col.W-p.DP(16) {
			t.Errorf("%s %vx%v: %q is wider than its column (%.0f px)", l, w, h, tc.s, col.W)
		}
	}
	if s.hintSize < 12 {
		t.Errorf("%s: the hint under Licences needs %v dp to fit: shorten it", l, s.hintSize)
	}
	if s.btnBack.Label != a.Text().T("common.back") || s.btnBack.Label == "" {
		t.Errorf("%s: the back button says %q", l, s.btnBack.Label)
	}
	if rows := r.List.H / r.RowH; rows < 3 {
		t.Errorf("%vx%v: the list shows %.1f rows", w, h, rows)
	}
	if r.What.Y+r.What.H > h || (r.ListColumn != r.Column && r.List.X < r.Column.X+r.Column.W) {
		t.Errorf("%vx%v: the page's parts overlap or leave the screen: %+v", w, h, r)
	}
}
