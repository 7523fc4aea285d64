package e2e

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/i18n"
	"bashni/internal/text"
	"bashni/licenses"
	"bashni/scenes/home"
	"bashni/scenes/ui"
	"bashni/sprites"
	"bashni/storage"
	"bashni/version"
	"bashni/version/stamp"
)

// stampedGuest is the game built as a guest the way the release builds it:
// stamped (version/stamp) with the checkout's version, commit and date,
// which the About page then shows.
var stampedGuest struct {
	once sync.Once
	bin  string
	info version.Info
	err  error
}

// useStampedGuest makes the tests' guest the stamped one until the test ends
// and returns what it was stamped with.
func useStampedGuest(t *testing.T) version.Info {
	t.Helper()
	sg := &stampedGuest
	sg.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute) // a guard: builds are slow on a busy machine
		defer cancel()
		if sg.info, sg.err = stamp.Describe(ctx, ".."); sg.err != nil {
			return
		}
		sg.bin = guestBin + "-stamped"
		build := exec.CommandContext(ctx, "go", "build", "-tags", "ebitenginevmguest", "-ldflags", stamp.LDFlags(sg.info), "-o", sg.bin, "bashni")
		if out, err := build.CombinedOutput(); err != nil {
			sg.err = fmt.Errorf("building the stamped guest: %v\n%s", err, out)
		}
	})
	if sg.err != nil {
		t.Fatal(sg.err)
	}
	old := guestBin
	guestBin = sg.bin
	t.Cleanup(func() { guestBin = old })
	// The binary says the same with -version.
	out, err := exec.Command(sg.bin, "-version").Output()
	if err != nil || string(out) != "bashni "+sg.info.String()+"\n" {
		t.Fatalf("%s -version: %q, %v; want the version %s", sg.bin, out, err, sg.info)
	}
	return sg.info
}

// inkDiff draws s as the game would (the default theme's fonts at scale 1)
// over the background the frame has at (bgX, bgY) and compares it with the
// frame where the ink falls: the mean difference per channel, 0 for the
// same pixels. It fails the test when s draws nothing.
func inkDiff(t *testing.T, frame *image.RGBA, s string, size float64, w sprites.Weight, x, y float64, align text.Align, fg color.NRGBA, bgX, bgY float64) float64 {
	t.Helper()
	b := frame.Bounds()
	bg := at(frame, bgX, bgY)
	want := image.NewRGBA(b)
	inFrame(func() {
		img := ebiten.NewImage(b.Dx(), b.Dy())
		defer img.Deallocate()
		img.Fill(bg)
		p := ui.NewPainter(sprites.NewRenderer(sprites.ThemeNamed(storage.DefaultTheme)), 1)
		p.Text(img, s, size, w, x, y, align, text.AlignCenter, fg)
		img.ReadPixels(want.Pix)
	})
	// Where the expected text has ink, with a margin of two pixels.
	ink := image.Rectangle{}
	for py := b.Min.Y; py < b.Max.Y; py++ {
		for px := b.Min.X; px < b.Max.X; px++ {
			if !near(color.NRGBA(want.RGBAAt(px, py)), bg, 24) {
				ink = ink.Union(image.Rect(px-2, py-2, px+3, py+3))
			}
		}
	}
	ink = ink.Intersect(b)
	if ink.Empty() {
		t.Fatalf("%q draws nothing", s)
	}
	sum, n := 0, 0
	for py := ink.Min.Y; py < ink.Max.Y; py++ {
		for px := ink.Min.X; px < ink.Max.X; px++ {
			a, e := frame.RGBAAt(px, py), want.RGBAAt(px, py)
			sum += absDiff(a.R, e.R) + absDiff(a.G, e.G) + absDiff(a.B, e.B)
			n += 3
		}
	}
	return float64(sum) / float64(n)
}

