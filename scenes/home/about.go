package home

import (
	"bashni/scenes"
	"image/color"
	"math"
	"regexp"
	"runtime"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/i18n"
	"bashni/i18n/linebreak"
	"bashni/internal/text"
	"bashni/licenses"
	"bashni/scenes/ui"
	"bashni/sprites"
	"bashni/version"
)

// AboutRects is where the About page puts things (physical pixels). The
// page is a column: the game's name, its version, what it is, then the
// scrolling list of the licences it ships; a licence opens over the list
// in the same column.
type AboutRects struct {
	Back   scenes.Rect // top left: back to the title, or from a licence to the list
	CX     float64     // the column's centre
	Column scenes.Rect // the column of the name, the version and what the game is
	// ListColumn holds the heading and the list of licences: the same
	// column, or on a wide, short screen one on the right.
	ListColumn scenes.Rect
	TitleY     float64 // centre line of the game's name
	VersionY   float64 // centre line of the version (AboutVersionSize, Medium, centred on CX)
	DetailY    [2]float64
	What       scenes.Rect // what the game is, a few lines
	HeadY      float64
	HintY      float64
	List       scenes.Rect // the licences
	RowH       float64

	// An open licence.
	NoticeTitleY, NoticeSubY float64
	Text                     scenes.Rect // its text, scrolling, line i centred at Text.Y + (i+½)·LineH - the offset
	LineH                    float64
}

// The sizes (dp) of the page's text that the end-to-end test draws again to
// find it on the screen.
const (
	AboutVersionSize = 18.0
	AboutTextSize    = 14.0 // a licence's text
)

// AboutLayout lays out the About page on a w×h screen.
func AboutLayout(w, h, scale float64) AboutRects {
	dp := func(v float64) float64 { return math.Round(v * scale) }
	var r AboutRects
	r.Back = scenes.Rect{X: dp(8), Y: dp(8), W: dp(150), H: dp(48)}
	// Wide and short (a phone on its side): the name and version on the
	// left, the licences on the right. Otherwise one column.
	split := w >= h*1.1 && h < dp(640)
	cw := math.Min(w-2*dp(16), dp(720))
	r.Column = scenes.Rect{X: math.Round((w - cw) / 2), Y: 0, W: cw, H: h}
	if split {
		cw = math.Round(w*0.42) - dp(24)
		r.Column = scenes.Rect{X: dp(16), Y: 0, W: cw, H: h}
	}
	r.CX = r.Column.X + cw/2
	y := dp(64)
	r.TitleY = y + dp(18)
	r.VersionY = y + dp(54)
	r.DetailY = [2]float64{y + dp(78), y + dp(96)}
	r.What = scenes.Rect{X: r.Column.X, Y: y + dp(112), W: cw, H: dp(60)}
	r.ListColumn = r.Column
	y = r.What.Y + r.What.H + dp(8)
	if split {
		x := r.Column.X + cw + dp(16)
		r.ListColumn = scenes.Rect{X: x, Y: 0, W: w - x - dp(16), H: h}
		y = dp(12)
	}
	r.HeadY = y + dp(14)
	r.HintY = y + dp(38)
	top := y + dp(56)
	r.List = scenes.Rect{X: r.ListColumn.X, Y: top, W: r.ListColumn.W, H: h - top - dp(12)}
	r.RowH = dp(60)

	r.NoticeTitleY = dp(64) + dp(18)
	r.NoticeSubY = dp(64) + dp(46)
	// The text, and a margin of 8 dp around it in its panel.
	tw := math.Min(w-2*dp(24), dp(760))
	top = dp(64) + dp(76)
	r.Text = scenes.Rect{X: math.Round((w - tw) / 2), Y: top, W: tw, H: h - top - dp(16)}
	r.LineH = dp(20)
	return r
}

