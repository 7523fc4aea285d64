package scenes

import (
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/platform"
	"bashni/rules"
	"bashni/session"
)

// menuItem is one choice of an actionMenu.
type menuItem struct {
	label string
	do    func()
}

// actionMenu is a popupMenu whose items carry their actions; it is built
// when it opens, so it shows only what makes sense at that moment.
type actionMenu struct {
	PopupMenu
	actions []func()
}

// show opens the menu with a title and items (the first is the primary
// one).
func (m *actionMenu) show(c Context, title string, items ...menuItem) {
	m.Title = title
	m.Items = m.Items[:0]
	m.actions = m.actions[:0]
	for _, it := range items {
		m.Items = append(m.Items, it.label)
		m.actions = append(m.actions, it.do)
	}
	m.Layout(c.Size())
	m.Open = true
	c.Invalidate()
}

// relayout follows a new screen size.
func (m *actionMenu) relayout(w, h, scale float64) {
	if len(m.Items) > 0 {
		m.Layout(w, h, scale)
	}
}

// update runs an open menu for a tick: Esc or a tap outside closes it, a
// chosen item closes it and runs its action.
func (m *actionMenu) update(c Context) {
	if c.Keys().Consume(ActBack) {
		m.Open = false
		c.Invalidate()
		return
	}
	choice := m.PopupMenu.UpdateIn(c)
	switch {
	case choice == MenuDismissed:
		m.Open = false
	case choice >= 0 && choice < len(m.actions):
		m.Open = false
		if do := m.actions[choice]; do != nil {
			do()
		}
	}
}

// draw draws the menu when it is open.
func (m *actionMenu) draw(c Context, dst *ebiten.Image) {
	if m.Open {
		m.PopupMenu.Draw(c, dst)
	}
}

// exportItems are the choices for a game record: the clipboard and a file
// (a download in the browser). say tells the player how it went.
func exportItems(c Context, ex *Exporter, record func() string, say func(Context, string)) []menuItem {
	cat := c.Text()
	save := cat.T("export.save_file")
	if !platform.CanSaveFiles {
		save = cat.T("export.download")
	}
	return []menuItem{
		{cat.T("export.copy"), func() { ex.Copy(c, record()) }},
		{save, func() { ex.Save(c, record(), say) }},
		{cat.T("common.cancel"), nil},
	}
}

// sessionRecord is the record of the game in progress, dated today.
func sessionRecord(s *session.Session) string { return recordOf(s, time.Now()) }

// PopupMenuItem is where item i of a popup menu of n items is on a w×h
// screen (tests press menu items by position).
func PopupMenuItem(w, h, scale float64, n, i int) Rect {
	m := PopupMenu{Items: make([]string, n)}
	m.Layout(w, h, scale)
	return m.Buttons[i].Rect
}

// ReplayMoreButton is where the replay view's menu button is.
func ReplayMoreButton(w, h, scale float64, v rules.Variant) Rect {
	s := &ReplayScene{}
	s.layoutButtons(ComputePlayLayout(w, h, scale, v, false))
	return s.btnMore.Rect
}

// ReplayPlayButton is where the replay view's "Play from here" is.
func ReplayPlayButton(w, h, scale float64, v rules.Variant) Rect {
	s := &ReplayScene{}
	s.layoutButtons(ComputePlayLayout(w, h, scale, v, false))
	return s.btnPlay.Rect
}

// Exporter copies records to the clipboard and saves them to files, and
// tells the player how it went.
type Exporter struct {
	// Job is a copy under way (Poll reports it).
	Job *platform.Job
}

// Copy puts text on the clipboard; the answer is polled.
func (e *Exporter) Copy(c Context, text string) {
	e.Job = c.Clipboard().Copy(text)
}

// Save writes text to a new file (a download in the browser).
func (e *Exporter) Save(c Context, text string, say func(Context, string)) {
	name := recordFileName(time.Now())
	where, err := platform.SaveFile(name, text)
	cat := c.Text()
	switch {
	case err != nil:
		say(c, cat.F("export.save_failed", "Error", errorWords(cat, err)))
	case !platform.CanSaveFiles:
		say(c, cat.F("export.saved_download", "Name", name))
	default:
		say(c, cat.F("export.saved_to", "Place", where))
	}
}

// Poll reports a finished copy.
func (e *Exporter) Poll(c Context, say func(Context, string)) {
	ready, _, err := e.Job.Ready()
	if !ready {
		return
	}
	e.Job = nil
	if err != nil {
		say(c, c.Text().F("export.copy_failed", "Error", errorWords(c.Text(), err)))
		return
	}
	say(c, c.Text().T("export.copied"))
}