// reversed is s backwards.
func reversed(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// shows reports whether the frame shows s there (and not some other text:
// the same check with s changed must fail, or the check proves nothing).
func shows(t *testing.T, frame *image.RGBA, s string, size float64, w sprites.Weight, x, y float64, align text.Align, fg color.NRGBA, bgX, bgY float64) bool {
	t.Helper()
	const tolerance = 6.0
	d := inkDiff(t, frame, s, size, w, x, y, align, fg, bgX, bgY)
	other := reversed(s)
	if other == s {
		// A palindrome (a version such as "0.9.0"): another text of the
		// same length instead, every character changed.
		other = strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return '0' + (r-'0'+1)%10
			}
			return r + 1
		}, s)
	}
	if dOther := inkDiff(t, frame, other, size, w, x, y, align, fg, bgX, bgY); dOther <= tolerance {
		t.Fatalf("the check cannot tell %q from %q there (%.1f, %.1f)", s, other, d, dOther)
	}
	t.Logf("%q: mean difference %.2f", s, d)
	return d <= tolerance
}

// TestAboutPage opens the About page from the title with the mouse: it
// shows the version the binary reports, and a licence opens, shows its
// text and scrolls with the wheel; Esc goes back to the list, then to the
// title.
func TestAboutPage(t *testing.T) {
	const w, h = 1280, 800
	info := useStampedGuest(t)
	ver, details := home.AboutVersionLines(i18n.New(i18n.English), info)
	if n, err := version.ParseNumber(ver); err != nil || ver != version.EmbeddedNumber() || n == [3]uint16{} || !strings.Contains(details[0], info.Commit[:12]) || !strings.Contains(details[0], info.Date.Format(time.DateOnly)) {
		t.Fatalf("the page's lines %q %q do not say %+v", ver, details[0], info)
	}
	g := start(t, w, h, "-mute", "-seed", "3")
	g.ticks(30)
	tl := home.TitleLayout(w, h, 1, false)
	g.click(mid(tl.About))
	g.ticks(40)
	r := home.AboutLayout(w, h, 1)
	theme := sprites.ThemeNamed(storage.DefaultTheme)
	f := g.frame()
	g.snap(f, "about")
	if !shows(t, f, ver, home.AboutVersionSize, sprites.Medium, r.CX, r.VersionY, text.AlignCenter, theme.Accent, r.Column.X+2, r.VersionY) {
		t.Errorf("the About page does not show the version %q under the title", ver)
	}
	if !shows(t, f, details[0], 13, sprites.Regular, r.CX, r.DetailY[0], text.AlignCenter, theme.TextDim, r.Column.X+2, r.DetailY[0]) {
		t.Errorf("the About page does not show the commit and its date (%q)", details[0])
	}

	// A licence long enough to scroll (not the first row) opens with a
	// click on its row.
	row, lines := longLicence(t, 1, r.Text.W, int(r.Text.H/r.LineH)+8)
	g.click(r.List.X+r.List.W/2, r.List.Y+float64(row)*r.RowH+r.RowH/2)
	g.ticks(5)
	f = g.frame()
	g.snap(f, "licence")
	lineY := func(i int) float64 { return r.Text.Y + float64(i)*r.LineH + r.LineH/2 }
	textX := r.Text.X
	bgX := r.Text.X + r.Text.W - 3
	if !shows(t, f, lines[0], home.AboutTextSize, sprites.Regular, textX, lineY(0), text.AlignStart, theme.Text, bgX, lineY(0)) {
		t.Fatalf("the opened licence does not begin with %q", lines[0])
	}
	// Two notches of the wheel scroll six lines.
	g.move(r.Text.X+r.Text.W/2, r.Text.Y+r.Text.H/2)
	g.sess.ScrollWheel(0, -2)
	g.ticks(3)
	f = g.frame()
	g.snap(f, "licence-scrolled")
	k := firstNonEmpty(lines, 6)
	if !shows(t, f, lines[k], home.AboutTextSize, sprites.Regular, textX, lineY(k-6), text.AlignStart, theme.Text, bgX, lineY(k-6)) {
		t.Errorf("after scrolling six lines, line %d (%q) is not where line %d was", k, lines[k], k-6)
	}

	// Esc: back to the list, which shows the version again; Esc: the title.
	g.key(ebiten.KeyEscape)
	g.ticks(5)
	f = g.frame()
	if !shows(t, f, ver, home.AboutVersionSize, sprites.Medium, r.CX, r.VersionY, text.AlignCenter, theme.Accent, r.Column.X+2, r.VersionY) {
		t.Errorf("Esc in a licence does not go back to the list")
	}
	g.key(ebiten.KeyEscape)
	g.ticks(40)
	f = g.frame()
	if shows(t, f, ver, home.AboutVersionSize, sprites.Medium, r.CX, r.VersionY, text.AlignCenter, theme.Accent, r.Column.X+2, r.VersionY) {
		t.Errorf("Esc on the About page does not leave it")
	}
}

