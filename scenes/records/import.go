package records

import (
	"bashni/scenes"
	"math"
	"unicode"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/audio"
	"bashni/i18n"
	"bashni/internal/text"
	"bashni/platform"
	"bashni/rules"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// ImportRects is where the import screen puts things.
type ImportRects struct {
	Card                      scenes.Rect
	Variant                   scenes.Rect // the Bashni/Lasca choice
	Field                     scenes.Rect // the text field
	Status                    scenes.Rect // the line under the field: what was read, or the error
	Back, Paste, Clear, Open  scenes.Rect
	titleY, subY, variantLblY float64
}

// ImportLayout lays out the import screen: a card as wide as is
// comfortable, the text field taking the height that is left.
func ImportLayout(w, h, scale float64) ImportRects {
	dp := func(v float64) float64 { return math.Round(v * scale) }
	var r ImportRects
	cw := math.Min(w-dp(16), dp(680))
	pad := dp(20)
	ch := math.Min(h-dp(16), dp(700))
	r.Card = scenes.Rect{X: math.Round((w - cw) / 2), Y: math.Round((h - ch) / 2), W: cw, H: ch}
	x, iw := r.Card.X+pad, cw-2*pad
	y := r.Card.Y + pad
	r.titleY = y + dp(18)
	r.subY = y + dp(48)
	y += dp(66)
	seg := math.Min(iw*0.62, dp(300))
	r.Variant = scenes.Rect{X: x + iw - seg, Y: y, W: seg, H: dp(48)}
	r.variantLblY = y + dp(24)
	y += dp(48) + dp(12)
	btn := dp(50)
	bottom := r.Card.Y + ch - pad
	r.Back = scenes.Rect{Y: bottom - btn, H: btn}
	status := dp(46)
	r.Status = scenes.Rect{X: x, Y: r.Back.Y - dp(10) - status, W: iw, H: status}
	r.Field = scenes.Rect{X: x, Y: y, W: iw, H: math.Max(dp(96), r.Status.Y-dp(6)-y)}
	gap := dp(10)
	bw := (iw - 3*gap) / 4
	for i, b := range []*scenes.Rect{&r.Back, &r.Paste, &r.Clear, &r.Open} {
		*b = scenes.Rect{X: math.Round(x + float64(i)*(bw+gap)), Y: bottom - btn, W: math.Floor(bw), H: btn}
	}
	return r
}

// ImportScene reads a game record, its bare moves or a position from
// pasted or typed text, and opens it in the replay view.
type ImportScene struct {
	rects ImportRects

	field                                *ui.TextField
	variant                              ui.Segmented
	btnBack, btnPaste, btnClear, btnOpen ui.Button

	result  *imported
	err     error
	notice  string
	paste   *platform.Job
	checked bool // the text was read since it last changed
	checks  int  // how many times the text was read

	// The words shown, in the player's language (setWords, statusWords).
	title, sub, label, labelTagged string
	status                         []string
	statusSize                     float64
	statusFor                      importStatusKey
	// The variant's label, wrapped to the room left of the choice.
	labelLines, labelTaggedLines []string
	labelSize, labelTaggedSize   float64
}

// importStatusKey is what the line under the field depends on.
type importStatusKey struct {
	cat    *i18n.Catalog
	notice string
	checks int
	empty  bool
	width  float64
}

// NewImportScene makes the screen.
func NewImportScene(c scenes.Context) *ImportScene {
	s := &ImportScene{}
	cat := c.Text()
	s.field = ui.NewTextField(cat.T("import.placeholder"))
	s.btnBack = ui.Button{Icon: ui.IconBack}
	s.btnOpen = ui.Button{Kind: ui.Primary}
	s.setWords(c)
	if c.Clipboard().Tool() == "" {
		s.btnPaste.Disabled = true
		s.notice = cat.F("import.no_clipboard", "Reason", clipHint(c))
	}
	if !c.Pointer().Touch {
		// On a desktop the keyboard is there at once; a phone gets its
		// on-screen keyboard only when the field is tapped.
		s.field.Focus(c.Tick())
	}
	s.check()
	return s
}

// NewImport is the screen with text already pasted in its field, or with
// a paste under way (the title's Ctrl+V); either may be empty.
func NewImport(c scenes.Context, text string, paste *platform.Job) *ImportScene {
	s := NewImportScene(c)
	if text != "" {
		s.field.SetText(text)
	}
	if paste != nil {
		s.paste = paste
	}
	return s
}

// clipHint says why there is no clipboard.
func clipHint(c scenes.Context) string {
	// The clipboard's error says it all ("no clipboard tool is available
	// here (install xclip …)"): it is the notice's first half as it is,
	// not wrapped in another "no clipboard tool" of our own.
	msg := c.Text().T("import.no_clipboard_tool")
	if _, err := c.Clipboard().Paste().Result(); err != nil && err.Error() != "" {
		msg = scenes.ErrorWords(c.Text(), err)
		r, n := utf8.DecodeRuneInString(msg)
		msg = string(unicode.ToUpper(r)) + msg[n:]
	}
	return msg
}

// setWords looks up the screen's words in the player's language.
func (s *ImportScene) setWords(c scenes.Context) {
	cat := c.Text()
	s.field.Placeholder = cat.T("import.placeholder")
	s.field.Words = cat
	s.variant.Options = []string{cat.VariantName(rules.Bashni), cat.VariantName(rules.Lasca)}
	s.btnBack.Label = cat.T("common.back")
	s.btnPaste.Label = cat.T("import.paste")
	s.btnClear.Label = cat.T("import.clear")
	s.btnOpen.Label = cat.T("import.open")
	s.title = cat.T("import.title")
	s.sub = cat.T("import.subtitle")
	s.label = cat.T("import.game")
	s.labelTagged = cat.T("import.game_from_record")
}

// statusWords puts what was read, or what is wrong with it, in words
// wrapped to the status line, when it changed.
func (s *ImportScene) statusWords(c scenes.Context) {
	p := c.Painter()
	k := importStatusKey{cat: c.Text(), notice: s.notice, checks: s.checks, empty: s.field.Text() == "", width: s.rects.Status.W - p.DP(24)}
	if k == s.statusFor {
		return
	}
	s.statusFor = k
	msg := ""
	switch {
	case s.notice != "":
		msg = s.notice
	case s.err != nil && k.empty:
		msg = k.cat.T("import.nothing_yet")
	case s.err != nil:
		msg = importErrorWords(k.cat, s.err)
	case s.result != nil:
		msg = s.result.Summary(k.cat)
	}
	// Two lines at 14 dp, or three smaller ones.
	s.status, s.statusSize = p.Wrap(msg, 14, sprites.Medium, k.width), 14
	if len(s.status) > 2 {
		s.status, s.statusSize = scenes.FitLines(p, msg, 12, 11, sprites.Medium, k.width, 3)
	}
}

// Name is the scene's name.
func (s *ImportScene) Name() string { return scenes.SceneImport }

// readsPastes: the text field takes what is pasted into the page.
func (s *ImportScene) ReadsPastes() {}

// Layout places the card.
func (s *ImportScene) Layout(c scenes.Context, w, h, scale float64) {
	s.rects = ImportLayout(w, h, scale)
	s.variant.Rect = s.rects.Variant
	s.field.Layout(s.rects.Field)
	s.btnBack.Rect = s.rects.Back
	s.btnPaste.Rect = s.rects.Paste
	s.btnClear.Rect = s.rects.Clear
	s.btnOpen.Rect = s.rects.Open
	s.setWords(c)
	room := s.labelRoom(c.Painter())
	s.labelLines, s.labelSize = scenes.FitLines(c.Painter(), s.label, 15, 12, sprites.Medium, room, 2)
	s.labelTaggedLines, s.labelTaggedSize = scenes.FitLines(c.Painter(), s.labelTagged, 15, 12, sprites.Medium, room, 2)
	s.statusFor = importStatusKey{}
}

// labelRoom is the room of the variant's label, left of the choice.
func (s *ImportScene) labelRoom(p *ui.Painter) float64 {
	return s.rects.Variant.X - s.rects.Card.X - p.DP(22) - p.DP(8)
}

func (s *ImportScene) chosenVariant() rules.Variant {
	if s.variant.Selected == 1 {
		return rules.Lasca
	}
	return rules.Bashni
}

// check reads the text as it stands.
func (s *ImportScene) check() {
	s.checked = true
	s.checks++
	s.result, s.err = parseImport(s.field.Text(), s.chosenVariant())
	if s.result != nil && s.result.VariantTagged {
		// The record says which game it is.
		if s.result.Variant == rules.Lasca {
			s.variant.Selected = 1
		} else {
			s.variant.Selected = 0
		}
	}
}

// Update handles the field and the buttons.
func (s *ImportScene) Update(c scenes.Context) error {
	if c.Used(&s.btnBack) {
		s.back(c)
		return nil
	}
	if c.Used(&s.btnPaste) {
		s.paste = c.Clipboard().Paste()
		s.notice = ""
	}
	if c.Used(&s.btnClear) {
		s.field.SetText("")
		s.notice = ""
		s.field.Focus(c.Tick())
	}
	if c.Used(&s.btnOpen) {
		s.open(c)
		return nil
	}
	if c.Used(&s.variant) {
		c.Play(scenes.UITap)
		s.checked = false
	}
	if ready, text, err := s.paste.Ready(); ready {
		s.paste = nil
		switch {
		case err != nil:
			s.notice = c.Text().F("clipboard.paste_failed", "Error", scenes.ErrorWords(c.Text(), err))
		case text == "":
			s.notice = c.Text().T("clipboard.empty")
		default:
			s.field.SetText(text)
		}
		c.Invalidate()
	}
	// Keys of the screen, before the field takes the rest: Esc leaves
	// (Backspace edits), Ctrl+Enter opens.
	kb := c.Keyboard()
	ctrl := ui.Ctrl(kb)
	if kb.JustPressed(ebiten.KeyEscape) {
		s.back(c)
		return nil
	}
	if ctrl && (kb.JustPressed(ebiten.KeyEnter) || kb.JustPressed(ebiten.KeyNumpadEnter)) {
		s.open(c)
		return nil
	}
	if !s.field.Focused() && c.Keys().Consume(scenes.ActConfirm) {
		s.open(c)
		return nil
	}
	// The field is a Tab stop: Enter or Space there starts typing; Tab
	// away from it stops (so that Space does not both type and press).
	if st := c.Focus(s.rects.Field); st.Activated && !s.field.Focused() {
		s.field.Focus(c.Tick())
	} else if !st.Focused && c.KeyboardFocus() && s.field.Focused() {
		s.field.Blur()
	}
	if s.field.Update(c) {
		c.Invalidate()
	}
	if s.field.Notice != "" {
		s.notice, s.field.Notice = s.field.Notice, ""
		c.Invalidate()
	}
	if s.field.Changed {
		s.field.Changed = false
		s.checked = false
		if s.field.Text() != "" {
			s.notice = ""
		}
	}
	if !s.checked {
		s.check()
		c.Invalidate()
	}
	s.btnOpen.Disabled = s.err != nil
	return nil
}

func (s *ImportScene) back(c scenes.Context) {
	s.field.Blur()
	c.Pop()
}

// open shows the game read in the replay view.
func (s *ImportScene) open(c scenes.Context) {
	if !s.checked {
		s.check()
	}
	if s.err != nil {
		c.Play(audio.CaptureRequired)
		c.Invalidate()
		return
	}
	s.field.Blur()
	c.Push(NewReplayScene(c, s.result))
}

// Draw draws the screen.
func (s *ImportScene) Draw(c scenes.Context, dst *ebiten.Image) {
	p := c.Painter()
	t := p.Theme
	r := s.rects
	c.DrawBackdrop(dst)
	p.RoundRect(dst, r.Card, p.DP(20), t.Panel, p.DP(1), t.PanelEdge)
	x := r.Card.X + p.DP(22)
	p.Text(dst, s.title, 28, sprites.Bold, x, r.titleY, text.AlignStart, text.AlignCenter, t.Text)
	p.Text(dst, s.sub, 14, sprites.Regular, x, r.subY, text.AlignStart, text.AlignCenter, t.TextDim)
	lbl, lsize := s.labelLines, s.labelSize
	if s.result != nil && s.result.VariantTagged {
		lbl, lsize = s.labelTaggedLines, s.labelTaggedSize
	}
	ly := r.variantLblY - p.DP(lsize*1.2)*float64(len(lbl)-1)/2
	for _, l := range lbl {
		p.Text(dst, l, lsize, sprites.Medium, x, ly, text.AlignStart, text.AlignCenter, t.TextDim)
		ly += p.DP(lsize * 1.2)
	}
	s.variant.Draw(dst, p)
	s.field.Draw(dst, p, c.Tick())

	// What was read, or what is wrong with it.
	col := t.TextDim
	switch {
	case s.notice != "":
	case s.err != nil && s.field.Text() == "":
	case s.err != nil:
		col = t.MustCapture
	case s.result != nil:
		col = t.Text
	}
	s.statusWords(c)
	st := r.Status
	if s.err != nil && s.field.Text() != "" && s.notice == "" {
		p.RoundRect(dst, st, p.DP(10), ui.Alpha(t.MustCapture, 0.14), p.DP(1), ui.Alpha(t.MustCapture, 0.55))
	}
	lines, step := s.status, p.DP(18)
	if s.statusSize < 14 {
		step = p.DP(s.statusSize * 1.2)
	}
	y := st.Y + st.H/2 - step/2*float64(len(lines)-1)
	for _, l := range lines {
		p.Text(dst, l, s.statusSize, sprites.Medium, st.X+p.DP(12), y, text.AlignStart, text.AlignCenter, col)
		y += step
	}
	s.btnBack.Draw(dst, p)
	s.btnPaste.Draw(dst, p)
	s.btnClear.Draw(dst, p)
	s.btnOpen.Draw(dst, p)
}