// aboutAssets names the game's own bundled assets whose licences the
// licenses package lists under the package that embeds them.
var aboutAssets = map[string]string{
	"bashni/i18n/fonts": "Noto Sans CJK",
}

// aboutRow is one licence of the list, its words ready to draw.
type aboutRow struct {
	notice     licenses.Notice
	title, sub string
}

// AboutNoticeTitle is what the list calls a notice: the software it covers.
func AboutNoticeTitle(n licenses.Notice) string {
	if name, ok := aboutAssets[n.Name]; ok {
		return name
	}
	return n.Name
}

// aboutNoticeSub is the row's second line: the version and the file.
func aboutNoticeSub(n licenses.Notice, sep string) string {
	v := n.Version
	if n.Module == "std" {
		v = runtime.Version()
	}
	parts := []string{}
	if v != "" {
		parts = append(parts, v)
	}
	return strings.Join(append(parts, n.File), sep)
}

// AboutScene shows the game's name, its version and the licences of what it
// ships: a list in which a tap (or Enter) opens a licence in full. Both the
// list and a licence scroll with the wheel, a drag or a finger, and the
// keys (↑ ↓, Page Up/Down, Home, End).
type AboutScene struct {
	rects       AboutRects
	w, h, scale float64

	info    version.Info
	rows    []aboutRow
	btnBack ui.Button

	// The words, looked up when the language or the layout changes.
	title, versionText string
	details            [2]string
	detailSize         [2]float64
	what               []string
	whatSize           float64
	head, hint         string
	hintSize           float64
	backList, backOpen string

	list    scenes.ScrollArea
	hover   int // row under the mouse, -1 none
	pressed int // row pressed, -1 none
	focus   int // row chosen with the keys, -1 none

	open      int // the licence shown, -1 the list
	lines     []string
	text      scenes.ScrollArea
	titleSize float64 // of the open licence's title: as large as fits, up to 22 dp

	listClip, textClip ui.Clip
}

// NewAboutScene makes the About page.
func NewAboutScene(c scenes.Context) *AboutScene {
	s := &AboutScene{hover: -1, pressed: -1, focus: -1, open: -1, info: version.Get()}
	for _, n := range licenses.All() {
		s.rows = append(s.rows, aboutRow{notice: n})
	}
	s.btnBack = ui.Button{Icon: ui.IconBack, Kind: ui.Flat}
	return s
}

// Name is the scene's name.
func (s *AboutScene) Name() string { return scenes.SceneAbout }

// Opened is the licence shown ("" for the list): its title, for tests.
func (s *AboutScene) Opened() string {
	if s.open < 0 {
		return ""
	}
	return s.rows[s.open].title
}

// Rows are the titles of the list's rows, in order, for tests.
func (s *AboutScene) Rows() []string {
	out := make([]string, len(s.rows))
	for i, r := range s.rows {
		out[i] = r.title
	}
	return out
}

// Layout places the page and looks its words up.
func (s *AboutScene) Layout(c scenes.Context, w, h, scale float64) {
	s.w, s.h, s.scale = w, h, scale
	s.rects = AboutLayout(w, h, scale)
	s.words(c)
	if s.open >= 0 {
		s.wrapLicence(c)
	}
	s.clamp()
}

