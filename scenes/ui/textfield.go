package ui

import (
	"image"
	"image/color"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/exp/textinput"

	"bashni/i18n"
	"bashni/internal/text"
	"bashni/platform"
	"bashni/sprites"
)

// maxFieldBytes bounds what the text field holds: a long game record is a
// few kilobytes, and the archive keeps records up to 64 KiB.
const maxFieldBytes = 64 << 10

// span is one display line of a text field: the bytes [start, end) of its
// text, without the newline or the space it was broken at.
type span struct{ start, end int }

// wrapSpans breaks s into lines no wider than width: at newlines, else at
// the last space that fits, else (a word wider than the line) between
// characters. measure gives the width of a piece of text.
func wrapSpans(s string, width float64, measure func(string) float64, dst []span) []span {
	dst = dst[:0]
	lineStart := 0
	for {
		hardEnd := len(s)
		if nl := strings.IndexByte(s[lineStart:], '\n'); nl >= 0 {
			hardEnd = lineStart + nl
		}
		st := lineStart
		for {
			// Grow word by word while the line fits.
			brk, fits := -1, false
			for i := st; ; {
				j := hardEnd
				if k := strings.IndexByte(s[i+min(1, hardEnd-i):hardEnd], ' '); k >= 0 {
					j = i + min(1, hardEnd-i) + k
				}
				if measure(s[st:j]) > width {
					break
				}
				if j == hardEnd {
					fits = true
					break
				}
				brk, i = j, j
			}
			if fits {
				dst = append(dst, span{st, hardEnd})
				break
			}
			if brk > st {
				dst = append(dst, span{st, brk})
				st = brk + 1
				continue
			}
			// One word wider than the line: break it between characters,
			// keeping at least one on the line.
			j := st
			for j < hardEnd {
				_, n := utf8.DecodeRuneInString(s[j:])
				if j > st && measure(s[st:j+n]) > width {
					break
				}
				j += n
			}
			dst = append(dst, span{st, j})
			st = j
			if st >= hardEnd {
				break
			}
		}
		if hardEnd == len(s) {
			return dst
		}
		lineStart = hardEnd + 1
	}
}

// lineOf is the index of the display line holding byte offset at: the last
// line starting at or before it.
func lineOf(lines []span, at int) int {
	i := 0
	for k, l := range lines {
		if l.start <= at {
			i = k
		}
	}
	return i
}

// cleanInput makes pasted or typed text fit the field: line breaks of any
// platform become '\n', tabs spaces, other control characters go.
func cleanInput(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\n':
			return r
		case r == '\r':
			return '\n'
		case r == '\t':
			return ' '
		case unicode.IsControl(r) || r == utf8.RuneError:
			return -1
		}
		return r
	}, s)
}

// FieldInput is what a text field reads each tick: the pointer, the
// keyboard, the clock (for the caret's blink), the clipboard, and the
// painter that measures its text.
type FieldInput interface {
	Painter() *Painter
	Pointer() *Pointer
	Keyboard() Keyboard
	Tick() int64
	Clipboard() platform.Clipboard
}

// TextField is a multi-line text field: typing through exp/textinput (IME
// compositions, a phone's on-screen keyboard, the browser's paste into it),
// Ctrl+V/⌘V, selection with the mouse or Shift and the arrows, and a
// vertical scroll. Text wraps at spaces to the field's width.
type TextField struct {
	Rect        Rect
	Placeholder string
	Size        float64 // text size in dp; 0 means 15

	text    string
	caret   int // byte offset in text
	anchor  int // the other end of the selection (== caret: none)
	focused bool
	// Changed is set whenever the text changes; the scene clears it.
	Changed bool

	composer   textinput.Composer
	composing  string // the IME's preedit, shown at the caret
	compCaret  int    // caret within composing (bytes)
	newSession int    // sessions started during this Update
	noIME      int    // Updates in a row that could not keep a session
	committed  bool

	disp    string // text with the composition spliced in
	lines   []span // display lines of disp
	wrapFor string
	wrapW   float64
	lineH   float64
	scroll  float64
	clip    Clip
	// The placeholder wrapped to the field (phFor at phW wide, phSize dp).
	phLines     []string
	phFor       string
	phW, phSize float64
	phH, phDraw float64 // the inner height it was fitted to, the size drawn
	follow      bool    // bring the caret into view

	pressed  bool
	touch    bool
	dragY    float64
	scrolled bool
	hover    bool
	blinkAt  int64 // the caret shows for 32 ticks from here, then blinks
	caretX   float64
	caretY   float64 // where the caret was last drawn (screen pixels)

	paste *platform.Job // a paste waiting for the clipboard
	// Notice is a message about the clipboard for the scene to show, in
	// the language of Words (English when nil).
	Notice string
	Words  *i18n.Catalog
}

