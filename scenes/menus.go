package scenes

import (
	"image/color"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/internal/text"
	"bashni/platform"
	"bashni/scenes/ui"
	"bashni/session"
	"bashni/sprites"
)

// SessionRecord is the record of the game in progress, dated today.
func SessionRecord(s *session.Session) string { return recordOf(s, time.Now()) }

// PopupMenuItem is where item i of a popup menu of n items is on a w×h
// screen (tests press menu items by position).
func PopupMenuItem(w, h, scale float64, n, i int) Rect {
	m := PopupMenu{Items: make([]string, n)}
	m.Layout(w, h, scale)
	return m.Buttons[i].Rect
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
	name := RecordFileName(time.Now())
	where, err := platform.SaveFile(name, text)
	cat := c.Text()
	switch {
	case err != nil:
		say(c, cat.F("export.save_failed", "Error", ErrorWords(cat, err)))
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
		say(c, c.Text().F("export.copy_failed", "Error", ErrorWords(c.Text(), err)))
		return
	}
	say(c, c.Text().T("export.copied"))
}

// PopupMenu is the menu card the play screen and the replay open over the
// board: a title and a column of buttons (actionMenu carries their actions).
type PopupMenu struct {
	Open    bool
	Title   string // "" is "Menu"
	Items   []string
	Buttons []ui.Button
	Card    Rect
}

func (m *PopupMenu) Layout(w, h, scale float64) {
	bw := math.Min(w-32*scale, 320*scale)
	bh := 52 * scale
	gap := 10 * scale
	pad := 20 * scale
	title := 44 * scale
	if n := float64(len(m.Items)); n > 0 {
		// Shorter buttons when the screen is short, never under 44 dp.
		fit := (h-16*scale-title-2*pad+gap)/n - gap
		bh = math.Max(MinTouchDP*scale, math.Min(bh, fit))
		gap = math.Min(gap, math.Max(4*scale, (h-16*scale-title-2*pad-n*bh)/math.Max(1, n-1)))
	}
	ch := title + float64(len(m.Items))*(bh+gap) - gap + 2*pad
	m.Card = Rect{X: math.Round((w - bw - 2*pad) / 2), Y: math.Round((h - ch) / 2), W: bw + 2*pad, H: ch}
	m.Buttons = m.Buttons[:0]
	for i, it := range m.Items {
		k := ui.Secondary
		if i == 0 {
			k = ui.Primary
		}
		m.Buttons = append(m.Buttons, ui.Button{Label: it, Kind: k,
			Rect: Rect{X: m.Card.X + pad, Y: m.Card.Y + pad + title + float64(i)*(bh+gap), W: bw, H: bh}})
	}
}

// MenuDismissed is what popupMenu.updateIn returns for a tap outside the
// card, which closes the menu.
const MenuDismissed = -2

func (m *PopupMenu) Draw(c Context, dst *ebiten.Image) {
	p := c.Painter()
	t := p.Theme
	b := dst.Bounds()
	p.Fill(dst, Rect{W: float64(b.Dx()), H: float64(b.Dy())}, color.NRGBA{0, 0, 0, 150})
	p.RoundRect(dst, m.Card, p.DP(18), t.Panel, p.DP(1), t.PanelEdge)
	title := m.Title
	if title == "" {
		title = "Menu"
	}
	p.Text(dst, title, 22, sprites.Bold, m.Card.X+m.Card.W/2, m.Card.Y+p.DP(20)+p.DP(18), text.AlignCenter, text.AlignCenter, t.Text)
	for i := range m.Buttons {
		m.Buttons[i].Draw(dst, p)
	}
}