// words looks up the page's words and fits what the game is into its box.
func (s *AboutScene) words(c scenes.Context) {
	cat := c.Text()
	p := c.Painter()
	sep := cat.T("common.separator")
	s.title = cat.T("common.bashni")
	s.versionText, s.details = AboutVersionLines(cat, s.info)
	for i, d := range s.details {
		for s.detailSize[i] = 13; s.detailSize[i] > 10 && p.Measure(d, s.detailSize[i], sprites.Regular) > s.rects.Column.W; s.detailSize[i]-- {
		}
	}
	what := cat.T("about.what")
	box := s.rects.What
	for s.whatSize = 15; ; s.whatSize-- {
		s.what = linebreak.Wrap(what, box.W, func(t string) float64 { return p.Measure(t, s.whatSize, sprites.Regular) })
		if float64(len(s.what))*s.whatLineH() <= box.H || s.whatSize <= 11 {
			break
		}
	}
	s.head = cat.T("about.licences")
	s.hint = cat.T("about.licences_hint")
	for s.hintSize = 13; s.hintSize > 10 && p.Measure(s.hint, s.hintSize, sprites.Regular) > s.rects.ListColumn.W-p.DP(16); s.hintSize-- {
	}
	s.backList = cat.T("common.back")
	s.backOpen = cat.T("about.licences")
	for i := range s.rows {
		s.rows[i].title = AboutNoticeTitle(s.rows[i].notice)
		s.rows[i].sub = aboutNoticeSub(s.rows[i].notice, sep)
	}
	s.btnBack.Rect = s.rects.Back
	s.btnBack.Label = s.backList
	if s.open >= 0 {
		s.btnBack.Label = s.backOpen
	}
}

func (s *AboutScene) whatLineH() float64 { return math.Round(s.whatSize * 1.4 * s.scale) }

// wrapLicence breaks the open licence into lines for the text's width.
func (s *AboutScene) wrapLicence(c scenes.Context) {
	p := c.Painter()
	s.lines = AboutWrap(p, s.rows[s.open].notice.Text, s.rects.Text.W)
	for s.titleSize = 22; s.titleSize > 13 && p.Measure(s.rows[s.open].title, s.titleSize, sprites.Bold) > s.rects.Text.W+p.DP(16); s.titleSize-- {
	}
}

// AboutWrap breaks a licence's text into the lines the About page shows in
// a text area width pixels wide. Where the text's own lines are too long
// for the width (a phone), its hard-wrapped paragraphs are joined first so
// that they wrap again as prose rather than into long and short lines.
func AboutWrap(p *ui.Painter, text string, width float64) []string {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.TrimRight(strings.ReplaceAll(text, "\t", "    "), "\n")
	width -= p.DP(8)
	for _, l := range strings.Split(text, "\n") {
		if p.Measure(l, AboutTextSize, sprites.Regular) > width {
			text = aboutReflow(text)
			break
		}
	}
	lines := p.Wrap(text, AboutTextSize, sprites.Regular, width)
	// A word wider than the area (a rule of dashes, a list of years) is
	// broken where it reaches the edge.
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if p.Measure(l, AboutTextSize, sprites.Regular) <= width {
			continue
		}
		cut := 0
		for j := range l {
			if j > 0 && p.Measure(l[:j], AboutTextSize, sprites.Regular) > width {
				break
			}
			cut = j
		}
		if cut == 0 {
			_, cut = utf8.DecodeRuneInString(l)
		}
		lines = append(lines[:i+1], lines[i:]...)
		lines[i], lines[i+1] = l[:cut], l[cut:]
	}
	return lines
}

// aboutListItem matches the start of a list item or a numbered clause: "* ",
// "- ", "1. ", "(a) ", "a. ".
var aboutListItem = regexp.MustCompile(`^(?:[*\-•] |\d+\.|\(\w+\) |[a-z]\. )`)

// aboutReflow joins the lines of hard-wrapped paragraphs: a line of at least 40
// characters continues on the next when that one is indented as much and
// does not start a list item. Short lines (headings, names, addresses) and
// blank lines stay.
func aboutReflow(text string) string {
	lines := strings.Split(text, "\n")
	var b strings.Builder
	for i, l := range lines {
		if i > 0 {
			prev, body := lines[i-1], strings.TrimLeftFunc(l, unicode.IsSpace)
			if body != "" && utf8.RuneCountInString(strings.TrimSpace(prev)) >= 40 &&
				aboutIndent(l) == aboutIndent(prev) && !aboutListItem.MatchString(body) {
				b.WriteByte(' ')
				b.WriteString(body)
				continue
			}
			b.WriteByte('\n')
		}
		b.WriteString(l)
	}
	return b.String()
}