// english says the notices of a field given no catalogue.
var english = i18n.New(i18n.English)

func (f *TextField) words() *i18n.Catalog {
	if f.Words == nil {
		return english
	}
	return f.Words
}

func NewTextField(placeholder string) *TextField {
	f := &TextField{Placeholder: placeholder}
	f.composer.OnNewSession = f.onNewSession
	f.composer.OnComposition = func(c *textinput.Composition) {
		f.composing = c.Text()
		f.compCaret, _ = c.SelectionRangeInBytes()
		f.follow = true
	}
	f.composer.OnCommit = f.onCommit
	f.composer.OnEndByUser = f.Blur
	return f
}

// Text is the field's text.
func (f *TextField) Text() string { return f.text }

// SetText replaces the text and puts the caret at its end.
func (f *TextField) SetText(s string) {
	f.composer.Confirm()
	f.text = truncateUTF8(cleanInput(s), maxFieldBytes)
	f.caret, f.anchor = len(f.text), len(f.text)
	f.Changed, f.follow = true, true
}

// Focused reports whether the field takes the keyboard.
func (f *TextField) Focused() bool { return f.focused }

// Focus gives the field the keyboard (and a phone its on-screen keyboard).
func (f *TextField) Focus(tick int64) {
	f.focused = true
	f.blinkAt = tick
}

// Blur takes the keyboard away, keeping what the IME was composing.
func (f *TextField) Blur() {
	if f.hover {
		f.hover = false
		ebiten.SetCursorShape(ebiten.CursorShapeDefault)
	}
	if !f.focused {
		return
	}
	f.composer.Confirm()
	f.focused = false
	f.composing = ""
}

func (f *TextField) selection() (int, int) {
	return min(f.caret, f.anchor), max(f.caret, f.anchor)
}

// replaceSelection puts s in place of the selection (at the caret when
// there is none).
func (f *TextField) replaceSelection(s string) {
	s = cleanInput(s)
	a, b := f.selection()
	if room := maxFieldBytes - (len(f.text) - (b - a)); len(s) > room {
		s = truncateUTF8(s, max(room, 0))
	}
	f.text = f.text[:a] + s + f.text[b:]
	f.caret = a + len(s)
	f.anchor = f.caret
	f.Changed, f.follow = true, true
}

func truncateUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// Insert types s at the caret (a paste).
func (f *TextField) Insert(s string) {
	f.composer.Confirm()
	f.replaceSelection(s)
}

// lineAround is where the line holding byte a of s starts and where the
// line holding byte b (a ≤ b) ends, before its newline.
func lineAround(s string, a, b int) (start, end int) {
	start = strings.LastIndexByte(s[:a], '\n') + 1
	end = len(s)
	if k := strings.IndexByte(s[b:], '\n'); k >= 0 {
		end = b + k
	}
	return start, end
}

func (f *TextField) onNewSession() *textinput.SessionOptions {
	f.newSession++
	a, b := f.selection()
	lineStart, lineEnd := lineAround(f.text, a, a)
	return &textinput.SessionOptions{
		CaretBounds:     f.caretBounds(),
		TextBeforeCaret: f.text[lineStart:a],
		TextAfterCaret:  f.text[max(b, a):max(lineEnd, b)],
	}
}

func (f *TextField) onCommit(c *textinput.Commit) {
	f.committed = true
	if before, after := c.IsSurroundingTextReplaced(); before || after {
		// The IME rewrote text around the caret (autocorrect): replace the
		// line it was given.
		a, b := f.selection()
		lineStart, lineEnd := lineAround(f.text, a, b)
		nb, na := c.SurroundingText()
		f.text = f.text[:lineStart] + nb + cleanInput(c.Text()) + na + f.text[lineEnd:]
		f.caret = lineStart + len(nb) + len(cleanInput(c.Text()))
		f.anchor = f.caret
		f.Changed, f.follow = true, true
		return
	}
	f.replaceSelection(c.Text())
}

