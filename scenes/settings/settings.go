package settings

import (
	"bashni/scenes"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/i18n"
	"bashni/internal/text"
	"bashni/platform"
	"bashni/scenes/ui"
	"bashni/sprites"
	"bashni/storage"
)

// Screen changes the player's preferences; every change applies and
// is saved at once.
type Screen struct {
	card  scenes.Rect
	title float64
	// rects is the layout scrolled to the top; the controls are placed
	// scroll.offset higher (place) when the rows do not fit the body.
	rects     Rects
	body      scenes.CardBody
	labelText [settingsRows]string

	theme    ui.Segmented
	volume   ui.Slider
	sound    ui.Toggle
	speed    ui.Segmented
	instant  ui.Toggle
	coords   ui.Toggle
	dests    ui.Toggle
	input    ui.Segmented
	flip     ui.Toggle
	language ui.Segmented
	online   *onlineRow
	btnBack  ui.Button
	labels   []labelAt
	themeIDs []string

	// The words drawn, in the player's language (setWords).
	heading, noSound string
	// speech says whether the desktop speaks ("" where the screen reader
	// reads the page, or before the system has answered).
	speech        string
	speechKnown   bool
	noSoundLines  []string // noSound and speech wrapped left of the Done button
	noticeText    string   // the notice noSoundLines wrap
	noSoundSize   float64
	volumePercent int // the volume shown in volume.Text
}

type labelAt struct {
	text string
	x, y float64
}

// New makes the screen.
func New(c scenes.Context) *Screen {
	s := &Screen{}
	st := c.Settings()
	s.themeIDs = sprites.ThemeNames()
	cur := 0
	for i, n := range s.themeIDs {
		if sprites.ThemeNamed(st.Theme).Name == n {
			cur = i
		}
	}
	s.theme = ui.Segmented{Selected: cur}
	s.volume = ui.Slider{Value: st.Volume}
	s.volumePercent = -1
	s.sound = ui.Toggle{On: !st.Muted}
	sp := 1
	switch st.AnimationSpeed {
	case storage.SpeedSlow:
		sp = 0
	case storage.SpeedFast:
		sp = 2
	}
	s.speed = ui.Segmented{Selected: sp}
	s.instant = ui.Toggle{On: st.InstantAnimations}
	s.coords = ui.Toggle{On: st.ShowCoordinates}
	s.dests = ui.Toggle{On: st.ShowDestinations}
	in := 0
	switch st.Input {
	case storage.InputTapOnly:
		in = 1
	case storage.InputDragOnly:
		in = 2
	}
	s.input = ui.Segmented{Selected: in}
	s.flip = ui.Toggle{On: st.FlipForBlack}
	s.language = ui.Segmented{Selected: scenes.LanguageChoice(st.Language)}
	s.online = newOnlineRow(c)
	s.btnBack = ui.Button{Kind: ui.Primary}
	s.setWords(c)
	return s
}

// shortThemeName is the theme's name on its segment, in the player's
// language.
func shortThemeName(cat *i18n.Catalog, n string) string {
	switch n {
	case "Classic wood":
		return cat.T("settings.theme_wood")
	case "High contrast":
		return cat.T("settings.theme_contrast")
	case "Tournament green":
		return cat.T("settings.theme_green")
	}
	return n
}

// setWords looks up the screen's words in the player's language (again
// when the language changes).
func (s *Screen) setWords(c scenes.Context) {
	cat := c.Text()
	s.theme.Options = s.theme.Options[:0]
	for _, n := range s.themeIDs {
		s.theme.Options = append(s.theme.Options, shortThemeName(cat, n))
	}
	s.volume.Label = cat.T("settings.volume")
	s.sound.Label = cat.T("settings.sound")
	s.speed.Options = []string{cat.T("settings.speed_slow"), cat.T("settings.speed_normal"), cat.T("settings.speed_fast")}
	s.instant.Label = cat.T("settings.instant")
	if !platform.SystemMotionKnown() {
		// The system's own switch cannot be followed here: say so.
		s.instant.Label = cat.T("settings.instant_unread")
	}
	s.coords.Label = cat.T("settings.coordinates")
	s.dests.Label = cat.T("settings.destinations")
	s.input.Options = []string{cat.T("settings.input_both"), cat.T("settings.input_tap"), cat.T("settings.input_drag")}
	s.flip.Label = cat.T("settings.flip_for_black")
	s.language.Options = scenes.LanguageOptions(cat)
	s.btnBack.Label = cat.T("common.done")
	s.heading = cat.T("settings.title")
	s.noSound = cat.T("settings.no_sound")
	s.speech = ""
	if platform.SpeaksFocus {
		on, known := platform.SpeakingNow()
		s.speechKnown = known
		switch {
		case known && on:
			s.speech = cat.T("settings.speech_on")
		case known:
			s.speech = cat.T("settings.speech_off")
		}
	}
	s.volumePercent = -1
	s.setVolumeText(c)
	s.online.setWords(c)
}