// aboutIndent is the number of white-space characters a line starts with.
func aboutIndent(l string) int { return len(l) - len(strings.TrimLeftFunc(l, unicode.IsSpace)) }

func (s *AboutScene) listMax() float64 {
	return math.Max(0, float64(len(s.rows))*s.rects.RowH-s.rects.List.H)
}

func (s *AboutScene) textMax() float64 {
	return math.Max(0, float64(len(s.lines))*s.rects.LineH-s.rects.Text.H)
}

func (s *AboutScene) clamp() {
	s.list.Offset = math.Max(0, math.Min(s.list.Offset, s.listMax()))
	s.text.Offset = math.Max(0, math.Min(s.text.Offset, s.textMax()))
}

// rowAt is the row under (x, y), or -1.
func (s *AboutScene) rowAt(x, y float64) int {
	l := s.rects.List
	if !l.Contains(x, y) {
		return -1
	}
	i := int((y - l.Y + s.list.Offset) / s.rects.RowH)
	if i < 0 || i >= len(s.rows) {
		return -1
	}
	return i
}

// Update runs the page.
func (s *AboutScene) Update(c scenes.Context) error {
	if c.Used(&s.btnBack) || c.Keys().Consume(scenes.ActBack) {
		s.back(c)
		return nil
	}
	if s.open >= 0 {
		s.updateLicence(c)
		return nil
	}
	s.updateList(c)
	return nil
}

// back closes the licence, or leaves the page.
func (s *AboutScene) back(c scenes.Context) {
	if s.open < 0 {
		c.Pop()
		return
	}
	s.open = -1
	s.lines = nil
	s.btnBack.Label = s.backList
	c.Invalidate()
}

func (s *AboutScene) updateList(c scenes.Context) {
	p := c.Pointer()
	hov := -1
	if !p.Touch {
		hov = s.rowAt(p.X, p.Y)
	}
	if hov != s.hover {
		s.hover = hov
		c.Invalidate()
	}
	row, tapped := s.list.Update(c, s.rects.List, s.rects.RowH, s.listMax(), func(x, y float64) int { return s.rowAt(x, y) })
	if row != s.pressed {
		s.pressed = row
		c.Invalidate()
	}
	if tapped >= 0 {
		s.openLicence(c, tapped)
		return
	}
	// The keys: ↑ ↓ choose a row, Enter opens it.
	kb := c.Keyboard()
	move := 0
	switch {
	case ui.RepeatKey(kb, ebiten.KeyArrowDown):
		move = 1
	case ui.RepeatKey(kb, ebiten.KeyArrowUp):
		move = -1
	case kb.JustPressed(ebiten.KeyPageDown):
		move = max(1, int(s.rects.List.H/s.rects.RowH)-1)
	case kb.JustPressed(ebiten.KeyPageUp):
		move = -max(1, int(s.rects.List.H/s.rects.RowH)-1)
	case kb.JustPressed(ebiten.KeyHome):
		move = -len(s.rows)
	case kb.JustPressed(ebiten.KeyEnd):
		move = len(s.rows)
	}
	if move != 0 {
		if s.focus < 0 && move > 0 {
			move--
		}
		s.focus = max(0, min(len(s.rows)-1, s.focus+move))
		// Keep the chosen row in view.
		top := float64(s.focus) * s.rects.RowH
		s.list.Offset = math.Min(s.list.Offset, top)
		s.list.Offset = math.Max(s.list.Offset, top+s.rects.RowH-s.rects.List.H)
		s.clamp()
		c.Invalidate()
	}
	if c.Keys().Consume(scenes.ActConfirm) && s.focus >= 0 {
		s.openLicence(c, s.focus)
	}
}