// caretBounds is the caret's rectangle on the screen (for the IME's
// candidate window and a phone's keyboard).
func (f *TextField) caretBounds() image.Rectangle {
	x, y := f.caretXY()
	return image.Rect(int(x), int(y), int(x)+2, int(y+f.lineH))
}

// inner is the text area inside the padding.
func (f *TextField) inner(p *Painter) Rect {
	return Inset(f.Rect, p.DP(12))
}

func (f *TextField) size() float64 {
	if f.Size == 0 {
		return 15
	}
	return f.Size
}

// relayout wraps the display text when it or the width changed.
func (f *TextField) relayout(p *Painter) {
	f.disp = f.text
	if f.composing != "" {
		f.disp = f.text[:f.caret] + f.composing + f.text[f.caret:]
	}
	in := f.inner(p)
	f.lineH = math.Round(p.DP(f.size() * 1.45))
	if f.disp == f.wrapFor && in.W == f.wrapW && f.lines != nil {
		return
	}
	size := f.size()
	f.lines = wrapSpans(f.disp, in.W-p.DP(4), func(s string) float64 { return p.Measure(s, size, sprites.Regular) }, f.lines)
	f.wrapFor, f.wrapW = f.disp, in.W
}

// dispCaret is the caret's offset in the display text.
func (f *TextField) dispCaret() int {
	if f.composing != "" {
		return f.caret + f.compCaret
	}
	return f.caret
}

// xy returns where offset at of the display text is drawn, with the first
// line at the top of the inner rectangle (scroll not applied).
func (f *TextField) xyOf(p *Painter, at int) (x, y float64, line int) {
	line = lineOf(f.lines, at)
	l := f.lines[line]
	at = min(max(at, l.start), l.end)
	return p.Measure(f.disp[l.start:at], f.size(), sprites.Regular), float64(line) * f.lineH, line
}

// caretXY is the caret's top on the screen.
func (f *TextField) caretXY() (float64, float64) {
	return f.caretX, f.caretY
}

// offsetAt is the offset of the text nearest to the screen point (x, y).
func (f *TextField) offsetAt(p *Painter, x, y float64) int {
	f.relayout(p)
	in := f.inner(p)
	line := int(math.Floor((y - in.Y + f.scroll) / f.lineH))
	line = min(max(line, 0), len(f.lines)-1)
	return f.offsetInLine(p, line, x-in.X)
}

// offsetInLine is the offset nearest to x (from the line's left) on line.
func (f *TextField) offsetInLine(p *Painter, line int, x float64) int {
	l := f.lines[line]
	best, bestD := l.start, math.Abs(x)
	for i := l.start; i < l.end; {
		_, n := utf8.DecodeRuneInString(f.disp[i:])
		i += n
		w := p.Measure(f.disp[l.start:i], f.size(), sprites.Regular)
		if d := math.Abs(x - w); d < bestD {
			best, bestD = i, d
		}
		if w > x {
			break
		}
	}
	return best
}

