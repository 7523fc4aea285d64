package settings

import (
	"bashni/scenes"
	"errors"
	"net/url"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/audio"
	"bashni/i18n"
	"bashni/internal/text"
	"bashni/online/remote"
	"bashni/platform"
	"bashni/scenes/ui"
	"bashni/sprites"
	"bashni/storage"
)

// checkServer reads the address typed in Settings: "" (no server), or the
// address to save, or an error in the player's language naming what is
// wrong. The checks are storage's (what Settings keep) and the online
// client's (what it can dial).
func checkServer(cat *i18n.Catalog, typed string) (string, string) {
	if strings.TrimSpace(typed) == "" {
		return "", ""
	}
	addr, err := storage.CheckOnlineServer(typed)
	if err == nil {
		err = remote.CheckServer(addr)
	}
	switch {
	case err == nil:
		return addr, ""
	case errors.Is(err, storage.ErrServerScheme):
		return "", cat.T("settings_online.bad_scheme")
	case errors.Is(err, storage.ErrServerNoHost), errors.Is(err, remote.ErrNoHost):
		return "", cat.T("settings_online.no_host")
	case errors.Is(err, storage.ErrServerSpace):
		return "", cat.T("settings_online.bad_space")
	case errors.Is(err, storage.ErrServerLong):
		return "", cat.F("settings_online.too_long", "Limit", storage.MaxServerLen)
	}
	// What net/url found wrong, without the address said again.
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return "", cat.F("settings_online.bad_address", "Error", err.Error())
}

// onlineRow is Settings' "Online server" row: a field for the address and
// its Save button, and a line below saying what is in use or what is
// wrong. Enter (a phone keyboard's too) or Save applies the address;
// clearing the field and applying removes it.
type onlineRow struct {
	label   labelAt
	field   *ui.TextField
	btnSave ui.Button
	given   bool // a server was given at start: the row only shows it

	err              string // what is wrong with the address typed
	status           []string
	statusSize       float64
	statusFor        string // the message status was wrapped from
	statusRoom       float64
	statusX, statusY float64
	statusErr        bool
}

// Online row sizes (dp).
const (
	onlineStatusH    = 38 // two lines of 13 dp
	onlineSaveW      = 110
	onlineStatusSize = 13
)

func newOnlineRow(c scenes.Context) *onlineRow {
	r := &onlineRow{given: c.ServerGiven() != ""}
	r.field = ui.NewTextField("")
	r.field.Size = 14 // one line fits a phone's 44 dp field
	if r.given {
		r.field.SetText(c.ServerGiven())
	} else {
		r.field.SetText(c.Settings().OnlineServer)
	}
	r.field.Changed = false
	return r
}

// setWords looks up the row's words.
func (r *onlineRow) setWords(c scenes.Context) {
	cat := c.Text()
	r.label.text = cat.T("settings_online.label")
	r.field.Placeholder = cat.T("settings_online.placeholder")
	r.field.Words = cat
	r.btnSave.Label = cat.T("settings_online.save")
	r.btnSave.TextSize = 15
	if r.err != "" {
		_, r.err = checkServer(cat, r.field.Text()) // said again in the new language
	}
}

// layout places the row where Settings' layout says; a server given at
// start has no Save button, its field takes the row.
func (r *onlineRow) layout(c scenes.Context, rects Rects) {
	r.place(rects)
	r.statusRoom = rects.StatusW
	r.statusFor = "\x00" // wrap again
	r.wrapStatus(c)
}

// place moves the row where Settings' layout, scrolled, has it.
func (r *onlineRow) place(rects Rects) {
	r.label.x, r.label.y = rects.OnlineLabelX, rects.OnlineLabelY
	field := rects.OnlineField
	r.btnSave.Rect = rects.OnlineSave
	if r.given {
		field.W = rects.OnlineSave.X + rects.OnlineSave.W - field.X
		r.btnSave.Rect = scenes.Rect{}
	}
	r.field.Layout(field)
	r.statusX, r.statusY = rects.StatusX, rects.StatusY
}