// openLicence shows licence i in full.
func (s *AboutScene) openLicence(c scenes.Context, i int) {
	c.Play(scenes.UITap)
	s.open = i
	s.focus = i
	s.text = scenes.ScrollArea{}
	s.btnBack.Label = s.backOpen
	s.wrapLicence(c)
	c.Invalidate()
}

func (s *AboutScene) updateLicence(c scenes.Context) {
	s.text.Update(c, s.rects.Text, s.rects.LineH*3, s.textMax(), nil)
	kb := c.Keyboard()
	page := s.rects.Text.H - s.rects.LineH*2
	d := 0.0
	switch {
	case ui.RepeatKey(kb, ebiten.KeyArrowDown):
		d = s.rects.LineH
	case ui.RepeatKey(kb, ebiten.KeyArrowUp):
		d = -s.rects.LineH
	case ui.RepeatKey(kb, ebiten.KeyPageDown), ui.RepeatKey(kb, ebiten.KeySpace):
		d = page
	case ui.RepeatKey(kb, ebiten.KeyPageUp):
		d = -page
	case kb.JustPressed(ebiten.KeyHome):
		d = -s.textMax()
	case kb.JustPressed(ebiten.KeyEnd):
		d = s.textMax()
	}
	if d != 0 {
		s.text.Offset = math.Max(0, math.Min(s.text.Offset+d, s.textMax()))
		c.Invalidate()
	}
}

// Draw draws the page.
func (s *AboutScene) Draw(c scenes.Context, dst *ebiten.Image) {
	p := c.Painter()
	s.btnBack.Draw(dst, p)
	if s.open >= 0 {
		s.drawLicence(c, dst)
		return
	}
	t := p.Theme
	r := s.rects
	p.Text(dst, s.title, 32, sprites.Bold, r.CX, r.TitleY, text.AlignCenter, text.AlignCenter, t.Text)
	p.Text(dst, s.versionText, AboutVersionSize, sprites.Medium, r.CX, r.VersionY, text.AlignCenter, text.AlignCenter, t.Accent)
	for i, d := range s.details {
		p.Text(dst, d, s.detailSize[i], sprites.Regular, r.CX, r.DetailY[i], text.AlignCenter, text.AlignCenter, t.TextDim)
	}
	y := r.What.Y + s.whatLineH()/2
	for _, l := range s.what {
		p.Text(dst, l, s.whatSize, sprites.Regular, r.CX, y, text.AlignCenter, text.AlignCenter, t.Text)
		y += s.whatLineH()
	}
	lc := r.ListColumn
	if lc == r.Column {
		p.Line(dst, lc.X, r.HeadY-p.DP(22), lc.X+lc.W, r.HeadY-p.DP(22), p.DP(1), ui.Alpha(t.TextDim, 0.3))
	}
	p.Text(dst, s.head, 20, sprites.Bold, lc.X+p.DP(8), r.HeadY, text.AlignStart, text.AlignCenter, t.Text)
	p.Text(dst, s.hint, s.hintSize, sprites.Regular, lc.X+p.DP(8), r.HintY, text.AlignStart, text.AlignCenter, t.TextDim)

	l := r.List
	clip := s.listClip.Of(dst, l)
	for i := int(s.list.Offset / r.RowH); i < len(s.rows); i++ {
		y := l.Y + float64(i)*r.RowH - s.list.Offset
		if y > l.Y+l.H {
			break
		}
		s.drawRow(p, clip, scenes.Rect{X: l.X, Y: y, W: l.W, H: r.RowH}, i)
	}
	scenes.DrawScrollbar(p, dst, l, s.list.Offset, s.listMax())
}