// TestAboutPageTouchAndKeys: on a phone a tap opens the page and a licence,
// a finger drags the text; the keys open a licence (↓ Enter) and page
// through it (End).
func TestAboutPageTouchAndKeys(t *testing.T) {
	const w, h = 390, 844
	g := start(t, w, h, "-mute", "-seed", "3")
	g.ticks(30)
	tl := home.TitleLayout(w, h, 1, false)
	g.tap(mid(tl.About))
	g.ticks(40)
	r := home.AboutLayout(w, h, 1)
	theme := sprites.ThemeNamed(storage.DefaultTheme)
	all := licenses.All()

	// Drag the list up by as many rows as it takes to bring a licence long
	// enough to scroll to the top (two at least), then tap the top row.
	row, lines := longLicence(t, 2, r.Text.W, int(r.Text.H/r.LineH)+14)
	g.touchDrag(r.List.X+r.List.W/2, r.List.Y+float64(row+1)*r.RowH, r.List.X+r.List.W/2, r.List.Y+r.RowH)
	g.ticks(3)
	g.tap(r.List.X+r.List.W/2, r.List.Y+r.RowH/2)
	g.ticks(5)
	f := g.frame()
	g.snap(f, "touch-licence")
	// The list follows the finger: that row is at the top.
	lineY := func(i int) float64 { return r.Text.Y + float64(i)*r.LineH + r.LineH/2 }
	textX, bgX := r.Text.X, r.Text.X+r.Text.W-3
	k0 := firstNonEmpty(lines, 0)
	if !shows(t, f, lines[k0], home.AboutTextSize, sprites.Regular, textX, lineY(k0), text.AlignStart, theme.Text, bgX, lineY(k0)) {
		t.Fatalf("after dragging the list %d rows and tapping the top row, %s's licence is not shown", row, all[row].Name)
	}
	// A finger drags the text up by ten lines.
	g.touchDrag(r.Text.X+r.Text.W/2, r.Text.Y+14*r.LineH, r.Text.X+r.Text.W/2, r.Text.Y+4*r.LineH)
	g.ticks(3)
	f = g.frame()
	g.snap(f, "touch-scrolled")
	// The text follows the finger: line k is where line k-10 was.
	k := firstNonEmpty(lines, 12)
	if !shows(t, f, lines[k], home.AboutTextSize, sprites.Regular, textX, lineY(k-10), text.AlignStart, theme.Text, bgX, lineY(k-10)) {
		t.Errorf("the finger's drag did not scroll the licence by its travel")
	}

	// Keys: back to the list, Home chooses the first row (↓ ↑ leave it
	// there), Enter opens it, End goes to its last line.
	g.key(ebiten.KeyEscape)
	g.ticks(3)
	g.key(ebiten.KeyHome)
	g.key(ebiten.KeyArrowDown)
	g.key(ebiten.KeyArrowUp)
	g.key(ebiten.KeyEnter)
	g.ticks(3)
	g.key(ebiten.KeyEnd)
	f = g.frame()
	g.snap(f, "keys-end")
	lines = wrapLicence(all[0].Text, r.Text.W)
	last := len(lines) - 1
	visible := int(r.Text.H / r.LineH)
	off := float64(len(lines))*r.LineH - r.Text.H
	y := r.Text.Y + float64(last)*r.LineH - off + r.LineH/2
	if len(lines) <= visible {
		t.Fatalf("Go's licence fits the phone's screen (%d lines): the test needs one that scrolls", len(lines))
	}
	if !shows(t, f, lines[last], home.AboutTextSize, sprites.Regular, textX, y, text.AlignStart, theme.Text, bgX, y) {
		t.Errorf("Home ↓ ↑ Enter End does not show the end of Go's licence (%q)", lines[last])
	}
}