// Update handles the pointer, the keyboard and text input for one tick.
// It reports whether anything visible changed.
func (f *TextField) Update(c FieldInput) (changed bool) {
	p := c.Painter()
	ptr := c.Pointer()
	f.relayout(p)
	in := f.Rect

	// The pointer.
	if h := ptr.In(in) && !ptr.Touch; h != f.hover {
		f.hover, changed = h, true
		if h {
			ebiten.SetCursorShape(ebiten.CursorShapeText)
		} else {
			ebiten.SetCursorShape(ebiten.CursorShapeDefault)
		}
	}
	if ptr.In(in) && ptr.Wheel != 0 {
		f.scroll -= ptr.Wheel * f.lineH * 2
		f.clampScroll(p)
		changed = true
	}
	if ptr.Pressed && !ptr.Consumed {
		if ptr.In(in) {
			ptr.Consumed = true
			f.pressed, f.touch, f.dragY, f.scrolled = true, ptr.Touch, ptr.Y, false
			if !f.focused {
				f.Focus(c.Tick())
			}
			f.composer.Confirm()
			f.caret = f.textOffset(f.offsetAt(p, ptr.X, ptr.Y))
			if !c.Keyboard().Pressed(ebiten.KeyShift) {
				f.anchor = f.caret
			}
			f.blinkAt = c.Tick()
			changed = true
		} else if f.focused && ptr.Touch {
			// A finger tapping elsewhere puts the on-screen keyboard away;
			// a mouse click elsewhere leaves the keyboard to the field.
			f.Blur()
			changed = true
		}
	}
	if f.pressed && ptr.Down {
		switch {
		case f.touch:
			// A finger scrolls.
			if f.scrolled || math.Abs(ptr.Y-f.dragY) > p.DP(8) {
				f.scroll -= ptr.Y - f.dragY
				f.dragY = ptr.Y
				f.scrolled = true
				f.clampScroll(p)
				changed = true
			}
		case ptr.Moved:
			// The mouse selects.
			c := f.textOffset(f.offsetAt(p, ptr.X, ptr.Y))
			if c != f.caret {
				f.caret = c
				f.follow = true
				changed = true
			}
		}
	}
	if f.pressed && (ptr.Released || !ptr.Down) {
		f.pressed = false
		if f.touch && !f.scrolled {
			f.caret = f.textOffset(f.offsetAt(p, ptr.X, ptr.Y))
			f.anchor = f.caret
			changed = true
		}
	}

	// A paste that was waiting for the clipboard.
	if ready, text, err := f.paste.Ready(); ready {
		f.paste = nil
		switch {
		case err != nil:
			f.Notice = f.words().F("clipboard.paste_failed", "Error", err.Error())
		case strings.TrimSpace(text) == "":
			f.Notice = f.words().T("clipboard.empty")
		default:
			f.Insert(text)
			f.Notice = ""
		}
		changed = true
	}
	if s, ok := c.Clipboard().Pasted(); ok {
		// The browser's paste event (Ctrl+V with the page focused).
		if !f.focused {
			f.Focus(c.Tick())
		}
		f.Insert(s)
		changed = true
	}

	if !f.focused {
		return changed
	}
	// Text input: IME commits and compositions.
	f.newSession, f.committed = 0, false
	oldComp := f.composing
	handled, err := f.composer.Update()
	if err != nil {
		f.Notice = f.words().F("clipboard.text_input_failed", "Error", err.Error())
		changed = true
	}
	switch {
	case f.committed:
		f.noIME = 0
	case f.newSession > 0:
		f.noIME++ // started a session and lost it at once: no IME here
	default:
		f.noIME = 0
	}
	if f.noIME >= 3 {
		// The platform keeps no text-input session: read typed characters.
		var buf [16]rune
		if rs := c.Keyboard().AppendChars(buf[:0]); len(rs) > 0 {
			f.replaceSelection(string(rs))
		}
	}
	if f.committed || f.composing != oldComp || f.Changed {
		f.blinkAt = c.Tick()
		changed = true
	}
	if handled {
		return true
	}
	if f.keys(c) {
		f.blinkAt = c.Tick()
		changed = true
	}
	// The caret blinks: redraw at every change of phase.
	if (c.Tick()-f.blinkAt)%32 == 0 {
		changed = true
	}
	return changed
}

// textOffset turns an offset of the display text into one of the text.
func (f *TextField) textOffset(at int) int {
	if f.composing != "" && at > f.caret {
		return max(f.caret, at-len(f.composing))
	}
	return min(at, len(f.text))
}