// setVolumeText writes the volume beside its slider when it changed.
func (s *Screen) setVolumeText(c scenes.Context) {
	if pc := int(math.Round(s.volume.Value * 100)); pc != s.volumePercent {
		s.volumePercent = pc
		s.volume.Text = c.Text().Percent(pc)
	}
}

// Name is the scene's name.
func (s *Screen) Name() string { return scenes.SceneSettings }

// Rects is where the Settings screen puts things (physical
// pixels).
type Rects struct {
	Card   scenes.Rect
	TitleY float64
	// Rows are the controls in order: theme, volume, sound, animation
	// speed, instant moves, coordinates, destinations, move by, flip,
	// language. A choice has a label above it, centred on LabelY (0 for
	// the others), starting at LabelX.
	Rows           [settingsRows]scenes.Rect
	LabelX, LabelY [settingsRows]float64
	// The online server's row: its label's centre line, its field and
	// Save button, and the line below them (from StatusX, StatusW wide,
	// StatusY its top).
	OnlineLabelY, OnlineLabelX float64
	OnlineField, OnlineSave    scenes.Rect
	StatusX, StatusY, StatusW  float64
	Done                       scenes.Rect
	// Body is the part of the card the rows show in, between the title
	// and Done; Content is the rows' height. When they are taller than
	// the body (a phone on its side, 800×600) the rows scroll in it:
	// every rectangle above is where it is when scrolled to the top.
	Body    scenes.Rect
	Content float64
}

// MaxScroll is how far the rows scroll: 0 when they fit.
func (r Rects) MaxScroll() float64 { return math.Max(0, r.Content-r.Body.H) }

// settingsRows is the number of controls above the online server's row.
const settingsRows = 10

// settingsChoice says which rows are choices (with a label above).
var settingsChoice = [settingsRows]bool{0: true, 3: true, 7: true, 9: true}

