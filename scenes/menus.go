package scenes

import (
	"time"

	"bashni/platform"
	"bashni/session"
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