// keys handles editing keys; it reports whether anything changed.
func (f *TextField) keys(c FieldInput) bool {
	kb := c.Keyboard()
	ctrl := Ctrl(kb)
	shift := kb.Pressed(ebiten.KeyShift)
	jp := kb.JustPressed
	rep := func(k ebiten.Key) bool { return RepeatKey(kb, k) }
	move := func(to int) {
		f.composer.Confirm()
		f.caret = min(max(to, 0), len(f.text))
		if !shift {
			f.anchor = f.caret
		}
		f.follow = true
	}
	selA, selB := f.selection()
	switch {
	case ctrl && jp(ebiten.KeyA):
		f.composer.Confirm()
		f.anchor, f.caret = 0, len(f.text)
	case ctrl && (jp(ebiten.KeyC) || jp(ebiten.KeyX)):
		s := f.text[selA:selB]
		if s == "" {
			return false
		}
		if job := c.Clipboard().Copy(s); job != nil {
			if ready, _, err := job.Ready(); ready && err != nil {
				f.Notice = f.words().F("export.copy_failed", "Error", err.Error())
			}
		}
		if jp(ebiten.KeyX) {
			f.Insert("")
		}
	case ctrl && jp(ebiten.KeyV):
		if !platform.CtrlVReadsClipboard {
			return false // the browser delivers it as a paste event
		}
		f.paste = c.Clipboard().Paste()
		f.Notice = ""
	case rep(ebiten.KeyBackspace):
		f.composer.Confirm()
		if selA == selB && f.caret > 0 {
			_, n := utf8.DecodeLastRuneInString(f.text[:f.caret])
			f.anchor = f.caret - n
		}
		f.replaceSelection("")
	case rep(ebiten.KeyDelete):
		f.composer.Confirm()
		if selA == selB && f.caret < len(f.text) {
			_, n := utf8.DecodeRuneInString(f.text[f.caret:])
			f.anchor = f.caret + n
		}
		f.replaceSelection("")
	case rep(ebiten.KeyArrowLeft):
		switch {
		case selA != selB && !shift:
			move(selA)
		case f.caret > 0:
			_, n := utf8.DecodeLastRuneInString(f.text[:f.caret])
			move(f.caret - n)
		}
	case rep(ebiten.KeyArrowRight):
		switch {
		case selA != selB && !shift:
			move(selB)
		case f.caret < len(f.text):
			_, n := utf8.DecodeRuneInString(f.text[f.caret:])
			move(f.caret + n)
		}
	case rep(ebiten.KeyArrowUp), rep(ebiten.KeyArrowDown):
		f.composer.Confirm()
		f.relayout(c.Painter())
		x, _, line := f.xyOf(c.Painter(), f.caret)
		if rep(ebiten.KeyArrowUp) {
			line--
		} else {
			line++
		}
		switch {
		case line < 0:
			move(0)
		case line >= len(f.lines):
			move(len(f.text))
		default:
			move(f.offsetInLine(c.Painter(), line, x))
		}
	case jp(ebiten.KeyHome):
		if ctrl {
			move(0)
		} else {
			f.relayout(c.Painter())
			move(f.lines[lineOf(f.lines, f.caret)].start)
		}
	case jp(ebiten.KeyEnd):
		if ctrl {
			move(len(f.text))
		} else {
			f.relayout(c.Painter())
			move(f.lines[lineOf(f.lines, f.caret)].end)
		}
	case rep(ebiten.KeyEnter) && !ctrl, rep(ebiten.KeyNumpadEnter) && !ctrl:
		f.Insert("\n")
	default:
		return false
	}
	return true
}

// Layout sets the field's rectangle.
func (f *TextField) Layout(r Rect) {
	if r != f.Rect {
		// Moved, not resized (a scrolled list): the lines stay wrapped.
		if r.W != f.Rect.W || r.H != f.Rect.H {
			f.lines = nil
		}
		f.Rect = r
		f.follow = true
	}
}

func (f *TextField) contentH() float64 { return float64(len(f.lines)) * f.lineH }

func (f *TextField) clampScroll(p *Painter) {
	in := f.inner(p)
	f.scroll = math.Max(0, math.Min(f.scroll, f.contentH()-in.H))
}