// Layout lays the screen out: in one column, made a little tighter
// when it does not fit the height (a phone), or in two side by side when
// the screen is wide but not tall enough for one (a laptop).
func Layout(w, h, scale float64) Rects {
	dp := func(v float64) float64 { return math.Round(v * scale) }
	pad, head, gap, done := dp(20), dp(50), dp(12), dp(54)
	row, label := dp(50), dp(28)
	colW, colGap := math.Min(w-dp(16), dp(600))-2*pad, dp(24)
	// The heights of the rows, the online server's last.
	height := func(i int) float64 {
		switch {
		case i == settingsRows:
			return label + row + dp(onlineStatusH)
		case settingsChoice[i]:
			return label + row
		}
		return row
	}
	sum := func(from, to int) (t float64) {
		for i := from; i < to; i++ {
			t += height(i)
		}
		return t
	}
	const all = settingsRows + 1
	split := all // the first row of the second column
	if 2*pad+head+sum(0, all)+gap+done > h-dp(16) {
		if two := math.Min(dp(500), (w-dp(16)-2*pad-colGap)/2); two >= dp(440) {
			colW = two
			best := math.Inf(1)
			for k := 1; k < all; k++ {
				if t := math.Max(sum(0, k), sum(k, all)); t < best {
					best, split = t, k
				}
			}
		} else {
			pad, head, gap, done = dp(16), dp(44), dp(8), dp(48)
			row, label = dp(48), dp(24)
		}
	}
	var r Rects
	cw := colW + 2*pad
	colsH := sum(0, split)
	if split < all {
		cw += colW + colGap
		colsH = math.Max(colsH, sum(split, all))
	}
	ch := pad + head + colsH + gap + done + pad
	// Too tall even so: the card takes the screen's height, Done stays at
	// its foot and the rows scroll between the title and Done.
	bodyH := colsH
	if room := h - 2*dp(8); ch > room {
		bodyH -= ch - room
		ch = room
	}
	r.Card = scenes.Rect{X: math.Round((w - cw) / 2), Y: math.Round(math.Max(dp(8), (h-ch)/2)), W: cw, H: ch}
	r.TitleY = r.Card.Y + pad + head/2 - dp(3)
	top := r.Card.Y + pad + head
	x, y := r.Card.X+pad, top
	for i := 0; i < settingsRows; i++ {
		if i == split {
			x, y = x+colW+colGap, top
		}
		if settingsChoice[i] {
			r.LabelX[i], r.LabelY[i] = x+dp(12), y+label/2
			y += label
			r.Rows[i] = scenes.Rect{X: x, Y: y, W: colW, H: row - dp(4)}
		} else {
			r.Rows[i] = scenes.Rect{X: x, Y: y, W: colW, H: row}
		}
		y += row
	}
	if split == settingsRows {
		x, y = x+colW+colGap, top
	}
	r.OnlineLabelX, r.OnlineLabelY = x+dp(12), y+label/2
	y += label
	fw := colW - dp(onlineSaveW) - dp(10)
	r.OnlineField = scenes.Rect{X: x, Y: y, W: fw, H: row - dp(4)}
	r.OnlineSave = scenes.Rect{X: x + fw + dp(10), Y: y, W: dp(onlineSaveW), H: row - dp(4)}
	r.StatusX, r.StatusY, r.StatusW = x+dp(12), y+row, colW-dp(12)
	r.Done = scenes.Rect{X: r.Card.X + r.Card.W - pad - dp(160), Y: top + bodyH + gap, W: dp(160), H: done}
	r.Body = scenes.Rect{X: r.Card.X, Y: top, W: r.Card.W, H: bodyH}
	r.Content = colsH
	return r
}

// Layout places the rows (Layout).
func (s *Screen) Layout(c scenes.Context, w, h, scale float64) {
	s.setWords(c)
	r := Layout(w, h, scale)
	s.rects = r
	s.card, s.title = r.Card, r.TitleY
	cat := c.Text()
	s.labelText = [settingsRows]string{0: cat.T("settings.theme"), 3: cat.T("settings.animation_speed"), 7: cat.T("settings.move_by"), 9: cat.T("settings.language")}
	s.theme.Name, s.speed.Name, s.input.Name, s.language.Name = s.labelText[0], s.labelText[3], s.labelText[7], s.labelText[9]
	s.body.Layout(r.Body, r.MaxScroll())
	s.place()
	// A choice whose labels differ in length gives each the room it needs.
	for _, sg := range []*ui.Segmented{&s.theme, &s.speed, &s.input, &s.language} {
		sg.Weigh(c.Painter())
	}
	s.online.layout(c, s.scrolled())
	s.btnBack.Rect = r.Done
	s.fitNotice(c)
}

// fitNotice wraps the notices left of Done: no sound device, and whether
// the desktop speaks.
func (s *Screen) fitNotice(c scenes.Context) {
	notice := s.noSound // fitted even when not shown: the layout test measures it
	switch {
	case c.SoundNotice() != "":
		notice = strings.TrimSpace(s.noSound + " " + s.speech)
	case s.speech != "":
		notice = s.speech
	}
	s.noSoundLines, s.noSoundSize = scenes.FitLines(c.Painter(), notice, 13, 11, sprites.Regular, s.noSoundRoom(c.Painter()), 3)
	if s.noSoundSize < 12 && notice != s.noSound && c.SoundNotice() != "" {
		// Both notices do not fit at a readable size (a phone in Korean or
		// Japanese): the missing sound device matters more than whether
		// the desktop speaks, which the screen reader itself makes plain.
		notice = s.noSound
		s.noSoundLines, s.noSoundSize = scenes.FitLines(c.Painter(), notice, 13, 11, sprites.Regular, s.noSoundRoom(c.Painter()), 3)
	}
	s.noticeText = notice
}