// message is what the line under the field says now, and whether it is
// an error.
func (r *onlineRow) message(c scenes.Context) (string, bool) {
	cat := c.Text()
	switch {
	case r.given && platform.InBrowser:
		return cat.T("settings_online.given_page"), false
	case r.given:
		return cat.T("settings_online.given_flag"), false
	case r.err != "":
		return r.err, true
	case strings.TrimSpace(r.field.Text()) != c.Settings().OnlineServer:
		return cat.T("settings_online.unsaved"), false
	case c.Settings().OnlineServer != "":
		return cat.T("settings_online.in_use"), false
	case c.Server() != "":
		return cat.T("settings_online.site"), false
	}
	return cat.T("settings_online.hint"), false
}

// wrapStatus wraps the line under the field when its message changed
// (never in Draw).
func (r *onlineRow) wrapStatus(c scenes.Context) {
	msg, isErr := r.message(c)
	if msg == r.statusFor {
		return
	}
	r.statusFor, r.statusErr = msg, isErr
	r.status, r.statusSize = scenes.FitLines(c.Painter(), msg, onlineStatusSize, 12, sprites.Medium, r.statusRoom, 2)
	c.Invalidate()
}

// update runs the row for a tick. While the field has the keyboard the
// screen's Enter and Backspace are its own.
func (r *onlineRow) update(c scenes.Context) {
	if r.given {
		return
	}
	// The field is a Tab stop: Enter or Space there starts typing; Tab
	// away from it stops.
	if st := c.FocusField(r.field, c.Text().T("settings_online.label")); st.Activated && !r.field.Focused() {
		r.field.Focus(c.Tick())
		c.Invalidate()
		c.Used(&r.btnSave) // still a Tab stop this tick
		return             // the Enter that started typing does not apply
	} else if !st.Focused && c.KeyboardFocus() && r.field.Focused() {
		r.field.Blur()
	}
	kb := c.Keyboard()
	if r.field.Focused() {
		c.Keys().Consume(scenes.ActBack) // Backspace edits
		c.Keys().Consume(scenes.ActConfirm)
		switch {
		case kb.JustPressed(ebiten.KeyEscape):
			r.field.Blur()
			c.Invalidate()
			return
		case kb.JustPressed(ebiten.KeyEnter) || kb.JustPressed(ebiten.KeyNumpadEnter):
			r.apply(c)
			return
		}
	}
	if r.field.Update(c) {
		c.Invalidate()
	}
	if r.field.Changed {
		r.field.Changed = false
		r.err = ""
		if t := r.field.Text(); strings.ContainsRune(t, '\n') {
			// A phone keyboard's Enter arrives as a new line.
			r.field.SetText(strings.ReplaceAll(t, "\n", ""))
			r.field.Changed = false
			r.apply(c)
		}
	}
	if c.Used(&r.btnSave) {
		r.apply(c)
	}
	r.wrapStatus(c)
}

// apply saves the address typed (none when the field is empty), or says
// what is wrong with it and saves nothing. It reports whether the address
// is fine (saved now or before).
func (r *onlineRow) apply(c scenes.Context) bool {
	if r.given {
		return true
	}
	addr, msg := checkServer(c.Text(), r.field.Text())
	if msg != "" {
		r.err = msg
		c.Play(audio.CaptureRequired) // the sound of a refused action

		r.wrapStatus(c)
		return false
	}
	r.err = ""
	r.field.Blur()
	if addr != r.field.Text() {
		r.field.SetText(addr)
		r.field.Changed = false
	}
	if st := c.Settings(); st.OnlineServer != addr {
		st.OnlineServer = addr
		c.SetSettings(st)
		c.Play(scenes.UITap)
	}
	r.wrapStatus(c)
	return true
}

// draw draws the row.
func (r *onlineRow) draw(c scenes.Context, dst *ebiten.Image) {
	p := c.Painter()
	t := p.Theme
	p.Text(dst, r.label.text, 15, sprites.Medium, r.label.x, r.label.y, text.AlignStart, text.AlignCenter, t.TextDim)
	r.field.Draw(dst, p, c.Tick())
	if !r.given {
		r.btnSave.Draw(dst, p)
	}
	col := t.TextDim
	if r.statusErr {
		col = t.MustCapture
	}
	step := p.DP(r.statusSize * 1.25)
	y := r.statusY + p.DP(onlineStatusH)/2 - step/2*float64(len(r.status)-1)
	for _, l := range r.status {
		p.Text(dst, l, r.statusSize, sprites.Medium, r.statusX, y, text.AlignStart, text.AlignCenter, col)
		y += step
	}
}