// longLicence finds the first licence from row from on whose text wraps
// to more than minLines lines at width (the list's order changes when a
// dependency comes or goes): its row and its lines.
func longLicence(t *testing.T, from int, width float64, minLines int) (int, []string) {
	t.Helper()
	for i, l := range licenses.All()[from:] {
		if lines := wrapLicence(l.Text, width); len(lines) > minLines {
			return from + i, lines
		}
	}
	t.Fatalf("no licence from row %d on has more than %d lines", from, minLines)
	return 0, nil
}

// wrapLicence breaks a licence's text as the About page does.
func wrapLicence(s string, width float64) []string {
	var lines []string
	inFrame(func() {
		p := ui.NewPainter(sprites.NewRenderer(sprites.ThemeNamed(storage.DefaultTheme)), 1)
		lines = home.AboutWrap(p, s, width)
	})
	return lines
}

// firstNonEmpty is the index of the first line at or after i that the
// check can tell (telling).
func firstNonEmpty(lines []string, i int) int {
	for i < len(lines) && !telling(lines[i]) {
		i++
	}
	return i
}

// telling reports whether a line can be told from its mirror image (what
// shows checks against): it has text, and is not a rule of dashes or a
// palindrome.
func telling(line string) bool {
	line = strings.TrimSpace(line)
	r := []rune(line)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return len(r) > 8 && string(r) != line
}

// TestAboutScreenshots writes the About page and an open licence at
// 1280×800 and 390×844, the page on a phone in Russian, Korean and
// Japanese, and on a phone on its side, into BASHNI_SCREENSHOTS (docs/ holds
// some of them).
func TestAboutScreenshots(t *testing.T) {
	dir := screenshotDir(t)
	useStampedGuest(t)
	for _, sz := range screenshotSizes {
		w, h := float64(sz[0]), float64(sz[1])
		g := start(t, sz[0], sz[1], "-mute", "-seed", "3")
		g.ticks(30)
		g.snap(g.frame(), "title")
		g.click(mid(home.TitleLayout(w, h, 1, false).About))
		g.ticks(40)
		g.move(1, 1)
		g.shot(dir, "about")
		r := home.AboutLayout(w, h, 1)
		g.click(r.List.X+r.List.W/2, r.List.Y+r.RowH/2+r.RowH) // the fonts' OFL
		g.ticks(5)
		g.move(1, 1)
		g.shot(dir, "about-licence")
		g.close()
	}
	for _, tc := range []struct {
		lang string
		w, h int
	}{{"ru", 390, 844}, {"ko", 390, 844}, {"ja", 390, 844}, {"en", 844, 390}} {
		g := start(t, tc.w, tc.h, "-mute", "-seed", "3", "-lang", tc.lang)
		g.ticks(60)
		g.tap(mid(home.TitleLayout(float64(tc.w), float64(tc.h), 1, false).About))
		g.ticks(40)
		g.shot(dir, "about-"+tc.lang)
		g.close()
	}
}