// scrolled is the layout with the rows moved up by the scroll.
func (s *Screen) scrolled() Rects {
	r, dy := s.rects, -s.body.Offset
	for i := range r.Rows {
		r.Rows[i].Y += dy
		r.LabelY[i] += dy
	}
	r.OnlineLabelY += dy
	r.OnlineField.Y += dy
	r.OnlineSave.Y += dy
	r.StatusY += dy
	return r
}

// place puts the rows where the scroll has them.
func (s *Screen) place() {
	r := s.scrolled()
	s.labels = s.labels[:0]
	for i, rect := range [...]*scenes.Rect{&s.theme.Rect, &s.volume.Rect, &s.sound.Rect, &s.speed.Rect, &s.instant.Rect,
		&s.coords.Rect, &s.dests.Rect, &s.input.Rect, &s.flip.Rect, &s.language.Rect} {
		*rect = r.Rows[i]
		if settingsChoice[i] {
			s.labels = append(s.labels, labelAt{s.labelText[i], r.LabelX[i], r.LabelY[i]})
		}
	}
	s.online.place(r)
}

// Scroll is how far the rows are scrolled (physical pixels, 0 at the
// top).
func (s *Screen) Scroll() float64 { return s.body.Offset }

// scrollRows scrolls the rows when they do not fit: the wheel and a drag
// over them, and the keys (Page Up/Down, Home, End, and ↑ ↓ while no
// control has the focus: with one, they move it, and keepFocusInView
// follows). Controls that drag sideways (the volume) or
// select (the address being typed) keep their presses.
func (s *Screen) scrollRows(c scenes.Context) {
	keep := [2]scenes.Rect{s.volume.Rect, s.online.field.Rect}
	if s.online.given {
		keep[1] = scenes.Rect{} // only shown: a drag over it scrolls
	}
	if s.body.Scroll(c, !s.online.field.Focused(), keep[:]...) {
		s.place()
	}
}

// ArrowsMoveFocus: Down and Up go from row to row (focus.go), except
// while the online server's field types.
func (s *Screen) ArrowsMoveFocus() bool { return !s.online.field.Focused() }

// Settings is a column of controls; the shell's focus asks it (and a
// lost method would pass silently without this).
var _ scenes.VerticalFocus = (*Screen)(nil)

// keepFocusInView scrolls the row that Tab (or Shift+Tab) just gave the
// focus to into view, its label and the line under it too.
func (s *Screen) keepFocusInView(c scenes.Context) {
	ring, ok := c.FocusRing()
	r := s.rects
	maxOff := r.MaxScroll()
	if !ok || maxOff <= 0 || ring == s.btnBack.Rect {
		s.body.FocusAt = -1
		return
	}
	ring.Y += s.body.Offset // where it is in the rows, however scrolled
	if ring.Y == s.body.FocusAt {
		return // the player scrolled away from it: leave it there
	}
	s.body.FocusAt = ring.Y
	margin := c.Scale() * 8
	top, bottom := ring.Y-margin, ring.Y+ring.H+margin
	for i, row := range r.Rows {
		if settingsChoice[i] && row.X == ring.X && row.Y == ring.Y {
			top = 2*r.LabelY[i] - row.Y
		}
	}
	if ring.Y == r.OnlineField.Y {
		s.showOnlineRow(c)
		return
	}
	s.show(c, top, bottom)
}

// show scrolls as little as brings [top, bottom) of the rows (screen
// pixels when scrolled to the top) into the body.
func (s *Screen) show(c scenes.Context, top, bottom float64) {
	if s.body.Show(c, top, bottom) {
		s.place()
	}
}

// showOnlineRow scrolls the online server's row into view: its label,
// field and the line under it (what is wrong with an address).
func (s *Screen) showOnlineRow(c scenes.Context) {
	r := s.rects
	s.show(c, 2*r.OnlineLabelY-r.OnlineField.Y, r.StatusY+c.Scale()*onlineStatusH)
}

// noSoundRoom is the room of the no-sound notice, left of Done.
func (s *Screen) noSoundRoom(p *ui.Painter) float64 {
	return s.btnBack.Rect.X - s.card.X - p.DP(24) - p.DP(8)
}

