package play

import (
	"github.com/hajimehoshi/ebiten/v2"

	"bashni/platform"
	"bashni/scenes"
)

// menuItem is one choice of an actionMenu.
type menuItem struct {
	label string
	do    func()
}

// actionMenu is a popupMenu whose items carry their actions; it is built
// when it opens, so it shows only what makes sense at that moment.
type actionMenu struct {
	scenes.PopupMenu
	actions []func()
}

// show opens the menu with a title and items (the first is the primary
// one).
func (m *actionMenu) show(c scenes.Context, title string, items ...menuItem) {
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
func (m *actionMenu) update(c scenes.Context) {
	if c.Keys().Consume(scenes.ActBack) {
		m.Open = false
		c.Invalidate()
		return
	}
	choice := m.PopupMenu.UpdateIn(c)
	switch {
	case choice == scenes.MenuDismissed:
		m.Open = false
	case choice >= 0 && choice < len(m.actions):
		m.Open = false
		if do := m.actions[choice]; do != nil {
			do()
		}
	}
}

// draw draws the menu when it is open.
func (m *actionMenu) draw(c scenes.Context, dst *ebiten.Image) {
	if m.Open {
		m.PopupMenu.Draw(c, dst)
	}
}

// exportItems are the choices for a game record: the clipboard and a file
// (a download in the browser). say tells the player how it went.
func exportItems(c scenes.Context, ex *scenes.Exporter, record func() string, say func(scenes.Context, string)) []menuItem {
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