// Draw draws the field at tick (for the caret's blink).
func (f *TextField) Draw(dst *ebiten.Image, p *Painter, tick int64) {
	t := p.Theme
	f.relayout(p)
	fill := Mix(t.Panel, t.Background, 0.5)
	edge, edgeW := t.PanelEdge, p.DP(1)
	if f.hover && !f.focused {
		edge = Mix(t.PanelEdge, t.Text, 0.3)
	}
	if f.focused {
		edge, edgeW = t.Accent, p.DP(2)
	}
	p.RoundRect(dst, f.Rect, p.DP(12), fill, edgeW, edge)
	in := f.inner(p)
	size := f.size()
	// Keep the caret in view.
	cx, cy, _ := f.xyOf(p, f.dispCaret())
	if f.follow {
		f.follow = false
		if cy < f.scroll {
			f.scroll = cy
		} else if cy+f.lineH > f.scroll+in.H {
			f.scroll = cy + f.lineH - in.H
		}
	}
	f.clampScroll(p)
	f.caretX, f.caretY = in.X+cx, in.Y+cy-f.scroll

	clip := f.clip.Of(dst, Inset(f.Rect, p.DP(2)))
	if f.disp == "" {
		f.fitPlaceholder(p)
		lh := math.Round(p.DP(f.phDraw * 1.45))
		y0 := in.Y + lh/2
		if len(f.phLines) == 1 {
			y0 = in.Y + f.lineH/2 // where typed text goes
		}
		for i, l := range f.phLines {
			p.Text(clip, l, f.phDraw, sprites.Regular, in.X, y0+float64(i)*lh, text.AlignStart, text.AlignCenter, Alpha(t.TextDim, 0.7))
		}
	}
	selA, selB := f.selection()
	if f.composing != "" {
		selA, selB = 0, 0
	}
	first := int(f.scroll / f.lineH)
	for i := first; i < len(f.lines); i++ {
		l := f.lines[i]
		y := in.Y + float64(i)*f.lineH - f.scroll
		if y > in.Y+in.H {
			break
		}
		// The selection on this line.
		if selA < selB && selA <= l.end && selB > l.start {
			a, b := max(selA, l.start), min(selB, l.end)
			x0 := p.Measure(f.disp[l.start:a], size, sprites.Regular)
			x1 := p.Measure(f.disp[l.start:b], size, sprites.Regular)
			if selB > l.end {
				x1 += p.DP(6) // the line break is selected too
			}
			if x1 > x0 {
				p.Fill(clip, Rect{X: in.X + x0, Y: y + p.DP(1), W: x1 - x0, H: f.lineH - p.DP(2)}, Alpha(t.Accent, 0.35))
			}
		}
		p.Text(clip, f.disp[l.start:l.end], size, sprites.Regular, in.X, y+f.lineH/2, text.AlignStart, text.AlignCenter, t.Text)
	}
	// The composition, underlined.
	if f.composing != "" {
		a, b := f.caret, f.caret+len(f.composing)
		for i, l := range f.lines {
			if a > l.end || b < l.start {
				continue
			}
			s, e := max(a, l.start), min(b, l.end)
			x0 := p.Measure(f.disp[l.start:s], size, sprites.Regular)
			x1 := p.Measure(f.disp[l.start:e], size, sprites.Regular)
			y := in.Y + float64(i+1)*f.lineH - f.scroll - p.DP(3)
			p.Fill(clip, Rect{X: in.X + x0, Y: y, W: x1 - x0, H: p.DP(1.5)}, t.Text)
		}
	}
	if f.focused && ((tick-f.blinkAt)/32)%2 == 0 {
		p.Fill(clip, Rect{X: math.Round(f.caretX), Y: f.caretY + p.DP(3), W: math.Max(1, math.Round(p.DP(2))), H: f.lineH - p.DP(6)}, t.Accent)
	}
	// A scroll bar when the text is taller than the field.
	if ch := f.contentH(); ch > in.H+1 {
		h := in.H * in.H / ch
		y := in.Y + (in.H-h)*f.scroll/(ch-in.H)
		p.RoundRect(dst, Rect{X: f.Rect.X + f.Rect.W - p.DP(7), Y: y, W: p.DP(3), H: h}, p.DP(1.5), Alpha(t.TextDim, 0.5), 0, color.NRGBA{})
	}
}

// fitPlaceholder wraps the placeholder into the lines the field shows (one
// in a one-line field), at the field's size or smaller down to
// minLabelSize, and remembers the lines and the size (Draw stays cheap).
func (f *TextField) fitPlaceholder(p *Painter) {
	in := f.inner(p)
	size := f.size()
	if f.Placeholder == f.phFor && in.W == f.phW && in.H == f.phH && size == f.phSize && f.phDraw != 0 {
		return
	}
	f.phFor, f.phW, f.phH, f.phSize = f.Placeholder, in.W, in.H, size
	for s := size; ; s -= 0.5 {
		f.phDraw = s
		f.phLines = p.Wrap(f.Placeholder, s, sprites.Regular, in.W-p.DP(4))
		if len(f.phLines) <= f.placeholderRows(p, s) || s <= minLabelSize {
			return
		}
	}
}

// placeholderRows is the number of lines of size dp the field shows.
func (f *TextField) placeholderRows(p *Painter, size float64) int {
	return max(1, int((f.inner(p).H+0.5)/math.Round(p.DP(size*1.45))))
}

// PlaceholderFit is the placeholder as the field draws it: its size, its
// room, and the lines the field shows (the layout test measures it).
func (f *TextField) PlaceholderFit(p *Painter) (TextFit, int) {
	f.fitPlaceholder(p)
	return TextFit{f.Placeholder, f.phDraw, sprites.Regular, f.inner(p).W - p.DP(4)}, f.placeholderRows(p, f.phDraw)
}