// drawRow draws licence i of the list in rect r.
func (s *AboutScene) drawRow(p *ui.Painter, dst *ebiten.Image, r scenes.Rect, i int) {
	t := p.Theme
	in := ui.Inset(r, p.DP(3))
	switch {
	case i == s.pressed:
		p.RoundRect(dst, in, p.DP(10), t.ButtonActive, 0, color.NRGBA{})
	case i == s.hover:
		p.RoundRect(dst, in, p.DP(10), t.ButtonHover, 0, color.NRGBA{})
	case i%2 == 1:
		p.RoundRect(dst, in, p.DP(10), ui.Alpha(t.Button, 0.35), 0, color.NRGBA{})
	}
	if i == s.focus {
		p.RoundRect(dst, in, p.DP(10), color.NRGBA{}, p.DP(2), t.Accent)
	}
	row := s.rows[i]
	x := in.X + p.DP(14)
	p.Text(dst, row.title, 16, sprites.Medium, x, in.Y+in.H/2-p.DP(9), text.AlignStart, text.AlignCenter, t.Text)
	p.Text(dst, row.sub, 12, sprites.Regular, x, in.Y+in.H/2+p.DP(11), text.AlignStart, text.AlignCenter, t.TextDim)
	ui.IconForward(dst, p, in.X+in.W-p.DP(18), in.Y+in.H/2, p.DP(18), ui.Alpha(t.TextDim, 0.8))
}

// drawLicence draws the open licence.
func (s *AboutScene) drawLicence(c scenes.Context, dst *ebiten.Image) {
	p := c.Painter()
	t := p.Theme
	r := s.rects
	row := s.rows[s.open]
	p.Text(dst, row.title, s.titleSize, sprites.Bold, r.Text.X-p.DP(8), r.NoticeTitleY, text.AlignStart, text.AlignCenter, t.Text)
	p.Text(dst, row.sub, 13, sprites.Regular, r.Text.X-p.DP(8), r.NoticeSubY, text.AlignStart, text.AlignCenter, t.TextDim)
	tr := r.Text
	panel := ui.Inset(tr, -p.DP(8))
	p.RoundRect(dst, panel, p.DP(12), ui.Alpha(t.Panel, 0.6), p.DP(1), t.PanelEdge)
	clip := s.textClip.Of(dst, tr)
	for i := int(s.text.Offset / r.LineH); i < len(s.lines); i++ {
		y := tr.Y + float64(i)*r.LineH - s.text.Offset
		if y > tr.Y+tr.H {
			break
		}
		if s.lines[i] != "" {
			p.Text(clip, s.lines[i], AboutTextSize, sprites.Regular, tr.X, y+r.LineH/2, text.AlignStart, text.AlignCenter, t.Text)
		}
	}
	scenes.DrawScrollbar(p, dst, scenes.Rect{X: panel.X, Y: tr.Y, W: panel.W - p.DP(2), H: tr.H}, s.text.Offset, s.textMax())
}

// LicenceText is the open licence's text as the page wrapped it, one line
// a line (for tests).
func (s *AboutScene) LicenceText() string { return strings.Join(s.lines, "\n") }

// AboutVersionLines are the page's version (the release number of
// version/VERSION, "0.9.0") and the two lines under it: what git describe
// adds to the number (when it says more than the commit), the commit, its
// date and whether the tree had changes; the Go release and the platform.
func AboutVersionLines(cat *i18n.Catalog, info version.Info) (ver string, details [2]string) {
	var d []string
	if info.Version == version.Unknown {
		d = append(d, cat.T("about.unknown_version"))
	} else if detail := info.Detail(); detail != "" {
		d = append(d, detail)
	}
	if info.Commit != "" {
		d = append(d, cat.F("about.commit", "Commit", info.Commit[:min(12, len(info.Commit))]))
	}
	if !info.Date.IsZero() {
		d = append(d, info.Date.Format(time.DateOnly))
	}
	if info.Dirty {
		d = append(d, cat.T("about.dirty"))
	}
	details[0] = strings.Join(d, cat.T("common.separator"))
	details[1] = cat.F("about.built_with", "Go", strings.TrimPrefix(runtime.Version(), "go"), "Platform", runtime.GOOS+"/"+runtime.GOARCH)
	return info.Short(), details
}