// Update applies changes.
func (s *Screen) Update(c scenes.Context) error {
	if platform.SpeaksFocus && !s.speechKnown {
		// The system answers a moment after the first words.
		if _, known := platform.SpeakingNow(); known {
			s.setWords(c)
			s.fitNotice(c)
			c.Invalidate()
		}
	}
	s.scrollRows(c)     // before the rows: a drag over them is no tap
	s.body.BeginRows(c) // rows scrolled under the title or Done take no pointer there
	st := c.Settings()
	changed := false
	for _, w := range []scenes.Widget{&s.theme, &s.volume, &s.sound, &s.speed, &s.instant, &s.coords, &s.dests, &s.input, &s.flip, &s.language} {
		if c.Used(w) {
			changed = true
		}
	}
	s.setVolumeText(c)
	if changed {
		st.Theme = s.themeIDs[s.theme.Selected]
		st.Volume = s.volume.Value
		st.Muted = !s.sound.On
		st.AnimationSpeed = []storage.AnimationSpeed{storage.SpeedSlow, storage.SpeedNormal, storage.SpeedFast}[s.speed.Selected]
		st.MotionChosen = st.MotionChosen || st.InstantAnimations != s.instant.On
		st.InstantAnimations = s.instant.On
		st.ShowCoordinates = s.coords.On
		st.ShowDestinations = s.dests.On
		st.Input = []storage.InputMode{storage.InputTapAndDrag, storage.InputTapOnly, storage.InputDragOnly}[s.input.Selected]
		st.FlipForBlack = s.flip.On
		st.Language = scenes.LanguageCodes[s.language.Selected]
		c.SetSettings(st)
		c.Play(scenes.UITap)
	}
	s.online.update(c) // while it types, Enter and Backspace are its own
	s.body.EndRows(c)
	done := c.Used(&s.btnBack)
	s.keepFocusInView(c)
	if done || c.Keys().Consume(scenes.ActConfirm) {
		// Done keeps the address typed, or stays to show what is wrong.
		if s.online.apply(c) {
			s.back(c)
		} else {
			s.showOnlineRow(c)
		}
		return nil
	}
	if c.Keys().Consume(scenes.ActBack) {
		s.online.apply(c) // a wrong address typed is dropped
		s.back(c)
	}
	return nil
}

func (s *Screen) back(c scenes.Context) {
	s.online.field.Blur()
	c.Pop()
}

// Draw draws the screen.
func (s *Screen) Draw(c scenes.Context, dst *ebiten.Image) {
	p := c.Painter()
	t := p.Theme
	c.DrawBackdrop(dst)
	p.RoundRect(dst, s.card, p.DP(20), t.Panel, p.DP(1), t.PanelEdge)
	p.Text(dst, s.heading, 28, sprites.Bold, s.card.X+p.DP(24), s.title, text.AlignStart, text.AlignCenter, t.Text)
	s.drawRows(c, dst)
	if c.SoundNotice() != "" || s.speech != "" {
		step := p.DP(s.noSoundSize * 1.25)
		y := s.btnBack.Rect.Y + s.btnBack.Rect.H/2 - step/2*float64(len(s.noSoundLines)-1)
		for _, l := range s.noSoundLines {
			p.Text(dst, l, s.noSoundSize, sprites.Regular, s.card.X+p.DP(24), y, text.AlignStart, text.AlignCenter, t.TextDim)
			y += step
		}
	}
	s.btnBack.Draw(dst, p)
}

// drawRows draws the rows: clipped to the body, with a scroll bar and a
// rule at each edge they scroll under, when they do not fit.
func (s *Screen) drawRows(c scenes.Context, dst *ebiten.Image) {
	p := c.Painter()
	body, maxOff := s.rects.Body, s.rects.MaxScroll()
	rows := s.body.Target(dst)
	for _, l := range s.labels {
		p.Text(rows, l.text, 15, sprites.Medium, l.x, l.y, text.AlignStart, text.AlignCenter, p.Theme.TextDim)
	}
	s.theme.Draw(rows, p)
	s.volume.Draw(rows, p)
	s.sound.Draw(rows, p)
	s.speed.Draw(rows, p)
	s.instant.Draw(rows, p)
	s.coords.Draw(rows, p)
	s.dests.Draw(rows, p)
	s.input.Draw(rows, p)
	s.flip.Draw(rows, p)
	s.language.Draw(rows, p)
	s.online.draw(c, rows)
	scenes.DrawBodyEdges(p, dst, body, s.body.Offset, maxOff)
}
